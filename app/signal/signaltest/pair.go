// Package signaltest holds an honest pair of peers in a room of a
// signalling hub and measures the hub's relay for it, while a test does
// something hostile to the hub elsewhere: the pair must keep relaying, and
// its latency says how much the hostility cost the honest.
package signaltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"gygy/app/signal"
)

// Pair is a host and a guest in one room that relay a candidate and its
// echo (an answer) every interval, timing each round trip.
type Pair struct {
	host, guest *signal.Client
	cancel      context.CancelFunc
	wg          sync.WaitGroup

	mu    sync.Mutex
	sent  map[int]time.Time
	rtts  []time.Duration
	fault error
}

// Report sums up a Pair's round trips.
type Report struct {
	N             int // round trips completed
	P50, P95, Max time.Duration
}

func (r Report) String() string {
	return fmt.Sprintf("%d round trips, p50 %v, p95 %v, max %v", r.N, r.P50, r.P95, r.Max)
}

// Start dials the hub at url twice, makes a room, and starts relaying
// every interval until Stop. Keep interval long enough for the hub's rate
// limit: each peer sends one message per interval.
func Start(ctx context.Context, url string, every time.Duration) (*Pair, error) {
	host, err := signal.Dial(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("signaltest: host: %w", err)
	}
	created, err := host.Create(ctx)
	if err != nil {
		host.Close()
		return nil, fmt.Errorf("signaltest: create: %w", err)
	}
	guest, err := signal.Dial(ctx, url)
	if err != nil {
		host.Close()
		return nil, fmt.Errorf("signaltest: guest: %w", err)
	}
	if _, err := guest.Join(ctx, created.Room, ""); err != nil {
		host.Close()
		guest.Close()
		return nil, fmt.Errorf("signaltest: join: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &Pair{host: host, guest: guest, cancel: cancel, sent: make(map[int]time.Time)}
	p.wg.Add(3)
	go p.echo(ctx)
	go p.time(ctx)
	go p.send(ctx, every)
	return p, nil
}

// failed records the first thing that went wrong, unless the pair is
// stopping.
func (p *Pair) failed(ctx context.Context, err error) {
	if ctx.Err() != nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fault == nil {
		p.fault = err
	}
}

type probe struct {
	Seq int `json:"seq"`
}

func (p *Pair) send(ctx context.Context, every time.Duration) {
	defer p.wg.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for seq := 0; ; seq++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		payload, _ := json.Marshal(probe{Seq: seq})
		p.mu.Lock()
		p.sent[seq] = time.Now()
		p.mu.Unlock()
		if err := p.host.Send(ctx, signal.Message{Type: signal.TypeCandidate, Epoch: 1, Payload: payload}); err != nil {
			p.failed(ctx, fmt.Errorf("signaltest: host send: %w", err))
			return
		}
	}
}

// echo is the guest: it answers each candidate with its payload.
func (p *Pair) echo(ctx context.Context) {
	defer p.wg.Done()
	for {
		m, err := p.guest.Recv()
		if err != nil {
			p.failed(ctx, fmt.Errorf("signaltest: guest: %w", err))
			return
		}
		switch m.Type {
		case signal.TypeReady:
		case signal.TypeCandidate:
			if err := p.guest.Send(ctx, signal.Message{Type: signal.TypeAnswer, Epoch: 1, Payload: m.Payload}); err != nil {
				p.failed(ctx, fmt.Errorf("signaltest: guest send: %w", err))
				return
			}
		default:
			p.failed(ctx, fmt.Errorf("signaltest: guest got %s %q", m.Type, m.Reason))
			return
		}
	}
}

// time is the host's reader: it times each echo.
func (p *Pair) time(ctx context.Context) {
	defer p.wg.Done()
	for {
		m, err := p.host.Recv()
		if err != nil {
			p.failed(ctx, fmt.Errorf("signaltest: host: %w", err))
			return
		}
		switch m.Type {
		case signal.TypeReady:
		case signal.TypeAnswer:
			var pr probe
			if err := json.Unmarshal(m.Payload, &pr); err != nil {
				p.failed(ctx, fmt.Errorf("signaltest: echo %s: %w", m.Payload, err))
				return
			}
			p.mu.Lock()
			if at, ok := p.sent[pr.Seq]; ok {
				p.rtts = append(p.rtts, time.Since(at))
				delete(p.sent, pr.Seq)
			}
			p.mu.Unlock()
		default:
			p.failed(ctx, fmt.Errorf("signaltest: host got %s %q", m.Type, m.Reason))
			return
		}
	}
}

// RoundTrips is the number of round trips completed so far.
func (p *Pair) RoundTrips() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.rtts)
}

// ErrSilent reports a pair that completed no round trip.
var ErrSilent = errors.New("signaltest: no round trip completed")

// Stop ends the pair and reports its round trips, or the first fault: a
// refusal, a lost connection, or no round trip at all.
func (p *Pair) Stop() (Report, error) {
	p.cancel()
	p.host.Close()
	p.guest.Close()
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fault != nil {
		return Report{}, p.fault
	}
	if len(p.rtts) == 0 {
		return Report{}, ErrSilent
	}
	r := slices.Clone(p.rtts)
	slices.Sort(r)
	at := func(q float64) time.Duration { return r[min(len(r)-1, int(q*float64(len(r))))] }
	return Report{N: len(r), P50: at(0.5), P95: at(0.95), Max: r[len(r)-1]}, nil
}
