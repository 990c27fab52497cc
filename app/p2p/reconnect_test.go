//go:build !js

package p2p

import (
	"context"
	"errors"
	"fmt"
	"gygy/app/conn"
	"gygy/app/match"
	"gygy/engine/game"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// playBlind makes one legal action by the side to move while the channel
// is down: the frame is lost and only the syncs bring it across.
func playBlind(t testing.TB, host, guest *side) {
	t.Helper()
	mover := host
	if guest.match.Turn() == guest.match.Me() {
		mover = guest
	}
	if err := mover.match.Play(mover.match.Legal()[0]); err != nil {
		t.Fatalf("%s Play while down: %v", mover.name, err)
	}
}

func sameRecordsSoon(t testing.TB, host, guest *side) {
	t.Helper()
	waitFor(t, "records equal", func() bool { return host.match.Record() == guest.match.Record() })
}

func TestDropMidGameReconnects(t *testing.T) {
	for _, hello := range []match.Hello{
		{Spec: mustSpec("GYRE 5x10"), Host: game.One},
		{Spec: mustSpec("GYGES"), Host: game.Two},
	} {
		t.Run(hello.Spec.Kind.String(), func(t *testing.T) {
			url := startHub(t)
			host, guest := connect(t, url, hello)
			rng := rand.New(rand.NewPCG(3, 3))
			play(t, rng, host, guest, 6, -1)
			// The network fails under the guest: its peer connection dies.
			guest.peer.events.Push(event{kind: evBreak})
			host.waitState(t, conn.Reconnecting)
			playBlind(t, host, guest) // lost: the channel is down
			playOnAfter(t, rng, host, guest, "the reconnection")
		})
	}
}

// playOnAfter waits for both sides to be connected again with the same
// record, then plays the game to its end.
func playOnAfter(t *testing.T, rng *rand.Rand, host, guest *side, what string) {
	t.Helper()
	host.waitState(t, conn.Connected)
	guest.waitState(t, conn.Connected)
	sameRecordsSoon(t, host, guest)
	play(t, rng, host, guest, 1000, -1)
	if host.match.Winner() == game.NoSeat {
		t.Fatalf("game did not finish after %s: %s", what, host.match.Record())
	}
}

func TestReloadMidGameResumes(t *testing.T) {
	for _, who := range []string{"guest", "host"} {
		t.Run(who, func(t *testing.T) {
			url := startHub(t)
			host, guest := connect(t, url, match.Hello{Spec: mustSpec("GYGES"), Host: game.One})
			rng := rand.New(rand.NewPCG(4, 4))
			play(t, rng, host, guest, 8, -1)
			gone, stays := guest, host
			if who == "host" {
				gone, stays = host, guest
			}
			// The page reloads: what survives is the saved match and the
			// room and seat token.
			saved, ok := gone.match.Saved()
			if !ok {
				t.Fatal("Saved: not ok")
			}
			room, token, _ := gone.peer.Room()
			gone.peer.Close()
			stays.waitState(t, conn.Reconnecting)
			if stays.match.Turn() == stays.match.Me() {
				playBlind(t, host, guest)
			}
			back := newSide(t, who+" reloaded", Config{SignalURL: url, Room: room, Token: token}, func(tr match.Transport) *match.Match {
				m, err := match.Resume(saved, tr, fast)
				if err != nil {
					t.Fatalf("Resume: %v", err)
				}
				return m
			})
			if who == "host" {
				host = back
			} else {
				guest = back
			}
			playOnAfter(t, rng, host, guest, "the reload")
		})
	}
}

func TestThirdPeerCannotEnter(t *testing.T) {
	url := startHub(t)
	host, _ := connect(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One})
	room, _, _ := host.peer.Room()
	p := NewPeer(Config{SignalURL: url, Room: room, Loopback: true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.Start(ctx, match.Handlers{}); err == nil || !strings.Contains(err.Error(), "room is full") {
		t.Fatalf("third peer Start: %v, want room is full", err)
	}
}

// TestHostilePeerOverTheWire sends junk through a real data channel: the
// honest host refuses each frame, its record stays, and the game goes on
// to the end.
func TestHostilePeerOverTheWire(t *testing.T) {
	url := startHub(t)
	// The host's clock stands still during the flood, then runs on 100 ms
	// a reading, so that the honest game is never short of frames.
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	var clockMu sync.Mutex
	running := false
	now := func() time.Time {
		clockMu.Lock()
		defer clockMu.Unlock()
		if running {
			clock.advance(100 * time.Millisecond)
		}
		return clock.now()
	}
	sh := &shifted{}
	host, guest := connectVia(t, url, match.Hello{Spec: mustSpec("GYRE 5x10"), Host: game.One}, match.MatchConfig{FramesPerSecond: 50, Burst: 100, Now: now}, fast,
		func(tr match.Transport) match.Transport { sh.t = tr; return sh })
	rng := rand.New(rand.NewPCG(5, 5))
	play(t, rng, host, guest, 3, -1) // the guest is to move
	before := host.match.Record()
	next := sh.next
	occupied := game.Notations(mustParse(t, before))[0]
	junk := []struct {
		frame string
		want  error
	}{
		{fmt.Sprintf(`{"v":3,"type":"move","seq":%d,"action":%q,"ply":3}`, next(), occupied), match.ErrRejected},
		{fmt.Sprintf(`{"v":3,"type":"move","seq":%d,"action":"a1","ply":3,"hash":"x"}{`, next()), match.ErrProtocol},
		{`not json at all`, match.ErrProtocol},
		{fmt.Sprintf(`{"v":3,"type":"ping","seq":%d,"reason":"%s"}`, next(), strings.Repeat("x", match.MaxFrame)), match.ErrProtocol},
		{fmt.Sprintf(`{"v":9,"type":"move","seq":%d,"action":"a1","ply":3}`, next()), match.ErrVersion},
		{fmt.Sprintf(`{"v":3,"type":"checkmate","seq":%d}`, next()), match.ErrProtocol},
		{fmt.Sprintf(`{"v":3,"type":"swap","seq":%d,"action":"swap","ply":3}`, next()), match.ErrRejected},
	}
	for _, j := range junk {
		if err := guest.peer.Send([]byte(j.frame)); err != nil {
			t.Fatalf("Send junk: %v", err)
		}
		select {
		case err := <-host.errs:
			if !errors.Is(err, j.want) {
				t.Fatalf("host refused %.60s with %v, want %v", j.frame, err, j.want)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("host never refused %.60s", j.frame)
		}
		if got := host.match.Record(); got != before {
			t.Fatalf("junk changed the host's record to %q", got)
		}
		guest.waitEvent(t, match.EventPeerError)
	}
	// Out of turn: the host is not to move, so a host-side action now
	// must be refused locally, and a guest action twice in a row remotely.
	if err := host.match.Play(host.match.Legal()[0]); !errors.Is(err, match.ErrState) {
		t.Fatalf("host played out of turn: %v", err)
	}
	// A flood: far more frames than the host accepts.
	for i := 0; i < 400; i++ {
		guest.peer.Send([]byte(fmt.Sprintf(`{"v":3,"type":"ping","seq":%d,"nonce":1}`, next())))
	}
	// The host's clock stands still, so its bucket (a burst of 100) lets
	// at most 100 of the 400 through: wait for the other 300 refusals at
	// least, and then for a second with no more, so that no frame of the
	// flood is still on its way when the clock moves on (a frame of it
	// refused during the honest game would fail that game).
	refused, deadline := 0, time.After(30*time.Second)
	for quiet := false; !quiet; {
		select {
		case err := <-host.errs:
			if !errors.Is(err, match.ErrFlood) {
				t.Fatalf("host during the flood: %v, want %v", err, match.ErrFlood)
			}
			refused++
		case <-time.After(time.Second):
			quiet = refused >= 300
		case <-deadline:
			t.Fatalf("the flood: %d frames refused within 30 s, want at least 300", refused)
		}
	}
	if got := host.match.Record(); got != before {
		t.Fatalf("the flood changed the host's record to %q", got)
	}
	clockMu.Lock()
	clock.advance(2 * time.Second) // the host's bucket refills
	running = true
	clockMu.Unlock()
	for len(host.errs) > 0 {
		<-host.errs
	}
	play(t, rng, host, guest, 1000, -1)
	if host.match.Winner() == game.NoSeat {
		t.Fatal("the honest game did not finish after the junk")
	}
}

// shifted numbers the frames a match sends on from the junk a test slips
// in between them, as a hostile peer's own numbering would: the honest
// frames after the junk are then neither duplicates nor gaps.
type shifted struct {
	t     match.Transport
	mu    sync.Mutex
	last  uint64 // the number of the last frame sent
	extra uint64 // the numbers the junk took
}

func (s *shifted) Send(b []byte) error {
	f, err := match.Decode(b)
	if err != nil {
		return s.t.Send(b)
	}
	s.mu.Lock()
	f.Seq += s.extra
	s.last = f.Seq
	s.mu.Unlock()
	if b, err = match.Encode(f); err != nil {
		return err
	}
	return s.t.Send(b)
}

// next is the number for a junk frame.
func (s *shifted) next() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.extra++
	s.last++
	return s.last
}
