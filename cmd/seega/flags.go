package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/pflag"
)

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

// usageError names a command-line mistake and shows the command's usage,
// both on stderr, and returns the exit status of a usage error (2).
func usageError(fs *pflag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(os.Stderr, "seega %s: %s\n\n", fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
	return 2
}

// noArguments is the usage error for words left after the flags, or 0
// when there are none.
func noArguments(fs *pflag.FlagSet) int {
	if fs.NArg() == 0 {
		return 0
	}
	return usageError(fs, "unexpected argument %q", fs.Arg(0))
}
