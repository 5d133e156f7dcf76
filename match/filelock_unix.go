//go:build unix

package match

import (
	"errors"
	"os"
	"syscall"
)

// lockRecords takes an exclusive lock on an open records file for as
// long as it stays open, so that two runs never append to one file (two
// pods of one Kubernetes index, a job started twice): the second is
// refused at once. On NFS, Linux takes the lock on the server.
func lockRecords(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errRecordsInUse
	}
	return err
}
