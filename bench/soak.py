"""A soak: seeded random games of every game, preset and player count, each checked step by step
by the conformance checker, until at least ``--actions`` actions per game have been checked.

Every action goes through ``tablekit.testing.check_game`` (one call per seed): cards conserved,
a non-empty legal set until the end that agrees with ``explain``, illegal actions refused with
the state unchanged, observations that do not change when the hidden cards are resampled
(``determinize``), catalogued reason and event texts, an outcome at the end, and a record that
round-trips and replays. A violation (a ``ConformanceError`` or any other exception) is recorded
with the game, preset, player count and seed, printed at once with the call that reproduces it,
and the soak goes on (only a game that shows ``--max-violations`` of them is given up).

The cases (game, preset, players) of each game are visited in rotation; each task checks a chunk
of consecutive seeds of one case. Seed ``i`` of a case is ``derive_seed(--seed, game, preset,
players, i)`` and the chunk plan is fixed by ``--seed`` alone, so a run is reproducible: a game's
totals are those of its first chunks, in plan order, that reach the goal (chunks that finish
beyond that prefix while it completes are not counted, though a violation in one is still
reported). Tasks run on any ``concurrent.futures.Executor``: local processes (``--workers``) or a
Dask cluster (``--scheduler``), with a bounded number in flight.

Usage::

    python bench/soak.py                                  # 1,000,000 actions per game, 2 processes
    python bench/soak.py --actions 20000 --games ultimate page_one --seconds 60
    python bench/soak.py --scheduler tcp://127.0.0.1:8786 --json bench/soak_results.json

The exit code is 1 when any violation was found, else 0.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import random
import subprocess
import sys
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TextIO

try:
    import tablekit
except ImportError:  # run from a checkout without installing: use the repo root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import tablekit
from tablekit import make
from tablekit.core.registry import list_games, spec
from tablekit.core.rng import derive_seed
from tablekit.sim.executor import executor_width
from tablekit.testing import ConformanceError, check_game

GOAL = 1_000_000
OBSERVE_EVERY = 1  # check_game's defaults: every invariant at every step
ILLEGAL_PER_STEP = 3
CHUNK_ACTIONS = 2_000  # actions a task aims at (a few seconds of checking)
MAX_CHUNK_SEEDS = 200
MAX_VIOLATIONS = 100  # per game, then that game is given up


@dataclass(frozen=True)
class Case:
    game: str
    preset: str
    players: int

    @property
    def label(self) -> str:
        return f"{self.game}/{self.preset}/{self.players}p"


@dataclass
class Violation:
    game: str
    preset: str
    players: int
    seed: int
    message: str
    counted: bool = True  # False: found in a chunk beyond the prefix that reached the goal

    def snippet(self, observe_every: int = OBSERVE_EVERY, illegal_per_step: int = ILLEGAL_PER_STEP) -> str:
        """The Python call that reproduces this violation (the same knobs give the same moves:
        they all draw from the checker's one random stream)."""
        knobs = ""
        if observe_every != OBSERVE_EVERY:
            knobs += f", observe_every={observe_every}"
        if illegal_per_step != ILLEGAL_PER_STEP:
            knobs += f", illegal_per_step={illegal_per_step}"
        return (f"check_game(make({self.game!r}, preset={self.preset!r}, players={self.players}),"
                f" seeds=[{self.seed}]{knobs})")


@dataclass
class ChunkResult:
    """What one task checked: ``actions`` and ``games`` count only the seeds that passed."""
    actions: int
    games: int
    seconds: float
    violations: list[Violation]


@dataclass
class GameTotals:
    game: str
    cases: int
    actions: int = 0
    games: int = 0
    violations: int = 0
    seeds: int = 0
    chunks: int = 0
    task_seconds: float = 0.0
    wall_seconds: float = 0.0
    reached: bool = False
    stopped: bool = False  # given up after max_violations (a game that fails every seed never ends)
    per_case: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass
class SoakResult:
    goal: int
    seed: int
    observe_every: int
    illegal_per_step: int
    wall_seconds: float
    reached: bool
    games: dict[str, GameTotals]
    violations: list[Violation]


# --- the task (runs on a worker) -----------------------------------------------------------------


def case_seed(master: int, case: Case, index: int) -> int:
    """Seed number ``index`` of a case: a pure function of the master seed.

    >>> case_seed(0, Case("ultimate", "basic", 4), 3) == case_seed(0, Case("ultimate", "basic", 4), 3)
    True
    """
    return derive_seed(master, case.game, case.preset, case.players, index)


def check_chunk(case: Case, seeds: Sequence[int], observe_every: int = OBSERVE_EVERY,
                illegal_per_step: int = ILLEGAL_PER_STEP) -> ChunkResult:
    """``check_game`` on each seed of one case; a violation is recorded and the next seed goes on."""
    start = time.perf_counter()
    game = make(case.game, preset=case.preset, players=case.players)
    actions = games = 0
    violations: list[Violation] = []
    for seed in seeds:
        try:
            report = check_game(game, seeds=[seed], observe_every=observe_every,
                                illegal_per_step=illegal_per_step)
        except ConformanceError as exc:
            violations.append(Violation(case.game, case.preset, case.players, seed, str(exc)))
        except Exception as exc:  # a crash is a violation too: say where it happened
            where = traceback.extract_tb(exc.__traceback__)[-1]
            message = f"{type(exc).__name__}: {exc} (at {where.filename}:{where.lineno} in {where.name})"
            violations.append(Violation(case.game, case.preset, case.players, seed, message))
        else:
            actions += report.steps
            games += report.games
    return ChunkResult(actions, games, time.perf_counter() - start, violations)


def _run_chunk(task: tuple[Case, tuple[int, ...], int, int]) -> ChunkResult:
    case, seeds, observe_every, illegal_per_step = task
    return check_chunk(case, seeds, observe_every, illegal_per_step)


# --- the plan ------------------------------------------------------------------------------------


def cases_of(game: str) -> list[Case]:
    """Every preset of ``game`` at every player count it allows."""
    sp = spec(game)
    out: list[Case] = []
    for preset in sp.presets:
        low, high = sp.players_for(preset)
        out.extend(Case(game, preset, n) for n in range(low, high + 1))
    return out


def mean_length(case: Case, master: int, samples: int = 2) -> float:
    """Mean actions of a few unchecked random games of ``case`` (sizes the chunks)."""
    game = make(case.game, preset=case.preset, players=case.players)
    total = 0
    for i in range(samples):
        rng = random.Random(derive_seed(master, "soak-size", i))
        state = game.initial_state(case_seed(master, case, i))
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            state, _ = game.apply(state, legal[rng.randrange(len(legal))])
            total += 1
    return total / samples


def chunk_sizes(cases: Sequence[Case], master: int, chunk_actions: int) -> dict[Case, int]:
    """Seeds per task for each case, so that a task checks about ``chunk_actions`` actions."""
    return {c: max(1, min(MAX_CHUNK_SEEDS, round(chunk_actions / max(1.0, mean_length(c, master)))))
            for c in cases}


def plan(cases: Sequence[Case], sizes: dict[Case, int], master: int) -> Iterator[tuple[Case, tuple[int, ...]]]:
    """A game's endless chunk plan: its cases in rotation, each advancing through its seeds."""
    next_index = {c: 0 for c in cases}
    while True:
        for case in cases:
            first = next_index[case]
            next_index[case] = first + sizes[case]
            yield case, tuple(case_seed(master, case, i) for i in range(first, first + sizes[case]))


# --- the driver ----------------------------------------------------------------------------------


def _fmt_rate(actions: int, seconds: float) -> str:
    return f"{actions / seconds:,.0f}" if seconds > 0 else "-"


def soak(
    executor: Executor,
    games: Sequence[str] | None = None,
    goal: int = GOAL,
    seed: int = 0,
    seconds: float | None = None,
    observe_every: int = OBSERVE_EVERY,
    illegal_per_step: int = ILLEGAL_PER_STEP,
    chunk_actions: int = CHUNK_ACTIONS,
    in_flight: int | None = None,
    progress_every: float = 30.0,
    out: TextIO | None = None,
    task: Callable[[tuple[Case, tuple[int, ...], int, int]], ChunkResult] = _run_chunk,
    max_violations: int = MAX_VIOLATIONS,
) -> SoakResult:
    """Check at least ``goal`` actions of each game on ``executor``; stop early after ``seconds``.

    Violations are printed to ``out`` as they are found and returned; one never stops the soak.
    Only a game that has shown ``max_violations`` of them is given up (the others go on), since a
    game that fails on every seed would never reach its goal.
    """
    stream = out if out is not None else sys.stdout

    def say(text: str) -> None:
        print(text, file=stream, flush=True)

    names = list(games) if games else list_games()
    start = time.perf_counter()
    all_cases = {g: cases_of(g) for g in names}
    sizes = {}
    for g in names:
        sizes.update(chunk_sizes(all_cases[g], seed, chunk_actions))
    plans = {g: plan(all_cases[g], sizes, seed) for g in names}
    totals = {g: GameTotals(g, len(all_cases[g])) for g in names}
    # A game's results are counted in plan order: done[g] holds finished chunks beyond its prefix.
    done: dict[str, dict[int, tuple[Case, tuple[int, ...], ChunkResult]]] = {g: {} for g in names}
    next_chunk = {g: 0 for g in names}
    counted = {g: 0 for g in names}
    found = {g: 0 for g in names}  # violations seen per game, counted or not
    violations: list[Violation] = []
    width = executor_width(executor)
    limit = in_flight or 2 * width
    pending: dict[Future[ChunkResult], tuple[str, int, Case, tuple[int, ...]]] = {}
    say(f"soak: {len(names)} games, {sum(len(c) for c in all_cases.values())} cases, goal {goal:,} actions per game, "
        f"seed {seed}, observe_every={observe_every}, illegal_per_step={illegal_per_step}"
        + ("" if (observe_every, illegal_per_step) == (OBSERVE_EVERY, ILLEGAL_PER_STEP)
           else " (LOWERED: not every invariant is checked at every step)")
        + f", {width} workers, {limit} tasks in flight, sizing took {time.perf_counter() - start:.1f} s")
    turn = 0
    last_progress = time.perf_counter()
    timed_out = False

    def active() -> list[str]:
        return [g for g in names if not (totals[g].reached or totals[g].stopped)]

    def submit_more() -> None:
        nonlocal turn
        while len(pending) < limit:
            live = active()
            if not live:
                return
            g = live[turn % len(live)]
            turn += 1
            case, seeds = next(plans[g])
            fut = executor.submit(task, (case, seeds, observe_every, illegal_per_step))
            pending[fut] = (g, next_chunk[g], case, seeds)
            next_chunk[g] += 1

    def absorb(g: str, index: int, case: Case, seeds: tuple[int, ...], result: ChunkResult) -> None:
        for v in result.violations:
            v.counted = not totals[g].reached
            violations.append(v)
            found[g] += 1
            say(f"VIOLATION {case.label} seed={v.seed}: {v.message}\n  reproduce: python -c \"from tablekit import make; "
                f"from tablekit.testing import check_game; {v.snippet(observe_every, illegal_per_step)}\"")
        if not totals[g].reached and not totals[g].stopped and found[g] >= max_violations:
            totals[g].stopped = True
            say(f"{g}: given up after {found[g]} violations")
        if totals[g].reached:
            return
        done[g][index] = (case, seeds, result)
        t = totals[g]
        while counted[g] in done[g]:
            c, s, r = done[g].pop(counted[g])
            counted[g] += 1
            t.actions += r.actions
            t.games += r.games
            t.violations += len(r.violations)
            t.seeds += len(s)
            t.chunks += 1
            t.task_seconds += r.seconds
            row = t.per_case.setdefault(c.label, {"actions": 0, "games": 0, "seeds": 0, "violations": 0})
            row["actions"] += r.actions
            row["games"] += r.games
            row["seeds"] += len(s)
            row["violations"] += len(r.violations)
            if t.actions >= goal:
                t.reached = True
                t.wall_seconds = time.perf_counter() - start
                for _, _, beyond in done[g].values():
                    for v in beyond.violations:
                        v.counted = False
                done[g].clear()
                for fut, (other, *_rest) in list(pending.items()):  # its chunks not started yet
                    if other == g and fut.cancel():
                        pending.pop(fut)
                say(f"{g}: goal reached, {t.actions:,} actions in {t.wall_seconds:,.0f} s")
                break

    try:
        submit_more()
        while pending and active():
            finished, _ = wait(list(pending), timeout=1.0, return_when=FIRST_COMPLETED)
            for fut in finished:
                if fut in pending:
                    g, index, case, seeds = pending.pop(fut)
                    absorb(g, index, case, seeds, fut.result())
            now = time.perf_counter()
            if seconds is not None and now - start >= seconds and not timed_out:
                timed_out = True
                say(f"time limit of {seconds:g} s reached: waiting for the tasks already running")
                for fut in list(pending):
                    if fut.cancel():
                        pending.pop(fut)
            if not timed_out:
                submit_more()
            if now - last_progress >= progress_every:
                last_progress = now
                elapsed = now - start
                parts = [f"{g} {totals[g].actions:,}" + (" done" if totals[g].reached else "") for g in names]
                checked = sum(t.actions for t in totals.values())
                say(f"[{elapsed:6.0f} s] {checked:,} actions checked, {_fmt_rate(checked, elapsed)} actions/s | " + " | ".join(parts))
    finally:
        for fut in pending:
            fut.cancel()
    wall = time.perf_counter() - start
    for t in totals.values():
        if not t.reached:
            t.wall_seconds = wall
    return SoakResult(goal, seed, observe_every, illegal_per_step, wall,
                      all(t.reached for t in totals.values()), totals, violations)


def table(result: SoakResult) -> str:
    """The per-game table (Markdown) of a soak."""
    lines = ["| Game | Cases | Actions | Games | Seeds | Violations | Wall s | Actions/s (wall) | Task s | Actions per task-s | Goal |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for t in result.games.values():
        lines.append(f"| {t.game} | {t.cases} | {t.actions:,} | {t.games:,} | {t.seeds:,} | {t.violations} | "
                     f"{t.wall_seconds:,.0f} | {_fmt_rate(t.actions, t.wall_seconds)} | {t.task_seconds:,.0f} | "
                     f"{_fmt_rate(t.actions, t.task_seconds)} | {'reached' if t.reached else 'given up' if t.stopped else 'NOT reached'} |")
    actions = sum(t.actions for t in result.games.values())
    lines.append(f"| **all** | {sum(t.cases for t in result.games.values())} | {actions:,} | "
                 f"{sum(t.games for t in result.games.values()):,} | {sum(t.seeds for t in result.games.values()):,} | "
                 f"{len(result.violations)} | {result.wall_seconds:,.0f} | {_fmt_rate(actions, result.wall_seconds)} | "
                 f"{sum(t.task_seconds for t in result.games.values()):,.0f} | "
                 f"{_fmt_rate(actions, sum(t.task_seconds for t in result.games.values()))} | "
                 f"{'reached' if result.reached else 'NOT reached'} |")
    return "\n".join(lines)


def to_json(result: SoakResult, extra: dict[str, Any]) -> dict[str, Any]:
    data = asdict(result)
    data["violations"] = [dict(asdict(v), reproduce=v.snippet(result.observe_every, result.illegal_per_step))
                          for v in result.violations]
    return {**extra, **data}


def from_json(data: dict[str, Any]) -> SoakResult:
    """A soak's result back from the file ``--json`` wrote (for ``--table``)."""
    fields = {k: data[k] for k in ("goal", "seed", "observe_every", "illegal_per_step", "wall_seconds", "reached")}
    games = {g: GameTotals(**t) for g, t in data["games"].items()}
    violations = [Violation(**{k: v for k, v in d.items() if k != "reproduce"}) for d in data["violations"]]
    return SoakResult(**fields, games=games, violations=violations)


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--actions", type=int, default=GOAL, help="actions to check per game (default 1,000,000)")
    parser.add_argument("--games", nargs="+", choices=list_games(), help="only these games (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--seconds", type=float, help="stop after this wall time (the goal may not be reached)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=2, help="local worker processes (default 2)")
    where.add_argument("--scheduler", help="address of a Dask scheduler, e.g. tcp://127.0.0.1:8786")
    parser.add_argument("--observe-every", type=int, default=OBSERVE_EVERY,
                        help="check observations every N steps (default 1: every step)")
    parser.add_argument("--illegal-per-step", type=int, default=ILLEGAL_PER_STEP,
                        help="illegal actions tried per step (default 3)")
    parser.add_argument("--chunk-actions", type=int, default=CHUNK_ACTIONS,
                        help=f"actions a task aims at (default {CHUNK_ACTIONS:,})")
    parser.add_argument("--in-flight", type=int, help="tasks in flight (default: 2 per worker)")
    parser.add_argument("--max-violations", type=int, default=MAX_VIOLATIONS,
                        help=f"give a game up after this many violations (default {MAX_VIOLATIONS})")
    parser.add_argument("--progress", type=float, default=30.0, help="seconds between progress lines (default 30)")
    parser.add_argument("--json", type=Path, help="write the totals and violations to this file")
    parser.add_argument("--table", type=Path, metavar="JSON",
                        help="only print the table of a finished soak from its --json file")
    args = parser.parse_args(argv)
    if args.table:
        print(table(from_json(json.loads(args.table.read_text(encoding="utf-8")))))
        return 0
    if args.actions < 1 or args.workers < 1 or args.observe_every < 1 or args.illegal_per_step < 0:
        parser.error("--actions, --workers and --observe-every must be at least 1, --illegal-per-step at least 0")
    started = _dt.datetime.now(_dt.timezone.utc)
    client: Any = None
    executor: Executor
    if args.scheduler:
        from distributed import Client  # the tablekit[cluster] extra

        client = Client(args.scheduler)
        executor = client.get_executor()
        runner = f"Dask scheduler {args.scheduler}"
    else:
        executor = ProcessPoolExecutor(max_workers=args.workers)
        runner = f"{args.workers} local processes"
    try:
        result = soak(executor, games=args.games, goal=args.actions, seed=args.seed, seconds=args.seconds,
                      observe_every=args.observe_every, illegal_per_step=args.illegal_per_step,
                      chunk_actions=args.chunk_actions, in_flight=args.in_flight, progress_every=args.progress,
                      max_violations=args.max_violations)
    finally:
        if client is not None:  # Dask's executor has no cancel_futures; closing the client cancels
            executor.shutdown(wait=False)
            client.close()
        else:
            executor.shutdown(wait=False, cancel_futures=True)
    print()
    print(table(result))
    lowered = (result.observe_every, result.illegal_per_step) != (OBSERVE_EVERY, ILLEGAL_PER_STEP)
    if lowered:
        print(f"\nChecks LOWERED: observations every {result.observe_every} steps, "
              f"{result.illegal_per_step} illegal actions tried per step (defaults: 1 and 3).")
    if not result.reached:
        print(f"\nGoal NOT reached: {result.goal:,} actions per game were asked for"
              + (f" (stopped by --seconds {args.seconds:g})." if args.seconds is not None else "."))
    print(f"\n{len(result.violations)} violation(s) in {result.wall_seconds:,.0f} s on {runner}.")
    for v in result.violations:
        print(f"  {v.game}/{v.preset}/{v.players}p seed={v.seed}: {v.snippet(result.observe_every, result.illegal_per_step)}")
    if args.json:
        extra = {
            "command": "python " + " ".join([sys.argv[0], *(argv if argv is not None else sys.argv[1:])]),
            "started": started.isoformat(timespec="seconds"),
            "runner": runner,
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                        "tablekit": tablekit.__version__, "commit": _commit()},
        }
        args.json.write_text(json.dumps(to_json(result, extra), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 1 if result.violations else 0


if __name__ == "__main__":
    sys.exit(main())
