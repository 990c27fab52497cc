package bot

import (
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"gygy/engine/gyre"
	"gygy/engine/search"
)

// Learned move priors for GYRE: how likely a strong player is to play a
// cell, from what lies around it. A move's features are one of each
// group below, seen by the side to move; its score is the sum of their
// weights, and its chance the softmax of the scores over the legal moves
// (a conditional logit, as the learned priors of Hex programs). The
// weights are trained offline on the bots' games kept in
// cmd/gygy-lab/testdata/patterns (`make patterns`, which runs `gygy-lab
// gyre patterns`) and shipped in gyre_patterns.txt.
//
// No level uses them yet (Knowledge.Learned turns them on): against Hard
// as it plays they came out too near even to change a level on.
//
// The groups, each a block of one side's weights (Spoke's first):
//   - the six neighbours in the order of the lattice's directions
//     (gyre.Geometry.Step), each empty, the mover's, the opponent's or
//     off the board (a rim): 4⁶ codes, a code and its mirror image
//     sharing one weight;
//   - the distances (gyre.Distances): how many stones a shortest way of
//     the mover through the cell needs beyond its best (0, 1, 2, more or
//     none), and the same for the opponent's way, which the move cuts;
//   - the ring: how far from the inner rim (0, 1, 2, 3 or more) and from
//     the outer one;
//   - the opponent's last stone: the move touches it, or answers its
//     intrusion into one of the mover's bridges, or neither.
const (
	patCodes     = 4096 // 4⁶ neighbourhoods
	featPattern  = 0
	featDistance = featPattern + patCodes
	featRing     = featDistance + 16
	featLast     = featRing + 16
	featsOfSide  = featLast + 3
	// GyreFeatures is the number of weights: both sides' groups.
	GyreFeatures = 2 * featsOfSide
	// GyreFeaturesOfMove is how many features one move has.
	GyreFeaturesOfMove = 4
)

// patMirror maps each code to the smaller of it and its mirror image,
// whose digits are those of the mirrored directions (Geometry.Step).
var patMirror = func() (m [patCodes]int16) {
	for code := range patCodes {
		var d [6]int
		for i := range d {
			d[i] = code >> (2 * i) & 3
		}
		mirror := d[1] | d[0]<<2 | d[3]<<4 | d[2]<<6 | d[5]<<8 | d[4]<<10
		m[code] = int16(min(code, mirror))
	}
	return m
}()

// GyreMoveFeatures appends the features of me playing the empty cell c on
// b to dst: indices into the weights, GyreFeaturesOfMove of them. d must
// have measured b; last is the opponent's last stone, or gyre.NoCell.
func GyreMoveFeatures(dst []int32, b *gyre.Board, d *gyre.Distances, me gyre.Color, last, c gyre.Cell) []int32 {
	g := b.Geometry()
	code := 0
	for dir := range 6 {
		digit := 3 // off the board
		if n := g.Step(c, dir); n != gyre.NoCell {
			switch b.At(n) {
			case gyre.Empty:
				digit = 0
			case me:
				digit = 1
			default:
				digit = 2
			}
		}
		code |= digit << (2 * dir)
	}
	rings, r := g.Size().Rings, g.Ring(c)
	base := int32(side(me) * featsOfSide)
	opp := me.Other()
	dist := featDistance + 4*wayBucket(d.Via(me, c), d.Of(me)) + wayBucket(d.Via(opp, c), d.Of(opp))
	ring := featRing + 4*min(r, 3) + min(rings-1-r, 3)
	return append(dst, base+int32(patMirror[code]), base+int32(dist), base+int32(ring), base+int32(featLast+lastRelation(b, me, last, c)))
}

// GyreFeatureOfDistance is the index of the distances' feature of a move
// of side sd (0 Spoke, 1 Gyre) whose own way needs own stones beyond the
// best and whose cut of the opponent's cut (each 0..3, 3 for more or
// none).
func GyreFeatureOfDistance(sd, own, cut int) int {
	return sd*featsOfSide + featDistance + 4*own + cut
}

// wayBucket is 0, 1 or 2 for a way through a cell that needs that many
// stones beyond the best, 3 for more or none.
func wayBucket(via, best int) int {
	if via >= gyre.Far || best >= gyre.Far {
		return 3
	}
	return min(via-best, 3)
}

// lastRelation is 2 when c saves a bridge of me that the opponent's last
// stone intruded into, 1 when c touches that stone, else 0.
func lastRelation(b *gyre.Board, me gyre.Color, last, c gyre.Cell) int {
	if last == gyre.NoCell {
		return 0
	}
	g := b.Geometry()
	for _, br := range g.Bridges(last) {
		if br.Other != c || b.At(br.A) != me {
			continue
		}
		if br.B == gyre.NoCell && me == gyre.Spoke || br.B != gyre.NoCell && b.At(br.B) == me {
			return 2
		}
	}
	if g.Adjacent(last, c) {
		return 1
	}
	return 0
}

//go:embed gyre_patterns.txt
var gyrePatternsText string

// gyrePatterns returns the shipped weights (gyre_patterns.txt), read
// the first time a bot needs them.
var gyrePatterns = sync.OnceValue(func() []float32 { return mustGyreWeights(gyrePatternsText) })

func mustGyreWeights(text string) []float32 {
	w, err := ParseGyreWeights(text)
	if err != nil {
		panic(fmt.Sprintf("bot: the shipped gyre_patterns.txt: %v", err))
	}
	return w
}

// ParseGyreWeights reads weights as FormatGyreWeights writes them: lines
// of "index weight" for the weights that are not zero, after comment lines
// that start with #.
func ParseGyreWeights(text string) ([]float32, error) {
	w := make([]float32, GyreFeatures)
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		is, ws, ok := strings.Cut(line, " ")
		i, err1 := strconv.Atoi(is)
		v, err2 := strconv.ParseFloat(strings.TrimSpace(ws), 32)
		switch {
		case !ok || err1 != nil || err2 != nil:
			return nil, fmt.Errorf("line %d: %q is not an index and a weight", n+1, line)
		case i < 0 || i >= GyreFeatures:
			return nil, fmt.Errorf("line %d: index %d is outside 0..%d", n+1, i, GyreFeatures-1)
		case math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 50:
			return nil, fmt.Errorf("line %d: weight %v is not a number within ±50", n+1, v)
		}
		w[i] = float32(v)
	}
	return w, nil
}

// FormatGyreWeights writes w for ParseGyreWeights, under a comment.
func FormatGyreWeights(w []float32, comment string) string {
	var sb strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(comment), "\n") {
		sb.WriteString("# " + line + "\n")
	}
	for i, v := range w {
		if v != 0 {
			fmt.Fprintf(&sb, "%d %.4g\n", i, v)
		}
	}
	return sb.String()
}

// learnedPrior sets out[i] to the learned judgement of moves[i] for the
// side to move of p (p.dist measured): from priorBase for the least
// likely move up to priorBase + learnedSpan for the likeliest.
func (p *gyrePos) learnedPrior(moves []search.Move, out []float64) {
	var buf [GyreFeaturesOfMove]int32
	feats := buf[:0]
	w := gyrePatterns()
	best := math.Inf(-1)
	for i, m := range moves {
		feats = GyreMoveFeatures(feats[:0], &p.board, p.dist, p.toMove, p.last, gyre.Cell(m))
		s := 0.0
		for _, f := range feats {
			s += float64(w[f])
		}
		out[i] = s
		best = max(best, s)
	}
	for i := range out[:len(moves)] {
		out[i] = priorBase + learnedSpan*math.Exp((out[i]-best)/learnedTemper)
	}
}

// learnedTemper flattens the learned chances: a move's judgement rises
// with the fourth root of its chance relative to the likeliest's, which
// played best: with the square root the tree all but ignored the moves the
// patterns did not like.
const learnedTemper = 4

// learnedSpan is the reach of the learned priors above priorBase.
const learnedSpan = 0.4
