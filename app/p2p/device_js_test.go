//go:build js

package p2p

import (
	"syscall/js"
	"testing"
)

// The browser's device name is made once and kept in localStorage; with
// no localStorage there is none.
func TestDefaultDeviceIsKept(t *testing.T) {
	kept := map[string]string{}
	store := js.Global().Get("Object").New()
	store.Set("getItem", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if v, ok := kept[args[0].String()]; ok {
			return v
		}
		return js.Null()
	}))
	store.Set("setItem", js.FuncOf(func(_ js.Value, args []js.Value) any {
		kept[args[0].String()] = args[1].String()
		return nil
	}))
	js.Global().Set("localStorage", store)
	a := defaultDevice()
	if len(a) < 16 || kept[deviceKey] != a || defaultDevice() != a {
		t.Fatalf("device %q, kept %q: want one name, kept", a, kept)
	}
	if NewPeer(Config{}).cfg.Device != a {
		t.Error("a peer does not name the device")
	}
	js.Global().Set("localStorage", js.Null())
	if d := defaultDevice(); d != "" {
		t.Errorf("no localStorage: device %q", d)
	}
}
