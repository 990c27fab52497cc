package main

// Text compression for the app's pages and files: every HTML page, style
// sheet, script, manifest, SVG and JSON document goes out brotli- or
// gzip-compressed when the browser accepts it (the WebAssembly programs
// have their own precompressed forms, in serve.go). Each response is
// compressed afresh at a middling level: go-app writes a page's
// attributes in any order, so a cache of compressed pages would not hold.
// gygy static writes the same forms, at the best level, beside the files,
// for hosts that serve them.

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// minCompress is the smallest body worth compressing: below it the
// encoding's own overhead eats the gain.
const minCompress = 256

// maxBuffered is the largest body held to compress; a larger one goes out
// as it is, streamed.
const maxBuffered = 8 << 20

// compressible tells whether a media type is text that compresses well.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	switch mt {
	case "application/javascript", "application/json", "application/manifest+json",
		"image/svg+xml", "application/xml":
		return true
	}
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml")
}

// compressibleFile tells by its name whether a file of the static site is
// text worth a compressed sibling.
func compressibleFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".css", ".js", ".json", ".webmanifest", ".svg", ".txt", ".xml", ".md":
		return true
	}
	return false
}

// encode compresses b with an encoding, "br" or "gzip", at its best level
// when best (for files written once), else at a level fast enough for
// every response.
func encode(b []byte, enc string, best bool) []byte {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch {
	case enc == "br" && best:
		w = brotli.NewWriterLevel(&buf, brotli.BestCompression)
	case enc == "br":
		w = brotli.NewWriterLevel(&buf, brotli.DefaultCompression)
	case best:
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	default:
		w = gzip.NewWriter(&buf)
	}
	w.Write(b) // a bytes.Buffer does not fail
	w.Close()
	return buf.Bytes()
}

// encodingFor chooses the response's encoding from Accept-Encoding: brotli,
// else gzip, else none.
func encodingFor(accept string) string {
	switch {
	case acceptsEncoding(accept, "br"):
		return "br"
	case acceptsEncoding(accept, "gzip"):
		return "gzip"
	}
	return ""
}

// withCompression serves h's text responses compressed, honouring
// Accept-Encoding, with "Vary: Accept-Encoding" and an ETag that names the
// encoding. Responses that are already encoded, partial, not text, or
// small go out as h writes them.
func withCompression(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		enc := encodingFor(r.Header.Get("Accept-Encoding"))
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.ServeHTTP(w, r)
			return
		}
		if enc != "" {
			// The inner handler knows its ETag without the encoding.
			if inm := r.Header.Get("If-None-Match"); inm != "" {
				r2 := r.Clone(r.Context())
				r2.Header.Set("If-None-Match", untagEncoding(inm, enc))
				r = r2
			}
		}
		cw := &compressWriter{w: w, enc: enc, head: r.Method == http.MethodHead}
		h.ServeHTTP(cw, r)
		cw.finish()
	})
}

// tagEncoding adds an encoding to an ETag: "v" becomes "v-br".
func tagEncoding(etag, enc string) string {
	if strings.HasSuffix(etag, `"`) {
		return etag[:len(etag)-1] + "-" + enc + `"`
	}
	return etag + "-" + enc
}

// untagEncoding removes an encoding from the ETags of an If-None-Match
// header, undoing tagEncoding.
func untagEncoding(header, enc string) string {
	parts := strings.Split(header, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		switch {
		case strings.HasSuffix(p, "-"+enc+`"`):
			p = p[:len(p)-len(enc)-2] + `"`
		case strings.HasSuffix(p, "-"+enc):
			p = p[:len(p)-len(enc)-1]
		}
		parts[i] = p
	}
	return strings.Join(parts, ", ")
}

// compressWriter holds a text response until it is complete, then writes
// it compressed; anything else it passes through at once.
type compressWriter struct {
	w    http.ResponseWriter
	enc  string // the encoding the request accepts best, or ""
	head bool

	status  int  // the status the handler wrote, 0 before
	decided bool // whether the response is held (buffering) or passed
	holding bool
	buf     bytes.Buffer
}

func (c *compressWriter) Header() http.Header { return c.w.Header() }

func (c *compressWriter) WriteHeader(code int) {
	if c.status != 0 {
		return
	}
	c.status = code
	if code != http.StatusOK || c.Header().Get("Content-Type") != "" {
		c.decide(nil)
	}
}

// decide chooses, from the status and the headers (and the first bytes, to
// sniff a missing Content-Type), whether to hold the response to compress
// it.
func (c *compressWriter) decide(first []byte) {
	if c.decided {
		return
	}
	c.decided = true
	h := c.Header()
	if h.Get("Content-Type") == "" && c.status == http.StatusOK && first != nil {
		h.Set("Content-Type", http.DetectContentType(first))
	}
	text := compressible(h.Get("Content-Type"))
	if text || c.status == http.StatusNotModified {
		h.Add("Vary", "Accept-Encoding")
	}
	if c.status == http.StatusNotModified && c.enc != "" {
		if et := h.Get("ETag"); et != "" {
			h.Set("ETag", tagEncoding(et, c.enc))
		}
	}
	c.holding = text && c.status == http.StatusOK && c.enc != "" && !c.head &&
		h.Get("Content-Encoding") == "" && h.Get("Content-Range") == ""
	if !c.holding {
		c.w.WriteHeader(c.status)
	}
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	c.decide(p)
	if !c.holding {
		return c.w.Write(p)
	}
	if c.buf.Len()+len(p) > maxBuffered {
		// Too big to hold: out as it is.
		c.holding = false
		c.w.WriteHeader(c.status)
		if _, err := c.w.Write(c.buf.Bytes()); err != nil {
			return 0, err
		}
		c.buf = bytes.Buffer{}
		return c.w.Write(p)
	}
	return c.buf.Write(p)
}

// finish writes the held response, compressed when that makes it smaller.
func (c *compressWriter) finish() {
	if !c.decided {
		if c.status == 0 {
			return // nothing written: net/http answers 200 with no body
		}
		c.decide(nil)
	}
	if !c.holding {
		return
	}
	body := c.buf.Bytes()
	h := c.Header()
	if len(body) >= minCompress {
		if z := encode(body, c.enc, false); len(z) < len(body) {
			body = z
			h.Set("Content-Encoding", c.enc)
			if et := h.Get("ETag"); et != "" {
				h.Set("ETag", tagEncoding(et, c.enc))
			}
		}
	}
	h.Del("Content-Length")
	c.w.WriteHeader(c.status)
	c.w.Write(body)
}

// Flush sends what is written so far, giving up the compression of a
// response still held.
func (c *compressWriter) Flush() {
	if !c.decided {
		if c.status == 0 {
			c.status = http.StatusOK
		}
		c.decide(nil)
	}
	if c.holding {
		c.holding = false
		c.w.WriteHeader(c.status)
		c.w.Write(c.buf.Bytes())
		c.buf = bytes.Buffer{}
	}
	if f, ok := c.w.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the server's writer.
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.w }

// writeCompressedSiblings writes, beside every text file under dir, its
// gzip form (name.gz) and its brotli form (name.br), for static hosts that
// serve precompressed files. A form that is not smaller is not written.
func writeCompressedSiblings(dir string) error {
	return filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressibleFile(path) {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if len(raw) < minCompress {
			return nil
		}
		for _, enc := range []struct{ name, ext string }{{"gzip", ".gz"}, {"br", ".br"}} {
			if z := encode(raw, enc.name, true); len(z) < len(raw) {
				if err := os.WriteFile(path+enc.ext, z, 0o644); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
