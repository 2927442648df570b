"""How much better than random play is Up or Down?'s heuristic bot?

The win share is measured as ``bench/bot_margin.py`` does for the other games (its
``competitive``: one heuristic bot against random bots, rotated through every seat, a 95%
Wilson interval against the fair share 1/players). Up or Down? is scored in points, so each row
also gives the heuristic bot's mean score margin over the average random opponent (with a 95%
interval over the games), and a last table plays heuristic bots only (the mean score per
player, the points from columns and the cards discarded).

Usage: python bench/up_or_down_bot_margin.py [-n GAMES_PER_SEAT] [--workers W]
"""

from __future__ import annotations

import argparse
import time

from bot_margin import competitive  # bench/ is on sys.path when this runs as a script

from tablekit import make
from tablekit.sim import simulate
from tablekit.sim.stats import game_mean_scores, mean_interval

CASES = [("base", 2), ("base", 4), ("base", 6), ("short", 4), ("greenhorn", 4), ("take_any", 4), ("remove_one", 4)]


def margin(preset: str, players: int, n: int, workers: int) -> str:
    """The heuristic bot's score minus the mean of the random bots', per game, in every seat."""
    game = make("up_or_down", preset=preset, players=players)
    diffs = []
    for seat in range(players):
        bots = ["random"] * players
        bots[seat] = "heuristic"
        df = simulate(game, bots, n=n, seed=1000 + seat, workers=workers, progress=False)
        others = [f"score_{q}" for q in range(players) if q != seat]
        diffs += list(df[f"score_{seat}"] - df[others].mean(axis=1))
    mean, low, high = mean_interval(diffs)
    return f"{mean:+.1f} [{low:+.1f}, {high:+.1f}]"


def heuristic_table(preset: str, players: int, n: int, workers: int) -> str:
    game = make("up_or_down", preset=preset, players=players)
    df = simulate(game, "heuristic", n=n, seed=77, workers=workers, progress=False)
    mean, low, high = mean_interval(game_mean_scores(df))
    return (f"| {preset} | {players} | {n} | {mean:.1f} [{low:.1f}, {high:.1f}] "
            f"| {df['column_points'].mean() / players:.1f} | {df['discarded'].mean() / players:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=100, help="games per seat position (default 100)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = time.time()
    print("| mode | players | games | heuristic win share [95% CI] | fair share | ratio | score margin [95% CI] |")
    print("|---|---|---|---|---|---|---|")
    for preset, players in CASES:
        row = competitive(preset, players, args.n, args.workers, None, "up_or_down").replace(" (round)", "")
        print(f"{row} {margin(preset, players, args.n, args.workers)} |", flush=True)
    print()
    print("| preset | players | games | heuristic bots: mean score per player [95% CI] | from columns | cards discarded |")
    print("|---|---|---|---|---|---|")
    for preset, players in (("base", 4), ("short", 4)):
        print(heuristic_table(preset, players, args.n, args.workers), flush=True)
    print(f"\n({time.time() - start:.0f} s, {args.workers} workers)")


if __name__ == "__main__":
    main()
