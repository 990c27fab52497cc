package shape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Notation (issue 49, item 1): actions travel typed, and are written or
// read as text only at the edges: storage, the wire, the worker's
// messages, records, links, the command line and the engines themselves.
// The check is type-aware: it type-checks every package outside the edges
// from its source (with its imports' export data, as go vet does) and
// reports each use of game.Game's notation methods and of the functions
// that read or write notation, whatever a variable is called, and only
// those: a method named Record on another type is not one.

// notationMethods are game.Game's text methods (an interface that embeds
// game.Game has the same ones).
var notationMethods = map[string]bool{
	"(gygy/engine/game.Game).Record":     true,
	"(gygy/engine/game.Game).Notation":   true,
	"(gygy/engine/game.Game).ReadAction": true,
}

// notationFuncs are engine/game's functions of notation; parseFunc names
// those of every engine package (a function or a method): gyges.ParseMove,
// gyre.Geometry.ParseMove, gyges.ParseLayout, gyre.ParseRecord…
var (
	notationFuncs = map[string]bool{
		"gygy/engine/game.PlayText":  true,
		"gygy/engine/game.Parse":     true,
		"gygy/engine/game.Notations": true,
	}
	parseFunc = regexp.MustCompile(`^Parse(.*Move|Action|Layout|Record)$`)
)

// notationEdges are the packages (a path and every package under it) and
// the files where notation meets the app from outside, and why.
var notationEdges = map[string]string{
	"engine":                 "the engines own their notation",
	"cmd":                    "the command line",
	"tools":                  "the tools",
	"wasm":                   "the browser programs: the worker's side of its messages",
	"app/match":              "the wire between two devices",
	"app/p2p":                "the wire's transport",
	"app/bylink":             "links: a game travels in its record",
	"app/mygames":            "storage: My games keeps each game's record",
	"app/worker":             "the worker's messages carry the game's record and its moves",
	"app/puzzles":            "the puzzles' data, written in notation",
	"app/learn":              "the lessons' data, written in notation",
	"app/session/save.go":    "storage: the game at this device is saved as its record",
	"app/session/setup.go":   "storage: a setup names its game by the record's header",
	"app/session/again.go":   "storage: a game started again from its saved record",
	"app/session/storage.go": "storage",
}

// edgeFuncs are functions outside the edges that are edges themselves:
// each one function of one file, and the name it may use.
var edgeFuncs = []allowedUse{
	{"app/session/session.go", "FromRecord", "Parse", "a session from a game's record: a saved game, a link, My games"},
	{"app/session/session.go", "Session.Record", "Record", "the record, for the session's storage and the other edges"},
	{"app/session/local.go", "Local.Play", "Notation", "an error names the action as the person would write it"},
	{"app/session/session.go", "Session.PlayTimed", "Notation", "an error names the action as the person would write it"},
}

// uiNotation is where app/ui writes notation: a name for the person to
// read, or the record for them to read or copy. Nothing else in app/ui
// may read or write it. Each is one function of one file, and the name it
// may use.
var uiNotation = []allowedUse{
	{"app/ui/board/gyre_diagram.go", "parseGyreDiagram", "ParseRecord", "a rulebook's diagram is a document written in notation, read where it is drawn"},
	{"app/ui/play/game.go", "Game.copyRecord", "Record", "the Copy record button puts the record on the clipboard"},
	{"app/ui/play/game_side.go", "Game.renderMoves", "Record", "the record box, for the person to read and copy"},
	{"app/ui/play/game_side.go", "Game.renderMoves", "Notations", "the moves listed by name"},
	{"app/ui/play/hint.go", "Game.renderHint", "Notation", "the hint named for the person"},
	{"app/ui/play/analysis.go", "Game.reviewNote", "Notation", "the move reviewed and the better one named"},
	{"app/ui/play/analysis.go", "provedNote", "Notation", "the moves that keep a proved win named"},
	{"app/ui/play/game_gyre.go", "Game.statusLine", "Notation", "the status names the opponent's last move"},
	{"app/ui/play/game_gyges.go", "Game.gygesStatus", "Notation", "the status names the opponent's last move"},
}

// allowedUse is one function's use of notation outside the edges, and why.
type allowedUse struct{ file, fn, name, why string }

func TestNotationAtTheEdges(t *testing.T) {
	root := moduleRoot(t)
	pkgs, export := listPackages(t, root), exports(t, root)
	var found []notationUse
	for _, p := range pkgs {
		if p.DepOnly || p.Standard || !strings.HasPrefix(p.ImportPath, "gygy/") || edge(relDir(p.ImportPath)) {
			continue
		}
		// The package is checked whole, and its edge files' uses let be.
		var files []string
		for _, f := range p.GoFiles {
			files = append(files, relDir(p.ImportPath)+"/"+f)
		}
		uses, err := notationUses(root, p.ImportPath, files, export)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range uses {
			if !edge(u.file) {
				found = append(found, u)
			}
		}
	}
	lists := map[string][]allowedUse{"edgeFuncs": edgeFuncs, "uiNotation": uiNotation}
	used := map[allowedUse]bool{}
	for _, u := range found {
		if a, ok := allowedIn(u, lists); ok {
			used[a] = true
			continue
		}
		t.Errorf("%s:%d: %s uses %s: actions travel typed; notation is read and written only at the edges (notationEdges, edgeFuncs), or in app/ui for the person to read (uiNotation)",
			u.file, u.line, u.fn, u.name)
	}
	for name, list := range lists {
		for _, a := range list {
			if !used[a] {
				t.Errorf("%s lists %s %s using %s, which it no longer does: take it off the list", name, a.file, a.fn, a.name)
			}
		}
	}
}

// allowedIn returns the entry of lists that allows u, if one does.
func allowedIn(u notationUse, lists map[string][]allowedUse) (allowedUse, bool) {
	for _, list := range lists {
		for _, a := range list {
			if a.file == u.file && a.fn == u.fn && a.name == u.name {
				return a, true
			}
		}
	}
	return allowedUse{}, false
}

// edge reports whether rel, a package's directory or a file from the
// module's root, is an edge or under one.
func edge(rel string) bool {
	for e := range notationEdges {
		if rel == e || strings.HasPrefix(rel, e+"/") {
			return true
		}
	}
	return false
}

func relDir(importPath string) string { return strings.TrimPrefix(importPath, "gygy/") }

// notationUse is one use of notation: in function fn (Type.method, or the
// function's name; "" outside any) of file, at line, of name.
type notationUse struct {
	file, fn, name string
	line           int
}

// notationUses type-checks the package at path from its files (rel, from
// root) and lists its uses of notation.
func notationUses(root, path string, rel []string, export map[string]string) ([]notationUse, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, r := range rel {
		f, err := parser.ParseFile(fset, r, mustRead(filepath.Join(root, r)), parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return usesIn(fset, path, files, export)
}

func mustRead(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil // the parser reports the missing file
	}
	return b
}

// usesIn type-checks files as package path and lists their uses of
// notation (notationMethods, notationFuncs, parseFunc).
func usesIn(fset *token.FileSet, path string, files []*ast.File, export map[string]string) ([]notationUse, error) {
	imp := importer.ForCompiler(fset, "gc", func(p string) (io.ReadCloser, error) {
		f, ok := export[p]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", p)
		}
		return os.Open(f)
	})
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: imp}).Check(path, fset, files, info); err != nil {
		return nil, fmt.Errorf("type-checking %s: %w", path, err)
	}
	var out []notationUse
	for _, f := range files {
		for _, d := range f.Decls {
			fn := declName(d)
			ast.Inspect(d, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				if name := notationName(info.Uses[id]); name != "" {
					pos := fset.Position(id.Pos())
					out = append(out, notationUse{file: pos.Filename, fn: fn, name: name, line: pos.Line})
				}
				return true
			})
		}
	}
	return out, nil
}

// notationName is the name of obj if it reads or writes notation, else "".
func notationName(obj types.Object) string {
	f, ok := obj.(*types.Func)
	if !ok || f.Pkg() == nil {
		return ""
	}
	switch {
	case notationMethods[f.FullName()], notationFuncs[f.FullName()]:
		return f.Name()
	case strings.HasPrefix(f.Pkg().Path(), "gygy/engine/") && parseFunc.MatchString(f.Name()):
		return f.Name()
	}
	return ""
}

// declName names a declaration as uiNotation does: Type.method, the
// function's name, or "" for another declaration.
func declName(d ast.Decl) string {
	fd, ok := d.(*ast.FuncDecl)
	if !ok {
		return ""
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// listed is a package as go list describes it.
type listed struct {
	ImportPath string
	GoFiles    []string
	Export     string
	Standard   bool
	DepOnly    bool
}

var (
	listOnce sync.Once
	listPkgs []listed
	listErr  error
)

// listPackages lists the module's app packages and everything they
// import, with their export data (built by go list, as go vet does).
func listPackages(t *testing.T, root string) []listed {
	t.Helper()
	listOnce.Do(func() {
		cmd := exec.Command("go", "list", "-deps", "-export", "-json=ImportPath,GoFiles,Export,Standard,DepOnly", "./app/...")
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			listErr = fmt.Errorf("go list: %v\n%s", err, stderr.String())
			return
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for dec.More() {
			var p listed
			if err := dec.Decode(&p); err != nil {
				listErr = err
				return
			}
			listPkgs = append(listPkgs, p)
		}
		sort.Slice(listPkgs, func(i, j int) bool { return listPkgs[i].ImportPath < listPkgs[j].ImportPath })
	})
	if listErr != nil {
		t.Fatal(listErr)
	}
	return listPkgs
}

// exports maps each listed package to its export data.
func exports(t *testing.T, root string) map[string]string {
	m := map[string]string{}
	for _, p := range listPackages(t, root) {
		m[p.ImportPath] = p.Export
	}
	return m
}

// TestNotationCheckFinds plants uses of notation in a package outside the
// edges: the check finds each, whatever the variable's name and through
// an interface that embeds game.Game, and leaves the methods of the same
// names on other types.
func TestNotationCheckFinds(t *testing.T) {
	src := `package x

import (
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

type other struct{}

func (other) Record() string { return "" }

type wraps interface{ game.Game }

func f(g game.Game, w wraps, geo gyre.Geometry) {
	_ = g.Record()
	_ = g.Notation(nil)
	_, _ = g.ReadAction("a1")
	_ = game.PlayText(g, "a1")
	_, _ = game.Parse("GYRE 3x6")
	_ = game.Notations(g)
	_, _ = gyges.ParseMove("c1-d4")
	_, _ = geo.ParseMove("a1")
	_ = w.Record()
	read := g.ReadAction
	_ = read
	_ = other{}.Record()
	_ = game.AsGyre(g).Record()
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "app/ui/x/x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	uses, err := usesIn(fset, "gygy/app/ui/x", []*ast.File{file}, exports(t, moduleRoot(t)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range uses {
		got = append(got, fmt.Sprintf("%d %s %s", u.line, u.fn, u.name))
	}
	want := []string{
		"16 f Record", "17 f Notation", "18 f ReadAction", "19 f PlayText", "20 f Parse", "21 f Notations",
		"22 f ParseMove", "23 f ParseMove", "24 f Record", "25 f ReadAction",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !edge("app/session/save.go") || edge("app/session/session.go") || !edge("app/match") || edge("app/ui/play/game.go") {
		t.Error("edge() misreads notationEdges")
	}
	for _, a := range uiNotation {
		if !strings.HasPrefix(a.file, "app/ui/") || a.why == "" {
			t.Errorf("uiNotation entry %+v: a file of app/ui, with its reason", a)
		}
	}
	for _, a := range edgeFuncs {
		if strings.HasPrefix(a.file, "app/ui/") || edge(a.file) || a.why == "" {
			t.Errorf("entry %+v: a file outside app/ui and the edges, with its reason", a)
		}
	}
}
