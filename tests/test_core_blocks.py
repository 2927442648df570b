"""The shared blocks in ``tablekit.core``: decks, seats, tricks, standard cards, team outcomes."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.core import cards
from tablekit.core.deck import give_one, redeal_unseen, stack
from tablekit.core.game import Outcome
from tablekit.core.seats import next_seat, seats_after, skipped_seats
from tablekit.core.tricks import legal_follow, revealed_voids, trick_winner
from tablekit.testing import stack_deck

SUIT = cards.suit_of
RANK = {r: i for i, r in enumerate("23456789TJQKA")}.__getitem__


def rank(code: str) -> int:
    return RANK(cards.rank_of(code))


# --- deck ------------------------------------------------------------------------------------
def test_stack_puts_the_front_first_and_keeps_the_rest_in_order() -> None:
    assert stack(list(cards.STANDARD_52), ["KC", "AS"])[:4] == ["KC", "AS", "2S", "3S"]
    assert stack_deck is stack  # the public name in tablekit.testing still works


def test_stack_names_cards_the_deck_lacks() -> None:
    with pytest.raises(ValueError, match="ZZ"):
        stack(["AS", "2S"], ["ZZ"])
    with pytest.raises(ValueError, match="AS"):
        stack(["AS", "2S"], ["AS", "AS"])


@settings(max_examples=80, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 6), min_size=1, max_size=6),
    hidden_bits=st.lists(st.booleans(), min_size=6, max_size=6),
    seed=st.integers(0, 2**32),
)
def test_redeal_keeps_sizes_the_cards_and_the_seen_zones(sizes: list[int], hidden_bits: list[bool], seed: int) -> None:
    deck = list(range(sum(sizes)))
    zones, pos = [], 0
    for size in sizes:
        zones.append(tuple(deck[pos : pos + size]))
        pos += size
    hidden = {i for i in range(len(zones)) if hidden_bits[i]}
    out = redeal_unseen(zones, hidden, random.Random(seed))
    assert [len(z) for z in out] == sizes
    assert Counter(c for z in out for c in z) == Counter(deck)
    assert all(out[i] == zones[i] for i in range(len(zones)) if i not in hidden)
    # The same rng state gives the same deal.
    assert out == redeal_unseen(zones, hidden, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_redeal_with_a_constraint_respects_voids(seed: int) -> None:
    # Seat 1 has shown it holds no heart; seat 2 no spade.
    hands = [("AH", "2H", "3S"), ("4S", "5D", "6C"), ("7H", "8D", "9C")]
    void = {1: "H", 2: "S"}
    out = redeal_unseen(hands, {1, 2}, random.Random(seed), fits=lambda z, c: cards.suit_of(c) != void.get(z))
    assert out[0] == hands[0]
    assert all(cards.suit_of(c) != "H" for c in out[1]) and all(cards.suit_of(c) != "S" for c in out[2])
    assert Counter(out[1] + out[2]) == Counter(hands[1] + hands[2])


def test_redeal_raises_when_nothing_fits() -> None:
    with pytest.raises(ValueError, match="constraints"):
        redeal_unseen([("AH",), ("2H",)], {0, 1}, random.Random(0), fits=lambda z, c: z == 0)


def test_redeal_without_a_constraint_varies_with_the_rng() -> None:
    zones = [tuple(range(10)), tuple(range(10, 20))]
    deals = {tuple(redeal_unseen(zones, {0, 1}, random.Random(s))[0]) for s in range(20)}
    assert len(deals) > 10


def test_give_one_swaps_in_a_wanted_card_and_keeps_sizes() -> None:
    zones = [("2S", "3S"), ("4S", "5H"), ("6H",)]
    out = give_one(zones, 0, lambda c: cards.suit_of(c) == "H", [1, 2])
    assert out == [("5H", "3S"), ("4S", "2S"), ("6H",)]
    assert give_one(zones, 0, lambda c: cards.suit_of(c) == "D", [1, 2]) == [tuple(z) for z in zones]


# --- seats -----------------------------------------------------------------------------------
def test_next_seat_turns_both_ways_and_skips() -> None:
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [next_seat(s, 4, -1) for s in range(4)] == [3, 0, 1, 2]
    assert next_seat(1, 4, skips=1) == 3
    out = (False, True, False, True)
    assert next_seat(0, 4, out=out) == 2 and next_seat(0, 4, -1, out=out) == 2
    assert next_seat(0, 4, skips=1, out=out) == 0  # two players in: one skip comes back round
    assert list(seats_after(2, 4, 1, out)) == [0, 2]
    assert skipped_seats(0, 4, 1, 3, out) == [2, 0, 2]
    with pytest.raises(ValueError, match="every seat is out"):
        next_seat(0, 2, out=(True, True))
    with pytest.raises(ValueError, match="direction"):
        next_seat(0, 3, direction=2)


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 7),
    data=st.data(),
)
def test_next_seat_never_lands_on_a_seat_that_is_out(players: int, data: st.DataObject) -> None:
    out = tuple(data.draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    if all(out):
        out = (False,) + out[1:]
    seat = data.draw(st.integers(0, players - 1))
    direction = data.draw(st.sampled_from([1, -1]))
    skips = data.draw(st.integers(0, 5))
    nxt = next_seat(seat, players, direction, skips, out)
    assert not out[nxt]
    # Skipping k players is stepping k + 1 times.
    q = seat
    for _ in range(skips + 1):
        q = next_seat(q, players, direction, 0, out)
    assert q == nxt
    assert skipped_seats(seat, players, direction, skips, out) + [nxt] == [
        next_seat(seat, players, direction, k, out) for k in range(skips + 1)
    ]


# --- tricks ----------------------------------------------------------------------------------
def test_follow_suit() -> None:
    hand = ["QS", "2H", "9S", "JK"]
    assert legal_follow(hand, "S", cards.suit_of) == ["QS", "9S"]
    assert legal_follow(hand, "D", cards.suit_of) == hand
    assert legal_follow(hand, None, cards.suit_of) == hand


@pytest.mark.parametrize("plays,led,trump,winner", [
    ([(0, "QS"), (1, "AS"), (2, "2H"), (3, "KS")], "S", "H", 2),  # the source's UL-04: ♥2 wins
    ([(0, "QS"), (1, "AC"), (2, "3S"), (3, "KD")], "S", "H", 0),  # UL-05: no trump, ♠Q highest
    ([(0, "QS"), (1, "3H"), (2, "9H"), (3, "AS")], "S", "H", 2),  # the higher trump
    ([(2, "5D"), (3, "AS"), (0, "KD"), (1, "2C")], "D", None, 0),  # no trump suit at all
])
def test_trick_winner(plays: list[tuple[int, str]], led: str, trump: str | None, winner: int) -> None:
    assert trick_winner(plays, led, trump, cards.suit_of, rank) == winner


def test_trick_winner_refuses_an_empty_trick() -> None:
    with pytest.raises(ValueError):
        trick_winner([], "S", None, cards.suit_of, rank)


def test_revealed_voids() -> None:
    plays = [(1, "QS"), (2, "2H"), (3, "9S"), (0, "KD")]
    assert revealed_voids(plays, "S", cards.suit_of) == [2, 0]


# --- cards -----------------------------------------------------------------------------------
def test_standard_cards_as_data() -> None:
    assert len(cards.STANDARD_52) == 52 == len(set(cards.STANDARD_52))
    assert Counter(cards.suit_of(c) for c in cards.STANDARD_52) == Counter({s: 13 for s in "SHDC"})
    assert [cards.read_code(c) for c in cards.CODES] == list(cards.CODES)
    assert cards.read_code("10♣") == "TC" and cards.read_code("Joker") == "JK"
    with pytest.raises(ValueError, match="'11S'"):
        cards.read_code("11S")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_has_a_distinct_name_and_label(lang: str) -> None:
    names = [cards.card_name(c, lang) for c in cards.CODES]
    assert len(set(names)) == len(names)
    assert all(cards.suit_name(cards.suit_of(c), lang) in cards.card_name(c, lang) for c in cards.STANDARD_52)
    assert cards.card_label("TH", lang) in ("10♥", "♥10")


def test_page_one_cards_are_the_standard_codes() -> None:
    from tablekit.games.page_one.actions import JOKER, card_code, card_from_code

    assert [card_code(c) for c in range(52)] == list(cards.STANDARD_52)
    assert card_code(JOKER) == cards.JOKER and card_from_code("TD") == cards.STANDARD_52.index("TD")


# --- outcome ---------------------------------------------------------------------------------
def test_outcome_json_names_teams_only_when_there_are_some() -> None:
    solo = Outcome("x.end", (1,), (0.0, 1.0), {"n": 1})
    assert "teams" not in solo.to_json() and solo.team_of(0) is None
    team = Outcome("x.end", (0, 1), (1.0, 1.0), teams=((0, 1),))
    assert team.to_json()["teams"] == [[0, 1]] and team.team_of(1) == (0, 1)
