# The README's commands. Each target installs what it needs into .venv first.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: demo simulate test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes.
$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

## Play Up&Down at the terminal against three bots.
demo: $(VENV)/.dev-installed
	$(BIN)/python -m tablekit play up_and_down --preset basic --players 4

## Simulate 1,000 games and print win rates per seat.
simulate: $(VENV)/.dev-installed
	$(BIN)/python -m tablekit simulate up_and_down --preset basic -n 1000

## Every test: unit, scenario, conformance, property and doctests.
test: $(VENV)/.dev-installed
	$(BIN)/python -m pytest

## Benchmarks (on demand, never in CI); results go in bench/README.md.
bench:
	bash bench/run.sh

clean:
	rm -rf $(VENV) .hypothesis
