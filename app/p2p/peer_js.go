//go:build js

package p2p

import "gygy/app/p2p/rtc"

// newAPI in the browser: RTCPeerConnection has no network options to set.
func newAPI(Config) *rtc.API { return rtc.NewAPI() }
