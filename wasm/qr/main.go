//go:build js && wasm

// Command qr reads QR codes for the web app, built with GOOS=js
// GOARCH=wasm into web/qr.wasm and run in a Web Worker of its own
// (web/bot-worker.js?wasm=qr.wasm), for browsers that cannot read a QR
// code themselves. The page starts it only when the camera opens, so
// nobody else downloads the decoder.
//
// The protocol: the page posts {id, qr: {width, height, data}} (an
// ImageData: a camera's picture); the worker answers {id, text} or
// {id, error}.
package main

import (
	"syscall/js"

	"gygy/wasm/qr/qrscan"
)

func main() {
	js.Global().Call("gygyBotReady", js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := args[0]
		js.Global().Call("postMessage", readQR(msg.Get("id").Int(), msg.Get("qr")))
		return nil
	}))
	select {}
}

// readQR answers a request for the QR code in a picture, an ImageData.
func readQR(id int, pic js.Value) map[string]any {
	if !pic.Truthy() {
		return map[string]any{"id": id, "error": "reading a QR code: the message has no picture"}
	}
	data := pic.Get("data")
	if !data.Truthy() || data.Get("length").Type() != js.TypeNumber {
		return map[string]any{"id": id, "error": "reading a QR code: the picture has no data"}
	}
	rgba := make([]byte, data.Get("length").Int())
	js.CopyBytesToGo(rgba, data)
	text, err := qrscan.Decode(pic.Get("width").Int(), pic.Get("height").Int(), rgba)
	if err != nil {
		return map[string]any{"id": id, "error": err.Error()}
	}
	return map[string]any{"id": id, "text": text}
}
