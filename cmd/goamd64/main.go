// Command goamd64 prints the GOAMD64 level (v1 to v4) that the machine it
// runs on supports, for the Makefile to build the engine for this machine
// the way Stockfish's `ARCH=native` does: at v3 and above the compiler
// emits POPCNT, TZCNT, BLSR, ANDN and SHLX directly where the default
// level, v1, must test for POPCNT at every bits.OnesCount64 and emulate
// the rest, and the bitboard loops run about a tenth faster
// (README.md, "Speed", has the figures). A binary built at a level stops at
// start-up on a machine below it, with a message saying so; build with
// `make build GOAMD64=v1` for one that runs on every x86-64.
//
// Off x86-64 it prints v1, which the Go tools ignore there.
package main

import (
	"fmt"
	"os"

	"github.com/klauspost/cpuid/v2"
)

const usage = "usage: goamd64\n\nPrints the GOAMD64 level (v1 to v4) this machine's CPU supports."

func main() {
	if len(os.Args) > 1 {
		if a := os.Args[1]; len(os.Args) == 2 && (a == "-h" || a == "-help" || a == "--help") {
			fmt.Println(usage)
			return
		}
		fmt.Fprintf(os.Stderr, "goamd64: takes no arguments, got %q\n%s\n", os.Args[1:], usage)
		os.Exit(2)
	}
	fmt.Printf("v%d\n", max(cpuid.CPU.X64Level(), 1))
}
