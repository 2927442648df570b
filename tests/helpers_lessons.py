"""Checks every game's lessons share (used by tests/test_every_game.py for every registered
game, and by each game's own lesson tests): walking a lesson step by step, and the generic properties of a
course (replay, record round trip, a real choice on every your-turn step, texts in both
catalogs with their placeholders, seats named through params, no orphan texts)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable, NamedTuple

from tablekit.core.lessons import Lesson, LessonStep, check_lesson
from tablekit.core.match import Match
from tablekit.core.record import Record
from tablekit.i18n import catalog, placeholders, tr


class Step(NamedTuple):
    """One lesson step as played: the match before it, its legal codes, and after it."""

    name: str
    before: Any
    legal: frozenset[str]
    after: Any
    events: tuple[Any, ...]
    match: Match  # a fork at the position before the step, to try other moves


def walk(lesson: Lesson) -> dict[str, Step]:
    match = lesson.start()
    out: dict[str, Step] = {}
    for step in lesson.steps:
        name = step.narration.rsplit(".", 1)[1]
        before = match.state
        legal = frozenset(a.code for a in match.legal_actions())
        fork = match.fork()
        events: tuple[Any, ...] = ()
        if step.action is not None:
            events = match.play(step.action)
        out[name] = Step(name, before, legal, match.state, events, fork)
    return out


def watched_moves(lesson: Lesson) -> list[tuple[LessonStep, Step]]:
    """The steps whose move the learner watches (an action, not "your turn"), each with the
    position it was played from."""
    played = walk(lesson)
    return [(step, played[step.narration.rsplit(".", 1)[1]]) for step in lesson.steps
            if step.action is not None and not step.your_turn]


def try_move(step: Step, code: str, *more: str) -> tuple[Any, tuple[Any, ...]]:
    """The state and events after playing ``code`` (and ``more``) instead of the lesson's move."""
    match = step.match.fork()
    events = list(match.play(code))
    for c in more:
        events.extend(match.play(c))
    return match.state, tuple(events)


def rules_sections(rules: ModuleType) -> set[str]:
    """The section headings of a game's rules docstring (read from ``rules.py`` itself: a
    module compiled with mypyc carries no docstrings)."""
    source = Path(rules.__file__ or "").with_name(rules.__name__.rpartition(".")[2] + ".py")
    doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8")), clean=False) or ""
    return {line.split(" (")[0].strip() for line in doc.splitlines()[1:] if line.strip() and not line[0].isspace()}


def assert_replays(lesson: Lesson) -> None:
    assert 4 <= len(lesson.steps) <= 12
    final = check_lesson(lesson)
    assert final.step_index == sum(step.action is not None for step in lesson.steps)


def assert_record_round_trips(lesson: Lesson) -> None:
    record = lesson.record()
    final = check_lesson(lesson).state
    assert record.replay() == final
    again = Record.from_json(record.to_json())
    assert again == record and again.replay() == final
    assert Match.from_record(again).state == final


def assert_real_choices(lesson: Lesson) -> None:
    steps = walk(lesson)
    chosen = [(s, steps[s.narration.rsplit(".", 1)[1]]) for s in lesson.steps if s.your_turn]
    assert chosen, "every lesson asks the learner to move at least once"
    for step, played in chosen:
        assert step.action in played.legal and len(played.legal) >= 2
        assert step.wrong == f"{step.narration}.wrong"
        assert step.target == ()  # a target would give the answer away
        if lesson.seat is not None:
            assert played.before.current == lesson.seat


def assert_no_orphan_texts(game: str, codes: Iterable[str], lang: str) -> None:
    """Every ``lesson.<game>.*`` text is used by a lesson (none left behind by an edit)."""
    written = {code for code in catalog(lang) if code.startswith(f"lesson.{game}.")}
    assert written == set(codes)


def assert_texts(lessons: Iterable[Lesson], codes: Iterable[str], lang: str) -> None:
    missing = sorted(code for code in codes if code not in catalog(lang))
    assert not missing, missing
    for lesson in lessons:
        assert not placeholders(catalog(lang)[lesson.title])
        for step in lesson.steps:
            for code in (step.narration, step.wrong):
                if code is None:
                    continue
                need = placeholders(catalog(lang)[code])
                assert need <= set(step.params), (code, sorted(need - set(step.params)))
                text = tr(code, lang, **step.params)
                assert "{" not in text and text.strip()


def assert_seats_through_params(lessons: Iterable[Lesson]) -> None:
    """Seats are written {p1!p}, {p2!p}, ... so they follow core.seat ("Player 1" / "プレイヤー1")."""
    for lesson in lessons:
        for step in lesson.steps:
            for i in range(lesson.players):
                assert step.params[f"p{i + 1}"] == i
            for code in (step.narration, step.wrong):
                if code is not None:
                    assert not re.search(r"Player \d", catalog("en")[code]), code
