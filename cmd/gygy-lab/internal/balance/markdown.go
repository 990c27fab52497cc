package balance

import (
	"fmt"
	"io"

	"slices"
	"sort"
	"strings"

	"gygy/cmd/gygy-lab/internal/stats"
)

// pct writes a share as a whole percentage.
func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// shareCell is "k/n = p% (lo–hi%)" for a tally, or "–" without games.
func shareCell(k, n int) string {
	if n == 0 {
		return "–"
	}
	lo, hi := stats.Wilson(k, n)
	return fmt.Sprintf("%d/%d = %s (%.0f–%.0f%%)", k, n, pct(float64(k)/float64(n)), 100*lo, 100*hi)
}

// WriteMarkdown writes the balance table: a grid of Spoke's share without
// the swap (rings down, columns across) with Spoke moving first, and one
// with Gyre moving first when the table has such games, the totals over
// all sizes, then one line per size with the games, their 95% Wilson
// intervals and the proofs, then the effort rows.
func WriteMarkdown(w io.Writer, t *Table, e *EffortTable) {
	rs := t.Sorted()
	if len(rs) > 0 {
		writeGrid(w, rs, spokeFirstPanel)
		if hasGyreFirst(rs) {
			writeGrid(w, rs, gyreFirstPanel)
		}
		writeTotals(w, rs)
		writeSizes(w, rs)
	}
	if e != nil && len(e.Rows) > 0 {
		writeEffort(w, e)
	}
}

// hasGyreFirst reports whether any result holds Gyre-first games.
func hasGyreFirst(rs []Result) bool {
	for _, r := range rs {
		if r.GyreFirst != nil {
			return true
		}
	}
	return false
}

// writeTotals sums the games without the swap over all sizes, for each
// side moving first, and names the sizes where Gyre won any.
func writeTotals(w io.Writer, rs []Result) {
	fmt.Fprintln(w, "### All sizes together (no swap, Hard vs Hard)")
	fmt.Fprintln(w)
	for _, side := range []struct {
		name  string
		tally func(Result) Tally
	}{
		{"Spoke moving first", func(r Result) Tally { return r.NoSwap }},
		{"Gyre moving first", Result.gyreFirstTally},
	} {
		var sum Tally
		var sizes int
		var gyreWon []string
		for _, r := range rs {
			t := side.tally(r)
			if t.Games == 0 {
				continue
			}
			sizes++
			sum.Games += t.Games
			sum.Spoke += t.Spoke
			if t.Spoke < t.Games {
				gyreWon = append(gyreWon, fmt.Sprintf("%s (%d of %d)", r.Size(), t.Games-t.Spoke, t.Games))
			}
		}
		if sizes == 0 {
			continue
		}
		where := "none"
		if len(gyreWon) > 0 {
			where = strings.Join(gyreWon, ", ")
		}
		lo, hi := sum.Interval()
		fmt.Fprintf(w, "- %s: Spoke won %d of %d games (%.1f%%, 95%% %.1f–%.1f%%) over %d sizes; Gyre won games on %s.\n",
			side.name, sum.Spoke, sum.Games, 100*sum.Share(), 100*lo, 100*hi, sizes, where)
	}
	fmt.Fprintln(w)
}

func writeGrid(w io.Writer, rs []Result, p panel) {
	rings, cols := axes(rs)
	fmt.Fprintf(w, "### Spoke's share without the swap, %s moving first (Hard vs Hard)\n", p.first)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Rings down, columns across; `*` marks a proof by the solver (100% or 0%).")
	fmt.Fprintln(w)
	head := []string{"R \\ C"}
	for _, c := range cols {
		head = append(head, fmt.Sprint(c))
	}
	fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
	fmt.Fprintln(w, "|"+strings.Repeat(" ---: |", len(head)))
	at := index(rs)
	for _, r := range rings {
		row := []string{fmt.Sprint(r)}
		for _, c := range cols {
			res, ok := at[[2]int{r, c}]
			switch {
			case !ok || p.share(res) < 0:
				row = append(row, "")
			case p.exact(res):
				row = append(row, pct(p.share(res))+"*")
			default:
				row = append(row, pct(p.share(res)))
			}
		}
		fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
	}
	fmt.Fprintln(w)
}

func writeSizes(w io.Writer, rs []Result) {
	fmt.Fprintln(w, "### Each size")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Shares with 95% Wilson intervals. *Exact*: the solver's proof on the empty board, "+
		"with Spoke to move, with Gyre to move, and how many first stones win for Spoke under the swap "+
		"(player 2 should then swap); `?` where its budget ran out.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| size | R/C | playouts | no swap: Spoke won | no swap, Gyre first: Spoke won | swap: taken | swap taken: Spoke won | swap: Spoke won | swap: player 1 won | exact: Spoke first | exact: Gyre first | exact: first stones for Spoke |")
	fmt.Fprintln(w, "| --- | ---: | ---: | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range rs {
		ex := []string{"", "", ""}
		if e := r.Exact; e != nil {
			ex[0], ex[1] = proved(e.SpokeFirst), proved(e.GyreFirst)
			ex[2] = "?"
			if e.SwapSpoke >= 0 {
				ex[2] = fmt.Sprintf("%d of %d", e.SwapSpoke, r.Rings*r.Cols)
			}
		}
		gf := r.gyreFirstTally()
		fmt.Fprintf(w, "| %s | %.2f | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Size(), float64(r.Rings)/float64(r.Cols), r.Playouts,
			shareCell(r.NoSwap.Spoke, r.NoSwap.Games), shareCell(gf.Spoke, gf.Games), shareCell(r.Swap.Taken, r.Swap.Games), shareCell(r.Swap.TakenSpoke, r.Swap.Taken),
			shareCell(r.Swap.Spoke, r.Swap.Games), shareCell(r.Swap.First, r.Swap.Games),
			ex[0], ex[1], ex[2])
	}
	fmt.Fprintln(w)
}

func writeEffort(w io.Writer, e *EffortTable) {
	type key struct {
		rings, cols, base int
	}
	var keys []key
	var factors []int
	cells := map[key]map[string]map[int]Tally{}
	for _, r := range e.Rows {
		k := key{r.Rings, r.Cols, r.Base}
		if cells[k] == nil {
			keys = append(keys, k)
			cells[k] = map[string]map[int]Tally{"spoke": {}, "gyre": {}}
		}
		sides := []string{r.Strong}
		if r.Strong == "" {
			sides = []string{"spoke", "gyre"} // equal effort is 1× for both
		}
		for _, side := range sides {
			if m := cells[k][side]; m != nil {
				m[r.Factor] = r.Tally
			}
		}
		if !slices.Contains(factors, r.Factor) {
			factors = append(factors, r.Factor)
		}
	}
	sort.Ints(factors)
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.rings*a.cols != b.rings*b.cols {
			return a.rings*a.cols < b.rings*b.cols
		}
		if a.rings != b.rings {
			return a.rings < b.rings
		}
		return a.base < b.base
	})
	fmt.Fprintln(w, "### Effort doubling (no swap, Spoke moving first)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Spoke's share of Hard vs Hard games when one side (the stronger side) has the factor times "+
		"the base playouts a move and the other the base; 1× is equal effort.")
	fmt.Fprintln(w)
	head := "| size | base playouts | stronger side |"
	rule := "| --- | ---: | --- |"
	for _, f := range factors {
		head += fmt.Sprintf(" %d× |", f)
		rule += " --- |"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, k := range keys {
		for _, side := range []string{"spoke", "gyre"} {
			row := fmt.Sprintf("| %dx%d | %d | %s |", k.rings, k.cols, k.base, side)
			for _, f := range factors {
				t, ok := cells[k][side][f]
				if !ok {
					row += " |"
					continue
				}
				row += " " + shareCell(t.Spoke, t.Games) + " |"
			}
			fmt.Fprintln(w, row)
		}
	}
	fmt.Fprintln(w)
}

// axes lists the ring and column counts from the least to the greatest
// present, without gaps, so that the grid keeps its shape.
func axes(rs []Result) (rings, cols []int) {
	if len(rs) == 0 {
		return nil, nil
	}
	r0, r1, c0, c1 := rs[0].Rings, rs[0].Rings, rs[0].Cols, rs[0].Cols
	for _, r := range rs {
		r0, r1 = min(r0, r.Rings), max(r1, r.Rings)
		c0, c1 = min(c0, r.Cols), max(c1, r.Cols)
	}
	for r := r0; r <= r1; r++ {
		rings = append(rings, r)
	}
	for c := c0; c <= c1; c++ {
		cols = append(cols, c)
	}
	return rings, cols
}

func index(rs []Result) map[[2]int]Result {
	m := make(map[[2]int]Result, len(rs))
	for _, r := range rs {
		m[[2]int{r.Rings, r.Cols}] = r
	}
	return m
}
