package rulebook

import (
	"reflect"
	"strings"
	"testing"

	"gygy/app/rulebook/book"
	"gygy/engine/gyges"
)

// Every rulebook, in every language, is there and reads.
func TestRulebooksParse(t *testing.T) {
	files := Served()
	for _, game := range book.Games {
		for _, lang := range Languages() {
			name := book.File(game, lang)
			if _, ok := files[name]; !ok {
				t.Errorf("no %s", name)
			}
		}
	}
	for name, md := range files {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		blocks := book.Parse(string(md))
		if len(blocks) < 20 || blocks[0].Kind != book.Heading {
			t.Errorf("%s: %d blocks, first %v", name, len(blocks), blocks[0].Kind)
		}
		if strings.Contains(string(md), "{{") {
			t.Errorf("%s still holds a placeholder", name)
		}
	}
}

// The Gygès rulebook's examples, checked against the engine.
func TestGygesExamples(t *testing.T) {
	sq := func(s string) gyges.Square {
		q, err := gyges.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	t.Run("a two-ring piece alone", func(t *testing.T) {
		p, err := gyges.ParsePosition("....../..2.../....../....../....../...... S")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range p.Targets(sq("c2")).Empty.Squares(nil) {
			got = append(got, s.String())
		}
		if want := []string{"b1", "d1", "a2", "e2", "b3", "d3", "c4"}; !reflect.DeepEqual(got, want) {
			t.Errorf("targets of c2 = %v, want %v (the diagram's x marks)", got, want)
		}
	})
	t.Run("the bounce chain", func(t *testing.T) {
		p, err := gyges.ParsePosition("2...../.1..../.3..../....../....../...... S")
		if err != nil {
			t.Fatal(err)
		}
		m := gyges.PlainMove(sq("a1"), sq("c5"))
		if err := p.Legal(m); err != nil {
			t.Fatalf("a1-c5: %v", err)
		}
		path, err := p.Path(m)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("witness path: %v", path)
	})
}

func TestSVGText(t *testing.T) {
	for _, tt := range []struct{ svg, want string }{
		{`<svg><title id="t">A map</title><desc id="d">Spoke&#39;s share, by size.</desc></svg>`, "A map. Spoke's share, by size."},
		{`<svg><title>Only a title</title></svg>`, "Only a title"},
		{`<svg><title>unclosed`, ""},
		{``, ""},
	} {
		if got := SVGText(tt.svg); got != tt.want {
			t.Errorf("SVGText(%q) = %q, want %q", tt.svg, got, tt.want)
		}
	}
}

// The balance map the GYRE rulebook shows is an SVG that says what it
// shows, and the rulebook has a place for it.
func TestBalanceMap(t *testing.T) {
	if !strings.HasPrefix(BalanceMap, "<svg") || !strings.Contains(BalanceMap, "</svg>") {
		t.Fatalf("the balance map is not an SVG: %.60q", BalanceMap)
	}
	if text := SVGText(BalanceMap); len(text) < 40 {
		t.Errorf("the balance map describes itself as %q", text)
	}
	for _, lang := range Languages() {
		md, _ := Text("gyre", lang)
		var maps []book.Block
		for _, b := range book.Parse(md) {
			if b.Kind == book.Code && b.Info == "gyre-map" {
				maps = append(maps, b)
			}
		}
		if len(maps) != 1 {
			t.Errorf("%s: the GYRE rulebook has %d places for the balance map, want 1", lang, len(maps))
			continue
		}
		alt := ""
		for _, line := range strings.Split(maps[0].Code, "\n") {
			if rest, ok := strings.CutPrefix(line, "alt "); ok {
				alt = rest
			}
		}
		switch {
		case lang == book.English && alt != SVGText(BalanceMap):
			t.Errorf("the English balance map's alt line must be the map's own title and description, now:\nalt %s", SVGText(BalanceMap))
		case len(alt) < 40:
			t.Errorf("%s: the balance map's alt line says %q", lang, alt)
		}
	}
}
