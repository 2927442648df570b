"""The three Voilà dashboards as widgets: ``play_dashboard``, ``learn_dashboard``,
``explore_dashboard``.

Each notebook in ``dashboards/`` is one call to one of these, so the compositions are tested in
Python like any widget. A dashboard is a header (title, a game selector listing every game that
has what the page needs, an English/Japanese switch) above the widget that does the work. Deals
are chosen when the page is built inside the visitor's own kernel (Voilà preheats one kernel per
visitor, and ``PlayTable`` draws a fresh random seed), never fixed at import time.

>>> page = play_dashboard(bot_delay=0)
>>> page.game.value, page.table.match.game.num_players
('up_and_down', 4)
>>> page.preset.value = "carry_over"; page.deal_button.click()
>>> page.table.match.game.preset
'carry_over'
>>> page.set_lang("ja"); page.table.lang
'ja'
"""

from __future__ import annotations

import html
from typing import Any, Mapping

import ipywidgets as widgets

from tablekit.bots import bot_names
from tablekit.core.errors import TablekitError
from tablekit.core.registry import list_games, presets, spec
from tablekit.i18n import LANGUAGES, tr
from tablekit.widgets.labels import LANGUAGE_NAMES, bot_label, game_label, preset_label
from tablekit.session import hint_bot_name
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.walkthrough import RuleWalkthrough

_CSS = """
<style>
.tk-dash { max-width: 1100px; }
.tk-dash .tk-dash-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.tk-dash h1.tk-title { font-size: 1.6em; margin: 4px 0; }
.tk-dash .tk-dash-lead { color: #444; margin: 0 0 6px 0; }
.tk-dash .tk-problem { padding: 6px 10px; border-left: 4px solid #b26a00; background: #fff4e5;
  color: #5c3b00; border-radius: 3px; }
</style>
"""


FIRST_GAME = "up_and_down"  # the game a dashboard opens with; the others follow by name


def _games() -> list[str]:
    return sorted(list_games(), key=lambda g: (g != FIRST_GAME, g))


def playable_games() -> list[str]:
    """Every registered game (each ``SPEC`` has a view-model builder), the default game first."""
    return _games()


def games_with_lessons() -> list[str]:
    """Games whose ``SPEC`` lists lessons (``RuleWalkthrough`` can teach them), the default first."""
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


class Dashboard(widgets.VBox):
    """Header (title, lead, game selector, language switch) above a body widget."""

    page = "play"

    def __init__(self, games: list[str], lang: str = "en") -> None:
        super().__init__()
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self.lang = lang
        self.games = list(games)
        self.title = widgets.HTML()
        self.lead = widgets.HTML()
        self.game = widgets.Dropdown(options=[(game_label(g, lang), g) for g in games], value=games[0],
                                     style={"description_width": "initial"})
        self.lang_toggle = widgets.ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang,
            style={"button_width": "80px"})
        self.problem = widgets.HTML()
        self.add_class("tk-dash")
        self.head = widgets.Box([self.game, self.lang_toggle])
        self.head.add_class("tk-dash-head")
        self.lang_toggle.observe(self._on_lang, names="value")

    def _on_lang(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.lang:
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
        self.lead.value = f'<p class="tk-dash-lead">{html.escape(_d(f"{self.page}.lead", lang))}</p>'
        value = self.game.value
        self.game.options = [(game_label(g, lang), g) for g in self.games]
        self.game.value = value
        self.game.description = _d("game", lang)
        self.lang_toggle.tooltips = [_d("language", lang)] * len(LANGUAGES)
        self.problem.value = ""

    def _show_problem(self, exc: BaseException) -> None:
        """A friendly message in place of a traceback."""
        self.problem.value = (f'<div class="tk-problem" role="alert">'
                              f'{html.escape(_d("problem", self.lang, detail=str(exc)))}</div>')


class PlayDashboard(Dashboard):
    """Choose a game, a preset, the number of players and the bots' strength; deal; play."""

    page = "play"

    def __init__(self, lang: str = "en", bot_delay: float = 0.6) -> None:
        super().__init__(playable_games(), lang)
        game = self.game.value
        wide = {"description_width": "initial"}
        self.preset = widgets.Dropdown(style=wide)
        low, high = spec(game).players
        self.players = widgets.BoundedIntText(value=low, min=low, max=high, style=wide,
                                              layout=widgets.Layout(width="150px"))
        self.bots = widgets.Dropdown(options=list(bot_names(game)), value=default_bot(game), style=wide)
        self.deal_button = widgets.Button(button_style="primary", icon="refresh")
        self.table = PlayTable(game, lang=lang, bot_delay=bot_delay, bots=default_bot(game))
        self._fill_settings(game)
        self.settings = widgets.Box([self.preset, self.players, self.bots, self.deal_button])
        self.settings.add_class("tk-dash-head")
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), self.title, self.lead,
                         self.head, self.settings, self.problem, self.table]
        self.game.observe(lambda c: self._fill_settings(c["new"]), names="value")
        self.preset.observe(lambda c: self._preset_players(), names="value")
        self.deal_button.on_click(lambda _b: self.deal())
        self.table.observe(self._on_table_lang, names="lang")
        self.relabel()

    def _fill_settings(self, game: str) -> None:
        """The presets, the player range and the bots of ``game`` (as its ``SPEC`` gives them)."""
        names = list(presets(game))
        current = self.table.match.game
        low, high = spec(game).players
        # Widen first so that both bounds can move whatever the old range was.
        self.players.min, self.players.max = min(low, self.players.min), max(high, self.players.max)
        self.players.min, self.players.max = low, high
        bots = self.bots.value
        self.bots.options = [(bot_label(b, self.lang), b) for b in bot_names(game)]
        self.bots.value = bots if bots in bot_names(game) else default_bot(game)
        self.preset.options = [(preset_label(game, p, self.lang), p) for p in names]
        self.preset.value = current.preset if current.name == game and current.preset in names else names[0]
        self._preset_players()

    def _preset_players(self) -> None:
        game, preset = self.game.value, self.preset.value
        if preset is not None:
            self.players.value = int(presets(game)[preset].to_dict().get("players", self.players.value))

    def _on_table_lang(self, change: Mapping[str, Any]) -> None:
        # The table's own language menu changed it (Python set the trait after checking it).
        if change["new"] in LANGUAGES and change["new"] != self.lang:
            self.set_lang(change["new"])

    def set_lang(self, lang: str) -> None:
        super().set_lang(lang)
        if self.table.lang != lang:
            self.table.set_lang(lang)

    def relabel(self) -> None:
        super().relabel()
        lang, game = self.lang, self.game.value
        value = self.preset.value
        self.preset.options = [(preset_label(game, p, lang), p) for _, p in self.preset.options]
        self.preset.value = value
        self.preset.description = _d("preset", lang)
        self.players.description = _d("players", lang)
        bots = self.bots.value
        self.bots.options = [(bot_label(b, lang), b) for b in bot_names(game)]
        self.bots.value = bots
        self.bots.description = _d("bots", lang)
        self.deal_button.description = _d("deal", lang)

    def deal(self) -> None:
        """Deal a new game with the chosen settings (a fresh random seed)."""
        self.problem.value = ""
        try:
            self.table.new_game(self.game.value, self.preset.value, int(self.players.value),
                                seed=None, seat=0, bots=self.bots.value)
        except (TablekitError, ValueError) as exc:
            self._show_problem(exc)


class LearnDashboard(Dashboard):
    """Choose a game; step through its lessons."""

    page = "learn"

    def __init__(self, lang: str = "en", autoplay_delay: float = 2.5) -> None:
        super().__init__(games_with_lessons(), lang)
        self.autoplay_delay = autoplay_delay
        self.walkthrough = RuleWalkthrough(self.game.value, lang=lang, autoplay_delay=autoplay_delay)
        self.body = widgets.Box([self.walkthrough])
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), self.title, self.lead,
                         self.head, self.problem, self.body]
        self.game.observe(lambda c: self._load(c["new"]), names="value")
        self.walkthrough.observe(self._on_walk_lang, names="lang")
        self.relabel()

    def _load(self, game: str) -> None:
        if game == self.walkthrough.game_name:
            return
        self.walkthrough.unobserve(self._on_walk_lang, names="lang")
        self.walkthrough.close()
        self.walkthrough = RuleWalkthrough(game, lang=self.lang, autoplay_delay=self.autoplay_delay)
        self.walkthrough.observe(self._on_walk_lang, names="lang")
        self.body.children = [self.walkthrough]

    def _on_walk_lang(self, change: Mapping[str, Any]) -> None:
        if change["new"] in LANGUAGES and change["new"] != self.lang:
            self.set_lang(change["new"])

    def set_lang(self, lang: str) -> None:
        super().set_lang(lang)
        if self.walkthrough.lang != lang:
            self.walkthrough.set_lang(lang)


class ExploreDashboard(widgets.VBox):
    """A title above ``StatsExplorer`` (which has its own game selector and language switch)."""

    def __init__(self, lang: str = "en", n: int = 2000, workers: int = 1) -> None:
        super().__init__()
        from tablekit.widgets.stats_explorer import StatsExplorer  # plotly and pandas load here

        self.title = widgets.HTML()
        self.lead = widgets.HTML()
        self.explorer = StatsExplorer(lang=lang, n=n, workers=workers)
        self.add_class("tk-dash")
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), self.title, self.lead,
                         self.explorer]
        self.explorer.lang_toggle.observe(lambda c: self.relabel(), names="value")
        self.relabel()

    @property
    def lang(self) -> str:
        return str(self.explorer.lang)

    def set_lang(self, lang: str) -> None:
        self.explorer.set_lang(lang)

    def relabel(self) -> None:
        lang = self.explorer.lang_toggle.value
        self.title.value = f'<h1 class="tk-title">{html.escape(_d("explore.title", lang))}</h1>'
        self.lead.value = f'<p class="tk-dash-lead">{html.escape(_d("explore.lead", lang))}</p>'


def play_dashboard(lang: str = "en", bot_delay: float = 0.6) -> PlayDashboard:
    return PlayDashboard(lang=lang, bot_delay=bot_delay)


def learn_dashboard(lang: str = "en", autoplay_delay: float = 2.5) -> LearnDashboard:
    return LearnDashboard(lang=lang, autoplay_delay=autoplay_delay)


def explore_dashboard(lang: str = "en", n: int = 2000) -> ExploreDashboard:
    return ExploreDashboard(lang=lang, n=n)


__all__ = ["ExploreDashboard", "LearnDashboard", "PlayDashboard", "default_bot", "explore_dashboard",
           "games_with_lessons", "learn_dashboard", "play_dashboard", "playable_games"]
