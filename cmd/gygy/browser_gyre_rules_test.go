package main

// The GYRE rulebook in the browser: its diagrams are drawn by the game's
// own board, each one saved as a picture to look at.

import (
	"fmt"
	"testing"
)

// The GYRE rulebook's DOM, beyond the page object's.
const (
	selGyreDiagram      = "figure.diagram svg.board"
	selGyreDiagramStone = "figure.diagram svg.board .stone"
	selGyreDiagramError = "main.rules p.error"
)

// TestBrowserGyreRules opens the GYRE rulebook: it shows at least five
// diagrams drawn with stones, no diagram error, and a picture of each.
func TestBrowserGyreRules(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "")
	p.Open(srv.url("/"))
	p.Click(idNavRules)
	p.WaitMoreThan(selGyreDiagramStone, 10)
	if p.Has(selGyreDiagramError) {
		t.Errorf("the GYRE rules show an error: %s", eval[string](p, jsEl(selGyreDiagramError)+".textContent"))
	}
	n := p.Count("figure.diagram")
	if n < 5 {
		t.Errorf("the GYRE rules show %d diagrams, want at least 5", n)
	}
	for i := 1; i <= n; i++ {
		p.ScrollTo(fmt.Sprintf("main.rules > figure:nth-of-type(%d)", i))
		p.Screenshot(fmt.Sprintf("gyre-rules-diagram-%d", i))
	}
}
