//go:build js

package p2p

import "github.com/pion/webrtc/v4"

// newCodeAPI in the browser: RTCPeerConnection makes its own credentials
// and keeps its own timeouts.
func newCodeAPI(CodeConfig) *webrtc.API { return webrtc.NewAPI() }
