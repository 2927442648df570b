"""Ultimate's heuristic bot: it only ever chooses legal actions, with a reason in English and
Japanese, decides from its observation alone and deterministically, and shows basic card sense
on stacked deals (bids no more than its estimate, names its strongest suit, discards 5s and
short side cards, follows low, wins a point trick cheaply, trumps only points).

Ultimate is not registered yet, so the games are built directly (``helpers_ultimate.game``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers_ultimate import c, deal, game, to_tricks, win_auction

from tablekit.bots import RandomBot, advise
from tablekit.core.verdict import Advice
from tablekit.games.ultimate import PLAYER_RANGE, Bid, Discard, NameTrump, Pass, Ultimate
from tablekit.games.ultimate.bots import BID_SHARE, HINT_CODES, HeuristicBot, estimate
from tablekit.games.ultimate.config import POINT_TABLES
from tablekit.i18n import LANGUAGES, catalog
from tablekit.sim import simulate, wilson_interval

NS = "ultimate"
BOT = HeuristicBot()
SEED_POINTS = tuple(POINT_TABLES["seed"].get("A23456789TJQK"[x % 13], 0) for x in range(52))


def hint(g: Ultimate, s: Any, rng: int = 0) -> Advice:
    seat = g.current_player(s)
    assert seat is not None
    return advise(BOT, g.observe(s, seat), g.legal_actions(s), random.Random(rng))


def play_out(g: Ultimate, seed: int, heuristic_seats: set[int]) -> list[str]:
    """Play a whole game, checking every heuristic choice; returns the reasons given."""
    s = g.initial_state(seed)
    other = RandomBot()
    rng = random.Random(seed)
    reasons = []
    while not g.is_terminal(s):
        seat = g.current_player(s)
        assert seat is not None
        legal = g.legal_actions(s)
        if seat in heuristic_seats:
            a = advise(BOT, g.observe(s, seat), legal, rng)
            assert a.action in legal, (a, s)
            assert a.reason in HINT_CODES
            reasons.append(a.reason)
            action = a.action
        else:
            action = other.choose(g.observe(s, seat), legal, rng)
        s, _ = g.step(s, action)
    return reasons


CASES = [(preset, n) for preset, (low, high) in PLAYER_RANGE.items() for n in sorted({low, (low + high) // 2, high})]


@pytest.mark.parametrize("preset, players", CASES)
def test_only_legal_actions_with_a_known_reason(preset: str, players: int) -> None:
    g = game(preset, players)
    seen: set[str] = set()
    for seed in range(3):
        seen.update(play_out(g, seed, set(range(players))))  # a table of heuristic bots
        seen.update(play_out(g, 100 + seed, {seed % players}))  # one among random bots
    assert {f"{NS}.hint.{k}" for k in ("bid", "pass", "trump", "follow_low", "lead_low")} <= seen
    if preset == "partner":
        assert f"{NS}.hint.call_trump" in seen


@pytest.mark.parametrize("options", [
    {"allow_no_trump": True, "remainder": "to_kitty", "first_lead": "declarer"},
    {"all_pass": "last_forced_min_bid", "discards_count_for": "declarer", "show_running_points": True},
    {"partner_call": True, "call_timing": "before_kitty", "forbid_own_card": True},
    {"partner_call": True, "forbid_own_card": True, "partner_tricks": "declarer_only"},
])
def test_only_legal_actions_under_options(options: dict[str, Any]) -> None:
    g = game("basic", 5, single_deal=True, **options)
    for seed in range(15):
        play_out(g, seed, set(range(5)))
        play_out(g, seed, {seed % 5})


def test_every_hint_has_english_and_japanese_text() -> None:
    for lang in LANGUAGES:
        missing = sorted(HINT_CODES - set(catalog(lang)))
        assert not missing, (lang, missing)
    a = hint(game(), game().initial_state(3))
    assert a.text("en") != a.reason and a.text("ja") != a.text("en")


def test_choices_are_deterministic_and_use_only_the_observation() -> None:
    g = game("partner", 5)
    for seed in range(4):
        s = g.initial_state(seed)
        steps = 0
        while not g.is_terminal(s) and steps < 120:
            seat = g.current_player(s)
            assert seat is not None
            legal = g.legal_actions(s)
            a = BOT.choose(g.observe(s, seat), legal, random.Random(1))
            assert BOT.choose(g.observe(s, seat), legal, random.Random(2)) == a
            if steps % 7 == 0:
                # A state that looks the same to the seat gets the same choice.
                other = g.determinize(s, seat, random.Random(steps))
                assert BOT.choose(g.observe(other, seat), g.legal_actions(other), random.Random(3)) == a
            s, _ = g.step(s, a)
            steps += 1


# --- the auction --------------------------------------------------------------------------
STRONG = ["AS", "KS", "QS", "JS", "9S", "7S", "4S", "AH", "KH", "2D", "3C"]
WEAK = ["2S", "3S", "4H", "6H", "7D", "8D", "9D", "2C", "8C", "4C", "6C"]


def test_a_strong_hand_bids_its_estimate_and_a_weak_one_drops_out() -> None:
    g = game()
    s = deal(g, [STRONG], dealer=0)
    a = hint(g, s)
    worth = estimate([c(x) for x in STRONG], 0, 4, 5, SEED_POINTS)
    assert worth > 25
    assert a.action == Bid(int(worth * BID_SHARE)) and a.reason == f"{NS}.hint.bid"
    assert a.params["suit"] == "@cards.suit.S"
    # Seat 1's weak hand is worth less than the 11 it would have to bid after the dealer's 10.
    s, _ = g.step(deal(g, [STRONG, WEAK], dealer=0), "bid:10")
    worth = max(estimate([c(x) for x in WEAK], t, 4, 5, SEED_POINTS) for t in range(4))
    assert worth < 11
    assert hint(g, s) == Advice(Pass(), f"{NS}.hint.pass", {"estimate": int(worth * BID_SHARE), "amount": 11})


def test_never_bids_above_its_estimate() -> None:
    """Over many deals: a bid is at most the estimate of the hand with its best suit as trumps,
    and the bot drops out only when the lowest legal bid is above that estimate."""
    g = game()
    bids = passes = 0
    for seed in range(150):
        s = g.initial_state(seed)
        s, _ = g.step(s, f"bid:{1 + seed % 30}")  # the dealer opens; the next seat is the bot
        seat = g.current_player(s)
        hand = list(s.hands[seat])
        best = max(estimate(hand, t, 4, 5, SEED_POINTS) for t in range(4))
        a = hint(g, s)
        if isinstance(a.action, Bid):
            bids += 1
            assert 1 + seed % 30 < a.action.amount <= best
        else:
            passes += 1
            assert best < 2 + seed % 30
    assert bids > 20 and passes > 20


def test_the_last_speaker_who_may_not_pass_bids_the_minimum() -> None:
    g = game(all_pass="last_forced_min_bid")
    s = deal(g, [WEAK, WEAK[:0]], dealer=1)
    for _ in range(3):
        s, _ = g.step(s, "pass")
    assert g.current_player(s) == 0
    a = hint(g, s)
    assert a.action == Bid(1) and a.reason == f"{NS}.hint.forced_bid"


# --- the exchange, the trump and the call -------------------------------------------------
def test_discards_fives_and_short_side_cards_then_names_its_strongest_suit() -> None:
    g = game()
    hand = ["AS", "KS", "QS", "9S", "7S", "4S", "AH", "8H", "6H", "2D", "8C"]
    s = deal(g, [hand], kitty=["5D", "3C", "JD", "2H", "TC"], dealer=0)
    s = win_auction(g, s, 20)
    discarded = []
    first = True
    while isinstance(g.legal_actions(s)[0], Discard):
        a = hint(g, s)
        if first:
            assert a.action == Discard(c("5D")) and a.reason == f"{NS}.hint.discard_five"
            first = False
        assert isinstance(a.action, Discard)
        discarded.append(a.action.card)
        s, _ = g.step(s, a.action)
    # No spade (the trump to be) and no ace is laid aside, and the short diamonds go: the hand is
    # void in them, so it can trump them.
    assert not {c(x) for x in ("AS", "KS", "QS", "9S", "7S", "4S", "AH")} & set(discarded)
    assert {c("2D"), c("JD")} <= set(discarded)
    assert not [x for x in s.hands[0] if x // 13 == 2]
    a = hint(g, s)
    assert a.action == NameTrump(0) and a.reason == f"{NS}.hint.trump" and a.params["count"] == 6


def test_names_the_longer_suit_when_the_honours_are_even() -> None:
    g = game()
    hand = ["AS", "KS", "3S", "AH", "KH", "9H", "8H", "7H", "4H", "2D", "2C"]
    s = deal(g, [hand], dealer=0)
    s = win_auction(g, s)
    for card in list(s.picked):
        s, _ = g.step(s, Discard(card))
    assert hint(g, s).action == NameTrump(1)


def test_no_trump_only_when_allowed_balanced_and_strong() -> None:
    hand = ["AS", "KS", "QS", "AH", "KH", "QH", "AD", "KD", "AC", "KC", "QC"]
    for allowed, expected in ((True, NameTrump(None)), (False, None)):
        g = game(allow_no_trump=allowed)
        s = win_auction(g, deal(g, [hand], dealer=0))
        for card in list(s.picked):
            s, _ = g.step(s, Discard(card))
        a = hint(g, s)
        if expected is None:
            assert isinstance(a.action, NameTrump) and a.action.suit is not None
        else:
            assert a.action == expected and a.reason == f"{NS}.hint.no_trump"


def test_calls_the_highest_trump_it_lacks() -> None:
    g = game("partner")
    hand = ["KS", "QS", "JS", "9S", "7S", "4S", "AH", "8H", "6H", "2D", "8C"]
    s = win_auction(g, deal(g, [hand], dealer=0))
    for card in list(s.picked):
        s, _ = g.step(s, Discard(card))
    s, _ = g.step(s, "trump:S")
    a = hint(g, s)
    assert a.action.code == "call:AS" and a.reason == f"{NS}.hint.call_trump"


# --- tricks -------------------------------------------------------------------------------
# Seat 0 deals, declares with hearts as trumps and leads; the other hands are stacked.
SPADE_LEAD = ["AS", "JS", "AH", "KH", "QH", "2D", "3D", "4D", "6D", "7D", "8D"]


def test_follows_with_its_lowest_card_when_it_cannot_win() -> None:
    g = game()
    s = to_tricks(g, deal(g, [SPADE_LEAD, ["2S", "7S", "KS", "6C", "7C", "8C", "9C", "2H", "3H", "4H", "6H"]]))
    s, _ = g.step(s, "AS")
    a = hint(g, s)
    assert a.action.code == "2S" and a.reason == f"{NS}.hint.follow_low"


def test_dumps_a_five_on_the_other_sides_trick() -> None:
    g = game()
    s = to_tricks(g, deal(g, [SPADE_LEAD, ["2S", "5S", "KS", "6C", "7C", "8C", "9C", "2H", "3H", "4H", "6H"]]))
    s, _ = g.step(s, "AS")
    a = hint(g, s)
    assert a.action.code == "5S" and a.reason == f"{NS}.hint.dump_five"


def test_wins_a_point_trick_with_its_cheapest_winner() -> None:
    g = game()
    s = to_tricks(g, deal(g, [SPADE_LEAD, ["2S", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2H"],
                              ["4S", "3H", "4H", "6H", "7H", "8H", "9H", "TH", "JH", "9D", "TD"],
                              ["3S", "QS", "KS", "6S", "9S", "JD", "QD", "KD", "AD", "2C", "3C"]]))
    s, _ = g.step(s, "JS")
    s, _ = g.step(s, "2S")
    s, _ = g.step(s, "4S")
    a = hint(g, s)
    assert a.action.code == "QS" and a.reason == f"{NS}.hint.win_cheap" and a.params["points"] == 6


def test_trumps_only_a_trick_with_points_and_with_its_lowest_trump() -> None:
    g = game()
    last = ["2H", "9H", "TH", "JD", "QD", "KD", "AD", "2C", "3C", "4C", "6C"]
    hands = [SPADE_LEAD, ["2S", "6S", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "3H"],
             ["4S", "9S", "4H", "6H", "7H", "8H", "JH", "9D", "TD", "3S", "7S"], last]
    s = to_tricks(g, deal(g, hands))
    for card in ("JS", "2S", "4S"):
        s, _ = g.step(s, card)
    a = hint(g, s)
    assert a.action.code == "2H" and a.reason == f"{NS}.hint.trump_in"
    # A trick with no points is not worth a trump: a low side card goes instead.
    s = to_tricks(g, deal(g, [["AH", "KH", "QH", "8S", "JS", "2D", "3D", "4D", "6D", "7D", "8D"], *hands[1:]]))
    for card in ("8S", "2S", "4S"):
        s, _ = g.step(s, card)
    a = hint(g, s)
    assert a.action.code == "2C" and a.reason == f"{NS}.hint.shed"


def test_adds_points_when_its_side_wins_the_trick() -> None:
    """Seat 3, last to play, sees its fellow defender's ace win the trick: it adds its king."""
    g = game()
    hands = [["4S", "AH", "KH", "QH", "2D", "3D", "4D", "6D", "7D", "8D", "9D"],
             ["AS", "2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
             ["6S", "7S", "8S", "2H", "3H", "4H", "6H", "7H", "8H", "9H", "TH"],
             ["KS", "2S", "JD", "QD", "KD", "AD", "KC", "AC", "JH", "TD", "3S"]]
    s = to_tricks(g, deal(g, hands))
    for card in ("4S", "AS", "6S"):
        s, _ = g.step(s, card)
    a = hint(g, s)
    assert a.action.code == "KS" and a.reason == f"{NS}.hint.smear"


def test_leads_an_ace() -> None:
    g = game()
    hands = [["AS", "2S", "3H", "2D", "3D", "4D", "6D", "7D", "8D", "9D", "TD"]]
    s = to_tricks(g, deal(g, hands))
    a = hint(g, s)
    assert a.action.code == "AS" and a.reason == f"{NS}.hint.lead_ace"


# --- strength -----------------------------------------------------------------------------
def test_beats_random_bots() -> None:
    """One heuristic bot against three random ones wins clearly more than its fair quarter."""
    g = game()
    df = simulate(g, [BOT, RandomBot(), RandomBot(), RandomBot()], n=60, seed=5, progress=False)
    wins = float(df["winners"].astype(str).str.split(";").apply(lambda ws: 1 / len(ws) if "0" in ws else 0.0).sum())
    low, _ = wilson_interval(wins, len(df))
    assert low > 0.25
