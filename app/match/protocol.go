package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"gygy/engine/clock"
	"gygy/engine/game"
)

// ProtocolVersion is the version of the game protocol. A peer that speaks
// another one is refused with ErrVersion. Version 3 numbers the acts and
// acknowledges them (Frame.Act, Ack, Floor, Game; the ack frame).
const ProtocolVersion = 3

// MaxFrame caps one frame of the game protocol. A sync of the largest GYRE
// board's full record is under 4 KiB.
const MaxFrame = 32 << 10

// Frame types of the game protocol.
const (
	TypeHello          = "hello"           // the game on offer (host) or accepted (guest)
	TypeSetup          = "setup"           // a Gygès layout
	TypeMove           = "move"            // a move in the game's notation
	TypeSwap           = "swap"            // GYRE's swap decision
	TypeResign         = "resign"          // the sender gives up
	TypeEnd            = "end"             // the sender ends the game off the board: Ended (a claim, its own flag, an abort)
	TypeUndoRequest    = "undo_request"    // take back the last action?
	TypeUndoAnswer     = "undo_answer"     // Accept says yes or no
	TypeRematchRequest = "rematch_request" // another game, sides swapped?
	TypeRematchAnswer  = "rematch_answer"  // Accept says yes or no
	TypeSync           = "sync"            // the sender's full record and its hash
	TypePing           = "ping"            // answer with pong and the same nonce
	TypePong           = "pong"
	TypeAck            = "ack"   // the acts the sender has received: Ack
	TypeError          = "error" // the sender refused a frame: Code and Reason
)

var knownTypes = map[string]bool{
	TypeHello: true, TypeSetup: true, TypeMove: true, TypeSwap: true,
	TypeResign: true, TypeEnd: true, TypeUndoRequest: true, TypeUndoAnswer: true,
	TypeRematchRequest: true, TypeRematchAnswer: true, TypeSync: true,
	TypePing: true, TypePong: true, TypeError: true, TypeAck: true,
}

// isAct reports whether frames of type t are acts: what one side does to
// the game (its actions, ending it, its questions and answers), numbered
// by Frame.Act and kept until the other side acknowledges them.
func isAct(t string) bool {
	switch t {
	case TypeSetup, TypeMove, TypeSwap, TypeResign, TypeEnd, TypeUndoRequest, TypeUndoAnswer, TypeRematchRequest, TypeRematchAnswer:
		return true
	}
	return false
}

// Frame is the envelope of every message on the data channel: the
// protocol version, the type and a sequence number, then the fields of
// that type.
type Frame struct {
	V    int    `json:"v"`
	Type string `json:"type"`
	Seq  uint64 `json:"seq"`
	// Hello is the game: in hello.
	Hello *Hello `json:"hello,omitempty"`
	// Action is a move, swap or setup in the game's notation.
	Action string `json:"action,omitempty"`
	// Ply is the number of actions in the record before Action (setup,
	// move, swap), the length of the record an undo request is about, or
	// in ping and pong the length of the sender's record.
	Ply int `json:"ply"`
	// Hash is the state hash after Action, of Record in sync, or in ping
	// and pong of the sender's state.
	Hash string `json:"hash,omitempty"`
	// Record is the full game record in the engine's notation: in sync.
	Record string `json:"record,omitempty"`
	// Want asks the receiver of a sync to answer with its own.
	Want bool `json:"want,omitempty"`
	// Ended is, in end and in sync, how the game ended off the board
	// (resignation, time, abandonment, abort), if it did: an ending whose
	// frame was lost in a drop is known again after the reconnect.
	Ended *game.Result `json:"ended,omitempty"`
	// Think is, in setup, move and swap, how long the sender thought, in
	// milliseconds (timed games): both sides charge the sender's clock
	// with it, so that they agree on the time left. In ping and pong from
	// the side to act it is how long its turn under way has run, by its
	// own reckoning, so that both sides show the same time (a peer that
	// does not read it ignores it).
	Think int64 `json:"think,omitempty"`
	// Clock is, in sync, both clocks ("5+3 300000 297000"; see clock.Clock).
	Clock string `json:"clock,omitempty"`
	// Accept answers an undo or a rematch request.
	Accept bool `json:"accept,omitempty"`
	// Nonce pairs a pong with its ping.
	Nonce int64 `json:"nonce,omitempty"`
	// Act is, in an act, its number on the sender's side (1, 2, …, across
	// connections and reloads); in hello, ping and pong, how many acts the
	// sender has sent.
	Act uint64 `json:"act,omitempty"`
	// Ack is, in every frame, how many of the receiver's acts the sender
	// has received: the receiver forgets those.
	Ack uint64 `json:"ack,omitempty"`
	// Floor is, in hello, ping and pong, the last of the sender's acts it
	// will not send again (the receiver acknowledged them): a receiver that lost its count (a lost save) takes it
	// up from there, the record's sync bringing what it missed.
	Floor uint64 `json:"floor,omitempty"`
	// Game is the number of the game in this match (0, then one more per
	// rematch): an act or a sync of another game is not applied to this
	// one. A rematch answer carries the game it answers about.
	Game int `json:"game,omitempty"`
	// Code and Reason explain an error.
	Code   string `json:"code,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Hello describes a game on offer: what the guest sees before accepting.
// On the wire it is {"game", "size", "variant", "app", "host"}: the game's
// spec in three words (game.SpecOf), the sender's app version (for
// information) and the seat the host plays.
type Hello struct {
	Spec  game.Spec
	Clock clock.Control // none, or e.g. 5+3
	App   string
	Host  game.Seat // One or Two
}

// helloWire is Hello's form on the wire and in saved games.
type helloWire struct {
	Game    string        `json:"game"`              // "gyre" or "gyges"
	Variant string        `json:"variant,omitempty"` // GYRE: "", "noswap" or "opening<K>"; Gygès: "standard" or "nodisplace"
	Size    string        `json:"size,omitempty"`    // GYRE only, e.g. "7x14"
	Clock   clock.Control `json:"clock,omitempty"`   // "" for none, or e.g. "5+3"
	App     string        `json:"app,omitempty"`
	Host    game.Seat     `json:"host"`
}

// MarshalJSON writes the hello's wire form.
func (h Hello) MarshalJSON() ([]byte, error) {
	return json.Marshal(helloWire{Game: h.Spec.Kind.String(), Variant: h.Spec.Variant(), Size: h.Spec.SizeText(), Clock: h.Clock, App: h.App, Host: h.Host})
}

// UnmarshalJSON reads the wire form strictly (no unknown fields) and
// checks the game it names.
func (h *Hello) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var w helloWire
	if err := dec.Decode(&w); err != nil {
		return err
	}
	spec, err := game.SpecOf(w.Game, w.Size, w.Variant)
	if err != nil {
		return err
	}
	*h = Hello{Spec: spec, Clock: w.Clock, App: w.App, Host: w.Host}
	return nil
}

// same reports whether two hellos describe the same game (app versions
// may differ).
func (h Hello) same(o Hello) bool { return h.Spec == o.Spec && h.Clock == o.Clock && h.Host == o.Host }

// Errors of the game protocol. Receive wraps them with the reason.
var (
	// ErrProtocol reports a frame that cannot be read: too big, not JSON,
	// an unknown field or type, a missing field.
	ErrProtocol = errors.New("p2p: protocol error")
	// ErrVersion reports a peer speaking another protocol version.
	ErrVersion = errors.New("p2p: wrong protocol version")
	// ErrRejected reports a well-formed frame refused by the rules or the
	// state of the match: an illegal move, a move out of turn, an answer
	// to no request. Nothing was applied.
	ErrRejected = errors.New("p2p: rejected")
	// ErrFlood reports a peer sending faster than the match allows; the
	// frame was dropped.
	ErrFlood = errors.New("p2p: too many frames")
	// ErrDiverged reports records that could not be reconciled; the match
	// has stopped.
	ErrDiverged = errors.New("p2p: records diverged")
	// ErrState reports a local call the match's state does not allow.
	ErrState = errors.New("p2p: not now")
)

// Error codes sent in error frames, one per sentinel error.
const (
	codeProtocol = "protocol"
	codeVersion  = "version"
	codeRejected = "rejected"
	codeFlood    = "flood"
	codeDiverged = "diverged"
)

// PeerError is the peer's refusal of one of this side's frames, as its
// error frame tells it: the code names one of this package's errors, which
// errors.Is finds through it (ErrProtocol for a code this side does not
// know); Reason is the peer's own words, for logs only, never to show.
type PeerError struct {
	Code, Reason string
}

func (e *PeerError) Error() string { return fmt.Sprintf("%.20s: %.200s", e.Code, e.Reason) }

// Unwrap is the error the code names.
func (e *PeerError) Unwrap() error {
	switch e.Code {
	case codeVersion:
		return ErrVersion
	case codeFlood:
		return ErrFlood
	case codeDiverged:
		return ErrDiverged
	case codeRejected:
		return ErrRejected
	}
	return ErrProtocol
}

// Encode writes a frame, stamping the protocol version.
func Encode(f Frame) ([]byte, error) {
	f.V = ProtocolVersion
	data, err := json.Marshal(f)
	if err != nil {
		return nil, fmt.Errorf("p2p: encode %s: %w", f.Type, err)
	}
	if len(data) > MaxFrame {
		return nil, fmt.Errorf("%w: %s frame of %d bytes exceeds %d", ErrProtocol, f.Type, len(data), MaxFrame)
	}
	return data, nil
}

// Decode reads one frame strictly: a size cap, the version checked first,
// no unknown fields, a known type and the fields that type needs.
func Decode(data []byte) (Frame, error) {
	if len(data) > MaxFrame {
		return Frame{}, fmt.Errorf("%w: frame of %d bytes exceeds %d", ErrProtocol, len(data), MaxFrame)
	}
	var head struct {
		V    int    `json:"v"`
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Frame{}, fmt.Errorf("%w: frame is not a JSON object: %v", ErrProtocol, err)
	}
	if head.V != ProtocolVersion {
		return Frame{}, fmt.Errorf("%w: the other device speaks version %d, this one %d: update the older app and reload it", ErrVersion, head.V, ProtocolVersion)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f Frame
	if err := dec.Decode(&f); err != nil {
		return Frame{}, fmt.Errorf("%w: %s frame: %v", ErrProtocol, head.Type, err)
	}
	if !knownTypes[f.Type] {
		return Frame{}, fmt.Errorf("%w: unknown frame type %.40q", ErrProtocol, f.Type)
	}
	if f.Seq == 0 {
		return Frame{}, fmt.Errorf("%w: %s frame without seq", ErrProtocol, f.Type)
	}
	if f.Think < 0 || f.Think > maxThink.Milliseconds() {
		return Frame{}, fmt.Errorf("%w: %s frame with a think time of %d ms", ErrProtocol, f.Type, f.Think)
	}
	if f.Ply < 0 {
		return Frame{}, fmt.Errorf("%w: %s frame with ply %d", ErrProtocol, f.Type, f.Ply)
	}
	if f.Game < 0 {
		return Frame{}, fmt.Errorf("%w: %s frame of game %d", ErrProtocol, f.Type, f.Game)
	}
	switch f.Type {
	case TypeHello:
		if f.Hello == nil {
			return Frame{}, fmt.Errorf("%w: hello without the game", ErrProtocol)
		}
	case TypeSetup, TypeMove, TypeSwap:
		if f.Action == "" || len(f.Action) > 32 {
			return Frame{}, fmt.Errorf("%w: %s frame with action %.40q", ErrProtocol, f.Type, f.Action)
		}
	case TypeSync:
		if f.Record == "" {
			return Frame{}, fmt.Errorf("%w: sync without a record", ErrProtocol)
		}
	case TypeEnd:
		if f.Ended == nil || !f.Ended.Method.OffBoard() {
			return Frame{}, fmt.Errorf("%w: end frame without an ending off the board", ErrProtocol)
		}
	}
	return f, nil
}
