//go:build !js

package p2p

import (
	"context"
	"errors"
	"gygy/app/conn"
	"gygy/app/match"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"

	"gygy/app/p2p/rtc"
	"gygy/app/pair"
	"gygy/engine/game"
)

// codeSide is one device pairing by codes: a CodePeer driving a Match.
func codeSide(t testing.TB, name string, m func(match.Transport) *match.Match) (*side, *CodePeer) {
	t.Helper()
	cp := NewCodePeer(CodeConfig{Loopback: true})
	s := &side{name: name, events: make(chan match.Event, 4096), states: make(chan conn.State, 64), errs: make(chan error, 4096)}
	s.match = m(cp)
	if err := cp.Start(context.Background(), s.drive()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	return s, cp
}

// Two pion peers connect from codes alone (no hub, no STUN) and play a
// whole GYRE game and a whole Gygès game.
func TestCodePeersPlay(t *testing.T) {
	tests := []struct {
		spec   string
		host   game.Seat
		swapAt int
		seed   uint64
	}{
		{"GYRE 5x10", game.Two, 1, 5},
		{"GYGES", game.One, -1, 6},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			host, hp := codeSide(t, "host", func(tr match.Transport) *match.Match {
				m, err := match.NewHost(match.Hello{Spec: mustSpec(tt.spec), Host: tt.host}, tr, fast)
				if err != nil {
					t.Fatal(err)
				}
				return m
			})
			guest, gp := codeSide(t, "guest", func(tr match.Transport) *match.Match { return match.NewGuest(tr, fast) })
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if err := PairCodes(ctx, hp, gp); err != nil {
				t.Fatal(err)
			}
			guest.waitEvent(t, match.EventHello)
			t.Logf("loopback: Offer called → the host's hello on the guest's side: %v", time.Since(start))
			if err := guest.match.Accept(); err != nil {
				t.Fatal(err)
			}
			host.waitEvent(t, match.EventStart)
			n := len(play(t, rand.New(rand.NewPCG(tt.seed, tt.seed)), host, guest, 1000, tt.swapAt))
			t.Logf("%s: %d actions over a channel paired by codes", tt.spec, n)
			if host.match.Winner() == game.NoSeat || guest.match.Winner() != host.match.Winner() {
				t.Fatalf("winners %v and %v, record %s", host.match.Winner(), guest.match.Winner(), host.match.Record())
			}
			if room, _, seat := gp.Room(); !strings.HasPrefix(room, "nearby-") || seat != 1 {
				t.Errorf("the answering side's Room() = %q, seat %d", room, seat)
			}
		})
	}
}

// Every wrong code gets its own error, and the pairing still works after.
func TestCodePairingRefusals(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a := NewCodePeer(CodeConfig{Loopback: true})
	b := NewCodePeer(CodeConfig{Loopback: true})
	c := NewCodePeer(CodeConfig{Loopback: true})
	for _, p := range []*CodePeer{a, b, c} {
		defer p.Close()
	}
	if err := b.Accept("AAAA"); !errors.Is(err, pair.ErrChecksum) {
		t.Errorf("a damaged code: %v, want pair.ErrChecksum", err)
	}
	first, err := a.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Accept(first.String()); !errors.Is(err, ErrNoOffer) {
		t.Errorf("an offer read where no offer was made: %v, want ErrNoOffer", err)
	}
	if _, err := a.Answer(ctx, first.String()); !errors.Is(err, ErrOwnCode) {
		t.Errorf("its own offer read back: %v, want ErrOwnCode", err)
	}
	oldAnswer, err := b.Answer(ctx, first.String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Answer(ctx, first.String()); !errors.Is(err, ErrUsed) {
		t.Errorf("the same offer read twice: %v, want ErrUsed", err)
	}
	if _, err := c.Answer(ctx, oldAnswer.String()); !errors.Is(err, pair.ErrKind) {
		t.Errorf("an answer read as an offer: %v, want pair.ErrKind", err)
	}
	// The offer is made again: the answer to the first one no longer fits.
	second, err := a.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Accept(oldAnswer.String()); !errors.Is(err, pair.ErrOtherOffer) {
		t.Errorf("an answer to the older offer: %v, want pair.ErrOtherOffer", err)
	}
	other, err := c.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Accept(other.String()); !errors.Is(err, pair.ErrKind) {
		t.Errorf("another device's offer read as the answer: %v, want pair.ErrKind", err)
	}
	if err := a.Accept(second.String()); !errors.Is(err, ErrOwnCode) {
		t.Errorf("its own offer read as the answer: %v, want ErrOwnCode", err)
	}
	answer, err := b.Answer(ctx, second.Digits()) // read from the QR code
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Accept(strings.ToLower(answer.String())); err != nil {
		t.Fatal(err)
	}
	if err := a.Accept(answer.String()); !errors.Is(err, ErrUsed) {
		t.Errorf("the answer read twice: %v, want ErrUsed", err)
	}
	waitFor(t, "both connected", func() bool { return a.State() == conn.Connected && b.State() == conn.Connected })
	if _, err := a.Offer(ctx); !errors.Is(err, ErrPaired) {
		t.Errorf("an offer once connected: %v, want ErrPaired", err)
	}
	// A drop cannot be mended through a server: the other side closes
	// with ErrLost, and this pairing is over.
	a.Close()
	waitFor(t, "the drop", func() bool { return b.State() == conn.Closed })
	if !errors.Is(b.Err(), ErrLost) {
		t.Errorf("after the other side left: %v, want ErrLost", b.Err())
	}
	if _, err := b.Offer(ctx); !errors.Is(err, ErrPaired) {
		t.Errorf("an offer on a closed peer: %v, want ErrPaired", err)
	}
}

// Before the channel first opens, ICE's failure is not final (Chromium
// comes back from it when the answer is read late): Patience is, and then
// the peer closes with ErrUnreachable.
func TestCodePatience(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	quick := func(se *webrtc.SettingEngine) {
		se.SetICETimeouts(20*time.Millisecond, 40*time.Millisecond, 10*time.Millisecond)
	}
	a := NewCodePeer(CodeConfig{Loopback: true})
	b := NewCodePeer(CodeConfig{Loopback: true, Patience: 500 * time.Millisecond, tune: quick})
	defer a.Close()
	defer b.Close()
	states := make(chan conn.State, 16)
	b.Start(ctx, match.Handlers{OnState: func(s conn.State) { states <- s }})
	offer, err := a.Offer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Answer(ctx, offer.String()); err != nil {
		t.Fatal(err)
	}
	answered := time.Now()
	// The answer is never read: b's ICE fails within a tenth of a second,
	// and b waits on.
	waitFor(t, "ICE to fail", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.pc == nil || b.pc.ConnectionState() == rtc.ConnFailed
	})
	waitFor(t, "patience to run out", func() bool { return b.State() == conn.Closed })
	// One-sided, so no slow machine can fail it: a timer never fires early.
	if waited := time.Since(answered); waited < 400*time.Millisecond {
		t.Errorf("closed %v after the answer, before its patience of 500 ms", waited)
	}
	if !errors.Is(b.Err(), ErrUnreachable) {
		t.Errorf("Err = %v, want ErrUnreachable", b.Err())
	}
	var got []conn.State
	for len(got) < 3 {
		select {
		case s := <-states:
			got = append(got, s)
		case <-ctx.Done():
			t.Fatalf("states %v, then nothing", got)
		}
	}
	if want := []conn.State{conn.Waiting, conn.Negotiating, conn.Closed}; !slices.Equal(got, want) {
		t.Errorf("states %v, want %v", got, want)
	}
}
