package match

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name    string
		spec    string
		want    TimeControl
		wantErr string
	}{
		{"movetime", "movetime=100", TimeControl{MoveTime: 100 * ms}, ""},
		{"clock with increment", "clock=60000+500", TimeControl{Clock: 60000 * ms, Inc: 500 * ms}, ""},
		{"clock without increment", "clock=1000", TimeControl{Clock: 1000 * ms}, ""},
		{"turn limit", "turn=60s", TimeControl{TurnLimit: 60 * time.Second}, ""},
		{"turn limit in bare seconds", "turn=2.5", TimeControl{TurnLimit: 2500 * ms}, ""},
		{"clock and turn limit", "clock=300000+0, turn=60s", TimeControl{Clock: 300000 * ms, TurnLimit: time.Minute}, ""},
		{"movetime and clock", "movetime=10,clock=100", TimeControl{}, "exclude"},
		{"zero movetime", "movetime=0", TimeControl{}, "positive"},
		{"negative increment", "clock=100+-1", TimeControl{}, "increment"},
		{"unknown part", "depth=5", TimeControl{}, "unknown"},
		{"no value", "movetime", TimeControl{}, "want"},
		{"twice", "movetime=1,movetime=2", TimeControl{}, "twice"},
		{"bad turn", "turn=soon", TimeControl{}, "duration"},
		{"nodes", "nodes=50000", TimeControl{Nodes: 50000}, ""},
		{"nodes and turn limit", "nodes=1000,turn=5s", TimeControl{Nodes: 1000, TurnLimit: 5 * time.Second}, ""},
		{"nodes and movetime", "nodes=1000,movetime=10", TimeControl{}, "excludes"},
		{"zero nodes", "nodes=0", TimeControl{}, "positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTimeControl(tt.spec)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("ParseTimeControl(%q) = %+v, %v; want an error with %q", tt.spec, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseTimeControl(%q) = %+v, %v; want %+v", tt.spec, got, err, tt.want)
			}
			back, err := ParseTimeControl(got.String())
			if err != nil || back != got {
				t.Errorf("round trip through %q: %+v, %v", got.String(), back, err)
			}
		})
	}
}

func TestGoCommand(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		tc   TimeControl
		left clocks
		uci  bool
		want string
	}{
		{"movetime", TimeControl{MoveTime: 250 * ms}, clocks{}, false, "go movetime 250"},
		{"clock UGI", TimeControl{Clock: 10 * time.Second, Inc: 100 * ms}, clocks{9000 * ms, 8000 * ms}, false, "go p1time 9000 p2time 8000 p1inc 100 p2inc 100"},
		{"clock UCI", TimeControl{Clock: 10 * time.Second, Inc: 100 * ms}, clocks{9000 * ms, 8000 * ms}, true, "go wtime 9000 btime 8000 winc 100 binc 100"},
		{"turn limit of 60 s leaves a second", TimeControl{TurnLimit: time.Minute}, clocks{}, false, "go movetime 59000"},
		{"turn limit of 2 s leaves a tenth", TimeControl{TurnLimit: 2 * time.Second}, clocks{}, false, "go movetime 1800"},
		{"clock with turn limit sends the clock", TimeControl{Clock: time.Minute, TurnLimit: time.Minute}, clocks{time.Minute, time.Minute}, false, "go p1time 60000 p2time 60000 p1inc 0 p2inc 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.tc.goCommand(tt.left, [2]time.Duration{tt.tc.Inc, tt.tc.Inc}, tt.uci); got != tt.want {
				t.Errorf("goCommand = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLimit(t *testing.T) {
	ms := time.Millisecond
	margin := 100 * ms
	tests := []struct {
		name string
		tc   TimeControl
		left time.Duration
		want time.Duration
		why  string
	}{
		{"movetime plus margin", TimeControl{MoveTime: 200 * ms}, 0, 300 * ms, "movetime"},
		{"clock plus margin", TimeControl{Clock: time.Minute}, 5 * time.Second, 5100 * ms, "clock"},
		{"the turn limit has no margin", TimeControl{TurnLimit: time.Minute}, 0, time.Minute, "per-turn"},
		{"the tighter of clock and turn limit", TimeControl{Clock: 5 * time.Minute, TurnLimit: time.Minute}, 4 * time.Minute, time.Minute, "per-turn"},
		{"a short clock beats the turn limit", TimeControl{Clock: 5 * time.Minute, TurnLimit: time.Minute}, 10 * time.Second, 10100 * ms, "clock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, why := tt.tc.limit(tt.left, margin)
			if got != tt.want || !strings.Contains(why, tt.why) {
				t.Errorf("limit = %v (%s), want %v (%s)", got, why, tt.want, tt.why)
			}
		})
	}
}

// TestNodesTimeControl checks what a nodes= control sends and allows:
// `go nodes N`, and a turn may take the safety limit unless a turn=
// limit is tighter.
func TestNodesTimeControl(t *testing.T) {
	tc := TimeControl{Nodes: 3000}
	if got := tc.goCommand(clocks{}, [2]time.Duration{}, false); got != "go nodes 3000" {
		t.Errorf("go command %q, want go nodes 3000", got)
	}
	if d, _ := tc.limit(0, 100*time.Millisecond); d != NodesSafetyLimit {
		t.Errorf("limit %v, want the safety limit %v", d, NodesSafetyLimit)
	}
	tc.TurnLimit = 2 * time.Second
	if d, _ := tc.limit(0, 100*time.Millisecond); d != 2*time.Second {
		t.Errorf("with turn=2s: limit %v, want 2s", d)
	}
	if err := (TimeControl{Nodes: 1}).Validate(); err != nil {
		t.Errorf("nodes alone must be a valid time control: %v", err)
	}
}
