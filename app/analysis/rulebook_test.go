package analysis

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestRulebooksStateThresholds checks that both rulebooks state the
// thresholds the marks use.
func TestRulebooksStateThresholds(t *testing.T) {
	pts := func(v float64) int { return int(v*100 + 0.5) }
	want := []string{
		fmt.Sprintf("less than %d points", pts(InaccuracyDrop)),
		fmt.Sprintf("%d to %d points | inaccuracy", pts(InaccuracyDrop), pts(MistakeDrop)),
		fmt.Sprintf("%d to %d points | mistake", pts(MistakeDrop), pts(BlunderDrop)),
		fmt.Sprintf("%d points or more | blunder", pts(BlunderDrop)),
	}
	for _, name := range []string{"GYRE.md", "GYGES.md"} {
		b, err := os.ReadFile("../rulebook/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s does not say %q", name, w)
			}
		}
	}
}
