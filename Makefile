# Two commands on a fresh machine with Python 3 and make:
#   make run    load the catalog into SQLite (facts.sqlite), derive, show the ridge points
#   make test   lint, type-check and run the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint typecheck pytest clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,postgresql]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/facts load facts
	$(BIN)/facts derive --all
	$(BIN)/facts derive ridge --chip tpu-v7
	$(BIN)/facts derive ridge --chip gb200
	$(BIN)/facts derive clock --chip gb200

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
