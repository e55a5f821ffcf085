# The whole set-up on a fresh machine: `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench bench-scale clean system-deps i18n translations

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP) translations
	$(BIN)/partyapp serve $(ARGS)

test: $(STAMP) system-deps translations
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The gettext catalogues (translations/{en,ru}/LC_MESSAGES/messages.po) are
# the one source of every word; `make i18n` extracts the message ids from the
# code (Python, Jinja, JavaScript), brings the .po files up to date, checks
# them (a Russian string missing or a placeholder that differs fails) and
# compiles the .mo files. The .mo files are built, not committed: a binary
# that must match its .po is an artefact (the app also compiles a missing or
# stale one at start).
i18n: $(STAMP)
	$(BIN)/python -m partyapp.catalogue update check compile

translations: $(STAMP)
	$(BIN)/python -m partyapp.catalogue compile

# Every figure of bench/RESULTS.md in one run (about 11 minutes; see
# bench/all.py): the app beside its baselines and Node.js socket.io, the
# profile by layer, churn, fan-out and rules steps, into bench/out/.
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m bench.all $(ARGS)

# The several-process figures (README, Deploy; bench/RESULTS.md): needs
# redis-server, about 7 minutes.
bench-scale: $(STAMP)
	$(BIN)/python -m bench.scale $(ARGS)

# The browser tests drive Debian's Chromium (a browser download is not used);
# the store and cluster tests start a redis-server of their own on a loopback
# port, the deploy test runs deploy/nginx.conf in Debian's nginx, and the
# benchmark's smoke test runs its socket.io baseline on Node.js.
CHROMIUM ?= $(or $(PARTYAPP_CHROMIUM),/usr/bin/chromium)
system-deps:
	@missing=""; \
	test -x $(CHROMIUM) || missing="$$missing chromium"; \
	! command -v dpkg >/dev/null || dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing="$$missing fonts-noto-color-emoji"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v nginx >/dev/null || test -x /usr/sbin/nginx || missing="$$missing nginx"; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "The tests need:$$missing (sudo apt-get install$$missing)"; exit 1; fi; \
	fi

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache test-artifacts
