package main

// Browser end-to-end tests: headless Chromium, driven by chromedp, against
// the real server (the same site handler "gygy serve" runs) on localhost.
// They build app.wasm from the tree first. Without Chromium they skip with
// a loud message; GYGY_REQUIRE_BROWSER=1 (set by .ci/run) makes that a
// failure. Screenshots go to cmd/gygy/testout/ (or $GYGY_TESTOUT).
//
// This file is the harness: the browser, the app's build and its server.
// The tests speak to the page through the page object (browser_page_test.go
// and browser_boards_test.go); online play runs in a network namespace of
// its own (browser_netns_test.go); the scripted games choose their moves
// with the plans of browser_plans_test.go; the figures the tests measure
// are in browser_measure_test.go.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath finds the browser, or "" when there is none.
func chromiumPath() string {
	if p := os.Getenv("GYGY_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser skips the test when Chromium is missing, loudly, unless the
// environment requires the browser tests to run.
func needBrowser(t *testing.T) string {
	t.Helper()
	if testing.Short() && os.Getenv("GYGY_REQUIRE_BROWSER") == "" {
		t.Skip("browser tests skipped in -short mode")
	}
	p := chromiumPath()
	if p == "" {
		msg := "\n*** BROWSER TESTS NOT RUN: no Chromium found (apt-get install chromium, or set GYGY_CHROMIUM) ***\n"
		if os.Getenv("GYGY_REQUIRE_BROWSER") != "" {
			t.Fatal(msg)
		}
		fmt.Fprint(os.Stderr, msg)
		t.Skip(msg)
	}
	return p
}

var (
	webOnce sync.Once
	webDir  string
	webErr  error
)

// testWeb returns a web directory holding a freshly built app.wasm and the
// project's static files, built once per test run.
func testWeb(t *testing.T) string {
	t.Helper()
	webOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gygy-web-")
		if err != nil {
			webErr = err
			return
		}
		if webErr = copyDir(dir, "../../web"); webErr != nil {
			return
		}
		for _, prog := range []struct{ file, pkg string }{{"app.wasm", "gygy/wasm"}, {"bot.wasm", "gygy/wasm/bot"}, {"qr.wasm", "gygy/wasm/qr"}} {
			os.Remove(filepath.Join(dir, prog.file+".br"))
			os.Remove(filepath.Join(dir, prog.file+".gz"))
			cmd := exec.Command("go", "build", "-o", filepath.Join(dir, prog.file), prog.pkg)
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			if out, err := cmd.CombinedOutput(); err != nil {
				webErr = fmt.Errorf("building %s: %v\n%s", prog.file, err, out)
				return
			}
			// The gzip form once, here, as "make wasm" does: newSite would
			// otherwise compress every program for every test's server,
			// about 30 s a test under -race.
			raw, err := os.ReadFile(filepath.Join(dir, prog.file))
			if err != nil {
				webErr = err
				return
			}
			if webErr = os.WriteFile(filepath.Join(dir, prog.file+".gz"), encode(raw, "gzip", true), 0o644); webErr != nil {
				return
			}
		}
		webDir = dir
	})
	if webErr != nil {
		t.Fatal(webErr)
	}
	return webDir
}

// server is the app served on a loopback port that a test can stop and
// start again on the same address (for the offline test).
type server struct {
	addr string
	h    http.Handler
	srv  *http.Server
}

func startServer(t *testing.T, h http.Handler) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{addr: ln.Addr().String(), h: h, srv: &http.Server{Handler: h}}
	go s.srv.Serve(ln)
	t.Cleanup(s.stop)
	return s
}

func (s *server) url(path string) string { return "http://" + s.addr + path }

func (s *server) stop() { s.srv.Close() }

func appServer(t *testing.T) *server {
	t.Helper()
	site, err := newSite(testWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	return startServer(t, site.handler())
}

// newBrowserWith starts headless Chromium with a fresh profile and extra
// flags.
func newBrowserWith(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	path := needBrowser(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-default-browser-check", true),
		// Two pages play each other: neither may be throttled as a
		// background page.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(900, 700),
	}
	opts = append(opts, extra...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelC := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// testOut is the folder for screenshots.
func testOut(t *testing.T) string {
	dir := os.Getenv("GYGY_TESTOUT")
	if dir == "" {
		dir = "testout"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
