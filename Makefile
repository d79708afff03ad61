# Two commands on a fresh machine with Python 3 and make:
#   make run    load the catalog into SQLite (facts.sqlite), derive, audit, export the
#               course's tables, its roofline and derivation graphs to out/, and check
#               the course text's numbers
#   make test   lint, type-check and run the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SEED ?= ../shared/seed/000_a3bd6f229aa44ba3.txt

.PHONY: run test lint typecheck pytest clean

# Python 3.11 or newer, checked before anything is made; a set-up that fails midway
# removes the half-made $(VENV) instead of leaving it for the next run to trip on.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
		echo "facts needs Python 3.11 or newer; '$(PYTHON)' is $$($(PYTHON) -V 2>&1 || echo 'not found'): run make PYTHON=python3.11 (or newer)" >&2; \
		exit 1; }
	@rm -f $(STAMP)
	@{ $(PYTHON) -m venv $(VENV) && \
		$(BIN)/python -m pip install --quiet --upgrade pip && \
		$(BIN)/python -m pip install --quiet -e '.[dev,postgresql,plot]' && \
		touch $(STAMP); } || { \
		echo "setting up $(VENV) failed; it was removed: fix the cause and run make again" >&2; \
		rm -rf $(VENV); exit 1; }

run: $(STAMP)
	$(BIN)/facts load facts
	$(BIN)/facts derive ridge --chip tpu-v7
	$(BIN)/facts derive ridge --chip gb200
	$(BIN)/facts derive clock --chip gb200
	$(BIN)/facts audit --limit 2
	$(BIN)/facts export --all --format md --out out
	$(BIN)/facts export --all --format html --out out
	$(BIN)/facts plot roofline --chip tpu-v7 --chip gb200 --out out
	$(BIN)/facts graph ridge.hbm --chip tpu-v7 --out out/ridge-tpu-v7.mmd
	$(BIN)/facts graph ridge.hbm --chip gb200 --out out/ridge-gb200.mmd
	@if [ -f $(SEED) ]; then \
		$(BIN)/facts coverage $(SEED) --outline facts/course/sections.tsv && \
		$(BIN)/facts check $(SEED) --show mismatched --show superseded --show alternative | tail -n 30; \
	else echo "no course text at $(SEED): coverage and check skipped"; fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

test: lint typecheck pytest

clean:
	rm -rf $(VENV) facts.sqlite facts.sqlite-wal facts.sqlite-shm
