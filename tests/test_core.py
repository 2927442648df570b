"""Core: records, matches, errors, config validation, seeds and the registry."""

from __future__ import annotations

import json

import pytest

from tablekit import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    Match,
    Record,
    RecordError,
    derive_seed,
    list_games,
    make,
    replay,
)
from tablekit.core.registry import presets
from tablekit.games.up_and_down import Play


def test_derive_seed_is_stable_across_runs() -> None:
    # A golden value: simulations depend on it never changing.
    assert derive_seed(0, "game", 0) == derive_seed(0, "game", 0)
    assert derive_seed(0, "game", 0) == 3200095346320215797
    assert derive_seed(1, "game") != derive_seed("1", "game")


def test_registry() -> None:
    assert list_games() == ["up_and_down", "ultimate", "up_or_down", "narabe_runo", "page_one"]  # the order every menu shows
    assert set(presets("up_and_down")) == {"basic", "carry_over", "cul_de_sac", "solo"}
    with pytest.raises(ConfigError, match="option 'game' must be 'up_and_down', 'ultimate', 'up_or_down', 'narabe_runo', 'page_one'"):
        make("no_such_game")


@pytest.mark.parametrize(
    ("kwargs", "field", "allowed"),
    [
        ({"preset": "turbo"}, "preset", "'basic', 'carry_over', 'cul_de_sac', 'solo'"),
        ({"players": 8}, "players", "an integer from 2 to 7"),
        ({"players": 1}, "players", "an integer from 2 to 7"),
        ({"payee": "dealer"}, "payee", "'last_play', 'last_number'"),
        ({"inflation": 1}, "inflation", "False, True"),
        ({"colour": "red"}, "colour", "a known option: mode, players"),
        ({"solo": True}, "solo", "False unless mode is 'cul_de_sac'"),
        ({"preset": "cul_de_sac", "removed_cards": 80, "players": 7}, "removed_cards", "from 0 to 73"),
    ],
)
def test_bad_options_name_the_field_and_allowed_values(kwargs: dict, field: str, allowed: str) -> None:
    with pytest.raises(ConfigError) as info:
        make("up_and_down", **kwargs)
    assert info.value.field == field
    assert allowed in str(info.value)


def test_record_round_trip_and_replay() -> None:
    game = make("up_and_down", preset="carry_over", players=3)
    match = Match(game, seed=42)
    for _ in range(30):
        match.play(match.legal_actions()[-1])
    record = match.record()
    text = record.to_json()
    assert Record.from_json(text) == record
    assert replay(text) == match.state
    assert json.loads(text)["config"]["mode"] == "carry_over"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "not json", "not valid JSON"),
        (lambda d: {**d, "format": "x"}, "unknown record format"),
        (lambda d: {**d, "seed": -1}, "'seed' must be a non-negative integer"),
        (lambda d: {**d, "actions": [1]}, "action 0 is not a text code"),
        (lambda d: {**d, "game": "chess"}, "record config is invalid"),
        (lambda d: {**d, "config": {**d["config"], "players": 9}}, "record config is invalid"),
        (lambda d: {**d, "actions": ["ZZ"]}, "action 0 'ZZ' is not an action of up_and_down"),
        (lambda d: {**d, "actions": d["actions"][:1] * 2}, "action 1 .* is illegal"),
        (lambda d: {**d, "setup": {"deck": [1, 2, 3]}}, "setup is invalid"),
    ],
)
def test_corrupt_records_raise_record_error(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    game = make("up_and_down", players=3)
    match = Match(game, seed=1)
    match.play(match.legal_actions()[0])
    data = mutate(match.record().to_dict())
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError, match=message):
        Record.from_json(text).replay()


def test_match_undo_jump_fork_redo() -> None:
    game = make("up_and_down", players=4)
    match = Match(game, seed=9)
    codes = []
    for _ in range(6):
        action = match.legal_actions()[0]
        codes.append(action.code)
        match.play(action)
    final = match.state
    match.undo(2)
    assert match.step_index == 4 and [a.code for a in match.actions] == codes
    match.redo()
    assert match.step_index == 5
    match.jump(6)
    assert match.state is final
    fork = match.fork(3)
    assert fork.step_index == 3 and fork.state == match.states[3]
    fork.play(fork.legal_actions()[-1])
    assert match.state is final and len(match.actions) == 6  # the original line is untouched
    match.jump(2)
    match.play(match.legal_actions()[-1])  # playing from the past discards the redo line
    assert len(match.actions) == 3
    with pytest.raises(ValueError, match="step must be an integer from 0 to 3"):
        match.jump(7)


def test_match_undo_to_turn_of() -> None:
    match = Match(make("up_and_down", players=3), seed=4)
    for _ in range(5):
        match.play(match.legal_actions()[0])
    seat = 0
    assert match.undo_to_turn_of(seat)
    assert match.current_player == seat and match.step_index < 5
    fresh = Match(make("up_and_down", players=3), seed=4)
    assert not fresh.undo_to_turn_of(0)


def test_illegal_play_in_a_match_changes_nothing() -> None:
    match = Match(make("up_and_down", players=3), seed=4)
    hand = match.observe(None)["players"][match.current_player]["hand"]
    missing = next(n for n in range(1, 101) if str(n) not in hand)
    before = (match.state, match.step_index, list(match.actions))
    with pytest.raises(IllegalActionError) as info:
        match.play(str(missing))
    assert info.value.verdict.reason == "up_and_down.illegal.not_in_hand"
    assert (match.state, match.step_index, list(match.actions)) == before
    with pytest.raises(InvalidActionError):
        match.play("hello")
    with pytest.raises(InvalidActionError):
        Play(101, target=2)
