package match

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"seega/board"
)

// Termination says how a game ended, for the records and the standings.
type Termination string

const (
	TermRules     Termination = "rules"      // an end condition of RULES.md 3.6
	TermIllegal   Termination = "illegal"    // an illegal, unparsable or incomplete move
	TermCrash     Termination = "crash"      // the engine exited or closed its output
	TermNoAnswer  Termination = "no answer"  // the engine went silent
	TermTime      Termination = "time"       // a turn over its time
	TermTurnLimit Termination = "turn limit" // --max-turns reached: a draw
	TermNoStart   Termination = "no start"   // the engine never started (records before it say crash)
)

// TurnRecord is one turn of a game as the record keeps it.
type TurnRecord struct {
	Side board.Color
	Move string
	Time time.Duration
	// Line is the line ReadRecords found it on; it is not written.
	Line int
}

// Record is one game as the records file keeps it: enough to replay it,
// to rebuild the standings, and to resume a tournament without playing
// it again.
type Record struct {
	Index   int // the game's place in the schedule: the resume key
	Round   int
	Pair    int // games 2k and 2k+1 of a pairing share an opening
	Opening int // which opening (generated number, or line of the file)

	White, Black string
	Variant      string
	Rules        string // every rule option, as board.Rules.String
	TimeControl  string
	OpeningLine  string // the opening as it was given or generated
	Start        string // SeFEN the engines started from

	Outcome     board.Outcome
	Termination Termination
	Reason      string
	Captured    [2]int // stones captured by White and by Black
	Final       string // SeFEN at the end
	Notes       []string
	Date        string

	// Tournament says which tournament the game belongs to; it is empty
	// in records written before records carried it. Rounds is the
	// tournament's rounds as the run that played the game had them, and
	// Shard the slice that played it ("K/N"; "" for a whole run).
	Tournament Identity
	Rounds     int
	Shard      string

	Turns []TurnRecord

	// Line and EndLine are where ReadRecords found the record: the line
	// of its first tag and of its score. They are not written.
	Line, EndLine int
}

// Score is the result as a chess player writes it: 1-0, 0-1, 1/2-1/2.
func (r *Record) Score() string {
	switch r.Outcome {
	case board.WhiteWins:
		return "1-0"
	case board.BlackWins:
		return "0-1"
	}
	return "1/2-1/2"
}

// Winner is the side that won, if any.
func (r *Record) Winner() (board.Color, bool) {
	switch r.Outcome {
	case board.WhiteWins:
		return board.White, true
	case board.BlackWins:
		return board.Black, true
	}
	return 0, false
}

// Code is the protocol's word for the result: p1win, p2win or draw.
func (r *Record) Code() string {
	switch r.Outcome {
	case board.WhiteWins:
		return "p1win"
	case board.BlackWins:
		return "p2win"
	}
	return "draw"
}

func parseScore(s string) (board.Outcome, bool) {
	switch s {
	case "1-0":
		return board.WhiteWins, true
	case "0-1":
		return board.BlackWins, true
	case "1/2-1/2":
		return board.Draw, true
	}
	return board.Ongoing, false
}

func sideLetter(c board.Color) string {
	if c == board.White {
		return "w"
	}
	return "b"
}

// Format writes the record in the records file's format: PGN-like tag
// pairs, then one line per turn (number, side, turn, time used), then the
// score alone on a line, which marks the record complete, and a blank
// line.
//
//	[Game "12"]
//	[White "new"]
//	…
//	1. w a1,e5 {12ms}
//	2. b b2,d4 {10ms}
//	…
//	1-0
func (r *Record) Format() []byte {
	var b bytes.Buffer
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %s]\n", k, strconv.Quote(v)) }
	tag("Game", strconv.Itoa(r.Index))
	tag("Round", strconv.Itoa(r.Round))
	tag("Pair", strconv.Itoa(r.Pair))
	tag("Opening", strconv.Itoa(r.Opening))
	tag("White", r.White)
	tag("Black", r.Black)
	tag("Variant", r.Variant)
	tag("Rules", r.Rules)
	tag("TimeControl", r.TimeControl)
	tag("OpeningLine", r.OpeningLine)
	tag("Start", r.Start)
	tag("Result", r.Code())
	tag("Termination", string(r.Termination))
	tag("Reason", r.Reason)
	tag("WhiteCaptured", strconv.Itoa(r.Captured[0]))
	tag("BlackCaptured", strconv.Itoa(r.Captured[1]))
	tag("Final", r.Final)
	tag("Date", r.Date)
	if r.Tournament.Known() {
		for _, it := range r.Tournament.tags() {
			if *it.value != "" {
				tag(it.tag, *it.value)
			}
		}
	}
	if r.Rounds > 0 {
		tag("Rounds", strconv.Itoa(r.Rounds))
	}
	if r.Shard != "" {
		tag("Shard", r.Shard)
	}
	for _, n := range r.Notes {
		tag("Note", n)
	}
	b.WriteByte('\n')
	for i, t := range r.Turns {
		fmt.Fprintf(&b, "%d. %s %s {%dms}\n", i+1, sideLetter(t.Side), t.Move, t.Time.Milliseconds())
	}
	b.WriteString(r.Score())
	b.WriteString("\n\n")
	return b.Bytes()
}

// ReadRecords reads a records file. It returns the complete records and
// the length of the file's complete part: a record cut short (the runner
// was killed while writing it) is not returned, and the caller truncates
// the file there before appending.
func ReadRecords(rd io.Reader) ([]Record, int64, error) {
	const (
		outside = iota // between records
		tags           // reading a record's tag pairs
		turns          // reading its turn lines, up to the score
	)
	br := bufio.NewReader(rd)
	var (
		out    []Record
		cur    Record
		state  = outside
		offset int64 // bytes read so far
		good   int64 // end of the last complete record
	)
	for lineNo := 1; ; lineNo++ {
		text, err := br.ReadString('\n')
		if err == io.EOF {
			// Nothing more, or a last line without its newline: cut short.
			return out, good, nil
		}
		if err != nil {
			return nil, 0, err
		}
		offset += int64(len(text))
		s := strings.TrimSpace(text)
		fail := func(format string, args ...any) ([]Record, int64, error) {
			return nil, 0, fmt.Errorf("records line %d: %s", lineNo, fmt.Sprintf(format, args...))
		}
		switch {
		case s == "":
			switch state {
			case outside:
				good = offset
			case tags:
				state = turns
			}
		case strings.HasPrefix(s, "["):
			switch state {
			case outside:
				cur, state = Record{Index: -1, Line: lineNo}, tags
			case turns:
				return fail("a tag among game %d's turns", cur.Index)
			}
			if err := cur.setTag(s); err != nil {
				return fail("%v", err)
			}
		case state == outside:
			return fail("%q outside a record", s)
		default:
			if o, ok := parseScore(s); ok {
				if cur.Index < 0 {
					return fail("a record without a Game tag")
				}
				if o != cur.Outcome {
					return fail("game %d ends %s but its Result tag says %s", cur.Index, s, cur.Code())
				}
				cur.EndLine = lineNo
				out = append(out, cur)
				state, good = outside, offset
				continue
			}
			state = turns
			t, err := parseTurnLine(s)
			if err != nil {
				return fail("%v", err)
			}
			t.Line = lineNo
			cur.Turns = append(cur.Turns, t)
		}
	}
}

func (r *Record) setTag(s string) error {
	if !strings.HasSuffix(s, "]") {
		return fmt.Errorf("tag %q: no closing ]", s)
	}
	key, quoted, ok := strings.Cut(s[1:len(s)-1], " ")
	if !ok {
		return fmt.Errorf("tag %q: want [Key \"value\"]", s)
	}
	v, err := strconv.Unquote(quoted)
	if err != nil {
		return fmt.Errorf("tag %q: value: %v", s, err)
	}
	atoi := func(dst *int) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("tag %s: %q is not a number", key, v)
		}
		*dst = n
		return nil
	}
	switch key {
	case "Game":
		return atoi(&r.Index)
	case "Round":
		return atoi(&r.Round)
	case "Pair":
		return atoi(&r.Pair)
	case "Opening":
		return atoi(&r.Opening)
	case "White":
		r.White = v
	case "Black":
		r.Black = v
	case "Variant":
		r.Variant = v
	case "Rules":
		r.Rules = v
	case "TimeControl":
		r.TimeControl = v
	case "OpeningLine":
		r.OpeningLine = v
	case "Start":
		r.Start = v
	case "Result":
		switch v {
		case "p1win":
			r.Outcome = board.WhiteWins
		case "p2win":
			r.Outcome = board.BlackWins
		case "draw":
			r.Outcome = board.Draw
		default:
			return fmt.Errorf("tag Result: %q is not p1win, p2win or draw", v)
		}
	case "Termination":
		r.Termination = Termination(v)
	case "Reason":
		r.Reason = v
	case "WhiteCaptured":
		return atoi(&r.Captured[0])
	case "BlackCaptured":
		return atoi(&r.Captured[1])
	case "Final":
		r.Final = v
	case "Date":
		r.Date = v
	case "Note":
		r.Notes = append(r.Notes, v)
	case "Rounds":
		return atoi(&r.Rounds)
	case "Shard":
		r.Shard = v
	default:
		for _, it := range r.Tournament.tags() {
			if it.tag == key {
				*it.value = v
			}
		}
		// Other tags are kept out of the way, not refused: a later
		// runner may add some.
	}
	return nil
}

// parseTurnLine reads "12. w a1,e5 {12ms}".
func parseTurnLine(s string) (TurnRecord, error) {
	f := strings.Fields(s)
	if len(f) != 4 || !strings.HasSuffix(f[0], ".") || !strings.HasPrefix(f[3], "{") || !strings.HasSuffix(f[3], "ms}") {
		return TurnRecord{}, fmt.Errorf("turn line %q: want `N. w|b TURN {MSms}`", s)
	}
	var t TurnRecord
	switch f[1] {
	case "w":
		t.Side = board.White
	case "b":
		t.Side = board.Black
	default:
		return t, fmt.Errorf("turn line %q: side %q is not w or b", s, f[1])
	}
	t.Move = f[2]
	ms, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(f[3], "{"), "ms}"), 10, 64)
	if err != nil {
		return t, fmt.Errorf("turn line %q: time: %v", s, err)
	}
	t.Time = time.Duration(ms) * time.Millisecond
	return t, nil
}
