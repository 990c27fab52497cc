package book

import (
	"reflect"
	"testing"
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

func TestFile(t *testing.T) {
	for _, tt := range []struct{ game, lang, want string }{
		{"gyre", "en", "GYRE.md"},
		{"gyre", "", "GYRE.md"},
		{"gyre", "fr", "GYRE.fr.md"},
		{"gyges", "fr-CA", "GYGES.fr.md"},
		{"gyges", "FR", "GYGES.fr.md"},
		{"gyre", "en-GB", "GYRE.md"},
		{"gyges", "de", "GYGES.de.md"}, // a language's own file: the catalogue's tests check that each of its languages has one
	} {
		if got := File(tt.game, tt.lang); got != tt.want {
			t.Errorf("File(%q, %q) = %q, want %q", tt.game, tt.lang, got, tt.want)
		}
	}
	if got := Path("gyre", "fr"); got != "web/rules/GYRE.fr.md" {
		t.Errorf("Path = %q", got)
	}
}
