package build

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"sort"

	"gygy/app/puzzles"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// Config bounds a build.
type Config struct {
	Count int    // puzzles wanted per game
	Seed  uint64 // the first game's seed; the games are deterministic for it
	Work  int    // the bots' work a move (playouts or nodes); small is quick
	// Nodes bounds each GYRE proof; a position not proved within it is
	// skipped.
	Nodes int64
	// Log, if not nil, gets a line per game played.
	Log io.Writer
}

func (c Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}

// selfPlay plays one game between two bots from g and calls visit before
// every action; visit returns false to stop.
func selfPlay(ctx context.Context, g game.Game, c Config, seed uint64, visit func(game.Game) bool) error {
	for g.Turn() != game.NoSeat && visit(g) {
		d, err := bot.Next(ctx, g, bot.Config{Level: bot.Easy, Seed: seed, Tuning: bot.Tuning{Work: c.Work}})
		if err != nil {
			return err
		}
		if err := game.PlayText(g, d.Action); err != nil {
			return fmt.Errorf("bot played %q: %w", d.Action, err)
		}
		seed++
	}
	return nil
}

// Gyre builds GYRE puzzles on 4 × 8 and 5 × 8 boards: positions of bot
// games with at most 26 empty cells that the solver proves won for the
// side to move, by one to three stones, none of them winning at once
// unless it is the only one.
func Gyre(ctx context.Context, c Config) ([]puzzles.Puzzle, error) {
	sizes := []gyre.Size{{Rings: 4, Cols: 8}, {Rings: 5, Cols: 8}}
	seen := map[string]bool{}
	var out []puzzles.Puzzle
	for i := 0; len(out) < c.Count; i++ {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		size := sizes[i%len(sizes)]
		sv, err := solve.New(size, solve.Config{TableBits: 18, MaxNodes: c.Nodes})
		if err != nil {
			return out, err
		}
		gg, err := gyre.NewGame(size, gyre.NoSwap)
		if err != nil {
			return out, err
		}
		found := 0
		err = selfPlay(ctx, game.FromGyre(gg), c, c.Seed+uint64(i)*1000, func(g game.Game) bool {
			p, ok := gyrePuzzle(ctx, sv, game.AsGyre(g))
			if ok && !seen[p.Position] && found < 3 {
				seen[p.Position] = true
				out = append(out, p)
				found++
			}
			return len(out) < c.Count
		})
		if err != nil {
			return out, err
		}
		c.logf("gyre game %d (%v): %d puzzles, %d in all\n", i+1, size, found, len(out))
	}
	sortByGrade(out)
	for i := range out {
		out[i].ID = fmt.Sprintf("gyre-%03d", i+1)
	}
	return out, nil
}

// gyrePuzzle proves g's position and makes it a puzzle if it fits.
func gyrePuzzle(ctx context.Context, sv *solve.Solver, g *gyre.Game) (puzzles.Puzzle, bool) {
	b := g.Board()
	empty := b.Size().Rings*b.Size().Cols - b.Stones(gyre.Spoke) - b.Stones(gyre.Gyre)
	if empty > 26 || empty < 6 || g.Over() {
		return puzzles.Puzzle{}, false
	}
	res, err := sv.SolveUpTo(ctx, &b, g.ToMove(), 3)
	if err != nil || !res.Win || len(res.Winning) > 3 {
		return puzzles.Puzzle{}, false
	}
	now := 0 // winning stones that win at once
	var names []string
	for _, c := range res.Winning {
		after := b
		after.Place(c, g.ToMove())
		if after.Winner() != gyre.Empty {
			now++
		}
		names = append(names, g.Geometry().CellName(c))
	}
	if now > 0 && len(res.Winning) > 1 {
		return puzzles.Puzzle{}, false // an obvious win beside the others
	}
	grade := gyreGrade(now > 0, len(res.Winning), empty)
	return puzzles.Puzzle{Position: g.Position(), Winning: names, Grade: grade}, true
}

// Gyges builds Gygès "win in N" puzzles from bot games: positions where
// the side to move forces the goal within N moves and not fewer, with
// every winning first move listed and the longest defence as the line.
func Gyges(ctx context.Context, c Config) ([]puzzles.Puzzle, error) {
	seen := map[string]bool{}
	var out []puzzles.Puzzle
	counts := [4]int{}
	for i := 0; len(out) < c.Count; i++ {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		g := game.FromGyges(gyges.NewGame(gyges.Standard))
		found := 0
		err := selfPlay(ctx, g, c, c.Seed+uint64(i)*1000, func(g game.Game) bool {
			if g.InSetup() {
				return true
			}
			p := game.AsGyges(g).Position()
			if seen[p.String()] {
				return true
			}
			seen[p.String()] = true
			if q, ok := gygesPuzzle(p, counts, c.Count); ok {
				out = append(out, q)
				counts[q.N]++
				found++
			}
			return len(out) < c.Count
		})
		if err != nil {
			return out, err
		}
		c.logf("gyges game %d: %d puzzles, %d in all (by N %v)\n", i+1, found, len(out), counts[1:])
	}
	sortByGrade(out)
	for i := range out {
		out[i].ID = fmt.Sprintf("gyges-%03d", i+1)
	}
	return out, nil
}

// gygesPuzzle makes p a puzzle if its side forces a win in 1 to 3 moves;
// wins in one are kept to a fifth of the set, as they are the most common.
func gygesPuzzle(p gyges.Position, counts [4]int, want int) (puzzles.Puzzle, bool) {
	n := puzzles.Distance(p, 2)
	if n == 0 && counts[3] < want/3 {
		if puzzles.WinIn(p, 3) {
			n = 3
		}
	}
	if n == 0 || (n == 1 && counts[1] >= want/5) {
		return puzzles.Puzzle{}, false
	}
	win := puzzles.GygesWinning(p, n)
	if len(win) > 10 {
		return puzzles.Puzzle{}, false // too many ways: no puzzle
	}
	q := puzzles.Puzzle{Position: p.String(), N: n}
	for _, m := range win {
		q.Winning = append(q.Winning, m.String())
	}
	q.Line = line(p, win[0], n)
	q.Grade = gygesGrade(n, len(win))
	return q, true
}

// line is a winning line from first: the longest defence at each turn,
// then the winner's first winning move.
func line(p gyges.Position, first gyges.Move, n int) []string {
	out := []string{first.String()}
	for m := first; n > 1 && !m.IsGoal(); n-- {
		r, ok := puzzles.Defence(p, m, n)
		if !ok {
			break
		}
		p.Apply(m)
		p.Apply(r)
		out = append(out, r.String())
		m = puzzles.GygesWinning(p, n-1)[0]
		out = append(out, m.String())
	}
	return out
}

func gygesGrade(n, winning int) int {
	g := 2*n - 1 // 1, 3, 5
	if winning == 1 && g < 5 {
		g++
	}
	return g
}

// gyreGrade grades a proved GYRE position: the first level mixes the
// wins in one stone with the easiest longer wins (three winning stones
// among few empty cells), so that it is not all wins in one; then the
// longer wins by how many stones win, and the single winning stones by
// how many cells are empty.
func gyreGrade(atOnce bool, winning, empty int) int {
	switch {
	case atOnce, winning == 3 && empty <= 14:
		return 1
	case winning == 3:
		return 2
	case winning == 2:
		return 3
	case empty < 18:
		return 4
	}
	return 5
}

// RegradeGyre grades a GYRE set's puzzles again (gyreGrade), orders them
// and names them anew, without solving them again.
func RegradeGyre(ps []puzzles.Puzzle) error {
	for i := range ps {
		g, err := ps[i].Gyre()
		if err != nil {
			return fmt.Errorf("%s: %w", ps[i].ID, err)
		}
		b := g.Board()
		atOnce := false
		for _, name := range ps[i].Winning {
			c, err := g.Geometry().ParseCell(name)
			if err != nil {
				return fmt.Errorf("%s: %w", ps[i].ID, err)
			}
			after := b
			after.Place(c, g.ToMove())
			atOnce = atOnce || after.Winner() != gyre.Empty
		}
		ps[i].Grade = gyreGrade(atOnce, len(ps[i].Winning), b.Stones(gyre.Empty))
	}
	sortByGrade(ps)
	for i := range ps {
		ps[i].ID = fmt.Sprintf("gyre-%03d", i+1)
	}
	return nil
}

// sortByGrade orders puzzles by level, and within a level in a fixed
// mixed order (by a hash of the position), so that a level's kinds of
// puzzle come in turn rather than one kind after the other.
func sortByGrade(ps []puzzles.Puzzle) {
	mix := func(s string) uint32 {
		h := fnv.New32a()
		h.Write([]byte(s))
		return h.Sum32()
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Grade != ps[j].Grade {
			return ps[i].Grade < ps[j].Grade
		}
		return mix(ps[i].Position) < mix(ps[j].Position)
	})
}
