// Package printable draws the print-and-play sheets as SVG documents: GYRE
// boards of any size from the engine's geometry (so every printed edge is a
// real adjacency), the Gygès board with its goals, and a sheet of the
// twelve Gygès pieces to cut out. Sheets are black and white, sized for A4
// or US Letter, and the same bytes serve the command line and the web app.
package printable
