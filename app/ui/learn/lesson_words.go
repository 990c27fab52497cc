package learn

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/learn"
	"gygy/app/ui/lang"
	"gygy/app/ui/screen"
)

// lessonText is a lesson's words in the page's language.
type lessonText struct {
	Title, Text, Task, Success, Wrong string
}

// lessonTexts are the lessons' words read so far, by language, each by
// learn.Key: a language's file (package texts, served at learn.TextsPath)
// is fetched once a session, when the lessons open in it; it is not
// compiled into app.wasm. The server fills it from its own copy
// (prerender.go).
var lessonTexts = map[string]map[string]string{}

// textsLang is the language of the lessons' words: the page's.
func textsLang() string { return string(lang.Current()) }

// textsRead tells whether the lessons' words in the page's language are
// read.
func textsRead() bool {
	_, ok := lessonTexts[textsLang()]
	return ok
}

// words gives lesson l's words in the page's language, once read.
func words(l learn.Lesson) lessonText {
	m := lessonTexts[textsLang()]
	return lessonText{
		Title:   m[learn.Key(l.ID, "title")],
		Text:    m[learn.Key(l.ID, "text")],
		Task:    m[learn.Key(l.ID, "task")],
		Success: m[learn.Key(l.ID, "success")],
		Wrong:   m[learn.Key(l.ID, "wrong")],
	}
}

// loadTexts fetches the lessons' words in the page's language unless they
// are read already or on their way. The answer comes through the screen's
// own context when it has one (an event's context belongs to its element,
// the retry button, gone once the fetch starts).
func (s *Lessons) loadTexts(ctx app.Context) {
	tag := textsLang()
	if textsRead() || !app.IsClient || s.loading == tag {
		return
	}
	if s.ctx.Context != nil {
		ctx = s.ctx
	}
	s.loading, s.loadErr = tag, nil
	screen.FetchText(ctx, learn.TextsPath(tag), func(text string, err error) {
		if err == nil {
			var m map[string]string
			if err = json.Unmarshal([]byte(text), &m); err == nil {
				lessonTexts[tag] = m
			}
		}
		if s.loading == tag {
			s.loading, s.loadErr = "", err
		}
	})
}

// retryTexts fetches the lessons' words again after a failure.
func (s *Lessons) retryTexts(ctx app.Context, e app.Event) {
	s.loading, s.loadErr = "", nil
	s.loadTexts(ctx)
}

// textsState draws, in place of the lessons, that their words are on
// their way, or why they could not be fetched, with a retry.
func (s *Lessons) textsState() app.UI {
	if s.loadErr != nil {
		return app.Div().ID("lessons-failed").Class("rules-failed").Attr("role", "alert").Body(
			app.P().Text(lang.T("lessons.failed", "error", s.loadErr.Error())),
			app.Button().ID("lessons-retry").Text(lang.T("rules.retry")).OnClick(s.retryTexts),
		)
	}
	return app.P().ID("lessons-loading").Attr("role", "status").Text(lang.T("lessons.loading"))
}
