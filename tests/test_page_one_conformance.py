"""Every American Page One preset and house rule passes the shared conformance checker; the fast
``legal_actions`` path equals the general one; property tests. (Random play on every preset at
2, 5 and 8 players, perft and the playthroughs: tests/test_every_game.py.)

Conformance runs use ``EagerBot`` (random, but mostly playing and calling) and a few seeds, so
the whole set stays fast; pure random play on the presets is in tests/test_every_game.py.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers_scenarios import random_line

from helpers_page_one import EagerBot
from tablekit import IllegalActionError, Match, Record, make
from tablekit.core.deal_code import decode, encode
from tablekit.games.page_one import JOKER, Play
from tablekit.games.page_one.config import PRESETS
from tablekit.games.page_one.rules import END_CODES, EVENT_CODES, REASON_CODES
from tablekit.testing import check_game

PRESET_NAMES = sorted(PRESETS)
SEATS = [(2, {}), (4, {}), (8, {}), (5, {"decks": 2})]
SEAT_IDS = ["2p", "4p", "8p", "two-decks-5p"]
FAST = {"observe_every": 3, "illegal_per_step": 1}


@pytest.mark.parametrize(("players", "extra"), SEATS, ids=SEAT_IDS)
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset(preset: str, players: int, extra: dict[str, Any]) -> None:
    game = make("page_one", preset=preset, players=players, **extra)
    report = check_game(game, seeds=range(2), bot=EagerBot(), **FAST)
    assert report.games == 2 and report.illegal_tried > 0


# Each house rule of spec (f) and option of (g), switched on alone on top of the classic rules.
OPTION_CASES: list[dict[str, Any]] = [
    {"play_on": True},
    {"draw_rule": "keep_drawn"},
    {"draw_rule": "until_playable"},
    {"wild_ranks": ()},
    {"two_ranks": ()},
    {"three_ranks": ()},
    {"linked_two_three": True},
    {"jump_ranks": ("J", "A")},
    {"reverse_ranks": ("9",), "jump_ranks": ("K", "7")},
    {"jokers": 2},
    {"jokers": 2, "joker_rule": "no_suit"},
    {"jokers": 2, "joker_rule": "free"},
    {"last_card": "no_special"},
    {"last_card": "no_eight"},
    {"page_one_on_last": True},
    {"reverse_on_suit_change": True},
    {"multi_play": True},
    {"starter_effect": True},
    {"no_counter": True},
    {"two_player_q_is_skip": True},
    {"voluntary_draw": True},
    {"final_penalty_drawn": True},
    {"call_mode": "catchable"},
    {"call_mode": "off"},
    {"penalty": 2},
    {"values": "pageone_jp"},
    {"rounds": 3},
    {"rounds": 20, "target": 40},
    {"deal_table": "crazy_eights"},
    {"hand_size": 3},
    {"effect_names": "uno"},
    # Options for rules of the source that had none (each needs the rule it refines).
    {"starter_effect": True, "starter_namer": "first_player"},
    {"starter_effect": True, "reverse_starter": "dealer"},
    {"jokers": 2, "challenge_no_counter": True},
    {"last_card": "draw_to_plain"},
    {"call_mode": "catchable", "catch_by": "any"},
    {"starter_namer": "first_player"},  # alone: no effect without starter_effect, still conforms
    {"reverse_starter": "dealer"},
    {"challenge_no_counter": True},
    {"catch_by": "any"},
]


@pytest.mark.parametrize(("players", "extra"), SEATS, ids=SEAT_IDS)
@pytest.mark.parametrize("options", OPTION_CASES, ids=[str(o) for o in OPTION_CASES])
def test_each_option_alone(options: dict[str, Any], players: int, extra: dict[str, Any]) -> None:
    game = make("page_one", players=players, **options, **extra)
    assert check_game(game, seeds=range(1), bot=EagerBot(), **FAST).games == 1


def test_heuristic_bot_games_conform() -> None:
    from tablekit.bots import make_bot

    game = make("page_one", preset="house", players=4, rounds=1)
    assert check_game(game, seeds=range(3), bot=make_bot("heuristic", game), **FAST).games == 3


def test_random_play_emits_the_codes() -> None:
    seen: set[str] = set()
    cases = [
        ("classic", {}), ("house", {"rounds": 2}), ("party", {}),
        ("classic", {"draw_rule": "until_playable", "final_penalty_drawn": True, "rounds": 20, "target": 30}),
        ("classic", {"reverse_on_suit_change": True, "jokers": 2, "starter_effect": True}),
        ("classic", {"call_mode": "catchable", "hand_size": 1, "last_card": "no_special"}),
        ("family", {"hand_size": 2, "voluntary_draw": False}), ("crazy_eights", {}),
        ("classic", {"no_counter": True, "jokers": 2, "joker_rule": "no_suit"}),
        ("family", {"catch_by": "any", "hand_size": 2}),
        ("classic", {"call_mode": "catchable", "jump_ranks": ("J", "A", "7", "9"), "hand_size": 2}),
        ("house", {"challenge_no_counter": True, "rounds": 2, "last_card": "draw_to_plain"}),
        ("classic", {"last_card": "draw_to_plain", "hand_size": 2}),
    ]
    for preset, options in cases:
        for players in (2, 3, 5):
            game = make("page_one", preset=preset, players=players, **options)
            report = check_game(game, seeds=range(2), bot=EagerBot(), observe_every=100, illegal_per_step=0)
            seen |= report.codes_seen or set()
    # Rare in random play, these have their own scenario tests: passing with nothing to draw
    # (and the refused draw) and a blocked round (which cannot happen in a real game), a stalled round, a joker turned as the starter, the choice after a
    # missed "Stop", a finished game refusing a move, and going out on an Eight refused.
    rare = {f"page_one.{k}" for k in (
        "event.blocked", "end.blocked", "event.stalled", "end.stalled", "event.starter_joker", "event.let_go",
        "ok.let_go", "illegal.stop_window", "event.passed", "ok.pass", "illegal.game_over", "illegal.out_on_eight",
        "illegal.nothing_to_draw")}
    assert (EVENT_CODES | END_CODES | REASON_CODES) - seen <= rare


@pytest.mark.parametrize("options", [{}, {"decks": 2}, {"voluntary_draw": True}, {"call_mode": "off"}])
def test_fast_path_equals_the_general_path(options: dict[str, Any]) -> None:
    game = make("page_one", players=4, **options)
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        s = game.initial_state(seed)
        while not game.is_terminal(s):
            legal = game.legal_actions(s)
            assert legal == game._legal_general(s)  # same actions, same order
            checked += 1
            s, _ = game.step(s, legal[rng.randrange(len(legal))])
    assert checked > 1000


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deal_codes(preset: str) -> None:
    code = encode("page_one", preset, 8, 0x5EED)
    assert code.startswith("PO-")
    assert decode(code) == ("page_one", preset, 8, 0x5EED)


# --- properties -----------------------------------------------------------------------------
PROPERTY_PRESETS = st.sampled_from(PRESET_NAMES)
PLAYERS = st.integers(min_value=2, max_value=8)
SEEDS = st.integers(min_value=0, max_value=2**32)
CHOICES = st.lists(st.integers(min_value=0, max_value=60), max_size=80)


def _random_line(preset: str, players: int, seed: int, choices: list[int]) -> Match:
    return random_line("page_one", preset, players, seed, choices)


@settings(max_examples=25, deadline=None)
@given(PROPERTY_PRESETS, PLAYERS, SEEDS, CHOICES)
def test_record_round_trip_and_replay(preset: str, players: int, seed: int, choices: list[int]) -> None:
    match = _random_line(preset, players, seed, choices)
    record = match.record()
    assert Record.from_json(record.to_json()) == record
    assert record.replay() == match.state
    for action in match.actions:
        assert match.game.action_from_code(action.code) == action


@settings(max_examples=25, deadline=None)
@given(PROPERTY_PRESETS, PLAYERS, SEEDS, CHOICES, st.integers(min_value=0, max_value=JOKER),
       st.sampled_from([None, 0, 1, 2, 3]), st.booleans())
def test_illegal_actions_are_rejected_with_a_reason(
    preset: str, players: int, seed: int, choices: list[int], card: int, suit: int | None, call: bool
) -> None:
    match = _random_line(preset, players, seed, choices)
    game, state = match.game, match.state
    action = Play(card, suit, call)
    before = copy.deepcopy(state)
    verdict = game.explain(state, action)
    assert verdict.text("en") != verdict.reason and verdict.text("ja") != verdict.reason
    assert verdict.ok == (action in game.legal_actions(state))
    if not verdict.ok:
        with pytest.raises(IllegalActionError) as info:
            game.step(state, action)
        assert info.value.verdict == verdict and verdict.reason.startswith("page_one.illegal.")
        assert state == before


@settings(max_examples=25, deadline=None)
@given(PROPERTY_PRESETS, PLAYERS, SEEDS, CHOICES, SEEDS)
def test_determinized_states_stay_playable(preset: str, players: int, seed: int, choices: list[int], rs: int) -> None:
    # Resampling for any seat (not only the one to play) leaves the player to move a legal
    # action (observations and cards are checked for every game in tests/test_every_game.py).
    match = _random_line(preset, players, seed, choices)
    game, state = match.game, match.state
    for seat in range(players):
        other = game.determinize(state, seat, random.Random(rs))
        if not game.is_terminal(other):
            assert game.legal_actions(other)
