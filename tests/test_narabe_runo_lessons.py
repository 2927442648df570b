"""並べRUNO lessons: the course covers every rules section and every key rule, each lesson's
position is what its narration says, the state after its steps shows what it teaches (the
figures it narrates are the engine's), and each "your turn" step refuses the tempting wrong
move with its reason. (tests/test_every_game.py replays every registered lesson and checks its
texts; the lesson-specific claims are checked here.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers_lessons import Step, rules_sections, try_move, walk

from tablekit.core.errors import IllegalActionError
from tablekit.games.narabe_runo import SPEC, rules
from tablekit.games.narabe_runo import codes as K
from tablekit.games.narabe_runo.lessons import LESSONS, deal
from tablekit.i18n import tr

BY_NAME = {lesson.id.split(".", 1)[1]: lesson for lesson in LESSONS}
NS = "narabe_runo"


def text(lesson: str, step: str, lang: str = "en") -> str:
    found = BY_NAME[lesson]
    params = next(s.params for s in found.steps if s.narration.endswith(f".{step}"))
    return tr(f"lesson.{NS}.{lesson}.{step}", lang, **dict(params))


def numbers(lesson: str, step: str) -> list[int]:
    """The whole numbers an English narration states, in order (seat names left out)."""
    return [int(n) for n in re.findall(r"\b\d+\b", re.sub(r"Player \d", "", text(lesson, step)))]


def game_of(lesson: str) -> Any:
    return BY_NAME[lesson].make_game()


def plays(step: Step) -> set[str]:
    return {code for code in step.legal if code.startswith("play:")}


def events(step: Step) -> list[str]:
    return [e.code for e in step.events]


def refused(step: Step, code: str) -> Any:
    """The verdict that refuses ``code`` at the step's position."""
    with pytest.raises(IllegalActionError) as caught:
        try_move(step, code)
    return caught.value.verdict


def cards_at(state: Any) -> dict[tuple[int, int], str]:
    return {(x, y): card for road in state.roads for x, y, card, _ in road}


# --- the course ---------------------------------------------------------------------------------
def test_the_course_is_registered_and_covers_every_rules_section() -> None:
    assert SPEC.lessons == LESSONS
    assert len(LESSONS) == len({lesson.id for lesson in LESSONS}) == 16
    sections = {step.section for lesson in LESSONS for step in lesson.steps}
    taught = rules_sections(rules) - {"Decisions where the source is silent", "Action codes"}
    assert sections == taught == {"Overview", "Components", "Setup", "Turn", "End", "Scoring", "Hidden information"}


def test_every_key_rule_happens_in_some_lesson() -> None:
    seen: set[str] = set()
    refills: set[int] = set()
    for lesson in LESSONS:
        for step in walk(lesson).values():
            seen.update(events(step))
            refills.update(e.params["count"] for e in step.events if e.code == K.EV_REFILL)
    assert {K.EV_NEW_ROAD, K.EV_PLAYED, K.EV_DISCARDED, K.EV_CAPTURE, K.EV_SKIP, K.EV_REVERSE, K.EV_COLOUR,
            K.EV_RESHUFFLE, K.EV_BLOCKED, K.EV_LAST, K.EV_REVEAL_NUMBER, K.EV_REVEAL_DRAW, K.EV_REVEAL_SKIP,
            K.EV_REVEAL_REVERSE, K.EV_REVEAL_WILD, K.EV_GAME_OVER} <= seen
    assert {1, 2, 4} <= refills  # a card, a Draw Two, a Wild Draw Four (and one cut short by the limit)


def test_every_lesson_asks_for_a_move_and_most_lessons_are_short() -> None:
    for lesson in LESSONS:
        assert 4 <= len(lesson.steps) <= 8, lesson.id
        assert any(step.your_turn for step in lesson.steps), lesson.id


def test_the_deal_helper_stacks_the_hands_one_card_at_a_time() -> None:
    setup = deal("R5", ["G1", "G2"], [["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]], ["R9"], anchor="free")
    assert setup["deck"] == ["R5", "G1", "G2", "B1", "Y1", "B2", "Y2", "B3", "Y3", "R9"]
    assert setup["anchor"] == "free" and setup["first"] == 0
    with pytest.raises(ValueError, match="3 cards per hand"):
        deal("R5", ["G1", "G2"], [["B1", "B2"], ["Y1", "Y2", "Y3"]])
    s = game_of("match").initial_state(0, **setup)
    assert s.hands == (("B1", "B2", "B3"), ("Y1", "Y2", "Y3")) and s.draw[-1] == "R9"


# --- your-turn steps refuse the tempting wrong move, with its reason -------------------------------
REFUSALS = [
    ("start", "first", "play:B2:0,0>1,0", K.NO_NO_MATCH),
    ("start", "tip", "play:R1:0,0>-1,0", K.NO_MUST_EXTEND),
    ("match", "number", "play:R7:1,0>2,0", K.NO_NO_MATCH),
    ("match", "colour", "play:Y4:2,0>3,0", K.NO_NO_MATCH),
    ("match", "stuck", "play:R7:3,0>4,0", K.NO_NO_MATCH),
    ("anchor", "tip", "play:Y4:2,2>2,1", K.NO_TAKEN),
    ("anchor", "tip", "play:Y4:2,2>3,2", K.NO_OUTSIDE),
    ("anchor", "tip", "play:Y4:2,2>2,3", K.NO_OUTSIDE),
    ("anchor", "tip", "play:Y4:2,2>0,2", K.NO_NOT_NEXT),
    ("anchor", "tip", "play:Y4:0,0>0,-1", K.NO_MUST_EXTEND),
    ("capture", "capture", "play:R1:2,0>3,0", K.NO_NO_MATCH),
    ("capture", "choose", "play:R8:-2,0>-3,0", K.NO_NO_MATCH),
    ("blocked", "choose", "play:G7:0,2>0,3", K.NO_NO_MATCH),
    ("skip", "skip", "play:B2:2,0>3,0", K.NO_NO_MATCH),
    ("skip", "stuck", "play:G5:3,0>4,0", K.NO_NO_MATCH),
    ("reverse", "other", "play:G8:2,0>3,0", K.NO_CLOSED),
    ("reverse_alone", "same", "play:G8:2,1>2,0", K.NO_NO_MATCH),
    ("wild", "wild", "play:W:1,0>2,0", K.NO_WILD_COLOUR),
    ("wild", "stuck", "play:R6:2,0>3,0", K.NO_NO_MATCH),
    ("wd4", "wd4", "play:R5:1,0>2,0", K.NO_NO_MATCH),
    ("wd4", "refused", "play:W4:2,0>3,0:R", K.NO_WD4_STRICT),
    ("draw_two", "draw_two", "play:B4:2,0>3,0", K.NO_NO_MATCH),
    ("reshuffle", "draw_two", "play:G4:2,0>3,0", K.NO_NO_MATCH),
    ("last_card", "capture", "play:R0:-1,0>-2,0", K.NO_NO_MATCH),
    ("stall", "keep", "play:R0:2,0>3,0", K.NO_NO_MATCH),
    ("score_draws", "capture", "play:R3:-1,0>-2,0", K.NO_NO_MATCH),
    ("score_seats", "capture", "play:G3:-1,0>-2,0", K.NO_NO_MATCH),
]


@pytest.mark.parametrize(("lesson", "step", "code", "reason"), REFUSALS,
                         ids=[f"{r[0]}-{r[1]}-{r[3].rsplit('.', 1)[1]}" for r in REFUSALS])
def test_a_wrong_move_is_refused_with_its_reason(lesson: str, step: str, code: str, reason: str) -> None:
    played = walk(BY_NAME[lesson])[step]
    assert code not in played.legal
    verdict = refused(played, code)
    assert verdict.reason == reason
    assert tr(reason, "en", **dict(verdict.params)) != reason  # the learner reads it as a sentence


def test_every_your_turn_step_has_a_refused_move_listed() -> None:
    listed = {(lesson, step) for lesson, step, _, _ in REFUSALS}
    for lesson in LESSONS:
        for step in lesson.steps:
            if step.your_turn:
                name = lesson.id.split(".", 1)[1]
                assert (name, step.narration.rsplit(".", 1)[1]) in listed, step.narration


# --- each lesson's position and what it teaches ----------------------------------------------------
def test_start_one_road_from_any_side_then_the_tip() -> None:
    s = walk(BY_NAME["start"])
    first = s["setup"].before
    assert first.start == "R7" and not first.roads and len(first.draw) == 97 and "97" in text("start", "setup")
    assert [cell for cell, _ in first.scoring] == [(-3, 0), (3, 0), (0, -3), (0, 3)]
    assert [len(h) for h in first.hands] == [3, 3]
    assert plays(s["first"]) == {f"play:Y7:0,0>{c}" for c in ("1,0", "-1,0", "0,-1", "0,1")}
    assert K.EV_NEW_ROAD in events(s["first"])
    assert plays(s["tip"]) == set()  # the red 1 fits the start card, but the road's tip is the anchor
    assert s["grow"].before.hands[0] == ("B2", "G4", "Y3") and len(s["grow"].after.hands[0]) == 3


def test_match_colour_or_number() -> None:
    s = walk(BY_NAME["match"])
    assert cards_at(s["intro"].before) == {(1, 0): "B5"} and s["intro"].before.anchor == (1, 0)
    assert plays(s["number"]) == {"play:G5:1,0>2,0"}
    assert plays(s["colour"]) == {"play:G1:2,0>3,0"}
    assert s["stuck"].before.hands[0] == ("B8", "R7", "Y2") and plays(s["stuck"]) == set()
    assert s["stuck"].after.discard == ("R7",)
    assert rules.matches("G5", "B", "5") and rules.matches("G1", "G", "5") and not rules.matches("R7", "G", "1")


def test_anchor_one_free_neighbour() -> None:
    s = walk(BY_NAME["anchor"])
    before = s["tip"].before
    game = game_of("anchor")
    assert before.anchor == (2, 2) and cards_at(before)[(2, 2)] == "Y7" and cards_at(before)[(2, 1)] == "B7"
    assert (3, 2) not in game.area and (2, 3) not in game.area and (1, 2) in game.area
    assert plays(s["tip"]) == {"play:Y4:2,2>1,2"}
    assert s["next"].before.anchor == (0, 2) and (0, 3) in {cell for cell, _ in s["next"].before.scoring}
    assert plays(s["next"]) == set()


def test_capture_clears_the_road_and_frees_the_choice() -> None:
    lesson = BY_NAME["capture"]
    s = walk(lesson)
    assert plays(s["capture"]) == {"play:G9:2,0>3,0", "play:G9:2,0>2,-1", "play:G9:2,0>2,1"}
    after = s["cleared"].before
    assert [e.params["count"] for e in s["capture"].events if e.code == K.EV_CAPTURE] == [3]
    assert after.discard == ("G4", "G5", "G9") and len(after.captured[0]) == 1
    assert cards_at(after) == {(-1, 0): "Y9", (-2, 0): "B9"}
    assert (3, 0) not in {cell for cell, _ in after.scoring} and (3, 0) in game_of("capture").area
    assert after.anchor is None and {a[0] for a in game_of("capture").anchors(after)} == {(0, 0), (-2, 0)}
    # Hidden information: nobody sees the captured card before the end, only how many.
    for seat in (None, 0, 1):
        seen = game_of("capture").observe(after, seat)["players"][0]
        assert seen["captured"] is None and seen["captured_count"] == 1
    assert "play:Y1:0,0>1,0" in s["choose"].legal  # the start card is an anchor again
    assert K.EV_CAPTURE in events(s["choose"])
    other, _ = try_move(s["choose"], "play:Y1:0,0>1,0")
    assert len(other.scoring) == 3


def test_blocked_road_frees_the_choice() -> None:
    s = walk(BY_NAME["blocked"])
    assert K.EV_BLOCKED in events(s["block"])
    game = game_of("blocked")
    after = s["choose"].before
    assert {a[0] for a in game.anchors(after)} == {(0, 0), (0, 2)}  # not the blocked tip (2, 2)
    assert [e.params["count"] for e in s["choose"].events if e.code == K.EV_CAPTURE] == [5]
    assert "play:B5:2,2>1,2" in s["done"].legal  # the capture freed the blocked tip's neighbour


def test_skip_loses_the_next_player_a_turn_and_the_refill() -> None:
    s = walk(BY_NAME["skip"])
    assert "Y7" in s["skip"].before.hands[1]
    seat1 = s["skip"].before.hands[1]
    assert s["skipped"].before.current == 2 and s["skipped"].before.hands[1] == seat1
    # Without the Skip, Player 2 captures with the yellow 7.
    state, evs = try_move(s["skip"], "play:Y6:2,0>3,0", "play:Y7:3,0>4,0")
    assert K.EV_CAPTURE in [e.code for e in evs]
    assert "play:Y6:3,0>4,0" in s["back"].legal and s["back"].before.current == 0


def test_skip_with_two_players_plays_again() -> None:
    game = game_of("match")
    s = game.initial_state(0, **deal("Y3", ["R6", "B1"], [["YS", "R1", "B2"], ["G1", "G2", "G3"]],
                                     roads=[[[1, 0, "Y8"]]]))
    after, _ = game.step(s, game.action_from_code("play:YS:1,0>2,0"))
    assert after.current == 0


def test_reverse_sends_the_next_card_to_another_road() -> None:
    s = walk(BY_NAME["reverse"])
    assert s["other"].before.closed == (1, 0)
    assert plays(s["other"]) == {"play:B9:-2,0>-3,0"}
    assert s["after"].before.anchor == (-3, 0) and s["after"].before.closed is None


def test_reverse_with_no_other_road_goes_on() -> None:
    s = walk(BY_NAME["reverse_alone"])
    game = game_of("reverse_alone")
    before = s["intro"].before
    assert len(before.roads) == 1 and {(0, -1), (1, 0), (0, 1), (-1, 0)} <= set(cards_at(before))
    after = s["same"].before
    assert after.closed is not None and [a[0] for a in game.anchors(after)] == [(2, 1)]
    assert plays(s["same"]) == {"play:Y3:2,1>2,0"}
    assert [e.params["count"] for e in s["same"].events if e.code == K.EV_CAPTURE] == [10]
    assert "ten cards" in text("reverse_alone", "done")


def test_wild_names_a_colour() -> None:
    s = walk(BY_NAME["wild"])
    assert plays(s["wild"]) == {f"play:W:1,0>2,0:{c}" for c in "RYGB"}
    assert s["stuck"].before.roads[-1][-1] == (2, 0, "W", "B") and plays(s["stuck"]) == set()
    # Green would have let Player 2 follow with the green 9.
    state, _ = try_move(s["wild"], "play:W:1,0>2,0:G")
    assert "play:G9:2,0>3,0" in {a.code for a in game_of("wild").legal_actions(state)}
    assert plays(s["capture"]) == set()  # Player 2 cannot follow the blue 2 either
    assert s["capture"].before.anchor == (3, 0)


def test_a_wild_on_a_scoring_card_names_no_colour() -> None:
    game = game_of("wild")
    s = game.initial_state(0, **deal("Y1", ["R3", "G5"], [["W", "B2", "G4"], ["R1", "R6", "G9"]],
                                     roads=[[[1, 0, "Y3"], [2, 0, "Y4"], [3, 0, "Y5"]]]))
    assert game.explain(s, "play:W:3,0>4,0:B").reason == K.NO_CAPTURE_COLOUR
    assert game.explain(s, "play:W:3,0>4,0").reason == K.OK_CAPTURE


def test_wild_draw_four_strict() -> None:
    s = walk(BY_NAME["wd4"])
    assert plays(s["wd4"]) == {f"play:W4:1,0>2,0:{c}" for c in "RYGB"}
    assert [e.params["count"] for e in s["wd4"].events if e.code == K.EV_REFILL] == [4]
    assert len(s["refill"].before.hands[0]) == 6 and "drew four: six cards" in text("wd4", "refill")
    assert "W4" in s["refused"].before.hands[1] and plays(s["refused"]) == {"play:R9:2,0>3,0"}


def test_draw_two_refills_two_but_never_beyond_seven() -> None:
    s = walk(BY_NAME["draw_two"])
    assert len(s["draw_two"].before.hands[0]) == 6
    assert {"play:R5:2,0>3,0", "play:R8:2,0>3,0", "play:RD:2,0>3,0"} == plays(s["draw_two"])
    assert [(e.params["count"], e.params["hand"]) for e in s["draw_two"].events if e.code == K.EV_REFILL] == [(2, 7)]
    assert [(e.params["count"], e.params["hand"]) for e in s["limit"].events if e.code == K.EV_REFILL] == [(1, 7)]
    state, _ = try_move(s["draw_two"], "play:R5:2,0>3,0")
    assert len(state.hands[0]) == 6  # a number card brings one card only


def test_the_discard_pile_is_shuffled_into_a_new_draw_pile() -> None:
    s = walk(BY_NAME["reshuffle"])
    before = s["intro"].before
    assert (len(before.draw), len(before.discard)) == (1, 96) and numbers("reshuffle", "intro")[0] == 96
    assert before.hands[0] == ("B7", "G4", "RD") and plays(s["draw_two"]) == {"play:RD:2,0>3,0"}
    assert [e.params["count"] for e in s["draw_two"].events if e.code == K.EV_RESHUFFLE] == [96]
    after = s["shuffled"].before
    assert (len(after.draw), len(after.discard), len(after.hands[0])) == (95, 0, 4)
    assert numbers("reshuffle", "shuffled") == [96, 95]
    assert not game_of("reshuffle").is_terminal(s["next"].after)


def test_the_game_ends_when_one_scoring_card_is_left() -> None:
    lesson = BY_NAME["last_card"]
    s = walk(lesson)
    before = s["intro"].before
    assert len(before.scoring) == 2 and [len(c) for c in before.captured] == [1, 0] and before.anchor is None
    final = s["over"].before
    game = lesson.make_game()
    outcome = game.outcome(final)
    assert outcome is not None and outcome.termination == K.END_LAST
    assert [c for _, c in final.scoring] == ["B1"] and len(final.hands[1]) == 3  # the capturer refilled
    assert outcome.scores == (5.0, 8.0) and outcome.winners == (1,)
    assert numbers("last_card", "scores") == [5, 5, 8, 8, 8, 5]
    # Laying elsewhere leaves the game running.
    state, _ = try_move(s["capture"], "play:Y9:0,0>1,0")
    assert not game.is_terminal(state)


def test_the_stall_limit() -> None:
    s = walk(BY_NAME["stall"])
    assert s["intro"].before.idle == 4 and s["keep"].before.idle == 5
    assert game_of("stall").config.stall_limit * 2 == 6
    state, evs = try_move(s["keep"], "discard:R0")
    outcome = game_of("stall").outcome(state)
    assert outcome is not None and outcome.termination == K.END_STALLED
    assert s["reset"].before.idle == 0


def test_scoring_numbers_and_draw_cards() -> None:
    lesson = BY_NAME["score_draws"]
    s = walk(lesson)
    final = s["numbers"].before
    assert final.reveal[0] == (("R7", 7, 0, ()), ("GD", 3, 0, ("YS", "B3")), ("G5", 5, 0, ()))
    assert final.reveal[1] == (("W4", 9, 1, ("R2", "Y9", "BD", "G4")),)
    assert lesson.make_game().scores(final) == (15.0, 9.0)
    assert numbers("score_draws", "numbers") == [7, 5, 7, 5]
    assert numbers("score_draws", "total") == [7, 3, 5, 15, 9]
    assert set(final.reveal[0][1][3] + final.reveal[1][0][3]) <= set(final.discard)


def test_scoring_skip_reverse_and_wild() -> None:
    lesson = BY_NAME["score_seats"]
    s = walk(lesson)
    final = s["skip"].before
    assert final.reveal[0] == (("YS", 3, 2, ()), ("R6", 6, 0, ()))
    assert final.reveal[1] == (("BR", 3, 0, ()),) and final.reveal[2] == (("W", 3, -1, ()),)
    assert lesson.make_game().scores(final) == (12.0, 3.0, 3.0, 3.0)
    assert numbers("score_seats", "total") == [12, 6, 3, 3, 3, 3, 3]
