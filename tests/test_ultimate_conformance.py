"""Ultimate against the protocol: ``check_game`` on every preset at a low, a middle and a high
player count, determinize never changing an observation and every hand kept in ascending order
(hypothesis), voids and the called card respected by the resampling, and every code written in
English and Japanese, with the option combinations the registry-driven tests
(``tests/test_every_game.py``) do not reach.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest
from helpers_ultimate import c, deal, game, to_tricks
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.games.ultimate import PLAYER_RANGE, PRESETS, Ultimate
from tablekit.i18n import LANGUAGES, catalog
from tablekit.testing import check_game, perft


# Every preset at every player count it allows (the registry-driven tests take three of them).
CASES = [(preset, n) for preset, (low, high) in PLAYER_RANGE.items() for n in range(low, high + 1)]


@pytest.mark.parametrize("preset, players", CASES)
def test_check_game(preset: str, players: int) -> None:
    report = check_game(game(preset, players), seeds=range(2), observe_every=3)
    assert report.games == 2
    seen = report.codes_seen or set()
    assert {"ultimate.event.trick_won", "ultimate.event.bid", "ultimate.event.discarded"} <= seen


@pytest.mark.parametrize("options", [
    {"remainder": "to_kitty", "first_lead": "declarer", "allow_no_trump": True, "single_deal": True},
    {"all_pass": "last_forced_min_bid", "discards_count_for": "declarer", "show_running_points": True,
     "single_deal": True},
    {"call_timing": "before_kitty", "forbid_own_card": True, "partner_tricks": "declarer_only",
     "partner_on_fail": "half_bid", "single_deal": True},
    {"forbid_own_card": True, "tie": "play_on", "target": 40},
])
def test_check_game_options(options: dict[str, Any]) -> None:
    report = check_game(game("partner", 5, **options), seeds=range(3), observe_every=2)
    assert report.games == 3


def test_every_code_has_english_and_japanese_text() -> None:
    for lang in LANGUAGES:
        missing = sorted(code for code in game().codes() if code not in catalog(lang))
        assert not missing, f"{lang}: {missing}"


def test_perft_of_the_opening_auction() -> None:
    g = game()
    s = g.initial_state(0, dealer=0)
    assert perft(g, s, 1) == 61  # bids 1..60 and dropping out
    assert perft(g, s, 2) == sum(61 - a for a in range(1, 61)) + 61


def _random_state(preset: str, players: int, seed: int, steps: int) -> tuple[Ultimate, Any]:
    g = game(preset, players)
    s = g.initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal(s):
            break
        legal = g.legal_actions(s)
        s, _ = g.step(s, legal[rng.randrange(len(legal))])
    return g, s


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(4, 8), seed=st.integers(0, 2**32),
       steps=st.integers(0, 120), sample=st.integers(0, 2**32))
def test_resampling_hidden_cards_changes_no_observation(preset: str, players: int, seed: int, steps: int,
                                                        sample: int) -> None:
    g, s = _random_state(preset, players, seed, steps)
    assert all(list(hand) == sorted(hand) for hand in s.hands), "every hand is kept in ascending order"
    rng = random.Random(sample)
    for seat in range(players):
        other = g.determinize(s, seat, rng)
        assert all(list(hand) == sorted(hand) for hand in other.hands), "a resampled hand too"
        assert g.observe(other, seat) == g.observe(s, seat)
        assert g.census(other) == g.census(s)
        # What the seat saw stays: its own hand, the tricks, and the voids shown.
        assert other.hands[seat] == s.hands[seat] and other.won == s.won and other.trick == s.trick
        for i, hand in enumerate(other.hands):
            assert not any(s.voids[i] >> (card // 13) & 1 for card in hand)


def test_determinize_resamples_the_hidden_cards_and_the_partner() -> None:
    g = game("partner")
    s = to_tricks(g, deal(g, [[], [], ["KC"]]), bid=20, call="KC")
    assert s.partner == 2
    rng = random.Random(1)
    samples = [g.determinize(s, 1, rng) for _ in range(40)]
    assert len({x.hands[2] for x in samples}) > 1 and len({x.leftovers for x in samples}) > 1
    assert len({x.discards for x in samples}) > 1  # seat 1 never saw the discards
    assert len({x.partner for x in samples}) > 1  # the partner is hidden from seat 1 as well
    for x in samples:
        holder = next((i for i, h in enumerate(x.hands) if c("KC") in h and i != 0), -1)
        assert x.partner == holder
    # The declarer's own discards are never resampled for the declarer.
    assert all(g.determinize(s, 0, rng).discards == s.discards for _ in range(10))


def test_forbid_own_card_keeps_the_called_card_away_from_the_declarer() -> None:
    g = game("partner", forbid_own_card=True)
    s = to_tricks(g, deal(g, [[], [], ["KC"]]), bid=20, call="KC")
    rng = random.Random(2)
    for _ in range(60):
        x = g.determinize(s, 1, rng)
        assert c("KC") not in x.hands[0] and c("KC") not in x.discards
