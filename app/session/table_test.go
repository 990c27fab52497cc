package session

import (
	"strings"
	"testing"
)

// abilities names the optional abilities table t has, in a fixed order.
func abilities(t Table) string {
	var names []string
	add := func(has bool, name string) {
		if has {
			names = append(names, name)
		}
	}
	_, redo := t.(Redoer)
	_, answer := t.(Answerer)
	_, rematch := t.(Rematcher)
	_, abort := t.(Aborter)
	_, claim := t.(Claimer)
	_, tick := t.(Ticker)
	add(redo, "Redoer")
	add(answer, "Answerer")
	add(rematch, "Rematcher")
	add(abort, "Aborter")
	add(claim, "Claimer")
	add(tick, "Ticker")
	return strings.Join(names, " ")
}

// At one device a table redoes, plays again and runs clocks; nobody asks
// it questions, aborts or claims.
func TestLocalAbilities(t *testing.T) {
	s := newSession(t, hotSeat, nil)
	const want = "Redoer Rematcher Ticker"
	if got := abilities(NewLocal(s, LocalConfig{})); got != want {
		t.Errorf("abilities(Local) = %q, want %q", got, want)
	}
}
