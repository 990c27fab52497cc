//go:build !js

package lang

import "embed"

// files is every file of the catalogue: the server words the pages it
// draws in every language and serves each language's words ([Bundle]).
//
//go:embed */*.json
var files embed.FS
