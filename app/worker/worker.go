// Package worker is the page's side of the app's Web Workers
// (web/bot-worker.js): the computer player (web/bot.wasm, built from
// wasm/bot) and the QR reader (web/qr.wasm, from wasm/qr). The page only
// posts a request and waits for the answer, so a search never blocks it
// and the bot's code is not part of app.wasm. The messages are
// package message's; they carry the game and its moves in notation, read
// and written here only: the worker's client takes and gives actions
// ([Worker.Think], [Worker.Judge]).
package worker

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/worker/message"
	"gygy/engine/game"
)

// Worker is the page's side of one Web Worker, started on first use. The
// browser program makes one for the computer player ([New]) and hands its
// Think, Judge and Warm to the shell, and one for the QR reader
// ([NewQR]) and hands its ReadQR.
type Worker struct {
	mu      sync.Mutex
	script  string // the worker's script under the static resources
	js      app.Value
	next    int
	waiting map[int]chan message.Reply
	started map[int]func(time.Duration) // the requests' Started callbacks
}

// New returns the page's side of the computer player's Web Worker.
func New() *Worker { return &Worker{script: "/bot-worker.js"} }

// NewQR returns the page's side of the QR reader's Web Worker, for
// browsers that cannot read a QR code themselves. It starts on the first
// ReadQR, when a camera opens, so that nobody else downloads the decoder.
func NewQR() *Worker { return &Worker{script: "/bot-worker.js?wasm=qr.wasm"} }

// start creates the Web Worker. It must hold w.mu.
func (w *Worker) start() {
	if w.js != nil {
		return
	}
	w.waiting = make(map[int]chan message.Reply)
	w.started = make(map[int]func(time.Duration))
	url := app.Getenv("GOAPP_STATIC_RESOURCES_URL") + w.script
	w.js = app.Window().Get("Worker").New(url)
	w.js.Set("onmessage", app.FuncOf(func(this app.Value, args []app.Value) any {
		r := message.ReadReply(object{args[0].Get("data")})
		switch {
		case r.Fatal != "":
			w.failAll(errors.New("the computer player did not start: " + r.Fatal))
		case r.Started:
			w.begun(r.ID, r.Budget)
		default:
			w.deliver(r)
		}
		return nil
	}))
}

// begun passes the worker's "started" message to the request's callback.
func (w *Worker) begun(id int, budget time.Duration) {
	w.mu.Lock()
	f := w.started[id]
	delete(w.started, id)
	w.mu.Unlock()
	if f != nil {
		f(budget)
	}
}

func (w *Worker) deliver(r message.Reply) {
	w.mu.Lock()
	ch := w.waiting[r.ID]
	delete(w.waiting, r.ID)
	delete(w.started, r.ID)
	w.mu.Unlock()
	if ch != nil {
		ch <- r
	}
}

func (w *Worker) failAll(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for id, ch := range w.waiting {
		ch <- message.Reply{ID: id, Error: err.Error()}
		delete(w.waiting, id)
		delete(w.started, id)
	}
}

// Warm starts the worker ahead of the first move, so that loading the
// computer player does not add to the wait for its first answer.
func (w *Worker) Warm() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.start()
}

// ReadQR asks the worker for the QR code in a picture (an ImageData):
// its text, or an error where there is none.
func (w *Worker) ReadQR(picture app.Value) (string, error) {
	w.mu.Lock()
	id, ch := w.request(nil)
	w.js.Call("postMessage", map[string]any{"id": id, "qr": picture})
	w.mu.Unlock()
	r := <-ch
	if r.Error != "" {
		return "", errors.New(r.Error)
	}
	return r.Text, nil
}

// request starts the worker if need be and opens a new request: its id,
// and where its answer comes; started, if set, hears when it begins. It
// must hold w.mu.
func (w *Worker) request(started func(time.Duration)) (int, chan message.Reply) {
	w.start()
	w.next++
	ch := make(chan message.Reply, 1)
	w.waiting[w.next] = ch
	if started != nil {
		w.started[w.next] = started
	}
	return w.next, ch
}

// ask posts req (with a new id) and waits for its answer. When ctx is
// done it asks the worker to stop and drops the answer.
func (w *Worker) ask(ctx context.Context, req message.Request, started func(time.Duration)) (message.Reply, error) {
	w.mu.Lock()
	id, ch := w.request(started)
	req.ID = id
	w.js.Call("postMessage", req.Object())
	w.mu.Unlock()
	select {
	case r := <-ch:
		if r.Error != "" {
			return r, errors.New(r.Error)
		}
		return r, nil
	case <-ctx.Done():
		w.mu.Lock()
		delete(w.waiting, req.ID)
		delete(w.started, req.ID)
		w.js.Call("postMessage", message.Request{ID: req.ID, Cancel: true}.Object())
		w.mu.Unlock()
		return message.Reply{}, ctx.Err()
	}
}

// Think asks the worker for the next action of the computer seat st in
// game g (a session.Thinker), with a seed of the clock's. g is read, not
// changed; the caller must not change it meanwhile.
func (w *Worker) Think(ctx context.Context, g game.Game, st session.Seat, started func(budget time.Duration)) (game.Action, error) {
	seed := uint64(time.Now().UnixNano()) >> 11 // a JavaScript number holds 53 bits
	r, err := w.ask(ctx, message.Request{Record: g.Record(), Level: st.Level.String(), Seed: seed, Long: st.Long}, started)
	if err != nil {
		return nil, err
	}
	a, err := g.ReadAction(r.Move)
	if err != nil {
		return nil, fmt.Errorf("the computer's answer %q: %w", r.Move, err)
	}
	return a, nil
}

// object reads a message through go-app's Value (message.Object).
type object struct{ v app.Value }

func (o object) String(key string) (string, bool) {
	v := o.v.Get(key)
	if v.Type() != app.TypeString {
		return "", false
	}
	return v.String(), true
}

func (o object) Number(key string) (float64, bool) {
	v := o.v.Get(key)
	if v.Type() != app.TypeNumber {
		return 0, false
	}
	return v.Float(), true
}

func (o object) Truthy(key string) bool { return o.v.Get(key).Truthy() }
