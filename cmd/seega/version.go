package main

import "runtime/debug"

// buildVersion names the source the binary was built from: the commit,
// marked "+changes" where the tree had uncommitted changes, or "unknown"
// outside a git checkout. The opening builder writes it into its suites,
// whose positions depend on the engine that judged them.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, modified := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified {
		rev += "+changes"
	}
	return rev
}
