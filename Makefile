# Pott's developer commands. `make help` lists them; README.md explains each.

SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
BIN := $(VENV)/bin
# Stamp files: requirements are reinstalled only when the requirements files change.
RUN_STAMP := $(VENV)/.installed-requirements
DEV_STAMP := $(VENV)/.installed-requirements-dev
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet

PORT := $(or $(POTT_PORT),$(PORT),8000)
WORKERS := $(or $(POTT_WORKERS),2)
THREADS := $(or $(POTT_THREADS),4)
PYTEST_ARGS ?=

# A Python >= 3.12 to build .venv with: $(PYTHON) if given, else the first suitable one of these.
# Evaluated only when .venv has to be created.
PYTHON_CANDIDATES = python3.14 python3.13 python3.12 python3 \
	$(shell ls -d $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python 2>/dev/null | sort -rV)
PYTHON ?= $(shell for p in $(PYTHON_CANDIDATES); do \
	"$$p" -c 'import sys; assert sys.version_info >= (3, 12); print(sys.executable)' \
	2>/dev/null && break; done)

.PHONY: help run test bench check-security lint format clean

help:
	@echo "make run    start Pott on 0.0.0.0:$(PORT) (creates .venv, migrates, collects static files)"
	@echo "make test   run the whole test suite (browser tests need /usr/bin/chromium)"
	@echo "make bench  print benchmark figures"
	@echo "make check-security  walk every URL and field with hostile input; print the figures"
	@echo "make lint   ruff check and ruff format --check"
	@echo "make format ruff format and ruff check --fix"
	@echo "make clean  remove .venv, collected static files and caches (keeps var/)"

$(BIN)/python:
	@if [ -z "$(PYTHON)" ]; then \
		echo "Pott needs Python 3.12 or newer; install it (e.g. pyenv install 3.13) and run make again" >&2; \
		exit 1; \
	fi
	@echo "Creating $(VENV) with $(PYTHON)"
	"$(PYTHON)" -m venv $(VENV)

$(RUN_STAMP): requirements.txt | $(BIN)/python
	$(PIP) install -r requirements.txt
	@touch $@

$(DEV_STAMP): requirements-dev.txt requirements.txt | $(BIN)/python
	$(PIP) install -r requirements-dev.txt
	@touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo
	@$(BIN)/python manage.py pott_addresses --port $(PORT)
	@echo
	exec $(BIN)/gunicorn config.wsgi --bind 0.0.0.0:$(PORT) --workers $(WORKERS) \
		--worker-class gthread --threads $(THREADS) --access-logfile -

test: $(DEV_STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(DEV_STAMP)
	$(BIN)/python -m bench

# The hostile-input walker only (bench/fuzz.py): server errors and refused requests that stored
# something, with their causes on stderr. Targets: 0 and 0.
check-security: $(DEV_STAMP)
	$(BIN)/python -m bench fuzz

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(DEV_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
