package board

import (
	"gygy/app/ui/lang"
	"gygy/engine/gyges"
)

// What the Gygès input says: the piece held, where it may go, and why a
// tap was refused, in the page's language.

// pickText says what is held now, for the status line: the piece picked
// and what a person may do with it, or the replace waiting for its drop
// square; "" when nothing is held or in a setup.
func (in *gygesInput) pickText(pos gyges.Position, o gygesOffer) string {
	if o.setting || !o.live || in.sel == gyges.NoSquare {
		return ""
	}
	if in.replaceTo != gyges.NoSquare {
		return lang.T("board.pick.replacing", "size", pos.Piece(in.replaceTo), "square", in.replaceTo.String())
	}
	// Short enough for two lines on a phone: the status above the board
	// keeps room for two, and a third would move the board under the
	// next tap.
	pd := o.of(in.sel)
	n := pd.Empty.Len()
	where := pickWhere(n > 1 || n == 1 && !pd.Empty.Has(in.sel), pd.Replace != 0, pd.Goal)
	size, sq := pos.Piece(in.sel), in.sel.String()
	if where == "" {
		return lang.T("board.pick.held", "size", size, "square", sq)
	}
	return lang.T("board.pick.to", "size", size, "square", sq, "where", where)
}

// pickWhere names where a picked piece may go: a green dot (an empty
// square), a red ring (a piece to bounce off or replace), the goal; ""
// for none of them.
func pickWhere(dot, ring, goal bool) string {
	switch {
	case dot && ring && goal:
		return lang.T("board.where.dot_ring_goal")
	case dot && ring:
		return lang.T("board.where.dot_ring")
	case dot && goal:
		return lang.T("board.where.dot_goal")
	case ring && goal:
		return lang.T("board.where.ring_goal")
	case dot:
		return lang.T("board.where.dot")
	case ring:
		return lang.T("board.where.ring")
	case goal:
		return lang.T("board.where.goal")
	}
	return ""
}

// refusal is the reason the last tap was refused, in the page's language;
// "" for none.
func (in *gygesInput) refusal() string {
	if in.reason == nil {
		return ""
	}
	return in.reason()
}
