"""American Page One lessons: the course covers every house rule, each lesson's deck, sections
and targets are right, and the state after its steps shows what its narration claims.
(Replay, record round trip, a real choice, texts in both languages and seats named through
params are checked for every game's lessons in tests/test_every_game.py.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from helpers_lessons import rules_sections, try_move, walk, watched_moves

from tablekit.core.lessons import Lesson
from tablekit.games.page_one import rules
from tablekit.games.page_one.actions import card_code, full_deck
from tablekit.games.page_one.lessons import LESSONS, deck
from tablekit.i18n import tr

NS = "page_one"
BY_NAME = {lesson.id.split(".", 1)[1]: lesson for lesson in LESSONS}
IDS = [lesson.id for lesson in LESSONS]


def codes(events: tuple[Any, ...]) -> list[str]:
    return [e.code for e in events]


def hand(state: Any, seat: int) -> list[str]:
    return sorted(card_code(c) for c in state.hands[seat])






def played_cards(action: str) -> tuple[str, ...]:
    text = action.rstrip("!").split(":")[0]
    return () if text in ("draw", "pass", "catch", "challenge", "name") else tuple(text.split("+"))


# --- every lesson ---------------------------------------------------------------------------------
def test_lessons_form_a_course() -> None:
    assert isinstance(LESSONS, tuple) and all(isinstance(lesson, Lesson) for lesson in LESSONS)
    assert len(set(IDS)) == len(IDS)
    assert list(BY_NAME)[:11] == ["matching", "eight", "jump", "quick_turn", "two_three", "drawing", "starter",
                                  "calls", "reshuffle", "scoring", "scoring_jp"]
    assert all(lesson.game == NS and lesson.preset == "classic" for lesson in LESSONS)


def test_every_house_rule_has_a_lesson() -> None:
    used: dict[str, set[Any]] = {}
    for lesson in LESSONS:
        for key, value in lesson.options.items():
            used.setdefault(key, set()).add(value if not isinstance(value, (list, tuple)) else tuple(value))
    for option in ("draw_rule", "voluntary_draw", "wild_ranks", "three_ranks", "jump_ranks", "linked_two_three",
                   "jokers", "last_card", "page_one_on_last", "reverse_on_suit_change", "multi_play",
                   "starter_effect", "no_counter", "play_on", "values", "call_mode", "penalty", "joker_rule",
                   "two_player_q_is_skip", "decks", "rounds", "target", "final_penalty_drawn"):
        assert option in used, option
    assert {"keep_drawn", "until_playable"} <= used["draw_rule"]
    assert "catchable" in used["call_mode"] and "no_suit" in used["joker_rule"] and 2 in used["decks"]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_deck_is_the_whole_deck(lesson: Lesson) -> None:
    stacked = lesson.setup["deck"]
    assert isinstance(stacked, list)
    game: Any = lesson.make_game()
    assert sorted(stacked) == sorted(full_deck(game.config.decks, game.config.jokers))
    assert lesson.setup["dealer"] == lesson.players - 1


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_targets(lesson: Lesson) -> None:
    # Codes, sections and silent steps are checked for every game in test_every_game.py.
    for step, played in watched_moves(lesson):
        assert step.target == played_cards(step.action)
        assert set(step.target) <= set(hand(played.before, played.before.current))


def test_rules_sections_parsed() -> None:
    assert {"Overview", "Setup", "Turn", "Legality", "Special cards", "Calls", "Scoring", "End",
            "Options"} <= rules_sections(rules)


def test_narration_names_seats_through_params() -> None:
    assert "プレイヤー2" in tr("lesson.page_one.matching.same_suit", "ja", **BY_NAME["matching"].steps[2].params)


def test_deck_helper() -> None:
    d = deck([["7H", "KH"], ["2C", "JK"]], stock=["5S"], jokers=1)
    assert [card_code(c) for c in d[:6]] == ["7H", "KH", "2C", "JK", "5S", "AS"] and len(d) == 53
    padded = deck([["2H"], []], stock=["7H"], size=3)
    assert [card_code(c) for c in padded[:7]] == ["2H", "AS", "4S", "5S", "6S", "7S", "7H"]
    with pytest.raises(ValueError):
        deck([["7H"], ["7H"]])
    with pytest.raises(ValueError):
        deck([["7H"], ["8H", "9H"]])


# --- what each lesson claims ------------------------------------------------------------------------
def test_matching() -> None:
    s = walk(BY_NAME["matching"])
    first = s["same_rank"]
    assert card_code(first.before.top) == "7H" and first.legal == {"7C", "KH"}
    assert first.match.explain("7C").reason == f"{NS}.ok.same_rank"
    assert first.match.explain("KH").reason == f"{NS}.ok.same_suit"
    assert s["rank_again"].legal == {"5D"} and s["suit_again"].after.suit == 2


def test_eight() -> None:
    s = walk(BY_NAME["eight"])
    name = s["name_suit"]
    assert name.legal == {"8S:S", "8S:H", "8S:D", "8S:C"} and name.after.suit == 3
    assert s["follow"].legal >= {"6C", "8D:H"} and "9H" not in s["follow"].legal
    assert s["any_time"].after.suit == 1


def test_jump() -> None:
    s = walk(BY_NAME["jump"])
    assert s["jump"].after.current == 2
    state, _ = try_move(s["jump"], "5H")
    assert state.current == 1


def test_quick_turn() -> None:
    s = walk(BY_NAME["quick_turn"])
    q = s["reverse"]
    assert q.after.direction == -1 and q.after.current == 2
    assert s["on"].before.current == 1 and s["back"].before.current == 0
    state, _ = try_move(q, "5S")
    assert state.direction == 1 and state.current == 1


def test_two_three() -> None:
    s = walk(BY_NAME["two_three"])
    assert s["two"].after.pending == 2
    assert s["answer"].legal == {"2S", "draw"} and s["answer"].after.pending == 4
    four = s["draw_four"]
    assert len(four.after.hands[2]) == 8 and four.after.pending == 0 and four.after.current == 0
    assert hand(four.after, 2) == sorted(["5S", "6S", "9S", "TC", "AH", "4H", "6H", "TH"])
    assert s["three"].after.pending == 3
    assert len(s["draw_three"].after.hands[2]) == 11


def test_drawing() -> None:
    s = walk(BY_NAME["drawing"])
    assert s["stuck"].legal == {"draw"}
    assert s["play_drawn"].legal == {"9H", "pass"} and s["play_drawn"].before.current == 0
    assert s["keep"].legal == {"4S", "pass"}
    after = s["keep"].after
    assert "4S" in hand(after, 1) and after.current == 0


def test_starter() -> None:
    lesson = BY_NAME["starter"]
    start = lesson.start()
    assert [card_code(c) for c in start.state.discard] == ["JH", "2C", "7H"]
    assert start.state.pending == 0 and start.state.current == 0 and start.state.dealer == 1


def test_calls() -> None:
    s = walk(BY_NAME["calls"])
    assert s["page_one"].legal == {"9C", "9C!"}
    state, events = try_move(s["page_one"], "9C")
    assert len(state.hands[0]) == 6
    missed = s["missed"]
    assert len(missed.after.hands[1]) == 6 and missed.before.current == 1
    stop = s["stop"]
    assert stop.after.termination == f"{NS}.end.out" and stop.after.round_scores == (25, -25)
    state, _ = try_move(stop, "6H")
    assert not state.termination and len(state.hands[0]) == 5


def test_reshuffle() -> None:
    s = walk(BY_NAME["reshuffle"])
    assert s["intro"].before.stock_count == 3
    assert s["again"].after.pending == 6
    r = s["reshuffle"]
    assert f"{NS}.event.reshuffled" in codes(r.events)
    assert len(r.after.hands[3]) == 18 and r.after.stock_count == 0 and len(r.after.discard) == 1
    assert s["after"].legal == {"pass"}


@pytest.mark.parametrize("name,total", [("scoring", 60), ("scoring_jp", 40)])
def test_scoring(name: str, total: int) -> None:
    lesson = BY_NAME[name]
    s = walk(lesson)
    assert s["jump"].after.current == 0
    end = s["stop"].after
    assert end.round_scores == (total, -total) and lesson.steps[-1].params["total"] == total
    game: Any = lesson.make_game()
    assert game.hand_value(end.hands[1]) == total


def test_keep_drawn() -> None:
    s = walk(BY_NAME["keep_drawn"])
    v = s["voluntary"]
    assert v.legal == {"9H", "draw"} and v.after.current == 1 and "5S" in hand(v.after, 0)


def test_until_playable() -> None:
    s = walk(BY_NAME["until_playable"])
    d = s["draw_on"].after
    assert d.current == 0 and {"2S", "4D", "6H"} <= set(hand(d, 0))
    assert s["must_play"].legal == {"6H"}


def test_rank_options() -> None:
    s = walk(BY_NAME["rank_options"])
    assert s["ace"].legal == {"8H", "AH"} and s["ace"].after.current == 2
    assert s["plain_three"].after.pending == 0 and s["plain_three"].after.current == 0
    assert s["plain_eight"].legal == {"8H"}


def test_linked() -> None:
    s = walk(BY_NAME["linked"])
    assert s["linked"].legal == {"3H", "draw"} and s["linked"].after.pending == 5
    assert len(s["draw_five"].after.hands[2]) == 9


def test_joker_bluff() -> None:
    s = walk(BY_NAME["joker_bluff"])
    assert s["challenge"].legal == {"challenge", "draw"}
    assert s["instead"].legal == {"5H"}
    after = s["instead"].after
    assert "JK" in hand(after, 0) and len(after.hands[0]) == 3 + 4 and after.current == 1
    assert len(after.hands[1]) == 4


def test_joker_honest() -> None:
    s = walk(BY_NAME["joker_honest"])
    wrong = s["wrong_challenge"].after
    assert len(wrong.hands[1]) == 4 + 9 and wrong.current == 0


def test_last_card() -> None:
    lesson = BY_NAME["last_card"]
    s = walk(lesson)
    assert s["stuck"].legal == {"draw"} and hand(s["stuck"].before, 0) == ["8C"]
    # The narrated stricter variant: a lone special card cannot finish either.
    strict = dataclasses.replace(lesson, options={**lesson.options, "last_card": "no_special"})
    assert walk(strict)["stuck"].legal == {"draw"}


def test_page_one_on_last() -> None:
    s = walk(BY_NAME["page_one_on_last"])
    assert s["no_call"].legal == {"5H", "6H"}
    assert s["last"].after.termination == f"{NS}.end.out"


def test_suit_change() -> None:
    s = walk(BY_NAME["suit_change"])
    assert s["change"].after.direction == -1 and s["change"].after.current == 2
    assert s["same_suit"].after.direction == -1 and s["same_suit"].after.current == 1
    assert s["again"].after.direction == 1 and s["again"].after.current == 2


def test_multi_play() -> None:
    s = walk(BY_NAME["multi_play"])
    d = s["double"]
    assert d.after.pending == 4 and d.after.suit == 3 and card_code(d.after.top) == "2C"
    assert len(s["draw_four"].after.hands[1]) == 8


def test_special_starter() -> None:
    s = walk(BY_NAME["special_starter"])
    assert s["name"].before.current == 1 and s["name"].after.suit == 3 and s["name"].after.current == 0


def test_no_counter() -> None:
    s = walk(BY_NAME["no_counter"])
    c = s["cannot"]
    assert c.legal == {"draw"} and "2S" in hand(c.before, 1) and len(c.after.hands[1]) == 6


def test_play_on() -> None:
    s = walk(BY_NAME["play_on"])
    assert s["finished"].legal == {"9C"}
    after = s["finished"].after
    assert not after.termination and after.out[0] and after.current == 1


def test_catch() -> None:
    lesson = BY_NAME["catch"]
    s = walk(lesson)
    forget = s["forget"]
    assert f"{NS}.event.call_unnoticed" in codes(forget.events) and forget.after.exposed == 0
    assert len(forget.after.hands[0]) == 1  # nothing happens at once
    let_go = s["let_go"]
    assert let_go.legal == {"4S", "4S!", "catch"}
    state, _ = try_move(let_go, "catch")
    assert len(state.hands[0]) == 1 + 3 and state.current == 1
    assert let_go.after.exposed == -1 and len(let_go.after.hands[0]) == 1
    catch = s["catch"]
    assert hand(catch.before, 0) == [] and catch.legal == {"catch", "pass"}
    assert hand(catch.after, 0) == ["6D", "KC", "TD"] and catch.after.current == 1
    state, events = try_move(catch, "pass")
    assert state.termination == f"{NS}.end.out" and state.round_winners == (0,)
    stop = s["stop"]
    assert stop.legal == {"9H", "9H!"}
    assert stop.after.termination == f"{NS}.end.out" and stop.after.round_winners == (1,)
    # The penalty size is an option: with the default 5 the catch costs 5 cards.
    five = dataclasses.replace(lesson, options={**lesson.options, "penalty": 5})
    assert len(walk(five)["catch"].after.hands[0]) == 5


def test_joker_no_suit() -> None:
    lesson = BY_NAME["joker_no_suit"]
    s = walk(lesson)
    assert s["allowed"].legal == {"7C", "JK:S", "JK:H", "JK:D", "JK:C"}
    assert s["draw_four"].legal == {"draw"} and len(s["draw_four"].after.hands[1]) == 8
    refused = s["refused"]
    assert "JK" in hand(refused.before, 0) and refused.legal == {"7C", "9C"}
    # free: the same joker is legal at any time, and there is nothing to challenge.
    free = walk(dataclasses.replace(lesson, options={**lesson.options, "joker_rule": "free"}))
    assert "JK:C" in free["refused"].legal
    state, _ = try_move(free["refused"], "JK:C")
    assert state.pending == 4 and not state.challenge
    # challenge (the default): legal too, but a bluff the next player may challenge.
    chal = walk(dataclasses.replace(lesson, options={**lesson.options, "joker_rule": "challenge"}))
    match = chal["refused"].match.fork()
    match.play("JK:C")
    assert "challenge" in {a.code for a in match.legal_actions()}


def test_q_skip() -> None:
    lesson = BY_NAME["q_skip"]
    s = walk(lesson)
    skip = s["skip"]
    assert skip.legal == {"QH", "5H"} and skip.after.current == 0
    assert f"{NS}.event.skipped" in codes(skip.events)
    # Without the house rule the Queen changes nothing with two players: the other player is next.
    plain = dataclasses.replace(lesson, options={**lesson.options, "two_player_q_is_skip": False}).start()
    plain.play("QH")
    assert plain.state.current == 1


def test_two_decks() -> None:
    lesson = BY_NAME["two_decks"]
    game: Any = lesson.make_game()
    assert game.config.decks == 2 and len(lesson.setup["deck"]) == 104
    s = walk(lesson)
    twin = s["twin"]
    assert twin.legal == {"7H", "5H"}
    assert [card_code(c) for c in twin.after.discard] == ["7H", "7H"]


def test_match() -> None:
    lesson = BY_NAME["match"]
    s = walk(lesson)
    assert s["page_one"].legal == {"5C", "5C!"}
    assert s["stuck"].legal == {"draw"} and s["stuck"].after.current == 1
    r1 = s["stop"].after
    assert r1.round_scores == (-14, 14) and r1.totals == (-14, 14) and not r1.termination
    assert r1.round_no == 1 and r1.dealer == 0 and r1.current == 1
    assert hand(r1, 1) == ["8D", "8H"] and hand(r1, 0) == ["4C", "5H"] and card_code(r1.top) == "9C"
    assert "8D:C!" in s["eight"].legal and s["eight"].after.suit == 1
    end = s["out"].after
    assert end.round_scores == (-4, 4) and end.totals == (-18, 18)
    assert end.termination == f"{NS}.end.target"
    assert f"{NS}.event.match_over" in codes(s["out"].events)
    game: Any = lesson.make_game()
    assert game.config.rounds == 5 and game.config.target == 15
    assert game.outcome(end).winners == (1,)


def test_special_starters_played() -> None:
    lesson = BY_NAME["special_starters_played"]
    start = lesson.start().state
    assert [card_code(c) for c in start.discard] == ["2H"] and start.pending == 2 and start.current == 0
    s = walk(lesson)
    assert s["answer"].legal == {"2S", "2S!", "2D", "2D!", "draw"} and s["answer"].after.pending == 4
    assert len(s["draw_four"].after.hands[1]) == 6 and s["draw_four"].after.current == 0
    end = s["last_two"].after
    assert end.termination == f"{NS}.end.out" and len(end.hands[1]) == 8 and end.round_scores == (54, -54)
    # Without final_penalty_drawn the last Two's penalty is dropped.
    plain = walk(dataclasses.replace(lesson, options={**lesson.options, "final_penalty_drawn": False}))
    assert len(plain["last_two"].after.hands[1]) == 6
    # Without starter_effect the Two starter is covered by the next card and does nothing.
    off = dataclasses.replace(lesson, options={**lesson.options, "starter_effect": False}).start().state
    assert off.pending == 0 and card_code(off.top) != "2H"
