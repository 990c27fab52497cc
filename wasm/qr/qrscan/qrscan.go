// Package qrscan reads a QR code in a camera's picture. It runs in the
// QR reader's own Web Worker (wasm/qr), for browsers that cannot read
// QR codes themselves, so that the decoder stays out of app.wasm and of
// the computer player's bot.wasm: only a camera opened loads it.
package qrscan

import (
	"errors"
	"fmt"
	"image"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// ErrNoCode says that the picture holds no QR code that could be read.
var ErrNoCode = errors.New("no QR code in the picture")

// maxSide bounds a picture's width and height, so that a frame too large
// for the worker's memory is refused rather than read.
const maxSide = 4096

// Decode reads the QR code in a picture of width × height pixels, given
// as RGBA bytes, four to a pixel, row by row (an ImageData's data). It
// answers ErrNoCode where it finds none, and another error for a picture
// that does not fit its size.
func Decode(width, height int, rgba []byte) (string, error) {
	if width <= 0 || height <= 0 || width > maxSide || height > maxSide {
		return "", fmt.Errorf("reading a QR code: a picture of %d × %d pixels", width, height)
	}
	if len(rgba) != 4*width*height {
		return "", fmt.Errorf("reading a QR code: %d bytes for %d × %d pixels, want %d", len(rgba), width, height, 4*width*height)
	}
	img := &image.RGBA{Pix: rgba, Stride: 4 * width, Rect: image.Rect(0, 0, width, height)}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", fmt.Errorf("reading a QR code: %w", err)
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoCode, err)
	}
	return res.GetText(), nil
}
