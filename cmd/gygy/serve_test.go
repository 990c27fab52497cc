package main

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gygy/app/signal/signaltest"
	"gygy/app/ui/lang"
)

// fakeWeb makes a web directory with a stand-in app.wasm (the server does
// not look inside it) and, if br is not nil, a precompressed brotli form.
func fakeWeb(t *testing.T, wasm, br []byte) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{"app.wasm": wasm, "bot.wasm": []byte("bot"), "qr.wasm": []byte("qr"), "gygy.css": []byte("body{}"), "icon-192.png": {1}, "icon-512.png": {2}, "icon.svg": []byte("<svg/>")}
	if br != nil {
		files["app.wasm.br"] = br
	}
	// One modification time for all, so that the precompressed file is
	// not older than app.wasm whatever order the files are written in.
	stamp := time.Now()
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, stamp, stamp); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, h http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestServeWasmCompressed(t *testing.T) {
	wasm := bytes.Repeat([]byte("\x00asm gygy "), 5000)
	br := []byte("pretend brotli")
	s, err := newSite(fakeWeb(t, wasm, br), "", "")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	tests := []struct {
		accept, wantEnc string
	}{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"", ""},
		{"identity", ""},
	}
	for _, tt := range tests {
		rec := get(t, h, "/web/app.wasm", "Accept-Encoding", tt.accept)
		res := rec.Result()
		if res.StatusCode != 200 {
			t.Fatalf("Accept-Encoding %q: status %d", tt.accept, res.StatusCode)
		}
		if got := res.Header.Get("Content-Encoding"); got != tt.wantEnc {
			t.Errorf("Accept-Encoding %q: Content-Encoding = %q, want %q", tt.accept, got, tt.wantEnc)
		}
		if got := res.Header.Get("Content-Type"); got != "application/wasm" {
			t.Errorf("Content-Type = %q, want application/wasm", got)
		}
		if got := res.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Vary = %q, want Accept-Encoding", got)
		}
		body := rec.Body.Bytes()
		switch tt.wantEnc {
		case "br":
			if !bytes.Equal(body, br) {
				t.Errorf("br body is not the precompressed file")
			}
		case "gzip":
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := io.ReadAll(zr)
			if !bytes.Equal(plain, wasm) {
				t.Errorf("gzip body does not decompress to app.wasm")
			}
			if len(body) >= len(wasm) {
				t.Errorf("gzip body is %d bytes, not smaller than %d", len(body), len(wasm))
			}
		default:
			if !bytes.Equal(body, wasm) {
				t.Errorf("identity body is not app.wasm")
			}
		}
	}
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, enc string
		want        bool
	}{
		{"gzip, br", "br", true},
		{"gzip, BR;q=0.5", "br", true},
		{"gzip, br;q=0", "br", false},
		{"gzip", "br", false},
		{"", "gzip", false},
		{"x-gzip", "gzip", false},
	}
	for _, tt := range tests {
		if got := acceptsEncoding(tt.header, tt.enc); got != tt.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tt.header, tt.enc, got, tt.want)
		}
	}
}

func TestVersionFollowsWasm(t *testing.T) {
	a, err := newSite(fakeWeb(t, []byte("one"), nil), "", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := newSite(fakeWeb(t, []byte("two"), nil), "", "")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := newSite(fakeWeb(t, []byte("one"), nil), "", "")
	if a.app.Version == b.app.Version || a.app.Version != c.app.Version || a.version != a.app.Version {
		t.Errorf("versions %q %q %q: want equal for equal app.wasm, different otherwise", a.app.Version, b.app.Version, c.app.Version)
	}
	if _, err := newSite(t.TempDir(), "", ""); err == nil {
		t.Errorf("newSite without app.wasm: no error")
	}
}

func TestManifestAndWorker(t *testing.T) {
	s, err := newSite(fakeWeb(t, []byte("wasm"), nil), "", "")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	manifest := get(t, h, "/manifest.webmanifest").Body.String()
	for _, want := range []string{`"name":"gygy"`, `"theme_color":"#1d2330"`, `/web/icon-192.png`, `/web/icon-512.png`, `"display":"standalone"`} {
		if !strings.Contains(manifest, want) {
			t.Errorf("manifest lacks %s: %s", want, manifest)
		}
	}
	worker := get(t, h, "/app-worker.js").Body.String()
	for _, want := range []string{s.app.Version, `"/web/app.wasm"`, `"/web/bot.wasm"`, `"/web/qr.wasm"`, `"/web/bot-worker.js"`, `"/web/gygy.css"`, `"/web/icon-512.png"`, `"/app.js"`, "ignoreSearch"} {
		if !strings.Contains(worker, want) {
			t.Errorf("service worker lacks %s", want)
		}
	}
	if rec := get(t, h, "/web/bot.wasm", "Accept-Encoding", "gzip"); rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("GET /web/bot.wasm = %d, Content-Encoding %q; want 200 gzip", rec.Code, rec.Header().Get("Content-Encoding"))
	}
	if rec := get(t, h, "/web/icon.svg"); rec.Code != 200 || rec.Body.String() != "<svg/>" {
		t.Errorf("GET /web/icon.svg = %d %q", rec.Code, rec.Body.String())
	}
	// The words of every language: served beside the app (app.wasm has
	// none), each the catalogue's, and kept by the service worker.
	for _, tag := range lang.Tags() {
		path := "/" + lang.File(tag)
		want, err := lang.Bundle(tag)
		if err != nil {
			t.Fatal(err)
		}
		rec := get(t, h, path)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("GET %s = %d %s, %d bytes; want 200, JSON, the %d bytes of lang.Bundle", path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len(), len(want))
		}
		if !strings.Contains(worker, strconv.Quote(path)) {
			t.Errorf("service worker does not keep %s", path)
		}
	}
	if rec := get(t, h, "/"+lang.Dir+"fr.webmanifest"); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"description":"Jouez à GYRE`) || !strings.Contains(rec.Body.String(), `"name":"gygy"`) {
		t.Errorf("GET the French manifest = %d %s", rec.Code, rec.Body.String())
	}
	if rec := get(t, h, "/"+lang.Dir+"xx.json"); rec.Code != 404 {
		t.Errorf("GET the words of a language there is not = %d, want 404", rec.Code)
	}
}

func TestStaticUnderPrefix(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if err := writeStatic(out, "/gygy", fakeWeb(t, []byte("wasm"), nil), "wss://example.org/signal"); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	index := read("index.html")
	for _, want := range []string{`/gygy/app.js`, `/gygy/web/gygy.css`, `/gygy/manifest.webmanifest`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if js := read("app.js"); !strings.Contains(js, `/gygy/web/app.wasm`) || !strings.Contains(js, `wss://example.org/signal`) {
		t.Errorf("app.js lacks the prefixed app.wasm or the signalling setting")
	}
	if w := read("app-worker.js"); !strings.Contains(w, `"/gygy/web/app.wasm"`) {
		t.Errorf("app-worker.js does not cache /gygy/web/app.wasm")
	}
	if read("web/app.wasm") != "wasm" {
		t.Errorf("web/app.wasm not copied")
	}
	if want, _ := lang.Bundle(lang.FR); read(lang.File(lang.FR)) != string(want) {
		t.Errorf("%s not written", lang.File(lang.FR))
	}
}

// Issue 19, item 8: no directory listings under /web/, and a name the
// system cannot open answers 404, not 500.
func TestServeFilesOnly(t *testing.T) {
	dir := fakeWeb(t, []byte("wasm"), nil)
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "sub", "x.css"), []byte("x"), 0o644)
	s, err := newSite(dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	for _, tt := range []struct {
		path string
		want int
	}{
		{"/web/", 404},
		{"/web/sub/", 404},
		{"/web/sub", 404},
		{"/web/" + strings.Repeat("a", 300), 404},
		{"/web/" + strings.Repeat("a", 300) + "/b.css", 404},
		{"/web/sub/x.css", 200},
		{"/web/gygy.css", 200},
	} {
		rec := get(t, h, tt.path)
		if rec.Code != tt.want {
			t.Errorf("GET %.40s… = %d, want %d", tt.path, rec.Code, tt.want)
		}
		if strings.Contains(rec.Body.String(), "<a href") {
			t.Errorf("GET %.40s… lists a directory: %q", tt.path, rec.Body.String())
		}
	}
}

// Issue 19, item 8: clients that never read app.wasm are dropped after
// the write timeout, while a client that reads gets all of it and the
// hub beside it keeps relaying.
func TestServeSlowReaders(t *testing.T) {
	wasm := make([]byte, 8<<20)
	rand.Read(wasm) // incompressible, and served raw: no Accept-Encoding
	dir := fakeWeb(t, wasm, nil)
	// A stand-in for the compressed form, so that newSite need not make one.
	gz := filepath.Join(dir, "app.wasm.gz")
	os.WriteFile(gz, []byte("not used"), 0o644)
	later := time.Now().Add(time.Hour)
	os.Chtimes(gz, later, later)
	s, err := newSite(dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	config := hubFlags(fs)
	e := edgeFlags(fs)
	if err := fs.Parse([]string{"--write-timeout", "1s", "--open-per-addr", "100"}); err != nil {
		t.Fatal(err)
	}
	if err := e.parse(); err != nil {
		t.Fatal(err)
	}
	log := serialized(&bytes.Buffer{})
	hub, err := newHub(e.hubConfig(config), log)
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	s.writeTimeout = e.write
	ln, err := e.listen("127.0.0.1:0", log)
	if err != nil {
		t.Fatal(err)
	}
	srv := e.server(withHub(s.handler(), hub))
	go srv.Serve(ln)
	defer srv.Close()
	addr := ln.Addr().String()
	done := signaltest.Honest(t, "ws://"+addr+"/signal")

	const stalled = 30
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < stalled; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.(*net.TCPConn).SetReadBuffer(4 << 10)
		conns = append(conns, c)
		io.WriteString(c, "GET /web/app.wasm HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
	}
	start := time.Now()
	for ln.Open() < stalled+2 && time.Since(start) < 5*time.Second {
		time.Sleep(5 * time.Millisecond)
	}
	for ln.Open() > 2 && time.Since(start) < 10*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	if n := ln.Open(); n > 2 {
		t.Fatalf("%d connections open %v after %d clients stopped reading app.wasm, want the honest pair's 2", n, time.Since(start).Round(time.Millisecond), stalled)
	}
	t.Logf("%d clients that never read app.wasm (8 MiB) dropped within %v (write timeout 1s per %d KiB)", stalled, time.Since(start).Round(10*time.Millisecond), wasmChunk>>10)
	// One client reads the whole file then, slowly: 256 KiB every
	// 100 ms, the whole far longer than the write timeout, each part well
	// within it.
	reader := &http.Client{Transport: &http.Transport{DisableKeepAlives: true, DisableCompression: true}}
	resp, err := reader.Get("http://" + addr + "/web/app.wasm")
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	slow := time.Now()
	for {
		n, err := io.CopyN(&body, resp.Body, 256<<10)
		if err != nil || n == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	resp.Body.Close()
	if !bytes.Equal(body.Bytes(), wasm) {
		t.Fatalf("a slow but steady reader got %d of %d bytes", body.Len(), len(wasm))
	}
	t.Logf("a steady reader took %v over app.wasm", time.Since(slow).Round(10*time.Millisecond))
	done()
}

// cspDirectives splits a Content-Security-Policy into its directives'
// sources, by name.
func cspDirectives(policy string) map[string][]string {
	out := map[string][]string{}
	for _, d := range strings.Split(policy, ";") {
		fields := strings.Fields(d)
		if len(fields) > 0 {
			out[fields[0]] = fields[1:]
		}
	}
	return out
}

// pageScriptHashes hashes the text of every script element without a src
// in a page, as a browser does to match a policy's 'sha256-…' sources.
func pageScriptHashes(t *testing.T, page string) []string {
	t.Helper()
	var out []string
	for rest := page; ; {
		open := strings.Index(rest, "<script")
		if open < 0 {
			return out
		}
		rest = rest[open:]
		end := strings.Index(rest, ">")
		closing := strings.Index(rest, "</script>")
		if end < 0 || closing < end {
			t.Fatalf("a script element that does not close: %.80s", rest)
		}
		if !strings.Contains(rest[:end], "src=") {
			sum := sha256.Sum256([]byte(rest[end+1 : closing]))
			out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
		rest = rest[closing:]
	}
}

// checkSecurityHeaders checks one response's security headers: the policy
// allows the page's own inline scripts by hash, WebAssembly by
// 'wasm-unsafe-eval' and connections to the app and to hub alone.
func checkSecurityHeaders(t *testing.T, what string, h http.Header, inline []string, hub string) {
	t.Helper()
	for name, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "no-referrer",
		"Permissions-Policy":     permissionsPolicy,
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s: %s = %q, want %q", what, name, got, want)
		}
	}
	if !strings.Contains(h.Get("Permissions-Policy"), "camera=(self)") {
		t.Errorf("%s: Permissions-Policy does not give the camera to the app", what)
	}
	csp := cspDirectives(h.Get("Content-Security-Policy"))
	script := strings.Join(csp["script-src"], " ")
	for _, want := range append([]string{"'self'", "'wasm-unsafe-eval'"}, inline...) {
		if !slices.Contains(csp["script-src"], want) {
			t.Errorf("%s: script-src %q lacks %s", what, script, want)
		}
	}
	for _, bad := range []string{"'unsafe-eval'", "'unsafe-inline'", "*", "data:", "blob:", "http:", "https:"} {
		if slices.Contains(csp["script-src"], bad) {
			t.Errorf("%s: script-src %q allows %s", what, script, bad)
		}
	}
	wantConnect := []string{"'self'"}
	if hub != "" {
		wantConnect = append(wantConnect, hub)
	}
	for name, want := range map[string][]string{
		"default-src":     {"'self'"},
		"connect-src":     wantConnect,
		"worker-src":      {"'self'"},
		"object-src":      {"'none'"},
		"base-uri":        {"'self'"},
		"frame-ancestors": {"'none'"},
	} {
		if got := csp[name]; !slices.Equal(got, want) {
			t.Errorf("%s: %s = %q, want %q", what, name, got, want)
		}
	}
}

// Issue 52, item 6: every response of gygy serve carries the security
// headers, and the policy names the hash of every inline script of the
// pages served, and the hub given by --signal.
func TestServeSecurityHeaders(t *testing.T) {
	s, err := newSite(fakeWeb(t, []byte("wasm"), nil), "", "wss://hub.example.org:8443/signal")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	page := get(t, h, "/").Body.String()
	inline := pageScriptHashes(t, page)
	if len(inline) < 2 {
		t.Fatalf("the page has %d inline scripts, want the theme's and the cover's", len(inline))
	}
	for _, path := range []string{"/", "/?view=rules", "/?view=learn", "/?room=abc", "/app.js", "/wasm_exec.js", "/app-worker.js",
		"/manifest.webmanifest", "/web/app.wasm", "/web/bot.wasm", "/web/gygy.css", "/web/icon.svg", "/web/missing.js"} {
		rec := get(t, h, path, "Accept-Encoding", "gzip")
		checkSecurityHeaders(t, "GET "+path, rec.Header(), inline, "wss://hub.example.org:8443")
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			body := rec.Body.String()
			if rec.Header().Get("Content-Encoding") == "gzip" {
				zr, err := gzip.NewReader(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(zr)
				body = string(b)
			}
			for _, src := range pageScriptHashes(t, body) {
				if !slices.Contains(inline, src) {
					t.Errorf("GET %s: an inline script %s that the policy does not allow", path, src)
				}
			}
		}
	}
	// Without --signal the app connects to its own origin alone.
	s, err = newSite(fakeWeb(t, []byte("wasm"), nil), "", "")
	if err != nil {
		t.Fatal(err)
	}
	checkSecurityHeaders(t, "without --signal", get(t, s.handler(), "/").Header(), inline, "")
}

func TestHubSource(t *testing.T) {
	for _, tt := range []struct{ signal, want string }{
		{"", ""},
		{"wss://hub.example.org/signal", "wss://hub.example.org"},
		{"ws://127.0.0.1:8081/signal?x=1", "ws://127.0.0.1:8081"},
		{"wss://[2001:db8::1]:443/signal", "wss://[2001:db8::1]:443"},
	} {
		if got, err := hubSource(tt.signal); err != nil || got != tt.want {
			t.Errorf("hubSource(%q) = %q, %v; want %q", tt.signal, got, err, tt.want)
		}
	}
	for _, bad := range []string{"hub.example.org", "ftp://hub.example.org/", "wss:///signal", "wss://a b/", "wss://x;script-src *"} {
		if got, err := hubSource(bad); err == nil {
			t.Errorf("hubSource(%q) = %q, want an error", bad, got)
		}
	}
	if _, err := newSite(fakeWeb(t, []byte("wasm"), nil), "", "hub.example.org"); err == nil || !strings.Contains(err.Error(), "hub.example.org") {
		t.Errorf("newSite with --signal hub.example.org: %v, want an error naming it", err)
	}
}

// Issue 52, item 6: gygy static writes the same headers for static hosts:
// a _headers file for the site's paths (at the root, or under the
// prefix), and add_header lines for nginx.
func TestStaticSecurityHeaders(t *testing.T) {
	for _, prefix := range []string{"", "/gygy"} {
		out := filepath.Join(t.TempDir(), "site")
		if err := writeStatic(out, prefix, fakeWeb(t, []byte("wasm"), nil), "wss://hub.example.org/signal"); err != nil {
			t.Fatal(err)
		}
		read := func(name string) string {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		inline := pageScriptHashes(t, read("index.html"))
		if len(inline) < 2 {
			t.Fatalf("index.html has %d inline scripts, want the theme's and the cover's", len(inline))
		}
		lines := strings.Split(strings.TrimRight(read("_headers"), "\n"), "\n")
		if want := prefix + "/*"; lines[0] != want {
			t.Errorf("prefix %q: _headers's path = %q, want %q", prefix, lines[0], want)
		}
		h := http.Header{}
		for _, l := range lines[1:] {
			name, value, ok := strings.Cut(strings.TrimSpace(l), ": ")
			if !ok || !strings.HasPrefix(l, "  ") {
				t.Fatalf("prefix %q: _headers line %q is not an indented header", prefix, l)
			}
			h.Add(name, value)
		}
		checkSecurityHeaders(t, "_headers under "+prefix, h, inline, "wss://hub.example.org")
		ngx := read("nginx-headers.conf")
		for name := range h {
			if want := fmt.Sprintf("add_header %s \"%s\" always;\n", name, h.Get(name)); !strings.Contains(ngx, want) {
				t.Errorf("prefix %q: nginx-headers.conf lacks %s", prefix, want)
			}
		}
	}
}
