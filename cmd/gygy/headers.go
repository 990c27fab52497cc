package main

// The page's security headers, sent by gygy serve on every response and
// written by gygy static for static hosts (_headers) and for nginx.
//
// The Content-Security-Policy is as strict as the app allows:
//   - scripts from the app's own origin only, the page's inline head
//     scripts (the theme, the language, words.go, and the loader's
//     cover, start.go) by their SHA-256, computed from the page as it
//     is served; WebAssembly
//     compiled with 'wasm-unsafe-eval', never 'unsafe-eval' (Go's
//     wasm_exec.js evaluates no JavaScript);
//   - connections to the app's origin ('self' covers ws: and wss: to it,
//     the hub at /signal) and to the hub the app was given (--signal);
//   - workers (the bot and the QR reader, the service worker) from the
//     app's origin;
//   - images from the app and data: URLs (a rules diagram is one);
//   - styles from the app and inline: go-app writes style attributes with
//     setAttribute, and the boards draw computed sizes, durations and a
//     Gygès move's keyframes (a <style> element) from the game, which no
//     hash can foresee;
//   - no plugins, no <base> elsewhere, no framing by any page, forms only
//     to the app.
//
// Referrer-Policy keeps a room's link (the query string) out of any
// Referer; Permissions-Policy gives the camera (nearby pairing reads a QR
// code with it) to the app alone and nothing else of the kind.

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// securityHeader is one header the app's responses carry.
type securityHeader struct{ name, value string }

// inlineScript finds a page's script elements: their attributes and text.
var inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)

// inlineScriptHashes returns the CSP sources ('sha256-…') of the inline
// scripts of a page, in page order, without repeats.
func inlineScriptHashes(page []byte) []string {
	var out []string
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		attrs, body := strings.ToLower(string(m[1])), m[2]
		if strings.Contains(attrs, "src=") || len(body) == 0 {
			continue
		}
		sum := sha256.Sum256(body)
		src := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !slices.Contains(out, src) {
			out = append(out, src)
		}
	}
	return out
}

// hubSource is the CSP source of the signalling hub's address (--signal):
// its scheme, host and port. "" (the hub beside the app) needs none.
func hubSource(signal string) (string, error) {
	if signal == "" {
		return "", nil
	}
	u, err := url.Parse(signal)
	if err != nil {
		return "", fmt.Errorf("the signalling address %q: %w", signal, err)
	}
	switch u.Scheme {
	case "ws", "wss", "http", "https":
	default:
		return "", fmt.Errorf("the signalling address %q: want a ws:// or wss:// URL", signal)
	}
	if u.Host == "" || strings.ContainsAny(u.Host, " ;,'\"") {
		return "", fmt.Errorf("the signalling address %q: no host", signal)
	}
	return u.Scheme + "://" + u.Host, nil
}

// contentSecurityPolicy is the app's policy, given the hashes of its page's
// inline scripts and the hub's source ("" for none beyond the app's own).
func contentSecurityPolicy(scriptHashes []string, hub string) string {
	connect := "'self'"
	if hub != "" {
		connect += " " + hub
	}
	directives := []string{
		"default-src 'self'",
		"script-src " + strings.Join(append([]string{"'self'", "'wasm-unsafe-eval'"}, scriptHashes...), " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		"connect-src " + connect,
		"worker-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}
	return strings.Join(directives, "; ")
}

// permissionsPolicy allows the camera to the app's own pages alone and
// turns off the powerful features the app never uses.
const permissionsPolicy = "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()"

// newSecurityHeaders computes the headers for a site: the hashes come from
// its start page as the server renders it.
func newSecurityHeaders(s *site, signal string) ([]securityHeader, error) {
	hub, err := hubSource(signal)
	if err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	withFixedPages(s.app).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("rendering the start page for its script hashes: status %d", rec.Code)
	}
	return []securityHeader{
		{"Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(rec.Body.Bytes()), hub)},
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "no-referrer"},
		{"Permissions-Policy", permissionsPolicy},
	}, nil
}

// withSecurityHeaders sets the headers on every response of h.
func withSecurityHeaders(h http.Handler, headers []securityHeader) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, sh := range headers {
			w.Header().Set(sh.name, sh.value)
		}
		h.ServeHTTP(w, r)
	})
}

// writeHeaderFiles writes the headers for static hosts into the site: a
// _headers file (the form Netlify and Cloudflare Pages read) for every
// path under the prefix, and nginx-headers.conf, add_header lines to
// include in nginx's location of the app.
func writeHeaderFiles(out, prefix string, headers []securityHeader) error {
	var hf, ngx strings.Builder
	hf.WriteString(prefix + "/*\n")
	ngx.WriteString("# gygy's security headers: include this file in the location that serves the app.\n")
	for _, sh := range headers {
		fmt.Fprintf(&hf, "  %s: %s\n", sh.name, sh.value)
		fmt.Fprintf(&ngx, "add_header %s \"%s\" always;\n", sh.name, sh.value)
	}
	if err := os.WriteFile(filepath.Join(out, "_headers"), []byte(hf.String()), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "nginx-headers.conf"), []byte(ngx.String()), 0o644)
}
