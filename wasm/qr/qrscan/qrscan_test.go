package qrscan

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
)

// picture draws text's QR code at level M, scale pixels a module, placed
// at (x, y) on a grey picture of w × h, as a camera might see it.
func picture(t *testing.T, text string, scale, x, y, w, h int) *image.RGBA {
	t.Helper()
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{170, 170, 160, 255}), image.Point{}, draw.Src)
	for r, row := range q.Bitmap() {
		for c, dark := range row {
			v := uint8(250)
			if dark {
				v = 20
			}
			rect := image.Rect(x+c*scale, y+r*scale, x+(c+1)*scale, y+(r+1)*scale)
			draw.Draw(img, rect, image.NewUniform(color.RGBA{v, v, v, 255}), image.Point{}, draw.Src)
		}
	}
	return img
}

func TestDecode(t *testing.T) {
	digits := strings.Repeat("0123456789", 17)[:163] // numeric mode, as pairing codes are shown
	for _, tc := range []struct {
		name              string
		text              string
		scale, x, y, w, h int
	}{
		{"numeric, small", "0042", 4, 10, 10, 200, 200},
		{"numeric, a pairing code's length", digits, 4, 30, 20, 400, 300},
		{"numeric, off centre in a wide frame", digits, 3, 300, 40, 640, 360},
		{"alphanumeric", "HELLO WORLD 42", 5, 0, 0, 200, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := picture(t, tc.text, tc.scale, tc.x, tc.y, tc.w, tc.h)
			got, err := Decode(tc.w, tc.h, img.Pix)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if got != tc.text {
				t.Errorf("Decode = %q, want %q", got, tc.text)
			}
		})
	}
}

func TestDecodeNoCode(t *testing.T) {
	blank := image.NewRGBA(image.Rect(0, 0, 120, 80))
	if _, err := Decode(120, 80, blank.Pix); !errors.Is(err, ErrNoCode) {
		t.Errorf("Decode of a blank picture: %v, want ErrNoCode", err)
	}
	for _, tc := range []struct {
		name string
		w, h int
		n    int
	}{
		{"no width", 0, 10, 0},
		{"negative", -4, 10, 40},
		{"too large", 5000, 10, 200000},
		{"bytes short", 10, 10, 399},
		{"bytes long", 10, 10, 401},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.w, tc.h, make([]byte, tc.n))
			if err == nil || errors.Is(err, ErrNoCode) {
				t.Errorf("Decode(%d, %d, %d bytes) = %v, want a size error", tc.w, tc.h, tc.n, err)
			}
		})
	}
}
