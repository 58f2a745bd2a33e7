# Two commands matter: `make run` and `make test`. Everything else is a step they share or a
# long job with its own target. Set-up steps are stamped, so a second run does no work.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMPS := .stamps
BUNDLE := stratego_widget/static/widget.js
# The bundle also carries the two JSON files it imports from the package (texts, protocol).
# Python's bytecode of js/make_types.py (a test imports it) is not a source: counted, it made
# the next `make test` build the bundle and the JupyterLite site again, with nothing changed.
JS_SOURCES := $(shell find js -type f -not -path '*/__tests__/*' -not -path '*/__pycache__/*' \
	2>/dev/null) package.json tsconfig.json \
	stratego_widget/locales/texts.json stratego_widget/widget/protocol.json
# Two cores: two pytest workers for the unit tests and notebooks, two for the browser tests
# (whose time is partly waiting for a page or a kernel).
PYTEST_WORKERS ?= 2
E2E_WORKERS ?= 2
# `make test` and `make run` run independent steps side by side, each step's output printed
# in one piece when it ends.
PARALLEL := $(MAKE) --no-print-directory --jobs=2 --output-sync=target
# numba's compiled batch kernel, cached on disk in the project (git ignores it): compiled once
# by the numba step (or, in a pytest run of its own, by conftest.py before the workers start),
# loaded by each worker.
# Tests that share a cached result are one xdist group (`xdist_group`): run in one worker, the
# result is made once per run, not once per worker.
PYTEST := NUMBA_CACHE_DIR=$(CURDIR)/.cache/numba $(BIN)/python -m pytest --dist loadgroup
# Every browser test is in tests/e2e: the runs without them leave the folder out, so that no
# test process collects it (Playwright and the harness imported for nothing, two seconds each).
NO_E2E := --ignore=tests/e2e
# Python keeps the bytecode it compiles (a machine may switch that off): each kernel, server,
# worker and subprocess of the tests would otherwise compile every module it imports, and
# pytest rewrite every test module, each time.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: help run test test-full test-fast test-python test-js test-e2e lint setup venv js browser numba \
        bench bench-batch bench-widget screenshots stress stress-full soak demo dist watch clean

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 16

# JupyterLab as jupyter/run.json sets it (the browser tests' server too): the kernels' messages
# encrypted where the kernel can (ipykernel 7 warns at each kernel start otherwise), and no
# websocket pings on this local server (jupyter_server's defaults make tornado 6.5 warn at the
# first connection). The tutorials are signed as trusted first (each untrusted notebook opened
# is logged), so the console holds the server's start and the project's own messages only.
run: ## Set everything up and open JupyterLab on the start-here tutorial
	@$(PARALLEL) --silent setup
	@$(BIN)/jupyter trust notebooks/*.ipynb > /dev/null
	$(BIN)/jupyter lab --config=jupyter/run.json --ServerApp.allow_root=True \
		notebooks/00_start_here.ipynb

# The set-up steps, the linters, numba's kernel and the JS tests side by side, each as soon as
# what it needs is there: numba first (half a minute on one core, from the moment the packages
# are in), the rest on the other core meanwhile (the JupyterLite site before the linters: its
# steps wait on downloads, the linters only on the processor);
# then the Python and the browser suites one after another: run beside the Python tests, the
# browser tests slowed both down more than they gained on two cores.
test: ## Set everything up and run every test (Python, JS, notebooks, browser) and the linters
	@$(PARALLEL) numba lite lint test-js browser
	@$(MAKE) --no-print-directory test-python test-e2e

test-full: setup numba browser lint lite ## What `make test` runs, and the long sweeps (marked full, slow, soak)
	STRATEGO_NUMBA_WARMED=1 $(PYTEST) -q -n $(PYTEST_WORKERS) -m "not e2e" $(NO_E2E)
	npm test --silent
	$(PYTEST) -q -n $(E2E_WORKERS) -m "e2e and not screenshots" tests/e2e

test-fast: venv ## Engine unit tests and doctests only
	$(PYTEST) -q -n $(PYTEST_WORKERS) -m "not e2e and not notebooks and not slow and not full" $(NO_E2E)

test-python: setup numba ## Python tests without the browser (the sweeps: make test-full)
	STRATEGO_NUMBA_WARMED=1 $(PYTEST) -q -n $(PYTEST_WORKERS) -m "not e2e and not soak and not full" $(NO_E2E)

test-js: js ## JS unit tests (vitest)
	npm test --silent

test-e2e: setup browser lite ## Browser end-to-end tests only (the sweeps: make test-full)
	$(PYTEST) -q -n $(E2E_WORKERS) -m "e2e and not screenshots and not full" tests/e2e

lint: setup ## Ruff and mypy on the Python (strict on the engine), TypeScript's checker on the JS
	$(BIN)/ruff check .
	$(BIN)/mypy
	npm run --silent typecheck

setup: venv js ## Virtual environment, Python and npm packages, the JS bundle

venv: $(STAMPS)/venv

js: $(BUNDLE)

browser: $(STAMPS)/browser ## Debian's Chromium for the browser tests

numba: $(STAMPS)/numba ## numba's compiled batch kernel, in its on-disk cache (.cache/numba)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv installs the pinned packages (requirements/uv.txt pins uv itself): two minutes with pip,
# seconds with uv.
$(STAMPS)/venv: requirements/dev.txt requirements/uv.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --disable-pip-version-check -r requirements/uv.txt
	$(BIN)/uv pip install -q --python $(BIN)/python -r requirements/dev.txt
	HATCH_BUILD_NO_HOOKS=true $(BIN)/uv pip install -q --python $(BIN)/python \
		--no-deps --no-build-isolation -e .
	@mkdir -p $(STAMPS) && touch $@

# Compiled once here (about 35 s) so that the test workers load the kernel, not compile it.
$(STAMPS)/numba: $(STAMPS)/venv $(wildcard stratego_widget/batch/*.py) tests/warm_numba.py
	NUMBA_CACHE_DIR=$(CURDIR)/.cache/numba $(BIN)/python tests/warm_numba.py
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/npm: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(STAMPS) && touch $@

$(BUNDLE): $(STAMPS)/npm $(JS_SOURCES)
	npm run --silent build
	@touch $@

$(STAMPS)/browser:
	@if ! command -v chromium >/dev/null; then \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi
	@chromium --version
	@mkdir -p $(STAMPS) && touch $@

bench: venv ## Engine and widget-sync benchmarks (medians of several runs)
	$(BIN)/python benchmarks/run_all.py
	$(BIN)/python benchmarks/widget_sync.py

bench-batch: venv ## Batch playouts, compiled and pure Python, beside the reference engine named by STRATEGO_ENV_SRC
	$(BIN)/python benchmarks/batch_speed.py

.PHONY: bench-study
bench-study: venv ## Studies through Study.run, compiled path and engine, beside the reference engine named by STRATEGO_ENV_SRC
	$(BIN)/python benchmarks/study_speed.py

.PHONY: bench-bots
bench-bots: venv ## Bot strength: 200 classic games, strong against heuristic (win rate with 95% interval, move time median/p95; long)
	$(BIN)/python benchmarks/bot_strength.py --games 200 --ruleset original --bot strong --against heuristic --workers 2

bench-widget: setup browser ## The widget in Chromium, three runs (~10 min): click to move drawn, to the engine's answer, bot reply, bytes
	$(BIN)/python benchmarks/widget_latency.py --runs 3

# JupyterLite: the tutorials in a static site whose kernel is Pyodide, served from the site
# itself (the runtime from npm's pyodide, every Python package a pinned PyPI wheel listed in
# lite/requirements.txt, the project's own wheel preinstalled). See docs/jupyterlite.md.
LITE := build/lite
LITE_SRC := build/lite-src
# Pyodide 314's Python: the wheels downloaded for it must fit it.
LITE_PYTHON := 3.14
# The site builder lives apart (its JupyterLab extension is the JupyterLite kernel's, which must
# not load in the learner's JupyterLab): a prefix of its own, found through PYTHONPATH only
# while the site is built, its kernel's extension given to the build by path.
LITE_TOOLS := build/lite-tools
LITE_SITE_PACKAGES = $(LITE_TOOLS)/lib/python$(shell $(BIN)/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)/site-packages
LITE_ENV = PYTHONPATH=$(abspath $(LITE_SITE_PACKAGES))
LITE_SHIMS := $(LITE_TOOLS)/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi
PACKAGE_FILES = $(shell find stratego_widget -type f -not -path '*/__pycache__/*' 2>/dev/null)

.PHONY: lite lite-serve
lite: $(LITE)/jupyter-lite.json ## A static JupyterLite site of the tutorials, Pyodide included (build/lite)

$(STAMPS)/lite-tools: requirements/lite-build.txt $(STAMPS)/venv
	rm -rf $(LITE_TOOLS)
	$(BIN)/python -m pip install -q --disable-pip-version-check --no-deps --no-warn-script-location \
		--prefix $(LITE_TOOLS) -r requirements/lite-build.txt
	@mkdir -p $(STAMPS) && touch $@

$(LITE)/jupyter-lite.json: $(STAMPS)/venv $(STAMPS)/lite-tools $(BUNDLE) $(PACKAGE_FILES) pyproject.toml \
		package-lock.json lite/requirements.txt lite/pyodide_site.py $(wildcard notebooks/*.ipynb)
	rm -rf $(LITE_SRC) $(LITE)
	mkdir -p $(LITE_SRC)/wheels $(LITE_SRC)/files
	$(BIN)/python -m pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
		-w $(LITE_SRC)/wheels .
	$(BIN)/python -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
		--platform any --implementation py --abi none --python-version $(LITE_PYTHON) \
		-d $(LITE_SRC)/wheels -r lite/requirements.txt
	$(BIN)/python lite/pyodide_site.py node_modules/pyodide $(LITE_SRC)/wheels $(LITE_SHIMS) \
		--lite-dir $(LITE_SRC)
	cp notebooks/*.ipynb $(LITE_SRC)/files/
	cd $(LITE_SRC) && $(LITE_ENV) $(abspath $(BIN))/python -m jupyterlite_core build \
		--no-sourcemaps --output-dir $(abspath $(LITE)) \
		--FederatedExtensionAddon.extra_labextensions_path=$(abspath $(LITE_TOOLS))/share/jupyter/labextensions

lite-serve: lite ## Serve the JupyterLite site on http://127.0.0.1:8000 (open lab/index.html)
	$(BIN)/python -m http.server --directory $(LITE) --bind 127.0.0.1 8000

screenshots: setup browser ## The board in every state, light and dark, four languages (PNG in build/screenshots)
	STRATEGO_SCREENSHOTS=build/screenshots $(BIN)/python -m pytest -q -m screenshots tests/e2e/test_screenshots.py

stress: venv ## A short stress run over every ruleset
	$(BIN)/python -m stratego_widget.stress --games 100 --jobs 2

stress-full: venv ## The full stress run: 10,000 games per ruleset (hours)
	$(BIN)/python -m stratego_widget.stress --games 10000 --jobs 2 --plot benchmarks/results/stress.png

soak: venv ## The environments played long: every edition, every bot level and self-play (long)
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) -m soak tests/env/test_env_soak.py

demo: venv ## A bot game in the terminal
	$(BIN)/python -m stratego_widget

dist: setup ## The sdist and the wheel in dist/, both with the built front end (installs need no Node)
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .

watch: setup ## Rebuild the front end on save; a notebook started with ANYWIDGET_HMR=1 reloads it
	node js/build.mjs --watch

clean: ## Remove everything the set-up made
	rm -rf $(VENV) node_modules $(STAMPS) stratego_widget/static dist .pytest_cache .ruff_cache
