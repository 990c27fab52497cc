// Package analysis is the arithmetic of a game's computer analysis: from
// the judgement of every position in turn (the chance of the side to move,
// or a proof) to the win chance over the game and a mark for each move,
// good, inaccuracy, mistake or blunder, by how much the mover's chance
// dropped. It is pure: the judgements come from the bot's worker.
package analysis
