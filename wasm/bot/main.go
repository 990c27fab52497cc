//go:build js && wasm

// Command bot is the computer player for the web app, built with
// GOOS=js GOARCH=wasm into web/bot.wasm and run in a Web Worker
// (web/bot-worker.js), so that its search never holds up the page.
//
// The page posts {id, record, level, seed} and gets back {id, move} (the
// move in notation) or {id, error}; {id, cancel: true} stops a search
// early, which then answers with its best move so far.
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
	record, level, seed := msg.Get("record").String(), msg.Get("level").String(), uint64(msg.Get("seed").Float())
	ctx, cancel := context.WithCancel(context.Background())
	mu.Lock()
	cancels[id] = cancel
	mu.Unlock()
	go func() {
		move, err := think(ctx, record, level, seed)
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

// think answers with the next action of the game in record: a GYRE move,
// or a Gygès setup or move, in notation.
func think(ctx context.Context, record, levelName string, seed uint64) (string, error) {
	level, err := bot.ParseLevel(levelName)
	if err != nil {
		return "", err
	}
	// Hand control back to the worker's event loop now and then, so that a
	// cancel message gets through.
	last := time.Now()
	yield := func() {
		if time.Since(last) > 50*time.Millisecond {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
	}
	played, err := game.Parse(record)
	if err != nil {
		return "", err
	}
	if g := game.AsGyges(played); g != nil {
		b := bot.NewGyges(level, seed)
		if played.InSetup() {
			l, err := b.Setup(ctx, g, yield)
			return l.String(), err
		}
		m, err := b.Think(ctx, g, yield)
		return m.String(), err
	}
	g := game.AsGyre(played)
	m, err := bot.NewGyre(level, seed).Think(ctx, g, yield)
	if err != nil {
		return "", err
	}
	return g.Geometry().MoveName(m), nil
}
