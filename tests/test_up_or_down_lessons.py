"""Up or Down? lessons: the course covers every rule section and every variant, each lesson's
position is what its narration says, the state after its steps shows what it teaches (the
figures it narrates equal the engine's score), and other moves get their own answer.
(tests/test_every_game.py replays every registered game's lessons and checks their texts; the
lesson-specific claims are checked here.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers_lessons import try_move, walk

from tablekit.core.errors import IllegalActionError
from tablekit.core.lessons import Lesson
from tablekit.games.up_or_down import PRESETS, rules
from tablekit.games.up_or_down.lessons import LESSONS, deal
from tablekit.games.up_or_down.rules import neighbours
from tablekit.games.up_or_down.state import DOWN, NONE, UP
from tablekit.i18n import tr

BY_NAME = {lesson.id.split(".", 1)[1]: lesson for lesson in LESSONS}


def score(lesson: Lesson, state: Any, seat: int = 0) -> Any:
    return lesson.make_game().breakdown(state, seat)  # type: ignore[attr-defined]


def numbers(code: str) -> list[int]:
    """The whole numbers an English narration states, in order."""
    return [int(n) for n in re.findall(r"\b\d+\b", tr(code, "en"))]


def test_every_variant_preset_and_rule_section_has_a_lesson() -> None:
    presets = {lesson.preset for lesson in LESSONS}
    assert presets == set(PRESETS) - {"short"}, "one lesson per variant (the short game changes only the range)"
    sections = {step.section for lesson in LESSONS for step in lesson.steps}
    assert {"Setup", "Turn", "Scoring", "End", "Options"} <= sections
    assert len(LESSONS) == len({lesson.id for lesson in LESSONS}) == 15


def test_the_deal_helper_stacks_every_card_once() -> None:
    setup = deal([[5, 30, 22], [11, 40, 26]], [7, 14, 33, 41, 46, 50], down=[1], up=[9])
    assert sorted(setup["deck"]) == list(range(1, 55))
    assert setup["deck"][12] == 1 and setup["deck"][12 + 21] == 9  # the tops of the two piles
    with pytest.raises(ValueError, match="at most once"):
        deal([[5, 30, 22], [11, 40, 5]], [7, 14, 33, 41, 46, 50])


def test_ring_wraps_round() -> None:
    s = walk(BY_NAME["ring"])
    before = s["wrap"].before
    assert min(before.ring) == 7 and max(before.ring) == 50
    assert s["wrap"].after.played == 5 and neighbours(s["wrap"].after.ring, 5) == (50, 7)
    assert s["neighbours"].legal == {"take:50", "take:7"}  # never the card just played
    with pytest.raises(IllegalActionError) as refused:
        try_move(s["neighbours"], "take:5")
    assert refused.value.verdict.reason == "up_or_down.illegal.take_played"
    # The other hand cards land in the middle of the ring, not at the wrap point.
    state, _ = try_move(s["wrap"], "play:22")
    assert neighbours(state.ring, 22) == (14, 33)


def test_take_the_neighbour_that_fits_and_the_face_up_card() -> None:
    s = walk(BY_NAME["take"])
    assert s["choose"].legal == {"take:10", "take:33"}
    state, _ = try_move(s["choose"], "take:10")
    assert "col:1" not in {a.code for a in BY_NAME["take"].make_game().legal_actions(state)}
    assert s["face_up"].before.up[-1] == 37 and s["face_up"].legal == {"draw:down", "draw:up"}
    after = s["public"].after
    assert 37 in after.hands[0] and after.shown[0] == (37,)
    assert after.columns[0] == ((20, 25, 33),) and after.dirs[0] == (UP,)


def test_the_second_card_fixes_the_direction() -> None:
    s = walk(BY_NAME["direction"])
    assert s["second"].before.dirs[0] == (NONE,)
    assert s["fixed"].before.dirs[0] == (DOWN,) and s["fixed"].before.columns[0] == ((20, 15),)
    game = BY_NAME["direction"].make_game()
    assert "18" in tr("lesson.up_or_down.direction.fixed", "en")
    assert not rules.fits((20, 15), DOWN, 18) and rules.fits((20, 15), DOWN, 3)
    assert game.explain(s["second"].before, game.action_from_code("col:1")).reason == "up_or_down.ok.sets_down"


def test_abandon_when_nothing_fits() -> None:
    s = walk(BY_NAME["abandon"])
    assert s["abandon"].legal == {"abandon:1", "abandon:2", "abandon:3"}  # 17 fits no column, no fourth one
    after = s["discards"].before
    assert after.discards[0] == (20, 15) and after.columns[0][0] == (17,)
    lesson = BY_NAME["abandon"]
    assert score(lesson, after).discard_points == 2
    # The narration's claim: giving up column 1 costs nothing, the others cost more.
    totals = {}
    for code in sorted(s["abandon"].legal):
        state, _ = try_move(s["abandon"], code)
        totals[code] = score(lesson, state).total
    assert totals["abandon:1"] == score(lesson, s["abandon"].before).total + 1 == max(totals.values())


def test_scoring_is_length_times_the_commonest_colour() -> None:
    lesson = BY_NAME["scoring"]
    s = walk(lesson)
    b = score(lesson, s["total"].before)
    assert [(c.length, c.top_count, c.base) for c in b.columns] == [(4, 4, 16), (2, 1, 2)]
    assert b.total == 18 and numbers("lesson.up_or_down.scoring.total")[-1] == 18
    before = score(lesson, s["intro"].before)
    intro = tr("lesson.up_or_down.scoring.intro", "en")
    for c in before.columns:
        assert f"{c.length} × {c.top_count} = {c.base}" in intro


def test_the_end_of_the_game() -> None:
    lesson = BY_NAME["end"]
    s = walk(lesson)
    start = s["intro"].before
    assert not start.down and not start.up and [len(h) for h in start.hands] == [1, 1]
    assert s["place"].before.phase == 2 and "draw:down" not in s["place"].legal
    final = s["scores"].before
    game = lesson.make_game()
    assert game.is_terminal(final)
    assert [game.breakdown(final, seat).total for seat in (0, 1)] == [133, 97]
    assert numbers("lesson.up_or_down.end.scores")[-2:] == [133, 97]
    assert rules.cards_in_areas(final) == 54 - 6
    assert game.outcome(final).winners == (0,)


@pytest.mark.parametrize(("name", "column", "extra"), [
    ("rainbow", 0, ("rainbow", 10)), ("pure", 0, ("pure", 10)), ("special", 0, ("special", 1)),
])
def test_variant_bonuses_in_a_column(name: str, column: int, extra: tuple[str, int]) -> None:
    lesson = BY_NAME[name]
    s = walk(lesson)
    final = list(s.values())[-1].after
    scored = score(lesson, final).columns[column]
    assert getattr(scored, extra[0]) == extra[1]
    # Any other placement of the taken card misses the bonus.
    you = next(step for step in lesson.steps if step.your_turn)
    step = s[you.narration.rsplit(".", 1)[1]]
    for code in step.legal - {you.action}:
        state, _ = try_move(step, code)
        assert score(lesson, state).total < score(lesson, step.after).total, code


def test_greenhorn_counts_greens_in_columns_and_discards() -> None:
    lesson = BY_NAME["greenhorn"]
    b = score(lesson, walk(lesson)["bonus"].before)
    assert (b.greens, b.green_points) == (4, 10)


def test_greenhorn_for_pros_spares_long_columns() -> None:
    lesson = BY_NAME["greenhorn_pro"]
    s = walk(lesson)
    b = score(lesson, s["malus"].before)
    assert b.columns[0].length == 7 and (b.greens, b.green_points) == (0, 0)
    state, _ = try_move(s["long"], "new")
    assert score(lesson, state).green_points == -1


def test_special_colour_for_pros_punishes_red_going_down() -> None:
    lesson = BY_NAME["special_pro"]
    s = walk(lesson)
    state, _ = try_move(s["avoid"], "col:2")
    assert score(lesson, state).columns[1].special == -1
    assert score(lesson, s["points"].before).columns[0].special == 0


def test_take_variants_reach_beyond_the_neighbours() -> None:
    s = walk(BY_NAME["take_special"])
    assert s["far"].legal == {"take:26", "take:39", "take:13", "take:43"}  # neighbours and the other yellows
    s = walk(BY_NAME["take_any"])
    assert s["any"].legal == {f"take:{c}" for c in (5, 12, 26, 39, 43, 53)}


def test_remove_one_card() -> None:
    lesson = BY_NAME["remove"]
    s = walk(lesson)
    assert "col:1" not in s["remove"].legal and "remove:1" in s["remove"].legal
    after = s["gone"].before
    assert after.removed == (45,) and after.columns[0] == ((10, 20, 30),) and after.dirs[0] == (UP,)
