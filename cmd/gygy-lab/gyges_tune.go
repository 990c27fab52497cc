package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/gyges"
)

// Tuning (Texel's method): every position of the self-play games where
// the side to move cannot win at once is a sample, its features and the
// game's result for the side to move (1 won, 0 lost, 1/2 stopped). A
// logistic regression of the result on the features gives the weights.
// To keep the search's margins meaningful the weights are written in the
// hand evaluation's units: a one-feature regression on the hand score
// first says how many of its points make one unit of log-odds.
//
// The same games give the same weights on any machine: the samples come
// in the files' order, the sums run in that order, Newton's method takes
// a fixed number of steps, the exponential and the logarithm are computed
// here (not by assembly routines that may differ in the last bit between
// machines), every product is rounded before it is added (so that no
// compiler fuses them), and the weights are rounded to integers.

// sample is one position: its features, the hand evaluation and the
// result for the side to move.
type sample struct {
	x [numColumns]float64 // the features, then the hand evaluation
	y float64
}

// numColumns counts the regression's columns: the features, and the
// hand evaluation's score as the last.
const numColumns = int(bot.NumGygesFeatures) + 1

// handColumn is the hand evaluation's column.
const handColumn = numColumns - 1

// samplesOf reads the positions of games; every tenth game (the tenth,
// twentieth, ...) is held out to judge the fit.
func samplesOf(games []selfGame) (train, held []sample) {
	hand := bot.HandGygesWeights
	for i, g := range games {
		p := gyges.StartPosition(g.south, g.north, gyges.Standard)
		for _, m := range g.moves {
			if f, ok := bot.FeaturesOf(p); ok {
				s := sample{y: 0.5}
				s.x[handColumn] = float64(hand.Score(&f))
				for k, v := range f {
					s.x[k] = float64(v)
				}
				if g.over {
					s.y = map[bool]float64{true: 1, false: 0}[g.winner == p.Side()]
				}
				if i%10 == 9 {
					held = append(held, s)
				} else {
					train = append(train, s)
				}
			}
			p.Apply(m)
		}
	}
	return train, held
}

// expDet is e^x by range reduction and a Taylor series, the same on
// every machine.
func expDet(x float64) float64 {
	x = max(-700, min(700, x))
	k := math.Floor(x/math.Ln2 + 0.5)
	r := float64(x - float64(k*math.Ln2))
	sum, term := 1.0, 1.0
	for n := 1; n <= 18; n++ {
		term = float64(term*r) / float64(n)
		sum += term
	}
	return math.Ldexp(sum, int(k))
}

func sigmoid(z float64) float64 { return 1 / (1 + expDet(-z)) }

// logDet is the natural logarithm of x > 0 by range reduction and the
// series of atanh, the same on every machine (math.Log is an assembly
// routine on amd64); the loss it computes decides Newton's step halving.
func logDet(x float64) float64 {
	m, k := math.Frexp(x) // x = m·2^k, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m, k = m*2, k-1
	}
	s := (m - 1) / (m + 1) // |s| < 0.172
	s2 := float64(s * s)
	sum, term := 0.0, s
	for n := 1; n <= 41; n += 2 {
		sum += term / float64(n)
		term = float64(term * s2)
	}
	return float64(float64(k)*math.Ln2) + 2*sum
}

// logLoss is the mean log loss of predicting p for result y.
func logLoss(ss []sample, predict func(*sample) float64) float64 {
	sum := 0.0
	for i := range ss {
		p := max(1e-12, min(1-1e-12, sigmoid(predict(&ss[i]))))
		y := ss[i].y
		sum -= float64(y*logDet(p)) + float64((1-y)*logDet(1-p))
	}
	return sum / float64(len(ss))
}

// ridge is the L2 penalty on every weight but the tempo's, on the mean
// loss: it keeps Newton's system solvable when a feature is constant.
const ridge = 1e-5

// fitLogistic fits β over the columns in use (the others stay 0) by a
// fixed number of Newton steps on the mean log loss with the ridge, each
// step halved until the loss falls.
func fitLogistic(ss []sample, use [numColumns]bool) [numColumns]float64 {
	var beta [numColumns]float64
	var idx []int
	for k := range numColumns {
		if use[k] {
			idx = append(idx, k)
		}
	}
	lambda := func(k int) float64 {
		if k == int(bot.Tempo) {
			return 0
		}
		return ridge
	}
	objective := func(b *[numColumns]float64) float64 {
		l := logLoss(ss, func(s *sample) float64 { return dotF(b, s) })
		for _, k := range idx {
			l += float64(float64(lambda(k)*b[k]) * b[k] / 2)
		}
		return l
	}
	m := len(idx)
	for range 20 {
		grad := make([]float64, m)
		hess := make([][]float64, m)
		for a := range hess {
			hess[a] = make([]float64, m+1)
		}
		for i := range ss {
			s := &ss[i]
			p := sigmoid(dotF(&beta, s))
			d, w := s.y-p, float64(p*(1-p))
			for a, ka := range idx {
				xa := s.x[ka]
				if xa == 0 {
					continue
				}
				grad[a] += float64(d * xa)
				wa := float64(w * xa)
				for b := a; b < m; b++ {
					hess[a][b] += float64(wa * s.x[idx[b]])
				}
			}
		}
		N := float64(len(ss))
		for a, ka := range idx {
			for b := 0; b < a; b++ {
				hess[a][b] = hess[b][a]
			}
			hess[a][a] = hess[a][a]/N + lambda(ka)
			for b := range m {
				if b != a {
					hess[a][b] /= N
				}
			}
			hess[a][m] = grad[a]/N - float64(lambda(ka)*beta[ka])
		}
		step := gaussSolve(hess)
		before := objective(&beta)
		for t := 1.0; t > 1e-6; t /= 2 {
			next := beta
			for a, ka := range idx {
				next[ka] += float64(t * step[a])
			}
			if objective(&next) < before {
				beta = next
				break
			}
		}
	}
	return beta
}

// gaussSolve solves the augmented system a (m rows of m+1) by Gaussian
// elimination with partial pivoting.
func gaussSolve(a [][]float64) []float64 {
	m := len(a)
	for c := range m {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := c + 1; r < m; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= m; k++ {
				a[r][k] -= float64(f * a[c][k])
			}
		}
	}
	x := make([]float64, m)
	for r := m - 1; r >= 0; r-- {
		if a[r][r] == 0 {
			continue
		}
		s := a[r][m]
		for k := r + 1; k < m; k++ {
			s -= float64(a[r][k] * x[k])
		}
		x[r] = s / a[r][r]
	}
	return x
}

// tuneResult is what the tuning found.
type tuneResult struct {
	weights     bot.GygesWeights
	train, held int
	scale       float64 // hand points a unit of log-odds
	handLoss    float64 // held-out log loss of the hand evaluation
	loss        float64 // of the learned one
	without     []float64
}

// tune fits the weights to games.
func tune(games []selfGame) tuneResult {
	train, held := samplesOf(games)
	var r tuneResult
	r.train, r.held = len(train), len(held)
	var handOnly [numColumns]bool
	handOnly[handColumn] = true
	hb := fitLogistic(train, handOnly)
	beta := hb[handColumn]
	r.scale = 1 / beta
	r.handLoss = logLoss(held, func(s *sample) float64 { return dotF(&hb, s) })
	var all [numColumns]bool
	for k := range bot.NumGygesFeatures {
		all[k] = true
	}
	full := fitLogistic(train, all)
	for k := range r.weights {
		r.weights[k] = int(math.Round(full[k] / beta))
	}
	r.loss = logLoss(held, func(s *sample) float64 { return dot(&r.weights, s) * beta })
	for _, g := range bot.GygesFeatureGroups {
		use := all
		for _, f := range g.Features {
			use[f] = false
		}
		b := fitLogistic(train, use)
		r.without = append(r.without, logLoss(held, func(s *sample) float64 { return dotF(&b, s) }))
	}
	return r
}

func dot(w *bot.GygesWeights, s *sample) float64 {
	z := 0.0
	for k, x := range w {
		z += float64(float64(x) * s.x[k])
	}
	return z
}

func dotF(b *[numColumns]float64, s *sample) float64 {
	z := 0.0
	for k, x := range s.x {
		z += float64(b[k] * x)
	}
	return z
}

// weightsFile is the weights as gyges_weights.txt ships them.
func weightsFile(r tuneResult, games int, names []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Gygès: the learned evaluation's weights, in the hand evaluation's units.\n")
	fmt.Fprintf(&b, "# gygy-lab gyges tune %s\n", strings.Join(names, " "))
	fmt.Fprintf(&b, "# %d games, %d positions fitted, %d held out (every tenth game).\n", games, r.train, r.held)
	b.WriteString(r.weights.String())
	return b.String()
}

func gygesTune(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyges tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the weights file here (default: standard output)")
	names, err := cli.ParseAnywhere(fs, args)
	if err != nil || len(names) == 0 {
		fmt.Fprintln(stderr, "usage: gygy-lab gyges tune [--out FILE] GAMES...")
		return 2
	}
	games, err := readSelfGames(names)
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges tune: %v\n", err)
		return 1
	}
	r := tune(games)
	text := weightsFile(r, len(games), names)
	report := stdout
	if *out == "" {
		report = stderr
		fmt.Fprint(stdout, text)
	} else if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(report, "%d positions fitted, %d held out; %.0f hand points a unit of log-odds\n", r.train, r.held, r.scale)
	fmt.Fprintf(report, "held-out log loss: hand %.4f, learned %.4f (a coin: %.4f)\n", r.handLoss, r.loss, math.Ln2)
	for i, g := range bot.GygesFeatureGroups {
		fmt.Fprintf(report, "  without %-11s %.4f (%+.4f)\n", g.Name, r.without[i], r.without[i]-r.loss)
	}
	return 0
}
