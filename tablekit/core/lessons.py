"""Scripted rule walkthroughs ("lessons") as data.

A lesson is a stacked deal plus a list of steps. Each step plays one action (or none, for an
introduction), narrates it with an i18n code and names the rules section it teaches. A step
marked ``your_turn`` asks the learner to find that move themselves. Lessons are replayed by the
tests, so every lesson is also a rules test.

>>> step = LessonStep("lesson.up_and_down.legal.higher", action="37", section="Legality")
>>> step.your_turn
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from tablekit.core.errors import RecordError
from tablekit.core.game import Game
from tablekit.core.match import Match
from tablekit.core.record import Record


@dataclass(frozen=True)
class LessonStep:
    """One step: narrate ``narration`` (an i18n code with ``params``), then play ``action``.

    ``your_turn``: the learner must choose ``action`` (any other legal move gets the
    ``wrong`` narration code, or a generic one). ``target``: the codes of the cards the step is
    about, which the lesson widget marks as its target while the learner watches (a "your
    turn" step has none: that would give the answer away).
    """

    narration: str
    action: str | None = None
    section: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    your_turn: bool = False
    wrong: str | None = None
    target: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A walkthrough of one rule on a stacked deal."""

    id: str
    title: str  # i18n code
    game: str
    preset: str
    players: int
    steps: tuple[LessonStep, ...]
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None  # the learner's seat for "your turn" steps (None: the seat to play)

    def make_game(self) -> Game[Any]:
        from tablekit.core.registry import make

        return make(self.game, preset=self.preset, players=self.players, **dict(self.options))

    def start(self) -> Match:
        """A fresh match at the lesson's deal (before any step)."""
        return Match(self.make_game(), self.seed, self.setup)

    def record(self) -> Record:
        """The whole lesson as a record (raises RecordError if a step is illegal)."""
        game = self.make_game()
        codes = tuple(s.action for s in self.steps if s.action is not None)
        record = Record.start(game, self.seed, self.setup).with_actions(codes)
        record.replay()
        return record


def check_lesson(lesson: Lesson) -> Match:
    """Replay a lesson, checking that every step's action is legal when it comes.

    Returns the match at the end; raises RecordError naming the step otherwise.
    """
    match = lesson.start()
    for i, step in enumerate(lesson.steps):
        if step.action is None:
            continue
        legal = {a.code for a in match.legal_actions()}
        if step.action not in legal:
            raise RecordError(f"lesson {lesson.id!r} step {i}: {step.action!r} is not legal here (legal: {sorted(legal)})")
        if step.your_turn and len(legal) < 2:
            raise RecordError(f"lesson {lesson.id!r} step {i}: a 'your turn' step needs a real choice")
        match.play(step.action)
    return match


def lesson_codes(lessons: Iterable[Lesson]) -> frozenset[str]:
    """Every i18n code a course uses: titles, step narrations and wrong-move answers (both
    catalogs must hold them all; each game's tests check)."""
    codes: set[str] = set()
    for lesson in lessons:
        codes.add(lesson.title)
        for step in lesson.steps:
            codes.add(step.narration)
            if step.wrong:
                codes.add(step.wrong)
    return frozenset(codes)


def build_steps(lesson_id: str, players: int, steps: Sequence[tuple[Any, ...]],
                played: Callable[[str], tuple[str, ...]]) -> tuple[LessonStep, ...]:
    """Steps from the short form ``(step, action, section)`` (optionally followed by a dict of
    extra ``LessonStep`` fields) that each game's ``lessons.py`` writes.

    The narration code is ``lesson.<lesson_id>.<step>``. A ``your_turn`` step gets the
    wrong-move code ``<code>.wrong`` and no target (that would give the answer away); another
    step with an action targets ``played(action)``, the cards it lays down. Every step's
    params name the seats ``p1``, ``p2``, ... (seat 0, 1, ...), so the texts write ``{p1!p}``.

    >>> [s.target for s in build_steps("g.x", 2, [("a", "37", "Turn"), ("b", "38", "Turn", {"your_turn": True})],
    ...                                lambda a: (a,))]
    [('37',), ()]
    """
    seats = {f"p{i + 1}": i for i in range(players)}
    built = []
    for step in steps:
        key, action, section = step[:3]
        extra: dict[str, Any] = dict(step[3]) if len(step) > 3 else {}
        code = f"lesson.{lesson_id}.{key}"
        if extra.get("your_turn"):
            extra.setdefault("wrong", f"{code}.wrong")
        elif action is not None:
            extra.setdefault("target", played(action))
        extra["target"] = tuple(extra.get("target", ()))
        extra["params"] = {**seats, **extra.get("params", {})}
        built.append(LessonStep(code, action, section, **extra))
    return tuple(built)
