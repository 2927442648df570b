"""Where a random playout's engine time goes, phase by phase, on the engine of this process.

The loop is ``bench/engines.py``'s (``initial_state``, then ``step(s, choice(legal_actions(s)))``
until ``is_terminal``), with ``legal_actions`` and ``step`` each timed with
``time.perf_counter_ns`` and summed by the phase of the state they ran on (``state.phase``; a
play that ends a deal is counted apart, as ``<phase>-end``). It answers "which part of the rules
should be faster" for a game whose total (``bench/builds.py``) misses its anchor; the clock calls
add about 0.1 us per decision, so compare shares, not totals, with the other scripts.

Usage: python bench/phase_profile.py GAME [--preset P] [--players N] [--seconds S]
(``TABLEKIT_PURE=1`` for the pure-Python engine; ``python -m tablekit info`` says which runs).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

from tablekit import build, make


def profile(game: str, preset: str, players: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    g = make(game, preset=preset, players=players)
    choice = random.Random(seed).choice
    clock = time.perf_counter_ns
    legal: dict[str, int] = defaultdict(int)
    steps: dict[str, int] = defaultdict(int)
    count: dict[str, int] = defaultdict(int)
    setup = decisions = 0
    game_seed = seed * 1_000_003
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        t0 = clock()
        s = g.initial_state(game_seed)
        setup += clock() - t0
        game_seed += 1
        while not g.is_terminal(s):
            phase = str(getattr(s, "phase", "-"))
            t0 = clock()
            actions = g.legal_actions(s)
            t1 = clock()
            action = choice(actions)
            t2 = clock()
            after, _ = g.step(s, action)
            t3 = clock()
            if getattr(after, "deal_no", None) != getattr(s, "deal_no", None) or g.is_terminal(after):
                phase += "-end"
            legal[phase] += t1 - t0
            steps[phase] += t3 - t2
            count[phase] += 1
            decisions += 1
            s = after
    total = setup + sum(legal.values()) + sum(steps.values())
    rows = [{"phase": p, "share_of_decisions": count[p] / decisions, "legal_ns": legal[p] / count[p],
             "step_ns": steps[p] / count[p], "share_of_time": (legal[p] + steps[p]) / total}
            for p in sorted(count, key=lambda p: -(legal[p] + steps[p]))]
    return {"engine": build.ENGINE, "game": game, "preset": preset, "players": players, "decisions": decisions,
            "engine_ns_per_decision": total / decisions, "setup_share": setup / total, "phases": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    r = profile(args.game, args.preset, args.players, args.seconds)
    print(f"{r['game']} {r['preset']} ({r['players']} players), {r['engine']} engine: {r['decisions']:,} decisions, "
          f"{r['engine_ns_per_decision']:,.0f} ns of engine time per decision; initial_state {r['setup_share']:.1%}")
    print("| phase | decisions | legal_actions (ns) | step (ns) | share of engine time |")
    print("|---|---:|---:|---:|---:|")
    for row in r["phases"]:
        print(f"| {row['phase']} | {row['share_of_decisions']:.1%} | {row['legal_ns']:,.0f} | {row['step_ns']:,.0f} "
              f"| {row['share_of_time']:.1%} |")


if __name__ == "__main__":
    main()
