package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gygy/app/signal"
)

// checkTURNREST checks a credential in coturn's use-auth-secret form:
// username "expiry:user", credential base64(HMAC-SHA1(secret, username)),
// expiring about life from now.
func checkTURNREST(t *testing.T, s signal.ICEServer, secret string, life time.Duration) {
	t.Helper()
	expiry, _, ok := strings.Cut(s.Username, ":")
	unix, err := strconv.ParseInt(expiry, 10, 64)
	if !ok || err != nil {
		t.Fatalf("username %q is not expiry:user", s.Username)
	}
	if d := time.Until(time.Unix(unix, 0)); d < life-time.Minute || d > life+time.Minute {
		t.Errorf("username %q expires in %v, want about %v", s.Username, d, life)
	}
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(s.Username))
	if want := base64.StdEncoding.EncodeToString(mac.Sum(nil)); s.Credential != want {
		t.Errorf("credential %q, want base64(HMAC-SHA1(secret, %q)) = %q", s.Credential, s.Username, want)
	}
}

// TestTurnSecretFlags: with --turn-secret and --turn-url the hub hands
// out credentials that coturn's use-auth-secret accepts, in its welcome
// and again when asked, and says how long they live (--turn-ttl).
func TestTurnSecretFlags(t *testing.T) {
	secretFile := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secretFile, []byte("from-a-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, secret, flag string
	}{
		{"inline", "s3cret", "s3cret"},
		{"file", "from-a-file", "@" + secretFile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			const url = "turn:turn.test:3478?transport=udp"
			c := dialSignal(t, ctx, "--turn-secret", tc.flag, "--turn-url", url, "--turn-ttl", "90m")
			ice := c.ICEServers()
			if len(ice) != 1 || len(ice[0].URLs) != 1 || ice[0].URLs[0] != url {
				t.Fatalf("ICEServers() = %+v, want %s with credentials", ice, url)
			}
			checkTURNREST(t, ice[0], tc.secret, 90*time.Minute)
			if got := c.ICELife(); got != 90*time.Minute {
				t.Errorf("ICELife() = %v, want 90m", got)
			}
			if _, err := c.Create(ctx); err != nil {
				t.Fatal(err)
			}
			if err := c.AskICE(ctx); err != nil {
				t.Fatal(err)
			}
			m, err := c.Recv()
			if err != nil || m.Type != signal.TypeICE || len(m.ICEServers) != 1 || m.ICESeconds != 90*60 {
				t.Fatalf("answer to ice: %+v, %v; want fresh credentials living 5400 s", m, err)
			}
			checkTURNREST(t, m.ICEServers[0], tc.secret, 90*time.Minute)
		})
	}
}

func TestTurnFlagsRefused(t *testing.T) {
	for _, args := range [][]string{
		{"--turn", "127.0.0.1:0", "--turn-secret", "x", "--turn-url", "turn:t.test:3478"},
		{"--turn-url", "turn:t.test:3478"},
		{"--turn-secret", "x"},
		{"--turn-secret", "x", "--turn-url", "stun:t.test:3478"},
		{"--turn-secret", "@/nonexistent/secret", "--turn-url", "turn:t.test:3478"},
		{"--turn", "127.0.0.1:0", "--turn-ttl", "10s"},
	} {
		var stderr bytes.Buffer
		if _, _, _, err := signalServer(args, &stderr); !errors.Is(err, errUsage) {
			t.Errorf("signalServer(%q) = %v, want a usage error", args, err)
		}
	}
}
