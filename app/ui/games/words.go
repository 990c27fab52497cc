package games

import (
	"time"

	"gygy/app/mygames"
	"gygy/app/ui/lang"
	"gygy/engine/level"
)

// The list keeps a game's mode, opponent and result as codes, in English
// as they were written when it was played (package mygames writes and
// reads them); the screen words the ones it knows in the page's language,
// and shows any other as it is kept.

// modeWords words a game's mode as the list keeps it.
func modeWords(mode string) string {
	switch mode {
	case mygames.ModeHere:
		return lang.T("games.mode.here")
	case mygames.ModeComputer:
		return lang.T("games.mode.computer")
	case mygames.ModeOnline:
		return lang.T("games.mode.online")
	}
	return mode
}

// opponentWords words a game's opponent as the list keeps it: the
// computer at its level, "Online opponent" or "Two players here".
func opponentWords(who string) string {
	switch who {
	case mygames.OpponentOnline:
		return lang.T("games.opponent.online")
	case mygames.OpponentHere:
		return lang.T("games.opponent.here")
	}
	if l, ok := mygames.ReadOpponent(who); ok {
		if name, ok := levelWords(l); ok {
			return lang.T("games.opponent.computer", "level", name)
		}
	}
	return who
}

// levelWords words a computer's level.
func levelWords(l level.Level) (string, bool) {
	switch l {
	case level.Easy:
		return lang.T("games.level.easy"), true
	case level.Medium:
		return lang.T("games.level.medium"), true
	case level.Hard:
		return lang.T("games.level.hard"), true
	}
	return "", false
}

// resultWords words a finished game's result as the list keeps it: a
// game left unfinished, how a game without a winner ended, or who won and
// how ("South won (goal)"); anything else as it is kept.
func resultWords(result string) string {
	if result == mygames.LeftResult {
		return lang.T("games.result.left")
	}
	o, ok := mygames.ReadResult(result)
	how, known := methodWords(o.Method)
	if !ok || !known {
		return result
	}
	switch o.Winner {
	case "":
		return lang.T("games.result.ended", "how", how)
	case mygames.WinnerYou:
		return lang.T("games.result.you_won", "how", how)
	case mygames.WinnerComputer:
		return lang.T("games.result.computer_won", "how", how)
	case mygames.WinnerOpponent:
		return lang.T("games.result.opponent_won", "how", how)
	case mygames.WinnerSouth:
		return lang.T("games.result.south_won", "how", how)
	case mygames.WinnerNorth:
		return lang.T("games.result.north_won", "how", how)
	case mygames.Player(1):
		return lang.T("games.result.player_won", "player", 1, "how", how)
	case mygames.Player(2):
		return lang.T("games.result.player_won", "player", 2, "how", how)
	}
	return result
}

// methodWords words how a game ended, as engine/game names it.
func methodWords(method string) (string, bool) {
	switch method {
	case "bridge":
		return lang.T("games.method.bridge"), true
	case "loop":
		return lang.T("games.method.loop"), true
	case "goal":
		return lang.T("games.method.goal"), true
	case "resignation":
		return lang.T("games.method.resignation"), true
	case "time":
		return lang.T("games.method.time"), true
	case "abandonment":
		return lang.T("games.method.abandonment"), true
	case "aborted":
		return lang.T("games.method.aborted"), true
	case "unfinished":
		return lang.T("games.method.unfinished"), true
	}
	return "", false
}

// dateWords says when a game was played: "2 Jan 2006, 15:04".
// The first of a month has its own message: French writes « 1er ».
func dateWords(t time.Time) string {
	args := []any{"day", t.Day(), "month", monthWords(t.Month()), "year", t.Format("2006"), "time", t.Format("15:04")}
	if t.Day() == 1 {
		return lang.T("games.date_first", args...)
	}
	return lang.T("games.date", args...)
}

// monthWords is a month's short name.
func monthWords(m time.Month) string {
	switch m {
	case time.January:
		return lang.T("games.month.jan")
	case time.February:
		return lang.T("games.month.feb")
	case time.March:
		return lang.T("games.month.mar")
	case time.April:
		return lang.T("games.month.apr")
	case time.May:
		return lang.T("games.month.may")
	case time.June:
		return lang.T("games.month.jun")
	case time.July:
		return lang.T("games.month.jul")
	case time.August:
		return lang.T("games.month.aug")
	case time.September:
		return lang.T("games.month.sep")
	case time.October:
		return lang.T("games.month.oct")
	case time.November:
		return lang.T("games.month.nov")
	}
	return lang.T("games.month.dec")
}
