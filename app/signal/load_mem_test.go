//go:build !js

package signal

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The hub's memory per room, measured on a hub instance in a process of
// its own with the clients in others (see TestLoadChild): heap, goroutine
// stacks and resident set, after a collection, with every room's two
// seats connected and idle; and its CPU time per relayed message.

// hubStats is what a hub child reports of itself.
type hubStats struct {
	Heap, Stacks, RSS int64 // bytes, after a collection
	CPU               int64 // user and system time so far, ns
	Goroutines        int
	Rooms, Conns      int
}

func readHubStats(h *Hub) hubStats {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	rooms, conns := h.Stats()
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return hubStats{
		Heap: int64(m.HeapAlloc), Stacks: int64(m.StackInuse), RSS: residentSet(),
		CPU:        ru.Utime.Nano() + ru.Stime.Nano(),
		Goroutines: runtime.NumGoroutine(), Rooms: rooms, Conns: conns,
	}
}

// residentSet is the process's resident set (Linux), or 0.
func residentSet() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func hubStatsOf(t *testing.T, addr string) hubStats {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/stats")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s hubStats
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// loadSizes is the rooms of each measure: GYGY_LOAD_MEM (e.g.
// "1000,5000,9900"), or 200 in the normal run.
func loadSizes(t *testing.T) []int {
	spec := os.Getenv("GYGY_LOAD_MEM")
	if spec == "" {
		return []int{200}
	}
	var ns []int
	for _, f := range strings.Split(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 {
			t.Fatalf("GYGY_LOAD_MEM=%q: want room counts, e.g. 1000,5000,9900", spec)
		}
		ns = append(ns, n)
	}
	return ns
}

// crowdsFor splits n rooms into crowds of at most 4,500 rooms (9,000
// connections), each a process within this machine's descriptor limit.
func crowdsFor(n int) []int {
	k := (n + 4499) / 4500
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
		if i < n%k {
			out[i]++
		}
	}
	return out
}

// TestLoadMemory opens N rooms on one hub instance, both seats connected
// and idle, the clients in other processes, and reports the hub's memory
// per room (heap, stacks, resident set) and goroutines per connection;
// then one candidate is relayed each way in every room, and it reports
// the hub's CPU time per relayed message. Past 16 KiB of heap per room it
// fails. 200 rooms in the normal run; GYGY_LOAD_MEM=1000,5000,9900 for
// more (a hub process here may hold 20,000 descriptors, two a room).
func TestLoadMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, n := range loadSizes(t) {
		hub := startChild(t, "GYGY_LOAD_ROLE=hub")
		addr := hub.report(t)
		url := "ws://" + addr + "/signal"
		before := hubStatsOf(t, addr)
		start := time.Now()
		var crowds []*child
		for _, k := range crowdsFor(n) {
			crowds = append(crowds, startChild(t, "GYGY_LOAD_ROLE=clients", "GYGY_LOAD_ROOMS="+strconv.Itoa(k),
				"GYGY_LOAD_HOST="+url, "GYGY_LOAD_GUEST="+url))
		}
		for _, c := range crowds {
			checkCrowd(t, c.report(t), n)
		}
		took := time.Since(start)
		idle := hubStatsOf(t, addr)
		if idle.Rooms != n || idle.Conns != 2*n {
			t.Fatalf("the hub holds %d rooms and %d connections, want %d and %d", idle.Rooms, idle.Conns, n, 2*n)
		}
		for _, c := range crowds {
			c.stdin.Write([]byte("relay\n"))
		}
		var delivered []time.Duration
		for _, c := range crowds {
			res := checkCrowd(t, c.report(t), n)
			delivered = append(append(delivered, res.ToHost...), res.ToGuest...)
		}
		relayed := hubStatsOf(t, addr)
		per := func(a, b int64) float64 { return float64(b-a) / float64(n) / 1024 }
		heap := per(before.Heap, idle.Heap)
		t.Logf("%d rooms (negotiated in %v): per room heap %.1f KiB, stacks %.1f KiB, resident %.1f KiB; %.2f goroutines per connection; %d relayed messages: %.1f µs of CPU each, p50 %v, p99 %v",
			n, took.Round(time.Millisecond), heap, per(before.Stacks, idle.Stacks), per(before.RSS, idle.RSS),
			float64(idle.Goroutines-before.Goroutines)/float64(2*n), len(delivered),
			float64(relayed.CPU-idle.CPU)/float64(len(delivered))/1e3,
			quantile(delivered, 0.5).Round(time.Microsecond), quantile(delivered, 0.99).Round(time.Microsecond))
		if heap > 16 {
			t.Errorf("%.1f KiB of heap per idle room, want at most 16", heap)
		}
		for _, c := range append(crowds, hub) {
			c.stop()
		}
	}
}

// checkCrowd decodes a crowd's report and fails the test on its errors.
func checkCrowd(t *testing.T, line string, n int) loadResult {
	t.Helper()
	var res loadResult
	if err := json.NewDecoder(bytes.NewReader([]byte(line))).Decode(&res); err != nil {
		t.Fatalf("crowd report %q: %v", line, err)
	}
	if res.Errors > 0 {
		t.Fatalf("%d of the rooms failed; first: %s", res.Errors, res.First)
	}
	return res
}
