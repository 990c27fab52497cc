package match

import "gygy/app/conn"

// Transport carries frames to the other side: a p2p.Peer or p2p.CodePeer
// in the app, a pipe in tests. Send must not call back into the Match. A
// frame it fails to send is not lost for good: the syncs after the next
// Connected recover it.
type Transport interface {
	Send(frame []byte) error
}

// Handlers receive what a link (a p2p.Peer or p2p.CodePeer) reports: the
// connection's state and each frame from the other side, in the order
// they happened, one at a time, from the link's own goroutine and never
// from inside a pion or JavaScript callback, so they may call the link's
// Send and the Match freely. That goroutine also runs the connection, so
// they should not block long, and must not call the link's Close.
type Handlers struct {
	OnState func(conn.State)
	OnFrame func([]byte)
}

// Drive joins a Match to a link: Connected on every opening of the
// channel, Disconnected on every other state, each frame to Receive.
// onEvent and onState (either may be nil) see what happened, on the
// link's goroutine.
func Drive(m *Match, onEvent func(Event, error), onState func(conn.State)) Handlers {
	return Handlers{
		OnState: func(s conn.State) {
			if s == conn.Connected {
				m.Connected()
			} else {
				m.Disconnected()
			}
			if onState != nil {
				onState(s)
			}
		},
		OnFrame: func(b []byte) {
			ev, err := m.Receive(b)
			if onEvent != nil {
				onEvent(ev, err)
			}
		},
	}
}
