// Package balance measures how fair GYRE is on each board size: Spoke's
// share of games between two equal bots without the swap rule, how the
// swap rule is used, exact results where the solver reaches, and how the
// shares move as one side's search effort doubles. It keeps the results
// in a file of JSON lines that a rerun extends, and draws them as a table
// and an SVG heat map.
package balance

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/engine/gyre"
)

// Tally counts games and how many of them Spoke won.
type Tally struct {
	Games int `json:"games"`
	Spoke int `json:"spoke"`
}

// Share is Spoke's share of the games, or -1 without games.
func (t Tally) Share() float64 {
	if t.Games == 0 {
		return -1
	}
	return float64(t.Spoke) / float64(t.Games)
}

// Interval is the 95% Wilson interval of Spoke's share.
func (t Tally) Interval() (lo, hi float64) { return stats.Wilson(t.Spoke, t.Games) }

// SwapTally counts games under the swap rule: how often player 2 took the
// swap, and who won.
type SwapTally struct {
	Games int `json:"games"`
	Taken int `json:"taken"` // player 2 swapped
	Spoke int `json:"spoke"` // Spoke (whoever played it) won
	First int `json:"first"` // player 1 (who placed the first stone) won
	// TakenSpoke counts the games with a swap that Spoke won.
	TakenSpoke int `json:"taken_spoke"`
}

// Exact is what the solver proved on the empty board. A field is nil when
// the solver's budget ran out before a proof.
type Exact struct {
	// SpokeFirst: Spoke wins with Spoke to move (the game without swap).
	SpokeFirst *bool `json:"spoke_first,omitempty"`
	// GyreFirst: Spoke wins with Gyre to move on the empty board (Spoke
	// moving second).
	GyreFirst *bool `json:"gyre_first,omitempty"`
	// SwapSpoke counts the first stones after which Spoke wins with Gyre
	// to move, that player 2 should swap; -1 when not solved.
	SwapSpoke int `json:"swap_spoke"`
	// Nodes is the solver's work for all of the above.
	Nodes int64 `json:"nodes"`
}

// Result is the measurement of one board size.
type Result struct {
	Rings int `json:"rings"`
	Cols  int `json:"cols"`
	// Playouts is each bot's playouts a move (both sides alike).
	Playouts int `json:"playouts"`
	// NoSwap is Hard against Hard without the swap, Spoke moving first.
	NoSwap Tally `json:"noswap"`
	// GyreFirst is Hard against Hard without the swap, Gyre moving first
	// (the variant gyrefirst); nil where it was not measured (results
	// written before it existed, or a run of the other parts alone).
	GyreFirst *Tally `json:"gyrefirst,omitempty"`
	// Swap is Hard against Hard with the swap rule.
	Swap SwapTally `json:"swap"`
	// Exact is set when the solver was run on this size.
	Exact *Exact `json:"exact,omitempty"`
}

// Size returns the board size of the result.
func (r Result) Size() gyre.Size { return gyre.Size{Rings: r.Rings, Cols: r.Cols} }

// SpokeFirstShare is Spoke's share without the swap, Spoke moving first:
// 1 or 0 when proved, else the bots' share (-1 without games).
func (r Result) SpokeFirstShare() float64 {
	if r.Exact != nil && r.Exact.SpokeFirst != nil {
		return b2f(*r.Exact.SpokeFirst)
	}
	return r.NoSwap.Share()
}

// ExactSpokeFirst reports whether the result without swap is proved.
func (r Result) ExactSpokeFirst() bool { return r.Exact != nil && r.Exact.SpokeFirst != nil }

// GyreFirstShare is Spoke's share without the swap, Gyre moving first:
// 1 or 0 when proved, else the bots' share (-1 without games).
func (r Result) GyreFirstShare() float64 {
	switch {
	case r.ExactGyreFirst():
		return b2f(*r.Exact.GyreFirst)
	case r.GyreFirst != nil:
		return r.GyreFirst.Share()
	}
	return -1
}

// ExactGyreFirst reports whether the result with Gyre moving first is
// proved.
func (r Result) ExactGyreFirst() bool { return r.Exact != nil && r.Exact.GyreFirst != nil }

// gyreFirstTally is the Gyre-first games, none when not measured.
func (r Result) gyreFirstTally() Tally {
	if r.GyreFirst == nil {
		return Tally{}
	}
	return *r.GyreFirst
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Table holds the results of a balance run, one per size, in file order.
type Table struct {
	Results []Result
}

// Has reports whether the table holds a result for size s other than
// Gyre-first games alone (those come from a run of their own, see
// HasGyreFirst).
func (t *Table) Has(s gyre.Size) bool {
	for _, r := range t.Results {
		if r.Rings == s.Rings && r.Cols == s.Cols && !r.gyreFirstOnly() {
			return true
		}
	}
	return false
}

// HasGyreFirst reports whether the table holds Gyre-first games for s.
func (t *Table) HasGyreFirst(s gyre.Size) bool {
	for _, r := range t.Results {
		if r.Rings == s.Rings && r.Cols == s.Cols && r.GyreFirst != nil {
			return true
		}
	}
	return false
}

// gyreFirstOnly reports whether r holds Gyre-first games and nothing else.
func (r Result) gyreFirstOnly() bool {
	return r.GyreFirst != nil && r.NoSwap.Games == 0 && r.Swap.Games == 0 && r.Exact == nil
}

// Get returns the last result for size s.
func (t *Table) Get(s gyre.Size) (Result, bool) {
	for i := len(t.Results) - 1; i >= 0; i-- {
		if r := t.Results[i]; r.Rings == s.Rings && r.Cols == s.Cols {
			return r, true
		}
	}
	return Result{}, false
}

// Sorted returns the results ordered by rings, then columns, one per size.
// Of several results for one size the last one written wins, except that
// a result without games of the two kinds Spoke first and with the swap
// (a solver run alone, or Gyre-first games alone) only adds its proofs
// and its Gyre-first games to those before it, and one without proofs or
// Gyre-first games keeps those before it.
func (t *Table) Sorted() []Result {
	seen := map[gyre.Size]int{}
	var out []Result
	for _, r := range t.Results {
		if i, ok := seen[r.Size()]; ok {
			out[i] = merge(out[i], r)
			continue
		}
		seen[r.Size()] = len(out)
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Rings != out[j].Rings {
			return out[i].Rings < out[j].Rings
		}
		return out[i].Cols < out[j].Cols
	})
	return out
}

// merge is what a later result for the same size makes of an earlier one.
func merge(old, new Result) Result {
	if new.NoSwap.Games == 0 && new.Swap.Games == 0 {
		if new.Exact != nil {
			old.Exact = new.Exact
		}
		if new.GyreFirst != nil {
			old.GyreFirst = new.GyreFirst
		}
		if old.Playouts == 0 {
			old.Playouts = new.Playouts
		}
		return old
	}
	if new.Exact == nil {
		new.Exact = old.Exact
	}
	if new.GyreFirst == nil {
		new.GyreFirst = old.GyreFirst
	}
	return new
}

// record is one line of a balance file: a size's result or an effort row.
type record struct {
	Kind   string     `json:"kind"` // "size" or "effort"
	Result *Result    `json:"result,omitempty"`
	Effort *EffortRow `json:"effort,omitempty"`
}

// Read reads a balance file: JSON lines, each a size's result or an
// effort row. Blank lines are skipped; a bad line is an error naming it.
func Read(r io.Reader) (*Table, *EffortTable, error) {
	t, e := &Table{}, &EffortTable{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Bytes()
		if len(text) == 0 {
			continue
		}
		var rec record
		if err := json.Unmarshal(text, &rec); err != nil {
			return nil, nil, fmt.Errorf("balance file line %d: %w", line, err)
		}
		switch {
		case rec.Kind == "size" && rec.Result != nil:
			if err := rec.Result.Size().Valid(); err != nil {
				return nil, nil, fmt.Errorf("balance file line %d: %w", line, err)
			}
			t.Results = append(t.Results, *rec.Result)
		case rec.Kind == "effort" && rec.Effort != nil:
			if err := rec.Effort.Size().Valid(); err != nil {
				return nil, nil, fmt.Errorf("balance file line %d: %w", line, err)
			}
			e.Rows = append(e.Rows, *rec.Effort)
		default:
			return nil, nil, fmt.Errorf("balance file line %d: want kind \"size\" with a result or \"effort\" with an effort row", line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("reading balance file: %w", err)
	}
	return t, e, nil
}

// WriteResult appends a size's result to a balance file as one line.
func WriteResult(w io.Writer, r Result) error {
	return writeRecord(w, record{Kind: "size", Result: &r})
}

// WriteEffort appends an effort row to a balance file as one line.
func WriteEffort(w io.Writer, e EffortRow) error {
	return writeRecord(w, record{Kind: "effort", Effort: &e})
}

func writeRecord(w io.Writer, rec record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("balance: encoding a line: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("balance: writing a line: %w", err)
	}
	return nil
}
