package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"seega/board"
)

// rulesFlags adds --variant, --size and one flag per rule option to fs,
// and builds the Rules from them: the preset first, then the size, then
// every option given, so that the order on the command line does not
// matter.
type rulesFlags struct {
	fs      *pflag.FlagSet
	variant string
	size    int
	options map[string]*string
}

func addRulesFlags(fs *pflag.FlagSet) *rulesFlags {
	rf := &rulesFlags{fs: fs, options: map[string]*string{}}
	fs.StringVar(&rf.variant, "variant", "egyptian", "rule preset: "+strings.Join(board.Variants, ", "))
	fs.IntVar(&rf.size, "size", 5, "board size: 5, 7 or 9")
	for _, name := range board.OptionNames {
		if name == "Variant" || name == "BoardSize" {
			continue
		}
		help := "rule option " + name + " (docs/rules.md § Options and variants)"
		if vals := board.OptionValues(name); vals != nil {
			help += ": " + strings.Join(vals, ", ")
		}
		rf.options[name] = fs.String(flagName(name), "", help)
	}
	return rf
}

// flagName turns an option name into a flag: ChainMandatory -> chain-mandatory.
func flagName(option string) string {
	var sb strings.Builder
	for i, r := range option {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				sb.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

func (rf *rulesFlags) rules() (board.Rules, error) {
	r, err := board.Preset(rf.variant)
	if err != nil {
		return r, fmt.Errorf("--variant: %v", err)
	}
	if err := r.Set("BoardSize", fmt.Sprint(rf.size)); err != nil {
		return r, fmt.Errorf("--size: %v", err)
	}
	for _, name := range board.OptionNames {
		v, ok := rf.options[name]
		if !ok || !rf.fs.Changed(flagName(name)) {
			continue
		}
		if err := r.Set(name, *v); err != nil {
			return r, fmt.Errorf("--%s: %v", flagName(name), err)
		}
	}
	return r, nil
}
