//go:build !unix

package match

import "os/exec"

func ownGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

func shellCommand(line string) *exec.Cmd {
	return exec.Command("cmd", "/C", line)
}

// stopSignalled: no signals here, so no engine is stopped by one.
func stopSignalled(err error) bool { return false }
