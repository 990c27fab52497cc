// Package screen is what the shell (package ui) and its screens share:
// the actions a screen emits for the shell (a new online game, leave,
// home) and the news of the tables the shell hands back (ActionTable,
// News), the words every screen uses for games, players and refusals,
// the connection's banner, the clipboard, the sounds and the browser's
// storage. It holds no screen's state.
package screen
