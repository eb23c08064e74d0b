# Three commands matter: `make demo`, `make test` (a developer's run, a couple of minutes) and
# `make long` (the long run: 10,000 random games per game; CI runs both). All create .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test long fuzz lint clean system-deps

$(STAMP): pyproject.toml
	scripts/system-deps
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/kurtyna build --all
	$(BIN)/kurtyna sheets --all --paper a4
	@echo
	@echo "Printable sheets (HTML and PDF; how to print: docs/sheets.md):"
	@for dir in build/*/*/; do echo "  $$dir"; done

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/kurtyna build --all --check
	$(BIN)/kurtyna check --all --strict
	# pytest-xdist: one worker per core; a test file stays on one worker, so the fixtures a file
	# shares (a compiled game, rendered sheets) are made once (docs/design.md, "Tests in parallel")
	$(BIN)/pytest -n auto --dist loadfile
	# A hundred seeded random games of each game, invariants checked after every decision (house
	# cards included: docs/authoring.md): a quick look; `make long` (CI) plays 10,000 of each
	$(BIN)/kurtyna sim zimna_wojna --games 100 --jobs 2 --quiet --option house_cards=true
	$(BIN)/kurtyna sim cia_kgb --games 100 --jobs 2 --quiet
	$(BIN)/kurtyna sim zelazna_kurtyna --games 100 --jobs 2 --quiet
	for n in 2 5; do $(BIN)/kurtyna sim mocarstwo --players $$n --games 20 --jobs 2 --quiet || exit 1; done

# The long run (CI runs it after `make test`; docs/benchmarks.md has its times): 10,000 seeded
# random games of each game (1,000 at each player count of Jak zostać mocarstwem), no fault,
# invariants held after every decision.
long: $(STAMP)
	# Zimna Wojna: every card's event happens (issue 5), house cards included
	$(BIN)/kurtyna sim zimna_wojna --games 10000 --jobs 2 --quiet --require-every-event --option house_cards=true
	# CIA vs KGB (issue 18): every event target's ability used (every agenda resolving is
	# tests/games/test_cia_kgb.py)
	$(BIN)/kurtyna sim cia_kgb --games 10000 --jobs 2 --quiet --require-every-event
	$(BIN)/kurtyna sim zelazna_kurtyna --games 10000 --jobs 2 --quiet
	# Jak zostać mocarstwem (issue 19): 1,000 at each player count, the content's invariants too
	# (10,000 at each count: docs/mocarstwo.md)
	for n in 2 3 4 5; do $(BIN)/kurtyna sim mocarstwo --players $$n --games 1000 --jobs 2 --quiet || exit 1; done
	# The readings as options (issue 43; docs/authoring.md): random games with every non-default
	# reading of each game (10,000 each were played once: the games' docs)
	$(BIN)/kurtyna sim zimna_wojna --games 1000 --jobs 2 --quiet --option reading_junta_realignment=both_americas --option reading_both_held_scoring=ussr_wins
	$(BIN)/kurtyna sim cia_kgb --games 1000 --jobs 2 --quiet --option reading_double_riot=tie_only --option reading_double_agent=player_chooses
	for n in 2 3 4 5; do $(BIN)/kurtyna sim mocarstwo --players $$n --games 100 --jobs 2 --quiet --option reading_policy_action=same_move --option reading_free_countries=one_each || exit 1; done
	# The cache is invisible (issue 40): every verb answers alike with no cache, a cold one, a warm
	# one and on a copy of the game elsewhere, for Zimna Wojna (about a minute, two verbs at once; the other games
	# by hand, the file says how). The file is named without test_, so `make test` (which runs it
	# for Żelazna Kurtyna through tests/tools/test_cache_differential.py) never collects it
	$(BIN)/pytest -p no:xdist tests/tools/long_cache_differential.py
	# The optional extras are installed and tested here, by files named without test_ (`make test`
	# runs without the extras and never collects them, so nothing is skipped). The OpenSpiel adapter
	# (issue 21): the game played by OpenSpiel's own MCTS and ISMCTS
	$(BIN)/pip install -q -e '.[openspiel]'
	$(BIN)/pytest -p no:warnings -q tests/tools/openspiel_long.py
	# Scale-out on Ray (issue 21, point 6; docs/scale-out.md): the optional extra, its tests (a
	# local Ray with two workers, an existing two-node cluster), and 2,000 Zimna Wojna games on
	# a local Ray giving the same report as on local processes
	$(BIN)/pip install -q -e '.[ray]'
	$(BIN)/pytest -p no:warnings -q tests/tools/ray_backend_long.py
	$(BIN)/python scripts/same_totals.py zimna_wojna --games 2000 --jobs 2

# Long fuzzing (an hour or so): random effect texts, content files, scenarios, saves, catalogs,
# hostile names and deep nesting, 2000 examples a property (Hypothesis profile "fuzz",
# tests/conftest.py). `make test` runs the same properties with 30-100 examples.
fuzz: $(STAMP)
	$(BIN)/pytest tests/front/test_fuzz.py tests/dsl/test_saves.py tests/back/test_catalogs.py tests/back/test_security.py \
		tests/dsl/test_runtime_faults.py -k "random or mutated or truncated or arbitrary or any_ or render_then_read" \
		--hypothesis-profile=fuzz

# Pango and the DejaVu fonts for the sheets (installed with apt-get when run as root).
system-deps:
	scripts/system-deps

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
