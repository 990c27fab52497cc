//go:build js && wasm

package rtc

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"syscall/js"
	"testing"
	"time"
)

// fakeJS stands in for the browser's WebRTC in Node: a peer connection
// and data channels that record what they are given, fire events from
// the event loop (as a browser does) through fire, and settle promises
// as the test says.
const fakeJS = `(() => {
class FakeChannel {
	constructor(label) { this.label = label; this.readyState = 'connecting'; this.sent = []; this.binaryType = 'blob'; }
	send(d) {
		if (this.readyState !== 'open') throw new DOMException('not open', 'InvalidStateError');
		this.sent.push(Array.from(d));
	}
}
class FakePC {
	constructor(cfg) {
		this.cfg = cfg; this.connectionState = 'new'; this.iceConnectionState = 'new';
		this.iceGatheringState = 'new'; this.signalingState = 'stable'; this.localDescription = null;
		this.added = []; this.channels = []; this.closed = false; this.hang = false;
		globalThis.lastPC = this;
	}
	settle(v) {
		if (!this.hang) return Promise.resolve(v);
		globalThis.hanging();
		return new Promise(() => {});
	}
	createOffer(o) { return this.settle({type: 'offer', sdp: o && o.iceRestart ? 'restart' : 'first'}); }
	createAnswer() { return this.settle({type: 'answer', sdp: 'answer'}); }
	setLocalDescription(d) { this.localDescription = {type: d.type, sdp: d.sdp + ' local'}; return this.settle(); }
	setRemoteDescription(d) {
		if (d.type !== 'offer' && d.type !== 'answer') return Promise.reject(new DOMException('bad type ' + d.type, 'TypeError'));
		return this.settle();
	}
	addIceCandidate(c) { this.added.push(c); return Promise.reject('a bare string'); }
	setConfiguration(c) { if (c.iceTransportPolicy === 'relay') throw new DOMException('no relay here', 'InvalidModificationError'); this.cfg = c; }
	createDataChannel(label) {
		if (this.closed) throw new DOMException('closed', 'InvalidStateError');
		const ch = new FakeChannel(label); this.channels.push(ch); return ch;
	}
	close() { this.closed = true; this.connectionState = 'closed'; }
}
globalThis.FakePC = FakePC;
globalThis.FakeChannel = FakeChannel;
// fire calls obj[name] with each of events from the event loop, one task.
globalThis.fire = (obj, name, ...events) => setTimeout(() => {
	for (const ev of events) if (typeof obj[name] === 'function') obj[name](ev);
}, 0);
return true;
})()`

func install(t *testing.T) {
	t.Helper()
	js.Global().Call("eval", fakeJS)
	js.Global().Set("RTCPeerConnection", js.Global().Get("FakePC"))
	t.Cleanup(func() { js.Global().Delete("RTCPeerConnection") })
}

func newFake(t *testing.T, c Config) *PeerConnection {
	t.Helper()
	install(t)
	pc, err := NewAPI().NewPeerConnection(c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	return pc
}

func fire(obj js.Value, name string, events ...any) {
	js.Global().Call("fire", append([]any{obj, name}, events...)...)
}

// recv waits for n values on c.
func recv[T any](t *testing.T, c <-chan T, n int) []T {
	t.Helper()
	var got []T
	for len(got) < n {
		select {
		case v := <-c:
			got = append(got, v)
		case <-time.After(5 * time.Second):
			t.Fatalf("got %d of %d", len(got), n)
		}
	}
	return got
}

func TestNoWebRTC(t *testing.T) {
	js.Global().Delete("RTCPeerConnection")
	if _, err := NewAPI().NewPeerConnection(Config{}); err == nil {
		t.Fatal("a peer connection without RTCPeerConnection")
	}
}

// Candidates come in order; null, an empty candidate, a missing event and
// junk all mean the end, and nothing panics.
func TestCandidates(t *testing.T) {
	pc := newFake(t, Config{})
	got := make(chan string, 16)
	pc.OnICECandidate(func(c *Candidate) {
		switch {
		case c == nil:
			got <- "end"
		default:
			got <- fmt.Sprintf("%s mid=%v index=%v ufrag=%v", c.Candidate, deref(c.SDPMid), deref(c.SDPMLineIndex), deref(c.UsernameFragment))
		}
	})
	obj := js.Global().Get("Object")
	cand := func(kv map[string]any) map[string]any { return map[string]any{"candidate": kv} }
	fire(pc.v, "onicecandidate",
		cand(map[string]any{"candidate": "candidate:1 1 udp 1 10.0.0.1 5000 typ host", "sdpMid": "0", "sdpMLineIndex": 0, "usernameFragment": "abcd"}),
		cand(map[string]any{"candidate": "candidate:2 1 udp 1 10.0.0.2 5000 typ host", "sdpMid": nil, "sdpMLineIndex": -1}),
		cand(map[string]any{"candidate": ""}),
		map[string]any{"candidate": nil},
		js.Null(), 42, obj.New(),
		cand(map[string]any{"candidate": 7}),
	)
	want := []string{
		"candidate:1 1 udp 1 10.0.0.1 5000 typ host mid=0 index=0 ufrag=abcd",
		"candidate:2 1 udp 1 10.0.0.2 5000 typ host mid=<nil> index=<nil> ufrag=<nil>",
		"end", "end", "end", "end", "end", "end",
	}
	if g := recv(t, got, len(want)); !slices.Equal(g, want) {
		t.Errorf("got\n%q\nwant\n%q", g, want)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// Offers, answers and descriptions go through the promises; a rejection,
// of whatever value, and a throw come back as errors.
func TestDescriptions(t *testing.T) {
	pc := newFake(t, Config{})
	if d := pc.LocalDescription(); d != nil {
		t.Errorf("a local description before any: %+v", d)
	}
	for _, tc := range []struct {
		restart bool
		want    string
	}{{false, "first"}, {true, "restart"}} {
		d, err := pc.CreateOffer(tc.restart)
		if err != nil || d != (Description{Type: Offer, SDP: tc.want}) {
			t.Errorf("CreateOffer(%v) = %+v, %v", tc.restart, d, err)
		}
	}
	if err := pc.SetLocalDescription(Description{Type: Offer, SDP: "mine"}); err != nil {
		t.Fatal(err)
	}
	if d := pc.LocalDescription(); d == nil || *d != (Description{Type: Offer, SDP: "mine local"}) {
		t.Errorf("LocalDescription = %+v", d)
	}
	if err := pc.SetRemoteDescription(Description{Type: "bogus"}); err == nil || !strings.Contains(err.Error(), "TypeError: bad type bogus") {
		t.Errorf("a refused description: %v", err)
	}
	if err := pc.AddICECandidate(Candidate{Candidate: "candidate:x"}); err == nil || !strings.Contains(err.Error(), "a bare string") {
		t.Errorf("a refused candidate: %v", err)
	}
	added := js.Global().Get("lastPC").Get("added").Index(0)
	if added.Get("sdpMLineIndex").Int() != 0 || !added.Get("sdpMid").IsNull() {
		t.Errorf("a candidate without mid or index went as mid %v, index %v", added.Get("sdpMid"), added.Get("sdpMLineIndex"))
	}
	if err := pc.SetConfiguration(Config{RelayOnly: true}); err == nil || !strings.Contains(err.Error(), "InvalidModificationError") {
		t.Errorf("a throwing setConfiguration: %v", err)
	}
}

// The configuration carries TURN credentials and the policy; a server
// without a URL is left out.
func TestConfiguration(t *testing.T) {
	pc := newFake(t, Config{ICEServers: []ICEServer{
		{URLs: []string{"stun:a.example:3478"}},
		{},
		{URLs: []string{"turn:b.example:3478", "turns:b.example:5349"}, Username: "u", Credential: "c"},
	}})
	cfg := js.Global().Get("lastPC").Get("cfg")
	text := js.Global().Get("JSON").Call("stringify", cfg).String()
	var got, want any
	json.Unmarshal([]byte(text), &got)
	json.Unmarshal([]byte(`{"iceServers":[{"urls":["stun:a.example:3478"]},{"credential":"c","urls":["turn:b.example:3478","turns:b.example:5349"],"username":"u"}],"iceTransportPolicy":"all"}`), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("configuration %s, want %v", text, want)
	}
	if err := pc.SetConfiguration(Config{}); err != nil {
		t.Fatal(err)
	}
}

// Messages arrive in order, as bytes, whether ArrayBuffer, Uint8Array or
// text; a Blob is dropped. The open handler runs once, even when the
// channel was open before it was set; sends reach the channel.
func TestChannel(t *testing.T) {
	pc := newFake(t, Config{})
	dcs := make(chan *DataChannel, 1)
	pc.OnDataChannel(func(dc *DataChannel) { dcs <- dc })
	ch := js.Global().Get("FakeChannel").New("gygy")
	fire(pc.v, "ondatachannel", map[string]any{"channel": ch}, map[string]any{"channel": nil}, js.Undefined())
	dc := recv(t, dcs, 1)[0]
	if bt := ch.Get("binaryType").String(); bt != "arraybuffer" {
		t.Errorf("binaryType %q", bt)
	}
	events := make(chan string, 256)
	ch.Set("readyState", "open")
	dc.OnOpen(func() { events <- "open" })
	dc.OnClose(func() { events <- "close" })
	dc.OnMessage(func(b []byte) { events <- string(b) })
	var msgs []any
	var want []string
	u8 := js.Global().Get("Uint8Array")
	for i := range 100 {
		s := fmt.Sprint(i)
		want = append(want, s)
		a := u8.New(len(s))
		js.CopyBytesToJS(a, []byte(s))
		switch i % 3 {
		case 0:
			msgs = append(msgs, map[string]any{"data": a.Get("buffer")})
		case 1:
			msgs = append(msgs, map[string]any{"data": a})
		default:
			msgs = append(msgs, map[string]any{"data": s})
		}
		if i == 50 {
			msgs = append(msgs, map[string]any{"data": js.Global().Get("Object").New()}, js.Null())
		}
	}
	fire(ch, "onopen", js.Undefined())
	fire(ch, "onmessage", msgs...)
	fire(ch, "onclose", js.Undefined())
	want = append(append([]string{"open"}, want...), "close")
	if got := recv(t, events, len(want)); !slices.Equal(got, want) {
		t.Errorf("events\n%q\nwant\n%q", got, want)
	}
	if err := dc.Send([]byte("hi")); err != nil {
		t.Fatal(err)
	}
	if sent := js.Global().Get("JSON").Call("stringify", ch.Get("sent")).String(); sent != "[[104,105]]" {
		t.Errorf("sent %s", sent)
	}
	ch.Set("readyState", "closed")
	if err := dc.Send([]byte("hi")); err == nil || !strings.Contains(err.Error(), "InvalidStateError") {
		t.Errorf("a send on a closed channel: %v", err)
	}
}

// Close unsets every handler, of the connection and of its channels, so
// that the browser's later events reach none; it ends a wait that the
// browser would never end, and a second Close does nothing.
func TestClose(t *testing.T) {
	pc := newFake(t, Config{})
	dc, err := pc.CreateDataChannel("gygy")
	if err != nil {
		t.Fatal(err)
	}
	calls := make(chan string, 8)
	pc.OnICECandidate(func(*Candidate) { calls <- "candidate" })
	pc.OnConnectionStateChange(func(s ConnState) { calls <- string(s) })
	dc.OnMessage(func([]byte) { calls <- "message" })
	dc.OnOpen(func() { calls <- "open" })
	js.Global().Get("lastPC").Set("hang", true)
	hanging := make(chan bool, 1)
	hook := js.FuncOf(func(js.Value, []js.Value) any { hanging <- true; return nil })
	defer hook.Release()
	js.Global().Set("hanging", hook)
	waited := make(chan error, 1)
	go func() {
		_, err := pc.CreateAnswer()
		waited <- err
	}()
	recv(t, hanging, 1) // the browser holds the promise
	if err := pc.Close(); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, waited, 1)[0]; !errors.Is(err, ErrClosed) {
		t.Errorf("a wait cut short by Close: %v", err)
	}
	fake := js.Global().Get("lastPC")
	ch := fake.Get("channels").Index(0)
	for _, h := range []struct {
		obj  js.Value
		name string
	}{{fake, "onicecandidate"}, {fake, "onconnectionstatechange"}, {ch, "onmessage"}, {ch, "onopen"}} {
		if !h.obj.Get(h.name).IsNull() {
			t.Errorf("%s still set after Close", h.name)
		}
	}
	dc.OnClose(func() { calls <- "close" })
	if !ch.Get("onclose").IsUndefined() {
		t.Error("a handler set after Close")
	}
	if _, err := pc.CreateDataChannel("again"); err == nil {
		t.Error("a data channel on a closed connection")
	}
	if err := pc.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if st := pc.ConnectionState(); st != ConnClosed {
		t.Errorf("state %q after Close", st)
	}
	// The browser's late events find no handler (a released one would
	// stop the program); the sentinel fires after them.
	fire(fake, "onicecandidate", js.Null())
	fire(ch, "onmessage", map[string]any{"data": "late"})
	after := make(chan bool, 1)
	sentinel := js.FuncOf(func(js.Value, []js.Value) any { after <- true; return nil })
	defer sentinel.Release()
	fire(js.ValueOf(map[string]any{"f": sentinel}), "f", true)
	recv(t, after, 1)
	if len(calls) != 0 {
		t.Errorf("%d handlers ran", len(calls))
	}
}
