package stats

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 0, 0, 1},
		{0, 8, 0, 0.3244},
		{8, 8, 0.6756, 1},
		{5, 10, 0.2366, 0.7634},
		{40, 40, 0.9124, 1},
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-3 || math.Abs(hi-tc.hi) > 1e-3 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestEven(t *testing.T) {
	for _, tc := range []struct {
		k, n int
		want bool
	}{{5, 10, true}, {0, 0, true}, {8, 8, false}, {58, 100, true}, {60, 100, false}} {
		if got := Even(tc.k, tc.n); got != tc.want {
			t.Errorf("Even(%d, %d) = %v, want %v", tc.k, tc.n, got, tc.want)
		}
	}
}
