// Package conn names the states of the connection to the opponent's
// device. It is neutral ground: the link (package p2p) reports them, the
// game protocol (package match) follows them, and the tables and screens
// (package session and the user interface) show them.
package conn

import "strconv"

// State is the state of the connection to the opponent.
type State int8

// The states of a connection.
const (
	None         State = iota // one device: nothing to connect
	Signalling                // reaching the signalling server
	Waiting                   // for the opponent to (re)join
	Negotiating               // the two devices are connecting
	Connected                 // the data channel is open
	Reconnecting              // the connection dropped; trying again
	Closed                    // for good
)

var names = [...]string{None: "none", Signalling: "signalling", Waiting: "waiting", Negotiating: "negotiating",
	Connected: "connected", Reconnecting: "reconnecting", Closed: "closed"}

// String names the state, for logs and tests.
func (s State) String() string {
	if s < 0 || int(s) >= len(names) {
		return "conn.State(" + strconv.Itoa(int(s)) + ")"
	}
	return names[s]
}
