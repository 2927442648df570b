"""Learners' bots (tablekit.sim.tournament): function_bot, check_bot and the round-robin.

Tiny games (Up&Down, two players, single games) and a 0.2 s stall limit keep this file fast.
"""

from __future__ import annotations

import json
import math
import random
import signal
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from tablekit import ConfigError, make
from tablekit.bots import RandomBot, decide, make_bot
from tablekit.core.rng import derive_seed
from tablekit.sim import play_game
from tablekit.sim import tournament as tm
from tablekit.sim.tournament import bradley_terry, check_bot, function_bot, tournament

GAME = make("up_and_down", players=2, single_game=True)
LIMIT = 0.2


def lowest(observation: dict[str, Any], legal: Any) -> Any:
    """A fair learner's bot: the legal action with the smallest code, returned as a code."""
    return min(legal, key=lambda a: (len(a.code), a.code)).code


def crashing(observation: dict[str, Any], legal: Any) -> Any:
    hand = observation["players"][observation["viewer"]]["hand"]
    return legal[len(hand) // (len(hand) - len(hand))]  # ZeroDivisionError on every move


def stalling(observation: dict[str, Any], legal: Any) -> Any:
    while True:
        pass


def stubborn(observation: dict[str, Any], legal: Any) -> Any:
    """Loops forever and swallows every ordinary exception."""
    while True:
        try:
            time.sleep(0.05)
        except Exception:
            pass


def first_card(observation: dict[str, Any], legal: Any) -> Any:
    """Plays the first card of its hand, legal or not."""
    return observation["players"][observation["viewer"]]["hand"][0]


@pytest.fixture(scope="module")
def faulty() -> tm.TournamentResult:
    return tournament(GAME, ["random", "heuristic", crashing, stalling], games_per_pairing=4, seed=5,
                      move_seconds=LIMIT)


def test_crashing_and_stalling_bots_lose_every_game_and_the_tournament_completes(faulty: tm.TournamentResult) -> None:
    ratings = faulty.ratings.set_index("entrant")
    assert list(faulty.ratings["entrant"].iloc[-2:]) in (["crashing", "stalling"], ["stalling", "crashing"])
    assert (ratings["games"] == 12).all(), "every entrant played its three pairings to the end"
    assert len(faulty.games) == 6 * 4
    for bad in ("crashing", "stalling"):
        fair = faulty.games[(faulty.games["a"] == bad) & faulty.games["b"].isin(["random", "heuristic"])
                            | (faulty.games["b"] == bad) & faulty.games["a"].isin(["random", "heuristic"])]
        assert len(fair) == 8
        assert [row.points_a if row.a == bad else row.points_b for row in fair.itertuples()] == [0.0] * 8
    # between the two, the one to move first fails first and loses
    both = faulty.games[(faulty.games["a"] == "crashing") & (faulty.games["b"] == "stalling")]
    assert len(both) == 4
    for row, incident in zip(both.itertuples(), faulty.incidents[faulty.incidents["opponent"].isin(["crashing", "stalling"])].itertuples()):
        loser_points = row.points_a if incident.entrant == row.a else row.points_b
        assert loser_points == 0.0 and row.points_a + row.points_b == 1.0
        assert incident.kind == {"crashing": "crash", "stalling": "stall"}[incident.entrant]
    assert ratings.loc["crashing", "wins"] + ratings.loc["stalling", "wins"] == 4.0
    # (a game can end before the second player moves: Up&Down's first card may leave it stuck)
    failed = faulty.games[faulty.games["incident"] != ""]
    assert ratings.loc["crashing", "incidents"] + ratings.loc["stalling", "incidents"] == len(faulty.incidents) == len(failed)
    assert len(failed) >= 16 and (faulty.games.loc[faulty.games["incident"] == "", "decisions"] > 0).all()
    crash = faulty.incidents[faulty.incidents["kind"] == "crash"].iloc[0]
    assert crash["entrant"] == "crashing"
    assert "ZeroDivisionError" in crash["message"] and "loses against" in crash["message"]
    assert "len(hand) // (len(hand) - len(hand))" in crash["message"], "the line of the learner's code"
    stall = faulty.incidents[faulty.incidents["kind"] == "stall"].iloc[0]
    assert stall["entrant"] == "stalling" and f"longer than {LIMIT:g} s" in stall["message"]
    assert set(faulty.incidents["kind"]) == {"crash", "stall"}


def test_the_other_games_are_played_as_play_game_plays_them(faulty: tm.TournamentResult) -> None:
    fair = faulty.games[(faulty.games["a"] == "random") & (faulty.games["b"] == "heuristic")]
    assert len(fair) == 4 and (fair["incident"] == "").all()
    for row in fair.itertuples():
        bots = ["random", "heuristic"] if row.seat_0 == "random" else ["heuristic", "random"]
        winners = play_game(GAME, bots, row.seed).outcome.winners
        expected = sum(1.0 / len(winners) for w in winners if bots[w] == "random") if winners else 0.5
        assert row.points_a == expected and row.points_b == 1 - expected
    # each deal is played twice, with the seats swapped
    assert list(fair["seat_0"]) == ["random", "heuristic"] * 2
    assert fair["seed"].iloc[0] == fair["seed"].iloc[1] != fair["seed"].iloc[2]


def test_ratings_table_and_intervals(faulty: tm.TournamentResult) -> None:
    r = faulty.ratings
    assert list(r.columns[:6]) == ["entrant", "games", "wins", "win_share", "ci_low", "ci_high"]
    assert math.isclose(r["wins"].sum(), len(faulty.games)), "every game gives out exactly one win"
    assert ((r["ci_low"] <= r["win_share"]) & (r["win_share"] <= r["ci_high"])).all()
    assert ((r["rating_low"] <= r["rating"]) & (r["rating"] <= r["rating_high"])).all()
    assert (r["rating_high"] - r["rating_low"] > 0).all()
    assert list(r["rating"]) == sorted(r["rating"], reverse=True)
    assert math.isclose(r["rating"].sum(), 0, abs_tol=1e-6)
    p = faulty.pairwise
    assert p.loc["heuristic", "stalling"] == 1.0 and math.isnan(p.loc["random", "random"])
    assert math.isclose(p.loc["random", "heuristic"] + p.loc["heuristic", "random"], 1.0)


def test_deterministic_for_a_seed_and_whatever_the_workers(faulty: tm.TournamentResult) -> None:
    again = tournament(GAME, ["random", "heuristic", crashing, stalling], games_per_pairing=4, seed=5,
                       move_seconds=LIMIT, workers=2)
    assert again.ratings.equals(faulty.ratings)
    assert again.games.equals(faulty.games)
    assert again.incidents.equals(faulty.incidents)
    other = tournament(GAME, ["random", "heuristic"], games_per_pairing=4, seed=6)
    assert set(other.games["seed"]).isdisjoint(faulty.games["seed"])


def test_an_illegal_choice_is_reported_with_the_rules_reason() -> None:
    report = check_bot(first_card, GAME, n=4, seed=0)
    assert not report.ok and report.problems
    problem = report.problems[0]
    assert problem.kind == "illegal" and problem.entrant == "first_card"
    # Rebuild the position: game index of the problem, the checked bot in seat index % 2.
    index = next(i for i in range(4) if derive_seed(0, "check", i) == problem.seed)
    assert problem.seat == index % 2
    state = GAME.initial_state(problem.seed)
    rngs = [random.Random(derive_seed(problem.seed, "bot", s)) for s in range(2)]
    learner = function_bot(first_card)
    for _ in range(problem.move - 1):
        seat = GAME.current_player(state)
        assert seat is not None
        bot = learner if seat == problem.seat else RandomBot()
        state, _ = GAME.step(state, decide(bot, GAME, state, rngs[seat]))
    assert GAME.current_player(state) == problem.seat
    chosen = GAME.action_from_code(first_card(GAME.observe(state, problem.seat), GAME.legal_actions(state)))
    verdict = GAME.explain(state, chosen)
    assert not verdict.ok
    assert problem.reason == verdict.text("en")
    assert problem.legal == tuple(a.code for a in GAME.legal_actions(state))
    assert verdict.text("en") in problem.message and f"Player {problem.seat + 1}" in problem.message
    assert ", ".join(problem.legal) in problem.message
    assert verdict.text("en") in repr(report) and "<li>" in report._repr_html_()
    japanese = check_bot(first_card, GAME, n=4, seed=0, lang="ja").problems[0]
    assert japanese.reason == verdict.text("ja") and "ルール違反" in japanese.message


def test_check_bot_passes_a_fair_bot_and_names_each_problem() -> None:
    report = check_bot(lowest, GAME, n=3)
    assert report.ok and report.moves > 3 and "no problems" in repr(report)
    assert check_bot(make_bot("heuristic", GAME), GAME, n=2).ok
    assert check_bot(lambda o, legal: None, GAME, n=1).problems[0].message.count("forget to return") == 1
    number = check_bot(lambda o, legal: 26, GAME, n=1).problems[0]
    assert number.kind == "illegal" and "the number 26" in number.message
    assert "is not a move of this game" in check_bot(lambda o, legal: "zz", GAME, n=1).problems[0].message
    crash = check_bot(crashing, GAME, n=1).problems[0]
    assert crash.kind == "crash" and crash.error == "ZeroDivisionError"
    assert crash.where.startswith("crashing, line ") and "len(hand) //" in crash.where


def test_a_stall_is_stopped_even_when_the_bot_swallows_exceptions() -> None:
    report = check_bot(stubborn, GAME, n=1, move_seconds=LIMIT)
    assert [p.kind for p in report.problems] == ["stall"]
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0), "no timer left running"


def test_a_timer_already_running_is_restored() -> None:
    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *_: fired.append(True))
    try:
        signal.setitimer(signal.ITIMER_REAL, 30)
        assert check_bot(stalling, GAME, n=1, move_seconds=LIMIT).problems[0].kind == "stall"
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < left < 30
        assert signal.getsignal(signal.SIGALRM) is not tm._raise_timeout
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not fired


def test_off_the_main_thread_a_slow_move_is_caught_when_it_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tm, "_warned_no_alarm", False)

    def slow(observation: dict[str, Any], legal: Any) -> Any:
        time.sleep(LIMIT * 1.5)
        return legal[0]

    found: list[Any] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        worker = threading.Thread(target=lambda: found.append(check_bot(slow, GAME, n=1, move_seconds=LIMIT)))
        worker.start()
        worker.join()
    assert [p.kind for p in found[0].problems] == ["stall"]
    assert any("main thread" in str(w.message) for w in caught)


def test_function_bot_accepts_actions_and_codes() -> None:
    state = GAME.initial_state(4)
    legal = GAME.legal_actions(state)
    by_code = function_bot(lambda o, lg: lg[1].code, name="second")
    by_action = function_bot(lambda o, lg: lg[1])
    assert by_code.name == "second" and by_action.name == "lambda"
    assert decide(by_code, GAME, state, random.Random(0)) == legal[1]
    assert decide(by_action, GAME, state, random.Random(0)) == legal[1]
    assert function_bot(lowest).name == "lowest"
    result = tournament(GAME, [lowest, "random"], games_per_pairing=2, seed=1)
    assert result.incidents.empty and set(result.ratings["entrant"]) == {"lowest", "random"}


def test_entrants_are_checked() -> None:
    with pytest.raises(ConfigError) as err:
        tournament(GAME, ["random", "alphazero"])
    assert err.value.field == "entrants" and err.value.value == "alphazero"
    for name in ("'random'", "'heuristic'", "'search'"):
        assert name in str(err.value)
    with pytest.raises(ConfigError):
        tournament(GAME, ["random"])
    with pytest.raises(ConfigError) as bad:
        tournament(GAME, ["random", "heuristic"], games_per_pairing=0)
    assert bad.value.field == "games_per_pairing"
    names = tournament(GAME, ["random", "random"], games_per_pairing=2).ratings["entrant"]
    assert set(names) == {"random", "random (2)"}


def test_search_entrant_has_a_small_repeatable_budget() -> None:
    name, bot = tm._entrant(GAME, "search", 0)
    assert name == "search" and bot.playouts == tm.SEARCH_PLAYOUTS and bot.seconds is None  # type: ignore[attr-defined]
    a = tournament(GAME, ["search", "heuristic"], games_per_pairing=2, seed=2, search_playouts=10)
    b = tournament(GAME, ["search", "heuristic"], games_per_pairing=2, seed=2, search_playouts=10)
    assert a.games.equals(b.games) and a.incidents.empty


def test_more_than_two_players_sit_alternately() -> None:
    three = make("up_and_down", players=3, single_game=True)
    result = tournament(three, ["random", "heuristic"], games_per_pairing=2, seed=3)
    for row in result.games.itertuples():
        order = ["random", "heuristic", "random"] if row.seat_0 == "random" else ["heuristic", "random", "heuristic"]
        winners = play_game(three, order, row.seed).outcome.winners
        expected = sum(1.0 / len(winners) for w in winners if order[w] == "random") if winners else 0.5
        assert row.points_a == expected


def test_bradley_terry() -> None:
    assert bradley_terry([[0, 5], [5, 0]]) == [0.0, 0.0]
    # P(A beats B) = 3/4 on both sides of the prior: ratio (3 + 0.5) / (1 + 0.5)
    a, b = bradley_terry([[0, 3], [1, 0]])
    assert math.isclose(a - b, 400 * math.log10(3.5 / 1.5), rel_tol=1e-6)
    # strengths 9 : 3 : 1 fit these results exactly
    ratings = bradley_terry([[0, 3, 9], [1, 0, 3], [1, 1, 0]], prior=0)
    assert all(math.isclose(x, y, abs_tol=1e-4) for x, y in zip(ratings, [400 * math.log10(3), 0, -400 * math.log10(3)]))
    assert all(math.isfinite(x) for x in bradley_terry([[0, 4], [0, 0]]))


def test_the_notebook_uses_what_it_teaches() -> None:
    notebook = json.loads((Path(__file__).resolve().parent.parent / "notebooks" / "95_write_a_bot.ipynb").read_text("utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    cells = notebook["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# ")
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    # It shows a learner testing their own bot with assert (its other checks are in
    # tests/test_notebook_checks.py).
    assert sum(line.lstrip().startswith("assert ") for line in code.splitlines()) >= 1
    assert "check_bot(" in code and "tournament(" in code and "FigureWidget" not in code


def test_tablekits_own_bots_are_never_timed() -> None:
    """A wall-clock limit on the built-in bots would let a busy machine change the results: only
    learners' bots are stopped. Even a limit no move can meet leaves the built-in bots alone."""
    result = tournament(GAME, ["random", "heuristic"], games_per_pairing=2, seed=3, move_seconds=1e-9)
    assert result.incidents.empty
    slow = tournament(GAME, [lambda observation, legal: legal[0], "random"], games_per_pairing=2, seed=3,
                      move_seconds=1e-9)
    assert set(slow.incidents["kind"]) == {"stall"}
