//go:build !amd64

package search

import "unsafe"

// prefetch is a no-op where the package has no prefetch instruction.
func prefetch(p unsafe.Pointer) {}
