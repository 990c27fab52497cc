package session

import "fmt"

// Rematch at one device is "Play again": once the game is over, a new game
// with the same setup (the board, the rule, the clock, the computer's
// level) starts at once on this table, the seats swapped, so that whoever
// moved second moves first. It replaces the finished game, saved as the
// game in progress; the change reaches the screens as RematchStarted.
func (t *Local) Rematch() error {
	if !t.sess.Over() {
		return fmt.Errorf("session: play again: the game is not over")
	}
	setup := t.sess.Setup()
	setup.Seats[0], setup.Seats[1] = setup.Seats[1], setup.Seats[0]
	next, err := New(setup, t.sess.store)
	if err != nil {
		return fmt.Errorf("session: play again: %w", err)
	}
	t.stop()
	t.sess = next
	t.turnStart = t.cfg.Now()
	t.cfg.Run(func() { t.tell(Change{Event: RematchStarted}) })
	t.think()
	return nil
}
