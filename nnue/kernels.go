package nnue

// The net's inner loops, the ones a search with a net spends its
// evaluation time in: adding and subtracting a first-layer column (a
// few a move and perspective) and the output's dot product of the
// clipped accumulators with the output weights (each evaluation).
//
// addColumn, subColumn and clippedDot are these loops as the build has
// them: with GOEXPERIMENT=simd on amd64 (as make builds) they run on
// AVX2 vectors where the CPU has them and the width is a multiple of 16
// (kernels_simd_amd64.go); otherwise they are the plain Go loops below,
// their twins, which the tests compare them with.

// addColumnScalar adds col to v entry by entry (int16, wrapping).
func addColumnScalar(v, col []int16) {
	col = col[:len(v)]
	for i := range v {
		v[i] += col[i]
	}
}

// subColumnScalar subtracts col from v entry by entry (int16, wrapping).
func subColumnScalar(v, col []int16) {
	col = col[:len(v)]
	for i := range v {
		v[i] -= col[i]
	}
}

// clippedDotScalar is the sum of crelu(a[i])·w[i]. It cannot overflow:
// each term is at most QA·32768, and a's length at most MaxHidden.
func clippedDotScalar(a, w []int16) int32 {
	w = w[:len(a)]
	var sum int32
	for i, x := range a {
		sum += int32(crelu(x)) * int32(w[i])
	}
	return sum
}
