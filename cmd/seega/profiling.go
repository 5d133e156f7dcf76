package main

import (
	"github.com/pkg/profile"
	"github.com/spf13/pflag"
)

// profileFlags are --cpuprofile and --memprofile, for the commands whose
// run is worth profiling (a UGI session, the bench).
type profileFlags struct {
	cpu, mem *string
}

// addProfileFlags adds --cpuprofile and --memprofile to fs. The
// directory is required (no optional value, which pflag would only read
// as --cpuprofile=DIR, taking "--cpuprofile DIR" for a flag and a stray
// argument), and must exist and be writable: pkg/profile would create it, and
// would only fail to write the profile at the end of the run.
func addProfileFlags(fs *pflag.FlagSet, when string) profileFlags {
	return profileFlags{
		cpu: fs.String("cpuprofile", "", "write a CPU profile, cpu.pprof, into the existing directory `DIR` "+when),
		mem: fs.String("memprofile", "", "write a heap profile, mem.pprof, into the existing directory `DIR` "+when),
	}
}

// start checks the flags and starts the profile they ask for. It returns
// the function that writes the profile, or a usage error's exit status.
func (p profileFlags) start(fs *pflag.FlagSet) (stop func(), status int) {
	for _, name := range []string{"cpuprofile", "memprofile"} {
		if !fs.Changed(name) {
			continue
		}
		if err := writableDir(fs.Lookup(name).Value.String()); err != nil {
			return nil, usageError(fs, "--%s: %v", name, err)
		}
	}
	switch {
	case *p.cpu != "" && *p.mem != "":
		// pkg/profile runs one profile at a time.
		return nil, usageError(fs, "--cpuprofile and --memprofile cannot be used together")
	case *p.cpu != "":
		return profile.Start(profile.CPUProfile, profile.ProfilePath(*p.cpu), profile.NoShutdownHook).Stop, 0
	case *p.mem != "":
		return profile.Start(profile.MemProfile, profile.ProfilePath(*p.mem), profile.NoShutdownHook).Stop, 0
	}
	return func() {}, 0
}
