package search

import (
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// TestNewTableIsResident: every page of a new table is in memory before
// the first search, so that the search takes none of its page faults
// (table.prefault). mincore(2) tells which pages are resident; without
// the prefault the pages of a fresh table are not, until written.
func TestNewTableIsResident(t *testing.T) {
	tt := newTable(8)
	page := os.Getpagesize()
	start := uintptr(unsafe.Pointer(&tt.buckets[0]))
	end := start + uintptr(tt.bytes())
	first := start &^ uintptr(page-1) // mincore wants a page-aligned start
	vec := make([]byte, (end-first+uintptr(page)-1)/uintptr(page))
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, first, end-first, uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Skipf("mincore: %v", errno)
	}
	missing := 0
	for _, v := range vec {
		if v&1 == 0 {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of the table's %d pages are not resident", missing, len(vec))
	}
}
