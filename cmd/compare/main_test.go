package main

import "testing"

func TestParsers(t *testing.T) {
	if n, err := parsePerft("a1a2: 3\nnodes 7024506\n"); err != nil || n != 7024506 {
		t.Errorf("parsePerft = %d, %v", n, err)
	}
	if _, err := parsePerft("time 1s\n"); err == nil {
		t.Error("parsePerft accepted output without a count")
	}
	out := "BenchmarkRandomPlayout5-2 \t 22542\t 50059 ns/op\t 5100626 turns/s\t 13 B/op\n"
	if v, err := parseMetric(out, "turns/s"); err != nil || v != 5100626 {
		t.Errorf("parseMetric = %v, %v", v, err)
	}
	if _, err := parseMetric(out, "nodes/s"); err == nil {
		t.Error("parseMetric found a unit that is not there")
	}
	bench := " 1  2 nodes 0.001s  fen\ntime 1.890s\n1618045 nodes 856182 nps\n"
	if n, nps, err := parseBench(bench); err != nil || n != 1618045 || nps != 856182 {
		t.Errorf("parseBench = %d, %d, %v", n, nps, err)
	}
	if _, _, err := parseBench("time 1s\n"); err == nil {
		t.Error("parseBench accepted output without a signature")
	}
}

func TestMedianAndHuman(t *testing.T) {
	cases := []struct {
		xs   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, c := range cases {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
	if xs := []float64{5, 1, 3}; median(xs) != 3 || xs[0] != 5 {
		t.Error("median changed its argument")
	}
	for v, want := range map[float64]string{33.66e6: "33.66M", 828.5e3: "828.5k", 2.288: "2.288"} {
		if got := human(v); got != want {
			t.Errorf("human(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestBuildLevel: a level asked for applies to every tree; "auto" builds
// a tree without cmd/goamd64 (such as c9e18e9) at Go's default, and one
// with it at the level it prints for this machine.
func TestBuildLevel(t *testing.T) {
	if level, origin, err := buildLevel(t.TempDir(), "v2"); err != nil || level != "v2" || origin != "--goamd64" {
		t.Errorf("asked v2: %q, %q, %v", level, origin, err)
	}
	if level, origin, err := buildLevel(t.TempDir(), "auto"); err != nil || level != "v1" || origin != "Go's default" {
		t.Errorf("auto, no cmd/goamd64: %q, %q, %v", level, origin, err)
	}
	level, origin, err := buildLevel("../..", "auto")
	if err != nil || origin != "its Makefile's" {
		t.Fatalf("auto, this tree: %q, %q, %v", level, origin, err)
	}
	switch level {
	case "v1", "v2", "v3", "v4":
	default:
		t.Errorf("auto, this tree: level %q, want v1 to v4", level)
	}
}
