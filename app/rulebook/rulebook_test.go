package rulebook

import (
	"reflect"
	"strings"
	"testing"

	"gygy/engine/gyges"
)

func TestInline(t *testing.T) {
	got := Inline("a **bold** and *soft* `c1-c3` 2 * 3")
	want := []Span{{Plain, "a "}, {Strong, "bold"}, {Plain, " and "}, {Em, "soft"}, {Plain, " "}, {Mono, "c1-c3"}, {Plain, " 2 * 3"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Inline = %#v, want %#v", got, want)
	}
}

func TestParse(t *testing.T) {
	md := "# Title\n\nOne\nparagraph.\n\n- item one\n  wraps\n- item two\n\n``` gyges\n  code\n```\n## Sub\n"
	got := Parse(md)
	if len(got) != 5 {
		t.Fatalf("Parse gave %d blocks, want 5: %#v", len(got), got)
	}
	if got[0].Kind != Heading || got[0].Level != 1 || got[4].Level != 2 {
		t.Errorf("headings: %#v, %#v", got[0], got[4])
	}
	if got[1].Text[0].Text != "One paragraph." {
		t.Errorf("paragraph = %q", got[1].Text[0].Text)
	}
	if len(got[2].Items) != 2 || got[2].Items[0][0].Text != "item one wraps" {
		t.Errorf("list = %#v", got[2].Items)
	}
	if got[3].Kind != Code || got[3].Code != "  code" || got[3].Info != "gyges" {
		t.Errorf("code = %#v", got[3])
	}
}

func TestRulebooksParse(t *testing.T) {
	for name, md := range map[string]string{"GYRE": Gyre, "GYGES": Gyges} {
		blocks := Parse(md)
		if len(blocks) < 20 || blocks[0].Kind != Heading {
			t.Errorf("%s: %d blocks, first %v", name, len(blocks), blocks[0].Kind)
		}
		if strings.Contains(md, "{{") {
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
	n := 0
	for _, b := range Parse(Gyre) {
		if b.Kind == Code && b.Info == "gyre-map" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the GYRE rulebook has %d places for the balance map, want 1", n)
	}
}
