package balance

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gygy/engine/gyre"
)

// ParseSizes reads a list of board sizes: comma-separated items, each a
// size ("7x14") or ranges of rings and columns ("3-15x6-16"). Sizes whose
// ratio rings / columns lies outside [minRatio, maxRatio] are dropped, and
// so are repeats. The result is ordered by cell count, then rings, so a
// run that stops early has measured the cheap sizes of every shape.
func ParseSizes(text string, minRatio, maxRatio float64) ([]gyre.Size, error) {
	seen := map[gyre.Size]bool{}
	var out []gyre.Size
	for _, item := range strings.Split(text, ",") {
		item = strings.TrimSpace(item)
		r, c, ok := strings.Cut(item, "x")
		if !ok {
			return nil, fmt.Errorf("sizes: %q: want RxC or R1-R2xC1-C2", item)
		}
		r1, r2, err := parseRange(r)
		if err != nil {
			return nil, fmt.Errorf("sizes: %q: rings: %w", item, err)
		}
		c1, c2, err := parseRange(c)
		if err != nil {
			return nil, fmt.Errorf("sizes: %q: columns: %w", item, err)
		}
		for rings := r1; rings <= r2; rings++ {
			for cols := c1; cols <= c2; cols++ {
				s := gyre.Size{Rings: rings, Cols: cols}
				if err := s.Valid(); err != nil {
					return nil, fmt.Errorf("sizes: %q: %w", item, err)
				}
				ratio := float64(rings) / float64(cols)
				if ratio < minRatio-1e-9 || ratio > maxRatio+1e-9 || seen[s] {
					continue
				}
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("sizes: %q names no size with %g ≤ R/C ≤ %g", text, minRatio, maxRatio)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Cells() != out[j].Cells() {
			return out[i].Cells() < out[j].Cells()
		}
		return out[i].Rings < out[j].Rings
	})
	return out, nil
}

func parseRange(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, fmt.Errorf("%q is not a number", a)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, fmt.Errorf("%q is not a number", b)
		}
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("range %q runs backwards", s)
	}
	if hi-lo > 100 {
		return 0, 0, fmt.Errorf("range %q is too wide", s)
	}
	return lo, hi, nil
}
