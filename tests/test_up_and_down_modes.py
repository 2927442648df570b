"""Up&Down scenario tests for Carry-over, Cul-de-sac and solo, from stacked deals.

The test vectors UD-12..UD-15 are in ``test_up_and_down_rules.py``; this file covers the other
rules of those modes (spec sections (c) and (g)).
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers_up_and_down import NS, deal, event_codes, ladder, legal, params, play, rejects, stack
from tablekit import ConfigError, Outcome, make
from tablekit.games.up_and_down import UpAndDown


# Seat 0 plays 100 and draws 1; seats 1.. hold nothing that follows 100.
STUCK = [[15, 16, 17, 18, 19], [21, 22, 23, 24, 25], [26, 27, 28, 29, 31]]


# --- Carry-over -------------------------------------------------------------------------------
@pytest.mark.parametrize(("payee", "chips"), [("last_play", (9, 10, 9, 8)), ("last_number", (10, 9, 9, 8))])
def test_carry_over_payee_after_a_shot(payee: str, chips: tuple[int, ...]) -> None:
    # Seat 0 plays 95, seat 1 shoots seat 3, who cannot play: the Shot player or the 95 player
    # is paid, depending on the option.
    game, s = deal("carry_over", 4, [[95, "P", 12, 13, 14], ["S", 15, 16, 17, 18], [96, 97, 98, 99, 100],
                                     [10, 20, 30, 40, 50]], stock=(1, 2), payee=payee)
    s, events = play(game, s, "95", "S3")
    assert params(events, "eliminated") == [{"player": 3}]
    assert params(events, "paid") == [{"player": 3, "payee": 1 if payee == "last_play" else 0, "amount": 1}]
    assert s.chips == chips
    assert game.current_player(s) == 0


@pytest.mark.parametrize(("payee", "chips"), [("last_play", (8, 10, 9)), ("last_number", (9, 9, 9))])
def test_carry_over_payee_who_is_the_eliminated_player_gets_nothing(payee: str, chips: tuple[int, ...]) -> None:
    # Seat 1 shoots seat 0, who made the latest number play and cannot follow it.
    game, s = deal("carry_over", 3, [[95, 11, 12, 13, 14], ["S", 15, 16, 17, 18], [96, 97, 98, 99, 100]],
                   stock=(1, 2), payee=payee)
    s, events = play(game, s, "95", "S0")
    assert params(events, "eliminated") == [{"player": 0}]
    assert len(params(events, "paid")) == (1 if payee == "last_play" else 0)
    assert s.chips == chips and game.current_player(s) == 1


@pytest.mark.parametrize(("allow_debt", "chips"), [(False, (0, 0, 0)), (True, (1, -1, 0))])
def test_carry_over_broke_player_pays_only_with_allow_debt(allow_debt: bool, chips: tuple[int, ...]) -> None:
    game, s = deal("carry_over", 3, [[100, 11, 12, 13, 14], STUCK[0], [90, 21, 22, 23, 24]], stock=(1,),
                   starting_chips=1, allow_debt=allow_debt)
    assert s.chips == (0, 0, 0) and s.pot == 3
    s, events = play(game, s, "100")
    if allow_debt:
        assert params(events, "paid") == [{"player": 1, "payee": 0, "amount": 1}]
        assert params(events, "cannot_pay") == []
    else:
        assert params(events, "paid") == []
        assert params(events, "cannot_pay") == [{"player": 1, "payee": 0}]
    assert s.chips == chips and game.current_player(s) == 2


@pytest.mark.parametrize("allows_special", [True, False])
@pytest.mark.parametrize("extra", ["P", 90])
def test_carry_over_pot_claim(extra: Any, allows_special: bool) -> None:
    # Seat 0 plays 100 and is the last one in, holding ``extra`` and dead numbers.
    game, s = deal("carry_over", 3, [[100, extra, 11, 12, 13], STUCK[0], STUCK[1]], stock=(1,),
                   pot_claim_allows_special=allows_special)
    s, events = play(game, s, "100")
    # (game_won also carries the revealed hands and the standings: tests/test_round_summary.py)
    assert [p.items() >= {"player": 0, "game": 1}.items() for p in params(events, "game_won")] == [True]
    claims = extra == 90 or allows_special
    if claims:
        assert params(events, "pot_claimed") == [{"player": 0, "pot": 3}] and not params(events, "pot_carried")
        assert s.pot == 3 and not s.carried  # the new game's antes only
        assert s.chips == (9 + 2 + 3 - 1, 7, 7)
    else:
        assert params(events, "pot_carried") == [{"player": 0, "pot": 3}] and not params(events, "pot_claimed")
        assert s.pot == 6 and s.carried
        assert s.chips == (9 + 2 - 1, 7, 7)
    assert s.game_no == 1 and s.dealer == 0 and game.current_player(s) == 1


def test_carry_over_survivor_with_an_empty_hand_cannot_claim() -> None:
    # Two players climb the whole deck (see test_ud11): seat 1 survives with an empty hand.
    hands = [[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]
    stock = tuple(range(11, 101)) + ("P", "P", "P", "T", "T", "T", "S", "S")
    game, s = deal("carry_over", 2, hands, stock)
    moves = [str(n) for n in range(1, 101)] + ["P", "P", "P", "T", "T", "T", "S1"]
    s, _ = play(game, s, *moves)
    assert s.hands == ((), (103,)) and s.pot == 2
    s, events = play(game, s, "S0")
    assert params(events, "paid") == [{"player": 0, "payee": 1, "amount": 1}]
    assert params(events, "pot_carried") == [{"player": 1, "pot": 2}]
    assert s.pot == 4 and s.chips == (7, 9) and s.dealer == 1


@pytest.mark.parametrize(("options", "ante", "pot", "chips"), [
    ({}, 1, 8, (11, 7, 7, 7)),
    ({"inflation": True}, 2, 12, (10, 6, 6, 6)),
    ({"inflation": True, "inflation_ante": 3}, 3, 16, (9, 5, 5, 5)),
])
def test_carry_over_inflation_ante_after_a_carry_over(options: dict[str, Any], ante: int, pot: int,
                                                       chips: tuple[int, ...]) -> None:
    game, s = deal("carry_over", 4, [[100, 11, 12, 13, 14]] + STUCK, stock=(1,), **options)
    assert s.ante == 1 and s.pot == 4  # the first game always has the normal ante
    s, events = play(game, s, "100")
    assert params(events, "pot_carried") == [{"player": 0, "pot": 4}]
    assert params(events, "ante")[-1] == {"amount": ante, "pot": pot}
    assert (s.ante, s.pot, s.chips) == (ante, pot, chips)


def test_carry_over_inflation_applies_only_after_a_carry_over() -> None:
    game = make("up_and_down", preset="carry_over", players=3, inflation=True)
    seen = set()
    for seed in range(40):
        s = game.initial_state(seed)
        carried = False
        while not game.is_terminal(s):
            game_no = s.game_no
            s, events = game.step(s, game.legal_actions(s)[0])
            codes = event_codes(events)
            if f"{NS}.event.pot_carried" in codes:
                carried = True
            elif f"{NS}.event.pot_claimed" in codes:
                carried = False
            if s.game_no != game_no:
                assert s.ante == (2 if carried else 1)
                assert s.carried == carried
                seen.add(carried)
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_carry_over_match_ends_when_someone_cannot_ante() -> None:
    game, s = deal("carry_over", 3, [[100, 90, 11, 12, 13], STUCK[0], STUCK[1]], stock=(1,), starting_chips=2)
    s, events = play(game, s, "100")
    codes = event_codes(events)
    assert f"{NS}.event.pot_claimed" in codes and f"{NS}.event.deal" not in codes
    assert codes[-1] == f"{NS}.event.match_over" and events[-1].params["players"] == [0]
    assert game.is_terminal(s) and s.chips == (1 + 2 + 3, 0, 0)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.cannot_ante"
    assert out.winners == (0,) and out.scores == (6.0, 0.0, 0.0)
    assert out.details["pot_left"] == 0 and out.details["games"] == 1


def test_carry_over_buying_chips_is_off_by_default() -> None:
    assert make("up_and_down", preset="carry_over").config.buy_in == 0
    with pytest.raises(ConfigError, match="buy_in"):
        make("up_and_down", preset="basic", buy_in=5)


def test_carry_over_a_broke_player_buys_chips_and_the_match_goes_on() -> None:
    # As in the test above, seats 1 and 2 are broke after the first game; with buy_in they buy
    # 3 chips each instead of ending the match, ante, and the next game is dealt.
    game, s = deal("carry_over", 3, [[100, 90, 11, 12, 13], STUCK[0], STUCK[1]], stock=(1,),
                   starting_chips=2, buy_in=3)
    s, events = play(game, s, "100")
    assert params(events, "bought") == [{"player": 1, "amount": 3, "chips": 3}, {"player": 2, "amount": 3, "chips": 3}]
    codes = event_codes(events)
    assert codes.index(f"{NS}.event.bought") < codes.index(f"{NS}.event.ante") < codes.index(f"{NS}.event.deal")
    assert not game.is_terminal(s) and s.game_no == 1
    assert s.chips == (5, 2, 2) and s.pot == 3 and s.bought == (0, 3, 3)
    obs = game.observe(s, 1)
    assert [p["bought"] for p in obs["players"]] == [0, 3, 3]
    assert "buys 3 chips" in events[codes.index(f"{NS}.event.bought")].text("en")


@pytest.mark.parametrize("max_buys", [1, 2])
def test_carry_over_buying_is_limited_and_counted_in_the_outcome(max_buys: int) -> None:
    game = make("up_and_down", preset="carry_over", players=3, starting_chips=2, buy_in=2, max_buys=max_buys)
    bought_any = False
    for seed in range(10):
        s = game.initial_state(seed)
        while not game.is_terminal(s):
            s, _ = game.step(s, game.legal_actions(s)[0])
        out = game.outcome(s)
        assert out is not None and out.termination in (f"{NS}.end.cannot_ante", f"{NS}.end.game_limit")
        assert all(b <= 2 * max_buys for b in s.bought)
        assert out.details["bought"] == list(s.bought)
        net = [c - b for c, b in zip(s.chips, s.bought)]
        assert out.details["net"] == net
        # Bought chips are not winnings: the winners have the best chips minus chips bought.
        assert out.winners == tuple(i for i, n in enumerate(net) if n == max(net))
        bought_any |= any(s.bought)
    assert bought_any


def test_carry_over_fewer_than_two_can_ante_leaves_the_pot() -> None:
    game, s = deal("carry_over", 4, [[100, 11, 12, 13, 14]] + STUCK, stock=(1,), starting_chips=2)
    s, events = play(game, s, "100")
    assert f"{NS}.event.pot_carried" in event_codes(events)
    assert game.is_terminal(s) and s.chips == (4, 0, 0, 0)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.cannot_ante"
    assert out.winners == (0,) and out.details["pot_left"] == 4


def test_carry_over_most_chips_win_and_ties_are_shared() -> None:
    game, s = deal("carry_over", 2, [[100, 11, 12, 13, 14], STUCK[0]], stock=(1,), starting_chips=1)
    s, events = play(game, s, "100")
    assert params(events, "cannot_pay") == [{"player": 1, "payee": 0}]
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.cannot_ante"
    assert out.winners == (0, 1) and out.scores == (0.0, 0.0) and out.details["pot_left"] == 2


def test_carry_over_pending_pot_is_played_for_by_those_who_can_ante() -> None:
    # Seat 0 plays 100: seat 1 is out and pays seat 0; seat 2 plays 90: seat 0 is out and pays
    # seat 2, who cannot play again: the pot of 3 carries over while seat 1 is broke.
    game, s = deal("carry_over", 3, [[100, 11, 12, 13, 14], STUCK[0], [90, 21, 22, 23, 24]],
                   stock=(1, 2), starting_chips=2)
    s, events = play(game, s, "100", "90")
    assert params(events, "paid") == [{"player": 1, "payee": 0, "amount": 1},
                                      {"player": 0, "payee": 2, "amount": 1}]
    assert params(events, "pot_carried") == [{"player": 2, "pot": 3}]
    assert params(events, "sits_out") == [{"player": 1}]
    assert params(events, "ante")[-1] == {"amount": 1, "pot": 5}
    assert params(events, "deal")[-1] == {"game": 2, "dealer": 2}
    assert not game.is_terminal(s) and s.game_no == 1
    assert s.chips == (0, 0, 1) and s.pot == 5
    assert s.status == ("active", "sitting_out", "active") and s.hands[1] == ()
    assert game.current_player(s) == 0
    assert game.observe(s, None)["players"][1]["status"] == "sitting_out"
    # Play the extra game(s) out: seat 1 never plays and cannot be shot; then the match ends.
    while not game.is_terminal(s):
        assert game.current_player(s) != 1
        assert "S1" not in legal(game, s)
        s, _ = game.step(s, game.legal_actions(s)[0])
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.cannot_ante"
    assert sum(s.chips) + out.details["pot_left"] == 6
    assert s.chips[1] == 0 and len(s.game_winners) >= 2


# --- Cul-de-sac -------------------------------------------------------------------------------
def test_cul_de_sac_lowest_number_opens() -> None:
    hands = [[41, 42, 43, 44, "P"], [50, 51, 52, 53, 54], [7, 60, 61, 62, "T"], [70, 71, 72, 73, 74]]
    game, s = deal("cul_de_sac", 4, hands)
    assert s.phase == "mission" and s.dealer == 3
    assert game.current_player(s) == 2  # the holder of 7, not the dealer's left
    assert legal(game, s) == {"7"}
    assert game.explain(s, game.action_from_code("7")).reason == f"{NS}.ok.opening"
    for code in ("60", "T"):
        exc = rejects(game, s, code, "must_open_lowest")
        assert exc.verdict.params["lowest"] == 7
        assert "lowest number on the table, 7" in str(exc)
    s, _ = play(game, s, "7")
    assert game.current_player(s) == 3 and s.direction == 1
    # After the opening, normal legality (specials included) applies.
    s, _ = play(game, s, "70")
    assert legal(game, s) == {"P"}  # seat 0: 41..44 on 70, and a Pass


def test_cul_de_sac_hands_are_open_to_everyone() -> None:
    game, s = deal("cul_de_sac", 3, [[1, 11, 21, 31, 41], [50, 51, 52, 53, 54], [60, 61, 62, 63, 64]])
    obs = game.observe(s, 1)
    assert obs["players"][0]["hand"] == ["1", "11", "21", "31", "41"]
    assert obs["players"][2]["hand"] == ["60", "61", "62", "63", "64"]
    basic, b = deal("basic", 3, [[1, 11, 21, 31, 41], [50, 51, 52, 53, 54], [60, 61, 62, 63, 64]])
    assert basic.observe(b, 1)["players"][0]["hand"] is None


@pytest.mark.parametrize(("tiebreak", "face_down_sum"), [(0, 163), (50, 213)])
def test_cul_de_sac_mission_fails_if_someone_is_stuck_before_the_stock_is_drawn(
    tiebreak: int, face_down_sum: int
) -> None:
    game, s = deal("cul_de_sac", 3, [[1, "P", 11, 12, 13], [100, 21, 22, 23, 24], [2, 3, 4, 5, 6]],
                   stock=(8, 9), special_tiebreak_value=tiebreak)
    s, events = play(game, s, "1", "100")
    assert event_codes(events)[-2:] == [f"{NS}.event.eliminated", f"{NS}.event.mission_failed"]
    assert [p["player"] for p in params(events, "mission_failed")] == [2]
    assert f"{NS}.event.challenge_begins" not in event_codes(events)
    assert game.is_terminal(s) and s.stock_count == 108 - 15 - 2
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.mission_failed"
    assert out.winners == () and out.scores == (0.0, 0.0, 0.0)
    d = out.details
    assert (d["result"], d["finished"], d["players"], d["score"]) == ("failed", 0, 3, 0.0)
    # Every hand is down: seat 0 P 11 12 13 8, seat 1 21..24 9, seat 2 2..6; a face-down
    # special counts special_tiebreak_value in the sum.
    assert d["face_down_cards"] == 15
    assert d["face_down_sum"] == face_down_sum


def test_cul_de_sac_phase_two_begins_on_the_last_stock_draw_and_survives_eliminations() -> None:
    # Seats 0, 1 and 2 draw 8, 9 and 50: seats 0 and 1 get stuck after 43, seat 2 goes on.
    hands, moves = ladder(3)
    game, s = deal("cul_de_sac", 3, hands, stock=(8, 9, 50), removed_cards=108 - 15 - 3)
    s, events = play(game, s, *moves[:2])
    assert s.phase == "mission" and s.stock_count == 1
    assert f"{NS}.event.challenge_begins" not in event_codes(events)
    s, events = play(game, s, moves[2])
    assert event_codes(events) == [f"{NS}.event.played_number", f"{NS}.event.stock_empty",
                                f"{NS}.event.challenge_begins"]
    assert s.phase == "challenge" and s.stock_count == 0
    s, events = play(game, s, *moves[3:])
    assert params(events, "eliminated") == [{"player": 0}, {"player": 1}]
    assert f"{NS}.event.mission_failed" not in event_codes(events)
    assert not game.is_terminal(s) and s.status == ("out", "out", "active")
    assert game.current_player(s) == 2 and legal(game, s) == {"50"}
    assert all(len(h) == 1 for h in s.hands)  # no draw once the stock is empty
    # An eliminated player's hand goes face down; the others stay open.
    seen = [p["hand"] for p in game.observe(s, 2)["players"]]
    assert seen == [None, None, ["50"]]
    assert game.observe(s, 0)["players"][0]["hand"] == ["8"]
    s, events = play(game, s, "50")
    assert [(p["finished"], p["players"]) for p in params(events, "score")] == [(1, 3)]
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.challenge_done"
    assert out.details["score"] == pytest.approx(1 / 3)
    assert out.teams == ((0, 1, 2),)  # the team is the whole table, finished or not
    assert (out.details["face_down_cards"], out.details["face_down_sum"]) == (2, 17)


# Four players; seat 0 draws the only stock card (84). Seat 3's Shot gives seat 1 an extra turn,
# so seats 1..3 finish while seat 0 still holds two cards.
SKIP_HANDS = [[4, 32, 48, 64, 80], [8, 20, 36, 52, 68], [12, 24, 40, 56, 72], ["S", 28, 44, 60, 76]]
SKIP_MOVES = ["S1" if k == 4 else str(4 * k) for k in range(1, 21)]


@pytest.mark.parametrize("preset", ["cul_de_sac", "solo"])
def test_cul_de_sac_finished_players_are_skipped(preset: str) -> None:
    game, s = deal(preset, 4, SKIP_HANDS, stock=(84,), removed_cards=108 - 20 - 1)
    s, events = play(game, s, *SKIP_MOVES[:3])
    assert s.phase == "challenge"
    assert legal(game, s) == {"28", "44", "60", "76", "S0", "S1", "S2"}
    s, _ = play(game, s, "S1")
    assert game.current_player(s) == 1
    s, events = play(game, s, *SKIP_MOVES[4:17])
    assert params(events, "finished") == [{"player": 1}]
    assert s.status[1] == "finished" and s.hands[1] == ()
    assert game.current_player(s) == 2
    s, events = play(game, s, *SKIP_MOVES[17:])
    assert s.status == ("active", "finished", "finished", "finished")
    # Seat 0 played 80 and stays in: seats 1..3 are skipped and seat 0 plays again.
    assert game.current_player(s) == 0 and legal(game, s) == {"84"}
    s, events = play(game, s, "84")
    assert [(p["finished"], p["players"]) for p in params(events, "score")] == [(4, 4)]
    out = game.outcome(s)
    assert out is not None and out.details["score"] == 1.0 and out.winners == (0, 1, 2, 3)
    assert out.teams == ((0, 1, 2, 3),) and out.to_json()["teams"] == [[0, 1, 2, 3]]  # one co-op team


def test_cul_de_sac_shot_names_only_players_still_in_or_else_its_own_player() -> None:
    # As above, but seat 0 draws a Shot: when everyone else has finished it names seat 0.
    game, s = deal("cul_de_sac", 4, SKIP_HANDS, stock=("S",), removed_cards=108 - 20 - 1)
    s, _ = play(game, s, *SKIP_MOVES[:15])
    assert game.current_player(s) == 0 and s.status[0] == "active"
    assert legal(game, s) == {"64", "80", "S1", "S2", "S3"}
    s, _ = play(game, s, *SKIP_MOVES[15:])
    assert s.status == ("active", "finished", "finished", "finished")
    assert legal(game, s) == {"S0"}
    assert game.explain(s, game.action_from_code("S0")).reason == f"{NS}.ok.shot"
    s, events = play(game, s, "S0")
    assert [(p["finished"], p["players"]) for p in params(events, "score")] == [(4, 4)]


def _ladder_outcome(stock: tuple[int, ...], *after: str) -> Outcome:
    """Five players climb the ladder, then play ``after``; the stock is ``stock``."""
    hands, moves = ladder(5)
    game, s = deal("cul_de_sac", 5, hands, stock=stock, removed_cards=108 - 25 - len(stock))
    s, _ = play(game, s, *moves, *after)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.challenge_done"
    return out


def test_cul_de_sac_team_rank_key_orders_score_then_cards_then_sum() -> None:
    d = _ladder_outcome((6, 46), "46")  # seat 0 stuck with 6, seat 1 finishes with 46
    b = _ladder_outcome((29, 38))  # seats 0 and 1 stuck with 29 and 38
    a = _ladder_outcome((38, 39))
    c = _ladder_outcome((6, 8, 46, 47, 48, 7), "46", "47", "48")  # seat 0 stuck with 6 and 7
    figures = [(o.details["finished"], o.details["face_down_cards"], o.details["face_down_sum"])
               for o in (d, b, a, c)]
    assert figures == [(4, 1, 6), (3, 2, 67), (3, 2, 77), (3, 3, 21)]
    assert sorted([c, a, d, b], key=UpAndDown.team_rank_key) == [d, b, a, c]
    assert UpAndDown.team_rank_key(d) == (-0.8, 1, 6)


def test_cul_de_sac_removed_cards() -> None:
    game, s = deal("cul_de_sac", 3, [[1, 11, 21, 31, 41], [2, 12, 22, 32, 42], [3, 13, 23, 33, 43]],
                   stock=(50,), removed=(96, 97, 98, 99, 100), removed_cards=5)
    assert s.removed == (96, 97, 98, 99, 100)
    assert s.stock_count == 108 - 15 - 5 and s.deck[0] == 50
    assert not set(s.removed) & set(s.deck)
    assert game.observe(s, None)["removed"] == 5
    assert sum(game.census(s).values()) == 108
    # Removing more cards shortens phase 1; a random deal removes exactly that many.
    game = make("up_and_down", preset="cul_de_sac", players=3, removed_cards=40)
    s = game.initial_state(7)
    assert len(s.removed) == 40 and s.stock_count == 108 - 15 - 40
    assert game.observe(s, 0)["removed"] == 40


def test_solo_is_one_person_with_four_open_hands() -> None:
    game = make("up_and_down", preset="solo")
    cfg = game.config
    assert (cfg.mode, cfg.solo, cfg.players, game.num_players) == ("cul_de_sac", True, 4, 4)
    s = game.initial_state(3, deck=stack(4, SKIP_HANDS, stock=(84,)))
    obs = game.observe(s, 0)
    assert obs["mode"] == "solo"
    assert all(p["hand"] is not None for p in obs["players"])
    assert game.current_player(s) == 0 and legal(game, s) == {"4"}


def test_cul_de_sac_with_no_stock_starts_in_the_score_challenge() -> None:
    game = make("up_and_down", preset="cul_de_sac", players=4, removed_cards=108 - 5 * 4)
    state = game.initial_state(3)
    assert state.phase == "challenge"
    assert state.stock_count == 0
    # A stuck player is now simply out: the game goes on instead of failing the mission.
    while not game.is_terminal(state):
        state, _ = game.step(state, game.legal_actions(state)[0])
    assert game.outcome(state).termination == "up_and_down.end.challenge_done"
