package match

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"gygy/engine/game"
)

// The soak: many games between two matches over an in-memory channel with
// an injected clock, under random faults (drops, delays, duplicates,
// frames of a dead channel arriving after the new one's, channel deaths
// noticed only by their silence, reconnections, reloads from the save).
// Every game must end with the same record on both sides, every action a
// side played in it, and nothing unacknowledged. GYGY_SOAK=N runs N times
// as many faults.

// soakNet is the channel between the two sides: frames in flight each
// way, in order, with the time each arrives.
type soakNet struct {
	now    time.Time
	rng    *rand.Rand
	epoch  int  // the channel under way; bumps on every reconnection
	up     bool // open: Send works
	silent bool // dead unseen: Send works, everything is lost
	flight [2][]inFlight
}

type inFlight struct {
	at    time.Time
	data  []byte
	epoch int
}

// soakEnd is one side's transport: it sends to the other side (to 1-from).
type soakEnd struct {
	n    *soakNet
	from int
}

func (e soakEnd) Send(b []byte) error {
	n := e.n
	if !n.up {
		return errDown
	}
	if n.silent {
		return nil
	}
	at := n.now.Add(time.Duration(5+n.rng.IntN(60)) * time.Millisecond)
	q := n.flight[1-e.from]
	if len(q) > 0 && q[len(q)-1].at.After(at) {
		at = q[len(q)-1].at // one ordered channel
	}
	n.flight[1-e.from] = append(q, inFlight{at: at, data: append([]byte(nil), b...), epoch: n.epoch})
	return nil
}

type soakSide struct {
	m      *Match
	saved  Saved
	played []string // the actions this side played, "ply action"
	heard  time.Time
}

type soakCounts struct {
	games, actions, faults, refusals, resyncs, unacked int
	kinds, events, why                                 map[string]int
	recover                                            []time.Duration // from the fault's end to both sides in step
}

func TestSoak(t *testing.T) {
	faults := 200
	if n, err := strconv.Atoi(os.Getenv("GYGY_SOAK")); err == nil && n > 0 {
		faults *= n
	}
	rng := rand.New(rand.NewPCG(2026, 26))
	c := soakCounts{kinds: map[string]int{}, events: map[string]int{}, why: map[string]int{}}
	for c.faults < faults {
		h := gyreHello
		if c.games%2 == 1 {
			h = gygesHello
		}
		soakGame(t, rng, h, &c, faults)
	}
	slices.Sort(c.recover)
	med, worst := time.Duration(0), time.Duration(0)
	if len(c.recover) > 0 {
		med, worst = c.recover[len(c.recover)/2], c.recover[len(c.recover)-1]
	}
	t.Logf("soak: %d games, %d actions, %v; %d faults %v; %d refusals %v, %d resyncs; 0 lost actions, 0 unresolved divergences; back in step (simulated time) median %v, max %v over %d recoveries",
		c.games, c.actions, c.events, c.faults, c.kinds, c.refusals, c.why, c.resyncs, med, worst, len(c.recover))
}

const soakPing = 5 * time.Second

// soakGame plays one game under faults until it ends, then lets the
// channel settle and checks both sides.
func soakGame(t *testing.T, rng *rand.Rand, h Hello, c *soakCounts, budget int) {
	t.Helper()
	n := &soakNet{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), rng: rng, up: true}
	cfg := MatchConfig{FramesPerSecond: 1e6, Burst: 1e6, Now: func() time.Time { return n.now }, Grace: time.Hour}
	sides := [2]*soakSide{{}, {}}
	var err error
	if sides[0].m, err = NewHost(h, soakEnd{n, 0}, cfg); err != nil {
		t.Fatal(err)
	}
	sides[1].m = NewGuest(soakEnd{n, 1}, cfg)
	save := func(s *soakSide) {
		if sv, ok := s.m.Saved(); ok {
			s.saved = sv
		}
	}
	deliver := func(to int, f inFlight) {
		s := sides[to]
		ev, err := s.m.Receive(f.data)
		switch {
		case errors.Is(err, ErrDiverged):
			t.Fatalf("game %d: unresolved divergence: %v\nhost:  %q\nguest: %q", c.games, err, sides[0].m.Record(), sides[1].m.Record())
		case err != nil:
			c.refusals++
			c.why[err.Error()]++
		case ev.Kind == EventHello:
			if err := s.m.Accept(); err != nil {
				t.Fatal(err)
			}
		case ev.Kind == EventResyncing:
			c.resyncs++
		}
		s.heard = n.now
		save(s)
	}
	connect := func() {
		n.epoch++
		n.up, n.silent = true, false
		sides[0].m.Connected()
		sides[1].m.Connected()
	}
	drop := func() {
		n.up = false
		sides[0].m.Disconnected()
		sides[1].m.Disconnected()
	}
	// reload is side i's page opened again: its saved match, or before
	// the game was agreed, a fresh one.
	reload := func(i int) *Match {
		sv := sides[i].saved
		if sv.Record == "" && i == 0 {
			m, err := NewHost(h, soakEnd{n, 0}, cfg)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		if sv.Record == "" {
			return NewGuest(soakEnd{n, 1}, cfg)
		}
		m, err := Resume(sv, soakEnd{n, i}, cfg)
		if err != nil {
			t.Fatalf("Resume: %v", err)
		}
		return m
	}
	connect()
	var faultEnd time.Time // when the last fault ended, zero once in step
	lastPing := n.now
	inStep := func() bool {
		a, b := sides[0].m, sides[1].m
		return a.Started() && b.Started() && a.Record() == b.Record() && a.Unacked() == 0 && b.Unacked() == 0 && len(n.flight[0]) == 0 && len(n.flight[1]) == 0
	}
	fault := func(kind string) {
		c.faults++
		c.kinds[kind]++
	}
	// check: both records the same (inStep), the same game of the match,
	// and every action played in them.
	check := func() {
		// Both records the same (inStep), and every action played in them.
		final := sides[0].m.Game()
		if r := sides[1].m.Game().Result(); r != final.Result() {
			t.Fatalf("game %d: results %+v and %+v", c.games, final.Result(), r)
		}
		acts := game.Notations(final)
		for i, s := range sides {
			for _, p := range s.played {
				if p == "resign" {
					if r := final.Result(); r.Method != game.Resignation || r.Winner != s.m.Me().Other() {
						t.Fatalf("game %d: side %d resigned, the result is %+v", c.games, i, r)
					}
					continue
				}
				var ply int
				var a string
				fmt.Sscanf(p, "%d %s", &ply, &a)
				if ply >= len(acts) || acts[ply] != a {
					t.Fatalf("game %d: side %d's action %d %q is lost: final record %q", c.games, i, ply+1, a, sides[0].m.Record())
				}
			}
		}
		c.games++
		c.actions += len(acts)
		if sides[0].m.acts.game != sides[1].m.acts.game {
			t.Fatalf("game %d: the sides are in games %d and %d of the match", c.games, sides[0].m.acts.game, sides[1].m.acts.game)
		}
	}
	rematches, asked := 0, -1
	moves := 0
	settle := 0 // steps since the game ended
	for step := 0; ; step++ {
		if step > 200000 {
			t.Fatalf("game %d does not end: host %q, guest %q", c.games, sides[0].m.Record(), sides[1].m.Record())
		}
		n.now = n.now.Add(time.Duration(20+rng.IntN(300)) * time.Millisecond)
		// Deliver what is due, each way, in order.
		for to := 0; to < 2; to++ {
			for len(n.flight[to]) > 0 && !n.flight[to][0].at.After(n.now) {
				f := n.flight[to][0]
				n.flight[to] = n.flight[to][1:]
				if f.epoch != n.epoch && rng.IntN(2) == 0 {
					continue // lost with its channel
				}
				deliver(to, f)
			}
		}
		if !faultEnd.IsZero() && inStep() {
			c.recover = append(c.recover, n.now.Sub(faultEnd))
			faultEnd = time.Time{}
		}
		// The tables' pings, and their silence check.
		if n.now.Sub(lastPing) >= soakPing {
			lastPing = n.now
			for _, s := range sides {
				if s.m.Started() {
					s.m.Ping()
				}
			}
			if n.up && (n.now.Sub(sides[0].m.Heard()) > 3*soakPing || n.now.Sub(sides[1].m.Heard()) > 3*soakPing) {
				if n.silent && rng.IntN(2) == 0 {
					n.silent = false // an ICE restart finds a path: the channel is kept
				} else {
					drop() // a new negotiation
					connect()
				}
				faultEnd = n.now
			}
		}
		over := sides[0].m.Winner() != game.NoSeat && sides[1].m.Winner() != game.NoSeat
		if over {
			settle++
			if n.silent || !n.up {
				n.silent = false
				drop()
				connect()
			}
			if settle > 3 && inStep() && asked < 0 {
				check()
				if rematches >= 2 || rng.IntN(2) == 0 {
					break
				}
				// Another game, sides swapped, asked and answered
				// under the same faults.
				asked = rng.IntN(2)
				if err := sides[asked].m.RequestRematch(); err != nil {
					t.Fatal(err)
				}
				save(sides[asked])
				c.events["rematch"]++
			}
			if other := sides[1-max(asked, 0)]; asked >= 0 && other.m.questions.rematchOffered {
				if err := other.m.AnswerRematch(true); err != nil {
					t.Fatal(err)
				}
				save(other)
				rematches, asked, moves, settle = rematches+1, -1, 0, 0
				sides[0].played, sides[1].played = nil, nil
			}
			if settle > 5000 {
				t.Fatalf("game %d does not settle:\nhost:  %q (unacked %d)\nguest: %q (unacked %d)", c.games, sides[0].m.Record(), sides[0].m.Unacked(), sides[1].m.Record(), sides[1].m.Unacked())
			}
			continue
		}
		// A fault, now and then, until the budget is spent.
		if c.faults < budget && rng.IntN(12) == 0 {
			switch k := rng.IntN(8); {
			case k == 0 && len(n.flight[0]) > 0, k == 0 && len(n.flight[1]) > 0:
				fault("drop")
				q := &n.flight[rng.IntN(2)]
				if len(*q) > 0 {
					i := rng.IntN(len(*q))
					*q = slices.Delete(*q, i, i+1)
				}
			case k == 1:
				fault("delay")
				d := time.Duration(rng.IntN(8000)) * time.Millisecond
				for to := range n.flight {
					for i := range n.flight[to] {
						n.flight[to][i].at = n.flight[to][i].at.Add(d)
					}
				}
			case k == 2 && len(n.flight[0])+len(n.flight[1]) > 0:
				fault("duplicate")
				q := &n.flight[rng.IntN(2)]
				if len(*q) > 0 {
					i := rng.IntN(len(*q))
					*q = slices.Insert(*q, i+1, (*q)[i])
				}
			case k == 3:
				fault("reconnect")
				drop()
				// What was in flight on the old channel may still come,
				// after the new channel's greetings.
				connect()
				for to := range n.flight {
					for i := range n.flight[to] {
						n.flight[to][i].at = n.now.Add(time.Second)
					}
				}
			case k == 4 && !n.silent && n.up:
				fault("death")
				n.silent = true
			case k == 5:
				fault("outage")
				drop()
				n.now = n.now.Add(time.Duration(1+rng.IntN(20)) * time.Second)
				for to := range n.flight {
					n.flight[to] = nil
				}
				connect()
			case k == 6:
				fault("reload")
				i := rng.IntN(2)
				s := sides[i]
				drop()
				n.flight[i] = nil // lost with the page
				s.m = reload(i)
				connect()
			case k == 7:
				fault("restart") // both pages at once
				drop()
				n.flight = [2][]inFlight{}
				for i, s := range sides {
					s.m = reload(i)
				}
				connect()
			}
			faultEnd = n.now
		}
		// The side to move plays, now and then; after many moves it
		// resigns, so that games end.
		for i, s := range sides {
			if !s.m.Started() || s.m.Turn() != s.m.Me() || rng.IntN(3) != 0 {
				continue
			}
			if moves > 60 {
				if err := s.m.Resign(); err == nil {
					s.played = append(s.played, "resign")
				}
				save(s)
				continue
			}
			legal := s.m.Legal()
			if len(legal) == 0 {
				continue
			}
			a := legal[rng.IntN(len(legal))]
			ply := len(mustParse(t, s.m.Record()).Actions())
			if err := s.m.Play(a); err != nil {
				t.Fatalf("side %d Play(%s): %v", i, a, err)
			}
			s.played = append(s.played, fmt.Sprintf("%d %s", ply, mustParse(t, s.m.Record()).Notation(a)))
			moves++
			save(s)
			if rng.IntN(15) == 0 && s.m.RequestUndo() == nil {
				c.events["undo asked"]++
				save(s)
			}
		}
		// A question of the opponent's is answered, yes or no.
		for _, s := range sides {
			s.m.mu.Lock()
			offered := s.m.questions.undoOffered
			s.m.mu.Unlock()
			if offered < 0 || rng.IntN(3) != 0 {
				continue
			}
			yes := rng.IntN(2) == 0
			if err := s.m.AnswerUndo(yes); err != nil {
				t.Fatal(err)
			}
			if n := len(mustParse(t, s.m.Record()).Actions()); yes && n < offered {
				c.events["undone"]++
				for _, o := range sides { // the action taken back is not lost
					o.played = slices.DeleteFunc(o.played, func(p string) bool {
						var ply int
						fmt.Sscanf(p, "%d", &ply)
						return ply >= n
					})
				}
			}
			save(s)
		}
	}
}
