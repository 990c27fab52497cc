package lobby

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gygy/app/p2p"
	"gygy/app/pair"
)

// Every way a code can be wrong gets a message of its own, in words for
// people (no package prefixes), whether it comes bare or wrapped.
func TestPairingText(t *testing.T) {
	tests := []struct {
		err  error
		step nearStep
		want string
	}{
		{pair.ErrVersion, nearRead, "another version"},
		{pair.ErrChecksum, nearRead, "altered or incomplete"},
		{pair.ErrFormat, nearOffer, "not a pairing code"},
		{pair.ErrOtherOffer, nearOffer, "another code"},
		{pair.ErrKind, nearOffer, "not an answer"},
		{pair.ErrKind, nearRead, "is an answer code"},
		{p2p.ErrOwnCode, nearRead, "own code"},
		{p2p.ErrUsed, nearOffer, "connecting with it"},
		{p2p.ErrUsed, nearRead, "its answer is on this screen"},
		{p2p.ErrNoOffer, nearOffer, "Show my code"},
		{p2p.ErrNoAddress, nearMaking, "Wi-Fi"},
		{p2p.ErrUnreachable, nearAnswer, "same Wi-Fi"},
		{p2p.ErrLost, nearOffer, "pair again"},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		for _, err := range []error{tt.err, fmt.Errorf("wrapped: %w", tt.err)} {
			got := pairingText(err, tt.step)
			if !strings.Contains(got, tt.want) || strings.Contains(got, "p2p:") || strings.Contains(got, "pair:") {
				t.Errorf("pairingText(%v, %d) = %q, want it to say %q", err, tt.step, got, tt.want)
			}
			seen[got] = true
		}
	}
	if len(seen) != len(tests) {
		t.Errorf("%d distinct messages for %d cases", len(seen), len(tests))
	}
	if got := pairingText(errors.New("p2p: something else"), nearRead); got != "Something else" {
		t.Errorf("an unknown error reads %q", got)
	}
}
