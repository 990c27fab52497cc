package netlimit

import (
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestKey(t *testing.T) {
	tests := []struct{ addr, want string }{
		{"192.0.2.7", "192.0.2.7"},
		{"192.0.2.7:4321", "192.0.2.7"},
		{"::ffff:192.0.2.7", "192.0.2.7"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", "2001:db8:1:3::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"::1", "::/64"},
		{"not an address", "not an address"},
	}
	for _, tt := range tests {
		if got := Key(tt.addr); got != tt.want {
			t.Errorf("Key(%q) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

func TestParsePrefixes(t *testing.T) {
	got, err := ParsePrefixes(" 10.0.0.0/8, 192.0.2.7 ,2001:db8::1/32,,::1")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "192.0.2.7/32", "2001:db8::/32", "::1/128"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ParsePrefixes = %v, want %v", got, want)
	}
	for _, tt := range []struct {
		addr string
		want bool
	}{{"10.1.2.3", true}, {"11.0.0.1", false}, {"::ffff:192.0.2.7", true}, {"2001:db8:ffff::1", true}, {"::2", false}} {
		if c := Contains(got, netip.MustParseAddr(tt.addr)); c != tt.want {
			t.Errorf("Contains(%s) = %v, want %v", tt.addr, c, tt.want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "example.org", "10.0.0/8"} {
		if _, err := ParsePrefixes(bad); err == nil {
			t.Errorf("ParsePrefixes(%q) succeeded, want an error", bad)
		}
	}
}

func TestFitCap(t *testing.T) {
	tests := []struct {
		want   int
		nofile uint64
		out    int
	}{
		{12000, 0, 12000},
		{12000, 1 << 20, 12000},
		{12000, 20000, 12000},
		{19500, 20000, 19000},
		{30000, 20000, 19000},
		{500, 1024, 500},
		{1000, 1024, 960},
		{0, 1024, 960},
		{100, 50, 1},
	}
	for _, tt := range tests {
		if got := FitCap(tt.want, tt.nofile); got != tt.out {
			t.Errorf("FitCap(%d, %d) = %d, want %d", tt.want, tt.nofile, got, tt.out)
		}
	}
	if n, err := RaiseFileLimit(); err != nil || n == 0 {
		t.Logf("RaiseFileLimit = %d, %v", n, err)
	}
}

func TestTake(t *testing.T) {
	l := NewListener(nil, Config{MaxConns: 4, MaxPerAddr: 2, Exempt: []netip.Prefix{netip.MustParsePrefix("10.0.0.1/32")}})
	steps := []struct{ key, want string }{
		{"192.0.2.1", ""},
		{"192.0.2.1", ""},
		{"192.0.2.1", ReasonPerAddr},
		{"192.0.2.2", ""},
		{"10.0.0.1", ""},
		{"10.0.0.1", ReasonFull},
	}
	for i, s := range steps {
		exempt := Contains(l.cfg.Exempt, netip.MustParseAddr(s.key))
		if got := l.take(s.key, exempt); got != s.want {
			t.Fatalf("step %d: take(%s) = %q, want %q", i, s.key, got, s.want)
		}
	}
	l.release("192.0.2.1")
	if got := l.take("192.0.2.1", false); got != "" {
		t.Fatalf("take after a release = %q, want room", got)
	}
}

// TestListenerCaps opens a few hundred loopback connections against caps
// of 120 in total and 100 per address: the ones past the caps are closed
// at once, the held ones count until they close.
func TestListenerCaps(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	log := NewRefusalLog(func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) }, time.Hour, nil)
	l := NewListener(inner, Config{MaxConns: 120, MaxPerAddr: 100, Log: log})
	defer l.Close()
	held := make(chan net.Conn, 300)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			held <- c
		}
	}()
	const tries = 300
	var clients []net.Conn
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	refused := 0
	for i := 0; i < tries; i++ {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		clients = append(clients, c)
	}
	// Each client waits for the listener's verdict: EOF or a reset for a
	// refused connection, nothing for a held one.
	verdicts := make(chan bool, tries)
	for _, c := range clients {
		go func() {
			c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
			_, err := c.Read(make([]byte, 1))
			verdicts <- err == io.EOF || (err != nil && strings.Contains(err.Error(), "reset"))
		}()
	}
	for range clients {
		if <-verdicts {
			refused++
		}
	}
	if got := l.Open(); got != 100 {
		t.Errorf("Open() = %d, want the per-address cap 100", got)
	}
	if refused != tries-100 {
		t.Errorf("%d connections closed by the listener, want %d", refused, tries-100)
	}
	log.Flush()
	if len(lines) != 2 || !strings.Contains(lines[1], fmt.Sprintf("refused %d more", tries-101)) {
		t.Errorf("log = %q, want one refusal and one count of %d more", lines, tries-101)
	}
	// Closing a held connection makes room for one more.
	(<-held).Close()
	if got := l.Open(); got != 99 {
		t.Errorf("Open() after a close = %d, want 99", got)
	}
}

func TestRefusalLog(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var lines []string
	l := NewRefusalLog(func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) }, 10*time.Second, func() time.Time { return now })
	for i := 0; i < 1000; i++ {
		l.Refuse(fmt.Sprintf("192.0.2.%d", i%250), fmt.Sprintf("too many rooms from your address (limit %d)", 16))
		l.Refuse("192.0.2.1", fmt.Sprintf("unknown message type %q", strings.Repeat("x", i%50)))
	}
	if len(lines) != 2 {
		t.Fatalf("log after 2,000 refusals in one interval = %d lines %q, want 2", len(lines), lines)
	}
	now = now.Add(10 * time.Second)
	l.Refuse("192.0.2.9", "server full: too many rooms")
	want := []string{
		"192.0.2.0 refused: too many rooms from your address (limit 16)",
		`192.0.2.1 refused: unknown message type ""`,
		"refused 999 more in 10s: too many rooms from your address",
		"refused 999 more in 10s: unknown message type",
		"192.0.2.9 refused: server full: too many rooms",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("log =\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for i := 0; i < 2*maxKinds; i++ {
		l.Refuse("192.0.2.1", "kind "+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	l.Flush()
	if got := lines[len(lines)-1]; got != fmt.Sprintf("refused %d more in 10s: other", maxKinds) {
		t.Errorf("last line %q, want the kinds past %d counted as other", got, maxKinds)
	}
}

func TestKind(t *testing.T) {
	for _, tt := range []struct{ reason, want string }{
		{"rate limit: more than 10 messages per second", "rate limit"},
		{`unknown message type "💥💥"`, "unknown message type"},
		{"too many connections from your address (limit 32)", "too many connections from your address"},
		{`"move" before create or join`, "other"},
		{strings.Repeat("a", 100), strings.Repeat("a", 48)},
	} {
		if got := Kind(tt.reason); got != tt.want {
			t.Errorf("Kind(%q) = %q, want %q", tt.reason, got, tt.want)
		}
	}
}
