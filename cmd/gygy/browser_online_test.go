package main

// The two-browser test of online play: two headless Chromium instances,
// each with its own profile, open the app served with the signalling hub;
// one creates a game, the other opens its link and accepts, and they play
// whole games of GYRE and Gygès against each other over a WebRTC data
// channel, with real mouse clicks and drags, a reload in the middle, and
// the records compared after every move.
//
// Headless Chromium gathers no ICE candidates when the only network
// interface is lo, so the test re-executes itself inside a private network
// namespace (unshare -n) with a veth pair of its own (10.77.0.1 and
// 10.77.0.2) and a default route. Nothing leaves that namespace. It needs
// root (or CAP_SYS_ADMIN), unshare and ip; without them it skips loudly,
// and GYGY_REQUIRE_BROWSER=1 (CI) makes that a failure.

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
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
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

// TestBrowserOnline runs the online tests inside the namespace: first a
// bare WebRTC data channel between two Chromium instances (the harness
// itself), then a whole GYRE game and a whole Gygès game through the app.
func TestBrowserOnline(t *testing.T) {
	if os.Getenv("GYGY_NETNS") == "" {
		runInNetns(t)
		return
	}
	needBrowser(t)
	var fig onlineFigures
	t.Run("harness", func(t *testing.T) { testNetnsHarness(t, &fig) })
	t.Run("gyre", func(t *testing.T) { testOnlineGyre(t, &fig) })
	t.Run("gyges", func(t *testing.T) { testOnlineGyges(t, &fig) })
	fig.report(t)
}

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

// player is one player's browser.
type player struct {
	name  string // "A" (the host) or "B" (the guest)
	ctx   context.Context
	other *player
}

// do runs chromedp actions on the player's page, bounded in time, and on
// failure takes screenshots of both pages and stops the test.
func (p *player) do(t *testing.T, step string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.failed(t, fmt.Sprintf("%s (page %s): %v", step, p.name, err))
	}
}

// failed takes screenshots of both pages and stops the test.
func (p *player) failed(t *testing.T, msg string) {
	t.Helper()
	name := "failed-" + strings.ReplaceAll(t.Name(), "/", "-")
	for _, q := range []*player{p, p.other} {
		if q != nil {
			screenshot(t, q.ctx, name+"-"+q.name)
		}
	}
	t.Fatal(msg)
}

// pair makes two players each other's opponent.
func pair(a, b *player) (*player, *player) {
	a.other, b.other = b, a
	return a, b
}

// onlinePage starts a browser for a player and keeps its console, which
// the test prints when it fails.
func onlinePage(t *testing.T, name, origin string) *player {
	t.Helper()
	ctx := newBrowserWith(t, webrtcFlags(origin)...)
	var console logBuffer
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			console.add(fmt.Sprintf("%s %s: %s", m.Time.Format("15:04:05.000"), m.Type, m.Text))
		}
	}()
	console.dumpOnFailure(t, "console of page "+name)
	return &player{name: name, ctx: ctx}
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

// onlineFigures are the timings the closing note asks for.
type onlineFigures struct {
	mu        sync.Mutex
	channel   []float64 // data channel round trip in the bare harness, ms
	open      []float64 // guest opens the link until the offer shows, ms
	join      []float64 // guest opens the link until both are connected, ms
	accept    []float64 // guest accepts until both are connected, ms
	reconnect []float64 // guest reloads until both are connected again, ms
	move      []float64 // pointer released on the mover's page until the other page shows the move, ms
}

func (f *onlineFigures) add(dst *[]float64, ms float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	*dst = append(*dst, ms)
}

func (f *onlineFigures) report(t *testing.T) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b strings.Builder
	line := func(what string, xs []float64) {
		if len(xs) == 0 {
			fmt.Fprintf(&b, "%-58s no samples\n", what)
			return
		}
		lo, hi := xs[0], xs[0]
		for _, x := range xs {
			lo, hi = min(lo, x), max(hi, x)
		}
		fmt.Fprintf(&b, "%-58s median %7.1f ms  (n=%d, min %.1f, max %.1f)\n", what, median(xs), len(xs), lo, hi)
	}
	line("bare data channel round trip (harness)", f.channel)
	line("guest opens the link -> offer shown", f.open)
	line("guest opens the link -> both connected (incl. accepting)", f.join)
	line("guest accepts -> both connected", f.accept)
	line("guest reloads mid-game -> both connected again", f.reconnect)
	line("move: pointer up on one page -> shown on the other", f.move)
	t.Logf("online play figures (two headless Chromium instances, one machine):\n%s", b.String())
	if err := os.WriteFile(filepath.Join(testOut(t), "online-figures.txt"), []byte(b.String()), 0o644); err != nil {
		t.Error(err)
	}
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
	for _, p := range []*player{a, b} {
		p.do(t, "open the harness page", chromedp.Navigate(origin+"/"), waitJS(`typeof makeOffer === "function"`))
	}
	offer := eval[string](t, a.ctx, `makeOffer()`)
	cands := candidates(t, offer)
	t.Logf("offer's candidates:\n  %s", strings.Join(cands, "\n  "))
	if !strings.Contains(strings.Join(cands, " "), " "+netnsHost+" ") {
		t.Fatalf("Chromium gathered no candidate on %s inside the namespace: %q", netnsHost, cands)
	}
	answer := eval[string](t, b.ctx, fmt.Sprintf(`makeAnswer(%q)`, offer))
	if len(candidates(t, answer)) == 0 {
		t.Fatal("the answer has no ICE candidate")
	}
	eval[bool](t, a.ctx, fmt.Sprintf(`takeAnswer(%q)`, answer))
	for _, p := range []*player{a, b} {
		p.do(t, "data channel open on "+p.name, waitJS(`!!dc && dc.readyState === "open"`))
	}
	times := eval[[]float64](t, a.ctx, `pings(20)`)
	for _, ms := range times[1:] { // the first includes warming up
		fig.add(&fig.channel, ms)
	}
	t.Logf("selected pair on A: %s", eval[string](t, a.ctx, `selectedPair()`))
	eval[bool](t, b.ctx, `dc.send("hello from B"), true`)
	a.do(t, "message from B", waitJS(`got.includes("hello from B")`))
}

// The online game, driven through the app's pages.

// tripMonitorJS records, in the page, when the pointer was last released and
// when the move list grew to each length: the two ends of a move's trip.
const tripMonitorJS = `(() => {
  if (window.__mon) return true;
  const now = () => performance.timeOrigin + performance.now();
  const count = () => document.querySelectorAll("#moves li").length;
  const mon = window.__mon = {up: 0, shown: {}, last: count(), states: [], state: ""};
  document.addEventListener("pointerup", () => { mon.up = now(); }, true);
  new MutationObserver(() => {
    const n = count();
    if (n > mon.last) mon.shown[n] = now();
    mon.last = n;
    const cs = document.getElementById("conn-state");
    const state = cs ? cs.className + ": " + cs.textContent : "(no #conn-state)";
    if (state !== mon.state) {
      mon.state = state;
      mon.states.push(state);
    }
  }).observe(document.documentElement, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["class"]});
  return true;
})()`

// connStates returns the connection states the page showed since the
// last call.
func connStates(t *testing.T, p *player) []string {
	t.Helper()
	return eval[[]string](t, p.ctx, `window.__mon ? window.__mon.states.splice(0) : []`)
}

func watchTrips(t *testing.T, p *player) {
	t.Helper()
	eval[bool](t, p.ctx, tripMonitorJS)
}

// connected is true on a page whose data channel is open.
const connected = `!!document.querySelector("#conn-state.connected")`

func recordOf(t *testing.T, p *player) string {
	t.Helper()
	return eval[string](t, p.ctx, `document.getElementById("record-out").value`)
}

// moveCount is the length of the page's move list.
func moveCount(t *testing.T, p *player) int {
	t.Helper()
	return eval[int](t, p.ctx, `document.querySelectorAll("#moves li").length`)
}

// hostGame opens the app on the host's page and creates an online game
// with the given choices (element ids to click after #mode-online); it
// returns the share link. It skips the test when the app has no online
// mode yet.
func hostGame(t *testing.T, host *player, srv *server, game string, choices ...string) string {
	t.Helper()
	host.do(t, "open the app", chromedp.Navigate(srv.url("/")), appReady, click(game))
	if !eval[bool](t, host.ctx, `!!document.getElementById("mode-online")`) {
		t.Skip("the app has no online mode yet (#mode-online is missing)")
	}
	for _, id := range append([]string{"#mode-online"}, choices...) {
		choose(t, host, id)
	}
	host.do(t, "create the game", click("#start"),
		waitJS(`!!document.getElementById("online-link") && document.getElementById("online-link").value.includes("room=")`))
	if !eval[bool](t, host.ctx, `!!document.getElementById("conn-state")`) {
		t.Errorf("the waiting screen shows no connection state (#conn-state)")
	}
	link := eval[string](t, host.ctx, `document.getElementById("online-link").value`)
	t.Logf("share link: %s", link)
	if !strings.HasPrefix(link, srv.url("/")) {
		t.Errorf("share link %q is not on the app's address %s", link, srv.url("/"))
	}
	if !eval[bool](t, host.ctx, `!!document.querySelector("#qr") && document.querySelector("#qr").tagName.toLowerCase() === "svg" && document.querySelector("#qr").getBoundingClientRect().width > 50`) {
		t.Errorf("the waiting screen shows no QR code (svg #qr)")
	}
	if !eval[bool](t, host.ctx, `!!document.getElementById("copy-link")`) {
		t.Errorf("the waiting screen has no #copy-link button")
	}
	return link
}

// choose presses a choice button of the home screen and waits until it
// shows as pressed. The form redraws after each choice, so a button found
// just before may be gone when the click lands: then it tries again.
func choose(t *testing.T, p *player, id string) {
	t.Helper()
	var err error
	for range 5 {
		ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
		err = chromedp.Do(ctx, click(id))
		cancel()
		if err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		p.failed(t, fmt.Sprintf("choosing %s on %s: %v", id, p.name, err))
	}
	p.do(t, "chosen "+id, waitJS(fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-pressed") === "true"`, id)))
}

// joinGame opens the link on the guest's page, checks the offer, accepts
// and waits until both pages are connected and show board; it records the
// times.
func joinGame(t *testing.T, fig *onlineFigures, host, guest *player, link, board, label string) string {
	t.Helper()
	start := time.Now()
	guest.do(t, "open the link", chromedp.Navigate(link), appReady, chromedp.WaitVisible(chromedp.CSS("#online-offer")))
	opened := time.Now()
	offer := textOf(t, guest.ctx, "#online-offer")
	t.Logf("the guest's offer: %q", offer)
	screenshot(t, guest.ctx, "online-"+label+"-2-offer")
	guest.do(t, "accept", click("#accept"))
	accepted := time.Now()
	for _, p := range []*player{guest, host} {
		p.do(t, "connected and board shown on "+p.name, waitJS(connected),
			chromedp.WaitVisible(chromedp.CSS(board)))
	}
	done := time.Now()
	fig.add(&fig.open, ms(opened.Sub(start)))
	fig.add(&fig.join, ms(done.Sub(start)))
	fig.add(&fig.accept, ms(done.Sub(accepted)))
	t.Logf("%s: link opened -> offer %v, accepted -> connected %v", label, opened.Sub(start).Round(time.Millisecond), done.Sub(accepted).Round(time.Millisecond))
	return offer
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// afterMove waits until the other page shows the move that made the list
// n long, checks that both records agree, and records the move's trip.
func afterMove(t *testing.T, fig *onlineFigures, mover, other *player, n int) {
	t.Helper()
	for _, p := range []*player{mover, other} {
		p.do(t, fmt.Sprintf("%d moves on %s", n, p.name),
			waitJS(fmt.Sprintf(`document.querySelectorAll("#moves li").length >= %d`, n)))
	}
	up := eval[float64](t, mover.ctx, `window.__mon ? window.__mon.up : 0`)
	shown := eval[float64](t, other.ctx, fmt.Sprintf(`window.__mon && window.__mon.shown[%d] || 0`, n))
	if up > 0 && shown > up {
		fig.add(&fig.move, shown-up)
	}
	// The record area may follow the list a moment later.
	var a, b string
	for range 100 {
		a, b = recordOf(t, mover), recordOf(t, other)
		if a == b {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("after move %d the records differ:\n%s: %q\n%s: %q", n, mover.name, a, other.name, b)
}

// reloadGuest reloads the guest's page mid-game and waits until both are
// connected again with the same record as before.
func reloadGuest(t *testing.T, fig *onlineFigures, host, guest *player, board, label string) {
	t.Helper()
	before := recordOf(t, host)
	connStates(t, host)
	start := time.Now()
	guest.do(t, "reload", chromedp.Reload(), appReady, chromedp.WaitVisible(chromedp.CSS(board)))
	for _, p := range []*player{guest, host} {
		p.do(t, "connected again on "+p.name, waitJS(connected))
	}
	took := time.Since(start)
	fig.add(&fig.reconnect, ms(took))
	t.Logf("%s: the guest reloaded; connected again after %v", label, took.Round(time.Millisecond))
	states := connStates(t, host)
	t.Logf("%s: the host's connection states meanwhile: %q", label, states)
	if !slices.ContainsFunc(states, func(s string) bool { return strings.Contains(s, "reconnecting") }) {
		t.Errorf("the host's page never showed that it was reconnecting (#conn-state.reconnecting) while the guest reloaded")
	}
	watchTrips(t, guest)
	for _, p := range []*player{host, guest} {
		if got := recordOf(t, p); got != before {
			t.Fatalf("after the reload %s's record is %q, want %q", p.name, got, before)
		}
	}
	shots(t, "online-"+label+"-4-reloaded", host, guest)
}

// startRig serves the app and starts the two players' browsers.
func startRig(t *testing.T) (*server, *player, *player) {
	srv := onlineServer(t)
	origin := srv.url("")
	a, b := pair(onlinePage(t, "A", origin), onlinePage(t, "B", origin))
	return srv, a, b
}

// testOnlineGyre plays a whole GYRE game on the 5×10 board between the
// host (player 1) and the guest: the first stone in the middle ring, the
// guest swaps, then whoever holds Spoke builds a bridge straight across
// while the other plays far away. The guest reloads midway.
func testOnlineGyre(t *testing.T, fig *onlineFigures) {
	srv, a, b := startRig(t)
	link := hostGame(t, a, srv, "#game-gyre", "#size-5x10", "#side-true")
	eval[bool](t, a.ctx, `document.getElementById("qr").scrollIntoView({block: "center"}), true`)
	screenshot(t, a.ctx, "online-gyre-1-waiting-A")
	offer := joinGame(t, fig, a, b, link, "svg.board", "gyre")
	if !strings.Contains(offer, "5") || !strings.Contains(offer, "10") {
		t.Errorf("the offer %q does not tell the board size 5 × 10", offer)
	}
	for _, p := range []*player{a, b} {
		watchTrips(t, p)
		if got := recordOf(t, p); !strings.HasPrefix(got, "GYRE 5x10") {
			t.Fatalf("%s's record at the start = %q, want a 5x10 game", p.name, got)
		}
	}
	pages := map[gyre.Player]*player{gyre.One: a, gyre.Two: b}
	reloaded := false
	for ply := 0; ; ply++ {
		g, err := gyre.ParseRecord(recordOf(t, a))
		if err != nil {
			t.Fatalf("A's record: %v", err)
		}
		if g.Over() {
			break
		}
		if ply > 60 {
			t.Fatal("the game is not over after 60 actions")
		}
		if ply == 5 && !reloaded {
			reloaded = true
			shots(t, "online-gyre-3-midgame", a, b)
			reloadGuest(t, fig, a, b, "svg.board", "gyre")
			ply--
			continue
		}
		mover, other := pages[g.Turn()], pages[3-g.Turn()]
		mover.do(t, "my turn on "+mover.name, waitJS(`!!document.querySelector("svg.board.live")`))
		if eval[bool](t, other.ctx, `!!document.querySelector("svg.board.live")`) {
			t.Errorf("move %d: %s's board is live while it is %s's turn", ply+1, other.name, mover.name)
		}
		n := moveCount(t, mover)
		if ply == 2 {
			outOfTurn(t, other, mover, g)
		}
		m := gyreChoose(g)
		if m == gyre.Swap {
			mover.do(t, "swap offer", chromedp.WaitVisible(chromedp.CSS("#swap-offer")))
			screenshot(t, mover.ctx, "online-gyre-2-swap-offer-B")
			mover.do(t, "swap", click("#swap"))
		} else {
			mover.do(t, "play "+g.Geometry().MoveName(m), click("#cell-"+g.Geometry().MoveName(m)))
		}
		afterMove(t, fig, mover, other, n+1)
	}
	finish(t, a, b, "gyre")
	g, _ := gyre.ParseRecord(recordOf(t, a))
	t.Logf("GYRE record: %q; %s (%s) won", recordOf(t, a), g.Controller(g.Winner()), g.Winner())
	resultShown(t, a, b)
	rematchAndUndo(t, a, b)
}

// rematchAndUndo: A offers a rematch, B accepts, and the new game has the
// sides swapped (B plays first). B places a stone and asks to take it
// back; A first refuses, then allows, and the stone is gone on both pages.
func rematchAndUndo(t *testing.T, a, b *player) {
	t.Helper()
	a.do(t, "offer a rematch", click("#rematch"))
	b.do(t, "accept the rematch", chromedp.WaitVisible(chromedp.CSS("#rematch-request")), click("#rematch-yes"))
	for _, p := range []*player{a, b} {
		p.do(t, "new game on "+p.name, waitJS(`document.querySelectorAll("#moves li").length === 0 && !document.getElementById("result")`))
	}
	b.do(t, "B moves first now", waitJS(`!!document.querySelector("svg.board.live")`))
	if eval[bool](t, a.ctx, `!!document.querySelector("svg.board.live")`) {
		t.Errorf("after the rematch A's board is live: the sides did not swap")
	}
	b.do(t, "B plays c3", click("#cell-c3"))
	a.do(t, "A sees c3", waitJS(`document.querySelectorAll("#moves li").length === 1`))
	ask := func() {
		b.do(t, "B asks to undo", waitJS(`!document.getElementById("undo").disabled`), click("#undo"))
		a.do(t, "A is asked", chromedp.WaitVisible(chromedp.CSS("#undo-request")))
	}
	ask()
	screenshot(t, a.ctx, "online-gyre-6-undo-request-A")
	a.do(t, "A refuses", click("#undo-refuse"))
	b.do(t, "B is told", waitJS(`(document.getElementById("notice") || {}).textContent?.includes("declined")`))
	if got := recordOf(t, b); got != "GYRE 5x10\nc3" {
		t.Fatalf("after a refused undo B's record = %q", got)
	}
	ask()
	a.do(t, "A allows", click("#undo-allow"))
	for _, p := range []*player{a, b} {
		p.do(t, "stone gone on "+p.name, waitJS(`document.querySelectorAll("#moves li").length === 0`))
	}
	b.do(t, "B to move again", waitJS(`!!document.querySelector("svg.board.live")`))
}

// outOfTurn clicks an empty cell on the page that waits for its turn: no
// stone may appear on either page.
func outOfTurn(t *testing.T, waiting, mover *player, g *gyre.Game) {
	t.Helper()
	var free gyre.Cell = gyre.NoCell
	for c := range g.Geometry().Cells() {
		if g.At(gyre.Cell(c)) == gyre.Empty {
			free = gyre.Cell(c)
			break
		}
	}
	before := recordOf(t, mover)
	waiting.do(t, "click out of turn", click("#cell-"+g.Geometry().CellName(free)), chromedp.Sleep(300*time.Millisecond))
	for _, p := range []*player{waiting, mover} {
		if got := recordOf(t, p); got != before {
			t.Fatalf("a click out of turn on %s changed %s's record to %q", waiting.name, p.name, got)
		}
	}
}

// finish waits for the result on both pages, compares the records and
// takes the last screenshots.
func finish(t *testing.T, a, b *player, label string) {
	t.Helper()
	for _, p := range []*player{a, b} {
		p.do(t, "result on "+p.name, chromedp.WaitVisible(chromedp.CSS("#result")))
	}
	if ra, rb := recordOf(t, a), recordOf(t, b); ra != rb {
		t.Errorf("final records differ:\nA: %q\nB: %q", ra, rb)
	}
	for _, p := range []*player{a, b} {
		if !eval[bool](t, p.ctx, connected) {
			t.Errorf("%s is not connected at the end: %q", p.name, textOf(t, p.ctx, "#conn-state"))
		}
	}
	shots(t, "online-"+label+"-5-end", a, b)
}

// shots takes screenshots of the pages once the last move's animation is
// over (or after a few seconds).
func shots(t *testing.T, name string, ps ...*player) {
	t.Helper()
	for _, p := range ps {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		chromedp.Do(ctx, waitJS(`document.getAnimations().length === 0`))
		cancel()
		screenshot(t, p.ctx, name+"-"+p.name)
	}
}

// resultShown checks that both pages say who won. The words may differ
// ("You win" on one page): the test only logs them.
func resultShown(t *testing.T, a, b *player) {
	t.Helper()
	for _, p := range []*player{a, b} {
		got := strings.TrimSpace(textOf(t, p.ctx, "#result"))
		if got == "" {
			t.Errorf("%s's #result is empty", p.name)
		}
		t.Logf("%s's result: %q", p.name, got)
	}
}

// gyreChoose picks a move for a quick game: the first stone in the middle
// ring of column 1, the swap taken, then Spoke's stones along a shortest
// bridge and Gyre's stones as far from it as can be.
func gyreChoose(g *gyre.Game) gyre.Move {
	geo := g.Geometry()
	size := g.Size()
	if len(g.Record()) == 0 {
		return gyre.Place(geo.At(size.Rings/2, 0))
	}
	if g.SwapAvailable() {
		return gyre.Swap
	}
	if g.ToMove() == gyre.Spoke {
		for _, c := range spokePath(g) {
			if g.At(c) == gyre.Empty {
				return gyre.Place(c)
			}
		}
	}
	for dc := range size.Cols {
		col := (size.Cols/2 + dc) % size.Cols
		for r := range size.Rings {
			if c := geo.At(r, col); g.At(c) == gyre.Empty {
				return gyre.Place(c)
			}
		}
	}
	panic("no empty cell on a board whose game is not over")
}

// spokePath is a cheapest chain of cells from the inner rim to the outer
// one avoiding Gyre's stones, counting the empty cells it needs.
func spokePath(g *gyre.Game) []gyre.Cell {
	geo := g.Geometry()
	n := geo.Cells()
	const inf = 1 << 20
	dist, prev := make([]int, n), make([]gyre.Cell, n)
	cost := func(c gyre.Cell) int {
		switch g.At(c) {
		case gyre.Spoke:
			return 0
		case gyre.Empty:
			return 1
		}
		return inf
	}
	for c := range n {
		dist[c], prev[c] = inf, gyre.NoCell
		if geo.Ring(gyre.Cell(c)) == 0 {
			dist[c] = cost(gyre.Cell(c))
		}
	}
	for changed := true; changed; { // Bellman–Ford: the board is small
		changed = false
		for c := range n {
			if dist[c] >= inf {
				continue
			}
			for _, nb := range geo.Neighbours(gyre.Cell(c)) {
				if d := dist[c] + cost(nb.Cell); d < dist[nb.Cell] {
					dist[nb.Cell], prev[nb.Cell], changed = d, gyre.Cell(c), true
				}
			}
		}
	}
	best := gyre.NoCell
	for c := range n {
		if geo.Ring(gyre.Cell(c)) == g.Size().Rings-1 && dist[c] < inf && (best == gyre.NoCell || dist[c] < dist[best]) {
			best = gyre.Cell(c)
		}
	}
	var path []gyre.Cell
	for c := best; c != gyre.NoCell; c = prev[c] {
		path = append(path, c)
	}
	return path
}

// testOnlineGyges plays a whole Gygès game: the host is South, both set
// up with ready layouts, then moves by mouse drags chosen by the engine
// from the record; the guest reloads after the first moves.
func testOnlineGyges(t *testing.T, fig *onlineFigures) {
	srv, a, b := startRig(t)
	link := hostGame(t, a, srv, "#game-gyges", "#side-true")
	eval[bool](t, a.ctx, `document.getElementById("qr").scrollIntoView({block: "center"}), true`)
	screenshot(t, a.ctx, "online-gyges-1-waiting-A")
	joinGame(t, fig, a, b, link, "svg.gyges-board", "gyges")
	for _, p := range []*player{a, b} {
		watchTrips(t, p)
	}
	pages := map[gyges.Side]*player{gyges.South: a, gyges.North: b}
	layouts := map[gyges.Side]string{gyges.South: "321123", gyges.North: "231132"}
	reloaded := false
	for ply := 0; ; ply++ {
		g := gygesRecord(t, a.ctx)
		if _, over := g.Winner(); over {
			break
		}
		if ply > 200 {
			t.Fatal("the game is not over after 200 actions")
		}
		side := gyges.South
		switch g.Phase() {
		case gyges.NorthSetup:
			side = gyges.North
		case gyges.Playing:
			side = g.Position().Side()
		}
		mover, other := pages[side], pages[side.Opponent()]
		mover.do(t, "my turn on "+mover.name, waitJS(`!!document.querySelector("svg.gyges-board.live")`))
		if eval[bool](t, other.ctx, `!!document.querySelector("svg.gyges-board.live")`) {
			t.Errorf("action %d: %s's board is live while it is %s's turn", ply+1, other.name, mover.name)
		}
		n := moveCount(t, mover)
		if g.Phase() != gyges.Playing {
			mover.do(t, "setup of "+side.String(), chromedp.WaitVisible(chromedp.CSS("#tray")),
				click("#layout-"+layouts[side]),
				waitJS(`!document.getElementById("setup-confirm").disabled`), click("#setup-confirm"))
			afterMove(t, fig, mover, other, n+1)
			continue
		}
		played := len(g.Played())
		if played == 2 && !reloaded {
			reloaded = true
			shots(t, "online-gyges-3-midgame", a, b)
			reloadGuest(t, fig, a, b, "svg.gyges-board", "gyges")
			mover.do(t, "my turn again on "+mover.name, waitJS(`!!document.querySelector("svg.gyges-board.live")`))
		}
		m := gygesChoose(g.Position(), played >= 6)
		switch {
		case m == gyges.Pass:
			t.Fatalf("%s has no move but a pass in %s; the test does not know how to pass", side, g.Position())
		case m.IsGoal():
			goal := "north"
			if side == gyges.North {
				goal = "south"
			}
			dragPiece(t, mover, m.String(), square(m.From.String()), goalOf(goal))
		default:
			dragPiece(t, mover, m.String(), square(m.From.String()), square(m.To.String()))
			if m.IsReplace() {
				mover.do(t, "replace choice", chromedp.WaitVisible(chromedp.CSS("#replace-choice")))
				mouseTap(t, mover.ctx, square(m.Drop.String()))
			}
		}
		afterMove(t, fig, mover, other, n+1)
		if got := gygesRecord(t, other.ctx).Played(); len(got) != played+1 || got[played] != m {
			t.Fatalf("%s played %v, %s's record ends with %v", mover.name, m, other.name, got)
		}
	}
	finish(t, a, b, "gyges")
	g := gygesRecord(t, a.ctx)
	winner, _ := g.Winner()
	t.Logf("Gygès record: %q; %s won", g.String(), winner)
	resultShown(t, a, b)
}

// dragPiece drags a piece with the mouse as a hand does: it presses on
// the piece, moves a little, and then aims at the target. A board that
// redraws at another size when a piece is picked up would send the piece
// elsewhere, as it would a person's: that fails the test.
func dragPiece(t *testing.T, p *player, move, from, to string) {
	t.Helper()
	const boardRect = `(() => { const r = document.querySelector("svg.gyges-board").getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()`
	before := eval[[]float64](t, p.ctx, boardRect)
	x0, y0 := centreOf(t, p.ctx, from)
	held := func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }
	p.do(t, "pick up", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+2, y0+2, chromedp.ButtonLeft, held),
		chromedp.Sleep(100*time.Millisecond))
	if after := eval[[]float64](t, p.ctx, boardRect); !slices.Equal(after, before) {
		t.Errorf("on %s's page the board changed from %.0f×%.0f at (%.0f, %.0f) to %.0f×%.0f at (%.0f, %.0f) when %s was picked up",
			p.name, before[2], before[3], before[0], before[1], after[2], after[3], after[0], after[1], move)
	}
	x1, y1 := centreOf(t, p.ctx, to)
	var steps []chromedp.Action[chromedp.Void]
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0+f*(x1-x0), y0+f*(y1-y0), chromedp.ButtonLeft, held))
	}
	p.do(t, "drag", steps...)
	if x2, y2 := centreOf(t, p.ctx, to); x2 != x1 || y2 != y1 {
		t.Errorf("the target moved during the drag of %s on %s's page", move, p.name)
		x1, y1 = x2, y2
		p.do(t, "re-aim", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1, y1, chromedp.ButtonLeft, held))
	}
	p.do(t, "drop", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft))
}

// gygesChoose picks a move for a quick game: a win when there is one;
// early on a plain move that leaves the opponent no win; later North
// walks into a loss (so the game ends soon) while South stays careful.
func gygesChoose(p gyges.Position, late bool) gyges.Move {
	moves := p.Moves(nil)
	var plain, safe, unsafe []gyges.Move
	for _, m := range moves {
		if m.IsGoal() {
			return m
		}
		if m == gyges.Pass || m.IsReplace() || m.From == m.To {
			continue
		}
		plain = append(plain, m)
		after := p
		after.Apply(m)
		gives := false
		for _, reply := range after.Moves(nil) {
			gives = gives || reply.IsGoal()
		}
		if gives {
			unsafe = append(unsafe, m)
		} else {
			safe = append(safe, m)
		}
	}
	prefer := [][]gyges.Move{safe, unsafe, plain, moves}
	if late && p.Side() == gyges.North {
		prefer = [][]gyges.Move{unsafe, safe, plain, moves}
	}
	for _, list := range prefer {
		if len(list) > 0 {
			return list[0]
		}
	}
	return gyges.Pass
}

// TestOnlinePlans checks, without a browser, that the move choices of the
// online test end both games soon.
func TestOnlinePlans(t *testing.T) {
	g, err := gyre.NewGame(gyre.Size{Rings: 5, Cols: 10}, gyre.Classic)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() && len(g.Record()) < 60 {
		if err := g.Play(gyreChoose(g)); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || len(g.Record()) > 12 {
		t.Errorf("GYRE: %d actions, over %v: %s", len(g.Record()), g.Over(), g)
	}
	t.Logf("GYRE: %s", g)

	gg := gyges.NewGame(gyges.Standard)
	for _, l := range []string{"321123", "231132"} {
		layout, err := gyges.ParseLayout(l)
		if err != nil {
			t.Fatal(err)
		}
		if err := gg.Setup(layout); err != nil {
			t.Fatal(err)
		}
	}
	for len(gg.Played()) < 200 {
		if _, over := gg.Winner(); over {
			break
		}
		m := gygesChoose(gg.Position(), len(gg.Played()) >= 6)
		if m == gyges.Pass {
			t.Fatalf("a pass in %s", gg.Position())
		}
		if err := gg.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, over := gg.Winner(); !over || len(gg.Played()) > 40 {
		t.Errorf("Gygès: %d moves, over %v: %s", len(gg.Played()), over, gg)
	}
	t.Logf("Gygès: %s", gg)
}
