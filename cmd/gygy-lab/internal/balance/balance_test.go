package balance

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gygy/engine/gyre"
)

func TestParseSizes(t *testing.T) {
	all, err := ParseSizes("3-15x6-16", 0.5, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 113 {
		t.Errorf("the default map has %d sizes, want 113", len(all))
	}
	for i, s := range all {
		if r := float64(s.Rings) / float64(s.Cols); r < 0.5 || r > 3 {
			t.Errorf("%s has ratio %.2f", s, r)
		}
		if i > 0 && all[i-1].Cells() > s.Cells() {
			t.Errorf("%s comes after the larger %s", s, all[i-1])
		}
	}
	got, err := ParseSizes("7x14, 5x10,7x14", 0.5, 3)
	if err != nil || len(got) != 2 || got[0] != (gyre.Size{Rings: 5, Cols: 10}) {
		t.Errorf("a list: %v, %v; want 5x10 then 7x14", got, err)
	}
	for _, bad := range []string{"", "7", "9-3x6", "ax6", "3x6-b", "2x6", "20x6", "3x12"} {
		if _, err := ParseSizes(bad, 0.5, 3); err == nil {
			t.Errorf("ParseSizes(%q) gave no error", bad)
		}
	}
}

func yes() *bool { b := true; return &b }

func TestFileRoundTrip(t *testing.T) {
	r := Result{Rings: 7, Cols: 14, Playouts: 1000, NoSwap: Tally{8, 7}, Swap: SwapTally{Games: 8, Taken: 8, Spoke: 8}}
	ex := Result{Rings: 3, Cols: 6, Exact: &Exact{SpokeFirst: yes(), SwapSpoke: -1}}
	e := EffortRow{Rings: 5, Cols: 10, Base: 500, Factor: 4, Strong: "gyre", Tally: Tally{6, 2}}
	var buf bytes.Buffer
	for _, err := range []error{WriteResult(&buf, r), WriteEffort(&buf, e), WriteResult(&buf, ex)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(buf.String(), "\n"); n != 3 {
		t.Errorf("%d lines, want 3", n)
	}
	tab, eff, err := Read(strings.NewReader(buf.String() + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Results) != 2 || len(eff.Rows) != 1 || eff.Rows[0] != e {
		t.Fatalf("read back %+v and %+v", tab.Results, eff.Rows)
	}
	if got, _ := tab.Get(gyre.Size{Rings: 7, Cols: 14}); got.NoSwap != r.NoSwap || got.Swap != r.Swap {
		t.Errorf("7x14 read back as %+v", got)
	}
	if got := tab.Sorted()[0]; !got.ExactSpokeFirst() || got.SpokeFirstShare() != 1 {
		t.Errorf("3x6 read back as %+v", got)
	}
	for _, bad := range []string{"{", `{"kind":"size"}`, `{"kind":"size","result":{"rings":1,"cols":6}}`, `{"kind":"x"}`} {
		if _, _, err := Read(strings.NewReader(`{"kind":"effort","effort":{"rings":5,"cols":10}}` + "\n" + bad)); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%s: error %v, want one naming line 2", bad, err)
		}
	}
}

func TestSortedMerges(t *testing.T) {
	games := Result{Rings: 5, Cols: 6, Playouts: 100, NoSwap: Tally{Games: 4, Spoke: 3}, Exact: &Exact{SwapSpoke: -1}}
	proof := Result{Rings: 5, Cols: 6, Exact: &Exact{SpokeFirst: yes(), GyreFirst: yes(), SwapSpoke: 30}}
	again := Result{Rings: 5, Cols: 6, Playouts: 200, NoSwap: Tally{Games: 2, Spoke: 1}}
	other := Result{Rings: 3, Cols: 6, NoSwap: Tally{Games: 1}}
	got := (&Table{Results: []Result{games, other, proof}}).Sorted()
	if len(got) != 2 || got[0].Rings != 3 || got[1].NoSwap != games.NoSwap || got[1].Exact.SwapSpoke != 30 {
		t.Errorf("games then a proof: %+v", got)
	}
	got = (&Table{Results: []Result{games, proof, again}}).Sorted()
	if len(got) != 1 || got[0].Playouts != 200 || got[0].Exact == nil || got[0].Exact.SwapSpoke != 30 {
		t.Errorf("games, a proof, new games: %+v", got)
	}
}

func TestRunResumesAndSolves(t *testing.T) {
	sizes := []gyre.Size{{Rings: 3, Cols: 6}, {Rings: 4, Cols: 6}}
	cfg := Config{Games: 1, Playouts: 30, Nodes: 1_000_000, TableBits: 16, Seed: 3}
	done := &Table{Results: []Result{{Rings: 4, Cols: 6}}}
	var out, progress bytes.Buffer
	cfg.Progress = &progress
	rs, err := Run(context.Background(), sizes, cfg, done, &out)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 {
		t.Fatalf("measured %+v; want 3x6 in full and 4x6's Gyre-first games (the rest of 4x6 was done)", rs)
	}
	if rs[0].Size() != sizes[0] {
		rs[0], rs[1] = rs[1], rs[0] // two workers finish in either order
	}
	if p := rs[1]; p.Size() != sizes[1] || !p.gyreFirstOnly() || p.GyreFirst.Games != 1 {
		t.Errorf("4x6 got %+v, want its Gyre-first game alone", p)
	}
	r := rs[0]
	if r.NoSwap.Games != 1 || r.Swap.Games != 1 || r.Playouts != 30 || r.GyreFirst == nil || r.GyreFirst.Games != 1 {
		t.Errorf("games %+v %+v %+v", r.NoSwap, r.Swap, r.GyreFirst)
	}
	// 3 × 6 is a proved Spoke win whoever moves first, so every first
	// stone wins for Spoke too.
	if e := r.Exact; e == nil || e.SpokeFirst == nil || !*e.SpokeFirst || e.GyreFirst == nil || !*e.GyreFirst || e.SwapSpoke != 18 {
		t.Errorf("exact %+v", r.Exact)
	}
	tab, _, err := Read(&out)
	if err != nil || len(tab.Results) != 2 || !tab.HasGyreFirst(sizes[0]) || !tab.HasGyreFirst(sizes[1]) {
		t.Errorf("the file holds %v, %v", tab, err)
	}
	if !strings.Contains(progress.String(), "[2/2] ") || !strings.Contains(progress.String(), "4x6: gyrefirst spoke ") {
		t.Errorf("progress %q", progress.String())
	}
	if _, err := Run(context.Background(), sizes, Config{Games: 1}, nil, &out); err == nil {
		t.Error("a run without a budget ran")
	}
}

func TestSolveEmptyOverBudget(t *testing.T) {
	e, err := solveEmpty(context.Background(), gyre.Size{Rings: 6, Cols: 6}, Config{Nodes: 200, TableBits: 12})
	if err != nil {
		t.Fatal(err)
	}
	if e.SpokeFirst != nil || e.GyreFirst != nil || e.SwapSpoke != -1 {
		t.Errorf("200 positions proved %+v on 6x6", e)
	}
}

func TestEffort(t *testing.T) {
	jobs := EffortJobs([]gyre.Size{{Rings: 3, Cols: 6}, {Rings: 5, Cols: 10}}, 20, []int{1, 2, 4, 8})
	if len(jobs) != 14 {
		t.Fatalf("%d jobs, want 7 a size", len(jobs))
	}
	done := &EffortTable{Rows: jobs[1:7]}
	var out bytes.Buffer
	rows, err := RunEffort(context.Background(), jobs[:7], Config{Games: 2, Playouts: 20}, done, &out)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Factor != 1 || rows[0].Games != 2 || rows[0].Strong != "" {
		t.Errorf("rows %+v; want the equal-effort row alone", rows)
	}
	row := EffortRow{Strong: "gyre", Tally: Tally{Games: 4, Spoke: 1}}
	if row.StrongShare() != 0.75 {
		t.Errorf("gyre won 3 of 4 but StrongShare is %v", row.StrongShare())
	}
}
