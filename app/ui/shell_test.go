package ui

import (
	"testing"

	"gygy/app/ui/home"
	"gygy/app/ui/screen"
)

// The home screen's actions that My games sends too (through package
// screen, so that games does not import home) are the shell's.
func TestActionsAgree(t *testing.T) {
	if home.ActionLoad != screen.ActionLoad || home.ActionResume != screen.ActionResume {
		t.Errorf("home's actions %q, %q are not screen's %q, %q",
			home.ActionLoad, home.ActionResume, screen.ActionLoad, screen.ActionResume)
	}
}
