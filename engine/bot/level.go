package bot

import "gygy/engine/level"

// Level is a bot's strength (package level, shared with the app).
type Level = level.Level

// The levels, weakest first.
const (
	Easy   = level.Easy
	Medium = level.Medium
	Hard   = level.Hard
)

// Levels lists every level, weakest first.
var Levels = level.All

// ParseLevel reads a level name as written by Level.String.
func ParseLevel(s string) (Level, error) { return level.Parse(s) }
