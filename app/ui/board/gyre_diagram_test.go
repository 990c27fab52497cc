package board

import (
	"strings"
	"testing"

	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
)

// The GYRE rulebook's diagrams are checked by the engine: each one parses,
// has a caption and shows what it claims; between them they show every
// kind of claim.
func TestGyreRulebookDiagramsAreTrue(t *testing.T) {
	for _, lang := range rulebook.Languages() {
		t.Run(lang, func(t *testing.T) {
			md, ok := rulebook.Text("gyre", lang)
			if !ok {
				t.Fatalf("no gyre rulebook in %s", lang)
			}
			checkGyreDiagrams(t, md)
		})
	}
}

func checkGyreDiagrams(t *testing.T, md string) {
	t.Helper()
	n := 0
	seen := map[string]bool{}
	for _, b := range book.Parse(md) {
		if b.Info != "gyre" {
			continue
		}
		n++
		d, err := parseGyreDiagram(n, b.Code)
		if err != nil {
			t.Errorf("%v\n%s", err, b.Code)
			continue
		}
		if d.caption == "" {
			t.Errorf("GYRE diagram %d has no caption:\n%s", n, b.Code)
		}
		if len(d.claims) == 0 {
			t.Errorf("GYRE diagram %d claims nothing:\n%s", n, b.Code)
		}
		if _, err := d.check(n); err != nil {
			t.Errorf("%v\n%s", err, b.Code)
		}
		for _, c := range d.claims {
			seen[c.what] = true
		}
	}
	for what := range gyreClaimArgs {
		if !seen[what] {
			t.Errorf("no diagram of the GYRE rulebook shows a %s", what)
		}
	}
}

// A diagram that claims what is not so fails with the diagram and line.
func TestGyreDiagramErrors(t *testing.T) {
	const bridge = "position ..s......./..s......./..s......./..s......./..s.......\n"
	for _, tt := range []struct{ spec, want string }{
		{"", "no position or record"},
		{"caption no board", "no position or record"},
		{"position s.g/...", "line 1"},
		{"record GYRE 5x10 z99", "line 1"},
		{"record GYRE 5x10 a1\nposition ........../........../........../........../..........", "line 2"},
		{bridge + "drawing", "line 2: unknown word"},
		{bridge + "shows loop", "line 2: claims a loop"},
		{bridge + "shows bridge\nshows swap", "line 3: claims the swap"},
		{bridge + "shows ladder", "line 2: unknown claim"},
		{bridge + "shows two-cell bridge a3", "line 2: \"two-cell bridge\" names 1 cells"},
		{bridge + "shows two-cell bridge a3 q1", "line 2"},
		{bridge + "shows two-cell bridge a3 c3", "line 2: a3 and c3 do not make"},
		{bridge + "shows two-cell bridge a3 a9", "line 2: a two-cell bridge needs stones"},
		{bridge + "shows rim bridge a1", "line 2: a rim bridge needs stones"},
		{"position ........../........../..g......./........../..........\nshows rim bridge c3", "line 2: only Spoke"},
		{bridge + "mark c3 x0", "line 2"},
		{bridge + "shows opening", "line 2: claims an opening, but no record"},
		{"record GYRE 7x14 opening3 d1 d5\nshows opening", "line 2: claims an opening, but the record stops before its 4 stones"},
		{"record GYRE 7x14 d1 swap\nshows opening", "line 2: claims an opening, but no record"},
	} {
		d, err := parseGyreDiagram(4, tt.spec)
		if err == nil {
			_, err = d.check(4)
		}
		if err == nil || !strings.Contains(err.Error(), "GYRE diagram 4") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("diagram %q: error %v, want one naming diagram 4 and %q", tt.spec, err, tt.want)
		}
	}
}

// The rulebook's two-cell bridge is ringed where the engine says, and the
// swap diagram's record is replayed.
func TestGyreDiagramCells(t *testing.T) {
	d, err := parseGyreDiagram(1, "position ........../...s....../.....g..../..s......./..........\n"+
		"shows two-cell bridge b4 d3\nshows rim bridge b4\nshows rim bridge d3\nmark c6")
	if err != nil {
		t.Fatal(err)
	}
	ringed, err := d.check(1)
	if err != nil {
		t.Fatal(err)
	}
	geo := d.board.Geometry()
	if got, want := cellNames(geo, append(ringed, d.marks...)), "c3 and c4 and a4 and a5 and e2 and e3 and c6"; got != want {
		t.Errorf("ringed %s, want %s", got, want)
	}
	d, err = parseGyreDiagram(2, "record GYRE 5x10 c5 swap b6\nshows swap")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.check(2); err != nil || d.board.String() != "........../.....g..../....s...../........../.........." {
		t.Errorf("swap diagram: %v, board %s", err, d.board.String())
	}
}
