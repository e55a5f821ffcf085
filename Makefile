# The whole set-up on a fresh machine: `make run`, `make check` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What is installed into the virtualenv: the app alone for `make run` and
# `make i18n`, the app with the test tools for `make check` and `make test`
# (which also satisfies the first).
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
# pytest-xdist's workers: one per core.
JOBS ?= auto

.PHONY: run check test bench bench-browser bench-scale clean system-deps i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Byte-compiled once here: a server (and each one a test starts) loads at once,
# even where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE).
COMPILE := $(BIN)/python -m compileall -q $(VENV)/lib partyapp >/dev/null

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(COMPILE)
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(COMPILE)
	touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/partyapp serve $(ARGS)

# pytest keeps each test module it rewrites (for its assert messages) as
# bytecode beside it: the next run collects in a second instead of ten, even
# where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE).
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

# The engines and the protocol, in parallel: no browser, no process started
# (the tests that start one are marked slow, the browser tests browser, the
# cross-engine tests engines).
check: $(TEST_STAMP)
	$(PYTEST) -m 'not slow and not browser and not engines' -n $(JOBS) $(PYTEST_ARGS)

# Every test, in parallel; the browser tests of a worker share one server.
# SHOTS=1 also keeps a screenshot of every step the browser tests check, in
# test-artifacts/screenshots/, for people to look at.
SHOTS ?=
test: $(TEST_STAMP) system-deps
	PARTYAPP_SHOTS=$(SHOTS) $(PYTEST) -n $(JOBS) --dist loadgroup $(PYTEST_ARGS)

# The gettext catalogues (partyapp/translations/{en,ru}/LC_MESSAGES/messages.po,
# shipped in the package) are the one source of every word; `make i18n`
# extracts the message ids from the code (Python, Jinja, JavaScript), brings
# the .po files up to date and checks them (a Russian string missing or a
# placeholder that differs fails). No .mo file is built: the app compiles
# each catalogue in memory when it starts.
i18n: $(RUN_STAMP)
	$(BIN)/python -m partyapp.i18n.catalogue update check

# Every figure of bench/RESULTS.md in one run (about 11 minutes; see
# bench/all.py): the app beside its baselines and Node.js socket.io, the
# profile by layer, churn, fan-out and rules steps, into bench/out/.
bench: $(TEST_STAMP) bench-browser
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m bench.all $(ARGS)

# bench/pageload.py times the browser a guest runs: Debian's full chromium.
bench-browser:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "The page-load benchmark needs chromium (sudo apt-get install chromium)"; exit 1; fi; }

# The several-process figures (README, Deploy; bench/RESULTS.md): needs
# redis-server, about 7 minutes.
bench-scale: $(TEST_STAMP)
	$(BIN)/python -m bench.scale $(ARGS)

# The browser tests drive Debian's Chromium in its headless shell (the package
# chromium-headless-shell; a browser download is not used), bench/pageload.py
# the full browser (chromium); the cross-engine tests (tests/engines/) drive
# WebKitGTK's MiniBrowser through its WebDriver (webkit2gtk-driver) on an
# Xvfb display (xvfb, with xauth) and Firefox ESR (firefox-esr);
# the store and cluster tests start a redis-server of their own on a loopback
# port, the deploy test runs deploy/nginx.conf in Debian's nginx, and the
# benchmark's smoke test runs its socket.io baseline on Node.js.
CHROMIUM ?= $(or $(PARTYAPP_CHROMIUM),/usr/bin/chromium-headless-shell)
system-deps:
	@missing=""; \
	test -x $(CHROMIUM) || missing="$$missing chromium-headless-shell"; \
	! command -v dpkg >/dev/null || dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing="$$missing fonts-noto-color-emoji"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v nginx >/dev/null || test -x /usr/sbin/nginx || missing="$$missing nginx"; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	test -x /usr/bin/WebKitWebDriver || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb >/dev/null || missing="$$missing xvfb"; \
	command -v xauth >/dev/null || missing="$$missing xauth"; \
	command -v firefox-esr >/dev/null || missing="$$missing firefox-esr"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "The tests need:$$missing (sudo apt-get install$$missing)"; exit 1; fi; \
	fi

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache test-artifacts
