package gyges

import "testing"

var benchPositions = []struct{ name, pos string }{
	{"start", startFEN},
	{"other-setups", "131223/....../....../....../....../213321 S"},
	{"midgame", "....../121132/..3.../..2.23/....../.3..1. S"},
	{"bouncy", "....../.113.1/..2.2./.2..13/2.33../...... N"},
	{"bouncy-nodisplace", ".2..12/..3.3./.2...1/...3../.3..../.11.2. S nodisplace"},
}

func BenchmarkMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustPosition(b, bp.pos)
			buf := make([]Move, 0, 2048)
			b.ReportAllocs()
			for b.Loop() {
				buf = p.Moves(buf[:0])
			}
		})
	}
}

func BenchmarkCountMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustPosition(b, bp.pos)
			b.ReportAllocs()
			for b.Loop() {
				p.CountMoves()
			}
		})
	}
}

func BenchmarkPath(b *testing.B) {
	p := mustPosition(b, "....../.113.1/..2.2./.2..13/2.33../...... N")
	moves := p.Moves(nil)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := p.Path(moves[i%len(moves)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerft2(b *testing.B) {
	p := mustPosition(b, startFEN)
	b.ReportAllocs()
	for b.Loop() {
		Perft(p, 2)
	}
}

func BenchmarkPerft3(b *testing.B) {
	p := mustPosition(b, startFEN)
	b.ReportAllocs()
	for b.Loop() {
		Perft(p, 3)
	}
}
