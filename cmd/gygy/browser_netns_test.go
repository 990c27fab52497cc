package main

// The harness of the online tests: a network namespace of their own, the
// app served there with the signalling hub, and the browsers' WebRTC flags.
//
// Headless Chromium gathers no ICE candidates when the only network
// interface is lo, so TestBrowserOnline re-executes itself inside a private
// network namespace (unshare -n) with a veth pair of its own (10.77.0.1 and
// 10.77.0.2) and a default route. Nothing leaves that namespace. It needs
// root (or CAP_SYS_ADMIN), unshare and ip; without them it skips loudly,
// and GYGY_REQUIRE_BROWSER=1 (CI) makes that a failure. Its first sub-test,
// the harness's self-check, opens a bare data channel between two Chromium
// instances on a page of its own, without the app.

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The namespace's addresses: the app server listens on the first.
const (
	netnsHost = "10.77.0.1"
	netnsPeer = "10.77.0.2"
)

// netnsScript builds the namespace's network and then runs its arguments
// as the command, with GYGY_NETNS=1 so that the test knows where it is.
const netnsScript = `set -e
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add ` + netnsHost + `/24 dev v0
ip addr add ` + netnsPeer + `/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default dev v0
export GYGY_NETNS=1
exec "$@"
`

// runInNetns re-executes this test binary, for this test only, inside a
// fresh network namespace, streams its output into the log and fails when
// it fails.
func runInNetns(t *testing.T) {
	needBrowser(t)
	var missing []string
	if os.Geteuid() != 0 {
		missing = append(missing, "root (to make a network namespace)")
	}
	for _, tool := range []string{"unshare", "ip"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool+" (apt-get install util-linux iproute2)")
		}
	}
	if len(missing) == 0 {
		// Root without CAP_SYS_ADMIN (a default container) cannot do it.
		if out, err := exec.Command("unshare", "-n", "ip", "link", "set", "lo", "up").CombinedOutput(); err != nil {
			missing = append(missing, fmt.Sprintf("a network namespace (unshare -n: %v: %s)", err, strings.TrimSpace(string(out))))
		}
	}
	if len(missing) > 0 {
		msg := "\n*** ONLINE BROWSER TEST NOT RUN: it needs " + strings.Join(missing, ", ") + " ***\n"
		if os.Getenv("GYGY_REQUIRE_BROWSER") != "" {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(msg)
	}

	// Run this test alone, keeping a sub-test pattern if one was given.
	run := "^TestBrowserOnline$"
	if f := flag.Lookup("test.run"); f != nil {
		if i := strings.Index(f.Value.String(), "/"); i >= 0 {
			run += f.Value.String()[i:]
		}
	}
	args := []string{"-test.run=" + run, "-test.v", "-test.count=1"}
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		// The child stops (with its goroutines dumped) before this one is.
		left := time.Until(deadline) - 20*time.Second
		if left < 30*time.Second {
			t.Fatalf("only %v left before the test timeout", time.Until(deadline))
		}
		args = append(args, fmt.Sprintf("-test.timeout=%v", left.Round(time.Second)))
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-5*time.Second))
		defer cancel()
	}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.CommandContext(ctx, "unshare", append([]string{"-n", "sh", "-c", netnsScript, "sh", os.Args[0]}, args...)...)
	// The app is built here, where the network (module downloads) is.
	cmd.Env = append(os.Environ(), "GYGY_ONLINE_WEB="+testWeb(t))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the test in a network namespace: %v", err)
	}
	skipped := false
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "--- SKIP: TestBrowserOnline ") {
				skipped = true
			}
			t.Log(line)
		}
		io.Copy(io.Discard, pr)
	}()
	err := cmd.Wait()
	pw.Close()
	<-done
	if err != nil {
		t.Fatalf("the test inside the network namespace failed: %v", err)
	}
	if skipped {
		t.Skip("skipped inside the network namespace (see the log above)")
	}
}

// webrtcFlags are the Chromium flags WebRTC needs inside the namespace:
// loopback candidates allowed, host candidates with real addresses (not
// mDNS names, which nobody answers there), and the app's plain-HTTP origin
// treated as secure (a service worker, the clipboard and crypto.subtle
// need a secure context, which 127.0.0.1 is and 10.77.0.1 is not).
func webrtcFlags(origin string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns"),
		chromedp.Flag("unsafely-treat-insecure-origin-as-secure", origin),
	}
}

// logBuffer collects log lines from goroutines that may outlive a test;
// the test prints them only when it fails.
type logBuffer struct {
	mu    sync.Mutex
	lines []string
}

func (b *logBuffer) add(line string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.lines) < 2000 {
		b.lines = append(b.lines, line)
	}
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.add(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func (b *logBuffer) dumpOnFailure(t *testing.T, title string) {
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		t.Logf("%s (%d lines):\n%s", title, len(b.lines), strings.Join(b.lines, "\n"))
	})
}

// onlinePage starts a browser for a player, with the WebRTC flags, and
// keeps its console, which the test prints when it fails.
func onlinePage(t *testing.T, name, origin string) *page {
	t.Helper()
	p := newPage(t, name, webrtcFlags(origin)...)
	var console logBuffer
	messages := chromedp.Console(p.ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			console.add(fmt.Sprintf("%s %s: %s", m.Time.Format("15:04:05.000"), m.Type, m.Text))
		}
	}()
	console.dumpOnFailure(t, "console of page "+name)
	return p
}

// startRig serves the app and starts the two players' browsers: A, the
// host, and B, the guest.
func startRig(t *testing.T) (*server, *page, *page) {
	t.Helper()
	srv := onlineServer(t)
	origin := srv.url("")
	a, b := pair(onlinePage(t, "A", origin), onlinePage(t, "B", origin))
	return srv, a, b
}

// listenNetns listens on the namespace's first address.
func listenNetns(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", netnsHost+":0")
	if err != nil {
		t.Fatalf("listening on %s (is this the test's network namespace?): %v", netnsHost, err)
	}
	return ln
}

// onlineServer serves the app and the signalling hub at /signal, as gygy
// serve does, on the namespace's address.
func onlineServer(t *testing.T) *server {
	t.Helper()
	ln := listenNetns(t)
	fs := flag.NewFlagSet("hub", flag.ContinueOnError)
	config := hubFlags(fs)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	var hubLog logBuffer
	hubLog.dumpOnFailure(t, "signalling hub log")
	hub, err := newHub(config, &hubLog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hub.Close() })
	web := os.Getenv("GYGY_ONLINE_WEB") // built by the test outside the namespace
	if web == "" {
		web = testWeb(t)
	}
	site, err := newSite(web, "", "ws://"+ln.Addr().String()+"/signal")
	if err != nil {
		t.Fatal(err)
	}
	h := withHub(site.handler(), hub)
	s := &server{addr: ln.Addr().String(), h: h, srv: &http.Server{Handler: h}}
	go s.srv.Serve(ln)
	t.Cleanup(s.stop)
	return s
}

// harnessPage is a bare page with one RTCPeerConnection and functions that
// make and take an offer and answer (without trickle: they wait for ICE
// gathering to complete) and a ping over the data channel.
const harnessPage = `<!doctype html>
<meta charset="utf-8"><title>WebRTC harness</title>
<script>
let pc, dc, pong = null;
const got = [];
function wire(ch) {
  dc = ch;
  ch.onmessage = e => {
    got.push(e.data);
    if (e.data.startsWith("ping ")) ch.send("pong " + e.data.slice(5));
    if (e.data.startsWith("pong ") && pong) pong();
  };
}
function gathered() {
  return new Promise(resolve => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve();
    });
    setTimeout(resolve, 10000);
  });
}
async function makeOffer() {
  pc = new RTCPeerConnection();
  wire(pc.createDataChannel("harness"));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered();
  return JSON.stringify(pc.localDescription);
}
async function makeAnswer(offer) {
  pc = new RTCPeerConnection();
  pc.ondatachannel = e => wire(e.channel);
  await pc.setRemoteDescription(JSON.parse(offer));
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered();
  return JSON.stringify(pc.localDescription);
}
async function takeAnswer(answer) {
  await pc.setRemoteDescription(JSON.parse(answer));
  return true;
}
async function pings(n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const back = new Promise(resolve => { pong = resolve; });
    const t0 = performance.now();
    dc.send("ping " + i);
    await back;
    times.push(performance.now() - t0);
  }
  return times;
}
async function selectedPair() {
  const stats = await pc.getStats();
  let pair;
  stats.forEach(s => { if (s.type === "candidate-pair" && s.state === "succeeded" && s.nominated) pair = s; });
  if (!pair) return "";
  const l = stats.get(pair.localCandidateId), r = stats.get(pair.remoteCandidateId);
  return l.address + ":" + l.port + " <-> " + r.address + ":" + r.port + " (" + l.protocol + ")";
}
</script>
<p>WebRTC harness</p>
`

// candidates lists the ICE candidate lines of an SDP in JSON.
func candidates(t *testing.T, desc string) []string {
	t.Helper()
	var d struct{ SDP string }
	if err := json.Unmarshal([]byte(desc), &d); err != nil {
		t.Fatalf("session description %q: %v", desc, err)
	}
	var out []string
	for line := range strings.SplitSeq(d.SDP, "\n") {
		if strings.HasPrefix(line, "a=candidate:") {
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}

// testNetnsHarness proves the namespace: two Chromium instances gather
// host candidates on the veth addresses and open a data channel, the
// offer and answer carried by the test.
func testNetnsHarness(t *testing.T, fig *onlineFigures) {
	ln := listenNetns(t)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, harnessPage)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	origin := "http://" + ln.Addr().String()
	a, b := pair(onlinePage(t, "A", origin), onlinePage(t, "B", origin))
	for _, p := range []*page{a, b} {
		p.Do("open the harness page", chromedp.Navigate(origin+"/"), waitJS(`typeof makeOffer === "function"`))
	}
	offer := eval[string](a, `makeOffer()`)
	cands := candidates(t, offer)
	t.Logf("offer's candidates:\n  %s", strings.Join(cands, "\n  "))
	if !strings.Contains(strings.Join(cands, " "), " "+netnsHost+" ") {
		t.Fatalf("Chromium gathered no candidate on %s inside the namespace: %q", netnsHost, cands)
	}
	answer := eval[string](b, fmt.Sprintf(`makeAnswer(%q)`, offer))
	if len(candidates(t, answer)) == 0 {
		t.Fatal("the answer has no ICE candidate")
	}
	eval[bool](a, fmt.Sprintf(`takeAnswer(%q)`, answer))
	for _, p := range []*page{a, b} {
		p.Wait("data channel open on "+p.name, `!!dc && dc.readyState === "open"`)
	}
	fig.channelTrips(eval[[]float64](a, `pings(20)`))
	t.Logf("selected pair on A: %s", eval[string](a, `selectedPair()`))
	eval[bool](b, `dc.send("hello from B"), true`)
	a.Wait("message from B", `got.includes("hello from B")`)
}
