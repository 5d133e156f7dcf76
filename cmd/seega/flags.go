package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/pflag"
)

// newFlagSet is a command's flag set: --help and every usage error show
// usage (the synopsis, a blank line, what the command does) and then the
// flags. pflag's ContinueOnError mode leaves the messages to parseFlags.
func newFlagSet(name, usage string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(os.Stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a subcommand's command line. ok is false when the
// command must end at once: after --help (status 0, pflag has shown the
// usage) or after a mistake, which it names above the usage (status 2).
// pflag's ContinueOnError mode returns the error without printing it, so
// without this a bad flag would end the command silently.
func parseFlags(fs *pflag.FlagSet, args []string) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, pflag.ErrHelp):
		return 0, false
	}
	return usageError(fs, "%v", err), false
}

// parseOnlyFlags is parseFlags for a command that takes no arguments
// besides its flags: a word left over is a mistake too.
func parseOnlyFlags(fs *pflag.FlagSet, args []string) (status int, ok bool) {
	if status, ok := parseFlags(fs, args); !ok {
		return status, false
	}
	status = noArguments(fs)
	return status, status == 0
}

// noArguments is the usage error for words left after the flags, or 0
// when there are none.
func noArguments(fs *pflag.FlagSet) int {
	if fs.NArg() == 0 {
		return 0
	}
	return usageError(fs, "unexpected argument %q", fs.Arg(0))
}

// usageError names a command-line mistake and shows the command's usage,
// both on stderr, and returns the exit status of a usage error (2).
func usageError(fs *pflag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(os.Stderr, "seega %s: %s\n\n", fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
	return 2
}

// fail says why command cmd ends (what is not a command-line mistake:
// usageError is for those) as "seega cmd: why" on stderr, and returns
// the exit status.
func fail(cmd string, status int, why ...any) int {
	fmt.Fprintln(os.Stderr, append([]any{"seega " + cmd + ":"}, why...)...)
	return status
}
