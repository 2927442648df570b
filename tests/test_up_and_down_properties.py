"""Up&Down property tests (hypothesis): records round-trip, replay is deterministic, every
illegal action is rejected with a reason and leaves the state unchanged. (That determinize
hides nothing is checked for every game in tests/test_every_game.py.)"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from helpers_scenarios import random_line

from tablekit import IllegalActionError, Match, Record, make
from tablekit.games.up_and_down.actions import SHOT, Play

PRESETS = st.sampled_from(["basic", "carry_over", "cul_de_sac", "solo"])
PLAYERS = st.integers(min_value=2, max_value=7)
SEEDS = st.integers(min_value=0, max_value=2**32)


def _random_line(preset: str, players: int, seed: int, choices: list[int]) -> Match:
    return random_line("up_and_down", preset, players, seed, choices)


@settings(max_examples=60, deadline=None)
@given(PRESETS, PLAYERS, SEEDS, st.lists(st.integers(min_value=0, max_value=50), max_size=80))
def test_record_round_trip_and_replay(preset: str, players: int, seed: int, choices: list[int]) -> None:
    match = _random_line(preset, players, seed, choices)
    record = match.record()
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(record.to_json(indent=2)).to_json() == record.to_json()
    assert record.replay() == match.state
    assert Match.from_record(record).state == match.state


@settings(max_examples=60, deadline=None)
@given(PRESETS, PLAYERS, SEEDS, st.lists(st.integers(min_value=0, max_value=50), max_size=60),
       st.integers(min_value=1, max_value=100), st.integers(min_value=0, max_value=6))
def test_illegal_actions_are_rejected_with_a_reason(
    preset: str, players: int, seed: int, choices: list[int], card: int, target: int
) -> None:
    match = _random_line(preset, players, seed, choices)
    game, state = match.game, match.state
    for action in (Play(card), Play(SHOT, target), Play(101), Play(102)):
        before = copy.deepcopy(state)
        verdict = game.explain(state, action)
        assert verdict.text("en") != verdict.reason and verdict.text("ja")
        if verdict.ok:
            assert action in game.legal_actions(state)
            continue
        assert action not in game.legal_actions(state)
        try:
            game.step(state, action)
        except IllegalActionError as exc:
            assert exc.verdict == verdict
            assert verdict.reason.startswith("up_and_down.illegal.")
            assert exc.text("ja") != exc.text("en")
        else:
            raise AssertionError(f"{action.code} was accepted although explain refused it")
        assert state == before


@settings(max_examples=30, deadline=None)
@given(PRESETS, PLAYERS, SEEDS)
def test_same_seed_same_game(preset: str, players: int, seed: int) -> None:
    game = make("up_and_down", preset=preset, players=players)
    assert game.initial_state(seed) == game.initial_state(seed)
