package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
)

// langKey keeps the language chosen on this device ("fr", as JSON like
// the theme's key); none follows the browser's languages.
const langKey = "gygy.lang"

// savedLang is the language kept on this device, if one the catalogue has.
func savedLang(store session.Storage) (lang.Tag, bool) {
	if store == nil {
		return "", false
	}
	text, err := store.Get(langKey)
	if err != nil {
		return "", false
	}
	var saved string
	if json.Unmarshal([]byte(text), &saved) != nil {
		return "", false
	}
	return lang.Parse(saved)
}

// pageLang is the language of this page: the one kept on this device, or
// the browser's (navigator.languages), as LangScript picks it for the
// page drawn before the program runs.
func pageLang(store session.Storage) lang.Tag {
	if t, ok := savedLang(store); ok {
		return t
	}
	nav := app.Window().Get("navigator")
	var prefs []string
	if list := nav.Get("languages"); list.Truthy() {
		for i := 0; i < list.Length(); i++ {
			prefs = append(prefs, list.Index(i).String())
		}
	} else if one := nav.Get("language"); one.Truthy() {
		prefs = append(prefs, one.String())
	}
	return lang.FromBrowser(prefs)
}

// useLang makes t the page's language, English if its words are not at
// hand: the words, and <html lang>.
func useLang(t lang.Tag) {
	if !lang.Ready(t) {
		t = lang.EN
	}
	lang.Use(t)
	if !app.IsClient {
		return
	}
	doc := app.Window().Get("document")
	doc.Get("documentElement").Set("lang", string(lang.Current()))
	// The install offer's words: the manifest in the page's language
	// (the head script kept the English one's address).
	if m := doc.Call("querySelector", `link[rel="manifest"]`); m.Truthy() && m.Get("dataset").Get("en").Truthy() {
		href := m.Get("dataset").Get("en").String()
		if t := lang.Current(); t != lang.EN {
			href = app.Window().Get("URL").New(lang.Dir+string(t)+".webmanifest", doc.Get("baseURI")).Get("href").String()
		}
		m.Set("href", href)
	}
}

// LangSwitch is the header's choice of language, a button like the
// theme's: it reads "Language: English" to a screen reader, shows the
// language's name (its code on a phone) and a press steps to the next
// language of the catalogue. It changes the page's language, keeps it on
// the device and posts lang.ActionChanged, on which every screen words
// itself anew.
type LangSwitch struct {
	app.Compo
	Store session.Storage // where the choice is kept; nil keeps none

	failed lang.Tag // the language whose words could not be had at the last press, or ""
}

// OnMount redraws the switch in a new language.
func (l *LangSwitch) OnMount(ctx app.Context) {
	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
}

// next steps to the language after the page's one (read when pressed).
func (l *LangSwitch) next(ctx app.Context, e app.Event) {
	tags := lang.Tags()
	t := tags[0]
	for i, x := range tags {
		if x == lang.Current() {
			t = tags[(i+1)%len(tags)]
		}
	}
	l.failed = ""
	if t == lang.Current() {
		return
	}
	if lang.Ready(t) {
		l.use(ctx, t)
		return
	}
	screen.FetchText(ctx, lang.File(t), func(text string, err error) {
		if err == nil {
			err = lang.Load(t, text)
		}
		if err != nil { // the page stays in its language, and says so
			app.Logf("gygy: the words in %s: %v", t, err)
			l.failed = t
			return
		}
		l.use(ctx, t)
	})
}

// use makes t the page's language, keeps it and says so to every screen.
func (l *LangSwitch) use(ctx app.Context, t lang.Tag) {
	useLang(t)
	if l.Store != nil {
		text, _ := json.Marshal(string(t))
		l.Store.Set(langKey, string(text))
	}
	ctx.NewAction(lang.ActionChanged)
}

// LoadWords has the words of the page's language ready for the first
// drawing (app.wasm carries none: lang.Load): the file the head script
// (LangScript) began fetching as the page was read, else one fetched now;
// English if that fails. It waits for them, so call it on the program's
// main goroutine before app.RunWhenOnBrowser, never in a JavaScript
// callback. A language it cannot have is written to the console.
func LoadWords(store session.Storage) {
	for _, t := range []lang.Tag{pageLang(store), lang.EN} {
		text, err := fetchWords(t)
		if err == nil {
			err = lang.Load(t, text)
		}
		if err == nil {
			return
		}
		app.Logf("gygy: the words in %s: %v", t, err)
	}
}

// fetchWords waits for the file of t's words: the head script's fetch if
// it fetched t's, else a fetch of lang.File(t) beside the page.
func fetchWords(t lang.Tag) (string, error) {
	win := app.Window()
	text := app.Null()
	if early := win.Get("gygyWords"); early.Truthy() && early.Get("tag").String() == string(t) {
		text = early.Get("text")
	} else {
		onResponse := app.FuncOf(func(this app.Value, args []app.Value) any {
			if r := args[0]; r.Get("ok").Bool() {
				return r.Call("text")
			}
			return ""
		})
		defer onResponse.Release()
		url := win.Get("URL").New(lang.File(t), win.Get("document").Get("baseURI")).Get("href")
		text = win.Call("fetch", url).Call("then", onResponse)
	}
	done := make(chan string, 1)
	var ok, fail app.Func
	ok = app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- args[0].String()
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- ""
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	text.Call("then", ok, fail)
	if s := <-done; s != "" {
		return s, nil
	}
	return "", fmt.Errorf("no file at %s", lang.File(t))
}

// Render draws the switch: its name, the language's code (seen on a
// phone only, not read) and its name in itself; under the header, why the
// last press changed nothing, if a language's words could not be had.
func (l *LangSwitch) Render() app.UI {
	t := lang.Current()
	return app.Span().Class("lang-box").Body(
		app.Button().ID("lang").Class("lang").Title(lang.T("shell.lang.title")).Body(
			app.Span().Class("visually-hidden").Text(lang.T("shell.lang.label")+" "),
			app.Span().Class("code").Aria("hidden", "true").Text(strings.ToUpper(string(t))),
			app.Span().Class("word").Lang(string(t)).Text(lang.Name(t)),
		).OnClick(l.next),
		app.If(l.failed != "", func() app.UI {
			// A tap puts it away; the next press of the switch does too.
			return app.Span().ID("lang-failed").Class("lang-failed").Attr("role", "status").
				Text(lang.T("shell.lang.failed", "name", lang.Name(l.failed))).
				OnClick(func(ctx app.Context, e app.Event) { l.failed = "" })
		}),
	)
}

// LangScript is a script for the page's head that words the page drawn
// by the server (in English) in the language of this device before
// anything is drawn: it picks the language as pageLang does (the choice
// kept, else navigator.languages), sets <html lang>, and, while the page
// is read, replaces each text and name (aria-label, title, alt,
// placeholder) found in words[lang] (English text → its translation, the
// server's pre-rendered page in each language compared) by its
// translation. window.gygyWord words the loader's texts (start.js). It
// stops when the page has been read: the program words its own drawing.
// A view of UnwordedViews, in another language than English, gets the
// class "unworded" on <html>, under which the style sheet hides the
// screen below the header until the program runs. It
// also begins fetching the language's words from wordsURL (window.gygyWords,
// for LoadWords), beside app.wasm's download.
func LangScript(words map[lang.Tag]map[string]string, wordsURL string) string {
	list, _ := json.Marshal(lang.Tags())
	dict, _ := json.Marshal(words)
	hide, _ := json.Marshal(UnwordedViews)
	urlJSON, _ := json.Marshal(wordsURL)
	return `<script>(()=>{try{` +
		`const known=` + string(list) + `,words=` + string(dict) + `;` +
		`const pick=s=>{s=String(s||"").toLowerCase().split(/[-_]/)[0];return known.includes(s)?s:""};` +
		`let t="";try{t=pick(JSON.parse(localStorage.getItem("` + langKey + `")))}catch(e){}` +
		`if(!t)for(const l of navigator.languages||[navigator.language])if(t=pick(l))break;` +
		`t=t||"en";const root=document.documentElement;root.lang=t;` +
		`const dir=new URL(` + string(urlJSON) + `,document.baseURI);` +
		`window.gygyWords={tag:t,text:fetch(new URL(t+".json",dir)).then(r=>r.ok?r.text():"",()=>"")};` +
		`const m=document.querySelector('link[rel="manifest"]');if(m){m.dataset.en=m.href;if(t!=="en")m.href=new URL(t+".webmanifest",dir).href}` +
		`if(t!=="en"&&` + string(hide) + `.includes(new URLSearchParams(location.search).get("view")||""))root.classList.add("unworded");` +
		`const w=words[t];if(!w)return;` +
		`window.gygyWord=s=>w[s]||s;` +
		`const names=["aria-label","title","alt","placeholder"];` +
		`const word=n=>{if(n.nodeType===3){const k=n.data.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g,"");if(w[k])n.data=n.data.replace(k,w[k]);return}` +
		`if(n.nodeType!==1||n.localName==="script"||n.localName==="style")return;` +
		`for(const a of names){const v=n.getAttribute(a);if(v&&w[v])n.setAttribute(a,w[v])}` +
		`for(const c of n.childNodes)word(c)};` +
		`const seen=ms=>{for(const m of ms)for(const n of m.addedNodes)word(n)};` +
		`const o=new MutationObserver(seen);o.observe(root,{childList:true,subtree:true});word(root);` +
		`document.addEventListener("DOMContentLoaded",()=>{seen(o.takeRecords());o.disconnect()})` +
		`}catch(e){}})()</script>`
}
