package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"gygy/app/printable"
)

// textWeb is fakeWeb with a style sheet big enough to be compressed.
func textWeb(t *testing.T) string {
	t.Helper()
	dir := fakeWeb(t, []byte("wasm"), nil)
	css := strings.Repeat(".board .cell { fill: #3b4458; stroke: #1d2330; }\n", 100)
	if err := os.WriteFile(filepath.Join(dir, "gygy.css"), []byte(css), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// decode undoes a Content-Encoding.
func decode(t *testing.T, body []byte, enc string) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch enc {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", enc, err)
	}
	return out
}

// TestServeTextCompressed: every kind of text the app serves goes out in
// the best encoding the browser accepts, smaller, and decodes to the plain
// response.
func TestServeTextCompressed(t *testing.T) {
	s, err := newSite(textWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	sheet := "/web/boards/" + printable.SheetNames(printable.AppSizes, printable.Papers)[0]
	paths := []string{"/", "/?view=rules", "/app.js", "/wasm_exec.js", "/app-worker.js", "/manifest.webmanifest", "/app.css", "/web/gygy.css", sheet}
	accepts := []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"", ""},
		{"identity", ""},
	}
	for _, path := range paths {
		plain := get(t, h, path)
		if plain.Code != 200 {
			t.Fatalf("GET %s = %d", path, plain.Code)
		}
		for _, a := range accepts {
			rec := get(t, h, path, "Accept-Encoding", a.accept)
			if rec.Code != 200 {
				t.Fatalf("GET %s (Accept-Encoding %q) = %d", path, a.accept, rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != a.want {
				t.Errorf("GET %s (Accept-Encoding %q): Content-Encoding %q, want %q", path, a.accept, got, a.want)
			}
			if got := rec.Header().Values("Vary"); !strings.Contains(strings.Join(got, ","), "Accept-Encoding") {
				t.Errorf("GET %s: Vary %q, want Accept-Encoding", path, got)
			}
			body := rec.Body.Bytes()
			if a.want != "" && len(body) >= plain.Body.Len() {
				t.Errorf("GET %s as %s: %d bytes, not smaller than %d", path, a.want, len(body), plain.Body.Len())
			}
			// go-app writes a page's attributes in any order: the pages
			// are compared by length.
			page := path == "/" || strings.HasPrefix(path, "/?")
			got := decode(t, body, a.want)
			if !bytes.Equal(got, plain.Body.Bytes()) && !(page && len(got) == plain.Body.Len()) {
				t.Errorf("GET %s as %q does not decode to the plain response", path, a.want)
			}
			if cl := rec.Header().Get("Content-Length"); a.want != "" && cl != "" {
				t.Errorf("GET %s as %s keeps the plain Content-Length %s", path, a.want, cl)
			}
		}
	}
}

// TestCompressedRevalidation: the ETag names the encoding, a browser
// revalidating its copy in the same encoding gets 304, and one that asks
// in another gets the whole response.
func TestCompressedRevalidation(t *testing.T) {
	s, err := newSite(textWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	for _, path := range []string{"/app.js", "/web/gygy.css"} {
		first := get(t, h, path, "Accept-Encoding", "br")
		etag := first.Header().Get("ETag")
		if etag == "" || !strings.Contains(etag, "-br") {
			t.Fatalf("GET %s: ETag %q, want one naming br", path, etag)
		}
		again := get(t, h, path, "Accept-Encoding", "br", "If-None-Match", etag)
		if again.Code != 304 || again.Header().Get("ETag") != etag {
			t.Errorf("GET %s again in br: %d, ETag %q; want 304 with %q", path, again.Code, again.Header().Get("ETag"), etag)
		}
		other := get(t, h, path, "Accept-Encoding", "gzip", "If-None-Match", etag)
		if other.Code != 200 || other.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("GET %s in gzip with the br ETag: %d %q; want 200 gzip", path, other.Code, other.Header().Get("Content-Encoding"))
		}
	}
}

// TestCompressPassesThrough: pictures, partial responses, HEAD and the
// WebAssembly programs (which have their own compressed forms) go out as
// they are.
func TestCompressPassesThrough(t *testing.T) {
	s, err := newSite(textWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	h := s.handler()
	tests := []struct {
		method, path, rng, wantEnc string
		wantCode                   int
	}{
		{"GET", "/web/icon-192.png", "", "", 200},
		{"GET", "/web/gygy.css", "bytes=0-9", "", 206},
		{"HEAD", "/web/gygy.css", "", "", 200},
		{"GET", "/web/app.wasm", "", "gzip", 200}, // its own gzip form
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		if tt.rng != "" {
			req.Header.Set("Range", tt.rng)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.wantCode || rec.Header().Get("Content-Encoding") != tt.wantEnc {
			t.Errorf("%s %s (Range %q) = %d %q, want %d %q", tt.method, tt.path, tt.rng, rec.Code, rec.Header().Get("Content-Encoding"), tt.wantCode, tt.wantEnc)
		}
		if tt.wantCode == 206 && rec.Body.Len() != 10 {
			t.Errorf("Range %s: %d bytes, want 10", tt.rng, rec.Body.Len())
		}
	}
}

// TestStaticCompressedSiblings: gygy static writes a .gz and a .br beside
// every text file big enough to gain, each decoding to the file, and none
// beside pictures.
func TestStaticCompressedSiblings(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if err := writeStatic(out, "", textWeb(t), ""); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "wasm_exec.js", "app-worker.js", "manifest.webmanifest", "app.css", "web/gygy.css"} {
		raw, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, enc := range []struct{ name, ext string }{{"gzip", ".gz"}, {"br", ".br"}} {
			z, err := os.ReadFile(filepath.Join(out, name+enc.ext))
			if err != nil {
				t.Errorf("%s has no %s sibling: %v", name, enc.ext, err)
				continue
			}
			if !bytes.Equal(decode(t, z, enc.name), raw) || len(z) >= len(raw) {
				t.Errorf("%s%s (%d bytes) is not a smaller %s form of %s (%d bytes)", name, enc.ext, len(z), enc.name, name, len(raw))
			}
		}
	}
	for _, name := range []string{"web/icon-192.png.gz", "web/icon.svg.gz", "web/app.wasm.br"} {
		if _, err := os.Stat(filepath.Join(out, name)); err == nil {
			t.Errorf("%s written: want none (a picture, a tiny file, or a program without its own)", name)
		}
	}
}

func TestUntagEncoding(t *testing.T) {
	tests := []struct{ header, enc, want string }{
		{`"v1-br"`, "br", `"v1"`},
		{`"v1-gzip"`, "br", `"v1-gzip"`},
		{`W/"v1-br", "v2-br"`, "br", `W/"v1", "v2"`},
		{`v1-gzip`, "gzip", `v1`},
		{`*`, "br", `*`},
	}
	for _, tt := range tests {
		if got := untagEncoding(tt.header, tt.enc); got != tt.want {
			t.Errorf("untagEncoding(%q, %q) = %q, want %q", tt.header, tt.enc, got, tt.want)
		}
		if tt.want != tt.header && tt.want != "*" && !strings.Contains(tt.want, ",") {
			if back := tagEncoding(tt.want, tt.enc); back != tt.header {
				t.Errorf("tagEncoding(%q, %q) = %q, want %q", tt.want, tt.enc, back, tt.header)
			}
		}
	}
}
