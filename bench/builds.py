"""Every game on both engines (compiled with mypyc, and pure Python) beside the anchors, in one run.

The goals of issue 24, measured side by side: random playouts of every game and preset that
bench/ measures (decisions per CPU-second; one decision is one ``step``) on the compiled engine,
on the pure-Python engine and (``--baseline REV``) on the pure engine of an earlier commit, each
in its own worker process (``bench/engines.py``), interleaved with the anchors driven from this
process: RLCard's UNO game object (4 players, and 5 for Page One, as ``compare_anchors.py``),
OpenSpiel's ``crazy_eights`` (5 players, defaults) and ``skat``, both driven from Python. The
slices are ``compare_anchors.throughput``'s: 0.1 s of CPU each, every subject in every round,
forward then backward, the starting subject rotated. A ratio is taken round by round (the
subject's decisions per CPU-second over its anchor's in the same round) and the table shows the
median. The same run measures the PettingZoo environment's steps per CPU-second (the AEC loop
with a random legal action from the mask) on both engines, and checks first that both engines
play the same seeded games.

Usage: python bench/builds.py [--seconds 0.5] [--rounds 5] [--baseline REV] [--only TEXT] [--json PATH]
(``bash bench/run.sh --builds ...`` sets up bench/.venv with RLCard, OpenSpiel and the rl extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import compare_anchors as ca  # bench/ is on sys.path when this runs as a script
import engines as en

# (name, game, preset, players, options, anchor)
SUBJECTS: list[tuple[str, str, str, int, dict[str, Any], str]] = [
    ("up_and_down basic", "up_and_down", "basic", 4, {}, "uno4"),
    ("up_and_down basic single game", "up_and_down", "basic", 4, {"single_game": True}, "uno4"),
    ("up_and_down carry_over", "up_and_down", "carry_over", 4, {}, "uno4"),
    ("up_and_down carry_over single game", "up_and_down", "carry_over", 4, {"single_game": True}, "uno4"),
    ("up_and_down cul_de_sac", "up_and_down", "cul_de_sac", 4, {}, "uno4"),
    ("up_and_down solo", "up_and_down", "solo", 4, {}, "uno4"),
    ("up_or_down base", "up_or_down", "base", 4, {}, "uno4"),
    ("narabe_runo basic", "narabe_runo", "basic", 4, {}, "uno4"),
    ("page_one crazy_eights", "page_one", "crazy_eights", 5, {}, "crazy_eights"),
    ("ultimate basic", "ultimate", "basic", 4, {}, "skat"),
]
# Page One is also held against RLCard UNO at 5 players (compare_anchors.py's second goal).
ALSO = {"page_one crazy_eights": "uno5"}
ANCHORS = {
    "uno4": "RLCard UNO game object, 4 players",
    "uno5": "RLCard UNO game object, 5 players",
    "crazy_eights": "OpenSpiel crazy_eights, 5 players, defaults, Python-driven",
    "skat": "OpenSpiel skat, 3 players, Python-driven",
}
ENV_GAMES = [("up_and_down", "basic", 4), ("ultimate", "basic", 4), ("up_or_down", "base", 4),
             ("narabe_runo", "basic", 4), ("page_one", "classic", 4)]
GOAL = 1.0


def anchor_runners() -> dict[str, en.Runner]:
    out: dict[str, en.Runner] = {}
    if ca.RLCARD_ERROR is None:
        out["uno4"] = lambda sec, seed: ca.run_uno(4, sec, seed)
        out["uno5"] = lambda sec, seed: ca.run_uno(5, sec, seed)
    if ca.OPENSPIEL_ERROR is None:
        skat = ca.pyspiel.load_game("skat")
        out["crazy_eights"] = lambda sec, seed: ca.run_openspiel(5, sec, seed)
        out["skat"] = lambda sec, seed: ca.run_openspiel(3, sec, seed, game=skat, uniform=True)
    return out


def same_games(builds: dict[str, en.Engine], subjects: list[Any], n: int) -> dict[str, bool]:
    """Do the builds play the same ``n`` seeded random playouts of every subject?"""
    out = {}
    for name, game, preset, players, options, _ in subjects:
        prints = [json.dumps(b.fingerprint(game, preset, players, n, **options)) for b in builds.values()]
        out[name] = len(set(prints)) == 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per subject per round (default 0.5)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--baseline", metavar="REV", help="also measure the pure engine of this git revision")
    ap.add_argument("--no-env", action="store_true", help="leave out the PettingZoo environment")
    ap.add_argument("--json", metavar="PATH", help="also write the full results as JSON")
    ap.add_argument("--only", metavar="TEXT", default="",
                    help="measure only the subjects whose name contains TEXT (e.g. ultimate), and their anchors")
    args = ap.parse_args(argv)
    subjects = [s for s in SUBJECTS if args.only in s[0]]
    if not subjects:
        ap.error(f"--only {args.only!r}: no subject's name contains it; the subjects: "
                 + ", ".join(s[0] for s in SUBJECTS))
    anchors = {s[-1] for s in subjects} | {ALSO[s[0]] for s in subjects if s[0] in ALSO}
    wall = time.perf_counter()
    builds = en.engines(args.baseline)
    result: dict[str, Any] = {
        "machine": ca.game_machine("page_one"), "seconds": args.seconds, "rounds": args.rounds,
        "baseline": args.baseline, "builds": {k: b.info for k, b in builds.items()},
        "command": " ".join([Path(sys.argv[0]).name] + sys.argv[1:]), "load_before": ca_load()}
    print("checking that the builds play the same games ...", file=sys.stderr, flush=True)
    result["same_games"] = same_games(builds, subjects, 20)
    run: dict[str, en.Runner] = {k: r for k, r in anchor_runners().items() if k in anchors}
    labels = dict(ANCHORS)
    for name, game, preset, players, options, _ in subjects:
        for build, engine in builds.items():
            run[f"{name} [{build}]"] = engine.runner(game, preset, players, **options)
            labels[f"{name} [{build}]"] = f"{name} [{build}]"
    if not args.no_env:
        for game, preset, players in [e for e in ENV_GAMES if any(e[0] == s[1] for s in subjects)]:
            for build in ("compiled", "pure"):
                if build in builds:
                    key = f"PettingZoo {game} {preset} [{build}]"
                    run[key] = builds[build].runner(game, preset, players, op="env")
                    labels[key] = key
    print(f"throughput: {len(run)} subjects ...", file=sys.stderr, flush=True)
    tp = ca.throughput(4, args.seconds, args.rounds, run=run, base=next(iter(run)), labels=labels)
    result["throughput"] = tp
    result["load_after"] = ca_load()
    rows = []
    for name, *_rest, anchor in subjects:
        row: dict[str, Any] = {"subject": name, "anchor": anchor}
        for build in builds:
            key = f"{name} [{build}]"
            row[build] = tp[key]["decisions_per_s"]
            for a in [anchor] + ([ALSO[name]] if name in ALSO else []):
                if a in tp:
                    row[f"{build}/{a}"] = en.ratio(tp, key, a)
        if "compiled" in builds:
            row["compiled/pure"] = en.ratio(tp, f"{name} [compiled]", f"{name} [pure]")
        if "baseline" in builds:
            row["pure/baseline"] = en.ratio(tp, f"{name} [pure]", f"{name} [baseline]")
        rows.append(row)
    result["rows"] = rows
    result["wall_seconds"] = time.perf_counter() - wall
    for b in builds.values():
        b.close()
    print(markdown(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"\n(results written to {args.json})", file=sys.stderr)
    return 0


def ca_load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def markdown(result: dict[str, Any]) -> str:
    m, tp, builds = result["machine"], result["throughput"], list(result["builds"])
    lines = [
        f"Machine: {m.get('cpu', m['processor'])}, nproc={m['nproc']}, {m['implementation']} {m['python']}; "
        f"tablekit {m.get('tablekit_commit', '?')}"
        + (f" + uncommitted {len(m['tablekit_uncommitted'])} paths" if m.get("tablekit_uncommitted") else "")
        + "; " + ", ".join(f"{k} {m[k]}" for k in ("open_spiel", "rlcard", "numpy") if k in m),
        f"Command: `{result['command']}`; {result['rounds']} rounds x {result['seconds']} s per subject "
        f"(0.1 s slices, interleaved); medians; CPU time; load average before {result['load_before']}, "
        f"after {result['load_after']}; {result['wall_seconds']:.0f} s",
        "Engines: " + "; ".join(f"{k}: {v['engine']} ({v['why']}{', ' + str(len(v['compiled_modules'])) + ' modules' if v['compiled_modules'] else ''})"
                                for k, v in result["builds"].items())
        + (f"; baseline = the pure engine of `{result['baseline']}`" if result.get("baseline") else ""),
        "Same seeded games on every engine: " + ("yes, every subject" if all(result["same_games"].values())
                                                 else "NO: " + ", ".join(k for k, v in result["same_games"].items() if not v)),
        "",
        "| Subject | Anchor | " + " | ".join(f"{b} decisions/s" for b in builds) + " | "
        + " | ".join(f"{b} / anchor" for b in builds if b != "baseline")
        + (" | compiled / pure" if "compiled" in builds else "") + (" | pure / baseline" if "baseline" in builds else "") + " |",
        "|---|---|" + "---:|" * len(builds) + "---:|" * len([b for b in builds if b != "baseline"])
        + ("---:|" if "compiled" in builds else "") + ("---:|" if "baseline" in builds else ""),
    ]

    def r(x: tuple[float, list[float]] | None, bold: bool = False) -> str:
        if x is None:
            return "n/a"
        text = f"{x[0]:.2f}x"
        return f"**{text}**" if bold else text

    for row in result["rows"]:
        for anchor in [row["anchor"]] + ([ALSO[row["subject"]]] if row["subject"] in ALSO else []):
            if anchor not in tp:
                continue
            cells = [row["subject"], ANCHORS[anchor]]
            cells += [f"{row[b]:,.0f}" for b in builds]
            cells += [r(row.get(f"{b}/{anchor}"), bold=(b == "compiled")) for b in builds if b != "baseline"]
            if "compiled" in builds:
                cells.append(r(row["compiled/pure"]))
            if "baseline" in builds:
                cells.append(r(row["pure/baseline"]))
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "| Anchor | Decisions / CPU-s |", "|---|---:|"]
    lines += [f"| {ANCHORS[a]} | {tp[a]['decisions_per_s']:,.0f} |" for a in ANCHORS if a in tp]
    env = [k for k in tp if k.startswith("PettingZoo ")]
    if env:
        lines += ["", "PettingZoo AEC environment (random legal action from the mask each step):", "",
                  "| Environment | Steps / CPU-s | Episodes / CPU-s |", "|---|---:|---:|"]
        lines += [f"| {k.removeprefix('PettingZoo ')} | {tp[k]['decisions_per_s']:,.0f} | {tp[k]['playouts_per_s']:,.1f} |"
                  for k in env]
    goals = []
    for row in result["rows"]:
        for anchor in [row["anchor"]] + ([ALSO[row["subject"]]] if row["subject"] in ALSO else []):
            x = row.get(f"compiled/{anchor}")
            if x is not None:
                goals.append(f"{row['subject']} / {anchor}: {x[0]:.2f}x ({min(x[1]):.2f}-{max(x[1]):.2f}) "
                             + ("met" if x[0] >= GOAL else "NOT MET"))
    if goals:
        lines += ["", f"Goals (compiled engine >= {GOAL:.1f}x its anchor, median over the rounds):", ""]
        lines += [f"- {g}" for g in goals]
    if "baseline" in result["builds"]:
        slower = [row["subject"] for row in result["rows"] if row["pure/baseline"][0] < 1.0]
        lines += ["", "Pure engine against the baseline: " + ("no subject slower" if not slower
                                                               else "slower on " + ", ".join(slower))]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
