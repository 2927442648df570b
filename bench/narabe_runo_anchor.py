"""Random-playout throughput of tablekit's 並べRUNO against RLCard's UNO game object, in one run.

The machinery is ``bench/compare_anchors.py``'s (its interleaved ``throughput``, its ``run_game``
and ``run_uno`` loops, its ``profile_game`` and its machine facts); this script only adds the
subjects. Both games use the same 108-card UNO deck. The unit is the decision: one choice of one
player (in 並べRUNO a play, a discard or a pass; in UNO a play or a draw). All times are CPU
times (``time.process_time``). Subjects, all at 4 players:

* ``narabe_runo``: ``make("narabe_runo", preset="basic", players=4)`` (six scoring cards), driven
  like every tablekit game in ``bench/``: ``initial_state(seed)``, then
  ``step(state, rng.choice(legal_actions(state)))`` until ``is_terminal``.
* ``narabe_runo_large``: the same on the ``large_board`` preset (eight scoring cards further
  out: longer roads, more anchors).
* ``rlcard_uno``: RLCard's ``UnoGame`` object, 4 players, driven as in ``bench/throughput.py``.
  **The anchor** (goal: 並べRUNO at least 1.0x its decisions per CPU second).

An untimed pass over seeded playouts describes each 並べRUNO subject (decisions per playout,
legal actions per decision, how games end); ``--profile N`` adds a cProfile of N playouts.

Usage: python bench/narabe_runo_anchor.py [--seconds 1.0] [--rounds 5] [--profile N] [--json PATH]
(``--json`` writes the results under the key ``anchor`` of that file, keeping its other keys.)
(run it with bench/.venv/bin/python after ``bash bench/run.sh --anchors --help`` has set it up).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import compare_anchors as ca  # bench/ is on sys.path when this runs as a script
from compare_anchors import RLCARD_ERROR, run_game, run_uno

from tablekit import make

NR = "narabe_runo"
NRL = "narabe_runo_large"
UNO = ca.UNO
ANCHOR = UNO
GOAL = 1.0  # narabe_runo / rlcard_uno, decisions per CPU-second
PLAYERS = 4
ENGINE_FILES = ("actions.py", "board.py", "config.py", "rules.py", "state.py")  # tablekit/games/narabe_runo/
PRESETS = {NR: "basic", NRL: "large_board"}
LABELS = {
    NR: "tablekit 並べRUNO, preset basic, 4 players (Python)",
    NRL: "tablekit 並べRUNO, preset large_board, 4 players (Python)",
    UNO: "RLCard UNO game object, 4 players (Python, **anchor**)",
}


def runners() -> dict[str, Callable[[float, int], tuple[int, int, float]]]:
    games = {name: make(NR, preset=preset, players=PLAYERS) for name, preset in PRESETS.items()}
    out: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        name: (lambda sec, seed, g=g: run_game(g, sec, seed)) for name, g in games.items()}
    if RLCARD_ERROR is None:
        out[UNO] = lambda sec, seed: run_uno(PLAYERS, sec, seed)
    return out


def describe(preset: str, n: int) -> dict[str, Any]:
    """Untimed: what a random playout of the preset looks like."""
    g = make(NR, preset=preset, players=PLAYERS)
    rng = random.Random(12345)
    mix: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    decisions = legal_total = captures = 0
    for seed in range(n):
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            acts = g.legal_actions(s)
            legal_total += len(acts)
            a = rng.choice(acts)
            mix[a.code.split(":", 1)[0]] += 1
            s, _ = g.step(s, a)
            decisions += 1
        ends[s.termination.rsplit(".", 1)[-1]] += 1
        captures += sum(len(c) for c in s.captured)
    return {"playouts": n, "decisions_per_playout": decisions / n, "legal_actions_per_decision": legal_total / decisions,
            "captures_per_playout": captures / n, "mix_per_playout": {k: v / n for k, v in sorted(mix.items())},
            "ends": dict(ends)}


def merge_json(path: Path, key: str, value: Any) -> None:
    """Write ``value`` under ``key`` of the JSON object in ``path``, keeping its other keys (the
    bot margin script writes its results into the same file)."""
    data = json.loads(path.read_text()) if path.exists() else {}
    data[key] = value
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def machine() -> dict[str, Any]:
    return ca.game_machine(NR, ENGINE_FILES)


def markdown(result: dict[str, Any]) -> str:
    m, tp = result["machine"], result["throughput"]
    lines = [
        f"Machine: {m.get('cpu', m['processor'])}, nproc={m['nproc']}, {m['implementation']} {m['python']}",
        f"tablekit {m['tablekit']} ({m.get('tablekit_commit', '?')}"
        + (f" + uncommitted {len(m['tablekit_uncommitted'])} paths" if m.get("tablekit_uncommitted") else "")
        + f"; narabe_runo engine sha256 {m['narabe_runo_engine_sha256']}), rlcard {m.get('rlcard', '?')}",
        f"{result['rounds']} rounds x {result['seconds']} s per subject (interleaved); medians; CPU time",
        "",
        "| Subject | Playouts / CPU-s | Decisions / CPU-s | Decisions / playout | 並べRUNO basic / subject (median) "
        "| min-max |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, e in tp.items():
        if "tablekit_over_this" in e:
            per = e["tablekit_over_this_per_round"]
            ratio = f"{e['tablekit_over_this']:.2f}x"
            ratio = f"**{ratio}**" if name == ANCHOR else ratio
            spread = f"{min(per):.2f}-{max(per):.2f}"
        else:
            ratio, spread = "1.00x", ""
        lines.append(f"| {e['label']} | {e['playouts_per_s']:,.1f} | {e['decisions_per_s']:,.0f} "
                     f"| {e['decisions_per_playout']:.1f} | {ratio} | {spread} |")
    d = result.get("describe", {})
    if d:
        lines += ["", f"Untimed description ({next(iter(d.values()))['playouts']} seeded random playouts each):", "",
                  "| Preset | Decisions / playout | Legal actions / decision | Captures / playout | Decisions by kind "
                  "| Ends |", "|---|---:|---:|---:|---|---|"]
        for preset, e in d.items():
            mix = ", ".join(f"{k} {v:.1f}" for k, v in e["mix_per_playout"].items())
            ends = ", ".join(f"{k} {v}" for k, v in sorted(e["ends"].items()))
            lines.append(f"| {preset} | {e['decisions_per_playout']:.1f} | {e['legal_actions_per_decision']:.2f} "
                         f"| {e['captures_per_playout']:.2f} | {mix} | {ends} |")
    if ANCHOR in tp:
        r = tp[ANCHOR]["tablekit_over_this"]
        lines += ["", f"Goal 並べRUNO / RLCard UNO >= {GOAL}x: {r:.2f}x -> {'MET' if r >= GOAL else 'NOT MET'}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per subject per round (default 1.0)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--describe", type=int, default=200, metavar="N",
                    help="untimed seeded playouts per preset for the description (default 200; 0: skip)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also cProfile N basic playouts and print the top functions (default 0: off)")
    ap.add_argument("--json", metavar="PATH", help="also write the full results as JSON")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        ap.error("--seconds must be > 0 and --rounds >= 1")
    if RLCARD_ERROR is not None:
        print(ca.INSTALL_HINT.format(what="rlcard", err=RLCARD_ERROR), file=sys.stderr)
    wall = time.perf_counter()
    result: dict[str, Any] = {"machine": machine(), "players": PLAYERS, "seconds": args.seconds,
                              "rounds": args.rounds, "anchor": ANCHOR,
                              "command": " ".join([Path(sys.argv[0]).name] + sys.argv[1:])}
    labels, run = dict(LABELS), runners()
    pure = ca.both_engines(run, labels, {name: (NR, preset, PLAYERS, {}) for name, preset in PRESETS.items()})
    result["throughput"] = ca.throughput(PLAYERS, args.seconds, args.rounds, run=run, base=NR, labels=labels)
    if pure is not None:
        pure.close()
    if ANCHOR in result["throughput"]:
        per = result["throughput"][ANCHOR]["tablekit_over_this_per_round"]
        ratio = result["throughput"][ANCHOR]["tablekit_over_this"]
        result["goal"] = {"target": GOAL, "ratio": ratio, "min": min(per), "max": max(per),
                          "stdev": statistics.stdev(per) if len(per) > 1 else 0.0, "met": ratio >= GOAL}
    if args.describe > 0:
        result["describe"] = {preset: describe(preset, args.describe) for preset in PRESETS.values()}
    if args.profile > 0:
        result["profile"] = ca.profile_game(make(NR, preset="basic", players=PLAYERS), args.profile)
    result["wall_seconds"] = time.perf_counter() - wall
    print(markdown(result))
    if args.profile > 0:
        print("\n" + result["profile"])
    if args.json:
        merge_json(Path(args.json), "anchor", result)
        print(f"\n(results written to {args.json}, key 'anchor')", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
