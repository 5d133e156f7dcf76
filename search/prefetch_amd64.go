package search

import "unsafe"

// prefetch asks the processor to bring the cache line at p in, without
// waiting for it (PREFETCHT0). A table probe is a cache miss; issued as
// soon as a node's key is known, the line arrives while the node does
// its other work (the game's result, the repetition test, the captures).
//
//go:noescape
func prefetch(p unsafe.Pointer)
