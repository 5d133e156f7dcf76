package nnue

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernelsMatchScalar checks the build's kernels against their plain
// Go twins (kernels.go), on random entries and on the edges where an
// int16 wraps or the clipping bites, for widths the vectors take and
// widths they leave to the twins. Under GOEXPERIMENT=simd on an AVX2 CPU
// (make test) this compares the vector code with the loops.
func TestKernelsMatchScalar(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
	rng := rand.New(rand.NewPCG(3, 5))
	edges := []int16{0, 1, -1, QA, QA + 1, QA - 1, math.MaxInt16, math.MinInt16, math.MaxInt16 - 1, math.MinInt16 + 1, 0x4000, -0x4000}
	value := func() int16 {
		if rng.IntN(3) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return int16(rng.Uint32())
	}
	fill := func(s []int16) []int16 {
		for i := range s {
			s[i] = value()
		}
		return s
	}
	for _, width := range []int{16, 32, 64, 128, MaxHidden, 24, 30, 1} {
		for trial := range 300 {
			v, col := fill(make([]int16, width)), fill(make([]int16, width+16))
			for _, op := range []struct {
				name         string
				fast, scalar func(v, col []int16)
			}{{"add", addColumn, addColumnScalar}, {"sub", subColumn, subColumnScalar}} {
				got, want := append([]int16(nil), v...), append([]int16(nil), v...)
				op.fast(got, col)
				op.scalar(want, col)
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("width %d, trial %d, %s: entry %d is %d, want %d (%d and %d)",
							width, trial, op.name, i, got[i], want[i], v[i], col[i])
					}
				}
			}
			if got, want := clippedDot(v, col), clippedDotScalar(v, col); got != want {
				t.Fatalf("width %d, trial %d: clipped dot %d, want %d", width, trial, got, want)
			}
		}
	}
}
