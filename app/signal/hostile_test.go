//go:build !js

package signal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gygy/app/signal"
	"gygy/app/signal/signaltest"
)

// The hostile-client suite: one test per way of locking players out or
// degrading their games, each with an honest pair in another room that
// must keep relaying while it runs. Everything is on loopback; the many
// addresses of an attack are named in a header the hub believes from
// loopback alone, as it would from a reverse proxy.

const clientHeader = "X-Test-Client"

var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

// hostile is cfg with clients named by clientHeader.
func hostile(cfg signal.Config) signal.Config {
	cfg.RemoteAddr = signal.FromProxies(clientHeader, loopback)
	return cfg
}

// baseline logs the honest pair's relay with nothing else going on, for
// the figures under attack to be read against (the machine is shared:
// only figures of one run compare).
func baseline(t *testing.T, url string) {
	t.Helper()
	p, err := signaltest.Start(testCtx(t), url, 100*time.Millisecond)
	if err != nil {
		t.Fatalf("baseline pair: %v", err)
	}
	time.Sleep(1500 * time.Millisecond)
	r, err := p.Stop()
	if err != nil {
		t.Fatalf("baseline pair: %v", err)
	}
	t.Logf("honest pair's relay alone: %v", r)
}

// clientAs dials the hub as the client at addr.
func clientAs(t testing.TB, url, addr string) (*signal.Client, error) {
	t.Helper()
	c, err := signal.DialAs(testCtx(t), url, http.Header{clientHeader: {addr}})
	if err == nil {
		t.Cleanup(c.CloseNow)
	}
	return c, err
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func dial(t testing.TB, url string) *signal.Client {
	t.Helper()
	c, err := signal.Dial(testCtx(t), url)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(c.CloseNow)
	return c
}

// recvType reads the next message and checks its type.
func recvType(t testing.TB, c *signal.Client, want string) signal.Message {
	t.Helper()
	m, err := c.Recv()
	if err != nil || m.Type != want {
		t.Fatalf("Recv = %+v, %v; want type %s", m, err, want)
	}
	return m
}

// closedWith reads until the connection ends and checks the close reason.
func closedWith(t testing.TB, c *signal.Client, want string) {
	t.Helper()
	for {
		_, err := c.Recv()
		if err != nil {
			if ce := (*signal.CloseError)(nil); !errors.As(err, &ce) || !strings.Contains(ce.Reason, want) {
				t.Fatalf("closed with %v, want reason containing %q", err, want)
			}
			return
		}
	}
}

// clock is real time plus an offset a test can move forward, so that
// expiry can be tested without waiting while rate limits still refill.
type clock struct {
	mu  sync.Mutex
	off time.Duration
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.off)
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.off += d
}

// Item 2: the total room cap filled from many addresses, which then
// leave, is free again EmptyGrace after they left; until then their rooms
// count against them; IPv6 addresses count by /64.
func TestHostileRoomCapRefills(t *testing.T) {
	clk := &clock{}
	const grace = time.Minute
	h, url := signaltest.StartHub(t, hostile(signal.Config{MaxRooms: 41, MaxRoomsPerAddr: 4, EmptyGrace: grace, Now: clk.Now}))
	done := signaltest.Honest(t, url)
	ctx := testCtx(t)
	create := func(addr string) (*signal.Client, error) {
		c, err := clientAs(t, url, addr)
		if err != nil {
			return nil, err
		}
		_, err = c.Create(ctx)
		return c, err
	}
	// Ten addresses fill the hub and leave at once.
	for i := 1; i <= 10; i++ {
		for j := 0; j < 4; j++ {
			c, err := create(fmt.Sprintf("198.51.100.%d", i))
			if err != nil {
				t.Fatalf("create %d from address %d: %v", j, i, err)
			}
			c.CloseNow()
		}
	}
	signaltest.WaitFor(t, func() bool { _, n := h.Stats(); return n == 2 })
	left := clk.Now()
	if _, err := create("203.0.113.1"); err == nil || !strings.Contains(err.Error(), "server full: too many rooms") {
		t.Fatalf("create while the cap is held: %v, want server full", err)
	}
	clk.advance(grace - time.Second)
	h.Expire(clk.Now())
	if rooms, _ := h.Stats(); rooms != 41 {
		t.Fatalf("rooms %v after the last disconnect = %d, want all 41 kept for a reload", clk.Now().Sub(left).Round(time.Second), rooms)
	}
	// A never-joined room counts against its creator while it lasts.
	if _, err := create("198.51.100.1"); err == nil || !strings.Contains(err.Error(), "server full") {
		t.Fatalf("create before expiry: %v, want server full", err)
	}
	clk.advance(time.Second)
	h.Expire(clk.Now())
	if rooms, _ := h.Stats(); rooms != 1 {
		t.Fatalf("rooms %v after the last disconnect = %d, want only the honest pair's", clk.Now().Sub(left).Round(time.Second), rooms)
	}
	t.Logf("room cap held by 40 abandoned rooms: free again %v after they were left (the sweeper adds up to %v)", clk.Now().Sub(left).Round(time.Second), signal.SweepEvery(signal.Config{EmptyGrace: grace}))
	for j := 0; j < 4; j++ {
		if _, err := create("198.51.100.1"); err != nil {
			t.Fatalf("create after expiry: %v", err)
		}
	}
	if _, err := create("198.51.100.1"); err == nil || !strings.Contains(err.Error(), "too many rooms from your address") {
		t.Fatalf("fifth create from one address: %v, want the per-address limit", err)
	}
	// One /64 is one address, however many addresses in it.
	for i := 1; i <= 4; i++ {
		if _, err := create(fmt.Sprintf("2001:db8:1:2::%x", i)); err != nil {
			t.Fatalf("create from 2001:db8:1:2::%x: %v", i, err)
		}
	}
	if _, err := create("2001:db8:1:2:ffff::1"); err == nil || !strings.Contains(err.Error(), "too many rooms from your address") {
		t.Fatalf("create from a fifth address of one /64: %v, want the per-address limit", err)
	}
	if _, err := create("2001:db8:1:3::1"); err != nil {
		t.Fatalf("create from another /64: %v", err)
	}
	done()
}

// Item 3: a seat whose socket no longer answers is freed within a ping
// interval and the ping's timeout, and its partner hears it left; a seat
// reclaimed with its token from a socket that went silent closes the
// silent one. The timeout is a second, not a ping interval: the honest
// pair beside the test must answer in time on a loaded machine (in CI,
// with 100 ms, it once did not, and the hub rightly dropped it).
func TestHostileDeadSocket(t *testing.T) {
	const every, timeout = 100 * time.Millisecond, time.Second
	h, url := signaltest.StartHub(t, signal.Config{PingInterval: every, PingTimeout: timeout})
	done := signaltest.Honest(t, url)
	ctx := testCtx(t)
	host := dial(t, url)
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The guest joins and then reads nothing: coder/websocket answers
	// pings only while it reads, so to the hub this is a dead socket.
	guest := dial(t, url)
	if _, err := guest.Join(ctx, created.Room, ""); err != nil {
		t.Fatal(err)
	}
	silent := time.Now()
	recvType(t, host, signal.TypeReady)
	for {
		m, err := host.Recv() // the host keeps reading, so it answers pings
		if err != nil {
			t.Fatalf("host: %v", err)
		}
		if m.Type == signal.TypeLeft {
			break
		}
	}
	t.Logf("dead seat released and its partner told %v after it went silent (ping interval %v, timeout %v)", time.Since(silent).Round(time.Millisecond), every, timeout)
	signaltest.WaitFor(t, func() bool { _, n := h.Stats(); return n == 3 })
	done()

	t.Run("reclaim", func(t *testing.T) {
		h, url := signaltest.StartHub(t, signal.Config{PingInterval: time.Hour})
		done := signaltest.Honest(t, url)
		host := dial(t, url)
		created, err := host.Create(ctx)
		if err != nil {
			t.Fatal(err)
		}
		old := dial(t, url)
		joined, err := old.Join(ctx, created.Room, "")
		if err != nil {
			t.Fatal(err)
		}
		// old reads no more; its peer comes back on another socket.
		again := dial(t, url)
		start := time.Now()
		if _, err := again.Join(ctx, created.Room, joined.Token); err != nil {
			t.Fatalf("reclaim with the token: %v", err)
		}
		signaltest.WaitFor(t, func() bool { _, n := h.Stats(); return n == 4 })
		t.Logf("silent socket closed %v after its seat was reclaimed", time.Since(start).Round(time.Millisecond))
		closedWith(t, old, "replaced")
		done()
	})
}

// Item 4: ping and pong frames count in the rate limit: eight flooders,
// each from an address of its own, that reconnect as soon as they are cut
// off, for two seconds, are each cut off after their burst.
func TestHostileControlFlood(t *testing.T) {
	const flooders, span = 8, 2 * time.Second
	_, url := signaltest.StartHub(t, hostile(signal.Config{MessagesPerSecond: 10, Burst: 40}))
	baseline(t, url)
	done := signaltest.Honest(t, url)
	var (
		wg            sync.WaitGroup
		mu            sync.Mutex
		conns, frames int
		wrong         []rawClose
		end           = time.Now().Add(span)
	)
	for i := 0; i < flooders; i++ {
		op := byte(opPing)
		if i%2 == 1 {
			op = opPong // unsolicited pongs are frames to handle too
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(end) {
				ws, err := upgrade(url, http.Header{clientHeader: {fmt.Sprintf("198.51.100.%d", i+1)}})
				if err != nil {
					t.Error(err)
					return
				}
				closed := make(chan rawClose, 1)
				go func() { closed <- ws.untilClose() }()
				sent := 0
				// 32 frames every 5 ms: 6,400 a second from each
				// flooder, about what the eight connections
				// had answered (45,272 a second in all) without a limit.
				batch := make([]byte, 0, 32*11)
				for range 32 {
					batch = append(batch, ws.encode(op, []byte("flood"))...)
				}
			flood:
				for {
					select {
					case r := <-closed:
						mu.Lock()
						conns++
						frames += sent
						if r.code != int(websocket.StatusPolicyViolation) || !strings.Contains(r.reason, "rate limit") {
							wrong = append(wrong, r)
						}
						mu.Unlock()
						break flood
					default:
					}
					if _, err := ws.Write(batch); err == nil {
						sent += 32
					}
					time.Sleep(5 * time.Millisecond)
				}
				ws.Close()
			}
		}()
	}
	wg.Wait()
	if len(wrong) > 0 {
		t.Errorf("%d of %d flooding connections were not closed for the rate limit; first: %+v", len(wrong), conns, wrong[0])
	}
	t.Logf("%d flooders for %v: %d connections cut off, %d control frames sent (%.0f a second; the hub reads at most its burst and %d bytes more of each)",
		flooders, span, conns, frames, float64(frames)/span.Seconds(), signal.CloseDrain)
	done()
}

// Item 5: bandwidth is bounded per connection and per address: a room
// relaying 16 KB frames gets through no more than the buckets allow.
func TestHostileBandwidth(t *testing.T) {
	const window = 2 * time.Second
	tests := []struct {
		name       string
		conn, addr float64 // bytes per second
		pairs      int
		bound      float64 // bytes per second the flood may reach
	}{
		{"per connection", 4 << 10, 1 << 20, 1, 4 << 10},
		{"per address", 1 << 20, 4 << 10, 4, 4 << 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := hostile(signal.Config{BytesPerSecond: tt.conn, AddrBytesPerSecond: tt.addr, MessagesPerSecond: 10, Burst: 10})
			_, url := signaltest.StartHub(t, cfg)
			baseline(t, url)
			done := signaltest.Honest(t, url)
			ctx := testCtx(t)
			var (
				wg       sync.WaitGroup
				mu       sync.Mutex
				received int
			)
			type pair struct{ host, guest *signal.Client }
			var pairs []pair
			for i := 0; i < tt.pairs; i++ {
				host, err := clientAs(t, url, "198.51.100.7")
				if err != nil {
					t.Fatal(err)
				}
				created, err := host.Create(ctx)
				if err != nil {
					t.Fatal(err)
				}
				guest, err := clientAs(t, url, "198.51.100.7")
				if err != nil {
					t.Fatal(err)
				}
				if _, err := guest.Join(ctx, created.Room, ""); err != nil {
					t.Fatal(err)
				}
				pairs = append(pairs, pair{host, guest})
			}
			start := time.Now()
			end := start.Add(window)
			payload, _ := json.Marshal(strings.Repeat("x", 16000))
			for _, p := range pairs {
				wg.Add(2)
				go func() { // the host floods, within the message rate
					defer wg.Done()
					sctx, cancel := context.WithDeadline(ctx, end)
					defer cancel()
					for time.Now().Before(end) {
						if p.host.Send(sctx, signal.Message{Type: signal.TypeCandidate, Epoch: 1, Payload: payload}) != nil {
							return
						}
						time.Sleep(120 * time.Millisecond)
					}
				}()
				go func() { // the guest counts what reaches it in the window
					defer wg.Done()
					for {
						m, err := p.guest.Recv()
						if err != nil {
							return
						}
						if m.Type == signal.TypeCandidate && time.Now().Before(end) {
							mu.Lock()
							received += len(m.Payload)
							mu.Unlock()
						}
					}
				}()
				go func() {
					time.Sleep(time.Until(end))
					p.host.CloseNow()
					p.guest.CloseNow()
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			// What the hub may have read by the end of the window: the
			// bucket's burst, its rate over the window, one read past the
			// balance; relayed bytes are fewer (frames, the envelope).
			limit := signal.ByteBurst(cfg, tt.bound) + tt.bound*window.Seconds() + signal.ReadChunk
			t.Logf("%d flooding pairs relayed %d bytes in %v (limit %.0f; unthrottled the same senders offer %d)",
				tt.pairs, received, elapsed.Round(time.Millisecond), limit, tt.pairs*len(payload)*int(window/(120*time.Millisecond)))
			if float64(received) > limit {
				t.Errorf("relayed %d bytes in the window, more than the %.0f the limit allows", received, limit)
			}
			if received == 0 {
				t.Errorf("nothing relayed: the flood test measured nothing")
			}
			done()
		})
	}
}

// Item 6: a connect storm logs a few lines and a count, not a line per
// refusal.
func TestHostileLogStorm(t *testing.T) {
	var (
		mu    sync.Mutex
		lines []string
	)
	logf := func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(f, a...))
	}
	h, url := signaltest.StartHub(t, hostile(signal.Config{MaxConnsPerAddr: 2, Logf: logf, LogEvery: time.Hour}))
	done := signaltest.Honest(t, url)
	for i := 0; i < 2; i++ {
		if _, err := clientAs(t, url, "198.51.100.9"); err != nil {
			t.Fatal(err)
		}
	}
	const storm = 200
	for i := 0; i < storm; i++ {
		if c, err := clientAs(t, url, "198.51.100.9"); err == nil {
			t.Fatalf("dial %d past the limit was let in", i)
		} else if c != nil {
			c.CloseNow()
		}
	}
	done()
	h.FlushLog()
	mu.Lock()
	defer mu.Unlock()
	t.Logf("log after %d refusals: %q", storm, lines)
	if len(lines) > 4 {
		t.Errorf("%d log lines for a storm of %d refusals, want a few", len(lines), storm)
	}
	if !strings.Contains(strings.Join(lines, "\n"), fmt.Sprintf("refused %d more", storm-1)) {
		t.Errorf("log %q lacks the count of the other %d refusals", lines, storm-1)
	}
}

// Item 7: every refusal sends its error message, then a valid close frame
// (a reason of at most 123 bytes, cut at a rune boundary); a relayed
// payload with invalid UTF-8 is refused, not passed on.
func TestHostileProtocolEdges(t *testing.T) {
	_, url := signaltest.StartHub(t, signal.Config{MessagesPerSecond: 10, Burst: 10})
	done := signaltest.Honest(t, url)
	attacks := []struct {
		name string
		op   byte
		data string
		code websocket.StatusCode
		want string
	}{
		{"long reason", opText, `{"type":"` + strings.Repeat("💥", 40) + `"}`, websocket.StatusPolicyViolation, "before create or join"},
		{"bad JSON", opText, `{"type":`, websocket.StatusPolicyViolation, "not valid JSON"},
		{"binary", 2, `{"type":"create"}`, websocket.StatusUnsupportedData, "binary"},
		{"invalid UTF-8", opText, "{\"type\":\"create\",\"reason\":\"\xff\xc0\x80\"}", websocket.StatusInvalidFramePayloadData, "invalid UTF-8"},
		{"flood", opText, "", websocket.StatusPolicyViolation, "rate limit"},
		{"too big", opText, `{"type":"keepalive","reason":"` + strings.Repeat("x", 20000) + `"}`, websocket.StatusMessageTooBig, "message too big"},
	}
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			for i := 0; i < 10; i++ {
				ws := rawUpgrade(t, url, nil)
				if a.name == "flood" {
					ws.frame(opText, []byte(`{"type":"create"}`))
					for j := 0; j < 20; j++ {
						ws.frame(opText, []byte(`{"type":"keepalive"}`))
					}
				} else if err := ws.frame(a.op, []byte(a.data)); err != nil {
					t.Fatal(err)
				}
				end := ws.untilClose()
				if !end.frame || end.code != int(a.code) || !strings.Contains(end.reason, a.want) {
					t.Fatalf("try %d: closed %+v, want a close frame %d %q", i, end, a.code, a.want)
				}
				if len(end.reason) > 123 || !utf8ValidString(end.reason) {
					t.Fatalf("try %d: close reason %q is %d bytes, want valid UTF-8 within 123", i, end.reason, len(end.reason))
				}
				last := end.texts[len(end.texts)-1]
				var m signal.Message
				if err := json.Unmarshal([]byte(last), &m); err != nil || m.Type != signal.TypeError || !strings.Contains(m.Reason, a.want) {
					t.Fatalf("try %d: last message before the close = %s, want the error %q", i, last, a.want)
				}
			}
		})
	}
	t.Run("relayed payload", func(t *testing.T) {
		ctx := testCtx(t)
		host := dial(t, url)
		created, err := host.Create(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ws := rawUpgrade(t, url, nil)
		ws.frame(opText, []byte(`{"type":"join","room":"`+created.Room+`"}`))
		recvType(t, host, signal.TypeReady)
		ws.frame(opText, []byte("{\"type\":\"offer\",\"epoch\":1,\"payload\":\"\xff\xc0\x80\"}"))
		end := ws.untilClose()
		if end.code != int(websocket.StatusInvalidFramePayloadData) {
			t.Fatalf("closed %+v, want 1007 invalid UTF-8", end)
		}
		if m := recvType(t, host, signal.TypeLeft); m.Payload != nil {
			t.Fatalf("host got %+v", m)
		}
	})
	done()
}

func utf8ValidString(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }
