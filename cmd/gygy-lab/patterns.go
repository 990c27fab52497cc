package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"

	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/gyre"
)

// gyrePatterns trains the GYRE bot's learned move priors
// (engine/bot/gyre_pattern.go) on the games of tournament logs: every
// move played after the opening, where neither side had a winning cell,
// against the other empty cells of its position. The model is the
// bot's: a conditional logit over the moves' features, fitted by
// AdaGrad with an L2 penalty. A tenth of the positions (every tenth
// game) is held out, and the fit's log-loss and top-1 agreement are
// reported on it, against the distances' priors alone as a baseline.
func gyrePatterns(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre patterns", flag.ContinueOnError)
	fs.SetOutput(stderr)
	epochs := fs.Int("epochs", 12, "passes over the training positions")
	rate := fs.Float64("rate", 0.2, "AdaGrad's step")
	l2 := fs.Float64("l2", 1e-4, "L2 penalty a weight, each time its feature is seen")
	out := fs.String("out", "", "write the weights to this file (default: only report the fit)")
	seed := fs.Uint64("seed", 1, "random seed of the training order")
	files, err := cli.ParseAnywhere(fs, args)
	if err != nil || len(files) == 0 {
		fmt.Fprintln(stderr, "usage: gygy-lab gyre patterns [--epochs N] [--rate R] [--l2 X] [--out FILE] LOG...")
		return 2
	}
	var train, held samples
	games := 0
	for _, name := range files {
		n, err := readPatternGames(name, &train, &held, &games)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre patterns: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d games\n", name, n)
	}
	if len(train.chosen) == 0 || len(held.chosen) == 0 {
		fmt.Fprintln(stderr, "gygy-lab gyre patterns: too few positions to train and check on")
		return 1
	}
	fmt.Fprintf(stdout, "%d games: %d positions to train on, %d held out\n", games, len(train.chosen), len(held.chosen))
	w := make([]float64, bot.GyreFeatures)
	g2 := make([]float64, bot.GyreFeatures)
	rng := rand.New(rand.NewPCG(*seed, 0))
	order := make([]int, len(train.chosen))
	for i := range order {
		order[i] = i
	}
	report := func(label string) {
		tl, ta := train.fit(w)
		hl, ha := held.fit(w)
		fmt.Fprintf(stdout, "%-10s train: log-loss %.3f, top-1 %.1f%%   held out: log-loss %.3f, top-1 %.1f%%\n", label, tl, 100*ta, hl, 100*ha)
	}
	report("uniform")
	// The distances' priors alone, as the bot had them: the same ranking
	// as 0.2 a side times the closeness of the mover's way and of the
	// opponent's (a bucket of 3 taken as closeness 1/4).
	for sd := range 2 {
		for own := range 4 {
			for cut := range 4 {
				w[bot.GyreFeatureOfDistance(sd, own, cut)] = 0.2/float64(1+own) + 0.2/float64(1+cut)
			}
		}
	}
	report("distances")
	clear(w)
	grad := make([]float64, 0, 256)
	for e := range *epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			feats, chosen := train.sample(i)
			grad = gradient(w, feats, chosen, grad[:0])
			k := bot.GyreFeaturesOfMove
			for m := range len(feats) / k {
				for _, f := range feats[m*k : (m+1)*k] {
					gr := grad[m] + *l2*w[f]
					g2[f] += gr * gr
					w[f] -= *rate * gr / (math.Sqrt(g2[f]) + 1e-8)
				}
			}
		}
		report(fmt.Sprintf("epoch %d", e+1))
	}
	if *out != "" {
		ws := make([]float32, len(w))
		for i, v := range w {
			if math.Abs(v) >= 1e-3 {
				ws[i] = float32(v)
			}
		}
		hl, ha := held.fit(w)
		comment := fmt.Sprintf("GYRE's learned move priors (engine/bot/gyre_pattern.go), trained by\n"+
			"  gygy-lab gyre patterns --epochs %d --rate %g --l2 %g --seed %d --out FILE %s\n"+
			"on %d positions of %d games; held out %d positions: log-loss %.3f, top-1 %.1f%%.\n"+
			"Lines: feature index, weight.", *epochs, *rate, *l2, *seed, strings.Join(files, " "), len(train.chosen), games, len(held.chosen), hl, 100*ha)
		if err := os.WriteFile(*out, []byte(bot.FormatGyreWeights(ws, comment)), 0o644); err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre patterns: %v\n", err)
			return 1
		}
	}
	return 0
}

// samples are positions to learn from: each the features of its moves,
// GyreFeaturesOfMove a move, and which move was played.
type samples struct {
	feats  []int32
	start  []int // sample i's moves are feats[start[i]:start[i+1]]
	chosen []int
}

func (s *samples) sample(i int) ([]int32, int) {
	end := len(s.feats)
	if i+1 < len(s.start) {
		end = s.start[i+1]
	}
	return s.feats[s.start[i]:end], s.chosen[i]
}

// scores sets out to the scores of the moves of feats under w.
func scores(w []float64, feats []int32, out []float64) []float64 {
	k := bot.GyreFeaturesOfMove
	for m := range len(feats) / k {
		s := 0.0
		for _, f := range feats[m*k : (m+1)*k] {
			s += w[f]
		}
		out = append(out, s)
	}
	return out
}

// gradient appends to dst the log-loss's gradient by each move's score:
// its chance, less 1 for the move played.
func gradient(w []float64, feats []int32, chosen int, dst []float64) []float64 {
	dst = scores(w, feats, dst)
	softmax(dst)
	dst[chosen]--
	return dst
}

func softmax(x []float64) {
	top := math.Inf(-1)
	for _, v := range x {
		top = max(top, v)
	}
	sum := 0.0
	for i, v := range x {
		x[i] = math.Exp(v - top)
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
}

// fit returns the mean log-loss of the moves played under w and how often
// the likeliest move was the one played.
func (s *samples) fit(w []float64) (loss, top1 float64) {
	var buf []float64
	hits := 0
	for i := range s.chosen {
		feats, chosen := s.sample(i)
		buf = scores(w, feats, buf[:0])
		best := 0
		for j, v := range buf {
			if v > buf[best] {
				best = j
			}
		}
		if best == chosen {
			hits++
		}
		softmax(buf)
		loss -= math.Log(max(buf[chosen], 1e-12))
	}
	n := float64(len(s.chosen))
	return loss / n, float64(hits) / n
}

// readPatternGames adds the positions of the GYRE games of a tournament
// log to train, and those of every tenth game to held.
func readPatternGames(name string, train, held *samples, games *int) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n := 0
	for line := 1; sc.Scan(); line++ {
		at := strings.Index(sc.Text(), "GYRE ")
		if at < 0 {
			continue
		}
		g, err := gyre.ParseRecord(sc.Text()[at:])
		if err != nil {
			return n, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		to := train
		if *games%10 == 9 {
			to = held
		}
		if err := addPatternGame(g, to); err != nil {
			return n, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		n++
		*games++
	}
	return n, sc.Err()
}

// addPatternGame replays g and adds its positions to s.
func addPatternGame(g *gyre.Game, s *samples) error {
	replay, err := gyre.NewGame(g.Size(), g.Variant())
	if err != nil {
		return err
	}
	var d gyre.Distances
	for _, m := range g.Record() {
		c, placed := m.Cell()
		b := replay.Board()
		me := replay.ToMove()
		if placed && !replay.InOpening() && len(b.WinningCells(nil, me)) == 0 && len(b.WinningCells(nil, me.Other())) == 0 {
			d.Measure(&b)
			s.start = append(s.start, len(s.feats))
			chosen := -1
			for cell := range b.Geometry().Cells() {
				if b.At(gyre.Cell(cell)) != gyre.Empty {
					continue
				}
				if gyre.Cell(cell) == c {
					chosen = (len(s.feats) - s.start[len(s.start)-1]) / bot.GyreFeaturesOfMove
				}
				s.feats = bot.GyreMoveFeatures(s.feats, &b, &d, me, replay.LastStone(), gyre.Cell(cell))
			}
			s.chosen = append(s.chosen, chosen)
		}
		if err := replay.Play(m); err != nil {
			return err
		}
	}
	return nil
}
