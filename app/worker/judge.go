package worker

import (
	"context"

	"gygy/app/analysis"
	"gygy/app/worker/message"
	"gygy/engine/game"
	"gygy/engine/level"
)

// judgeBudget is the most the worker thinks over one position of an
// analysis or a hint: Medium's, as its work budget (playouts, nodes) most
// often ends the search sooner.
var judgeBudget = level.Medium.MoveTime(false)

// Judge asks the worker to judge the position g stands in (see
// wasm/bot/judge.go): Medium's move there, the mover's chance, or the
// GYRE solver's proof with the moves that keep the win. An analysis
// names the action played there (played, else nil): a Gygès position is
// then judged with that move, in the same way (Judgement.Played). The
// Mover field is left for the caller, who knows the game. When ctx is
// done it asks the worker to stop and drops the answer. g is read, not
// changed; the caller must not change it meanwhile.
func (w *Worker) Judge(ctx context.Context, g game.Game, played game.Action) (analysis.Judgement, error) {
	req := message.Request{
		Record: g.Record(), Judge: true, Level: level.Medium.String(), Seed: 1, Budget: judgeBudget,
	}
	if played != nil {
		req.Played = g.Notation(played)
	}
	r, err := w.ask(ctx, req, nil)
	if err != nil {
		return analysis.Judgement{}, err
	}
	return judgement(g, r), nil
}

// judgement reads the worker's answer to a judge request for the position
// g stands in: its moves, in notation in the message, are read there as
// actions. A move that does not read is none (nil; left out of Winning).
func judgement(g game.Game, r message.Reply) analysis.Judgement {
	j := analysis.Judgement{
		Best: readIn(g, r.Move), Chance: r.Value, Known: r.Known, Proved: r.Proved,
		Played: r.Played, HasPlayed: r.HasPlayed,
	}
	for _, m := range r.Winning {
		if a := readIn(g, m); a != nil {
			j.Winning = append(j.Winning, a)
		}
	}
	return j
}

// readIn reads move, the worker's answer in notation, as an action in the
// position g stands in: nil for no move, or one that does not read.
func readIn(g game.Game, move string) game.Action {
	if move == "" {
		return nil
	}
	a, err := g.ReadAction(move)
	if err != nil {
		return nil
	}
	return a
}
