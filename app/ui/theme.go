package ui

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
)

// themeKey keeps the colour theme chosen on this device: "light" or
// "dark"; none follows the browser's prefers-color-scheme.
const themeKey = "gygy.theme"

// themes are the switch's states in the order a press steps through them,
// with the sign it shows, the class of its word and the word's key.
var themes = []struct{ value, sign, word, key string }{
	{"", "◐", "auto", "shell.theme.auto"},
	{"light", "☀", "light", "shell.theme.light"},
	{"dark", "☾", "dark", "shell.theme.dark"},
}

// ThemeScript is a script for the page's head that applies the theme
// kept on this device before anything is drawn, so that a returning player
// who chose a theme unlike the browser's never sees the other palette
// while the program loads. It reads the key as the switch writes it
// (as JSON, the form go-app's storage gave it when the switch used that)
// and sets only a theme the switch offers.
var ThemeScript = func() string {
	var chosen []string
	for _, th := range themes {
		if th.value != "" {
			chosen = append(chosen, th.value)
		}
	}
	list, _ := json.Marshal(chosen)
	return `<script>try{const t=JSON.parse(localStorage.getItem("` + themeKey + `"));` +
		`if(` + string(list) + `.includes(t))document.documentElement.setAttribute("data-theme",t)}catch(e){}</script>`
}()

// ThemeToggle is the header's switch for the colour theme. The style sheet
// draws the light palette for html[data-theme=light], the dark one for
// html[data-theme=dark], and without the attribute the palette the browser
// prefers; the switch sets the attribute and remembers it. It holds the
// three words, and the style sheet shows the one of the page's attribute:
// the page drawn before the program runs (whose attribute ThemeScript set)
// shows the right word too.
type ThemeToggle struct {
	app.Compo
	Store session.Storage // where the choice is kept; nil keeps none
	theme string
}

// OnInit takes the theme last chosen on this device before the switch is
// first drawn (go-app calls OnMount only after), and applies it.
func (t *ThemeToggle) OnInit() {
	if !app.IsClient {
		return
	}
	t.theme = savedTheme(t.Store)
	applyTheme(t.theme)
}

// OnMount redraws the switch's words in a new language.
func (t *ThemeToggle) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
}

// savedTheme is the theme kept on this device, "" if none or not one the
// switch offers.
func savedTheme(store session.Storage) string {
	if store == nil {
		return ""
	}
	text, err := store.Get(themeKey)
	if err != nil {
		return ""
	}
	var saved string
	if json.Unmarshal([]byte(text), &saved) != nil {
		return ""
	}
	return themeValue(saved)
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
	store := t.Store
	if store == nil {
		return
	}
	if t.theme == "" {
		store.Delete(themeKey)
		return
	}
	text, _ := json.Marshal(t.theme)
	store.Set(themeKey, string(text))
}

// Render draws the switch: its name, then the three words, of which the
// style sheet shows (and a screen reader reads) only the page's theme.
func (t *ThemeToggle) Render() app.UI {
	words := []app.UI{app.Span().Class("visually-hidden").Text(lang.T("shell.theme.name") + " ")}
	for _, th := range themes {
		words = append(words, app.Span().Class("th th-"+th.word).Body(
			app.Span().Aria("hidden", "true").Text(th.sign+" "), app.Span().Class("word").Text(lang.T(th.key))))
	}
	return app.Button().ID("theme").Class("theme").
		Title(lang.T("shell.theme.title")).
		Body(words...).OnClick(t.next)
}
