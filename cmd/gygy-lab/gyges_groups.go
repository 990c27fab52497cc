package main

import (
	"flag"
	"fmt"
	"io"
	"math"

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

// netFit fits a network of h hidden units (trainNet) on each fold.
func netFit(h, epochs int, seed uint64) func([]sample) func(*sample) float64 {
	return func(train []sample) func(*sample) float64 {
		n := trainNet(train, h, epochs, seed)
		return n.logit
	}
}

func gygesGroups(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyges groups", flag.ContinueOnError)
	fs.SetOutput(stderr)
	hidden, epochs, seed := netFlags(fs, "hidden units of the network measured beside the weighted sum (0: none)")
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
