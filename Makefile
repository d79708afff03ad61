# Two commands on a fresh machine with Python 3 and make:
#   make run    load the catalog into SQLite (facts.sqlite) and show what it holds
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
	$(BIN)/facts list subjects
	$(BIN)/facts show tpu-v7 hbm.bandwidth
	$(BIN)/facts show gb200 peak.bf16_dense

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
