package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gygy/engine/bot"
)

// TestGygesSelfplaySameSeedSameGames: the self-play is bounded by nodes,
// not time, so a seed gives the same games on any machine, and every
// line reads back as a legal game.
func TestGygesSelfplaySameSeedSameGames(t *testing.T) {
	args := []string{"gyges", "selfplay", "--games", "3", "--seed", "7", "--nodes", "1500", "--medium-nodes", "500"}
	code, first, errOut := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("selfplay = %d %q", code, errOut)
	}
	if _, second, _ := runCmd(t, "", args...); second != first {
		t.Errorf("selfplay twice with seed 7 gave\n%s\nthen\n%s", first, second)
	}
	lines := strings.Split(strings.TrimSpace(first), "\n")[1:] // after the command
	if len(lines) != 3 {
		t.Fatalf("selfplay --games 3 wrote %d lines, want 3", len(lines))
	}
	for _, line := range lines {
		g, err := parseSelfGame(line)
		if err != nil {
			t.Fatalf("parseSelfGame(%q): %v", line, err)
		}
		if g.String() != line {
			t.Errorf("parseSelfGame(%q).String() = %q", line, g)
		}
	}
}

// TestKeptGamesReplay: the self-play that made the kept training games,
// run again, plays their first games move for move.
func TestKeptGamesReplay(t *testing.T) {
	data, err := os.ReadFile("testdata/gyges/selfplay.txt")
	if err != nil {
		t.Fatal(err)
	}
	kept := strings.Split(string(data), "\n")
	args := strings.Fields(strings.TrimPrefix(kept[0], "# gygy-lab "))
	for i, a := range args {
		if a == "--games" {
			args[i+1] = "2"
		}
	}
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("%v = %d %q", args, code, errOut)
	}
	got := strings.Split(strings.TrimSpace(out), "\n")
	if len(got) != 3 || got[1] != kept[1] || got[2] != kept[2] {
		t.Errorf("%v gave\n%s\nwant the kept file's first games\n%s", args, strings.Join(got, "\n"), strings.Join(kept[1:3], "\n"))
	}
}

func TestParseSelfGameRejectsAWrongResult(t *testing.T) {
	for _, line := range []string{
		"123123 321321 N",            // no move, nobody won
		"112233 112233 - a1-a9",      // not a square
		"112233 112233 - a1-a5",      // a 1 goes one step
		"113322 112233 S a1-a2 a6-G", // North's move into the goal
	} {
		if _, err := parseSelfGame(line); err == nil {
			t.Errorf("parseSelfGame(%q) = no error", line)
		}
	}
}

// TestShippedGygesWeightsReproduce: `make gyges-weights` on the games
// kept in testdata gives the weights the bot ships.
func TestShippedGygesWeightsReproduce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.txt")
	if code, _, errOut := runCmd(t, "", "gyges", "tune", "--out", out, "testdata/gyges/selfplay.txt"); code != 0 {
		t.Fatalf("tune = %d %q", code, errOut)
	}
	var w [2]bot.GygesWeights
	for i, name := range []string{out, "../../engine/bot/gyges_weights.txt"} {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if w[i], err = bot.ParseGygesWeights(string(text)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if w[0] != w[1] {
		t.Errorf("retrained weights\n%v differ from engine/bot/gyges_weights.txt\n%v: run make gyges-weights", w[0], w[1])
	}
}

func TestGygesMatchPlays(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gyges", "match", "--games", "2", "--nodes", "800", "--a", "shipped", "--b", "hand")
	if code != 0 || !strings.Contains(out, "A shipped against B hand: A scored") {
		t.Fatalf("match = %d %q %q", code, out, errOut)
	}
	for _, args := range [][]string{{"gyges", "match", "--games", "3"}, {"gyges", "match", "--a", "nowhere.txt"}, {"gyges", "tune"}, {"gyges", "chess"}} {
		if code, _, _ := runCmd(t, "", args...); code == 0 {
			t.Errorf("gygy-lab %v exits 0", args)
		}
	}
}

// TestGygesGroupsReports: the groups study names every group with its
// worth and the network's loss, from games it reads.
func TestGygesGroupsReports(t *testing.T) {
	data, err := os.ReadFile("testdata/gyges/selfplay.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(data), "\n", 22)
	games := filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(games, []byte(strings.Join(lines[:21], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "gyges", "groups", "--hidden", "4", "--epochs", "3", games)
	if code != 0 {
		t.Fatalf("groups = %d %q", code, errOut)
	}
	for _, want := range []string{"20 games, ten folds", "hand evaluation", "learned, every feature", "network of 4 hidden units"} {
		if !strings.Contains(out, want) {
			t.Errorf("groups wrote\n%s\nwithout %q", out, want)
		}
	}
	for _, g := range bot.GygesFeatureGroups {
		if !strings.Contains(out, "without "+g.Name) {
			t.Errorf("groups wrote\n%s\nwithout the group %q", out, g.Name)
		}
	}
	for _, args := range [][]string{{"gyges", "groups"}, {"gyges", "groups", "--hidden", "-1", games}, {"gyges", "groups", "nowhere.txt"}} {
		if code, _, _ := runCmd(t, "", args...); code == 0 {
			t.Errorf("gygy-lab %v exits 0", args)
		}
	}
}

// logDet and expDet agree with the library's functions over the ranges
// the tuning asks of them: the logarithm to the last bits, the exponential
// to 1e-12 (its range reduction loses a little at ±700, where the sigmoid
// is 0 or 1 anyway).
func TestDeterministicLogAndExp(t *testing.T) {
	for _, x := range []float64{1e-12, 1e-6, 0.001, 0.1, 0.3, 0.5, 0.7071, 0.9, 0.999999, 1, 1.5, 2, 10, 1e6} {
		if got, want := logDet(x), math.Log(x); math.Abs(got-want) > 1e-14*max(1, math.Abs(want)) {
			t.Errorf("logDet(%g) = %.17g, want %.17g", x, got, want)
		}
	}
	for _, x := range []float64{-700, -30, -1, -0.5, 0, 0.25, 1, 5, 30, 700} {
		if got, want := expDet(x), math.Exp(x); math.Abs(got-want) > 1e-12*want {
			t.Errorf("expDet(%g) = %.17g, want %.17g", x, got, want)
		}
	}
}

// The network as the search's evaluation gives what the network says of
// a position, in hand points: the standardization folded into its first
// layer changes nothing. And gyges net writes a file a match plays.
func TestGygesNetEvaluatesAsItPredicts(t *testing.T) {
	games, err := readSelfGames([]string{"testdata/gyges/selfplay.txt"})
	if err != nil {
		t.Fatal(err)
	}
	train, _ := samplesOf(games[:20])
	n := trainNet(train, 4, 20, 1)
	n.Scale = 3000
	eval := n.evaluator()
	for i := range train {
		var f bot.GygesFeatures
		for k := range f {
			f[k] = int(train[i].x[k])
		}
		if got, want := eval(&f), n.logit(&train[i])*n.Scale; math.Abs(float64(got)-want) > 1 {
			t.Fatalf("sample %d: the evaluator says %d, the network %.1f", i, got, want)
		}
	}
	dir := t.TempDir()
	kept := filepath.Join(dir, "games.txt")
	data, _ := os.ReadFile("testdata/gyges/selfplay.txt")
	lines := strings.SplitN(string(data), "\n", 32)
	if err := os.WriteFile(kept, []byte(strings.Join(lines[:31], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "net.json")
	if code, out, errOut := runCmd(t, "", "gyges", "net", "--hidden", "4", "--epochs", "5", "--out", file, kept); code != 0 || !strings.Contains(out, "network") {
		t.Fatalf("net = %d %q %q", code, out, errOut)
	}
	if code, out, errOut := runCmd(t, "", "gyges", "match", "--games", "2", "--nodes", "800", "--a", "net:"+file, "--b", "shipped"); code != 0 || !strings.Contains(out, "A net:") {
		t.Fatalf("match with a network = %d %q %q", code, out, errOut)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"W1": []}`), 0o644)
	for _, args := range [][]string{{"gyges", "net", kept}, {"gyges", "match", "--a", "net:" + bad}, {"gyges", "match", "--a", "net:nowhere.json"}} {
		if code, _, _ := runCmd(t, "", args...); code == 0 {
			t.Errorf("gygy-lab %v exits 0", args)
		}
	}
}
