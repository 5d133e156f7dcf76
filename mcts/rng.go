package mcts

// rng is xorshift64*: small, fast and enough for playouts. Each worker
// has its own, seeded per search, so one thread is deterministic.
type rng struct{ s uint64 }

func (r *rng) seed(s uint64) {
	// splitmix64 of the seed, so that nearby seeds start far apart and
	// the state is never 0.
	s += 0x9e3779b97f4a7c15
	s = (s ^ s>>30) * 0xbf58476d1ce4e5b9
	s = (s ^ s>>27) * 0x94d049bb133111eb
	s ^= s >> 31
	if s == 0 {
		s = 1
	}
	r.s = s
}

func (r *rng) next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 0x2545f4914f6cdd1d
}

// intn is uniform in [0, n), for n > 0.
func (r *rng) intn(n int) int {
	return int((r.next() >> 32) * uint64(n) >> 32)
}

// float is uniform in [0, 1).
func (r *rng) float() float64 {
	return float64(r.next()>>11) / (1 << 53)
}
