package balance

import (
	"strings"
	"testing"

	"gygy/engine/gyre"
)

// A line written before the Gyre-first games existed reads as before, and
// a later line with those games alone joins it.
func TestGyreFirstLinesJoinOldOnes(t *testing.T) {
	file := `{"kind":"size","result":{"rings":7,"cols":14,"playouts":1000,"noswap":{"games":8,"spoke":8},"swap":{"games":8,"taken":8,"spoke":8,"first":0,"taken_spoke":8}}}
{"kind":"size","result":{"rings":3,"cols":6,"playouts":0,"noswap":{"games":0,"spoke":0},"swap":{"games":0,"taken":0,"spoke":0,"first":0,"taken_spoke":0},"exact":{"spoke_first":true,"gyre_first":true,"swap_spoke":18,"nodes":60}}}
`
	old, _, err := Read(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := old.Get(gyre.Standard); r.GyreFirst != nil || r.GyreFirstShare() != -1 || !old.Has(gyre.Standard) || old.HasGyreFirst(gyre.Standard) {
		t.Fatalf("an old line: %+v", r)
	}
	var sb strings.Builder
	for _, r := range []Result{
		{Rings: 7, Cols: 14, Playouts: 1000, GyreFirst: &Tally{Games: 8, Spoke: 6}},
		{Rings: 3, Cols: 6, Playouts: 1000, GyreFirst: &Tally{Games: 8, Spoke: 8}},
	} {
		if err := WriteResult(&sb, r); err != nil {
			t.Fatal(err)
		}
	}
	added, _, err := Read(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	if added.Has(gyre.Standard) || !added.HasGyreFirst(gyre.Standard) {
		t.Error("a file of Gyre-first games alone counts as the full measurement")
	}
	both := &Table{Results: append(old.Results, added.Results...)}
	got := both.Sorted()
	if len(got) != 2 {
		t.Fatalf("sorted %+v", got)
	}
	small, std := got[0], got[1]
	if std.NoSwap.Games != 8 || std.GyreFirst == nil || std.GyreFirst.Spoke != 6 || std.GyreFirstShare() != 0.75 {
		t.Errorf("7x14 joined as %+v", std)
	}
	// 3 × 6's proof outranks its games.
	if small.Exact == nil || small.GyreFirst == nil || small.GyreFirstShare() != 1 || !small.ExactGyreFirst() {
		t.Errorf("3x6 joined as %+v", small)
	}
	// The other order: the Gyre-first games first, the full line after.
	rev := (&Table{Results: append(added.Results[:1:1], old.Results[0])}).Sorted()
	if len(rev) != 1 || rev[0].GyreFirst == nil || rev[0].NoSwap.Games != 8 {
		t.Errorf("Gyre-first games then the rest: %+v", rev)
	}
}

func TestTodo(t *testing.T) {
	a, b, c := gyre.Size{Rings: 3, Cols: 6}, gyre.Size{Rings: 4, Cols: 6}, gyre.Size{Rings: 5, Cols: 6}
	done := &Table{Results: []Result{
		{Rings: 3, Cols: 6, NoSwap: Tally{Games: 1}},                              // measured before Gyre first
		{Rings: 4, Cols: 6, NoSwap: Tally{Games: 1}, GyreFirst: &Tally{Games: 1}}, // complete
	}}
	for _, tc := range []struct {
		only bool
		want []Job
	}{
		{false, []Job{{a, true}, {c, false}}},
		{true, []Job{{a, true}, {c, true}}},
	} {
		got := Todo([]gyre.Size{a, b, c}, Config{GyreFirstOnly: tc.only}, done)
		if len(got) != len(tc.want) || got[0] != tc.want[0] || got[1] != tc.want[1] {
			t.Errorf("Todo(only %v) = %v, want %v", tc.only, got, tc.want)
		}
	}
	if got := Todo([]gyre.Size{a}, Config{}, nil); len(got) != 1 || got[0].GyreFirstOnly {
		t.Errorf("Todo without a table = %v", got)
	}
}

func TestGyreFirstRendered(t *testing.T) {
	tab := &Table{Results: []Result{
		{Rings: 7, Cols: 14, Playouts: 1000, NoSwap: Tally{Games: 8, Spoke: 8}, GyreFirst: &Tally{Games: 8, Spoke: 6}},
		{Rings: 5, Cols: 10, Playouts: 1000, NoSwap: Tally{Games: 8, Spoke: 7}, GyreFirst: &Tally{Games: 8, Spoke: 8}},
	}}
	var sb strings.Builder
	WriteMarkdown(&sb, tab, nil)
	md := sb.String()
	for _, want := range []string{
		"### Spoke's share without the swap, Gyre moving first (Hard vs Hard)",
		"| 7 |" + strings.Repeat("  |", 4) + " 75% |\n",
		"- Spoke moving first: Spoke won 15 of 16 games (93.8%, 95% 71.7–98.9%) over 2 sizes; Gyre won games on 5x10 (1 of 8).",
		"- Gyre moving first: Spoke won 14 of 16 games (87.5%, 95% 64.0–96.5%) over 2 sizes; Gyre won games on 7x14 (2 of 8).",
		"| 7x14 | 0.50 | 1000 | 8/8 = 100% (68–100%) | 6/8 = 75% (41–93%) |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the table lacks %q\n%s", want, md)
		}
	}
	svg := HeatMap(tab)
	if n := strings.Count(svg, `<g class="cell">`); n != 4 {
		t.Errorf("%d cells, want 2 in each grid", n)
	}
	for _, want := range []string{"no swap, Spoke moves first<", "no swap, Gyre moves first<", "7x14, Gyre moving first: Spoke won 6 of 8 games", "Spoke won 14 of 16 games."} {
		if !strings.Contains(svg, want) {
			t.Errorf("the map lacks %q", want)
		}
	}
	old := HeatMap(&Table{Results: []Result{{Rings: 7, Cols: 14, NoSwap: Tally{Games: 8, Spoke: 8}}}})
	if strings.Contains(old, "Gyre moves first") {
		t.Error("a map without Gyre-first games draws their grid")
	}
}
