package match

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"seega/board"
)

func sampleRecord(index int, o board.Outcome) Record {
	return Record{
		Index: index, Round: index / 4, Pair: index / 2, Opening: 3,
		White: "new", Black: "old", Variant: "egyptian", Rules: board.DefaultRules().String(),
		TimeControl: "movetime=100", OpeningLine: "startpos moves a1,e5", Start: "4w/5/5/5/w4 b 10/12 - 0 2",
		Outcome: o, Termination: TermRules, Reason: `White wins: Black has 0 stones left ("quoted").`,
		Captured: [2]int{12, 3}, Final: "5/5/2w2/5/5 b 0/0 - 0 80", Date: "2026-11-29T12:00:00Z",
		Notes: []string{"old says the result is draw"},
		Turns: []TurnRecord{
			{Side: board.Black, Move: "b1,d5", Time: 12 * time.Millisecond},
			{Side: board.White, Move: "d3c3,e2d2", Time: 1500 * time.Millisecond},
		},
	}
}

func TestRecordRoundTrip(t *testing.T) {
	var file bytes.Buffer
	want := []Record{sampleRecord(0, board.WhiteWins), sampleRecord(1, board.Draw), sampleRecord(2, board.BlackWins)}
	want[1].Notes = nil
	want[2].Turns = nil
	want[2].Tournament = Identity{Engines: "new old", Options: "new:Hash=64; old:Move Overhead=20", Seed: "1",
		Openings: "random placements, 4 turns", Games: "2", MaxTurns: "500", SPRT: "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized"}
	want[2].Rounds, want[2].Shard = 100000, "3/8"
	for i := range want {
		file.Write(want[i].Format())
	}
	got, good, err := ReadRecords(bytes.NewReader(file.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if good != int64(file.Len()) {
		t.Errorf("complete part %d bytes, want all %d", good, file.Len())
	}
	// Each record's lines: its first tag, each turn, its score.
	line := 1
	for i := range got {
		r := &got[i]
		tags := strings.Count(string(want[i].Format()), "\n[") + 1
		if r.Line != line {
			t.Errorf("record %d: Line %d, want %d", i, r.Line, line)
		}
		for k := range r.Turns {
			if want := line + tags + 1 + k; r.Turns[k].Line != want {
				t.Errorf("record %d, turn %d: Line %d, want %d", i, k, r.Turns[k].Line, want)
			}
			r.Turns[k].Line = 0
		}
		if want := line + tags + 1 + len(r.Turns); r.EndLine != want {
			t.Errorf("record %d: EndLine %d, want %d", i, r.EndLine, want)
		}
		line = r.EndLine + 2
		r.Line, r.EndLine = 0, 0
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back:\n%+v\nwant:\n%+v", got, want)
	}
}

// TestTornRecord cuts a file of two records at every byte: what is read
// is always the records complete before the cut, and the complete part
// ends exactly after the last of them.
func TestTornRecord(t *testing.T) {
	r0, r1 := sampleRecord(0, board.WhiteWins), sampleRecord(1, board.BlackWins)
	first, second := r0.Format(), r1.Format()
	file := append(append([]byte{}, first...), second...)
	for cut := 0; cut <= len(file); cut++ {
		recs, good, err := ReadRecords(bytes.NewReader(file[:cut]))
		if err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		// A record is complete once its score line is in; the blank line
		// after it is not needed.
		wantN, wantGood := 0, int64(0)
		switch {
		case cut == len(file):
			wantN, wantGood = 2, int64(len(file))
		case cut == len(file)-1:
			wantN, wantGood = 2, int64(len(file)-1)
		case cut >= len(first):
			wantN, wantGood = 1, int64(len(first))
		case cut == len(first)-1:
			wantN, wantGood = 1, int64(len(first)-1)
		}
		if len(recs) != wantN || good != wantGood {
			t.Fatalf("cut at %d of %d: %d records, complete part %d; want %d and %d", cut, len(file), len(recs), good, wantN, wantGood)
		}
	}
}

func TestReadRecordsErrors(t *testing.T) {
	r := sampleRecord(0, board.WhiteWins)
	good := string(r.Format())
	tests := []struct {
		name, file, want string
	}{
		{"text outside a record", "hello\n", "outside a record"},
		{"bad tag", "[Game 12]\n", "value"},
		{"bad number", "[Game \"x\"]\n", "not a number"},
		{"bad result", "[Result \"win\"]\n", "p1win"},
		{"score disagrees with Result", strings.Replace(good, "\n1-0\n", "\n0-1\n", 1), "Result tag"},
		{"bad turn line", strings.Replace(good, "{12ms}", "12ms", 1), "turn line"},
		{"no Game tag", "[Result \"draw\"]\n\n1/2-1/2\n", "without a Game tag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ReadRecords(strings.NewReader(tt.file))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadRecords: %v, want an error with %q", err, tt.want)
			}
		})
	}
}
