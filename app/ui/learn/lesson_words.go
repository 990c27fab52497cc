package learn

import (
	"gygy/app/learn"
	"gygy/app/ui/lang"
)

// lessonText is a lesson's words in the page's language.
type lessonText struct {
	Title, Text, Task, Success, Wrong string
}

// words gives lesson l's words in the current language: the catalogue's
// area "lessons" holds them by the lesson's id (one literal key each, so
// that the catalogue test sees them); a lesson the catalogue lacks keeps
// the English of package learn.
func words(l learn.Lesson) lessonText {
	switch l.ID {
	case "gyre-stone":
		return lessonText{
			Title:   lang.T("lessons.gyre_stone.title"),
			Text:    lang.T("lessons.gyre_stone.text"),
			Task:    lang.T("lessons.gyre_stone.task"),
			Success: lang.T("lessons.gyre_stone.success"),
		}
	case "gyre-bridge":
		return lessonText{
			Title:   lang.T("lessons.gyre_bridge.title"),
			Text:    lang.T("lessons.gyre_bridge.text"),
			Task:    lang.T("lessons.gyre_bridge.task"),
			Success: lang.T("lessons.gyre_bridge.success"),
			Wrong:   lang.T("lessons.gyre_bridge.wrong"),
		}
	case "gyre-loop":
		return lessonText{
			Title:   lang.T("lessons.gyre_loop.title"),
			Text:    lang.T("lessons.gyre_loop.text"),
			Task:    lang.T("lessons.gyre_loop.task"),
			Success: lang.T("lessons.gyre_loop.success"),
			Wrong:   lang.T("lessons.gyre_loop.wrong"),
		}
	case "gyre-block":
		return lessonText{
			Title:   lang.T("lessons.gyre_block.title"),
			Text:    lang.T("lessons.gyre_block.text"),
			Task:    lang.T("lessons.gyre_block.task"),
			Success: lang.T("lessons.gyre_block.success"),
			Wrong:   lang.T("lessons.gyre_block.wrong"),
		}
	case "gyre-two-cell":
		return lessonText{
			Title:   lang.T("lessons.gyre_two_cell.title"),
			Text:    lang.T("lessons.gyre_two_cell.text"),
			Task:    lang.T("lessons.gyre_two_cell.task"),
			Success: lang.T("lessons.gyre_two_cell.success"),
			Wrong:   lang.T("lessons.gyre_two_cell.wrong"),
		}
	case "gyre-swap":
		return lessonText{
			Title:   lang.T("lessons.gyre_swap.title"),
			Text:    lang.T("lessons.gyre_swap.text"),
			Task:    lang.T("lessons.gyre_swap.task"),
			Success: lang.T("lessons.gyre_swap.success"),
			Wrong:   lang.T("lessons.gyre_swap.wrong"),
		}
	case "gyre-fair":
		return lessonText{
			Title:   lang.T("lessons.gyre_fair.title"),
			Text:    lang.T("lessons.gyre_fair.text"),
			Task:    lang.T("lessons.gyre_fair.task"),
			Success: lang.T("lessons.gyre_fair.success"),
		}
	case "gyges-row":
		return lessonText{
			Title:   lang.T("lessons.gyges_row.title"),
			Text:    lang.T("lessons.gyges_row.text"),
			Task:    lang.T("lessons.gyges_row.task"),
			Success: lang.T("lessons.gyges_row.success"),
		}
	case "gyges-rings":
		return lessonText{
			Title:   lang.T("lessons.gyges_rings.title"),
			Text:    lang.T("lessons.gyges_rings.text"),
			Task:    lang.T("lessons.gyges_rings.task"),
			Success: lang.T("lessons.gyges_rings.success"),
			Wrong:   lang.T("lessons.gyges_rings.wrong"),
		}
	case "gyges-turns":
		return lessonText{
			Title:   lang.T("lessons.gyges_turns.title"),
			Text:    lang.T("lessons.gyges_turns.text"),
			Task:    lang.T("lessons.gyges_turns.task"),
			Success: lang.T("lessons.gyges_turns.success"),
			Wrong:   lang.T("lessons.gyges_turns.wrong"),
		}
	case "gyges-bounce":
		return lessonText{
			Title:   lang.T("lessons.gyges_bounce.title"),
			Text:    lang.T("lessons.gyges_bounce.text"),
			Task:    lang.T("lessons.gyges_bounce.task"),
			Success: lang.T("lessons.gyges_bounce.success"),
			Wrong:   lang.T("lessons.gyges_bounce.wrong"),
		}
	case "gyges-chain":
		return lessonText{
			Title:   lang.T("lessons.gyges_chain.title"),
			Text:    lang.T("lessons.gyges_chain.text"),
			Task:    lang.T("lessons.gyges_chain.task"),
			Success: lang.T("lessons.gyges_chain.success"),
			Wrong:   lang.T("lessons.gyges_chain.wrong"),
		}
	case "gyges-replace":
		return lessonText{
			Title:   lang.T("lessons.gyges_replace.title"),
			Text:    lang.T("lessons.gyges_replace.text"),
			Task:    lang.T("lessons.gyges_replace.task"),
			Success: lang.T("lessons.gyges_replace.success"),
			Wrong:   lang.T("lessons.gyges_replace.wrong"),
		}
	case "gyges-fallback":
		return lessonText{
			Title:   lang.T("lessons.gyges_fallback.title"),
			Text:    lang.T("lessons.gyges_fallback.text"),
			Task:    lang.T("lessons.gyges_fallback.task"),
			Success: lang.T("lessons.gyges_fallback.success"),
		}
	case "gyges-goal":
		return lessonText{
			Title:   lang.T("lessons.gyges_goal.title"),
			Text:    lang.T("lessons.gyges_goal.text"),
			Task:    lang.T("lessons.gyges_goal.task"),
			Success: lang.T("lessons.gyges_goal.success"),
			Wrong:   lang.T("lessons.gyges_goal.wrong"),
		}
	}
	return lessonText{Title: l.Title, Text: l.Text, Task: l.Task, Success: l.Success, Wrong: l.Wrong}
}
