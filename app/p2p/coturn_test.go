//go:build !js

package p2p

import (
	"bufio"
	"context"
	"fmt"
	"gygy/app/conn"
	"gygy/app/match"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gygy/app/signal"
)

// coturnLog is what turnserver wrote, kept for the test to read.
type coturnLog struct {
	mu   sync.Mutex
	text strings.Builder
}

func (l *coturnLog) add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.text.Len() < 1<<20 {
		l.text.WriteString(line + "\n")
	}
}

func (l *coturnLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.text.String()
}

// startCoturn runs Debian's coturn on a free loopback port, checking
// TURN REST credentials with secret (use-auth-secret), and returns its
// URL and its log. Without turnserver the test is skipped, unless
// GYGY_REQUIRE_COTURN=1 (CI), when it fails.
func startCoturn(t *testing.T, secret string) (string, *coturnLog) {
	t.Helper()
	bin, err := exec.LookPath("turnserver")
	if err != nil {
		if os.Getenv("GYGY_REQUIRE_COTURN") == "1" {
			t.Fatalf("GYGY_REQUIRE_COTURN=1 but coturn's turnserver is not installed: %v", err)
		}
		t.Skipf("SKIPPED: coturn's turnserver is not installed (apt-get install coturn; GYGY_REQUIRE_COTURN=1 makes this a failure): %v", err)
	}
	probe, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := probe.LocalAddr().(*net.UDPAddr).Port
	probe.Close()
	relayLow := 20000 + rand.IntN(400)*100 // relayed ports: a random block of 100
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-n", // no configuration file
		"--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", fmt.Sprintf("--listening-port=%d", port),
		fmt.Sprintf("--min-port=%d", relayLow), fmt.Sprintf("--max-port=%d", relayLow+99),
		"--use-auth-secret", "--static-auth-secret="+secret, "--realm=gygy.test",
		"--no-tls", "--no-dtls", "--no-tcp", "--no-tcp-relay", "--no-cli", "--allow-loopback-peers",
		"--userdb="+filepath.Join(dir, "turndb"), "--pidfile="+filepath.Join(dir, "turnserver.pid"),
		"--log-file=stdout", "--verbose") // the listener line comes in verbose mode
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("turnserver: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
	})
	log := &coturnLog{}
	ready := make(chan struct{})
	go func() {
		want := fmt.Sprintf("UDP listener opened on: 127.0.0.1:%d", port)
		sc := bufio.NewScanner(out)
		opened := false
		for sc.Scan() { // to the end, so that turnserver never blocks on its log
			log.add(sc.Text())
			if !opened && strings.Contains(sc.Text(), want) {
				close(ready)
				opened = true
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(15 * time.Second):
		t.Fatalf("turnserver did not open its listener within 15 s:\n%s", log)
	}
	return fmt.Sprintf("turn:127.0.0.1:%d?transport=udp", port), log
}

// TestGameThroughCoturn plays a game with every packet through coturn,
// the TURN server operators run, with the TURN REST credentials the hub
// makes from the secret it shares with coturn.
func TestGameThroughCoturn(t *testing.T) {
	const secret = "gygy-test-secret"
	url, log := startCoturn(t, secret)
	relay, err := signal.ExternalRelay(secret, []string{url}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	host, guest := relayedDuo(t, relayHub(t, relay), "GYRE 9x20")
	lat := play(t, rand.New(rand.NewPCG(7, 8)), host, guest, 40, -1)
	if n := strings.Count(log.String(), "ALLOCATE processed, success"); n < 2 {
		t.Errorf("coturn logged %d successful allocations, want one per peer at least:\n%s", n, log)
	}
	t.Logf("a game of %d actions through coturn (%s), every packet relayed; move delivery median %v", len(lat), url, median(lat))
}

// TestCoturnRefusesOtherSecret: credentials made with another secret
// get no relay from coturn, so relay-only peers never connect.
func TestCoturnRefusesOtherSecret(t *testing.T) {
	url, log := startCoturn(t, "gygy-test-secret")
	wrong, err := signal.ExternalRelay("not-the-secret", []string{url}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	hub := relayHub(t, wrong)
	host := newSide(t, "host", Config{SignalURL: hub, RelayOnly: true}, func(tr match.Transport) *match.Match { return match.NewGuest(tr, fast) })
	room, _, _ := host.peer.Room()
	guest := newSide(t, "guest", Config{SignalURL: hub, Room: room, RelayOnly: true}, func(tr match.Transport) *match.Match { return match.NewGuest(tr, fast) })
	deadline := time.After(8 * time.Second)
	for {
		select {
		case st := <-host.states:
			if st == conn.Connected {
				t.Fatal("peers connected through coturn with credentials made from the wrong secret")
			}
		case st := <-guest.states:
			if st == conn.Connected {
				t.Fatal("peers connected through coturn with credentials made from the wrong secret")
			}
		case <-deadline:
			if strings.Contains(log.String(), "ALLOCATE processed, success") {
				t.Errorf("coturn allocated for credentials made from the wrong secret:\n%s", log)
			}
			return
		}
	}
}
