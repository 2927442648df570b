# The README's commands. Each target installs what it needs into .venv first.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: dashboards demo simulate test bench font site clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes. Voilà finds templates only under the environment's
# share/jupyter (an editable install copies no data files), so the link puts ours there:
# voila.json names it.
VOILA_TEMPLATE = share/jupyter/voila/templates/tablekit
$(VENV)/.dev-installed: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"
	mkdir -p $(VENV)/$(dir $(VOILA_TEMPLATE))
	ln -sfn $(CURDIR)/$(VOILA_TEMPLATE) $(VENV)/$(VOILA_TEMPLATE)
	touch $@ $(VENV)/.engine-built

# The install compiles the engine's hot modules (setup.py) beside their sources; after one of them
# changes, the package runs pure Python (tablekit/build.py) until they are compiled again.
ENGINE_SOURCES = $(wildcard $(foreach m,actions cards deck game rng seats setup states tricks verdict,tablekit/core/$(m).py) \
	$(foreach m,actions board codes resolve rules state table,tablekit/games/*/$(m).py))
$(VENV)/.engine-built: $(ENGINE_SOURCES) | $(VENV)/.dev-installed
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

$(VENV)/.site-installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[site]"
	touch $@

## Build site/: the play, learn and start pages as a static site that runs Python in the
## browser (Voici + Pyodide), offline, for any static web server (tools/build_site.py; downloads
## the pinned Pyodide from npm and wheels from PyPI once, into ~/.cache/tablekit-site).
## Try it: .venv/bin/python -m http.server -d site 8000, then open http://127.0.0.1:8000/
site: $(VENV)/.site-installed
	$(BIN)/python tools/build_site.py --out site

## Serve the Voila dashboards (start page, play, learn, explore) on the loopback interface; voila.json
## (read from this directory) sets the address, the start page at the root, kernel preheating and
## culling. Ctrl-C stops it.
dashboards: $(VENV)/.dev-installed
	@echo "Open http://127.0.0.1:8866/ (the start page: the dashboards and a link builder for your class)"
	$(BIN)/voila dashboards

## Play Up&Down at the terminal against three bots.
demo: $(VENV)/.dev-installed
	$(BIN)/python -m tablekit play up_and_down --preset basic --players 4

## Simulate 1,000 games and print win rates per seat.
simulate: $(VENV)/.dev-installed
	$(BIN)/python -m tablekit simulate up_and_down --preset basic -n 1000

## Every test: unit, scenario, conformance, property, doctests, notebooks (nbval) and the
## dashboards in a browser (Debian's chromium; .ci/run installs it), on the pure-Python engine;
## then, when the install compiled the engine (mypyc, where a C compiler exists), the engine's
## own tests (ENGINE_TESTS, with the doctests of the modules that stay Python) again on the
## compiled engine (tests/test_builds.py, in the pure run, compares the two engines).
## Three runs at once (make -j3), each printed whole when it ends: the browser tests in two
## halves (each one test after another: a test drives Chromium and a Voila server), the first
## half followed by the compiled engine's run, and every other test on two pytest-xdist workers.
## The browser tests mostly wait for pages and kernels, so on two cores the three runs take
## little longer than the longest one.
ENGINE_TESTS = tests/test_core.py tests/test_core_blocks.py tests/test_every_game.py \
	tests/test_action_codes.py tests/test_deal_code.py tests/test_toy_game.py tests/test_sim.py \
	tests/test_*_rules.py tests/test_*_conformance.py tests/test_*_properties.py tests/test_*_lessons.py \
	tests/test_up_and_down_modes.py tests/test_page_one_options.py tablekit/core tablekit/games
# The first half of the browser tests (about half of their time, with the compiled run after
# it); the second half is the rest.
BROWSER_HALF = $(addprefix tests/browser/,test_fit_in_browser.py test_class_tables_in_browser.py \
	test_static_site_in_browser.py test_memory_in_browser.py test_kernel_cull_in_browser.py)
# Each run ends with its 15 slowest tests (where CI time goes).
PURE = TABLEKIT_PURE=1 $(BIN)/python -m pytest --durations=15
test: $(VENV)/.dev-installed $(VENV)/.engine-built
	$(BIN)/python -m tablekit info
	$(MAKE) --no-print-directory -j3 --output-sync=target test-browser-1-then-compiled test-browser-2 test-pure

# The runs of `make test`, each of which also runs alone (`make test-engine`: the pure run, then
# the compiled one).
.PHONY: test-browser-1-then-compiled test-browser-1 test-browser-2 test-pure test-compiled test-engine
test-browser-1-then-compiled:
	$(MAKE) --no-print-directory test-browser-1
	$(MAKE) --no-print-directory test-compiled
test-browser-1: $(VENV)/.dev-installed $(VENV)/.engine-built
	TABLEKIT_TEST_RUN=$@ $(PURE) $(BROWSER_HALF)
test-browser-2: $(VENV)/.dev-installed $(VENV)/.engine-built
	TABLEKIT_TEST_RUN=$@ $(PURE) tests/browser $(addprefix --ignore=,$(BROWSER_HALF))
test-pure: $(VENV)/.dev-installed $(VENV)/.engine-built
	$(PURE) -n 2 --ignore=tests/browser
test-compiled: $(VENV)/.dev-installed $(VENV)/.engine-built
	if [ "$$($(BIN)/python -c 'import tablekit.build as b; print(b.ENGINE)')" = compiled ]; then \
		$(BIN)/python -m pytest --durations=15 -n 2 $(ENGINE_TESTS); fi
test-engine:
	$(MAKE) --no-print-directory test-pure
	$(MAKE) --no-print-directory test-compiled

## Rebuild the Japanese web font after the catalogues gain characters (fetches the OFL source
## font with npm; tests/test_font.py says when it is needed).
font: $(VENV)/.dev-installed
	$(BIN)/python tools/build_font.py

## Benchmarks (on demand, never in CI); results go in bench/README.md.
bench:
	bash bench/run.sh

clean:
	rm -rf $(VENV) .hypothesis test-artifacts test-results site
