package gyre

import (
	"math/rand/v2"
	"testing"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

func TestPlayoutEndsAtFirstWin(t *testing.T) {
	rng := newRand(11)
	for i := 0; i < boards(t, 2000); i++ {
		s := testSizes[i%len(testSizes)]
		b := NewBoard(MustGeometry(s))
		w := NewRoller(rng).Playout(&b, Spoke)
		if w == Empty || b.Bridge() == b.Loop() {
			t.Fatalf("playout %d on %v: winner %v, bridge %v, loop %v", i, s, w, b.Bridge(), b.Loop())
		}
		// The last stone decided it: the winner's colour has the last word.
		spokes, gyres := b.Stones(Spoke), b.Stones(Gyre)
		if (w == Spoke) != (spokes > gyres) {
			t.Fatalf("playout %d: %v won with %d spoke and %d gyre stones", i, w, spokes, gyres)
		}
	}
}

func benchmarkPlayout(b *testing.B, s Size) {
	empty := NewBoard(MustGeometry(s))
	r := NewRoller(newRand(1))
	wins := [3]int{}
	var board Board
	b.ReportAllocs()
	for b.Loop() {
		board = empty
		wins[r.Playout(&board, Spoke)]++
	}
	b.ReportMetric(float64(wins[Spoke])/float64(b.N), "spoke-share")
}

// BenchmarkPlayout7x14 is the figure the issue asks for: one random game on
// the standard board, from empty to the first winning stone.
func BenchmarkPlayout7x14(b *testing.B)  { benchmarkPlayout(b, Standard) }
func BenchmarkPlayout5x10(b *testing.B)  { benchmarkPlayout(b, Small) }
func BenchmarkPlayout15x40(b *testing.B) { benchmarkPlayout(b, Size{15, 40}) }

func BenchmarkPlayGame7x14(b *testing.B) {
	rng := newRand(2)
	var moves []Move
	b.ReportAllocs()
	for b.Loop() {
		g, _ := NewGame(Standard, Classic)
		for !g.Over() {
			moves = g.Moves(moves[:0])
			g.Apply(moves[rng.IntN(len(moves))])
		}
	}
}

// TestFillAgreesWithPlayout: for the same random order of cells, the
// fill-then-judge playout names the same winner as the incremental one.
func TestFillAgreesWithPlayout(t *testing.T) {
	for i := 0; i < boards(t, 3000); i++ {
		s := testSizes[i%len(testSizes)]
		start := randomBoard(newRand(uint64(i)), MustGeometry(s), 0.3)
		if start.Winner() != Empty {
			continue
		}
		toMove := Spoke + Color(i%2)
		seed := uint64(1000 + i)
		inc := start
		wantWinner := NewRoller(newRand(seed)).Playout(&inc, toMove)
		r := NewRoller(newRand(seed))
		gotWinner := r.Fill(&start, toMove)
		if gotWinner != wantWinner {
			t.Fatalf("board %d (%s): Fill winner %v, Playout %v", i, start.String(), gotWinner, wantWinner)
		}
		// Same picks: the incremental game is a prefix of the fill.
		for c := 0; c < s.Cells(); c++ {
			if inc.At(Cell(c)) != Empty && inc.At(Cell(c)) != r.Filled(Cell(c)) {
				t.Fatalf("board %d: cell %s is %v in the playout, %v in the fill", i, MustGeometry(s).CellName(Cell(c)), inc.At(Cell(c)), r.Filled(Cell(c)))
			}
			if r.Filled(Cell(c)) == Empty {
				t.Fatalf("board %d: cell %s left empty by the fill", i, MustGeometry(s).CellName(Cell(c)))
			}
		}
		var full Board = NewBoard(MustGeometry(s))
		for c := 0; c < s.Cells(); c++ {
			full.Place(Cell(c), r.Filled(Cell(c)))
		}
		if full.Winner() != gotWinner {
			t.Fatalf("board %d: the filled board's winner is %v, Fill said %v", i, full.Winner(), gotWinner)
		}
	}
}

func benchmarkFill(b *testing.B, s Size) {
	empty := NewBoard(MustGeometry(s))
	r := NewRoller(newRand(1))
	wins := [3]int{}
	b.ReportAllocs()
	for b.Loop() {
		wins[r.Fill(&empty, Spoke)]++
	}
	b.ReportMetric(float64(wins[Spoke])/float64(b.N), "spoke-share")
}

// BenchmarkFill7x14 is the playout the search uses: the same game
// result as Playout, judged once on the filled board.
func BenchmarkFill7x14(b *testing.B)  { benchmarkFill(b, Standard) }
func BenchmarkFill5x10(b *testing.B)  { benchmarkFill(b, Small) }
func BenchmarkFill15x40(b *testing.B) { benchmarkFill(b, Size{15, 40}) }

func BenchmarkFillSavingBridges7x14(b *testing.B) {
	empty := NewBoard(MustGeometry(Standard))
	r := NewRoller(newRand(1))
	wins := [3]int{}
	b.ReportAllocs()
	for b.Loop() {
		wins[r.FillSavingBridges(&empty, Spoke)]++
	}
	b.ReportMetric(float64(wins[Spoke])/float64(b.N), "spoke-share")
}
