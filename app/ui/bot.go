package ui

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/engine/level"
)

// The computer player runs in a Web Worker (web/bot-worker.js with
// web/bot.wasm, built from wasm/bot; the QR reader in another, with
// web/qr.wasm): the page only posts the record and
// waits for the move, so the search never blocks it, and the bot's code is
// not part of app.wasm.

// Worker is the page's side of the bot's Web Worker, started on first use.
// The browser program makes one (NewWorker) and hands its Think and Warm
// to the shell (Services), and another for the QR reader (NewQRWorker)
// and hands its ReadQR.
type Worker struct {
	mu      sync.Mutex
	script  string // the worker's script under the static resources
	js      app.Value
	next    int
	waiting map[int]chan workerReply
	started map[int]func(time.Duration) // the requests' Started callbacks
}

type workerReply struct {
	move string // or the text of a QR code read
	err  error
}

// NewWorker returns the page's side of the computer player's Web Worker;
// the worker itself starts on first use.
func NewWorker() *Worker { return &Worker{script: "/bot-worker.js"} }

// NewQRWorker returns the page's side of the QR reader's Web Worker
// (web/qr.wasm, built from wasm/qr), for browsers that cannot read a QR
// code themselves. It starts on the first ReadQR, when a camera opens,
// so that nobody else downloads the decoder.
func NewQRWorker() *Worker { return &Worker{script: "/bot-worker.js?wasm=qr.wasm"} }

// start creates the Web Worker. It must hold w.mu.
func (w *Worker) start() {
	if w.js != nil {
		return
	}
	w.waiting = make(map[int]chan workerReply)
	w.started = make(map[int]func(time.Duration))
	url := app.Getenv("GOAPP_STATIC_RESOURCES_URL") + w.script
	w.js = app.Window().Get("Worker").New(url)
	w.js.Set("onmessage", app.FuncOf(func(this app.Value, args []app.Value) any {
		data := args[0].Get("data")
		if fatal := data.Get("fatal"); fatal.Truthy() {
			w.failAll(errors.New("the computer player did not start: " + fatal.String()))
			return nil
		}
		if data.Get("started").Truthy() {
			w.begun(data.Get("id").Int(), time.Duration(data.Get("budget").Float()*float64(time.Millisecond)))
			return nil
		}
		r := workerReply{}
		if e := data.Get("error"); e.Truthy() {
			r.err = errors.New(e.String())
		} else if text := data.Get("text"); text.Truthy() {
			r.move = text.String()
		} else {
			r.move = data.Get("move").String()
		}
		w.deliver(data.Get("id").Int(), r)
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

func (w *Worker) deliver(id int, r workerReply) {
	w.mu.Lock()
	ch := w.waiting[id]
	delete(w.waiting, id)
	delete(w.started, id)
	w.mu.Unlock()
	if ch != nil {
		ch <- r
	}
}

func (w *Worker) failAll(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for id, ch := range w.waiting {
		ch <- workerReply{err: err}
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
	id, ch := w.request()
	w.js.Call("postMessage", map[string]any{"id": id, "qr": picture})
	w.mu.Unlock()
	r := <-ch
	return r.move, r.err
}

// request starts the worker if need be and opens a new request: its id,
// and where its answer comes. It must hold w.mu.
func (w *Worker) request() (int, chan workerReply) {
	w.start()
	w.next++
	ch := make(chan workerReply, 1)
	w.waiting[w.next] = ch
	return w.next, ch
}

// Think asks the worker for a move (a Thinker). When ctx is done it asks
// the worker to stop and drops the answer.
func (w *Worker) Think(ctx context.Context, record string, level level.Level, seed uint64, opts ...ThinkOptions) (string, error) {
	var opt ThinkOptions
	if len(opts) > 0 {
		opt = opts[0]
	}
	w.mu.Lock()
	id, ch := w.request()
	if opt.Started != nil {
		w.started[id] = opt.Started
	}
	w.js.Call("postMessage", map[string]any{
		"id": id, "record": record, "level": level.String(), "seed": float64(seed >> 11), "long": opt.Long,
	})
	w.mu.Unlock()
	select {
	case r := <-ch:
		return r.move, r.err
	case <-ctx.Done():
		w.mu.Lock()
		delete(w.waiting, id)
		delete(w.started, id)
		w.js.Call("postMessage", map[string]any{"id": id, "cancel": true})
		w.mu.Unlock()
		return "", ctx.Err()
	}
}
