//go:build !js

package signal

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gygy/app/netlimit"
	"gygy/app/signal/redistest"
)

// The load across instances runs each hub instance and each crowd of
// clients in a process of its own (this test binary, started again as
// TestLoadChild), so that each instance's memory is its own and no
// process runs out of descriptors: 10,000 rooms are 20,000 connections.

// loadResult is what a crowd of clients reports: the time of each relayed
// message, by whether it went to the host.
type loadResult struct {
	ToHost, ToGuest []time.Duration
	Errors          int
	First           string
}

// TestLoadChild is a hub instance or a crowd of clients for
// TestLoadAcrossInstances, as GYGY_LOAD_ROLE says; alone it is skipped.
func TestLoadChild(t *testing.T) {
	switch os.Getenv("GYGY_LOAD_ROLE") {
	case "hub":
		loadHub(t)
	case "clients":
		loadClients(t)
	default:
		t.Skip("a child process of TestLoadAcrossInstances")
	}
}

// loadHub serves a hub for the load (and /mem, its heap and stacks after
// a collection) until its stdin closes.
func loadHub(t *testing.T) {
	netlimit.RaiseFileLimit()
	const n = 40000
	cfg := Config{MaxConns: n, MaxRooms: n, MaxConnsPerAddr: n, MaxRoomsPerAddr: n,
		AddrBytesPerSecond: float64(n * 8 << 10), PingInterval: time.Hour}
	if url := os.Getenv("GYGY_LOAD_REDIS"); url != "" {
		store, err := NewRedisStore(RedisConfig{URL: url})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Store = store
	}
	h := NewHub(cfg)
	defer h.Close()
	mux := http.NewServeMux()
	mux.Handle("/signal", h)
	mux.HandleFunc("/mem", func(w http.ResponseWriter, r *http.Request) {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		rooms, conns := h.Stats()
		fmt.Fprintf(w, "%d %d %d\n", m.HeapAlloc+m.StackInuse, rooms, conns)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go http.Serve(ln, mux)
	fmt.Printf("LOAD %s\n", ln.Addr())
	io.Copy(io.Discard, os.Stdin)
}

// loadClients negotiates GYGY_LOAD_ROOMS rooms, the host on
// GYGY_LOAD_HOST and the guest on GYGY_LOAD_GUEST, holds them open, and
// reports until its stdin closes.
func loadClients(t *testing.T) {
	netlimit.RaiseFileLimit()
	n, _ := strconv.Atoi(os.Getenv("GYGY_LOAD_ROOMS"))
	hostURL, guestURL := os.Getenv("GYGY_LOAD_HOST"), os.Getenv("GYGY_LOAD_GUEST")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		res     loadResult
		clients []*Client
	)
	gate := make(chan struct{}, 32) // negotiations in flight
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gate <- struct{}{}
			var to, tg []time.Duration
			host, guest, err := negotiateAt(ctx, hostURL, guestURL, func(toHost bool, d time.Duration) {
				if toHost {
					to = append(to, d)
				} else {
					tg = append(tg, d)
				}
			})
			<-gate
			mu.Lock()
			defer mu.Unlock()
			res.ToHost, res.ToGuest = append(res.ToHost, to...), append(res.ToGuest, tg...)
			for _, c := range []*Client{host, guest} {
				if c != nil {
					clients = append(clients, c)
				}
			}
			if err != nil {
				res.Errors++
				if res.First == "" {
					res.First = err.Error()
				}
			}
		}()
	}
	wg.Wait()
	data, _ := json.Marshal(res)
	fmt.Printf("LOAD %s\n", data)
	io.Copy(io.Discard, os.Stdin)
	for _, c := range clients {
		c.ws.CloseNow()
	}
}

// child is a running TestLoadChild.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string
}

func startChild(t *testing.T, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stdin: stdin, lines: make(chan string, 4)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), "LOAD "); ok {
				c.lines <- line
			}
		}
		close(c.lines)
	}()
	t.Cleanup(c.stop)
	return c
}

// report waits for the child's next report.
func (c *child) report(t *testing.T) string {
	t.Helper()
	select {
	case line, ok := <-c.lines:
		if !ok {
			t.Fatal("load child ended without a report")
		}
		return line
	case <-time.After(6 * time.Minute):
		t.Fatal("load child: no report within 6 minutes")
	}
	return ""
}

func (c *child) stop() {
	c.stdin.Close()
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

// hubMem reads a hub child's heap and stacks, rooms and connections.
func hubMem(t *testing.T, addr string) (mem float64, rooms, conns int) {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/mem")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := fmt.Fscan(resp.Body, &mem, &rooms, &conns); err != nil {
		t.Fatal(err)
	}
	return mem, rooms, conns
}

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// TestLoadAcrossInstances negotiates rooms across two hub instances, once
// with each room on one instance (no Redis) and once with the host on one
// and the guest on the other (Redis), and reports each instance's memory
// per room and the latency of the messages it delivered. A small load in
// the normal run; GYGY_LOAD=1 for 10,000 rooms.
func TestLoadAcrossInstances(t *testing.T) {
	rooms := 200
	if os.Getenv("GYGY_LOAD") == "1" {
		rooms = 10000
	}
	if testing.Short() {
		t.Skip("starts child processes")
	}
	r := redistest.Start(t)
	for _, shared := range []bool{false, true} {
		name := "without Redis (each room on one instance)"
		if shared {
			name = "with Redis (host on one instance, guest on the other)"
		}
		var hubs [2]*child
		var addrs [2]string
		var before [2]float64
		for i := range hubs {
			env := []string{"GYGY_LOAD_ROLE=hub"}
			if shared {
				env = append(env, "GYGY_LOAD_REDIS="+r.URL())
			}
			hubs[i] = startChild(t, env...)
			addrs[i] = hubs[i].report(t)
			before[i], _, _ = hubMem(t, addrs[i])
		}
		url := func(i int) string { return "ws://" + addrs[i] + "/signal" }
		redisBefore, err := r.UsedMemory()
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		var crowds [2]*child
		for i := range crowds {
			host, guest := url(i), url(i)
			if shared {
				guest = url(1 - i)
			}
			crowds[i] = startChild(t, "GYGY_LOAD_ROLE=clients", "GYGY_LOAD_ROOMS="+strconv.Itoa(rooms/2),
				"GYGY_LOAD_HOST="+host, "GYGY_LOAD_GUEST="+guest)
		}
		var delivered [2][]time.Duration // by the instance that delivered them
		for i, c := range crowds {
			var res loadResult
			if err := json.Unmarshal([]byte(c.report(t)), &res); err != nil {
				t.Fatal(err)
			}
			if res.Errors > 0 {
				t.Fatalf("%s: %d of %d rooms failed; first: %s", name, res.Errors, rooms/2, res.First)
			}
			gi := i
			if shared {
				gi = 1 - i
			}
			delivered[i] = append(delivered[i], res.ToHost...)
			delivered[gi] = append(delivered[gi], res.ToGuest...)
		}
		elapsed := time.Since(start)
		redisAfter, err := r.UsedMemory()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d rooms negotiated in %v", name, rooms, elapsed.Round(time.Millisecond))
		if shared {
			t.Logf("  Redis: used_memory %.2f KiB per room", float64(redisAfter-redisBefore)/float64(rooms)/1024)
		}
		var total float64
		for i := range hubs {
			mem, held, conns := hubMem(t, addrs[i])
			total += mem - before[i]
			t.Logf("  instance %d: holds %d rooms, %d connections; heap+stacks %.1f KiB per room held (%.1f KiB per connection); delivered %d relayed messages, p50 %v, p99 %v",
				i, held, conns, (mem-before[i])/float64(held)/1024, (mem-before[i])/float64(conns)/1024,
				len(delivered[i]), quantile(delivered[i], 0.5).Round(time.Microsecond), quantile(delivered[i], 0.99).Round(time.Microsecond))
		}
		t.Logf("  both instances: heap+stacks %.1f KiB per room", total/float64(rooms)/1024)
		for _, c := range append(crowds[:], hubs[:]...) {
			c.stop()
		}
	}
}
