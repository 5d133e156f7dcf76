package protocol

// The protocol drives an engine.Searcher, built by the engine.Factory the
// Search option names (Config.Searchers): it rebuilds the searcher
// whenever the rules change, since evaluators are made for one rule set,
// and hands it the engine options whole (engine.Options) before each
// search. It reads moves into board values before the searcher sees
// them and writes the searcher's turns and lines back as text.
