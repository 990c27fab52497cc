package games

import (
	"testing"
	"time"

	"gygy/app/mygames"
	"gygy/app/ui/lang"
)

// The list's kept English is shown as it was in English, and worded in
// French; what the screen does not know is shown as kept.
func TestWordsOfTheList(t *testing.T) {
	defer lang.Use(lang.EN)
	first := time.Date(2026, time.March, 1, 9, 5, 0, 0, time.UTC)
	other := time.Date(2026, time.December, 7, 15, 4, 0, 0, time.UTC)
	cases := []struct {
		got             func() string
		english, french string
	}{
		{func() string { return resultWords("South won (goal)") }, "South won (goal)", "Sud a gagné (but)"},
		{func() string { return resultWords("Player 2 won (loop)") }, "Player 2 won (loop)", "Le joueur 2 a gagné (boucle)"},
		{func() string { return resultWords("You won (resignation)") }, "You won (resignation)", "Vous avez gagné (abandon)"},
		{func() string { return resultWords(mygames.LeftResult) }, mygames.LeftResult, "laissée inachevée (une autre partie l’a remplacée)"},
		{func() string { return resultWords("aborted") }, "aborted", "annulée"},
		{func() string { return resultWords("Someone won (magic)") }, "Someone won (magic)", "Someone won (magic)"},
		{func() string { return opponentWords("Computer (Medium)") }, "Computer (Medium)", "Ordinateur (Moyen)"},
		{func() string { return opponentWords("Computer (hard)") }, "Computer (Hard)", "Ordinateur (Difficile)"}, // as lists kept it before
		{func() string { return opponentWords("Computer (Grandmaster)") }, "Computer (Grandmaster)", "Computer (Grandmaster)"},
		{func() string { return resultWords("You won (goal") }, "You won (goal", "You won (goal"},
		{func() string { return modeWords(mygames.ModeHere) }, "One device", "Sur cet appareil"},
		{func() string { return dateWords(first) }, first.Format("2 Jan 2006, 15:04"), "1er mars 2026 à 09:05"},
		{func() string { return dateWords(other) }, other.Format("2 Jan 2006, 15:04"), "7 déc. 2026 à 15:04"},
	}
	for _, c := range cases {
		lang.Use(lang.EN)
		if got := c.got(); got != c.english {
			t.Errorf("in English: %q, want %q", got, c.english)
		}
		lang.Use(lang.FR)
		if got := c.got(); got != c.french {
			t.Errorf("in French: %q, want %q", got, c.french)
		}
	}
}
