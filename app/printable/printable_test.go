package printable

import (
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gygy/engine/gyre"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden compares the sheets with the files in testdata; run with
// -update after a deliberate change, and look at the new files.
func TestGolden(t *testing.T) {
	sheets, err := Sheets([]gyre.Size{gyre.Small}, []Paper{A4, Letter})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sheets {
		path := filepath.Join("testdata", s.Name)
		if *update {
			if err := os.WriteFile(path, []byte(s.SVG), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if s.SVG != string(want) {
			t.Errorf("%s differs from %s; if the change is deliberate, run go test ./app/printable -update and look at the result", s.Name, path)
		}
	}
}

// wellFormed parses an SVG document and counts its elements by name.
func wellFormed(t *testing.T, doc string) map[string]int {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	counts := map[string]int{}
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return counts
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			counts[se.Name.Local]++
		}
	}
}

func TestGyreBoardDrawsEveryCell(t *testing.T) {
	for _, size := range []gyre.Size{gyre.Standard, gyre.Small, {Rings: 3, Cols: 6}, {Rings: 15, Cols: 40}} {
		doc, err := GyreBoard(size, A4)
		if err != nil {
			t.Fatal(err)
		}
		counts := wellFormed(t, doc)
		// One hexagon per cell and the two rims.
		if want := size.Cells() + 2; counts["polygon"] != want {
			t.Errorf("%v: %d polygons, want %d", size, counts["polygon"], want)
		}
		geo := gyre.MustGeometry(size)
		for c := gyre.Cell(0); int(c) < geo.Cells(); c++ {
			if !strings.Contains(doc, ">"+geo.CellName(c)+"<") {
				t.Fatalf("%v: cell %s is not named on the board", size, geo.CellName(c))
			}
		}
	}
	if _, err := GyreBoard(gyre.Size{Rings: 2, Cols: 6}, A4); !errors.Is(err, gyre.ErrSize) {
		t.Errorf("GyreBoard(2x6) = %v, want ErrSize", err)
	}
}

func TestGygesSheets(t *testing.T) {
	board := wellFormed(t, GygesBoard(Letter))
	if board["rect"] != 36+2 { // squares, the page, the frame
		t.Errorf("Gygès board has %d rects, want 38", board["rect"])
	}
	pieces := wellFormed(t, GygesPieces(A4))
	// Per piece: a cutting circle, its rings, a centre dot.
	if want := 4*(1+1+1) + 4*(1+2+1) + 4*(1+3+1); pieces["circle"] != want {
		t.Errorf("pieces sheet has %d circles, want %d", pieces["circle"], want)
	}
}

func TestSheetsNames(t *testing.T) {
	sheets, err := Sheets([]gyre.Size{gyre.Standard, gyre.Standard, {Rings: 9, Cols: 20}}, Papers)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range sheets {
		names = append(names, s.Name)
	}
	if got := strings.Join(SheetNames([]gyre.Size{gyre.Standard, gyre.Standard, {Rings: 9, Cols: 20}}, Papers), " "); got != strings.Join(names, " ") {
		t.Errorf("SheetNames = %s, Sheets gives %s", got, strings.Join(names, " "))
	}
	want := "gyre-7x14-a4.svg gyre-7x14-letter.svg gyre-9x20-a4.svg gyre-9x20-letter.svg gyges-board-a4.svg gyges-pieces-a4.svg gyges-board-letter.svg gyges-pieces-letter.svg"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("Sheets = %s, want %s", got, want)
	}
}
