package bot

import "gygy/engine/gyre"

// knowsToSwap reports whether the bot takes Spoke whenever the plain swap
// rule (opening 0) offers it, whatever its search says of the position.
// Hard does; Easy and Medium judge by their search alone.
//
// Why: swapping after the first stone gives the second player Spoke with
// that stone already on the board and Gyre to move. A stone of one's own
// never hurts in a connection game, so that is at least as good for Spoke
// as the empty board with Gyre moving first, which Spoke wins on every
// legal board as far as we know: by the Hex argument where there are
// fewer rings than columns (the rulebook's "Why Spoke is ahead"), by the
// solver where it reaches, and in the balance map's Gyre-first games
// elsewhere. The search alone misjudges the deep boards, where its
// playouts favour Gyre. An `opening K` with K > 0 is built to be near
// even, so there the search decides.
func (b *GyreBot) knowsToSwap(g *gyre.Game) bool {
	return b.level >= Hard && g.SwapAvailable() && g.Variant().K() == 0
}
