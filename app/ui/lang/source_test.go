package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// builtKeys are the keys the code builds at run time (a code's key from a
// table, a prefix and a name), which no literal lang.T("…") names. Each
// entry says where; an entry ending in "*" stands for every key it starts.
var builtKeys = []string{
	"shell.title.*",           // app/ui/routes.go: viewTitles, a view's title
	"shell.theme.auto",        // app/ui/theme.go: themes, the theme switch's words
	"shell.theme.light",       // …
	"shell.theme.dark",        // …
	"shell.starting",          // cmd/gygy/words.go: loaderWords, what start.js writes while app.wasm loads
	"shell.starting_progress", // …
	"lessons.gyre_*",          // app/ui/learn/lesson_words.go: a lesson's words by learn.Key, fetched (app/learn/texts)
	"lessons.gyges_*",         // …
}

// importPath is this package's import path.
const importPath = "gygy/app/ui/lang"

// TestCatalogueUsed scans the repository's Go files (not the tests) for
// lang.T("key" and lang.N("key": every key so named is in the catalogue,
// and every key of the catalogue is named (or built, see builtKeys).
func TestCatalogueUsed(t *testing.T) {
	used := usedKeys(t, repoRoot(t))
	for key, at := range used {
		if _, ok := loaded(EN).msgs[key]; !ok {
			t.Errorf("%s: key %q is not in the catalogue", at, key)
		}
	}
	for key, file := range loaded(EN).area {
		if _, ok := used[key]; !ok && !built(key) {
			t.Errorf("%s: key %q is used nowhere (a key built at run time goes in builtKeys)", file, key)
		}
	}
}

func built(key string) bool {
	for _, b := range builtKeys {
		if b == key || strings.HasSuffix(b, "*") && strings.HasPrefix(key, strings.TrimSuffix(b, "*")) {
			return true
		}
	}
	return false
}

// repoRoot is the directory of go.mod above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the package")
		}
		dir = up
	}
}

// usedKeys maps each key named by a literal lang.T or lang.N (T or N in
// this package) in the Go files under root to where it is named.
func usedKeys(t *testing.T, root string) map[string]string {
	t.Helper()
	used := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for key, pos := range calls(f, f.Name.Name == "lang" && strings.HasSuffix(filepath.ToSlash(filepath.Dir(p)), "app/ui/lang")) {
			used[key] = fset.Position(pos).String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}

// calls lists the literal keys of the calls to T and N in f: lang.T and
// lang.N by whatever name f imports the package, or T and N inside it.
func calls(f *ast.File, inside bool) map[string]token.Pos {
	local := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == importPath {
			local = "lang"
			if imp.Name != nil {
				local = imp.Name.Name
			}
		}
	}
	if local == "" && !inside {
		return nil
	}
	keys := map[string]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		fn := ""
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			if x, ok := fun.X.(*ast.Ident); ok && x.Name == local {
				fn = fun.Sel.Name
			}
		case *ast.Ident:
			if inside {
				fn = fun.Name
			}
		}
		if fn != "T" && fn != "N" {
			return true
		}
		if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if key, err := strconv.Unquote(lit.Value); err == nil {
				keys[key] = lit.Pos()
			}
		}
		return true
	})
	return keys
}

func TestCalls(t *testing.T) {
	src := `package p
import l "gygy/app/ui/lang"
func f() { _ = l.T("a.b", "x", 1); _ = l.N("a.c", 2); _ = T("not.this"); _ = l.T(key) }`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := calls(f, false)
	if _, ok := got["a.b"]; !ok || len(got) != 2 {
		t.Errorf("calls = %v, want a.b and a.c", got)
	}
	if _, ok := got["a.c"]; !ok {
		t.Errorf("calls = %v, want a.c", got)
	}
}
