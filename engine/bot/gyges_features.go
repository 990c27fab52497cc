package bot

import (
	"math/bits"

	"gygy/engine/gyges"
)

// The learned evaluation reads a Gygès position as a few counts, all
// from the side to move's view ("we" move, "they" answer), the things a
// player looks at (rulebook, Which pieces may move: the active row): what
// stands on each side's active row and on the row it falls back to, how
// far each active row has come from its home row, each side's reach and
// the goal threats against us. A weight a feature (gyges_weights.txt,
// learned by `gygy-lab gyges tune`) turns them into a score.

// GygesFeature is one count of GygesFeatures.
type GygesFeature int

// The features. A side's active row is its non-empty row nearest to it,
// its fallback row the next non-empty row after that; rows are counted
// from the side's own home row (0) towards the other side.
const (
	OurActive1   GygesFeature = iota // pieces of 1 ring on our active row
	OurActive2                       // of 2 rings
	OurActive3                       // of 3 rings
	TheirActive1                     // pieces of 1 ring on their active row
	TheirActive2
	TheirActive3
	OurFallback1 // pieces of 1 ring on our fallback row
	OurFallback2
	OurFallback3
	TheirFallback1
	TheirFallback2
	TheirFallback3
	OurHalf    // pieces on our three home rows
	TheirHalf  // pieces on their three home rows
	OurAdvance // how far our active row is from our home row (0 to 5)
	TheirAdvance
	Gap          // rows strictly between the two active rows (0 when they share one)
	OurReach     // landing squares of our movable pieces (the old evaluation's mobility)
	TheirReach   // landing squares of theirs, were it their move
	Threats      // their pieces that could enter our goal, were it their move (at most 3)
	DoubleThreat // 1 when two or more of theirs could
	Tempo        // always 1: it is our move
	WeAreSouth   // 1 when we are South, -1 when North
	NumGygesFeatures
)

var gygesFeatureNames = [NumGygesFeatures]string{
	"our_active_1", "our_active_2", "our_active_3",
	"their_active_1", "their_active_2", "their_active_3",
	"our_fallback_1", "our_fallback_2", "our_fallback_3",
	"their_fallback_1", "their_fallback_2", "their_fallback_3",
	"our_half", "their_half", "our_advance", "their_advance", "gap",
	"our_reach", "their_reach", "threats", "double_threat",
	"tempo", "we_are_south",
}

// String is the feature's name in gyges_weights.txt, e.g. "our_reach".
func (f GygesFeature) String() string {
	if f < 0 || f >= NumGygesFeatures {
		return "feature?"
	}
	return gygesFeatureNames[f]
}

// GygesFeatureGroups names the features by what they say, for the
// laboratory to measure what each group is worth.
var GygesFeatureGroups = []struct {
	Name     string
	Features []GygesFeature
}{
	{"active row", []GygesFeature{OurActive1, OurActive2, OurActive3, TheirActive1, TheirActive2, TheirActive3}},
	{"fallback", []GygesFeature{OurFallback1, OurFallback2, OurFallback3, TheirFallback1, TheirFallback2, TheirFallback3, OurHalf, TheirHalf}},
	{"advance", []GygesFeature{OurAdvance, TheirAdvance, Gap}},
	{"reach", []GygesFeature{OurReach, TheirReach}},
	{"threats", []GygesFeature{Threats, DoubleThreat}},
	{"tempo", []GygesFeature{Tempo, WeAreSouth}},
}

// GygesFeatures is a position read as the learned evaluation's counts,
// indexed by GygesFeature.
type GygesFeatures [NumGygesFeatures]int

// FeaturesOf reads p's features. It returns false when the features say
// nothing: the game is over, or the side to move can enter the goal now
// (the evaluation's answer is then a win, whatever the counts).
func FeaturesOf(p gyges.Position) (GygesFeatures, bool) {
	var sc gyges.Scratch
	if _, over := p.Winner(); over {
		return GygesFeatures{}, false
	}
	goals, mine := sc.Reach(p, true)
	if goals > 0 {
		return GygesFeatures{}, false
	}
	threats, theirs := sc.Reach(p.WithSide(p.Side().Opponent()), false)
	var f GygesFeatures
	boardFeatures(&p, &f)
	reachFeatures(&f, mine, theirs, threats)
	return f, true
}

// reachFeatures sets the features of what the sides can do: mine and
// theirs are the landing squares, threats their pieces that reach our
// goal.
func reachFeatures(f *GygesFeatures, mine, theirs, threats int) {
	f[OurReach], f[TheirReach] = mine, theirs
	f[Threats] = min(threats, 3)
	if threats >= 2 {
		f[DoubleThreat] = 1
	}
}

// boardFeatures sets the features read from the board alone: the rows,
// the tempo and the side. It runs at every leaf of the search, so it
// visits the twelve pieces, not the 36 squares.
func boardFeatures(p *gyges.Position, f *GygesFeatures) {
	// count[r][size] is the pieces of each size on row r (0 = row 1).
	var count [gyges.Size][4]int
	for b := p.Occupied(); b != 0; b &= b - 1 {
		s := gyges.Square(bits.TrailingZeros64(uint64(b)))
		count[s.Row()][p.Piece(s)]++
	}
	us := p.Side()
	ourActive := sideRows(us == gyges.North, &count, f[OurActive1:OurHalf+1:OurHalf+1], OurFallback1-OurActive1, OurHalf-OurActive1)
	theirActive := sideRows(us == gyges.South, &count, f[TheirActive1:TheirHalf+1:TheirHalf+1], TheirFallback1-TheirActive1, TheirHalf-TheirActive1)
	f[OurAdvance], f[TheirAdvance] = ourActive, theirActive
	// The rows are counted from opposite ends: a row r from our side is
	// Size-1-r from theirs.
	f[Gap] = max(0, gyges.Size-1-ourActive-theirActive-1)
	f[Tempo] = 1
	f[WeAreSouth] = 1
	if us == gyges.North {
		f[WeAreSouth] = -1
	}
}

// sideRows fills one side's row features in f, which starts at its
// active row's features, with its fallback row's at fallback and its half
// at half; north says the side counts its rows from row 6. It returns the
// side's active row, counted from its home row (Size when the board is
// empty).
func sideRows(north bool, count *[gyges.Size][4]int, f []int, fallback, half GygesFeature) int {
	first, second := gyges.Size, gyges.Size
	for i := range gyges.Size {
		r := i
		if north {
			r = gyges.Size - 1 - i
		}
		c := &count[r]
		n := c[1] + c[2] + c[3]
		if i < gyges.Size/2 {
			f[half] += n
		}
		if n == 0 {
			continue
		}
		switch {
		case first == gyges.Size:
			first = i
			f[0], f[1], f[2] = c[1], c[2], c[3]
		case second == gyges.Size:
			second = i
			f[fallback], f[fallback+1], f[fallback+2] = c[1], c[2], c[3]
		}
	}
	return first
}
