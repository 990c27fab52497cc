package ui

import (
	"context"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/analysis"
	"gygy/engine/game"
	"gygy/engine/level"
)

// JudgeBudget is the most the worker thinks over one position of an
// analysis or a hint: Medium's, as its work budget (playouts, nodes) most
// often ends the search sooner.
var JudgeBudget = level.Medium.MoveTime(false)

// Judge asks the worker to judge the position at the end of record (see
// wasm/bot/judge.go): Medium's move there, the mover's chance, or the
// GYRE solver's proof with the moves that keep the win. An analysis
// names the move played there (played, else ""): a Gygès position is
// then judged with that move, in the same way (Judgement.Played). The Mover field
// is left for the caller, who knows the game. When ctx is done it asks
// the worker to stop and drops the answer.
func (w *Worker) Judge(ctx context.Context, record, played string) (analysis.Judgement, error) {
	msg := map[string]any{
		"id": 0, "record": record, "judge": true, "level": level.Medium.String(), "seed": 1,
		"budget": float64(JudgeBudget / time.Millisecond),
	}
	if played != "" {
		msg["played"] = played
	}
	w.mu.Lock()
	id, ch := w.request()
	msg["id"] = id
	w.js.Call("postMessage", msg)
	w.mu.Unlock()
	select {
	case r := <-ch:
		if r.err != nil {
			return analysis.Judgement{}, r.err
		}
		j := judgement(r)
		j.Action = actionIn(record, j.Best)
		return j, nil
	case <-ctx.Done():
		w.mu.Lock()
		delete(w.waiting, id)
		delete(w.started, id)
		w.js.Call("postMessage", map[string]any{"id": id, "cancel": true})
		w.mu.Unlock()
		return analysis.Judgement{}, ctx.Err()
	}
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
	a, err := game.ParseAction(g, move)
	if err != nil {
		return nil
	}
	return a
}

// judgement reads the worker's answer to a judge request.
func judgement(r workerReply) analysis.Judgement {
	d := r.data
	j := analysis.Judgement{Best: r.move, Known: d.Get("known").Truthy(), Proved: d.Get("proved").Truthy()}
	if v := d.Get("value"); v.Truthy() {
		j.Chance = v.Float()
	}
	if w := d.Get("winning"); w.Truthy() {
		j.Winning = strings.Fields(w.String())
	}
	if p := d.Get("played"); p.Type() == app.TypeNumber {
		j.Played, j.HasPlayed = p.Float(), true
	}
	return j
}
