//go:build !js

package p2p

// watchWake: natively the program calls Wake itself; nothing to watch.
func (p *Peer) watchWake() (stop func()) { return func() {} }
