package lobby

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
)

// Reading the other device's QR code by camera: with the browser's own
// BarcodeDetector where it has one (Chrome on Android and macOS), and
// elsewhere (desktop Linux, Firefox) by posting a few pictures a second,
// drawn on a hidden canvas, to the computer player's Web Worker, whose
// decoder (wasm/qr/qrscan) is not part of app.wasm and does not hold up
// the page. Pasting or typing the code always works.

// frameSide bounds the longer side of a picture sent to the worker.
const frameSide = 640

// scanner is the camera while it looks for a QR code.
type scanner struct {
	stream   app.Value // the camera's MediaStream, once granted
	detector app.Value // the browser's BarcodeDetector, or nil: the worker reads
	canvas   app.Value // where the worker's pictures are drawn
}

// canScan says whether this browser has a camera to read QR codes with.
func canScan() bool {
	if !app.IsClient {
		return false
	}
	media := app.Window().Get("navigator").Get("mediaDevices")
	return media.Truthy() && media.Get("getUserMedia").Truthy()
}

// cameraButton starts or stops the camera, where it can read a code.
func (n *Nearby) cameraButton() app.UI {
	if !canScan() {
		return app.Text("")
	}
	label := lang.T("lobby.camera.scan")
	if n.scan != nil {
		label = lang.T("lobby.camera.stop")
	}
	return app.Button().ID("nearby-camera").Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			if n.scan != nil {
				n.stopCamera()
				return
			}
			ctx.NewAction(actionNearbyCamera)
		})
}

// cameraView is the camera's picture while it scans.
func (n *Nearby) cameraView() app.UI {
	if n.scan == nil {
		return app.Text("")
	}
	return app.Video().ID("nearby-video").Class("pair-video").
		Attr("playsinline", true).Attr("muted", true).Aria("label", lang.T("lobby.camera.view"))
}

// startCamera asks for the camera and, once granted, looks for a QR code
// a few times a second.
func (n *Nearby) startCamera(ctx app.Context) {
	sc := &scanner{}
	n.scan, n.err = sc, nil
	var granted, refused app.Func
	release := func() { granted.Release(); refused.Release() }
	granted = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		stream := args[0]
		ctx.Dispatch(func(ctx app.Context) {
			if n.scan != sc {
				stopTracks(stream)
				return
			}
			sc.stream = stream
			if app.Window().Get("BarcodeDetector").Truthy() {
				sc.detector = app.Window().Get("BarcodeDetector").New(map[string]any{"formats": []any{"qr_code"}})
			}
			n.scanLater(ctx, sc)
		})
		return nil
	})
	refused = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		ctx.Dispatch(func(ctx app.Context) {
			if n.scan == sc {
				n.scan = nil
				n.err = func() string { return lang.T("lobby.camera.refused") }
			}
		})
		return nil
	})
	app.Window().Get("navigator").Get("mediaDevices").
		Call("getUserMedia", map[string]any{"video": map[string]any{"facingMode": "environment"}, "audio": false}).
		Call("then", granted, refused)
}

// scanLater looks at the camera's picture in a moment.
func (n *Nearby) scanLater(ctx app.Context, sc *scanner) {
	go func() {
		time.Sleep(250 * time.Millisecond)
		ctx.Dispatch(func(ctx app.Context) { n.scanFrame(ctx, sc) })
	}()
}

// scanFrame looks for a QR code in the camera's picture once (with no
// picture yet, detect fails and the next try comes); a code found is read
// as if pasted.
func (n *Nearby) scanFrame(ctx app.Context, sc *scanner) {
	video := app.Window().GetElementByID("nearby-video")
	if n.scan != sc || !video.Truthy() {
		return
	}
	if !video.Get("srcObject").Truthy() { // the picture, once the video is drawn
		video.Set("srcObject", sc.stream)
		video.Call("play")
	}
	if sc.detector == nil {
		n.scanByWorker(ctx, sc, video)
		return
	}
	var found, failed app.Func
	release := func() { found.Release(); failed.Release() }
	found = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		codes := args[0]
		text := ""
		if codes.Length() > 0 {
			text = codes.Index(0).Get("rawValue").String()
		}
		ctx.Dispatch(func(ctx app.Context) {
			if n.scan != sc {
				return
			}
			if text == "" {
				n.scanLater(ctx, sc)
				return
			}
			n.scanned(ctx, text)
		})
		return nil
	})
	failed = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		ctx.Dispatch(func(ctx app.Context) {
			if n.scan == sc {
				n.scanLater(ctx, sc)
			}
		})
		return nil
	})
	sc.detector.Call("detect", video).Call("then", found, failed)
}

// scanned reads a code found by the camera, as if pasted.
func (n *Nearby) scanned(ctx app.Context, text string) {
	n.input = text
	n.readCode(ctx, text) // stops the camera
}

// scanByWorker draws the camera's picture, made smaller if large, and
// has the worker look for a QR code in it; with no picture yet, or no
// code in it, the next try comes in a moment.
func (n *Nearby) scanByWorker(ctx app.Context, sc *scanner, video app.Value) {
	w, h := video.Get("videoWidth").Int(), video.Get("videoHeight").Int()
	if w <= 0 || h <= 0 {
		n.scanLater(ctx, sc)
		return
	}
	if m := max(w, h); m > frameSide {
		w, h = max(1, w*frameSide/m), max(1, h*frameSide/m)
	}
	if sc.canvas == nil {
		sc.canvas = app.Window().Get("document").Call("createElement", "canvas")
	}
	sc.canvas.Set("width", w)
	sc.canvas.Set("height", h)
	g := sc.canvas.Call("getContext", "2d", map[string]any{"willReadFrequently": true})
	g.Call("drawImage", video, 0, 0, w, h)
	picture := g.Call("getImageData", 0, 0, w, h)
	go func() {
		text, err := n.ReadQR(picture)
		ctx.Dispatch(func(ctx app.Context) {
			if n.scan != sc {
				return
			}
			if err != nil || text == "" {
				n.scanLater(ctx, sc)
				return
			}
			n.scanned(ctx, text)
		})
	}()
}

// stopCamera turns the camera off, if it is on.
func (n *Nearby) stopCamera() {
	if n.scan == nil {
		return
	}
	if n.scan.stream != nil {
		stopTracks(n.scan.stream)
	}
	n.scan = nil
}

func stopTracks(stream app.Value) {
	tracks := stream.Call("getTracks")
	for i := 0; i < tracks.Length(); i++ {
		tracks.Index(i).Call("stop")
	}
}
