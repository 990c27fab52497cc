package rulebook

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// app.wasm does not carry the rulebooks: the rules screen fetches the one
// it shows (package book), so this package, which embeds them all, stays
// out of the WebAssembly program.
func TestAppDoesNotLinkRulebooks(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list app.wasm's packages")
	}
	cmd := exec.Command(goTool, "list", "-deps", "./wasm")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./wasm: %v", err)
	}
	deps := strings.Fields(string(out))
	if slices.Contains(deps, "gygy/app/rulebook") {
		t.Error("app.wasm links gygy/app/rulebook, and with it every rulebook: the app must fetch them (gygy/app/rulebook/book)")
	}
	if !slices.Contains(deps, "gygy/app/rulebook/book") {
		t.Error("app.wasm does not link gygy/app/rulebook/book: how does it read the rules?")
	}
}
