package protocol

import "runtime"

// SpareProcessor makes sure the Go scheduler has a processor to spare
// beside threads busy search goroutines. Go runs goroutines on
// GOMAXPROCS processors (the number of cores by default); when the search
// threads hold them all, the goroutine that reads "stop" from stdin comes
// back from its read with no processor to run on and waits until a search
// thread yields (every few hundred nodes), or, on a busy
// machine where the operating system has put those threads aside, until
// one of them gets the CPU back. A spare processor lets it run at once.
// It only ever raises GOMAXPROCS, so a bench session that asks for one
// thread does not take the spare away from a game that asked for more.
func SpareProcessor(threads int) {
	if want := threads + 1; runtime.GOMAXPROCS(0) < want {
		runtime.GOMAXPROCS(want)
	}
}
