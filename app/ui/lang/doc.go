// Package lang words the app in the language of the page: English or
// French today, any language whose folder is added beside en/ and fr/.
//
// The words live in a catalogue, one folder a language and one flat JSON
// file an area (en/shell.json, fr/shell.json…): a stable key, namespaced by
// its area ("shell.nav.rules"), gives a text with named placeholders
// ("Last move: {move}.") or its plural forms ({"one": …, "other": …}).
// [T] and [N] word a key in the [Current] language; [Int], [Dec],
// [Percent] and [Clock] write numbers as it writes them.
//
// The server and the tests carry every file. app.wasm carries only each
// language's meta.json: the server serves a language's words as one file
// ([Bundle], at [File]) and the page gives them to [Load] before it words
// anything in that language ([Ready]).
//
// One language is current for the whole page. The shell changes it with
// [Use] and then posts [ActionChanged]: every component that shows words
// registers, in OnMount,
//
//	ctx.Handle(lang.ActionChanged, func(ctx app.Context, a app.Action) { ctx.Update() })
package lang
