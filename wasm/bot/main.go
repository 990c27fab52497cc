//go:build js && wasm

// Command bot is the computer player for the web app, built with
// GOOS=js GOARCH=wasm into web/bot.wasm and run in a Web Worker
// (web/bot-worker.js), so that its search never holds up the page. The
// page's side is app/ui's Worker; handle says what the two say.
package main

import (
	"context"
	"sync"
	"syscall/js"
	"time"

	"gygy/engine/bot"
	"gygy/engine/game"
)

var (
	mu      sync.Mutex
	cancels = map[int]context.CancelFunc{}
)

func main() {
	js.Global().Call("gygyBotReady", js.FuncOf(func(this js.Value, args []js.Value) any {
		handle(args[0])
		return nil
	}))
	select {}
}

// handle reads one message. The search runs on its own goroutine: a JS
// callback must return before Go code can wait on anything.
//
// The protocol, one request at a time per id:
//
//   - The page posts {id, record, level, seed} and may add budget (the
//     most time to think, in milliseconds; default the level's own
//     budget, level.MoveTime) or long: true (Hard's "think longer"
//     budget, level.LongMoveTime).
//   - The worker answers at once {id, started: true, budget}: it has begun,
//     and will answer within about budget milliseconds (the page can fill
//     a progress ring over that time). It may answer sooner.
//   - Then it posts {id, move} (the move, or the layout during a Gygès
//     setup, in notation) or {id, error}.
//   - {id, cancel: true} stops a search early; it then answers with its
//     best move so far, which the page may drop (undo does).
//   - {id, record, judge: true} judges the position for an analysis or
//     a hint (judge.go): Medium's move and the mover's chance, or a proof.
//
// The bots read the worker's clock (time.Now) for their time budgets.
func handle(msg js.Value) {
	id := msg.Get("id").Int()
	if msg.Get("cancel").Truthy() {
		mu.Lock()
		if cancel := cancels[id]; cancel != nil {
			cancel()
		}
		mu.Unlock()
		return
	}
	record, seed := msg.Get("record").String(), uint64(0)
	if v := msg.Get("seed"); v.Type() == js.TypeNumber {
		seed = uint64(v.Float())
	}
	level, err := bot.ParseLevel(msg.Get("level").String())
	if err != nil {
		js.Global().Call("postMessage", map[string]any{"id": id, "error": err.Error()})
		return
	}
	timing := bot.Timing{Now: time.Now, Long: msg.Get("long").Truthy()}
	if b := msg.Get("budget"); b.Type() == js.TypeNumber && b.Float() > 0 {
		timing.MoveTime = time.Duration(b.Float() * float64(time.Millisecond))
	}
	js.Global().Call("postMessage", map[string]any{
		"id": id, "started": true, "budget": float64(timing.Budget(level).Milliseconds()),
	})
	ctx, cancel := context.WithCancel(context.Background())
	mu.Lock()
	cancels[id] = cancel
	mu.Unlock()
	if msg.Get("judge").Truthy() {
		played := ""
		if v := msg.Get("played"); v.Type() == js.TypeString {
			played = v.String()
		}
		go answerJudge(ctx, cancel, id, record, played, timing)
		return
	}
	go func() {
		move, err := think(ctx, record, level, seed, timing)
		mu.Lock()
		delete(cancels, id)
		mu.Unlock()
		cancel()
		reply := map[string]any{"id": id}
		if err != nil {
			reply["error"] = err.Error()
		} else {
			reply["move"] = move
		}
		js.Global().Call("postMessage", reply)
	}()
}

// answerJudge judges a position (judge.go) and posts the answer.
func answerJudge(ctx context.Context, cancel context.CancelFunc, id int, record, played string, timing bot.Timing) {
	reply, err := judge(ctx, record, played, timing)
	mu.Lock()
	delete(cancels, id)
	mu.Unlock()
	cancel()
	if err != nil {
		reply = map[string]any{"error": err.Error()}
	}
	reply["id"] = id
	js.Global().Call("postMessage", reply)
}

// yielder hands control back to the worker's event loop now and then, so
// that a cancel message gets through.
func yielder() func() {
	last := time.Now()
	return func() {
		if time.Since(last) > 50*time.Millisecond {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
	}
}

// think answers with the next action of the game in record: a GYRE move,
// or a Gygès setup or move, in notation.
func think(ctx context.Context, record string, level bot.Level, seed uint64, timing bot.Timing) (string, error) {
	played, err := game.Parse(record)
	if err != nil {
		return "", err
	}
	d, err := bot.Next(ctx, played, bot.Config{Level: level, Seed: seed, Timing: timing, Yield: yielder()})
	return d.Action, err
}
