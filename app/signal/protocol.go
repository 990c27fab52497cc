package signal

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Version is the signalling protocol version the hub and the client speak.
// The hub states it in its welcome; a client that speaks another version
// refuses to go on.
const Version = 1

// Message types. The client sends create, join, offer, answer, candidate,
// restart, keepalive and ice; the hub sends welcome, created, joined,
// ready, left, ice, error and reconnect, and relays offer, answer and candidate
// unchanged.
const (
	TypeWelcome   = "welcome"   // hub → client, first message: ICE servers, limits
	TypeCreate    = "create"    // client → hub: make a room and take its first seat
	TypeCreated   = "created"   // hub → client: the room id and the seat's token
	TypeJoin      = "join"      // client → hub: take a seat in a room (token to reclaim one)
	TypeJoined    = "joined"    // hub → client: the seat taken and its token
	TypeReady     = "ready"     // hub → both: the two seats are filled; Offer says who offers
	TypeOffer     = "offer"     // relayed: a session description (opaque payload)
	TypeAnswer    = "answer"    // relayed: a session description (opaque payload)
	TypeCandidate = "candidate" // relayed: a trickle ICE candidate (opaque payload)
	TypeRestart   = "restart"   // client → hub: ask for a fresh negotiation in this epoch
	TypeKeepAlive = "keepalive" // client → hub: keep an idle room alive
	TypeICE       = "ice"       // client → hub: fresh ICE servers, please; hub → client: here they are
	TypeLeft      = "left"      // hub → client: the other peer left (it may come back)
	TypeError     = "error"     // hub → client: why the request failed (sent before closing)
	TypeReconnect = "reconnect" // hub → client: this instance drains; dial again (to another) and take the seat back
)

// Message is the one JSON envelope of the signalling protocol. Which fields
// are set depends on Type; the hub never looks inside Payload.
type Message struct {
	Type string `json:"type"`
	// Room is the room id: in join, created and joined.
	Room string `json:"room,omitempty"`
	// Token reclaims a seat after a drop or a reload: in join (optional),
	// created and joined.
	Token string `json:"token,omitempty"`
	// Device is a secret the device keeps across games: in create and
	// join. A device that lost a seat's token (its game left or its save
	// gone) gets the seat it held back by it, whatever the hub still
	// holds.
	Device string `json:"device,omitempty"`
	// Seat is the seat taken, 0 for the room's creator and 1 for the guest.
	Seat int `json:"seat,omitempty"`
	// Epoch numbers the negotiations in a room: ready announces a new
	// one; offer, answer, candidate and restart carry the epoch they
	// belong to so that stale messages can be dropped.
	Epoch int `json:"epoch,omitempty"`
	// Offer is true in the ready message of the one peer that must make
	// the offer (and create the data channel).
	Offer bool `json:"offer,omitempty"`
	// Payload is the relayed session description or candidate.
	Payload json.RawMessage `json:"payload,omitempty"`
	// Reason explains an error or a departure.
	Reason string `json:"reason,omitempty"`
	// Welcome fields.
	Version    int         `json:"version,omitempty"`
	ICEServers []ICEServer `json:"ice,omitempty"`
	// IdleSeconds is how long a room lives without any message (welcome);
	// a client sends keepalive more often than that.
	IdleSeconds int `json:"idle,omitempty"`
	// ICESeconds is how long the TURN credentials in ICEServers stay
	// valid (welcome and ice); 0 when none expire. A client asks for
	// fresh ones (ice) before then.
	ICESeconds int `json:"ice_ttl,omitempty"`
}

// ICEServer is a STUN or TURN server as the browser's RTCIceServer
// describes it.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`
	Credential string   `json:"credential,omitempty"`
}

// ErrProtocol reports a message that is not valid in the signalling
// protocol.
var ErrProtocol = errors.New("signal: protocol error")

// decode parses one message and checks its type, so that neither side
// acts on a malformed one.
func decode(data []byte) (Message, error) {
	var m Message
	if err := json.Unmarshal(data, &m); err != nil {
		return Message{}, fmt.Errorf("%w: message is not valid JSON: %v", ErrProtocol, err)
	}
	if m.Type == "" {
		return Message{}, fmt.Errorf("%w: message has no type", ErrProtocol)
	}
	return m, nil
}

// ParseICEServers reads ICE servers in the command line's form: each spec
// is a URL, or URL|username|credential for a TURN server, e.g.
// "stun:stun.example.org:3478" or "turn:turn.example.org:3478|gygy|secret".
func ParseICEServers(specs []string) ([]ICEServer, error) {
	var out []ICEServer
	for _, spec := range specs {
		spec = strings.TrimSpace(spec)
		if spec == "" {
			continue
		}
		parts := strings.SplitN(spec, "|", 3)
		url := parts[0]
		turn := strings.HasPrefix(url, "turn:") || strings.HasPrefix(url, "turns:")
		if !turn && !strings.HasPrefix(url, "stun:") && !strings.HasPrefix(url, "stuns:") {
			return nil, fmt.Errorf("signal: ICE server %q: the URL must start with stun:, stuns:, turn: or turns:", url)
		}
		s := ICEServer{URLs: []string{url}}
		if len(parts) > 1 {
			s.Username = parts[1]
		}
		if len(parts) > 2 {
			s.Credential = parts[2]
		}
		if turn && (s.Username == "" || s.Credential == "") {
			return nil, fmt.Errorf("signal: TURN server %q needs a username and a credential (URL|user|credential)", url)
		}
		out = append(out, s)
	}
	return out, nil
}
