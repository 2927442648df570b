"""Both engines in one benchmark run: tablekit's playouts in worker processes, one per build.

A process imports either the compiled engine or the pure-Python one (``tablekit/build.py``), so a
benchmark that measures both side by side runs each in a worker process of its own: the compiled
build (if it is installed), the pure-Python build (``TABLEKIT_PURE=1``) and, with
``baseline=REV``, the pure engine of an earlier commit (its ``tablekit/`` checked out into a
temporary directory with ``git archive``: "the pure build no slower than today"). The
benchmark's own process drives the anchors (RLCard, OpenSpiel) and asks the workers for slices
in between, so the interleaving of ``compare_anchors.throughput`` is unchanged: a worker times
its own slice with ``time.process_time`` and reports (playouts, decisions, CPU seconds); the
pipe between the processes is not in any measurement.

>>> with Engine("pure") as pure:                                  # doctest: +SKIP
...     run = pure.runner("page_one", "crazy_eights", 5)
...     playouts, decisions, cpu = run(0.1, seed=1)

Run as ``python bench/engines.py --worker`` it is a worker: one JSON request per line on stdin,
one JSON answer per line on stdout.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
Runner = Callable[[float, int], tuple[int, int, float]]


# --- the worker side ----------------------------------------------------------------------------


def _game(req: dict[str, Any]) -> Any:
    from tablekit import make

    return make(req["game"], preset=req["preset"], players=req["players"], **req.get("options", {}))


def playouts(g: Any, seconds: float, seed: int) -> dict[str, Any]:
    """Random playouts of game ``g`` for ``seconds`` of CPU: the loop of
    ``compare_anchors.run_game`` (and of ``throughput.run_tablekit``, whose Up&Down rows also
    count the games of a match)."""
    rng = random.Random(seed)
    choice = rng.choice
    is_terminal, legal_actions, step = g.is_terminal, g.legal_actions, g.step
    playouts = decisions = games = 0
    game_seed = seed * 1_000_003
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while True:
        s = g.initial_state(game_seed)
        while not is_terminal(s):
            s, _ = step(s, choice(legal_actions(s)))
            decisions += 1
        playouts += 1
        games += len(getattr(s, "game_winners", ())) or 1
        game_seed += 1
        now = clock()
        if now >= deadline:
            return {"playouts": playouts, "decisions": decisions, "games": games, "cpu": now - start}


def env_steps(req: dict[str, Any], seconds: float, seed: int) -> dict[str, Any]:
    """The PettingZoo AEC loop with a uniform random legal action (from the action mask) for
    ``seconds`` of CPU: steps (decisions) and episodes."""
    import numpy as np

    from tablekit.interop.pettingzoo import env

    e = env(req["game"], preset=req["preset"], players=req["players"])
    rng = random.Random(seed)
    flatnonzero = np.flatnonzero
    steps = episodes = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    episode_seed = seed * 1_000_003
    while True:
        e.reset(seed=episode_seed)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(flatnonzero(obs["action_mask"]))))
            steps += 1
        episodes += 1
        episode_seed += 1
        now = clock()
        if now >= deadline:
            return {"playouts": episodes, "decisions": steps, "games": episodes, "cpu": now - start}


def _fingerprint(req: dict[str, Any], n: int) -> list[Any]:
    """What ``n`` seeded random playouts did (every action code and the outcome): the same
    for both builds, or a build is wrong."""
    g = _game(req)
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        s = g.initial_state(seed)
        codes = []
        while not g.is_terminal(s):
            a = rng.choice(g.legal_actions(s))
            codes.append(a.code)
            s, _ = g.step(s, a)
        out.append([codes, g.outcome(s).to_json()])
    return out


def worker() -> None:
    import tablekit.build

    games: dict[str, Any] = {}
    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        if op == "info":
            answer: Any = tablekit.build.info()
        elif op == "playouts":
            key = json.dumps([req["game"], req["preset"], req["players"], req.get("options", {})])
            if key not in games:
                games[key] = _game(req)
            answer = playouts(games[key], req["seconds"], req["seed"])
        elif op == "env":
            answer = env_steps(req, req["seconds"], req["seed"])
        elif op == "fingerprint":
            answer = _fingerprint(req, req["n"])
        else:
            answer = {"error": f"unknown op {op!r}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


# --- the benchmark's side -----------------------------------------------------------------------


def baseline_tree(rev: str) -> Path:
    """``tablekit/`` as committed in ``rev``, in a new temporary directory (no compiled files)."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "tablekit"], capture_output=True,
                          check=True).stdout
    where = Path(tempfile.mkdtemp(prefix=f"tablekit-{rev}-"))
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(where, filter="data")
    return where


class Engine:
    """A worker process running one build: ``"compiled"``, ``"pure"`` or ``"baseline"``
    (``rev``'s pure engine)."""

    def __init__(self, build: str, rev: str | None = None) -> None:
        env = dict(os.environ)
        env.pop("TABLEKIT_PURE", None)
        self.build = build
        self.rev = rev
        if build == "pure":
            env["TABLEKIT_PURE"] = "1"
        elif build == "baseline":
            if rev is None:
                raise ValueError("the baseline build needs a git revision")
            env["TABLEKIT_PURE"] = "1"
            env["PYTHONPATH"] = os.pathsep.join([str(baseline_tree(rev))] + env.get("PYTHONPATH", "").split(os.pathsep))
        elif build != "compiled":
            raise ValueError(f"unknown build {build!r}")
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(ROOT))
        self.info = self.ask({"op": "info"})
        if build == "compiled" and self.info["engine"] != "compiled":
            self.close()
            raise RuntimeError(f"no compiled engine here: {self.info['why']}")

    def ask(self, req: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.build} worker stopped")
        return json.loads(line)

    def runner(self, game: str, preset: str, players: int, op: str = "playouts", **options: Any) -> Runner:
        """``run(seconds, seed) -> (playouts, decisions, cpu seconds)`` in this worker."""
        def run(seconds: float, seed: int) -> tuple[int, int, float]:
            r = self.ask({"op": op, "game": game, "preset": preset, "players": players, "options": options,
                          "seconds": seconds, "seed": seed})
            self.last = r
            return r["playouts"], r["decisions"], r["cpu"]
        return run

    def fingerprint(self, game: str, preset: str, players: int, n: int, **options: Any) -> Any:
        return self.ask({"op": "fingerprint", "game": game, "preset": preset, "players": players,
                         "options": options, "n": n})

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=30)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def engines(baseline: str | None = None) -> dict[str, Engine]:
    """The builds to measure: compiled (when it is installed), pure, and ``baseline``'s pure
    engine when a revision is given."""
    out: dict[str, Engine] = {}
    try:
        out["compiled"] = Engine("compiled")
    except RuntimeError as exc:
        print(f"(compiled build not measured: {exc})", file=sys.stderr)
    out["pure"] = Engine("pure")
    if baseline:
        out["baseline"] = Engine("baseline", baseline)
    return out


def ratio(summary: dict[str, Any], num: str, den: str) -> tuple[float, list[float]]:
    """``num``'s decisions per CPU-second over ``den``'s, round by round (from
    ``compare_anchors.throughput``'s rows): (median, per round)."""
    per = [a["decisions_per_s"] / b["decisions_per_s"] for a, b in zip(summary[num]["runs"], summary[den]["runs"])]
    return statistics.median(per), per


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        sys.exit(__doc__)
