package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gygy/engine/bot"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsage(t *testing.T) {
	if code, out, _ := runCmd(t, "", "help"); code != 0 || !strings.Contains(out, "tournament") {
		t.Errorf("help = %d %q", code, out)
	}
	for _, args := range [][]string{{}, {"bestmove"}, {"gyre"}, {"gyre", "solve"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("gygy-lab %v exits %d, want 2", args, code)
		}
	}
}

func TestTournamentRejectsBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"tournament", "--a", "superb"},
		{"tournament", "--scale", "0"},
		{"tournament", "--clock", "sundial"},
		{"tournament", "--game", "chess"},
		{"tournament", "--know", "x/-"},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("gygy-lab %v exits %d, want 2", args, code)
		}
	}
}

func TestTournamentTable(t *testing.T) {
	code, out, errOut := runCmd(t, "", "tournament", "--game", "gyges", "--a", "medium", "--b", "easy", "--games", "2", "--movetime", "100ms")
	if code != 0 || !strings.Contains(out, "2 games") || !strings.Contains(out, "95% interval") || !strings.Contains(out, "average length") {
		t.Errorf("tournament = %d %q %q", code, out, errOut)
	}
	// Each side its own time; the table says which.
	code, out, errOut = runCmd(t, "", "tournament", "--game", "gyges", "--a", "hard", "--b", "hard", "--games", "2", "--atime", "40ms", "--btime", "20ms", "--maxplies", "6", "--clock", "cpu")
	if code != 0 || !strings.Contains(out, "A hard      40ms a move") || !strings.Contains(out, "B hard      20ms a move") {
		t.Errorf("tournament with --atime and --btime = %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "tournament", "--game", "gyre", "--size", "3x6", "--a", "easy", "--b", "easy", "--games", "2", "--movetime", "50ms")
	if code != 0 || !strings.Contains(out, "swap taken in") || !strings.Contains(out, "A by seat: first ") || !strings.Contains(out, "of 1 (") || !strings.Contains(out, "A by side: as ") {
		t.Errorf("gyre tournament = %d %q %q", code, out, errOut)
	}
}

func TestGyreSwapMap(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gyre", "swapmap", "3x6")
	if code != 0 || !strings.Contains(out, "ring b  SSSSSS") || !strings.Contains(out, "18 of 18 first stones win for Spoke") {
		t.Errorf("swapmap 3x6 = %d %q %q", code, out, errOut)
	}
	if code, _, _ := runCmd(t, "", "gyre", "swapmap"); code != 2 {
		t.Errorf("swapmap without a size exits %d, want 2", code)
	}
	if code, _, errOut := runCmd(t, "", "gyre", "swapmap", "--nodes", "50", "6x8"); code != 3 || !strings.Contains(errOut, "budget") {
		t.Errorf("swapmap over budget = %d %q, want 3 and the reason", code, errOut)
	}
}

func TestGyreStudies(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gyre", "blunders", "--size", "4x6", "--games", "2", "--playouts", "200")
	if code != 0 || !strings.Contains(out, "game 2: ") || !strings.Contains(out, "threw it away") {
		t.Errorf("blunders = %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "gyre", "match", "--size", "4x6", "--games", "2", "--a-playouts", "300", "--b-playouts", "100", "--b-plain")
	if code != 0 || !strings.Contains(out, "A hard/300 vs B hard/100/plain, 2 games") || !strings.Contains(out, "spoke won 2 of 2") {
		t.Errorf("match = %d %q %q (Spoke wins 4x6 with perfect play; the bots find it)", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "gyre", "match", "--size", "4x6", "--games", "2", "--a-playouts", "200", "--b-playouts", "200", "--a-know", "-/pr", "--b-priors", "0,0.2,0,0.2", "--gyrefirst", "--movetime", "1s", "--clock", "wall")
	if code != 0 || !strings.Contains(out, "4x6 gyrefirst, A hard/200/know=-/pr vs B hard/200/priors=0,0.2,0,0.2, 2 games, 1s a move (wall clock)") || !strings.Contains(out, "spoke won 2 of 2") {
		t.Errorf("match --gyrefirst = %d %q %q (Spoke wins 4x6 moving second too)", code, out, errOut)
	}
	for _, bad := range [][]string{{"--a-know", "x/-"}, {"--b-know", "pr"}, {"--a-priors", "1,2"}, {"--clock", "sundial"}} {
		if code, _, _ := runCmd(t, "", append([]string{"gyre", "match", "--size", "4x6", "--games", "1"}, bad...)...); code != 2 {
			t.Errorf("match %v = %d, want 2", bad, code)
		}
	}
	set := "# a comment\ns.s.s./ggggg./ss.... spoke narrow b6\n"
	code, out, errOut = runCmd(t, set, "gyre", "score", "--levels", "easy", "--playouts", "100")
	if code != 0 || !strings.Contains(out, "narrow 1 of 1 winning moves") {
		t.Errorf("score = %d %q %q", code, out, errOut)
	}
	code, _, errOut = runCmd(t, "s.s.s./ggggg./ss.... gyre narrow b6\n", "gyre", "score")
	if code != 1 || !strings.Contains(errOut, "line 1") {
		t.Errorf("score of a line with the wrong side to move = %d %q", code, errOut)
	}
}

// TestGyrePatterns trains the learned priors on a tournament's log and
// reads the weights back as the bot does; a log with a broken record is
// refused with its line.
func TestGyrePatterns(t *testing.T) {
	dir := t.TempDir()
	log, weights := filepath.Join(dir, "games.log"), filepath.Join(dir, "w.txt")
	code, out, errOut := runCmd(t, "", "tournament", "--game", "gyre", "--size", "5x10", "--opening", "9", "--a", "easy", "--b", "easy", "--games", "10", "--movetime", "10ms", "--log", log)
	if code != 0 {
		t.Fatalf("tournament = %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "gyre", "patterns", "--epochs", "2", "--out", weights, log)
	if code != 0 || !strings.Contains(out, "10 games: ") || !strings.Contains(out, "epoch 2    train: log-loss") || !strings.Contains(out, "distances  train") {
		t.Fatalf("patterns = %d %q %q", code, out, errOut)
	}
	text, err := os.ReadFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	w, err := bot.ParseGyreWeights(string(text))
	if err != nil || !slices.ContainsFunc(w, func(v float32) bool { return v != 0 }) {
		t.Errorf("the weights written: err %v, all zero %v", err, err == nil)
	}
	bad := filepath.Join(dir, "bad.log")
	if err := os.WriteFile(bad, []byte("game 1: GYRE 5x10 opening9 b10 c1\ngame 2: GYRE 5x10 opening9 b10 b10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCmd(t, "", "gyre", "patterns", bad); code != 1 || !strings.Contains(errOut, "bad.log:2") {
		t.Errorf("patterns on a broken log = %d %q, want 1 and the line", code, errOut)
	}
	if code, _, _ := runCmd(t, "", "gyre", "patterns"); code != 2 {
		t.Errorf("patterns without a log exits %d, want 2", code)
	}
}

// TestTournamentWork: with --work and time to spare, a tournament's games
// depend on its seed alone.
func TestTournamentWork(t *testing.T) {
	dir := t.TempDir()
	var logs [2]string
	for i := range logs {
		name := filepath.Join(dir, fmt.Sprintf("%d.log", i))
		code, out, errOut := runCmd(t, "", "tournament", "--game", "gyre", "--size", "4x6", "--a", "hard", "--b", "medium", "--games", "2", "--work", "300", "--movetime", "1h", "--seed", "5", "--stateless", "--log", name)
		if code != 0 {
			t.Fatalf("tournament --work = %d %q %q", code, out, errOut)
		}
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		logs[i] = string(text)
	}
	if logs[0] != logs[1] || strings.Count(logs[0], "\n") != 2 {
		t.Errorf("two runs of one seed at fixed work logged\n%s\nand\n%s", logs[0], logs[1])
	}
	if code, _, _ := runCmd(t, "", "tournament", "--work", "-1"); code != 2 {
		t.Errorf("tournament --work -1 exits %d, want 2", code)
	}
}

// TestShippedPatternsReproduce: `make patterns` on the games kept in
// testdata gives the weights the bot ships, so they can be retrained and
// checked.
func TestShippedPatternsReproduce(t *testing.T) {
	logs, err := filepath.Glob("testdata/patterns/*.log")
	if err != nil || len(logs) == 0 {
		t.Fatalf("the training games: %v, %d files", err, len(logs))
	}
	out := filepath.Join(t.TempDir(), "w.txt")
	if code, _, errOut := runCmd(t, "", append([]string{"gyre", "patterns", "--epochs", "3", "--out", out}, logs...)...); code != 0 {
		t.Fatalf("patterns = %d %q", code, errOut)
	}
	var w [2][]float32
	for i, name := range []string{out, "../../engine/bot/gyre_patterns.txt"} {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if w[i], err = bot.ParseGyreWeights(string(text)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if !slices.Equal(w[0], w[1]) {
		t.Errorf("retrained weights differ from engine/bot/gyre_patterns.txt: run make patterns")
	}
}
