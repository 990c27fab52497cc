package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBalanceResumesAndRenders(t *testing.T) {
	dir := t.TempDir()
	out, svg, md := filepath.Join(dir, "b.jsonl"), filepath.Join(dir, "b.svg"), filepath.Join(dir, "b.md")
	args := []string{"balance", "--sizes", "3-4x6", "--games", "1", "--playouts", "20", "--nodes", "100000", "--table", "14", "--out", out, "--svg", svg, "--md", md}
	code, stdout, stderr := runCmd(t, "", args...)
	if code != 0 || !strings.Contains(stderr, "[2/2] 4x6:") {
		t.Fatalf("first run = %d %q %q", code, stdout, stderr)
	}
	code, _, stderr = runCmd(t, "", args...)
	if code != 0 || !strings.Contains(stderr, "2 sizes, 2 done in") || strings.Contains(stderr, "[1/") {
		t.Fatalf("rerun = %d %q; want both sizes skipped", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || strings.Count(string(data), "\n") != 2 {
		t.Errorf("the results file holds %q (%v); want two lines", data, err)
	}
	table, err := os.ReadFile(md)
	if err != nil || !strings.Contains(string(table), "| 3 | 100%* |") || !strings.Contains(string(table), "| 4x6 | 0.67 | 20 |") {
		t.Errorf("table %q, %v", table, err)
	}
	pic, err := os.ReadFile(svg)
	// Two sizes, each in the Spoke-first grid and in the Gyre-first one.
	if err != nil || strings.Count(string(pic), `<g class="cell">`) != 4 {
		t.Errorf("heat map %q, %v", pic, err)
	}
	// The Gyre-first games alone, into a file of their own.
	gf := filepath.Join(dir, "gf.jsonl")
	gfArgs := []string{"balance", "--gyrefirst-only", "--sizes", "3-4x6", "--games", "1", "--playouts", "20", "--out", gf}
	code, _, stderr = runCmd(t, "", gfArgs...)
	if code != 0 || !strings.Contains(stderr, "2 to measure (2 of them Gyre first only)") || !strings.Contains(stderr, "4x6: gyrefirst spoke ") {
		t.Errorf("--gyrefirst-only = %d %q", code, stderr)
	}
	code, _, stderr = runCmd(t, "", gfArgs...)
	if code != 0 || !strings.Contains(stderr, "0 to measure") {
		t.Errorf("--gyrefirst-only rerun = %d %q; want nothing left", code, stderr)
	}
	if data, err := os.ReadFile(gf); err != nil || strings.Count(string(data), `"gyrefirst":{"games":1,`) != 2 || strings.Contains(string(data), `"noswap":{"games":1`) {
		t.Errorf("the Gyre-first file holds %q (%v)", data, err)
	}
	effort := filepath.Join(dir, "e.jsonl")
	code, _, stderr = runCmd(t, "", "balance", "effort", "--sizes", "3x6", "--factors", "1,2", "--games", "1", "--playouts", "20", "--out", effort)
	if code != 0 || !strings.Contains(stderr, "[3/3]") {
		t.Errorf("effort = %d %q", code, stderr)
	}
	code, stdout, _ = runCmd(t, "", "balance", "render", "--in", out+","+effort)
	if code != 0 || !strings.Contains(stdout, "### Each size") || !strings.Contains(stdout, "| 3x6 | 20 | gyre | 1/1 = ") {
		t.Errorf("render = %d %q", code, stdout)
	}
	if code, _, _ := runCmd(t, "", "balance", "render", "--in", out+","+md); code != 1 {
		t.Errorf("rendering a Markdown file as results = %d, want 1", code)
	}
	for _, bad := range [][]string{
		{"balance", "--sizes", "3x20", "--out", out},
		{"balance", "effort", "--factors", "0", "--out", out},
		{"balance", "stray"},
	} {
		if code, _, _ := runCmd(t, "", bad...); code != 2 {
			t.Errorf("%v = %d, want 2", bad, code)
		}
	}
}
