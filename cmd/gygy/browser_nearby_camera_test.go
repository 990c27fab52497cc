package main

// Nearby pairing by camera: the second device reads the first one's QR
// code through Chromium's fake camera, which plays a Y4M file made from a
// screenshot of that QR code. Desktop Chromium on Linux has no
// BarcodeDetector, so the picture goes to the Web Worker's QR decoder
// (wasm/qr/qrscan). The second browser starts once the code exists: it
// reads the file when it starts.

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The fake camera's picture, and the most room the QR code takes in it.
const camW, camH, camQR = 640, 480, 400

// nearbyCamera pairs a new page with one that reads the offer by the
// fake camera, then checks that the game starts and takes a move.
func nearbyCamera(t *testing.T, fig *onlineFigures) {
	srv := onlineServer(t)
	origin := srv.url("")
	a := onlinePage(t, "A", origin)
	a.Open(srv.url("/"))
	logCode(t, a, "offer", showCode(t, a, idGameGYRE, idSize5x10, idRuleSwap, idSideFirst))
	file := filepath.Join(t.TempDir(), "qr.y4m")
	if err := os.WriteFile(file, qrY4M(t, a.qrShot()), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := append(webrtcFlags(origin),
		chromedp.Flag("use-fake-ui-for-media-stream", true),
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("use-file-for-fake-video-capture", file),
	)
	a, b := pair(a, newPage(t, "B", flags...))
	b.Open(srv.url("/"))
	if eval[bool](b, `"BarcodeDetector" in window`) {
		t.Log("this Chromium has a BarcodeDetector: the camera is read by it, not by the worker")
	}
	b.Choose(idModeNearby)
	b.Click(idNearbyJoin)
	b.WaitVisible(byID(idNearbyIn))
	start := time.Now()
	b.Click(idNearbyCamera)
	b.WaitVisible(byID(idNearbyVideo))
	b.WaitLong("the code read by the camera", byID(idNearbyCode), 90*time.Second)
	t.Logf("nearby camera: offer read from the fake camera in %v", time.Since(start).Round(time.Millisecond))
	if live := eval[int](b, `document.querySelectorAll("video").length`); live != 0 {
		t.Errorf("%s still shows %d videos after the scan", b.name, live)
	}
	// A accepts only an answer to its own offer: B read it right.
	tallShot(b, "nearby-5-camera-B")
	a.readCode(b.Text(byID(idNearbyCode)))
	connect(a, b, selGyreBoard)
	gyrePly(t, fig, a, b, 0)
}

// qrShot is a PNG screenshot of the page's QR code.
func (p *page) qrShot() image.Image {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(byID(idQR))))
	if err != nil {
		p.fail("screenshot of the QR code: " + err.Error())
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		p.t.Fatalf("the QR code's screenshot: %v", err)
	}
	return img
}

// qrY4M is a one-frame Y4M video (4:2:0) of camW × camH, white, with the
// picture in the middle, made as large as fits camQR pixels by whole
// steps, so that each module stays sharp.
func qrY4M(t *testing.T, qr image.Image) []byte {
	t.Helper()
	r := qr.Bounds()
	scale := camQR / max(r.Dx(), r.Dy())
	if scale < 1 {
		t.Fatalf("the QR code's screenshot is %v, more than %d pixels", r.Size(), camQR)
	}
	x0, y0 := (camW-scale*r.Dx())/2, (camH-scale*r.Dy())/2
	luma := bytes.Repeat([]byte{255}, camW*camH) // white around the code
	for y := 0; y < scale*r.Dy(); y++ {
		for x := 0; x < scale*r.Dx(); x++ {
			cr, cg, cb, _ := qr.At(r.Min.X+x/scale, r.Min.Y+y/scale).RGBA()
			luma[(y0+y)*camW+x0+x] = byte((299*cr + 587*cg + 114*cb) / 1000 >> 8)
		}
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "YUV4MPEG2 W%d H%d F1:1 Ip A1:1 C420jpeg\nFRAME\n", camW, camH)
	out.Write(luma)
	out.Write(bytes.Repeat([]byte{128}, 2*(camW/2)*(camH/2))) // U and V: grey
	return out.Bytes()
}
