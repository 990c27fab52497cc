package play

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
	"gygy/engine/game"
)

// ActionTick is what a running clock or an absence countdown emits a few
// times a second: the game screen lets the table notice the time (a side
// whose time ran out loses) and redraws.
const ActionTick = "clock-tick"

// lowTime is when a clock turns red and, for the person's own clock,
// sounds a warning.
const lowTime = 10 * time.Second

// ClockFace shows one side's time left, counting down while it runs. It
// keeps time by itself between the game screen's renders: Left is what was left
// at AsOf.
type ClockFace struct {
	app.Compo

	ID      string
	Left    time.Duration
	AsOf    time.Time
	Running bool
	Mine    bool // the person's own clock: it warns when time is low

	warned bool
}

// OnMount starts the count.
func (c *ClockFace) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	c.tick(ctx)
}

func (c *ClockFace) tick(ctx app.Context) {
	ctx.After(200*time.Millisecond, func(ctx app.Context) {
		if c.Running {
			if left := c.left(); left <= lowTime && c.Mine && !c.warned {
				c.warned = true
				screen.PlaySound(screen.SoundLowTime)
			}
			ctx.NewAction(ActionTick)
		} else {
			ctx.PreventUpdate()
		}
		c.tick(ctx)
	})
}

func (c *ClockFace) left() time.Duration {
	if !c.Running {
		return c.Left
	}
	return max(0, c.Left-time.Since(c.AsOf))
}

// Render draws the time as m:ss, with tenths under ten seconds.
func (c *ClockFace) Render() app.UI {
	left := c.left()
	class := []string{"clock"}
	if c.Running {
		class = append(class, "running")
	}
	if left <= lowTime {
		class = append(class, "low")
	}
	return app.Span().ID(c.ID).Class(class...).Aria("label", lang.T("play.clock", "time", lang.Clock(left))).Text(lang.Clock(left))
}

// clockOf is the clock of seat p in a timed game, nil in an untimed one.
func clockOf(v session.View, p game.Seat) app.UI {
	if !v.Clock.Control.On() {
		return nil
	}
	return &ClockFace{
		ID:      fmt.Sprintf("clock-%d", p),
		Left:    v.Clock.For(p),
		AsOf:    time.Now(),
		Running: v.Clock.Running == p,
		Mine:    v.Setup().Here() == p,
	}
}

// Countdown shows the wait for an opponent gone running out, in seconds,
// and asks the game screen to redraw when it does.
type Countdown struct {
	app.Compo

	Left time.Duration
	AsOf time.Time
}

// OnMount starts the count.
func (c *Countdown) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
	c.tick(ctx)
}

func (c *Countdown) tick(ctx app.Context) {
	ctx.After(500*time.Millisecond, func(ctx app.Context) {
		if c.Left-time.Since(c.AsOf) <= 0 {
			ctx.NewAction(ActionTick)
		}
		c.tick(ctx)
	})
}

// Render draws the wait and the seconds left.
func (c *Countdown) Render() app.UI {
	left := max(0, c.Left-time.Since(c.AsOf)).Round(time.Second)
	return app.Span().ID("countdown").Text(lang.T("play.away.wait", "seconds", int(left.Seconds())))
}
