package console

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"seega/board"
)

// Play is a game between a person, who types turns, and the engine.
type Play struct {
	Human  board.Color
	Engine Chooser // plays the other side, and gives hints
	Screen *Screen
	In     io.Reader
	// Echo writes each line read after its prompt, so that a game read
	// from a file or a pipe reads as a dialogue; a terminal echoes by itself.
	Echo bool
	// MaxTurns ends the game as a draw once this many turns have been
	// completed (by the turn number); 0: no cap.
	MaxTurns int
}

// Run plays g with the person until the game ends, the person resigns
// or quits, or the input ends. It reads one line a time from p.In:
// a turn as the protocol spells it, or one of the commands of help.
func (p *Play) Run(g *board.Game) error {
	s := &session{Play: p, g: g, in: bufio.NewScanner(p.In)}
	return s.run()
}

// session is one game's state: the turns played, for undo.
type session struct {
	*Play
	g      *board.Game
	in     *bufio.Scanner
	record []played
}

// maxListed is how many legal turns a mistake lists in full; past it the
// first actions are listed instead (bonus chains can make millions).
const maxListed = 60

func (s *session) run() error {
	s.Screen.Show(s.g, "")
	s.Screen.Say("You play %s. Type a turn (e.g. %s), or help.", sideName(s.Human), s.example())
	firstTurn := s.g.Position().TurnNumber()
	for {
		if s.MaxTurns > 0 && s.g.Position().TurnNumber()-firstTurn >= s.MaxTurns {
			s.Screen.Say("\nDraw: the cap of %d turns was reached.", s.MaxTurns)
			return nil
		}
		if res := s.g.Result(); res.Over() {
			s.Screen.Say("\n%s", res)
			if w, ok := res.Winner(); ok {
				if w == s.Human {
					s.Screen.Say("You win.")
				} else {
					s.Screen.Say("You lose.")
				}
			}
			return nil
		}
		if s.g.Position().SideToAct() != s.Human {
			if err := s.engineTurn(); err != nil {
				return err
			}
			continue
		}
		if s.onlyPass() {
			s.Screen.Say("You are blocked: you pass.")
			if err := s.play("0000", true); err != nil {
				return err
			}
			continue
		}
		s.prompt()
		if !s.in.Scan() {
			if err := s.in.Err(); err != nil {
				return err
			}
			s.Screen.Say("\nThe input ended; the game is left unfinished.")
			return nil
		}
		if s.Echo {
			s.Screen.Say("%s", s.in.Text())
		}
		if done := s.command(strings.TrimSpace(s.in.Text())); done {
			return nil
		}
	}
}

// command carries out one line the person typed; done ends the game.
func (s *session) command(line string) (done bool) {
	switch strings.ToLower(line) {
	case "":
	case "help", "?":
		s.help()
	case "moves", "legal":
		s.listTurns()
	case "hint":
		c, err := s.Engine.Choose(s.g)
		if err != nil {
			s.Screen.Say("No hint: %v", err)
			break
		}
		s.Screen.Say("Hint: %s", c.Turn)
	case "undo":
		s.undo()
	case "resign":
		s.Screen.Say("\n%s resigns: %s wins.", sideName(s.Human), sideName(s.Human.Other()))
		return true
	case "quit", "exit":
		s.Screen.Say("Quit; the game is left unfinished.")
		return true
	default:
		if err := s.play(strings.ToLower(line), false); err != nil {
			s.Screen.Say("%s: %v", line, err)
			s.listTurns()
		}
	}
	return false
}

// play plays text for the person and shows the board.
func (s *session) play(text string, auto bool) error {
	p, err := playTurn(s.g, text)
	if err != nil {
		return err
	}
	p.auto = auto
	s.record = append(s.record, p)
	s.Screen.Show(s.g, p.line())
	return nil
}

func (s *session) engineTurn() error {
	side := s.g.Position().SideToAct()
	s.Screen.Say("%s is thinking…", sideName(side))
	c, err := s.Engine.Choose(s.g)
	if err != nil {
		return fmt.Errorf("%s: %v", sideName(side), err)
	}
	p, err := playTurn(s.g, c.Turn)
	if err != nil {
		return fmt.Errorf("%s chose %q: %v", sideName(side), c.Turn, err)
	}
	s.record = append(s.record, p)
	s.Screen.Show(s.g, p.line())
	return nil
}

// onlyPass reports whether the person, at the start of a turn, is
// blocked with nothing to do but pass: the pass is then played for them.
// A blocked Black that may request a ransom instead chooses.
func (s *session) onlyPass() bool {
	if s.g.Position().MidTurn() {
		return false
	}
	n, _ := s.g.CountTurns(2)
	if n != 1 {
		return false
	}
	only := ""
	s.g.ForEachTurn(func(t []board.Action) bool {
		only = board.TurnString(t, s.g.Position().Size())
		return false
	})
	return only == "0000"
}

// prompt asks for the person's turn, saying what is expected now.
func (s *session) prompt() {
	pos := s.g.Position()
	n := pos.Size()
	var what string
	switch {
	case pos.PendingRansom() != board.NoSquare:
		what = fmt.Sprintf("Black requests a ransom for %s: refuse, or accept:<sq>:<sq> naming two of your stones",
			board.SquareName(pos.PendingRansom(), n))
	case pos.MidTurn() && pos.Placement():
		what = "your second stone"
	case pos.MidTurn():
		what = "your chain goes on: its next step"
	case pos.Placement():
		what = "place two stones"
	default:
		what = "your turn"
	}
	fmt.Fprintf(s.Screen.w, "%s (turn %d), %s> ", sideName(s.Human), pos.TurnNumber(), what)
}

// undo takes back the engine's turns since the person's last turn, and
// that turn, or the half of a turn the person has played; the passes the
// person was made to play are taken back with the engine's turns.
func (s *session) undo() {
	k := len(s.record)
	for k > 0 && !(s.record[k-1].side == s.Human && !s.record[k-1].auto) {
		k--
	}
	if k == 0 {
		s.Screen.Say("Nothing to undo: you have played no turn.")
		return
	}
	k--
	for s.g.Ply() > s.record[k].ply {
		s.g.Unmake()
	}
	s.Screen.Forget(len(s.record) - k)
	s.Screen.Say("Took back: %s", joinTexts(s.record[k:]))
	s.record = s.record[:k]
	s.Screen.Show(s.g, "")
}

func joinTexts(ps []played) string {
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.text
	}
	return strings.Join(texts, " ")
}

// listTurns lists the legal turns, or, where there are too many, the
// actions that can start one.
func (s *session) listTurns() {
	n := s.g.Position().Size()
	if count, complete := s.g.CountTurns(maxListed + 1); !complete || count > maxListed {
		var firsts []string
		for _, a := range s.g.LegalActions(nil) {
			firsts = append(firsts, board.ActionString(a, n))
		}
		s.Screen.Say("More than %d legal turns; each starts with one of: %s", maxListed, strings.Join(firsts, " "))
		return
	}
	s.Screen.Say("Legal turns: %s", strings.Join(s.g.LegalTurns(), " "))
}

// example is a sample turn for the greeting.
func (s *session) example() string {
	if s.g.Position().Placement() {
		return "a1,b2"
	}
	return "d3c3"
}

func (s *session) help() {
	s.Screen.Say(`Type a turn as the engine's protocol writes it:
  a1,e5              placement: two squares (the centre stays empty)
  d3c3               a step, from-square to-square
  d3c3,c3c4          a chain: the steps of one turn, joined by commas
                     (stop an optional chain by leaving out the rest)
  0000               a pass, when you are blocked
  ransom:c2          Black, classic: request a ransom naming a Black stone
  refuse             White: refuse the ransom
  accept:a1:e5       White: accept, giving up two of your stones
A turn may also be typed an action at a time: the prompt asks for the rest.
Commands:
  moves    list the legal turns
  hint     the engine's best turn for you
  undo     take back the engine's turn and your last turn
  resign   give up the game
  quit     leave the game unfinished
  help     this text`)
}
