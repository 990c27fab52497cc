package board

import (
	"strings"
	"testing"

	"gygy/engine/gyges"
)

// Every square is hit at its own centre and near its corners, both ways
// up; the goals beyond the home rows; the tray only in a setup.
func TestGygesGeometryHits(t *testing.T) {
	for _, flip := range []bool{false, true} {
		for _, setting := range []bool{false, true} {
			g := gygesGeometry{flip: flip, setting: setting}
			for s := gyges.Square(0); s < gyges.NumSquares; s++ {
				c := g.at(s)
				for _, p := range []point{c, {c.x - sq/2 + 1, c.y - sq/2 + 1}, {c.x + sq/2 - 1, c.y + sq/2 - 1}} {
					if h := g.hitAt(p); h != onSquare(s) {
						t.Errorf("flip %v: hitAt(%v) = %+v, want %s", flip, p, h, s)
					}
				}
			}
			for _, sd := range []gyges.Side{gyges.South, gyges.North} {
				p := point{3 * sq, g.goalY(sd) + goalDepth/2}
				if h := g.hitAt(p); h != onGoal(sd) {
					t.Errorf("flip %v: hitAt(%s's goal) = %+v, want the goal", flip, sd, h)
				}
			}
			for i := range 6 {
				want := nowhere
				if setting {
					want = hit{square: gyges.NoSquare, tray: i + 1}
				}
				if h := g.hitAt(traySlot(i)); h != want {
					t.Errorf("flip %v, setting %v: hitAt(tray slot %d) = %+v, want %+v", flip, setting, i, h, want)
				}
			}
			for _, p := range []point{{-1, 300}, {600, 300}, {300, -200}, {300, trayTop + 2*sq}} {
				if h := g.hitAt(p); h != nowhere {
					t.Errorf("hitAt(%v) = %+v, want nothing", p, h)
				}
			}
		}
	}
}

// South's goal is drawn below the board unless it is turned.
func TestGygesGeometryGoals(t *testing.T) {
	for _, tt := range []struct {
		flip     bool
		sd       gyges.Side
		atBottom bool
	}{
		{false, gyges.South, true}, {false, gyges.North, false},
		{true, gyges.South, false}, {true, gyges.North, true},
	} {
		g := gygesGeometry{flip: tt.flip}
		if got := g.goalY(tt.sd) > 3*sq; got != tt.atBottom {
			t.Errorf("flip %v: %s's goal at the bottom = %v, want %v", tt.flip, tt.sd, got, tt.atBottom)
		}
	}
	if a, b := (gygesGeometry{}).viewBox(), (gygesGeometry{setting: true}).viewBox(); a == b {
		t.Errorf("the drawing has the same extent with and without the tray: %s", a)
	}
}

func TestGygesGeometryArrows(t *testing.T) {
	c3 := gyges.SquareAt(2, 2)
	for _, tt := range []struct {
		flip bool
		key  string
		want string
	}{
		{false, "ArrowUp", "c4"}, {false, "ArrowDown", "c2"}, {false, "ArrowRight", "d3"}, {false, "ArrowLeft", "b3"},
		{true, "ArrowUp", "c2"}, {true, "ArrowDown", "c4"}, {true, "ArrowRight", "b3"}, {true, "ArrowLeft", "d3"},
		{false, "Enter", ""},
	} {
		if got := squareName(gygesGeometry{flip: tt.flip}.arrow(c3, tt.key)); got != tt.want {
			t.Errorf("flip %v: %s from c3 = %q, want %q", tt.flip, tt.key, got, tt.want)
		}
	}
	if got := (gygesGeometry{}).arrow(gyges.SquareAt(0, 0), "ArrowLeft"); got != gyges.NoSquare {
		t.Errorf("ArrowLeft from a1 = %v, want the edge", got)
	}
}

// The animation follows the witness path: one keyframe per step, ending
// where the piece stands, swelling at a bounce; a replace adds the slide
// of the displaced piece after the move.
func TestGygesKeyframes(t *testing.T) {
	p, err := gyges.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Moves(nil) {
		path, err := p.Path(m)
		if err != nil {
			t.Fatalf("Path(%s): %v", m, err)
		}
		css := keyframes(gygesGeometry{}, "3", m, path, p.Side())
		if len(path) < 2 {
			if css != "" {
				t.Errorf("%s: a path of one square is animated", m)
			}
			continue
		}
		move, _, _ := strings.Cut(css, "\n")
		if got := strings.Count(move, "% { transform: translate("); got != len(path) {
			t.Errorf("%s: %d keyframes, want one per square of %s", m, got, path)
		}
		if !strings.HasSuffix(move, "100.0% { transform: translate(0.000px, 0.000px) scale(1.00); } }") {
			t.Errorf("%s: the animation does not end where the piece stands:\n%s", m, css)
		}
		if bounce := strings.Contains(path.String(), "*"); bounce != strings.Contains(css, "scale(1.28)") {
			t.Errorf("%s: path %s, bounce swelling drawn = %v", m, path, !bounce)
		}
		if m.IsReplace() != strings.Contains(css, "anim-drop") {
			t.Errorf("%s: the displaced piece's slide drawn = %v", m, !m.IsReplace())
		}
		if !strings.Contains(css, "@keyframes gy-3 {") {
			t.Errorf("%s: the animation is not named gy-3:\n%s", m, css)
		}
	}
}
