//go:build js && wasm

// Command bot is the computer player for the web app, built with
// GOOS=js GOARCH=wasm into web/bot.wasm and run in a Web Worker
// (web/bot-worker.js), so that its search never holds up the page. The
// page's side is package app/worker; handle says what the two say.
package main

import (
	"context"
	"sync"
	"syscall/js"
	"time"

	"gygy/app/worker/message"
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
// The protocol (package message's types), one request at a time per id:
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
	req := message.ReadRequest(object(msg))
	if req.Cancel {
		mu.Lock()
		if cancel := cancels[req.ID]; cancel != nil {
			cancel()
		}
		mu.Unlock()
		return
	}
	level, err := bot.ParseLevel(req.Level)
	if err != nil {
		post(message.Reply{ID: req.ID, Error: err.Error()})
		return
	}
	timing := bot.Timing{Now: time.Now, Long: req.Long, MoveTime: req.Budget}
	post(message.Reply{ID: req.ID, Started: true, Budget: timing.Budget(level)})
	ctx, cancel := context.WithCancel(context.Background())
	mu.Lock()
	cancels[req.ID] = cancel
	mu.Unlock()
	go func() {
		var reply message.Reply
		var err error
		if req.Judge {
			reply, err = judge(ctx, req.Record, req.Played, timing)
		} else {
			reply.Move, err = think(ctx, req.Record, level, req.Seed, timing)
		}
		mu.Lock()
		delete(cancels, req.ID)
		mu.Unlock()
		cancel()
		if err != nil {
			reply = message.Reply{Error: err.Error()}
		}
		reply.ID = req.ID
		post(reply)
	}()
}

// post sends a reply to the page.
func post(r message.Reply) { js.Global().Call("postMessage", r.Object()) }

// object reads a message through syscall/js (message.Object).
type object js.Value

func (o object) String(key string) (string, bool) {
	v := js.Value(o).Get(key)
	if v.Type() != js.TypeString {
		return "", false
	}
	return v.String(), true
}

func (o object) Number(key string) (float64, bool) {
	v := js.Value(o).Get(key)
	if v.Type() != js.TypeNumber {
		return 0, false
	}
	return v.Float(), true
}

func (o object) Truthy(key string) bool { return js.Value(o).Get(key).Truthy() }

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
