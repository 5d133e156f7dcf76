package match

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
)

// Identity is what makes games parts of one tournament, beyond the rules
// and the time control that every record has carried from the start.
// Each record carries it, so that records files, or a directory of
// them, say which tournament they belong to: the shards' files merge,
// and a records file resumes, only where every field is equal (see
// tournamentDiff).
//
// What can differ between the machines that play one tournament is left
// out: the engines' commands (a binary lives at another path on each
// worker), the margin, the timeouts, the concurrency, the shard, the
// number of rounds (a longer tournament keeps a shorter one's games).
//
// Each field is a string, kept as it is written in the records file, so
// that a new one (an opening suite's name, say) is one field here and
// one line in tags and in identityOf.
type Identity struct {
	Engines  string // the engines' names in the order of the command line, space-separated: engine i of the schedule
	Options  string // engine options, "name:Opt=Value" joined by "; "
	Seed     string // seed of the generated openings
	Openings string // where the openings come from: generated, or a digest of the list given
	Games    string // games per pairing in each round
	MaxTurns string // the turn limit (0: none)
	SPRT     string // the SPRT, in --sprt's form; "" for none
}

// identityTag is one field of Identity: its records-file tag, and its
// name in messages.
type identityTag struct {
	tag, what string
	value     *string
}

func (id *Identity) tags() []identityTag {
	return []identityTag{
		{"Engines", "engines", &id.Engines},
		{"EngineOptions", "engine options", &id.Options},
		{"Seed", "seed", &id.Seed},
		{"Openings", "openings", &id.Openings},
		{"GamesPerPairing", "games per pairing", &id.Games},
		{"MaxTurns", "turn limit", &id.MaxTurns},
		{"SPRT", "SPRT", &id.SPRT},
	}
}

// Known reports whether the identity was recorded: records written
// before records carried it have none.
func (id *Identity) Known() bool { return id.Engines != "" }

// identityOf is the identity of the tournament cfg describes (cfg has
// its defaults filled in).
func identityOf(cfg Config) Identity {
	var names, opts []string
	for _, e := range cfg.Engines {
		names = append(names, e.Name)
		for _, o := range e.Options {
			opts = append(opts, fmt.Sprintf("%s:%s=%s", e.Name, o.Name, o.Value))
		}
	}
	id := Identity{
		Engines:  strings.Join(names, " "),
		Options:  strings.Join(opts, "; "),
		Seed:     strconv.FormatUint(cfg.Seed, 10),
		Openings: openingsSource(cfg),
		Games:    strconv.Itoa(cfg.Games),
		MaxTurns: strconv.Itoa(cfg.MaxTurns),
	}
	if cfg.SPRT != nil {
		id.SPRT = cfg.SPRT.String()
	}
	return id
}

// openingsSource says where a tournament's openings come from. A list is
// named by its length and a digest of its openings, not by a file name:
// each worker may keep the file at another path.
func openingsSource(cfg Config) string {
	if cfg.Openings == nil {
		return fmt.Sprintf("random placements, %d turns", cfg.OpeningTurns)
	}
	h := sha256.New()
	for _, o := range cfg.Openings {
		h.Write([]byte(o.String()))
		h.Write([]byte{'\n'})
	}
	src := fmt.Sprintf("%d given, sha256 %x", len(cfg.Openings), h.Sum(nil)[:8])
	if cfg.Suite != "" {
		src = "suite " + cfg.Suite + ", " + src
	}
	return src
}

// openingsLabel says, for people, which openings the tournament plays:
// the line the standings start with. It is made from the identity, so
// that merged shards print it as one run does.
func (id *Identity) openingsLabel() string {
	if strings.HasPrefix(id.Openings, "random") {
		return id.Openings + " from seed " + id.Seed
	}
	return id.Openings
}

// tournamentDiff names the first thing in which the tournaments of two
// records differ: what, and each one's value; what is "" where they
// agree.
func tournamentDiff(a, b *Record) (what, av, bv string) {
	if a.Rules != b.Rules {
		return "rules", a.Rules, b.Rules
	}
	if a.TimeControl != b.TimeControl {
		return "time control", a.TimeControl, b.TimeControl
	}
	ta, tb := a.Tournament.tags(), b.Tournament.tags()
	for i := range ta {
		if *ta[i].value != *tb[i].value {
			return ta[i].what, *ta[i].value, *tb[i].value
		}
	}
	return "", "", ""
}
