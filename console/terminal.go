package console

import "os"

// IsTerminal reports whether f is a terminal (a character device), as
// opposed to a file or a pipe. The standard library's Stat says so on
// every platform Go runs on, so no terminal package is needed.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
