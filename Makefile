# Two commands for a fresh machine (see README.md):
#   make run   - set up, load the demo tournament, serve http://127.0.0.1:8000 (SQLite;
#                PORT=8001 make run serves another port)
#   make test  - set up and run the whole test suite
#   make schema - refresh docs/openapi.yaml, the API's schema as reviewed
#   make hall  - serve the hall from this laptop on 0.0.0.0:$${HALL_PORT:-8000} (README "The hall")
# uv is installed from PyPI if missing; it creates .venv from pyproject.toml + uv.lock.
# `make run`/`make demo` install only what running needs (no dev group: no test,
# lint or browser tools); `make test` adds the dev group.

UV ?= $(shell command -v uv 2>/dev/null || echo "python3 -m uv")
PY := $(UV) run --frozen python
# `uv run` syncs first: without --no-dev it would install the dev group again.
PY_RUN := $(UV) run --frozen --no-dev python
PYTEST_ARGS ?= -n 2 --dist worksteal
# The port `make run` serves on: PORT=8001 make run.
PORT ?= 8000

.PHONY: uv setup setup-run run test lint messages demo schema hall hall-setup hall-admin

uv:
	@command -v uv >/dev/null 2>&1 || python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet uv

# Everything, the dev group included (tests, linters, browser tests).
setup: uv
	$(UV) sync --frozen
	$(PY) manage.py compilemessages --ignore=.venv -v 0

# Only what running the app needs.
setup-run: uv
	$(UV) sync --frozen --no-dev
	$(PY_RUN) manage.py compilemessages --ignore=.venv -v 0

demo: setup-run
	$(PY_RUN) manage.py migrate --noinput -v 0
	$(PY_RUN) manage.py load_demo --reset

run: demo
	$(PY_RUN) manage.py runserver 127.0.0.1:$(PORT)

test: setup
	$(UV) run --frozen ruff check .
	$(UV) run --frozen ruff format --check .
	$(UV) run --frozen mypy
	$(UV) run --frozen pytest $(PYTEST_ARGS)

lint:
	$(UV) run --frozen ruff check --fix .
	$(UV) run --frozen ruff format .

messages:
	$(PY) manage.py makemessages -l de -l en -l it -l cs -l fr -l es -l pl --ignore=.venv --ignore=tests --ignore=benchmarks --no-obsolete

# The committed OpenAPI snapshot (tests/tournaments/api/test_schema_snapshot.py):
# refresh it after a deliberate change of the API and commit it with the change.
schema:
	$(PY) manage.py spectacular --lang en --validate --fail-on-warn --file docs/openapi.yaml

# The laptop in the hall (README "The hall"): runtime dependencies only (--inexact
# keeps a developer's test tools), then migrate, collectstatic, compilemessages and
# one ASGI server (uvicorn) on 0.0.0.0:$${HALL_PORT:-8000}. HALL_DEMO=1 loads the demo.
hall-setup: uv
	$(UV) sync --frozen --no-dev --inexact

hall: hall-setup
	$(UV) run --frozen --no-sync python -m tournaments.hall

# An organiser's login for the hall (asks for name and password).
hall-admin: hall-setup
	$(UV) run --frozen --no-sync python -m tournaments.hall manage hall_admin
