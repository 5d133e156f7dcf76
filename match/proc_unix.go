//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the engine in a process group of its own, so that
// killing it also kills whatever it started: `sh -c` wrappers, helper
// processes, threads of a script interpreter.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

// shellCommand runs an engine command line the way a user typed it.
func shellCommand(line string) *exec.Cmd {
	return exec.Command("/bin/sh", "-c", line)
}
