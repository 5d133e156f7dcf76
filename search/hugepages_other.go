//go:build !linux

package search

import "unsafe"

// adviseHugePages does nothing outside Linux: the system decides.
func adviseHugePages(p unsafe.Pointer, n int) {}
