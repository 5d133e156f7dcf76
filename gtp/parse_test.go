package gtp

import (
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	cases := []struct {
		name, line string
		ok         bool
		want       command
	}{
		{"plain", "play w C3", true, command{name: "play", args: []string{"w", "C3"}}},
		{"id", "12 genmove b", true, command{id: "12", name: "genmove", args: []string{"b"}}},
		{"tabs and spaces", "\t7\tplay  w\tA1 ", true, command{id: "7", name: "play", args: []string{"w", "A1"}}},
		{"comment cut", "showboard # look", true, command{name: "showboard", args: []string{}}},
		{"comment line", "# hello", false, command{}},
		{"empty", "", false, command{}},
		{"blank", "  \t ", false, command{}},
		{"carriage return", "name\r", true, command{name: "name", args: []string{}}},
		{"control characters dropped", "na\x01me", true, command{name: "name", args: []string{}}},
		{"id only", "5", true, command{id: "5"}},
		{"negative is no id", "-5 name", true, command{name: "-5", args: []string{"name"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseLine(tc.line)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if got.id != tc.want.id || got.name != tc.want.name || strings.Join(got.args, "|") != strings.Join(tc.want.args, "|") {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestFormatResponse(t *testing.T) {
	cases := []struct {
		name, id, text string
		failed         bool
		want           string
	}{
		{"empty success", "", "", false, "= \n\n"},
		{"with id", "3", "2", false, "=3 2\n\n"},
		{"failure", "4", "unknown command", true, "?4 unknown command\n\n"},
		{"multi-line", "", "\nab\ncd", false, "= \nab\ncd\n\n"},
		{"empty lines inside are dropped", "", "a\n\nb\n", false, "= a\nb\n\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := formatResponse(tc.id, tc.text, tc.failed); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestVertex(t *testing.T) {
	cases := []struct {
		name, text string
		n          int
		ok         bool
		want       string // as written back; "" when not ok
	}{
		{"corner", "A1", 5, true, "A1"},
		{"lower case", "e5", 5, true, "E5"},
		{"pass", "PASS", 5, true, "pass"},
		{"off the board", "F1", 5, false, ""},
		{"row zero", "A0", 5, false, ""},
		{"row too high", "A6", 5, false, ""},
		{"no I column", "I1", 9, false, ""},
		{"J is the ninth column", "J9", 9, true, "J9"},
		{"H before J", "H3", 9, true, "H3"},
		{"sign", "A+1", 9, false, ""},
		{"leading zero", "A01", 9, false, ""},
		{"too short", "A", 5, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, ok := parseVertex(tc.text, tc.n)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if ok && m.text(tc.n) != tc.want {
				t.Errorf("got %s, want %s", m.text(tc.n), tc.want)
			}
		})
	}
}
