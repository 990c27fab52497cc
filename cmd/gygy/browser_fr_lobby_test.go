package main

// The words of the lobbies and of play by link, in French and in
// English, on a phone and on a desktop: the online invitation (the host's
// page with its link, and the page when the server cannot be reached),
// the nearby screen's first steps, and a game by link with its link to
// send, its introduction and a refused link.

import (
	"flag"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
)

// othersWords and othersParts were the words and parts of the page that
// other areas word, let be while those areas were converted on their own
// branches; every area is worded now, so none is let be.
var (
	othersWords []string
	othersParts []string
)

func TestBrowserWordsLobby(t *testing.T) {
	needBrowser(t)
	site, err := newSite(testWeb(t), "", "")
	if err != nil {
		t.Fatal(err)
	}
	var hubLog logBuffer
	hubLog.dumpOnFailure(t, "signalling hub log")
	fs := flag.NewFlagSet("hub", flag.ContinueOnError)
	config := hubFlags(fs)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	hub, err := newHub(config, &hubLog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hub.Close() })
	withSignal := withHub(site.handler(), hub)
	var up atomic.Bool
	srv := startServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/signal" && !up.Load() {
			http.Error(w, "the hub is down", http.StatusServiceUnavailable)
			return
		}
		withSignal.ServeHTTP(w, r)
	}))

	for _, lang := range []struct {
		tag  string
		opts []chromedp.ExecAllocatorOption
	}{
		{"fr", french},
		{"en", []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en")}},
	} {
		for _, screen := range []struct {
			name          string
			width, height int64
			mobile        bool
		}{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
			t.Run(lang.tag+"-"+screen.name, func(t *testing.T) {
				p := newPage(t, "", lang.opts...)
				p.Emulate(screen.width, screen.height, screen.mobile)
				shoot := lang.tag == "fr" && screen.mobile
				look := func(where string, shots ...string) {
					t.Helper()
					var left, others []string
					theirs := map[string]bool{}
					for _, sel := range othersParts {
						for _, w := range eval[[]string](p, wordsIn(sel)) {
							theirs[w] = true
						}
					}
					for _, w := range wordsLeft(lang.tag, p.Words()) {
						if lang.tag == "fr" && (theirs[w] || ownedElsewhere(w)) {
							others = append(others, w)
						} else {
							left = append(left, w)
						}
					}
					if len(others) > 0 {
						t.Logf("%s: words of another area, still English here: %q", where, others)
					}
					if len(left) > 0 {
						t.Errorf("%s: words of the other language in the %s page: %q", where, lang.tag, left)
					}
					if shoot {
						for i, sel := range shots {
							if sel != "" {
								p.ScrollTo(sel)
							}
							p.Screenshot("words-lobby-" + strings.ReplaceAll(where, " ", "-") + "-" + string(rune('1'+i)))
						}
					}
				}

				// Online, the server out of reach: the ways without it.
				up.Store(false)
				p.Open(srv.url("/"))
				p.Click(idGameGYRE)
				p.Choose(idModeOnline)
				p.Click(idStart)
				if !p.Appears(byID(idNoHub)) {
					p.fail("the page does not say that the server cannot be reached: " + p.Text("main"))
				}
				look("online no server", "h1", byID(idNoHub)+" .note")

				// The server back: the invitation to send.
				up.Store(true)
				p.Click(idOnlineRetry)
				p.WaitLink()
				look("online invitation", "h1", byID(idQR))
				p.Click(idLeave)
				p.WaitVisible(byID(idStart))

				// Nearby: the first screen, then reading a code.
				p.Open(srv.url("/?view=nearby"))
				p.WaitVisible(byID(idNearbyRead))
				look("nearby start", "")
				p.Click(idNearbyRead)
				p.WaitVisible(byID("nearby-in"))
				look("nearby read", "h1", byID("nearby-read-code"))
				p.Click(idLeave)
				p.WaitVisible(byID(idStart))

				// Nearby, offering a game: this device's code (or, where
				// the browser finds no address to offer, the error).
				p.StartGame(idModeNearby, idGameGYRE)
				p.Wait("this device's code, or an error", `document.getElementById("nearby-code") !== null || document.getElementById("nearby-error") !== null`)
				look("nearby offer", "h1", "#nearby-state")
				p.Click(idLeave)
				p.WaitVisible(byID(idStart))

				// By link, the opponent first: the intro and the link to send.
				p.StartGame(idModeByLink, idGameGYRE, idSize5x10, idSideSecond)
				p.WaitVisible(selLinkSend)
				look("bylink send", "", selLinkSend)
				if lang.tag == "fr" {
					// Switched to English with the game on screen: the
					// link's words and the page's title follow.
					p.SwitchLang("en")
					if left := wordsLeft("en", p.Words()); len(left) > 0 {
						t.Errorf("bylink send, switched to English: French words left %q", left)
					}
					if title := eval[string](p, `document.title`); title != "GYRE by link · gygy" {
						t.Errorf("switched to English, the by-link page is titled %q", title)
					}
					p.SwitchLang("fr")
					if title := eval[string](p, `document.title`); title != "GYRE par lien · gygy" {
						t.Errorf("back in French, the by-link page is titled %q", title)
					}
				}

				// A Gygès game by link, with its own introduction.
				p.Open(srv.url("/"))
				p.StartGame(idModeByLink, idGameGyges, idSideSecond)
				p.WaitVisible(selLinkSend)
				look("bylink gyges", "")

				// A damaged link: refused, in words.
				p.Open(srv.url("/?view=link#damaged"))
				p.WaitVisible("#link-notice")
				look("bylink damaged", "")
			})
		}
	}
}

// ownedElsewhere reports whether w holds words another area words.
func ownedElsewhere(w string) bool {
	for _, o := range othersWords {
		if strings.Contains(w, o) {
			return true
		}
	}
	return false
}

// wordsIn is jsWords within the elements sel selects (none: no words).
func wordsIn(sel string) string {
	js := strings.Replace(jsWords, "const out = [];", "const out = []; for (const root of document.querySelectorAll("+jsString(sel)+")) {", 1)
	js = strings.Replace(js, "document.createTreeWalker(document.body,", "document.createTreeWalker(root,", 1)
	js = strings.Replace(js, "for (const el of document.querySelectorAll(", "for (const el of root.querySelectorAll(", 1)
	return strings.Replace(js, "const t = document.title.trim(); if (t) out.push(t);", "}", 1)
}

// jsString quotes s for JavaScript.
func jsString(s string) string { return "'" + strings.ReplaceAll(s, "'", "\\'") + "'" }
