//go:build !(goexperiment.simd && amd64)

package nnue

// Without GOEXPERIMENT=simd on amd64 the kernels are the plain Go loops.

// Kernels names the inner loops this build runs (kernels.go).
func Kernels() string { return "go" }

func addColumn(v, col []int16) { addColumnScalar(v, col) }

func subColumn(v, col []int16) { subColumnScalar(v, col) }

func clippedDot(a, w []int16) int32 { return clippedDotScalar(a, w) }
