"""How strong is the search bot (information-set MCTS, ``tablekit.bots.search``) in each game?

Competitive cases: one search bot plays the game's heuristic bots and is rotated through every
seat, so seat advantage cancels out. The table gives its win share (a shared win counts as
1/winners) with a 95% Wilson interval against the fair share 1/players, and its **uplift**: on
the very same deals and bot random streams a heuristic bot plays that seat instead, and the
paired difference of the two win shares (95% interval) is what the search adds. The games agree
until the search first plays another move than the heuristic would, so the pairing removes most
of the luck of the deal. Co-operative cases (Up&Down's Cul-de-sac, where the whole
table wins or loses together): a table of search bots against a table of heuristic bots on the
same deals, with each table's mission success rate.

It also times a search move at the play page's budget (``SearchBot()``: its default playouts,
capped by CPU time) on positions from the cases' games.

Seeded: with a playout budget (``--seconds`` left out) the numbers reproduce exactly.

Usage: python bench/search_strength.py [-n GAMES] [--workers W] [--only GAME] [--no-times]
                                       [--times-only] [--json PATH]
(``-n`` games per case, scaled down for the slow games and split evenly over the seats;
``--json`` writes the results under the key ``search_strength`` of that file, keeping its other
keys.)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from tablekit import make
from tablekit.bots import decide, make_bot
from tablekit.bots.search import SearchBot
from tablekit.sim import simulate
from tablekit.sim.stats import paired_difference, wilson_interval

#: One case per game: (game, preset, players, options, playouts, games per -n). Two players where
#: the game allows it (the result then measures skill against one opponent, with no third player
#: to take the win); Ultimate needs four. The matches are played as one deal or game here, so
#: that a game measures one decision-rich deal rather than the luck of many. Each case's
#: playouts are about what the play page's CPU cap (``SearchBot()``: 0.8 s) allows a move in
#: that game; the slow games play fewer games.
CASES: list[tuple[str, str, int, dict[str, Any], int, float]] = [
    ("up_and_down", "basic", 2, {"single_game": True}, 300, 1.0),
    ("ultimate", "basic", 4, {"single_deal": True}, 100, 0.7),
    ("up_or_down", "base", 2, {}, 80, 0.14),
    ("narabe_runo", "basic", 2, {}, 80, 0.2),
    ("page_one", "classic", 2, {}, 300, 1.0),
]
#: Co-operative cases: (game, preset, players, playouts, games per -n).
COOPERATIVE: list[tuple[str, str, int, int, float]] = [("up_and_down", "cul_de_sac", 3, 100, 0.4)]
#: The play page's games (its presets as a learner meets them) for the move-time table.
PLAY_PAGE = [("up_and_down", "basic", 4), ("ultimate", "basic", 4), ("up_or_down", "base", 4),
             ("narabe_runo", "basic", 4), ("page_one", "classic", 4), ("up_and_down", "cul_de_sac", 4)]


def _shares(df: Any, seat: int) -> list[float]:
    """Seat ``seat``'s share of the win in each game (1/k of a win shared by k)."""
    split = df["winners"].astype(str).str.split(";")
    return [1 / len(ws) if str(seat) in ws else 0.0 for ws in split]


def competitive(name: str, preset: str, players: int, n: int, searcher: SearchBot, workers: int,
                options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The search bot in each seat in turn against heuristic bots, and, on the very same deals
    and bot random streams, a heuristic bot in that seat: the paired difference is what the
    search adds (the games agree until the search first plays another move than the heuristic
    would, so the pairing removes most of the luck of the deal)."""
    game = make(name, preset=preset, players=players, **(options or {}))
    per_seat = max(1, n // players)
    searched: list[float] = []
    baseline: list[float] = []
    start = time.perf_counter()
    for seat in range(players):
        bots: list[Any] = ["heuristic"] * players
        bots[seat] = searcher
        df = simulate(game, bots, n=per_seat, seed=7000 + seat, workers=workers, progress=False, chunk_size=1)
        ref = simulate(game, "heuristic", n=per_seat, seed=7000 + seat, workers=workers, progress=False)
        searched += _shares(df, seat)
        baseline += _shares(ref, seat)
    total = len(searched)
    wins = sum(searched)
    lo, hi = wilson_interval(wins, total)
    uplift, ulo, uhi = paired_difference(baseline, searched)
    return {"game": name, "preset": preset, "options": options or {}, "players": players, "games": total,
            "search": repr(searcher), "win_share": wins / total, "win_low": lo, "win_high": hi,
            "fair_share": 1 / players, "heuristic_share": sum(baseline) / total,
            "uplift": uplift, "uplift_low": ulo, "uplift_high": uhi,
            "wall_seconds": time.perf_counter() - start}


def cooperative(name: str, preset: str, players: int, n: int, playouts: int, workers: int) -> dict[str, Any]:
    """A table of search bots and a table of heuristic bots on the same deals: how often each
    completes the co-operative mission."""
    game = make(name, preset=preset, players=players)
    out: dict[str, Any] = {"game": name, "preset": preset, "players": players, "games": n, "playouts": playouts}
    tables: dict[str, list[float]] = {}
    for label, bot in (("search", SearchBot(playouts=playouts, seconds=None)), ("heuristic", "heuristic")):
        df = simulate(game, bot, n=n, seed=9000, workers=workers, progress=False, chunk_size=1)
        tables[label] = [float(k > 0) for k in df["n_winners"]]
        won = sum(tables[label])
        lo, hi = wilson_interval(won, n)
        out.update({f"{label}_success": won / n, f"{label}_low": lo, f"{label}_high": hi})
    uplift, ulo, uhi = paired_difference(tables["heuristic"], tables["search"])
    out.update({"uplift": uplift, "uplift_low": ulo, "uplift_high": uhi})
    return out


def move_times(name: str, preset: str, players: int, positions: int = 30) -> dict[str, Any]:
    """CPU seconds of one search move at the play page's budget (``SearchBot()``), on the
    positions of a game between heuristic bots."""
    game = make(name, preset=preset, players=players)
    bot, heuristic = SearchBot(), make_bot("heuristic", game)
    rng = random.Random(1)
    times: list[float] = []
    seed = 0
    while len(times) < positions:
        state = game.initial_state(seed)
        seed += 1
        while not game.is_terminal(state) and len(times) < positions:
            if rng.random() < 0.3:
                began = time.process_time()
                bot.choose_in(game, state, game.current_player(state), random.Random(len(times)))
                times.append(time.process_time() - began)
            state, _ = game.step(state, decide(heuristic, game, state, rng))
    return {"game": name, "preset": preset, "players": players, "positions": len(times),
            "mean_ms": 1000 * statistics.fmean(times), "max_ms": 1000 * max(times)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="games per case (scaled down for the slow games)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default=None, help="one game's cases only")
    parser.add_argument("--no-times", action="store_true", help="skip the move-time table")
    parser.add_argument("--times-only", action="store_true", help="only the move-time table")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    rows, coop, times = [], [], []
    for name, preset, players, options, playouts, scale in CASES:
        if args.only in (None, name) and not args.times_only:
            searcher = SearchBot(playouts=playouts, seconds=None)
            row = competitive(name, preset, players, max(players, round(args.n * scale)), searcher, args.workers,
                              options)
            rows.append(row)
            print(f"{name:12} {preset:8} {players}p {options}  search wins {row['win_share']:.1%} "
                  f"[{row['win_low']:.1%}, {row['win_high']:.1%}] of {row['games']} (fair {row['fair_share']:.0%}); "
                  f"a heuristic in its seat {row['heuristic_share']:.1%}; uplift {row['uplift']:+.1%} "
                  f"[{row['uplift_low']:+.1%}, {row['uplift_high']:+.1%}]  {row['wall_seconds']:.0f} s", flush=True)
    for name, preset, players, playouts, scale in COOPERATIVE:
        if args.only in (None, name) and not args.times_only:
            row = cooperative(name, preset, players, max(2, round(args.n * scale)), playouts, args.workers)
            coop.append(row)
            print(f"{name:12} {preset:10} {players}p  search table {row['search_success']:.1%} "
                  f"[{row['search_low']:.1%}, {row['search_high']:.1%}], heuristic table "
                  f"{row['heuristic_success']:.1%} [{row['heuristic_low']:.1%}, {row['heuristic_high']:.1%}]; "
                  f"uplift {row['uplift']:+.1%} [{row['uplift_low']:+.1%}, {row['uplift_high']:+.1%}]", flush=True)
    if not args.no_times:
        for name, preset, players in PLAY_PAGE:
            if args.only in (None, name):
                row = move_times(name, preset, players)
                times.append(row)
                print(f"{name:12} {preset:10} move at SearchBot(): mean {row['mean_ms']:.0f} ms, "
                      f"max {row['max_ms']:.0f} ms CPU over {row['positions']} positions", flush=True)
    if args.json:
        data = json.loads(args.json.read_text()) if args.json.exists() else {}
        found = data.get("search_strength", {})
        if rows or coop:
            found.update({"n": args.n, "competitive": rows, "cooperative": coop})
        if times:
            found["move_times"] = times
        found["python"] = sys.version.split()[0]
        data["search_strength"] = found
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
