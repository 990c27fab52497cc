package search

import (
	"math"
	"slices"
)

type ttFlag uint8

const (
	ttExact ttFlag = iota + 1
	ttLower
	ttUpper
)

// evalEntry is a cached evaluation.
type evalEntry struct {
	key   uint64
	score int32
	set   bool
}

// historyBits sizes the history table: moves are hashed into it.
const historyBits = 16

// historyMask is the bits of a move its history is kept by: those
// HistoryMask keeps, if set.
func (s *AlphaBeta[P, PP]) historyMask() Move {
	if s.cfg.HistoryMask != 0 {
		return s.cfg.HistoryMask
	}
	return -1
}

// historySlot is where the history of m is kept, by the bits of mask.
func historySlot(m, mask Move) uint32 {
	return uint32(m&mask) * 0x9e3779b1 >> (32 - historyBits)
}

type ttEntry struct {
	key   uint64
	move  Move
	score int32
	depth int8
	flag  ttFlag
}

// The table keeps two entries per slot pair: the even one prefers depth,
// the odd one always takes the newest result.
func (s *AlphaBeta[P, PP]) probe(key uint64) *ttEntry {
	i := key & s.mask &^ 1
	if e := &s.tt[i]; e.key == key && e.flag != 0 {
		return e
	}
	if e := &s.tt[i|1]; e.key == key && e.flag != 0 {
		return e
	}
	return nil
}

func (s *AlphaBeta[P, PP]) store(key uint64, d, score int, flag ttFlag, m Move) {
	i := key & s.mask &^ 1
	e := ttEntry{key: key, move: m, score: int32(score), depth: int8(d), flag: flag}
	deep := &s.tt[i]
	switch {
	case deep.key == key || deep.flag == 0 || d >= int(deep.depth):
		if deep.key != key && deep.flag != 0 {
			s.tt[i|1] = *deep
		}
		*deep = e
	default:
		s.tt[i|1] = e
	}
}

// Win scores are stored relative to the node, so that a transposition
// reached at another ply keeps the right distance.
func toTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score + ply
	case score <= -winBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score - ply
	case score <= -winBound:
		return score + ply
	}
	return score
}

// collectPV follows the table's best moves from the root.
func (s *AlphaBeta[P, PP]) collectPV(maxLen int) []Move {
	var pv []Move
	pos := s.root
	seen := map[uint64]bool{}
	for len(pv) < maxLen {
		p := PP(&pos)
		key := p.Hash()
		e := s.probe(key)
		if e == nil || e.move < 0 || seen[key] || p.Over() {
			break
		}
		if !slices.Contains(p.Moves(nil), e.move) {
			break // a colliding key: not this position's move
		}
		seen[key] = true
		pv = append(pv, e.move)
		p.Play(e.move)
	}
	return pv
}

// lmrTable[d][i] is LogReduce's reduction of the i-th move of a node of
// depth d.
var lmrTable = func() (t [32][256]int8) {
	for d := 1; d < len(t); d++ {
		for i := 1; i < len(t[d]); i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

// lmr is lmrTable's reduction of the i-th move of a node of depth d, the
// table's last row and column standing for deeper nodes and later moves.
func lmr(d, i int) int {
	return int(lmrTable[min(d, len(lmrTable)-1)][min(i, len(lmrTable[0])-1)])
}

// lateMoves[d] is how many moves PruneLate searches at a null-window node
// of depth d.
var lateMoves = [...]int{0, 12, 24}
