package gyre

// replies is the memory of the last-good-reply policy with forgetting
// (LGRF-1, from Havannah and Go programs): for each colour and each cell,
// the cell with which that colour last answered a stone there in a
// playout it won. A playout it lost forgets the replies it used, so the
// memory follows the tree as the search moves on.
type replies struct {
	on    bool
	reply [2][MaxCells]Cell // [Gyre?][opponent's stone] → answer
	seq   [MaxCells]Cell    // the cells of the last playout, in order
}

// UseReplies turns the last-good-reply policy of FillSavingBridges on or
// off and forgets every reply learnt so far. With it on, a playout that
// saves no bridge answers the opponent's last stone with the stone that
// last answered it in a playout the same colour won, when that cell is
// still empty; otherwise it plays at random as before.
func (r *Roller) UseReplies(on bool) {
	r.lgr.on = on
	for k := range r.lgr.reply {
		for c := range r.lgr.reply[k] {
			r.lgr.reply[k][c] = NoCell
		}
	}
}

func replyIndex(col Color) int {
	if col == Gyre {
		return 1
	}
	return 0
}

// learn updates the replies after a playout of n stones that began with
// colour first and was won by w.
func (r *Roller) learn(n int, first, w Color) {
	col := first.Other() // the colour of seq[1]
	for i := 1; i < n; i++ {
		slot := &r.lgr.reply[replyIndex(col)][r.lgr.seq[i-1]]
		switch {
		case col == w:
			*slot = r.lgr.seq[i]
		case *slot == r.lgr.seq[i]:
			*slot = NoCell
		}
		col = col.Other()
	}
}
