//go:build !js

package p2p

import (
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// newAPI sets up pion's network options natively; the browser has its
// own and ignores them (see peer_js.go).
func newAPI(cfg Config) *webrtc.API {
	var se webrtc.SettingEngine
	// Notice a dead connection in seconds rather than pion's default
	// half-minute, so that a reconnection starts while the player waits.
	se.SetICETimeouts(3*time.Second, 6*time.Second, time.Second)
	if cfg.Loopback {
		loopbackOnly(&se)
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}

// loopbackOnly keeps a peer on the loopback interface, UDP4, no mDNS.
func loopbackOnly(se *webrtc.SettingEngine) {
	se.SetIncludeLoopbackCandidate(true)
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	se.SetInterfaceFilter(func(name string) bool { return name == "lo" })
}
