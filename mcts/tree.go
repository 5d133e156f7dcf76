package mcts

import (
	"seega/board"
)

// tree is the search tree of one game: two pools, of which one holds the
// tree (cur) and the other is spare, so that a subtree kept between moves
// can be copied out of the old tree in one pass and the rest dropped. The
// two together never take more than the Hash budget.
type tree struct {
	pools [2]pool
	cur   int
	// rootHash and rootPly identify the position of the last search's
	// root; valid is false when there is no tree to reuse.
	rootHash uint64
	rootPly  int
	valid    bool
}

// newTree allocates the two pools for mb MiB.
func newTree(mb int) *tree {
	t := &tree{}
	n := poolNodes(mb)
	for i := range t.pools {
		t.pools[i].nodes = make([]node, n)
	}
	return t
}

// bytes is the memory the pools take.
func (t *tree) bytes() int {
	return (len(t.pools[0].nodes) + len(t.pools[1].nodes)) * nodeBytes
}

// pool is the pool that holds the tree.
func (t *tree) pool() *pool { return &t.pools[t.cur] }

// clear forgets the tree.
func (t *tree) clear() { t.valid = false }

// reset starts a tree of one leaf for a root where side is to act.
func (t *tree) reset(side board.Color) {
	p := t.pool()
	p.next.Store(1)
	p.nodes[0].reset(board.Action{}, side, 1)
}

// prepare makes the tree's root g's position: the node the actions
// played since the last search lead to, when the last root is at most
// MaxReuseActions back in g's history and those actions are in the tree;
// else a fresh tree. It reports whether a tree was kept. A root in the
// middle of a placement turn always starts afresh: the tree places a
// turn's second stone only above its first, and a root between the two
// must offer every square.
func (t *tree) prepare(g *board.Game) bool {
	pos := g.Position()
	kept := false
	if t.valid && !(pos.Placement() && pos.MidTurn()) {
		if path, ok := actionsSince(g, t.rootHash, t.rootPly); ok {
			if idx, ok := t.find(path); ok {
				if idx != 0 {
					t.reroot(idx)
				}
				kept = true
			}
		}
	}
	if !kept {
		t.reset(pos.SideToAct())
	}
	t.rootHash, t.rootPly, t.valid = pos.Hash(), g.Ply(), true
	return kept
}

// actionsSince lists the actions that led to g's position from the
// earlier position with the given hash, ply actions into g's history.
func actionsSince(g *board.Game, hash uint64, ply int) ([]board.Action, bool) {
	k := g.Ply() - ply
	if k < 0 || k > MaxReuseActions {
		return nil, false
	}
	c := g.Clone()
	path := make([]board.Action, k)
	for i := k - 1; i >= 0; i-- {
		a, ok := c.LastAction()
		if !ok {
			return nil, false
		}
		path[i] = a
		c.Unmake()
	}
	return path, c.Position().Hash() == hash
}

// find walks path down from the root and returns the node it reaches.
func (t *tree) find(path []board.Action) (int32, bool) {
	nodes := t.pool().nodes
	idx := int32(0)
	for _, a := range path {
		n := &nodes[idx]
		if n.state != stateExpanded {
			return 0, false
		}
		next := int32(-1)
		for i := n.first; i < n.first+int32(n.nkids); i++ {
			if nodes[i].act.Same(a) {
				next = i
				break
			}
		}
		if next < 0 {
			return 0, false
		}
		idx = next
	}
	return idx, true
}

// reroot copies the subtree under node idx into the spare pool, breadth
// first, with idx as the new root, and makes the spare pool the tree. The
// copy needs no queue: the new pool is its own, since a copied node still
// holds its old children's index until the pass reaches it and moves them.
// It runs between searches, on one goroutine.
func (t *tree) reroot(idx int32) {
	src := t.pools[t.cur].nodes
	dst := &t.pools[1-t.cur]
	dst.nodes[0] = src[idx]
	next := int32(1)
	for i := int32(0); i < next; i++ {
		n := &dst.nodes[i]
		if n.state != stateExpanded {
			n.state = stateLeaf
			continue
		}
		k := int32(n.nkids)
		copy(dst.nodes[next:next+k], src[n.first:n.first+k])
		n.first = next
		next += k
	}
	dst.next.Store(int64(next))
	t.cur = 1 - t.cur
}
