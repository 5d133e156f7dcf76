package web

import (
	"slices"

	"seega/board"
	"seega/engine"
)

// rulesJSON is GET /api/rules: what the page builds its new-game form
// and "advanced" fold from.
type rulesJSON struct {
	Variants []string                     `json:"variants"`
	Sizes    []int                        `json:"sizes"`
	Options  []optionJSON                 `json:"options"`
	Presets  map[string]map[string]string `json:"presets"`
	MaxLevel int                          `json:"maxLevel"`
}

// optionJSON is one rule option: a choice among values, or a number.
type optionJSON struct {
	Name   string   `json:"name"`
	Kind   string   `json:"kind"`
	Values []string `json:"values,omitempty"`
	Min    int      `json:"min"`
}

// directions are the Directions option's values; board lists values for
// the named options only.
var directions = []string{"4", "8"}

// rulesTable is board's option table as rulesJSON.
func rulesTable() rulesJSON {
	t := rulesJSON{Variants: slices.Clone(board.Variants), Sizes: []int{5, 7, 9},
		Presets: map[string]map[string]string{}, MaxLevel: engine.MaxSkill}
	for _, name := range board.OptionNames {
		if name == "Variant" || name == "BoardSize" {
			continue
		}
		o := optionJSON{Name: name, Kind: "choice", Values: board.OptionValues(name)}
		if name == "Directions" {
			o.Values = directions
		}
		if o.Values == nil {
			o.Kind = "number"
		}
		t.Options = append(t.Options, o)
	}
	for _, v := range board.Variants {
		r, err := board.Preset(v)
		if err != nil {
			continue
		}
		vals := map[string]string{}
		for _, name := range board.OptionNames {
			vals[name], _ = r.Get(name)
		}
		t.Presets[v] = vals
	}
	return t
}
