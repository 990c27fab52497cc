package lobby

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	qrcode "github.com/skip2/go-qrcode"

	"gygy/app/ui/board"
	"gygy/app/ui/lang"
)

// qrCode draws text as a QR code in SVG, one path of dark modules, so that
// another device can open the link by its camera.
func qrCode(text string) app.UI { return qrImage(text, lang.T("lobby.qr.link")) }

// qrImage draws text as a QR code at level M, named by label; its
// data-version says the symbol's version.
func qrImage(text, label string) app.UI {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return app.P().Class("error").Text(lang.T("lobby.qr.none", "error", err.Error()))
	}
	bits := q.Bitmap() // with its quiet zone
	var d strings.Builder
	for y, row := range bits {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			fmt.Fprintf(&d, "M%d %dh%dv1h-%dz", start, y, x-start, x-start)
		}
	}
	n := len(bits)
	return board.SVG("svg").ID("qr").Class("qr").
		Attr("viewBox", fmt.Sprintf("0 0 %d %d", n, n)).
		Attr("role", "img").Aria("label", label).Attr("data-version", q.VersionNumber).
		Attr("shape-rendering", "crispEdges").
		Body(
			board.SVG("rect").Attr("width", n).Attr("height", n).Attr("fill", "#fff"),
			board.SVG("path").Attr("d", d.String()).Attr("fill", "#000"),
		)
}
