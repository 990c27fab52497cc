package board

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/engine/gyges"
)

// A half-made setup survives a reload of the page: the draft is kept in
// the tab's session storage under the setup it belongs to (the side and
// the position so far), read back when that setup is drawn again, and
// forgotten once confirmed. Session storage, not local: the draft belongs
// to this tab's game, and a new tab starts afresh.

const draftStoreKey = "gygy.gyges-draft"

// draftStore reads and writes the kept draft; nil outside a browser.
var draftStore = func() app.Value {
	if !app.IsClient {
		return nil
	}
	s := app.Window().Get("sessionStorage")
	if !s.Truthy() {
		return nil
	}
	return s
}

// loadDraft returns the draft kept for the setup key, if any.
func loadDraft(key string) (gyges.Layout, bool) {
	var l gyges.Layout
	s := draftStore()
	if s == nil {
		return l, false
	}
	v := s.Call("getItem", draftStoreKey)
	if !v.Truthy() {
		return l, false
	}
	k, digits, ok := strings.Cut(v.String(), "|")
	if !ok || k != key || len(digits) != len(l) {
		return l, false
	}
	for i, c := range digits {
		if c < '0' || c > '3' {
			return gyges.Layout{}, false
		}
		l[i] = int8(c - '0')
	}
	return l, true
}

// saveDraft keeps the draft for the setup key; an empty draft is forgotten.
func saveDraft(key string, l gyges.Layout) {
	s := draftStore()
	if s == nil {
		return
	}
	if l == (gyges.Layout{}) {
		s.Call("removeItem", draftStoreKey)
		return
	}
	var b strings.Builder
	for _, size := range l {
		b.WriteByte(byte('0' + size))
	}
	s.Call("setItem", draftStoreKey, key+"|"+b.String())
}
