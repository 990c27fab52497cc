package main

import (
	"strings"
	"testing"

	"gygy/engine/gyges"
)

func TestBestmoveGyreTakesTheWin(t *testing.T) {
	// Spoke has a1 b1 c1 d1 on 5 rings; e1 or e10 wins.
	code, out, errOut := runCmd(t, "", "bestmove", "--game", "gyre", "--level", "easy", "--movetime", "2s",
		"sg.g....../s...g...../s...g...../s........./..........")
	if code != 0 || (out != "e1\n" && out != "e10\n") {
		t.Errorf("bestmove = %d %q %q, want e1 or e10", code, out, errOut)
	}
}

func TestBestmoveGyges(t *testing.T) {
	start := "321123/....../....../....../....../321123 S"
	code, out, errOut := runCmd(t, "", "bestmove", "--game", "gyges", "--level", "medium", "--movetime", "300ms", start)
	if code != 0 {
		t.Fatalf("bestmove = %d %q", code, errOut)
	}
	p, _ := gyges.ParsePosition(start)
	m, err := gyges.ParseMove(strings.TrimSpace(out))
	if err != nil || p.Legal(m) != nil {
		t.Errorf("bestmove printed %q, not a legal move: %v", out, err)
	}
	code, out, _ = runCmd(t, "", "bestmove", "--game", "gyges", "--level", "easy", "GYGES\n321123")
	if code != 0 {
		t.Fatalf("bestmove during North's setup exits %d", code)
	}
	if _, err := gyges.ParseLayout(strings.TrimSpace(out)); err != nil {
		t.Errorf("bestmove during setup printed %q, not a layout: %v", out, err)
	}
}

// bestmove reports the time it spent and the budget it had: the level's
// own by default, scaled by --scale, or Hard's longer one with --long.
func TestBestmoveTimeBudget(t *testing.T) {
	start := "321123/....../....../....../....../321123 S"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--level", "easy"}, " of 400ms"},
		{[]string{"--level", "hard", "--scale", "0.01"}, " of 30ms"},
		{[]string{"--level", "hard", "--long", "--scale", "0.002"}, " of 30ms"},
		{[]string{"--level", "medium", "--movetime", "20ms"}, " of 20ms"},
	} {
		args := append(append([]string{"bestmove", "--game", "gyges"}, tc.args...), start)
		code, _, errOut := runCmd(t, "", args...)
		if code != 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("gygy %v = %d %q, want a report with %q", args, code, errOut, tc.want)
		}
	}
}

func TestBestmoveRejectsBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"bestmove", "--game", "gyre", "s..x../....../......"},
		{"bestmove", "--game", "gyges", "321123/...... S"},
	} {
		if code, _, errOut := runCmd(t, "", args...); code != 1 || errOut == "" {
			t.Errorf("gygy %v = %d %q, want 1 and a reason", args, code, errOut)
		}
	}
	for _, args := range [][]string{
		{"bestmove", "--game", "chess", "x"},
		{"bestmove", "--level", "grandmaster", "x"},
		{"bestmove"},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("gygy %v exits %d, want 2", args, code)
		}
	}
}
