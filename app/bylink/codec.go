package bylink

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Version is the format of the links this package writes. A link of
// another version is refused with ErrVersion.
const Version = 1

// MaxLen is the longest link text Decode reads; longer text is refused as
// damaged before any work is done on it.
const MaxLen = 8000

// IDLen is the length of a game's identity, in bytes.
const IDLen = 8

// ErrDamaged reports a link that is not one this app wrote, or one that
// was cut short or changed on the way: its check does not match, or its
// moves do not replay.
var ErrDamaged = errors.New("this link is damaged: ask for it again")

// ErrVersion reports a link written by another version of the app.
var ErrVersion = errors.New("this link was made by another version of gygy: update the app on both devices")

// ID is a game's identity: drawn at random when the game begins, the same
// in every link of that game.
type ID [IDLen]byte

// String writes the identity as 16 hexadecimal digits.
func (id ID) String() string { return fmt.Sprintf("%x", id[:]) }

// Link is a game by link as one link carries it: the whole game so far.
type Link struct {
	ID       ID
	From     game.Seat // the seat of the device that made the link
	Spec     game.Spec
	Actions  []string  // in notation, as in the record
	Resigned game.Seat // the seat that resigned, or NoSeat
}

// Replay plays the link's game with the engine, checking every action,
// and applies the resignation.
func (l Link) Replay() (game.Game, error) {
	g, err := l.Spec.New()
	if err != nil {
		return nil, err
	}
	for i, a := range l.Actions {
		if err := game.PlayText(g, a); err != nil {
			return nil, fmt.Errorf("action %d, %s: %w", i+1, a, err)
		}
	}
	if l.Resigned != game.NoSeat {
		if err := g.Resign(l.Resigned); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Encode packs the link: version, identity, seats, the spec's header,
// the actions in binary, a CRC-32 of all that, then base64url without
// padding. The actions must be the engine's own (from a game's Actions).
func Encode(l Link) (string, error) {
	if l.From != game.One && l.From != game.Two {
		return "", fmt.Errorf("bylink: a link comes from seat 1 or 2, not %d", l.From)
	}
	if l.Resigned < game.NoSeat || l.Resigned > game.Two {
		return "", fmt.Errorf("bylink: bad resigned seat %d", l.Resigned)
	}
	spec := l.Spec.String()
	var b bytes.Buffer
	b.WriteByte(Version)
	b.Write(l.ID[:])
	b.WriteByte(byte(l.From) | byte(l.Resigned)<<2)
	b.WriteByte(byte(len(spec)))
	b.WriteString(spec)
	b.Write(binary.AppendUvarint(nil, uint64(len(l.Actions))))
	for i, a := range l.Actions {
		if err := packAction(&b, l.Spec, i, a); err != nil {
			return "", fmt.Errorf("bylink: action %d: %w", i+1, err)
		}
	}
	b.Write(binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(b.Bytes())))
	return base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}

// Decode reads a link written by Encode and replays its game with the
// engine. A link cut short, changed or not written by this app is refused
// with an error wrapping ErrDamaged; one of another version with
// ErrVersion.
func Decode(text string) (Link, error) {
	if len(text) > MaxLen {
		return Link{}, fmt.Errorf("%w (%d characters, at most %d)", ErrDamaged, len(text), MaxLen)
	}
	data, err := base64.RawURLEncoding.Strict().DecodeString(text)
	if err != nil || len(data) < 1+IDLen+2+4 {
		return Link{}, ErrDamaged
	}
	body, sum := data[:len(data)-4], data[len(data)-4:]
	if crc32.ChecksumIEEE(body) != binary.BigEndian.Uint32(sum) {
		return Link{}, ErrDamaged
	}
	if body[0] != Version {
		return Link{}, fmt.Errorf("%w (version %d, this app reads %d)", ErrVersion, body[0], Version)
	}
	l, err := unpack(body[1:])
	if err != nil {
		return Link{}, fmt.Errorf("%w (%v)", ErrDamaged, err)
	}
	if _, err := l.Replay(); err != nil {
		return Link{}, fmt.Errorf("%w (%v)", ErrDamaged, err)
	}
	return l, nil
}

// unpack reads what follows the version.
func unpack(p []byte) (Link, error) {
	var l Link
	r := bytes.NewReader(p)
	if _, err := r.Read(l.ID[:]); err != nil {
		return l, err
	}
	seats, _ := r.ReadByte()
	l.From, l.Resigned = game.Seat(seats&3), game.Seat(seats>>2&3)
	if l.From != game.One && l.From != game.Two || l.Resigned > game.Two || seats>>4 != 0 {
		return l, fmt.Errorf("bad seats %#x", seats)
	}
	n, err := r.ReadByte()
	if err != nil || int(n) > r.Len() {
		return l, errors.New("the game's header is cut short")
	}
	header := make([]byte, n)
	r.Read(header)
	if l.Spec, err = game.ParseSpec(string(header)); err != nil {
		return l, err
	}
	count, err := binary.ReadUvarint(r)
	if err != nil || count > uint64(r.Len()) {
		return l, errors.New("the number of actions is wrong")
	}
	for i := range int(count) {
		a, err := unpackAction(r, l.Spec, i)
		if err != nil {
			return l, fmt.Errorf("action %d: %w", i+1, err)
		}
		l.Actions = append(l.Actions, a)
	}
	if r.Len() != 0 {
		return l, fmt.Errorf("%d bytes after the last action", r.Len())
	}
	return l, nil
}

// packAction writes action i of a game of spec: a GYRE cell as its index
// plus one (0 is the swap), in one or two bytes; a Gygès layout as its six
// sizes in two bits each (two bytes), a Gygès move as its three squares
// plus one (0 for none), three bytes.
func packAction(b *bytes.Buffer, spec game.Spec, i int, a string) error {
	if spec.Kind == game.GYRE {
		geo, err := gyre.GeometryOf(spec.Size)
		if err != nil {
			return err
		}
		v := uint64(0)
		if a != "swap" {
			c, err := geo.ParseCell(a)
			if err != nil {
				return err
			}
			v = uint64(c) + 1
		}
		b.Write(binary.AppendUvarint(nil, v))
		return nil
	}
	if i < 2 {
		l, err := gyges.ParseLayout(a)
		if err != nil {
			return err
		}
		v := uint16(0)
		for k, size := range l {
			v |= uint16(size) << (2 * k)
		}
		b.Write(binary.BigEndian.AppendUint16(nil, v))
		return nil
	}
	m := gyges.Pass
	if a != "pass" {
		var err error
		if m, err = gyges.ParseMove(a); err != nil {
			return err
		}
	}
	b.Write([]byte{byte(m.From + 1), byte(m.To + 1), byte(m.Drop + 1)})
	return nil
}

// unpackAction reads what packAction wrote, as notation.
func unpackAction(r *bytes.Reader, spec game.Spec, i int) (string, error) {
	if spec.Kind == game.GYRE {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return "", err
		}
		if v == 0 {
			return "swap", nil
		}
		geo, err := gyre.GeometryOf(spec.Size)
		if err != nil {
			return "", err
		}
		if v > uint64(geo.Cells()) {
			return "", fmt.Errorf("cell %d is off the board", v-1)
		}
		return geo.CellName(gyre.Cell(v - 1)), nil
	}
	if i < 2 {
		var two [2]byte
		if _, err := r.Read(two[:]); err != nil || r.Len() < 0 {
			return "", errors.New("a layout is cut short")
		}
		v := binary.BigEndian.Uint16(two[:])
		var l gyges.Layout
		for k := range l {
			l[k] = int8(v >> (2 * k) & 3)
		}
		if v>>12 != 0 {
			return "", errors.New("bad layout")
		}
		return l.String(), nil
	}
	var sq [3]byte
	if n, _ := r.Read(sq[:]); n != 3 {
		return "", errors.New("a move is cut short")
	}
	for _, s := range sq {
		if s > byte(gyges.Goal)+1 {
			return "", fmt.Errorf("square %d is off the board", int(s)-1)
		}
	}
	m := gyges.Move{From: gyges.Square(sq[0]) - 1, To: gyges.Square(sq[1]) - 1, Drop: gyges.Square(sq[2]) - 1}
	return m.String(), nil
}
