package main

// The words of the boards and of the screens' shared notices, in French
// and in English, on a phone and on a desktop: a GYRE and a Gygès board's
// accessible names, their cells', squares' and pieces' labels, the Gygès
// setup tools and a refused tap, the sound switch, and a refusal shown on
// the home screen. Only what app/ui/board and app/ui/screen word is
// walked here: the screens around the boards have walks of their own.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// jsWordsIn is jsWords (browser_words_test.go) within the elements sel
// finds: their visible text and the names they and their children speak.
func jsWordsIn(sel string) string {
	return fmt.Sprintf(`(() => {
  const out = [];
  const hidden = el => { for (let e = el; e; e = e.parentElement) { const s = getComputedStyle(e);
    if (s.display === 'none' || s.visibility === 'hidden' || e.hidden) return true; } return false; };
  for (const root of document.querySelectorAll(%q)) {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const p = n.parentElement, t = n.textContent.trim();
      if (!t || !p || p.closest('script,style,textarea,[data-notation]') || hidden(p)) continue;
      out.push(t);
    }
    for (const el of [root, ...root.querySelectorAll('[aria-label],[title],[alt],[placeholder]')]) {
      for (const a of ['aria-label', 'title', 'alt', 'placeholder']) { const v = el.getAttribute(a); if (v && v.trim()) out.push(v.trim()); }
    }
  }
  return out;
})()`, sel)
}

// screenWords is what the page shows and speaks within sel, which must
// have something to say.
func (p *page) screenWords(sel string) []string {
	p.t.Helper()
	words := eval[[]string](p, jsWordsIn(sel))
	if len(words) == 0 {
		p.t.Errorf("no words within %s", sel)
	}
	return words
}

// wantWords fails on words of the other language within sel, and on an
// expected sentence missing there.
func wantWords(t *testing.T, p *page, tag, when, sel string, want ...string) {
	t.Helper()
	words := p.screenWords(sel)
	if left := wordsLeft(tag, words); len(left) > 0 {
		t.Errorf("%s (%s): words of the other language within %s: %q", when, tag, sel, left)
	}
	all := strings.Join(words, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("%s (%s): %q not said within %s; said: %q", when, tag, w, sel, words)
		}
	}
}

// boardWords is what one language says of the boards.
type boardWords struct {
	tag, gyreName, lastCell, gygesName, setupHelp, confirm, pieceLabel, emptyTap, notRecord, sound string
}

var boardWordsIn = map[string]boardWords{
	"fr": {
		tag: "fr", gyreName: "Plateau de GYRE, 5 anneaux sur 10 colonnes", lastCell: "a1, Gyre, dernier coup",
		gygesName: "Plateau de Gygès, Sud en bas", setupHelp: "Glissez les pièces de la réserve vers la ligne 1",
		confirm: "Valider le placement", pieceLabel: "pièce à 3 anneaux", emptyTap: "c3 est vide\u202f: prenez d’abord une pièce de la ligne 1.",
		notRecord: "Ce texte n’est pas une notation de partie", sound: "Son",
	},
	"en": {
		tag: "en", gyreName: "GYRE board, 5 rings by 10 columns", lastCell: "a1, gyre, last move",
		gygesName: "Gygès board, South at the bottom", setupHelp: "Drag the pieces from the tray to row 1",
		confirm: "Confirm setup", pieceLabel: "3-ring piece", emptyTap: "c3 is empty: pick a piece in row 1 first.",
		notRecord: "This text is not a game record", sound: "Sound",
	},
}

func TestBrowserWordsBoards(t *testing.T) {
	srv := appServer(t)
	for _, tag := range []string{"fr", "en"} {
		w := boardWordsIn[tag]
		opts := french
		if tag == "en" {
			opts = []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "en-US"), chromedp.Flag("accept-lang", "en-US,en")}
		}
		for _, phone := range []bool{true, false} {
			device := "desktop"
			if phone {
				device = "phone"
			}
			t.Run(tag+"-"+device, func(t *testing.T) {
				p := newPage(t, "", opts...)
				if phone {
					p.Emulate(390, 844, true)
				} else {
					p.Resize(1280, 800, false)
				}
				walkBoards(t, p, srv, w, device)
			})
		}
	}
}

// walkBoards opens a GYRE game with a move played, a Gygès setup and a
// refused tap, and a record that does not load, in one language.
func walkBoards(t *testing.T, p *page, srv *server, w boardWords, device string) {
	t.Helper()
	shot := func(name string) {
		if w.tag == "fr" {
			p.Screenshot("fr-screen-" + name + "-" + device)
		}
	}
	p.Open(srv.url("/"))
	if got := p.PageLang(); got != w.tag {
		t.Fatalf("<html lang=%q>, want %q", got, w.tag)
	}

	// A record that does not load: the refusal, worded on the home screen.
	p.LoadRecord("hello")
	p.WaitVisible(`p.error[role=alert]`)
	wantWords(t, p, w.tag, "a record refused", `p.error[role=alert]`, w.notRecord)
	shot("1-refusal")

	// GYRE for two at the device, a move played.
	p.StartGame(idGameGYRE, idModeHotseat, idSize5x10)
	p.WaitVisible("svg.board")
	p.Play("a1")
	if got := p.Attr("svg.board", "aria-label"); got != w.gyreName {
		t.Errorf("%s: the GYRE board is named %q, want %q", w.tag, got, w.gyreName)
	}
	wantWords(t, p, w.tag, "a GYRE board", "svg.board", w.lastCell)
	wantWords(t, p, w.tag, "the sound switch", "#sound", w.sound)
	shot("2-gyre")

	// Gygès for two at the device: South's setup, then a tap on an empty
	// square refused.
	p.Open(srv.url("/"))
	p.Click(idGameGyges)
	p.WaitVisible(byID(idNoDisplace))
	p.Click(idStart)
	p.WaitVisible("#start-replace") // the GYRE game in progress ends
	p.Click("start-replace")
	p.WaitVisible(selGygesBoard + " " + byID(idTray))
	if got := p.Attr(selGygesBoard, "aria-label"); got != w.gygesName {
		t.Errorf("%s: the Gygès board is named %q, want %q", w.tag, got, w.gygesName)
	}
	wantWords(t, p, w.tag, "a Gygès setup", selGygesBoard+", .under-board", w.setupHelp, w.confirm, w.pieceLabel)
	shot("3-gyges-setup")
	p.SetUp("321123")
	p.WaitMoves(1)
	p.WaitFlipped(true) // North's setup
	p.SetUp("321123")
	p.WaitMoves(2)
	p.WaitFlipped(false) // South to move
	p.WaitLive()
	p.Tap(p.Square("c3"))
	p.WaitVisible("#refused")
	wantWords(t, p, w.tag, "a refused tap", selGygesBoard+", .under-board", w.emptyTap)
	shot("4-gyges-refused")

	if w.tag == "fr" && device == "phone" {
		// The words follow the language when it changes.
		p.SwitchLang("en")
		if got, want := p.Text("#refused"), boardWordsIn["en"].emptyTap; got != want {
			t.Errorf("switched to English: the refusal reads %q, want %q", got, want)
		}
		if got, want := p.Attr(selGygesBoard, "aria-label"), boardWordsIn["en"].gygesName; got != want {
			t.Errorf("switched to English: the Gygès board is named %q, want %q", got, want)
		}
		p.SwitchLang("fr")
	}
}
