package match

import (
	"strings"
	"testing"
)

func TestParseEngineSpec(t *testing.T) {
	tests := []struct {
		in      string
		want    EngineSpec
		wantErr bool
	}{
		{"new=./bin/seega", EngineSpec{Name: "new", Command: "./bin/seega"}, false},
		{"old = ./bin/seega --flag=x", EngineSpec{Name: "old", Command: "./bin/seega --flag=x"}, false},
		{"noname", EngineSpec{}, true},
		{"=cmd", EngineSpec{}, true},
		{"name=", EngineSpec{}, true},
		{"two words=cmd", EngineSpec{}, true},
		{"*=cmd", EngineSpec{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseEngineSpec(tt.in)
			if (err != nil) != tt.wantErr || (!tt.wantErr && got.Name != tt.want.Name) || got.Command != tt.want.Command {
				t.Errorf("ParseEngineSpec(%q) = %+v, %v", tt.in, got, err)
			}
		})
	}
}

func TestParseEngineOption(t *testing.T) {
	tests := []struct {
		in       string
		engine   string
		opt      Option
		errMatch string
	}{
		{"new:Hash=64", "new", Option{"Hash", "64"}, ""},
		{"new:Move Overhead=30", "new", Option{"Move Overhead", "30"}, ""},
		{"new:Search=mcts", "new", Option{"Search", "mcts"}, ""},
		{"*:Contempt=150", EveryEngine, Option{"Contempt", "150"}, ""},
		{"new:LoseAt=2", "", Option{}, "rule option"},
		{"new:uci_variant=pro", "", Option{}, "rule option"},
		{"Hash=64", "", Option{}, "ENGINE:NAME=VALUE"},
		{"new:Hash", "", Option{}, "ENGINE:NAME=VALUE"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			engine, opt, err := ParseEngineOption(tt.in)
			if tt.errMatch != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errMatch) {
					t.Errorf("ParseEngineOption(%q): %v, want an error with %q", tt.in, err, tt.errMatch)
				}
				return
			}
			if err != nil || engine != tt.engine || opt != tt.opt {
				t.Errorf("ParseEngineOption(%q) = %q, %+v, %v", tt.in, engine, opt, err)
			}
		})
	}
}
