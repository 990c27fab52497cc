package bot

import "gygy/engine/gyges"

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
// the tempo and the side.
func boardFeatures(p *gyges.Position, f *GygesFeatures) {
	// count[r][size] is the pieces of each size on row r (0 = row 1).
	var count [gyges.Size][4]int
	var nonEmpty [gyges.Size]bool
	for s := gyges.Square(0); s < gyges.NumSquares; s++ {
		if size := p.Piece(s); size > 0 {
			count[s.Row()][size]++
			nonEmpty[s.Row()] = true
		}
	}
	us := p.Side()
	ourActive := sideRows(us, &nonEmpty, &count, f[OurActive1:OurActive3+1], f[OurFallback1:OurFallback3+1], &f[OurHalf])
	theirActive := sideRows(us.Opponent(), &nonEmpty, &count, f[TheirActive1:TheirActive3+1], f[TheirFallback1:TheirFallback3+1], &f[TheirHalf])
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

// sideRows fills one side's row features and returns its active row,
// counted from its home row (Size when the board is empty).
func sideRows(sd gyges.Side, nonEmpty *[gyges.Size]bool, count *[gyges.Size][4]int, active, fallback []int, half *int) int {
	row := func(i int) int { // the side's i-th row from home, as a board row
		if sd == gyges.South {
			return i
		}
		return gyges.Size - 1 - i
	}
	first := gyges.Size
	for i := range gyges.Size {
		r := row(i)
		if i < gyges.Size/2 {
			*half += count[r][1] + count[r][2] + count[r][3]
		}
		if !nonEmpty[r] {
			continue
		}
		switch {
		case first == gyges.Size:
			first = i
			copy(active, count[r][1:])
		case fallback[0]+fallback[1]+fallback[2] == 0:
			copy(fallback, count[r][1:])
		}
	}
	return first
}
