//go:build goexperiment.simd

package nnue

import "simd/archsimd"

// The kernels on 256-bit vectors, sixteen int16 entries at a time: a
// column update is a load, an add and a store a vector (VPADDW wraps as
// Go's int16 does), and the dot product clips with VPMAXSW and VPMINSW
// and multiplies and adds pairs into int32 with VPMADDWD, exact since
// the clipped entries are at most QA. On a CPU without AVX2, or a width
// that is not a multiple of 16, they fall back to the plain Go loops.

// vectors is whether the CPU runs the AVX2 kernels.
var vectors = archsimd.X86.AVX2()

// vectorWidth is the entries a vector holds.
const vectorWidth = 16

// Kernels names the inner loops this build runs on this CPU.
func Kernels() string {
	if vectors {
		return "avx2"
	}
	return "go"
}

func addColumn(v, col []int16) {
	if !vectors || len(v)%vectorWidth != 0 {
		addColumnScalar(v, col)
		return
	}
	col = col[:len(v)]
	for i := 0; i < len(v); i += vectorWidth {
		x := archsimd.LoadInt16x16Slice(v[i:])
		x.Add(archsimd.LoadInt16x16Slice(col[i:])).StoreSlice(v[i:])
	}
}

func subColumn(v, col []int16) {
	if !vectors || len(v)%vectorWidth != 0 {
		subColumnScalar(v, col)
		return
	}
	col = col[:len(v)]
	for i := 0; i < len(v); i += vectorWidth {
		x := archsimd.LoadInt16x16Slice(v[i:])
		x.Sub(archsimd.LoadInt16x16Slice(col[i:])).StoreSlice(v[i:])
	}
}

func clippedDot(a, w []int16) int32 {
	if !vectors || len(a)%vectorWidth != 0 {
		return clippedDotScalar(a, w)
	}
	w = w[:len(a)]
	var zero archsimd.Int16x16
	top := archsimd.BroadcastInt16x16(QA)
	var sum archsimd.Int32x8
	for i := 0; i < len(a); i += vectorWidth {
		x := archsimd.LoadInt16x16Slice(a[i:]).Max(zero).Min(top)
		sum = sum.Add(x.DotProductPairs(archsimd.LoadInt16x16Slice(w[i:])))
	}
	var lanes [4]int32
	sum.GetLo().Add(sum.GetHi()).Store(&lanes)
	return lanes[0] + lanes[1] + lanes[2] + lanes[3]
}
