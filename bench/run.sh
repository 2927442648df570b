#!/usr/bin/env bash
# Run the random-playout throughput benchmark in its own virtualenv (bench/.venv).
# On demand only; CI never runs this. Arguments go to throughput.py, e.g.
#   bash bench/run.sh --seconds 1 --rounds 5 --json bench/results.json
# With --anchors first, the rest go to compare_anchors.py instead (Page One against OpenSpiel's
# crazy_eights and RLCard's UNO), e.g.
#   bash bench/run.sh --anchors --json bench/compare_results.json
# With --builds first, to builds.py: every game on the compiled and the pure-Python engine beside
# the anchors (and the PettingZoo environment), e.g.
#   bash bench/run.sh --builds --baseline main --json bench/builds_results.json
# The install (pip install -e ..) compiles the engine where a C compiler exists (setup.py).
set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH_DIR")"
SCRIPT=bench/throughput.py
if [ "${1:-}" = "--anchors" ]; then
    shift
    SCRIPT=bench/compare_anchors.py
elif [ "${1:-}" = "--builds" ]; then
    shift
    SCRIPT=bench/builds.py
fi
cd "$BENCH_DIR"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
fi
# Install again only when the package, its build or the engine changed (the compile takes minutes).
if [ ! -f .venv/.installed ] || [ -n "$(find ../pyproject.toml ../setup.py requirements.txt ../tablekit \
        -name '*.py' -newer .venv/.installed -print -quit 2>/dev/null)" ] \
        || [ -n "$(find ../pyproject.toml requirements.txt -newer .venv/.installed -print -quit)" ]; then
    .venv/bin/python -m pip install --quiet -e "..[rl]" -r requirements.txt
    touch .venv/.installed
fi
cd "$ROOT"
exec "$BENCH_DIR/.venv/bin/python" "$SCRIPT" "$@"
