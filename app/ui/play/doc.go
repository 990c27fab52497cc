// Package play is the game screen, Game: it draws a table of either game,
// at this device, by link or online, from the table's View, and hands the
// person's actions to it without asking which kind of table it is; it asks
// only for the table's optional abilities (session.Redoer…) and shows no
// button for one the table lacks. It owns what the screen shows besides
// the table: the notices, the review of the moves (which keeps the
// positions it has drawn rather than replaying the record), the clocks,
// the swap and resign questions, and the sounds.
package play
