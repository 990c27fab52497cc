package home

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/session"
	"gygy/engine/game"
	"gygy/engine/level"
)

// The home screen remembers, for each mode, the settings of the last game
// started in it, and the mode itself: "New game" then offers what the
// person played last, not the defaults.
const (
	settingsKey = "gygy.home."     // + the mode: that mode's last settings
	modeKey     = "gygy.home.mode" // the mode of the last game started
)

// settings is what the form remembers of a game started: everything but
// the mode (the key says it) and the record being typed.
type settings struct {
	Kind       string `json:"kind"`
	Size       string `json:"size"`
	Rings      int    `json:"rings"`
	Cols       int    `json:"cols"`
	Level      string `json:"level"`
	First      bool   `json:"first"`
	FirstSet   bool   `json:"firstSet"`
	Side       string `json:"side"`
	Rule       string `json:"rule"` // "" for the board's recommended rule
	K          int    `json:"k"`
	NoDisplace bool   `json:"noDisplace"`
	Clock      string `json:"clock"`
	OwnClock   bool   `json:"ownClock"`
	Minutes    string `json:"minutes"`
	Increment  int    `json:"increment"`
	Long       bool   `json:"long"`
}

// storage is where the settings are kept: the one the shell hands in,
// none while the server draws the page.
func (h *Home) storage() session.Storage {
	if !app.IsClient {
		return nil
	}
	return h.Store
}

func (h *Home) settings() settings {
	return settings{
		Kind: h.kind.String(), Size: h.size, Rings: h.rings, Cols: h.cols,
		Level: h.level.String(), First: h.first, FirstSet: h.firstSet, Side: h.side, Rule: h.rule, K: h.k,
		NoDisplace: h.noDisplace, Clock: h.clock, OwnClock: h.ownClock,
		Minutes: h.minutes, Increment: h.increment, Long: h.long,
	}
}

// apply puts remembered settings on the form; a value that no longer reads
// leaves the form's own.
func (h *Home) apply(s settings) {
	if k, err := game.ParseKind(s.Kind); err == nil {
		h.kind = k
	}
	if s.Size != "" {
		h.size = s.Size
	}
	if s.Rings > 0 && s.Cols > 0 {
		h.rings, h.cols = s.Rings, s.Cols
	}
	if l, err := level.Parse(s.Level); err == nil {
		h.level = l
	}
	h.first, h.firstSet = s.First, s.FirstSet
	if s.Side != "" {
		h.side = s.Side
	}
	switch s.Rule {
	case "", ruleFair, ruleSwap, ruleNoSwap:
		h.rule = s.Rule
	}
	h.k = max(s.K, 0)
	h.noDisplace, h.clock, h.ownClock, h.long = s.NoDisplace, s.Clock, s.OwnClock, s.Long
	if s.Minutes != "" {
		h.minutes = s.Minutes
	}
	h.increment = s.Increment
}

// remember keeps the form's settings as the mode's last ones.
func (h *Home) remember() {
	st := h.storage()
	if st == nil {
		return
	}
	if data, err := json.Marshal(h.settings()); err == nil {
		st.Set(settingsKey+h.mode, string(data)) // a full or refused storage only forgets
		st.Set(modeKey, h.mode)
	}
}

// recall puts the last settings of a mode on the form, if any are kept;
// withKind says whether the game (GYRE or Gygès) is recalled too.
func (h *Home) recall(mode string, withKind bool) {
	st := h.storage()
	if st == nil {
		return
	}
	text, err := st.Get(settingsKey + mode)
	if err != nil {
		return
	}
	var s settings
	if json.Unmarshal([]byte(text), &s) != nil {
		return
	}
	if !withKind {
		s.Kind = h.kind.String()
	}
	h.apply(s)
}

// lastMode is the mode of the last game started here, or "".
func (h *Home) lastMode() string {
	st := h.storage()
	if st == nil {
		return ""
	}
	m, err := st.Get(modeKey)
	if err != nil {
		return ""
	}
	switch m {
	case "hotseat", "computer", "online", "nearby", "bylink":
		return m
	}
	return ""
}
