//go:build !js

package p2p

// defaultDevice natively: no device name unless Config.Device gives one.
func defaultDevice() string { return "" }
