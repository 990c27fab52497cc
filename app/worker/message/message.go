// Package message is what the page and the computer player's Web Worker
// say to each other: a [Request] one way, a [Reply] the other, each sent
// as a plain JavaScript object ([Request.Object], [Reply.Object]) and read
// back through an [Object]. It has no browser code, so that both sides
// (app/worker and wasm/bot) build their messages from the same types.
package message

import (
	"strings"
	"time"
)

// Request is the page's request: a move for the game in Record (or, with
// Judge, a judgement of its last position), or with Cancel the end of the
// request ID.
type Request struct {
	ID     int
	Record string // the game so far, in notation
	Level  string // the level's name (level.Level.String)
	// Seed seeds the bot; it travels as a JavaScript number, so only its
	// low 53 bits count.
	Seed uint64
	// Long asks Hard for its "think longer" budget (level.LongMoveTime).
	Long bool
	// Budget is the most time to think; 0 is the level's own.
	Budget time.Duration
	// Judge asks for a judgement of the position (wasm/bot/judge.go);
	// Played names the move played from it in an analysis, "" if none.
	Judge  bool
	Played string
	// Cancel stops the search of request ID early.
	Cancel bool
}

// Object is the request as posted: {id, record, level, seed} with long,
// budget (in milliseconds), judge and played when set, or {id, cancel}.
func (r Request) Object() map[string]any {
	if r.Cancel {
		return map[string]any{"id": r.ID, "cancel": true}
	}
	o := map[string]any{"id": r.ID, "record": r.Record, "level": r.Level, "seed": float64(r.Seed)}
	if r.Long {
		o["long"] = true
	}
	if r.Budget > 0 {
		o["budget"] = float64(r.Budget / time.Millisecond)
	}
	if r.Judge {
		o["judge"] = true
	}
	if r.Played != "" {
		o["played"] = r.Played
	}
	return o
}

// ReadRequest reads a request as the worker received it.
func ReadRequest(o Object) Request {
	id, _ := o.Number("id")
	r := Request{ID: int(id), Cancel: o.Truthy("cancel")}
	if r.Cancel {
		return r
	}
	r.Record, _ = o.String("record")
	r.Level, _ = o.String("level")
	if v, ok := o.Number("seed"); ok {
		r.Seed = uint64(v)
	}
	r.Long, r.Judge = o.Truthy("long"), o.Truthy("judge")
	if v, ok := o.Number("budget"); ok && v > 0 {
		r.Budget = time.Duration(v * float64(time.Millisecond))
	}
	r.Played, _ = o.String("played")
	return r
}

// Reply is the worker's answer to request ID: first Started (it has
// begun, and answers within Budget), then the Move (or, from the QR
// reader, the Text read) or an Error. Fatal, without an ID, says the
// worker could not start.
type Reply struct {
	ID      int
	Fatal   string
	Started bool
	Budget  time.Duration
	Move    string // in notation: a move, or a layout during a Gygès setup
	Text    string
	Error   string
	// Judged marks the answer to a judge request: Value is the mover's
	// chance (meant as one where Known), Proved says the GYRE solver
	// proved it (Winning: the moves that keep the win), and HasPlayed
	// that Played is the mover's chance after the move played.
	Judged    bool
	Value     float64
	Known     bool
	Proved    bool
	Winning   []string
	Played    float64
	HasPlayed bool
}

// Object is the reply as posted: {id, started, budget}, {id, error}, or
// {id, move} with value, known, proved, winning (space-separated) and
// played for a judgement.
func (r Reply) Object() map[string]any {
	switch {
	case r.Started:
		return map[string]any{"id": r.ID, "started": true, "budget": float64(r.Budget.Milliseconds())}
	case r.Error != "":
		return map[string]any{"id": r.ID, "error": r.Error}
	case r.Text != "":
		return map[string]any{"id": r.ID, "text": r.Text}
	}
	o := map[string]any{"id": r.ID, "move": r.Move}
	if !r.Judged {
		return o
	}
	o["value"], o["known"] = r.Value, r.Known
	if r.Proved {
		o["proved"], o["winning"] = true, strings.Join(r.Winning, " ")
	}
	if r.HasPlayed {
		o["played"] = r.Played
	}
	return o
}

// ReadReply reads a reply as the page received it.
func ReadReply(o Object) Reply {
	if o.Truthy("fatal") {
		f, _ := o.String("fatal")
		return Reply{Fatal: f}
	}
	id, _ := o.Number("id")
	r := Reply{ID: int(id)}
	if o.Truthy("started") {
		ms, _ := o.Number("budget")
		r.Started, r.Budget = true, time.Duration(ms*float64(time.Millisecond))
		return r
	}
	if o.Truthy("error") {
		r.Error, _ = o.String("error")
		return r
	}
	r.Text, _ = o.String("text")
	r.Move, _ = o.String("move")
	if v, ok := o.Number("value"); ok {
		r.Judged = true
		if v == v { // NaN reads as no chance
			r.Value = v
		}
	}
	r.Known, r.Proved = o.Truthy("known"), o.Truthy("proved")
	if w, _ := o.String("winning"); w != "" {
		r.Winning = strings.Fields(w)
	}
	r.Played, r.HasPlayed = o.Number("played")
	return r
}

// Object reads a message's fields: a JavaScript object, seen through
// syscall/js or go-app. String and Number report false for a field that
// is missing or of another type.
type Object interface {
	String(key string) (string, bool)
	Number(key string) (float64, bool)
	Truthy(key string) bool
}

// Map is an Object of Go values (strings, numbers, booleans), as
// [Request.Object] and [Reply.Object] make them: tests read messages
// through it.
type Map map[string]any

// String returns the field key if it is a string.
func (m Map) String(key string) (string, bool) {
	s, ok := m[key].(string)
	return s, ok
}

// Number returns the field key if it is a number.
func (m Map) Number(key string) (float64, bool) {
	switch v := m[key].(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	}
	return 0, false
}

// Truthy reports whether the field key is set, as JavaScript tests it.
func (m Map) Truthy(key string) bool {
	switch v := m[key].(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case int:
		return v != 0
	case float64:
		return v != 0 && v == v
	}
	return true
}
