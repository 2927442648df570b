"""Ultimate lessons: the course covers every rule section the issue names, each lesson's deal
and sections are right, the state after its steps shows what its narration claims, wrong moves
get their own narration, and every lesson can be finished in the RuleWalkthrough widget.
(tests/test_every_game.py checks replay, record round trip, real choices and texts for every
registered game's lessons; the same checks run here.)"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

import pytest
from helpers_lessons import (
    assert_no_orphan_texts,
    assert_real_choices,
    assert_record_round_trips,
    assert_replays,
    assert_seats_through_params,
    assert_texts,
    rules_sections,
    try_move,
    walk,
    watched_moves,
)

from tablekit.core.cards import STANDARD_52
from tablekit.core.errors import RecordError
from tablekit.core.lessons import Lesson, check_lesson
from tablekit.core.registry import register, spec
from tablekit.games.ultimate import PRESETS, from_code, rules
from tablekit.games.ultimate.actions import card_code
from tablekit.games.ultimate.lessons import LESSONS, auction, deck, lesson_codes
from tablekit.i18n import LANGUAGES, tr

NS = "ultimate"
BY_NAME = {lesson.id.split(".", 1)[1]: lesson for lesson in LESSONS}
IDS = [lesson.id for lesson in LESSONS]


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    """The walkthrough reads the lessons from Ultimate's SPEC: until ``lessons=LESSONS`` is wired
    in there, this module registers the SPEC with them (and puts the original back)."""
    original = spec(NS)
    if original.lessons == LESSONS:
        yield
        return
    register(dataclasses.replace(original, lessons=LESSONS))
    try:
        yield
    finally:
        register(original)


def hand(state: Any, seat: int) -> list[str]:
    return sorted(card_code(c) for c in state.hands[seat])


def codes(events: tuple[Any, ...]) -> list[str]:
    return [e.code for e in events]


# --- every lesson ---------------------------------------------------------------------------------
def test_lessons_form_a_course() -> None:
    assert isinstance(LESSONS, tuple) and all(isinstance(lesson, Lesson) for lesson in LESSONS)
    assert list(BY_NAME) == ["ranking", "auction", "kitty", "trump", "follow", "trumping", "made", "failed",
                             "end", "partner", "all_pass", "forced_bid"]
    assert all(lesson.game == NS and lesson.preset in PRESETS and lesson.players == 4 for lesson in LESSONS)
    assert BY_NAME["partner"].preset == "partner"
    assert BY_NAME["forced_bid"].options == {"all_pass": "last_forced_min_bid"}


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_replays_with_its_texts(lesson: Lesson) -> None:
    assert lesson.title == f"lesson.{lesson.id}.title"
    assert 4 <= len(lesson.steps) <= 10
    assert {step.section for step in lesson.steps} <= rules_sections(rules)
    assert all(step.target == () for step in lesson.steps if step.action is None)
    assert_replays(lesson)
    assert_record_round_trips(lesson)
    assert lesson.record().actions == tuple(step.action for step in lesson.steps if step.action is not None)
    assert_real_choices(lesson)
    assert_seats_through_params([lesson])
    for lang in LANGUAGES:
        assert_texts([lesson], lesson_codes(), lang)
        assert tr(lesson.title, lang) != lesson.title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_orphan_lesson_texts(lang: str) -> None:
    assert_no_orphan_texts(NS, lesson_codes(), lang)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_deal_is_the_whole_deck(lesson: Lesson) -> None:
    assert sorted(lesson.setup["deck"]) == sorted(STANDARD_52) and lesson.setup["dealer"] == 0


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_targets_show_the_card_moved(lesson: Lesson) -> None:
    for step, played in watched_moves(lesson):
        code = step.action or ""
        card = code.split(":", 1)[1] if code.startswith("discard:") else code
        if card in STANDARD_52:
            assert step.target == (card,) and card in hand(played.before, played.before.current)
        else:
            assert step.target == ()


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_wrong_moves_are_refused_or_get_the_wrong_narration(lesson: Lesson) -> None:
    """On a your-turn step every other legal move is answered with the step's own ``wrong`` text
    (the widget says it), and an illegal one is refused by the rules with a reason."""
    steps = walk(lesson)
    for step in lesson.steps:
        if not step.your_turn:
            continue
        played = steps[step.narration.rsplit(".", 1)[1]]
        others = sorted(played.legal - {step.action})
        assert others and step.wrong and tr(step.wrong, "en", **step.params) != step.wrong
        for code in others[:3]:
            try_move(played, code)  # legal: the widget answers with step.wrong
        illegal = [c for c in STANDARD_52 if c not in played.legal][:1]
        for code in illegal:
            assert not played.match.explain(code).ok


def test_rules_sections_parsed() -> None:
    assert {"Overview", "Setup", "Turn", "Special cards", "Scoring", "End", "Options"} <= rules_sections(rules)


def test_narration_names_seats_through_params() -> None:
    assert "プレイヤー3" in tr("lesson.ultimate.ranking.intro", "ja", **BY_NAME["ranking"].steps[0].params)


def test_deck_and_auction_helpers() -> None:
    d = deck([["AS", "KD"], ["5D"]], kitty=["2H"])
    assert d[:2] == ["AS", "KD"] and d[11] == "5D" and d[44] == "2H" and sorted(d) == sorted(STANDARD_52)
    with pytest.raises(ValueError):
        deck([["AS"], ["AS"]])
    with pytest.raises(ValueError):
        deck([["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]])
    assert auction(0, 12) == ["bid:12", "pass", "pass", "pass"]
    assert auction(3, 5, dealer=1) == ["pass", "pass", "bid:5", "pass"]


def test_a_broken_lesson_is_caught() -> None:
    lesson = BY_NAME["follow"]
    broken = dataclasses.replace(lesson, steps=tuple(
        dataclasses.replace(s, action="7C") if s.action == "3H" else s for s in lesson.steps))
    with pytest.raises(RecordError):
        check_lesson(broken)


# --- what each lesson claims ------------------------------------------------------------------------
def test_ranking() -> None:
    lesson = BY_NAME["ranking"]
    s = walk(lesson)
    assert s["intro"].before.phase == 4 and s["intro"].before.current == 0  # the tricks, dealer leads
    assert s["five"].legal == {"5D"} and s["ace"].legal == {"AD", "3D"}
    after = s["ten"].after
    assert after.tricks_won == (0, 0, 1, 0) and after.current == 2
    game: Any = lesson.make_game()
    assert game.card_points(after.won[2]) == 8
    state, _ = try_move(s["ace"], "3D", "TD")
    assert state.tricks_won == (1, 0, 0, 0)


def test_auction() -> None:
    s = walk(BY_NAME["auction"])
    assert s["open"].before.current == 0  # the dealer speaks first
    assert "bid:12" not in s["again"].legal and "bid:15" in s["again"].legal  # strictly higher
    assert s["raise"].legal == {f"bid:{n}" for n in range(15, 61)} | {"pass"}
    assert s["skipped"].before.current == 3  # the seat that dropped out is skipped
    assert s["skipped"].before.out == (False, True, True, False)
    game: Any = BY_NAME["auction"].make_game()
    assert game.explain_for(s["raise"].before, 2, from_code("bid:30")).reason == f"{NS}.illegal.dropped_out"
    end = s["declarer"].before
    assert end.declarer == 0 and end.high_bid == 15 and len(end.hands[0]) == 16 and end.phase == 1


def test_kitty() -> None:
    s = walk(BY_NAME["kitty"])
    start = s["intro"].before
    assert start.declarer == 0 and len(start.hands[0]) == 16
    assert sorted(card_code(c) for c in start.picked) == sorted(["3D", "4D", "6D", "9C", "QD"])
    last = s["last"]
    assert len(last.legal) == 12
    keep = [c for c in hand(last.before, 0) if not c.endswith("S") and c[0] not in "AKQJT5"]
    assert keep == ["2C"]  # the only card neither a spade nor worth points
    end = s["nobody"].before
    assert end.phase == 2 and len(end.hands[0]) == 11 and hand(end, 0).count("QD") == 1
    assert sum(c.endswith("S") for c in hand(end, 0)) == 8


def test_trump() -> None:
    s = walk(BY_NAME["trump"])
    assert s["name"].legal == {"trump:S", "trump:H", "trump:D", "trump:C"}
    after = s["name"].after
    assert after.trump == 0 and after.phase == 4 and after.current == 0  # the dealer leads
    assert s["won"].before.tricks_won == (1, 0, 0, 0)


def test_follow() -> None:
    s = walk(BY_NAME["follow"])
    f = s["follow"]
    assert f.legal == {"QH", "3H"}
    non_heart = next(c for c in hand(f.before, 1) if not c.endswith("H"))
    assert f.match.explain(non_heart).reason == f"{NS}.illegal.must_follow"
    cannot = s["cannot"]
    assert len(cannot.legal) == 11 and f"{NS}.event.void" in codes(cannot.events)
    assert s["next"].before.current == 3 and s["next"].before.tricks_won == (0, 0, 0, 1)


def test_trumping() -> None:
    s = walk(BY_NAME["trumping"])
    t = s["trump"]
    assert "2S" in t.legal and len(t.legal) == 11
    assert s["won"].before.tricks_won == (0, 0, 1, 0)
    state, _ = try_move(t, sorted(t.legal - {"2S"})[0], "6H")
    assert state.tricks_won == (1, 0, 0, 0)


def _last_two(name: str) -> dict[str, Any]:
    lesson = BY_NAME[name]
    s = walk(lesson)
    start = s["intro"].before
    game: Any = lesson.make_game()
    assert sum(start.tricks_won) == 9 and game.card_points(start.won[0]) == 13 and start.current == 3
    assert s["trump"].legal == {"2S", "4D"}
    return s


def test_made() -> None:
    s = _last_two("made")
    end = s["ace"].after
    assert end.results == ((0, 20, 22, True),) and end.totals == (20, 0, 0, 0)
    assert f"{NS}.event.contract_made" in codes(s["ace"].events)
    # The wrong move: 4D lets seat 3 take the K♣ trick, and the declarer ends with 18 < 20.
    state, _ = try_move(s["trump"], "4D", "QC", "JC", "AD", "2S", "6D", "7D")
    assert state.results == ((0, 20, 18, False),)


def test_failed() -> None:
    s = _last_two("failed")
    end = s["ace"].after
    assert end.results == ((0, 23, 22, False),) and end.totals == (0, 11, 11, 11)
    assert f"{NS}.event.contract_failed" in codes(s["ace"].events)


def test_end() -> None:
    lesson = BY_NAME["end"]
    assert lesson.options == {"target": 20}
    s = _last_two("end")
    end = s["ace"].after
    assert end.termination == f"{NS}.end.target" and end.totals == (20, 0, 0, 0)
    game: Any = lesson.make_game()
    assert game.outcome(end).winners == (0,)
    # The default target (150) plays on to the next deal.
    plain = walk(dataclasses.replace(lesson, options={}))["ace"].after
    assert not plain.termination and plain.deal_no == 1


def test_partner() -> None:
    s = walk(BY_NAME["partner"])
    call = s["call"]
    assert call.before.phase == 3 and len(call.legal) == 52
    assert call.after.partner == 2 and not call.after.revealed
    assert call.match.explain("call:KH").reason == f"{NS}.ok.call_own"  # own card: alone
    reveal = s["reveal"]
    assert f"{NS}.event.partner_revealed" in codes(reveal.events) and reveal.after.revealed
    assert s["together"].before.tricks_won == (0, 0, 1, 0)
    game: Any = BY_NAME["partner"].make_game()
    assert game._side_points(s["together"].before, final=False) == 8


def test_all_pass() -> None:
    s = walk(BY_NAME["all_pass"])
    last = s["last"]
    assert last.before.current == 3 and "pass" in last.legal and "bid:1" in last.legal
    assert last.match.explain("pass").reason == f"{NS}.ok.pass_throw_in"
    assert f"{NS}.event.thrown_in" in codes(last.events)
    after = last.after
    assert after.deal_no == 1 and after.dealer == 1 and after.current == 1 and after.totals == (0, 0, 0, 0)
    state, _ = try_move(last, "bid:1")
    assert state.declarer == 3


def test_forced_bid() -> None:
    s = walk(BY_NAME["forced_bid"])
    forced = s["forced"]
    assert "pass" not in forced.legal and "bid:1" in forced.legal
    assert forced.match.explain("pass").reason == f"{NS}.illegal.must_bid"
    assert forced.after.declarer == 3 and forced.after.high_bid == 1


# --- the walkthrough widget ---------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=IDS)
def test_every_lesson_can_be_finished_in_the_widget(index: int) -> None:
    from tablekit.widgets.walkthrough import RuleWalkthrough

    w = RuleWalkthrough(NS, autoplay_delay=0)
    w.handle({"type": "lesson", "index": index})
    assert w.lesson["title"] == tr(LESSONS[index].title, "en")
    your_turns = 0
    for _ in range(50):
        info = w.lesson
        assert info["narration"] and not info["narration"].startswith("lesson.")
        if info["your_turn"]:
            your_turns += 1
            step = w.current.steps[w.position]
            other = [a.code for a in w.match.legal_actions() if a.code != step.action]
            before = w.position
            w.handle({"type": "play", "code": other[0]})
            assert w.message_kind == "refusal" and w.position == before
            assert w.message == tr(step.wrong or "", "en", **dict(step.params))
            w.handle({"type": "next"})
            assert w.position == before
            w.handle({"type": "play", "code": step.action})
            assert w.message_kind == "hint" and w.position == before + 1
        elif info["can_next"]:
            w.handle({"type": "next"})
        else:
            break
    assert your_turns >= 1 and w.lesson["step"] == w.lesson["total"]
    w.handle({"type": "lang", "lang": "ja"})
    assert w.lesson["narration"] and not w.lesson["narration"].startswith("lesson.")
