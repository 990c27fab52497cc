//go:build !js

package p2p

import (
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"

	"gygy/app/p2p/rtc"
)

// newAPI sets up pion's network options natively; the browser has its
// own and ignores them (see peer_js.go).
func newAPI(cfg Config) *rtc.API {
	// Notice a dead connection in seconds rather than pion's default
	// half-minute, so that a reconnection starts while the player waits.
	se := settings(cfg.Loopback, 3*time.Second, 6*time.Second)
	if cfg.RelayOnly {
		// Every candidate is a relay: take the first pair that works
		// rather than wait two seconds for a better one, which an ICE
		// restart (renew.go) would spend without a path.
		se.SetRelayAcceptanceMinWait(0)
	}
	return rtc.NewAPI(*se)
}

// settings are a native peer's network options: ICE's timeouts, with a
// keep-alive every second, and for tests the loopback interface only
// (UDP4, no mDNS).
func settings(loopback bool, disconnected, failed time.Duration) *webrtc.SettingEngine {
	se := &webrtc.SettingEngine{}
	se.SetICETimeouts(disconnected, failed, time.Second)
	if loopback {
		se.SetIncludeLoopbackCandidate(true)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
		se.SetInterfaceFilter(func(name string) bool { return name == "lo" })
	}
	return se
}
