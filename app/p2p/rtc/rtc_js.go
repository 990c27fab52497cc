//go:build js && wasm

package rtc

import (
	"errors"
	"sync"
	"syscall/js"
)

// API makes the browser's peer connections; the browser keeps its own
// network options.
type API struct{}

// NewAPI returns the browser's API.
func NewAPI() *API { return &API{} }

// PeerConnection is the browser's RTCPeerConnection.
type PeerConnection struct {
	v    js.Value
	gone chan struct{} // closed by Close: waits give up

	mu       sync.Mutex // never held while JavaScript may call back
	handlers []handler  // on the connection and its channels, released by Close
	closed   bool
}

// handler is a Go function set as an event handler property of a
// JavaScript object.
type handler struct {
	obj  js.Value
	name string
	fn   js.Func
}

// NewPeerConnection makes an RTCPeerConnection.
func (*API) NewPeerConnection(c Config) (pc *PeerConnection, err error) {
	ctor := js.Global().Get("RTCPeerConnection")
	if ctor.Type() != js.TypeFunction {
		return nil, errors.New("rtc: this browser has no WebRTC (RTCPeerConnection)")
	}
	var v js.Value
	if err := try(func() { v = ctor.New(configValue(c)) }); err != nil {
		return nil, err
	}
	return &PeerConnection{v: v, gone: make(chan struct{})}, nil
}

// on sets obj's event handler property name to a function that passes
// the event to read. read runs inside the browser's callback: it reads
// the event and calls the handler there and then, which must only hand
// the event over (see Conn). A closed connection sets nothing.
func (p *PeerConnection) on(obj js.Value, name string, read func(ev js.Value)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := js.Undefined()
		if len(args) > 0 {
			ev = args[0]
		}
		try(func() { read(ev) }) // an odd event is dropped, never a panic
		return nil
	})
	if err := try(func() { obj.Set(name, fn) }); err != nil {
		fn.Release() // not an object after all: nothing will call it
		return
	}
	for i, h := range p.handlers {
		if h.name == name && h.obj.Equal(obj) {
			h.fn.Release() // JavaScript no longer holds it
			p.handlers[i].fn = fn
			return
		}
	}
	p.handlers = append(p.handlers, handler{obj: obj, name: name, fn: fn})
}

// OnICECandidate sets the handler of each local candidate; nil at the end.
func (p *PeerConnection) OnICECandidate(f func(*Candidate)) {
	p.on(p.v, "onicecandidate", func(ev js.Value) {
		f(candidateOf(field(ev, "candidate")))
	})
}

// OnConnectionStateChange sets the handler of the connection's state.
func (p *PeerConnection) OnConnectionStateChange(f func(ConnState)) {
	p.on(p.v, "onconnectionstatechange", func(js.Value) { f(p.ConnectionState()) })
}

// OnDataChannel sets the handler of a data channel the other side made.
func (p *PeerConnection) OnDataChannel(f func(*DataChannel)) {
	p.on(p.v, "ondatachannel", func(ev js.Value) {
		ch := field(ev, "channel")
		if ch.Type() != js.TypeObject {
			return
		}
		f(p.channel(ch))
	})
}

// CreateDataChannel makes a reliable, ordered data channel.
func (p *PeerConnection) CreateDataChannel(label string) (*DataChannel, error) {
	var ch js.Value
	if err := try(func() { ch = p.v.Call("createDataChannel", label) }); err != nil {
		return nil, err
	}
	return p.channel(ch), nil
}

// CreateOffer makes an offer, with new ICE credentials if iceRestart.
func (p *PeerConnection) CreateOffer(iceRestart bool) (Description, error) {
	opts := js.Undefined()
	if iceRestart {
		opts = js.ValueOf(map[string]any{"iceRestart": true})
	}
	return p.describe("createOffer", opts)
}

// CreateAnswer answers the remote offer.
func (p *PeerConnection) CreateAnswer() (Description, error) {
	return p.describe("createAnswer", js.Undefined())
}

func (p *PeerConnection) describe(method string, opts js.Value) (Description, error) {
	v, err := p.await(method, opts)
	if err != nil {
		return Description{}, err
	}
	d := descriptionOf(v)
	if d == nil {
		return Description{}, errors.New("rtc: " + method + " gave no description")
	}
	return *d, nil
}

// SetLocalDescription applies a description this side made.
func (p *PeerConnection) SetLocalDescription(d Description) error {
	_, err := p.await("setLocalDescription", descriptionValue(d))
	return err
}

// SetRemoteDescription applies the other side's description.
func (p *PeerConnection) SetRemoteDescription(d Description) error {
	_, err := p.await("setRemoteDescription", descriptionValue(d))
	return err
}

// LocalDescription is the local description with its candidates, or nil.
func (p *PeerConnection) LocalDescription() *Description {
	return descriptionOf(field(p.v, "localDescription"))
}

// AddICECandidate adds a candidate of the other side.
func (p *PeerConnection) AddICECandidate(c Candidate) error {
	_, err := p.await("addIceCandidate", candidateValue(c))
	return err
}

// SetConfiguration changes the ICE servers and policy.
func (p *PeerConnection) SetConfiguration(c Config) error {
	return try(func() { p.v.Call("setConfiguration", configValue(c)) })
}

// ConnectionState is the connection's state.
func (p *PeerConnection) ConnectionState() ConnState {
	return ConnState(str(field(p.v, "connectionState")))
}

// ICEConnectionState is ICE's state.
func (p *PeerConnection) ICEConnectionState() ICEState {
	return ICEState(str(field(p.v, "iceConnectionState")))
}

// ICEGatheringState is the gathering's state.
func (p *PeerConnection) ICEGatheringState() GatheringState {
	return GatheringState(str(field(p.v, "iceGatheringState")))
}

// SignalingState is the signalling state.
func (p *PeerConnection) SignalingState() SignalingState {
	return SignalingState(str(field(p.v, "signalingState")))
}

// Close closes the connection and its channels: their handlers are
// unset first, so that none runs after, then released.
func (p *PeerConnection) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	hs := p.handlers
	p.handlers = nil
	p.mu.Unlock()
	for _, h := range hs {
		try(func() { h.obj.Set(h.name, js.Null()) })
	}
	err := try(func() { p.v.Call("close") })
	for _, h := range hs {
		h.fn.Release()
	}
	close(p.gone)
	return err
}

// await calls method, which returns a promise, and waits for it without
// blocking the browser: the promise's callbacks only hand the outcome
// over, and release themselves. If the connection closes first, the wait
// ends with ErrClosed (a closed connection may never settle it).
func (p *PeerConnection) await(method string, arg js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	done := make(chan outcome, 1) // one of the two callbacks, once
	var ok, fail js.Func
	settle := func(o outcome) {
		done <- o
		ok.Release()
		fail.Release()
	}
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		settle(outcome{v: first(args)})
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		settle(outcome{err: jsError(method, first(args))})
		return nil
	})
	if err := try(func() { p.v.Call(method, arg).Call("then", ok, fail) }); err != nil {
		ok.Release()
		fail.Release()
		return js.Undefined(), err
	}
	select {
	case o := <-done:
		return o.v, o.err
	case <-p.gone:
		return js.Undefined(), ErrClosed
	}
}
