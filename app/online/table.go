package online

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/engine/game"
)

// Link is the connection to the other device: a p2p.Peer.
type Link interface {
	// Start joins (or creates) the room and reports states and frames
	// to h until Close; it returns once the room is entered.
	Start(ctx context.Context, h p2p.Handlers) error
	// Room returns the room and this side's seat token, once entered.
	Room() (room, token string, seat int)
	// Send writes a frame to the other device.
	Send(frame []byte) error
	// Err says why the link closed, if it did.
	Err() error
	// Close leaves the room.
	Close() error
}

// Key is where an online game is kept for a reload, apart from the game
// saved at this device.
const Key = "gygy.online"

// Saved is the stored form of an online game: enough to take the same
// seat in the same room after a reload and to resume the game.
type Saved struct {
	Room  string     `json:"room"`
	Token string     `json:"token"`
	Role  p2p.Role   `json:"role"`
	Hello p2p.Hello  `json:"hello"`
	Match *p2p.Saved `json:"saved,omitempty"` // once the game is agreed
}

// Load returns the online game saved in store for room, if there is one.
func Load(store session.Storage, room string) (Saved, bool) {
	var sv Saved
	text, err := store.Get(Key)
	if err != nil || json.Unmarshal([]byte(text), &sv) != nil || sv.Room != room {
		return Saved{}, false
	}
	return sv, true
}

// Config is what a Table needs besides its link.
type Config struct {
	// Store keeps the game for a reload; nil keeps nothing.
	Store session.Storage
	// Run hands a function to the owner's goroutine (the web app's
	// Dispatch). Required: the link reports from its own goroutines.
	Run func(func())
	// Match tunes the p2p match (its rate limit, its clock).
	Match p2p.MatchConfig
	// PingEvery is how often the table pings the other device during the
	// game, so that a frame lost with both sides then waiting is noticed
	// and asked for again (see p2p.Match.Ping). Default 5 s.
	PingEvery time.Duration
}

// defaultPingEvery is Config.PingEvery's default: a lost move comes back
// within a few seconds, at a cost of a few bytes.
const defaultPingEvery = 5 * time.Second

// Table is an online game on this device's screen. Its methods are used
// from the owner's goroutine only.
type Table struct {
	link  Link
	match *p2p.Match
	cfg   Config
	subs  []func(session.Change)

	role    p2p.Role
	room    string
	token   string
	conn    p2p.State
	connErr error
	stopped bool // the records diverged: the game cannot go on

	undoAsked bool // the opponent asks to take back an action
	undoSent  bool // we asked
	rematch   bool // the opponent offers a rematch
	cancel    context.CancelFunc
}

// New makes the table of a saved or new online game: a host's offer
// (Role Host, Hello set, no Match), a guest's link (Role Guest, Room set),
// or a game resumed after a reload (Match set). Start connects it.
func New(link Link, sv Saved, cfg Config) (*Table, error) {
	if cfg.Run == nil {
		return nil, errors.New("online: Config.Run is required")
	}
	t := &Table{link: link, cfg: cfg, role: sv.Role, room: sv.Room, token: sv.Token, conn: p2p.StateSignalling}
	var err error
	switch {
	case sv.Match != nil:
		t.match, err = p2p.Resume(*sv.Match, link, cfg.Match)
	case sv.Role == p2p.Host:
		t.match, err = p2p.NewHost(sv.Hello, link, cfg.Match)
	default:
		t.match = p2p.NewGuest(link, cfg.Match)
	}
	if err != nil {
		if cfg.Store != nil {
			cfg.Store.Delete(Key)
		}
		return nil, fmt.Errorf("online: the game cannot be resumed: %w", err)
	}
	return t, nil
}

// Start connects to the room; the table reports on its subscribers as the
// connection comes up (Joined once the room is entered).
func (t *Table) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	handlers := p2p.Drive(t.match,
		func(ev p2p.Event, err error) { t.cfg.Run(func() { t.onEvent(ev, err) }) },
		func(st p2p.State) { t.cfg.Run(func() { t.onState(st) }) })
	go t.pingLoop(ctx)
	go func() {
		err := t.link.Start(ctx, handlers)
		room, token, _ := t.link.Room()
		t.cfg.Run(func() {
			if t.cancel == nil {
				return // closed meanwhile
			}
			if err != nil {
				t.conn, t.connErr = p2p.StateClosed, fmt.Errorf("could not reach the signalling server: %w", err)
				t.tell(session.Change{Event: session.Changed})
				return
			}
			t.room, t.token = room, token
			t.save()
			t.tell(session.Change{Event: session.Joined})
		})
	}()
}

// pingLoop pings the other device every PingEvery once the game has
// started, until ctx is done. It runs on its own goroutine: the match is
// safe for concurrent use, and a ping while the channel is down is
// dropped by the link.
func (t *Table) pingLoop(ctx context.Context) {
	every := t.cfg.PingEvery
	if every <= 0 {
		every = defaultPingEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if t.match.Started() {
				t.match.Ping()
			}
		}
	}
}

// Role says whether this side offered the game or was invited.
func (t *Table) Role() p2p.Role { return t.role }

// Room returns the room, once the hub made or let us into it.
func (t *Table) Room() string { return t.room }

// Offer returns the game on offer, once known (at once for the host).
func (t *Table) Offer() (p2p.Hello, bool) { return t.match.Hello() }

// Started reports whether both sides agreed on the game.
func (t *Table) Started() bool { return t.match.Started() }

// Accept takes the game the host offered.
func (t *Table) Accept() error {
	if err := t.match.Accept(); err != nil {
		return err
	}
	t.save()
	return nil
}

// Conn returns the connection's state and, once closed, why.
func (t *Table) Conn() (session.Conn, error) { return connOf(t.conn), t.connErr }

func connOf(st p2p.State) session.Conn {
	switch st {
	case p2p.StateSignalling:
		return session.Signalling
	case p2p.StateWaiting:
		return session.Waiting
	case p2p.StateNegotiating:
		return session.Negotiating
	case p2p.StateConnected:
		return session.Connected
	case p2p.StateReconnecting:
		return session.Reconnecting
	}
	return session.Closed
}

// View is what to draw now (once Started).
func (t *Table) View() session.View {
	g := t.match.Game()
	me := t.match.Me()
	v := session.View{Game: g, Leaves: true, Conn: connOf(t.conn), ConnErr: t.connErr}
	v.Seats[0].Kind, v.Seats[1].Kind = session.Remote, session.Remote
	if me == game.One || me == game.Two {
		v.Seats[me-1].Kind = session.Human
	}
	if g == nil {
		return v
	}
	over := g.Result().Over()
	v.Undo = session.Undo{
		ByConsent: true,
		Pending:   t.undoSent,
		// One may ask to take back one's own last action while the
		// opponent is to act.
		Can: !t.undoSent && !over && g.Len() > 0 && g.Turn() != me && !t.stopped,
	}
	v.Rematch = over && !t.stopped
	v.Abort = !over && !t.stopped && g.Len() < game.AbortableUntil
	c := t.match.Clocks()
	v.Clock = session.Clock{Control: c.Control, Left: c.Left, Running: c.Running}
	if gone, d, claimable := t.match.Away(); gone {
		v.Away = session.Away{Gone: true, For: d, Grace: t.match.Grace(), Claimable: claimable && !t.stopped}
	}
	switch {
	case t.undoAsked:
		v.Question = session.UndoAsked
	case t.rematch:
		v.Question = session.RematchOffered
	}
	if t.stopped && (me == game.One || me == game.Two) {
		v.Seats[me-1].Kind = session.Remote // nobody here may act any more
	}
	return v
}

// Play sends this side's action; the match checks it first.
func (t *Table) Play(action string) error {
	if t.stopped {
		return errors.New("online: the game has stopped")
	}
	if err := t.match.Play(action); err != nil {
		return err
	}
	t.save()
	return nil
}

// Undo asks the opponent to take back our last action.
func (t *Table) Undo() error {
	if err := t.match.RequestUndo(); err != nil {
		return err
	}
	t.undoSent = true
	return nil
}

// Redo fails: online, an action taken back is played again as a new one.
func (t *Table) Redo() error { return errors.New("online: nothing to redo") }

// Resign gives up this side's game.
func (t *Table) Resign() error {
	if err := t.match.Resign(); err != nil {
		return err
	}
	t.save()
	return nil
}

// Answer answers the opponent's question: an undo or a rematch.
func (t *Table) Answer(yes bool) error {
	var err error
	switch {
	case t.undoAsked:
		t.undoAsked = false
		err = t.match.AnswerUndo(yes)
	case t.rematch:
		t.rematch = false
		err = t.match.AnswerRematch(yes)
	default:
		return errors.New("online: no question to answer")
	}
	t.save()
	return err
}

// Rematch offers another game with the sides swapped.
func (t *Table) Rematch() error { return t.match.RequestRematch() }

// Abort calls the game off before both sides have acted.
func (t *Table) Abort() error {
	if err := t.match.Abort(); err != nil {
		return err
	}
	t.save()
	return nil
}

// Claim claims the win: the opponent's time ran out, or the opponent has
// been gone longer than the grace period. The claim is saved with the
// game, and the opponent learns of it (and checks it) when it is back.
func (t *Table) Claim() error {
	if err := t.match.Claim(); err != nil {
		return err
	}
	t.save()
	return nil
}

// Tick ends the game when this side's own time has run out.
func (t *Table) Tick() {
	if t.match.Flag() {
		t.save()
	}
}

// Subscribe calls f after every change the network brings.
func (t *Table) Subscribe(f func(session.Change)) { t.subs = append(t.subs, f) }

// Open does nothing: an online game is live from Start to Close.
func (t *Table) Open() {}

// Close leaves the game for good (the other side sees us leave) and
// forgets it.
func (t *Table) Close() {
	t.Hang()
	if t.cfg.Store != nil {
		t.cfg.Store.Delete(Key)
	}
}

// Persist saves the game now, with the time: the page calls it when it
// is hidden or closed, so that the absence is counted from then.
func (t *Table) Persist() { t.save() }

// Hang stops the connection but keeps the saved game, for a page that
// goes on to another online game or stops showing this one.
func (t *Table) Hang() {
	if t.cancel != nil {
		t.cancel()
		t.cancel = nil
	}
	go t.link.Close()
}

func (t *Table) tell(c session.Change) {
	for _, f := range t.subs {
		f(c)
	}
}

// save keeps the room, the seat and the game for a reload.
func (t *Table) save() {
	if t.cfg.Store == nil || t.room == "" {
		return
	}
	hello, _ := t.match.Hello()
	sv := Saved{Room: t.room, Token: t.token, Role: t.role, Hello: hello}
	if m, ok := t.match.Saved(); ok && t.match.Started() {
		sv.Match = &m
	}
	if data, err := json.Marshal(sv); err == nil {
		if err := t.cfg.Store.Set(Key, string(data)); err != nil {
			t.tell(session.Change{Event: session.Failed, Err: fmt.Errorf("this online game is not being saved: %w", err)})
		}
	}
}

func (t *Table) onState(st p2p.State) {
	if t.cancel == nil {
		return
	}
	t.conn = st
	if st == p2p.StateClosed {
		if err := t.link.Err(); err != nil {
			t.connErr = fmt.Errorf("the connection closed: %w", err)
		}
	}
	t.tell(session.Change{Event: session.Changed})
}

// onEvent turns what the match did with a frame into a change.
func (t *Table) onEvent(ev p2p.Event, err error) {
	if t.cancel == nil {
		return
	}
	if err != nil {
		switch {
		case errors.Is(err, p2p.ErrDiverged):
			t.stopped = true
			t.connErr = fmt.Errorf("the two games could not be brought back together: %w", err)
			t.tell(session.Change{Event: session.Stopped, Err: err})
			t.Hang()
		case p2p.IsRefusal(err):
			t.tell(session.Change{Event: session.Refused, Err: err})
		default:
			t.tell(session.Change{Event: session.Failed, Err: err})
		}
		return
	}
	c := session.Change{Event: session.Changed}
	switch ev.Kind {
	case p2p.EventNone, p2p.EventPong:
		return
	case p2p.EventAction:
		c = session.Change{Event: session.Played, Action: ev.Action, By: t.match.Me().Other()}
	case p2p.EventResign:
		c.Event = session.Resigned
	case p2p.EventEnd:
		c.Event = session.Ended
	case p2p.EventUndoRequest:
		t.undoAsked = true
	case p2p.EventUndo:
		t.undoSent, t.undoAsked = false, false
		c.Event = session.Undone
	case p2p.EventUndoDeclined:
		t.undoSent = false
		c.Event = session.UndoRefused
	case p2p.EventRematchRequest:
		t.rematch = true
	case p2p.EventRematch:
		t.rematch, t.undoSent, t.undoAsked = false, false, false
		c.Event = session.RematchStarted
	case p2p.EventRematchDeclined:
		c.Event = session.RematchRefused
	case p2p.EventSync:
		c.Event = session.Resynced
	case p2p.EventResyncing:
		c.Event = session.Resyncing
	case p2p.EventPeerError:
		c = session.Change{Event: session.PeerRefused, Err: errors.New(ev.Reason)}
	}
	t.save()
	t.tell(c)
}
