package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"gygy/app/match"
	"gygy/app/p2p"
	"gygy/app/session"
	"gygy/app/signal"
)

// probe checks a deployment's signalling as an operator would, step by
// step, each step timed; the first failure ends it with its reason.
type probe struct {
	out     io.Writer
	timeout time.Duration
	start   time.Time
}

// errProbe is a failed step, already printed.
var errProbe = errors.New("probe failed")

// step runs one step and prints it with its latency.
func (p *probe) step(name string, f func(ctx context.Context) (string, error)) error {
	ctx, cancel := context.WithTimeout(context.Background(), p.timeout)
	defer cancel()
	start := time.Now()
	detail, err := f(ctx)
	took := time.Since(start)
	if err != nil {
		fmt.Fprintf(p.out, "FAIL %-34s %9s  %v\n", name, round(took), err)
		return errProbe
	}
	if detail != "" {
		detail = "  " + detail
	}
	fmt.Fprintf(p.out, "ok   %-34s %9s%s\n", name, round(took), detail)
	return nil
}

// round keeps three significant digits of a latency.
func round(d time.Duration) string {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	default:
		return d.Round(time.Microsecond).String()
	}
}

// hubURL turns what an operator types into the hub's WebSocket URL:
// http(s) becomes ws(s), and a URL without a path gets /signal.
func hubURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("%q: the URL must start with ws://, wss://, http:// or https://", raw)
	}
	if u.Host == "" {
		return "", fmt.Errorf("%q: no host", raw)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/signal"
	}
	return u.String(), nil
}

// runProbe is gygy probe: open a room on URL, join it from URL2 (URL
// again by default), relay an offer and an answer each way, and with
// --turn open a data channel through the relay the hub hands out.
func runProbe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	turn := fs.Bool("turn", false, "also open a WebRTC data channel between the two sides through the TURN relay the hub hands out (relay only, no direct path)")
	timeout := fs.Duration("timeout", 10*time.Second, "how long each step may take")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gygy probe [--turn] [--timeout 10s] URL [URL2]")
		fs.PrintDefaults()
	}
	rest, err := parseFlagsAnywhere(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) < 1 || len(rest) > 2 {
		fs.Usage()
		return 2
	}
	hostURL, err := hubURL(rest[0])
	if err == nil && len(rest) == 2 {
		rest[1], err = hubURL(rest[1])
	}
	if err != nil {
		fmt.Fprintln(stderr, "gygy probe:", err)
		return 2
	}
	guestURL := hostURL
	if len(rest) == 2 {
		guestURL = rest[1]
	}
	p := &probe{out: stdout, timeout: *timeout, start: time.Now()}
	fmt.Fprintf(stdout, "gygy probe: host at %s, guest at %s\n", hostURL, guestURL)
	if err := p.signalling(hostURL, guestURL, *turn); err != nil {
		fmt.Fprintf(stdout, "probe failed after %s\n", round(time.Since(p.start)))
		return 1
	}
	fmt.Fprintf(stdout, "probe passed in %s\n", round(time.Since(p.start)))
	return 0
}

// signalling runs the probe's steps.
func (p *probe) signalling(hostURL, guestURL string, turn bool) error {
	var host, guest *signal.Client
	defer func() {
		for _, c := range []*signal.Client{host, guest} {
			if c != nil {
				c.Close()
			}
		}
	}()
	var created signal.Message
	var epoch int
	steps := []struct {
		name string
		f    func(ctx context.Context) (string, error)
	}{
		{"host: connect, welcome", func(ctx context.Context) (s string, err error) {
			host, err = signal.Dial(ctx, hostURL)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d ICE servers", len(host.ICEServers())), nil
		}},
		{"host: create a room", func(ctx context.Context) (s string, err error) {
			created, err = host.Create(ctx)
			return "", err
		}},
		{"guest: connect, welcome", func(ctx context.Context) (s string, err error) {
			guest, err = signal.Dial(ctx, guestURL)
			return "", err
		}},
		{"guest: join the room", func(ctx context.Context) (string, error) {
			_, err := guest.Join(ctx, created.Room, "")
			return "", err
		}},
		{"both: ready", func(ctx context.Context) (string, error) {
			hr, err := expect(ctx, host, signal.TypeReady)
			if err != nil {
				return "", fmt.Errorf("host: %w", err)
			}
			if _, err := expect(ctx, guest, signal.TypeReady); err != nil {
				return "", fmt.Errorf("guest: %w", err)
			}
			epoch = hr.Epoch
			return fmt.Sprintf("epoch %d", epoch), nil
		}},
		{"relay offer: guest → host", func(ctx context.Context) (string, error) { return "", pass(ctx, guest, host, signal.TypeOffer, epoch) }},
		{"relay answer: host → guest", func(ctx context.Context) (string, error) { return "", pass(ctx, host, guest, signal.TypeAnswer, epoch) }},
		{"relay offer: host → guest", func(ctx context.Context) (string, error) { return "", pass(ctx, host, guest, signal.TypeOffer, epoch) }},
		{"relay answer: guest → host", func(ctx context.Context) (string, error) { return "", pass(ctx, guest, host, signal.TypeAnswer, epoch) }},
	}
	for _, s := range steps {
		if err := p.step(s.name, s.f); err != nil {
			return err
		}
	}
	if !turn {
		return nil
	}
	if !hasTURN(host.ICEServers()) {
		return p.step("TURN relay handed out", func(context.Context) (string, error) {
			return "", errors.New("the hub hands out no turn: server (start it with --turn or --ice turn:...)")
		})
	}
	return p.dataChannel(hostURL, guestURL)
}

// expect reads the next message and checks its type.
func expect(ctx context.Context, c *signal.Client, typ string) (signal.Message, error) {
	type result struct {
		m   signal.Message
		err error
	}
	got := make(chan result, 1)
	go func() { m, err := c.Recv(); got <- result{m, err} }()
	select {
	case r := <-got:
		switch {
		case r.err != nil:
			return r.m, r.err
		case r.m.Type == signal.TypeError:
			return r.m, fmt.Errorf("%w: %s", signal.ErrRefused, r.m.Reason)
		case r.m.Type != typ:
			return r.m, fmt.Errorf("got %s, want %s", r.m.Type, typ)
		}
		return r.m, nil
	case <-ctx.Done():
		return signal.Message{}, fmt.Errorf("no %s: %w", typ, ctx.Err())
	}
}

// pass sends a message of typ from one side and waits for it on the other.
func pass(ctx context.Context, from, to *signal.Client, typ string, epoch int) error {
	payload, _ := json.Marshal(map[string]string{"probe": typ, "at": time.Now().Format(time.RFC3339Nano)})
	if err := from.Send(ctx, signal.Message{Type: typ, Epoch: epoch, Payload: payload}); err != nil {
		return err
	}
	m, err := expect(ctx, to, typ)
	if err != nil {
		return err
	}
	if string(m.Payload) != string(payload) {
		return fmt.Errorf("the payload arrived changed: %s", m.Payload)
	}
	return nil
}

// hasTURN reports whether servers include a TURN server.
func hasTURN(servers []signal.ICEServer) bool {
	for _, s := range servers {
		for _, u := range s.URLs {
			if strings.HasPrefix(u, "turn:") || strings.HasPrefix(u, "turns:") {
				return true
			}
		}
	}
	return false
}

// dataChannel opens a real data channel between two pion peers, relay
// only, negotiated through the hubs, and echoes a frame over it.
func (p *probe) dataChannel(hostURL, guestURL string) error {
	frames := make(chan []byte, 4)
	states := [2]chan session.Conn{make(chan session.Conn, 16), make(chan session.Conn, 16)}
	handlers := func(i int) match.Handlers {
		return match.Handlers{
			OnState: func(s session.Conn) { states[i] <- s },
			OnFrame: func(b []byte) { frames <- b },
		}
	}
	var host, guest *p2p.Peer
	defer func() {
		for _, pr := range []*p2p.Peer{host, guest} {
			if pr != nil {
				pr.Close()
			}
		}
	}()
	connected := func(ctx context.Context, i int, pr *p2p.Peer) error {
		for {
			select {
			case s := <-states[i]:
				if s == session.Connected {
					return nil
				}
				if s == session.Closed {
					return fmt.Errorf("closed: %v", pr.Err())
				}
			case <-ctx.Done():
				return fmt.Errorf("no data channel through the relay (state %v): %w", pr.State(), ctx.Err())
			}
		}
	}
	steps := []struct {
		name string
		f    func(ctx context.Context) (string, error)
	}{
		{"TURN: host peer in a new room", func(ctx context.Context) (string, error) {
			host = p2p.NewPeer(p2p.Config{SignalURL: hostURL, RelayOnly: true})
			return "", host.Start(ctx, handlers(0))
		}},
		{"TURN: guest peer joins", func(ctx context.Context) (string, error) {
			room, _, _ := host.Room()
			guest = p2p.NewPeer(p2p.Config{SignalURL: guestURL, Room: room, RelayOnly: true})
			return "", guest.Start(ctx, handlers(1))
		}},
		{"TURN: data channel open (relay)", func(ctx context.Context) (string, error) {
			if err := connected(ctx, 0, host); err != nil {
				return "", fmt.Errorf("host: %w", err)
			}
			return "", connected(ctx, 1, guest)
		}},
		{"TURN: frame guest → host", func(ctx context.Context) (string, error) {
			if err := guest.Send([]byte("probe")); err != nil {
				return "", err
			}
			select {
			case b := <-frames:
				if string(b) != "probe" {
					return "", fmt.Errorf("got %q, want %q", b, "probe")
				}
				return "", nil
			case <-ctx.Done():
				return "", fmt.Errorf("the frame did not arrive: %w", ctx.Err())
			}
		}},
	}
	for _, s := range steps {
		if err := p.step(s.name, s.f); err != nil {
			return err
		}
	}
	return nil
}
