package board

import (
	"strings"
	"testing"

	"gygy/app/rulebook"
	"gygy/app/rulebook/book"
	"gygy/engine/gyges"
)

// The rulebook's diagrams are drawn by the engine's rules: each one must
// parse, and what it shows must be true.
func TestRulebookDiagramsAreTrue(t *testing.T) {
	for _, lang := range rulebook.Languages() {
		t.Run(lang, func(t *testing.T) {
			md, ok := rulebook.Text("gyges", lang)
			if !ok {
				t.Fatalf("no gyges rulebook in %s", lang)
			}
			checkGygesDiagrams(t, md)
		})
	}
}

func checkGygesDiagrams(t *testing.T, md string) {
	t.Helper()
	n := 0
	for _, b := range book.Parse(md) {
		if b.Info != "gyges" {
			continue
		}
		n++
		d, err := parseDiagram(b.Code)
		if err != nil {
			t.Errorf("%v\n%s", err, b.Code)
			continue
		}
		if d.caption == "" {
			t.Errorf("diagram without a caption:\n%s", b.Code)
		}
		if len(d.path) > 0 {
			if err := d.pos.CheckPath(d.move(), d.path); err != nil {
				t.Errorf("path %s: %v", d.path, err)
			}
		}
		switch {
		case d.to != gyges.NoSquare:
			if d.pos.Drops(d.from, d.to) == 0 {
				t.Errorf("replace %s by %s is not legal in %s", d.to, d.from, d.pos)
			}
		case d.from != gyges.NoSquare:
			if targets := d.pos.Targets(d.from); targets.Empty.Len() == 0 {
				t.Errorf("the piece on %s has no targets in %s", d.from, d.pos)
			}
		}
	}
	if n < 5 {
		t.Errorf("the Gygès rulebook has %d diagrams, want at least 5", n)
	}
}

func TestDiagramErrors(t *testing.T) {
	for _, spec := range []string{
		"",
		"position nonsense",
		"position 321123/....../....../....../....../123321 S\ntargets z9",
		"position 321123/....../....../....../....../123321 S\npath a1",
		"position 321123/....../....../....../....../123321 S\nreplace a1",
		"position 321123/....../....../....../....../123321 S\narrows a1",
	} {
		if _, err := parseDiagram(spec); err == nil || !strings.Contains(err.Error(), "diagram") {
			t.Errorf("parseDiagram(%q) = %v, want an error naming the diagram", spec, err)
		}
	}
}
