package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGyreWinner(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gyre", "winner",
		"s...../s...../s.....", "....../gggggg/......", "s...../.s..../s.....")
	if code != 0 || out != "spoke\ngyre\nnone\n" {
		t.Errorf("winner on arguments = %d %q %q, want 0 spoke/gyre/none", code, out, errOut)
	}
	code, out, _ = runCmd(t, "....../gggggg/......\ns...../s...../s.....\n", "gyre", "winner")
	if code != 0 || out != "gyre\nspoke\n" {
		t.Errorf("winner on stdin = %d %q, want gyre, spoke", code, out)
	}
}

func TestGyreWinnerRejectsMalformedInput(t *testing.T) {
	code, out, errOut := runCmd(t, "....../gggggg/......\ns..x../s...../s.....\n", "gyre", "winner")
	if code == 0 || out != "gyre\n" || !strings.Contains(errOut, "line 2") || !strings.Contains(errOut, "ring a, column 4") {
		t.Errorf("malformed line 2 = %d %q %q, want non-zero, the first answer, and an error naming line 2 ring a column 4", code, out, errOut)
	}
	code, _, errOut = runCmd(t, "", "gyre", "winner", "s..", "x")
	if code == 0 || !strings.Contains(errOut, "position 1") {
		t.Errorf("malformed argument = %d %q, want non-zero naming position 1", code, errOut)
	}
}

func TestGyreSelfplay(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gyre", "selfplay", "--games", "50", "--size", "5x10")
	if code != 0 || !strings.Contains(out, "50 random games on 5x10") || !strings.Contains(out, "exactly one winner") {
		t.Errorf("selfplay = %d %q %q", code, out, errOut)
	}
	if code, _, errOut := runCmd(t, "", "gyre", "selfplay", "--size", "2x99"); code != 2 || !strings.Contains(errOut, "rings") {
		t.Errorf("selfplay with a bad size = %d %q, want 2 and a reason", code, errOut)
	}
}

func TestGyreBench(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gyre", "bench", "--playouts", "200")
	if code != 0 || !strings.Contains(out, "playouts/s") {
		t.Errorf("bench = %d %q %q", code, out, errOut)
	}
}

func TestUnknownCommands(t *testing.T) {
	for _, args := range [][]string{{}, {"chess"}, {"gyre"}, {"gyre", "solve"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("gygy %v exits %d, want 2", args, code)
		}
	}
}

func TestGyreSolve(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"empty board, spoke first", []string{"3x6"}, 0, []string{"3x6, spoke to move: spoke wins", "winning moves (18 of 18): a1 a2"}},
		{"one winning move", []string{"--one", "4x6"}, 0, []string{"4x6, spoke to move: spoke wins", "a winning move: "}},
		{"empty board, gyre first", []string{"--tomove", "gyre", "3x6"}, 0, []string{"gyre to move: spoke wins", "winning moves (0 of 18)"}},
		{"record with the swap open", []string{"GYRE", "3x6", "b2"}, 0, []string{"gyre to move: spoke wins", "player 2 should swap"}},
		{"position, a forced block", []string{"s.s.s./ggggg./ss...."}, 0, []string{"spoke to move: spoke wins", "winning moves (1 of 8): b6"}},
		{"position, gyre to move", []string{"--tomove", "gyre", "s.s.s./ggggg./ss...."}, 0, []string{"gyre to move: gyre wins", "winning moves (3 of 8): b6 c5 c6"}},
		{"position, flags after it", []string{"s...../....../......", "--tomove", "spoke"}, 0, []string{"spoke to move: spoke wins"}},
		{"uneven counts need --tomove", []string{"ss..../....../......"}, 1, []string{"--tomove"}},
		{"too big", []string{"9x8"}, 1, []string{"at most 64"}},
		{"already won", []string{"s...../s...../s....."}, 1, []string{"over"}},
		{"budget", []string{"--nodes", "100", "6x8"}, 1, []string{"budget"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", append([]string{"gyre", "solve"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("gyre solve %v exits %d, want %d (%q %q)", tc.args, code, tc.code, out, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("gyre solve %v = %q %q, want %q in it", tc.args, out, errOut, w)
				}
			}
		})
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
