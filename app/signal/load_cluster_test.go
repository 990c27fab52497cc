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
	mux.HandleFunc("/stats", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(readHubStats(h))
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
		wg    sync.WaitGroup
		mu    sync.Mutex
		res   loadResult
		pairs [][2]*Client
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
			pairs = append(pairs, [2]*Client{host, guest})
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
	// Each line "relay" asks for one candidate each way in every room,
	// "keepalive" for a keepalive from every peer, the rooms idle until
	// then; the end of stdin ends the crowd.
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		var res loadResult
		switch sc.Text() {
		case "relay":
			res = relayOnce(ctx, pairs)
		case "keepalive":
			res = keepAlive(ctx, pairs)
		default:
			continue
		}
		data, _ := json.Marshal(res)
		fmt.Printf("LOAD %s\n", data)
	}
	for _, p := range pairs {
		for _, c := range p {
			if c != nil {
				c.ws.CloseNow()
			}
		}
	}
}

// keepAlive sends a keepalive from every peer.
func keepAlive(ctx context.Context, pairs [][2]*Client) loadResult {
	var res loadResult
	for _, p := range pairs {
		for _, c := range p {
			if c == nil {
				continue
			}
			if err := c.Send(ctx, Message{Type: TypeKeepAlive}); err != nil {
				res.Errors++
				if res.First == "" {
					res.First = err.Error()
				}
			}
		}
	}
	return res
}

// relayOnce sends a candidate from each host to its guest and back in
// every room, and reports the time each took.
func relayOnce(ctx context.Context, pairs [][2]*Client) loadResult {
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		res loadResult
	)
	cand := json.RawMessage(`{"candidate":"candidate:1 1 udp 2130706431 127.0.0.1 50000 typ host","sdpMid":"0","sdpMLineIndex":0}`)
	gate := make(chan struct{}, 64)
	for _, p := range pairs {
		if p[0] == nil || p[1] == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			gate <- struct{}{}
			defer func() { <-gate }()
			var ds [2]time.Duration
			var err error
			for i, from := range p {
				start := time.Now()
				if err = from.Send(ctx, Message{Type: TypeCandidate, Epoch: 1, Payload: cand}); err != nil {
					break
				}
				var m Message
				if m, err = p[1-i].recvCtx(ctx); err == nil && m.Type != TypeCandidate {
					err = fmt.Errorf("got %s, want candidate", m.Type)
				}
				if err != nil {
					break
				}
				ds[i] = time.Since(start)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				res.Errors++
				if res.First == "" {
					res.First = err.Error()
				}
				return
			}
			res.ToGuest, res.ToHost = append(res.ToGuest, ds[0]), append(res.ToHost, ds[1])
		}()
	}
	wg.Wait()
	return res
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
// and the guest on the other (Redis), then has every peer send a
// keepalive, and reports each instance's memory per room and the latency
// of the messages it delivered, and Redis's commands per negotiation and
// per keepalive. A small load in the normal run; GYGY_LOAD=N for N rooms
// (GYGY_LOAD=1: 10,000; an instance here holds at most 20,000
// descriptors, so at most about 19,800 rooms).
func TestLoadAcrossInstances(t *testing.T) {
	rooms := 200
	switch v := os.Getenv("GYGY_LOAD"); v {
	case "":
	case "1":
		rooms = 10000
	default:
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 {
			t.Fatalf("GYGY_LOAD=%q: want 1 or a number of rooms", v)
		}
		rooms = n
	}
	if testing.Short() {
		t.Skip("starts child processes")
	}
	r := redistest.Start(t)
	for _, shared := range []bool{false, true} {
		loadAcross(t, r, rooms, shared)
	}
}

// loadAcross is one half of TestLoadAcrossInstances.
func loadAcross(t *testing.T, r *redistest.Redis, rooms int, shared bool) {
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
	cmds0, err := r.Info("stats", "total_commands_processed")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	type crowd struct {
		c    *child
		host int // the instance of its hosts
	}
	var crowds []crowd
	for i := range hubs {
		host, guest := url(i), url(i)
		if shared {
			guest = url(1 - i)
		}
		for _, k := range crowdsFor(rooms / 2) {
			crowds = append(crowds, crowd{startChild(t, "GYGY_LOAD_ROLE=clients", "GYGY_LOAD_ROOMS="+strconv.Itoa(k),
				"GYGY_LOAD_HOST="+host, "GYGY_LOAD_GUEST="+guest), i})
		}
	}
	var delivered [2][]time.Duration // by the instance that delivered them
	for _, c := range crowds {
		res := checkCrowd(t, c.c.report(t), rooms)
		gi := c.host
		if shared {
			gi = 1 - c.host
		}
		delivered[c.host] = append(delivered[c.host], res.ToHost...)
		delivered[gi] = append(delivered[gi], res.ToGuest...)
	}
	elapsed := time.Since(start)
	cmds1, _ := r.Info("stats", "total_commands_processed")
	for _, c := range crowds {
		c.c.stdin.Write([]byte("keepalive\n"))
	}
	for _, c := range crowds {
		checkCrowd(t, c.c.report(t), rooms)
	}
	redisAfter, err := r.UsedMemory()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d rooms negotiated in %v", name, rooms, elapsed.Round(time.Millisecond))
	if shared {
		// The keepalives are counted once the instances have had them.
		signaltestWait(func() bool {
			c, _ := r.Info("stats", "total_commands_processed")
			return c-cmds1 >= int64(2*rooms)
		})
		cmds2, _ := r.Info("stats", "total_commands_processed")
		t.Logf("  Redis: used_memory %.2f KiB per room; %.1f commands per room's negotiation (create, join, 6 relayed messages and the health checks meanwhile), %.2f per keepalive",
			float64(redisAfter-redisBefore)/float64(rooms)/1024, float64(cmds1-cmds0)/float64(rooms), float64(cmds2-cmds1)/float64(2*rooms))
	}
	var total float64
	var all []time.Duration
	for i := range hubs {
		mem, held, conns := hubMem(t, addrs[i])
		total += mem - before[i]
		all = append(all, delivered[i]...)
		t.Logf("  instance %d: holds %d rooms, %d connections; heap+stacks %.1f KiB per room held (%.1f KiB per connection); delivered %d relayed messages, p50 %v, p99 %v",
			i, held, conns, (mem-before[i])/float64(held)/1024, (mem-before[i])/float64(conns)/1024,
			len(delivered[i]), quantile(delivered[i], 0.5).Round(time.Microsecond), quantile(delivered[i], 0.99).Round(time.Microsecond))
	}
	t.Logf("  both instances: heap+stacks %.1f KiB per room; relay p50 %v, p99 %v", total/float64(rooms)/1024,
		quantile(all, 0.5).Round(time.Microsecond), quantile(all, 0.99).Round(time.Microsecond))
	for _, c := range crowds {
		c.c.stop()
	}
	for _, h := range hubs {
		h.stop()
	}
}

// signaltestWait polls cond for up to 10 s.
func signaltestWait(cond func() bool) {
	for deadline := time.Now().Add(10 * time.Second); !cond() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}
