"""American Page One house rules and options: one stacked-deck scenario (or more) for each
option of the config, each switched on alone on top of the classic rules."""

from __future__ import annotations

import random

import pytest

from helpers_page_one import NS, c, deal, event_codes, hand, legal, params, play, reason, rejects
from tablekit import make
from tablekit.games.page_one import JOKER, card_code
from tablekit.games.page_one.rules import CATCH_WINDOW, DRAWN, NAME, PLAY, REDO

F1 = ["9D", "TD", "KD"]
F2 = ["AD", "4D", "6D"]


# --- the end of a round ------------------------------------------------------------------------
def test_play_on_goes_on_until_one_player_holds_cards() -> None:
    hands = [["4H", "5H"], ["9H", "TH"], ["6H", "KD"]]
    game, s = deal(hands, stock=["7H"], play_on=True)
    s, _ = play(game, s, "4H!", "9H!", "6H!")
    rejects(game, s, "5H!", "call_not_due")  # there is no "Stop" to call
    s, events = play(game, s, "5H")
    assert params(events, "out") == [{"player": 0}] and not game.is_terminal(s)
    assert game.observe(s, None)["players"][0]["status"] == "out"
    assert game.current_player(s) == 1
    s, events = play(game, s, "TH")
    assert game.is_terminal(s)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.all_out"
    assert out.winners == (0,) and out.scores == (10.0, 0.0, -10.0)  # the K♦ left in the last hand


def test_play_on_skips_the_players_who_are_out() -> None:
    hands = [["4H", "5H"], ["9H", "TH"], ["6H", "KD"], ["AH", "KS"]]
    game, s = deal(hands, stock=["7H"], play_on=True)
    s, _ = play(game, s, "4H!", "9H!", "6H!", "AH!", "5H", "TH")
    assert s.out == (True, True, False, False) and game.current_player(s) == 2
    s, _ = play(game, s, "draw")  # K♦ and the A♠ drawn do not fit the 10 of hearts
    assert game.current_player(s) == 3
    s, _ = play(game, s, "draw")
    assert game.current_player(s) == 2


def test_keep_drawn_the_drawn_card_waits_for_the_next_turn() -> None:
    game, s = deal([["4C", "5C", "6C"], F1, F2], stock=["7H", "9H"], draw_rule="keep_drawn")
    s, _ = play(game, s, "draw")
    assert s.phase == PLAY and game.current_player(s) == 1 and "9H" in hand(s, 0)


def test_until_playable_draws_until_a_card_fits_and_it_must_be_played() -> None:
    game, s = deal([["4C", "5C", "6C"], F1, F2], stock=["7H", "9S", "TS", "9H", "KH"], draw_rule="until_playable")
    s, events = play(game, s, "draw")
    assert params(events, "drew") == [{"player": 0, "count": 3}]
    assert s.phase == DRAWN and legal(game, s) == {"9H"}
    rejects(game, s, "pass", "must_play_drawn")
    s, _ = play(game, s, "9H")
    assert hand(s, 0) == ["9S", "TS", "4C", "5C", "6C"]


def test_eight_not_wild() -> None:
    game, s = deal([["8S", "8H", "4C"], F1, F2], stock=["7H"], wild_ranks=())
    assert legal(game, s) == {"8H"}
    rejects(game, s, "8S", "wrong_suit")
    rejects(game, s, "8H:S", "cannot_name")


@pytest.mark.parametrize(("options", "card", "pending"), [
    ({"two_ranks": ()}, "2H", 0), ({"two_ranks": ()}, "3H", 3),
    ({"three_ranks": ()}, "2H", 2), ({"three_ranks": ()}, "3H", 0),
])
def test_only_two_or_only_three(options: dict[str, object], card: str, pending: int) -> None:
    game, s = deal([[card, "4C", "5C"], F1, F2], stock=["7H"], **options)
    s, _ = play(game, s, card)
    assert s.pending == pending


@pytest.mark.parametrize("linked", [False, True])
def test_linked_two_and_three_answer_each_other_in_the_same_suit(linked: bool) -> None:
    hands = [["2S", "4C", "5C"], ["3S", "3H", "KD"], ["2C", "3C", "9D"]]
    game, s = deal(hands, stock=["7S"], linked_two_three=linked)
    s, _ = play(game, s, "2S")
    if not linked:
        assert legal(game, s) == {"draw"}
        return
    assert legal(game, s) == {"3S", "draw"}
    rejects(game, s, "3H", "not_a_counter")
    s, _ = play(game, s, "3S")
    assert s.pending == 5
    assert legal(game, s) == {"3C", "draw"}  # 2C is a Two of clubs, not of the spades on top


def test_several_ranks_carry_one_effect() -> None:
    game, s = deal([["AH", "4C", "5C"], F1, F2], stock=["7H"], jump_ranks=("J", "A"))
    s, events = play(game, s, "AH")
    assert game.current_player(s) == 2 and params(events, "skipped")[0]["players"] == [1]


def test_an_effect_moved_to_another_rank() -> None:
    game, s = deal([["9H", "QH", "5C"], F1, F2], stock=["7H"], reverse_ranks=("9",))
    after, _ = play(game, s, "9H")
    assert after.direction == -1 and game.current_player(after) == 2
    after, _ = play(game, s, "QH")  # the Queen is plain now
    assert after.direction == 1 and game.current_player(after) == 1


# --- jokers -------------------------------------------------------------------------------------
def test_joker_no_suit_rule_refuses_a_joker_while_holding_the_suit() -> None:
    game, s = deal([["JK", "4H", "5C"], F1, F2], stock=["7H"], jokers=1, joker_rule="no_suit")
    exc = rejects(game, s, "JK:S", "joker_holds_suit")
    assert exc.verdict.params == {"suit": "@page_one.label.suit.H"}
    game, s = deal([["JK", "4C", "5C"], F1, F2], stock=["7H"], jokers=1, joker_rule="no_suit")
    assert reason(game, s, "JK:S") == f"{NS}.ok.joker"
    s, _ = play(game, s, "JK:S")
    assert legal(game, s) == {"draw"}  # no challenge under this rule


def test_joker_free_rule_allows_a_joker_any_time() -> None:
    game, s = deal([["JK", "4H", "5C"], F1, F2], stock=["7H"], jokers=1, joker_rule="free")
    assert "JK:C" in legal(game, s)
    s, _ = play(game, s, "JK:C")
    assert legal(game, s) == {"draw"}


def test_a_caught_joker_bluff_goes_back_and_a_card_of_the_suit_is_played_instead() -> None:
    game, s = deal([["JK", "4H", "5C"], F1, F2], stock=["7H"], jokers=1)
    s, _ = play(game, s, "JK:S")  # a bluff: the 4 of hearts could have been played
    assert s.challenge[0] == 0 and game.observe(s, 1)["challenge"] == 0
    s, events = play(game, s, "challenge")
    assert params(events, "challenge_won") == [{"player": 1, "target": 0, "suit": "@page_one.label.suit.H"}]
    assert s.phase == REDO and game.current_player(s) == 0 and s.pending == 0
    assert card_code(s.top) == "7H" and JOKER in s.hands[0]
    assert legal(game, s) == {"4H"}
    rejects(game, s, "5C", "redo_suit")
    rejects(game, s, "draw", "must_redo")
    s, events = play(game, s, "4H")
    assert params(events, "bluff_penalty") == [{"player": 0, "count": 4}]
    assert len(s.hands[0]) == 6 and game.current_player(s) == 1 and s.phase == PLAY
    assert card_code(s.top) == "4H" and s.suit == 1


def test_the_card_played_after_a_caught_bluff_has_its_effect() -> None:
    game, s = deal([["JK", "2H", "5C"], F1, F2], stock=["7H"], jokers=1)
    s, _ = play(game, s, "JK:S", "challenge", "2H")
    assert s.pending == 2 and game.current_player(s) == 1


def test_jokers_stack_and_an_answering_joker_cannot_be_challenged() -> None:
    game, s = deal([["JK", "4C", "5C"], ["JK", "9D", "KD"], ["2S", "4D", "6D"]], stock=["7H"], jokers=2)
    s, _ = play(game, s, "JK:S")
    assert legal(game, s) == {"JK:S", "JK:H", "JK:D", "JK:C", "challenge", "draw"}
    s, _ = play(game, s, "JK:H")
    assert s.pending == 8 and legal(game, s) == {"draw"}
    rejects(game, s, "2S", "not_a_counter")
    s, events = play(game, s, "draw")
    assert params(events, "penalty_drawn") == [{"player": 2, "count": 8}]


# --- going out, calls --------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "last", "why"), [("no_special", "JH", "out_on_special"),
                                                   ("no_eight", "8C:H", "out_on_eight")])
def test_no_going_out_on_a_special_card_or_an_eight(rule: str, last: str, why: str) -> None:
    first = last.split(":")[0]
    game, s = deal([["4H", first], ["9D", "KD"]], stock=["7H"], last_card=rule)
    s, _ = play(game, s, "4H!", "draw")
    assert game.current_player(s) == 0
    rejects(game, s, last + "!", why)
    assert legal(game, s) == {"draw"}


def test_no_special_a_hand_of_specials_draws_until_a_plain_card() -> None:
    game, s = deal([["4H", "JH"], ["9D", "KD"]], stock=["7H"], last_card="no_special")
    s, _ = play(game, s, "4H!", "draw")  # Player 2 draws the A♠, which does not fit
    s, events = play(game, s, "draw")  # 2♠ and 3♠ are special, 4♠ is plain (and fits the 4♥)
    assert params(events, "drew") == [{"player": 0, "count": 3}]
    assert s.phase == DRAWN and legal(game, s) == {"4S", "pass"}
    assert hand(s, 0) == ["2S", "3S", "4S", "JH"]


def test_no_eight_still_allows_going_out_on_a_jump() -> None:
    game, s = deal([["4H", "JH"], ["9D", "KD"]], stock=["7H"], last_card="no_eight")
    s, _ = play(game, s, "4H!", "draw", "JH!")
    assert game.is_terminal(s)


def test_page_one_called_on_the_last_card() -> None:
    game, s = deal([["4H", "5H"], ["9H", "KD"], ["6H", "TD"]], stock=["7H"], page_one_on_last=True)
    rejects(game, s, "4H!", "call_not_due")
    s, _ = play(game, s, "4H", "9H", "6H")
    assert len(s.hands[0]) == 1  # no penalty for the second-to-last card
    s, events = play(game, s, "5H!")
    assert params(events, "called") == [{"player": 0, "call": "@page_one.call.page_one"}]
    assert game.is_terminal(s)


@pytest.mark.parametrize("penalty", [3, 2])
def test_strict_penalty_sizes(penalty: int) -> None:
    game, s = deal([["4H", "5H"], F1[:2], F2[:2]], stock=["7H"], penalty=penalty)
    s, events = play(game, s, "4H")
    assert params(events, "missed_call")[0]["count"] == penalty and len(s.hands[0]) == 1 + penalty


def test_a_missed_stop_in_strict_mode_is_no_win_yet() -> None:
    game, s = deal([["4H"], ["9D"], ["TD"]], stock=["7H"])
    s, events = play(game, s, "4H")
    assert params(events, "missed_call") == [{"player": 0, "call": "@page_one.call.stop", "count": 5}]
    assert not game.is_terminal(s) and len(s.hands[0]) == 5


def test_calls_off() -> None:
    game, s = deal([["4H", "5H"], F1[:2], F2[:2]], stock=["7H"], call_mode="off")
    assert legal(game, s) == {"4H", "5H"}
    rejects(game, s, "4H!", "calls_off")
    s, events = play(game, s, "4H")
    assert len(s.hands[0]) == 1 and not params(events, "missed_call")


@pytest.mark.parametrize("choice", ["catch", "pass"])
def test_catchable_missed_stop_is_caught_or_let_go_before_anything_else(choice: str) -> None:
    game, s = deal([["4H"], ["9D"], ["TD"]], stock=["7H"], call_mode="catchable")
    s, _ = play(game, s, "4H")
    assert s.exposed == 0 and not s.hands[0] and game.current_player(s) == 1
    assert legal(game, s) == {"catch", "pass"}
    rejects(game, s, "draw", "stop_window")
    assert reason(game, s, "pass") == f"{NS}.ok.let_go"
    s, events = play(game, s, choice)
    if choice == "pass":
        assert params(events, "let_go") == [{"player": 0}]
        out = game.outcome(s)
        assert out is not None and out.winners == (0,)
    else:
        assert len(s.hands[0]) == 5 and game.current_player(s) == 1 and legal(game, s) == {"draw"}


def test_catchable_a_missed_stop_on_a_jump_with_two_players_can_still_be_caught() -> None:
    # Regression: with two players the Jump gives the turn back to the player who went out
    # without calling "Stop", who used to win at once. No card has been played or drawn since,
    # so the other player is asked first.
    game, s = deal([["JH"], ["9D"]], stock=["7H", "4C", "5C", "6C", "7C", "9C"], call_mode="catchable")
    s, events = play(game, s, "JH")
    assert not game.is_terminal(s) and s.phase == CATCH_WINDOW
    assert game.current_player(s) == 1 and legal(game, s) == {"catch", "pass"}
    assert reason(game, s, "9D") == f"{NS}.illegal.catch_window"
    caught, events = play(game, s, "catch")
    assert params(events, "caught") == [{"player": 0, "by": 1, "count": 5}]
    assert len(caught.hands[0]) == 5 and game.current_player(caught) == 0  # the Jump still skips seat 1
    assert caught.phase == PLAY and caught.exposed == -1
    let_go, events = play(game, s, "pass")
    assert event_codes(events) == [f"{NS}.event.not_caught", f"{NS}.event.let_go", f"{NS}.event.out",
                                   f"{NS}.event.round_over"]
    out = game.outcome(let_go)
    assert game.is_terminal(let_go) and out is not None and out.winners == (0,)


def test_catchable_a_missed_page_one_on_a_jump_with_two_players_can_be_caught() -> None:
    game, s = deal([["JH", "KH"], ["9D", "TD"]], stock=["7H"], call_mode="catchable")
    s, events = play(game, s, "JH")  # one card left and no "Page One"; the Jump gives the turn back
    assert params(events, "call_unnoticed")[0]["player"] == 0
    assert s.phase == CATCH_WINDOW and game.current_player(s) == 1 and s.exposed == 0
    caught, _ = play(game, s, "catch")
    assert len(caught.hands[0]) == 6 and game.current_player(caught) == 0
    s, events = play(game, s, "pass")
    assert params(events, "not_caught") == [{"player": 0, "by": 1}]
    assert s.phase == PLAY and game.current_player(s) == 0 and s.exposed == -1
    assert legal(game, s) == {"KH", "KH!"}  # the chance has passed: nobody can catch it now


# --- direction, several cards, starters ---------------------------------------------------------
def test_reverse_on_suit_change() -> None:
    hands = [["7C", "4C", "5S"], ["9D", "TD", "KD"], ["8C", "4D", "6D"], ["9C", "QC", "KS"]]
    game, s = deal(hands, stock=["7H"], reverse_on_suit_change=True)
    assert game.config.reverse_ranks == ()
    s, events = play(game, s, "7C")
    assert params(events, "suit_reversed") == [{"suit": "@page_one.label.suit.C"}]
    assert s.direction == -1 and game.current_player(s) == 3
    s, _ = play(game, s, "QC")  # same suit: no change, and a Queen is a plain card here
    assert s.direction == -1 and game.current_player(s) == 2
    s, _ = play(game, s, "8C:C")  # an Eight naming the suit already in play changes nothing
    assert s.direction == -1 and game.current_player(s) == 1


def test_several_jacks_skip_several_players() -> None:
    hands = [["JH", "JS", "5C"], F1, F2, ["4S", "5S", "6S"]]
    game, s = deal(hands, stock=["7H"], multi_play=True)
    assert "JH+JS" in legal(game, s) and "JS+JH" not in legal(game, s)
    s, events = play(game, s, "JH+JS")
    assert params(events, "skipped")[0]["players"] == [1, 2] and game.current_player(s) == 3


def test_several_cards_of_the_top_rank_in_any_order() -> None:
    game, s = deal([["7C", "7S", "5C"], F1, F2], stock=["7H"], multi_play=True)
    assert {"7S+7C", "7C+7S"} <= legal(game, s)


def test_several_eights_name_one_suit() -> None:
    game, s = deal([["8C", "8S", "5C"], F1, F2], stock=["7H"], multi_play=True)
    s, _ = play(game, s, "8S+8C:D!")
    assert s.suit == 2 and len(s.hands[0]) == 1


def test_starter_effect_eight_the_dealer_names_the_suit() -> None:
    game, s = deal([["KH", "4C", "5C"], F1, F2], stock=["8D"], starter_effect=True)
    assert s.phase == NAME and game.current_player(s) == 2  # the dealer
    assert legal(game, s) == {"name:S", "name:H", "name:D", "name:C"}
    rejects(game, s, "draw", "must_name")
    s, events = play(game, s, "name:C")
    assert params(events, "named_suit") == [{"player": 2, "suit": "@page_one.label.suit.C"}]
    assert s.suit == 3 and game.current_player(s) == 0
    assert legal(game, s) == {"4C", "5C"}


@pytest.mark.parametrize(("starter", "first", "direction", "pending"), [
    ("QH", 2, -1, 0), ("JH", 1, 1, 0), ("2H", 0, 1, 2), ("3H", 0, 1, 3), ("7H", 0, 1, 0)])
def test_starter_effect(starter: str, first: int, direction: int, pending: int) -> None:
    hands = [["KH", "4C", "5C"], F1, F2, ["4S", "5S", "6S"]]
    game, s = deal(hands, stock=[starter], starter_effect=True)
    assert s.dealer == 3
    assert game.current_player(s) == first and s.direction == direction and s.pending == pending
    assert [card_code(x) for x in s.discard] == [starter]


def test_starter_effect_joker_is_shuffled_back() -> None:
    game, s = deal([["KH", "4C", "5C"], F1, F2], stock=["JK"], jokers=1, starter_effect=True)
    assert s.top != JOKER and JOKER not in s.discard and game.census(s)[JOKER] == 1
    game, s = deal([["KH", "4C", "5C"], F1, F2], stock=["JK", "6H"], jokers=1)
    assert [card_code(x) for x in s.discard] == ["JK", "6H"]  # without the option it is covered


def test_no_counter_the_penalty_must_be_drawn() -> None:
    game, s = deal([["2H", "4C", "5C"], ["2S", "9D", "KD"], F2], stock=["7H"], no_counter=True)
    s, _ = play(game, s, "2H")
    assert legal(game, s) == {"draw"}
    exc = rejects(game, s, "2S", "no_counter")
    assert exc.verdict.params == {"count": 2}


@pytest.mark.parametrize(("skip", "after"), [(False, 1), (True, 0)])
def test_two_player_quick_turn(skip: bool, after: int) -> None:
    game, s = deal([["QH", "4H", "5C"], ["9D", "KD", "TD"]], stock=["7H"], two_player_q_is_skip=skip)
    s, _ = play(game, s, "QH")
    assert game.current_player(s) == after


def test_voluntary_draw() -> None:
    game, s = deal([["KH", "5C", "6C"], F1, F2], stock=["7H", "9H"], voluntary_draw=True)
    assert legal(game, s) == {"KH", "draw"}
    assert reason(game, s, "draw") == f"{NS}.ok.draw_voluntary"
    s, _ = play(game, s, "draw")
    assert s.phase == DRAWN and legal(game, s) == {"9H", "pass"}


@pytest.mark.parametrize(("drawn", "loser_cards"), [(False, 3), (True, 5)])
def test_final_penalty_drawn(drawn: bool, loser_cards: int) -> None:
    game, s = deal([["4H", "2H"], ["9D", "KD"]], stock=["7H", "5S", "6S", "9S"], final_penalty_drawn=drawn)
    s, _ = play(game, s, "4H!", "draw", "2H!")
    assert game.is_terminal(s) and len(s.hands[1]) == loser_cards
    out = game.outcome(s)
    assert out is not None and out.scores[0] == game.hand_value(s.hands[1])


# --- scoring and matches -----------------------------------------------------------------------
def test_a_round_that_cannot_end_is_stopped_at_the_round_limit() -> None:
    game = make("page_one", players=4, round_limit=50)
    s = game.initial_state(7)
    rng = random.Random(1)
    events: list = []
    while not game.is_terminal(s):
        legal_actions = game.legal_actions(s)
        s, evs = game.step(s, legal_actions[rng.randrange(len(legal_actions))])
        events.extend(evs)
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.stalled"
    assert params(events, "stalled") == [{"turns": 50}]
    values = [game.hand_value(h) for h in s.hands]
    assert out.winners == tuple(i for i, v in enumerate(values) if v == min(values))
    assert sum(out.scores) == 0  # shared points add up (no point lost to rounding)


def test_pageone_jp_values() -> None:
    hearts = [c(x) for x in ("2H", "3H", "8H", "JH", "QH", "TH", "KH", "AH", "5H")]
    assert make("page_one", values="pageone_jp").hand_value(hearts) == 5 * 20 + 10 + 10 + 1 + 5
    # Special cards are 20 under the rank options in force; a joker is 20 (50 in Crazy Eights).
    moved = make("page_one", values="pageone_jp", jump_ranks=("A",))
    assert moved.hand_value([c("AH"), c("JH")]) == 30
    assert moved.hand_value([JOKER]) == 20 and make("page_one").hand_value([JOKER]) == 50


def test_a_match_of_rounds_adds_up_and_the_deal_moves_on() -> None:
    hands = [["JH", "JD", "JS", "JC"], ["8S", "KH", "AD", "5C"]]
    game, s = deal(hands, stock=["7H"], rounds=2)
    s, events = play(game, s, "JH", "JD", "JS!", "JC!")
    assert not game.is_terminal(s) and s.round_no == 1 and s.totals == (66, -66)
    assert s.dealer == 0 and game.current_player(s) == 1
    assert f"{NS}.event.deal" in event_codes(events)
    assert all(len(h) == 4 for h in s.hands) and game.observe(s, None)["game_no"] == 2
    rng = random.Random(0)
    while not game.is_terminal(s):
        legal_actions = game.legal_actions(s)
        s, _ = game.step(s, legal_actions[rng.randrange(len(legal_actions))])
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.rounds" and out.details["rounds"] == 2
    assert out.scores == tuple(float(t) for t in s.totals) and sum(out.scores) == 0
    assert out.winners == tuple(i for i in range(2) if s.totals[i] == max(s.totals))


def test_a_match_ends_when_a_total_reaches_the_target() -> None:
    hands = [["JH", "JD", "JS", "JC"], ["8S", "KH", "AD", "5C"]]
    game, s = deal(hands, stock=["7H"], rounds=10, target=60)
    s, events = play(game, s, "JH", "JD", "JS!", "JC!")
    out = game.outcome(s)
    assert out is not None and out.termination == f"{NS}.end.target" and out.winners == (0,)
    assert params(events, "match_over") == [{"players": [0]}]


# --- deck and deal ----------------------------------------------------------------------------
def test_two_decks_identical_cards_are_one_action() -> None:
    game, s = deal([["KH", "KH", "4C"], F1, F2], stock=["7H"], decks=2)
    assert legal(game, s) == {"KH"}
    assert game.census(s)[c("KH")] == 2 and sum(game.census(s).values()) == 104
    s, _ = play(game, s, "KH")
    assert hand(s, 0) == ["KH", "4C"]


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (8, 5)])
def test_crazy_eights_deal_table(players: int, size: int) -> None:
    s = make("page_one", players=players, deal_table="crazy_eights").initial_state(2)
    assert all(len(h) == size for h in s.hands)


def test_hand_size_option() -> None:
    s = make("page_one", players=5, hand_size=9).initial_state(2)
    assert all(len(h) == 9 for h in s.hands)


def test_uno_names_in_messages() -> None:
    game, s = deal([["JH", "4C", "5C"], F1, ["5H", "6H", "9C"]], stock=["7H"], effect_names="uno")
    s, events = play(game, s, "JH")
    assert events[-1].text("en") == "Skip: Player 2 skipped."
    assert events[-1].text("ja").startswith("スキップ")


# --- rules of the source that had no option yet (issue 8) ---------------------------------------
def test_starter_namer_first_player_names_the_eight_and_plays() -> None:
    game, s = deal([["KH", "4C", "5C"], F1, F2], stock=["8D"], starter_effect=True, starter_namer="first_player")
    assert s.phase == NAME and game.current_player(s) == 0  # the dealer's left, not the dealer (2)
    s, events = play(game, s, "name:C")
    assert params(events, "named_suit") == [{"player": 0, "suit": "@page_one.label.suit.C"}]
    assert s.phase == PLAY and game.current_player(s) == 0 and legal(game, s) == {"4C", "5C"}


def test_reverse_starter_dealer_starts_counter_clockwise() -> None:
    hands = [["KH", "4C", "5C"], F1, F2, ["4S", "5S", "6S"]]
    game, s = deal(hands, stock=["QH"], starter_effect=True, reverse_starter="dealer")
    assert s.dealer == 3 and game.current_player(s) == 3 and s.direction == -1
    s, _ = play(game, s, "draw")  # 4S-6S do not fit the queen of hearts
    assert game.current_player(s) == 2


@pytest.mark.parametrize("final", [False, True])
def test_challenge_no_counter_a_joker_penalty_cannot_be_passed_on(final: bool) -> None:
    hands = [["JK", "4C", "5C"], ["JK", "2S", "3S"], F2]
    game, s = deal(hands, stock=["7S"], jokers=2, challenge_no_counter=final)
    s, _ = play(game, s, "JK:S")
    if not final:
        assert legal(game, s) == {"challenge", "draw"} | {f"JK:{x}" for x in "SHDC"}
        return
    assert legal(game, s) == {"challenge", "draw"}
    rejects(game, s, "JK:H", "joker_final")
    rejects(game, s, "2S", "joker_final")
    s, events = play(game, s, "draw")
    assert params(events, "penalty_drawn") == [{"player": 1, "count": 4}]


def test_challenge_no_counter_leaves_two_and_three_stacking() -> None:
    game, s = deal([["2H", "4C", "5C"], ["2S", "9D", "TD"], F2], stock=["7H"], jokers=2, challenge_no_counter=True)
    s, _ = play(game, s, "2H")
    assert legal(game, s) == {"2S", "draw"}


def test_draw_to_plain_a_hand_of_specials_must_draw_to_a_plain_card() -> None:
    # Under no_special the Jack could be played (it is not the last card); here it cannot.
    game, s = deal([["JH", "2H"], ["9D", "KD"]], stock=["7H", "QS", "5H"], last_card="no_special")
    assert legal(game, s) == {"JH", "JH!", "2H", "2H!"}
    game, s = deal([["JH", "2H"], ["9D", "KD"]], stock=["7H", "QS", "5H"], last_card="draw_to_plain")
    assert legal(game, s) == {"draw"}
    rejects(game, s, "JH", "special_hand")
    assert reason(game, s, "draw") == f"{NS}.ok.draw_to_plain"
    s, events = play(game, s, "draw")
    assert params(events, "drew") == [{"player": 0, "count": 2}]  # Q♠ is special, 5♥ is plain
    assert s.phase == DRAWN and legal(game, s) == {"5H", "pass"}  # 5H would leave 3 cards: no call


def test_draw_to_plain_a_pending_penalty_comes_first() -> None:
    game, s = deal([["2H", "4C", "5C"], ["2S", "JD", "QD"], F2], stock=["7H"], last_card="draw_to_plain")
    s, _ = play(game, s, "2H")
    assert legal(game, s) == {"2S", "draw"}  # the Two may still answer the Two


def test_catch_by_any_every_other_player_is_asked_before_the_next_turn() -> None:
    hands = [["4H", "KC"], ["9H", "TD"], ["6H", "TS"], ["AH", "KS"]]
    game, s = deal(hands, stock=["7H"], call_mode="catchable", catch_by="any")
    s, events = play(game, s, "4H")  # one card left, no "Page One"
    assert s.phase == CATCH_WINDOW and game.current_player(s) == 2 and s.asking == (3, 1)
    assert legal(game, s) == {"catch", "pass"}
    assert reason(game, s, "pass") == f"{NS}.ok.no_catch"
    assert reason(game, s, "catch") == f"{NS}.ok.catch"
    s2, events = play(game, s, "pass")
    assert params(events, "not_caught") == [{"player": 0, "by": 2}] and game.current_player(s2) == 3
    s2, _ = play(game, s2, "pass")
    assert s2.phase == PLAY and game.current_player(s2) == 1 and "catch" in legal(game, s2)  # still the next's
    s3, events = play(game, s, "catch")
    assert params(events, "caught") == [{"player": 0, "by": 2, "count": 5}]
    assert s3.phase == PLAY and game.current_player(s3) == 1 and s3.exposed == -1 and len(s3.hands[0]) == 6
    assert "catch" not in legal(game, s3)


def test_catch_by_any_a_missed_stop_let_go_by_everyone_goes_out() -> None:
    game, s = deal([["4H"], ["9D"], ["TD"]], stock=["7H"], call_mode="catchable", catch_by="any")
    s, _ = play(game, s, "4H")
    assert s.phase == CATCH_WINDOW and game.current_player(s) == 2
    s, _ = play(game, s, "pass")
    assert game.current_player(s) == 1 and legal(game, s) == {"catch", "pass"}
    s, events = play(game, s, "pass")
    assert params(events, "let_go") == [{"player": 0}] and game.is_terminal(s)


def test_catch_by_next_asks_nobody_else() -> None:
    hands = [["4H", "KC"], ["9H", "TD"], ["6H", "TS"]]
    game, s = deal(hands, stock=["7H"], call_mode="catchable")
    s, _ = play(game, s, "4H")
    assert s.phase == PLAY and game.current_player(s) == 1 and s.asking == ()
