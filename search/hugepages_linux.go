package search

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the n bytes at p with huge pages
// where it can (transparent huge pages in madvise mode, the common
// default). It is advice: an error, or a kernel that does not follow it,
// leaves 4 KiB pages, which work as well but take 512 times as many page
// faults to touch the first time (see table.prefault).
func adviseHugePages(p unsafe.Pointer, n int) {
	if n == 0 {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), syscall.MADV_HUGEPAGE)
}
