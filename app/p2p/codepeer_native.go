//go:build !js

package p2p

import (
	"crypto/rand"
	"time"

	"github.com/pion/webrtc/v4"

	"gygy/app/p2p/rtc"
)

// tuning changes a native peer's network settings, for tests.
type tuning = func(*webrtc.SettingEngine)

// newCodeAPI sets up pion natively for a pairing by codes: the shortest
// ICE credentials the standard allows, as a browser makes them, so that
// the codes are as short; and a minute for the answering side's checks,
// which cannot succeed until the other device has read the answer.
func newCodeAPI(cfg CodeConfig) *rtc.API {
	se := settings(cfg.Loopback, 5*time.Second, 55*time.Second)
	se.SetICECredentials(iceString(4), iceString(22))
	if cfg.tune != nil {
		cfg.tune(se)
	}
	return rtc.NewAPI(*se)
}

// iceString returns n random ice-chars (RFC 8839: letters, digits, + and /).
func iceString(n int) string {
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = chars[b[i]&63]
	}
	return string(b)
}
