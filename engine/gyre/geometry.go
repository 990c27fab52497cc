package gyre

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Size limits from the rulebook (Board): 3 ≤ R ≤ 15 rings, 6 ≤ C ≤ 40 columns.
const (
	MinRings = 3
	MaxRings = 15
	MinCols  = 6
	MaxCols  = 40
	// MaxCells is the number of cells of the largest board.
	MaxCells = MaxRings * MaxCols
)

// ErrSize reports a board size outside the rulebook's range.
var ErrSize = errors.New("gyre: invalid board size")

// Size is a board size: Rings × Cols. The zero Size is not valid.
type Size struct {
	Rings, Cols int
}

// Standard and Small are the two named sizes of the rulebook.
var (
	Standard = Size{Rings: 7, Cols: 14}
	Small    = Size{Rings: 5, Cols: 10}
)

// Valid reports whether s is within the rulebook's range, with a reason.
func (s Size) Valid() error {
	if s.Rings < MinRings || s.Rings > MaxRings {
		return fmt.Errorf("%w: %d rings, want %d to %d", ErrSize, s.Rings, MinRings, MaxRings)
	}
	if s.Cols < MinCols || s.Cols > MaxCols {
		return fmt.Errorf("%w: %d columns, want %d to %d", ErrSize, s.Cols, MinCols, MaxCols)
	}
	return nil
}

// Cells is the number of cells of a board of this size.
func (s Size) Cells() int { return s.Rings * s.Cols }

// String formats s as "7x14".
func (s Size) String() string { return fmt.Sprintf("%dx%d", s.Rings, s.Cols) }

// ParseSize reads "RxC" (also "R×C"), as in "7x14".
func ParseSize(text string) (Size, error) {
	rs, cs, ok := strings.Cut(text, "x")
	if !ok {
		rs, cs, ok = strings.Cut(text, "×")
	}
	r, rerr := strconv.Atoi(rs)
	c, cerr := strconv.Atoi(cs)
	if !ok || rerr != nil || cerr != nil || !allDigits(rs) || !allDigits(cs) {
		return Size{}, fmt.Errorf("%w: %q is not of the form RxC, like 7x14", ErrSize, text)
	}
	s := Size{Rings: r, Cols: c}
	if err := s.Valid(); err != nil {
		return Size{}, err
	}
	return s, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Cell is a compact cell index, ring*Cols + col, within one board size.
type Cell int16

// NoCell is the Cell of no cell.
const NoCell Cell = -1

// Neighbour is one adjacency of a cell: the cell it touches and the change
// in column along that edge before wrapping (-1, 0 or +1). Summing DCol
// along a closed path gives its winding around the hole times Cols.
type Neighbour struct {
	Cell Cell
	DCol int8
}

// Geometry is everything that depends on the board size alone. It is
// immutable once made; share one among all boards of a size.
type Geometry struct {
	size Size
	// nbr holds the neighbours of each cell, six slots a cell, the first
	// deg[cell] of them used. A flat array keeps the hot loop of Place
	// within one cache line per cell.
	nbr []Neighbour
	deg []uint8
	rim []uint8 // touchesInner or touchesOuter for rim cells, else 0
	// bridges[x] lists the bridge patterns in which x is a shared cell.
	bridges [][]Bridge
	pats    []bridgePat // bridges packed for playouts (packBridges)
	patAt   []int32
}

// hexSteps are the six neighbours of (r,c) on the sheared hex lattice of the
// rulebook (Board, Adjacency): (dr, dc).
var hexSteps = [6][2]int{{0, -1}, {0, 1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 0}}

// NewGeometry builds the geometry of a board size, or reports why the size
// is not legal.
func NewGeometry(s Size) (*Geometry, error) {
	if err := s.Valid(); err != nil {
		return nil, err
	}
	g := &Geometry{
		size: s,
		nbr:  make([]Neighbour, 6*s.Cells()),
		deg:  make([]uint8, s.Cells()),
		rim:  make([]uint8, s.Cells()),
	}
	for r := 0; r < s.Rings; r++ {
		for c := 0; c < s.Cols; c++ {
			cell := g.At(r, c)
			switch r {
			case 0:
				g.rim[cell] = touchesInner
			case s.Rings - 1:
				g.rim[cell] = touchesOuter
			}
			for _, st := range hexSteps {
				nr, nc := r+st[0], c+st[1]
				if nr < 0 || nr >= s.Rings {
					continue // off the inner or outer rim
				}
				nc = (nc + s.Cols) % s.Cols
				g.nbr[6*int(cell)+int(g.deg[cell])] = Neighbour{Cell: g.At(nr, nc), DCol: int8(st[1])}
				g.deg[cell]++
			}
		}
	}
	g.findBridges()
	g.packBridges()
	return g, nil
}

// MustGeometry is NewGeometry for sizes known to be valid; it panics on an
// invalid size, which is a programming error at such a call site.
func MustGeometry(s Size) *Geometry {
	g, err := NewGeometry(s)
	if err != nil {
		panic(err)
	}
	return g
}

// Size returns the board size.
func (g *Geometry) Size() Size { return g.size }

// Cells is the number of cells.
func (g *Geometry) Cells() int { return g.size.Cells() }

// At returns the cell at ring r and column c (both 0-based, c taken mod
// Cols). r must be within 0..Rings-1.
func (g *Geometry) At(r, c int) Cell {
	c %= g.size.Cols
	if c < 0 {
		c += g.size.Cols
	}
	return Cell(r*g.size.Cols + c)
}

// Ring returns the ring of a cell, 0 at the inner rim.
func (g *Geometry) Ring(c Cell) int { return int(c) / g.size.Cols }

// Col returns the 0-based column of a cell.
func (g *Geometry) Col(c Cell) int { return int(c) % g.size.Cols }

// Contains reports whether c is a cell of this board.
func (g *Geometry) Contains(c Cell) bool { return c >= 0 && int(c) < g.Cells() }

// Neighbours returns the adjacencies of c. The slice belongs to the
// geometry: do not modify it.
func (g *Geometry) Neighbours(c Cell) []Neighbour {
	i := 6 * int(c)
	return g.nbr[i : i+int(g.deg[c])]
}

// Step returns the neighbour of c in direction dir, 0 to 5 in the order
// of the rulebook's sheared lattice (hexSteps: the same ring one column
// back and one on, the inner ring at the same column and one on, the
// outer ring one back and at the same column), or NoCell where that step
// leaves the board across a rim. Mirroring the board across a column
// ((r, c) to (r, -c-r)) swaps directions 0 and 1, 2 and 3, 4 and 5.
func (g *Geometry) Step(c Cell, dir int) Cell {
	st := hexSteps[dir]
	r := g.Ring(c) + st[0]
	if r < 0 || r >= g.size.Rings {
		return NoCell
	}
	return g.At(r, g.Col(c)+st[1])
}

// Adjacent reports whether a and b touch.
func (g *Geometry) Adjacent(a, b Cell) bool {
	for _, n := range g.Neighbours(a) {
		if n.Cell == b {
			return true
		}
	}
	return false
}

// Polar is a point of the board drawing in polar coordinates: Angle in
// radians, counter-clockwise from column 1's reference direction, and Radius
// in ring widths from the centre of the hole.
type Polar struct {
	Angle, Radius float64
}

// XY converts p to Cartesian coordinates with y pointing up.
func (p Polar) XY() (x, y float64) {
	return p.Radius * math.Cos(p.Angle), p.Radius * math.Sin(p.Angle)
}

// HoleRadius is the radius of the hole in ring widths: large enough that the
// cells of the inner ring come out roughly as wide as they are deep, never
// less than one ring width.
func (g *Geometry) HoleRadius() float64 {
	h := float64(g.size.Cols)/(math.Sqrt(3)*math.Pi) - 0.5
	return math.Max(h, 1)
}

// polar maps lattice coordinates to the drawing: x counts columns along the
// ring (fractional, unwrapped) and y counts rings from the inner rim of ring
// 0 (cell centres sit at y = r + 0.5).
func (g *Geometry) polar(x, y float64) Polar {
	return Polar{
		Angle:  2 * math.Pi * x / float64(g.size.Cols),
		Radius: g.HoleRadius() + y,
	}
}

// Center is where a cell's centre is drawn (rulebook, Board, Drawing): at
// angle (c + r/2)·360°/C and at a radius that grows with r.
func (g *Geometry) Center(c Cell) Polar {
	r, col := g.Ring(c), g.Col(c)
	return g.polar(float64(col)+float64(r)/2, float64(r)+0.5)
}

// Corners returns the six corners of a cell's hexagon, going round from the
// inner tip. Neighbouring cells share exactly two corners, so the edge
// between them is drawn once and only real adjacencies share an edge. The
// inner tip of ring 0 and the outer tip of the outer ring reach past the
// rims, as the half-hexagons at the edge of a Hex board do.
func (g *Geometry) Corners(c Cell) [6]Polar {
	r, col := float64(g.Ring(c)), float64(g.Col(c))
	x, y := col+r/2, r+0.5
	return [6]Polar{
		g.polar(x, y-2.0/3),
		g.polar(x+0.5, y-1.0/3),
		g.polar(x+0.5, y+1.0/3),
		g.polar(x, y+2.0/3),
		g.polar(x-0.5, y+1.0/3),
		g.polar(x-0.5, y-1.0/3),
	}
}
