// Package lang words the app in the language of the page: a catalogue of
// one folder a language (en/, fr/) and one flat JSON file an area, of
// stable keys ("shell.nav.rules") giving a text with named placeholders
// or its plural forms. [T] and [N] word a key in the [Current] language;
// [Int], [Dec], [Percent] and [Clock] write numbers as it does.
//
// app.wasm carries only each language's meta.json: the server serves a
// language's words as one file ([Bundle] at [File]), given to [Load]
// before the page words anything in it ([Ready]). The shell changes the
// language with [Use] and posts [ActionChanged], on which every component
// that shows words updates (ctx.Handle in its OnMount).
package lang
