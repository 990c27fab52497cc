package gyre

// fairOpenings holds the measured K of the named sizes (FairOpening).
var fairOpenings = map[Size]int{
	Small:    9,
	Standard: 9,
}

// FairOpening returns the K of `opening K` recommended as the fairest
// start on a board of size s, and false for sizes that were not measured
// (only the rulebook's named sizes, 5 × 10 and 7 × 14, were).
//
// K was measured with `gygy gyre opening` (2026-12-01): for each K, Hard
// bots at a fixed 10,000 playouts a move, player 1 building the opening
// (aiming at even by its own search), player 2 deciding the swap, both
// then playing to the end; K is the smallest whose player 1 share has
// 50% in its 95% Wilson interval, or else the one nearest to 50%. No K
// reached 50%; on both sizes the largest the variant allows, K = 9, came
// nearest:
//
//   - 5 × 10 (K scan of 20 games a K, then 100 at K = 9): up to K = 4
//     Spoke won all 20 games and player 1 none; at K = 9 player 1 won 35%
//     (26–45%) and Spoke 46% (37–56%), the swap taken 45% of the time.
//     The colours are even there; player 2's edge is the chooser's: the
//     openings are near even, not exactly, and it picks the better side.
//   - 7 × 14 (10 games a K, then 100 at K = 8 and 9): up to K = 7 Spoke
//     won every game; at K = 8 player 1 won 19% (13–28%) and Spoke all
//     100; at K = 9 player 1 won 31% (23–41%) but Spoke 93% (86–97%).
//     The bots' searches judge these openings near even and they are
//     not: Spoke still wins, and player 1 wins only when player 2 keeps
//     Gyre by mistake. K = 9 is the nearest to fair the variant offers on
//     7 × 14, not a fair start.
func FairOpening(s Size) (k int, ok bool) {
	k, ok = fairOpenings[s]
	return k, ok
}
