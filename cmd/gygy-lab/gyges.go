package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/gyges"
)

// The Gygès studies of the learned evaluation (issue 51): self-play games
// at fixed work, whose positions, labelled by the games' results, the
// tuning fits the evaluation's weights to; and a match of two Hards that
// differ only in their evaluation.

func runGyges(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: gygy-lab gyges selfplay|tune|groups|net|match [flags]")
		return 2
	}
	switch args[0] {
	case "selfplay":
		return gygesSelfplay(args[1:], stdout, stderr)
	case "tune":
		return gygesTune(args[1:], stdout, stderr)
	case "match":
		return gygesMatch(args[1:], stdout, stderr)
	case "groups":
		return gygesGroups(args[1:], stdout, stderr)
	case "net":
		return gygesNetCmd(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, `usage:
  gygy-lab gyges selfplay [--games N] [--seed S] [--nodes N] [--medium-nodes N] [--random-plies K] [--maxplies P] [--eval W]
                                   games of Hard against Hard and Medium at fixed nodes from random
                                   setups, one line a game: south north result moves (same seed, same games);
                                   W is Hard's evaluation: hand (the default), shipped or a weights file
  gygy-lab gyges tune [--out FILE] GAMES...
                                   the learned evaluation's weights fitted to the games' results
                                   (logistic regression on the hand evaluation's scale)
  gygy-lab gyges groups [--hidden H] [--epochs N] [--seed S] GAMES...
                                   what each group of features is worth, and a network of H hidden
                                   units on the same features against the weighted sum: held-out log
                                   loss over ten folds by game
  gygy-lab gyges net [--hidden H] [--epochs N] [--seed S] --out FILE GAMES...
                                   a network of H hidden units fitted as tune fits the weights (the same
                                   positions, every tenth game held out), for gyges match --a net:FILE
  gygy-lab gyges match [--games N] [--movetime T] [--b-movetime T] [--clock wall|cpu] [--nodes N] [--seed S] [--a W] [--b W]
                                   Hard against Hard, W the evaluation: hand, shipped, a weights file or
                                   net:FILE (a network written by gygy-lab gyges net);
                                   random setups shared by each pair of games, colours swapped
`)
		return 0
	}
	fmt.Fprintf(stderr, "gygy-lab gyges: unknown study %q (want selfplay, tune, groups, net or match)\n", args[0])
	return 2
}

// randomLayouts are the two home rows of a game drawn from rng: each a
// shuffle of two pieces of each size.
func randomLayouts(rng *rand.Rand) (south, north gyges.Layout) {
	shuffle := func() gyges.Layout {
		l := gyges.Layout{1, 1, 2, 2, 3, 3}
		rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
		return l
	}
	return shuffle(), shuffle()
}

// selfGame is one game of the self-play: its setups, its moves, and who
// won (over false when it reached the ply cap).
type selfGame struct {
	south, north gyges.Layout
	moves        []gyges.Move
	winner       gyges.Side
	over         bool
}

// String writes the game as one line: south north result moves, the
// result S, N or - (stopped at the cap).
func (g selfGame) String() string {
	result := "-"
	if g.over {
		result = g.winner.String()[:1]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s", g.south, g.north, result)
	for _, m := range g.moves {
		b.WriteString(" " + m.String())
	}
	return b.String()
}

// parseSelfGame reads a line as selfGame.String writes it, checking every
// move by the rules.
func parseSelfGame(line string) (selfGame, error) {
	f := strings.Fields(line)
	if len(f) < 3 {
		return selfGame{}, fmt.Errorf("want south north result moves, got %q", line)
	}
	var g selfGame
	var err error
	if g.south, err = gyges.ParseLayout(f[0]); err != nil {
		return g, err
	}
	if g.north, err = gyges.ParseLayout(f[1]); err != nil {
		return g, err
	}
	p := gyges.StartPosition(g.south, g.north, gyges.Standard)
	for _, text := range f[3:] {
		m, err := gyges.ParseMove(text)
		if err != nil {
			return g, err
		}
		if err := p.Play(m); err != nil {
			return g, err
		}
		g.moves = append(g.moves, m)
	}
	g.winner, g.over = p.Winner()
	if want := map[bool]string{true: g.winner.String()[:1], false: "-"}[g.over]; f[2] != want {
		return g, fmt.Errorf("result %s, but the moves give %s", f[2], want)
	}
	return g, nil
}

// selfplay is the self-play's set-up.
type selfplay struct {
	seed                  uint64
	nodes, mediumNodes    int
	randomPlies, maxPlies int
	moveTime              time.Duration
	bMoveTime             time.Duration // B's in a match, if not 0
	now                   func() time.Time
	evals                 [2]evaluation // A's and B's in a match; Hard's in the self-play
}

// playSelf plays game i of the self-play: Hard against Hard in one game
// of three, Hard against Medium (either side) in the others, after
// randomPlies random moves that allow no win in one.
func (s selfplay) playSelf(ctx context.Context, i int) (selfGame, error) {
	rng := rand.New(rand.NewPCG(s.seed, uint64(i)))
	south, north := randomLayouts(rng)
	levels := [2]bot.Level{bot.Hard, bot.Hard}
	switch i % 3 {
	case 1:
		levels[1] = bot.Medium
	case 2:
		levels[0] = bot.Medium
	}
	var bots [2]*bot.GygesBot
	for sd, l := range levels {
		bots[sd] = bot.NewGyges(l, s.seed^uint64(i)<<1^uint64(sd))
		if l == bot.Hard {
			bots[sd].Nodes = s.nodes
			s.evals[0].give(bots[sd])
		} else {
			bots[sd].Nodes = s.mediumNodes
		}
	}
	return s.play(ctx, south, north, bots, rng)
}

// play plays a game from the two setups between bots (by side), the
// first randomPlies moves at random from rng.
func (s selfplay) play(ctx context.Context, south, north gyges.Layout, bots [2]*bot.GygesBot, rng *rand.Rand) (selfGame, error) {
	g := selfGame{south: south, north: north}
	p := gyges.StartPosition(south, north, gyges.Standard)
	for len(g.moves) < s.maxPlies {
		if _, over := p.Winner(); over {
			break
		}
		var m gyges.Move
		if len(g.moves) < s.randomPlies {
			m = randomSafeMove(p, rng)
		} else {
			var err error
			if m, err = bots[p.Side()].Move(ctx, p, nil); err != nil {
				return g, err
			}
		}
		if err := p.Play(m); err != nil {
			return g, fmt.Errorf("%s played %s in %s: %w", bots[p.Side()], m, p, err)
		}
		g.moves = append(g.moves, m)
	}
	g.winner, g.over = p.Winner()
	return g, nil
}

// randomSafeMove is a move drawn from rng among those that leave the
// opponent no goal move (any move when every one does).
func randomSafeMove(p gyges.Position, rng *rand.Rand) gyges.Move {
	moves := p.Moves(nil)
	var safe []gyges.Move
	for _, m := range moves {
		q := p
		q.Apply(m)
		if _, over := q.Winner(); !over && !q.CanEnterGoal() {
			safe = append(safe, m)
		}
	}
	if len(safe) == 0 {
		safe = moves
	}
	return safe[rng.IntN(len(safe))]
}

func gygesSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyges selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var s selfplay
	games := fs.Int("games", 30, "number of games")
	fs.Uint64Var(&s.seed, "seed", 1, "seed of the setups, the random moves and the bots")
	fs.IntVar(&s.nodes, "nodes", 20_000, "Hard's search nodes a move")
	fs.IntVar(&s.mediumNodes, "medium-nodes", 6_000, "Medium's search nodes a move")
	fs.IntVar(&s.randomPlies, "random-plies", 2, "the first moves of a game, at random among those that allow no win in one")
	fs.IntVar(&s.maxPlies, "maxplies", 200, "a game this long is stopped, its result '-'")
	eval := fs.String("eval", "hand", "Hard's evaluation: hand, shipped or a weights file (Medium's is always the hand one)")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 || *games <= 0 || s.nodes <= 0 || s.mediumNodes <= 0 {
		fmt.Fprintln(stderr, "gygy-lab gyges selfplay: --games, --nodes and --medium-nodes must be positive, and no argument")
		return 2
	}
	var err error
	if s.evals[0], err = loadEvaluation(*eval); err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges selfplay: --eval %s: %v\n", *eval, err)
		return 1
	}
	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "# gygy-lab gyges selfplay --games %d --seed %d --nodes %d --medium-nodes %d --random-plies %d --maxplies %d --eval %s\n",
		*games, s.seed, s.nodes, s.mediumNodes, s.randomPlies, s.maxPlies, *eval)
	for i := range *games {
		g, err := s.playSelf(context.Background(), i)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyges selfplay: game %d: %v\n", i+1, err)
			return 1
		}
		fmt.Fprintln(w, g)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyges selfplay: %v\n", err)
		return 1
	}
	return 0
}

// readSelfGames reads the games of files, in order.
func readSelfGames(names []string) ([]selfGame, error) {
	var games []selfGame
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		for n, line := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			g, err := parseSelfGame(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, n+1, err)
			}
			games = append(games, g)
		}
	}
	return games, nil
}
