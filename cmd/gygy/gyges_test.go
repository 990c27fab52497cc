package main

import (
	"bytes"
	"strings"
	"testing"
)

const gygesStart = "321123/....../....../....../....../321123 S"

// runGygesArgs runs "gygy gyges ARGS..." and returns the exit code, stdout
// and stderr.
func runGygesArgs(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runGyges(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGygesMoves(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		lines     int
		last      string
		firstLine string
	}{
		{"start", []string{"moves", gygesStart}, 225, "count 224", "a1-a4"},
		{"variant flag after the position", []string{"moves", gygesStart, "--variant", "nodisplace"}, 25, "count 24", "a1-a4"},
		{"variant flag before", []string{"moves", "-variant=nodisplace", gygesStart}, 25, "count 24", "a1-a4"},
		{"side as its own argument", []string{"moves", "321123/....../....../....../....../321123", "N"}, 225, "count 224", "a6-a3"},
		{"empty board passes", []string{"moves", "....../....../....../....../....../...... S"}, 2, "count 1", "pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runGygesArgs(t, tt.args...)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if code != 0 || len(lines) != tt.lines || lines[len(lines)-1] != tt.last || lines[0] != tt.firstLine {
				t.Errorf("gygy gyges %q = %d, %d lines from %q to %q (stderr %q), want 0, %d lines from %q to %q",
					tt.args, code, len(lines), lines[0], lines[len(lines)-1], errOut, tt.lines, tt.firstLine, tt.last)
			}
		})
	}
}

func TestGygesPerft(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", gygesStart, "2"}, "57374\n"},
		{[]string{"perft", gygesStart, "3", "--variant", "nodisplace"}, "17006\n"},
		{[]string{"perft", gygesStart, "0"}, "1\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runGygesArgs(t, tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("gygy gyges %q = %d, %q (stderr %q), want 0, %q", tt.args, code, out, errOut, tt.want)
		}
	}
}

func TestGygesErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string // part of stderr
	}{
		{"malformed position", []string{"moves", "321123/....../..x.../....../....../321123 S"}, 1,
			"row 3, square c3: bad character 'x'"},
		{"short row", []string{"perft", "321123/...../....../....../....../321123 S", "2"}, 1,
			`row 2 "....." has 5 squares, want 6`},
		{"bad variant", []string{"moves", gygesStart, "--variant", "wild"}, 1, `variant "wild"`},
		{"bad depth", []string{"perft", gygesStart, "two"}, 1, `depth "two"`},
		{"missing depth", []string{"perft", gygesStart}, 2, "want POSITION DEPTH"},
		{"missing position", []string{"moves"}, 2, "missing POSITION"},
		{"unknown flag", []string{"moves", gygesStart, "--fast"}, 2, "flag provided but not defined: -fast"},
		{"unknown command", []string{"solve"}, 2, `unknown command "solve"`},
		{"no command", nil, 2, "usage:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runGygesArgs(t, tt.args...)
			if code != tt.code || out != "" || !strings.Contains(errOut, tt.want) {
				t.Errorf("gygy gyges %q = %d, stdout %q, stderr %q; want %d and stderr saying %q",
					tt.args, code, out, errOut, tt.code, tt.want)
			}
		})
	}
}

func TestGygesBench(t *testing.T) {
	code, out, errOut := runGygesArgs(t, "bench", "--time", "1ms")
	if code != 0 || !strings.Contains(out, "perft(3) of the start: 16825500 in") || !strings.Contains(out, "moves/s") {
		t.Errorf("gygy gyges bench = %d, %q (stderr %q)", code, out, errOut)
	}
}

func TestGygesDemo(t *testing.T) {
	var out bytes.Buffer
	if err := gygesDemo(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"321123/....../....../....../....../123321 S", "224 legal moves for South", "A seeded random game of 8 moves"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("gygesDemo wrote %q, want it to say %q", out.String(), want)
		}
	}
}
