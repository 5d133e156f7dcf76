// Command seega is the Seega engine: with no arguments it speaks UGI on
// stdin and stdout; its subcommands run perft, bench, matches and GTP.
package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
)

// command is one subcommand of seega. Each lives in a file of its own
// and registers itself in an init function, so adding one touches no
// other file.
type command struct {
	summary string
	run     func(args []string) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string) int) {
	commands[name] = command{summary: summary, run: run}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: seega [command] [flags]")
	fmt.Fprintln(os.Stderr, "\nWith no command, seega speaks the UGI protocol (UCI spellings accepted) on stdin/stdout.")
	fmt.Fprintln(os.Stderr, "\ncommands:")
	for _, n := range slices.Sorted(maps.Keys(commands)) {
		fmt.Fprintf(os.Stderr, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(os.Stderr, "\nRun 'seega <command> --help' for a command's flags.")
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run runs the command line args (without the program name) and returns
// the exit status.
func run(args []string) int {
	if len(args) == 0 || (len(args[0]) > 0 && args[0][0] == '-' && args[0] != "-h" && args[0] != "--help") {
		if c, ok := commands["ugi"]; ok {
			return c.run(args)
		}
		usage()
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		usage()
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "seega: unknown command %q\n\n", args[0])
		usage()
		return 2
	}
	return c.run(args[1:])
}
