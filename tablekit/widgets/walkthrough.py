"""RuleWalkthrough: step through a game's scripted lessons on the real table.

Each step narrates the rule it teaches (English or Japanese) and names the rules section; the
table shows the open view, the legal moves of the player to act and the card played last (the
game's view marks it ``last``). On a watch step the prompt says who is about to play, no card
looks playable and the card about to move carries the ``target`` mark. A "your turn" step waits
for the learner to make the move the lesson is about and gives nothing away: every card the
learner may try looks alike (each can be clicked: a legal one is played, another is explained)
and none is marked, until a wrong choice (whose explanation names the answer) marks the answer
as the target; "Show me" makes the move. The last step says what the lesson covered and offers
the next lesson (``on_finish`` tells a listener: the learn page keeps it for the teacher).
Lessons are data (the game's ``SPEC.lessons``) that the tests replay, and the browser only
sends requests that Python checks.
With ``locked=("lesson",)`` (a teacher's link) the lesson menu is disabled and a request for
another lesson is refused.

>>> w = RuleWalkthrough(autoplay_delay=0)
>>> w.lesson["step"], w.lesson["total"] > 1
(1, True)
>>> w.handle({"type": "next"})
>>> w.lesson["step"]
2
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import traitlets

from tablekit.core.lessons import Lesson
from tablekit.core.match import Match
from tablekit.core.registry import spec
from tablekit.core.verdict import Event
from tablekit.core.view import put_mark
from tablekit.i18n import has, tr
from tablekit.widgets.base import Handler, TableWidget, iter_cards, mark_places

WALK_LABELS = ("previous", "next", "autoplay", "stop", "show", "lesson", "section", "your_turn", "step", "speed",
               "next_lesson", "watch", "learned")


def lessons_for(game: str) -> tuple[Lesson, ...]:
    """The game's lessons, as its ``SPEC`` lists them."""
    return tuple(spec(game).lessons)


def section_label(section: str, lang: str) -> str:
    """A rules section's name (a heading of the game's rules docstring) in ``lang``; a heading
    the catalogue does not know is shown as written.

    >>> section_label("Special cards", "ja"), section_label("House notes", "ja")
    ('特殊カード', 'House notes')
    """
    code = "core.section." + section.lower().replace(" ", "_")
    return tr(code, lang) if has(code, lang) else section


def finished_text(lessons: Sequence[Lesson], index: int, lang: str) -> str:
    """What the last step of lesson ``index`` says: the rules sections it covered, and the next
    lesson (or that it was the last one).

    >>> text = finished_text(lessons_for("up_and_down"), 0, "en")
    >>> text.startswith("You have finished") and "Next up" in text
    True
    """
    lesson = lessons[index]
    sections = list(dict.fromkeys(section_label(step.section, lang) for step in lesson.steps if step.section))
    text = tr("widgets.walk.complete", lang, title=tr(lesson.title, lang),
              sections=tr("widgets.walk.list_sep", lang).join(sections))
    if index + 1 < len(lessons):
        return f"{text} {tr('widgets.walk.go_next', lang, title=tr(lessons[index + 1].title, lang))}"
    return f"{text} {tr('widgets.walk.all_done', lang)}"


def even_out(view: dict[str, Any], seat: int | None) -> None:
    """A "your turn" step gives nothing away. In each place where the learner chooses a card
    now (``seat``'s hand, the ring, ...: a zone with a playable card) every card the learner
    may try (each face-up card of that hand; elsewhere each card a click plays or explains)
    can be clicked and looks alike: a click on one that no legal move plays asks why not. The
    hand's cards carry no mark, the others none but ``last`` (what just happened, not what to
    do)."""
    for z in view["zones"]:
        if z["kind"] == "hand":
            if z.get("owner") != seat:
                continue
            tryable = [c for c in z.get("cards", ()) if c["face"] is not None]
            for c in tryable:
                c["mark"] = None
        else:
            tryable = [c for c in iter_cards({"zones": [z]}) if c.get("playable") or c.get("why")]
        if any(c["playable"] for c in tryable):
            for c in tryable:
                c["playable"] = True
        for c in tryable:
            if c.get("mark") != "last":
                c["mark"] = None


def mark_cards(view: dict[str, Any], codes: Sequence[str], seat: int | None) -> None:
    """Mark as the ``target`` the cards ``codes`` where a watch step's move takes them from: the
    hand of ``seat`` (the player about to move), else a place on the table (a ring), never
    another player's hand."""
    own = [z for z in view["zones"] if z["kind"] == "hand" and z.get("owner") == seat]
    table = [z for z in view["zones"] if z["kind"] != "hand"]
    for zones in (own, table):
        found = [c for c in iter_cards({"zones": zones}) if c["face"] and c["face"]["code"] in codes]
        for c in found:
            put_mark(c, "target")
        if found:
            return


class RuleWalkthrough(TableWidget):
    """Scripted lessons for ``game`` with previous/next, autoplay and "your turn" steps."""

    lesson = traitlets.Dict().tag(sync=True)

    def __init__(self, game: str = "up_and_down", lang: str = "en", autoplay_delay: float = 2.5,
                 chrome: str = "full", locked: Sequence[str] = ()) -> None:
        super().__init__(lang, chrome=chrome, locked=locked)
        self.game_name = game
        self.lessons = lessons_for(game)
        self.autoplay_delay = max(0.0, float(autoplay_delay))
        self.autoplaying = False
        self._finish_listeners: list[Callable[[str, str], Any]] = []
        self.open_lesson(0)

    def on_finish(self, callback: Callable[[str, str], Any]) -> None:
        """Call ``callback(game, lesson_id)`` each time a lesson reaches its end (the step that
        says what it covered), however the learner got there: Next, autoplay, their own moves or
        "Show me" on its "your turn" steps. The learn page keeps it for the teacher."""
        self._finish_listeners.append(callback)

    # --- navigation ----------------------------------------------------------------------
    def open_lesson(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.lessons):
            raise ValueError(f"lesson index must be from 0 to {len(self.lessons) - 1}")
        self.index = index
        self.current = self.lessons[index]
        self.match: Match = self.current.start()
        self.position = 0  # steps already applied
        self._answer_shown: int | None = None  # the "your turn" step whose answer a wrong try marked
        self.autoplaying = False
        self._cancel_repeat()
        self._set_log([])
        self._say("", "info")
        self._render()

    def _step(self) -> Any:
        steps = self.current.steps
        return steps[self.position] if self.position < len(steps) else None

    def next(self) -> bool:
        """Apply the current step (not a "your turn" one). False at the end or when waiting."""
        step = self._step()
        if step is None or step.your_turn:
            return False
        self._apply(step)
        return True

    def previous(self) -> None:
        """Go back one step (replaying the lesson from its deal)."""
        if self.position == 0:
            return
        target = self.position - 1
        self.match = self.current.start()
        self.position = 0
        self._answer_shown = None
        events: list[Event] = []
        for step in self.current.steps[:target]:
            if step.action is not None:
                events.extend(self.match.play(step.action))
            self.position += 1
        self._set_log(events)
        self._say("", "info")
        self._render()

    def _apply(self, step: Any, feedback: str = "") -> None:
        events = self.match.play(step.action) if step.action is not None else ()
        self.position += 1
        self._say(feedback, "hint" if feedback else "info")
        self._narrate(events)
        self._render()
        if self._step() is None:
            for listener in self._finish_listeners:
                listener(self.game_name, self.current.id)

    # --- requests from the browser -------------------------------------------------------
    def _requests(self) -> dict[str, Handler]:
        return super()._requests() | {
            "next": lambda c: self._stop_and(self.next),
            "prev": lambda c: self._stop_and(self.previous),
            "lesson": self._req_lesson,
            "autoplay": self._req_autoplay,
            "play": self._req_play,
            "why": self._req_why,
            "show": self._req_show,
            "speed": self._req_speed,
        }

    def _stop_and(self, fn: Callable[[], Any]) -> None:
        self.autoplaying = False
        self._cancel_repeat()
        fn()
        if fn == self.next and self._step() is not None and self._step().your_turn:
            self._render()

    def _req_lesson(self, content: dict[str, Any]) -> None:
        if "lesson" in self._locked:  # a teacher's link chose the lesson (Python may still open one)
            self._say(tr("widgets.table.locked", self._lang), "refusal")
            return
        index = content.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            raise ValueError("a lesson index is a whole number")
        self.open_lesson(index)

    def _req_play(self, content: dict[str, Any]) -> None:
        code = self._code(content)
        step = self._step()
        if step is None or not step.your_turn:
            self._say(tr("widgets.walk.press_next", self._lang), "info")
            return
        verdict = self.match.explain(code)
        if not verdict.ok:
            self._say_verdict(verdict)
            return
        if code != step.action:
            wrong = step.wrong or "widgets.walk.wrong_default"
            self._say(tr(wrong, self._lang, **dict(step.params)), "refusal")
            self._answer_shown = self.position  # the explanation names the answer: mark it too
            self._render()
            return
        self._apply(step, tr("widgets.walk.well_done", self._lang))

    def _req_why(self, content: dict[str, Any]) -> None:
        code = self._code(content)
        if self.match.is_over:
            self._say(tr("core.game_over", self._lang), "info")
            return
        self._say_why(self.match.game, self.match.state, code)

    def _req_show(self, _content: dict[str, Any]) -> None:
        """Reveal the answer of a "your turn" step by playing it."""
        step = self._step()
        if step is not None and step.your_turn:
            self._apply(step, tr("widgets.walk.shown", self._lang))

    def _relabel(self) -> None:
        self._render()

    def _req_speed(self, content: dict[str, Any]) -> None:
        self.autoplay_delay = self._seconds(content, 200, 10000)

    def _req_autoplay(self, content: dict[str, Any]) -> None:
        self.autoplaying = content.get("on") is True
        self._cancel_repeat()
        self._render()
        if self.autoplaying:
            self._repeat(self.next, lambda: self.autoplay_delay, done=self._autoplay_done)

    def _autoplay_done(self) -> None:
        self.autoplaying = False
        self._render()

    # --- drawing -------------------------------------------------------------------------
    def _labels(self) -> dict[str, str]:
        return super()._labels() | {k: tr(f"widgets.walk.{k}", self._lang) for k in WALK_LABELS}

    def _render(self) -> None:
        lesson, lang = self.current, self._lang
        game = self.match.game
        step = self._step()
        acting = self.match.current_player
        your_turn = step is not None and step.your_turn
        # Only a "your turn" step lets the learner play: elsewhere no card may look playable.
        controls = {acting} if your_turn and acting is not None else set()
        view = spec(game.name).view(game, self.match.state, lesson.seat if lesson.seat is not None else acting,
                                    lang, controls=controls, teaching=True)
        if step is None:
            view["prompt"] = tr("widgets.walk.finished_prompt", lang)
        elif not your_turn:
            view["prompt"] = (tr("widgets.walk.watch_player", lang, player=acting)
                              if step.action is not None and acting is not None
                              else tr("widgets.walk.read_step", lang))
        if your_turn:
            even_out(view, acting)
            if self._answer_shown == self.position:
                mark_places(view, step.action, "target")
        elif step is not None and step.target:
            mark_cards(view, step.target, acting)
        following = self.index + 1 if self.index + 1 < len(self.lessons) else None
        if step is None:
            narration = finished_text(self.lessons, self.index, lang)
            section = ""
        else:
            narration = tr(step.narration, lang, **dict(step.params))
            section = section_label(step.section, lang) if step.section else ""
        self.lesson = {
            "title": tr(lesson.title, lang),
            "index": self.index,
            "titles": [tr(x.title, lang) for x in self.lessons],
            "step": self.position + 1,
            "total": len(lesson.steps) + 1,
            "narration": narration,
            "section": section,
            "your_turn": bool(step is not None and step.your_turn),
            "can_prev": self.position > 0,
            "can_next": step is not None and not step.your_turn,
            "autoplay": self.autoplaying,
            "finished": step is None,
            "next_lesson": following,
        }
        self._show(view)
