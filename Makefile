# ginrummy: every target makes its own virtual environment in .venv when it needs one.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUNTIME := $(VENV)/.runtime-installed
DEV := $(VENV)/.dev-installed
FUZZ_EXAMPLES ?= 20000
# The languages besides English (the source language) and their gettext catalogues.
LOCALES := pl da hu es fi
POT := ginrummy/text/locale/ginrummy.pot
PO_FILES := $(foreach l,$(LOCALES),ginrummy/text/locale/$(l)/LC_MESSAGES/ginrummy.po)
MO_FILES := $(PO_FILES:.po=.mo)

.DEFAULT_GOAL := help
.PHONY: help play test lint format typecheck pytest research bench arena fuzz snapshots screenshots messages locales clean

help: ## List every target
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z_-]+:.*## / {printf "  make %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNTIME): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[web]'
	touch $@

$(DEV): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,web]'
	touch $@ $(RUNTIME)

play: $(RUNTIME) ## Start the game (creates .venv and installs what it needs)
	GINRUMMY_AGAIN="make play" $(BIN)/ginrummy $(ARGS)

# The lint and the type check (about 15 s on one core) run beside the tests rather than
# before them; their output is shown after the tests', and either failing fails the target.
test: $(DEV) ## Lint, type-check and run every test (what CI runs)
	@checks=$$(mktemp); \
	$(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) -k lint typecheck >$$checks 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; rm -f $$checks' INT TERM; \
	$(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) pytest; tested=$$?; \
	wait $$pid; checked=$$?; \
	cat $$checks; rm -f $$checks; \
	if [ $$checked -ne 0 ]; then echo "make test: the lint or the type check failed" >&2; fi; \
	if [ $$tested -ne 0 ]; then echo "make test: the tests failed" >&2; fi; \
	[ $$tested -eq 0 ] && [ $$checked -eq 0 ]

lint: $(DEV) ## ruff (lint + format check) and the import-layer contracts
	$(BIN)/ruff check ginrummy tests scripts research
	$(BIN)/ruff format --check ginrummy tests scripts research
	$(BIN)/lint-imports

format: $(DEV) ## Reformat the code with ruff
	$(BIN)/ruff check --fix ginrummy tests scripts research
	$(BIN)/ruff format ginrummy tests scripts research

typecheck: $(DEV) ## mypy (strict on ginrummy/core and ginrummy/players)
	$(BIN)/mypy

# The tests write Python's bytecode caches (__pycache__, ignored by git) even where
# PYTHONDONTWRITEBYTECODE is set: every xdist worker and each program a test starts would
# otherwise compile the package and rewrite the test modules' asserts again (about 7 s of
# CPU for each worker's collection alone).
pytest: $(DEV) ## The test suite (core, CLI, app, snapshots, end-to-end)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -n auto --dist worksteal -q --durations=15

research: $(DEV) ## The research scripts' tests (research/, not part of make test)
	$(BIN)/pytest -q research/tests

bench: $(RUNTIME) ## Solver microseconds per hand and simple-vs-simple rounds per second
	$(BIN)/ginrummy bench

arena: $(RUNTIME) ## 1000 games simple vs simple (override with ARGS="...")
	$(BIN)/ginrummy arena $(if $(ARGS),$(ARGS),--players simple,simple --games 1000)

fuzz: $(DEV) ## A long random-play and hypothesis run (FUZZ_EXAMPLES=N to change)
	GINRUMMY_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest -q -m fuzz tests

snapshots: $(DEV) ## Regenerate the screen snapshots after a deliberate UI change
	$(BIN)/pytest -q tests/snapshots --snapshot-update

screenshots: $(DEV) ## Draw the README's SVG screenshots of the game into assets/
	$(BIN)/python scripts/screenshots.py assets

messages: $(DEV) ## Extract the messages into the template and merge them into each catalogue
	$(BIN)/pybabel extract --project=ginrummy --no-location --sort-output --width=100 \
		--add-comments=TRANSLATORS: -F babel.cfg -o $(POT) ginrummy
	for l in $(LOCALES); do \
		po=ginrummy/text/locale/$$l/LC_MESSAGES/ginrummy.po; \
		if [ -f $$po ]; then \
			$(BIN)/pybabel update -D ginrummy -l $$l -i $(POT) -d ginrummy/text/locale \
				--width=100 --ignore-obsolete --no-fuzzy-matching; \
		else \
			$(BIN)/pybabel init -D ginrummy -l $$l -i $(POT) -d ginrummy/text/locale --width=100; \
		fi; \
	done

locales: $(MO_FILES) ## Compile the catalogues (the .mo files are shipped in the package)

%.mo: %.po | $(DEV)
	$(BIN)/pybabel compile --statistics -i $< -o $@

clean: ## Remove the virtual environment and caches
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
