package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// themeKey keeps the colour theme chosen on this device: "light" or
// "dark"; none follows the browser's prefers-color-scheme.
const themeKey = "gygy.theme"

// themes are the switch's states in the order a press steps through them,
// with the words it shows.
var themes = []struct{ value, label string }{
	{"", "◐ auto"},
	{"light", "☀ light"},
	{"dark", "☾ dark"},
}

// ThemeToggle is the header's switch for the colour theme. The style sheet
// draws the light palette for html[data-theme=light], the dark one for
// html[data-theme=dark], and without the attribute the palette the browser
// prefers; the switch sets the attribute and remembers it.
type ThemeToggle struct {
	app.Compo
	theme string
}

// OnMount applies the theme last chosen on this device.
func (t *ThemeToggle) OnMount(ctx app.Context) {
	var saved string
	if err := ctx.LocalStorage().Get(themeKey, &saved); err == nil {
		t.theme = themeValue(saved)
	}
	applyTheme(t.theme)
}

// themeValue keeps only a theme the switch offers.
func themeValue(v string) string {
	for _, th := range themes {
		if th.value == v {
			return v
		}
	}
	return ""
}

// applyTheme sets the page's theme attribute; "" removes it.
func applyTheme(theme string) {
	if !app.IsClient {
		return
	}
	root := app.Window().Get("document").Get("documentElement")
	if theme == "" {
		root.Call("removeAttribute", "data-theme")
		return
	}
	root.Call("setAttribute", "data-theme", theme)
}

// next steps to the following theme, applies and remembers it. It reads
// the component's state when pressed, not a value of its first render.
func (t *ThemeToggle) next(ctx app.Context, e app.Event) {
	i := 0
	for j, th := range themes {
		if th.value == t.theme {
			i = j
		}
	}
	t.theme = themes[(i+1)%len(themes)].value
	applyTheme(t.theme)
	if t.theme == "" {
		ctx.LocalStorage().Del(themeKey)
		return
	}
	ctx.LocalStorage().Set(themeKey, t.theme)
}

// Render draws the switch as it stands.
func (t *ThemeToggle) Render() app.UI {
	label := themes[0].label
	for _, th := range themes {
		if th.value == t.theme {
			label = th.label
		}
	}
	return app.Button().ID("theme").Class("theme").
		Title("Colour theme (auto follows this device's setting); press to change").
		Aria("label", "Colour theme: "+strings.TrimSpace(label[strings.Index(label, " "):])).
		Text(label).OnClick(t.next)
}
