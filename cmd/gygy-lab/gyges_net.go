package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
)

// A small network on the learned evaluation's features (issue 51): one
// hidden layer of rectified units, fitted to the games' results as the
// weighted sum is, for the laboratory to play against the weighted sum at
// equal time (gyges match --a net:FILE). The bot does not ship it.

const nIn = int(bot.NumGygesFeatures)

// gygesNet is a fitted network: the features are standardized by Mean and
// Dev, then Hidden rectified units (W1, B1) feed one output (W2, B2), the
// log-odds of winning for the side to move; Scale hand points make one
// unit of log-odds.
type gygesNet struct {
	Mean, Dev [nIn]float64
	W1        [][nIn]float64
	B1, W2    []float64
	B2        float64
	Scale     float64
}

// trainNet fits a network of h hidden units to train by full-batch Adam
// with a small L2 penalty, from first weights drawn with seed.
func trainNet(train []sample, h, epochs int, seed uint64) *gygesNet {
	n := &gygesNet{W1: make([][nIn]float64, h), B1: make([]float64, h), W2: make([]float64, h)}
	for i := range train {
		for k := range nIn {
			n.Mean[k] += train[i].x[k]
		}
	}
	for k := range nIn {
		n.Mean[k] /= float64(len(train))
	}
	for i := range train {
		for k := range nIn {
			d := train[i].x[k] - n.Mean[k]
			n.Dev[k] += d * d
		}
	}
	for k := range nIn {
		if n.Dev[k] = math.Sqrt(n.Dev[k] / float64(len(train))); n.Dev[k] == 0 {
			n.Dev[k] = 1
		}
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for j := range h {
		for k := range nIn {
			n.W1[j][k] = rng.NormFloat64() * math.Sqrt(2/float64(nIn))
		}
		n.W2[j] = rng.NormFloat64() * math.Sqrt(1/float64(h))
	}
	xs := make([][nIn]float64, len(train))
	for i := range train {
		n.standardize(&train[i], &xs[i])
	}
	// Adam's moments, a pair for each parameter, in the order W1, B1, W2, B2.
	np := h*nIn + 2*h + 1
	m, v, g := make([]float64, np), make([]float64, np), make([]float64, np)
	param := func(i int) *float64 {
		switch {
		case i < h*nIn:
			return &n.W1[i/nIn][i%nIn]
		case i < h*nIn+h:
			return &n.B1[i-h*nIn]
		case i < h*nIn+2*h:
			return &n.W2[i-h*nIn-h]
		}
		return &n.B2
	}
	hid := make([]float64, h)
	const lr, beta1, beta2, eps, l2 = 0.01, 0.9, 0.999, 1e-8, 1e-4
	for t := 1; t <= epochs; t++ {
		clear(g)
		for i := range train {
			x := &xs[i]
			d := sigmoid(n.forward(x, hid)) - train[i].y // the loss's slope in the log-odds
			g[np-1] += d
			for j := range h {
				if hid[j] == 0 {
					continue
				}
				g[h*nIn+h+j] += d * hid[j]
				dj := d * n.W2[j]
				g[h*nIn+j] += dj
				for k, xv := range x {
					g[j*nIn+k] += dj * xv
				}
			}
		}
		for i := range np {
			p := param(i)
			gi := g[i]/float64(len(train)) + l2**p
			m[i] = beta1*m[i] + (1-beta1)*gi
			v[i] = beta2*v[i] + (1-beta2)*gi*gi
			mh := m[i] / (1 - math.Pow(beta1, float64(t)))
			vh := v[i] / (1 - math.Pow(beta2, float64(t)))
			*p -= lr * mh / (math.Sqrt(vh) + eps)
		}
	}
	return n
}

func (n *gygesNet) standardize(s *sample, x *[nIn]float64) {
	for k := range nIn {
		x[k] = (s.x[k] - n.Mean[k]) / n.Dev[k]
	}
}

// forward is the log-odds of standardized features x, the hidden units'
// values left in hid.
func (n *gygesNet) forward(x *[nIn]float64, hid []float64) float64 {
	z := n.B2
	for j := range n.W1 {
		a := n.B1[j]
		for k, v := range x {
			a += n.W1[j][k] * v
		}
		hid[j] = max(a, 0)
		z += n.W2[j] * hid[j]
	}
	return z
}

// logit is the log-odds the network gives a sample.
func (n *gygesNet) logit(s *sample) float64 {
	var x [nIn]float64
	n.standardize(s, &x)
	return n.forward(&x, make([]float64, len(n.W1)))
}

// evaluator is the network as a search's evaluation, in hand points: the
// standardization folded into the first layer's weights, so that a leaf
// costs the hidden units' sums and nothing more.
func (n *gygesNet) evaluator() func(*bot.GygesFeatures) int {
	h := len(n.W1)
	w1 := make([][nIn]float64, h)
	b1 := make([]float64, h)
	w2 := make([]float64, h)
	for j := range h {
		b1[j] = n.B1[j]
		for k := range nIn {
			w1[j][k] = n.W1[j][k] / n.Dev[k]
			b1[j] -= w1[j][k] * n.Mean[k]
		}
		w2[j] = n.W2[j] * n.Scale
	}
	b2 := n.B2 * n.Scale
	return func(f *bot.GygesFeatures) int {
		z := b2
		for j := range h {
			a := b1[j]
			row := &w1[j]
			for k, v := range f {
				a += row[k] * float64(v)
			}
			if a > 0 {
				z += w2[j] * a
			}
		}
		return int(math.Round(z))
	}
}

// readGygesNet reads a network as gygy-lab gyges net writes it.
func readGygesNet(name string) (*gygesNet, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var n gygesNet
	if err := json.Unmarshal(data, &n); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(n.W1) == 0 || len(n.B1) != len(n.W1) || len(n.W2) != len(n.W1) || n.Scale <= 0 {
		return nil, fmt.Errorf("%s: not a network of gygy-lab gyges net (%d hidden units, %d biases, %d output weights, scale %g)", name, len(n.W1), len(n.B1), len(n.W2), n.Scale)
	}
	return &n, nil
}

// netFlags are the flags of a network's fitting, with the defaults that
// measured best on the kept games (16 units, 1,500 steps).
func netFlags(fs *flag.FlagSet, hiddenUsage string) (hidden, epochs *int, seed *uint64) {
	return fs.Int("hidden", 16, hiddenUsage), fs.Int("epochs", 1500, "the network's training steps (full batch)"),
		fs.Uint64("seed", 51, "seed of the network's first weights")
}

func gygesNetCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyges net", flag.ContinueOnError)
	fs.SetOutput(stderr)
	hidden, epochs, seed := netFlags(fs, "hidden units")
	out := fs.String("out", "", "write the network here (JSON)")
	names, err := cli.ParseAnywhere(fs, args)
	if err != nil || len(names) == 0 || *hidden <= 0 || *epochs <= 0 || *out == "" {
		fmt.Fprintln(stderr, "usage: gygy-lab gyges net [--hidden H] [--epochs N] [--seed S] --out FILE GAMES...")
		return 2
	}
	games, err := readSelfGames(names)
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges net: %v\n", err)
		return 1
	}
	train, held := samplesOf(games)
	n := trainNet(train, *hidden, *epochs, *seed)
	r := tune(games) // the weighted sum on the same positions, and the hand scale
	n.Scale = r.scale
	data, _ := json.Marshal(n)
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges net: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d positions fitted, %d held out; held-out log loss: network %.4f, weighted sum %.4f, hand %.4f\n",
		len(train), len(held), logLoss(held, n.logit), r.loss, r.handLoss)
	return 0
}
