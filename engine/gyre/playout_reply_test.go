package gyre

import "testing"

// TestRepliesLearn: the winner keeps its answers, the loser forgets the
// answers it used, and nothing else changes.
func TestRepliesLearn(t *testing.T) {
	var r Roller
	r.UseReplies(true)
	a, b, c, d := Cell(1), Cell(2), Cell(3), Cell(4)
	r.lgr.reply[0][b] = c // Spoke answered b with c before
	r.lgr.reply[0][d] = a // an answer this playout did not use
	copy(r.lgr.seq[:], []Cell{a, b, c, d})
	r.learn(4, Spoke, Gyre) // Spoke a, Gyre b, Spoke c, Gyre d; Gyre won
	for _, tc := range []struct {
		name      string
		col       Color
		prev      Cell
		got, want Cell
	}{
		{"Gyre keeps b against a", Gyre, a, r.lgr.reply[1][a], b},
		{"Gyre keeps d against c", Gyre, c, r.lgr.reply[1][c], d},
		{"Spoke forgets c against b", Spoke, b, r.lgr.reply[0][b], NoCell},
		{"Spoke's unused answer stays", Spoke, d, r.lgr.reply[0][d], a},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: reply of %v to %d = %d, want %d", tc.name, tc.col, tc.prev, tc.got, tc.want)
		}
	}
	r.UseReplies(false)
	if r.lgr.reply[1][a] != NoCell {
		t.Errorf("UseReplies(false) kept the reply to %d", a)
	}
}

// TestFillWithReplies: with the last-good-reply policy on, the verdict
// still matches the filled board, the policy learns replies, and off it
// leaves the playouts exactly as they were.
func TestFillWithReplies(t *testing.T) {
	b := mustPosition(t, "....../.s..../..s.../....../...g../....../......")
	g := b.Geometry()
	on, off, plain := NewRoller(newRand(7)), NewRoller(newRand(7)), NewRoller(newRand(7))
	on.UseReplies(true)
	off.UseReplies(false)
	for i := 0; i < boards(t, 2000); i++ {
		w := on.FillSavingBridges(&b, Spoke)
		full := NewBoard(g)
		for c := 0; c < g.Cells(); c++ {
			full.Place(Cell(c), on.Filled(Cell(c)))
		}
		if full.Winner() != w {
			t.Fatalf("playout %d: said %v, the filled board's winner is %v", i, w, full.Winner())
		}
		if off.FillSavingBridges(&b, Spoke) != plain.FillSavingBridges(&b, Spoke) {
			t.Fatalf("playout %d: replies off changed the playout", i)
		}
	}
	learnt := 0
	for k := range on.lgr.reply {
		for c := 0; c < g.Cells(); c++ {
			if on.lgr.reply[k][c] != NoCell {
				learnt++
			}
		}
	}
	if learnt == 0 {
		t.Errorf("no reply learnt in %d playouts", boards(t, 2000))
	}
}
