"""bench/soak.py: a tiny soak counts what it checked, is reproducible, and reports every planted
violation with its seed without stopping."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from collections import Counter
from concurrent.futures import Executor, Future
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

from tablekit import make
from tablekit.testing import ConformanceError, check_game

SOAK_PATH = Path(__file__).resolve().parent.parent / "bench" / "soak.py"
MODULE = "tablekit_bench_soak"


def _load() -> ModuleType:
    if MODULE in sys.modules:
        return sys.modules[MODULE]
    found = importlib.util.spec_from_file_location(MODULE, SOAK_PATH)
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    sys.modules[MODULE] = module  # dataclasses and pickling look the module up by name
    found.loader.exec_module(module)
    return module


soak = _load()


class InProcess(Executor):
    """Runs each task at once, in this process (so a monkeypatch reaches it)."""

    _max_workers = 1

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # pragma: no cover - soak's tasks catch their errors
            future.set_exception(exc)
        return future


def _run(**kwargs: Any) -> tuple[Any, str]:
    out = io.StringIO()
    result = soak.soak(InProcess(), games=["up_and_down", "page_one"], goal=200, seed=3,
                       chunk_actions=60, progress_every=0.0, out=out, **kwargs)
    return result, out.getvalue()


def test_counts_every_case_and_is_reproducible() -> None:
    result, text = _run()
    assert result.reached and not result.violations
    assert set(result.games) == {"up_and_down", "page_one"}
    for totals in result.games.values():
        assert totals.reached and totals.actions >= 200
        assert totals.cases == len(soak.cases_of(totals.game))
        assert sum(row["actions"] for row in totals.per_case.values()) == totals.actions
        assert sum(row["seeds"] for row in totals.per_case.values()) == totals.seeds == totals.games
    # The counted actions are exactly check_game's steps over the planned seeds of each case.
    cases = {c.label: c for c in soak.cases_of("up_and_down")}
    for label, row in result.games["up_and_down"].per_case.items():
        seeds = [soak.case_seed(3, cases[label], i) for i in range(row["seeds"])]
        report = check_game(make("up_and_down", preset=cases[label].preset, players=cases[label].players), seeds=seeds)
        assert report.steps == row["actions"]
    again, _ = _run()
    assert {g: (t.actions, t.games, t.per_case) for g, t in again.games.items()} == \
        {g: (t.actions, t.games, t.per_case) for g, t in result.games.items()}
    assert "goal reached" in text and "actions/s" in text


def test_planted_violations_are_reported_and_the_soak_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    first = soak.cases_of("up_and_down")[0]  # the first chunk of the plan: basic at 2 players
    bad_seed = soak.case_seed(3, first, 1)
    crash_seed = soak.case_seed(3, soak.cases_of("page_one")[0], 0)
    real_check = soak.check_game

    def faulty_check(game: Any, seeds: Any, **knobs: Any) -> Any:
        (seed,) = seeds
        if seed == bad_seed:
            raise ConformanceError(f"planted seed={seed}")
        if seed == crash_seed:
            raise KeyError("planted crash")
        return real_check(game, seeds=seeds, **knobs)

    monkeypatch.setattr(soak, "check_game", faulty_check)
    # A real invariant broken by the engine: Up&Down at 3 players loses its cards at the end.
    cls = type(make("up_and_down", players=3))
    real_census = cls.census

    def leaky_census(self: Any, state: Any) -> Counter[Any]:
        if self.num_players == 3 and self.is_terminal(state):
            return Counter()
        return real_census(self, state)

    monkeypatch.setattr(cls, "census", leaky_census)
    result, text = _run()
    assert result.reached  # the violations did not stop it
    found = {(v.game, v.preset, v.players, v.seed): v.message for v in result.violations}
    assert found[("up_and_down", "basic", 2, bad_seed)] == f"planted seed={bad_seed}"
    assert found[("page_one", "classic", 2, crash_seed)].startswith("KeyError: 'planted crash' (at ")
    leaks = [v for v in result.violations if v.players == 3 and v.game == "up_and_down"]
    assert leaks and all("cards not conserved" in v.message for v in leaks)
    totals = result.games["up_and_down"]
    assert totals.per_case["up_and_down/basic/2p"]["games"] == totals.per_case["up_and_down/basic/2p"]["seeds"] - 1
    assert totals.per_case["up_and_down/basic/3p"]["actions"] == 0
    assert totals.violations == sum(row["violations"] for row in totals.per_case.values())
    assert f"VIOLATION up_and_down/basic/2p seed={bad_seed}: planted" in text
    assert (f"check_game(make('up_and_down', preset='basic', players=2), seeds=[{bad_seed}])") in text
    assert "| page_one |" in soak.table(result)


def test_a_game_failing_every_seed_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Any, seeds: Any, **knobs: Any) -> Any:
        raise ConformanceError(f"{game.name} is broken")

    real_check = soak.check_game
    monkeypatch.setattr(soak, "check_game",
                        lambda game, seeds, **knobs: broken(game, seeds) if game.name == "up_and_down"
                        else real_check(game, seeds=seeds, **knobs))
    result, text = _run(max_violations=5)
    assert not result.reached
    assert result.games["up_and_down"].stopped and result.games["up_and_down"].actions == 0
    assert result.games["page_one"].reached
    assert 5 <= len(result.violations) < 5 + 2 * 60  # at most the chunks in flight more
    assert "up_and_down: given up after" in text and "| given up |" in soak.table(result)


def test_main_writes_json_and_exits_1_on_a_violation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "soak.json"
    argv = ["--games", "up_and_down", "--actions", "200", "--workers", "1", "--chunk-actions", "100",
            "--json", str(out)]
    assert soak.main(argv) == 0
    data = json.loads(out.read_text())
    assert data["games"]["up_and_down"]["actions"] >= 200 and data["violations"] == []
    assert data["reached"] and "local processes" in data["runner"]
    capsys.readouterr()
    assert soak.main(["--table", str(out)]) == 0
    assert f"| up_and_down | 24 | {data['games']['up_and_down']['actions']:,} |" in capsys.readouterr().out
    # The worker processes are forked, so they see the planted fault too.
    bad_seed = soak.case_seed(0, soak.cases_of("up_and_down")[0], 0)
    real_check = soak.check_game

    def faulty_check(game: Any, seeds: Any, **knobs: Any) -> Any:
        if list(seeds) == [bad_seed]:
            raise ValueError("boom")
        return real_check(game, seeds=seeds, **knobs)

    monkeypatch.setattr(soak, "check_game", faulty_check)
    argv = ["--games", "up_and_down", "--actions", "100000", "--seconds", "1", "--workers", "1",
            "--chunk-actions", "100", "--illegal-per-step", "1"]
    assert soak.main(argv) == 1
    text = capsys.readouterr().out
    assert "Goal NOT reached" in text and "Checks LOWERED" in text
    assert f"seed={bad_seed}: ValueError: boom" in text
    assert f"seeds=[{bad_seed}], illegal_per_step=1)" in text
