package screen

import (
	"strings"
	"testing"

	"gygy/app/session"
)

type delivery struct {
	unacked int
	late    bool
	back    bool
}

func (d delivery) Unacked() int      { return d.unacked }
func (d delivery) Late() bool        { return d.late }
func (d delivery) InStepAgain() bool { return d.back }

// The game screen's banner says a move is on its way while the
// connection is down, that it has not arrived while it looks up, and "in
// step again" once it is back; the classes the
// browser tests look for do not change.
func TestGameConnText(t *testing.T) {
	for _, tc := range []struct {
		conn      session.Conn
		d         Delivery
		want, cls string
	}{
		{session.Reconnecting, delivery{unacked: 1}, "Connection lost: reconnecting… Your move is on its way…", "conn reconnecting"},
		{session.Reconnecting, delivery{}, "Connection lost: reconnecting…", "conn reconnecting"},
		{session.Connected, delivery{back: true}, "In step again", "conn connected"},
		{session.Connected, delivery{unacked: 1}, "Connected to your opponent.", "conn connected"},
		{session.Connected, delivery{unacked: 1, late: true}, "Connected, but your move has not reached your opponent yet", "conn connected late"},
		{session.Connected, nil, "Connected to your opponent.", "conn connected"},
	} {
		text, cls := gameConnText(tc.conn, nil, tc.d)
		if !strings.HasPrefix(text, tc.want) || cls != tc.cls {
			t.Errorf("%v, %+v: %q (%s), want %q (%s)", tc.conn, tc.d, text, cls, tc.want, tc.cls)
		}
	}
}
