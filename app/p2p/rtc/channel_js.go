//go:build js && wasm

package rtc

import (
	"errors"
	"fmt"
	"sync/atomic"
	"syscall/js"
)

// DataChannel is the browser's RTCDataChannel. Its handlers belong to
// its peer connection, which releases them when it closes.
type DataChannel struct {
	pc     *PeerConnection
	v      js.Value
	opened atomic.Bool // the open handler was called
}

// channel wraps ch, which delivers its messages as ArrayBuffers.
func (p *PeerConnection) channel(ch js.Value) *DataChannel {
	try(func() { ch.Set("binaryType", "arraybuffer") })
	return &DataChannel{pc: p, v: ch}
}

// OnOpen sets the handler of the channel's opening, called once; at once
// if the channel is open already (a channel the other side made may open
// before its handler is set).
func (d *DataChannel) OnOpen(f func()) {
	d.pc.on(d.v, "onopen", func(js.Value) { d.open(f) })
	if str(field(d.v, "readyState")) == "open" {
		d.open(f)
	}
}

func (d *DataChannel) open(f func()) {
	if d.opened.CompareAndSwap(false, true) {
		f()
	}
}

// OnClose sets the handler of the channel's closing.
func (d *DataChannel) OnClose(f func()) {
	d.pc.on(d.v, "onclose", func(js.Value) { f() })
}

// OnMessage sets the handler of each message: its bytes, or a text
// message's UTF-8; anything else is dropped.
func (d *DataChannel) OnMessage(f func([]byte)) {
	d.pc.on(d.v, "onmessage", func(ev js.Value) {
		if b, ok := bytesOf(field(ev, "data")); ok {
			f(b)
		}
	})
}

// Send writes a message.
func (d *DataChannel) Send(b []byte) error {
	return try(func() {
		a := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(a, b)
		d.v.Call("send", a)
	})
}

// bytesOf reads a message's data: an ArrayBuffer, a Uint8Array, or text.
func bytesOf(v js.Value) ([]byte, bool) {
	if v.Type() == js.TypeString {
		return []byte(v.String()), true
	}
	if v.Type() != js.TypeObject {
		return nil, false
	}
	u8 := js.Global().Get("Uint8Array")
	switch {
	case v.InstanceOf(js.Global().Get("ArrayBuffer")):
		v = u8.New(v)
	case !v.InstanceOf(u8):
		return nil, false // a Blob: not with binaryType arraybuffer
	}
	b := make([]byte, v.Length())
	js.CopyBytesToGo(b, v)
	return b, true
}

// try runs f, turning a JavaScript exception (or any panic of syscall/js
// on an odd value) into an error.
func try(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(js.Error); ok {
				err = jsError("", e.Value)
				return
			}
			err = fmt.Errorf("rtc: %v", r)
		}
	}()
	f()
	return nil
}

// jsError describes a thrown or rejected value: a DOMException's name
// and message, or the value itself.
func jsError(during string, v js.Value) error {
	msg := str(field(v, "message"))
	if name := str(field(v, "name")); name != "" {
		msg = name + ": " + msg
	}
	if msg == "" {
		msg = v.String()
	}
	if during != "" {
		msg = during + ": " + msg
	}
	return errors.New("rtc: " + msg)
}

// field is v[name], or undefined when v is not an object.
func field(v js.Value, name string) js.Value {
	if t := v.Type(); t != js.TypeObject && t != js.TypeFunction {
		return js.Undefined()
	}
	return v.Get(name)
}

// str is v if it is a string, else "".
func str(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// optStr is v if it is a string, else nil.
func optStr(v js.Value) *string {
	if v.Type() != js.TypeString {
		return nil
	}
	s := v.String()
	return &s
}

// optIndex is v if it is a number that fits, else nil.
func optIndex(v js.Value) *uint16 {
	if v.Type() != js.TypeNumber {
		return nil
	}
	f := v.Float()
	if f < 0 || f > 65535 || f != float64(int(f)) {
		return nil
	}
	i := uint16(f)
	return &i
}

func first(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// candidateOf reads an RTCIceCandidate: nil for null (the end of
// gathering) and for an empty candidate (the end of a generation).
func candidateOf(v js.Value) *Candidate {
	c := str(field(v, "candidate"))
	if c == "" {
		return nil
	}
	return &Candidate{Candidate: c, SDPMid: optStr(field(v, "sdpMid")),
		SDPMLineIndex: optIndex(field(v, "sdpMLineIndex")), UsernameFragment: optStr(field(v, "usernameFragment"))}
}

// candidateValue is c as an RTCIceCandidateInit; with neither a mid nor
// an index, the first (the only) media section.
func candidateValue(c Candidate) js.Value {
	o := map[string]any{"candidate": c.Candidate, "sdpMid": nil, "sdpMLineIndex": nil, "usernameFragment": nil}
	if c.SDPMid != nil {
		o["sdpMid"] = *c.SDPMid
	}
	if c.SDPMLineIndex != nil {
		o["sdpMLineIndex"] = int(*c.SDPMLineIndex)
	}
	if c.SDPMid == nil && c.SDPMLineIndex == nil {
		o["sdpMLineIndex"] = 0
	}
	if c.UsernameFragment != nil {
		o["usernameFragment"] = *c.UsernameFragment
	}
	return js.ValueOf(o)
}

// descriptionOf reads an RTCSessionDescription, or nil.
func descriptionOf(v js.Value) *Description {
	if v.Type() != js.TypeObject {
		return nil
	}
	return &Description{Type: SDPType(str(field(v, "type"))), SDP: str(field(v, "sdp"))}
}

func descriptionValue(d Description) js.Value {
	return js.ValueOf(map[string]any{"type": string(d.Type), "sdp": d.SDP})
}

// configValue is c as an RTCConfiguration; servers without a URL are
// left out (the browser refuses them).
func configValue(c Config) js.Value {
	servers := []any{}
	for _, s := range c.ICEServers {
		urls := []any{}
		for _, u := range s.URLs {
			urls = append(urls, u)
		}
		if len(urls) == 0 {
			continue
		}
		o := map[string]any{"urls": urls}
		if s.Username != "" || s.Credential != "" {
			o["username"], o["credential"] = s.Username, s.Credential
		}
		servers = append(servers, o)
	}
	policy := "all"
	if c.RelayOnly {
		policy = "relay"
	}
	return js.ValueOf(map[string]any{"iceServers": servers, "iceTransportPolicy": policy})
}
