// Package solve proves small GYRE positions exactly: who wins with perfect
// play, and every winning move. It is the ground truth the bots are
// measured against.
//
// The search is a depth-first proof over the game tree, with a
// transposition table of proved positions. Stones are bits of a uint64
// (boards of up to 64 cells), so neighbour sets, flood fills and the
// winning cells of either side are a few dozen word operations. The rules
// prune the tree: a win in one ends a search, a single winning cell of the
// opponent must be blocked and two lose. One move of each side ahead, a
// stone that makes two winning cells wins, and the opponent's such stones
// narrow the moves worth trying. Positions with few stones are stored
// under the least of their images by the board's 4C symmetries (rotation,
// mirror, and turning the ring inside out), so each is proved once.
package solve
