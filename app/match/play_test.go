package match

// playText plays an action written in notation, as the tests write them:
// read in the game under way, then played typed. Text that does not read
// goes to Play as it is, whose refusal the test then sees.
func (m *Match) playText(text string) error {
	m.mu.Lock()
	g := m.rules
	m.mu.Unlock()
	if g != nil {
		if a, err := g.ReadAction(text); err == nil {
			return m.Play(a)
		}
	}
	return m.Play(text)
}
