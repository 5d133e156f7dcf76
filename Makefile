# The Seega engine. `make run` plays a game in the terminal; `make test`
# is what CI runs.
GO ?= go
BIN := bin/seega

# Everything is built for this machine's x86-64 level (v1 to v4, found by
# cmd/goamd64), as Stockfish's ARCH=native builds: at v3 the bitboard
# loops run about a tenth faster (docs/speed.md). Such a binary stops
# at start-up, saying why, on an older CPU; `make build GOAMD64=v1` builds
# one for every x86-64. Elsewhere than x86-64 the setting is ignored.
ifeq ($(origin GOAMD64),undefined)
GOAMD64 := $(shell $(GO) run ./cmd/goamd64 2>/dev/null)
endif
export GOAMD64

# The network evaluation's inner loops (nnue/kernels.go) run on AVX2
# vectors through Go's experimental simd/archsimd package, which
# GOEXPERIMENT=simd turns on; without it, or on a CPU without AVX2, they
# are plain Go loops that give the same results. `make test` tests both.
GOEXPERIMENT ?= simd
export GOEXPERIMENT

.PHONY: build test test-slurm test-long bench compare run serve fuzz loadtest screenshots vet clean tablebases tune levels nnue

build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/seega

# Unit, rule, perft and protocol tests; deep perft counts and long
# self-play are skipped with -short and run by test-long. The narrow
# build (one-word Bitboard, for make bench) is vetted too, so that it
# keeps compiling. The results go through internal/testreport, which
# prints what plain go test prints and then lists every skipped test with
# its reason, so that a check left out (a missing reference file, a
# missing tool) is seen; under CI=true (.ci/run) a missing reference file
# fails instead. pipefail keeps go test's own exit status. The last line
# tests the network's plain Go kernels (without GOEXPERIMENT=simd) in the
# narrow build.
test:
	$(GO) vet ./...
	$(GO) vet -tags narrow ./board/
	$(GO) build -o bin/testreport ./internal/testreport
	bash -o pipefail -c '$(GO) test -short -count=1 -json ./... | bin/testreport'
	GOEXPERIMENT= $(GO) test -short -count=1 -tags narrow ./nnue/...

test-long:
	$(GO) test -count=1 -timeout 60m ./...

# Speed figures: perft and playout turns/s per board size, allocations per
# make/unmake, the search bench signature, and the first searches of fresh
# processes against their later ones.
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./board/
	$(GO) test -tags narrow -run '^$$' -bench 'Perft5|Playout5|MakeUnmake' -benchmem ./board/
	./$(BIN) bench
	./$(BIN) bench --search mcts
	./$(BIN) bench --first --processes 5

run: build
	./$(BIN) play

# The board in the browser: open http://127.0.0.1:8080 (docs/web.md).
serve: build
	./$(BIN) serve

# The default endgame tables, into tb/ (not committed): every 5×5 preset
# with up to 6 stones and 7×7 egyptian with up to 4. A stopped run, started
# again, keeps the tables it finished. docs/tablebases.md has the time and sizes.
TBDIR ?= tb
tablebases: build
	./$(BIN) tb generate --variant egyptian --stones 6 --dir $(TBDIR)
	./$(BIN) tb generate --variant sudanese --stones 6 --dir $(TBDIR)
	./$(BIN) tb generate --variant classic --stones 6 --dir $(TBDIR)
	./$(BIN) tb generate --variant pro --stones 6 --dir $(TBDIR)
	./$(BIN) tb generate --variant egyptian --size 7 --stones 4 --dir $(TBDIR)

# Texel tuning of every preset's weights: self-play games into tune-data/
# (not committed), then the fit, written into eval/weights.go. TUNE_GAMES
# sets the games a preset.
TUNE_GAMES ?= 2000
tune: build
	mkdir -p tune-data
	for v in egyptian sudanese classic pro; do \
		./$(BIN) tune generate --variant $$v --games $(TUNE_GAMES) --out tune-data/$$v.txt && \
		./$(BIN) tune fit --variant $$v --data tune-data/$$v.txt --write eval/weights.go || exit 1; \
	done

# The network evaluation (docs/nnue.md): for every preset on 5×5, egyptian
# 7×7 and the no-limit rules, generation 0 (self-play with the built-in
# evaluation, then a net trained on it) and generation 1 (self-play with
# net 0, then a net trained on both), into nnue-data/ (not committed).
# NNUE_GAMES sets the games a generation, NNUE_GEN and NNUE_TRAIN the
# generation's and the training's flags: by default the recipe of the best
# nets so far, sudanese and pro 5×5 (docs/strength.md, "Network
# evaluation"). Hours of CPU. A net ships only once a match says it
# should, copied into nnue/nets/ by hand.
NNUE_GAMES ?= 10000
NNUE_GEN ?= --workers 2 --nodes 8000 --place-nodes 2000
NNUE_TRAIN ?= --hidden 64 --epochs 20 --final-rate 0.0002 --scale 150
NNUE_DIR ?= nnue-data
nnue: build
	mkdir -p $(NNUE_DIR)
	set -e; gen() { name=$$1; shift; \
		./$(BIN) nnue generate "$$@" $(NNUE_GEN) --games $(NNUE_GAMES) --seed 1 --out $(NNUE_DIR)/$$name-g0.txt; \
		./$(BIN) nnue train "$$@" $(NNUE_TRAIN) --data $(NNUE_DIR)/$$name-g0.txt --out $(NNUE_DIR)/$$name-g0.nnue; \
		./$(BIN) nnue generate "$$@" $(NNUE_GEN) --games $(NNUE_GAMES) --seed 2 --eval-file $(NNUE_DIR)/$$name-g0.nnue --out $(NNUE_DIR)/$$name-g1.txt; \
		./$(BIN) nnue train "$$@" $(NNUE_TRAIN) --data $(NNUE_DIR)/$$name-g0.txt,$(NNUE_DIR)/$$name-g1.txt --out $(NNUE_DIR)/$$name-g1.nnue; }; \
	for v in egyptian sudanese classic pro; do gen $$v-5 --variant $$v; done; \
	gen egyptian-7 --variant egyptian --size 7; \
	gen nolimit-7 --variant egyptian --size 7 --directions 4 --centre-safe off --chain none \
		--blocked pass --lose-at 0 --no-capture-limit 0 --repetition-draw 0

# The skill levels' Elo scale (docs/strength.md, "Levels"): gauntlets of
# every level against its neighbours, random play and full strength, at
# 100 ms a turn, on the four presets' balanced suites; prints a table a
# preset and writes the mean scale into engine/levelelo.go, which UCI_Elo
# maps onto. Hours of CPU: LEVELS_GAMES sets the games a pairing,
# LEVELS_CONCURRENCY the games at once; the records in levels-data/ (not
# committed) let a stopped run resume.
LEVELS_GAMES ?= 100
LEVELS_CONCURRENCY ?= 2
levels: build
	./$(BIN) levels --preset egyptian --preset classic --preset pro --preset egyptian-7 \
		--games $(LEVELS_GAMES) --concurrency $(LEVELS_CONCURRENCY) --tc movetime=100 \
		--records levels-data --write engine/levelelo.go

# A short fuzzing pass over each parser.
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzSeFEN -fuzztime 30s ./board/
	$(GO) test -run '^$$' -fuzz FuzzTurn -fuzztime 30s ./board/
	$(GO) test -run '^$$' -fuzz FuzzAction -fuzztime 30s ./board/
	$(GO) test -run '^$$' -fuzz FuzzProtocol -fuzztime 30s ./protocol/
	$(GO) test -run '^$$' -fuzz FuzzServe -fuzztime 30s ./gtp/
	$(GO) test -run '^$$' -fuzz FuzzAPI -fuzztime 30s ./web/

# The pictures of seega serve's page that the README and docs/web.md
# show, made by its browser test (TestPageScreenshots, in headless
# Chromium): a Classic game in progress at desktop size and at phone
# size, into docs/img/serve-desktop.png and serve-phone.png.
screenshots:
	SEEGA_SCREENSHOTS=1 $(GO) test -count=1 -run '^TestPageScreenshots$$' ./web/

# The load test of seega serve's API on loopback: 300 games played at
# once for 30 s (SEEGA_LOAD_GAMES, SEEGA_LOAD_SECONDS change them), then
# checks for leaked goroutines and searches, and memory within the games'
# hash; it prints the figures docs/web.md quotes. About 35 s of both cores.
loadtest:
	$(GO) test -count=1 -run '^(TestLoad|TestGameCost)$$' -v -timeout 10m ./web/

clean:
	rm -rf bin

# Every speed figure of docs/speed.md for the working tree against a base
# revision, built beside it, alternating the two binaries:
# `make compare BASE=c9e18e9`. Run it on a quiet machine: the figures
# are only as good as the quiet. ROUNDS sets the samples per figure, STAT
# which of them stands for it (median, or best). COMPARE_FLAGS passes
# more, such as a suite figure: COMPARE_FLAGS='--only suite --suite
# openings/suites/pro-5.txt --suite-nodes 100000'.
BASE ?= main
ROUNDS ?= 3
STAT ?= median
COMPARE_FLAGS ?=
compare:
	$(GO) run ./cmd/compare --base $(BASE) --rounds $(ROUNDS) --stat $(STAT) $(COMPARE_FLAGS)

# The Slurm recipe of docs/distributed.md on a real one-machine Slurm
# cluster (Debian's slurm-wlm and munge, installed where missing; needs
# root): the array as written, then a task cancelled mid-run and
# requeued. About a minute and a half; docs/distributed.md says more.
test-slurm:
	scripts/slurm/cluster.sh $(GO) test -count=1 -timeout 15m -run '^TestSlurmCluster' -v ./cmd/seega/
