# Every target sets up what it needs from nothing: a .venv installed from uv.lock.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV_VERSION := 0.13.9
STAMP := $(VENV)/.installed-stamp

.PHONY: setup node chromium postgresql run test lint typecheck pytest soak bench lock clean screenshots
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(STAMP): pyproject.toml uv.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"
	UV_PROJECT_ENVIRONMENT=$(VENV) $(BIN)/uv sync --frozen --all-extras --inexact --quiet
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/motherlode serve --open

# The browser scripts are checked by TypeScript (tsconfig.json: types, no build) and ESLint
# (eslint.config.js), both pinned by package-lock.json and installed like the Python tools:
# `npm ci` again whenever the lock changes.  A machine without npm gets Debian's.
NPM_STAMP := node_modules/.installed-stamp

node:
	@command -v npm >/dev/null || { \
	  echo "installing Debian's nodejs and npm for the browser scripts' checks"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nodejs npm >/dev/null; }

$(NPM_STAMP): package.json package-lock.json | node
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

lint: setup $(NPM_STAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples
	node_modules/.bin/tsc --noEmit -p tsconfig.json
	node_modules/.bin/eslint

typecheck: setup
	$(BIN)/mypy

# The browser tests drive Debian's Chromium through Playwright (it cannot download browsers).
chromium:
	@test -x /usr/bin/chromium || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# The database tests run on SQLite and on a throwaway PostgreSQL server that the test session
# starts from Debian's binaries (tests/postgres.py); only the binaries are needed, not a service.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "installing Debian's postgresql for the database tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

# Tests that import JAX (training) run in a process of their own: JAX starts threads, and
# the simulation tests' process pools fork, which Python warns may deadlock after them.
pytest: setup chromium postgresql
	$(BIN)/pytest -m "not soak and not jax"
	$(BIN)/pytest -m "jax and not soak"

test: lint typecheck pytest

# The browser tests save their screenshots in the ignored out/screenshots; this refreshes the
# ones the docs show, on purpose.
screenshots: setup chromium postgresql
	MOTHERLODE_SCREENSHOTS=$(CURDIR)/docs/screenshots $(BIN)/pytest -m browser

soak: setup
	$(BIN)/pytest -m soak -s

bench: setup
	$(BIN)/python bench/playouts.py

lock:
	uv lock

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache
