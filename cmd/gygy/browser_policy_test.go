package main

// The app's security policies in the browser (headers.go): every page of
// every browser test watches for breaches of the Content-Security-Policy
// and the Permissions-Policy, as the page reports them (the
// securitypolicyviolation event) and as Chromium logs them, and the test
// fails at its end if there was one. The tests here show that the watch
// sees a breach, and that the static site, served by a host that reads
// its _headers file, runs under the policy.

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/log"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// policyWatch holds the breaches one page reported.
type policyWatch struct {
	mu   sync.Mutex
	seen []string
}

func (w *policyWatch) add(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen = append(w.seen, s)
}

// take returns the breaches seen so far and forgets them.
func (w *policyWatch) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := w.seen
	w.seen = nil
	return seen
}

// policyViolation is what the page tells of a securitypolicyviolation
// event.
type policyViolation struct {
	Directive string `json:"directive"`
	Blocked   string `json:"blocked"`
	Source    string `json:"source"`
	Line      int    `json:"line"`
	Sample    string `json:"sample"`
}

// policyListenJS runs in every document of the page before its own
// scripts, so that it hears the breaches of the head's inline scripts too.
const policyListenJS = `document.addEventListener("securitypolicyviolation", (e) => {
  window.gygyPolicyViolation({directive: e.effectiveDirective, blocked: e.blockedURI,
    source: e.sourceFile, line: e.lineNumber, sample: e.sample});
}, true);`

// isPolicyLog tells whether a browser log entry is a policy's complaint: a
// breach, or a header the browser could not read.
func isPolicyLog(e *log.Entry) bool {
	return e.Source == log.EntrySourceSecurity ||
		strings.Contains(e.Text, "Content Security Policy") ||
		strings.Contains(e.Text, "Content-Security-Policy") ||
		strings.Contains(e.Text, "Permissions policy") ||
		strings.Contains(e.Text, "Permissions-Policy")
}

// watchPolicy starts the page's watch and fails the test at its end if
// the page reported a breach.
func (p *page) watchPolicy() {
	p.t.Helper()
	p.policy = &policyWatch{}
	w := p.policy
	report := func(_ context.Context, v policyViolation) (chromedp.Void, error) {
		w.add(fmt.Sprintf("%s blocked %q (%s:%d) %q", v.Directive, v.Blocked, v.Source, v.Line, v.Sample))
		return chromedp.Void{}, nil
	}
	err := chromedp.Listen(p.ctx, func(ev any) {
		if e, ok := ev.(*log.EventEntryAdded); ok && isPolicyLog(e.Entry) {
			w.add(fmt.Sprintf("browser log (%s, %s): %s", e.Entry.Source, e.Entry.URL, e.Entry.Text))
		}
	})
	if err == nil {
		err = chromedp.Do(p.ctx, chromedp.ExposeFunc("gygyPolicyViolation", report))
	}
	if err == nil {
		_, err = chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: policyListenJS})
	}
	if err != nil {
		p.t.Fatalf("watching the page's policies%s: %v", p.on(), err)
	}
	p.t.Cleanup(func() {
		if seen := w.take(); len(seen) > 0 {
			p.t.Errorf("the page%s breached the app's security policy %d times:\n  %s", p.on(), len(seen), strings.Join(seen, "\n  "))
		}
	})
}

// TakePolicyBreaches returns the breaches the page reported so far and
// forgets them, for a test that causes one on purpose.
func (p *page) TakePolicyBreaches() []string { return p.policy.take() }

// TestBrowserPolicyWatch breaches the policy on purpose, with a script the
// page did not bring and a connection to another origin: the watch sees
// both, and neither ran.
func TestBrowserPolicyWatch(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	if seen := p.TakePolicyBreaches(); len(seen) > 0 {
		t.Fatalf("the app breached its policy while starting:\n%s", strings.Join(seen, "\n"))
	}
	eval[bool](p, `(() => { const s = document.createElement("script"); s.textContent = "window.gygyInjected = true"; document.head.append(s); return true })()`)
	eval[bool](p, `fetch("http://127.0.0.2:9/").then(() => true, () => true)`)
	var script, connect bool
	for range 100 { // the reports come asynchronously: up to a few seconds
		for _, s := range p.policy.peek() {
			script = script || strings.HasPrefix(s, "script-src")
			connect = connect || strings.HasPrefix(s, "connect-src")
		}
		if script && connect {
			break
		}
		eval[bool](p, `new Promise((ok) => setTimeout(ok, 30, true))`)
	}
	seen := p.TakePolicyBreaches()
	t.Logf("reported: %s", strings.Join(seen, "\n"))
	if !script || !connect {
		t.Errorf("the watch saw script-src %v, connect-src %v; want both:\n%s", script, connect, strings.Join(seen, "\n"))
	}
	if eval[bool](p, `window.gygyInjected === true`) {
		t.Errorf("the injected script ran")
	}
}

// peek returns the breaches seen so far.
func (w *policyWatch) peek() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.seen...)
}

// headersFileServer serves a static site as a host that reads its
// _headers file does (Netlify's form: a path pattern, then indented
// "Name: value" lines), the site being the directory root/prefix.
func headersFileServer(t *testing.T, root, prefix string) http.Handler {
	t.Helper()
	f, err := os.Open(filepath.Join(root, filepath.FromSlash(prefix), "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type rule struct {
		pattern string
		header  http.Header
	}
	var rules []rule
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#"):
		case !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t"):
			rules = append(rules, rule{pattern: strings.TrimSpace(line), header: http.Header{}})
		default:
			name, value, ok := strings.Cut(strings.TrimSpace(line), ":")
			if !ok || len(rules) == 0 {
				t.Fatalf("_headers: a line that is not a header of a path: %q", line)
			}
			rules[len(rules)-1].header.Add(strings.TrimSpace(name), strings.TrimSpace(value))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(root))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, rl := range rules {
			if base, ok := strings.CutSuffix(rl.pattern, "*"); (ok && strings.HasPrefix(r.URL.Path, base)) || r.URL.Path == rl.pattern {
				for name, values := range rl.header {
					w.Header()[name] = values
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}
