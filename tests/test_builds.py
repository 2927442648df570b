"""The compiled engine and the pure-Python engine play the same games.

A process runs one engine (``tablekit/build.py``), so the test runs the other one in a
subprocess (this file as a script, with or without ``TABLEKIT_PURE=1``) and compares, for every
game and preset: a golden playthrough, seeded random playouts (every action code, the outcome
and the record's JSON), a seeded ``simulate`` frame with heuristic bots (with the action codes
of every game) and the deal code and hands of a deal. Without a compiled engine (no C compiler
at install time) there is nothing to compare and the test is skipped, unless
``TABLEKIT_EXPECT_COMPILED=1`` (set by ``.ci/run``) says the compiled engine must be there.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablekit import build, list_games, make, presets
from tablekit.core.deal_code import encode
from tablekit.core.record import Record
from tablekit.testing import playthrough

HERE = Path(__file__).resolve().parent


def fingerprint() -> dict[str, Any]:
    """What this process's engine does with seeded games of every game and preset."""
    from tablekit.sim import simulate

    out: dict[str, Any] = {"engine": build.ENGINE}
    for name in list_games():
        for preset in presets(name):
            g = make(name, preset=preset)
            key = f"{name}/{preset}"
            out[f"{key} playthrough"] = playthrough(g, 1, max_steps=80)
            for seed in range(3):
                rng = random.Random(seed)
                s = g.initial_state(seed)
                codes = []
                while not g.is_terminal(s):
                    a = rng.choice(g.legal_actions(s))
                    codes.append(a.code)
                    s, _ = g.step(s, a)
                outcome = g.outcome(s)
                assert outcome is not None
                record = Record.start(g, seed).with_actions(tuple(codes))
                out[f"{key} random {seed}"] = [codes, outcome.to_json(), record.to_json()]
            frame = simulate(g, "heuristic", n=2, seed=5, progress=False, records=True)
            out[f"{key} simulate"] = frame.to_json(orient="split")
            seed = 2**40 + 12345
            out[f"{key} deal"] = [encode(name, preset, g.num_players, seed),
                                  g.observe(g.initial_state(seed), None)]
    return out


def other_engine() -> str | None:
    """The engine the subprocess runs, or None when only this one is installed."""
    if build.ENGINE == "compiled":
        return "pure"
    if build.REASON == "env":  # this run asked for the pure engine: is a compiled one installed?
        env = {k: v for k, v in os.environ.items() if k != build.PURE_ENV}
        answer = subprocess.run([sys.executable, "-c", "import tablekit.build as b; print(b.ENGINE)"],
                                env=env, capture_output=True, text=True, check=True)
        if answer.stdout.strip() == "compiled":
            return "compiled"
    return None


def test_the_compiled_and_the_pure_engine_play_the_same_games() -> None:
    other = other_engine()
    if other is None:
        if os.environ.get("TABLEKIT_EXPECT_COMPILED") == "1":
            pytest.fail(f"the compiled engine is expected but this is the pure one: {build.WHY}")
        pytest.skip(f"only the pure-Python engine is installed ({build.WHY})")
    env = {k: v for k, v in os.environ.items() if k != build.PURE_ENV}
    if other == "pure":
        env[build.PURE_ENV] = "1"
    result = subprocess.run([sys.executable, str(HERE / "test_builds.py")], env=env, cwd=str(HERE),
                            capture_output=True, text=True, check=True)
    theirs = json.loads(result.stdout)
    mine = fingerprint()
    assert {mine.pop("engine"), theirs.pop("engine")} == {"compiled", "pure"}
    assert mine.keys() == theirs.keys()
    different = [key for key in mine if json.loads(json.dumps(mine[key])) != theirs[key]]
    assert not different, f"the engines differ on {different[:5]}"


if __name__ == "__main__":
    print(json.dumps(fingerprint()))
