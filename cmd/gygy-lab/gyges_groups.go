package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
)

// What each group of features is worth, and whether a small network on
// the same features predicts results better than the weighted sum: both
// judged by the log loss on games the fit did not see, pooled over ten
// folds (fold k holds out the games i with i%10 == k), so that every
// position is predicted once by a fit that never saw its game. A single
// held-out tenth (tune's report) is only 60 games of the kept 600, too few
// to tell a group's worth from noise.

// foldLoss is the pooled held-out log loss of fit over ten folds of games.
func foldLoss(games []selfGame, fit func(train []sample) func(*sample) float64) float64 {
	sum, n := 0.0, 0
	for k := range 10 {
		var train, held []sample
		for i, g := range games {
			ss, _ := samplesOf([]selfGame{g})
			if i%10 == k {
				held = append(held, ss...)
			} else {
				train = append(train, ss...)
			}
		}
		if len(held) == 0 || len(train) == 0 {
			continue
		}
		sum += logLoss(held, fit(train)) * float64(len(held))
		n += len(held)
	}
	return sum / float64(n)
}

// linearFit fits the logistic regression over the columns in use.
func linearFit(use [numColumns]bool) func([]sample) func(*sample) float64 {
	return func(train []sample) func(*sample) float64 {
		b := fitLogistic(train, use)
		return func(s *sample) float64 { return dotF(&b, s) }
	}
}

// netFit fits a network of one hidden layer of h rectified units on the
// features (not the hand score), standardized by the training set's means
// and deviations, by full-batch Adam with a small L2 penalty, from
// weights drawn with seed.
func netFit(h, epochs int, seed uint64) func([]sample) func(*sample) float64 {
	const nIn = int(bot.NumGygesFeatures)
	return func(train []sample) func(*sample) float64 {
		var mean, dev [nIn]float64
		for i := range train {
			for k := range nIn {
				mean[k] += train[i].x[k]
			}
		}
		for k := range nIn {
			mean[k] /= float64(len(train))
		}
		for i := range train {
			for k := range nIn {
				d := train[i].x[k] - mean[k]
				dev[k] += d * d
			}
		}
		for k := range nIn {
			dev[k] = math.Sqrt(dev[k] / float64(len(train)))
			if dev[k] == 0 {
				dev[k] = 1
			}
		}
		in := func(s *sample, x *[nIn]float64) {
			for k := range nIn {
				x[k] = (s.x[k] - mean[k]) / dev[k]
			}
		}
		// Parameters: w1 (h×nIn), b1 (h), w2 (h), b2, in one slice.
		np := h*nIn + h + h + 1
		p := make([]float64, np)
		rng := rand.New(rand.NewPCG(seed, 1))
		for i := range h * nIn {
			p[i] = rng.NormFloat64() * math.Sqrt(2/float64(nIn))
		}
		for j := range h {
			p[h*nIn+h+j] = rng.NormFloat64() * math.Sqrt(1/float64(h))
		}
		w1, b1, w2 := 0, h*nIn, h*nIn+h
		b2 := np - 1
		hid := make([]float64, h)
		forward := func(x *[nIn]float64) float64 {
			z := p[b2]
			for j := range h {
				a := p[b1+j]
				row := p[w1+j*nIn : w1+(j+1)*nIn]
				for k, v := range x {
					a += row[k] * v
				}
				hid[j] = max(a, 0)
				z += p[w2+j] * hid[j]
			}
			return z
		}
		const lr, beta1, beta2, eps, l2 = 0.01, 0.9, 0.999, 1e-8, 1e-4
		m, v, g := make([]float64, np), make([]float64, np), make([]float64, np)
		xs := make([][nIn]float64, len(train))
		for i := range train {
			in(&train[i], &xs[i])
		}
		for t := 1; t <= epochs; t++ {
			clear(g)
			for i := range train {
				x := &xs[i]
				d := sigmoid(forward(x)) - train[i].y // dLoss/dz
				g[b2] += d
				for j := range h {
					if hid[j] == 0 {
						continue
					}
					g[w2+j] += d * hid[j]
					dj := d * p[w2+j]
					g[b1+j] += dj
					row := g[w1+j*nIn : w1+(j+1)*nIn]
					for k, xv := range x {
						row[k] += dj * xv
					}
				}
			}
			n := float64(len(train))
			for i := range p {
				gi := g[i]/n + l2*p[i]
				m[i] = beta1*m[i] + (1-beta1)*gi
				v[i] = beta2*v[i] + (1-beta2)*gi*gi
				mh := m[i] / (1 - math.Pow(beta1, float64(t)))
				vh := v[i] / (1 - math.Pow(beta2, float64(t)))
				p[i] -= lr * mh / (math.Sqrt(vh) + eps)
			}
		}
		return func(s *sample) float64 {
			var x [nIn]float64
			in(s, &x)
			return forward(&x)
		}
	}
}

func gygesGroups(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyges groups", flag.ContinueOnError)
	fs.SetOutput(stderr)
	hidden := fs.Int("hidden", 32, "the network's hidden units (0: no network)")
	epochs := fs.Int("epochs", 400, "the network's training steps (full batch)")
	seed := fs.Uint64("seed", 51, "seed of the network's first weights")
	names, err := cli.ParseAnywhere(fs, args)
	if err != nil || len(names) == 0 || *hidden < 0 || *epochs <= 0 {
		fmt.Fprintln(stderr, "usage: gygy-lab gyges groups [--hidden H] [--epochs N] [--seed S] GAMES...")
		return 2
	}
	games, err := readSelfGames(names)
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges groups: %v\n", err)
		return 1
	}
	var hand, all [numColumns]bool
	hand[handColumn] = true
	for k := range bot.NumGygesFeatures {
		all[k] = true
	}
	fmt.Fprintf(stdout, "%d games, ten folds by game; pooled held-out log loss (a coin: %.4f)\n", len(games), math.Ln2)
	handLoss := foldLoss(games, linearFit(hand))
	full := foldLoss(games, linearFit(all))
	fmt.Fprintf(stdout, "  hand evaluation          %.4f\n", handLoss)
	fmt.Fprintf(stdout, "  learned, every feature   %.4f (%+.4f against the hand one)\n", full, full-handLoss)
	for _, g := range bot.GygesFeatureGroups {
		use := all
		for _, f := range g.Features {
			use[f] = false
		}
		l := foldLoss(games, linearFit(use))
		fmt.Fprintf(stdout, "  without %-16s %.4f (the group is worth %+.4f)\n", g.Name, l, l-full)
	}
	if *hidden > 0 {
		l := foldLoss(games, netFit(*hidden, *epochs, *seed))
		fmt.Fprintf(stdout, "  network of %d hidden units, %d steps: %.4f (%+.4f against the weighted sum)\n", *hidden, *epochs, l, l-full)
	}
	return 0
}
