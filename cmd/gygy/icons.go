package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gygy/engine/gyre"
)

// The app icon is a small GYRE board drawn from the engine's own layout: a
// blue Spoke bridge across the ring and an orange Gyre arc around the hole.
// One list of shapes feeds both the SVG and a small rasterizer for the PNG
// sizes, so no image tool is needed to build the app.

type shape struct {
	fill   color.NRGBA
	poly   [][2]float64 // a convex polygon, or
	cx, cy float64      // a circle's centre
	r      float64      // and radius (0 for a polygon)
}

var (
	iconBack  = color.NRGBA{0x1d, 0x23, 0x30, 0xff}
	iconCell  = color.NRGBA{0x3a, 0x44, 0x5c, 0xff}
	iconEdge  = color.NRGBA{0x12, 0x16, 0x1f, 0xff}
	iconSpoke = color.NRGBA{0x00, 0x72, 0xb2, 0xff} // Okabe-Ito blue
	iconGyre  = color.NRGBA{0xe6, 0x9f, 0x00, 0xff} // Okabe-Ito orange
)

// iconShapes lays the icon out in a unit square (0..1, y down).
func iconShapes() []shape {
	size := gyre.Size{Rings: 4, Cols: 10}
	geo, _ := gyre.GeometryOf(size)
	outer := geo.HoleRadius() + float64(size.Rings) + 0.67 // to the outer tips
	scale := 0.40 / outer                                  // inside the maskable safe zone
	pt := func(p gyre.Polar) (float64, float64) {
		x, y := p.XY()
		return 0.5 + x*scale, 0.5 - y*scale
	}
	shapes := []shape{{fill: iconBack, poly: [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}}
	stones := map[[2]int]color.NRGBA{}
	for r := 0; r < size.Rings; r++ {
		stones[[2]int{r, 2}] = iconSpoke
	}
	for c := 4; c <= 9; c++ {
		stones[[2]int{1, c}] = iconGyre
	}
	for c := 0; c < geo.Cells(); c++ {
		cell := gyre.Cell(c)
		cx, cy := pt(geo.Center(cell))
		var outerPoly, inner [][2]float64
		for _, p := range geo.Corners(cell) {
			x, y := pt(p)
			outerPoly = append(outerPoly, [2]float64{x, y})
			inner = append(inner, [2]float64{cx + 0.86*(x-cx), cy + 0.86*(y-cy)})
		}
		shapes = append(shapes, shape{fill: iconEdge, poly: outerPoly}, shape{fill: iconCell, poly: inner})
		if col, ok := stones[[2]int{geo.Ring(cell), geo.Col(cell)}]; ok {
			shapes = append(shapes, shape{fill: col, cx: cx, cy: cy, r: 0.38 * scale})
		}
	}
	return shapes
}

func hexColour(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// iconSVG writes the icon as SVG in a 512-unit square.
func iconSVG(shapes []shape) []byte {
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">` + "\n")
	for _, s := range shapes {
		if s.r > 0 {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`+"\n", s.cx*512, s.cy*512, s.r*512, hexColour(s.fill))
			continue
		}
		var pts []string
		for _, p := range s.poly {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", p[0]*512, p[1]*512))
		}
		fmt.Fprintf(&b, `<polygon points="%s" fill="%s"/>`+"\n", strings.Join(pts, " "), hexColour(s.fill))
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func (s shape) contains(x, y float64) bool {
	if s.r > 0 {
		return math.Hypot(x-s.cx, y-s.cy) <= s.r
	}
	// Convex polygon: the point is on the same side of every edge.
	sign := 0.0
	for i := range s.poly {
		a, b := s.poly[i], s.poly[(i+1)%len(s.poly)]
		cross := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		if cross != 0 {
			if sign != 0 && (cross > 0) != (sign > 0) {
				return false
			}
			sign = cross
		}
	}
	return true
}

// iconPNG rasterizes the shapes at n×n pixels with 4×4 supersampling.
func iconPNG(shapes []shape, n int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	const ss = 4
	for py := 0; py < n; py++ {
		for px := 0; px < n; px++ {
			var r, g, b int
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) / float64(n)
					y := (float64(py) + (float64(sy)+0.5)/ss) / float64(n)
					c := iconBack
					for i := len(shapes) - 1; i >= 0; i-- {
						if shapes[i].contains(x, y) {
							c = shapes[i].fill
							break
						}
					}
					r, g, b = r+int(c.R), g+int(c.G), b+int(c.B)
				}
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / (ss * ss)), uint8(g / (ss * ss)), uint8(b / (ss * ss)), 0xff})
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

func runIcons(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy icons", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "web", "directory to write icon.svg, icon-192.png and icon-512.png to")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	shapes := iconShapes()
	files := map[string][]byte{
		"icon.svg":     iconSVG(shapes),
		"icon-192.png": iconPNG(shapes, 192),
		"icon-512.png": iconPNG(shapes, 512),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
			fmt.Fprintln(stderr, "gygy icons:", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", filepath.Join(*out, name), len(data))
	}
	return 0
}
