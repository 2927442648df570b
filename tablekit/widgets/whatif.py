"""What if? The chart of :func:`tablekit.sim.whatif.what_if` and the replay panel that runs it.

:func:`what_if_figure` draws one bar per move (the chance that the seat wins after it, with its
95% Wilson interval as an error bar) and writes above the bars how much more often the other
move wins than the one played, with the 95% interval of that paired difference.

:class:`WhatIfPanel` sits under a :class:`tablekit.widgets.play_table.PlayTable` (the play
dashboard puts it there). While the finished game is replayed at a move made by one of the
person's seats, it offers the other moves that seat could have made (in words), a number of
games, the bots that play on, and "Play both on"; the chart appears below. It runs in the kernel
and shows only probabilities: no hidden card of another seat ever reaches the page (the
playouts deal those anew, ``tablekit.sim.whatif``). plotly is imported only when a chart is
drawn, so the play page stays light until the learner asks.

>>> from tablekit.sim.whatif import what_if
>>> from tablekit import make
>>> game = make("page_one", preset="crazy_eights", players=2)
>>> state = game.initial_state(4)
>>> moves = game.legal_actions(state)[:2]
>>> fig = what_if_figure(what_if(game, state, None, moves, n=4, seed=1), "en")
>>> len(fig.data[0].y), fig.layout.yaxis.tickformat
(2, '.0%')
"""

from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING, Any, Mapping

import ipywidgets as widgets

from tablekit.bots import bot_names
from tablekit.core.errors import TablekitError
from tablekit.core.rng import derive_seed
from tablekit.i18n import LANGUAGES, Verbatim, tr
from tablekit.sim.whatif import WhatIf, default_bot, move_at, what_if_at
from tablekit.widgets import controls
from tablekit.widgets.labels import bot_label, bot_options
from tablekit.widgets.problems import problem_text

if TYPE_CHECKING:
    import plotly.graph_objects as go

_log = logging.getLogger(__name__)
#: Games per move the panel proposes (about 0.1 to 3 s on one core; Up or Down? stops at ``SECONDS``).
DEFAULT_GAMES = 30
#: The most games per move the panel accepts.
MAX_GAMES = 500
#: The panel stops starting new games after this many seconds (every move keeps the same games).
SECONDS = 5.0


def _t(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.whatif.{code}", lang, **params)


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _signed(x: float) -> str:
    return f"{x:+.1%}"


def verdict_text(result: WhatIf, other: int, lang: str) -> str:
    """The difference of branch ``other`` from the first one, in words: the number with its
    interval, then whether it is clearly better, clearly worse or not clearly different."""
    diff, low, high = result.difference(other, 0)
    label = result.branches[other].action.label(lang)
    if low > 0:
        sense = _t("chart.better", lang, action=label)
    elif high < 0:
        sense = _t("chart.worse", lang, action=label)
    else:
        sense = _t("chart.unclear", lang)
    return _t("chart.difference", lang, diff=_signed(diff), low=_signed(low), high=_signed(high)) + " " + sense


def what_if_figure(result: WhatIf, lang: str = "en") -> go.Figure:
    """Bars of the seat's chance to win after each move, with 95% Wilson error bars; the first
    bar is the move played, and the difference of each other move from it is written above the
    bars with its 95% interval (paired playouts, so the interval is that of the difference,
    narrower than the bars' own)."""
    import plotly.graph_objects as go  # here, not at the top: the play page loads plotly only when asked

    from tablekit.widgets.plots import COLOURS

    x, y, plus, minus, hover, colours = [], [], [], [], [], []
    for i, branch in enumerate(result.branches):
        label = branch.action.label(lang)
        x.append(_t("chart.played" if i == 0 else "chart.other", lang, action=label))
        rate = branch.win_rate
        low, high = branch.win_interval
        score = branch.score[0]
        y.append(rate)
        plus.append(high - rate)
        minus.append(rate - low)
        colours.append(COLOURS[0] if i == 0 else COLOURS[1])
        hover.append(_t("chart.hover", lang, action=label, rate=_pct(rate), games=branch.n, low=_pct(low),
                        high=_pct(high), score=f"{score:.1f}"))
    fig = go.Figure(go.Bar(
        x=x, y=y, marker_color=colours, hovertext=hover, hoverinfo="text",
        text=[_pct(v) for v in y], textposition="inside",
        error_y={"type": "data", "symmetric": False, "array": plus, "arrayminus": minus},
    ))
    lines = [html.escape(verdict_text(result, i, lang)) for i in range(1, len(result.branches))]
    lines.append(html.escape(_t("chart.note", lang, count=result.n)))
    fig.update_layout(
        title=_t("chart.title", lang, player=result.seat),
        yaxis={"title": _t("chart.y", lang), "tickformat": ".0%", "range": [0, 1.0]},
        template="plotly_white", showlegend=False,
        margin={"t": 60, "b": 40 + 18 * len(lines), "l": 60, "r": 20}, height=380 + 18 * len(lines),
    )
    fig.add_annotation(text="<br>".join(lines), xref="paper", yref="paper", x=0, y=-0.12,
                       xanchor="left", yanchor="top", showarrow=False, align="left")
    return fig


def _mime_output(fig: go.Figure) -> dict[str, Any]:
    """The figure as one ``display_data`` output of plotly's mime type (what ``fig.show()``
    sends; drawn by the jupyterlab-plotly extension in JupyterLab and Voilà, no CDN)."""
    import plotly.io as pio

    bundle = dict(pio.renderers["plotly_mimetype"].to_mimebundle(fig.to_dict()))
    bundle["text/plain"] = str(fig.layout.title.text or "plotly figure")
    return {"output_type": "display_data", "data": bundle, "metadata": {}}


class WhatIfPanel(widgets.VBox):
    """The "What if?" panel of a ``PlayTable``'s replay (see the module docstring).

    It follows the table through Python (``table.on_show`` and ``table.on_lang``; never a
    trait the browser writes): it is shown only while the table replays move ``step``
    (``table.replay_at``) and that move was made by one of the person's seats, and it speaks the
    table's language. ``run()`` is what the button does; ``result`` and ``figure`` keep the
    last answer, ``message`` says what happened in words (never a traceback).
    """

    def __init__(self, table: Any, games: int = DEFAULT_GAMES, seconds: float | None = SECONDS) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.table = table
        self.seconds = seconds
        self.step: int | None = None
        self.result: WhatIf | None = None
        self.figure: go.Figure | None = None
        self._lang = table.language
        self._at_class: str | None = None
        wide = {"description_width": "initial"}
        self.heading = widgets.HTML()
        self.intro = widgets.HTML()
        self.alternative = controls.Dropdown(options=[], style=wide, layout=widgets.Layout(width="auto"))
        self.games = controls.BoundedIntText(value=games, min=1, max=MAX_GAMES, style=wide,
                                             layout=widgets.Layout(width="150px"))
        self.bots = controls.Dropdown(options=[], style=wide, layout=widgets.Layout(width="auto"))
        self.run_button = widgets.Button(button_style="primary", icon="play", layout=widgets.Layout(width="auto"))
        self.message = widgets.HTML()
        self.chart = widgets.Output()
        for control in (self.alternative, self.games, self.bots):
            control._tk_refused = self._refused
        self.run_button.on_click(lambda _b: self.run())
        row = widgets.Box([self.alternative, self.games, self.bots, self.run_button],
                          layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.children = [self.heading, self.intro, row, self.message, self.chart]
        self.add_class("tk-whatif")
        table.on_show(self.refresh)
        table.on_lang(self.set_lang)
        self.refresh()

    # --- following the table --------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self._lang

    def _move(self) -> tuple[Any, int, Any] | None:
        """The move the table's replay shows, when one of the person's seats made it."""
        step = getattr(self.table, "replay_at", None)
        session = self.table.session
        if not isinstance(step, int) or step < 1 or step > session.step_index:
            return None
        state, seat, action = move_at(session, step)
        return (state, seat, action) if seat in session.humans else None

    def refresh(self) -> None:
        """Show or hide the panel for the table's replay step."""
        move = self._move()
        if move is None:
            self.layout.display = "none"
            self.step = None
        else:
            step = self.table.replay_at
            if step != self.step:
                self._fill(step, *move)
            self.layout.display = ""
        self._mark(getattr(self.table, "replay_at", None))

    def _mark(self, step: Any) -> None:
        """A class naming the replay step the panel has followed (``tk-whatif-at-<step>``, or
        ``tk-whatif-at-none`` outside a replay), so that a page can tell it is up to date."""
        name = f"tk-whatif-at-{step if isinstance(step, int) else 'none'}"
        if name != self._at_class:
            if self._at_class is not None:
                self.remove_class(self._at_class)
            self.add_class(name)
            self._at_class = name

    def _fill(self, step: int, state: Any, seat: int, played: Any) -> None:
        lang, game = self._lang, self.table.session.game
        new_step = step != self.step
        self.step = step
        choice = None if new_step else self.alternative.value
        others = [a for a in game.legal_actions(state) if a != played]
        self.alternative.options = [(a.label(lang), a.code) for a in others]
        if others:
            self.alternative.value = choice if choice in [a.code for a in others] else others[0].code
        names = [b for b in bot_names(game.name) if b != "search"]  # the search bot is too slow to play on many games
        bot = self.bots.value
        self.bots.options = bot_options(names, lang)
        self.bots.value = bot if bot in names else default_bot(game)
        self.heading.value = f"<h3 class='tk-whatif-title'>{html.escape(_t('title', lang))}</h3>"
        self.intro.value = (f"<p class='tk-whatif-intro'>"
                            f"{html.escape(_t('intro', lang, step=step, player=seat, action=played.label(lang)))}</p>")
        self.alternative.description = _t("alternative", lang)
        self.games.description = _t("games", lang)
        self.bots.description = _t("bots", lang)
        self.run_button.description = _t("run", lang)
        self.run_button.disabled = not others
        if new_step:
            self.result, self.figure = None, None
            self.chart.outputs = ()
            self._say(_t("no_alternative", lang) if not others else "")
        elif self.result is not None:
            self._draw()
            self._say(_t("done", lang, count=self.result.n))

    def _say(self, text: str, problem: bool = False) -> None:
        cls = "tk-problem" if problem else "tk-whatif-note"
        role = ' role="alert"' if problem else ""
        self.message.value = f'<div class="{cls}"{role}>{html.escape(text)}</div>' if text else ""

    def _refused(self, control: Any, _state: Any) -> None:
        self._say(tr("widgets.dash.rejected", self._lang, field=control.description), problem=True)

    def set_lang(self, lang: str) -> None:
        """Redraw in ``lang`` (the table calls this when its language changes)."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self._lang = lang
        move = self._move()
        if move is not None and self.step is not None:
            self._fill(self.step, *move)

    # --- running ---------------------------------------------------------------------------
    def run(self) -> WhatIf | None:
        """Play the move played and the chosen one on (``games`` times each) and draw the
        chart; any problem becomes a message. Returns the result (None after a problem)."""
        lang = self._lang
        move = self._move()
        if move is None or self.step is None:
            return None
        step = self.step
        code = self.alternative.value
        bot = self.bots.value
        games = self.games.value
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            self._say(tr("widgets.stats.error.range", lang, field=_t("games", lang), low=1, high=MAX_GAMES,
                         value=Verbatim(games)), problem=True)
            return None
        if code is None:
            self._say(_t("no_alternative", lang), problem=True)
            return None
        try:
            session = self.table.session
            self.run_button.disabled = True
            self._say(_t("running", lang, count=games))
            result = what_if_at(session, step, code, bots=bot, n=games,
                                seed=derive_seed(session.seed, "what-if", step), seconds=self.seconds)
            self.result = result
            self._draw()
            self._say(_t("done", lang, count=result.n))
            return result
        except Exception as exc:  # never a traceback nor an exception's text on the page
            _log.info("what-if run failed: %.300s", exc, exc_info=not isinstance(exc, TablekitError))
            self._say(_t("problem", lang, detail=problem_text(exc, lang)), problem=True)
        finally:
            self.run_button.disabled = not self.alternative.options
        return None

    def _draw(self) -> None:
        assert self.result is not None
        self.figure = what_if_figure(self.result, self._lang)
        self.chart.outputs = (_mime_output(self.figure),)


__all__ = ["DEFAULT_GAMES", "MAX_GAMES", "SECONDS", "WhatIfPanel", "verdict_text", "what_if_figure"]
