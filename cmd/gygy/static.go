package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// runStatic writes the whole app as plain files that any static host can
// serve, at the root of a site or under a sub-path (--prefix /gygy).
func runStatic(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy static", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "dist", "directory to write the site to")
	prefix := fs.String("prefix", "", "the sub-path the site will be served under, e.g. /gygy")
	web := fs.String("web", "web", "the web directory holding app.wasm, icons and styles")
	sig := fs.String("signal", "", "address of the signalling server for online play")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := writeStatic(*out, *prefix, *web, *sig); err != nil {
		fmt.Fprintln(stderr, "gygy static:", err)
		return 1
	}
	fmt.Fprintf(stdout, "gygy static: wrote %s (serve it at %s/)\n", *out, *prefix)
	return 0
}

func writeStatic(out, prefix, web, sig string) error {
	s, err := newSite(web, prefix, sig)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	renderLang.RLock() // in English (words.go)
	err = app.GenerateStaticWebsite(out, s.app)
	renderLang.RUnlock()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "app.js"), s.appJS, 0o644); err != nil {
		return err
	}
	if err := fixStaticPages(out); err != nil {
		return err
	}
	if err := scopeManifest(filepath.Join(out, "manifest.webmanifest"), s.prefix); err != nil {
		return err
	}
	if err := writeHeaderFiles(out, s.prefix, s.headers); err != nil { // headers.go
		return err
	}
	if err := copyDir(filepath.Join(out, "web"), web); err != nil {
		return err
	}
	boards := filepath.Join(out, "web", filepath.FromSlash(sheetsDir))
	if err := os.MkdirAll(boards, 0o755); err != nil {
		return err
	}
	for name, doc := range s.sheets {
		if err := os.WriteFile(filepath.Join(boards, name), doc, 0o644); err != nil {
			return err
		}
	}
	for _, d := range s.fetched {
		dir := filepath.Join(out, "web", filepath.FromSlash(d.dir))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for name, doc := range d.files {
			if err := os.WriteFile(filepath.Join(dir, name), doc, 0o644); err != nil {
				return err
			}
		}
	}
	return writeCompressedSiblings(out) // compress.go
}

// copyDir copies the regular files of src (not its subdirectories) to dst.
func copyDir(dst, src string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// scopeManifest sets the installed app's scope to the sub-path it lives
// under: go-app writes "/" whatever the prefix, which would claim the
// whole site for the app.
func scopeManifest(path, prefix string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if data, err = scoped(data, prefix); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return os.WriteFile(path, data, 0o644)
}

// scoped is a web manifest whose scope and start are the site under
// prefix; unchanged without one.
func scoped(data []byte, prefix string) ([]byte, error) {
	if prefix == "" {
		return data, nil
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	m["scope"] = prefix + "/"
	m["start_url"] = prefix + "/"
	return json.Marshal(m)
}
