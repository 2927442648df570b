"""Up&Down scenario tests (Basic rules, options, errors) from stacked deals.

Every scenario is reached by playing actions with ``game.step`` from a stacked deck (see
``helpers_up_and_down.stack``), never by building a state by hand. The test vectors UD-01..UD-17
of ``shared/rules/up_and_down.md`` each have a ``test_udNN_...`` test; Carry-over, Cul-de-sac
and solo scenarios are in ``test_up_and_down_modes.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers_up_and_down import NS, deal, event_codes, ladder, legal, params, play, reason, rejects
from tablekit import ConfigError, InvalidActionError, make
from tablekit.games.up_and_down import PASS, SHOT, TURN, Play


# Filler hands for seats that do not matter in a scenario (numbers 60..64 etc.).
H60 = [60, 61, 62, 63, 64]
H70 = [70, 71, 72, 73, 74]


# --- test vectors UD-01..UD-17 ----------------------------------------------------------------
def test_ud01_field_85_allows_25_by_the_ones_digit() -> None:
    game, s = deal("basic", 3, [[85, 12, 33, 47, 58], [25, 24, 3, 7, 50], H60])
    assert game.current_player(s) == 0
    assert reason(game, s, "85") == f"{NS}.ok.empty_field"
    s, _ = play(game, s, "85")
    assert s.field == 85 and game.current_player(s) == 1
    assert legal(game, s) == {"25"}
    verdict = game.explain(s, Play(25))
    assert verdict.ok and verdict.reason == f"{NS}.ok.same_digit"
    assert verdict.params["digit"] == 5
    s, _ = play(game, s, "25")
    assert s.field == 25 and game.current_player(s) == 2


def test_ud02_field_63_allows_3() -> None:
    game, s = deal("basic", 3, [[63, 12, 34, 47, 58], [3, 2, 4, 62, 13], H70])
    s, _ = play(game, s, "63")
    assert game.current_player(s) == 1
    assert legal(game, s) == {"3", "13"}
    assert reason(game, s, "3") == f"{NS}.ok.same_digit"
    s, _ = play(game, s, "3")
    assert s.field == 3 and game.current_player(s) == 2


def test_ud03_field_100_allows_30_and_only_tens_and_specials() -> None:
    game, s = deal("basic", 3, [[100, 12, 34, 47, 58], [30, 99, 10, 55, "P"], H70])
    s, _ = play(game, s, "100")
    assert game.current_player(s) == 1
    assert legal(game, s) == {"10", "30", "P"}
    assert reason(game, s, "30") == f"{NS}.ok.same_digit"
    s, _ = play(game, s, "30")
    assert s.field == 30


def test_ud04_field_11_allows_higher_cards() -> None:
    game, s = deal("basic", 3, [[11, 2, 34, 47, 58], [25, 42, 98, 5, 10], [99, 71, 72, 73, 74]])
    s, _ = play(game, s, "11")
    assert legal(game, s) == {"25", "42", "98"}
    for code in ("25", "42", "98"):
        assert reason(game, s, code) == f"{NS}.ok.higher"
        after, _ = play(game, s, code)
        assert after.field == int(code) and game.current_player(after) == 2
    assert reason(game, s, "5") == f"{NS}.illegal.not_higher"
    assert reason(game, s, "10") == f"{NS}.illegal.not_higher"


def test_ud05_field_65_allows_25_45_85() -> None:
    game, s = deal("basic", 3, [[65, 2, 34, 47, 58], [25, 45, 85, 64, 1], ["P", 71, 72, 73, 74]])
    s, _ = play(game, s, "65")
    assert legal(game, s) == {"25", "45", "85"}
    assert reason(game, s, "25") == f"{NS}.ok.same_digit"
    assert reason(game, s, "45") == f"{NS}.ok.same_digit"
    assert reason(game, s, "85") == f"{NS}.ok.higher"  # higher and same digit: "higher" is named
    for code in ("25", "45", "85"):
        after, _ = play(game, s, code)
        assert after.field == int(code) and game.current_player(after) == 2


def test_ud06_field_85_refuses_24() -> None:
    game, s = deal("basic", 3, [[85, 12, 33, 47, 58], [25, 24, 3, 7, 50], H60])
    s, _ = play(game, s, "85")
    exc = rejects(game, s, "24", "not_higher")
    assert exc.verdict.params == {"card": "24", "field": 85, "digit": 5}
    assert game.current_player(s) == 1


def test_ud07_field_100_refuses_99() -> None:
    game, s = deal("basic", 3, [[100, 12, 34, 47, 58], [30, 99, 10, 55, "P"], H70])
    s, _ = play(game, s, "100")
    rejects(game, s, "99", "not_higher")


def test_ud08_pass_keeps_the_field_and_skips_nobody() -> None:
    game, s = deal("basic", 3, [[85, 12, 33, 47, 58], ["P", 1, 2, 3, 4], [15, 14, 16, 17, 18]])
    s, _ = play(game, s, "85")
    assert legal(game, s) == {"P"}
    assert reason(game, s, "P") == f"{NS}.ok.pass"
    s, events = play(game, s, "P")
    assert event_codes(events)[0] == f"{NS}.event.played_pass"
    assert s.field == 85 and s.direction == 1
    assert game.current_player(s) == 2  # the next player, not skipped
    assert legal(game, s) == {"15"}
    assert reason(game, s, "15") == f"{NS}.ok.same_digit"
    s, _ = play(game, s, "15")
    assert s.field == 15 and game.current_player(s) == 0


def test_ud09_empty_field_allows_any_card_including_specials() -> None:
    game, s = deal("basic", 4, [[37, 2, "P", "T", "S"], [90, 5, 44, 66, 77], H60, H70])
    assert s.field == 0 and game.observe(s, None)["field"] is None
    assert legal(game, s) == {"2", "37", "P", "T", "S1", "S2", "S3"}
    assert reason(game, s, "2") == reason(game, s, "37") == f"{NS}.ok.empty_field"
    assert reason(game, s, "P") == f"{NS}.ok.pass"
    assert reason(game, s, "T") == f"{NS}.ok.turn"
    assert reason(game, s, "S2") == f"{NS}.ok.shot"
    s, _ = play(game, s, "P")
    # A special does not change the (empty) field: the next player may play anything.
    assert s.field == 0 and game.current_player(s) == 1
    assert legal(game, s) == {"5", "44", "66", "77", "90"}
    assert reason(game, s, "5") == f"{NS}.ok.empty_field"


def test_ud10_illegal_numbers_and_one_special_must_play_the_special() -> None:
    game, s = deal("basic", 3, [[99, 12, 34, 47, "P"], [10, 20, 30, 40, "T"], H70])
    s, events = play(game, s, "99")
    assert f"{NS}.event.eliminated" not in event_codes(events)
    assert game.current_player(s) == 1 and s.status[1] == "active"
    assert legal(game, s) == {"T"}
    for code in ("10", "20", "30", "40"):
        rejects(game, s, code, "not_higher")
    s, _ = play(game, s, "T")
    assert s.field == 99 and s.direction == -1 and game.current_player(s) == 0


# The whole deck in play order for two players: seat 0 holds the odd numbers, seat 1 the even
# ones, each draws exactly the number it needs five turns later, then the eight specials.
ASCENDING_2P = [[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]
ASCENDING_2P_STOCK = tuple(range(11, 101)) + ("P", "P", "P", "T", "T", "T", "S", "S")
# On the field 100 seat 0 holds P P T S and seat 1 holds P T T S.
ASCENDING_2P_SPECIALS = ("P", "P", "P", "T", "T", "T", "S1", "S0")


def test_ud11_empty_hand_with_empty_stock_is_eliminated_and_draws_stop() -> None:
    game, s = deal("basic", 2, ASCENDING_2P, ASCENDING_2P_STOCK)
    assert s.stock_count == 98
    for k in range(100):
        p = k % 2
        assert game.current_player(s) == p
        s, events = play(game, s, str(k + 1))
        codes = event_codes(events)
        if k < 98:  # a card is drawn while the stock lasts: the hand stays at five
            assert len(s.hands[p]) == 5 and s.stock_count == 97 - k
        else:  # no draw once it is empty
            assert len(s.hands[p]) == 4 and s.stock_count == 0
        assert (f"{NS}.event.stock_empty" in codes) == (k == 97)
    assert s.field == 100 and game.current_player(s) == 0
    # Specials are always legal: neither player can be eliminated while holding one.
    assert legal(game, s) == {"P", "T", "S1"}
    for i, code in enumerate(ASCENDING_2P_SPECIALS[:-1]):
        assert game.current_player(s) == i % 2
        s, events = play(game, s, code)
        assert s.field == 100 and s.stock_count == 0 and not events[1:]
        assert len(s.hands[i % 2]) == 3 - i // 2
    assert s.hands == ((), (SHOT,))
    s, events = play(game, s, ASCENDING_2P_SPECIALS[-1])
    # Seat 0's turn comes with an empty hand: eliminated; seat 1 is the last one in.
    codes = event_codes(events)
    assert codes[-3:] == [f"{NS}.event.eliminated", f"{NS}.event.game_won", f"{NS}.event.deal"]
    assert events[-3].params == {"player": 0}
    assert events[-2].params.items() >= {"player": 1, "game": 1}.items()  # (+ the revealed hands)
    assert s.wins == (0, 1) and s.game_winners == (1,)
    assert s.game_no == 1 and s.dealer == 1 and game.current_player(s) == 0


def test_ud12_carry_over_pot_is_4_then_8_after_a_carry_over() -> None:
    # Seat 0 plays 100; nobody can follow and seat 0 cannot play one more card: carry-over.
    game, s = deal("carry_over", 4, [[100, 11, 12, 13, 14], [15, 16, 17, 18, 19],
                                     [21, 22, 23, 24, 25], [26, 27, 28, 29, 31]], stock=(1,))
    assert s.pot == 4 and s.ante == 1 and s.chips == (9, 9, 9, 9)
    s, events = play(game, s, "100")
    codes = event_codes(events)
    assert codes.count(f"{NS}.event.eliminated") == 3
    assert f"{NS}.event.pot_carried" in codes and f"{NS}.event.pot_claimed" not in codes
    ante = events[codes.index(f"{NS}.event.ante")]
    assert ante.params == {"amount": 1, "pot": 8}
    assert s.game_no == 1 and s.carried
    assert s.pot == 8  # 4 carried + 4 new antes, before any payout
    assert s.chips == (11, 7, 7, 7)  # 9 + 3 knock-out payments - 1 ante; 9 - 1 - 1
    assert s.dealer == 0 and game.current_player(s) == 1


def test_ud13_each_knocked_out_player_pays_the_last_player() -> None:
    game, s = deal("carry_over", 4, [[97, 11, 12, 13, 14], [15, 16, 18, 19, 20],
                                     [21, 22, 23, 24, 25], [98, 31, 32, 33, 34]], stock=(1,))
    s, events = play(game, s, "97")
    paid = [e.params for e in events if e.code == f"{NS}.event.paid"]
    assert paid == [{"player": 1, "payee": 0, "amount": 1}, {"player": 2, "payee": 0, "amount": 1}]
    assert s.chips == (11, 8, 8, 9)
    assert s.status == ("active", "out", "out", "active")
    assert game.current_player(s) == 3 and legal(game, s) == {"98"}


def test_ud14_cul_de_sac_five_players_three_emptied_hands_score_3_of_5() -> None:
    # Two stock cards (seats 0 and 1 draw the dead cards 6 and 7); the rest is removed.
    hands, moves = ladder(5)
    game, s = deal("cul_de_sac", 5, hands, stock=(6, 7), removed_cards=108 - 25 - 2)
    assert game.current_player(s) == 0 and legal(game, s) == {"1"}
    s, events = play(game, s, *moves)
    codes = event_codes(events)
    assert codes.count(f"{NS}.event.challenge_begins") == 1
    assert [e.params["player"] for e in events if e.code == f"{NS}.event.finished"] == [2, 3, 4]
    assert [e.params["player"] for e in events if e.code == f"{NS}.event.eliminated"] == [0, 1]
    assert events[-1].code == f"{NS}.event.score" and (events[-1].params["finished"], events[-1].params["players"]) == (3, 5)
    assert game.is_terminal(s)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.challenge_done"
    d = out.details
    assert (d["result"], d["finished"], d["players"], d["score"]) == ("scored", 3, 5, 3 / 5)
    assert (d["face_down_cards"], d["face_down_sum"]) == (2, 6 + 7)
    assert out.winners == (2, 3, 4) and out.scores == (0.0, 0.0, 1.0, 1.0, 1.0)


def test_ud15_cul_de_sac_seven_players_all_emptied_score_7_of_7() -> None:
    # Seat 0 draws the only stock card (50) and plays it last.
    hands, moves = ladder(7)
    game, s = deal("cul_de_sac", 7, hands, stock=(50,), removed_cards=108 - 35 - 1)
    s, events = play(game, s, *moves)
    assert s.status == ("active",) + ("finished",) * 6
    assert game.current_player(s) == 0 and legal(game, s) == {"50"}
    s, events = play(game, s, "50")
    assert event_codes(events) == [f"{NS}.event.played_number", f"{NS}.event.finished", f"{NS}.event.score"]
    assert (events[-1].params["finished"], events[-1].params["players"]) == (7, 7)
    assert game.is_terminal(s) and game.current_player(s) is None
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.challenge_done"
    d = out.details
    assert (d["finished"], d["players"], d["score"]) == (7, 7, 1.0)
    assert (d["face_down_cards"], d["face_down_sum"]) == (0, 0)
    assert out.winners == tuple(range(7))


def test_ud16_turn_with_three_players_gives_the_turn_back() -> None:
    game, s = deal("basic", 3, [[10, 20, 30, 40, 50], ["T", 1, 2, 3, 4], H60])
    s, _ = play(game, s, "10")
    assert game.current_player(s) == 1
    assert reason(game, s, "T") == f"{NS}.ok.turn"
    s, events = play(game, s, "T")
    assert event_codes(events)[0] == f"{NS}.event.played_turn"
    assert s.direction == -1 and s.field == 10
    assert game.current_player(s) == 0  # A, not C
    s, _ = play(game, s, "20")
    assert game.current_player(s) == 2  # counter-clockwise from A


def test_ud17_shot_names_the_next_player_then_play_goes_on_from_them() -> None:
    game, s = deal("basic", 4, [["S", 10, 11, 12, 13], H70, [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]])
    assert {"S1", "S2", "S3"} <= legal(game, s) and "S0" not in legal(game, s)
    verdict = game.explain(s, Play(SHOT, 2))
    assert verdict.reason == f"{NS}.ok.shot" and verdict.params == {"target": 2}
    s, events = play(game, s, "S2")
    assert events[0].params == {"player": 0, "target": 2, "field": 0, "number": "@up_and_down.label.no_number"}
    assert game.current_player(s) == 2
    s, _ = play(game, s, "20")
    assert game.current_player(s) == 3  # D: from C in the unchanged (clockwise) direction


# --- turn structure -----------------------------------------------------------------------------
def test_shot_after_a_turn_continues_counter_clockwise_from_the_target() -> None:
    game, s = deal("basic", 4, [["T", 10, 11, 12, 13], [40, 41, 42, 43, 44], H60, ["S", 30, 31, 32, 33]])
    s, _ = play(game, s, "T")
    assert game.current_player(s) == 3
    s, _ = play(game, s, "S1")
    assert game.current_player(s) == 1 and s.direction == -1
    s, _ = play(game, s, "40")
    assert game.current_player(s) == 0


def test_shot_target_who_cannot_play_is_eliminated_and_their_neighbour_plays() -> None:
    game, s = deal("basic", 4, [[95, 96, 97, 98, 99], ["S", "S", 1, 2, 3], [86, 87, 88, 89, 90],
                                [10, 20, 30, 40, 50]], stock=(5, 7, 8))
    s, _ = play(game, s, "95")
    s, events = play(game, s, "S3")
    codes = event_codes(events)
    assert codes == [f"{NS}.event.played_shot", f"{NS}.event.eliminated"]
    assert events[1].params == {"player": 3}
    assert s.status[3] == "out"
    assert game.current_player(s) == 0  # D's neighbour clockwise; not C (the shooter's)
    s, _ = play(game, s, "96")
    assert game.current_player(s) == 1
    # Only players still in can be named; seat 1 holds S 1 2 3 7 on 96.
    assert legal(game, s) == {"S0", "S2"}
    rejects(game, s, "S3", "shot_inactive")
    rejects(game, s, "S1", "shot_self")
    rejects(game, s, "S", "shot_needs_target")
    exc = rejects(game, s, "S5", "no_such_seat")
    assert exc.verdict.params == {"target": 5, "players": 4}


def test_player_with_no_legal_card_is_eliminated_and_last_player_wins() -> None:
    game, s = deal("basic", 3, [[50, 11, 12, 13, 14], [100, 15, 16, 17, 18], [21, 22, 23, 24, 25]],
                   stock=(1, 2))
    s, _ = play(game, s, "50")
    s, events = play(game, s, "100")
    codes = event_codes(events)
    assert [e.params["player"] for e in events if e.code == f"{NS}.event.eliminated"] == [2, 0]
    assert f"{NS}.event.game_won" in codes and s.game_winners == (1,)


# --- Basic match ------------------------------------------------------------------------------
def test_basic_match_runs_to_target_wins_and_the_survivor_deals_next() -> None:
    game, s = deal("basic", 3, [[50, 11, 12, 13, 14], [100, 15, 16, 17, 18], [21, 22, 23, 24, 25]],
                   stock=(1, 2), seed=4, target_wins=2)
    s, _ = play(game, s, "50", "100")
    assert s.wins == (0, 1, 0) and s.game_no == 1
    assert s.dealer == 1 and game.current_player(s) == 2  # the survivor deals; their left starts
    assert s.pile == () and s.field == 0 and all(len(h) == 5 for h in s.hands)
    while not game.is_terminal(s):
        game_no = s.game_no
        s, _ = game.step(s, game.legal_actions(s)[0])
        if s.game_no != game_no and not game.is_terminal(s):
            assert s.dealer == s.game_winners[-1]
            assert game.current_player(s) == (s.dealer + 1) % 3
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.target_wins"
    assert max(s.wins) == 2 and s.wins.count(2) == 1
    assert out.winners == (s.wins.index(2),)
    assert out.scores == tuple(float(w) for w in s.wins)
    assert sum(s.wins) == len(s.game_winners) == s.game_no + 1


def test_basic_default_target_is_three_wins() -> None:
    game = make("up_and_down", preset="basic", players=2)
    assert game.config.target_wins == 3
    s = game.initial_state(9)
    while not game.is_terminal(s):
        s, _ = game.step(s, game.legal_actions(s)[0])
    assert sorted(s.wins)[-1] == 3 and sorted(s.wins)[0] < 3


def test_single_game_ends_after_one_game() -> None:
    game, s = deal("basic", 3, [[100, 11, 12, 13, 14], [15, 16, 17, 18, 19], [21, 22, 23, 24, 25]],
                   stock=(1,), single_game=True)
    s, events = play(game, s, "100")
    assert game.is_terminal(s) and game.current_player(s) is None
    assert f"{NS}.event.deal" not in event_codes(events)
    assert event_codes(events)[-1] == f"{NS}.event.match_over"
    out = game.outcome(s)
    assert out is not None
    assert out.termination == f"{NS}.end.single_game" and out.winners == (0,)
    assert out.scores == (1.0, 0.0, 0.0)
    rejects(game, s, "11", "game_over")
    assert game.legal_actions(s) == ()


def test_max_games_caps_a_match() -> None:
    game, s = deal("basic", 3, [[100, 11, 12, 13, 14], [15, 16, 17, 18, 19], [21, 22, 23, 24, 25]],
                   stock=(1,), max_games=1)
    s, events = play(game, s, "100")
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.game_limit"
    assert out.winners == (0,) and s.wins == (1, 0, 0)


# --- options ------------------------------------------------------------------------------------
def test_special_on_empty_field_forbidden() -> None:
    hands = [["P", "T", "S", 50, 60], ["P", 1, 2, 3, 4], H70]
    game, s = deal("basic", 3, hands)
    assert legal(game, s) == {"50", "60", "P", "T", "S1", "S2"}
    game, s = deal("basic", 3, hands, special_on_empty_field="forbidden")
    assert legal(game, s) == {"50", "60"}
    for code in ("P", "T", "S1"):
        exc = rejects(game, s, code, "special_on_empty_field")
    assert "may not be played while the field is empty" in str(exc)
    s, _ = play(game, s, "50")
    assert legal(game, s) == {"P"}  # once the field holds a number, specials are free again


def test_special_on_empty_field_forbidden_eliminates_an_all_special_opener() -> None:
    hands = [["P", "P", "P", "T", "T"], [40, 41, 42, 43, 44], H70]
    game, s = deal("basic", 3, hands)
    assert game.current_player(s) == 0 and legal(game, s) == {"P", "T"}
    game, s = deal("basic", 3, hands, special_on_empty_field="forbidden")
    assert s.status == ("out", "active", "active")
    assert game.current_player(s) == 1 and legal(game, s) == {"40", "41", "42", "43", "44"}


@pytest.mark.parametrize(("skip", "after_turn"), [(False, 1), (True, 0)])
def test_two_player_turn(skip: bool, after_turn: int) -> None:
    game, s = deal("basic", 2, [["T", 10, 11, 12, 13], [20, 21, 22, 23, 24]], two_player_turn_is_skip=skip)
    s, _ = play(game, s, "T")
    assert s.direction == -1
    # Default: Turn only reverses, which with two players acts like Pass. Option: a skip.
    assert game.current_player(s) == after_turn


@pytest.mark.parametrize(("skip", "after_turn"), [(False, 0), (True, 2)])
def test_turn_as_skip_applies_once_two_players_are_left(skip: bool, after_turn: int) -> None:
    game, s = deal("basic", 3, [[95, "P", 12, 13, 14], [1, 2, 3, 4, 6], ["T", 96, 97, 98, 99]],
                   two_player_turn_is_skip=skip)
    s, _ = play(game, s, "95")
    assert s.status[1] == "out" and game.current_player(s) == 2
    s, _ = play(game, s, "T")
    assert game.current_player(s) == after_turn


def test_turn_as_skip_does_not_apply_with_three_players_in() -> None:
    game, s = deal("basic", 3, [["T", 10, 11, 12, 13], H60, H70], two_player_turn_is_skip=True)
    s, _ = play(game, s, "T")
    assert game.current_player(s) == 2


def test_shot_may_name_self() -> None:
    hands = [["S", 10, 11, 12, 13], H60, H70]
    game, s = deal("basic", 3, hands)
    assert legal(game, s) == {"10", "11", "12", "13", "S1", "S2"}
    exc = rejects(game, s, "S0", "shot_self")
    assert str(exc).endswith("A Shot must name another player, not yourself.")
    game, s = deal("basic", 3, hands, stock=(14,), shot_may_name_self=True)
    assert legal(game, s) == {"10", "11", "12", "13", "S0", "S1", "S2"}
    assert reason(game, s, "S0") == f"{NS}.ok.shot"
    s, _ = play(game, s, "S0")
    assert game.current_player(s) == 0 and s.field == 0
    assert legal(game, s) == {"10", "11", "12", "13", "14"}  # drew 14


def test_two_player_shot_names_the_other_player() -> None:
    game, s = deal("basic", 2, [["S", 10, 11, 12, 13], [20, 21, 22, 23, 24]])
    assert legal(game, s) == {"10", "11", "12", "13", "S1"}
    s, _ = play(game, s, "S1")
    assert game.current_player(s) == 1  # like a Pass


def test_seven_players_deal_and_turn_wraps_around() -> None:
    hands = [["T", 10, 11, 12, 13], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [40, 41, 42, 43, 44],
             [50, 51, 52, 53, 54], [60, 61, 62, 63, 64], [70, 71, 72, 73, 74]]
    game, s = deal("basic", 7, hands)
    assert s.stock_count == 108 - 35 and all(len(h) == 5 for h in s.hands)
    assert s.dealer == 6 and game.current_player(s) == 0
    s, _ = play(game, s, "T")
    assert game.current_player(s) == 6
    s, _ = play(game, s, "70")
    assert game.current_player(s) == 5
    assert legal(game, s) == {"60"}  # 60..64 on 70: only the same ones digit


# --- errors -----------------------------------------------------------------------------------
def test_illegal_action_error_names_the_rule_in_english_and_japanese() -> None:
    game, s = deal("basic", 3, [[85, 12, 33, 47, 58], [25, 24, 3, 7, 50], H60])
    s, _ = play(game, s, "85")
    exc = rejects(game, s, "24", "not_higher")
    assert str(exc) == ("illegal action (up_and_down.illegal.not_higher): "
                        "You cannot play 24 on 85: it is not higher and its ones digit differs.")
    assert exc.text("en") == "You cannot play 24 on 85: it is not higher and its ones digit differs."
    ja = exc.text("ja")
    assert "24" in ja and "85" in ja and "出せません" in ja
    exc = rejects(game, s, "33", "not_in_hand")
    assert exc.text() == "33 is not in Player 2's hand."
    assert "プレイヤー2" in exc.text("ja")
    # a Play object is refused the same way as its code
    exc = rejects(game, s, Play(TURN), "not_in_hand")
    assert exc.text() == "Turn is not in Player 2's hand."


@pytest.mark.parametrize(
    ("options", "field", "allowed"),
    [
        ({"payee": "x"}, "payee", "'last_play', 'last_number'"),
        ({"players": 8}, "players", "an integer from 2 to 7"),
        ({"players": 1}, "players", "an integer from 2 to 7"),
        ({"colour": "red"}, "colour", "a known option: mode, players, solo"),
        ({"special_on_empty_field": "never"}, "special_on_empty_field", "'free', 'forbidden'"),
        ({"two_player_turn_is_skip": "yes"}, "two_player_turn_is_skip", "False, True"),
        ({"target_wins": 0}, "target_wins", "an integer from 1 to 20"),
        ({"removed_cards": 3}, "removed_cards", "0 unless mode is 'cul_de_sac'"),
        ({"preset": "turbo"}, "preset", "'basic', 'carry_over', 'cul_de_sac', 'solo'"),
    ],
)
def test_bad_option_raises_config_error_naming_field_and_allowed_values(
    options: dict[str, Any], field: str, allowed: str
) -> None:
    options = dict(options)
    preset = options.pop("preset", "basic")
    with pytest.raises(ConfigError) as info:
        make("up_and_down", preset=preset, **options)
    assert info.value.field == field
    assert allowed in str(info.value)
    assert repr(next(iter(options.values()), preset)) in str(info.value)


@pytest.mark.parametrize("code", ["", "0", "101", "007", "-3", "x", "PP", "P1", "T2", "Sx", "S-1", "S7", "S12", "3.5"])
def test_malformed_codes_raise_invalid_action_error(code: str) -> None:
    game, s = deal("basic", 3, [["S", 10, 11, 12, 13], H60, H70])
    with pytest.raises(InvalidActionError):
        game.action_from_code(code)
    with pytest.raises(InvalidActionError):
        game.step(s, code)


def test_malformed_actions_raise_invalid_action_error() -> None:
    game, s = deal("basic", 3, [["S", 10, 11, 12, 13], H60, H70])
    with pytest.raises(InvalidActionError):
        Play(37, 1)  # only a Shot names a target
    with pytest.raises(InvalidActionError):
        Play(0)
    with pytest.raises(InvalidActionError):
        game.explain(s, "10")  # explain takes actions, not codes
    assert game.action_from_code("S2") == Play(SHOT, 2)
    assert game.action_from_code("P") == Play(PASS)


# --- Saying the number in force (issue 8) ---------------------------------------------------------
def test_a_special_card_event_says_the_number_in_force() -> None:
    # The source asks whoever plays a special card to say the number on the field aloud.
    game, s = deal("basic", 3, [[95, "P", "S", 12, 13], ["T", 15, 16, 17, 18], ["S", 19, 21, 22, 23]])
    s, events = play(game, s, "S1")  # on an empty field there is no number yet
    assert params(events, "played_shot") == [{"player": 0, "target": 1, "field": 0, "number": f"@{NS}.label.no_number"}]
    assert "the field is empty" in events[0].text("en") and "まだなし" in events[0].text("ja")
    s, _ = play(game, s, "15")
    s, events = play(game, s, "S0")
    assert params(events, "played_shot") == [{"player": 2, "target": 0, "field": 15, "number": 15}]
    s, _ = play(game, s, "95")
    s, events = play(game, s, "T")
    assert params(events, "played_turn") == [{"player": 1, "field": 95, "number": 95}]
    for lang in ("en", "ja"):
        assert "95" in events[0].text(lang)
    s, events = play(game, s, "P")
    assert params(events, "played_pass") == [{"player": 0, "field": 95, "number": 95}]
    assert "95" in events[0].text("en") and "95" in events[0].text("ja")
