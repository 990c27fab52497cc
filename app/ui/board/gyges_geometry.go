package board

import (
	"fmt"

	"gygy/engine/gyges"
)

// The drawing's units: a square is 100 wide; the goals lie beyond the home
// rows, and in a setup the reserve tray lies below the board.
const (
	sq        = 100.0
	goalGap   = 12.0
	goalDepth = 64.0
	trayTop   = 6*sq + goalGap + goalDepth + 24
	dragMin   = 14.0 // how far a press must travel to count as a drag
)

// point is a point in the drawing's units.
type point struct{ x, y float64 }

// gygesGeometry places the board on the screen: which way up it is, and
// whether the reserve tray lies under it. It is the only place that turns
// squares into points and points into squares.
type gygesGeometry struct {
	flip    bool // North sits at the bottom of the screen
	setting bool // the reserve tray is drawn under the board
}

// at returns the centre of square s on the screen.
func (g gygesGeometry) at(s gyges.Square) point {
	col, row := s.Col(), s.Row()
	if g.flip {
		return point{(5-float64(col))*sq + sq/2, float64(row)*sq + sq/2}
	}
	return point{float64(col)*sq + sq/2, (5-float64(row))*sq + sq/2}
}

// goalY returns the top of the goal of side sd on the screen: North's goal
// is beyond row 6, South's beyond row 1.
func (g gygesGeometry) goalY(sd gyges.Side) float64 {
	if (sd == gyges.North) != g.flip {
		return -goalGap - goalDepth
	}
	return 6*sq + goalGap
}

// goalAt returns where a piece of mover that entered the goal from square
// from is drawn: in the opponent's goal, level with its column.
func (g gygesGeometry) goalAt(from gyges.Square, mover gyges.Side) point {
	return point{g.at(from).x, g.goalY(mover.Opponent()) + goalDepth/2}
}

// traySlot returns the centre of slot i of the reserve tray.
func traySlot(i int) point { return point{float64(i)*sq + sq/2, trayTop + sq/2} }

// viewBox is the drawing's extent: the board between the two goals, and
// the tray below in a setup.
func (g gygesGeometry) viewBox() string {
	top := -goalGap - goalDepth - 8
	bottom := 6*sq + goalGap + goalDepth + 8
	if g.setting {
		bottom = trayTop + sq + 8
	}
	return fmt.Sprintf("-8 %s %s %s", f3(top), f3(6*sq+16), f3(bottom-top))
}

// hit is what lies under a point: a square, the goal of a side, a slot of
// the reserve tray, or nothing.
type hit struct {
	square gyges.Square
	goal   bool
	side   gyges.Side // whose goal
	tray   int        // 1 + the tray slot, or 0
}

// onSquare is a hit on square s.
func onSquare(s gyges.Square) hit { return hit{square: s} }

// onGoal is a hit on the goal of side sd.
func onGoal(sd gyges.Side) hit { return hit{square: gyges.NoSquare, goal: true, side: sd} }

// nowhere is a hit off the board, the goals and the tray.
var nowhere = hit{square: gyges.NoSquare}

// hitAt returns what lies under p. The goals reach a little beyond their
// drawing, so that a hand aiming at them does not miss.
func (g gygesGeometry) hitAt(p point) hit {
	if p.x < 0 || p.x >= 6*sq {
		return nowhere
	}
	col := int(p.x / sq)
	top, bottom := gyges.North, gyges.South
	if g.flip {
		top, bottom = bottom, top
	}
	switch {
	case p.y >= 0 && p.y < 6*sq:
		row := 5 - int(p.y/sq)
		if g.flip {
			col, row = 5-col, int(p.y/sq)
		}
		return onSquare(gyges.SquareAt(col, row))
	case p.y < 0 && p.y >= -goalGap-goalDepth-20:
		return onGoal(top)
	case p.y >= 6*sq && p.y < 6*sq+goalGap+goalDepth+20:
		return onGoal(bottom)
	case g.setting && p.y >= trayTop && p.y < trayTop+sq:
		return hit{square: gyges.NoSquare, tray: col + 1}
	}
	return nowhere
}

// arrow returns the square an arrow key leads to from s as the board is
// seen, or NoSquare at the edge.
func (g gygesGeometry) arrow(s gyges.Square, key string) gyges.Square {
	col, row := s.Col(), s.Row()
	up, right := 1, 1
	if g.flip {
		up, right = -1, -1
	}
	switch key {
	case "ArrowUp":
		row += up
	case "ArrowDown":
		row -= up
	case "ArrowRight":
		col += right
	case "ArrowLeft":
		col -= right
	default:
		return gyges.NoSquare
	}
	return gyges.SquareAt(col, row)
}

// coordCol and coordRow say where the coordinates are written: along the
// bottom row and the left column as the viewer sees them.
func (g gygesGeometry) coordCol(s gyges.Square) bool {
	if g.flip {
		return s.Row() == 5
	}
	return s.Row() == 0
}

func (g gygesGeometry) coordRow(s gyges.Square) bool {
	if g.flip {
		return s.Col() == 5
	}
	return s.Col() == 0
}
