"""American Page One scenario tests: the spec's test vectors, the special cards, turns, calls,
scoring and errors, each from a stacked deal (see ``helpers_page_one``).

The test vectors PO-01..PO-14 of ``shared/rules/page_one.md`` each have a ``test_poNN_...``
test; the house rules and options are in ``test_page_one_options.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers_page_one import NS, c, deal, event_codes, hand, legal, params, play, reason, rejects
from tablekit import ConfigError, InvalidActionError, make
from tablekit.games.page_one import JOKER, Play, card_code
from tablekit.games.page_one.rules import DRAWN, OVER, PLAY

# Filler hands without special ranks (A, 4-7, 9, T, K are plain by default).
F1 = ["9D", "TD", "KD"]
F2 = ["AD", "4D", "6D"]


# --- test vectors PO-01..PO-14 ----------------------------------------------------------------
def test_po01_same_suit_or_same_rank_is_legal() -> None:
    game, s = deal([["KH", "7C", "4S"], F1, F2], stock=["7H"])
    assert card_code(s.top) == "7H" and game.current_player(s) == 0
    assert legal(game, s) == {"KH", "7C"}
    assert reason(game, s, "KH") == f"{NS}.ok.same_suit"
    assert reason(game, s, "7C") == f"{NS}.ok.same_rank"
    rejects(game, s, "KH:S", "cannot_name")  # only a wild card names a suit
    for code in ("KH", "7C"):
        after, _ = play(game, s, code)
        assert card_code(after.top) == code and game.current_player(after) == 1


def test_po02_other_suit_and_other_rank_is_illegal() -> None:
    game, s = deal([["KH", "7C", "KC"], F1, F2], stock=["7H"])
    exc = rejects(game, s, "KC", "wrong_suit")
    assert exc.verdict.params == {"card": "@cards.card.KC", "top": "@cards.card.7H",
                                  "suit": "@page_one.label.suit.H"}
    assert exc.text("en") == "You cannot play K♣ on 7♥: it is not of the suit ♥ hearts and not of the same rank."
    assert "♣K" in exc.text("ja") and "♥7" in exc.text("ja") and "出せません" in exc.text("ja")


def test_po03_eight_names_a_suit_and_the_next_player_follows_it() -> None:
    game, s = deal([["8S", "4C", "5C"], ["5D", "9H", "8C"], F2], stock=["7H"])
    assert {"8S:S", "8S:H", "8S:D", "8S:C"} <= legal(game, s)
    assert reason(game, s, "8S:D") == f"{NS}.ok.wild"
    rejects(game, s, "8S", "needs_suit")
    s, events = play(game, s, "8S:D")
    assert params(events, "named_suit") == [{"player": 0, "suit": "@page_one.label.suit.D"}]
    assert s.suit == 2 and game.observe(s, None)["suit"] == "D"
    assert legal(game, s) == {"5D", "8C:S", "8C:H", "8C:D", "8C:C"}
    exc = rejects(game, s, "9H", "wrong_suit")
    assert exc.verdict.params["suit"] == "@page_one.label.suit.D"


def test_po04_two_answered_with_a_two_then_the_third_player_draws_four() -> None:
    game, s = deal([["2H", "4C", "5C"], ["2S", "9D", "KD"], ["5S", "6S", "9S"]], stock=["7H"])
    s, events = play(game, s, "2H")
    assert s.pending == 2 and game.current_player(s) == 1
    assert params(events, "penalty_up") == [{"player": 1, "count": 2}]
    assert legal(game, s) == {"2S", "draw"}
    rejects(game, s, "9D", "not_a_counter")
    s, _ = play(game, s, "2S")
    assert s.pending == 4 and game.current_player(s) == 2
    assert legal(game, s) == {"draw"}
    assert reason(game, s, "draw") == f"{NS}.ok.take_penalty"
    s, events = play(game, s, "draw")
    assert params(events, "penalty_drawn") == [{"player": 2, "count": 4}]
    assert len(s.hands[2]) == 7 and s.pending == 0
    # Drawing the penalty ends the turn; the next player follows the Two of spades as usual.
    assert game.current_player(s) == 0 and s.phase == PLAY
    assert legal(game, s) == {"draw"}  # 4C, 5C: neither spades nor a 2


def test_po05_three_three_then_no_three_draws_six() -> None:
    game, s = deal([["3H", "4C", "5C"], ["3C", "9D", "KD"], ["5S", "6S", "9S"]], stock=["7H"])
    s, _ = play(game, s, "3H", "3C")
    assert s.pending == 6 and legal(game, s) == {"draw"}
    s, events = play(game, s, "draw")
    assert params(events, "penalty_drawn") == [{"player": 2, "count": 6}]
    assert len(s.hands[2]) == 9


def test_po06_two_two_two_then_no_two_draws_six() -> None:
    game, s = deal([["2H", "4C", "5C"], ["2S", "9D", "KD"], ["2D", "6S", "9S"], ["4S", "5S", "6H"]], stock=["7H"])
    s, _ = play(game, s, "2H", "2S", "2D")
    assert s.pending == 6 and game.current_player(s) == 3
    s, events = play(game, s, "draw")
    assert params(events, "penalty_drawn") == [{"player": 3, "count": 6}]


def test_po07_special_starter_is_covered_and_has_no_effect() -> None:
    game, s = deal([["KH", "7C", "4S"], F1, F2], stock=["JS", "5H"])
    assert [card_code(x) for x in s.discard] == ["JS", "5H"]
    assert card_code(s.top) == "5H" and s.suit == 1
    assert game.current_player(s) == 0 and s.direction == 1  # the Jack skipped nobody
    assert s.stock_count == 52 - 9 - 2


def test_po07_every_special_rank_is_covered() -> None:
    game, s = deal([["KH", "7C", "4S"], F1, F2], stock=["8S", "2D", "3C", "QH", "JD", "6H"])
    assert [card_code(x) for x in s.discard] == ["8S", "2D", "3C", "QH", "JD", "6H"]
    assert s.pending == 0 and s.direction == 1 and game.current_player(s) == 0


@pytest.mark.parametrize("mode", ["catchable", "strict"])
def test_po08_missed_page_one_costs_five_cards(mode: str) -> None:
    game, s = deal([["4H", "5H"], ["9D", "KD"], ["5C", "6C"]], stock=["7H"], call_mode=mode)
    assert legal(game, s) == {"4H", "4H!", "5H", "5H!"}
    s, events = play(game, s, "4H")
    if mode == "strict":
        assert params(events, "missed_call") == [{"player": 0, "call": "@page_one.call.page_one", "count": 5}]
        assert len(s.hands[0]) == 6 and s.exposed == -1
        assert "catch" not in legal(game, s)
        return
    assert params(events, "call_unnoticed") == [{"player": 0, "call": "@page_one.call.page_one"}]
    assert len(s.hands[0]) == 1 and s.exposed == 0 and game.current_player(s) == 1
    assert "catch" in legal(game, s)
    assert reason(game, s, "catch") == f"{NS}.ok.catch"
    s, events = play(game, s, "catch")
    assert params(events, "caught") == [{"player": 0, "by": 1, "count": 5}]
    assert len(s.hands[0]) == 6 and game.current_player(s) == 1  # the catcher still has their turn
    rejects(game, s, "catch", "nothing_to_catch")


def test_po08_a_call_made_costs_nothing() -> None:
    game, s = deal([["4H", "5H"], ["9D", "KD"], ["5C", "6C"]], stock=["7H"])
    s, events = play(game, s, "4H!")
    assert params(events, "called") == [{"player": 0, "call": "@page_one.call.page_one"}]
    assert len(s.hands[0]) == 1
    assert events[-1].text("en") == "Player 1 calls “Page One!”"


def test_po08_the_miss_can_only_be_caught_before_the_next_card() -> None:
    game, s = deal([["4H", "5H"], ["9H", "KD"], ["5C", "6C"]], stock=["7H"], call_mode="catchable")
    s, _ = play(game, s, "4H", "9H!")  # Player 2 plays instead of catching: too late now
    assert s.exposed == -1 and "catch" not in legal(game, s)
    assert len(s.hands[0]) == 1


def test_po09_two_twos_at_once_make_the_next_player_draw_four() -> None:
    game, s = deal([["2H", "2S", "9C"], F1, F2], stock=["7H"], multi_play=True)
    assert "2H+2S!" in legal(game, s) and "2S+2H!" not in legal(game, s)
    rejects(game, s, "2S+2H!", "multi_bottom")  # the 2 of hearts must go at the bottom
    s, events = play(game, s, "2H+2S!")
    assert params(events, "played_many") == [{"player": 0, "card": "@cards.card.2S", "count": 2}]
    assert s.pending == 4 and card_code(s.top) == "2S" and s.suit == 0
    s, events = play(game, s, "draw")
    assert params(events, "penalty_drawn") == [{"player": 1, "count": 4}]


def test_po10_four_queens_at_once_leave_the_direction_unchanged() -> None:
    hands = [["9H", "4C", "5C", "6C", "9C"], ["QS", "QH", "QD", "QC", "4D"],
             ["4S", "5S", "6S", "9S", "TS"], ["4H", "5H", "6H", "TH", "KH"]]
    game, s = deal(hands, stock=["7H"], multi_play=True)
    s, _ = play(game, s, "9H")
    action = Play(c("QC"), under=(c("QS"), c("QH"), c("QD")), call=True)
    assert action.code == "QS+QH+QD+QC!"
    assert action.code in legal(game, s)
    s, events = play(game, s, action.code)
    assert params(events, "reversed") == [{"effect": "@page_one.effect.page_one.reverse", "count": 4}]
    assert s.direction == 1 and game.current_player(s) == 2
    # Three Queens reverse it.
    game, s = deal(hands, stock=["7H"], multi_play=True)
    s, _ = play(game, s, "9H", "QS+QH+QD")
    assert s.direction == -1 and game.current_player(s) == 0


@pytest.mark.parametrize(("penalty", "drawn"), [(5, 9), (3, 7), (2, 6)])
def test_po11_a_wrong_joker_challenge_costs_the_penalty_plus_four(penalty: int, drawn: int) -> None:
    game, s = deal([["JK", "4C", "5C"], F1, F2], stock=["7H"], jokers=1, penalty=penalty)
    assert {"JK:S", "JK:H", "JK:D", "JK:C"} <= legal(game, s)
    s, events = play(game, s, "JK:S")
    assert s.pending == 4 and game.current_player(s) == 1
    assert legal(game, s) == {"challenge", "draw"}
    assert reason(game, s, "challenge") == f"{NS}.ok.challenge"
    s, events = play(game, s, "challenge")
    assert params(events, "challenge_lost") == [{"player": 1, "target": 0, "count": drawn}]
    assert len(s.hands[1]) == 3 + drawn and s.pending == 0
    assert game.current_player(s) == 2 and s.suit == 0  # the joker stays, spades to follow
    assert "challenge" not in legal(game, s)


def test_po12_crazy_eights_values() -> None:
    game = make("page_one")
    assert game.hand_value([c("8S"), c("KH"), c("AD"), c("5C")]) == 66


def test_po12_the_winner_collects_the_other_hands() -> None:
    game, s = deal([["JH", "JD", "JS", "JC"], ["8S", "KH", "AD", "5C"]], stock=["7H"])
    # With two players a Jump gives the same player another turn.
    s, _ = play(game, s, "JH")
    assert game.current_player(s) == 0
    s, events = play(game, s, "JD", "JS!", "JC!")
    assert [e["call"] for e in params(events, "called")] == ["@page_one.call.page_one", "@page_one.call.stop"]
    assert game.is_terminal(s) and s.phase == OVER
    out = game.outcome(s)
    assert out is not None
    assert out.termination == f"{NS}.end.out" and out.winners == (0,)
    assert out.scores == (66.0, -66.0)
    # (the event also carries the revealed hands and the scoring: tests/test_round_summary.py)
    assert [p.items() >= {"round": 1, "players": [0], "points": 66}.items() for p in params(events, "round_over")] == [True]


def test_po13_jump_skips_the_next_player() -> None:
    game, s = deal([["JH", "4C", "5C"], F1, ["5H", "6H", "9C"]], stock=["7H"])
    s, events = play(game, s, "JH")
    assert game.current_player(s) == 2
    assert params(events, "skipped") == [{"effect": "@page_one.effect.page_one.jump", "players": [1]}]
    assert events[-1].text("en") == "Jump: Player 2 skipped."


def test_po14_quick_turn_reverses_the_direction() -> None:
    hands = [["4H", "5C", "6C"], ["QH", "9D", "KD"], ["5S", "6S", "9S"], ["5H", "6H", "9H"]]
    game, s = deal(hands, stock=["7H"])
    s, _ = play(game, s, "4H", "QH")
    assert s.direction == -1 and game.current_player(s) == 0
    s, _ = play(game, s, "draw")  # 5C, 6C do not fit the Queen of hearts, nor does the A♠ drawn
    assert game.current_player(s) == 3


# --- special cards and turns ------------------------------------------------------------------
def test_eight_may_name_its_own_suit_and_is_legal_on_anything() -> None:
    game, s = deal([["8C", "4C", "5C"], F1, F2], stock=["7H"])
    assert reason(game, s, "8C:C") == f"{NS}.ok.wild"
    s, _ = play(game, s, "8C:C")
    assert s.suit == 3


def test_after_an_eight_only_the_named_suit_or_an_eight() -> None:
    game, s = deal([["8C", "4C", "5C"], ["8D", "9C", "9H"], F2], stock=["7H"])
    s, _ = play(game, s, "8C:H")
    assert legal(game, s) == {"9H", "8D:S", "8D:H", "8D:D", "8D:C"}  # 9C: clubs were not named


def test_jump_with_two_players_gives_the_same_player_another_turn() -> None:
    game, s = deal([["JH", "4H", "5C"], ["9D", "KD", "TD"]], stock=["7H"])
    s, _ = play(game, s, "JH")
    assert game.current_player(s) == 0


def test_quick_turn_with_two_players_changes_nothing() -> None:
    game, s = deal([["QH", "4H", "5C"], ["9D", "KD", "TD"]], stock=["7H"])
    s, _ = play(game, s, "QH")
    assert s.direction == -1 and game.current_player(s) == 1


def test_a_penalty_draw_ends_the_turn_even_with_a_fitting_card() -> None:
    game, s = deal([["2H", "4C", "5C"], ["9H", "2C", "KD"], F2], stock=["7H"], two_ranks=("2",))
    s, _ = play(game, s, "2H")
    assert legal(game, s) == {"2C", "draw"}  # 9H would fit the suit but a penalty is waiting
    s, _ = play(game, s, "draw")
    assert game.current_player(s) == 2 and len(s.hands[1]) == 5


def test_draw_then_play_the_drawn_card() -> None:
    game, s = deal([["4C", "5C", "6C"], F1, F2], stock=["7H", "9H", "TH"])
    assert legal(game, s) == {"draw"}
    rejects(game, s, "pass", "pass_can_draw")
    s, events = play(game, s, "draw")
    assert params(events, "drew") == [{"player": 0, "count": 1}]
    assert s.phase == DRAWN and game.current_player(s) == 0
    assert legal(game, s) == {"9H", "pass"}
    assert game.observe(s, 0)["drawn"] == "9H" and game.observe(s, 1)["drawn"] is None
    rejects(game, s, "4C", "drawn_only")
    rejects(game, s, "draw", "already_drew")
    kept, events = play(game, s, "pass")
    assert event_codes(events) == [f"{NS}.event.kept"] and game.current_player(kept) == 1
    assert hand(kept, 0) == ["9H", "4C", "5C", "6C"]
    s, _ = play(game, s, "9H")
    assert card_code(s.top) == "9H" and game.current_player(s) == 1


def test_draw_an_unplayable_card_ends_the_turn() -> None:
    game, s = deal([["4C", "5C", "6C"], F1, F2], stock=["7H", "9S"])
    s, _ = play(game, s, "draw")
    assert s.phase == PLAY and game.current_player(s) == 1 and hand(s, 0) == ["9S", "4C", "5C", "6C"]


def test_drawing_is_not_allowed_while_a_card_fits() -> None:
    game, s = deal([["KH", "5C", "6C"], F1, F2], stock=["7H"])
    exc = rejects(game, s, "draw", "can_play")
    assert exc.verdict.params == {"card": "@cards.card.KH"}
    rejects(game, s, "pass", "can_play")


def test_the_stock_is_reshuffled_from_the_discards_but_the_top_card() -> None:
    game = make("page_one", players=8)
    for seed in range(40):
        s = game.initial_state(seed)
        while not game.is_terminal(s):
            if s.stock_count == 0 and s.phase == PLAY and not s.pending and game.legal_actions(s) == (game.action_from_code("draw"),):
                before = s
                s, events = game.step(s, "draw")
                assert f"{NS}.event.reshuffled" in event_codes(events)
                assert s.discard == before.discard[-1:]
                assert params(events, "reshuffled") == [{"count": len(before.discard) - 1}]
                assert game.census(s) == game.census(before)
                return
            legal_actions = game.legal_actions(s)
            s, _ = game.step(s, legal_actions[-1])
    pytest.fail("no reshuffle in 40 games")  # pragma: no cover


def test_nothing_to_draw_means_pass_and_a_full_round_of_passes_blocks_the_round() -> None:
    # Random play can hardly reach this, so the position is made from a dealt one: the stock
    # and the discards below the top card are taken into the hands.
    game, s = deal([["4C", "5C", "6C"], ["9D", "TD", "KD"]], stock=["7H"], call_mode="off")
    rest = s.stock[s.drawn:]
    s = s._replace(stock=(), drawn=0, hands=(s.hands[0] + rest[:20], s.hands[1] + rest[20:]))
    s = s._replace(hands=tuple(tuple(x for x in h if x // 13 != 1 and x % 13 not in (6, 7)) for h in s.hands))
    # (hearts, sevens and eights dropped from the hands: nobody can play on the 7 of hearts)
    assert legal(game, s) == {"pass"}
    assert reason(game, s, "pass") == f"{NS}.ok.pass"
    rejects(game, s, "draw", "nothing_to_draw")
    s, events = play(game, s, "pass")
    assert event_codes(events) == [f"{NS}.event.passed"] and game.current_player(s) == 1
    s, events = play(game, s, "pass")
    assert f"{NS}.event.blocked" in event_codes(events) and game.is_terminal(s)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.blocked"
    v0, v1 = game.hand_value(s.hands[0]), game.hand_value(s.hands[1])
    low = 0 if v0 < v1 else 1
    assert out.winners == (low,)
    assert out.scores[low] == max(v0, v1) and out.scores[1 - low] == -max(v0, v1)


# --- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "decks", "size"), [(2, 1, 7), (3, 1, 7), (4, 1, 6), (5, 1, 6), (6, 1, 5),
                                                        (7, 1, 5), (8, 1, 4), (3, 2, 7), (8, 2, 7)])
def test_hand_size_by_player_count(players: int, decks: int, size: int) -> None:
    game = make("page_one", players=players, decks=decks)
    s = game.initial_state(1)
    assert all(len(h) == size for h in s.hands)
    assert sum(game.census(s).values()) == 52 * decks


def test_random_dealer_and_the_first_player_is_on_the_dealers_left() -> None:
    game = make("page_one", players=5)
    dealers = {game.initial_state(seed).dealer for seed in range(40)}
    assert dealers == set(range(5))
    s = game.initial_state(3)
    assert game.current_player(s) == (s.dealer + 1) % 5


def test_the_observation_hides_other_hands_and_the_stock() -> None:
    game, s = deal([["KH", "7C", "4S"], F1, F2], stock=["7H"])
    obs = game.observe(s, 1)
    assert obs["players"][0]["hand"] is None and obs["players"][1]["hand"] == ["9D", "TD", "KD"]
    assert obs["players"][0]["hand_count"] == 3 and obs["top"] == "7H" and obs["suit"] == "H"
    assert obs["stock"] == s.stock_count and obs["pile"] == ["7H"] and obs["current"] == 0


# --- errors -----------------------------------------------------------------------------------
def test_illegal_action_error_names_the_rule_in_english_and_japanese() -> None:
    game, s = deal([["KH", "7C", "KC"], F1, F2], stock=["7H"])
    exc = rejects(game, s, "KC", "wrong_suit")
    assert str(exc).startswith("illegal action (page_one.illegal.wrong_suit): ")
    exc = rejects(game, s, "9D", "not_in_hand")
    assert exc.text() == "9♦ is not in Player 1's hand."
    assert "プレイヤー1" in exc.text("ja")
    exc = rejects(game, s, Play(c("KH"), call=True), "call_not_due")
    assert exc.verdict.params == {"card": "@cards.card.KH", "left": 2}
    rejects(game, s, "challenge", "nothing_to_challenge")
    rejects(game, s, "name:H", "not_naming")
    rejects(game, s, "KH+KC", "multi_off")


def test_a_finished_game_refuses_everything() -> None:
    game, s = deal([["JH", "JD", "JS", "JC"], ["8S", "KH", "AD", "5C"]], stock=["7H"])
    s, _ = play(game, s, "JH", "JD", "JS!", "JC!")
    assert game.legal_actions(s) == () and game.current_player(s) is None
    rejects(game, s, "draw", "game_over")


@pytest.mark.parametrize(
    ("options", "field", "allowed"),
    [
        ({"players": 9}, "players", "an integer from 2 to 8"),
        ({"players": 1}, "players", "an integer from 2 to 8"),
        ({"decks": 3}, "decks", "1, 2"),
        ({"call_mode": "loud"}, "call_mode", "'strict', 'catchable', 'off'"),
        ({"penalty": 4}, "penalty", "5, 3, 2"),
        ({"values": "uno"}, "values", "'crazy_eights', 'pageone_jp'"),
        ({"draw_rule": "never"}, "draw_rule", "'play_drawn', 'keep_drawn', 'until_playable'"),
        ({"joker_rule": "x"}, "joker_rule", "'challenge', 'no_suit', 'free'"),
        ({"last_card": "no_ace"}, "last_card", "'any', 'no_special', 'no_eight'"),
        ({"play_on": "yes"}, "play_on", "False, True"),
        ({"jokers": 5}, "jokers", "an integer from 0 to 4"),
        ({"jump_ranks": ("J", "Z")}, "jump_ranks", "a tuple of ranks from A 2 3 4 5 6 7 8 9 T J Q K"),
        ({"jump_ranks": 7}, "jump_ranks", "a tuple of ranks"),
        ({"jump_ranks": ("Q",)}, "reverse_ranks", "ranks that carry no other effect (Q is already in jump_ranks)"),
        ({"hand_size": 14, "players": 4}, "hand_size", "an integer from 0 to 12 with 4 players and 52 cards"),
        ({"reverse_on_suit_change": True, "reverse_ranks": ("Q",)}, "reverse_ranks", "() when reverse_on_suit_change"),
        ({"colour": "red"}, "colour", "a known option: players, decks"),
        ({"preset": "turbo"}, "preset", "'classic', 'crazy_eights', 'family', 'house', 'party'"),
    ],
)
def test_bad_option_raises_config_error_naming_field_and_allowed_values(
    options: dict[str, Any], field: str, allowed: str
) -> None:
    options = dict(options)
    preset = options.pop("preset", "classic")
    with pytest.raises(ConfigError) as info:
        make("page_one", preset=preset, **options)
    assert info.value.field == field
    assert allowed in str(info.value)


def test_rank_options_accept_lists_strings_and_ten() -> None:
    game = make("page_one", jump_ranks=["J", "A"], reverse_ranks="9", two_ranks=("10",))
    cfg = game.config
    assert (cfg.jump_ranks, cfg.reverse_ranks, cfg.two_ranks) == (("A", "J"), ("9",), ("T",))
    assert cfg.to_dict()["jump_ranks"] == ["A", "J"]
    assert make("page_one", config=cfg.to_dict()) == game


@pytest.mark.parametrize("code", ["", "7", "7X", "1H", "10H", "7H:", "7H:X", "KC+QH", "+7H", "7H!!", "name:", "name:Z",
                                  "JKS", "draws", "7h"])
def test_malformed_codes_raise_invalid_action_error(code: str) -> None:
    game, s = deal([["KH", "7C", "4S"], F1, F2], stock=["7H"])
    with pytest.raises(InvalidActionError):
        game.action_from_code(code)
    with pytest.raises(InvalidActionError):
        game.step(s, code)


def test_malformed_actions_raise_invalid_action_error() -> None:
    game, s = deal([["KH", "7C", "4S"], F1, F2], stock=["7H"])
    with pytest.raises(InvalidActionError):
        Play(53)
    with pytest.raises(InvalidActionError):
        Play(c("KH"), suit=4)
    with pytest.raises(InvalidActionError):
        Play(c("KH"), under=(c("QH"),))
    with pytest.raises(InvalidActionError):
        game.explain(s, "KH")  # explain takes actions, not codes
    assert game.action_from_code("JK:D!") == Play(JOKER, 2, True)
    assert Play(c("KH"), under=(c("KD"), c("KS"))).code == "KS+KD+KH"


def test_a_reshuffle_keeps_the_card_under_a_joker_for_a_caught_bluff() -> None:
    """Found by bench/bot_margin.py: a reshuffle under a joker, then a caught bluff, used to
    leave an empty discard pile (and observe() failed)."""
    from tablekit import make
    from tablekit.sim import simulate

    game = make("page_one", preset="house", players=4)
    df = simulate(game, ["random", "heuristic", "random", "random"], n=200, seed=1001, workers=1, progress=False)
    assert len(df) == 200


# --- defects found in review (issue 8) ---------------------------------------------------------
def test_a_joker_drawn_and_played_at_once_is_open_to_a_challenge() -> None:
    # The house preset: jokers with the challenge rule, no going out on an Eight. Seat 0 may
    # not go out on 8H, draws a joker and plays it at once while holding a heart: a bluff.
    game, s = deal([["8H"], ["9D"]], stock=["7H", "JK", "4C", "5C", "6C", "9C", "TC"], preset="house", rounds=1)
    assert legal(game, s) == {"draw"}
    s, _ = play(game, s, "draw")
    assert s.phase == DRAWN and card_code(s.drawn_card) == "JK"
    s, _ = play(game, s, "JK:S!")
    assert s.challenge[:4] == (0, 1, 1, 1)  # (player, hearts before, direction, a bluff)
    assert "challenge" in legal(game, s)
    s, events = play(game, s, "challenge")
    assert params(events, "challenge_won") == [{"player": 1, "target": 0, "suit": "@page_one.label.suit.H"}]
    assert legal(game, s) == {f"8H:{x}" for x in "SHDC"}
    s, events = play(game, s, "8H:D")
    assert params(events, "bluff_penalty") == [{"player": 0, "count": 4}]
    assert hand(s, 0) == ["4C", "5C", "6C", "9C", "JK"] and game.current_player(s) == 1


def test_a_drawn_joker_that_is_no_bluff_makes_the_challenger_pay() -> None:
    game, s = deal([["4C", "5C"], ["9D", "KD"]], stock=["7H", "JK"], jokers=2)
    s, _ = play(game, s, "draw", "JK:C")
    assert s.challenge[3] == 0  # no heart in seat 0's hand
    s, events = play(game, s, "challenge")
    assert params(events, "challenge_lost") == [{"player": 1, "target": 0, "count": 9}]
    assert len(s.hands[1]) == 11 and game.current_player(s) == 0


def test_a_tied_blocked_round_shares_every_point() -> None:
    # Seats 0 and 1 tie on 4 points; seat 2 loses 15, which cannot be halved: the odd point
    # goes to the tied winner nearest the dealer's left (dealer seat 2, so seat 0).
    game, s = deal([["4C"], ["4S"], ["5C"]], stock=["7H"], call_mode="off")
    s = s._replace(stock=(), drawn=0, hands=((c("4C"),), (c("4S"),), (c("5C"), c("KD"))))
    assert legal(game, s) == {"pass"}
    s, _ = play(game, s, "pass", "pass")
    s, events = play(game, s, "pass")
    assert f"{NS}.event.blocked" in event_codes(events)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.blocked" and out.winners == (0, 1)
    assert out.scores == (8.0, 7.0, -15.0) and sum(out.scores) == 0
    assert s.round_scores == (8, 7, -15)
    _, later = deal([["4C"], ["4S"], ["5C"]], stock=["7H"], call_mode="off", dealer=0)
    later = later._replace(stock=(), drawn=0, hands=((c("4C"),), (c("4S"),), (c("5C"), c("KD"))),
                           current=0)
    later, _ = play(game, later, "pass", "pass", "pass")
    assert later.round_scores == (7, 8, -15)  # dealer seat 0: seat 1 is nearest its left
