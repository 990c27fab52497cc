package bylink

import (
	"slices"

	"gygy/app/bylink"
	"gygy/app/session"
	"gygy/app/ui/screen"
)

// Entry is one game by link in progress on this device, for the home
// screen's list.
type Entry struct {
	Href     string // the game's screen
	Text     string // what the game is, e.g. "GYRE 7 × 14, 12 moves"
	YourMove bool
}

// List returns the games by link in progress kept in store, those where
// it is the person's move first, then the most recently changed.
func List(store session.Storage) []Entry {
	if store == nil {
		return nil
	}
	all, _ := bylink.NewBook(store).All()
	var out []Entry
	for _, h := range all {
		g, err := h.Game()
		if err != nil || g.Result().Over() {
			continue
		}
		out = append(out, Entry{
			Href:     "?view=link&game=" + h.ID.String(),
			Text:     screen.ResumeLabel(g),
			YourMove: g.Turn() == h.Seat,
		})
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		switch {
		case a.YourMove == b.YourMove:
			return 0
		case a.YourMove:
			return -1
		}
		return 1
	})
	return out
}
