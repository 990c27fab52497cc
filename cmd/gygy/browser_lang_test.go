package main

// The language of the page: the browser's at a first visit, from the first
// paint (the page drawn by the server is worded before it is shown); the
// header's switch changes every screen at once, without a reload and
// without losing the game; the choice is kept on the device.

import (
	"fmt"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

const idLangSwitch = "lang"

// french is a browser whose languages are French first.
var french = []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "fr-FR"), chromedp.Flag("accept-lang", "fr-FR,fr")}

// PageLang is the page's <html lang>.
func (p *page) PageLang() string {
	p.t.Helper()
	return eval[string](p, `document.documentElement.lang`)
}

// SwitchLang presses the header's switch from the keyboard until the
// page is in the language tag, each press waited for.
func (p *page) SwitchLang(tag string) {
	p.t.Helper()
	for range 3 {
		if p.PageLang() == tag {
			return
		}
		before := p.Text(byID("nav-home"))
		p.Focus(idLangSwitch)
		p.Press("\r")
		p.Wait("a language switched", fmt.Sprintf(`document.getElementById("nav-home").textContent !== %q`, before))
	}
	p.Wait("the page in "+tag, fmt.Sprintf(`document.documentElement.lang === %q`, tag))
}

// wantHeader checks the page's language and its header's Rules link.
func wantHeader(t *testing.T, p *page, when, lang, rules string) {
	t.Helper()
	if got := p.PageLang(); got != lang {
		t.Errorf("%s: <html lang=%q>, want %q", when, got, lang)
	}
	// Read by the page itself: while the page is still loading (before the
	// program runs), a node chromedp found can be gone from its records by
	// the time it asks for its text ("No node with given id found", once
	// in a full run).
	if got := eval[string](p, `(document.getElementById("nav-rules") || {textContent: "no Rules link"}).textContent.trim()`); got != rules {
		t.Errorf("%s: the header's Rules link reads %q, want %q", when, got, rules)
	}
}

// wantManifest checks the page's web manifest (the install offer's
// words): its address ends in file and its description begins with desc.
func wantManifest(t *testing.T, p *page, when, file, desc string) {
	t.Helper()
	got := eval[string](p, `(async () => {
		const href = document.querySelector('link[rel="manifest"]').href;
		const m = await (await fetch(href)).json();
		return href + " " + m.description;
	})()`)
	href, d, _ := strings.Cut(got, " ")
	if !strings.HasSuffix(href, file) || !strings.HasPrefix(d, desc) {
		t.Errorf("%s: the manifest is %s, described %q; want …%s, %q…", when, href, d, file, desc)
	}
}

// headerOnOneLine reports whether the header's name, links and switches
// stand on one line within the screen's width, each switch a touch target
// 40 px wide at least.
const headerOnOneLine = `(() => {
	const items = [...document.querySelectorAll("header.top .brand, header.top nav a, header.top nav button")].filter(e => e.offsetParent);
	const top = items.map(e => e.getBoundingClientRect()).map(r => r.top + r.height / 2);
	const switches = [...document.querySelectorAll("header.top nav button")];
	return top.every(y => Math.abs(y - top[0]) < 4) && items.every(e => e.getBoundingClientRect().right <= window.innerWidth) &&
		switches.length === 3 && switches.every(e => e.getBoundingClientRect().width >= 40);
})()`

func TestBrowserLanguageFrench(t *testing.T) {
	srv, release := heldServer(t)
	p := newPage(t, "", french...)
	p.Emulate(390, 844, true)

	// Before the program runs: the page the server drew, in French.
	p.openEarly(srv.url("/"))
	wantHeader(t, p, "before the program runs", "fr", "Règles")
	if got := p.Text(byID("app-wasm-loader-label")); got == "" || got[:len("Chargement")] != "Chargement" {
		t.Errorf("before the program runs, the loader reads %q, want French", got)
	}
	p.Screenshot("lang-1-fr-early-phone")
	release()
	p.Do("the program", appReady)
	wantHeader(t, p, "the program running", "fr", "Règles")
	p.Screenshot("lang-2-fr-home-phone")
	if !eval[bool](p, headerOnOneLine) {
		t.Error("in French, the phone's header does not hold on one line")
	}
	// A large phone too: from 417 to 560 px the switches' words used to
	// push them onto a second row.
	p.Emulate(430, 932, true)
	if !eval[bool](p, headerOnOneLine) {
		t.Error("in French, a 430 px phone's header does not hold on one line")
	}
	p.Emulate(390, 844, true)
	p.CheckAxe("the home screen in French")
	wantManifest(t, p, "in French", "fr.webmanifest", "Jouez à GYRE")

	// A game against the computer, a move played; the language changed
	// twice: the same page, the same game.
	p.StartGame(idGameGYRE, idSize5x10, idModeComputer, idLevelEasy, idSideFirst)
	p.Play("a1")
	moves := p.Moves()
	eval[bool](p, `(window.gygyStill = true)`)
	p.SwitchLang("en")
	wantHeader(t, p, "switched to English", "en", "Rules")
	wantManifest(t, p, "switched to English", "/manifest.webmanifest", "Play GYRE")
	if got := p.Text(byID("nav-games")); got != "My games" {
		t.Errorf("switched to English: My games reads %q", got)
	}
	p.Screenshot("lang-3-en-game-phone")
	p.SwitchLang("fr")
	wantHeader(t, p, "switched back to French", "fr", "Règles")
	p.Screenshot("lang-4-fr-game-phone")
	if !eval[bool](p, `window.gygyStill === true`) {
		t.Error("the page was reloaded by the switch")
	}
	if got := p.Moves(); got < moves {
		t.Errorf("after the switches, %d moves listed, want at least %d: the game was lost", got, moves)
	}

	// The choice is kept: English chosen on a French browser stays English.
	p.SwitchLang("en")
	p.Reload()
	wantHeader(t, p, "English chosen, reloaded", "en", "Rules")
	p.SwitchLang("fr")
	p.Reload()
	wantHeader(t, p, "French chosen, reloaded", "fr", "Règles")

	// A desktop in French.
	p.Resize(1280, 800, false)
	p.Screenshot("lang-5-fr-home-desktop")
}

func TestBrowserLanguageEnglish(t *testing.T) {
	srv, release := heldServer(t)
	p := newPage(t, "", chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en"))
	p.openEarly(srv.url("/"))
	wantHeader(t, p, "before the program runs", "en", "Rules")
	release()
	p.Do("the program", appReady)
	wantHeader(t, p, "the program running", "en", "Rules")
	if got := p.Text(byID(idLangSwitch)); !strings.Contains(got, "English") {
		t.Errorf("the switch reads %q, want English", got)
	}

	// French kept on this device: French from the first paint.
	srv, release = heldServer(t)
	p.openEarly(srv.url("/"))
	eval[bool](p, `(localStorage.setItem("gygy.lang", JSON.stringify("fr")), true)`)
	p.openEarly(srv.url("/"))
	wantHeader(t, p, "French kept, before the program runs", "fr", "Règles")
	release()
	p.Do("the program", appReady)
	wantHeader(t, p, "French kept, the program running", "fr", "Règles")
	if got := p.Text(byID(idLangSwitch)); !strings.Contains(got, "Français") {
		t.Errorf("French kept: the switch reads %q, want Français", got)
	}
}

// TestBrowserLanguageWordsFail starts a French page whose French words
// cannot be fetched (app.wasm carries none): the program starts all the
// same, in English, says why on the console, and the switch fetches the
// French words once they can be had.
func TestBrowserLanguageWordsFail(t *testing.T) {
	srv := appServer(t)
	p := newPage(t, "", french...)
	if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `
		window.failWords = true;
		window.logged = [];
		for (const k of ["log", "error", "warn", "info"]) {
			const real = console[k].bind(console);
			console[k] = (...a) => { window.logged.push(a.join(" ")); real(...a); };
		}
		const realFetch = window.fetch;
		window.wordFetches = [];
		window.fetch = (url, ...rest) => {
			const u = String(url);
			if (u.includes("/web/lang/")) {
				window.wordFetches.push(u.replace(/^.*\/web\/lang\//, ""));
				if (window.failWords && u.endsWith("/fr.json")) return Promise.reject(new TypeError("Failed to fetch"));
			}
			return realFetch(url, ...rest);
		};`}); err != nil {
		t.Fatal(err)
	}
	p.Emulate(390, 844, true)
	p.Open(srv.url("/"))
	wantHeader(t, p, "the French words failed", "en", "Rules")
	if got := eval[string](p, `window.wordFetches.join(",")`); got != "fr.json,en.json" {
		t.Errorf("the words fetched at the start: %q, want fr.json (the page's, as it is read), then en.json", got)
	}
	if got := eval[string](p, `window.logged.filter(l => l.includes("the words in")).join("\n")`); !strings.Contains(got, "the words in fr: no file at web/lang/fr.json") {
		t.Errorf("the console says %q, want why French is missing", got)
	}
	p.StartGame(idGameGYRE, idSize5x10, idModeHotseat)
	p.Play("a1")
	// A press while French cannot be had: the page stays in English and
	// says why, under the header.
	p.Focus(idLangSwitch)
	p.Press("\r")
	p.Wait("the switch says French could not be had", `document.getElementById("lang-failed") !== null`)
	if got := p.Text(byID("lang-failed")); !strings.HasPrefix(got, "Français could not be loaded") {
		t.Errorf("after a failed switch, the notice reads %q", got)
	}
	wantHeader(t, p, "a switch whose words failed", "en", "Rules")
	p.Screenshot("lang-8-switch-failed-phone")
	p.Click("lang-failed")
	p.Wait("a tap puts the notice away", `document.getElementById("lang-failed") === null`)
	p.Focus(idLangSwitch)
	p.Press("\r")
	p.Wait("a second failed press says it again", `document.getElementById("lang-failed") !== null`)
	eval[bool](p, `(window.failWords = false, true)`)
	p.SwitchLang("fr")
	if eval[bool](p, `document.getElementById("lang-failed") !== null`) {
		t.Error("the notice of the failed switch stays after French was had")
	}
	wantHeader(t, p, "switched to French once the words can be had", "fr", "Règles")
	if got := p.Moves(); got != 1 {
		t.Errorf("after the switch, %d moves listed, want 1", got)
	}
}

// TestBrowserLanguageEarlyViews opens the views the server draws on a
// French device before the program runs: the lessons are worded in French
// from the first paint, and the rules (a rulebook the head script cannot
// word) show their French header and hide the English book until the
// program draws the French one.
func TestBrowserLanguageEarlyViews(t *testing.T) {
	srv, release := heldServer(t)
	p := newPage(t, "", french...)
	p.Emulate(390, 844, true)

	p.openEarlyTo(srv.url("/?view=learn"), byID("lesson-gyre-bridge"))
	wantHeader(t, p, "the lessons before the program runs", "fr", "Règles")
	if got := p.Text(byID("lesson-gyre-bridge")); got != "2. Un pont" {
		t.Errorf("the lessons before the program runs: the second reads %q, want 2. Un pont", got)
	}
	if p.Has(`html.unworded`) {
		t.Error("the lessons are worded, yet hidden")
	}

	p.openEarlyTo(srv.url("/?view=rules"), selRulesTitle)
	wantHeader(t, p, "the rules before the program runs", "fr", "Règles")
	if !eval[bool](p, `getComputedStyle(document.querySelector(".shell > header")).visibility === "visible" &&
		[...document.querySelectorAll(".shell > :not(header)")].every(e => getComputedStyle(e).visibility === "hidden")`) {
		t.Error("the rules before the program runs: want the header shown and the English rulebook hidden")
	}
	p.Screenshot("lang-6-fr-rules-early-phone")
	release()
	p.Do("the program", appReady)
	p.WaitVisible(selRules)
	p.WaitText(selRulesTitle, "GYRE")
	if !eval[bool](p, `[...document.querySelectorAll(".shell > :not(header)")].every(e => getComputedStyle(e).visibility === "visible")`) {
		t.Error("the rules, the program running: still hidden")
	}
	if got := p.Text(byID("nav-rules")); got != "Règles" {
		t.Errorf("the program running: the header reads %q", got)
	}
	p.Wait("the French rulebook", `document.querySelector(".rules") && document.querySelector(".rules").textContent.includes("pont")`)
	p.Screenshot("lang-7-fr-rules-phone")

	// In English nothing is hidden.
	srv2, release2 := heldServer(t)
	q := newPage(t, "", chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en"))
	q.openEarlyTo(srv2.url("/?view=rules"), selRulesTitle)
	if q.Has(`html.unworded`) {
		t.Error("an English page hides the rules")
	}
	release2()
}
