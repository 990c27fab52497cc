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
