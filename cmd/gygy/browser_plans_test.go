package main

// The move plans of the scripted browser games: which legal move a script
// plays next, chosen with the engines from the record the page shows, so
// that each game ends soon and passes through the situations it tests.

import (
	"math/rand/v2"
	"testing"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// gyrePlan picks a move for a quick game: the first stone in the middle
// ring of column 1, the swap taken, then Spoke's stones along a shortest
// bridge and Gyre's stones as far from it as can be.
func gyrePlan(g *gyre.Game) gyre.Move {
	geo := g.Geometry()
	size := g.Size()
	if len(g.Record()) == 0 {
		return gyre.Place(geo.At(size.Rings/2, 0))
	}
	if g.SwapAvailable() {
		return gyre.Swap
	}
	if g.ToMove() == gyre.Spoke {
		for _, c := range spokePath(g) {
			if g.At(c) == gyre.Empty {
				return gyre.Place(c)
			}
		}
	}
	for dc := range size.Cols {
		col := (size.Cols/2 + dc) % size.Cols
		for r := range size.Rings {
			if c := geo.At(r, col); g.At(c) == gyre.Empty {
				return gyre.Place(c)
			}
		}
	}
	panic("no empty cell on a board whose game is not over")
}

// spokePath is a cheapest chain of cells from the inner rim to the outer
// one avoiding Gyre's stones, counting the empty cells it needs.
func spokePath(g *gyre.Game) []gyre.Cell {
	geo := g.Geometry()
	n := geo.Cells()
	const inf = 1 << 20
	dist, prev := make([]int, n), make([]gyre.Cell, n)
	cost := func(c gyre.Cell) int {
		switch g.At(c) {
		case gyre.Spoke:
			return 0
		case gyre.Empty:
			return 1
		}
		return inf
	}
	for c := range n {
		dist[c], prev[c] = inf, gyre.NoCell
		if geo.Ring(gyre.Cell(c)) == 0 {
			dist[c] = cost(gyre.Cell(c))
		}
	}
	for changed := true; changed; { // Bellman–Ford: the board is small
		changed = false
		for c := range n {
			if dist[c] >= inf {
				continue
			}
			for _, nb := range geo.Neighbours(gyre.Cell(c)) {
				if d := dist[c] + cost(nb.Cell); d < dist[nb.Cell] {
					dist[nb.Cell], prev[nb.Cell], changed = d, gyre.Cell(c), true
				}
			}
		}
	}
	best := gyre.NoCell
	for c := range n {
		if geo.Ring(gyre.Cell(c)) == g.Size().Rings-1 && dist[c] < inf && (best == gyre.NoCell || dist[c] < dist[best]) {
			best = gyre.Cell(c)
		}
	}
	var path []gyre.Cell
	for c := best; c != gyre.NoCell; c = prev[c] {
		path = append(path, c)
	}
	return path
}

// gygesPlan picks a move for a quick game: a win when there is one;
// early on a plain move that leaves the opponent no win; later North
// walks into a loss (so the game ends soon) while South stays careful.
func gygesPlan(p gyges.Position, late bool) gyges.Move {
	moves := p.Moves(nil)
	var plain, safe, unsafe []gyges.Move
	for _, m := range moves {
		if m.IsGoal() {
			return m
		}
		if m == gyges.Pass || m.IsReplace() || m.From == m.To {
			continue
		}
		plain = append(plain, m)
		after := p
		after.Apply(m)
		gives := false
		for _, reply := range after.Moves(nil) {
			gives = gives || reply.IsGoal()
		}
		if gives {
			unsafe = append(unsafe, m)
		} else {
			safe = append(safe, m)
		}
	}
	prefer := [][]gyges.Move{safe, unsafe, plain, moves}
	if late && p.Side() == gyges.North {
		prefer = [][]gyges.Move{unsafe, safe, plain, moves}
	}
	for _, list := range prefer {
		if len(list) > 0 {
			return list[0]
		}
	}
	return gyges.Pass
}

// findGame plays seeded random games until it reaches a position where
// want finds a move for the side to move; it returns the game so far and
// that move.
func findGame(t *testing.T, v gyges.Variant, want func(p gyges.Position, m gyges.Move) bool) (*gyges.Game, gyges.Move) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 11))
	for range 200 {
		g := gyges.NewGame(v)
		g.Setup(gyges.RandomLayout(r))
		g.Setup(gyges.RandomLayout(r))
		for ply := 0; ply < 40 && g.Phase() == gyges.Playing; ply++ {
			p := g.Position()
			moves := p.Moves(nil)
			for _, m := range moves {
				if want(p, m) {
					return g, m
				}
			}
			// Avoid ending the game: play a random move that is not a win.
			r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			for _, m := range moves {
				if !m.IsGoal() {
					g.Play(m)
					break
				}
			}
		}
	}
	t.Fatal("no game reached the position wanted")
	return nil, gyges.Pass
}

func hasBounce(p gyges.Path) bool {
	for _, st := range p {
		if st.Bounce {
			return true
		}
	}
	return false
}

// gygesQuiet is a plain move that leaves the opponent no win in one, so
// that the game is still on after the reply; Pass when there is none.
func gygesQuiet(p gyges.Position) gyges.Move {
	for _, m := range p.Moves(nil) {
		if m.IsReplace() || m.IsGoal() || m.From == m.To {
			continue
		}
		after := p
		after.Apply(m)
		safe := true
		for _, reply := range after.Moves(nil) {
			safe = safe && !reply.IsGoal()
		}
		if safe {
			return m
		}
	}
	return gyges.Pass
}

// gygesPlain is a plain move (no replace, no goal, not back home),
// preferring one that leaves the opponent no win in one; Pass when there
// is none.
func gygesPlain(p gyges.Position) gyges.Move {
	if m := gygesQuiet(p); m != gyges.Pass {
		return m
	}
	for _, m := range p.Moves(nil) {
		if !m.IsReplace() && !m.IsGoal() && m.From != m.To {
			return m
		}
	}
	return gyges.Pass
}

// gygesBadDrop finds a movable piece and an empty square where it cannot
// end; ok is false when there is none.
func gygesBadDrop(p gyges.Position) (from, bad gyges.Square, ok bool) {
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if !p.Movable().Has(s) {
			continue
		}
		targets := p.Targets(s)
		for to := gyges.Square(0); to < gyges.NumSquares; to++ {
			if p.Piece(to) == 0 && !targets.Empty.Has(to) {
				return s, to, true
			}
		}
	}
	return gyges.NoSquare, gyges.NoSquare, false
}

// gyreEmpty is the first empty cell of the board, NoCell on a full one.
func gyreEmpty(g *gyre.Game) gyre.Cell {
	for c := range g.Geometry().Cells() {
		if g.At(gyre.Cell(c)) == gyre.Empty {
			return gyre.Cell(c)
		}
	}
	return gyre.NoCell
}

// TestOnlinePlans checks, without a browser, that the move choices of the
// online test end both games soon.
func TestOnlinePlans(t *testing.T) {
	g, err := gyre.NewGame(gyre.Size{Rings: 5, Cols: 10}, gyre.Classic)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() && len(g.Record()) < 60 {
		if err := g.Play(gyrePlan(g)); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || len(g.Record()) > 12 {
		t.Errorf("GYRE: %d actions, over %v: %s", len(g.Record()), g.Over(), g)
	}
	t.Logf("GYRE: %s", g)

	gg := gyges.NewGame(gyges.Standard)
	for _, l := range []string{"321123", "231132"} {
		layout, err := gyges.ParseLayout(l)
		if err != nil {
			t.Fatal(err)
		}
		if err := gg.Setup(layout); err != nil {
			t.Fatal(err)
		}
	}
	for len(gg.Played()) < 200 {
		if _, over := gg.Winner(); over {
			break
		}
		m := gygesPlan(gg.Position(), len(gg.Played()) >= 6)
		if m == gyges.Pass {
			t.Fatalf("a pass in %s", gg.Position())
		}
		if err := gg.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, over := gg.Winner(); !over || len(gg.Played()) > 40 {
		t.Errorf("Gygès: %d moves, over %v: %s", len(gg.Played()), over, gg)
	}
	t.Logf("Gygès: %s", gg)
}
