package screen

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gygy/app/match"
	"gygy/app/session"
	"gygy/app/signal"
	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// An online offer names the opening rule with its K.
func TestDescribeOpening(t *testing.T) {
	for _, tt := range []struct {
		v    gyre.Variant
		want string
	}{
		{gyre.Classic, "GYRE 7 × 14"},
		{gyre.NoSwap, "GYRE 7 × 14, without the swap rule"},
		{gyre.Opening(9), "GYRE 7 × 14, with opening 9"},
		{gyre.GyreFirst, "GYRE 7 × 14, Gyre first, without the swap rule"},
	} {
		if got := Describe(game.Spec{Kind: game.GYRE, Size: gyre.Standard, Gyre: tt.v}); got != tt.want {
			t.Errorf("Describe(%q) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

// The errors a player meets most are told in plain words, with what to do,
// and the engine's reason kept for the small print.
func TestProblemWords(t *testing.T) {
	sizeErr := gyre.Size{Rings: 20, Cols: 14}.Valid()
	_, recordErr := game.Parse("GYRE 5x10\nc1 c1")
	_, garbageErr := game.Parse("hello")
	fullErr := fmt.Errorf("online: %w", fmt.Errorf("%w: join: %s", signal.ErrRefused, "join: room is full"))
	goneErr := fmt.Errorf("%w: join: %s", signal.ErrRefused, "join: no such room (it expired or never existed)")
	for _, tt := range []struct {
		name       string
		err        error
		plain      string // a part of the sentence
		detailPart string // a part of the small print
	}{
		{"size", sizeErr, "3 to 15 rings", "20 rings"},
		{"record", recordErr, "This record cannot be loaded: move 2", "occupied"},
		{"not a record", garbageErr, "not a game record", "GYRE or GYGES"},
		{"room full", fullErr, "already has two players", "room is full"},
		{"room gone", goneErr, "no longer open", "no such room"},
	} {
		if tt.err == nil {
			t.Fatalf("%s: no error to test", tt.name)
		}
		plain, detail := Problem(tt.err)
		if !strings.Contains(plain, tt.plain) || !strings.Contains(detail, tt.detailPart) {
			t.Errorf("%s: Problem(%q) = %q, %q; want %q and %q", tt.name, tt.err, plain, detail, tt.plain, tt.detailPart)
		}
		if strings.Contains(plain, "gyre:") || strings.Contains(plain, "signal:") {
			t.Errorf("%s: the sentence %q names a package", tt.name, plain)
		}
	}
}

// A refusal from the opponent's app is worded from its code, in this
// device's language; the peer's own reason (in its words) is never shown,
// and a code this app does not know gets a general sentence.
func TestPeerRefusalFromCode(t *testing.T) {
	defer lang.Use(lang.EN)
	for _, tag := range []lang.Tag{lang.EN, lang.FR} {
		lang.Use(tag)
		for _, tt := range []struct{ code, reason, want string }{
			{"version", "the peer speaks protocol 9", lang.T("screen.peer.version")},
			{"rejected", "move 3 is not legal", lang.T("screen.peer.rejected")},
			{"flood", "too many frames", lang.T("screen.peer.flood")},
			{"diverged", "the match has stopped", lang.T("screen.peer.diverged")},
			{"protocol", "bad frame", lang.T("screen.peer.protocol")},
			{"shiny", "a code from a newer app", lang.T("screen.peer.protocol")},
		} {
			err := &match.PeerError{Code: tt.code, Reason: tt.reason}
			got := ChangeNotice(session.Change{Event: session.PeerRefused, Err: err})
			if got != tt.want || strings.Contains(got, tt.reason) {
				t.Errorf("%s: ChangeNotice(PeerRefused %v) = %q, want %q", tag, err, got, tt.want)
			}
		}
		if got := PeerRefusal(errors.New("no code")); got != lang.T("screen.peer.other") {
			t.Errorf("%s: PeerRefusal of an error without a code = %q, want the general sentence", tag, got)
		}
	}
	lang.Use(lang.FR)
	if got := ChangeNotice(session.Change{Event: session.UndoRefused}); got != "Votre adversaire a refusé d’annuler le coup." {
		t.Errorf("French UndoRefused = %q", got)
	}
	if got := ResumeLabel(mustParse(t, "GYRE 5x10\nc1")); got != "GYRE 5×10, 1 coup" {
		t.Errorf("French ResumeLabel = %q", got)
	}
}

func mustParse(t *testing.T, record string) game.Game {
	t.Helper()
	g, err := game.Parse(record)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
