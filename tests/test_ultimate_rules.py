"""Ultimate scenario tests: the spec's test vectors UL-01..UL-11 on stacked deals, the auction's
last speaker, the partner call and what each seat may see."""

from __future__ import annotations

import pytest
from helpers_scenarios import event_codes, event_params, legal, play, reason
from helpers_ultimate import c, deal, game, hand, rejects, to_tricks, win_auction

from tablekit import IllegalActionError
from tablekit.core.cards import STANDARD_52
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.games.ultimate import PRESETS, Ultimate, UltimateConfig, from_code
from tablekit.games.ultimate.config import hand_layout
from tablekit.games.ultimate.state import AUCTION, DISCARD, PLAY, TRUMP, new_state

NS = "ultimate"


# --- UL-01 .. UL-03: points and the deal --------------------------------------------------
def test_ul01_the_deck_is_worth_56_and_doubled_100() -> None:
    assert game().card_points(c(x) for x in STANDARD_52) == 56 == PRESETS["basic"].deck_points
    assert game("circle").card_points(c(x) for x in STANDARD_52) == 100


def test_ul02_trick_points() -> None:
    assert game().card_points(c(x) for x in ("AS", "KH", "5D", "2C")) == 7


@pytest.mark.parametrize("players, size, left", [(3, 15, 2), (4, 11, 3), (5, 9, 2), (6, 7, 5), (7, 6, 5), (8, 5, 7)])
def test_ul03_hand_sizes_and_leftovers(players: int, size: int, left: int) -> None:
    assert hand_layout(players) == (size, 5, left)
    g = game("circle", players)
    s = g.initial_state(7)
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.kitty) == 5 and len(s.leftovers) == left
    g = game("circle", players, remainder="to_kitty")
    s = g.initial_state(7)
    assert len(s.kitty) == 5 + left and not s.leftovers
    # The declarer then discards as many cards as the kitty held.
    s = win_auction(g, s)
    assert s.phase == DISCARD and len(s.hands[s.declarer]) == size + 5 + left
    for card in list(s.hands[s.declarer])[: 5 + left]:
        assert s.phase == DISCARD
        s, _ = g.step(s, f"discard:{STANDARD_52[card]}")
    assert s.phase == TRUMP and len(s.hands[s.declarer]) == size


# --- UL-04 .. UL-06: tricks ------------------------------------------------------------------
NO_SPADES = [x for x in STANDARD_52 if not x.endswith("S")]


def trick_deal(seat1: list[str], seat2: list[str], seat3: list[str]) -> tuple[Ultimate, object]:
    g = game()
    # Seat 0 holds most spades, so the filled-in hands of the others hold none but those named.
    seat0 = ["QS", "2S", "4S", "5S", "6S", "8S", "9S", "TS", "JS"]
    s = deal(g, [seat0, seat1, seat2, seat3], fill=NO_SPADES)
    return g, to_tricks(g, s, trump="H")


def test_ul04_a_trump_wins_the_trick() -> None:
    g, s = trick_deal(["AS"], ["2H"], ["KS"])
    s, events = play(g, s, "QS", "AS", "2H", "KS")
    assert event_params(events, f"{NS}.event.trick_won") == [{"player": 2, "trick": 1}]
    assert g.current_player(s) == 2 and s.tricks_won == (0, 0, 1, 0)


def test_ul05_without_a_trump_the_highest_card_of_the_suit_led_wins() -> None:
    g, s = trick_deal(["AC"], ["3S"], ["KD"])
    s, events = play(g, s, "QS", "AC", "3S", "KD")
    assert event_params(events, f"{NS}.event.trick_won") == [{"player": 0, "trick": 1}]
    # Seats 1 and 3 did not follow: everyone is told they have no spades.
    assert event_params(events, f"{NS}.event.void") == [{"player": 1, "suit": "@cards.suit.S"},
                                                        {"player": 3, "suit": "@cards.suit.S"}]
    assert g.observe(s, 2)["players"][1]["voids"] == ["S"]


def test_ul06_a_player_holding_the_suit_led_must_follow() -> None:
    g, s = trick_deal(["7S", "AH"], ["2H"], ["KS"])
    s, _ = g.step(s, "QS")
    assert legal(g, s) == {"7S"}
    error = rejects(g, s, "AH", "must_follow")
    assert error.text("en") == "You cannot play A♥: you hold 7♠, so you must follow spades."
    assert error.text("ja") == "♥Aは出せません。♠7を持っているので、スペードを出さなければなりません。"
    assert reason(g, s, "7S") == f"{NS}.ok.follow"
    rejects(g, s, "KS", "not_in_hand")
    # A player without spades may play anything, a trump included.
    s, _ = g.step(s, "7S")
    assert reason(g, s, "2H") == f"{NS}.ok.void" and legal(g, s) == set(hand(s, 2))


# --- UL-07 .. UL-11: scoring -------------------------------------------------------------------
def last_trick(g: Ultimate, s, won0: list[str], totals=(0, 0, 0, 0)):
    """Seat 0 (declarer, contract as bid) has won ``won0``; each seat holds one card for the
    last trick, which seat 0 wins with ♥A (trumps are hearts)."""
    last = [("AH",), ("2C",), ("3C",), ("4C",)]
    rest = [x for x in STANDARD_52 if x not in won0 and x not in [h[0] for h in last]]
    won = (tuple(c(x) for x in won0), tuple(c(x) for x in rest), (), ())
    return new_state(s, hands=tuple((c(h[0]),) for h in last), won=won, totals=totals, trick=(), current=0,
                     discards=(), leftovers=(), kitty=())


def test_ul07_contract_made() -> None:
    g = game()
    s = to_tricks(g, deal(g, []), bid=25)
    # Won so far: A A A 15, K Q 6, a five -1 = 20; the last trick adds ♥A 5 = 25.
    s = last_trick(g, s, ["AS", "AD", "AC", "KS", "QS", "5S"])
    s, events = play(g, s, "AH", "2C", "3C", "4C")
    made = event_params(events, f"{NS}.event.contract_made")[0]
    assert made["points"] == 25 and made["gains"] == [25, 0, 0, 0]
    assert s.totals == (25, 0, 0, 0) and s.results[-1] == (0, 25, 25, True)


def test_ul08_contract_failed_by_one_point() -> None:
    g = game()
    s = to_tricks(g, deal(g, []), bid=25)
    s = last_trick(g, s, ["AS", "AD", "AC", "KS", "QS", "5S", "5D"])  # 24
    s, events = play(g, s, "AH", "2C", "3C", "4C")
    failed = event_params(events, f"{NS}.event.contract_failed")[0]
    assert failed["points"] == 24 and failed["gains"] == [0, 12, 12, 12]
    assert s.totals == (0, 12, 12, 12) and s.results[-1] == (0, 25, 24, False)


def test_ul09_half_the_bid_is_rounded_down() -> None:
    g = game()
    s = to_tricks(g, deal(g, []), bid=31)
    s = last_trick(g, s, [])
    s, events = play(g, s, "AH", "2C", "3C", "4C")
    assert event_params(events, f"{NS}.event.contract_failed")[0]["gains"] == [0, 15, 15, 15]


def test_ul10_a_bid_must_exceed_the_high_bid() -> None:
    g = game()
    s = deal(g, [])
    s, _ = g.step(s, "bid:20")
    error = rejects(g, s, "bid:20", "bid_not_higher")
    assert "20" in error.text("en")
    assert "bid:20" not in legal(g, s) and "bid:21" in legal(g, s)
    rejects(g, s, "bid:61", "bid_above_max")


def test_ul11_reaching_150_ends_the_game() -> None:
    g = game()
    s = to_tricks(g, deal(g, []), bid=10)
    s = last_trick(g, s, ["AS"], totals=(145, 0, 0, 0))  # 5 + AH 5 = 10
    s, events = play(g, s, "AH", "2C", "3C", "4C")
    assert g.is_terminal(s) and s.totals == (155, 0, 0, 0)
    out = g.outcome(s)
    assert out is not None and out.winners == (0,) and out.termination == f"{NS}.end.target"
    assert event_codes(events)[-1] == f"{NS}.event.game_over"


def test_a_tie_at_the_target_is_shared_or_played_on() -> None:
    for tie, over in (("share", True), ("play_on", False)):
        g = game(tie=tie)
        s = to_tricks(g, deal(g, []), bid=30)
        s = last_trick(g, s, [], totals=(0, 140, 140, 100))  # fails: +15 each defender
        s, _ = play(g, s, "AH", "2C", "3C", "4C")
        assert g.is_terminal(s) is over and s.totals == (0, 155, 155, 115)
        if over:
            assert g.outcome(s).winners == (1, 2)  # type: ignore[union-attr]
        else:
            assert s.deal_no == 1 and s.dealer == 1 and s.phase == AUCTION and s.current == 1


# --- the auction ---------------------------------------------------------------------------------
def test_the_dealer_bids_first_and_dropping_out_is_final() -> None:
    g = game()
    s = deal(g, [], dealer=2)
    assert g.current_player(s) == 2
    s, _ = play(g, s, "bid:10", "pass", "bid:12", "pass")  # seats 2, 3, 0, 1
    assert g.current_player(s) == 2
    assert g.explain_for(s, 3, from_code("bid:40")).reason == f"{NS}.illegal.dropped_out"
    assert g.explain_for(s, 3, from_code("bid:40")).text("en") == (
        "Player 4 has dropped out of this auction and cannot bid again.")
    assert g.explain_for(s, 0, from_code("bid:40")).reason == "core.illegal.not_your_turn"
    # Seat 2 drops out: seat 0, the high bidder, is declarer without speaking again.
    s, events = g.step(s, "pass")
    assert s.declarer == 0 and s.high_bid == 12 and s.phase == DISCARD and g.current_player(s) == 0
    assert event_params(events, f"{NS}.event.declarer") == [{"player": 0, "amount": 12}]


def test_last_speaker_after_everyone_passed() -> None:
    g = game()
    s = deal(g, [], dealer=1)
    s, _ = play(g, s, "pass", "pass", "pass")  # seats 1, 2, 3
    assert g.current_player(s) == 0  # the dealer's right-hand neighbour, who has not spoken
    assert "pass" in legal(g, s) and "bid:1" in legal(g, s)
    assert reason(g, s, "pass") == f"{NS}.ok.pass_throw_in"
    # A bid makes them declarer at once.
    t, _ = g.step(s, "bid:1")
    assert t.declarer == 0 and t.phase == DISCARD
    # A pass throws the deal in: no score, the next player deals.
    t, events = g.step(s, "pass")
    assert f"{NS}.event.thrown_in" in event_codes(events)
    assert t.deal_no == 1 and t.dealer == 2 and t.totals == (0, 0, 0, 0) and g.current_player(t) == 2
    assert t.phase == AUCTION and not any(t.out)


def test_last_speaker_must_bid_when_the_option_forbids_a_throw_in() -> None:
    g = game(all_pass="last_forced_min_bid", min_bid=5)
    s = deal(g, [], dealer=0)
    s, _ = play(g, s, "pass", "pass", "pass")
    assert legal(g, s) == {f"bid:{k}" for k in range(5, 61)}
    error = rejects(g, s, "pass", "must_bid")
    assert "5" in error.text("en")
    rejects(g, s, "bid:4", "bid_below_min")


def test_a_high_bid_of_the_maximum_leaves_only_dropping_out() -> None:
    g = game()
    s = deal(g, [])
    s, _ = g.step(s, "bid:60")
    assert legal(g, s) == {"pass"}


def test_actions_of_another_phase_are_refused_with_what_happens_now() -> None:
    g = game()
    s = deal(g, [])
    error = rejects(g, s, "AS", "during_auction")
    assert error.text("en") == "The auction is on: Player 1 must bid or drop out."
    rejects(g, s, "call:AS", "partner_call_off")
    rejects(g, s, "trump:NT", "no_trump_off")
    with pytest.raises(InvalidActionError):
        g.step(s, "bid:x")


# --- the exchange and trumps ----------------------------------------------------------------------
def test_discards_one_at_a_time_and_only_held_cards() -> None:
    g = game()
    s = deal(g, [["AS", "KS"]], kitty=["2C", "3C", "4C", "5C", "6C"])
    s = win_auction(g, s)
    assert hand(s, 0).count("2C") == 1 and s.picked == tuple(c(x) for x in ("2C", "3C", "4C", "5C", "6C"))
    error = rejects(g, s, "discard:QH", "discard_not_held")
    assert error.text("en") == "You cannot discard Q♥: you do not hold it."
    s, events = g.step(s, "discard:AS")
    assert event_params(events, f"{NS}.event.discarded") == [{"player": 0, "left": 4}]
    assert "AS" not in str(events)  # the discarded card is never in an event
    rejects(g, s, "discard:AS", "discard_not_held")
    s, _ = play(g, s, "discard:2C", "discard:3C", "discard:4C", "discard:5C")
    assert s.phase == TRUMP and legal(g, s) == {"trump:S", "trump:H", "trump:D", "trump:C"}
    s, events = g.step(s, "trump:D")
    assert s.phase == PLAY and g.current_player(s) == 0 and s.trump == 2


def test_no_trump_and_first_lead_options() -> None:
    g = game(allow_no_trump=True, first_lead="dealer_left")
    s = win_auction(g, deal(g, [], dealer=3))  # seat 3 deals and wins
    for card in list(s.picked):
        s, _ = g.step(s, f"discard:{STANDARD_52[card]}")
    assert "trump:NT" in legal(g, s)
    s, events = g.step(s, "trump:NT")
    assert f"{NS}.event.no_trump" in event_codes(events) and g.current_player(s) == 0


# --- the partner call ----------------------------------------------------------------------------
def test_partner_is_hidden_until_the_called_card_is_played() -> None:
    g = game("partner")
    spades = ["2S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    s = deal(g, [spades, ["3S"], ["AH"], ["AS"]], fill=[x for x in STANDARD_52 if x[-1] != "S"])
    s = to_tricks(g, s, bid=20, trump="S", call="AH")
    assert s.partner == 2 and not s.revealed
    for seat in (0, 1, 3):
        assert g.observe(s, seat)["partner"] is None and g.observe(s, seat)["called"] == "AH"
    assert g.observe(s, None)["partner"] == 2
    s, events = play(g, s, "2S", "3S", "AH")
    assert event_params(events, f"{NS}.event.partner_revealed") == [{"player": 2, "declarer": 0, "card": "@cards.card.AH"}]
    assert all(g.observe(s, seat)["partner"] == 2 for seat in range(4))


def test_calling_ones_own_card_plays_alone_unless_forbidden() -> None:
    g = game("partner")
    s = win_auction(g, deal(g, [["AH"]]))
    for card in list(s.picked):
        s, _ = g.step(s, f"discard:{STANDARD_52[card]}")
    s, _ = g.step(s, "trump:S")
    assert reason(g, s, "call:AH") == f"{NS}.ok.call_own"
    t, _ = g.step(s, "call:AH")
    assert t.partner == -1
    g2 = game("partner", forbid_own_card=True)
    s2 = win_auction(g2, deal(g2, [["AH"]]))
    for card in list(s2.picked):
        s2, _ = g2.step(s2, f"discard:{STANDARD_52[card]}")
    s2, _ = g2.step(s2, "trump:S")
    rejects(g2, s2, "call:AH", "call_own_card")
    assert "call:AH" not in legal(g2, s2) and "call:KH" in legal(g2, s2)


def test_partner_scores_the_bid_on_a_made_contract_and_nothing_on_a_failure() -> None:
    for partner_on_fail, expected in (("zero", [0, 15, 0, 15]), ("half_bid", [0, 15, 15, 15])):
        g = game("partner", partner_on_fail=partner_on_fail)
        s = to_tricks(g, deal(g, [[], [], ["KC"]]), bid=30, call="KC")
        assert s.partner == 2
        s = new_state(s, hands=((c("AH"),), (c("2C"),), (c("KC"),), (c("4C"),)),
                      won=((), tuple(c(x) for x in STANDARD_52 if x not in ("AH", "2C", "KC", "4C")), (), ()),
                      discards=(), leftovers=(), kitty=())
        s, events = play(g, s, "AH", "2C", "KC", "4C")
        assert event_params(events, f"{NS}.event.contract_failed")[0]["gains"] == expected


def test_partner_tricks_count_together_by_default() -> None:
    for partner_tricks, made in (("combined", True), ("declarer_only", False)):
        g = game("partner", partner_tricks=partner_tricks)
        s = to_tricks(g, deal(g, [[], [], ["KC"]]), bid=10, call="KC")
        s = new_state(s, hands=((c("2H"),), (c("2C"),), (c("KC"),), (c("4C"),)),
                      won=((c("AS"),), (), (c("AD"),), ()), discards=(), leftovers=(), kitty=())
        s, events = play(g, s, "2H", "2C", "KC", "4C")  # seat 0 wins with the trump 2H: AS 5 + KC 3
        code = f"{NS}.event.contract_made" if made else f"{NS}.event.contract_failed"
        assert event_params(events, code), partner_tricks


# --- visibility -----------------------------------------------------------------------------------
def test_what_each_seat_sees_during_the_exchange_and_the_tricks() -> None:
    g = game()
    s = win_auction(g, deal(g, [], dealer=0), bid=7)
    s, _ = g.step(s, f"discard:{STANDARD_52[s.picked[0]]}")
    mine, other = g.observe(s, 0), g.observe(s, 1)
    assert mine["picked"] == [STANDARD_52[x] for x in s.picked] and mine["discards"] == [STANDARD_52[s.picked[0]]]
    assert other["picked"] is None and other["discards"] is None and other["discard_count"] == 1
    assert other["kitty"] is None and other["leftovers"] is None and other["leftover_count"] == 3
    assert [p["hand"] is None for p in other["players"]] == [True, False, True, True]
    assert other["contract"] == 7 and other["declarer"] == 0
    for card in s.picked[1:]:
        s, _ = g.step(s, f"discard:{STANDARD_52[card]}")
    s, _ = g.step(s, "trump:S")
    lead = STANDARD_52[s.hands[0][0]]
    s, _ = g.step(s, lead)
    for _ in range(3):
        s, _ = g.step(s, g.legal_actions(s)[0])
    obs = g.observe(s, 2)
    assert obs["running_points"] is None and len(obs["last_trick"]) == 4 and obs["trick"] == []
    assert sum(p["tricks_won"] for p in obs["players"]) == 1
    assert "won" not in str(obs.keys())
    assert g.observe(s, None)["running_points"] is not None
    shown = game(show_running_points=True)
    assert shown.observe(s, 2)["running_points"] == g.observe(s, None)["running_points"]


def test_the_end_of_deal_event_reveals_kitty_discards_and_leftovers() -> None:
    g = game()
    s = to_tricks(g, deal(g, [], kitty=["2C", "3C", "4C", "5C", "6C"]), bid=5)
    leftovers = [STANDARD_52[x] for x in s.leftovers]
    while s.deal_no == 0:
        s, events = g.step(s, g.legal_actions(s)[0])
    end = [e for e in events if e.code in (f"{NS}.event.contract_made", f"{NS}.event.contract_failed")][0]
    assert end.params["kitty"] == ["2C", "3C", "4C", "5C", "6C"] == end.params["discards"]
    assert end.params["leftovers"] == leftovers


def test_bad_config_names_the_field() -> None:
    with pytest.raises(ConfigError, match="'max_bid'"):
        UltimateConfig(max_bid=61)
    with pytest.raises(ConfigError, match="'min_bid'"):
        UltimateConfig(min_bid=30, max_bid=20)
    with pytest.raises(ConfigError, match="'tie'"):
        UltimateConfig(tie="coin")
    assert UltimateConfig(players=3, allow_three=True).layout == (15, 5, 2)


def test_illegal_step_leaves_the_state_unchanged() -> None:
    g = game()
    s = deal(g, [])
    with pytest.raises(IllegalActionError) as info:
        g.step(s, "discard:AS")
    assert info.value.verdict.reason == f"{NS}.illegal.during_auction"
