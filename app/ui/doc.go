// Package ui is the web app: the route table that both the WebAssembly
// program and the server register, and the [Shell], its root component.
//
// The shell keeps only what every screen needs: the tables (the game at
// this device, [session.Local], and the online game on this page,
// [online.Table]), the route and the [Services] the browser program hands
// in (the storage, the computer player in its Web Worker, the peers). It
// picks the screen from the address and hands it its table. Each screen
// is a component of its own package that owns its state, and the packages
// point one way, so that no screen leans on another that leans back:
//
//	ui                the shell, the services, the computer's Web Worker
//	├── home          the home screen: the game, the mode, the board, a record to load
//	├── rules         the rulebooks, with their diagrams, and the print sheets
//	├── lobby         the online lobby (a link) and the nearby one (codes, the camera)
//	│   └── play      the game screen: any table, with the review, the clocks, the sounds
//	│       └── board the two boards and the rulebook's diagrams, drawn as SVG
//	└── screen        what the shell and the screens share: their actions, the words
//
// Both boards only draw and report: given the engine's position and what
// it allows now (the GYRE board its legal cells, the Gygès board every
// destination of every movable piece), they emit one action in notation
// (board.ActionPlay), which the game screen hands to its table; the
// table's engine checks it. A table that changes by itself (the
// computer's move, the opponent's, the connection) does so through the
// Run function the shell gave it; the shell then hands the changes to the
// screens as one action (screen.ActionTable), and the screen drawing that
// table redraws.
//
// Two rules keep a click on what the person touched:
//
//   - go-app keeps an element's event handler from its first render for as
//     long as the new one has the same code, scope and passiveness: a
//     closure's captured values are not compared. A handler made in a loop
//     or a helper, capturing what its element shows (a cell, a square, a
//     layout, a move's number, a field's setter), passes that value as
//     its scope, OnClick(h, app.EventScope(value)), so that an element
//     that comes to show another value gets a new handler; any other
//     handler reads what it needs when it runs (the component's fields,
//     or the element's own value and data), never what the render saw.
//   - Nothing that comes and goes sits above a board: a board that moves
//     between the moment a finger aims and the moment it lands plays the
//     cell that is there now. Online, only the connection's banner, always
//     drawn, is above it; the opponent's absence and questions head the
//     side (play.Game's onlineNews), and so do the GYRE swap offer and
//     the Gygès pass. Upright on a phone, where the status is above the
//     board, the status keeps room for two lines and a notice is a bar
//     over the foot of the screen (play.Game's renderNotice). Found by
//     the sleep test: the banner "Your opponent is gone…" left from above
//     the board as the channel came back, the board rose 29 px, and a
//     click aimed at d1 played c1.
package ui
