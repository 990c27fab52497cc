package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/printable"
	"gygy/app/ui"
	"gygy/app/ui/lang"
)

//go:embed worker.js
var workerJS string

// site is the web app as the server sees it: the go-app handler for the
// pages and generated files, and the static files of the web directory
// with the WebAssembly programs held in memory, raw and compressed.
type site struct {
	dir     string // the web directory: icons, styles, app.wasm, bot.wasm, qr.wasm
	prefix  string // the sub-path the app lives under, "" for the root
	files   http.Handler
	wasm    wasmFile            // app.wasm, the app
	wasms   map[string]wasmFile // by path under /web/: /app.wasm, /bot.wasm, /qr.wasm
	version string
	app     *app.Handler
	sheets  map[string][]byte // print-and-play SVGs, by name under /web/boards/
	fetched []fetchedDir      // the words, rulebooks and lessons' words the app fetches (fetched.go)
	appJS   []byte            // go-app's app.js with gygy's start (start.go)
	headers []securityHeader  // sent with every response (headers.go)
	// writeTimeout is how long a client may take to read each
	// wasmChunk of a WebAssembly program; default 30 s.
	writeTimeout time.Duration
}

// sheetsDir is where the print-and-play sheets are served, under /web/.
const sheetsDir = "/boards/"

// loadSheets draws the print-and-play sheets the app offers.
func loadSheets() (map[string][]byte, error) {
	sheets, err := printable.Sheets(printable.AppSizes, printable.Papers)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(sheets))
	for _, sh := range sheets {
		out[sh.Name] = []byte(sh.SVG)
	}
	return out, nil
}

// wasmFiles are the WebAssembly programs: the app, the computer player
// that runs in a Web Worker, and the QR reader that runs in another when a
// camera opens.
var wasmFiles = []string{"app.wasm", "bot.wasm", "qr.wasm"}

// wasmFile is a WebAssembly program with its precompressed forms.
type wasmFile struct {
	raw, gz, br []byte
	modTime     time.Time
	etag        string
}

// newSite reads the web directory and builds the go-app handler. The app's
// version is a hash of the WebAssembly programs and of the texts the app
// fetches (its words, the rulebooks), so clients update exactly when one
// of them changes.
func newSite(dir, prefix, signalAddr string) (*site, error) {
	wasms := make(map[string]wasmFile)
	hash := sha256.New()
	for _, name := range wasmFiles {
		w, err := loadWasm(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		wasms["/"+name] = w
		hash.Write([]byte(w.etag))
	}
	texts, err := fetchedDirs()
	if err != nil {
		return nil, err
	}
	for _, name := range fetchedFiles(texts) {
		doc, _, _ := fetched(texts, strings.TrimPrefix(name, "/web"))
		fmt.Fprintf(hash, "%s %d\n", name, len(doc))
		hash.Write(doc)
	}
	version := hex.EncodeToString(hash.Sum(nil)[:8])
	prefix = strings.TrimRight(prefix, "/")
	if prefix != "" && !strings.HasPrefix(prefix, "/") {
		prefix = "/" + prefix
	}
	w := wasms["/app.wasm"]
	sheets, err := loadSheets()
	if err != nil {
		return nil, err
	}
	s := &site{dir: dir, prefix: prefix, files: http.FileServer(filesOnly{http.Dir(dir)}), wasm: w, wasms: wasms, version: version, sheets: sheets, fetched: texts}
	cacheable := []string{"/web/bot-worker.js", "/web/bot.wasm", "/web/qr.wasm"}
	cacheable = append(cacheable, puzzleFiles...)
	cacheable = append(cacheable, fetchedFiles(s.fetched)...)
	for _, name := range printable.SheetNames(printable.AppSizes, printable.Papers) {
		cacheable = append(cacheable, "/web"+sheetsDir+name)
	}
	ui.Routes() // the same route table as the WebAssembly program
	// newHandler is the go-app handler in the process's language (the
	// loader's label): the site's own in English, and one a language for
	// pageWords to render.
	newHandler := func(lead ...string) *app.Handler {
		return &app.Handler{
			Name:            ui.Name,
			ShortName:       ui.Name,
			Title:           lang.T("shell.app.title"),
			Description:     lang.T("shell.app.description"),
			ThemeColor:      ui.ThemeColor,
			BackgroundColor: ui.BackgroundColor,
			LoadingLabel:    lang.T("shell.loading", "progress", "{progress}"),
			Icon: app.Icon{
				Default:  "/web/icon-192.png",
				Large:    "/web/icon-512.png",
				Maskable: "/web/icon-512.png",
				SVG:      "/web/icon.svg",
			},
			Styles:                []string{"/web/gygy.css"},
			RawHeaders:            append(lead, ui.ThemeScript, preloadWasm(s.Resolve("/web/app.wasm")), coverScript),
			CacheableResources:    cacheable,
			Resources:             s,
			Version:               version,
			WasmContentLength:     strconv.Itoa(len(w.raw)),
			ServiceWorkerTemplate: workerJS,
			Env:                   map[string]string{ui.EnvSignal: signalAddr},
		}
	}
	script, err := langScript(func() *app.Handler { return newHandler() }, s.Resolve("/"+lang.Dir)) // words.go
	if err != nil {
		return nil, err
	}
	manifests, err := langManifests(func() *app.Handler { return newHandler() }, s.prefix) // words.go
	if err != nil {
		return nil, err
	}
	for name, doc := range manifests {
		s.fetched[0].files[name] = doc // beside the language's words
		cacheable = append(cacheable, "/web"+s.fetched[0].dir+name)
	}
	renderLang.RLock()
	s.app = newHandler(script)
	renderLang.RUnlock()
	if s.appJS, err = startScript(s.app); err != nil {
		return nil, err
	}
	if s.headers, err = newSecurityHeaders(s, signalAddr); err != nil {
		return nil, err
	}
	return s, nil
}

func loadWasm(path string) (wasmFile, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return wasmFile{}, fmt.Errorf("%w (build it with \"make wasm\")", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		return wasmFile{}, err
	}
	sum := sha256.Sum256(raw)
	w := wasmFile{raw: raw, modTime: info.ModTime(), etag: hex.EncodeToString(sum[:8])}
	// Precompressed files are used only if they are not older than app.wasm.
	fresh := func(p string) []byte {
		if st, err := os.Stat(p); err != nil || st.ModTime().Before(info.ModTime()) {
			return nil
		}
		b, _ := os.ReadFile(p)
		return b
	}
	w.br = fresh(path + ".br")
	if w.gz = fresh(path + ".gz"); w.gz == nil {
		w.gz = encode(raw, "gzip", true)
	}
	return w, nil
}

// Resolve maps the app's resource paths under the site's prefix, as
// go-app's PrefixedLocation does.
func (s *site) Resolve(location string) string {
	if strings.HasPrefix(location, "http://") || strings.HasPrefix(location, "https://") {
		return location
	}
	if location == "" || location == "/" {
		if s.prefix == "" {
			return "/"
		}
		return s.prefix
	}
	return s.prefix + "/" + strings.TrimLeft(location, "/")
}

// ServeHTTP serves the files under /web/; the go-app handler sends them
// here. app.wasm goes out compressed when the browser accepts it.
func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/web")
	if _, ok := s.wasms[name]; ok {
		s.serveWasm(w, r)
		return
	}
	if doc, ok := s.sheets[strings.TrimPrefix(name, sheetsDir)]; ok && strings.HasPrefix(name, sheetsDir) {
		w.Header().Set("Content-Type", "image/svg+xml")
		http.ServeContent(w, r, path.Base(name), time.Time{}, bytes.NewReader(doc))
		return
	}
	if doc, kind, ok := fetched(s.fetched, name); ok {
		w.Header().Set("Content-Type", kind)
		http.ServeContent(w, r, path.Base(name), time.Time{}, bytes.NewReader(doc))
		return
	}
	r2 := *r
	u := *r.URL
	u.Path = name
	r2.URL = &u
	s.files.ServeHTTP(w, &r2)
}

func (s *site) serveWasm(w http.ResponseWriter, r *http.Request) {
	file, ok := s.wasms[strings.TrimPrefix(r.URL.Path, "/web")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/wasm")
	h.Set("Vary", "Accept-Encoding")
	h.Set("Cache-Control", "no-cache")
	body, enc := file.raw, ""
	accept := r.Header.Get("Accept-Encoding")
	switch {
	case file.br != nil && acceptsEncoding(accept, "br"):
		body, enc = file.br, "br"
	case acceptsEncoding(accept, "gzip"):
		body, enc = file.gz, "gzip"
	}
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	h.Set("ETag", `"`+file.etag+"-"+enc+`"`)
	every := s.writeTimeout
	if every <= 0 {
		every = 30 * time.Second
	}
	sw := &slowWriter{ResponseWriter: w, rc: http.NewResponseController(w), every: every}
	http.ServeContent(sw, r, path.Base(r.URL.Path), file.modTime, bytes.NewReader(body))
}

// wasmChunk is how much of a WebAssembly program a client must read
// within the write timeout: a phone on a slow network takes its time over
// the whole file, a client that reads nothing is dropped.
const wasmChunk = 64 << 10

// slowWriter writes in chunks, each with a fresh write deadline.
type slowWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	every time.Duration
}

func (w *slowWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), wasmChunk)]
		w.rc.SetWriteDeadline(time.Now().Add(w.every)) // unsupported in tests' recorders: no deadline then
		n, err := w.ResponseWriter.Write(chunk)
		written += n
		if err != nil {
			return written, err
		}
		p = p[n:]
	}
	return written, nil
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *slowWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// filesOnly is the web directory as the file server sees it: files only (a
// directory answers 404, not a listing), and a name the system cannot
// open (too long, say) is not found rather than a server error.
type filesOnly struct{ dir http.Dir }

func (d filesOnly) Open(name string) (http.File, error) {
	f, err := d.dir.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, err
		}
		return nil, fs.ErrNotExist
	}
	if st, err := f.Stat(); err != nil || st.IsDir() {
		f.Close()
		return nil, fs.ErrNotExist
	}
	return f, nil
}

// acceptsEncoding reports whether an Accept-Encoding header allows enc
// (present and not weighted q=0).
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := strings.TrimSpace(params)
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// handler is the whole site: the app's pages and files. Requests for the
// WebAssembly programs skip go-app's handler so that its ETag (the app
// version, the same for every file) does not answer for the compressed
// variants.
func (s *site) handler() http.Handler {
	mux := http.NewServeMux()
	for name := range s.wasms {
		mux.HandleFunc("/web"+name, s.serveWasm)
	}
	mux.Handle("/app.js", withCompression(http.HandlerFunc(s.serveAppJS)))
	mux.Handle("/", withCompression(withFixedPages(s.app))) // compress.go, start.go
	return withSecurityHeaders(mux, s.headers)
}

// serveAppJS serves go-app's app.js with gygy's start (start.go), cached
// as go-app caches its own files: revalidated, by the app's version.
func (s *site) serveAppJS(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/javascript")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", `"`+s.version+`"`)
	http.ServeContent(w, r, "app.js", time.Time{}, bytes.NewReader(s.appJS))
}

func runServe(args []string, stdout, stderr io.Writer) int {
	stderr = serialized(stderr)
	fs := flag.NewFlagSet("gygy serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	web := fs.String("web", "web", "the web directory holding app.wasm, icons and styles")
	sig := fs.String("signal", "", "address of the signalling server for online play (default: none)")
	hubConfig := roomFlags(fs, hubFlags(fs)) // the hub served at /signal
	e := edgeFlags(fs)
	o := opsFlags(fs) // ops.go
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := errors.Join(e.parse(), o.parse(stderr)); err != nil {
		fmt.Fprintln(stderr, "gygy serve:", err)
		return 2
	}
	hub, err := newHub(o.hubConfig(e.hubConfig(hubConfig)), stderr)
	if err != nil {
		fmt.Fprintln(stderr, "gygy serve:", err)
		return 2
	}
	defer hub.Close()
	s, err := newSite(*web, "", *sig)
	if err != nil {
		fmt.Fprintln(stderr, "gygy serve:", err)
		return 1
	}
	s.writeTimeout = e.write
	ln, err := e.listenLog(*addr, o.logger, o.addrName())
	if err != nil {
		fmt.Fprintln(stderr, "gygy serve:", err)
		return 1
	}
	fmt.Fprintf(stdout, "gygy %s: serving on http://%s/\n", s.version, ln.Addr())
	srv := e.server(withHub(s.handler(), hub))
	return serveUntilStopped(srv, ln, hub, o, "gygy serve", stderr)
}
