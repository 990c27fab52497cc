package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"gygy/app/puzzles"
)

// TestPuzzlesCommand builds a few Gygès puzzles and reads them back; the
// same seed gives the same file.
func TestPuzzlesCommand(t *testing.T) {
	var files [2][]byte
	for i := range files {
		dir := t.TempDir()
		var out, errs bytes.Buffer
		if code := run([]string{"puzzles", "--game", "gyges", "--count", "5", "--out", dir}, nil, &out, &errs); code != 0 {
			t.Fatalf("gygy puzzles = %d: %s", code, errs.String())
		}
		data, err := os.ReadFile(filepath.Join(dir, "puzzles-gyges.json"))
		if err != nil {
			t.Fatal(err)
		}
		set, err := puzzles.Parse(data)
		if err != nil || len(set.Puzzles) != 5 {
			t.Fatalf("Parse = %d puzzles, %v; want 5", len(set.Puzzles), err)
		}
		files[i] = data
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Errorf("two builds with one seed differ")
	}
	var errs bytes.Buffer
	if code := run([]string{"puzzles", "--game", "chess"}, nil, &bytes.Buffer{}, &errs); code != 2 {
		t.Errorf("gygy puzzles --game chess = %d, want 2 (%s)", code, errs.String())
	}
}
