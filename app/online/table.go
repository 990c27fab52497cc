package online

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gygy/app/match"
	"gygy/app/session"
	"gygy/engine/game"
)

// Link is the connection to the other device: a p2p.Peer through the hub
// or a p2p.CodePeer paired by codes in the app, an in-process pipe in
// tests.
type Link interface {
	// Start joins (or creates) the room and reports states and frames
	// to h until Close; it returns once the room is entered.
	Start(ctx context.Context, h match.Handlers) error
	// Room returns the room and this side's seat token, once entered.
	Room() (room, token string, seat int)
	// Send writes a frame to the other device.
	Send(frame []byte) error
	// Err says why the link closed, if it did.
	Err() error
	// Close leaves the room.
	Close() error
}

// Config is what a Table needs besides its link.
type Config struct {
	// Store keeps the game for a reload; nil keeps nothing.
	Store session.Storage
	// Run hands a function to the owner's goroutine (the web app's
	// Dispatch). Required: the link reports from its own goroutines.
	Run func(func())
	// Match tunes the match (its rate limit, its clock).
	Match match.MatchConfig
	// PingEvery is how often the table pings the other device during the
	// game, so that a frame lost with both sides then waiting is noticed
	// and asked for again (see match.Match.Ping). Default 5 s.
	PingEvery time.Duration
	// LateAfter is how long an act of ours may wait for the other side's
	// acknowledgement on an open channel before the screen says it has
	// not arrived and the table asks at once what the other side lacks.
	// Default 2 s: an acknowledgement takes one round trip.
	LateAfter time.Duration
}

// defaultPingEvery is Config.PingEvery's default: a lost move comes back
// within a few seconds, at a cost of a few bytes.
const defaultPingEvery = 5 * time.Second

// defaultLateAfter is Config.LateAfter's default.
const defaultLateAfter = 2 * time.Second

// Table is an online game on this device's screen. Its methods are used
// from the owner's goroutine only. Besides a session.Table it is an
// Answerer, a Rematcher, an Aborter, a Claimer and a Ticker; it does not
// redo (an action taken back is played again as a new one).
type Table struct {
	link  Link
	match *match.Match
	cfg   Config
	subs  []func(session.Change)

	room    string
	token   string
	conn    session.Conn
	connErr error

	// dead counts the ping intervals the channel has been silent past
	// deadAfter (0: alive): the screen says the connection is lost, and
	// the link is revived once more at each.
	dead int
	// noOffer counts the ping intervals a guest has been connected
	// without the host's offer (checkOffer).
	noOffer int
	// down: the connection was lost (or silent) since the game was last
	// in step; back: it came back, and nothing was played since.
	down, back bool
	// late: an act of ours has waited LateAfter for its acknowledgement
	// on a channel that looks open ("Your move has not reached…").
	late bool

	cancel context.CancelFunc
}

// Table's abilities.
var (
	_ session.Table     = (*Table)(nil)
	_ session.Answerer  = (*Table)(nil)
	_ session.Rematcher = (*Table)(nil)
	_ session.Aborter   = (*Table)(nil)
	_ session.Claimer   = (*Table)(nil)
	_ session.Ticker    = (*Table)(nil)
)

// New makes the table of a saved or new online game: a host's offer
// (Role Host, Hello set, no Match), a guest's link (Role Guest, Room set),
// or a game resumed after a reload (Match set). Start connects it.
func New(link Link, sv Saved, cfg Config) (*Table, error) {
	if cfg.Run == nil {
		return nil, errors.New("online: Config.Run is required")
	}
	t := &Table{link: link, cfg: cfg, room: sv.Room, token: sv.Token, conn: session.Signalling}
	var err error
	switch {
	case sv.Match != nil:
		t.match, err = match.Resume(*sv.Match, link, cfg.Match)
	case sv.Role == match.Host:
		t.match, err = match.NewHost(sv.Hello, link, cfg.Match)
	default:
		t.match = match.NewGuest(link, cfg.Match)
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
	handlers := match.Drive(t.match,
		func(ev match.Event, err error) { t.cfg.Run(func() { t.onEvent(ev, err) }) },
		func(st session.Conn) { t.cfg.Run(func() { t.onState(st) }) })
	go t.pingLoop(ctx)
	go func() {
		err := t.link.Start(ctx, handlers)
		room, token, _ := t.link.Room()
		t.cfg.Run(func() {
			if t.cancel == nil {
				return // closed meanwhile
			}
			if err != nil {
				t.conn, t.connErr = session.Closed, fmt.Errorf("could not reach the signalling server: %w", err)
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
				t.cfg.Run(func() { t.checkAlive(every) })
			} else {
				t.cfg.Run(t.checkOffer)
			}
		}
	}
}

// Role says whether this side offered the game or was invited.
func (t *Table) Role() match.Role { return t.match.Role() }

// Room returns the room, once the hub made or let us into it.
func (t *Table) Room() string { return t.room }

// Offer returns the game on offer, once known (at once for the host).
func (t *Table) Offer() (match.Hello, bool) { return t.match.Hello() }

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

// Conn returns the connection's state and, once closed, why. A channel
// that looks open but has gone silent is Reconnecting: it is being
// rebuilt (see Silent).
func (t *Table) Conn() (session.Conn, error) {
	if t.dead > 0 {
		return session.Reconnecting, t.connErr
	}
	return t.conn, t.connErr
}

// View is what to draw now (once Started), from the match's snapshot:
// the match alone holds the game, its questions and its clocks.
func (t *Table) View() session.View {
	m := t.match.Snapshot()
	g, me, stopped := m.Game, m.Me, m.Stopped
	conn, _ := t.Conn()
	v := session.View{Game: g, Leaves: true, Conn: conn, ConnErr: t.connErr}
	v.Seats[0].Kind, v.Seats[1].Kind = session.Remote, session.Remote
	if me == game.One || me == game.Two {
		v.Seats[me-1].Kind = session.Human
	}
	if g == nil {
		return v
	}
	over := g.Result().Over()
	q := m.Questions
	v.Undo = session.Undo{
		ByConsent: true,
		Pending:   q.UndoAsked,
		// One may ask to take back one's own last action while the
		// opponent is to act.
		Can: !q.UndoAsked && !over && g.Len() > 0 && g.Turn() != me && !stopped,
	}
	v.Rematch = over && !stopped
	v.Abort = !over && !stopped && g.Len() < game.AbortableUntil
	v.Clock = session.Clock{Control: m.Clocks.Control, Left: m.Clocks.Left, Running: m.Clocks.Running}
	if a := m.Away; a.Gone {
		v.Away = session.Away{Gone: true, For: a.For, Grace: a.Grace, Claimable: a.Claimable && !stopped}
	}
	switch {
	case q.UndoOffered:
		v.Question = session.UndoAsked
	case q.RematchOffered:
		v.Question = session.RematchOffered
	}
	if stopped && (me == game.One || me == game.Two) {
		v.Seats[me-1].Kind = session.Remote // nobody here may act any more
	}
	return v
}

// Play sends this side's action; the match checks it first.
func (t *Table) Play(a game.Action) error {
	if t.match.Stopped() {
		return errors.New("online: the game has stopped")
	}
	if err := t.match.Play(a); err != nil {
		return err
	}
	t.back = false
	t.noteUnacked()
	t.watchLate()
	t.save()
	return nil
}

// Undo asks the opponent to take back our last action.
func (t *Table) Undo() error { return t.match.RequestUndo() }

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
	switch q := t.match.Questions(); {
	case q.UndoOffered:
		err = t.match.AnswerUndo(yes)
	case q.RematchOffered:
		err = t.match.AnswerRematch(yes)
	default:
		return errors.New("online: no question to answer")
	}
	t.save()
	return err
}

// Rematch offers another game with the sides swapped.
func (t *Table) Rematch() error { return t.match.RequestRematch() }

// RematchPending reports whether this side's rematch offer awaits the
// opponent's answer.
func (t *Table) RematchPending() bool { return t.match.RematchAsked() }

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
// goes on to another online game or stops showing this one. The game is
// saved with the time first: the absence counts from now, not from the
// last save (a move perhaps long before).
func (t *Table) Hang() {
	if t.cancel != nil && t.match.Started() { // not once stopped
		t.save()
	}
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
