//go:build !js

package signal

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
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
	// valid. Default 2 hours, a long game's worth.
	CredentialLife time.Duration
}

// Relay is a running TURN relay. Players authenticate with time-limited
// credentials (the TURN REST form: an expiry and an HMAC of it under a
// secret that never leaves this process), which the hub hands to each
// player in its welcome message: a credential is useless after it
// expires, and after the server restarts.
type Relay struct {
	srv    *turn.Server
	secret string
	url    string
	life   time.Duration
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
		Realm:         cfg.Realm,
		AuthHandler:   turn.LongTermTURNRESTAuthHandler(secret, quiet.NewLogger("turn")),
		LoggerFactory: quiet,
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
		url:    "turn:" + net.JoinHostPort(public.String(), actual) + "?transport=udp",
		life:   cfg.CredentialLife,
	}, nil
}

// ICEServers returns the relay with fresh credentials, for one player.
func (r *Relay) ICEServers() []ICEServer {
	user, pass, err := turn.GenerateLongTermTURNRESTCredentials(r.secret, "gygy", r.life)
	if err != nil {
		return nil
	}
	return []ICEServer{{URLs: []string{r.url}, Username: user, Credential: pass}}
}

// Allocations is the number of relayed addresses in use.
func (r *Relay) Allocations() int { return r.srv.AllocationCount() }

// Close stops the relay.
func (r *Relay) Close() error { return r.srv.Close() }
