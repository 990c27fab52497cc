package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Reading the other device's QR code by camera, where the browser reads
// QR codes itself (BarcodeDetector: Chrome on Android and macOS, not
// desktop Linux, not Firefox). Elsewhere pasting or typing the code is
// the way; a decoder of our own is left out so that app.wasm does not
// grow for everyone.

// scanner is the camera while it looks for a QR code.
type scanner struct {
	stream   app.Value // the camera's MediaStream, once granted
	detector app.Value
}

// canScan says whether this browser reads QR codes from the camera.
func canScan() bool {
	return app.IsClient && app.Window().Get("BarcodeDetector").Truthy() &&
		app.Window().Get("navigator").Get("mediaDevices").Truthy()
}

// cameraButton starts or stops the camera, where it can read a code.
func (s *Shell) cameraButton() app.UI {
	if !canScan() {
		return app.Text("")
	}
	label := "Scan with the camera"
	if s.near.scan != nil {
		label = "Stop the camera"
	}
	return app.Button().ID("nearby-camera").Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			if s.near.scan != nil {
				s.stopCamera()
				return
			}
			ctx.NewAction(actionNearbyCamera)
		})
}

// cameraView is the camera's picture while it scans.
func (s *Shell) cameraView() app.UI {
	if s.near.scan == nil {
		return app.Text("")
	}
	return app.Video().ID("nearby-video").Class("pair-video").
		Attr("playsinline", true).Attr("muted", true).Aria("label", "The camera's view")
}

// startCamera asks for the camera and, once granted, looks for a QR code
// a few times a second.
func (s *Shell) startCamera(ctx app.Context) {
	sc := &scanner{}
	s.near.scan, s.near.err = sc, ""
	var granted, refused app.Func
	release := func() { granted.Release(); refused.Release() }
	granted = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		stream := args[0]
		ctx.Dispatch(func(ctx app.Context) {
			if s.near.scan != sc {
				stopTracks(stream)
				return
			}
			sc.stream = stream
			sc.detector = app.Window().Get("BarcodeDetector").New(map[string]any{"formats": []any{"qr_code"}})
			s.scanLater(ctx, sc)
		})
		return nil
	})
	refused = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		ctx.Dispatch(func(ctx app.Context) {
			if s.near.scan == sc {
				s.near.scan = nil
				s.near.err = "The camera could not be used here: paste or type the code instead."
			}
		})
		return nil
	})
	app.Window().Get("navigator").Get("mediaDevices").
		Call("getUserMedia", map[string]any{"video": map[string]any{"facingMode": "environment"}, "audio": false}).
		Call("then", granted, refused)
}

// scanLater looks at the camera's picture in a moment.
func (s *Shell) scanLater(ctx app.Context, sc *scanner) {
	go func() {
		time.Sleep(250 * time.Millisecond)
		ctx.Dispatch(func(ctx app.Context) { s.scanFrame(ctx, sc) })
	}()
}

// scanFrame looks for a QR code in the camera's picture once (with no
// picture yet, detect fails and the next try comes); a code found is read
// as if pasted.
func (s *Shell) scanFrame(ctx app.Context, sc *scanner) {
	video := app.Window().GetElementByID("nearby-video")
	if s.near.scan != sc || !video.Truthy() {
		return
	}
	if !video.Get("srcObject").Truthy() { // the picture, once the video is drawn
		video.Set("srcObject", sc.stream)
		video.Call("play")
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
			if s.near.scan != sc {
				return
			}
			if text == "" {
				s.scanLater(ctx, sc)
				return
			}
			s.near.input = text
			s.readCode(ctx, text) // stops the camera
		})
		return nil
	})
	failed = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		ctx.Dispatch(func(ctx app.Context) {
			if s.near.scan == sc {
				s.scanLater(ctx, sc)
			}
		})
		return nil
	})
	sc.detector.Call("detect", video).Call("then", found, failed)
}

// stopCamera turns the camera off, if it is on.
func (s *Shell) stopCamera() {
	if s.near.scan == nil {
		return
	}
	if s.near.scan.stream != nil {
		stopTracks(s.near.scan.stream)
	}
	s.near.scan = nil
}

func stopTracks(stream app.Value) {
	tracks := stream.Call("getTracks")
	for i := 0; i < tracks.Length(); i++ {
		tracks.Index(i).Call("stop")
	}
}
