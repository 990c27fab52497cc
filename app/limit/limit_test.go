package limit

import (
	"fmt"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// at is t0 plus ms milliseconds.
func at(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }

func TestAllow(t *testing.T) {
	type call struct {
		ms   int
		n    float64
		want bool
	}
	tests := []struct {
		name        string
		rate, burst float64
		calls       []call
	}{
		{"full at first use", 1, 3, []call{{0, 1, true}, {0, 1, true}, {0, 1, true}, {0, 1, false}}},
		{"refills at rate", 10, 2, []call{{0, 2, true}, {50, 1, false}, {100, 1, true}, {100, 1, false}, {300, 2, true}}},
		{"never above burst", 100, 2, []call{{0, 2, true}, {10000, 3, false}, {10000, 2, true}}},
		{"refusal spends nothing", 1, 5, []call{{0, 4, true}, {0, 2, false}, {0, 1, true}, {0, 1, false}}},
		{"zero rate never refills", 0, 1, []call{{0, 1, true}, {60000, 1, false}}},
		{"zero burst allows nothing", 10, 0, []call{{0, 1, false}, {1000, 1, false}}},
		{"clock going back earns nothing", 1, 1, []call{{1000, 1, true}, {0, 1, false}, {1500, 1, false}, {2000, 1, true}}},
		{"fractional tokens", 4, 1, []call{{0, 1, true}, {125, 0.5, true}, {125, 0.5, false}, {250, 0.5, true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBucket(tt.rate, tt.burst)
			for i, c := range tt.calls {
				if got := b.AllowN(at(c.ms), c.n); got != c.want {
					t.Fatalf("call %d: AllowN(t0+%dms, %g) = %v, want %v", i, c.ms, c.n, got, c.want)
				}
			}
		})
	}
}

func TestTake(t *testing.T) {
	type call struct {
		ms   int
		n    float64
		want time.Duration
	}
	tests := []struct {
		name        string
		rate, burst float64
		calls       []call
	}{
		{"within burst", 100, 1000, []call{{0, 600, 0}, {0, 400, 0}}},
		{"debt is repaid at rate", 100, 1000, []call{{0, 1200, 2 * time.Second}, {1000, 0, time.Second}, {2000, 0, 0}}},
		{"debts add up", 1000, 0, []call{{0, 500, 500 * time.Millisecond}, {0, 500, time.Second}, {500, 500, time.Second}}},
		{"never repaid at zero rate", 0, 10, []call{{0, 11, time.Duration(1<<63 - 1)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBucket(tt.rate, tt.burst)
			for i, c := range tt.calls {
				if got := b.Take(at(c.ms), c.n); got != c.want {
					t.Fatalf("call %d: Take(t0+%dms, %g) = %v, want %v", i, c.ms, c.n, got, c.want)
				}
			}
		})
	}
	b := NewBucket(10, 5)
	b.Take(t0, 8)
	if b.Allow(t0.Add(200 * time.Millisecond)) {
		t.Errorf("Allow while in debt = true, want false")
	}
	if got := b.Tokens(t0.Add(time.Second)); got != 5 {
		t.Errorf("Tokens a second after a debt of 3 at rate 10 = %g, want 5 (full)", got)
	}
}

// A bucket of 40 messages refilled at 10 a second lets a client send 40 at
// once and then one every 100 ms.
func ExampleBucket() {
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b := NewBucket(10, 40)
	sent := 0
	for b.Allow(start) {
		sent++
	}
	fmt.Println("at once:", sent)
	fmt.Println("50 ms later:", b.Allow(start.Add(50*time.Millisecond)))
	fmt.Println("100 ms later:", b.Allow(start.Add(100*time.Millisecond)))
	// A bandwidth limit: 64 KiB of credit, 8 KiB a second.
	bytes := NewBucket(8<<10, 64<<10)
	fmt.Println("wait after 80 KiB:", bytes.Take(start, 80<<10))
	// Output:
	// at once: 40
	// 50 ms later: false
	// 100 ms later: true
	// wait after 80 KiB: 2s
}
