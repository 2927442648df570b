"""Up&Down lessons: the course covers every mode, each lesson's deck, sections and targets
are right, and the state after its steps shows what its narration claims. (Replay, record round
trip, a real choice, texts in both languages and seats named through params are checked for
every game's lessons in tests/test_every_game.py.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from helpers_lessons import Step, rules_sections, try_move, walk, watched_moves

from tablekit import make
from tablekit.core.lessons import Lesson
from tablekit.core.match import Match
from tablekit.games.up_and_down import rules
from tablekit.games.up_and_down.actions import PASS, SHOT, TURN, card_code, full_deck
from tablekit.games.up_and_down.lessons import LESSONS, deck
from tablekit.i18n import tr

NS = "up_and_down"
BY_NAME = {lesson.id.split(".", 1)[1]: lesson for lesson in LESSONS}
IDS = [lesson.id for lesson in LESSONS]


def event_params(events: tuple[Any, ...], kind: str) -> list[dict[str, Any]]:
    return [dict(e.params) for e in events if e.code == f"{NS}.event.{kind}"]




def others(step: Step, lesson_step_action: str) -> list[str]:
    alternatives = sorted(step.legal - {lesson_step_action})
    assert alternatives, "a your-turn step needs other legal moves"
    return alternatives




# --- every lesson ---------------------------------------------------------------------------------
def test_lessons_form_a_course_covering_every_mode() -> None:
    assert isinstance(LESSONS, tuple) and all(isinstance(lesson, Lesson) for lesson in LESSONS)
    assert len(set(IDS)) == len(IDS)
    assert list(BY_NAME) == ["legal_plays", "pass", "turn", "shot", "elimination", "empty_stock", "match",
                             "carry_over", "carry_pot", "cul_de_sac", "solo", "still_winnable"]
    assert {lesson.preset for lesson in LESSONS} == {"basic", "carry_over", "cul_de_sac", "solo"}
    assert all(lesson.game == NS for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_deck_is_the_whole_deck(lesson: Lesson) -> None:
    stacked = lesson.setup["deck"]
    assert isinstance(stacked, list)  # a list, so the record's JSON round trip is exact
    assert sorted(stacked) == sorted(full_deck())


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_targets(lesson: Lesson) -> None:
    # Codes, sections and silent steps are checked for every game in test_every_game.py.
    for step, played in watched_moves(lesson):
        card = step.action[0] if step.action[0] == "S" else step.action
        assert step.target == (card,)
        assert card in {card_code(c) for c in played.before.hands[played.before.current]}


def test_rules_sections_parsed() -> None:
    assert {"Overview", "Setup", "Turn", "Legality", "Special cards", "Scoring", "End", "Options"} <= rules_sections(rules)


def test_narration_names_seats_through_params() -> None:
    assert tr("lesson.up_and_down.pass.field_stays", "ja", **BY_NAME["pass"].steps[5].params).startswith(
        "パスの後は隣のプレイヤー2の番")


def test_deck_helper_stacks_hands_stock_and_removed() -> None:
    d = deck([[1, 2, 3, 4, 5], ["P", "T", "S", 99, 100]], stock=["P", 50], removed=[7, 8])
    assert d[:12] == [1, 2, 3, 4, 5, PASS, TURN, SHOT, 99, 100, PASS, 50]
    assert d[-2:] == [7, 8] and sorted(d) == sorted(full_deck())
    with pytest.raises(ValueError):
        deck([[1, 2, 3, 4]])
    with pytest.raises(ValueError):
        deck([[1, 1, 2, 3, 4]], stock=[1])


# --- what each lesson claims ------------------------------------------------------------------------
def test_legal_plays() -> None:
    lesson = BY_NAME["legal_plays"]
    s = walk(lesson)
    first = s["empty_field"]
    assert first.before.field == 0 and first.legal == {card_code(c) for c in first.before.hands[0]}
    assert s["higher"].after.field == 85
    same = s["same_digit"]
    assert same.legal == {"25", "90"}  # 24 and 30 do not fit 85
    assert same.match.explain("25").reason == f"{NS}.ok.same_digit"
    assert same.match.explain("90").reason == f"{NS}.ok.higher"
    assert same.match.explain("24").reason == f"{NS}.illegal.not_higher"
    assert same.after.field == 25
    after = s["after_hundred"]
    assert after.before.field == 100 and after.legal == {"30", "90"}
    assert after.after.field == 30
    special = s["special"]
    assert special.legal == {"P"}
    assert special.after.field == 30 and special.after.pile[-1] == PASS and special.after.current == 0


def test_pass() -> None:
    s = walk(BY_NAME["pass"])
    p = s["play_pass"]
    assert p.before.field == 95 and {"P", "98", "45", "25"} <= p.legal
    assert p.after.field == 95 and p.after.current == 1 and p.after.direction == p.before.direction
    assert s["field_stays"].match.explain("15").reason == f"{NS}.ok.same_digit"
    again = s["pass_again"]
    assert again.legal == {"P"} and again.after.field == 15 and again.after.current == 0
    for alt in others(p, "P"):
        state, _ = try_move(p, alt)
        assert state.field != 95


def test_turn() -> None:
    s = walk(BY_NAME["turn"])
    t = s["play_turn"]
    assert t.before.current == 1 and t.legal == {"T", "15", "60"}
    assert t.after.direction == -1 and t.after.current == 0 and t.after.field == 10  # UD-16
    assert s["back"].after.current == 2
    assert s["counter_clockwise"].after.current == 1
    again = s["turn_again"]
    assert again.after.direction == 1 and again.after.current == 2
    assert s["clockwise"].after.current == 0
    for alt in others(t, "T"):
        state, _ = try_move(t, alt)
        assert state.current == 2 and state.direction == 1
    # The two-player note: by default a Turn just flips the direction, so the other player plays.
    two = Match(make(NS, preset="basic", players=2), 0, {"deck": deck([["T", 1, 2, 3, 4], [5, 6, 7, 8, 9]])})
    two.play("T")
    assert two.current_player == 1


def test_shot() -> None:
    s = walk(BY_NAME["shot"])
    shot = s["shot"]
    assert shot.after.current == 2 and shot.after.field == 80
    assert s["target_plays"].after.current == 3  # UD-17: play goes on from the target
    stuck = s["shot_stuck"]
    assert {"S1", "S2", "S3"} <= stuck.legal and "S0" not in stuck.legal  # never oneself
    assert stuck.after.status[1] == "out" and stuck.after.current == 2
    assert event_params(stuck.events, "eliminated") == [{"player": 1}]
    assert s["neighbour"].after.field == 100 and s["neighbour"].after.current == 3
    for alt in others(stuck, "S1"):
        state, events = try_move(stuck, alt)
        assert not event_params(events, "eliminated") and state.status[1] == "active"


def test_elimination() -> None:
    s = walk(BY_NAME["elimination"])
    life = s["lifeline"]
    assert life.legal == {"P"}  # UD-10: only the special fits
    assert life.after.status == ("active", "active", "out") and life.after.current == 0
    assert event_params(life.events, "eliminated") == [{"player": 2}]
    fin = s["finish"]
    assert fin.legal == {"99", "30"}
    assert fin.after.status[1] == "out" and fin.after.game_winners == (0,) and fin.after.wins == (1, 0, 0)
    outcome = fin.match.game.outcome(fin.after)
    assert outcome is not None and outcome.winners == (0,)
    state, events = try_move(fin, "30")
    assert not event_params(events, "eliminated") and state.current == 1


def test_empty_stock() -> None:
    s = walk(BY_NAME["empty_stock"])
    assert s["intro"].before.stock_count == 3 and len(s["intro"].before.removed) == 95
    assert s["open"].after.stock_count == 2 and s["draw"].after.stock_count == 1
    last = s["last_card"]
    assert last.after.stock_count == 0 and [len(h) for h in last.after.hands] == [5, 5]
    assert event_params(last.events, "stock_empty") == [{"player": 0}]
    no_draw = s["no_draw"]
    assert no_draw.legal == {"31", "52", "73", "94"}
    assert len(no_draw.after.hands[1]) == 4 and no_draw.after.stock_count == 0
    assert len(s["shrinks"].after.hands[0]) == 4
    for alt in others(no_draw, "31"):  # after any other card, 31 no longer fits
        state, _ = try_move(no_draw, alt)
        assert not (31 > state.field or 31 % 10 == state.field % 10)


def test_empty_stock_claim_about_basic_empty_hands() -> None:
    # The lesson's last step says that in Basic an empty hand is out at its next turn; showing
    # it takes a hundred plays (the whole stock), too long for a lesson, so it is checked here.
    hands = [[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]
    stock = list(range(11, 101)) + ["P", "P", "P", "T", "T", "T", "S", "S"]
    match = Match(make(NS, preset="basic", players=2, single_game=True), 0, {"deck": deck(hands, stock)})
    for code in [str(n) for n in range(1, 101)] + ["P", "P", "P", "T", "T", "T", "S1"]:
        match.play(code)
    assert match.state.hands == ((), (SHOT,)) and match.state.stock_count == 0
    events = match.play("S0")
    assert event_params(events, "eliminated") == [{"player": 0}]
    assert match.state.game_winners == (1,)


def test_match() -> None:
    lesson = BY_NAME["match"]
    config: Any = lesson.make_game().config
    assert config.target_wins == 3
    s = walk(lesson)
    g1 = s["game1"]
    assert g1.after.wins == (1, 0) and g1.after.dealer == 0 and g1.after.current == 1 and g1.after.game_no == 1
    g2 = s["game2"]
    assert g2.after.wins == (1, 1) and g2.after.dealer == 1 and g2.after.current == 0
    g3 = s["game3"]
    assert g3.after.wins == (2, 1) and g3.after.dealer == 0 and g3.after.current == 1
    end = s["match_point"]
    assert end.after.wins == (3, 1) and end.after.termination == f"{NS}.end.target_wins"
    assert end.after.game_winners == (0, 1, 0, 0)
    outcome = end.match.game.outcome(end.after)
    assert outcome is not None and outcome.winners == (0,)
    assert sorted(end.before.hands[1]) == [39, 76, 77, 89, 91]
    for step, right in ((g1, "99"), (end, "94")):
        for alt in others(step, right):
            state, events = try_move(step, alt)
            assert not event_params(events, "eliminated") and state.game_no == step.before.game_no


def test_carry_over() -> None:
    s = walk(BY_NAME["carry_over"])
    start = s["intro"].before
    assert start.chips == (9, 9, 9) and start.pot == 3 and start.ante == 1
    ko = s["knockout"]
    assert ko.legal == {"97", "98"}
    assert event_params(ko.events, "paid") == [{"player": 1, "payee": 0, "amount": 1},
                                               {"player": 2, "payee": 0, "amount": 1}]
    assert event_params(ko.events, "pot_claimed") == [{"player": 0, "pot": 3}]
    after = ko.after
    assert after.game_no == 1 and after.dealer == 0 and after.current == 1
    assert after.chips == (13, 7, 7) and after.pot == 3 and not after.carried
    state, events = try_move(ko, "98")  # seat 2's 18 could follow 98
    assert event_params(events, "paid") == [{"player": 1, "payee": 0, "amount": 1}]
    assert state.game_no == 0 and state.current == 2 and state.status[2] == "active" and 18 in state.hands[2]


def test_carry_pot() -> None:
    lesson = BY_NAME["carry_pot"]
    s = walk(lesson)
    shot = s["shot"]
    assert shot.legal == {"S0", "S1"}
    assert event_params(shot.events, "paid") == [{"player": 0, "payee": 2, "amount": 1}]
    assert shot.after.chips == (8, 9, 10) and shot.after.current == 1
    hundred = s["hundred"]
    assert event_params(hundred.events, "paid") == [{"player": 2, "payee": 1, "amount": 1}]
    assert event_params(hundred.events, "pot_carried") == [{"player": 1, "pot": 3}]
    after = hundred.after
    assert after.carried and after.pot == 6 and after.chips == (7, 9, 8)
    assert after.dealer == 1 and after.game_no == 1 and after.current == 2
    # The narration's aside: with payee=last_number, the 99 player is paid instead.
    variant = dataclasses.replace(lesson, options={**lesson.options, "payee": "last_number"})
    assert walk(variant)["shot"].after.chips == (8, 10, 9)
    # Naming the player who holds 100 leaves you stuck instead.
    state, events = try_move(shot, "S1", "100")
    assert state.game_winners == (1,) and {"player": 2} in event_params(events, "eliminated")


def test_cul_de_sac() -> None:
    lesson = BY_NAME["cul_de_sac"]
    s = walk(lesson)
    start = s["intro"]
    assert start.before.phase == "mission" and start.before.stock_count == 3
    assert start.before.current == 1 and start.legal == {"3"}  # the lowest number opens
    assert all(p["hand"] is not None for p in start.match.observe(0)["players"])  # open hands
    mission = s["mission"]
    assert mission.after.phase == "mission" and mission.after.stock_count == 1
    for alt in others(mission, "9"):
        state, events = try_move(mission, alt)
        assert state.termination == f"{NS}.end.mission_failed"
        assert [p["player"] for p in event_params(events, "mission_failed")] == [1]
    challenge = s["challenge"]
    assert challenge.after.phase == "challenge" and challenge.after.stock_count == 0
    assert f"{NS}.event.challenge_begins" in [e.code for e in challenge.events]
    down = s["face_down"]
    assert down.after.status == ("active", "out") and down.after.phase == "challenge" and down.after.current == 0
    fin = s["finished"]
    assert fin.after.status == ("finished", "out") and fin.after.termination == f"{NS}.end.challenge_done"
    outcome = fin.match.game.outcome(fin.after)
    assert outcome is not None
    params = lesson.steps[-1].params
    assert outcome.details["finished"] == params["finished"] == 1
    assert outcome.details["players"] == params["players"] == 2 and outcome.details["score"] == 0.5
    assert outcome.details["face_down_cards"] == params["cards"]
    assert outcome.details["face_down_sum"] == params["total"] == 12 + 31 + 41 + 51 + 61


def test_solo() -> None:
    lesson = BY_NAME["solo"]
    assert lesson.seat is None
    config: Any = lesson.make_game().config
    assert config.solo and config.players == 4 and config.mode == "cul_de_sac"
    s = walk(lesson)
    assert s["opening"].before.current == 2 and s["opening"].legal == {"1"}
    keep = s["keep_low"]
    assert keep.legal == {"8", "25", "50", "66", "100"} and keep.after.current == 0
    state, _ = try_move(keep, "100")
    assert state.termination == f"{NS}.end.mission_failed"
    assert s["follow"].legal >= {"14", "21"} and "12" not in s["last_draw"].legal
    assert s["last_draw"].after.phase == "challenge" and s["last_draw"].after.stock_count == 0
