#!/usr/bin/env bash
# Run the random-playout throughput benchmark in its own virtualenv (bench/.venv).
# On demand only; CI never runs this. Arguments go to throughput.py, e.g.
#   bash bench/run.sh --seconds 1 --rounds 5 --json bench/results.json
# With --anchors first, the rest go to compare_anchors.py instead (Page One against OpenSpiel's
# crazy_eights and RLCard's UNO), e.g.
#   bash bench/run.sh --anchors --json bench/compare_results.json
set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH_DIR")"
SCRIPT=bench/throughput.py
if [ "${1:-}" = "--anchors" ]; then
    shift
    SCRIPT=bench/compare_anchors.py
fi
cd "$BENCH_DIR"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
fi
.venv/bin/python -m pip install --quiet -e .. -r requirements.txt
cd "$ROOT"
exec "$BENCH_DIR/.venv/bin/python" "$SCRIPT" "$@"
