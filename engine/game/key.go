package game

import (
	"hash/fnv"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// A game's key chains its spec and its actions through mix, one action at
// a time (Game.Key). Each action is first written as one word whose tag
// says its type, so no two actions share a word.
const (
	gyreTag   uint64 = 1 << 56
	layoutTag uint64 = 2 << 56
	moveTag   uint64 = 3 << 56
	endTag    uint64 = 4 << 56
)

// specKey is the key of a game before its first action.
func specKey(s Spec) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s.String()))
	return mix(h.Sum64())
}

// nextKey is the key after action a is taken in a game keyed h.
func nextKey(h uint64, a Action) uint64 { return mix(h ^ mix(word(a))) }

// word writes an action as one word.
func word(a Action) uint64 {
	switch a := a.(type) {
	case gyre.Move:
		return gyreTag | uint64(uint16(a))
	case gyges.Layout:
		w := layoutTag
		for i, size := range a {
			w |= uint64(uint8(size)) << (8 * i)
		}
		return w
	case gyges.Move:
		return moveTag | uint64(uint8(a.From)) | uint64(uint8(a.To))<<8 | uint64(uint8(a.Drop))<<16
	}
	return 0
}

// mix is SplitMix64's finaliser: every bit of x moves about half of the
// result's.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
