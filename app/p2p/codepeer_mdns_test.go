//go:build !js

package p2p

import (
	"bufio"
	"context"
	"fmt"
	"gygy/app/conn"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// TestCodeMDNS pairs two pion peers, each in a process and a network
// namespace of its own (two devices), that hide their addresses behind
// mDNS names as browsers do; the codes go from one to the other as text.
// A third namespace joins them, either as one network segment (a bridge:
// multicast goes through, as on one Wi-Fi network) or as two (a router:
// unicast goes through, multicast does not, as between the segments of a
// school network, or where Wi-Fi keeps its clients' multicast apart).
// Nothing leaves the namespaces. It needs root, unshare and ip, and skips
// without them.
func TestCodeMDNS(t *testing.T) {
	switch os.Getenv("GYGY_MDNS_ROLE") {
	case "network":
		mdnsNetwork(t)
		return
	case "offer", "answer":
		mdnsDevice(t, os.Getenv("GYGY_MDNS_ROLE"))
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("mDNS test: needs root to make network namespaces")
	}
	if out, err := exec.Command("unshare", "-n", "ip", "link", "add", "gybr", "type", "bridge").CombinedOutput(); err != nil {
		t.Skipf("mDNS test: no network namespace with a bridge (%v: %s)", err, out)
	}
	cmd := exec.Command("unshare", "-n", os.Args[0], "-test.run=^TestCodeMDNS$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), "GYGY_MDNS_ROLE=network")
	out, err := cmd.CombinedOutput()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		t.Log(line)
	}
	if err != nil {
		t.Fatalf("the network's namespace: %v", err)
	}
}

func ipRun(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
		t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// device is a pairing device's process as the network sees it.
type device struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
}

// deviceSetup runs in a device's new namespace: it says READY, waits for
// its end of the veth, and takes its address (and its route, if any).
const deviceSetup = `ip link set lo up
echo READY
i=0
while ! ip link show "$GYGY_IF" >/dev/null 2>&1; do i=$((i+1)); [ $i -lt 200 ] || exit 1; sleep 0.05; done
ip addr add "$GYGY_ADDR" dev "$GYGY_IF"
ip link set "$GYGY_IF" up
if [ -n "$GYGY_GW" ]; then ip route add default via "$GYGY_GW"; fi
exec "$@"`

func startDevice(t *testing.T, role, iface, addr, gw string, hide bool) *device {
	t.Helper()
	cmd := exec.Command("unshare", "-n", "sh", "-c", deviceSetup, "sh", os.Args[0], "-test.run=^TestCodeMDNS$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GYGY_MDNS_ROLE="+role, "GYGY_IF="+iface, "GYGY_ADDR="+addr, "GYGY_GW="+gw, fmt.Sprintf("GYGY_HIDE=%v", hide))
	d := &device{cmd: cmd}
	d.in, _ = cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	d.lines = bufio.NewScanner(out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		d.in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	d.next(t, "READY")
	ipRun(t, "link", "set", iface, "netns", fmt.Sprint(cmd.Process.Pid))
	return d
}

// next returns the rest of the device's next line that starts with prefix.
func (d *device) next(t *testing.T, prefix string) string {
	t.Helper()
	for d.lines.Scan() {
		if rest, ok := strings.CutPrefix(d.lines.Text(), prefix); ok {
			return rest
		}
	}
	t.Fatalf("the device ended without %q", prefix)
	return ""
}

// mdnsNetwork runs in the namespace between the two devices.
func mdnsNetwork(t *testing.T) {
	ipRun(t, "link", "set", "lo", "up")
	if err := os.WriteFile("/proc/sys/net/ipv4/ip_forward", []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name                  string
		routed                bool
		hideOffer, hideAnswer bool
		wantConnected         bool
	}{
		{"one segment, both names", false, true, true, true},
		{"two segments, both names", true, true, true, false},
		{"two segments, the offer's plain address", true, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ipRun(t, "link", "add", "gyra", "type", "veth", "peer", "name", "gya")
			ipRun(t, "link", "add", "gyrb", "type", "veth", "peer", "name", "gyb")
			defer exec.Command("ip", "link", "del", "gyra").Run()
			defer exec.Command("ip", "link", "del", "gyrb").Run()
			addrA, addrB, gwA, gwB := "10.78.0.2/24", "10.78.0.3/24", "", ""
			if tt.routed {
				ipRun(t, "addr", "add", "10.78.1.1/24", "dev", "gyra")
				ipRun(t, "addr", "add", "10.78.2.1/24", "dev", "gyrb")
				addrA, addrB, gwA, gwB = "10.78.1.2/24", "10.78.2.2/24", "10.78.1.1", "10.78.2.1"
			} else {
				ipRun(t, "link", "add", "gybr", "type", "bridge")
				defer exec.Command("ip", "link", "del", "gybr").Run()
				ipRun(t, "link", "set", "gyra", "master", "gybr")
				ipRun(t, "link", "set", "gyrb", "master", "gybr")
				ipRun(t, "link", "set", "gybr", "up")
			}
			ipRun(t, "link", "set", "gyra", "up")
			ipRun(t, "link", "set", "gyrb", "up")
			a := startDevice(t, "offer", "gya", addrA, gwA, tt.hideOffer)
			b := startDevice(t, "answer", "gyb", addrB, gwB, tt.hideAnswer)
			offer := a.next(t, "CODE ")
			fmt.Fprintln(b.in, offer)
			answer := b.next(t, "CODE ")
			fmt.Fprintln(a.in, answer)
			stA, stB := a.next(t, "STATE "), b.next(t, "STATE ")
			t.Logf("%s: offering side %s; answering side %s", tt.name, stA, stB)
			for _, st := range []string{stA, stB} {
				if got := strings.HasPrefix(st, "connected"); got != tt.wantConnected {
					t.Errorf("connected %v, want %v: %s", got, tt.wantConnected, st)
				}
				if !tt.wantConnected && !strings.Contains(st, ErrUnreachable.Error()) {
					t.Errorf("the failure says %s, want ErrUnreachable", st)
				}
			}
		})
	}
}

// mdnsDevice runs in a device's namespace: it prints its code, reads the
// other's, and prints its state once settled.
func mdnsDevice(t *testing.T, role string) {
	cfg := CodeConfig{Patience: 4 * time.Second, tune: func(se *webrtc.SettingEngine) {
		iface := os.Getenv("GYGY_IF")
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		se.SetInterfaceFilter(func(name string) bool { return name == iface })
		se.SetICETimeouts(time.Second, 3*time.Second, 500*time.Millisecond)
		if os.Getenv("GYGY_HIDE") == "true" {
			se.SetICEMulticastDNSMode(ice.MulticastDNSModeQueryAndGather)
		}
	}}
	p := NewCodePeer(cfg)
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	in := bufio.NewScanner(os.Stdin)
	read := func() string {
		if !in.Scan() {
			t.Fatal("no code came")
		}
		return in.Text()
	}
	start := time.Now()
	var code string
	if role == "offer" {
		c, err := p.Offer(ctx)
		if err != nil {
			t.Fatal(err)
		}
		code = c.String()
		fmt.Printf("CODE %s\n", code)
		if err := p.Accept(read()); err != nil {
			t.Fatal(err)
		}
	} else {
		c, err := p.Answer(ctx, read())
		if err != nil {
			t.Fatal(err)
		}
		code = c.String()
		fmt.Printf("CODE %s\n", code)
	}
	for st := p.State(); st != conn.Connected && st != conn.Closed && time.Since(start) < 15*time.Second; st = p.State() {
		time.Sleep(10 * time.Millisecond)
	}
	c, _ := p.Code()
	state := "connected"
	if st := p.State(); st != conn.Connected {
		state = fmt.Sprintf("not connected (conn.State %d)", st)
	}
	fmt.Printf("STATE %s after %v, code of %d characters for %v, %v\n", state, time.Since(start).Round(time.Millisecond), len(code), c.Candidates, p.Err())
	for in.Scan() { // stay until the other device has told its state too
	}
}
