package lang_test

import (
	"fmt"

	"gygy/app/ui/lang"
)

func Example() {
	lang.Use(lang.FR)
	defer lang.Use(lang.EN)
	fmt.Println(lang.T("shell.nav.rules"), lang.Name(lang.Current()), lang.Percent(0.5) == "50\u202f%")
	// Output: Règles Français true
}
