package match

import "fmt"

// Questions are what the two sides ask each other besides their actions,
// open until answered or until the game moves on.
type Questions struct {
	UndoAsked      bool // this side asked to take back its last action, and awaits the answer
	UndoOffered    bool // the opponent asks to take back its last action: AnswerUndo
	RematchAsked   bool // this side offered a rematch, and awaits the answer
	RematchOffered bool // the opponent offers a rematch: AnswerRematch
}

// questions are the open questions. An undo request holds the length of
// the record it is about (-1: none): it is answered about that record.
type questions struct {
	undoAsked, undoOffered       int
	rematchAsked, rematchOffered bool
}

func noQuestions() questions { return questions{undoAsked: -1, undoOffered: -1} }

// lapse forgets the undo requests: the game moved on.
func (q *questions) lapse() { q.undoAsked, q.undoOffered = -1, -1 }

func (q questions) open() Questions {
	return Questions{UndoAsked: q.undoAsked >= 0, UndoOffered: q.undoOffered >= 0, RematchAsked: q.rematchAsked, RematchOffered: q.rematchOffered}
}

// saved is the questions' saved form (Saved.Undo, Saved.Rematch).
func (q questions) saved() (undo [2]int, rematch [2]bool) {
	return [2]int{q.undoAsked + 1, q.undoOffered + 1}, [2]bool{q.rematchAsked, q.rematchOffered}
}

// savedQuestions reads the questions' saved form.
func savedQuestions(undo [2]int, rematch [2]bool) questions {
	return questions{undoAsked: max(-1, undo[0]-1), undoOffered: max(-1, undo[1]-1), rematchAsked: rematch[0], rematchOffered: rematch[1]}
}

// Questions returns the open questions.
func (m *Match) Questions() Questions {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.questions.open()
}

// RequestUndo asks the opponent to take back the last action.
func (m *Match) RequestUndo() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	if m.rules != nil {
		n = m.rules.Len()
	}
	if m.state != playing || n == 0 || m.rules.Result().Method.OffBoard() {
		return fmt.Errorf("%w: undo: nothing to take back", ErrState)
	}
	m.questions.undoAsked = n
	m.sendAct(Frame{Type: TypeUndoRequest, Ply: n})
	return nil
}

// AnswerUndo answers the opponent's undo request; yes takes back the last
// action on both sides.
func (m *Match) AnswerUndo(yes bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.questions.undoOffered
	if n < 0 {
		return fmt.Errorf("%w: answer undo: no request", ErrState)
	}
	m.questions.undoOffered = -1
	if yes {
		if n != m.rules.Len() {
			yes = false // the record moved on since the request
		} else if _, err := m.rules.Undo(); err != nil {
			yes = false
		} else {
			m.startTurn()
		}
	}
	m.sendAct(Frame{Type: TypeUndoAnswer, Ply: n, Accept: yes})
	return nil
}

// RequestRematch offers another game with the sides swapped, once this one
// is over: won, lost or aborted (after an abort both players are still
// there and want a game).
func (m *Match) RequestRematch() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != playing || !m.over() {
		return fmt.Errorf("%w: rematch: the game is not over", ErrState)
	}
	if m.questions.rematchAsked {
		return fmt.Errorf("%w: rematch: already offered", ErrState)
	}
	m.questions.rematchAsked = true
	m.sendAct(Frame{Type: TypeRematchRequest})
	return nil
}

// RematchAsked reports whether this side's rematch offer awaits the
// opponent's answer.
func (m *Match) RematchAsked() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.questions.rematchAsked
}

// AnswerRematch answers the opponent's rematch offer; yes starts the new
// game at once.
func (m *Match) AnswerRematch(yes bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.questions.rematchOffered {
		return fmt.Errorf("%w: answer rematch: no offer", ErrState)
	}
	m.questions.rematchOffered = false
	m.sendAct(Frame{Type: TypeRematchAnswer, Accept: yes}) // of the game it answers about
	if yes {
		m.rematch()
	}
	return nil
}

// takeQuestion takes the peer's question or answer; n is the length of
// the record. It holds m.mu.
func (m *Match) takeQuestion(f Frame, n int) (Event, error) {
	q := &m.questions
	switch f.Type {
	case TypeUndoRequest:
		if f.Ply > 0 && f.Ply < n && isAct(f.Type) && f.Act > 0 {
			return Event{}, nil // it crossed our action: the question lapsed
		}
		if n == 0 || f.Ply != n || m.rules.Result().Method.OffBoard() {
			return Event{}, rejectf("undo request about a record of %d actions; this side has %d", f.Ply, n)
		}
		q.undoOffered = n
		return Event{Kind: EventUndoRequest}, nil
	case TypeUndoAnswer:
		if q.undoAsked < 0 || f.Ply != q.undoAsked {
			return Event{}, rejectf("undo answer to no request")
		}
		q.undoAsked = -1
		if !f.Accept {
			return Event{Kind: EventUndoDeclined}, nil
		}
		undo := func() bool { _, err := m.rules.Undo(); m.startTurn(); return err == nil }
		if n != f.Ply || !undo() {
			m.send(m.syncFrame(true))
			return Event{Kind: EventResyncing, Reason: "undo: the record moved on"}, nil
		}
		q.lapse() // the game moved: a question of the opponent's lapses too
		return Event{Kind: EventUndo}, nil
	case TypeRematchRequest:
		if !m.over() {
			return Event{}, rejectf("rematch request while the game goes on")
		}
		q.rematchOffered = true
		return Event{Kind: EventRematchRequest}, nil
	default: // TypeRematchAnswer
		if !q.rematchAsked {
			return Event{}, rejectf("rematch answer to no offer")
		}
		q.rematchAsked = false
		if !f.Accept {
			return Event{Kind: EventRematchDeclined}, nil
		}
		m.rematch()
		return Event{Kind: EventRematch, Hello: m.hello}, nil
	}
}
