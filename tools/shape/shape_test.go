package shape

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const (
	maxFileLines = 400 // a non-test file's lines (STYLE.md, "Size")
	maxDocLines  = 15  // a package doc comment's lines (issue 49, item 6)
)

// roots are the trees whose Go files the checks read, from the module's root.
var roots = []string{"app", "engine", "wasm", "cmd", "tools"}

// parseCall matches the names of the functions that turn notation into an
// action (Game.ReadAction, PlayText): the game screens pass actions, and
// only the edges parse.
var parseCall = regexp.MustCompile(`^(Parse(.*Move|Action)|ReadAction$|PlayText$)`)

// Reading a cell or a square (ParseCell, ParseSquare), or looking into text
// (strings.Contains, Cut, HasPrefix…), is notation when what is read is a
// move: an argument whose names say so (actionName). A cell named in a
// rulebook's diagram is a document's, read at its edge.
var (
	pieceCall  = regexp.MustCompile(`^Parse(Cell|Square)$`)
	textCall   = regexp.MustCompile(`^(Contains|ContainsAny|ContainsRune|HasPrefix|HasSuffix|Index|IndexByte|IndexRune|LastIndex|Cut|Split|SplitN|Fields|Count|TrimPrefix|TrimSuffix|EqualFold)$`)
	actionName = regexp.MustCompile(`(?i)move|action|played|hint|best|better`)
)

func TestShape(t *testing.T) {
	root := moduleRoot(t)
	files := goFiles(t, root)

	t.Run("FileLines", func(t *testing.T) {
		for _, f := range files {
			if f.test {
				continue
			}
			if n := lineCount(f.src); n > maxFileLines {
				t.Errorf("%s:%d: %d lines, over %d: split it by a seam (a smaller type, a separate concern)",
					f.rel, maxFileLines+1, n, maxFileLines)
			}
		}
	})

	t.Run("PackageDoc", func(t *testing.T) {
		for _, f := range files {
			if from, n := docLines(f); n > maxDocLines {
				t.Errorf("%s:%d: package doc of %d lines, over %d: say what the package owns and link its types; facts go to the README or the types' docs",
					f.rel, from, n, maxDocLines)
			}
		}
	})

	t.Run("NoNotationInUI", func(t *testing.T) {
		var found []string
		for _, f := range files {
			if f.test || !under(f.rel, "app/ui") {
				continue
			}
			found = append(found, parseCalls(f)...)
		}
		for _, c := range found {
			t.Error(c)
		}
	})
}

type goFile struct {
	rel  string // slash-separated, from the module's root
	test bool
	src  []byte
	fset *token.FileSet
	ast  *ast.File
}

// TestChecksFind feeds the checks a file that breaks each rule, so that a
// check that stopped finding anything (the skipped one included) fails.
func TestChecksFind(t *testing.T) {
	src := "// Package p\n" + strings.Repeat("// says too much.\n", maxDocLines) + `package p

func f() {
	m, _ := gyges.ParseMove("c1-d4")
	a, _ := game.ParseAction(g, "d7")
	p, _ := ParseGyresMove("x")
	c, _ := g.Geometry().ParseCell("d7") // a cell, not a move: not this rule's
	h, _ := g.Geometry().ParseCell(s.hint.move)
	r := strings.Contains(action, ":")
	_, _, _ = strings.Cut(l.Action, "-")
	d, _ := gyges.ParseSquare(name)  // a diagram's square: not this rule's
	e := strings.Contains(title, ":") // not an action
	_, _, _, _, _, _, _, _ = m, a, p, c, h, r, d, e
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "app/ui/x/x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	f := goFile{rel: "app/ui/x/x.go", src: []byte(src), fset: fset, ast: file}
	if from, n := docLines(f); from != 1 || n != maxDocLines+1 {
		t.Errorf("docLines = %d, %d, want 1, %d", from, n, maxDocLines+1)
	}
	calls := parseCalls(f)
	first := maxDocLines + 5 // the line of the first call, after the doc, the clause and func f
	want := []string{
		fmt.Sprintf("app/ui/x/x.go:%d: calls ParseMove", first),
		fmt.Sprintf("app/ui/x/x.go:%d: calls ParseAction", first+1),
		fmt.Sprintf("app/ui/x/x.go:%d: calls ParseGyresMove", first+2),
		fmt.Sprintf("app/ui/x/x.go:%d: calls ParseCell on a move", first+4),
		fmt.Sprintf("app/ui/x/x.go:%d: calls Contains on a move", first+5),
		fmt.Sprintf("app/ui/x/x.go:%d: calls Cut on a move", first+6),
	}
	if len(calls) != len(want) {
		t.Fatalf("parseCalls = %q, want %d calls", calls, len(want))
	}
	for i, w := range want {
		if !strings.Contains(calls[i], w) {
			t.Errorf("parseCalls[%d] = %q, want it to say %q", i, calls[i], w)
		}
	}
	if n := lineCount(src[:len(src)-1]); n != maxDocLines+15 {
		t.Errorf("lineCount without the last newline = %d, want %d", n, maxDocLines+15)
	}
}

// docLines reports where f's package doc comment starts and how many
// lines it spans (0 when it has none).
func docLines(f goFile) (from, n int) {
	doc := f.ast.Doc
	if doc == nil {
		return 0, 0
	}
	from = f.fset.Position(doc.Pos()).Line
	return from, f.fset.Position(doc.End()).Line - from + 1
}

// parseCalls reports each call in f that parses or looks into notation of
// an action, as "file:line: ...": a function whose name parses notation
// into an action, or one that reads a cell or looks into text given a
// move (pieceCall, textCall).
func parseCalls(f goFile) []string {
	var out []string
	ast.Inspect(f.ast, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var name, pkg string
		switch fn := call.Fun.(type) {
		case *ast.Ident:
			name = fn.Name
		case *ast.SelectorExpr:
			name = fn.Sel.Name
			if id, ok := fn.X.(*ast.Ident); ok {
				pkg = id.Name
			}
		}
		what := ""
		switch {
		case parseCall.MatchString(name):
			what = name
		case pieceCall.MatchString(name) && namesAction(call.Args),
			pkg == "strings" && textCall.MatchString(name) && namesAction(call.Args):
			what = name + " on a move"
		}
		if what != "" {
			out = append(out, fmt.Sprintf("%s:%d: calls %s: app/ui passes actions, and notation is parsed only at the edges",
				f.rel, f.fset.Position(call.Pos()).Line, what))
		}
		return true
	})
	return out
}

// namesAction reports whether an expression among args names an action
// or a move (actionName), as s.hint.move or action do.
func namesAction(args []ast.Expr) bool {
	found := false
	for _, a := range args {
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && actionName.MatchString(id.Name) {
				found = true
			}
			return !found
		})
	}
	return found
}

// goFiles parses every Go file under roots, in a stable order. It skips
// what the go command skips: testdata, and directories named with a
// leading dot or underscore.
func goFiles(t *testing.T, root string) []goFile {
	t.Helper()
	var files []goFile
	for _, r := range roots {
		err := filepath.WalkDir(filepath.Join(root, r), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(name, ".go") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, filepath.ToSlash(rel), src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			files = append(files, goFile{
				rel:  filepath.ToSlash(rel),
				test: strings.HasSuffix(name, "_test.go"),
				src:  src,
				fset: fset,
				ast:  file,
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	if len(files) == 0 {
		t.Fatalf("no Go files under %v in %s", roots, root)
	}
	return files
}

// moduleRoot is the directory of the go.mod above the test's directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// lineCount counts lines as wc -l does, and a last line with no newline.
func lineCount[T string | []byte](src T) int {
	n := strings.Count(string(src), "\n")
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

func under(rel, dir string) bool {
	return rel == dir || strings.HasPrefix(rel, dir+"/")
}
