//go:build js

package lang

import "embed"

// files is each language's meta.json only: app.wasm knows the languages,
// their names and how they write numbers, and fetches the words of the
// page's language at its start ([Load]), 12 KB brotli a language it does
// not carry.
//
//go:embed */meta.json
var files embed.FS
