"""``StatsExplorer``: let bots play many games and chart who wins, in English or Japanese.

``StatsExplorer`` *is* an ``ipywidgets.VBox`` (display it directly, or put it inside another
layout). Its controls choose the game, the preset, the game's options (generated from
``GameConfig.describe()``: a Dropdown for choices, a Checkbox for yes/no, a BoundedIntText for
a range; the common ones first, the rest under "More options"), the player count, a bot per seat,
the number of games and the seed. **Run** plays the games with :func:`tablekit.sim.simulate`
in a background thread (a progress bar follows the progress callback, **Cancel** stops it
through simulate's ``cancel`` callable), then shows plotly charts (plain ``go.Figure`` drawn
into an ``Output``), a summary table and a CSV download link.

*Compare with variant B* adds a second preset + options panel; both variants are played with
the same seeds and charted side by side, and a **variant scorecard** (:mod:`tablekit.sim.scorecard`:
seat advantage, balance, game length and its spread, games stopped by a limit, decisiveness,
the winning margin and the lead changes, each with its 95% interval, and B − A) is shown as a
table and a chart (``figures["scorecard"]``, ``last_scorecard``).

The search bot thinks hundreds of times longer than the others, so when any seat plays
it a run is capped at ``SEARCH_MAX_GAMES`` games and the bot searches ``SEARCH_PLAYOUTS``
playouts a move (no time limit, so runs stay repeatable); the page says so beside the bots. Every word on screen comes from the i18n catalogs
(``widgets.stats.*``), and a bad combination of options shows a friendly message (a ``.tk-error``
box) instead of a traceback.

Every value comes from the page, and the page can rewrite any synced trait (a widget's ``max``,
its value, a Dropdown's labels). So the explorer never trusts a widget's bounds: when Run is
pressed it checks each value against the limits it offers (``MAX_GAMES``, ``MAX_SEED``, the
game's ``describe()`` ranges and choices, its presets and bots); a value outside them is refused
with a message naming the field and what is allowed, and nothing runs:

>>> ex = StatsExplorer(game="up_and_down", lang="en")
>>> ex.n_games.max = ex.n_games.value = 3_000_000  # as a forged update from the page would
>>> ex.run(wait=True) is None, ex.last_status, ex.last_frame is None
(True, 'error', True)
>>> ex.last_error
'Games to play must be a whole number from 1 to 100,000 (got 3000000). Nothing was run.'

An update whose values the widget itself rejects (a text where a number goes, a selection that
does not exist) is refused as it arrives, with the same kind of message.

For notebooks and tests, :meth:`StatsExplorer.run` with ``wait=True`` plays synchronously and
returns the DataFrame, also kept in ``last_frame``:

>>> ex = StatsExplorer(game="up_and_down", lang="en")
>>> ex.n_games.value, ex.players.value = 12, 3
>>> df = ex.run(wait=True)
>>> len(df), sorted(ex.figures)
(12, ['length', 'win_rate'])
>>> round(float(ex.last_summary["win_rate"].sum()), 9)
1.0
"""

from __future__ import annotations

import base64
import html
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as widgets
import plotly.graph_objects as go
import plotly.io as pio

from tablekit.bots import Bot, bot_names
from tablekit.bots.search import SearchBot
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.game import Game
from tablekit.core.registry import list_games, make, presets, spec
from tablekit.i18n import LANGUAGES, Verbatim, seat_name, tr
from tablekit.sim import CancelledError, simulate
from tablekit.sim.scorecard import Scorecard, score_frames
from tablekit.sim.stats import first_player_edge, game_mean_scores, mean_interval, score_effect, seat_summary
from tablekit.widgets import plots
from tablekit.widgets.controls import BoundedIntText, Checkbox, Dropdown, IntText, Text, ToggleButtons
from tablekit.widgets.problems import problem_text
from tablekit.widgets.labels import (  # noqa: F401  (re-exported: older imports)
    LANGUAGE_NAMES,
    bot_label,
    bots_by_strength,
    choice_label,
    game_label,
    option_help,
    option_label,
    preset_label,
)

_log = logging.getLogger(__name__)

VARIANTS = ("A", "B")
MAX_GAMES = 100_000
MAX_SEED = 2**31 - 1
#: With the search bot at any seat, a run plays at most this many games (per variant) ...
SEARCH_MAX_GAMES = 20
#: ... and the bot searches this many playouts a move (no CPU-time cap: runs stay repeatable).
SEARCH_PLAYOUTS = 40
#: The scorecard counts lead changes by replaying each game's record; records are kept for
#: runs up to this many games per variant (beyond, that row says n/a).
SCORECARD_RECORDS_MAX = 5_000

_CSS = """
<style>
.tk-stats .tk-status { padding: 4px 8px; color: #333; }
.tk-stats .tk-status.tk-done { color: #1b5e20; }
.tk-stats .tk-status.tk-cancelled { color: #8a5a00; }
.tk-stats .tk-error { padding: 6px 10px; margin: 4px 0; border-left: 4px solid #c62828;
  background: #fdecea; color: #8e1b1b; border-radius: 3px; }
.tk-stats .tk-stats-table { border-collapse: collapse; margin: 4px 0; }
.tk-stats .tk-stats-table th, .tk-stats .tk-stats-table td { padding: 2px 10px; text-align: right;
  border-bottom: 1px solid #ddd; }
.tk-stats .tk-stats-overview { margin: 4px 0 8px 0; padding-left: 18px; }
.tk-stats .tk-panel-title { font-weight: bold; margin-top: 6px; }
.tk-stats .tk-search-note { padding: 4px 8px; margin: 2px 0; border-left: 4px solid #8a5a00;
  background: #fff6e0; color: #5d3d00; border-radius: 3px; }
.tk-stats .tk-scorecard-note { color: #555; }
.tk-stats .tk-stats-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 12px; }
.tk-stats .tk-stats-bar .widget-inline-hbox { width: auto; margin: 2px 0; }
.tk-stats .tk-stats-bar .widget-label { min-width: 0; }
.tk-stats .tk-stats-bar .widget-toggle-buttons { margin-left: auto; }
.tk-stats .tk-table-scroll { overflow-x: auto; max-width: 100%; }
.tk-stats .tk-stats-table th { white-space: nowrap; }
.tk-stats h4.tk-chart-title { margin: 14px 0 0 0; font-size: 1.05em; font-weight: 600; color: #2a3f5f; }
</style>
"""


_MAX_TEXT = 200  # the longest text a free-text option may hold

#: A field's name in a language (status messages are written again when the language changes).
Label = Callable[[str], str]


def _t(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.stats.{code}", lang, **params)


def _label(code: str) -> Label:
    return lambda lang: _t(code, lang)


def _bot_field(seat: int) -> Label:
    return lambda lang: _t("field.bot", lang, seat=seat_name(seat, lang))


def _option_field(game: str, field: str) -> Label:
    return lambda lang: option_label(game, field, lang)


def _choice_name(game: str, field: str) -> Callable[[Any, str], str]:
    return lambda value, lang: choice_label(game, field, value, lang)


#: What a teacher's link can fix on the explore page.
FIXABLE = ("game", "preset", "players", "bots", "lang")


class _Refused(Exception):
    """A value from the page outside what the explorer offers; ``code`` and ``params`` make the
    friendly message (a ``Label`` parameter is written in the language of the moment)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _shown(value: Any) -> Verbatim:
    """A short, printable form of a value the page sent (as Python writes it: "5" is '5').

    >>> print(_shown("5"), _shown(5), _shown("x" * 500))
    '5' 5 'xxxxxxxxxxxxxxxxxxx…
    """
    return Verbatim(repr(value))


def _whole(value: Any, low: int, high: int, field: Label) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``_Refused``.

    >>> _whole(5, 1, 10, _label("label.games"))
    5
    >>> for bad in (0, 11, "5", 5.0, True, None):
    ...     try:
    ...         _whole(bad, 1, 10, _label("label.games"))
    ...     except _Refused as exc:
    ...         print(exc.code, exc.params["value"])
    error.range 0
    error.range 11
    error.range '5'
    error.range 5.0
    error.range True
    error.range None
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _Refused("error.range", field=field, low=low, high=high, value=_shown(value))
    return value


def _one_of(value: Any, allowed: Sequence[Any], field: Label, name: Callable[[Any, str], str]) -> Any:
    """The item of ``allowed`` equal to ``value`` and of the same type (``1`` is not ``True``),
    else ``_Refused`` listing the allowed values by their display ``name``.

    >>> _one_of("b", ["a", "b"], _label("label.preset"), lambda v, lang: v)
    'b'
    >>> try:
    ...     _one_of(1, [False, True], _label("label.compare"), lambda v, lang: str(v))
    ... except _Refused as exc:
    ...     print(exc.code, exc.params["allowed"]("en"), exc.params["value"])
    error.choice False, True 1
    """
    for item in allowed:
        if type(value) is type(item) and value == item:
            return item
    choices = tuple(allowed)
    raise _Refused("error.choice", field=field, value=_shown(value),
                   allowed=lambda lang: ", ".join(name(c, lang) for c in choices))


_REFUSALS = frozenset({"error.range", "error.choice", "error.text", "error.rejected", "error.locked"})


def _show(display: bool) -> str:
    return "" if display else "none"


def _chart_outputs(fig: go.Figure) -> tuple[dict[str, Any], dict[str, Any]]:
    """A chart as the explorer shows it: its title as a heading of the page (it wraps on a
    phone, where plotly's one-line title would be cut off or lie under the toolbar), then the
    figure without it."""
    title = str(fig.layout.title.text or "")
    heading = {"output_type": "display_data", "metadata": {},
               "data": {"text/html": f'<h4 class="tk-chart-title">{html.escape(title)}</h4>', "text/plain": title}}
    untitled = go.Figure(fig).update_layout(title_text="")
    return heading, _mime_output(untitled)


def _mime_output(fig: go.Figure) -> dict[str, Any]:
    """One ``display_data`` output holding the figure as plotly's mime type.

    It is what ``fig.show()`` sends in JupyterLab and Voilà (the ``plotly_mimetype`` renderer,
    drawn by the jupyterlab-plotly extension, no CDN), built here so that a background thread
    can set ``Output.outputs`` directly: the ``with output:`` capture only works in the thread
    that runs the cell.
    """
    bundle = dict(pio.renderers["plotly_mimetype"].to_mimebundle(fig.to_dict()))
    bundle["text/plain"] = str(fig.layout.title.text or "plotly figure")
    return {"output_type": "display_data", "data": bundle, "metadata": {}}


class OptionsPanel:
    """A preset Dropdown and one widget per game option, for variant A or B.

    ``widgets`` maps option name -> widget; ``overrides()`` gives the options whose value
    differs from the chosen preset (what to pass to ``make``).
    """

    def __init__(self, explorer: StatsExplorer, name: str) -> None:
        self.explorer = explorer
        self.name = name
        self.game = ""
        self.describe: dict[str, dict[str, Any]] = {}
        self.widgets: dict[str, Any] = {}
        self.common: list[str] = []
        self.title = widgets.HTML()
        self.title.add_class("tk-panel-title")
        self.preset = explorer._guard(Dropdown(style={"description_width": "initial"}), _label("label.preset"))
        self.preset.observe(self._on_preset, names="value")
        self.common_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.more_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.more = widgets.Accordion(children=[self.more_box], selected_index=None)
        self.box = widgets.VBox([self.title, self.preset, self.common_box, self.more])

    @property
    def lang(self) -> str:
        return self.explorer.lang

    def build(self, game: str, preset: str | None = None) -> None:
        """Make the widgets for ``game``'s options, set to ``preset`` (default: the game's)."""
        self.game = game
        table = presets(game)
        default_preset = make(game).preset
        cfg_cls = type(table[default_preset])
        hidden = {"players", *spec(game).mode_options}  # the Mode menu (the preset) sets these
        self.describe = {k: v for k, v in cfg_cls.describe().items() if k not in hidden}
        declared = spec(game).ui_options
        names = list(self.describe)
        self.common = [n for n in (declared or names[:4]) if n in self.describe]
        self.widgets = {}
        for field, entry in self.describe.items():
            w = self._make_widget(field, entry)
            if w is not None:
                self.widgets[field] = self.explorer._guard(w, _option_field(game, field))
        self.common_box.children = [self.widgets[n] for n in self.common if n in self.widgets]
        rest = [w for n, w in self.widgets.items() if n not in self.common]
        self.more_box.children = rest
        self.more.layout.display = _show(bool(rest))
        with self.explorer._quiet():
            self.preset.options = [(preset_label(game, p, self.lang), p) for p in table]
            self.preset.value = preset if preset in table else default_preset
        self.apply_preset()
        self.relabel()

    def _make_widget(self, field: str, entry: dict[str, Any]) -> Any:
        default = entry["default"]
        choices = entry.get("choices") or entry.get("menu")
        between = entry.get("between")
        wide = {"description_width": "initial"}
        layout = widgets.Layout(width="auto", margin="2px 12px 2px 0")
        if choices is not None and all(isinstance(c, bool) for c in choices):
            return Checkbox(value=bool(default), indent=False, layout=layout)
        if choices is not None:
            return Dropdown(options=[(str(c), c) for c in choices], value=default, style=wide, layout=layout)
        if between is not None:
            lo, hi = between
            return BoundedIntText(value=default, min=lo, max=hi, style=wide,
                                  layout=widgets.Layout(width="230px", margin="2px 12px 2px 0"))
        if isinstance(default, bool):
            return Checkbox(value=default, indent=False, layout=layout)
        if isinstance(default, int):
            return IntText(value=default, style=wide, layout=layout)
        if isinstance(default, str):
            return Text(value=default, style=wide, layout=layout)
        return None  # an option type the explorer cannot edit keeps its preset value

    def preset_values(self) -> dict[str, Any]:
        values: dict[str, Any] = presets(self.game)[self.preset.value].to_dict()
        return values

    def apply_preset(self) -> None:
        """Set every option widget to the chosen preset's value."""
        values = self.preset_values()
        with self.explorer._quiet():
            for field, w in self.widgets.items():
                if field in values:
                    w.value = values[field]

    def _on_preset(self, change: Mapping[str, Any]) -> None:
        if self.explorer._syncing or not self.game:
            return
        try:
            self.checked_preset()
        except _Refused as exc:
            self.explorer._refuse(exc)
            return
        self.explorer._accepted()
        self.apply_preset()
        if self.name == "A":
            self.explorer._preset_players()

    def overrides(self) -> dict[str, Any]:
        """Options whose widget value differs from the preset."""
        values = self.preset_values()
        return {f: w.value for f, w in self.widgets.items() if f in values and w.value != values[f]}

    def checked_preset(self) -> str:
        """The chosen preset, if it is one of the game's (else ``_Refused``)."""
        game = self.game
        preset: str = _one_of(self.preset.value, list(presets(game)), _label("label.preset"),
                              lambda p, lang: preset_label(game, p, lang))
        return preset

    def checked(self) -> tuple[str, dict[str, Any]]:
        """The preset and the overrides, every value checked against the game's own presets and
        its config's ``describe()`` (never against the widgets' traits, which the page can
        rewrite); raises ``_Refused`` naming the first value out of bounds."""
        game = self.game
        preset = self.checked_preset()
        values: dict[str, Any] = {}
        for field, w in self.widgets.items():
            entry = self.describe[field]
            label = _option_field(game, field)
            value = w.value
            choices, between, default = entry.get("choices") or entry.get("menu"), entry.get("between"), entry["default"]
            if choices is not None:
                values[field] = _one_of(value, choices, label, _choice_name(game, field))
            elif between is not None:
                values[field] = _whole(value, int(between[0]), int(between[1]), label)
            elif isinstance(default, bool):
                values[field] = _one_of(value, [False, True], label, lambda c, lang: str(c))
            elif isinstance(default, int):
                values[field] = _whole(value, -MAX_SEED - 1, MAX_SEED, label)
            elif not isinstance(value, str) or len(value) > _MAX_TEXT:
                raise _Refused("error.text", field=label, high=_MAX_TEXT, value=_shown(value))
            else:
                values[field] = value
        base = presets(game)[preset].to_dict()
        return preset, {f: v for f, v in values.items() if f in base and v != base[f]}

    def relabel(self) -> None:
        lang = self.lang
        compare = self.explorer.compare.value
        self.title.value = html.escape(_t("label.variant", lang, name=self.name) if compare
                                       else _t("label.options", lang))
        self.preset.description = _t("label.preset", lang)
        with self.explorer._quiet():
            value = self.preset.value
            self.preset.options = [(preset_label(self.game, p, lang), p) for _, p in self.preset.options]
            self.preset.value = value
            for field, w in self.widgets.items():
                entry = self.describe[field]
                w.description = option_label(self.game, field, lang)
                w.tooltip = option_help(self.game, field, lang, entry.get("doc", ""))
                if isinstance(w, widgets.Dropdown):
                    value = w.value
                    w.options = [(choice_label(self.game, field, c, lang), c)
                                 for c in entry.get("choices") or entry["menu"]]
                    w.value = value
        self.more.titles = (_t("label.more_options", lang),)


@dataclass(frozen=True)
class _Job:
    games: tuple[tuple[str, Game[Any]], ...]  # (variant name, game)
    bots: tuple[str, ...]
    n: int
    seed: int
    capped: bool = False  # n was lowered to SEARCH_MAX_GAMES because a seat plays the search bot

    def players(self) -> list[Bot | str]:
        """The bots to play, the search bot with the explorer's small budget."""
        return [SearchBot(playouts=SEARCH_PLAYOUTS, seconds=None) if b == "search" else b for b in self.bots]


class StatsExplorer(widgets.VBox):
    """Simulate many games between bots and chart the results (an ``ipywidgets.VBox``).

    Parameters: ``game`` (a name from ``list_games()``), ``lang`` (``"en"`` or ``"ja"``),
    ``preset`` (default: the game's), ``players`` (default: the preset's), ``n`` (games per
    run), ``seed`` and ``workers`` (processes for ``simulate``; results do not depend on it).

    Public controls (set their ``.value`` from code as a user would): ``lang_toggle``,
    ``game_select``, ``players``, ``bot_selects`` (one per seat), ``n_games``, ``seed``,
    ``options_a`` / ``options_b`` (:class:`OptionsPanel`), ``compare``, ``run_button``,
    ``cancel_button``; outputs: ``progress``, ``status``, ``charts``, ``summary``, ``download``.

    Results of the latest finished run: ``last_frame`` (the simulate DataFrame; in compare mode
    both variants with a leading ``variant`` column), ``last_frames`` (variant -> DataFrame),
    ``last_summary`` (``seat_summary``, with ``variant`` in compare mode), ``last_scorecard``
    (the :class:`~tablekit.sim.scorecard.Scorecard` of A vs B in compare mode, else None),
    ``figures`` (name -> ``go.Figure``), ``last_error`` (the friendly message of a failed run, else None) and
    ``last_status`` (``"ready"``, ``"running"``, ``"done"``, ``"cancelled"`` or ``"error"``).
    """

    def __init__(
        self,
        game: str = "up_and_down",
        lang: str = "en",
        preset: str | None = None,
        players: int | None = None,
        n: int = 200,
        seed: int = 1,
        workers: int = 1,
    ) -> None:
        super().__init__()
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        if game not in list_games():
            raise ConfigError("tablekit", "game", game, list_games())
        self.lang = lang
        self.workers = workers
        self._fixed: dict[str, Any] = {}  # what a teacher's link fixed (see ``fix``)
        self._syncing = 0
        self._thread: threading.Thread | None = None
        self._cancel_event = threading.Event()
        self._lock = threading.RLock()
        self._active = False
        self._status: tuple[str, str, dict[str, Any]] = ("ready", "status.ready", {})
        self.last_frame: Any = None
        self.last_frames: dict[str, Any] = {}
        self.last_summary: Any = None
        self.last_error: str | None = None
        self.last_scorecard: Scorecard | None = None
        self.figures: dict[str, go.Figure] = {}
        self._last_job: _Job | None = None

        wide = {"description_width": "initial"}
        self.title = widgets.HTML()
        self.lang_toggle = self._guard(ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang,
            style={"button_width": "80px"}), _label("label.language"))
        self.game_select = self._guard(Dropdown(options=[(game_label(g, lang), g) for g in list_games()],
                                                value=game, style=wide,
                                                layout=widgets.Layout(width="auto")), _label("label.game"))
        self.players = self._guard(BoundedIntText(value=2, min=1, max=2, style=wide,
                                                  layout=widgets.Layout(width="140px")), _label("label.players"))
        self.bots_label = widgets.HTML(layout=widgets.Layout(margin="0 8px 0 0"))
        self.bot_selects: list[Any] = []
        self.bots_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.search_note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.n_games = self._guard(BoundedIntText(value=n, min=1, max=MAX_GAMES, style=wide,
                                                  layout=widgets.Layout(width="220px")), _label("label.games"))
        self.seed = self._guard(BoundedIntText(value=seed, min=0, max=MAX_SEED, style=wide,
                                               layout=widgets.Layout(width="170px")), _label("label.seed"))
        self.compare = self._guard(Checkbox(value=False, indent=False), _label("label.compare"))
        self.options_a = OptionsPanel(self, "A")
        self.options_b = OptionsPanel(self, "B")
        self.options_b.box.layout.display = "none"
        self.run_button = widgets.Button(button_style="primary", icon="play")
        self.cancel_button = widgets.Button(icon="stop", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="260px"))
        self.status = widgets.HTML()
        self.charts = widgets.Output()
        self.summary = widgets.HTML()
        self.scorecard = widgets.HTML()
        self.download = widgets.HTML()

        self.add_class("tk-stats")
        # The control bar: one line on a 1280 px screen, wrapping on a narrow one.
        self.bar = widgets.Box([self.game_select, self.players, self.n_games, self.seed, self.lang_toggle])
        self.bar.add_class("tk-stats-bar")
        self.children = [
            widgets.HTML(_CSS, layout=widgets.Layout(display="none")),
            self.title,
            self.bar,
            widgets.Box([self.bots_label, self.bots_box],
                        layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.search_note,
            self.options_a.box,
            self.compare,
            self.options_b.box,
            widgets.HBox([self.run_button, self.cancel_button, self.progress],
                         layout=widgets.Layout(align_items="center")),
            self.status,
            self.charts,
            self.scorecard,
            self.summary,
            self.download,
        ]

        self.lang_toggle.observe(self._on_lang, names="value")
        self.game_select.observe(self._on_game, names="value")
        self.players.observe(self._on_players, names="value")
        self.compare.observe(self._on_compare, names="value")
        self.run_button.on_click(lambda _b: self.run(wait=False))
        self.cancel_button.on_click(lambda _b: self.cancel())

        self._load_game(game, preset)
        if players is not None:
            self.players.value = players
        self._relabel()

    # --- small helpers ----------------------------------------------------------------------
    class _QuietContext:
        def __init__(self, owner: StatsExplorer) -> None:
            self.owner = owner

        def __enter__(self) -> None:
            self.owner._syncing += 1

        def __exit__(self, *exc: object) -> None:
            self.owner._syncing -= 1

    def _quiet(self) -> StatsExplorer._QuietContext:
        """Within this block, programmatic changes do not trigger the explorer's observers."""
        return StatsExplorer._QuietContext(self)

    @property
    def running(self) -> bool:
        """True while a run (in a background thread or not) is going."""
        return self._active

    @property
    def last_status(self) -> str:
        return self._status[0]

    def _guard(self, widget: Any, field: Label) -> Any:
        """Tell a guarded control its field name and whom to tell when it refuses an update."""
        widget._tk_field = field
        widget._tk_refused = self._refused_update
        return widget

    def _refused_update(self, widget: Any, state: Any) -> None:
        field = widget._tk_field or (lambda lang: str(widget.description))
        sent = state
        if isinstance(state, dict):
            sent = state["value"] if "value" in state else state.get("index", state)
        self._refuse(_Refused("error.rejected", field=field, value=_shown(sent)))

    def _refuse(self, exc: _Refused) -> None:
        _log.info("refused a value from the page: %s %s", exc.code, exc.params.get("value"))
        self._set_status("error", exc.code, **exc.params)

    def _accepted(self) -> None:
        """A control got a valid value again: an earlier refusal no longer describes the page."""
        if self._status[1] in _REFUSALS and not self._active:
            self._set_status("ready", "status.ready")

    def _players_range(self, game: str | None = None, preset: str | None = None) -> tuple[int, int]:
        """The player counts the game's spec allows for variant A's preset (never the widget's
        ``min``/``max``)."""
        if game is None:
            game, preset = self.options_a.game, self.options_a.preset.value
        return spec(game).players_for(preset if preset in presets(game) else None)

    def _checked_players(self) -> int:
        low, high = self._players_range()
        return _whole(self.players.value, low, high, _label("label.players"))

    # --- building the controls -------------------------------------------------------------
    def _load_game(self, game: str, preset: str | None = None) -> None:
        self._set_players_range(*self._players_range(game, preset))
        self.options_a.build(game, preset)
        self.options_b.build(game, preset)
        self._preset_players()
        self._rebuild_bots()

    def _set_players_range(self, low: int, high: int) -> None:
        with self._quiet():
            self.players.min, self.players.max = 1, 10_000  # widen first so both bounds can move
            self.players.min, self.players.max = low, high

    def _preset_players(self) -> None:
        """Set the player range and count to the preset of variant A."""
        low, high = self._players_range()
        self._set_players_range(low, high)
        value = int(self.options_a.preset_values().get("players", low))
        if value != self.players.value:
            self.players.value = max(low, min(high, value))
        else:
            self._rebuild_bots()

    def _rebuild_bots(self) -> None:
        old = [w.value for w in self.bot_selects]
        selects = []
        order = self._bot_order()
        for seat in range(self._checked_players()):
            keep = seat < len(old) and old[seat] in order
            w = Dropdown(options=[(bot_label(b, self.lang), b) for b in order],
                         value=old[seat] if keep else ("heuristic" if "heuristic" in order else order[0]),
                         style={"description_width": "initial"},
                         layout=widgets.Layout(width="auto", margin="2px 8px 2px 0"))
            w.observe(lambda _change: self._show_search_note(), names="value")
            selects.append(self._guard(w, _bot_field(seat)))
        self.bot_selects = selects
        self.bots_box.children = selects
        self._relabel_bots()

    def _show_search_note(self) -> None:
        """Say beside the bots that the search bot caps the run, while any seat plays it."""
        searching = any(w.value == "search" for w in self.bot_selects)
        self.search_note.layout.display = _show(searching)
        text = html.escape(_t("search_cap", self.lang, count=SEARCH_MAX_GAMES, playouts=SEARCH_PLAYOUTS))
        self.search_note.value = f'<div class="tk-search-note" role="note">{text}</div>'

    def _bot_order(self) -> list[str]:
        return bots_by_strength(bot_names(self.game_select.value))

    def _relabel_bots(self) -> None:
        from tablekit.i18n import seat_name

        with self._quiet():
            for seat, w in enumerate(self.bot_selects):
                value = w.value
                w.description = seat_name(seat, self.lang)
                w.options = [(bot_label(b, self.lang), b) for b in self._bot_order()]
                w.value = value
        self._show_search_note()

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = f"<h3>{html.escape(_t('title', lang))}</h3>"
        with self._quiet():
            value = self.game_select.value
            self.game_select.options = [(game_label(g, lang), g) for g in list_games()]
            self.game_select.value = value
        self.game_select.description = _t("label.game", lang)
        self.players.description = _t("label.players", lang)
        self.bots_label.value = html.escape(_t("label.bots", lang))
        self.n_games.description = _t("label.games", lang)
        self.n_games.tooltip = _t("help.games", lang)
        self.seed.description = _t("label.seed", lang)
        self.seed.tooltip = _t("help.seed", lang)
        self.compare.description = _t("label.compare", lang)
        self.run_button.description = _t("button.run", lang)
        self.cancel_button.description = _t("button.cancel", lang)
        self.lang_toggle.tooltips = [_t("label.language", lang)] * len(LANGUAGES)
        self.options_a.relabel()
        self.options_b.relabel()
        self._relabel_bots()
        self._render_status()
        if self.last_frames:
            self._render_results()

    # --- observers ---------------------------------------------------------------------------
    # --- what a teacher's link fixed ----------------------------------------------------------
    def fix(self, fields: Iterable[str]) -> None:
        """Fix the current game, mode, players, bots and/or language (a teacher's link with
        ``lock=1``): their controls are disabled, and a run whose values differ (the page sent
        them anyway) is refused, as is another language."""
        wanted = set(fields)
        unknown = sorted(wanted - set(FIXABLE))
        if unknown:
            raise ValueError(f"cannot fix {', '.join(unknown)} (allowed: {', '.join(FIXABLE)})")
        self._fixed = {
            "game": self.game_select.value, "preset": self.options_a.preset.value,
            "players": self.players.value, "bots": tuple(w.value for w in self.bot_selects), "lang": self.lang,
        }
        self._fixed = {k: v for k, v in self._fixed.items() if k in wanted}
        controls = {"game": [self.game_select], "preset": [self.options_a.preset], "players": [self.players],
                    "bots": list(self.bot_selects), "lang": [self.lang_toggle]}
        for field in wanted:
            for control in controls[field]:
                control.disabled = True

    def _check_fixed(self) -> None:
        now = {"game": self.game_select.value, "preset": self.options_a.preset.value, "players": self.players.value,
               "bots": tuple(w.value for w in self.bot_selects), "lang": self.lang}
        for field, value in self._fixed.items():
            if now[field] != value:
                raise _Refused("error.locked")

    def _on_lang(self, change: Mapping[str, Any]) -> None:
        if "lang" in self._fixed and change["new"] != self._fixed["lang"]:
            self.lang_toggle.value = self.lang
            self._refuse(_Refused("error.locked"))
        elif change["new"] not in LANGUAGES:  # cannot come from the page (see _Guarded): a bug
            self.lang_toggle.value = self.lang
        elif change["new"] != self.lang:
            self.set_lang(change["new"])

    def set_lang(self, lang: str) -> None:
        """Switch every label, chart and table to ``lang`` (``"en"`` or ``"ja"``)."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self.lang = lang
        self.lang_toggle.value = lang
        self._relabel()

    def _on_game(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        try:
            self._checked_game(change["new"])
        except _Refused as exc:
            self._refuse(exc)
            return
        self._accepted()
        had_results = bool(self.last_frames)
        if self._active:  # its results would belong to the old game
            self.cancel()
        self.clear_results()
        self._load_game(change["new"])
        if had_results and not self._active:
            self._set_status("ready", "status.cleared", game=lambda lang: game_label(change["new"], lang))
        self._relabel()

    def clear_results(self) -> None:
        """Take the last run's charts and tables off the page and forget its results (the game
        changed: they would stand under the new game's settings)."""
        with self._lock:
            self.last_frame = None
            self.last_frames = {}
            self.last_summary = None
            self.last_scorecard = None
            self.figures = {}
            self._last_job = None
            self.charts.outputs = ()
            self.scorecard.value = self.summary.value = self.download.value = ""

    def _on_players(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        try:  # one Dropdown per seat: a forged count of 10,000 must build nothing
            self._checked_players()
        except _Refused as exc:
            self._refuse(exc)
            return
        self._accepted()
        self._rebuild_bots()

    def _on_compare(self, change: Mapping[str, Any]) -> None:
        self.options_b.box.layout.display = _show(bool(change["new"]))
        self.options_a.relabel()
        self.options_b.relabel()

    # --- status ------------------------------------------------------------------------------
    def _set_status(self, kind: str, code: str, /, **params: Any) -> None:
        self._status = (kind, code, params)
        self._render_status()

    def _render_status(self) -> None:
        kind, code, params = self._status
        lang = self.lang
        text = html.escape(_t(code, lang, **{k: v(lang) if callable(v) else v for k, v in params.items()}))
        if kind == "error":
            self.last_error = text
            self.status.value = f'<div class="tk-error" role="alert">{text}</div>'
        else:
            self.status.value = f'<div class="tk-status tk-{kind}" role="status">{text}</div>'

    def _error_status(self, exc: BaseException) -> None:
        """Turn an exception into a friendly message, worded from the catalogues in the page's
        language (never its text, never a traceback: those go to the log)."""
        if isinstance(exc, TablekitError):
            _log.info("stats explorer refused the options: %.300s", exc)
            self._set_status("error", "error.config", problem=lambda lang: problem_text(exc, lang))
        else:
            _log.warning("stats explorer run failed", exc_info=exc)
            self._set_status("error", "error.unexpected")

    # --- running ------------------------------------------------------------------------------
    def _checked_game(self, value: Any) -> str:
        game: str = _one_of(value, list_games(), _label("label.game"), game_label)
        return game

    def _read_job(self) -> _Job:
        """The games to play from the controls.

        Every value is checked first, against the explorer's own limits and the game's spec
        (``_Refused`` names the first one out of bounds); only then are games made (a bad
        combination of valid options raises ConfigError from the game's config).
        """
        self._check_fixed()
        name = self._checked_game(self.game_select.value)
        if name != self.options_a.game:  # the controls were built for another game
            raise _Refused("error.choice", field=_label("label.game"), value=_shown(name),
                           allowed=lambda lang: game_label(self.options_a.game, lang))
        players = self._checked_players()
        if len(self.bot_selects) != players:
            raise _Refused("error.range", field=_label("label.players"), low=len(self.bot_selects),
                           high=len(self.bot_selects), value=players)
        allowed = list(bot_names(name))
        bots = tuple(_one_of(w.value, allowed, _bot_field(seat), bot_label)
                     for seat, w in enumerate(self.bot_selects))
        n = _whole(self.n_games.value, 1, MAX_GAMES, _label("label.games"))
        capped = "search" in bots and n > SEARCH_MAX_GAMES
        if capped:
            n = SEARCH_MAX_GAMES
        seed = _whole(self.seed.value, 0, MAX_SEED, _label("label.seed"))
        compare = _one_of(self.compare.value, [False, True], _label("label.compare"),
                          lambda c, lang: str(c))
        variants = [("A", self.options_a)] + ([("B", self.options_b)] if compare else [])
        chosen = [(v, *panel.checked()) for v, panel in variants]
        games = tuple((v, make(name, preset=preset, players=players, **overrides))
                      for v, preset, overrides in chosen)
        return _Job(games, bots, n, seed, capped)

    def run(self, wait: bool = True) -> Any:
        """Play the games chosen in the controls.

        ``wait=True`` plays in this thread and returns ``last_frame`` (None if the run failed
        or was cancelled); ``wait=False`` starts a background thread (what the Run button does)
        and returns None at once: see :meth:`wait` and :meth:`cancel`. Errors never escape:
        they are shown in ``status`` and kept in ``last_error``.
        """
        with self._lock:  # one run at a time, even if a forged click arrives meanwhile
            if self._active:
                self._set_status("running", "status.busy")
                return None
            self.last_error = None
            try:
                job = self._read_job()
            except _Refused as exc:  # a value the page does not offer: nothing runs
                self._refuse(exc)
                return None
            except Exception as exc:  # a bad option combination, shown to the user
                self._error_status(exc)
                return None
            self._cancel_event.clear()
            self._set_running(True, job)
        if wait:
            self._execute(job)
            return self.last_frame if self.last_status == "done" else None
        self._thread = threading.Thread(target=self._execute, args=(job,), name="tablekit-stats", daemon=True)
        self._thread.start()
        return None

    def cancel(self) -> None:
        """Ask a running simulation to stop (it stops within about one game)."""
        with self._lock:
            if not self._active:
                return
            self._cancel_event.set()
            self.cancel_button.disabled = True
            self._set_status("running", "status.cancelling")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a background run to end; True if none is running any more."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _set_running(self, running: bool, job: _Job | None = None) -> None:
        self._active = running
        self.run_button.disabled = running
        self.cancel_button.disabled = not running
        if running and job is not None:
            self.progress.max = max(1, job.n * len(job.games))
            self.progress.value = 0
            self._set_status("running", "status.running", done=0, total=job.n * len(job.games))

    def _execute(self, job: _Job) -> None:
        """Play ``job`` (in the caller's thread) and show the outcome; never raises."""
        try:
            self._execute_job(job)
        except Exception as exc:  # last resort: a run must never end in a traceback
            _log.warning("stats explorer failed while reporting", exc_info=exc)
            self._set_running(False)
            self._status = ("error", "error.unexpected", {})
            self.last_error = html.escape(_t("error.unexpected", self.lang))
            self.status.value = f'<div class="tk-error" role="alert">{self.last_error}</div>'

    def _execute_job(self, job: _Job) -> None:
        total = job.n * len(job.games)
        chunk = max(1, min(25, job.n // 40))
        started = time.perf_counter()
        frames: dict[str, Any] = {}
        try:
            for k, (variant, game) in enumerate(job.games):
                offset = k * job.n

                def report(done: int, _n: int, offset: int = offset) -> None:
                    with self._lock:
                        self.progress.value = offset + done
                        if not self._cancel_event.is_set():
                            self._set_status("running", "status.running", done=offset + done, total=total)

                records = len(job.games) > 1 and job.n <= SCORECARD_RECORDS_MAX  # for the scorecard
                frames[variant] = simulate(game, job.players(), n=job.n, seed=job.seed, workers=self.workers,
                                           progress=report, cancel=self._cancel_event.is_set, chunk_size=chunk,
                                           records=records)
            results = self._results(job, frames)
            with self._lock:  # (a change of game cancels the run and clears results under this lock)
                if self._cancel_event.is_set():  # cancelled as the last game ended: show nothing
                    raise CancelledError
                self._store(job, *results)
                self._render_results()
        except CancelledError:
            with self._lock:
                self._set_running(False)
                self._set_status("cancelled", "status.cancelled", done=int(self.progress.value), total=total)
        except Exception as exc:  # shown as a friendly message; the UI keeps working
            with self._lock:
                self._set_running(False)
                self._error_status(exc)
        else:
            with self._lock:
                self._set_running(False)
                self._set_status("done", "status.done", total=job.n * len(frames),
                                 seconds=f"{time.perf_counter() - started:.1f}")
        finally:
            if self._active:  # an exception inside the handlers above
                self._set_running(False)

    def _results(self, job: _Job, frames: dict[str, Any]) -> tuple[dict[str, Any], Scorecard | None]:
        """The frames to keep (without the records the scorecard replays) and the scorecard of A
        vs B (None for one variant)."""
        if len(frames) == 1:
            return frames, None
        (_, game_a), (_, game_b) = job.games[:2]
        with self._lock:
            self._set_status("running", "status.scorecard", count=sum(len(df) for df in frames.values()))
        card = score_frames(game_a, game_b, frames["A"], frames["B"], job.seed)
        return {v: df.drop(columns=["actions"], errors="ignore") for v, df in frames.items()}, card

    def _store(self, job: _Job, frames: dict[str, Any], card: Scorecard | None) -> None:
        import pandas as pd

        self._last_job = job
        self.last_scorecard = card
        self.last_frames = frames
        if len(frames) == 1:
            self.last_frame = frames["A"]
            self.last_summary = seat_summary(frames["A"])
        else:
            parts = [df.assign(variant=v) for v, df in frames.items()]
            combined = pd.concat(parts, ignore_index=True)
            self.last_frame = combined[["variant"] + [c for c in combined.columns if c != "variant"]]
            self.last_summary = pd.concat([seat_summary(df).assign(variant=v) for v, df in frames.items()],
                                          ignore_index=True)

    # --- results -----------------------------------------------------------------------------
    def _render_results(self) -> None:
        lang = self.lang
        frames = self.last_frames
        if len(frames) == 1:
            self.figures = plots.figures(frames["A"], lang)
        else:
            self.figures = plots.compare_figures(frames["A"], frames["B"], lang, names=list(frames))
        card = self.last_scorecard
        if card is not None:
            self.figures["scorecard"] = plots.scorecard_figure(card, lang)
        self.charts.outputs = tuple(out for fig in self.figures.values() for out in _chart_outputs(fig))
        self.scorecard.value = self._scorecard_html() if card is not None else ""
        self.summary.value = self._summary_html()
        self.download.value = self._download_html()

    def _summary_html(self) -> str:
        import pandas as pd

        lang = self.lang
        frames = self.last_frames
        compare = len(frames) > 1
        table = pd.concat([plots.summary_table(df, lang, variant=v if compare else None)
                           for v, df in frames.items()], ignore_index=True)
        parts = [f"<h4>{html.escape(_t('summary.title', lang))}</h4>",
                 '<div class="tk-table-scroll">',
                 table.to_html(index=False, border=0, classes="tk-stats-table", escape=True), "</div>"]
        job = self._last_job
        for v, df in frames.items():
            items = []
            if job is not None:
                game = dict(job.games)[v]
                changed = self._changed_options(v, lang)
                items.append(_t("summary.setup", lang, preset=preset_label(game.name, game.preset, lang),
                                players=game.num_players, n=len(df), seed=job.seed,
                                changes=", ".join(changed) if changed else _t("summary.no_changes", lang)))
            items.append(_t("summary.length", lang, mean=f"{df['decisions'].mean():.1f}"))
            if plots.has_matches(df):
                items.append(_t("summary.matches", lang, mean=f"{df['games'].mean():.2f}"))
            if plots.has_mission(df):
                m = plots.mission_summary(df)
                items.append(_t("summary.mission", lang, rate=f"{m['rate']:.1%}", low=f"{m['ci_low']:.1%}",
                                high=f"{m['ci_high']:.1%}"))
                items.append(_t("summary.team_score", lang, mean=f"{df['score'].mean():.3f}"))
            if plots.has_contracts(df):
                c = plots.contract_summary(df)
                items.append(_t("summary.contracts", lang, made=c["made"], played=c["played"], rate=f"{c['rate']:.1%}",
                                low=f"{c['ci_low']:.1%}", high=f"{c['ci_high']:.1%}"))
                if c["played"]:
                    items.append(_t("summary.declarer_points", lang, mean=f"{c['mean_points']:.1f}"))
            if plots.has_points(df):
                mean, low, high = mean_interval(game_mean_scores(df))
                items.append(_t("summary.mean_score", lang, mean=f"{mean:.1f}", low=f"{low:.1f}", high=f"{high:.1f}"))
                edge = first_player_edge(df)
                if edge is not None:
                    items.append(_t("summary.first_edge", lang, edge=f"{edge[0]:+.1f}", low=f"{edge[1]:+.1f}",
                                    high=f"{edge[2]:+.1f}"))
            heading = f"<b>{html.escape(_t('label.variant', lang, name=v))}</b>" if compare else ""
            parts.append(heading + '<ul class="tk-stats-overview">'
                         + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>")
        if compare and all(plots.has_points(df) for df in frames.values()):
            (a, df_a), (b, df_b) = list(frames.items())[:2]
            diff, low, high = score_effect(df_a, df_b)
            parts.append(f"<p>{html.escape(_t('summary.score_effect', lang, a=a, b=b, diff=f'{diff:+.1f}', low=f'{low:+.1f}', high=f'{high:+.1f}'))}</p>")
        parts.append(f"<p><small>{html.escape(_t('summary.shared', lang))}</small></p>")
        return "".join(parts)

    def _config_text(self, variant: str) -> str:
        """Variant ``variant``'s preset and changed options, in the language of the page."""
        job = self._last_job
        assert job is not None
        lang = self.lang
        game = dict(job.games)[variant]
        changed = self._changed_options(variant, lang)
        name = preset_label(game.name, game.preset, lang)
        return f"{name} ({', '.join(changed)})" if changed else name

    def _changed_options(self, variant: str, lang: str) -> list[str]:
        """The options of the last run's ``variant`` that differ from its preset, as
        "label = value" in ``lang`` (only the options its panel offers)."""
        job = self._last_job
        assert job is not None
        game = dict(job.games)[variant]
        panel = self.options_a if variant == "A" else self.options_b
        defaults = presets(game.name)[game.preset].to_dict()
        return [f"{option_label(game.name, f, lang)} = "
                f"{choice_label(game.name, f, val, lang) if isinstance(val, str) else val}"
                for f, val in game.config.to_dict().items()
                if f != "players" and defaults.get(f) != val and f in panel.describe]

    def _scorecard_html(self) -> str:
        """The scorecard of A vs B: what was compared, the table and what its measures mean."""
        card = self.last_scorecard
        assert card is not None
        lang = self.lang
        table = card.table(lang).to_html(index=False, border=0, classes="tk-stats-table tk-scorecard", escape=True)
        parts = [f"<h4>{html.escape(_t('scorecard.heading', lang))}</h4>",
                 f"<p>{html.escape(_t('scorecard.configs', lang, a=self._config_text('A'), b=self._config_text('B'), count=card.n))}</p>",
                 f'<div class="tk-table-scroll">{table}</div>',
                 f'<p class="tk-scorecard-note"><small>{html.escape(_t("scorecard.note", lang))}</small></p>']
        job = self._last_job
        if job is not None and job.n > SCORECARD_RECORDS_MAX:
            parts.append(f'<p class="tk-scorecard-note"><small>'
                         f'{html.escape(_t("scorecard.no_records", lang, count=SCORECARD_RECORDS_MAX))}</small></p>')
        return "".join(parts)

    def _download_html(self) -> str:
        data = base64.b64encode(self.last_frame.to_csv(index=False).encode("utf-8")).decode("ascii")
        label = html.escape(_t("button.download", self.lang))
        return (f'<a download="tablekit.csv" href="data:text/csv;charset=utf-8;base64,{data}" '
                f'class="tk-download">{label}</a>')


__all__ = ["OptionsPanel", "StatsExplorer", "choice_label", "option_label"]
