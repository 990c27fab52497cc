package search

import "sync"

// node is one edge-and-node of the tree: the move that led here, by whom,
// and the statistics of the simulations through it.
//
// The small fields come together, so a node takes 32 bytes, not 36: a
// tree holds a million or more of them.
type node struct {
	move       Move
	player     int8 // side that played move
	expanded   bool
	proven     int8  // with Solver: +1 won, -1 lost for player, 0 not known
	first      int32 // index of the first child; children are contiguous
	children   int32
	visits     float32
	wins       float32 // for player
	amafVisits float32
	amafWins   float32
}

// nodes are a tree's nodes, the root first and each node's children
// together. Their memory outlives the tree: a tree made with a Reserve
// takes the memory of one released before (MCTS.Release), since a growing
// tree moves to new memory each time it runs out of room and WebAssembly
// never gives memory back.
type nodes []node

// spare is the memory of the biggest tree released so far, kept for the
// next tree that reserves room: a program that searches move after move
// then uses one tree's memory for all of them.
var spare struct {
	sync.Mutex
	nodes nodes // empty, with its room
}

// reserve returns empty nodes with room for n: the spare ones if they
// have room enough but not more than twice (a small search, a hint, must
// not take the memory a big one will want back), else new ones.
func reserve(n int) nodes {
	spare.Lock()
	defer spare.Unlock()
	if room := cap(spare.nodes); room >= n && room <= 2*n {
		nodes := spare.nodes
		spare.nodes = nil
		return nodes
	}
	return make(nodes, 0, n)
}

// release keeps ns's memory as the spare if it is the biggest released
// so far.
func (ns nodes) release() {
	spare.Lock()
	if cap(ns) > cap(spare.nodes) {
		spare.nodes = ns[:0]
	}
	spare.Unlock()
}
