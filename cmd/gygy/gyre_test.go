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

// The studies live in gygy-lab; the product has none of them.
func TestNoStudies(t *testing.T) {
	for _, args := range [][]string{{"tournament"}, {"balance"}, {"gyre", "swapmap", "3x6"}, {"gyre", "match"}, {"gyre", "opening"}, {"gyre", "solvedset"}, {"gyre", "blunders"}, {"gyre", "score"}} {
		if code, _, errOut := runCmd(t, "", args...); code != 2 || !strings.Contains(errOut, "unknown command") {
			t.Errorf("gygy %v = %d %q, want 2 and unknown command", args, code, errOut)
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
