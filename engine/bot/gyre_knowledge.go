package bot

import "gygy/engine/search"

// config is the tree search's configuration for this bot on a board of n
// cells: the level's settings, with the tree's proofs of wins and losses
// (search.MCTSConfig.Solver) unless the bot is Plain. Measured against
// the solver and in matches (see the rulebook's results and issue 12).
func (b *GyreBot) config(n int) search.MCTSConfig {
	c := gyreConfig(n)
	c.Solver = !b.Plain
	return c
}
