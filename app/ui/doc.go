// Package ui is the web app: the route table that both the WebAssembly
// program and the server register ([Routes], [RoutesWith]), and the
// [Shell], its root component. The shell keeps the tables (the game at
// this device and the online game on this page), the route, the version
// offer and the [Services] the browser program hands in (storage, the
// computer player of package app/worker, the peers), and gives each screen
// its table.
//
// Each screen is a component of its own package that owns its state:
// home, rules, lobby, bylink, games, learn and play; board draws both
// boards and the rulebook's diagrams, and screen holds what the shell and
// the screens share. README's Layout section maps them. A table that
// changes by itself reaches the shell through the Run function the shell
// gave it, and the shell hands the change to the screen drawing that
// table (screen.ActionTable).
package ui
