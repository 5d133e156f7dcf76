package live

import (
	"fmt"

	"seega/match"
)

// standings is match.Standings written for the page: numbers that may
// be infinite (the Elo of a perfect score) become text, which JSON
// cannot otherwise carry.
type standings struct {
	Done     int    `json:"done"`
	Total    int    `json:"total"`
	Progress string `json:"progress"`
	Stopped  string `json:"stopped,omitempty"`
	// Final is set once the tournament is over: the page then says it
	// is finished, and keeps the standings when the server goes away.
	Final   bool            `json:"final"`
	Engines []engineRow     `json:"engines"`
	Matches []matchRow      `json:"matches"`
	SPRT    *sprtRow        `json:"sprt,omitempty"`
	Points  pointsExplainer `json:"points"`
	// Warnings are the results the forfeits could have decided
	// (match.Standings.ForfeitWarnings).
	Warnings []string `json:"warnings"`
}

type engineRow struct {
	Name   string `json:"name"`
	Games  int    `json:"games"`
	W      int    `json:"w"`
	D      int    `json:"d"`
	L      int    `json:"l"`
	Score  string `json:"score"`
	Elo    string `json:"elo"`
	Err    string `json:"err"`
	Points int    `json:"points"`
	// Forfeits is the games it lost by forfeit, and ForfeitReasons
	// them by reason ("3 on time, 1 crash"; "none").
	Forfeits       int    `json:"forfeits"`
	ForfeitReasons string `json:"forfeitReasons"`
}

type matchRow struct {
	A   string `json:"a"`
	B   string `json:"b"`
	W   int    `json:"w"`
	D   int    `json:"d"`
	L   int    `json:"l"`
	Elo string `json:"elo"`
	Err string `json:"err"`
	// EloLabel says which Elo it is: "pair Elo" from complete pairs,
	// "game Elo" before there is one (match.MatchStanding.EloLabel).
	EloLabel string `json:"eloLabel"`
	Penta    [5]int `json:"penta"`
	Pairs    int    `json:"pairs"`
}

type sprtRow struct {
	Test     string `json:"test"`
	LLR      string `json:"llr"`
	Lower    string `json:"lower"`
	Upper    string `json:"upper"`
	Decision string `json:"decision"`
}

type pointsExplainer struct {
	Win        int `json:"win"`
	PerCapture int `json:"perCapture"`
	Loss       int `json:"loss"`
}

func newStandings(s match.Standings) standings {
	out := standings{
		Done: s.Done, Total: s.Total, Progress: s.Progress(), Stopped: s.Stopped, Final: s.Final,
		Engines: []engineRow{}, Matches: []matchRow{},
		Points:   pointsExplainer{match.PointsWin, match.PointsPerCapture, match.PointsLoss},
		Warnings: s.ForfeitWarnings(),
	}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	for _, e := range s.Engines {
		out.Engines = append(out.Engines, engineRow{
			Name: e.Name, Games: e.Games, W: e.W, D: e.D, L: e.L,
			Score: fmt.Sprintf("%.1f%%", 100*e.Score), Elo: match.FormatElo(e.Elo.Elo), Err: match.FormatEloErr(e.Elo), Points: e.Points,
			Forfeits: e.Forfeits.Total(), ForfeitReasons: e.Forfeits.String(),
		})
	}
	for _, m := range s.Matches {
		out.Matches = append(out.Matches, matchRow{
			A: m.A, B: m.B, W: m.W, D: m.D, L: m.L, Elo: match.FormatElo(m.Elo.Elo), Err: match.FormatEloErr(m.Elo), EloLabel: m.EloLabel(),
			Penta: m.Penta.Counts(), Pairs: m.Penta.Pairs(),
		})
	}
	if p := s.SPRT; p != nil {
		out.SPRT = &sprtRow{
			Test: p.Test.String(), LLR: fmt.Sprintf("%.2f", p.LLR),
			Lower: fmt.Sprintf("%.2f", p.Lower), Upper: fmt.Sprintf("%.2f", p.Upper), Decision: p.Decision.String(),
		}
	}
	return out
}
