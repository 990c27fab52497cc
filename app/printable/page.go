package printable

import (
	"fmt"
	"strings"

	"gygy/engine/gyre"
)

// Paper is a sheet size in millimetres.
type Paper struct {
	Name          string
	Width, Height float64
}

// The paper sizes offered.
var (
	A4     = Paper{Name: "a4", Width: 210, Height: 297}
	Letter = Paper{Name: "letter", Width: 215.9, Height: 279.4}
	Papers = []Paper{A4, Letter}
)

// margin is the unprinted border every printer respects.
const margin = 12.0

// svg accumulates one SVG document in millimetre user units.
type svg struct {
	sb strings.Builder
}

func newSVG(p Paper, title string) *svg {
	s := &svg{}
	fmt.Fprintf(&s.sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%smm" height="%smm" viewBox="0 0 %s %s">`+"\n",
		num(p.Width), num(p.Height), num(p.Width), num(p.Height))
	fmt.Fprintf(&s.sb, "<title>%s</title>\n", escape(title))
	s.sb.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	return s
}

func (s *svg) raw(format string, args ...any) { fmt.Fprintf(&s.sb, format, args...) }

// text writes a centred label; size is the font size in mm.
func (s *svg) text(x, y, size float64, weight, label string) {
	s.raw(`<text x="%s" y="%s" font-family="Helvetica, Arial, sans-serif" font-size="%s" font-weight="%s" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
		num(x), num(y), num(size), weight, escape(label))
}

func (s *svg) String() string { return s.sb.String() + "</svg>\n" }

// num formats a coordinate with two decimals and no trailing zeros, so
// the output is stable and compact.
func num(v float64) string {
	t := fmt.Sprintf("%.2f", v)
	t = strings.TrimRight(strings.TrimRight(t, "0"), ".")
	if t == "-0" {
		return "0"
	}
	return t
}

func escape(t string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(t)
}

// AppSizes are the GYRE board sizes whose sheets the app offers.
var AppSizes = []gyre.Size{gyre.Standard, gyre.Small}

// sheetPlan is one sheet to draw: its file name and how to draw it.
type sheetPlan struct {
	name string
	draw func() (string, error)
}

// plan lists the sheets for these sizes and papers: a GYRE board for each
// size (repeats drawn once), then the Gygès board and pieces, each on
// every paper.
func plan(sizes []gyre.Size, papers []Paper) []sheetPlan {
	var out []sheetPlan
	seen := map[gyre.Size]bool{}
	for _, size := range sizes {
		if seen[size] {
			continue
		}
		seen[size] = true
		for _, p := range papers {
			out = append(out, sheetPlan{gyreName(size, p), func() (string, error) { return GyreBoard(size, p) }})
		}
	}
	for _, p := range papers {
		out = append(out,
			sheetPlan{"gyges-board-" + p.Name + ".svg", func() (string, error) { return GygesBoard(p), nil }},
			sheetPlan{"gyges-pieces-" + p.Name + ".svg", func() (string, error) { return GygesPieces(p), nil }})
	}
	return out
}

func gyreName(size gyre.Size, p Paper) string { return fmt.Sprintf("gyre-%s-%s.svg", size, p.Name) }

// SheetNames lists the file names Sheets gives for these sizes and papers,
// in the same order, without drawing anything.
func SheetNames(sizes []gyre.Size, papers []Paper) []string {
	var out []string
	for _, sp := range plan(sizes, papers) {
		out = append(out, sp.name)
	}
	return out
}

// Sheet is one printable file.
type Sheet struct {
	Name string // e.g. "gyre-7x14-a4.svg"
	SVG  string
}

// Sheets draws every sheet: a GYRE board for each size, then the Gygès
// board and pieces, each on every paper given. Sizes repeated are drawn
// once.
func Sheets(sizes []gyre.Size, papers []Paper) ([]Sheet, error) {
	var out []Sheet
	for _, sp := range plan(sizes, papers) {
		doc, err := sp.draw()
		if err != nil {
			return nil, err
		}
		out = append(out, Sheet{Name: sp.name, SVG: doc})
	}
	return out, nil
}
