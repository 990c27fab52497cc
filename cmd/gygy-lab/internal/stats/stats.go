// Package stats holds the laboratory's statistics.
package stats

import "math"

// Wilson is the 95% Wilson score interval of k successes in n trials;
// (0, 1) when n is 0.
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959964
	nf := float64(n)
	p := float64(k) / nf
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return max(0, c-h), min(1, c+h)
}

// Even reports whether k of n is consistent with a fair coin: 1/2 lies
// in the 95% Wilson interval.
func Even(k, n int) bool {
	lo, hi := Wilson(k, n)
	return lo <= 0.5 && 0.5 <= hi
}
