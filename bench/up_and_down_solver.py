""""Still winnable?" solver timings (tablekit/games/up_and_down/solver.py).

1. Exact search at the moment the stock empties (the hardest moment: every hand is full). For
   player count (solo is Cul-de-sac with one person at every hand: same deals, same answers),
   many seeded deals are played through the
   mission by a depth-first search on the real deal (lowest card first, nobody eliminated);
   the position where the last stock card is drawn is then solved exactly ("can every hand
   still be emptied?") with a generous budget. The table gives, per row, the positions tried,
   the share winnable, the median and the largest node count and CPU time, and the hardest
   deal found (its seed).
2. The sampled meter at the play page's budget (``PlayTable``'s ``METER_SECONDS``): CPU time,
   samples finished and left undecided, at the deal, halfway through the stock, and with a
   quarter of it left.

Usage: python bench/up_and_down_solver.py [--seeds N] [--budget SECONDS]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from tablekit import make
from tablekit.games.up_and_down.solver import OutOfBudget, _Search, solve
from tablekit.games.up_and_down.state import OUT
from tablekit.widgets.play_table import METER_SECONDS

sys.setrecursionlimit(10_000)


def through_mission(game: Any, s: Any, stop_at: int = 0) -> Any | None:
    """A position with ``stop_at`` stock cards left reached from ``s`` with nobody out (the
    real deal, searched depth-first, lowest card first), or None."""
    search = _Search(game, time.process_time() + 5, 200_000, need=0)
    path: list[Any] = []

    def go(t: Any) -> bool:
        search.tick()
        if OUT in t.status or game.is_terminal(t):
            return False
        if t.stock_count <= stop_at:
            path.append(t)
            return True
        return any(go(game.apply(t, a)[0]) for a in search.ordered(t))

    try:
        return path[0] if go(s) else None
    except OutOfBudget:
        return None


def exact_row(preset: str, players: int, seeds: int, budget: float) -> tuple[str, Any]:
    game = make("up_and_down", preset=preset, players=players)
    rows = []
    for seed in range(seeds):
        s = through_mission(game, game.initial_state(seed))
        if s is None:
            continue
        sol = solve(game, s, seconds=budget)
        assert sol is not None and sol.exact
        rows.append((sol.nodes, sol.seconds, sol.status, seed))
    nodes = [r[0] for r in rows]
    secs = [r[1] for r in rows]
    decided = [r for r in rows if r[2] != "unknown"]
    win = sum(r[2] == "winnable" for r in decided)
    hardest = max(rows)
    line = (f"| {preset} | {players} | {len(rows)} | {win}/{len(decided)} | {statistics.median(nodes):,.0f} "
            f"| {statistics.median(secs):.3f} | {hardest[0]:,} | {hardest[1]:.2f} | {hardest[2]} (seed {hardest[3]}) "
            f"| {sum(r[2] == 'unknown' for r in rows)} |")
    return line, hardest


def meter_row(preset: str, players: int, seeds: int) -> list[str]:
    game = make("up_and_down", preset=preset, players=players)
    out = []
    full = 108 - 5 * players
    for label, left in (("deal", full), ("half the stock", full // 2), ("a quarter left", full // 4)):
        spent, done, undecided, unknown = [], [], [], 0
        for seed in range(seeds):
            s = game.initial_state(seed) if left == full else through_mission(game, game.initial_state(seed), left)
            if s is None:
                continue
            sol = solve(game, s, seconds=METER_SECONDS)
            assert sol is not None
            spent.append(sol.seconds)
            done.append(sol.samples)
            undecided.append(sol.undecided)
            unknown += sol.status == "unknown"
        out.append(f"| {preset} | {players} | {label} | {len(spent)} | {statistics.median(spent):.2f} | {max(spent):.2f} "
                   f"| {statistics.median(done):.0f} | {statistics.median(undecided):.0f} | {unknown} |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=40, help="deals per row (exact table)")
    parser.add_argument("--meter-seeds", type=int, default=6, help="deals per row (meter table)")
    parser.add_argument("--budget", type=float, default=20.0, help="CPU seconds per exact solve")
    args = parser.parse_args()
    print("Exact search when the last stock card is drawn (goal: every hand emptied):\n")
    print("| mode | players | positions | winnable | median nodes | median s | most nodes | its s | its answer | unknown |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    # Solo deals and answers are Cul-de-sac's with the same player count: solo only changes who
    # decides (one person for every hand), not the cards or the rules.
    for players in (2, 3, 4, 5, 6, 7):
        line, _ = exact_row("cul_de_sac", players, args.seeds, args.budget)
        print(line, flush=True)
    print(f"\nThe sampled meter at the play page's budget ({METER_SECONDS} s CPU; goal: the mission):\n")
    print("| mode | players | when | positions | median s | max s | median samples | median undecided | unknown |")
    print("|---|---|---|---|---|---|---|---|---|")
    for preset, players in (("solo", 4), ("cul_de_sac", 2), ("cul_de_sac", 4), ("cul_de_sac", 7)):
        for line in meter_row(preset, players, args.meter_seeds):
            print(line, flush=True)


if __name__ == "__main__":
    main()
