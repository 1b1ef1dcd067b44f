#!/usr/bin/env bash
# schemathesis against a live server, as the author of a client would try the API:
# every check, every phase, authenticated as an organiser and anonymously.
#
#   scripts/schemathesis.sh                 # both runs, 25 examples per operation
#   EXAMPLES=100 scripts/schemathesis.sh    # more
#   RUNS=organiser scripts/schemathesis.sh  # one run only (organiser | anonymous)
#   SERVER=dev scripts/schemathesis.sh      # against the development server (DEBUG on)
#
# A schema-valid request may be refused with 400 only for a documented reason the
# schema cannot express (scripts/schemathesis.toml, scripts/schemathesis_hooks.py).
# Each run has its own server, gunicorn with the production settings (SERVER=dev:
# `manage.py runserver` with the development settings, DEBUG on, as `make run`
# serves), on its own throwaway copy of an SQLite database holding the demo
# tournaments (so that ids hit something). The runs go side by side; their output
# follows in order. Exits non-zero when any run reports a failure; reports go to
# $REPORT_DIR (default: schemathesis-report/, JUnit XML per run). A request may take
# up to 60 s (schemathesis waits 10 s by default): documents are made in a
# lower-priority render process, and on a busy machine a PDF took longer than 10 s;
# the response-time check (10 s by default under --checks all) allows the same 60 s
# (a ranking PDF took 29 s with both runs and a pytest run on two cores).
set -euo pipefail
cd "$(dirname "$0")/.."

EXAMPLES=${EXAMPLES:-25}
RUNS=${RUNS:-"organiser anonymous"}
REPORT_DIR=${REPORT_DIR:-schemathesis-report}
SEED=${SEED:-1}
SERVER=${SERVER:-production}
UV=${UV:-uv}
PY="$UV run --frozen python"

tmp=$(mktemp -d)
if [ "$SERVER" = dev ]; then
  export DJANGO_SETTINGS_MODULE=config.settings.local
else
  export DJANGO_SETTINGS_MODULE=config.settings.production
fi
export DJANGO_SECRET_KEY=$($PY -c 'import secrets; print(secrets.token_urlsafe(64))')
export DJANGO_ALLOWED_HOSTS=127.0.0.1
export DJANGO_SECURE_SSL_REDIRECT=0
export DJANGO_LOG_LEVEL=${DJANGO_LOG_LEVEL:-ERROR}
export DATABASE_URL="sqlite:///$tmp/demo.sqlite3"

pids=()
cleanup() {
  # A run's subshell, and the server it started.
  for pid in "${pids[@]}"; do pkill -P "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "== preparing a database with the demo tournaments"
$PY manage.py migrate --noinput -v 0
if [ ! -f staticfiles/staticfiles.json ] || [ -n "$(find static -newer staticfiles/staticfiles.json -print -quit)" ]; then
  $PY manage.py collectstatic --noinput -v 0
fi
# The demo's known passwords need DEBUG (load_demo refuses otherwise).
DJANGO_SETTINGS_MODULE=config.settings.local $PY manage.py load_demo >/dev/null
token=$($PY manage.py shell -v 0 -c '
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
print(Token.objects.get_or_create(user=User.objects.get(username="orga"))[0].key)')

# One run: its own copy of the demo database and its own server, so that the runs
# cannot see each other's writes (each is what it would be alone, seed for seed).
one_run() {
  local run=$1 port=$2 auth=()
  cp "$tmp/demo.sqlite3" "$tmp/$run.sqlite3"
  export DATABASE_URL="sqlite:///$tmp/$run.sqlite3"
  if [ "$SERVER" = dev ]; then
    $PY manage.py runserver --noreload "127.0.0.1:$port" >"$tmp/$run-server.log" 2>&1 &
  else
    $UV run --frozen gunicorn config.wsgi --bind "127.0.0.1:$port" --workers 1 --threads 4 \
      --log-level warning &
  fi
  # Stopped when the run's subshell ends (its value is expanded now).
  trap "kill $! 2>/dev/null || true; wait $! 2>/dev/null || true" EXIT
  [ "$run" = organiser ] && auth=(-H "Authorization: Token $token")
  SCHEMATHESIS_HOOKS=scripts.schemathesis_hooks PYTHONPATH=. \
  $UV run --frozen schemathesis --config-file scripts/schemathesis.toml \
    run "http://127.0.0.1:$port/api/schema/" \
    --wait-for-schema 30 \
    --request-timeout 60 \
    --max-response-time 60 \
    --checks all \
    --phases examples,coverage,fuzzing,stateful \
    --max-examples "$EXAMPLES" \
    --seed "$SEED" \
    --generation-database none \
    --workers 1 \
    --report junit --report-junit-path "$REPORT_DIR/$run.xml" \
    --no-color \
    "${auth[@]}"
}

# The runs go side by side: each keeps one core busy (the client and its server take
# turns), and the machine has two.
mkdir -p "$REPORT_DIR"
# A free port for each run, all held open together so that no two runs share one.
read -r -a ports <<<"$($PY -c '
import socket, sys
held = [socket.socket() for _ in sys.argv[1:]]
for s in held:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in held))' $RUNS)"
i=0
for run in $RUNS; do
  ( one_run "$run" "${ports[$i]}" ) >"$tmp/$run.log" 2>&1 &
  pids+=($!)
  i=$((i + 1))
done
status=0
set -- $RUNS
for pid in "${pids[@]}"; do
  run=$1
  shift
  wait "$pid" || status=1
  echo "== schemathesis: $run"
  cat "$tmp/$run.log"
done
exit $status
