// Package cli holds what the two commands, gygy and gygy-lab, read from
// their command lines alike: flags among the arguments, board sizes, and
// the flags that set up a bot.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"gygy/engine/bot"
	"gygy/engine/gyges"
	"gygy/engine/gyre"
	"gygy/engine/gyre/solve"
)

// ErrUsage marks a command line that does not fit the usage.
var ErrUsage = errors.New("usage")

// ParseAnywhere parses fs's flags wherever they stand among the arguments
// and returns the positional arguments. After "--" everything is
// positional. Its errors wrap ErrUsage.
func ParseAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUsage, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// Size is a flag.Value for a GYRE board size such as 7x14.
type Size struct{ Size gyre.Size }

func (f *Size) String() string { return f.Size.String() }

// Set reads a size.
func (f *Size) Set(s string) (err error) {
	f.Size, err = gyre.ParseSize(s)
	return err
}

// BotFlags are the flags that set up a bot and its game: bestmove's and
// the tournament's.
type BotFlags struct {
	Game     string
	MoveTime time.Duration
	Long     bool
	Scale    float64
	Size     Size
	NoSwap   bool
	Variant  string
	Seed     uint64
}

// Register defines the flags in fs.
func (f *BotFlags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.Game, "game", "gyre", "gyre or gyges")
	fs.DurationVar(&f.MoveTime, "movetime", 0, "thinking time per move (default: each level's own budget; the level's work budget may stop it sooner)")
	fs.BoolVar(&f.Long, "long", false, "Hard thinks longer (its \"think longer\" budget)")
	fs.Float64Var(&f.Scale, "scale", 1, "multiply every time budget by this (shorter games for long tournaments)")
	f.Size = Size{gyre.Standard}
	fs.Var(&f.Size, "size", "GYRE board size RxC")
	fs.BoolVar(&f.NoSwap, "noswap", false, "GYRE without the swap rule")
	fs.StringVar(&f.Variant, "variant", "", "Gygès variant: nodisplace")
	fs.Uint64Var(&f.Seed, "seed", 1, "random seed")
}

// Timing is the clock and time budget per move of a bot of level l; own,
// when positive, is a time given for this bot alone.
func (f *BotFlags) Timing(l bot.Level, own time.Duration) bot.Timing {
	t := bot.Timing{Now: time.Now, MoveTime: own, Long: f.Long}
	if t.MoveTime <= 0 {
		t.MoveTime = f.MoveTime
	}
	t.MoveTime = time.Duration(float64(t.Budget(l)) * f.Scale)
	return t
}

// GyreVariant is the GYRE variant the flags ask for.
func (f *BotFlags) GyreVariant() gyre.Variant {
	if f.NoSwap {
		return gyre.NoSwap
	}
	return gyre.Classic
}

// GygesVariant is the Gygès variant the flags ask for.
func (f *BotFlags) GygesVariant() (gyges.Variant, error) {
	if f.Variant == "" {
		return gyges.Standard, nil
	}
	return gyges.ParseVariant(f.Variant)
}

// SolveFlags are the flags of the commands that run the GYRE solver.
type SolveFlags struct {
	Nodes int64
	Table int
}

// Register defines the flags in fs.
func (f *SolveFlags) Register(fs *flag.FlagSet) {
	fs.Int64Var(&f.Nodes, "nodes", 0, "stop after this many positions (0: no limit)")
	fs.IntVar(&f.Table, "table", 22, "transposition table of 2^BITS entries")
}

// Solver is a solver for boards of size s with the flags' budget.
func (f *SolveFlags) Solver(s gyre.Size) (*solve.Solver, error) {
	return solve.New(s, solve.Config{TableBits: f.Table, MaxNodes: f.Nodes})
}
