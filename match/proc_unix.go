//go:build unix

package match

import (
	"errors"
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

// stopSignalled reports whether an engine's exit (cmd.Wait's error) was
// a kill by SIGTERM, SIGINT or SIGHUP: directly, or as the `sh -c`
// wrapper reports its child's, status 128+signal.
func stopSignalled(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok {
		return false
	}
	stop := func(s syscall.Signal) bool {
		return s == syscall.SIGTERM || s == syscall.SIGINT || s == syscall.SIGHUP
	}
	if ws.Signaled() {
		return stop(ws.Signal())
	}
	return ws.Exited() && ws.ExitStatus() > 128 && stop(syscall.Signal(ws.ExitStatus()-128))
}
