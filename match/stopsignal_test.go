//go:build unix

package match

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// TestStopSignalled tells an engine stopped by a signal, as a batch
// system's cancel stops every process of a job, from one that crashed.
func TestStopSignalled(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"kill -TERM $$", true},                  // the engine itself, killed
		{`sh -c 'kill -TERM $$'; exit $?`, true}, // through an sh wrapper: 143
		{"kill -INT $$", true},
		{"kill -HUP $$", true},
		{"kill -SEGV $$", false}, // a crash
		{"kill -KILL $$", false}, // the OOM killer, or a kill -9: not a request to stop
		{"exit 2", false},
		{"exit 0", false},
	}
	for _, tt := range tests {
		err := exec.Command("/bin/sh", "-c", tt.line).Run()
		if got := stopSignalled(err); got != tt.want {
			t.Errorf("%s: %v: stopSignalled %v, want %v", tt.line, err, got, tt.want)
		}
	}
}

// TestStoppedWithRunner checks that a game whose engine was stopped by a
// signal is abandoned when the run stops within stopGrace (scancel
// signals the engines and the runner at once), and forfeited otherwise,
// as is a crash at once.
func TestStoppedWithRunner(t *testing.T) {
	stopped := &engineError{kind: failCrash, msg: "new exited (exit status 143)", stopSignal: true}
	crashed := &engineError{kind: failCrash, msg: "new exited (exit status 2)"}

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	if !stoppedWithRunner(ctx, stopped) {
		t.Error("an engine stopped by a signal, the run stopped 100 ms later: the game was not abandoned")
	}

	start := time.Now()
	if stoppedWithRunner(context.Background(), stopped) {
		t.Error("an engine stopped by a signal, the run going on: the game was abandoned")
	}
	if waited := time.Since(start); waited < stopGrace {
		t.Errorf("gave up on the runner's stop after %v, before stopGrace (%v)", waited, stopGrace)
	}

	start = time.Now()
	if stoppedWithRunner(context.Background(), crashed) {
		t.Error("a crash, the run going on: the game was abandoned")
	}
	if waited := time.Since(start); waited > stopGrace/2 {
		t.Errorf("a crash waited %v before its forfeit", waited)
	}
	done, cancelDone := context.WithCancel(context.Background())
	cancelDone()
	if !stoppedWithRunner(done, crashed) {
		t.Error("a failure after the run stopped: the game was not abandoned")
	}
}
