//go:build js

package p2p

import "github.com/pion/webrtc/v4"

// newAPI in the browser: RTCPeerConnection has no network options to set.
func newAPI(Config) *webrtc.API { return webrtc.NewAPI() }
