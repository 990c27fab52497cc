// Package rtc is the little of WebRTC that package p2p uses: a peer
// connection with one reliable, ordered data channel, trickle ICE, state
// callbacks, ICE restarts and STUN/TURN servers. Natively it is pion
// (rtc_native.go); in the browser it calls RTCPeerConnection and
// RTCDataChannel directly (rtc_js.go), so that app.wasm links none of
// pion's ICE, DTLS and SCTP code, which the browser has already. Both
// builds have the same types and methods ([Conn] and [Channel] say which,
// and when their handlers may be called).
package rtc

import "errors"

// ErrClosed reports a call on a closed peer connection (in the browser,
// also a wait that its closing cut short).
var ErrClosed = errors.New("rtc: the peer connection is closed")

// SDPType is the type of a session description.
type SDPType string

// The two types p2p exchanges.
const (
	Offer  SDPType = "offer"
	Answer SDPType = "answer"
)

// Description is a session description, in the form of the browser's
// RTCSessionDescriptionInit (and of pion's JSON).
type Description struct {
	Type SDPType `json:"type"`
	SDP  string  `json:"sdp"`
}

// Candidate is an ICE candidate, in the form of the browser's
// RTCIceCandidateInit (and of pion's JSON): what goes over the hub.
type Candidate struct {
	Candidate        string  `json:"candidate"`
	SDPMid           *string `json:"sdpMid"`
	SDPMLineIndex    *uint16 `json:"sdpMLineIndex"`
	UsernameFragment *string `json:"usernameFragment"`
}

// ICEServer is a STUN or TURN server; a TURN server needs the username
// and credential.
type ICEServer struct {
	URLs                 []string
	Username, Credential string
}

// Config is a peer connection's configuration.
type Config struct {
	ICEServers []ICEServer
	// RelayOnly gathers relay candidates only (iceTransportPolicy "relay").
	RelayOnly bool
}

// ConnState is the state of a peer connection (RTCPeerConnectionState).
type ConnState string

// The states of a peer connection.
const (
	ConnNew          ConnState = "new"
	ConnConnecting   ConnState = "connecting"
	ConnConnected    ConnState = "connected"
	ConnDisconnected ConnState = "disconnected"
	ConnFailed       ConnState = "failed"
	ConnClosed       ConnState = "closed"
)

// ICEState is the state of ICE (RTCIceConnectionState).
type ICEState string

// The ICE states p2p looks for.
const (
	ICEConnected ICEState = "connected"
	ICECompleted ICEState = "completed"
)

// GatheringState is the state of candidate gathering (RTCIceGatheringState).
type GatheringState string

// GatheringComplete: every candidate of the current gathering is found.
const GatheringComplete GatheringState = "complete"

// SignalingState is the state of the offer and answer exchange
// (RTCSignalingState).
type SignalingState string

// SignalingStable: no offer is outstanding.
const SignalingStable SignalingState = "stable"

// Conn is what a *PeerConnection does, in both builds.
//
// The handlers (of Conn and of Channel) are called where the events
// happen: in the browser, inside the browser's own callback, in the order
// it fired its events; natively, on pion's goroutines. They must hand the
// event over and return (package p2p pushes it on its peer's queue): a
// handler that blocks stalls the browser's event loop, and one that calls
// a method that waits for a promise (CreateOffer, CreateAnswer,
// SetLocalDescription, SetRemoteDescription, AddICECandidate) never
// returns, since the browser settles it only once the callback has
// returned. Those methods may be called from any other goroutine; the
// others from anywhere.
type Conn interface {
	// OnICECandidate sets the handler of each local candidate found;
	// nil means gathering is done.
	OnICECandidate(func(*Candidate))
	// OnConnectionStateChange sets the handler of the connection's state.
	OnConnectionStateChange(func(ConnState))
	// OnDataChannel sets the handler of a data channel the other side made.
	OnDataChannel(func(*DataChannel))
	// CreateDataChannel makes a reliable, ordered data channel; the
	// offerer makes it before its offer, so that the offer includes it.
	CreateDataChannel(label string) (*DataChannel, error)
	// CreateOffer makes an offer; iceRestart asks for new ICE credentials
	// and a new gathering while the data channel carries on.
	CreateOffer(iceRestart bool) (Description, error)
	CreateAnswer() (Description, error)
	SetLocalDescription(Description) error
	SetRemoteDescription(Description) error
	// LocalDescription is the current local description, with the
	// candidates gathered so far; nil before SetLocalDescription.
	LocalDescription() *Description
	AddICECandidate(Candidate) error
	// SetConfiguration changes the ICE servers (and policy) for the next
	// gathering.
	SetConfiguration(Config) error
	ConnectionState() ConnState
	ICEConnectionState() ICEState
	ICEGatheringState() GatheringState
	SignalingState() SignalingState
	// Close closes the connection and its data channels; no handler of
	// theirs is called after it returns (natively: pion's last calls may
	// still be under way).
	Close() error
}

// Channel is what a *DataChannel does, in both builds.
type Channel interface {
	// OnOpen sets the handler of the channel's opening (called at most once).
	OnOpen(func())
	OnClose(func())
	// OnMessage sets the handler of each message; the bytes are its to keep.
	OnMessage(func([]byte))
	Send([]byte) error
}

var (
	_ Conn    = (*PeerConnection)(nil)
	_ Channel = (*DataChannel)(nil)
)
