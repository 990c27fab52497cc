package solve

import (
	"math/bits"

	"gygy/engine/gyre"
)

// posKey identifies a position in the table: the stones, possibly mapped
// by a symmetry to the least of their images, and the side to move.
type posKey struct {
	sp, gy uint64
	turn   gyre.Color
}

// key builds the table key of a position; small positions are first
// mapped to their least symmetric image.
func (s *Solver) key(sp, gy uint64, turn gyre.Color) posKey {
	k := posKey{sp: sp, gy: gy, turn: turn}
	if bits.OnesCount64(sp|gy) > s.cfg.SymmetryStones {
		return k
	}
	for _, p := range s.geo.syms[1:] {
		tsp := permute(p, sp)
		if tsp > k.sp {
			continue
		}
		tgy := permute(p, gy)
		if tsp < k.sp || tgy < k.gy {
			k.sp, k.gy = tsp, tgy
		}
	}
	return k
}

// entry is one proved position.
type entry struct {
	sp, gy uint64
	work   uint32 // nodes spent on the proof, saturated
	turn   gyre.Color
	win    bool
	used   bool
}

// table is a transposition table of proved positions in buckets of two:
// the first slot keeps the costlier proof, the second takes whatever
// comes. Results are exact (no depth), so any hit is final.
type table struct {
	slots []entry
	mask  uint64
}

func newTable(bitsN int) table {
	return table{slots: make([]entry, 1<<bitsN), mask: (1<<bitsN - 1) &^ 1}
}

func (t *table) index(k posKey) uint64 {
	h := k.sp*0x9e3779b97f4a7c15 ^ (k.gy+uint64(k.turn))*0xc2b2ae3d27d4eb4f
	h ^= h >> 31
	h *= 0xd6e8feb86659fd93
	h ^= h >> 32
	return h & t.mask
}

// probe returns the result stored for k, if any.
func (t *table) probe(k posKey) (win, found bool) {
	i := t.index(k)
	for _, e := range t.slots[i : i+2] {
		if e.used && e.sp == k.sp && e.gy == k.gy && e.turn == k.turn {
			return e.win, true
		}
	}
	return false, false
}

func (t *table) store(k posKey, win bool, work int64) {
	i := t.index(k)
	e := entry{sp: k.sp, gy: k.gy, turn: k.turn, win: win, used: true, work: uint32(min(work, 1<<32-1))}
	if first := &t.slots[i]; !first.used || e.work >= first.work {
		t.slots[i+1], *first = *first, e
		return
	}
	t.slots[i+1] = e
}
