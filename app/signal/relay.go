//go:build !js

package signal

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/pion/logging"
	"github.com/pion/turn/v5"
)

// RelayConfig sets up the TURN relay that can run beside the hub, for
// players whose networks let no direct connection through.
type RelayConfig struct {
	// Listen is the UDP address the relay listens on, e.g. "0.0.0.0:3478".
	Listen string
	// PublicIP is the address the players reach the relay at, which is
	// also the address of the relayed ports; default: Listen's host, which
	// must then be a specific address.
	PublicIP string
	// Realm names the relay in its authentication. Default "gygy".
	Realm string
	// CredentialLife is how long the credentials a player gets stay
	// valid. Default 2 hours. The relay checks them on every refresh of
	// an allocation, so players ask the hub for fresh ones before they
	// expire (the hub tells them when) and restart ICE with them.
	CredentialLife time.Duration
	// AllocationLifetime is how long a relayed address lives unless its
	// player refreshes it (the player refreshes at half of it). Default
	// 10 minutes, TURN's own; tests shorten it to see an expired
	// credential's effect in seconds.
	AllocationLifetime time.Duration
}

// Relay is a TURN relay the hub hands out credentials for: one running
// in this process (StartRelay), or an external one such as coturn that
// shares a secret with the hub (ExternalRelay). Players authenticate with
// time-limited credentials in the TURN REST form, which the hub hands to
// each player in its welcome message and again whenever the player asks
// (an ice message): the username is "expiry:gygy", with the expiry in Unix
// seconds, and the credential base64(HMAC-SHA1(secret, username)). A
// credential is useless after it expires; the secret never leaves the
// hub (and the relay's process). The relay checks a credential on every
// refresh, not only at allocation, so a peer sends ice before its
// credentials expire (the welcome says when: ICESeconds) and restarts ICE
// with the fresh ones.
type Relay struct {
	srv    *turn.Server // nil for an external relay
	secret string
	urls   []string
	life   time.Duration
}

// ExternalRelay hands out credentials for TURN servers at urls (e.g.
// "turn:turn.example.org:3478?transport=udp") that check them with the
// shared secret: coturn with use-auth-secret and static-auth-secret. life
// is how long a credential stays valid; default 2 hours.
func ExternalRelay(secret string, urls []string, life time.Duration) (*Relay, error) {
	if secret == "" {
		return nil, fmt.Errorf("signal: external relay: the shared secret is empty")
	}
	if len(urls) == 0 {
		return nil, fmt.Errorf("signal: external relay: no TURN URL")
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, "turn:") && !strings.HasPrefix(u, "turns:") {
			return nil, fmt.Errorf("signal: external relay %q: the URL must start with turn: or turns:", u)
		}
	}
	if life <= 0 {
		life = 2 * time.Hour
	}
	return &Relay{secret: secret, urls: append([]string(nil), urls...), life: life}, nil
}

// StartRelay starts the relay.
func StartRelay(cfg RelayConfig) (*Relay, error) {
	if cfg.Realm == "" {
		cfg.Realm = "gygy"
	}
	if cfg.CredentialLife <= 0 {
		cfg.CredentialLife = 2 * time.Hour
	}
	host, port, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("signal: relay address %q: %w", cfg.Listen, err)
	}
	public := net.ParseIP(cfg.PublicIP)
	if cfg.PublicIP == "" {
		public = net.ParseIP(host)
	}
	if public == nil || public.IsUnspecified() {
		return nil, fmt.Errorf("signal: relay: the players need the relay's public IP address (listening on %q)", cfg.Listen)
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	secret := base64.RawStdEncoding.EncodeToString(key)
	conn, err := net.ListenPacket("udp4", cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("signal: relay: %w", err)
	}
	quiet := logging.NewDefaultLoggerFactory()
	quiet.DefaultLogLevel = logging.LogLevelError
	srv, err := turn.NewServer(turn.ServerConfig{
		Realm:              cfg.Realm,
		AllocationLifetime: cfg.AllocationLifetime,
		AuthHandler:        turn.LongTermTURNRESTAuthHandler(secret, quiet.NewLogger("turn")),
		LoggerFactory:      quiet,
		PacketConnConfigs: []turn.PacketConnConfig{{
			PacketConn:            conn,
			RelayAddressGenerator: &turn.RelayAddressGeneratorStatic{RelayAddress: public, Address: host},
		}},
	})
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("signal: relay: %w", err)
	}
	_, actual, _ := net.SplitHostPort(conn.LocalAddr().String())
	if port != "0" {
		actual = port
	}
	return &Relay{
		srv:    srv,
		secret: secret,
		urls:   []string{"turn:" + net.JoinHostPort(public.String(), actual) + "?transport=udp"},
		life:   cfg.CredentialLife,
	}, nil
}

// ICEServers returns the relay with fresh credentials, for one player.
func (r *Relay) ICEServers() []ICEServer {
	user, pass, err := turn.GenerateLongTermTURNRESTCredentials(r.secret, "gygy", r.life)
	if err != nil {
		return nil
	}
	return []ICEServer{{URLs: append([]string(nil), r.urls...), Username: user, Credential: pass}}
}

// CredentialLife is how long the credentials of ICEServers stay valid.
func (r *Relay) CredentialLife() time.Duration { return r.life }

// lifeSeconds is the credential life the hub announces: 0 without a relay.
func (r *Relay) lifeSeconds() int {
	if r == nil {
		return 0
	}
	return int(r.life / time.Second)
}

// Allocations is the number of relayed addresses in use (0 for an
// external relay, which this process cannot see).
func (r *Relay) Allocations() int {
	if r.srv == nil {
		return 0
	}
	return r.srv.AllocationCount()
}

// Close stops the relay; an external relay has nothing to stop.
func (r *Relay) Close() error {
	if r.srv == nil {
		return nil
	}
	return r.srv.Close()
}

// freshICE is the answer to a client's ice message: the configured ICE
// servers and the relay with new credentials.
func (h *Hub) freshICE() []byte {
	var extra []ICEServer
	if h.cfg.Relay != nil {
		h.metrics.turn.Inc()
		extra = h.cfg.Relay.ICEServers()
	}
	data, _ := json.Marshal(Message{
		Type:       TypeICE,
		ICEServers: append(append([]ICEServer(nil), h.cfg.ICEServers...), extra...),
		ICESeconds: h.cfg.Relay.lifeSeconds(),
	})
	return data
}
