//go:build js && wasm

package main

import (
	"context"
	"errors"

	"gygy/app/worker/message"
	"gygy/engine/bot"
	"gygy/engine/game"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// Judging a position for the analysis of a game and for hints: the page
// posts {id, record, judge: true} (with budget, as for a move), and the
// worker answers {id, started, budget}, then {id, move, value, known,
// proved, winning, played} or {id, error}: Medium's move, the chance of the side
// to move (known is false where the bot's value means something else, a
// GYRE opening or swap), and for small GYRE positions the solver's proof
// (value 1 or 0, winning: the winning moves, space-separated). An
// analysis names the move played from the position too (played: its
// notation); for Gygès the answer then has the mover's chance after it,
// judged as the best move is (played: the chance).

// The solver's reach: boards of at most solve.MaxCells cells with at most
// proveEmpty empty cells, and at most proveNodes positions searched.
const (
	proveEmpty = 30
	proveNodes = 400_000
)

// solvers keeps one solver per board size, so that the positions of one
// game share their transposition table.
var solvers = map[gyre.Size]*solve.Solver{}

// judge answers a judge request for the game in record.
func judge(ctx context.Context, record, move string, timing bot.Timing) (message.Reply, error) {
	played, err := game.Parse(record)
	if err != nil {
		return message.Reply{}, err
	}
	if played.Result().Over() {
		return message.Reply{}, errors.New("judge: the game is over")
	}
	if g := game.AsGyre(played); g != nil {
		if out, ok := prove(ctx, g); ok {
			return out, nil
		}
	}
	if g := game.AsGyges(played); g != nil && move != "" && !played.InSetup() {
		return judgeGyges(ctx, g.Position(), move)
	}
	d, err := bot.Next(ctx, played, bot.Config{Level: bot.Medium, Seed: 1, Timing: timing, Yield: yielder()})
	if err != nil {
		return message.Reply{}, err
	}
	known := d.Reason != bot.ReasonOpening && d.Reason != bot.ReasonSwap && !played.InSetup()
	return message.Reply{Move: d.Action, Judged: true, Value: d.Value, Known: known}, nil
}

// judgeGyges judges a Gygès position of an analysis and the move played
// there in one way (bot.JudgeGyges), so that the two compare.
func judgeGyges(ctx context.Context, pos gyges.Position, move string) (message.Reply, error) {
	m, err := gyges.ParseMove(move)
	if err != nil {
		return message.Reply{}, err
	}
	best, value, err := bot.JudgeGyges(ctx, pos, yielder())
	if err != nil {
		return message.Reply{}, err
	}
	after, err := bot.JudgeGygesMove(ctx, pos, m, yielder())
	if err != nil {
		return message.Reply{}, err
	}
	return message.Reply{Move: best.String(), Judged: true, Value: value, Known: true, Played: after, HasPlayed: true}, nil
}

// prove solves a small GYRE position, or reports false where it is out of
// the solver's reach (too big, an opening or swap still to come, the
// budget spent).
func prove(ctx context.Context, g *gyre.Game) (message.Reply, bool) {
	b := g.Board()
	if b.Size().Cells() > solve.MaxCells || b.Stones(gyre.Empty) > proveEmpty || g.InOpening() || g.SwapAvailable() {
		return message.Reply{}, false
	}
	s := solvers[b.Size()]
	if s == nil {
		var err error
		if s, err = solve.New(b.Size(), solve.Config{TableBits: 18, MaxNodes: proveNodes}); err != nil {
			return message.Reply{}, false
		}
		solvers[b.Size()] = s
	}
	res, err := s.SolveAll(ctx, &b, g.ToMove())
	if err != nil {
		return message.Reply{}, false
	}
	geo := b.Geometry()
	names := make([]string, len(res.Winning))
	for i, c := range res.Winning {
		names[i] = geo.MoveName(gyre.Place(c))
	}
	value, move := 0.0, ""
	if res.Win {
		value, move = 1, names[0]
	}
	return message.Reply{Move: move, Judged: true, Value: value, Known: true, Proved: true, Winning: names}, true
}
