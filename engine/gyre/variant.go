package gyre

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrVariant reports a rule variant that does not exist or does not fit
// the board.
var ErrVariant = errors.New("gyre: invalid variant")

// Variant selects a rule variant (rulebook, Players and turns): the swap
// rule (Classic), no swap (NoSwap), the generalised swap rule `opening K`
// (Opening), of which the plain swap rule is the case K = 0, or Gyre
// moving first without the swap (GyreFirst).
//
// The encoding is small and comparable: 0 is Classic, 1 is NoSwap,
// 1 + K is opening K for K from 1 to MaxOpening, and GyreFirst is the
// value after the last opening. Negative values and values past
// GyreFirst are invalid; make variants with Opening, the constants or
// ParseVariant rather than by conversion.
type Variant int8

// The variants without an opening. Classic is the zero Variant.
const (
	Classic Variant = iota
	NoSwap
)

// MaxOpening is the largest K of the variant `opening K`, one less than
// the widest board's columns: on each board K must be smaller than its
// column count (rulebook, Variant opening K; see Variant.Fits).
const MaxOpening = MaxCols - 1

// GyreFirst is the variant `gyrefirst`: no swap, and Gyre places the
// first stone, then Spoke and Gyre alternate. Player 1 plays Gyre. It
// exists to measure who wins with each side moving first.
const GyreFirst Variant = 2 + MaxOpening

// invalidVariant is what Opening returns for a K out of range.
const invalidVariant Variant = -1

// Opening returns the variant `opening K`: player 1 places k Gyre stones
// and then one Spoke stone, and player 2 then chooses a side. Opening(0)
// is Classic. A k outside 0 to MaxOpening gives an invalid variant, which
// NewGame, Valid and Fits refuse.
func Opening(k int) Variant {
	switch {
	case k == 0:
		return Classic
	case k < 0 || k > MaxOpening:
		return invalidVariant
	}
	return Variant(1 + k)
}

// Valid reports whether v is one of the variants, with a reason.
func (v Variant) Valid() error {
	if v < Classic || v > GyreFirst {
		return fmt.Errorf("%w: code %d", ErrVariant, int(v))
	}
	return nil
}

// Fits reports whether v can be played on a board of size s: an opening
// must leave at least one column without a Gyre stone, so that the
// opening cannot win by itself (a loop has a stone in every column).
func (v Variant) Fits(s Size) error {
	if err := v.Valid(); err != nil {
		return err
	}
	if k := v.K(); k > MaxOpeningOn(s) {
		return fmt.Errorf("%w: opening%d needs fewer Gyre stones than the %d columns of a %s board (K at most %d)", ErrVariant, k, s.Cols, s, MaxOpeningOn(s))
	}
	return nil
}

// MaxOpeningOn is the largest K of `opening K` that fits a board of size
// s: one less than its columns (see Fits).
func MaxOpeningOn(s Size) int { return min(MaxOpening, s.Cols-1) }

// K returns how many Gyre stones player 1 places before the opening's
// Spoke stone: K for `opening K`, 0 for Classic, NoSwap and GyreFirst.
func (v Variant) K() int {
	if v > NoSwap && v < GyreFirst {
		return int(v) - 1
	}
	return 0
}

// OpeningStones returns how many stones player 1 places before player 2
// first acts: K + 1 with the swap rule (K Gyre stones, then a Spoke one),
// 1 without it.
func (v Variant) OpeningStones() int { return v.K() + 1 }

// HasSwap reports whether player 2 is offered the swap: every variant but
// NoSwap and GyreFirst.
func (v Variant) HasSwap() bool { return v != NoSwap && v != GyreFirst }

// FirstColor returns the colour player 1 plays before any swap: Gyre
// under GyreFirst, Spoke in every other variant (in an opening K player 1
// places Gyre stones too, but plays Spoke).
func (v Variant) FirstColor() Color {
	if v == GyreFirst {
		return Gyre
	}
	return Spoke
}

// String returns the variant as records write it: "" for Classic,
// "noswap", "opening3", "gyrefirst".
func (v Variant) String() string {
	switch {
	case v == Classic:
		return ""
	case v == NoSwap:
		return "noswap"
	case v == GyreFirst:
		return "gyrefirst"
	case v.Valid() != nil:
		return fmt.Sprintf("variant(%d)", int(v))
	}
	return "opening" + strconv.Itoa(v.K())
}

// ParseVariant reads a variant as String writes it: "" (the swap rule),
// "noswap", "gyrefirst" or "openingK" with K from 0 to MaxOpening,
// without leading zeros ("opening0" is the swap rule; "opening 3", with a
// space, is read too). Whether K fits a board is Fits's business.
func ParseVariant(text string) (Variant, error) {
	switch text {
	case "":
		return Classic, nil
	case "noswap":
		return NoSwap, nil
	case "gyrefirst":
		return GyreFirst, nil
	}
	digits, ok := strings.CutPrefix(text, "opening")
	if !ok {
		return Classic, fmt.Errorf("%w: %.20q, want noswap, gyrefirst or openingK such as opening3", ErrVariant, text)
	}
	digits = strings.TrimPrefix(digits, " ")
	k, err := strconv.Atoi(digits)
	if err != nil || !allDigits(digits) || len(digits) > 1 && digits[0] == '0' || k > MaxOpening {
		return Classic, fmt.Errorf("%w: %.20q: K must be a number from 0 to %d, as in opening3", ErrVariant, text, MaxOpening)
	}
	return Opening(k), nil
}

// StoneColor returns the colour of stone number n (counting from 0) under
// v: in an opening K the first K stones are Gyre and the next is Spoke;
// from then on (and from the first stone in Classic and NoSwap) Spoke
// and Gyre alternate, so that the stone after the opening is Gyre. Under
// GyreFirst they alternate from Gyre: even n is Gyre.
func (v Variant) StoneColor(n int) Color {
	k := v.K()
	switch {
	case v == GyreFirst && n%2 == 0:
		return Gyre
	case v == GyreFirst:
		return Spoke
	case n < k:
		return Gyre
	case (n-k)%2 == 0:
		return Spoke
	}
	return Gyre
}

// isVariantWord reports whether a record header's word names a variant
// (as opposed to being the first move).
func isVariantWord(word string) bool {
	return word == "noswap" || word == "gyrefirst" || strings.HasPrefix(word, "opening")
}
