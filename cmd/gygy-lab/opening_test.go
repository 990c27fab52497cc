package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gygy/engine/gyre"
)

func TestParseKRange(t *testing.T) {
	for text, want := range map[string][]int{
		"0..6":   {0, 1, 2, 3, 4, 5, 6},
		"3":      {3},
		"1,3,5":  {1, 3, 5},
		"0,4..6": {0, 4, 5, 6},
	} {
		if got, err := parseKRange(text); err != nil || !slices.Equal(got, want) {
			t.Errorf("parseKRange(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "3..1", "0..40", "1,,2", "1..", "40"} {
		if _, err := parseKRange(bad); err == nil {
			t.Errorf("parseKRange(%q) = nil error", bad)
		}
	}
}

func TestOpeningLogLine(t *testing.T) {
	g := openingGame{k: 3, index: 17, build: 0.5123, choose: 0.4877, swapped: true, winner: gyre.Gyre, player: gyre.One, moves: "d1 d6 d11 c4 swap e3"}
	back, err := parseOpeningGame(g.logLine())
	if err != nil || back != g {
		t.Errorf("log line %q reads back as %+v, %v", g.logLine(), back, err)
	}
	for _, bad := range []string{"", "1\t2\t3", "x\t1\t0.5\t0.5\ttrue\tspoke\t1\ta1", "1\t1\t0.5\t0.5\ttrue\tnone\t1\ta1", "1\t1\t0.5\t0.5\ttrue\tspoke\t3\ta1"} {
		if _, err := parseOpeningGame(bad); err == nil {
			t.Errorf("parseOpeningGame(%q) = nil error", bad)
		}
	}
}

// The summary counts per K, and the fairest K is the smallest whose
// player 1 share is consistent with even, else the nearest to even.
func TestOpeningSummary(t *testing.T) {
	var games []openingGame
	add := func(k, n, oneWins, spokeWins int, swapped bool) {
		for i := 0; i < n; i++ {
			g := openingGame{k: k, index: i, build: 0.9, choose: 0.2, swapped: swapped, winner: gyre.Gyre, player: gyre.Two}
			if i < oneWins {
				g.player = gyre.One
			}
			if i < spokeWins {
				g.winner = gyre.Spoke
			}
			games = append(games, g)
		}
	}
	add(0, 40, 0, 40, true)
	add(2, 40, 10, 40, true)
	add(3, 40, 20, 38, true) // player 1 wins half, but Spoke nearly all
	add(4, 40, 19, 40, false)
	add(6, 40, 21, 21, false)
	add(8, 40, 20, 20, false)
	rows := summarise([]int{0, 2, 3, 4, 6, 8}, games)
	if r := rows[3]; r.k != 4 || r.games != 40 || r.oneWins != 19 || r.swaps != 0 || r.spokeWins != 40 {
		t.Errorf("K 4 row = %+v", r)
	}
	if r := rows[0]; r.swaps != 40 || r.buildGap < 0.399 || r.buildGap > 0.401 || r.chooseGap < 0.299 || r.chooseGap > 0.301 {
		t.Errorf("K 0 row = %+v, want 40 swaps and gaps 0.4 and 0.3", r)
	}
	if k, ok := fairest(rows); !ok || k != 6 {
		t.Errorf("fairest = %d, %v; want 6, the first even for both players and both colours", k, ok)
	}
	if k, ok := fairest(rows[:2]); !ok || k != 2 {
		t.Errorf("fairest of K 0 and 2 = %d, %v; want 2, the nearest", k, ok)
	}
	if _, ok := fairest(summarise([]int{1}, nil)); ok {
		t.Error("fairest without games is ok")
	}
}

// A small run end to end, then the same run again: the log holds every
// game once, and the second run plays none.
func TestGyreOpeningCommand(t *testing.T) {
	log := filepath.Join(t.TempDir(), "games.log")
	args := []string{"gyre", "opening", "--size", "3x6", "--k", "0,2", "--games", "2", "--playouts", "200", "--log", log}
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 || !strings.Contains(out, "| 2 | 2 |") || !strings.Contains(out, "fairest K") {
		t.Fatalf("gygy %v = %d\n%s\n%s", args, code, out, errOut)
	}
	data, _ := os.ReadFile(log)
	if n := strings.Count(string(data), "\n"); n != 4 {
		t.Errorf("log has %d lines, want 4:\n%s", n, data)
	}
	code, again, errOut := runCmd(t, "", args...)
	if code != 0 || again != out || errOut != "" {
		t.Errorf("second run = %d, %q (stderr %q); want the same table and no games played", code, again, errOut)
	}
	code, more, errOut := runCmd(t, "", "gyre", "opening", "--size", "3x6", "--k", "0,2", "--games", "1", "--log", log, "--report")
	if code != 0 || !strings.Contains(more, "| 2 | 2 |") || errOut != "" {
		t.Errorf("--report = %d, %q (stderr %q); want the log's 2 games a K and none played", code, more, errOut)
	}
	if code, _, errOut := runCmd(t, "", "gyre", "opening", "--size", "3x6", "--k", "6"); code != 2 || !strings.Contains(errOut, "columns") {
		t.Errorf("opening6 on 3x6 = %d %q, want 2 and a reason", code, errOut)
	}
}

// The fairest K's line replaces the size's line of the product's file of
// fair starts, which then reads back as the measurement; the comments and
// the other sizes stay.
func TestSetFairLine(t *testing.T) {
	data, err := os.ReadFile("../../engine/gyre/fair.txt")
	if err != nil {
		t.Fatal(err)
	}
	rows := []openingRow{{k: 11, games: 100, oneWins: 33, spokeWins: 76}, {k: 12, games: 100, oneWins: 44, spokeWins: 54}}
	k, _ := fairest(rows)
	text, err := setFairLine(string(data), gyre.Standard, fairOf(rows, k))
	if err != nil {
		t.Fatal(err)
	}
	if text != string(data) {
		t.Errorf("setFairLine with fair.txt's own measurement changed it:\n%s\nwant\n%s", text, data)
	}
	text, err = setFairLine(text, gyre.Size{Rings: 9, Cols: 18}, gyre.Fair{K: 15, Games: 10, OneWins: 5, SpokeWins: 5, Even: true})
	if err != nil {
		t.Fatal(err)
	}
	m, err := gyre.ParseFair(text)
	if err != nil || len(m) != 3 || m[gyre.Size{Rings: 9, Cols: 18}].K != 15 || !strings.HasPrefix(text, "#") {
		t.Errorf("setFairLine added 9x18: %q, %v", text, err)
	}
	if _, err := setFairLine("7x14 x", gyre.Standard, gyre.Fair{K: 12}); err == nil {
		t.Error("setFairLine on a malformed file: nil error")
	}
}
