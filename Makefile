# The whole set-up on a fresh machine: `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean chromium

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/partyapp serve $(ARGS)

test: $(STAMP) chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The browser tests drive Debian's Chromium (a browser download is not used).
CHROMIUM ?= $(or $(PARTYAPP_CHROMIUM),/usr/bin/chromium)
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji; \
	  else echo "The browser tests need Chromium: sudo apt-get install chromium (or set PARTYAPP_CHROMIUM)"; exit 1; fi; }

bench: $(STAMP)
	$(BIN)/python -m bench.load $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache test-artifacts
