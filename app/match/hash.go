package match

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strings"

	"gygy/engine/game"
)

// Hash is the state hash both peers compare after every action: SHA-256
// of the canonical record and, in a timed game, both clocks (clock
// String), in hex, shortened to 128 bits.
func Hash(record, clocks string) string {
	text := record
	if clocks != "" {
		text += "\n" + clocks
	}
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:16])
}

// stateHash is Hash of a game as it goes, without writing out and hashing
// its whole record after every action. A record is a header and then the
// actions, one token each, separated by spaces (GYRE's header ends before
// a line break, Gygès's with one): it only ever grows by one action's
// text, or shrinks by an undo. So SHA-256's state is kept after the
// header and after each action; an action adds its text to the last
// state, an undo drops it, a record replaced by a sync or a rematch keeps
// the states of what it has in common with the one before; the clocks are
// added to a copy.
type stateHash struct {
	spec   game.Spec
	exact  bool          // the record is written as above; else the whole record is hashed
	first  string        // what comes between the header and the first action
	tokens []game.Action // the actions hashed
	states []hash.Hash   // after the header, then after each action
}

// sum returns Hash(g.Record(), clocks).
func (h *stateHash) sum(g game.Game, clocks string) string {
	acts := g.Actions()
	if len(h.states) == 0 || g.Spec() != h.spec {
		h.reset(g, acts)
	}
	if !h.exact {
		return Hash(g.Record(), clocks)
	}
	k := 0
	for k < len(h.tokens) && k < len(acts) && h.tokens[k] == acts[k] {
		k++
	}
	h.tokens, h.states = h.tokens[:k], h.states[:k+1]
	for _, a := range acts[k:] {
		d := clone(h.states[len(h.states)-1])
		if len(h.tokens) == 0 {
			d.Write([]byte(h.first))
		} else {
			d.Write([]byte{' '})
		}
		d.Write([]byte(g.Notation(a)))
		h.tokens, h.states = append(h.tokens, a), append(h.states, d)
	}
	d := clone(h.states[len(h.states)-1])
	if clocks != "" {
		d.Write([]byte("\n" + clocks))
	}
	return hex.EncodeToString(d.Sum(nil)[:16])
}

// reset starts over for g's kind of game: the header is the record of a
// new game of the same spec, and g's own record must read as that header
// and its actions.
func (h *stateHash) reset(g game.Game, acts []game.Action) {
	*h = stateHash{spec: g.Spec()}
	fresh, err := h.spec.New()
	if err != nil || fresh.Len() != 0 {
		return
	}
	header := fresh.Record()
	if !strings.HasSuffix(header, "\n") {
		h.first = "\n"
	}
	if len(acts) > 0 && g.Record() != header+h.first+strings.Join(game.Notations(g), " ") {
		return
	}
	d := sha256.New()
	d.Write([]byte(header))
	h.exact, h.states = true, []hash.Hash{d}
}

// clone copies a SHA-256 state.
func clone(d hash.Hash) hash.Hash {
	c, err := d.(hash.Cloner).Clone()
	if err != nil {
		panic("match: a SHA-256 state that cannot be copied: " + err.Error())
	}
	return c
}
