package netlimit

// FitCap returns want, lowered if need be so that that many connections
// leave room under a limit of nofile descriptors for everything else the
// process opens (files, listeners, a relay's sockets): a twentieth of the
// limit, and at least 64. A limit of 0 means none is known.
func FitCap(want int, nofile uint64) int {
	if nofile == 0 {
		return want
	}
	reserve := max(nofile/20, 64)
	if nofile <= reserve {
		return 1
	}
	if room := nofile - reserve; uint64(want) > room || want <= 0 {
		return int(room)
	}
	return want
}
