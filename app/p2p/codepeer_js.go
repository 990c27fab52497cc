//go:build js

package p2p

import "gygy/app/p2p/rtc"

// tuning: the browser has no network settings for a test to tune.
type tuning = func()

// newCodeAPI in the browser: RTCPeerConnection makes its own credentials
// and keeps its own timeouts.
func newCodeAPI(CodeConfig) *rtc.API { return rtc.NewAPI() }
