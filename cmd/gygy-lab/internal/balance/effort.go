package balance

import (
	"context"
	"fmt"
	"io"

	"gygy/engine/gyre"
)

// EffortRow is Spoke's share without the swap (Spoke moving first) when
// one side searches Factor times the base playouts and the other the base.
type EffortRow struct {
	Rings  int `json:"rings"`
	Cols   int `json:"cols"`
	Base   int `json:"base"`   // playouts a move of the weaker side
	Factor int `json:"factor"` // the stronger side's multiple of Base
	// Strong is the side with Factor × Base: "spoke" or "gyre"; with
	// Factor 1 both are equal and it is "".
	Strong string `json:"strong,omitempty"`
	Tally
}

// Size returns the row's board size.
func (e EffortRow) Size() gyre.Size { return gyre.Size{Rings: e.Rings, Cols: e.Cols} }

// StrongShare is the share of games the stronger side won (Spoke's share
// when Factor is 1).
func (e EffortRow) StrongShare() float64 {
	if e.Strong == "gyre" && e.Games > 0 {
		return 1 - e.Share()
	}
	return e.Share()
}

// EffortTable holds effort rows in file order.
type EffortTable struct {
	Rows []EffortRow
}

func (t *EffortTable) has(e EffortRow) bool {
	for _, r := range t.Rows {
		if r.Rings == e.Rings && r.Cols == e.Cols && r.Base == e.Base && r.Factor == e.Factor && r.Strong == e.Strong {
			return true
		}
	}
	return false
}

// EffortJobs lists the rows a doubling study measures on each size: equal
// effort once, then each factor above 1 for Spoke and for Gyre.
func EffortJobs(sizes []gyre.Size, base int, factors []int) []EffortRow {
	var out []EffortRow
	for _, s := range sizes {
		for _, f := range factors {
			if f <= 1 {
				out = append(out, EffortRow{Rings: s.Rings, Cols: s.Cols, Base: base, Factor: 1})
				continue
			}
			for _, side := range []string{"spoke", "gyre"} {
				out = append(out, EffortRow{Rings: s.Rings, Cols: s.Cols, Base: base, Factor: f, Strong: side})
			}
		}
	}
	return out
}

// RunEffort plays cfg.Games games without the swap for each job not in
// done (same size, base, factor and side), writing each row to out as it
// completes. cfg.Playouts must be the jobs' base.
func RunEffort(ctx context.Context, jobs []EffortRow, cfg Config, done *EffortTable, out io.Writer) ([]EffortRow, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	var todo []EffortRow
	for _, j := range jobs {
		if done == nil || !done.has(j) {
			todo = append(todo, j)
		}
	}
	var rows []EffortRow
	err := parallel(ctx, todo, cfg, playEffort, func(row EffortRow, since string) error {
		if err := WriteEffort(out, row); err != nil {
			return err
		}
		rows = append(rows, row)
		return progress(cfg, len(rows), len(todo), describeEffort(row), since)
	})
	return rows, err
}

func describeEffort(e EffortRow) string {
	who := "equal effort"
	if e.Strong != "" {
		who = fmt.Sprintf("%s at %d×", e.Strong, e.Factor)
	}
	return fmt.Sprintf("%s noswap, %s (base %d playouts): spoke %d/%d", e.Size(), who, e.Base, e.Spoke, e.Games)
}

func playEffort(ctx context.Context, j EffortRow, cfg Config) (EffortRow, error) {
	s := j.Size()
	sf, gf := 1, 1
	switch j.Strong {
	case "spoke":
		sf = j.Factor
	case "gyre":
		gf = j.Factor
	}
	for i := 0; i < cfg.Games; i++ {
		seed := seedOf(cfg.Seed, s, i) + uint64(j.Factor)*31 + uint64(len(j.Strong))
		g, err := cfg.play(ctx, s, gyre.NoSwap, seed, seed+500_000, sf, gf)
		if err != nil {
			return j, fmt.Errorf("%s: game %d: %w", describeEffort(j), i+1, err)
		}
		j.Games++
		if g.Winner() == gyre.Spoke {
			j.Spoke++
		}
	}
	return j, nil
}
