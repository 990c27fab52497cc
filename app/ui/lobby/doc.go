// Package lobby holds the screens before an online game is agreed: Online
// (a room at the signalling hub and a link to share, or the offer of a
// link to accept) and Nearby (pairing two devices by codes, read by
// camera or pasted). Each owns its steps; the shell owns the table and
// its peer. Once the game is agreed both draw it with the game screen
// (package play).
package lobby
