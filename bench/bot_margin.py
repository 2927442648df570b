"""How much better than random play are the heuristic bots (Up&Down and Page One)?

Competitive modes: one heuristic bot against random bots, rotated through every seat so seat
advantage cancels out; its win share is compared with the fair share 1/players, with a 95%
Wilson interval. Cul-de-sac: a table of heuristic bots against a table of random bots, on the
same deals, comparing mission success and mean score.

Usage: python bench/bot_margin.py [-n GAMES_PER_SEAT] [--workers W]
"""

from __future__ import annotations

import argparse
import time

from tablekit import make
from tablekit.sim import simulate, wilson_interval


def competitive(preset: str, players: int, n: int, workers: int, single: bool | None,
                name: str = "up_and_down", **options: object) -> str:
    if single is not None:
        options["single_game"] = single
    game = make(name, preset=preset, players=players, **options)
    wins = 0.0
    total = 0
    for seat in range(players):
        bots = ["random"] * players
        bots[seat] = "heuristic"
        df = simulate(game, bots, n=n, seed=1000 + seat, workers=workers, progress=False)
        split = df["winners"].astype(str).str.split(";")
        wins += float(split.apply(lambda ws, s=str(seat): 1 / len(ws) if s in ws else 0.0).sum())
        total += len(df)
    lo, hi = wilson_interval(wins, total)
    fair = 1 / players
    scope = {None: "round", True: "single game", False: "match"}[single]
    extra = "".join(f", {k}={v}" for k, v in options.items() if k != "single_game")
    return (f"| {name} {preset} ({scope}{extra}) | {players} | {total} | {wins / total:.1%} [{lo:.1%}, {hi:.1%}] "
            f"| {fair:.1%} | {wins / total / fair:.2f}x |")


def cooperative(players: int, n: int, workers: int) -> str:
    game = make("up_and_down", preset="cul_de_sac", players=players)
    cells = []
    for bot in ("heuristic", "random"):
        df = simulate(game, bot, n=n, seed=7, workers=workers, progress=False)
        ok = float((df["result"] == "scored").sum())
        lo, hi = wilson_interval(ok, len(df))
        cells.append(f"{ok / len(df):.1%} [{lo:.1%}, {hi:.1%}], mean score {df['score'].mean():.3f}")
    return f"| {players} | {n} | {cells[0]} | {cells[1]} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=500, help="games per seat position (default 500)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = time.time()
    print("| mode | players | games | heuristic win share [95% CI] | fair share | ratio |")
    print("|---|---|---|---|---|---|")
    for preset, players, single in [("basic", 4, False), ("basic", 4, True), ("basic", 2, False),
                                    ("basic", 7, False), ("carry_over", 4, False)]:
        print(competitive(preset, players, args.n, args.workers, single), flush=True)
    for preset, players, options in [("classic", 4, {}), ("classic", 4, {"call_mode": "off"}),
                                     ("classic", 2, {}), ("house", 4, {}), ("classic", 8, {})]:
        print(competitive(preset, players, args.n, args.workers, None, "page_one", **options), flush=True)
    print()
    print("| Cul-de-sac players | games | heuristic table: mission success [95% CI] | random table |")
    print("|---|---|---|---|")
    for players in (2, 4, 7):
        print(cooperative(players, args.n * 2, args.workers), flush=True)
    print(f"\n({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
