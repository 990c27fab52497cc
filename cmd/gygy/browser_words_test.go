package main

import (
	"regexp"
	"strings"
	"testing"
)

// The walk of the screens in a language: what a page shows and speaks
// (visible text, accessible names, titles, placeholders), and the words
// of the other language left in it.

// jsWords collects the visible text of the page's text nodes and the
// names it speaks (aria-label, title, alt, placeholder, value of buttons),
// one entry a node or an attribute. Scripts, styles, the record box and
// hidden elements are left out.
const jsWords = `(() => {
  const out = [];
  const hidden = el => { for (let e = el; e; e = e.parentElement) { const s = getComputedStyle(e);
    if (s.display === 'none' || s.visibility === 'hidden' || e.hidden) return true; } return false; };
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const p = n.parentElement, t = n.textContent.trim();
    if (!t || !p || p.closest('script,style,textarea,[data-notation]') || hidden(p)) continue;
    out.push(t);
  }
  for (const el of document.querySelectorAll('[aria-label],[title],[alt],[placeholder],input[type=button],input[type=submit]')) {
    if (el.closest('[data-notation]')) continue;
    for (const a of ['aria-label', 'title', 'alt', 'placeholder']) { const v = el.getAttribute(a); if (v && v.trim()) out.push(v.trim()); }
    if (el.type === 'button' || el.type === 'submit') out.push((el.value || '').trim());
  }
  const t = document.title.trim(); if (t) out.push(t);
  return out;
})()`

// Words returns what the page shows and speaks now (jsWords).
func (p *page) Words() []string {
	p.t.Helper()
	return eval[[]string](p, jsWords)
}

// englishWords are English function words and the game's common English
// words: one of them in a French page is English left untranslated.
var englishWords = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(the|your|you|move|moves|game|games|with|and|play|player|new|back|undo|rules|turn|wins|won|lost|waiting|opponent|computer|settings|start|share|copy|link|this|that|what|which|when|from|into|here|there|now|next|again|yes|no|not|online|nearby|lesson|lessons|puzzle|puzzles|of|to|is|are|was|be|it|by|for|in)(?:$|[^\p{L}\p{N}])`)

// frenchWords are French function words and accents that no English
// sentence of the app has: one of them in an English page is French.
var frenchWords = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}])(le|la|les|des|du|une|vous|votre|vos|est|sont|avec|pour|dans|partie|parties|coup|coups|jouer|règles|leçons|problèmes|adversaire|ordinateur|annuler|reprendre|ligne|rebond|pierre|pierres)(?:$|[^\p{L}\p{N}])|[àâçéèêëîïôûùœ«»]`)

// notationOrName is what may stay the same in both languages: the games'
// names, the app's, notation (cells, squares, moves, records), numbers and
// symbols.
var notationOrName = regexp.MustCompile(`(?i)^([\s\d.,:;!?%/×+\-–—…·•()\[\]«»'’"=<>→←↑↓↶↷⟲◐☀☾♪#*]|gyre|gyg[eè]s|gygy|[a-l]\d{1,2}|[a-f][1-6](-[a-f1-6g]+)*(:[a-f][1-6])?|swap|\d+x\d+|opening\s*\d+)*$`)

// wordsLeft returns the entries of words that hold a word of the other
// language: English ones in a French page (lang "fr"), French ones in an
// English page.
func wordsLeft(lang string, words []string) []string {
	other := englishWords
	if lang != "fr" {
		other = frenchWords
	}
	var left []string
	for _, w := range words {
		if notationOrName.MatchString(w) {
			continue
		}
		text := strings.NewReplacer("\u202f", " ", "Gygès", "", "GYGÈS", "").Replace(w) // the game's own name has its accent in both
		if other.MatchString(text) {
			left = append(left, w)
		}
	}
	return left
}

func TestWordsLeft(t *testing.T) {
	fr := []string{"Un jeu inégal", "Nouvelle partie", "Jouer à Gygès", "c1-d4:a3", "GYRE 7x14", "Your move", "Annuler le coup", "3 × 6"}
	if got := wordsLeft("fr", fr); len(got) != 1 || got[0] != "Your move" {
		t.Errorf("wordsLeft(fr) = %q, want the one English entry", got)
	}
	en := []string{"New game", "Play Gygès", "a1 swap", "Votre coup", "Undo"}
	if got := wordsLeft("en", en); len(got) != 1 || got[0] != "Votre coup" {
		t.Errorf("wordsLeft(en) = %q, want the one French entry", got)
	}
}
