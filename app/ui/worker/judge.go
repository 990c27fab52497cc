package worker

import (
	"context"

	"gygy/app/analysis"
	"gygy/app/ui/worker/message"
	"gygy/engine/game"
	"gygy/engine/level"
)

// judgeBudget is the most the worker thinks over one position of an
// analysis or a hint: Medium's, as its work budget (playouts, nodes) most
// often ends the search sooner.
var judgeBudget = level.Medium.MoveTime(false)

// Judge asks the worker to judge the position at the end of record (see
// wasm/bot/judge.go): Medium's move there, the mover's chance, or the
// GYRE solver's proof with the moves that keep the win. An analysis
// names the move played there (played, else ""): a Gygès position is
// then judged with that move, in the same way (Judgement.Played). The
// Mover field is left for the caller, who knows the game. When ctx is
// done it asks the worker to stop and drops the answer.
func (w *Worker) Judge(ctx context.Context, record, played string) (analysis.Judgement, error) {
	r, err := w.ask(ctx, message.Request{
		Record: record, Judge: true, Level: level.Medium.String(), Seed: 1, Budget: judgeBudget, Played: played,
	}, nil)
	if err != nil {
		return analysis.Judgement{}, err
	}
	return analysis.Judgement{
		Best: r.Move, Action: actionIn(record, r.Move), Chance: r.Value, Known: r.Known, Proved: r.Proved,
		Winning: r.Winning, Played: r.Played, HasPlayed: r.HasPlayed,
	}, nil
}

// actionIn reads move, the worker's answer in notation, as an action in
// the position at the end of record: the worker's messages are one of
// the edges where notation is read. It is nil for no move, or one that
// does not read.
func actionIn(record, move string) game.Action {
	if move == "" {
		return nil
	}
	g, err := game.Parse(record)
	if err != nil {
		return nil
	}
	a, err := g.ReadAction(move)
	if err != nil {
		return nil
	}
	return a
}
