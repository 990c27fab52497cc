package bot

import "gygy/engine/gyre"

// knowsToSwap reports whether the bot takes Spoke whenever the plain swap
// rule (opening 0) offers it, whatever its search says of the position.
// Hard does; Easy and Medium judge by their search alone.
//
// Why: after the first stone, swapping gives the second player Spoke
// with that stone already on the board and Gyre to move. A stone of
// one's own never hurts in a connection game, so that is at least as good
// for Spoke as the empty board with Gyre moving first, and Spoke wins
// that on every legal board as far as anyone here knows:
//   - with fewer rings than columns by the Hex argument (the rulebook's
//     "Why Spoke is ahead"), and by the solver on the small boards it
//     proves from empty;
//   - with at least as many rings as columns (every such board lies in
//     the balance map: at most 15 rings, so at most 15 columns), by the
//     map's Gyre-first games: Spoke won 891 of 904 games between equal
//     Hard bots, at least 5 of 8 on every board.
//
// The search alone misjudges the deep boards: its playouts favour Gyre
// there (random play gives Gyre 76% on 15 × 6), and in the map's games
// with the swap, player 2 kept Gyre in 137 games and won 8 of them.
// An `opening K` with K > 0 is built to be near even, so there the
// search decides.
func (b *GyreBot) knowsToSwap(g *gyre.Game) bool {
	return b.level >= Hard && g.SwapAvailable() && g.Variant().K() == 0
}
