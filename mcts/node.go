package mcts

import (
	"sync/atomic"
	"unsafe"

	"seega/board"
)

// node is one position of the tree: the position after act, played by
// mover from the parent's position. Its children, once it is expanded,
// are the nkids nodes from first on, one per legal action (a placement
// stone, one step of a chain, a pass, a ransom action), so a turn of
// several actions is a path of several nodes.
//
// Threads share the nodes. visits, vloss, sum and state change during a
// search and are only touched atomically. act, prior, mover, first and
// nkids are written once, by the thread that expands the parent (or
// creates the node), before it publishes the children by storing
// stateExpanded into the parent's state; readers load that state first.
type node struct {
	act board.Action
	// sum is the sum of the playout values, from mover's point of view,
	// in fixed point (valueOne is a win).
	sum int64
	// visits counts the playouts through this node; vloss the virtual
	// losses of the playouts under way (see Params.VirtualLoss).
	visits int32
	vloss  int32
	first  int32
	nkids  uint16
	mover  board.Color
	state  uint32
	prior  float32
}

// Node states.
const (
	stateLeaf     uint32 = iota // no children yet
	stateBusy                   // a thread is creating the children
	stateExpanded               // children first..first+nkids-1 are ready
)

// valueOne is a win in the fixed point of node.sum: 2^20 keeps the
// precision of a float32 and leaves room for 2^43 visits.
const valueOne = 1 << 20

// nodeBytes is the size of one node, which the pool's budget counts.
const nodeBytes = int(unsafe.Sizeof(node{}))

// stats reads a node's visits (virtual losses included) and value sum.
func (n *node) stats() (visits int32, sum int64) {
	return atomic.LoadInt32(&n.visits) + atomic.LoadInt32(&n.vloss), atomic.LoadInt64(&n.sum)
}

// q is the node's win rate for its mover, counting virtual losses as
// losses, and ok false while nothing has been played through it.
func (n *node) q() (q float64, ok bool) {
	v, s := n.stats()
	if v <= 0 {
		return 0, false
	}
	return float64(s) / valueOne / float64(v), true
}

// qFor is the node's win rate for side c, from its own statistics only
// (no virtual losses): the mover's win rate, or its complement.
func (n *node) qFor(c board.Color) (float64, bool) {
	v := atomic.LoadInt32(&n.visits)
	if v <= 0 {
		return 0, false
	}
	q := float64(atomic.LoadInt64(&n.sum)) / valueOne / float64(v)
	if n.mover != c {
		q = 1 - q
	}
	return q, true
}

// reset makes n a fresh leaf for action a by mover, with prior p. Only
// its creator calls it, before the node is published.
func (n *node) reset(a board.Action, mover board.Color, p float32) {
	*n = node{act: a, mover: mover, prior: p}
}

// pool holds a tree's nodes in one preallocated array: children are
// taken in blocks from its end with an atomic bump, and nothing is ever
// freed during a search. When the array is full, leaves simply stay
// leaves. Between searches the whole pool is dropped, or the subtree to
// keep is copied into the spare pool (see tree.reroot).
type pool struct {
	nodes []node
	next  atomic.Int64 // first free index
}

// alloc takes k consecutive nodes, or reports false when fewer are left.
func (p *pool) alloc(k int) (int32, bool) {
	for {
		n := p.next.Load()
		if n+int64(k) > int64(len(p.nodes)) {
			return 0, false
		}
		if p.next.CompareAndSwap(n, n+int64(k)) {
			return int32(n), true
		}
	}
}

// used is the number of nodes taken.
func (p *pool) used() int { return int(min(p.next.Load(), int64(len(p.nodes)))) }

// poolNodes is how many nodes each of the two pools holds in mb MiB.
func poolNodes(mb int) int {
	return (mb << 20) / 2 / nodeBytes
}
