package screen

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
)

// The sounds of a game, synthesised with the Web Audio API (no files to
// download): a short knock for a move, a double one for a replace, a
// rising chord at the end, a high beep when the person's time runs low.
type sound int8

const (
	SoundMove sound = iota
	SoundReplace
	SoundEnd
	SoundLowTime
)

// soundKey keeps the person's choice; sounds are on unless it says "off".
const soundKey = "gygy.sound"

var audio struct {
	ctx  app.Value
	off  bool
	read bool
}

// soundOn reports whether sounds are on, as last chosen on this device.
func soundOn() bool {
	if !audio.read {
		audio.read = true
		if v, err := (browserStorage{}).Get(soundKey); err == nil && v == "off" {
			audio.off = true
		}
	}
	return !audio.off
}

// setSound turns the sounds on or off and remembers it.
func setSound(on bool) {
	audio.off, audio.read = !on, true
	if on {
		(browserStorage{}).Delete(soundKey)
		return
	}
	(browserStorage{}).Set(soundKey, "off")
}

// tone is one note: its frequency in Hz, when it starts and how long it
// lasts, in seconds.
type tone struct{ hz, at, dur float64 }

var sounds = map[sound][]tone{
	SoundMove:    {{220, 0, 0.07}},
	SoundReplace: {{220, 0, 0.06}, {330, 0.08, 0.08}},
	SoundEnd:     {{392, 0, 0.12}, {494, 0.12, 0.12}, {587, 0.24, 0.25}},
	SoundLowTime: {{880, 0, 0.09}, {880, 0.15, 0.09}},
}

// PlaySound plays a sound unless the sounds are off or the browser has no
// Web Audio. A browser plays nothing before the person's first gesture.
func PlaySound(s sound) {
	if !app.IsClient || !soundOn() {
		return
	}
	defer func() { recover() }() // a browser that refuses audio is not an error
	if audio.ctx == nil {
		ac := app.Window().Get("AudioContext")
		if !ac.Truthy() {
			return
		}
		audio.ctx = ac.New()
	}
	ctx := audio.ctx
	if ctx.Get("state").String() == "suspended" {
		ctx.Call("resume")
	}
	now := ctx.Get("currentTime").Float()
	for _, t := range sounds[s] {
		osc, gain := ctx.Call("createOscillator"), ctx.Call("createGain")
		osc.Get("frequency").Set("value", t.hz)
		g := gain.Get("gain")
		g.Call("setValueAtTime", 0.0001, now+t.at)
		g.Call("exponentialRampToValueAtTime", 0.25, now+t.at+0.01)
		g.Call("exponentialRampToValueAtTime", 0.0001, now+t.at+t.dur)
		osc.Call("connect", gain)
		gain.Call("connect", ctx.Get("destination"))
		osc.Call("start", now+t.at)
		osc.Call("stop", now+t.at+t.dur+0.02)
	}
}

// SoundToggle is the header's switch for the sounds; the choice is kept
// on the device.
type SoundToggle struct{ app.Compo }

// OnMount redraws the switch in the new language when it changes.
func (t *SoundToggle) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
}

// Render draws the switch as it stands.
func (t *SoundToggle) Render() app.UI {
	on := soundOn()
	state := lang.T("screen.sound.on")
	if !on {
		state = lang.T("screen.sound.off")
	}
	// "Sound on": on a phone's header the words are hidden from sight (not
	// from the name the button is read by) and a note drawn instead, struck
	// through when off: "activé" and the like are too long for its line.
	return app.Button().ID("sound").Class("sound").Aria("pressed", on).Body(
		app.Span().Class("word").Text(lang.T("screen.sound.word")+" "), app.Span().Class("state").Text(state)).
		OnClick(func(ctx app.Context, e app.Event) { setSound(!soundOn()) })
}
