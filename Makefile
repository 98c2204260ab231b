# The whole set-up on a fresh Debian/Ubuntu machine: `make play` or `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: play test bench sysdeps lint typecheck pytest golden clean

sysdeps:
	@bash tools/system-deps.sh

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

play: sysdeps $(STAMP)
	$(BIN)/tabletop play $(ARGS)

lint: $(DEVSTAMP)
	$(BIN)/ruff check engine voice content tests bench tools

typecheck: $(DEVSTAMP)
	$(BIN)/mypy engine
	$(BIN)/mypy voice content

# Two workers: the suite is mostly one core's work (Whisper decodes, espeak renders), and
# each worker gets its own recognizer. The tests on real sound devices run afterwards on
# their own: they keep time with the sound server, and beside a second worker's decodes
# the host's line was starved and a "stop" over it missed (one make test in a few).
pytest: sysdeps $(DEVSTAMP)
	$(BIN)/pytest -n 2 -m "not audio"
	$(BIN)/pytest -n 0 -m audio

test: sysdeps $(DEVSTAMP) lint typecheck pytest
	$(BIN)/tabletop content validate

bench: sysdeps $(DEVSTAMP)
	@for f in bench/bench_*.py; do $(BIN)/python $$f || exit 1; done

golden: $(DEVSTAMP)
	$(BIN)/python -m tools.golden
	TABLETOP_UPDATE_SNAPSHOTS=1 $(BIN)/pytest -q -n 0 -k snapshot_of_a_short_session tests/voice/games

clean:
	rm -rf $(VENV) build *.egg-info
