package nnue

import (
	"math/bits"

	"seega/board"
)

// Accumulator is the first layer's output for one position, one row a
// perspective (indexed by colour), with the features it was computed
// from: an update to another position adds the columns of the features
// that came on (a placed stone, a step's new square, a hand count) and
// subtracts those that went off (a captured stone, a step's old square),
// which is a few columns a move instead of all of them.
type Accumulator struct {
	feats [2]FeatureSet
	vals  [2][MaxHidden]int16
	valid bool
}

// Refresh computes a from scratch for position p under rules r.
func (n *Net) Refresh(a *Accumulator, p *board.Position, r *board.Rules) {
	for c := range 2 {
		a.feats[c] = Features(p, r, board.Color(c))
		n.refreshRow(&a.vals[c], &a.feats[c])
	}
	a.valid = true
}

// refreshRow sets row to the bias plus the columns of feats.
func (n *Net) refreshRow(row *[MaxHidden]int16, feats *FeatureSet) {
	v := row[:n.Hidden]
	copy(v, n.B1)
	for w, word := range feats {
		for word != 0 {
			f := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			addColumn(v, n.column(f))
		}
	}
}

// UpdateFrom sets a to the accumulator of p, computed from src (an
// accumulator of another position, usually one or two actions away) by
// adding and subtracting the columns of the features that differ.
// feats are p's features, as Features gives them.
func (n *Net) UpdateFrom(a, src *Accumulator, feats *[2]FeatureSet) {
	for c := range 2 {
		v := a.vals[c][:n.Hidden]
		if a != src {
			copy(v, src.vals[c][:n.Hidden])
		}
		for w := range feats[c] {
			on := feats[c][w] &^ src.feats[c][w]
			off := src.feats[c][w] &^ feats[c][w]
			for on != 0 {
				addColumn(v, n.column(w<<6|bits.TrailingZeros64(on)))
				on &= on - 1
			}
			for off != 0 {
				subColumn(v, n.column(w<<6|bits.TrailingZeros64(off)))
				off &= off - 1
			}
		}
		a.feats[c] = feats[c]
	}
	a.valid = true
}

// Evaluate is the evaluation, in cp from the side to act's view, of the
// position a holds.
func (n *Net) Evaluate(a *Accumulator, stm board.Color) int {
	return n.centipawns(n.output(a.vals[stm][:n.Hidden], a.vals[stm^1][:n.Hidden]))
}

// EvaluateFeatures is the evaluation, in cp from the side to act's
// view, of a position whose features (by colour) are feats: for the
// trainer, which keeps features rather than positions.
func (n *Net) EvaluateFeatures(feats *[2]FeatureSet, stm board.Color) int {
	var a Accumulator
	for c := range 2 {
		a.feats[c] = feats[c]
		n.refreshRow(&a.vals[c], &feats[c])
	}
	return clampScore(n.Evaluate(&a, stm))
}
