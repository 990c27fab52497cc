package gyre

// fairOpenings holds the measured K of the named sizes (FairOpening).
var fairOpenings = map[Size]int{
	Small:    9,
	Standard: 12,
}

// FairOpening returns the K of `opening K` recommended as the fair start
// on a board of size s, and false for sizes that were not measured (only
// the rulebook's named sizes, 5 × 10 and 7 × 14, were).
//
// K was measured with `gygy-lab gyre opening` (2026-12-01): for each K, Hard
// bots at a fixed 10,000 playouts a move, player 1 building the opening
// (aiming at even by its own search), player 2 deciding the swap, both
// then playing to the end. K is the smallest whose games came out even
// both ways, with 50% inside the 95% Wilson interval of player 1's share
// and of Spoke's; if no K did, it is the K whose player 1 share was
// nearest 50%. Player 1's share alone is not enough. When the bots
// misjudge an opening, the chooser picks its side at random and player 1
// wins about half the games, although one colour wins nearly all of them.
//
//   - 5 × 10: a scan of 20 games a K from 0 to 9, then 100 games at
//     K = 9, the largest the board allows. Up to K = 4 Spoke won all 20
//     games and player 1 none. At K = 9 player 1 won 35% (26–45%) and
//     Spoke 46% (37–56%); the swap was taken 45% of the time. No K reached
//     50% for player 1 and K = 9 came nearest. The colours are even
//     there. Player 2's edge is the chooser's: the openings are near even,
//     not exactly even, and player 2 picks the better side.
//   - 7 × 14: a scan of 10 games a K (0, 2, 4 to 9), then 100 games at
//     K = 8, 9, 11 and 12. Up to K = 7 Spoke won every game. At K = 9
//     player 1 won 31% (23–41%) but Spoke 93% (86–97%): the bots judged
//     the openings even and they were not. At K = 11 player 1 won 33%
//     (25–43%) and Spoke 76% (67–83%). At K = 12 player 1 won 44%
//     (35–54%) and Spoke 54% (44–63%), even on both counts. K = 12 is the
//     smallest fair K here.
func FairOpening(s Size) (k int, ok bool) {
	k, ok = fairOpenings[s]
	return k, ok
}
