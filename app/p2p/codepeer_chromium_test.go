//go:build !js

package p2p

import (
	"context"
	"encoding/json"
	"fmt"
	"gygy/app/conn"
	"gygy/app/match"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/skip2/go-qrcode"

	"gygy/app/pair"
)

// gatherJS waits until the page's peer connection has gathered.
const gatherJS = `window.gathered = async pc => {
	await new Promise(done => {
		if (pc.iceGatheringState === 'complete') return done();
		pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && done());
		setTimeout(done, 5000);
	});
	return pc.localDescription.sdp;
};
window.echo = dc => { dc.binaryType = 'arraybuffer'; dc.onmessage = m => dc.send(m.data); };
true`

// TestCodePeerChromium pairs a native pion peer with Chromium's own
// RTCPeerConnection through codes, each way round: Chromium must accept
// the descriptions SDP rebuilds from a code (as offer and as answer), and
// FromSDP must read Chromium's. Then a frame goes there and back. It
// skips without Chromium. Chromium shows its real addresses here
// (WebRtcHideLocalIpsWithMdns off), so no multicast leaves the machine.
func TestCodePeerChromium(t *testing.T) {
	path := os.Getenv("GYGY_CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := exec.LookPath(path); err != nil {
		t.Skipf("no Chromium at %s", path)
	}
	if !hasNetwork() {
		t.Skip("Chromium gathers no candidates on the loopback interface alone")
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns"),
		chromedp.UserDataDir(t.TempDir()))
	defer cancelA()
	ctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("in Chromium: %v", err)
		}
		return v
	}
	eval(gatherJS + ` && "ready"`)
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }

	t.Run("pion offers", func(t *testing.T) {
		cp, frames := chromiumPeer(t)
		start := time.Now()
		offer, err := cp.Offer(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("pion's offer: %d characters, %d digits, candidates %v, gathered in %v", len(offer.String()), len(offer.Digits()), offer.Candidates, time.Since(start).Round(time.Millisecond))
		start = time.Now()
		sdp := eval(`(async () => {
			const pc = new RTCPeerConnection(); window.pc1 = pc;
			pc.ondatachannel = e => echo(e.channel);
			await pc.setRemoteDescription({type: 'offer', sdp: ` + quote(offer.SDP()) + `});
			await pc.setLocalDescription(await pc.createAnswer());
			return gathered(pc);
		})()`)
		answer, err := pair.FromSDP(pair.Answer, sdp)
		if err != nil {
			t.Fatalf("Chromium's answer: %v\n%s", err, sdp)
		}
		answer.OfferTag = offer.Tag()
		t.Logf("Chromium's answer as a code: %s, candidates %v, made and gathered in %v", sizes(answer), answer.Candidates, time.Since(start).Round(time.Millisecond))
		start = time.Now()
		if err := cp.Accept(answer.String()); err != nil {
			t.Fatal(err)
		}
		echoed(t, cp, frames)
		t.Logf("the answer read → a frame there and back: %v", time.Since(start).Round(time.Millisecond))
	})

	// While its answer waits to be read on the other device, Chromium's
	// checks go unanswered and it reports failed within half a minute;
	// once the answer is read it connects all the same. So a failure
	// before the channel first opens is not final (CodeConfig.Patience).
	t.Run("the answer read late", func(t *testing.T) {
		cp, frames := chromiumPeer(t)
		offer, err := cp.Offer(ctx)
		if err != nil {
			t.Fatal(err)
		}
		sdp := eval(`(async () => {
			const pc = new RTCPeerConnection(); window.pc3 = pc;
			pc.ondatachannel = e => echo(e.channel);
			await pc.setRemoteDescription({type: 'offer', sdp: ` + quote(offer.SDP()) + `});
			await pc.setLocalDescription(await pc.createAnswer());
			return gathered(pc);
		})()`)
		answer, err := pair.FromSDP(pair.Answer, sdp)
		if err != nil {
			t.Fatal(err)
		}
		answer.OfferTag = offer.Tag()
		start := time.Now()
		st := eval(`new Promise(done => {
			const pc = window.pc3, end = Date.now() + 45000;
			(function poll() {
				if (pc.connectionState === 'failed' || Date.now() > end) return done(pc.connectionState);
				setTimeout(poll, 100);
			})();
		})`)
		t.Logf("Chromium's answering side is %s %v after its answer was made", st, time.Since(start).Round(time.Second))
		if err := cp.Accept(answer.String()); err != nil {
			t.Fatal(err)
		}
		echoed(t, cp, frames)
		t.Logf("Chromium's state once the answer was read: %s", eval(`window.pc3.connectionState`))
	})

	t.Run("Chromium offers", func(t *testing.T) {
		cp, frames := chromiumPeer(t)
		start := time.Now()
		sdp := eval(`(async () => {
			const pc = new RTCPeerConnection(); window.pc2 = pc;
			echo(pc.createDataChannel('gygy'));
			await pc.setLocalDescription(await pc.createOffer());
			return gathered(pc);
		})()`)
		offer, err := pair.FromSDP(pair.Offer, sdp)
		if err != nil {
			t.Fatalf("Chromium's offer: %v\n%s", err, sdp)
		}
		t.Logf("Chromium's offer as a code: %s, candidates %v, made and gathered in %v", sizes(offer), offer.Candidates, time.Since(start).Round(time.Millisecond))
		start = time.Now()
		answer, err := cp.Answer(ctx, offer.String())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("pion's answer: %d characters, gathered in %v", len(answer.String()), time.Since(start).Round(time.Millisecond))
		start = time.Now()
		eval(`window.pc2.setRemoteDescription({type: 'answer', sdp: ` + quote(answer.SDP()) + `}).then(() => "set")`)
		echoed(t, cp, frames)
		t.Logf("the answer read → a frame there and back: %v", time.Since(start).Round(time.Millisecond))
	})
}

// sizes describes a code's forms and the QR codes they make (level M).
func sizes(c pair.Code) string {
	version := func(s string) int {
		q, err := qrcode.New(s, qrcode.Medium)
		if err != nil {
			return -1
		}
		return q.VersionNumber
	}
	b, _ := c.MarshalBinary()
	return fmt.Sprintf("%d bytes, %d characters (QR %d-M), %d digits (QR %d-M)", len(b), len(c.String()), version(c.String()), len(c.Digits()), version(c.Digits()))
}

// hasNetwork reports whether an interface other than loopback is up with
// an address.
func hasNetwork() bool {
	ifs, _ := net.Interfaces()
	for _, i := range ifs {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		if addrs, _ := i.Addrs(); len(addrs) > 0 {
			return true
		}
	}
	return false
}

// chromiumPeer is a native peer on every interface but loopback (which
// Chromium does not gather), UDP4.
func chromiumPeer(t *testing.T) (*CodePeer, chan []byte) {
	frames := make(chan []byte, 8)
	cp := NewCodePeer(CodeConfig{})
	cp.Start(context.Background(), match.Handlers{OnFrame: func(b []byte) { frames <- b }})
	t.Cleanup(func() { cp.Close() })
	return cp, frames
}

// echoed waits for the channel, sends a frame and waits for it back.
func echoed(t *testing.T, cp *CodePeer, frames chan []byte) {
	t.Helper()
	waitFor(t, "the channel to Chromium", func() bool { return cp.State() == conn.Connected || cp.State() == conn.Closed })
	if cp.State() != conn.Connected {
		t.Fatalf("state %v: %v", cp.State(), cp.Err())
	}
	if err := cp.Send([]byte("hello, Chromium")); err != nil {
		t.Fatal(err)
	}
	select {
	case b := <-frames:
		if string(b) != "hello, Chromium" {
			t.Fatalf("echoed %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no echo from Chromium")
	}
}
