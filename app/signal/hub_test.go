//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// startHub serves a hub on a loopback test server and returns its
// WebSocket URL.
func startHub(t testing.TB, cfg Config) (*Hub, string) {
	t.Helper()
	h := NewHub(cfg)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return h, "ws" + strings.TrimPrefix(srv.URL, "http")
}

func dial(t testing.TB, url string) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Dial(ctx, url)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(func() { c.ws.CloseNow() })
	return c
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// recvType reads messages until one of type want, failing on anything
// else.
func recvType(t testing.TB, c *Client, want string) Message {
	t.Helper()
	m, err := c.Recv()
	if err != nil {
		t.Fatalf("Recv, want %s: %v", want, err)
	}
	if m.Type != want {
		t.Fatalf("Recv = %+v, want type %s", m, want)
	}
	return m
}

// pair makes a room with a host and a guest, both past their ready.
func pair(t testing.TB, url string) (host, guest *Client, created Message) {
	t.Helper()
	ctx := testCtx(t)
	host = dial(t, url)
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	guest = dial(t, url)
	if _, err := guest.Join(ctx, created.Room, ""); err != nil {
		t.Fatalf("Join: %v", err)
	}
	hr := recvType(t, host, TypeReady)
	gr := recvType(t, guest, TypeReady)
	if hr.Offer == gr.Offer || !gr.Offer || hr.Epoch != gr.Epoch {
		t.Fatalf("ready: host %+v, guest %+v; want the guest alone to offer, same epoch", hr, gr)
	}
	return host, guest, created
}

// relay checks that a message goes from a to b unchanged.
func relay(t testing.TB, a, b *Client, typ, payload string) {
	t.Helper()
	if err := a.Send(testCtx(t), Message{Type: typ, Epoch: 1, Payload: json.RawMessage(payload)}); err != nil {
		t.Fatalf("Send %s: %v", typ, err)
	}
	m := recvType(t, b, typ)
	if string(m.Payload) != payload {
		t.Fatalf("relayed payload = %s, want %s", m.Payload, payload)
	}
}

// closedWith reads until the connection ends and checks the close reason.
func closedWith(t testing.TB, c *Client, want string) {
	t.Helper()
	for {
		m, err := c.Recv()
		if err != nil {
			var ce *CloseError
			if !errors.As(err, &ce) || !strings.Contains(ce.Reason, want) {
				t.Fatalf("closed with %v, want reason containing %q", err, want)
			}
			return
		}
		if m.Type == TypeError && !strings.Contains(m.Reason, want) {
			t.Fatalf("error %q, want %q", m.Reason, want)
		}
	}
}

func TestCreateJoinRelay(t *testing.T) {
	_, url := startHub(t, Config{ICEServers: []ICEServer{{URLs: []string{"stun:stun.test:3478"}}}})
	host, guest, created := pair(t, url)
	if len(created.Room) < 22 || len(created.Token) < 22 {
		t.Errorf("room %q, token %q: want at least 128 bits each", created.Room, created.Token)
	}
	if got := host.ICEServers(); len(got) != 1 || got[0].URLs[0] != "stun:stun.test:3478" {
		t.Errorf("ICEServers() = %+v, want the configured STUN server", got)
	}
	relay(t, guest, host, TypeOffer, `{"type":"offer","sdp":"v=0"}`)
	relay(t, host, guest, TypeAnswer, `{"type":"answer","sdp":"v=0"}`)
	for i := 0; i < 3; i++ {
		relay(t, guest, host, TypeCandidate, `{"candidate":"c"}`)
		relay(t, host, guest, TypeCandidate, `{"candidate":"d"}`)
	}
}

func TestThirdPeerRefused(t *testing.T) {
	_, url := startHub(t, Config{})
	host, guest, created := pair(t, url)
	third := dial(t, url)
	if _, err := third.Join(testCtx(t), created.Room, ""); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("third Join: %v, want room is full", err)
	}
	// A wrong token is no better.
	fourth := dial(t, url)
	if _, err := fourth.Join(testCtx(t), created.Room, "not-a-token"); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("Join with a wrong token: %v, want room is full", err)
	}
	relay(t, guest, host, TypeOffer, `"still fine"`)
}

func TestJoinUnknownRoom(t *testing.T) {
	_, url := startHub(t, Config{})
	c := dial(t, url)
	if _, err := c.Join(testCtx(t), "nope", ""); err == nil || !strings.Contains(err.Error(), "no such room") {
		t.Fatalf("Join(nope) = %v, want no such room", err)
	}
}

// rawDial opens a WebSocket without the client's manners.
func rawDial(t testing.TB, url string) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.Dial(testCtx(t), url, nil)
	if err != nil {
		t.Fatalf("websocket.Dial: %v", err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

// rawClosedWith reads from a raw connection until it closes and checks the
// close reason.
func rawClosedWith(t testing.TB, ws *websocket.Conn, wantCode websocket.StatusCode, want string) {
	t.Helper()
	for {
		_, _, err := ws.Read(testCtx(t))
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != wantCode || !strings.Contains(ce.Reason, want) {
			t.Fatalf("closed with %v, want %v %q", err, wantCode, want)
		}
		return
	}
}

func TestAbuseClosesOnlyTheOffender(t *testing.T) {
	cfg := Config{MaxMessageBytes: 1024, MessagesPerSecond: 5, Burst: 10}
	tests := []struct {
		name   string
		attack func(ws *websocket.Conn) error
		code   websocket.StatusCode
		reason string
	}{
		{"oversize", func(ws *websocket.Conn) error {
			return ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"keepalive","reason":"`+strings.Repeat("x", 2000)+`"}`))
		}, websocket.StatusMessageTooBig, "message too big"},
		{"flood", func(ws *websocket.Conn) error {
			for i := 0; i < 100; i++ {
				if err := ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"create"}`)); err != nil {
					return nil // closed under us: fine
				}
			}
			return nil
		}, websocket.StatusPolicyViolation, ""},
		{"bad JSON", func(ws *websocket.Conn) error {
			return ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":`))
		}, websocket.StatusPolicyViolation, "not valid JSON"},
		{"no type", func(ws *websocket.Conn) error {
			return ws.Write(context.Background(), websocket.MessageText, []byte(`{}`))
		}, websocket.StatusPolicyViolation, "no type"},
		{"unknown type", func(ws *websocket.Conn) error {
			return ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"move"}`))
		}, websocket.StatusPolicyViolation, "before create or join"},
		{"binary", func(ws *websocket.Conn) error {
			return ws.Write(context.Background(), websocket.MessageBinary, []byte{1, 2, 3})
		}, websocket.StatusUnsupportedData, "binary"},
		{"relay before join", func(ws *websocket.Conn) error {
			return ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"offer","payload":{}}`))
		}, websocket.StatusPolicyViolation, "before create or join"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, url := startHub(t, cfg)
			host, guest, _ := pair(t, url)
			ws := rawDial(t, url)
			if err := tt.attack(ws); err != nil {
				t.Fatalf("attack: %v", err)
			}
			reason := tt.reason
			if tt.name == "flood" {
				reason = "" // create twice closes too; either reason is a refusal
			}
			rawClosedWith(t, ws, tt.code, reason)
			relay(t, guest, host, TypeOffer, `"unharmed"`)
			relay(t, host, guest, TypeAnswer, `"unharmed"`)
		})
	}
}

func TestFloodInRoom(t *testing.T) {
	_, url := startHub(t, Config{MessagesPerSecond: 5, Burst: 10})
	host, guest, created := pair(t, url)
	ctx := testCtx(t)
	// A third room's member floods keepalives: only it is dropped.
	other := dial(t, url)
	if _, err := other.Create(ctx); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		if other.Send(ctx, Message{Type: TypeKeepAlive}) != nil {
			break
		}
	}
	closedWith(t, other, "rate limit")
	// The guest floods its own room: the host hears it left, and stays.
	for i := 0; i < 50; i++ {
		if guest.Send(ctx, Message{Type: TypeKeepAlive}) != nil {
			break
		}
	}
	closedWith(t, guest, "rate limit")
	recvType(t, host, TypeLeft)
	// The guest's seat is kept for its token: a stranger cannot take it.
	if _, err := dial(t, url).Join(ctx, created.Room, ""); err == nil {
		t.Fatal("a stranger took the guest seat of a flooder")
	}
}

func TestPerAddressAndTotalCaps(t *testing.T) {
	t.Run("conns per address", func(t *testing.T) {
		_, url := startHub(t, Config{MaxConnsPerAddr: 3})
		for i := 0; i < 3; i++ {
			dial(t, url)
		}
		ws := rawDial(t, url)
		rawClosedWith(t, ws, websocket.StatusTryAgainLater, "too many connections from your address")
	})
	t.Run("rooms per address", func(t *testing.T) {
		_, url := startHub(t, Config{MaxRoomsPerAddr: 2})
		for i := 0; i < 2; i++ {
			if _, err := dial(t, url).Create(testCtx(t)); err != nil {
				t.Fatal(err)
			}
		}
		c := dial(t, url)
		if _, err := c.Create(testCtx(t)); err == nil || !strings.Contains(err.Error(), "too many rooms from your address") {
			t.Fatalf("third Create = %v, want too many rooms from your address", err)
		}
	})
	t.Run("total conns", func(t *testing.T) {
		_, url := startHub(t, Config{MaxConns: 2})
		dial(t, url)
		dial(t, url)
		rawClosedWith(t, rawDial(t, url), websocket.StatusTryAgainLater, "server full")
	})
	t.Run("total rooms", func(t *testing.T) {
		_, url := startHub(t, Config{MaxRooms: 1})
		if _, err := dial(t, url).Create(testCtx(t)); err != nil {
			t.Fatal(err)
		}
		if _, err := dial(t, url).Create(testCtx(t)); err == nil || !strings.Contains(err.Error(), "server full") {
			t.Fatalf("second Create = %v, want server full", err)
		}
	})
	t.Run("allowance returns", func(t *testing.T) {
		h, url := startHub(t, Config{MaxConnsPerAddr: 1})
		c := dial(t, url)
		c.Close()
		waitFor(t, func() bool { _, n := h.Stats(); return n == 0 })
		dial(t, url)
	})
}

func waitFor(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestIdleRoomsExpire(t *testing.T) {
	h, url := startHub(t, Config{RoomIdle: 200 * time.Millisecond})
	ctx := testCtx(t)
	host := dial(t, url)
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	closedWith(t, host, "room expired")
	if rooms, _ := h.Stats(); rooms != 0 {
		t.Errorf("rooms after expiry = %d, want 0", rooms)
	}
	if _, err := dial(t, url).Join(ctx, created.Room, created.Token); err == nil || !strings.Contains(err.Error(), "no such room") {
		t.Fatalf("Join after expiry = %v, want no such room", err)
	}

	// Keepalives keep a room.
	host = dial(t, url)
	created, err = host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8; i++ {
		time.Sleep(60 * time.Millisecond)
		if err := host.Send(ctx, Message{Type: TypeKeepAlive}); err != nil {
			t.Fatalf("keepalive %d: %v", i, err)
		}
	}
	if _, err := dial(t, url).Join(ctx, created.Room, ""); err != nil {
		t.Fatalf("Join a kept room: %v", err)
	}
}

func TestJoinTimeout(t *testing.T) {
	_, url := startHub(t, Config{JoinTimeout: 100 * time.Millisecond})
	closedWith(t, dial(t, url), "no create or join in time")
}

func TestRejoinAfterDrop(t *testing.T) {
	_, url := startHub(t, Config{})
	ctx := testCtx(t)
	host, guest, created := pair(t, url)
	guest.Close()
	recvType(t, host, TypeLeft)
	// A stranger cannot take the seat while the guest is away.
	if _, err := dial(t, url).Join(ctx, created.Room, ""); err == nil {
		t.Fatal("a stranger took the absent guest's seat")
	}

	// The host reloads: a new connection with its token replaces the old.
	host2 := dial(t, url)
	j, err := host2.Join(ctx, created.Room, created.Token)
	if err != nil {
		t.Fatalf("host rejoin: %v", err)
	}
	if j.Seat != 0 {
		t.Errorf("host rejoined seat %d, want 0", j.Seat)
	}
	closedWith(t, host, "replaced")
}

func TestGuestRejoinRenegotiates(t *testing.T) {
	_, url := startHub(t, Config{})
	ctx := testCtx(t)
	host := dial(t, url)
	created, err := host.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	guest := dial(t, url)
	joined, err := guest.Join(ctx, created.Room, "")
	if err != nil {
		t.Fatal(err)
	}
	r1 := recvType(t, host, TypeReady)
	recvType(t, guest, TypeReady)
	guest.Close()
	recvType(t, host, TypeLeft)
	guest2 := dial(t, url)
	if _, err := guest2.Join(ctx, created.Room, joined.Token); err != nil {
		t.Fatalf("guest rejoin with its token: %v", err)
	}
	r2 := recvType(t, host, TypeReady)
	g2 := recvType(t, guest2, TypeReady)
	if r2.Epoch <= r1.Epoch || !g2.Offer || r2.Offer {
		t.Fatalf("after rejoin: host %+v, guest %+v; want a new epoch with the guest offering", r2, g2)
	}
	relay(t, guest2, host, TypeOffer, `"again"`)

	// Restart in the current epoch starts another; a stale one is ignored.
	if err := host.Send(ctx, Message{Type: TypeRestart, Epoch: r1.Epoch}); err != nil {
		t.Fatal(err)
	}
	if err := host.Send(ctx, Message{Type: TypeRestart, Epoch: r2.Epoch}); err != nil {
		t.Fatal(err)
	}
	if r3 := recvType(t, host, TypeReady); r3.Epoch != r2.Epoch+1 {
		t.Fatalf("ready after restart: epoch %d, want %d", r3.Epoch, r2.Epoch+1)
	}
	recvType(t, guest2, TypeReady)
}

func TestOrigins(t *testing.T) {
	_, url := startHub(t, Config{OriginPatterns: []string{"game.example"}})
	ctx := testCtx(t)
	h := http.Header{}
	h.Set("Origin", "https://evil.example")
	if _, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h}); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("Dial from a foreign origin: %v, want 403", err)
	}
	h.Set("Origin", "https://game.example")
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("Dial from an allowed origin: %v", err)
	}
	ws.CloseNow()
}

func TestParseICEServers(t *testing.T) {
	got, err := ParseICEServers([]string{"stun:s.test:3478", " turn:t.test:3478|u|p "})
	if err != nil || len(got) != 2 || got[1].Username != "u" || got[1].Credential != "p" {
		t.Fatalf("ParseICEServers = %+v, %v", got, err)
	}
	for _, bad := range []string{"http://x", "turn:t.test:3478", "turn:t.test|u"} {
		if _, err := ParseICEServers([]string{bad}); err == nil {
			t.Errorf("ParseICEServers(%q) succeeded, want an error", bad)
		}
	}
}
