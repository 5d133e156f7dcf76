package main

import (
	"seega/board"
	"seega/engine"
	"seega/tablebase"
)

// openTablebase is protocol.Config.OpenTablebase: package tablebase's
// tables are an engine.Tablebase as they are.
func openTablebase(dir string, r board.Rules) (engine.Tablebase, error) {
	t, err := tablebase.Open(dir, r)
	if err != nil {
		return nil, err
	}
	return t, nil
}
