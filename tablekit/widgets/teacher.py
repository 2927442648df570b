"""The teacher's page (``dashboards/teacher.ipynb?key=TEACHERKEY``): make a class and its tables,
give the learners the join link and its QR code, and follow the class live.

The page opens only with the teacher key (``python -m tablekit classroom teacher-link`` prints
the link; :meth:`~tablekit.classroom.ClassStore.check_teacher_key` compares it in constant
time). Without it, or with a wrong one, the page says so in its language and shows nothing of
any class; the key never goes into a widget trait (it is kept in Python, for the spectator's
:meth:`~tablekit.classroom.SharedSession.for_teacher`).

From the page the teacher

* creates a class: its name and what happens to a learner's seat left empty (a bot takes it
  over after some minutes, or the table waits);
* creates tables: the game, its mode and players, per seat a learner or a bot of a chosen
  strength, and how many tables are dealt the same deal with the same seats (for a comparison);
* gets the class's join link (``join.ipynb?class=CODE``, from the address the page was opened
  with, as the start page's links) and its QR code;
* follows the class (a task in the kernel refreshes the page every ``REFRESH_SECONDS``; it
  stops when the page's widget closes, and with the kernel): who is online, each learner's
  lessons finished, the tables and their moves, a spectator view of any table with every hand
  shown (to the teacher only: the shared ``PlayTable`` over
  :meth:`~tablekit.classroom.SharedSession.for_teacher`, which follows its table itself), the
  results and a small leaderboard, CSV downloads of all of it;
* compares the tables dealt one deal: side by side their seats, scores and winners, the first
  move where their games part, and each table's replay with every hand shown.

Every word comes from the catalogues (``widgets.teacher.*``); a bad value is refused with a
reason and changes nothing.

>>> from tablekit.classroom import ClassStore
>>> store = ClassStore("sqlite://")
>>> teacher_page(query="key=wrong", store=store).allowed
False
>>> page = teacher_page(query="key=" + store.teacher_key(), store=store, address="http://10.0.0.5:8866/voila/render/")
>>> page.allowed
True
>>> page.class_name.value = "5B"; page.create_class_button.click()
>>> page.join_url == "http://10.0.0.5:8866/voila/render/join.ipynb?class=" + page.current_class.code
True
>>> page.choose_table(game="page_one", players=3, seats=["learner", "learner", "heuristic"], copies=3)
>>> page.create_tables_button.click()
>>> [t.name for t in store.tables(page.current_class.id)]
['1', '2', '3']
>>> page.close(); store.close()
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import html
import logging
from typing import Any, Callable, Iterable, Mapping, Sequence
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets

from tablekit.bots import bot_names
from tablekit.core.errors import ClassroomError, ConfigError, TablekitError
from tablekit.core.registry import list_games, make, presets, spec
from tablekit.i18n import LANGUAGES, Verbatim, tr
from tablekit.widgets import controls, links
from tablekit.widgets.fonts import FontLoader
from tablekit.widgets.labels import LANGUAGE_NAMES, bot_label, bot_options, game_label, preset_label
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.problems import problem_text
from tablekit.widgets.start import page_address, player_counts, qr_svg

#: Seconds between two refreshes of the class's lists.
REFRESH_SECONDS = 2.0
#: The longest key the page looks at (anything longer is no key).
MAX_KEY = 200

_log = logging.getLogger(__name__)

_CSS = """
<style>
.tk-teacher { max-width: 1240px; }
.tk-teacher h1.tk-title { font-size: 1.45em; margin: 4px 0 2px 0; }
.tk-teacher h2 { font-size: 1.15em; margin: 14px 0 6px 0; }
.tk-teacher .tk-teacher-top { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; }
.tk-teacher .tk-teacher-top .widget-toggle-buttons { margin-left: auto; }
.tk-teacher p { margin: 2px 0 6px 0; color: #333; max-width: 72em; line-height: 1.45; }
.tk-teacher .tk-teacher-row { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 14px; }
.tk-teacher .tk-teacher-row .widget-inline-hbox { width: auto; }
.tk-teacher .tk-teacher-row .widget-label { min-width: 0; }
.tk-teacher .tk-teacher-scroll { max-width: 100%; overflow-x: auto; }
.tk-teacher table.tk-teacher-list { border-collapse: collapse; margin: 2px 0 8px 0; line-height: 1.35; }
.tk-teacher table.tk-teacher-list th, .tk-teacher table.tk-teacher-list td {
  border: 1px solid #d5dde6; padding: 4px 8px; text-align: left; vertical-align: top; }
.tk-teacher table.tk-teacher-list th { background: #f2f6fa; }
.tk-teacher table.tk-teacher-compare tbody td:first-child { white-space: nowrap; background: #f8fafc; }
@media (max-width: 600px) {
  .tk-teacher table.tk-teacher-list th, .tk-teacher table.tk-teacher-list td { padding: 3px 5px; }
  .tk-teacher table.tk-teacher-compare tbody td:first-child { white-space: normal; min-width: 5.5em; }
}
.tk-teacher .tk-teacher-join { display: flex; flex-wrap: wrap; gap: 10px 24px; align-items: flex-start; }
.tk-teacher .tk-teacher-join code { display: block; padding: 8px 10px; background: #f3f3f3; border-radius: 4px;
  word-break: break-all; font-size: 1.05em; max-width: 46em; user-select: all; }
.tk-teacher .tk-teacher-code { font-size: 2em; letter-spacing: 0.12em; font-weight: bold; }
.tk-teacher svg.tk-qr { width: 220px; height: 220px; display: block; }
.tk-teacher .tk-problem { padding: 6px 10px; border-left: 4px solid #b26a00; background: #fff4e5;
  color: #5c3b00; border-radius: 3px; }
.tk-teacher .tk-teacher-done { padding: 6px 10px; border-left: 4px solid #2e7d32; background: #edf7ee;
  color: #1b4d1f; border-radius: 3px; }
.tk-teacher .tk-teacher-csv a { margin-right: 16px; color: #1f5f99; text-decoration: underline; }
.tk-teacher .tk-teacher-note { color: #555; font-size: 0.92em; }
.tk-teacher .tk-teacher-won { font-weight: bold; color: #1b5e20; }
.tk-teacher .tk-teacher-differs { font-weight: bold; color: #8a4b00; }
</style>
"""


def _t(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.teacher.{code}", lang, **params)


def _e(text: object) -> str:
    return html.escape(str(text))


def _v(text: str) -> Verbatim:
    """A name (of a class, a learner, a table) as a sentence's parameter: shown as it is, never
    read as a catalogue code (a name may begin with "@")."""
    return Verbatim(text, limit=4000)


def _query_values(query: str) -> dict[str, list[str]]:
    return parse_qs(query.lstrip("?"), keep_blank_values=True)


def shareable_presets(game: str) -> list[str]:
    """The modes of ``game`` that several people can play at one table (not those where one
    person plays every hand, such as Up&Down's solo).

    >>> "solo" in shareable_presets("up_and_down"), "basic" in shareable_presets("up_and_down")
    (False, True)
    """
    out = []
    for p in presets(game):
        g = make(game, preset=p)
        if spec(game).human_seats(g.config, 0) == frozenset({0}):
            out.append(p)
    return out


def csv_link(content: str, filename: str, label: str) -> str:
    """A download link for a CSV text: a ``data:`` URL (UTF-8 with a byte-order mark, so that a
    spreadsheet reads Japanese names right); nothing in it runs.

    >>> csv_link("a,b\\n", "x.csv", "X")
    '<a download="x.csv" href="data:text/csv;charset=utf-8;base64,77u/YSxiCg==">X</a>'
    """
    data = base64.b64encode(("\ufeff" + content).encode("utf-8")).decode("ascii")
    return f'<a download="{_e(filename)}" href="data:text/csv;charset=utf-8;base64,{data}">{_e(label)}</a>'


def _table_html(headers: Sequence[str], rows: Iterable[Sequence[str]], css: str = "") -> str:
    """An HTML table: ``headers`` are escaped here; the cells are HTML already."""
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (f'<div class="tk-teacher-scroll"><table class="tk-teacher-list {css}"><thead><tr>{head}</tr></thead>'
            f'<tbody>{body}</tbody></table></div>')


class TeacherPage(widgets.VBox):
    """The teacher's page as a widget (see the module's docstring).

    ``store``: the class store (None and ``allowed`` False: the page refused its visitor);
    ``teacher_key``: the key it was opened with, already checked, kept for the spectator's
    sessions (never in a trait); ``problem``: the sentence code of a refusal; ``address``: the
    dashboards' folder for the join link; ``refresh`` False: no background task (tests call
    :meth:`refresh`).
    """

    def __init__(self, store: Any | None, teacher_key: str | None = None, lang: str = "en",
                 address: str | None = None, problem: str | None = None, refresh: bool = True) -> None:
        super().__init__()
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self.lang = lang
        self.allowed = store is not None and teacher_key is not None and problem is None
        self.store = store if self.allowed else None
        self._key = teacher_key if self.allowed else None
        self._problem = problem or ("classroom.error.teacher_key" if not self.allowed else None)
        self.address = address if address is not None else page_address()
        self.current_class: Any | None = None
        self.join_url = ""
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._filling = False
        self._message: tuple[str, str, dict[str, Any]] | None = None  # (kind, code, params)
        self._compared: str | None = None  # the deal group compared
        self._compare_replays: tuple[int, ...] = ()
        self._watched: int | None = None  # the table shown with every hand
        self._watch_step: int | None = None  # the replay step it opened at
        self.spectator: Any | None = None

        self.title = widgets.HTML()
        self.lead = widgets.HTML()
        self.lang_toggle = controls.ToggleButtons(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=lang,
                                                  style={"button_width": "72px"})
        self.lang_toggle._tk_refused = self._refused
        self.lang_toggle.observe(lambda c: self.set_lang(c["new"]), names="value")
        self.message = widgets.HTML()
        top = widgets.Box([self.title, self.lang_toggle])
        top.add_class("tk-teacher-top")
        self.add_class("tk-teacher")
        self.add_class("tk-dash")  # the dashboards' font (tablekit.widgets.fonts)
        head = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), FontLoader(), top, self.lead, self.message]
        if not self.allowed:
            self.children = head
            self.relabel()
            return
        self._build()
        self.children = head + [self.class_box, self.class_body]
        self.relabel()
        self._fill_classes()
        if refresh:
            self.start()

    # --- building --------------------------------------------------------------------------
    def _build(self) -> None:
        def row(*children: Any) -> widgets.Box:
            box = widgets.Box(list(children))
            box.add_class("tk-teacher-row")
            return box

        def guarded(control: Any) -> Any:
            control._tk_refused = self._refused
            return control

        wide = {"description_width": "initial"}
        auto = widgets.Layout(width="auto")
        # The class: choose one, or make one.
        self.class_head = widgets.HTML()
        self.class_choice = guarded(controls.Dropdown(options=[], style=wide, layout=auto))
        self.class_choice.observe(self._on_class, names="value")
        self.new_class_head = widgets.HTML()
        self.class_name = guarded(controls.Text(value="", style=wide, layout=widgets.Layout(width="260px")))
        self.empty_seat = guarded(controls.Dropdown(options=[("bot", "bot"), ("wait", "wait")], value="bot",
                                                    style=wide, layout=auto))
        self.away_minutes = guarded(controls.BoundedIntText(value=5, min=1, max=120, style=wide,
                                                            layout=widgets.Layout(width="190px")))
        self.create_class_button = widgets.Button(button_style="primary")
        self._on_click(self.create_class_button, self.create_class)
        self.class_box = widgets.VBox([self.class_head, row(self.class_choice), self.new_class_head,
                                       row(self.class_name, self.empty_seat, self.away_minutes,
                                           self.create_class_button)])
        # The join link.
        self.join = widgets.HTML()
        # New tables.
        self.tables_head = widgets.HTML()
        games = list_games()
        self.game = guarded(controls.Dropdown(options=[(g, g) for g in games], value=games[0], style=wide,
                                              layout=auto))
        self.preset = guarded(controls.Dropdown(options=[], style=wide, layout=auto))
        self.players = guarded(controls.Dropdown(options=[], style=wide, layout=auto))
        self.seats_box = widgets.Box()
        self.seats_box.add_class("tk-teacher-row")
        self.seats_box.add_class("tk-teacher-seats")
        self.seat_choices: list[Any] = []
        self.copies = guarded(controls.BoundedIntText(value=1, min=1, max=_max_copies(), style=wide,
                                                      layout=widgets.Layout(width="230px")))
        self.table_name = guarded(controls.Text(value="", style=wide, layout=widgets.Layout(width="340px")))
        self.create_tables_button = widgets.Button(button_style="primary")
        self._on_click(self.create_tables_button, self.create_tables)
        self.game.observe(lambda _c: self._fill_table_choices(), names="value")
        self.preset.observe(lambda _c: self._fill_table_choices(), names="value")
        self.players.observe(lambda _c: self._fill_seats(), names="value")
        # The class now.
        self.live_head = widgets.HTML()
        self.learners_view = widgets.HTML()
        self.tables_view = widgets.HTML()
        self.watch_choice = guarded(controls.Dropdown(options=[], style=wide, layout=auto))
        self.watch_button = widgets.Button()
        self._on_click(self.watch_button, lambda: self.watch(self.watch_choice.value))
        self.results_view = widgets.HTML()
        self.leaderboard_view = widgets.HTML()
        self.csv_view = widgets.HTML()
        # The same deal, compared.
        self.compare_head = widgets.HTML()
        self.compare_choice = guarded(controls.Dropdown(options=[], style=wide, layout=auto))
        self.compare_button = widgets.Button()
        self._on_click(self.compare_button, lambda: self.compare(self.compare_choice.value))
        self.comparison_view = widgets.HTML()
        self.replay_buttons = widgets.Box()
        self.replay_buttons.add_class("tk-teacher-row")
        # The table watched (live, or a finished game's replay), every hand shown.
        self.watch_head = widgets.HTML()
        self.stop_watching_button = widgets.Button()
        self._on_click(self.stop_watching_button, self.stop_watching)
        self.watch_area = widgets.VBox()
        # (A menu with nothing in it is not shown: no tables yet, no tables on one deal.)
        self.watch_row = row(self.watch_choice, self.watch_button)
        self.compare_row = row(self.compare_choice, self.compare_button)
        self.class_body = widgets.VBox([
            self.join, self.tables_head,
            row(self.game, self.preset, self.players), self.seats_box,
            row(self.copies, self.table_name, self.create_tables_button),
            self.live_head, self.learners_view, self.tables_view, self.watch_row,
            self.results_view, self.leaderboard_view, self.csv_view,
            self.compare_head, self.compare_row, self.comparison_view,
            self.replay_buttons, self.watch_area,
        ])
        self._fill_table_choices()

    # --- messages ----------------------------------------------------------------------------
    def _on_click(self, button: widgets.Button, action: Callable[[], None]) -> None:
        """Run ``action`` when ``button`` is pressed; a failure the action did not word itself
        (a bug, the database out of reach) becomes a sentence on the page, never a traceback."""

        def run(_button: Any) -> None:
            try:
                with self.hold_sync():
                    action()
            except Exception as exc:  # (the kernel's log keeps the traceback)
                _log.exception("the teacher page's button failed")
                self._say_problem(exc)

        button.on_click(run)

    def _say(self, kind: str, code: str, /, **params: Any) -> None:
        """The message line: ``kind`` "done" or "problem", a catalogue ``code`` (kept, so that
        it is worded again when the language changes)."""
        self._message = (kind, code, params)
        self._show_message()

    def _say_problem(self, exc: BaseException) -> None:
        if isinstance(exc, ClassroomError):
            self._say("problem", exc.reason, **exc.params)
        else:
            self._message = ("problem", "", {"exc": exc})
            self._show_message()

    def _show_message(self) -> None:
        if self._message is None:
            self.message.value = ""
            return
        kind, code, params = self._message
        text = problem_text(params["exc"], self.lang) if not code else tr(code, self.lang, **params)
        css, role = ("tk-problem", "alert") if kind == "problem" else ("tk-teacher-done", "status")
        self.message.value = f'<div class="{css}" role="{role}">{_e(text)}</div>'

    @property
    def message_text(self) -> str:
        """The message line's text (empty: none)."""
        if self._message is None:
            return ""
        kind, code, params = self._message
        return problem_text(params["exc"], self.lang) if not code else tr(code, self.lang, **params)

    def _refused(self, _control: Any, _state: Any) -> None:
        self._say("problem", "widgets.start.refused")

    # --- the class -----------------------------------------------------------------------------
    def _fill_classes(self, select: int | None = None) -> None:
        """The classes' menu (newest first); ``select`` a class id to show."""
        assert self.store is not None
        classes = self.store.classes()[::-1]
        options = [(f"{c.name} ({c.code})", c.id) for c in classes]
        keep = select if select is not None else self.class_choice.value
        if options != list(self.class_choice.options) or keep != self.class_choice.value:
            self._filling = True
            try:
                self.class_choice.options = options
                ids = [i for _, i in options]
                self.class_choice.value = keep if keep in ids else (ids[0] if ids else None)
            finally:
                self._filling = False
        self.class_choice.disabled = not options
        self._show_class(self.class_choice.value)

    def _on_class(self, change: Mapping[str, Any]) -> None:
        if self._filling:
            return
        try:
            self._compared = None
            self.stop_watching()
            self._show_class(change["new"])
        except Exception as exc:  # (the database out of reach: the kernel's log keeps the traceback)
            _log.exception("the teacher page could not show a class")
            self._say_problem(exc)

    def _show_class(self, class_id: int | None) -> None:
        assert self.store is not None
        if class_id is None:
            self.current_class = None
        elif self.current_class is None or self.current_class.id != class_id:
            self.current_class = self.store.get_class(class_id)
            self._compared = None
            self._fill_join()
        self.class_body.layout.display = "none" if self.current_class is None else None
        self.refresh()

    def create_class(self) -> None:
        """Make a class from the form (name, empty-seat policy and minutes) and show it."""
        assert self.store is not None
        try:
            minutes = self.away_minutes.value
            if isinstance(minutes, bool) or not isinstance(minutes, int):
                raise ClassroomError("classroom.error.minutes", low=1, high=120)
            cls = self.store.create_class(self.class_name.value, empty_seat=self.empty_seat.value,
                                          away_minutes=minutes)
        except (TablekitError, ValueError) as exc:
            self._say_problem(exc)
            return
        self.class_name.value = ""
        self._fill_classes(select=cls.id)
        self._say("done", "widgets.teacher.class_made", name=_v(cls.name), code=cls.code)

    def _fill_join(self) -> None:
        cls = self.current_class
        if cls is None:
            self.join_url, self.join.value = "", ""
            return
        query = {"class": cls.code, **({"lang": self.lang} if self.lang != "en" else {})}
        self.join_url = f"{self.address}join.ipynb?{urlencode(query)}"
        lang = self.lang
        policy = (_t("policy_bot", lang, minutes=cls.away_minutes) if cls.empty_seat == "bot"
                  else _t("policy_wait", lang))
        url = _e(self.join_url)
        self.join.value = (
            f'<h2>{_e(_t("join", lang, name=_v(cls.name)))}</h2>'
            f'<div class="tk-teacher-join"><div><p>{_e(_t("join_lead", lang))}</p>'
            f'<div class="tk-teacher-code" aria-label="{_e(_t("code", lang))}">{_e(cls.code)}</div>'
            f'<code>{url}</code><p><a href="{url}" target="_blank" rel="noopener">{_e(_t("open_join", lang))}</a></p>'
            f'<p class="tk-teacher-note">{_e(tr("widgets.start.address_note", lang))}</p>'
            f'<p class="tk-teacher-note">{_e(policy)}</p></div>'
            f'<div class="tk-teacher-qr" role="img" aria-label="{_e(_t("qr", lang))}">{qr_svg(self.join_url)}</div></div>')

    # --- new tables ------------------------------------------------------------------------------
    def _fill_table_choices(self) -> None:
        """The modes and player counts of the chosen game, then its seats (values still offered
        are kept)."""
        if self._filling:
            return
        self._filling = True
        try:
            game = self.game.value
            names = shareable_presets(game)
            preset = self.preset.value if self.preset.value in names else names[0]
            self.preset.options = [(preset_label(game, p, self.lang), p) for p in names]
            self.preset.value = preset
            counts = player_counts(game, preset)
            players = self.players.value if self.players.value in counts else make(game, preset=preset).num_players
            self.players.options = [(str(n), n) for n in counts]
            self.players.value = players if players in counts else counts[0]
        finally:
            self._filling = False
        self._fill_seats()

    def _seat_options(self, game: str) -> list[tuple[str, str]]:
        return [(_t("learner", self.lang), "learner")] + [
            (_t("bot", self.lang, bot=label), name) for label, name in bot_options(bot_names(game), self.lang)]

    def _fill_seats(self) -> None:
        if self._filling:
            return
        game, n = self.game.value, self.players.value or 0
        old = [c.value for c in self.seat_choices]
        options = self._seat_options(game)
        allowed = [v for _, v in options]
        self.seat_choices = []
        for i in range(n):
            value = old[i] if i < len(old) and old[i] in allowed else "learner"
            control = controls.Dropdown(options=options, value=value, description=tr("core.seat", self.lang, n=i + 1),
                                        style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
            control._tk_refused = self._refused
            self.seat_choices.append(control)
        self.seats_box.children = self.seat_choices

    def choose_table(self, game: str | None = None, preset: str | None = None, players: int | None = None,
                     seats: Sequence[str] | None = None, copies: int | None = None, name: str | None = None) -> None:
        """Fill the new-tables form as a teacher would (a value the form does not offer raises
        a ``TraitError``)."""
        if game is not None:
            self.game.value = game
        if preset is not None:
            self.preset.value = preset
        if players is not None:
            self.players.value = players
        for control, value in zip(self.seat_choices, seats or ()):
            control.value = value
        if copies is not None:
            self.copies.value = copies
        if name is not None:
            self.table_name.value = name

    def create_tables(self) -> None:
        """Make the tables the form describes (``copies`` of them on one deal) in the class shown."""
        assert self.store is not None
        cls = self.current_class
        if cls is None:
            self._say("problem", "classroom.error.no_class")
            return
        try:
            game, preset, players = self.game.value, self.preset.value, self.players.value
            # Checked again here: the page can only send what the menus offer, but nothing it
            # sends is trusted.
            if game not in list_games():
                raise ConfigError("dashboard", "game", game, list_games())
            if preset not in shareable_presets(game):
                raise ConfigError(game, "preset", preset, shareable_presets(game))
            if players not in player_counts(game, preset):
                low, high = spec(game).players_for(preset)
                raise ConfigError(game, "players", players, f"from {low} to {high}", low=low, high=high)
            seats = [c.value for c in self.seat_choices]
            copies = self.copies.value
            name = self.table_name.value.strip() or None
            made = self.store.create_tables(cls.id, game, copies=copies, preset=preset, players=players,
                                            seats=seats, name=name)
        except (TablekitError, ValueError, TypeError) as exc:
            self._say_problem(exc)
            return
        self.table_name.value = ""
        self._say("done", "widgets.teacher.tables_made", count=len(made), names=_v(", ".join(t.name for t in made)))
        self.refresh()
        if len(made) > 1:
            self._fill_compare_choice()
            self.compare_choice.value = made[0].deal_group

    # --- the class now ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the background task that refreshes the page (needs a running event loop, as in
        a kernel; without one, nothing starts)."""
        if self._task is not None or not self.allowed:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._follow())

    async def _follow(self) -> None:
        while not self._closed:
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                with self.hold_sync():
                    self.refresh()
            except Exception:  # (the store out of reach for a moment: the next refresh tries again)
                _log.exception("the teacher page's refresh failed")

    def close(self) -> None:
        """Stop the background task and close the page's widgets."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self.spectator is not None:
            self.spectator.close()
            self.spectator = None
        super().close()

    def refresh(self) -> None:
        """Read the class again and redraw what changed: learners online and their lessons,
        the tables, results, leaderboard, CSV downloads and the comparison shown."""
        if self.store is None:
            return
        self._fill_classes_quietly()
        cls = self.current_class
        if cls is None:
            return
        store, lang = self.store, self.lang
        learners = store.learners(cls.id)
        online = {x.id for x in store.online(cls.id)}
        finished: dict[int, list[str]] = {}
        for p in store.progress(cls.id):
            finished.setdefault(p.learner_id, []).append(_lesson_title(p.game, p.lesson, lang))
        self.learners_view.value = self._learners_html(learners, online, finished)
        tables = store.tables(cls.id)
        self.tables_view.value = self._tables_html(tables)
        self._fill_watch_choice(tables)
        self._fill_compare_choice(tables)
        results = store.results(cls.id)
        self.results_view.value = self._results_html(results)
        self.leaderboard_view.value = self._leaderboard_html(store.leaderboard(cls.id))
        self.csv_view.value = self._csv_html()
        if self._compared is not None:
            self._show_comparison()

    def _fill_classes_quietly(self) -> None:
        """A class made on another teacher page appears in the menu (the class shown stays)."""
        assert self.store is not None
        options = [(f"{c.name} ({c.code})", c.id) for c in self.store.classes()[::-1]]
        if options != list(self.class_choice.options):
            value = self.class_choice.value
            self._filling = True
            try:
                self.class_choice.options = options
                ids = [i for _, i in options]
                self.class_choice.value = value if value in ids else (ids[0] if ids else None)
            finally:
                self._filling = False
            self.class_choice.disabled = not options
            if self.class_choice.value != (self.current_class.id if self.current_class else None):
                self._show_class(self.class_choice.value)

    def _learners_html(self, learners: Sequence[Any], online: set[int], finished: Mapping[int, list[str]]) -> str:
        lang = self.lang
        here = [x.name for x in learners if x.id in online]
        line = (_t("online", lang, count=len(here), names=_v(", ".join(here))) if here else _t("nobody_online", lang))
        if not learners:
            return f"<h3>{_e(_t('learners', lang))}</h3><p>{_e(_t('no_learners', lang))}</p>"
        rows = [[_e(x.name), _e(_t("yes" if x.id in online else "no", lang)), str(len(finished.get(x.id, []))),
                 _e(", ".join(finished.get(x.id, [])))] for x in learners]
        headers = [_t(h, lang) for h in ("col.learner", "col.online", "col.lessons_count", "col.lessons")]
        return (f"<h3>{_e(_t('learners', lang))}</h3><p class='tk-teacher-online'>{_e(line)}</p>"
                + _table_html(headers, rows, "tk-teacher-learners"))

    def _seat_who(self, table: Any, seated: Mapping[int, str], seat: int) -> str:
        """Who plays a seat, in words: the learner's name, a free learner's seat, or the bot."""
        lang = self.lang
        who = table.seats[seat]
        if who != "learner":
            return _t("bot", lang, bot=bot_label(who, lang))
        return seated.get(seat) or _t("free_seat", lang)

    def _seat_names(self, table: Any) -> list[str]:
        """Who plays each seat of a table, in words."""
        assert self.store is not None
        seated = {x.seat: x.learner_name for x in self.store.seatings(table.id)}
        return [self._seat_who(table, seated, i) for i in range(table.players)]

    def _seats_text(self, table: Any) -> list[str]:
        """Each seat of a table with who plays it ("Player 2: Ann")."""
        return [f"{tr('core.seat', self.lang, n=i + 1)}: {who}" for i, who in enumerate(self._seat_names(table))]

    def _tables_html(self, tables: Sequence[Any]) -> str:
        assert self.store is not None
        lang = self.lang
        if not tables:
            return f"<h3>{_e(_t('tables', lang))}</h3><p>{_e(_t('no_tables', lang))}</p>"
        rows = []
        for t in tables:
            moves = len(self.store.moves(t.id))
            rows.append([_e(t.name), _e(f"{game_label(t.game, lang)} ({preset_label(t.game, t.preset, lang)})"),
                         "<br>".join(_e(s) for s in self._seats_text(t)), str(moves),
                         _e(_t(f"status.{t.status}", lang))])
        headers = [_t(h, lang) for h in ("col.table", "col.game", "col.seats", "col.moves", "col.status")]
        return f"<h3>{_e(_t('tables', lang))}</h3>" + _table_html(headers, rows, "tk-teacher-tables")

    def _fill_watch_choice(self, tables: Sequence[Any]) -> None:
        lang = self.lang
        options = [(f"{t.name}: {game_label(t.game, lang)} ({_t(f'status.{t.status}', lang)})", t.id) for t in tables]
        if options != list(self.watch_choice.options):
            value = self.watch_choice.value
            self.watch_choice.options = options
            ids = [i for _, i in options]
            self.watch_choice.value = value if value in ids else (ids[0] if ids else None)
        self.watch_choice.disabled = self.watch_button.disabled = not options
        self.watch_row.layout.display = None if options else "none"

    def _results_html(self, results: Sequence[Any]) -> str:
        lang = self.lang
        if not results:
            return f"<h3>{_e(_t('results', lang))}</h3><p>{_e(_t('no_results', lang))}</p>"
        rows = []
        for r in results:
            if r.learner_name is not None:
                player = r.learner_name
            elif r.bot:
                player = _t("bot", lang, bot=bot_label(r.bot, lang))
            else:
                player = _t("free_seat", lang)
            won = f'<span class="tk-teacher-won">{_e(_t("won", lang))}</span>' if r.won else ""
            rows.append([_e(r.table_name), _e(game_label(r.game, lang)),
                         _e(f"{tr('core.seat', lang, n=r.seat + 1)}: {player}"), _e(f"{r.score:g}"), won])
        headers = [_t(h, lang) for h in ("col.table", "col.game", "col.player", "col.score", "col.won")]
        return f"<h3>{_e(_t('results', lang))}</h3>" + _table_html(headers, rows, "tk-teacher-results")

    def _leaderboard_html(self, standings: Sequence[Any]) -> str:
        lang = self.lang
        played = [s for s in standings if s.games]
        if not played:
            return f"<h3>{_e(_t('leaderboard', lang))}</h3><p>{_e(_t('no_results', lang))}</p>"
        rows = [[str(k + 1), _e(s.name), str(s.games), str(s.wins)] for k, s in enumerate(played)]
        headers = [_t(h, lang) for h in ("col.rank", "col.learner", "col.games", "col.wins")]
        return f"<h3>{_e(_t('leaderboard', lang))}</h3>" + _table_html(headers, rows, "tk-teacher-leaderboard")

    def _csv_html(self) -> str:
        assert self.store is not None and self.current_class is not None
        cls, lang = self.current_class, self.lang
        from tablekit.classroom.store import CSV_EXPORTS

        items = "".join(csv_link(self.store.csv(cls.id, what), f"{cls.code}-{what}.csv", _t(f"csv.{what}", lang))
                        for what in CSV_EXPORTS)
        return f'<h3>{_e(_t("csv", lang))}</h3><p class="tk-teacher-csv">{items}</p>'

    def csv_files(self) -> dict[str, str]:
        """What the CSV links download, by file name (the text, without the byte-order mark)."""
        import re

        out = {}
        for name, data in re.findall(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                                     self.csv_view.value):
            out[html.unescape(name)] = base64.b64decode(data).decode("utf-8").removeprefix("\ufeff")
        return out

    # --- watching a table --------------------------------------------------------------------------
    def watch(self, table_id: int | None, step: int | None = None) -> None:
        """Show a table of the class with every hand (the teacher's view: no moves); ``step``:
        open the finished game's replay at that step."""
        assert self.store is not None
        cls = self.current_class
        try:
            if cls is None or not isinstance(table_id, int) or isinstance(table_id, bool):
                raise ClassroomError("classroom.error.no_table")
            table = self.store.get_table(table_id)
            if table.class_id != cls.id:
                raise ClassroomError("classroom.error.other_class")
            from tablekit.classroom.shared import SharedSession

            session = SharedSession.for_teacher(self.store, table_id, self._key)
            table_widget = PlayTable(session=session, lang=self.lang, chrome="bar", bot_delay=0,
                                     follow=True)
            if step is not None and session.is_over:
                table_widget.replay(min(max(0, step), session.step_index))
        except (TablekitError, ValueError) as exc:
            self._say_problem(exc)
            return
        if self.spectator is not None:
            self.spectator.close()
        self.spectator = table_widget
        self._watched = table_id
        self._watch_step = step
        self._message = None
        self._show_message()
        self._watch_title()
        self.watch_area.children = [self.watch_head, self.stop_watching_button, table_widget]

    def _watch_title(self) -> None:
        if self._watched is None or self.store is None:
            return
        table = self.store.get_table(self._watched)
        code = "replay_title" if self._watch_step is not None else "watch_title"
        self.watch_head.value = f"<h2>{_e(_t(code, self.lang, name=_v(table.name)))}</h2><p>{_e(_t('watch_note', self.lang))}</p>"

    def stop_watching(self) -> None:
        """Close the table shown."""
        if self.spectator is not None:
            self.spectator.close()
        self.spectator = None
        self._watched = None
        if hasattr(self, "watch_area"):
            self.watch_area.children = []

    # --- the same deal, compared -----------------------------------------------------------------
    def _groups(self, tables: Sequence[Any] | None = None) -> dict[str, list[Any]]:
        assert self.store is not None and self.current_class is not None
        groups: dict[str, list[Any]] = {}
        for t in tables if tables is not None else self.store.tables(self.current_class.id):
            if t.deal_group is not None:
                groups.setdefault(t.deal_group, []).append(t)
        return groups

    def _fill_compare_choice(self, tables: Sequence[Any] | None = None) -> None:
        lang = self.lang
        groups = self._groups(tables)
        options = [(_t("group", lang, names=_v(", ".join(t.name for t in members)), game=game_label(members[0].game, lang)),
                    group) for group, members in groups.items()]
        if options != list(self.compare_choice.options):
            value = self.compare_choice.value
            self.compare_choice.options = options
            ids = [g for _, g in options]
            self.compare_choice.value = value if value in ids else (ids[-1] if ids else None)
        self.compare_choice.disabled = self.compare_button.disabled = not options
        self.compare_row.layout.display = None if options else "none"
        if not options:
            self.comparison_view.value = f"<p>{_e(_t('no_groups', lang))}</p>"

    def compare(self, group: str | None) -> None:
        """Show the tables of one deal side by side, with a replay button for each."""
        if self.current_class is None or not isinstance(group, str) or group not in self._groups():
            self._say("problem", "classroom.error.not_one_deal")
            return
        self._compared = group
        self._message = None
        self._show_message()
        self._show_comparison()

    def _show_comparison(self) -> None:
        assert self.store is not None
        from tablekit.classroom.shared import compare

        lang = self.lang
        members = self._groups().get(self._compared or "", [])
        if not members:
            self._compared = None
            self.comparison_view.value = ""
            self.replay_buttons.children = []
            return
        c = compare(self.store, [t.id for t in members])
        headers = [""] + [x.table.name for x in c.tables]
        who = [self._seat_names(x.table) for x in c.tables]
        seat_rows = [[_e(tr("core.seat", lang, n=i + 1))]
                     + [_e(_t("seat_score", lang, who=_v(names[i]), score=f"{x.scores[i]:g}") if x.scores is not None
                           else names[i]) for names, x in zip(who, c.tables)]
                     for i in range(members[0].players)]
        first = c.common + 1
        moved = [_e(self._move_text(x.table, x.moves, first)) for x in c.tables]
        status = [_e(_t("over_after", lang, count=len(x.moves)) if x.over else _t("playing_at", lang, count=len(x.moves)))
                  for x in c.tables]
        winners = [f'<span class="tk-teacher-won">{_e(self._winners_text(x))}</span>' if x.over else ""
                   for x in c.tables]
        differs = [f'<span class="tk-teacher-differs">{_e(_t("differs_at", lang, n=x.differs_at))}</span>'
                   if x.differs_at is not None else _e(_t("same_so_far", lang)) for x in c.tables]
        rows = seat_rows + [
            [_e(_t("row.status", lang))] + status,
            [_e(_t("row.winners", lang))] + winners,
            [_e(_t("row.differs", lang))] + differs,
            [_e(_t("row.first_difference", lang, n=first))] + moved,
        ]
        lead = _t("common", lang, count=c.common) if c.common else _t("common_none", lang)
        self.comparison_view.value = (f"<p>{_e(lead)}</p>" + _table_html(headers, rows, "tk-teacher-compare"))
        ids = tuple(x.table.id for x in c.tables)
        if ids != self._compare_replays or not self.replay_buttons.children:
            self._compare_replays = ids
            buttons = []
            for x in c.tables:
                button = widgets.Button(description=_t("replay", lang, name=_v(x.table.name)),
                                        layout=widgets.Layout(width="auto"))
                button.add_class("tk-teacher-replay")
                self._on_click(button, self._replay_action(x.table.id))
                buttons.append(button)
            self.replay_buttons.children = buttons
        else:
            for button, x in zip(self.replay_buttons.children, c.tables):
                button.description = _t("replay", lang, name=_v(x.table.name))

    def _replay_action(self, table_id: int) -> Callable[[], None]:
        return lambda: self.watch(table_id, step=self._comparison_step())

    def _comparison_step(self) -> int:
        """Where a replay from the comparison opens: just before the first move where the tables
        part (the deal when they part at once)."""
        assert self.store is not None
        members = self._groups().get(self._compared or "", [])
        from tablekit.classroom.shared import compare

        return compare(self.store, [t.id for t in members]).common if members else 0

    def _move_text(self, table: Any, moves: Sequence[str], n: int) -> str:
        """Move number ``n`` of a table, in words: who played what (empty: not played yet)."""
        if len(moves) < n:
            return _t("not_yet", self.lang)
        assert self.store is not None
        from tablekit.core.match import Match

        match = Match.from_record(self.store.record(table.id).with_actions(tuple(moves[:n - 1])))
        seat = match.current_player
        action = match.game.action_from_code(moves[n - 1])
        who = "" if seat is None else self._seats_text(table)[seat]
        return _t("move_by", self.lang, who=_v(who), action=action.label(self.lang))

    def _winners_text(self, compared: Any) -> str:
        seats = self._seats_text(compared.table)
        return ", ".join(seats[i] for i in compared.winners) or _t("no_winner", self.lang)

    # --- language ---------------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        if lang not in LANGUAGES or lang == self.lang:
            return
        self.lang = lang
        self.lang_toggle.value = lang
        self.relabel()

    def relabel(self) -> None:
        lang = self.lang
        self.title.value = f'<h1 class="tk-title">{_e(_t("title", lang))}</h1>'
        self.lang_toggle.tooltips = [tr("widgets.dash.language", lang)] * len(LANGUAGES)
        if not self.allowed:
            self.lead.value = ""
            self._say("problem", self._problem or "classroom.error.teacher_key")
            return
        self.lead.value = f'<p>{_e(_t("lead", lang))}</p>'
        self._show_message()
        self.class_head.value = f'<h2>{_e(_t("class", lang))}</h2>'
        self.class_choice.description = _t("class_choice", lang)
        self.new_class_head.value = f'<h3>{_e(_t("new_class", lang))}</h3>'
        self.class_name.description = _t("class_name", lang)
        self.class_name.placeholder = _t("class_name_example", lang)
        value = self.empty_seat.value
        self.empty_seat.options = [(_t("empty_seat.bot", lang), "bot"), (_t("empty_seat.wait", lang), "wait")]
        self.empty_seat.value = value
        self.empty_seat.description = _t("empty_seat", lang)
        self.away_minutes.description = _t("away_minutes", lang)
        self.create_class_button.description = _t("create_class", lang)
        self.tables_head.value = f'<h2>{_e(_t("new_tables", lang))}</h2><p>{_e(_t("new_tables_lead", lang))}</p>'
        self.game.description = tr("widgets.dash.game", lang)
        self._filling = True
        try:
            game = self.game.value
            self.game.options = [(game_label(g, lang), g) for g in list_games()]
            self.game.value = game
        finally:
            self._filling = False
        self.preset.description = tr("widgets.dash.preset", lang)
        self.players.description = tr("widgets.dash.players", lang)
        self._relabel_seats()
        self.copies.description = _t("copies", lang)
        self.table_name.description = _t("table_name", lang)
        self.table_name.placeholder = _t("table_name_example", lang)
        self.create_tables_button.description = _t("create_tables", lang)
        self.live_head.value = f'<h2>{_e(_t("live", lang))}</h2><p class="tk-teacher-note">{_e(_t("live_note", lang))}</p>'
        self.watch_choice.description = _t("watch_choice", lang)
        self.watch_button.description = _t("watch", lang)
        self.compare_head.value = f'<h2>{_e(_t("compare", lang))}</h2><p>{_e(_t("compare_lead", lang))}</p>'
        self.compare_choice.description = _t("compare_choice", lang)
        self.compare_button.description = _t("compare_button", lang)
        self.stop_watching_button.description = _t("stop_watching", lang)
        self._fill_join()
        self._watch_title()
        if self.spectator is not None:
            self.spectator.set_lang(lang)
        if self.current_class is not None:
            self.refresh()

    def _relabel_seats(self) -> None:
        self._filling = True
        try:
            game = self.game.value
            value = self.preset.value
            self.preset.options = [(preset_label(game, p, self.lang), p) for _, p in self.preset.options]
            self.preset.value = value
            options = self._seat_options(game)
            for i, control in enumerate(self.seat_choices):
                value = control.value
                control.options = options
                control.value = value
                control.description = tr("core.seat", self.lang, n=i + 1)
        finally:
            self._filling = False


def _max_copies() -> int:
    from tablekit.classroom.store import MAX_COPIES

    return MAX_COPIES


def _lesson_title(game: str, lesson: str, lang: str) -> str:
    for x in spec(game).lessons:
        if x.id == lesson:
            return tr(x.title, lang)
    return lesson


def teacher_page(lang: str = "en", query: str | None = None, environ: Mapping[str, str] | None = None,
                 store: Any | None = None, address: str | None = None, refresh: bool = True) -> TeacherPage:
    """The teacher's page. ``query``: the page's query (None: the one Voilà passed) with the
    ``key`` (and ``lang``); ``store``: the class store (None: opened here, from
    ``TABLEKIT_CLASS_DB``, only once a key is given); ``environ`` or ``address``: where the page's
    address is read for the join link (as :func:`tablekit.widgets.start.page_address`).

    Refused (the page shows the reason and nothing else): no key, a wrong key, a class store
    that cannot be opened.
    """
    query = links.query_string() if query is None else query
    values = _query_values(query)
    langs = values.get("lang", [])
    if len(langs) == 1 and langs[0] in LANGUAGES:
        lang = langs[0]
    keys = values.get("key", [])
    key = keys[0] if len(keys) == 1 and 0 < len(keys[0]) <= MAX_KEY else None
    address = address if address is not None else page_address(environ)
    if key is None:
        return TeacherPage(None, lang=lang, address=address)
    own = store is None
    try:
        if own:
            from tablekit.classroom.store import ClassStore

            store = ClassStore()
        assert store is not None
        allowed = store.check_teacher_key(key)
    except ClassroomError as exc:
        return TeacherPage(None, lang=lang, address=address, problem=exc.reason)
    except Exception:  # no SQLAlchemy, an unreachable database: the log has it, the page a sentence
        _log.exception("the class store could not be opened")
        return TeacherPage(None, lang=lang, address=address, problem="widgets.teacher.no_store")
    if not allowed:
        if own:
            store.close()
        return TeacherPage(None, lang=lang, address=address)
    return TeacherPage(store, key, lang=lang, address=address, refresh=refresh)


__all__ = ["REFRESH_SECONDS", "TeacherPage", "csv_link", "shareable_presets", "teacher_page"]
