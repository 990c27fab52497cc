// Package clock keeps the time of a game played with a clock for each
// side: a time control (so many minutes, and an increment added after
// each action), the time each side has left, and flag fall. It is pure:
// nobody here reads a clock. The caller measures how long each action took
// (locally, or as the acting side reported it over the network) and hands
// that in, so that two devices that apply the same think times agree to
// the millisecond on what is left.
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gygy/engine/game"
)

// ErrFlag reports a side whose time ran out.
var ErrFlag = errors.New("clock: time is up")

// Control is a time control: Base for the whole game, plus Increment
// after each action. The zero Control means no clock.
type Control struct {
	Base, Increment time.Duration
}

// Presets are the time controls the app offers, fastest first.
var Presets = []Control{
	{3 * time.Minute, 2 * time.Second},
	{5 * time.Minute, 3 * time.Second},
	{10 * time.Minute, 5 * time.Second},
	{30 * time.Minute, 0},
}

// On reports whether the control has a clock at all.
func (c Control) On() bool { return c.Base > 0 }

// String writes the control as minutes+seconds, e.g. "5+3", and "" for
// no clock.
func (c Control) String() string {
	if !c.On() {
		return ""
	}
	return fmt.Sprintf("%s+%d", strconv.FormatFloat(c.Base.Minutes(), 'f', -1, 64), int(c.Increment/time.Second))
}

// ParseControl reads a control written by String ("" or "none" for no
// clock): whole or fractional minutes, then whole seconds of increment.
func ParseControl(s string) (Control, error) {
	if s == "" || s == "none" {
		return Control{}, nil
	}
	ms, is, ok := strings.Cut(s, "+")
	m, err1 := strconv.ParseFloat(ms, 64)
	inc, err2 := strconv.Atoi(is)
	if !ok || err1 != nil || err2 != nil || m <= 0 || m > 180 || inc < 0 || inc > 180 {
		return Control{}, fmt.Errorf("clock: time control %.20q, want minutes+seconds such as 5+3 (up to 180 each)", s)
	}
	return Control{Base: time.Duration(m * float64(time.Minute)).Round(time.Second), Increment: time.Duration(inc) * time.Second}, nil
}

// MarshalText writes the control as String does, for JSON.
func (c Control) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (c *Control) UnmarshalText(b []byte) error {
	v, err := ParseControl(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Clock is both sides' time under a control. The zero Clock has no
// control and never runs out.
type Clock struct {
	Control Control
	left    [2]time.Duration
}

// New starts both sides with the control's base time.
func New(c Control) Clock {
	return Clock{Control: c, left: [2]time.Duration{c.Base, c.Base}}
}

// Restore is a clock with the given time left, e.g. from a saved game.
func Restore(c Control, one, two time.Duration) (Clock, error) {
	if !c.On() {
		return Clock{}, nil
	}
	if one < 0 || two < 0 || one > 24*time.Hour || two > 24*time.Hour {
		return Clock{}, fmt.Errorf("clock: time left %v and %v out of range", one, two)
	}
	return Clock{Control: c, left: [2]time.Duration{one, two}}, nil
}

func index(s game.Seat) int {
	if s == game.Two {
		return 1
	}
	return 0
}

// Left is the time seat s has left, not counting a turn under way.
func (c Clock) Left(s game.Seat) time.Duration { return c.left[index(s)] }

// Spend charges seat s for an action that took think: its time goes down
// by think, then up by the increment. If think used up all the time left,
// the side is left at zero and Spend returns ErrFlag: the action came too
// late (the caller decides what that means; the side has lost on time).
func (c *Clock) Spend(s game.Seat, think time.Duration) error {
	if !c.Control.On() {
		return nil
	}
	if think < 0 {
		return fmt.Errorf("clock: a think time of %v", think)
	}
	i := index(s)
	if think >= c.left[i] {
		c.left[i] = 0
		return fmt.Errorf("%w: %s needed %v with %v left", ErrFlag, s, think.Round(time.Millisecond), c.Left(s))
	}
	c.left[i] += c.Control.Increment - think
	return nil
}

// Remaining is what seat s has left when its turn has run for running.
func (c Clock) Remaining(s game.Seat, running time.Duration) time.Duration {
	return max(0, c.left[index(s)]-running)
}

// Flagged reports whether seat s has run out after a turn of running.
func (c Clock) Flagged(s game.Seat, running time.Duration) bool {
	return c.Control.On() && c.left[index(s)] <= running
}

// String writes the clock for a state hash: the control and both sides'
// time in milliseconds, e.g. "5+3 300000 297000"; "" with no clock.
func (c Clock) String() string {
	if !c.Control.On() {
		return ""
	}
	return fmt.Sprintf("%s %d %d", c.Control, c.left[0].Milliseconds(), c.left[1].Milliseconds())
}

// Parse reads a clock written by String ("" for no clock).
func Parse(text string) (Clock, error) {
	if text == "" {
		return Clock{}, nil
	}
	f := strings.Fields(text)
	if len(f) != 3 {
		return Clock{}, fmt.Errorf("clock: %.40q, want a control and two times in ms", text)
	}
	c, err := ParseControl(f[0])
	if err != nil {
		return Clock{}, err
	}
	one, err1 := strconv.ParseInt(f[1], 10, 64)
	two, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		return Clock{}, fmt.Errorf("clock: %.40q: times must be whole milliseconds", text)
	}
	return Restore(c, time.Duration(one)*time.Millisecond, time.Duration(two)*time.Millisecond)
}
