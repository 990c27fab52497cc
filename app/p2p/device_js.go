//go:build js

package p2p

import (
	"crypto/rand"
	"encoding/base64"
	"syscall/js"
)

// deviceKey is where the browser keeps this device's name for the hub,
// apart from any game, so that leaving a game or losing its save does not
// lose the seat.
const deviceKey = "gygy.device"

// defaultDevice is this browser's name for the hub (Config.Device when
// none is given): 128 random bits kept in localStorage, made the first
// time. A browser that refuses localStorage has none, and the seat's
// token alone counts.
func defaultDevice() (id string) {
	defer func() {
		if recover() != nil { // localStorage may throw (privacy settings)
			id = ""
		}
	}()
	store := js.Global().Get("localStorage")
	if store.IsUndefined() || store.IsNull() {
		return ""
	}
	if v := store.Call("getItem", deviceKey); v.Type() == js.TypeString && len(v.String()) >= 16 {
		return v.String()
	}
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	id = base64.RawURLEncoding.EncodeToString(b[:])
	store.Call("setItem", deviceKey, id)
	return id
}
