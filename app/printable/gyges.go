package printable

import (
	"fmt"
	"math"
)

// GygesBoard draws the Gygès board: six by six squares with South's row 1
// at the bottom, the two goals, and the coordinates on every side.
func GygesBoard(paper Paper) string {
	s := newSVG(paper, "Gygès board")
	cx := paper.Width / 2
	s.text(cx, margin+4, 8, "bold", "GYGÈS")
	s.text(cx, margin+11, 3.6, "normal", "Move a piece of your nearest row exactly as many squares as it has rings.")
	goalH := 22.0
	side := math.Min(paper.Width-2*margin-16, paper.Height-2*margin-2*goalH-36)
	sq := side / 6
	x0 := cx - side/2
	y0 := margin + 22 + goalH
	// Goals: a rounded cap touching the whole home row, as each goal
	// touches all six squares of its row.
	s.raw(`<g fill="none" stroke="black" stroke-width="0.6">` + "\n")
	s.raw(`<path d="M %s %s C %s %s %s %s %s %s"/>`+"\n", num(x0), num(y0), num(x0), num(y0-goalH), num(x0+side), num(y0-goalH), num(x0+side), num(y0))
	s.raw(`<path d="M %s %s C %s %s %s %s %s %s"/>`+"\n", num(x0), num(y0+side), num(x0), num(y0+side+goalH), num(x0+side), num(y0+side+goalH), num(x0+side), num(y0+side))
	s.raw("</g>\n")
	s.text(cx, y0-goalH*0.5, 3.6, "bold", "North's goal")
	s.text(cx, y0-goalH*0.5+5, 2.8, "normal", "South wins by entering it")
	s.text(cx, y0+side+goalH*0.5-3, 3.6, "bold", "South's goal")
	s.text(cx, y0+side+goalH*0.5+2, 2.8, "normal", "North wins by entering it")
	// Squares, lightly shaded in a checker so rows and columns are easy to
	// follow, still fine on a black-and-white printer.
	s.raw(`<g stroke="black" stroke-width="0.4">` + "\n")
	for row := 0; row < 6; row++ {
		for col := 0; col < 6; col++ {
			fill := "white"
			if (row+col)%2 == 1 {
				fill = "#e6e6e6"
			}
			x, y := x0+float64(col)*sq, y0+float64(5-row)*sq
			s.raw(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", num(x), num(y), num(sq), num(sq), fill)
		}
	}
	s.raw("</g>\n")
	s.raw(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="black" stroke-width="1.2"/>`+"\n", num(x0), num(y0), num(side), num(side))
	for row := 0; row < 6; row++ {
		y := y0 + (5.5-float64(row))*sq
		s.text(x0-4, y, 3.2, "normal", fmt.Sprint(row+1))
		s.text(x0+side+4, y, 3.2, "normal", fmt.Sprint(row+1))
		for col := 0; col < 6; col++ {
			// Each square's name in its corner, as the notation writes it.
			x := x0 + float64(col)*sq
			s.raw(`<text x="%s" y="%s" font-family="Helvetica, Arial, sans-serif" font-size="2.6" fill="#555">%c%d</text>`+"\n",
				num(x+1.2), num(y+sq/2-1.4), 'a'+col, row+1)
		}
	}
	s.text(cx, paper.Height-margin-6, 3, "normal", "South sets up row 1, then North row 6, two pieces of each size each. South moves first.")
	s.text(cx, paper.Height-margin-1.5, 3, "normal", "Land on a piece: bounce on by its rings, or replace it and put it on any empty square not behind the opponent's row.")
	return s.String()
}

// GygesPieces draws the twelve pieces, four each of one, two and three
// rings, sized to the board's squares, with cutting circles.
func GygesPieces(paper Paper) string {
	s := newSVG(paper, "Gygès pieces")
	cx := paper.Width / 2
	s.text(cx, margin+4, 8, "bold", "GYGÈS pieces")
	s.text(cx, margin+11, 3.6, "normal", "Cut along the outer circles; glue on card if you like. Nobody owns a piece.")
	// The same square size as the board on this paper.
	side := math.Min(paper.Width-2*margin-16, paper.Height-2*margin-2*22-36)
	d := side / 6 * 0.86
	gap := d * 0.3
	total := 4*d + 3*gap
	for rings := 1; rings <= 3; rings++ {
		y := margin + 30 + float64(rings-1)*(d+gap+8) + d/2
		s.text(cx, y-d/2-4, 3.4, "bold", fmt.Sprintf("%d ring%s: moves exactly %d", rings, map[bool]string{true: "", false: "s"}[rings == 1], rings))
		for k := 0; k < 4; k++ {
			x := cx - total/2 + d/2 + float64(k)*(d+gap)
			piece(s, x, y, d, rings)
		}
	}
	return s.String()
}

// piece draws one piece: a cutting circle and its rings, so that 1, 2 and
// 3 tell apart at a glance.
func piece(s *svg, x, y, d float64, rings int) {
	s.raw(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="black" stroke-width="0.3" stroke-dasharray="1.5 1"/>`+"\n", num(x), num(y), num(d/2))
	for i := 0; i < rings; i++ {
		r := d/2*0.82 - float64(i)*d*0.14
		s.raw(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="black" stroke-width="%s"/>`+"\n", num(x), num(y), num(r), num(d*0.06))
	}
	s.raw(`<circle cx="%s" cy="%s" r="%s" fill="black"/>`+"\n", num(x), num(y), num(d*0.05))
}
