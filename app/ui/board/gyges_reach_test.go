package board

import (
	"fmt"
	"testing"

	"gygy/engine/gyges"
)

// TestGygesInputReachesEveryMove plays every legal move of several
// positions both ways a finger can, by taps alone and by a drag (then a
// tap for a replace's drop square), on a board seen either way up, and
// checks that each gives exactly that move: no legal move is reachable by
// one hand only. A move that ends where it started is the "End on …
// again" button's, once the piece is picked (by a tap, or a drag back
// home).
func TestGygesInputReachesEveryMove(t *testing.T) {
	positions := []string{
		start,
		"123321/....../....../....../....../123321 S",
		"123321/....../....../....../....../321123 N",
	}
	// Some later positions, reached by playing the first legal move a few
	// times and then a few replaces, so that the fallback rows and longer
	// paths are covered too.
	p, err := gyges.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		moves := p.Moves(nil)
		if len(moves) == 0 || moves[0] == gyges.Pass {
			break
		}
		m := moves[(i*7)%len(moves)]
		if m.IsGoal() {
			m = moves[0]
		}
		if m.IsGoal() {
			break
		}
		p.Apply(m)
		if _, over := p.Winner(); over {
			break
		}
		positions = append(positions, p.String())
	}
	total := 0
	for _, pos := range positions {
		q, err := gyges.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range q.Moves(nil) {
			if m == gyges.Pass {
				continue
			}
			for _, flip := range []bool{false, true} {
				for _, way := range []string{"taps", "drag"} {
					r := newRig(t, pos, false, flip)
					r.run(gygesScript(m, q.Side(), way))
					if m.From == m.To && !m.IsReplace() {
						r.emit(r.in.stay(r.o))
					}
					want := m.String()
					if len(r.actions) != 1 || r.actions[0] != want {
						t.Errorf("%s (flip %v) by %s: actions %q, want %q", pos, flip, way, r.actions, want)
					}
					total++
				}
			}
		}
	}
	if total < 200 {
		t.Errorf("only %d moves tried", total)
	}
}

// gygesScript is the input script that makes m by taps or by a drag.
func gygesScript(m gyges.Move, side gyges.Side, way string) string {
	from := m.From.String()
	to := ""
	switch {
	case m.IsGoal():
		to = "goal-n"
		if side == gyges.North {
			to = "goal-s"
		}
	default:
		to = m.To.String()
	}
	var s string
	switch {
	case way == "taps" && m.From == m.To:
		s = "tap " + from
	case way == "taps":
		s = fmt.Sprintf("tap %s; tap %s", from, to)
	default:
		s = fmt.Sprintf("drag %s %s", from, to)
	}
	if m.IsReplace() {
		s += "; tap " + m.Drop.String()
	}
	return s
}
