"""The fit harness: whole games and every lesson, one stop at a time, on the real dashboards.

``tests/browser/fit_table.ipynb`` shows a :class:`PlayStops` (``?page=play``) or a
:class:`LessonStops` (``?page=learn``) below the real dashboard it drives. The kernel plays
seeded games of every preset at its largest player count: bots play every seat, and the
learner's seat's moves are chosen by that seat's bot and sent through the table's own request
path (``PlayTable.handle``), exactly as a click sends them. Each *stop* is a moment the learner
must act: their turn, the end of a round ("Next round") and the end of the game ("Play
again"); on the learn page, every step of every lesson. ``test_fit_in_browser.py`` presses the
harness's Next button from inside the page and measures each stop.

The status line under the dashboard says where the harness is, as data attributes of
``.tk-fit-status``: ``data-stop`` (counts every stop), ``data-case`` (game/preset/players, or
game/lesson), ``data-open`` (the key of a card, row or cell whose click opens a choice for the
move about to be made: the page opens it, measures, and cancels), ``data-done`` ("1" after the
last stop).

Query parameters: ``page`` (play or learn), ``lang`` (en or ja), ``part`` and ``parts`` (this
page takes every ``parts``-th case from ``part``: pages can share the work), ``games`` (a
comma-separated list to restrict the games), ``every`` (the page shows every ``every``-th stop
of each case, its first and last included: Next plays the stops between without drawing
them, the table's changes held back and sent once).
"""

from __future__ import annotations

import html
import random
from typing import Any, Iterable, Iterator, Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from tablekit.bots import decide
from tablekit.core.registry import list_games, presets, spec
from tablekit.widgets.base import TableWidget
from tablekit.widgets.dashboards import LearnDashboard, PlayDashboard, learn_dashboard, play_dashboard

SEED = 21  # every deal and every bot of the harness
METER_SECONDS = 0.02  # the "Still winnable?" meter: an answer quickly (it is drawn all the same)


def play_cases(games: Iterable[str] | None = None) -> list[tuple[str, str, int]]:
    """(game, preset, its largest player count) for every preset of every game."""
    chosen = list(games) if games else list_games()
    return [(g, p, spec(g).players_for(p)[1]) for g in list_games() if g in chosen for p in presets(g)]


def lesson_cases(games: Iterable[str] | None = None) -> list[tuple[str, int]]:
    """(game, lesson index) for every lesson of every game that has lessons."""
    chosen = list(games) if games else list_games()
    return [(g, i) for g in list_games() if g in chosen for i in range(len(spec(g).lessons))]


def opener(view: Mapping[str, Any], code: str | None) -> str:
    """The ``data-key`` of the place whose click opens a choice offering ``code`` (the first
    place offering any choice when ``code`` is None or nowhere offered), or ""."""
    found = ""
    for key, item in _places(view):
        choices = item.get("choices") or ()
        if not item.get("playable") or not choices:
            continue
        if code is not None and any(c["code"] == code for c in choices):
            return key
        found = found or key
    return found


def _places(view: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every clickable place of a view-model with the key ``play_table.js`` gives it."""
    for z in view.get("zones", ()):
        for c in z.get("cards", ()):
            yield str(c.get("key")), c
        for row in z.get("rows", ()):
            yield f"{z['id']}:{row['id']}", row
        for cell in z.get("cells", ()):
            yield f"{z['id']}:{cell['x']},{cell['y']}", cell


class Stops(widgets.VBox):
    """The dashboard above, a status line and a Next button below (they never move it)."""

    def __init__(self, dashboard: widgets.Widget, cases: list[Any], every: int = 1) -> None:
        self.dashboard = dashboard
        self.cases = cases
        self.every = every
        self.index = 0  # the case shown
        self.stop = 0
        self.done = False
        self.status = widgets.HTML()
        self.next_button = widgets.Button(description="Next stop")
        self.next_button.add_class("tk-fit-next")
        self.next_button.on_click(lambda _b: self.advance())
        super().__init__([dashboard, widgets.HBox([self.next_button, self.status])])

    # (subclasses)
    def _open(self) -> str:
        raise NotImplementedError

    def _step(self) -> bool:
        """Go on to the next stop of the case shown; False when the case is over."""
        raise NotImplementedError

    def _start(self, index: int) -> None:
        raise NotImplementedError

    def _case_name(self) -> str:
        raise NotImplementedError

    def _table(self) -> TableWidget:
        """The table the page draws (its changes are held back over the stops not shown)."""
        raise NotImplementedError

    def _last(self) -> bool:
        """Whether the stop now is its case's last (always shown)."""
        raise NotImplementedError

    def begin(self) -> Stops:
        if self.cases:
            self._start(0)
        else:
            self.done = True
        self._report()
        return self

    def advance(self) -> None:
        """Go on to the next stop shown: ``every`` stops on, or the next case's first stop, or
        the end."""
        if self.done:
            return
        with self._table().hold_sync():
            for _ in range(self.every):
                if self._step():
                    self.stop += 1
                    if self._last():
                        break
                    continue
                if self.index + 1 < len(self.cases):
                    self.index += 1
                    self._start(self.index)
                else:
                    self.done = True
                self.stop += 1
                break
        self._report()

    def _report(self) -> None:
        name = self._case_name() if self.cases else ""
        opens = "" if self.done else self._open()
        self.status.value = (
            f'<span class="tk-fit-status" data-stop="{self.stop}" data-case="{html.escape(name)}" '
            f'data-open="{html.escape(opens)}" data-done="{int(self.done)}">'
            f"{html.escape(name)} · stop {self.stop}</span>")


class PlayStops(Stops):
    """Whole seeded games on the play dashboard: one stop per decision of the learner."""

    def __init__(self, lang: str = "en", cases: list[tuple[str, str, int]] | None = None, every: int = 1) -> None:
        self.page: PlayDashboard = play_dashboard(lang=lang, bot_delay=0, query="")
        self.rng = random.Random(SEED)
        self._pending: str | None = None
        super().__init__(self.page, play_cases() if cases is None else cases, every)

    def _table(self) -> TableWidget:
        return self.page.table

    def _last(self) -> bool:
        return self.page.table.session.is_over

    def _start(self, index: int) -> None:
        game, preset, players = self.cases[index]
        page = self.page
        # The bar shows the case as a learner who chose it would see it.
        page.game.value = game
        page.preset.value = preset
        page.players.value = players
        page.table.meter_seconds = METER_SECONDS
        page.table.new_game(game, preset, players, seed=SEED + index, seat=0, bot_seed=SEED)

    def _learner_move(self) -> str | None:
        """The move the learner's seat makes at this stop (chosen once, by that seat's bot)."""
        if self._pending is None:
            session = self.page.table.session
            seat = session.human_to_play
            if seat is None or self.page.table.view.get("round_end"):
                return None
            self._pending = decide(session.bots[seat], session.game, session.state, self.rng).code
        return self._pending

    def _step(self) -> bool:
        table = self.page.table
        code, self._pending = self._learner_move(), None
        if table.view.get("round_end") and not table.session.is_over:
            table.handle({"type": "next_round"})
            return True
        if code is None:  # the game is over (its summary was the last stop)
            return False
        table.handle({"type": "play", "code": code})
        return True

    def _open(self) -> str:
        code = self._learner_move()
        return "" if code is None else opener(self.page.table.view, code)

    def _case_name(self) -> str:
        game, preset, players = self.cases[self.index]
        return f"{game}/{preset}/{players}"


class LessonStops(Stops):
    """Every step of every lesson on the learn dashboard (a "your turn" step is shown, then
    answered with Show me)."""

    def __init__(self, lang: str = "en", cases: list[tuple[str, int]] | None = None, every: int = 1) -> None:
        self.page: LearnDashboard = learn_dashboard(lang=lang, autoplay_delay=0, query="")
        super().__init__(self.page, lesson_cases() if cases is None else cases, every)

    def _table(self) -> TableWidget:
        return self.page.walkthrough

    def _last(self) -> bool:
        return self.page.walkthrough._step() is None

    def _start(self, index: int) -> None:
        game, lesson = self.cases[index]
        self.page.game.value = game
        self.page.walkthrough.handle({"type": "lesson", "index": lesson})

    def _step(self) -> bool:
        walk = self.page.walkthrough
        step = walk._step()
        if step is None:
            return False
        walk.handle({"type": "show" if step.your_turn else "next"})
        return True

    def _open(self) -> str:
        walk = self.page.walkthrough
        step = walk._step()
        if step is None or not step.your_turn:
            return ""
        return opener(walk.view, step.action)

    def _case_name(self) -> str:
        game, lesson = self.cases[self.index]
        return f"{game}/lesson {lesson + 1}"


def from_query(query: str) -> Stops:
    """The harness a page address asks for (see the module's docstring)."""
    q = {k: v[-1] for k, v in parse_qs(query).items()}
    lang = q.get("lang", "en")
    part, parts = int(q.get("part", 0)), max(1, int(q.get("parts", 1)))
    games = [g for g in q.get("games", "").split(",") if g] or None
    every = max(1, int(q.get("every", 1)))
    if q.get("page", "play") == "learn":
        lessons = lesson_cases(games)[part::parts]
        return LessonStops(lang, lessons, every).begin()
    return PlayStops(lang, play_cases(games)[part::parts], every).begin()


__all__ = ["LessonStops", "PlayStops", "Stops", "from_query", "lesson_cases", "opener", "play_cases"]
