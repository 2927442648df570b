"""Scenario-test helpers every game shares (the per-game helpers add dealing a stacked deck
and bind these to their namespace)."""

from __future__ import annotations

import copy
from typing import Any, Sequence

import pytest

from tablekit import IllegalActionError, Match, make


def legal(game: Any, state: Any) -> set[str]:
    """The legal action codes (checked to have no duplicates)."""
    codes = [a.code for a in game.legal_actions(state)]
    assert len(codes) == len(set(codes)), f"duplicate legal actions {codes}"
    return set(codes)


def reason(game: Any, state: Any, code: str) -> str:
    return str(game.explain(state, game.action_from_code(code)).reason)


def play(game: Any, state: Any, *codes: str) -> tuple[Any, list[Any]]:
    """Step through ``codes``; the final state and every event on the way."""
    events: list[Any] = []
    for code in codes:
        state, evs = game.step(state, code)
        events.extend(evs)
    return state, events


def event_codes(events: Sequence[Any]) -> list[str]:
    return [e.code for e in events]


def event_params(events: Sequence[Any], code: str) -> list[dict[str, Any]]:
    """The parameters of every event with this code, in order."""
    return [e.params for e in events if e.code == code]


def assert_rejects(game: Any, state: Any, code: Any, reason_code: str) -> IllegalActionError:
    """``code`` (an action code or action) is refused with ``reason_code`` and the state is left
    exactly as it was (equal to a deep copy, same hands tuple)."""
    before = copy.deepcopy(state)
    hands = state.hands
    with pytest.raises(IllegalActionError) as info:
        game.step(state, code)
    assert info.value.verdict.reason == reason_code
    assert not info.value.verdict.ok
    assert state == before
    assert state.hands is hands
    return info.value


def random_line(game: str, preset: str, players: int, seed: int, choices: list[int]) -> Match:
    """A match of ``game`` played along ``choices`` (each picks a legal action by index), as
    hypothesis draws them for the property tests."""
    match = Match(make(game, preset=preset, players=players), seed=seed)
    for pick in choices:
        if match.is_over:
            break
        legal_now = match.legal_actions()
        match.play(legal_now[pick % len(legal_now)])
    return match
