"""The three Voilà dashboards as widgets: ``play_dashboard``, ``learn_dashboard``,
``explore_dashboard``.

Each notebook in ``dashboards/`` is one call to one of these, so the compositions are tested in
Python like any widget. A dashboard has **one control bar**: the game, the mode, the players and
the opponents, a deal-code box, one Deal button and one language switch; the widget below it
(``PlayTable``, ``RuleWalkthrough``) draws the game and has no second set of those. Games are
listed in the registry's order everywhere. Deals are chosen when the page is built inside the
visitor's own kernel (Voilà preheats one kernel per visitor, and ``PlayTable`` draws a fresh
random seed), never fixed at import time.

A teacher can fix the set-up in the page's address (Voilà hands the query string to the
kernel): ``play.ipynb?game=page_one&preset=classic&players=4&lang=ja&lock=1``. With ``lock=1``
what the link names cannot be changed: the bar's fields (and the learn page's lesson menu) are
disabled, Python refuses a changed value whatever the browser sends, and the table refuses to
share its deal code before the game is over (``tablekit.widgets.links`` parses the link).
``undo=off`` takes Undo off the table, with or without ``lock``. A learner's own link to the
learn page (``learn.ipynb?class=CODE&key=KEY``, from the join page) keeps the lessons they
finish for the teacher (``tablekit.widgets.lesson_progress``).

>>> page = play_dashboard(bot_delay=0, query="")
>>> page.game.value, page.table.match.game.num_players
('up_and_down', 4)
>>> page.preset.value = "carry_over"; page.deal_button.click()
>>> page.table.match.game.preset
'carry_over'
>>> page.set_lang("ja"); page.table.lang
'ja'
>>> locked = play_dashboard(bot_delay=0, query="game=page_one&players=3&lock=1")
>>> locked.game.disabled, locked.table.match.game.num_players
(True, 3)
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

import ipywidgets as widgets

from tablekit.bots import bot_names
from tablekit.core import deal_code
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.registry import list_games, presets, spec
from tablekit.i18n import LANGUAGES, tr
from tablekit.session import hint_bot_name
from tablekit.widgets import controls, links, notices
from tablekit.widgets.fonts import FontLoader
from tablekit.widgets.labels import LANGUAGE_NAMES, bot_options, game_label, preset_label
from tablekit.widgets.lesson_progress import LessonProgress
from tablekit.widgets.play_table import LOCKABLE, PlayTable
from tablekit.widgets.problems import problem_text
from tablekit.widgets.walkthrough import RuleWalkthrough
from tablekit.widgets.whatif import WhatIfPanel

_CSS = """
<style>
.tk-dash { max-width: 1240px; }
.tk-dash .tk-dash-top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 14px; }
.tk-dash h1.tk-title { font-size: 1.3em; margin: 2px 0; }
.tk-dash .tk-about summary { cursor: pointer; color: #1f5f99; }
.tk-dash .tk-about p { margin: 2px 0 4px 0; color: #444; max-width: 70em; }
.tk-dash .tk-dash-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 10px;
  padding: 2px 0 4px 0; border-bottom: 1px solid #ddd; margin-bottom: 4px; }
.tk-dash .tk-dash-bar .widget-inline-hbox { width: auto; }
.tk-dash .tk-dash-bar .widget-label { min-width: 0; }
/* One line on a projector or a laptop: a long mode name is cut short in its closed menu
   rather than pushing the bar onto a second line (the open menu shows it whole). */
@media (min-width: 1100px) {
  .tk-dash .tk-dash-bar { flex-wrap: nowrap; }
  .tk-dash .tk-dash-bar > * { flex: 0 1 auto; min-width: 0; }
  .tk-dash .tk-dash-bar > .widget-dropdown select { min-width: 5em; text-overflow: ellipsis; }
  .tk-dash .tk-dash-bar > .widget-toggle-buttons, .tk-dash .tk-dash-bar > .widget-button { flex: none; }
}
.tk-dash .tk-locked-note { color: #5c3b00; font-size: 0.9em; }
.tk-dash .tk-progress-on { color: #1b4d1f; font-size: 0.92em; padding: 1px 0 3px 0; }
.tk-dash .tk-problem { padding: 6px 10px; border-left: 4px solid #b26a00; background: #fff4e5;
  color: #5c3b00; border-radius: 3px; }
@media (max-width: 760px) {
  .tk-dash h1.tk-title { font-size: 1.1em; }
  .tk-dash .tk-dash-bar { gap: 0 6px; }
}
</style>
"""


def problem_html(exc: BaseException, lang: str) -> str:
    """A dashboard's problem line for ``exc``: a sentence of the catalogues, escaped.

    >>> problem_html(ValueError("<script>"), "en")
    '<div class="tk-problem" role="alert">That did not work: Something went wrong, and nothing was changed. You can try again.</div>'
    """
    text = _d("problem", lang, detail=problem_text(exc, lang))
    return f'<div class="tk-problem" role="alert">{html.escape(text)}</div>'


def _games() -> list[str]:
    return list_games()


def playable_games() -> list[str]:
    """Every registered game (each ``SPEC`` has a view-model builder), in the registry's order."""
    return _games()


def games_with_lessons() -> list[str]:
    """Games whose ``SPEC`` lists lessons (``RuleWalkthrough`` can teach them), in the registry's order."""
    return [g for g in _games() if spec(g).lessons]


def default_bot(game: str) -> str:
    """The bot a dashboard proposes: the one a table takes when none is named (the game's
    heuristic bot, or ``random`` for a game without).

    >>> default_bot("up_and_down")
    'heuristic'
    """
    return hint_bot_name(game)


def _d(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.dash.{code}", lang, **params)


def _notice_html(reason: str, lang: str) -> str:
    """The friendly message for a server notice (``tablekit.widgets.notices``) in ``lang``."""
    return f'<div class="tk-problem tk-notice" role="alert">{html.escape(_d(f"notice.{reason}", lang))}</div>'


def _problem_line(problem: BaseException | None, notice: str | None, lang: str) -> str:
    """A page's problem line in ``lang``: the server's latest notice, else the problem, else nothing."""
    if notice is not None:
        return _notice_html(notice, lang)
    return "" if problem is None else problem_html(problem, lang)


def _read_setup(query: str | Mapping[str, Any] | None, page: str) -> tuple[links.TeacherSetup, BaseException | None]:
    """The teacher's set-up from the page's address (None: ask Voilà); a bad link gives the
    default set-up (in the link's language, when it names one) and the error to show."""
    given = links.query_string() if query is None else query
    try:
        return links.parse_setup(given, page), None
    except (TablekitError, ValueError) as exc:
        lang = links.link_lang(given)
        return links.parse_setup({"lang": lang} if lang else "", page), exc


class Dashboard(widgets.VBox):
    """The title, a short "about" line and the control bar (game selector and language switch,
    plus what a page adds) above a body widget."""

    page = "play"

    def __init__(self, games: list[str], lang: str = "en", setup: links.TeacherSetup | None = None) -> None:
        super().__init__()
        self.setup = setup if setup is not None else links.parse_setup("", self.page)
        lang = self.setup.lang or lang
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self.lang = lang
        self.games = list(games)
        first = self.setup.game if self.setup.game in self.games else self.games[0]
        self.title = widgets.HTML()
        self.lead = widgets.HTML()
        self.game = controls.Dropdown(options=[(game_label(g, lang), g) for g in games], value=first,
                                     style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.lang_toggle = controls.ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang,
            style={"button_width": "72px"})
        self.problem = widgets.HTML()
        self._problem: BaseException | None = None  # shown in the problem line, in the page's language
        self._notice: str | None = None  # the server's latest notice (tablekit.widgets.notices), shown first
        self.lock_note = widgets.HTML()
        self.add_class("tk-dash")
        # (The note that a teacher's link fixed some settings sits on the title's line: the
        # bar below keeps to one line.)
        self.top = widgets.Box([self.title, self.lead, self.lock_note])
        self.top.add_class("tk-dash-top")
        self.bar = widgets.Box([self.game, self.lang_toggle])
        self.bar.add_class("tk-dash-bar")
        self.head = self.bar  # (older name)
        self.lang_toggle.observe(self._on_lang, names="value")
        self._guards: dict[str, tuple[Any, Callable[[], Any]]] = {}
        self._guard("lang", self.lang_toggle, lambda: self.lang)
        self._watch(self.game, self.lang_toggle)
        notices.listen(self.show_notice)

    def show_notice(self, reason: str) -> None:
        """The server's notice (a dropped frame, the kernel about to end) as a friendly message,
        worded again when the language changes."""
        self._notice = reason
        self.problem.value = _problem_line(self._problem, self._notice, self.lang)

    def _watch(self, *controls_: Any) -> None:
        """Show a friendly message when the page sends one of these controls a value it does not
        offer (the control itself keeps its value: ``tablekit.widgets.controls``)."""
        for control in controls_:
            control._tk_refused = self._refused

    def _refused(self, control: Any, _state: Any) -> None:
        field = control.description or _d("language", self.lang)  # (the language switch has no label)
        self._problem = None
        self.problem.value = (f'<div class="tk-problem" role="alert">'
                              f'{html.escape(_d("rejected", self.lang, field=field))}</div>')

    # --- what a teacher's link fixed -----------------------------------------------------
    def is_locked(self, field: str) -> bool:
        """Did the page's link fix ``field`` (``lock=1``)?"""
        return self.setup.is_locked(field)

    def _guard(self, field: str, control: Any, value: Callable[[], Any]) -> None:
        """Keep ``control`` at ``value()`` when the link locked ``field``: it is disabled on the
        page, and a value the browser changes anyway is put back with a note."""
        self._guards[field] = (control, value)
        if self.is_locked(field):
            control.disabled = True
            control.observe(lambda change, f=field: self._restore(f), names="value")

    def _restore(self, field: str) -> None:
        control, value = self._guards[field]
        if control.value != value():
            control.value = value()
            self._say_locked()

    def _say_locked(self) -> None:
        self._problem = None
        self.problem.value = (f'<div class="tk-problem" role="alert">'
                              f'{html.escape(tr("widgets.table.locked", self.lang))}</div>')

    # --- language ----------------------------------------------------------------------------
    def _on_lang(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.lang and not self.is_locked("lang") and change["new"] in LANGUAGES:
            self.set_lang(change["new"])

    def set_lang(self, lang: str) -> None:
        """Show the whole page in ``lang``."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self.lang = lang
        self.lang_toggle.value = lang
        self.relabel()

    def relabel(self) -> None:
        lang = self.lang
        self.title.value = f'<h1 class="tk-title">{html.escape(_d(f"{self.page}.title", lang))}</h1>'
        self.lead.value = (f'<details class="tk-about"><summary>{html.escape(_d("about", lang))}</summary>'
                           f'<p class="tk-dash-lead">{html.escape(_d(f"{self.page}.lead", lang))}</p></details>')
        value = self.game.value
        self.game.options = [(game_label(g, lang), g) for g in self.games]
        self.game.value = value
        self.game.description = _d("game", lang)
        self.lang_toggle.tooltips = [_d("language", lang)] * len(LANGUAGES)
        self.lock_note.value = (f'<span class="tk-locked-note">{html.escape(_d("locked_note", lang))}</span>'
                                if self.setup.lock and self.setup.given else "")
        self.problem.value = _problem_line(self._problem, self._notice, lang)

    def _show_problem(self, exc: BaseException) -> None:
        """A friendly message in place of a traceback (worded from the catalogues, never the
        exception's text; see ``tablekit.widgets.problems``)."""
        self._problem, self._notice = exc, None
        self.problem.value = problem_html(exc, self.lang)


class PlayDashboard(Dashboard):
    """One bar: game, mode, players, opponents, a deal code, Deal and the language; the table."""

    page = "play"

    def __init__(self, lang: str = "en", bot_delay: float = 0.6, setup: links.TeacherSetup | None = None,
                 problem: BaseException | None = None) -> None:
        super().__init__(playable_games(), lang, setup)
        s = self.setup
        game = self.game.value
        wide = {"description_width": "initial"}
        self.preset = controls.Dropdown(style=wide, layout=widgets.Layout(width="auto"))
        low, high = spec(game).players_for(s.preset if s.preset in presets(game) else None)
        self.players = controls.BoundedIntText(value=low, min=low, max=high, style=wide,
                                              layout=widgets.Layout(width="110px"))
        first_bot = s.bots if s.bots in bot_names(game) else default_bot(game)
        self.bots = controls.Dropdown(options=bot_options(bot_names(game), self.lang), value=first_bot, style=wide,
                                     layout=widgets.Layout(width="auto"))
        self.code = controls.Text(value="", continuous_update=False,
                                 layout=widgets.Layout(width="165px"), style=wide)
        self.deal_button = widgets.Button(button_style="primary", icon="refresh", layout=widgets.Layout(width="auto"))
        locked_fields = [f for f in LOCKABLE if self.is_locked(f)]
        open_hands = s.open_hands
        self.table = PlayTable(game, preset=s.preset if s.preset in presets(game) else None, players=s.players,
                               seed=s.deal_seed, lang=self.lang, bot_delay=bot_delay, bots=first_bot,
                               allow_teaching=open_hands is not False, chrome="bar", locked=locked_fields,
                               allow_undo=s.undo is not False)
        if open_hands:
            self.table.set_teaching(True)
        self._filling = False
        self._fill_settings(game)
        self.bar.children = [self.game, self.preset, self.players, self.bots, self.code, self.deal_button,
                             self.lang_toggle]
        # Under the table: "What if?" while a finished game is replayed at one of the person's moves.
        # Not on the static site: its chart needs plotly, which the site leaves out (a 10 MB wheel
        # every visitor would load before the first card).
        self.what_if = WhatIfPanel(self.table)
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), self.top, self.bar,
                         self.problem, self.table, *([] if links.on_static_site() else [self.what_if])]
        self._guard("game", self.game, lambda: self.table.match.game.name)
        self._guard("preset", self.preset, lambda: self.table.match.game.preset)
        self._guard("players", self.players, lambda: self.table.match.game.num_players)
        self._guard("bots", self.bots, lambda: self._fixed_bot())
        self._watch(self.preset, self.players, self.bots, self.code)
        self.game.observe(self._on_game, names="value")
        self.preset.observe(self._on_preset, names="value")
        self.players.observe(self._on_players, names="value")
        self.code.observe(self._on_code, names="value")
        self.deal_button.on_click(lambda _b: self.deal())
        if self.is_locked("deal"):  # the class plays the link's deal: Deal deals it again
            self.code.value, self.code.disabled = s.deal or "", True
        self.table.on_lang(self._on_table_lang)
        self.relabel()
        if problem is not None:
            self._show_problem(problem)

    def _fixed_bot(self) -> str:
        names = self.table.session.bot_names
        return names[1] if len(names) > 1 else names[0]

    # --- the bar's fields ----------------------------------------------------------------
    def _on_game(self, change: Mapping[str, Any]) -> None:
        if self.is_locked("game"):
            return
        self._fill_settings(change["new"])
        self._clear_code()

    def _on_preset(self, _change: Mapping[str, Any]) -> None:
        if self._filling or self.is_locked("preset"):
            return
        self._preset_players()
        self._clear_code()

    def _on_players(self, _change: Mapping[str, Any]) -> None:
        if not self._filling:
            self._clear_code()

    def _clear_code(self) -> None:
        """A field changed by hand: the code in the box no longer names what the bar shows."""
        if not self._filling and self.code.value:
            self._filling = True
            try:
                self.code.value = ""
            finally:
                self._filling = False

    def _fill_settings(self, game: str, preset: str | None = None, players: int | None = None) -> None:
        """The presets, the player range and the bots of ``game`` (as its ``SPEC`` gives them)."""
        self._filling = True
        try:
            names = list(presets(game))
            current = self.table.match.game
            bots = self.bots.value
            self.bots.options = bot_options(bot_names(game), self.lang)
            self.bots.value = bots if bots in bot_names(game) else default_bot(game)
            self.preset.options = [(preset_label(game, p, self.lang), p) for p in names]
            self.code.placeholder = f"{spec(game).deal_prefix or 'UD'}-…"
            if preset is None:
                preset = current.preset if current.name == game and current.preset in names else names[0]
            self.preset.value = preset
            self._players_range(game, preset)
            if players is None and current.name == game and current.preset == preset:
                players = current.num_players
            if players is None:
                players = int(presets(game)[preset].to_dict().get("players") or self._players_now())
            self.players.value = players
        finally:
            self._filling = False

    def _players_range(self, game: str, preset: str) -> None:
        """The Players box takes the mode's own range (``GameSpec.players_for``)."""
        low, high = spec(game).players_for(preset)
        # Widen first so that both bounds can move whatever the old range was.
        self.players.min, self.players.max = min(low, self.players.min), max(high, self.players.max)
        self.players.min, self.players.max = low, high

    def _preset_players(self) -> None:
        game, preset = self.game.value, self.preset.value
        if preset is not None:
            self._players_range(game, preset)
            self.players.value = int(presets(game)[preset].to_dict().get("players") or self._players_now())

    def _players_now(self) -> int:
        return int(self.players.value or 0)

    def _on_code(self, change: Mapping[str, Any]) -> None:
        """Enter in the deal-code box: the bar takes that deal's game, mode and players, and deals it."""
        if self._filling or not str(change["new"]).strip():
            return
        self.deal()

    def _on_table_lang(self, lang: str) -> None:
        # The table changed its language through a checked request (a notebook's own menu).
        if lang != self.lang:
            self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        super().set_lang(lang)
        if self.table.language != lang:
            self.table.set_lang(lang)

    def relabel(self) -> None:
        super().relabel()
        lang, game = self.lang, self.game.value
        self._filling = True
        try:
            value = self.preset.value
            self.preset.options = [(preset_label(game, p, lang), p) for _, p in self.preset.options]
            self.preset.value = value
            bots = self.bots.value
            self.bots.options = bot_options(bot_names(game), lang)
            self.bots.value = bots
        finally:
            self._filling = False
        self.preset.description = _d("preset", lang)
        self.players.description = _d("players", lang)
        self.bots.description = _d("bots", lang)
        self.code.description = _d("deal_code", lang)
        self.code.tooltip = _d("deal_code_help", lang)
        self.deal_button.description = _d("deal", lang)

    # --- dealing ---------------------------------------------------------------------------
    def _value(self, field: str, control: Any) -> Any:
        """A bar field's value: what the link fixed, when it is locked (never the browser's)."""
        if self.is_locked(field):
            return self._guards[field][1]()
        return control.value

    def deal(self) -> None:
        """Deal with the bar's settings: the deal in the code box, or a fresh random deal."""
        self._problem = None
        self.problem.value = ""
        code = self.setup.deal if self.is_locked("deal") and self.setup.deal else self.code.value.strip()
        try:
            game = self._value("game", self.game)
            preset = self._value("preset", self.preset)
            players = int(self._value("players", self.players))
            bots = self._value("bots", self.bots)
            if game not in self.games:
                raise ConfigError("dashboard", "game", game, self.games)
            if bots not in bot_names(game):
                raise ConfigError("dashboard", "bots", bots, list(bot_names(game)))
            seed = None
            if code:
                game, preset, players, seed = deal_code.decode(code)
                if not self.table.fits_lock(game, preset, players):
                    self._say_locked()
                    return
                if bots not in bot_names(game):
                    bots = default_bot(game)
                self.game.unobserve(self._on_game, names="value")
                try:
                    self._filling = True
                    self.game.value = game
                    self._filling = False
                    self._fill_settings(game, preset, players)
                    self.bots.value = bots
                finally:
                    self._filling = False
                    self.game.observe(self._on_game, names="value")
            low, high = spec(game).players_for(preset)
            if not low <= players <= high:
                raise ConfigError(game, "players", players, f"from {low} to {high}", low=low, high=high)
            self.table.new_game(game, preset, players, seed=seed, seat=0, bots=bots)
        except (TablekitError, ValueError) as exc:
            self._show_problem(exc)


class LearnDashboard(Dashboard):
    """Choose a game; step through its lessons."""

    page = "learn"

    def __init__(self, lang: str = "en", autoplay_delay: float = 2.5, setup: links.TeacherSetup | None = None,
                 problem: BaseException | None = None, store: Any | None = None) -> None:
        super().__init__(games_with_lessons(), lang, setup)
        self.autoplay_delay = autoplay_delay
        # A learner's own link (class and key): the lessons they finish are kept for the teacher.
        self.progress: LessonProgress | None = None
        if self.setup.class_code is not None or self.setup.key is not None:
            self.progress = LessonProgress(self.setup.class_code, self.setup.key, store=store)
        self.progress_line = widgets.HTML()
        self.walkthrough = self._walkthrough(self.game.value)
        if self.setup.lesson is not None:
            self.walkthrough.open_lesson(self.setup.lesson)  # from Python: a locked menu refuses requests
        self.body = widgets.Box([self.walkthrough])
        self.bar.children = [self.game, self.lang_toggle]
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), self.top, self.bar,
                         self.problem, self.progress_line, self.body]
        self._guard("game", self.game, lambda: self.walkthrough.game_name)
        self.game.observe(lambda c: self._load(c["new"]), names="value")
        self.relabel()
        if problem is not None:
            self._show_problem(problem)

    def _walkthrough(self, game: str) -> RuleWalkthrough:
        walk = RuleWalkthrough(game, lang=self.lang, autoplay_delay=self.autoplay_delay, chrome="bar",
                               locked=[f for f in ("lang", "lesson") if self.is_locked(f)])
        walk.on_lang(self._on_walk_lang)
        if self.progress is not None and self.progress.keeping:
            walk.on_finish(self._finished)
            walk.on_msg(lambda *_: self._here())  # (any request from the page: the learner is here)
        return walk

    def _finished(self, game: str, lesson: str) -> None:
        """A lesson reached its end: keep it for the teacher and say so."""
        assert self.progress is not None
        self.progress.record(game, lesson)
        self.progress_line.value = self.progress.note_html(self.lang)

    def _here(self) -> None:
        if self.progress is not None:
            self.progress.heartbeat()

    def _load(self, game: str) -> None:
        if game == self.walkthrough.game_name or self.is_locked("game") or game not in self.games:
            return
        self.walkthrough.close()
        self.walkthrough = self._walkthrough(game)
        self.body.children = [self.walkthrough]

    def _on_walk_lang(self, lang: str) -> None:
        if lang in LANGUAGES and lang != self.lang:
            self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        super().set_lang(lang)
        if self.walkthrough.language != lang:
            self.walkthrough.set_lang(lang)

    def relabel(self) -> None:
        super().relabel()
        self.progress_line.value = self.progress.note_html(self.lang) if self.progress is not None else ""

    def close(self) -> None:
        if self.progress is not None:
            self.progress.close()
        super().close()


class ExploreDashboard(widgets.VBox):
    """A title above ``StatsExplorer`` (which has its own game selector and language switch: the
    page's one control bar). A teacher's link may choose the game, mode, players, bots and
    language, and with ``lock=1`` fix them (``StatsExplorer.fix``)."""

    def __init__(self, lang: str = "en", n: int = 2000, workers: int = 1, setup: links.TeacherSetup | None = None,
                 problem: BaseException | None = None) -> None:
        super().__init__()
        from tablekit.widgets.stats_explorer import FIXABLE, StatsExplorer  # plotly and pandas load here

        setup = setup if setup is not None else links.parse_setup("", "explore")
        self.setup = setup
        game = setup.game or list_games()[0]
        self.title = widgets.HTML()
        self.lead = widgets.HTML()
        self.problem = widgets.HTML()
        self._problem = problem  # the link's problem, worded in the page's language
        self._notice: str | None = None  # the server's latest notice (tablekit.widgets.notices), shown first
        self.explorer = StatsExplorer(game=game, lang=setup.lang or lang, preset=setup.preset,
                                      players=setup.players, n=n, workers=workers)
        if setup.bots is not None:
            for select in self.explorer.bot_selects:
                select.value = setup.bots
        if setup.lock:
            self.explorer.fix(f for f in FIXABLE if setup.is_locked(f))
        self.explorer.title.layout.display = "none"  # the page's own title names it
        self.add_class("tk-dash")
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), FontLoader(), self.title,
                         self.lead, self.problem, self.explorer]
        self.explorer.lang_toggle.observe(lambda c: self.relabel(), names="value")
        self.relabel()
        notices.listen(self.show_notice)

    @property
    def lang(self) -> str:
        return str(self.explorer.lang)

    def show_notice(self, reason: str) -> None:
        """The server's notice (a dropped frame, the kernel about to end) as a friendly message,
        worded again when the language changes."""
        self._notice = reason
        self.problem.value = _problem_line(self._problem, self._notice, self.lang)

    def set_lang(self, lang: str) -> None:
        self.explorer.set_lang(lang)

    def relabel(self) -> None:
        lang = self.explorer.lang
        self.title.value = f'<h1 class="tk-title">{html.escape(_d("explore.title", lang))}</h1>'
        self.lead.value = f'<p class="tk-dash-lead">{html.escape(_d("explore.lead", lang))}</p>'
        self.problem.value = _problem_line(self._problem, self._notice, lang)


def play_dashboard(lang: str = "en", bot_delay: float = 0.6, query: str | Mapping[str, Any] | None = None) -> PlayDashboard:
    """The play page; ``query`` is the page's query string (None: the one Voilà passed, if any)."""
    setup, problem = _read_setup(query, "play")
    return PlayDashboard(lang=lang, bot_delay=bot_delay, setup=setup, problem=problem)


def learn_dashboard(lang: str = "en", autoplay_delay: float = 2.5,
                    query: str | Mapping[str, Any] | None = None, store: Any | None = None) -> LearnDashboard:
    """The learn page; ``query`` as for :func:`play_dashboard` (``game``, ``lesson``, ``lang``,
    ``lock``, and a learner's ``class`` and ``key``: the lessons they finish are kept in the class
    store, ``store`` or by default the one ``TABLEKIT_CLASS_DB`` names; see
    ``tablekit.widgets.lesson_progress``)."""
    setup, problem = _read_setup(query, "learn")
    return LearnDashboard(lang=lang, autoplay_delay=autoplay_delay, setup=setup, problem=problem, store=store)


def explore_dashboard(lang: str = "en", n: int = 2000, query: str | Mapping[str, Any] | None = None) -> ExploreDashboard:
    """The explore page; ``query`` as for :func:`play_dashboard` (``game``, ``preset``,
    ``players``, ``bots``, ``lang``, ``lock``)."""
    setup, problem = _read_setup(query, "explore")
    return ExploreDashboard(lang=lang, n=n, setup=setup, problem=problem)


__all__ = ["ExploreDashboard", "LearnDashboard", "PlayDashboard", "default_bot", "explore_dashboard",
           "games_with_lessons", "learn_dashboard", "play_dashboard", "playable_games"]
