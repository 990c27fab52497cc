// Package knobs reads the laboratory's settings of the bots (bot.Tuning
// and the Gygès search's variants) from the short texts its flags and
// measuring tests take.
package knobs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gygy/engine/bot"
	"gygy/engine/search"
)

// Knowledge reads a GYRE bot's knowledge by side (bot.Tuning.Knowledge),
// SPOKE/GYRE, each side's letters p (the distances' priors), r
// (last-good-reply playouts), l (the learned priors) or - for none: "pr/p"
// is Hard's on the fair start's boards.
func Knowledge(text string) ([2]bot.Knowledge, error) {
	var k [2]bot.Knowledge
	sides := strings.Split(text, "/")
	if len(sides) != 2 {
		return k, fmt.Errorf("knowledge %q: want SPOKE/GYRE, like pr/p", text)
	}
	for i, s := range sides {
		for _, r := range s {
			switch r {
			case 'p':
				k[i].Priors = true
			case 'r':
				k[i].Replies = true
			case 'l':
				k[i].Learned = true
			case '-':
			default:
				return k, fmt.Errorf("knowledge %q: %q is not p, r, l or -", text, r)
			}
		}
	}
	return k, nil
}

// Priors reads the terms of the priors of both sides (bot.Tuning.Priors):
// Spoke's own, Spoke's cut, Gyre's own, Gyre's cut, comma-separated, like
// "0.2,0.2,0.1,0.3".
func Priors(text string) ([2]bot.PriorTerms, error) {
	var v [4]float64
	f := strings.Split(text, ",")
	if len(f) != 4 {
		return [2]bot.PriorTerms{}, fmt.Errorf("prior terms %q: %d numbers, want 4 (Spoke's own and cut, Gyre's own and cut)", text, len(f))
	}
	for i, s := range f {
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return [2]bot.PriorTerms{}, fmt.Errorf("prior terms %q: %q is not a number", text, s)
		}
		v[i] = x
	}
	return [2]bot.PriorTerms{{Own: v[0], Cut: v[1]}, {Own: v[2], Cut: v[3]}}, nil
}

// Search changes a Gygès search's configuration (bot.Tuning.Search) as
// spec says, a list of changes separated by commas: noreduce (no late-move reductions),
// onereduce (reductions of one ply, Medium's), nowin (no goal question at
// every node), noprune (no late-move pruning), nonull (no null move),
// noasp (no aspiration windows), null, null3 and null4 (the null move
// reduced by 2, 3 or 4 plies), asp (a window of ±500), asp200, tt20,
// eval18, fromto; noroot (the root's moves neither ordered by work nor
// reduced, Hard before they were); landed, Hard as it landed before the
// null move and the windows (commit 834fcff: nonull, noasp and noroot);
// and base, Hard as it was at commit f6ecb62 (landed, nowin and noprune).
func Search(cfg *search.ABConfig, spec string) error {
	for _, v := range strings.Split(spec, ",") {
		switch v {
		case "":
		case "noreduce":
			cfg.Reduce = false
		case "onereduce":
			cfg.LogReduce = false
		case "nowin":
			cfg.WinCheck = false
		case "noprune":
			cfg.PruneLate = false
		case "tt19":
			cfg.TableBits = 19
		case "tt20":
			cfg.TableBits = 20
		case "eval18":
			cfg.EvalBits = 18
		case "fromto":
			cfg.HistoryMask = 1<<14 - 1
		case "null":
			cfg.NullMove, cfg.NullReduce = true, 2
		case "null3":
			cfg.NullMove, cfg.NullReduce = true, 3
		case "null4":
			cfg.NullMove, cfg.NullReduce = true, 4
		case "asp":
			cfg.Aspiration = 500
		case "asp200":
			cfg.Aspiration = 200
		case "nonull":
			cfg.NullMove = false
		case "noasp":
			cfg.Aspiration = 0
		case "noroot":
			cfg.RootOrder, cfg.RootReduce = false, false
		case "landed":
			cfg.NullMove, cfg.Aspiration = false, 0
			cfg.RootOrder, cfg.RootReduce = false, false
		case "base":
			cfg.WinCheck, cfg.PruneLate = false, false
			cfg.NullMove, cfg.Aspiration = false, 0
			cfg.RootOrder, cfg.RootReduce = false, false
		default:
			return fmt.Errorf("search variant: unknown change %q (see knobs.Search)", v)
		}
	}
	return nil
}
