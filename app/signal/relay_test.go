//go:build !js

package signal

import (
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/pion/turn/v5"
)

// turnClient allocates a relayed address at the relay with the given
// credentials.
func turnClient(t *testing.T, server string, ice ICEServer) (*turn.Client, net.PacketConn, error) {
	t.Helper()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	c, err := turn.NewClient(&turn.ClientConfig{
		STUNServerAddr: server, TURNServerAddr: server, Conn: conn,
		Username: ice.Username, Password: ice.Credential, Realm: "gygy",
	})
	if err != nil {
		return nil, nil, err
	}
	t.Cleanup(c.Close)
	if err := c.Listen(); err != nil {
		return nil, nil, err
	}
	relayed, err := c.Allocate()
	return c, relayed, err
}

func TestRelayCarriesPackets(t *testing.T) {
	r, err := StartRelay(RelayConfig{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ice := r.ICEServers()
	if len(ice) != 1 || !strings.HasPrefix(ice[0].URLs[0], "turn:127.0.0.1:") || ice[0].Username == "" {
		t.Fatalf("ICEServers = %+v, want a turn URL with credentials", ice)
	}
	server := strings.TrimSuffix(strings.TrimPrefix(ice[0].URLs[0], "turn:"), "?transport=udp")
	_, relayed, err := turnClient(t, server, ice[0])
	if err != nil {
		t.Fatalf("allocation with the hub's credentials: %v", err)
	}
	defer relayed.Close()

	// A packet sent from the relayed address reaches a plain UDP socket.
	peer, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	if _, err := relayed.WriteTo([]byte("move c3"), peer.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	peer.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 64)
	n, from, err := peer.ReadFrom(buf)
	if err != nil || string(buf[:n]) != "move c3" {
		t.Fatalf("read %q, %v; want the packet through the relay", buf[:n], err)
	}
	if from.String() != relayed.LocalAddr().String() {
		t.Errorf("packet came from %v, want the relayed address %v", from, relayed.LocalAddr())
	}

	// Made-up credentials get no allocation.
	if _, _, err := turnClient(t, server, ICEServer{Username: "9999999999:gygy", Credential: "guess"}); err == nil {
		t.Errorf("allocation with made-up credentials succeeded")
	}
}

func TestRelayNeedsPublicAddress(t *testing.T) {
	if r, err := StartRelay(RelayConfig{Listen: "0.0.0.0:0"}); err == nil {
		r.Close()
		t.Errorf("StartRelay on 0.0.0.0 without a public IP = nil error")
	}
	if _, err := StartRelay(RelayConfig{Listen: "nonsense"}); err == nil {
		t.Errorf("StartRelay with a bad address = nil error")
	}
}

func TestHubHandsOutRelayCredentials(t *testing.T) {
	r, err := StartRelay(RelayConfig{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	hub := NewHub(Config{ICEServers: []ICEServer{{URLs: []string{"stun:stun.test:3478"}}}, Relay: r})
	defer hub.Close() // closes the relay too
	var m Message
	if err := json.Unmarshal(hub.welcomeFor(), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.ICEServers) != 2 || m.ICEServers[1].Username == "" || !strings.HasPrefix(m.ICEServers[1].URLs[0], "turn:") {
		t.Errorf("welcome ICE servers = %+v, want the STUN server and the relay with credentials", m.ICEServers)
	}
}
