"""Random-playout throughput of tablekit's Page One against OpenSpiel's crazy_eights and RLCard's UNO.

Everything runs in one process and one run; all times are CPU times (``time.process_time``).
The unit is the decision: one choice of one player (a chance outcome such as a card dealt or
drawn is not a decision). Subjects, all at the same player count (``--players``, default 5,
OpenSpiel's default):

* ``tablekit``: ``make("page_one", preset="crazy_eights", players=P)``, driven like
  ``bench/throughput.py`` drives Up&Down: ``initial_state(seed)``, then ``legal_actions`` +
  ``step(state, rng.choice(...))`` until ``is_terminal``.
* ``openspiel``: ``pyspiel.load_game("crazy_eights", {"players": P})`` (every other parameter
  at its default), driven from Python: ``state.legal_actions()`` + ``state.apply_action(...)``
  at a player node, ``state.chance_outcomes()`` sampled at a chance node. **The anchor.** The
  Python loop is part of what is measured, as it is for tablekit and RLCard.
* ``openspiel_reshuffle``: the same with ``reshuffle=True`` (the discard pile becomes the new
  stock, as in tablekit). For reference.
* ``openspiel_cpp``: OpenSpiel's own C++ loop: ``pyspiel.evaluate_bots`` with one
  ``make_uniform_random_bot`` per seat plays whole games in C++ (chance nodes sampled there);
  Python only starts each playout. Decisions are counted exactly afterwards from
  ``state.full_history()``, outside the timed part. For reference: the ceiling of the engine.
* ``rlcard_uno``: RLCard's ``UnoGame`` object, driven as in ``bench/throughput.py``.

The machine's speed drifts, so the subjects are interleaved finely: each round gives every
subject ``--seconds`` of CPU split into 0.1 s slices, and the slices go round the subjects
(forward, then backward: ABCDE EDCBA, so a steady drift cancels), so all subjects see the same
machine within a second. A round's ratio tablekit/X is tablekit's decisions per CPU-second over
X's in that round; the table shows medians over the rounds. An untimed pass over seeded playouts
describes each game (decisions per playout, legal actions per decision, the mix of actions,
how games end).

Usage: python bench/compare_anchors.py [--players 5] [--seconds 1.0] [--rounds 5] [--json PATH]
                                       [--profile N]
(or ``bash bench/run.sh --anchors ...``, which sets up bench/.venv with OpenSpiel and RLCard).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
try:
    import tablekit
except ImportError:  # run from a checkout without installing: use the repo root
    sys.path.insert(0, str(ROOT))
    import tablekit
from tablekit import make

try:
    import pyspiel

    OPENSPIEL_ERROR: str | None = None
except ImportError as exc:  # pragma: no cover - depends on the environment
    pyspiel = None  # type: ignore[assignment, unused-ignore]
    OPENSPIEL_ERROR = f"{type(exc).__name__}: {exc}"
try:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    RLCARD_ERROR: str | None = None
except ImportError as exc:  # pragma: no cover - depends on the environment
    UnoGame = None  # type: ignore[assignment, misc, unused-ignore]
    np = None  # type: ignore[assignment, unused-ignore]
    RLCARD_ERROR = f"{type(exc).__name__}: {exc}"

clock = time.process_time
SLICE = 0.1  # CPU seconds of one interleaved slice
TK = "tablekit"
OS = "openspiel"
OS_RS = "openspiel_reshuffle"
OS_CPP = "openspiel_cpp"
UNO = "rlcard_uno"
ENGINE_FILES = ("actions.py", "config.py", "rules.py")  # tablekit/games/page_one/: what a playout runs
ANCHOR = OS  # the OpenSpiel number the goal is judged against
GOALS = {UNO: 1.0, OS: 0.5}  # tablekit / subject, decisions per CPU-second
PRESET = "crazy_eights"
LABELS = {
    TK: "tablekit Page One, preset crazy_eights (Python)",
    OS: "OpenSpiel crazy_eights, defaults, Python-driven (**anchor**)",
    OS_RS: "OpenSpiel crazy_eights, reshuffle=True, Python-driven",
    OS_CPP: "OpenSpiel crazy_eights, defaults, C++ loop (`evaluate_bots`)",
    UNO: "RLCard UNO game object (Python)",
}


# --- the playout loops ------------------------------------------------------------------------
# Every loop: the game object is made before the clock starts, every playout starts a fresh
# game, every decision is one uniform random choice over the legal actions, and the clock is
# read once per playout. Each returns (playouts, decisions, cpu seconds).


def run_tablekit(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    return run_game(make("page_one", preset=PRESET, players=players), seconds, seed)


def run_game(g: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random playouts of tablekit game ``g`` for ``seconds`` of CPU."""
    rng = random.Random(seed)
    choice = rng.choice
    is_terminal, legal_actions, step = g.is_terminal, g.legal_actions, g.step
    playouts = decisions = 0
    game_seed = seed * 1_000_003
    start = clock()
    deadline = start + seconds
    while True:
        s = g.initial_state(game_seed)
        while not is_terminal(s):
            s, _ = step(s, choice(legal_actions(s)))
            decisions += 1
        playouts += 1
        game_seed += 1
        now = clock()
        if now >= deadline:
            return playouts, decisions, now - start


def openspiel_game(players: int, **params: Any) -> Any:
    return pyspiel.load_game("crazy_eights", {"players": players, **params})


def run_openspiel(players: int, seconds: float, seed: int, game: Any = None, uniform: bool | None = None,
                  **params: Any) -> tuple[int, int, float]:
    """Python-driven random playouts of ``game`` (default: crazy_eights with ``params``).
    ``uniform``: every chance node's outcomes are equally likely (a uniform choice is exact)."""
    rng = random.Random(seed)
    choice, rand = rng.choice, rng.random
    if game is None:
        game = openspiel_game(players, **params)
    # With one deck (up to 5 players) every chance outcome of crazy_eights has the same
    # probability (each remaining card is there once; the dealer is uniform), so a uniform
    # choice over chance_outcomes() is exact. With two decks the weights are used.
    if uniform is None:
        uniform = players <= 5
    playouts = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        s = game.new_initial_state()
        while True:
            p = s.current_player()  # one call tells player / chance (-1) / terminal (-4)
            if p >= 0:
                s.apply_action(choice(s.legal_actions()))
                decisions += 1
            elif p == -1:
                outs = s.chance_outcomes()
                if uniform:
                    s.apply_action(choice(outs)[0])
                else:
                    r = rand()
                    for a, w in outs:
                        r -= w
                        if r < 0:
                            break
                    s.apply_action(a)
            else:
                break
        playouts += 1
        now = clock()
        if now >= deadline:
            return playouts, decisions, now - start


def run_openspiel_cpp(players: int, seconds: float, seed: int, game: Any = None) -> tuple[int, int, float]:
    if game is None:
        game = openspiel_game(players)
    bots = [pyspiel.make_uniform_random_bot(i, (seed * 101 + i) % 2**31) for i in range(players)]
    evaluate_bots = pyspiel.evaluate_bots
    done = []
    playouts = 0
    start = clock()
    deadline = start + seconds
    while True:
        s = game.new_initial_state()
        evaluate_bots(s, bots, (seed * 100_003 + playouts) % 2**31)  # a C++ int
        done.append(s)
        playouts += 1
        now = clock()
        if now >= deadline:
            break
    # Counted after the clock stopped: player moves in the histories (chance moves are -1).
    decisions = sum(1 for s in done for pa in s.full_history() if pa.player >= 0)
    return playouts, decisions, now - start


def run_uno(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    g = UnoGame(num_players=players)
    g.np_random = np.random.RandomState(seed)  # init_game hands this to the dealer and round
    playouts = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        g.init_game()
        while not g.is_over():
            legal = g.get_legal_actions()
            g.step(rng.choice(legal))
            decisions += 1
        playouts += 1
        now = clock()
        if now >= deadline:
            return playouts, decisions, now - start


def runners(players: int) -> dict[str, Callable[[float, int], tuple[int, int, float]]]:
    out: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        TK: lambda sec, seed: run_tablekit(players, sec, seed)}
    if OPENSPIEL_ERROR is None:
        out[OS] = lambda sec, seed: run_openspiel(players, sec, seed)
        out[OS_RS] = lambda sec, seed: run_openspiel(players, sec, seed, reshuffle=True)
        out[OS_CPP] = lambda sec, seed: run_openspiel_cpp(players, sec, seed)
    if RLCARD_ERROR is None:
        out[UNO] = lambda sec, seed: run_uno(players, sec, seed)
    return out


def throughput(players: int, seconds: float, rounds: int,
               run: dict[str, Callable[[float, int], tuple[int, int, float]]] | None = None,
               base: str = TK, labels: dict[str, str] = LABELS) -> dict[str, Any]:
    """Interleaved slices of every runner (``run``; default: this script's ``runners``); the
    ratios are ``base``'s decisions per CPU-second over each other subject's, round by round."""
    if run is None:
        run = runners(players)
    names = list(run)
    slices = max(1, round(seconds / SLICE))
    piece = seconds / slices
    rows: dict[str, list[dict[str, float]]] = {n: [] for n in names}
    ratios: dict[str, list[float]] = {n: [] for n in names if n != base}

    for name in names:  # warm-up (not recorded): imports, caches, the interpreter's specialisation
        run[name](min(0.2, seconds / 4), 999_999)

    seed = 0
    for r in range(rounds):
        order = names[r % len(names):] + names[: r % len(names)]  # rotate the starting subject
        print(f"  round {r + 1}/{rounds}: " + ", ".join(order), file=sys.stderr, flush=True)
        acc = {n: [0, 0, 0.0] for n in names}
        for i in range(slices):
            for name in (order if i % 2 == 0 else order[::-1]):
                seed += 1
                res = run[name](piece, seed)
                for j in range(3):
                    acc[name][j] += res[j]
        for name in names:
            p, d, t = acc[name]
            rows[name].append({"playouts": p, "decisions": d, "cpu_s": t,
                               "playouts_per_s": p / t, "decisions_per_s": d / t})
        for name in ratios:
            ratios[name].append(rows[base][-1]["decisions_per_s"] / rows[name][-1]["decisions_per_s"])

    summary: dict[str, Any] = {}
    for name in names:
        rs = rows[name]
        entry: dict[str, Any] = {
            "label": labels[name],
            "rounds": len(rs),
            "playouts_per_s": statistics.median(x["playouts_per_s"] for x in rs),
            "decisions_per_s": statistics.median(x["decisions_per_s"] for x in rs),
            "decisions_per_playout": sum(x["decisions"] for x in rs) / sum(x["playouts"] for x in rs),
            "runs": rs,
        }
        if name in ratios:
            entry["tablekit_over_this_per_round"] = ratios[name]
            entry["tablekit_over_this"] = statistics.median(ratios[name])
        summary[name] = entry
    return summary


# --- describing the games (untimed) -----------------------------------------------------------


def describe_tablekit(players: int, n: int) -> dict[str, Any]:
    from tablekit.games.page_one import Draw, Pass, Play

    g = make("page_one", preset=PRESET, players=players)
    rng = random.Random(12345)
    mix: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    decisions = legal_total = 0
    for seed in range(n):
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            acts = g.legal_actions(s)
            legal_total += len(acts)
            a = rng.choice(acts)
            if isinstance(a, Play):
                mix["play_eight_naming_suit" if a.suit is not None else "play"] += 1
            elif isinstance(a, Draw):
                mix["draw"] += 1
            elif isinstance(a, Pass):
                mix["pass_keep_drawn" if s.phase == 1 else "pass_nothing_to_draw"] += 1
            else:
                mix[type(a).__name__] += 1
            s, _ = g.step(s, a)
            decisions += 1
        ends[s.termination.rsplit(".", 1)[-1]] += 1
    return {"playouts": n, "decisions_per_playout": decisions / n, "legal_actions_per_decision": legal_total / decisions,
            "mix_per_playout": {k: v / n for k, v in sorted(mix.items())}, "ends": dict(ends),
            "config": g.config.to_dict()}


def describe_openspiel(players: int, n: int, **params: Any) -> dict[str, Any]:
    game = openspiel_game(players, **params)
    rng = random.Random(12345)
    mix: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    decisions = legal_total = chance = 0
    max_turns = game.get_parameters()["max_turns"]
    for _ in range(n):
        s = game.new_initial_state()
        plays = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                r = rng.random()
                for a, w in outs:
                    r -= w
                    if r < 0:
                        break
                s.apply_action(a)
                chance += 1
                continue
            acts = s.legal_actions()
            legal_total += len(acts)
            a = rng.choice(acts)
            if a < 52:
                plays += 1
                mix["play_eight" if a // 4 == 6 else "play"] += 1
            elif a == 52:
                mix["draw"] += 1
            elif a == 53:
                mix["pass"] += 1
            else:
                mix["nominate_suit"] += 1
            s.apply_action(a)
            decisions += 1
        returns = s.returns()
        if any(r == 0 for r in returns):  # an empty hand scores 0, any other hand less
            ends["out"] += 1
        elif plays >= max_turns:
            ends["max_turns"] += 1
        else:
            ends["blocked"] += 1
    return {"playouts": n, "decisions_per_playout": decisions / n, "legal_actions_per_decision": legal_total / decisions,
            "chance_nodes_per_playout": chance / n, "mix_per_playout": {k: v / n for k, v in sorted(mix.items())},
            "ends": dict(ends), "parameters": {k: v for k, v in game.get_parameters().items()}}


def describe_uno(players: int, n: int) -> dict[str, Any]:
    rng = random.Random(12345)
    g = UnoGame(num_players=players)
    g.np_random = np.random.RandomState(12345)
    mix: Counter[str] = Counter()
    decisions = legal_total = 0
    for _ in range(n):
        g.init_game()
        while not g.is_over():
            legal = g.get_legal_actions()
            legal_total += len(legal)
            a = rng.choice(legal)
            mix["draw" if a == "draw" else "play"] += 1
            g.step(a)
            decisions += 1
    return {"playouts": n, "decisions_per_playout": decisions / n, "legal_actions_per_decision": legal_total / decisions,
            "mix_per_playout": {k: v / n for k, v in sorted(mix.items())}}


def describe(players: int, n: int) -> dict[str, Any]:
    out = {TK: describe_tablekit(players, n)}
    if OPENSPIEL_ERROR is None:
        out[OS] = describe_openspiel(players, n)
        out[OS_RS] = describe_openspiel(players, n, reshuffle=True)
    if RLCARD_ERROR is None:
        out[UNO] = describe_uno(players, n)
    return out


def profile_tablekit(players: int, playouts: int, top: int = 25) -> str:
    """cProfile of ``playouts`` seeded Page One random playouts: the top functions by own time."""
    return profile_game(make("page_one", preset=PRESET, players=players), playouts, top)


def profile_game(g: Any, playouts: int, top: int = 25) -> str:
    """cProfile of ``playouts`` seeded random playouts of game ``g``: the top functions by own time."""
    rng = random.Random(7)

    def go() -> None:
        for seed in range(playouts):
            s = g.initial_state(seed)
            while not g.is_terminal(s):
                s, _ = g.step(s, rng.choice(g.legal_actions(s)))

    prof = cProfile.Profile()
    prof.runcall(go)
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
    return buf.getvalue()


# --- reporting --------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """throughput.py's machine facts, plus what this comparison adds."""
    from importlib.metadata import PackageNotFoundError, version

    from throughput import machine as base_machine  # bench/ is on sys.path when run as a script

    info = base_machine()
    try:
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "tablekit"],
            capture_output=True, text=True, check=True).stdout.split("\n")
        info["tablekit_uncommitted"] = [line[3:] for line in dirty if line.strip()]
    except (OSError, subprocess.CalledProcessError):
        pass
    # What was measured, even when it is not committed yet: a digest of the engine's sources.
    h = hashlib.sha256()
    for name in ENGINE_FILES:
        path = ROOT / "tablekit" / "games" / "page_one" / name
        h.update(name.encode() + b"\0" + (path.read_bytes() if path.exists() else b""))
    info["page_one_engine_sha256"] = h.hexdigest()[:12]
    for dist in ("open_spiel", "rlcard", "numpy"):
        try:
            info[dist] = version(dist)
        except PackageNotFoundError:
            pass
    return info


def both_engines(run: dict[str, Callable[[float, int], tuple[int, int, float]]], labels: dict[str, str],
                 specs: dict[str, tuple[str, str, int, dict[str, Any]]]) -> Any:
    """The tablekit subjects ``specs`` (key -> game, preset, players, options) on both engines in
    one run: this process runs the compiled engine where it is installed (``python -m tablekit
    info``), and each subject gets a twin, key + ``"_pure"``, on the pure-Python engine in a
    worker process (``bench/engines.py``). The labels say which engine. Edits ``run`` and
    ``labels``; returns the worker to close (None without a compiled engine)."""
    import engines  # bench/engines.py

    from tablekit import build

    here = "compiled engine" if build.ENGINE == "compiled" else "pure-Python engine"
    for key in specs:
        labels[key] = labels[key].replace("(Python", f"({here}")
    if build.ENGINE != "compiled":
        return None
    pure = engines.Engine("pure")
    for key, (game, preset, players, options) in specs.items():
        run[key + "_pure"] = pure.runner(game, preset, players, **options)
        labels[key + "_pure"] = labels[key].replace(here, "pure-Python engine")
    return pure


def game_machine(game: str, files: tuple[str, ...] = ("actions.py", "config.py", "rules.py", "state.py")) -> dict[str, Any]:
    """``machine()`` for a benchmark of another game: the digest of that game's engine sources
    (``tablekit/games/<game>/<files>``) as ``<game>_engine_sha256`` instead of Page One's."""
    info = machine()
    h = hashlib.sha256()
    for name in files:
        path = ROOT / "tablekit" / "games" / game / name
        h.update(name.encode() + b"\0" + (path.read_bytes() if path.exists() else b""))
    info[f"{game}_engine_sha256"] = h.hexdigest()[:12]
    info.pop("page_one_engine_sha256", None)
    return info


def fmt(x: float) -> str:
    return f"{x:,.0f}"


def markdown(result: dict[str, Any]) -> str:
    m = result["machine"]
    tp = result["throughput"]
    players = result["players"]
    lines = [
        f"Machine: {m.get('cpu', m['processor'])}, nproc={m['nproc']}, {m['implementation']} {m['python']}, "
        f"{m['platform']}",
        f"tablekit {m['tablekit']} ({m.get('tablekit_commit', '?')}"
        + (f" + uncommitted {len(m['tablekit_uncommitted'])} paths" if m.get("tablekit_uncommitted") else "")
        + f"; page_one engine sha256 {m['page_one_engine_sha256']}), "
        + ", ".join(f"{k} {m[k]}" for k in ("open_spiel", "rlcard", "numpy") if k in m),
        f"{result['rounds']} rounds x {result['seconds']} s per subject (0.1 s slices, interleaved); "
        f"{players} players; medians over the rounds; CPU time (time.process_time)",
        "",
        "| Subject | Playouts / CPU-s | Decisions / CPU-s | Decisions / playout | tablekit / subject (median) "
        "| per round |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, e in tp.items():
        if "tablekit_over_this" in e:
            ratio = f"{e['tablekit_over_this']:.2f}x"
            if name in GOALS:
                ratio = f"**{ratio}**"
            per = " ".join(f"{x:.2f}" for x in e["tablekit_over_this_per_round"])
        else:
            ratio, per = "1.00x", ""
        lines.append(f"| {e['label']} | {fmt(e['playouts_per_s'])} | {fmt(e['decisions_per_s'])} "
                     f"| {e['decisions_per_playout']:.1f} | {ratio} | {per} |")
    d = result.get("describe", {})
    if d:
        lines += ["", f"Untimed description ({d[TK]['playouts']} seeded random playouts each):", "",
                  "| Game | Decisions / playout | Legal actions / decision | Chance nodes / playout "
                  "| Decisions per playout by kind | Ends |",
                  "|---|---:|---:|---:|---|---|"]
        for name, e in d.items():
            mix = ", ".join(f"{k} {v:.1f}" for k, v in e["mix_per_playout"].items())
            ends = ", ".join(f"{k} {v}" for k, v in sorted(e.get("ends", {}).items())) or "-"
            cn = f"{e['chance_nodes_per_playout']:.1f}" if "chance_nodes_per_playout" in e else "-"
            lines.append(f"| {LABELS[name].split(',')[0]}{' (reshuffle)' if name == OS_RS else ''} "
                         f"| {e['decisions_per_playout']:.1f} | {e['legal_actions_per_decision']:.2f} | {cn} "
                         f"| {mix} | {ends} |")
    lines.append("")
    for name, goal in GOALS.items():
        if name in tp:
            r = tp[name]["tablekit_over_this"]
            lines.append(f"Goal tablekit / {name} >= {goal:.1f}x: {r:.2f}x -> {'MET' if r >= goal else 'NOT MET'}")
        else:
            lines.append(f"Goal tablekit / {name} >= {goal:.1f}x: not evaluated ({name} not installed)")
    return "\n".join(lines)


INSTALL_HINT = """\
{what} is not importable ({err}); its subjects are skipped.
To include it: bash bench/run.sh --anchors   (makes bench/.venv with open-spiel and rlcard), or
               python -m pip install -r bench/requirements.txt
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=5, help="players in every game (default 5, OpenSpiel's default)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per subject per round (default 1.0)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--describe", type=int, default=300, metavar="N",
                    help="untimed seeded playouts per game for the description (default 300; 0: skip)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also cProfile N tablekit playouts and print the top functions (default 0: off)")
    ap.add_argument("--json", metavar="PATH", help="also write the full results as JSON")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or not 2 <= args.players <= 8:
        ap.error("--seconds must be > 0, --rounds >= 1 and --players from 2 to 8 (tablekit's range)")
    if OPENSPIEL_ERROR is not None:
        print(INSTALL_HINT.format(what="pyspiel (open-spiel)", err=OPENSPIEL_ERROR), file=sys.stderr)
    if RLCARD_ERROR is not None:
        print(INSTALL_HINT.format(what="rlcard", err=RLCARD_ERROR), file=sys.stderr)
    wall = time.perf_counter()
    result: dict[str, Any] = {"machine": machine(), "players": args.players, "seconds": args.seconds,
                              "rounds": args.rounds, "anchor": ANCHOR,
                              "command": " ".join([Path(sys.argv[0]).name] + sys.argv[1:])}
    print("throughput ...", file=sys.stderr, flush=True)
    labels, run = dict(LABELS), runners(args.players)
    pure = both_engines(run, labels, {TK: ("page_one", "crazy_eights", args.players, {})})
    result["throughput"] = throughput(args.players, args.seconds, args.rounds, run=run, labels=labels)
    if pure is not None:
        pure.close()
    if args.describe > 0:
        print("describing the games ...", file=sys.stderr, flush=True)
        result["describe"] = describe(args.players, args.describe)
    result["goals"] = {
        name: {"target": goal, "ratio": result["throughput"][name]["tablekit_over_this"],
               "met": result["throughput"][name]["tablekit_over_this"] >= goal}
        for name, goal in GOALS.items() if name in result["throughput"]}
    if args.profile > 0:
        print("profiling tablekit ...", file=sys.stderr, flush=True)
        result["profile"] = profile_tablekit(args.players, args.profile)
    result["wall_seconds"] = time.perf_counter() - wall
    print(markdown(result))
    if args.profile > 0:
        print("\n" + result["profile"])
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"\n(results written to {args.json})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
