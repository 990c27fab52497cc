package main

import (
	"errors"
	"flag"
	"os"
	"strings"
	"time"

	"gygy/app/signal"
)

// turnFlags registers the TURN relay's flags on fs (for gygy signal and
// gygy serve) and returns a function that starts the relay, or sets up
// the credentials of an external one, once fs is parsed: nil for none.
func turnFlags(fs *flag.FlagSet, list func(*[]string) func(string) error) func() (*signal.Relay, error) {
	var urls []string
	addr := fs.String("turn", "", "also run a TURN relay on this UDP address, e.g. 0.0.0.0:3478, for players whose networks block direct connections (default: none)")
	ip := fs.String("turn-ip", "", "the relay's public IP address, as the players reach it (default: the --turn host)")
	ttl := fs.Duration("turn-ttl", 2*time.Hour, "how long the relay credentials handed to a player stay valid; players renew them before then")
	secret := fs.String("turn-secret", "", "hand out credentials for an external TURN server (coturn with use-auth-secret) that shares this static-auth-secret; @file reads it from a file, which keeps it out of the process list")
	fs.Func("turn-url", "the external TURN server's URL for --turn-secret, e.g. turn:turn.example.org:3478?transport=udp (repeatable or comma-separated)", list(&urls))
	return func() (*signal.Relay, error) {
		switch {
		case *addr != "" && *secret != "":
			return nil, errors.New("--turn runs a relay here and --turn-secret names one elsewhere: give one of them")
		case *secret == "" && len(urls) > 0:
			return nil, errors.New("--turn-url needs --turn-secret, the secret the TURN server checks credentials with")
		case *ttl < time.Minute:
			return nil, errors.New("--turn-ttl: credentials must live a minute at least")
		case *addr != "":
			return signal.StartRelay(signal.RelayConfig{Listen: *addr, PublicIP: *ip, CredentialLife: *ttl})
		case *secret != "":
			key := *secret
			if name, ok := strings.CutPrefix(key, "@"); ok {
				data, err := os.ReadFile(name)
				if err != nil {
					return nil, err
				}
				key = strings.TrimSpace(string(data))
			}
			return signal.ExternalRelay(key, urls, *ttl)
		}
		return nil, nil
	}
}
