package gyges

import (
	"errors"
	"strings"
	"testing"
)

// mustPath parses a path written like Path.String: "c1-c2-d2*-d1-c1".
func mustPath(t *testing.T, s string) Path {
	t.Helper()
	var path Path
	for _, name := range strings.Split(s, "-") {
		st := Step{Bounce: strings.HasSuffix(name, "*")}
		name = strings.TrimSuffix(name, "*")
		if name == "G" {
			st.Square = Goal
		} else {
			st.Square = mustSquare(t, name)
		}
		path = append(path, st)
	}
	return path
}

func TestPath(t *testing.T) {
	tests := []struct {
		name, pos, move, want string
	}{
		{"ends on its start square", ".2..../..2.../....../....../....../...... S", "b1-b1", "b1-b2-c2*-c1-b1"},
		{"passes through its start square", ".2..../3.2.../....../....../....../...... S", "b1-c1", "b1-b2-a2*-a1-b1-c1"},
		{"goal after a bounce", "....../....../....../..1.../..2.../...... S", "c4-G", "c4-c5*-c6-G"},
		{"replace after bounces", "1...../1...../1...../....../....../...... S", "a1-a3:f1", "a1-a2*-a3"},
		{"pass has no path", "....../....../....../....../....../...... S", "pass", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			m := mustMove(t, tt.move)
			path, err := p.Path(m)
			if err != nil || path.String() != tt.want {
				t.Fatalf("Path(%s) in %s = %s, %v, want %s", tt.move, tt.pos, path, err, tt.want)
			}
			if err := p.CheckPath(m, path); err != nil {
				t.Errorf("CheckPath(%s, %s): %v", tt.move, path, err)
			}
		})
	}
	if _, err := mustPosition(t, startFEN).Path(mustMove(t, "c1-c4")); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Path(c1-c4) at the start = %v, want ErrIllegalMove", err)
	}
}

func TestCheckPathRejects(t *testing.T) {
	tests := []struct {
		name, pos, move, path, want string
	}{
		{"boundary crossed twice", "1...../1...../1...../....../....../...... S", "a1-b2", "a1-a2*-a3*-a2*-b2",
			"the boundary a3|a2 is crossed twice"},
		{"goal passed through", "....../....../....../....../....../..2... S", "c6-G", "c6-G-b6",
			"the goal is entered only by the last step of a run"},
		{"goal with a step left", "....../....../....../....../....../..2... S", "c6-G", "c6-G",
			"the goal is entered only by the last step of a run"},
		{"occupied square passed through", "2...../1...../....../....../....../...... S", "a1-b2", "a1-a2-b2",
			"a2 is passed through mid-run"},
		{"not adjacent", "....../....../..1.../....../....../...... S", "c3-c4", "c3-d4",
			"d4 is not next to c3"},
		{"bounce off nothing", "....../....../..2.../....../....../...... S", "c3-c5", "c3-c4-c5*-c6",
			"no piece on c5 to bounce off"},
		{"run not finished", "....../....../..3.../....../....../...... S", "c3-c4", "c3-c4",
			"does not realise c3-c4"},
		{"wrong destination", "....../....../..1.../....../....../...... S", "c3-c4", "c3-d3",
			"does not realise c3-c4"},
		{"wrong start", "....../....../..1.../....../....../...... S", "c3-c4", "c4-c3",
			"must start on c3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.pos)
			err := p.CheckPath(mustMove(t, tt.move), mustPath(t, tt.path))
			if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("CheckPath(%s, %s) in %s = %v, want ErrIllegalMove saying %q", tt.move, tt.path, tt.pos, err, tt.want)
			}
		})
	}
}
