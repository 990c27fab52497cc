package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"gygy/cmd/gygy-lab/internal/loop"
	"gygy/cmd/gygy-lab/internal/pool"
	"gygy/cmd/gygy-lab/internal/stats"
	"gygy/cmd/internal/cli"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyre"
)

// gygy-lab gyre opening: how fair is `opening K` for each K? Player 1 (a bot)
// builds the opening, player 2 (a bot) decides the swap, and the two play
// to the end, at fixed playouts a move so that the machine's load does
// not change the games. The smallest K whose games come out even is the
// size's fair opening; --fair writes it into the product's data
// (engine/gyre/fair.txt, read by gyre.FairStart).

// openingGame is one measured game.
type openingGame struct {
	k, index int
	build    float64 // player 1's estimate of Spoke's chance after the opening it built
	choose   float64 // player 2's estimate of the same, when deciding the swap
	swapped  bool
	winner   gyre.Color
	player   gyre.Player // who won
	moves    string      // the record's moves
}

// logLine writes g as one tab-separated line of the resumable log.
func (g openingGame) logLine() string {
	return fmt.Sprintf("%d\t%d\t%.4f\t%.4f\t%t\t%s\t%d\t%s", g.k, g.index, g.build, g.choose, g.swapped, g.winner, g.player, g.moves)
}

// parseOpeningGame reads a line written by logLine.
func parseOpeningGame(line string) (openingGame, error) {
	f := strings.Split(line, "\t")
	if len(f) != 8 {
		return openingGame{}, fmt.Errorf("want 8 tab-separated fields, got %d", len(f))
	}
	var g openingGame
	var errs [6]error
	g.k, errs[0] = strconv.Atoi(f[0])
	g.index, errs[1] = strconv.Atoi(f[1])
	g.build, errs[2] = strconv.ParseFloat(f[2], 64)
	g.choose, errs[3] = strconv.ParseFloat(f[3], 64)
	g.swapped, errs[4] = strconv.ParseBool(f[4])
	p, err := strconv.Atoi(f[6])
	errs[5] = err
	if err := errors.Join(errs[:]...); err != nil {
		return openingGame{}, err
	}
	switch f[5] {
	case "spoke":
		g.winner = gyre.Spoke
	case "gyre":
		g.winner = gyre.Gyre
	default:
		return openingGame{}, fmt.Errorf("winner %q is not spoke or gyre", f[5])
	}
	if p != int(gyre.One) && p != int(gyre.Two) {
		return openingGame{}, fmt.Errorf("player %d is not 1 or 2", p)
	}
	g.player, g.moves = gyre.Player(p), f[7]
	return g, nil
}

// parseKRange reads "0..6", "3" or "0,2,4".
func parseKRange(text string) ([]int, error) {
	var ks []int
	for _, part := range strings.Split(text, ",") {
		lo, hi, isRange := strings.Cut(part, "..")
		a, err1 := strconv.Atoi(lo)
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b > gyre.MaxOpening {
			return nil, fmt.Errorf("K %q: want numbers from 0 to %d, like 0..6 or 1,3", part, gyre.MaxOpening)
		}
		for k := a; k <= b; k++ {
			ks = append(ks, k)
		}
	}
	return ks, nil
}

// playOpeningGame plays game i of opening k: both players are bots of
// level l at playouts a move.
func playOpeningGame(size gyre.Size, k, i int, l bot.Level, playouts int, seed uint64) (openingGame, error) {
	s := seed*1_000_003 + uint64(k)*10_007 + uint64(i)
	newBot := func(seed uint64) *bot.Player {
		return bot.NewPlayer(bot.Config{Level: l, Seed: seed, Tuning: bot.Tuning{Work: playouts}})
	}
	res := openingGame{k: k, index: i}
	watch := func(before game.Game, d bot.Decision) {
		swapOffered := game.AsGyre(before).SwapAvailable()
		switch {
		case d.Reason == bot.ReasonOpening:
			res.build = d.Value
		case d.Reason == bot.ReasonSwap:
			res.choose = d.Value
		case swapOffered:
			res.choose = 1 - d.Value // Gyre's chance, Gyre to move
		}
	}
	g, err := loop.PlayGyre(context.Background(), size, gyre.Opening(k), newBot(s), newBot(s+500_000), loop.Options{Watch: watch})
	if err != nil {
		return openingGame{}, err
	}
	res.swapped, res.winner = g.Swapped(), g.Winner()
	res.player = g.Controller(g.Winner())
	_, res.moves, _ = strings.Cut(g.String(), "\n")
	return res, nil
}

// openingRow is the summary of one K's games.
type openingRow struct {
	k, games, swaps, oneWins, spokeWins int
	buildGap, chooseGap                 float64 // mean |value - 1/2|
}

// summarise groups the games by K, in the order of ks.
func summarise(ks []int, games []openingGame) []openingRow {
	rows := make([]openingRow, len(ks))
	at := map[int]int{}
	for i, k := range ks {
		rows[i].k = k
		at[k] = i
	}
	for _, g := range games {
		i, ok := at[g.k]
		if !ok {
			continue
		}
		r := &rows[i]
		r.games++
		r.buildGap += math.Abs(g.build - 0.5)
		r.chooseGap += math.Abs(g.choose - 0.5)
		if g.swapped {
			r.swaps++
		}
		if g.player == gyre.One {
			r.oneWins++
		}
		if g.winner == gyre.Spoke {
			r.spokeWins++
		}
	}
	for i := range rows {
		if n := float64(rows[i].games); n > 0 {
			rows[i].buildGap /= n
			rows[i].chooseGap /= n
		}
	}
	return rows
}

// fairest is the smallest K whose games are even both ways, player 1's
// share and Spoke's each with 50% in its 95% interval, or failing that
// the K whose player 1 share is nearest 50%; false if no K has games.
// (Player 1's share alone is not enough: when the bots misjudge the
// openings, the chooser picks a side at random and player 1 wins half the
// games although one colour wins nearly all of them.)
func fairest(rows []openingRow) (int, bool) {
	best, bestGap := -1, 2.0
	for _, r := range rows {
		if r.games == 0 {
			continue
		}
		if stats.Even(r.oneWins, r.games) && stats.Even(r.spokeWins, r.games) {
			return r.k, true
		}
		if gap := math.Abs(float64(r.oneWins)/float64(r.games) - 0.5); gap < bestGap {
			best, bestGap = r.k, gap
		}
	}
	return best, best >= 0
}

// writeOpeningTable prints the rows as a Markdown table and the fairest K.
func writeOpeningTable(w io.Writer, size gyre.Size, l bot.Level, playouts int, rows []openingRow) {
	fmt.Fprintf(w, "GYRE %s, opening K: player 1 (%s bot) builds the opening, player 2 (%s bot) decides the swap, then to the end; %d playouts a move for both, fixed\n\n", size, l, l, playouts)
	fmt.Fprintln(w, "| K | games | builder's mean abs(v-0.5) | chooser's mean abs(v-0.5) | swap taken | player 1 won (95%) | player 2 won | Spoke won (95%) | Gyre won |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	pct := func(k, n int) string {
		lo, hi := stats.Wilson(k, n)
		return fmt.Sprintf("%d = %.0f%% (%.0f–%.0f%%)", k, 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
	for _, r := range rows {
		if r.games == 0 {
			fmt.Fprintf(w, "| %d | 0 | | | | | | | |\n", r.k)
			continue
		}
		fmt.Fprintf(w, "| %d | %d | %.3f | %.3f | %.0f%% | %s | %s | %s | %s |\n", r.k, r.games, r.buildGap, r.chooseGap,
			100*float64(r.swaps)/float64(r.games), pct(r.oneWins, r.games), pct(r.games-r.oneWins, r.games),
			pct(r.spokeWins, r.games), pct(r.games-r.spokeWins, r.games))
	}
	if k, ok := fairest(rows); ok {
		fmt.Fprintf(w, "\nfairest K: %d (the smallest K whose player 1 and Spoke shares both have 50%% in their 95%% intervals, or else the K whose player 1 share is nearest 50%%)\n", k)
	}
}

// readOpeningLog reads the games already played from a log, if it exists.
func readOpeningLog(path string) ([]openingGame, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var games []openingGame
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		g, err := parseOpeningGame(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, line, err)
		}
		games = append(games, g)
	}
	return games, sc.Err()
}

// gyreOpening measures `opening K` for a range of K.
func gyreOpening(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy-lab gyre opening", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := cli.Size{Size: gyre.Standard}
	fs.Var(&size, "size", "board size RxC")
	kText := fs.String("k", "0..4", "the K to measure: 0..6, 3 or 1,3,5")
	games := fs.Int("games", 20, "games for each K")
	playouts := fs.Int("playouts", 20_000, "playouts a move for both bots, the opening's stones included")
	levelName := fs.String("level", "hard", "level of both bots")
	seed := fs.Uint64("seed", 1, "random seed; game i of K always gets the same bots")
	parallel := fs.Int("parallel", 1, "games played at once")
	logPath := fs.String("log", "", "file of finished games: read on start (those games are not played again) and appended to")
	report := fs.Bool("report", false, "play nothing: the table of the games in the log, however many each K has")
	fairPath := fs.String("fair", "", "file of fair starts (engine/gyre/fair.txt) whose line for the size gets the fairest K")
	if rest, err := cli.ParseAnywhere(fs, args); err != nil || len(rest) > 0 || *games <= 0 || *playouts <= 0 || *parallel <= 0 || *report && *logPath == "" {
		return 2
	}
	ks, err := parseKRange(*kText)
	l, lerr := bot.ParseLevel(*levelName)
	if err == nil {
		err = lerr
	}
	for _, k := range ks {
		if err == nil {
			err = gyre.Opening(k).Fits(size.Size)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre opening: %v\n", err)
		return 2
	}
	done := map[[2]int]bool{}
	var results []openingGame
	if *logPath != "" {
		old, err := readOpeningLog(*logPath)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre opening: %v\n", err)
			return 1
		}
		for _, g := range old {
			if !done[[2]int{g.k, g.index}] && slices.Contains(ks, g.k) && (*report || g.index < *games) {
				done[[2]int{g.k, g.index}] = true
				results = append(results, g)
			}
		}
	}
	if *report {
		return finishOpening(stdout, stderr, size.Size, l, *playouts, summarise(ks, results), *fairPath)
	}
	var log io.Writer = io.Discard
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "gygy-lab gyre opening: %v\n", err)
			return 1
		}
		defer f.Close()
		log = f
	}
	type job struct{ k, i int }
	var jobs []job
	for i := 0; i < *games; i++ { // K by K within each game number, so every K has games early
		for _, k := range ks {
			if !done[[2]int{k, i}] {
				jobs = append(jobs, job{k, i})
			}
		}
	}
	play := func(_ context.Context, j job) (openingGame, error) {
		g, err := playOpeningGame(size.Size, j.k, j.i, l, *playouts, *seed)
		if err != nil {
			return g, fmt.Errorf("K %d game %d: %w", j.k, j.i, err)
		}
		return g, nil
	}
	err = pool.Run(context.Background(), jobs, *parallel, play, func(_ job, g openingGame) error {
		results = append(results, g)
		fmt.Fprintln(log, g.logLine())
		fmt.Fprintf(stderr, "K %d game %d: built %.2f, chooser %.2f, swap %t, %s won (player %d); %d of %d\n",
			g.k, g.index+1, g.build, g.choose, g.swapped, g.winner, g.player, len(results), *games*len(ks))
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre opening: %v\n", err)
		return 1
	}
	return finishOpening(stdout, stderr, size.Size, l, *playouts, summarise(ks, results), *fairPath)
}

// finishOpening prints the table and, given a file of fair starts, writes
// the fairest K's line into it.
func finishOpening(stdout, stderr io.Writer, size gyre.Size, l bot.Level, playouts int, rows []openingRow, fairPath string) int {
	writeOpeningTable(stdout, size, l, playouts, rows)
	if fairPath == "" {
		return 0
	}
	k, ok := fairest(rows)
	if !ok {
		fmt.Fprintln(stderr, "gygy-lab gyre opening: no games, so no fair start to write")
		return 1
	}
	if err := writeFair(fairPath, size, fairOf(rows, k)); err != nil {
		fmt.Fprintf(stderr, "gygy-lab gyre opening: %v\n", err)
		return 1
	}
	return 0
}

// fairOf is K's row as the product reads a fair start.
func fairOf(rows []openingRow, k int) gyre.Fair {
	for _, r := range rows {
		if r.k == k {
			return gyre.Fair{K: k, Games: r.games, OneWins: r.oneWins, SpokeWins: r.spokeWins,
				Even: stats.Even(r.oneWins, r.games) && stats.Even(r.spokeWins, r.games)}
		}
	}
	return gyre.Fair{K: k}
}

// writeFair sets size's line of the file of fair starts to f, keeping
// its comments and the other sizes' lines in their order.
func writeFair(path string, size gyre.Size, f gyre.Fair) error {
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	text, err := setFairLine(string(data), size, f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// setFairLine is text with size's line replaced by f's, or f's added.
func setFairLine(text string, size gyre.Size, f gyre.Fair) (string, error) {
	if _, err := gyre.ParseFair(text); err != nil {
		return "", err
	}
	line := gyre.FormatFair(size, f)
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	done := false
	for i, l := range lines {
		if fields := strings.Fields(l); len(fields) > 0 && fields[0] == size.String() {
			lines[i], done = line, true
		}
	}
	if !done {
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n") + "\n", nil
}
