"""Charts of simulation results: pure functions from ``simulate`` DataFrames to plotly figures.

Every function takes the DataFrame(s) that :func:`tablekit.sim.simulate` returns and a language
(``"en"`` or ``"ja"``), and returns a plain ``plotly.graph_objects.Figure`` (no FigureWidget:
see ``shared/stack.md``). Nothing here touches widgets, so the figures can be shown with
``fig.show()`` in any notebook or tested without a browser.

* :func:`win_rate_figure`: win rate by seat with 95% Wilson error bars (a game shared by k
  winners counts 1/k to each, as in :func:`tablekit.sim.seat_summary`);
* :func:`length_figure`: histogram of decisions per game, and of games per match when the rows
  are whole matches;
* :func:`mission_figure`: Cul-de-sac's mission success rate (with its Wilson interval) and the
  distribution of the team score;
* :func:`contracts_figure`: Ultimate's contract success rate by bid size (the buckets of
  :data:`tablekit.games.ultimate.rules.CONTRACT_BUCKETS`), with 95% Wilson intervals;
* :func:`scores_figure`: for games scored in points (Up or Down?), the distribution of each
  seat's score, its mean marked with a 95% interval;
* :func:`compare_win_rate_figure`, :func:`compare_length_figure`,
  :func:`compare_mission_figure`, :func:`compare_contracts_figure`,
  :func:`compare_scores_figure`: variant A against variant B, side by side (the scores chart
  gives the effect of B on the mean score, with its interval);
* :func:`summary_table`: the per-seat numbers as a DataFrame with headings in the language.

>>> from tablekit import make
>>> from tablekit.sim import simulate
>>> df = simulate(make("up_and_down", players=3), "random", n=10, seed=1, progress=False)
>>> fig = win_rate_figure(df)
>>> [round(y, 2) for y in fig.data[0].y] == [round(r, 2) for r in seat_summary(df)["win_rate"]]
True
>>> has_matches(df), has_mission(df), has_contracts(df)
(True, False, False)
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from tablekit.i18n import has, seat_name, tr
from tablekit.sim.stats import score_effect, score_summary, seat_summary, wilson_interval
from tablekit.widgets.fonts import FONT_STACK
from tablekit.widgets.labels import bot_label

#: Colours of variant A and B (and of a single run).
COLOURS = ("#3b6fb6", "#e07b39")
_FAILED_COLOUR = "#9e9e9e"


#: Room kept above every chart for plotly's toolbar (the "modebar", about 30 px high, which the
#: page draws over the figure's top right corner): titles and plots start below it.
TOOLBAR_ROOM = 34


def _t(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.stats.{code}", lang, **params)


def _frame(fig: go.Figure, title: str, legend: bool = True, panel_titles: bool = False) -> None:
    """The frame every chart shares, readable from a phone (400 px) to a projector.

    The font is tablekit's stack (plotly measures legend and label text in the font the figure
    names; the page draws it in tablekit's, so naming the same one keeps text from being cut
    off). The title sits at the top left below the toolbar's strip and pushes the margin as far
    as it needs. A legend lies in a row under the plot, left-aligned, wrapping onto more rows
    on a narrow screen. Axis titles and tick labels push the margins too (plotly turns tick
    labels that would run into each other). ``panel_titles``: the top panel of a figure with
    subplots has a title of its own above it, which needs room below the toolbar too.
    """
    fig.update_layout(
        template="plotly_white",
        font={"family": FONT_STACK},
        title={"text": title, "x": 0, "xref": "paper", "xanchor": "left", "y": 1, "yref": "container",
               "yanchor": "top", "pad": {"t": TOOLBAR_ROOM}, "automargin": True},
        showlegend=legend,
        legend={"orientation": "h", "x": 0, "xanchor": "left", "y": -0.02, "yref": "container",
                "yanchor": "bottom"},
        margin={"t": TOOLBAR_ROOM + (40 if panel_titles else 16), "b": 16, "l": 16, "r": 16},
    )
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)


def has_matches(df: Any) -> bool:
    """True when each row is a whole match of several games (a ``games`` column above 1)."""
    return "games" in df.columns and len(df) > 0 and int(df["games"].max()) > 1


def has_mission(df: Any) -> bool:
    """True for Cul-de-sac results (rows carry ``result`` and the team ``score``)."""
    return {"result", "score"} <= set(df.columns)


def mission_summary(df: Any) -> dict[str, float]:
    """Mission success (the stock ran out with nobody stuck) with its 95% Wilson interval.

    Keys: games, successes, rate, ci_low, ci_high.
    """
    games = len(df)
    successes = int((df["result"] != "failed").sum())
    lo, hi = wilson_interval(successes, games)
    return {"games": games, "successes": successes, "rate": successes / games if games else 0.0,
            "ci_low": lo, "ci_high": hi}


def has_contracts(df: Any) -> bool:
    """True for Ultimate results (rows carry ``contracts``, ``contracts_made`` and the
    ``bid_<low>_<high>`` / ``made_<low>_<high>`` counts of each contract size)."""
    return {"contracts", "contracts_made", "declarer_points"} <= set(df.columns)


def _contract_buckets(df: Any) -> list[str]:
    """The bucket names (``"15_29"``) present in ``df``, smallest bids first."""
    names = [c[len("bid_"):] for c in df.columns if c.startswith("bid_") and f"made_{c[len('bid_'):]}" in df.columns]
    return sorted(names, key=lambda b: int(b.split("_")[0]))


def contract_summary(df: Any) -> dict[str, Any]:
    """Ultimate: contracts played and made over all games, with the 95% Wilson interval of the
    success rate, the mean points the declarer's side took per contract, and per bid bucket
    (``buckets``: a list of dicts with bucket, low, high, played, made, rate, ci_low, ci_high;
    buckets nobody bid are left out).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"contracts": [3, 1], "contracts_made": [2, 1], "declarer_points": [60, 30],
    ...                    "bid_1_14": [0, 0], "made_1_14": [0, 0], "bid_15_29": [3, 1], "made_15_29": [2, 1]})
    >>> m = contract_summary(df)
    >>> m["played"], m["made"], m["mean_points"], [(b["bucket"], b["played"], b["made"]) for b in m["buckets"]]
    (4, 3, 22.5, [('15_29', 4, 3)])
    """
    played = int(df["contracts"].sum())
    made = int(df["contracts_made"].sum())
    lo, hi = wilson_interval(made, played)
    buckets = []
    for name in _contract_buckets(df):
        n, k = int(df[f"bid_{name}"].sum()), int(df[f"made_{name}"].sum())
        if n == 0:
            continue
        b_lo, b_hi = wilson_interval(k, n)
        low, high = (int(x) for x in name.split("_"))
        buckets.append({"bucket": name, "low": low, "high": high, "played": n, "made": k, "rate": k / n,
                        "ci_low": b_lo, "ci_high": b_hi})
    return {"played": played, "made": made, "rate": made / played if played else 0.0, "ci_low": lo, "ci_high": hi,
            "mean_points": float(df["declarer_points"].sum()) / played if played else float("nan"),
            "buckets": buckets}


def has_points(df: Any) -> bool:
    """True for results of a game scored in points per seat, whose distribution is worth a
    chart (Up or Down?: rows carry ``column_points`` and ``bonus_points``; 並べRUNO:
    ``points_total``, all points the reveal gave)."""
    return {"column_points", "bonus_points"} <= set(df.columns) or "points_total" in df.columns


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _count(x: float) -> str:
    """A win count: whole numbers as they are, shared wins with two decimals (``2.33``)."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _seat_labels(summary: Any, lang: str) -> list[str]:
    return [seat_name(int(s), lang) for s in summary["seat"]]


def _win_rate_bar(df: Any, lang: str, name: str, colour: str, with_bot: bool) -> tuple[go.Bar, Any]:
    summary = seat_summary(df)
    rate = summary["win_rate"]
    hover = [
        _t("chart.hover.win", lang, bot=bot_label(str(bot), lang), wins=_count(wins), games=games,
           rate=_pct(r), low=_pct(lo), high=_pct(hi))
        for bot, wins, games, r, lo, hi in zip(summary["bot"], summary["wins"], summary["games"],
                                               rate, summary["ci_low"], summary["ci_high"])
    ]
    x = _seat_labels(summary, lang)
    if with_bot:
        x = [f"{seat}<br>{bot_label(str(bot), lang)}" for seat, bot in zip(x, summary["bot"])]
    bar = go.Bar(
        x=x,
        y=list(rate),
        name=name,
        marker_color=colour,
        error_y={"type": "data", "symmetric": False,
                 "array": list(summary["ci_high"] - rate), "arrayminus": list(rate - summary["ci_low"])},
        hovertext=hover,
        hoverinfo="text",
    )
    return bar, summary


def _win_rate_layout(fig: go.Figure, lang: str, title: str, players: int, top: float, even: bool) -> None:
    _frame(fig, title)
    fig.update_layout(
        xaxis_title=_t("chart.seat", lang),
        yaxis={"title": _t("chart.win_rate.y", lang), "tickformat": ".0%",
               "range": [0, min(1.0, top + 0.08)]},
    )
    if even and players > 0:
        # The dotted line is named in the legend (a label on the plot would lie over a bar).
        fig.add_hline(y=1 / players, line_dash="dot", line_color="#666")
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", line={"dash": "dot", "color": "#666"},
                                 name=_t("chart.even_share", lang, share=_pct(1 / players)), hoverinfo="skip"))


def win_rate_figure(df: Any, lang: str = "en") -> go.Figure:
    """Bars of the win rate of each seat with asymmetric 95% Wilson error bars.

    The dotted line is an even share (1 / players); Cul-de-sac has no line, since there the
    "win" of a seat means it emptied its hand.
    """
    bar, summary = _win_rate_bar(df, lang, _t("chart.win_rate.y", lang), COLOURS[0], with_bot=True)
    bar.showlegend = False
    fig = go.Figure(bar)
    _win_rate_layout(fig, lang, _t("chart.win_rate.title", lang), len(summary),
                     float(summary["ci_high"].max()), even=not has_mission(df))
    return fig


def compare_win_rate_figure(df_a: Any, df_b: Any, lang: str = "en",
                            names: Sequence[str] = ("A", "B")) -> go.Figure:
    """Grouped bars: the win rate of each seat under variant A and under variant B."""
    fig = go.Figure()
    tops, players = [], 0
    for df, name, colour in zip((df_a, df_b), names, COLOURS):
        bar, summary = _win_rate_bar(df, lang, _t("label.variant", lang, name=name), colour, with_bot=False)
        fig.add_trace(bar)
        tops.append(float(summary["ci_high"].max()))
        players = max(players, len(summary))
    _win_rate_layout(fig, lang, _t("chart.compare.win_rate.title", lang), players, max(tops),
                     even=not (has_mission(df_a) or has_mission(df_b)))
    fig.update_layout(barmode="group")
    return fig


def _histograms(fig: go.Figure, frames: Sequence[tuple[str, Any]], lang: str) -> None:
    """One histogram per variant of decisions per game (and of games per match if any)."""
    matches = any(has_matches(df) for _, df in frames)
    overlay = len(frames) > 1
    for k, (name, df) in enumerate(frames):
        colour = COLOURS[k % len(COLOURS)]
        mean = float(df["decisions"].mean())
        label = _t("chart.mean", lang, name=name, mean=f"{mean:.1f}") if overlay else name
        fig.add_trace(
            go.Histogram(x=list(df["decisions"]), name=label, marker_color=colour,
                         opacity=0.6 if overlay else 0.9, bingroup=1, legendgroup=name),
            row=1, col=1,
        )
        if matches:
            games_mean = float(df["games"].mean())
            games_label = _t("chart.mean", lang, name=name, mean=f"{games_mean:.1f}") if overlay else name
            fig.add_trace(
                go.Histogram(x=list(df["games"]), name=games_label, marker_color=colour,
                             opacity=0.6 if overlay else 0.9, bingroup=2, legendgroup=name,
                             showlegend=overlay, xbins={"size": 1}),
                row=1, col=2,
            )
    fig.update_layout(barmode="overlay" if overlay else "relative", showlegend=overlay)
    fig.update_xaxes(title_text=_t("chart.length.decisions", lang), row=1, col=1)
    fig.update_yaxes(title_text=_t("chart.count", lang), row=1, col=1)
    if matches:
        fig.update_xaxes(title_text=_t("chart.length.games", lang), row=1, col=2)


def _length_canvas(matches: bool, lang: str, title: str) -> go.Figure:
    if matches:
        fig = make_subplots(rows=1, cols=2, subplot_titles=(_t("chart.length.decisions", lang),
                                                            _t("chart.length.games", lang)))
    else:
        fig = make_subplots(rows=1, cols=1)
    _frame(fig, title, panel_titles=matches)
    return fig


def length_figure(df: Any, lang: str = "en") -> go.Figure:
    """How long games are: a histogram of decisions per row, and when each row is a whole
    match, a second histogram of the number of games in the match."""
    fig = _length_canvas(has_matches(df), lang, _t("chart.length.title", lang))
    _histograms(fig, [(_t("chart.length.decisions", lang), df)], lang)
    return fig


def compare_length_figure(df_a: Any, df_b: Any, lang: str = "en",
                          names: Sequence[str] = ("A", "B")) -> go.Figure:
    """Overlaid histograms (same bins) of the length of A and B; the legend gives each mean."""
    fig = _length_canvas(has_matches(df_a) or has_matches(df_b), lang,
                         _t("chart.compare.length.title", lang))
    _histograms(fig, [(_t("label.variant", lang, name=n), df) for n, df in zip(names, (df_a, df_b))], lang)
    return fig


def _score_categories(df: Any, lang: str) -> tuple[list[str], list[float]]:
    """Share of games per team score: 'failed', then k/n for k = 0..n among scored games."""
    n = int(df["players"].max())
    games = len(df)
    failed = int((df["result"] == "failed").sum())
    scored = df[df["result"] != "failed"]
    labels = [_t("chart.mission.failed", lang)]
    shares = [failed / games if games else 0.0]
    for k in range(n + 1):
        labels.append(f"{k}/{n}")
        shares.append(int((scored["finished"] == k).sum()) / games if games else 0.0)
    return labels, shares


def _mission_traces(fig: go.Figure, df: Any, lang: str, name: str, colour: str, legend: bool) -> float:
    m = mission_summary(df)
    fig.add_trace(
        go.Bar(x=[m["rate"]], y=[name], orientation="h", name=name, marker_color=colour,
               legendgroup=name, showlegend=legend,
               error_x={"type": "data", "symmetric": False,
                        "array": [m["ci_high"] - m["rate"]], "arrayminus": [m["rate"] - m["ci_low"]]},
               hovertext=[_t("chart.hover.mission", lang, successes=m["successes"], games=m["games"],
                             rate=_pct(m["rate"]), low=_pct(m["ci_low"]), high=_pct(m["ci_high"]))],
               hoverinfo="text"),
        row=1, col=1,
    )
    labels, shares = _score_categories(df, lang)
    colours = [_FAILED_COLOUR] + [colour] * (len(labels) - 1)
    fig.add_trace(
        go.Bar(x=labels, y=shares, name=name, marker_color=colours if not legend else colour,
               legendgroup=name, showlegend=False,
               hovertext=[_pct(s) for s in shares], hoverinfo="x+text"),
        row=2, col=1,
    )
    return float(m["ci_high"])


def _mission_canvas(lang: str, title: str) -> go.Figure:
    # One panel above the other (side by side they would not fit a phone): the success rate as
    # a short horizontal bar (one per variant), then the shares of the team scores.
    fig = make_subplots(rows=2, cols=1, row_heights=[0.22, 0.78], vertical_spacing=0.2,
                        subplot_titles=(_t("chart.mission.success", lang), _t("chart.mission.score", lang)))
    fig.update_annotations(x=0, xanchor="left")  # the panel titles
    _frame(fig, title, panel_titles=True)
    fig.update_layout(barmode="group", height=520)
    fig.update_xaxes(tickformat=".0%", row=1, col=1)
    fig.update_yaxes(autorange="reversed", row=1, col=1)  # variant A on top
    fig.update_yaxes(tickformat=".0%", title_text=_t("chart.share", lang), row=2, col=1)
    fig.update_xaxes(title_text=_t("chart.mission.score_axis", lang), row=2, col=1)
    return fig


def mission_figure(df: Any, lang: str = "en") -> go.Figure:
    """Cul-de-sac: the mission success rate with its Wilson interval, and the share of games
    ending with each team score (failed missions are shown apart, in grey)."""
    fig = _mission_canvas(lang, _t("chart.mission.title", lang))
    top = _mission_traces(fig, df, lang, _t("chart.mission.success", lang), COLOURS[0], legend=False)
    fig.update_xaxes(range=[0, min(1.0, top + 0.08)], row=1, col=1)
    fig.update_yaxes(showticklabels=False, row=1, col=1)  # one bar, named by its panel's title
    fig.update_layout(showlegend=False)
    return fig


def compare_mission_figure(df_a: Any, df_b: Any, lang: str = "en",
                           names: Sequence[str] = ("A", "B")) -> go.Figure:
    """Cul-de-sac, A vs B: grouped bars of mission success and of the team score shares."""
    fig = _mission_canvas(lang, _t("chart.compare.mission.title", lang))
    top = 0.0
    for df, name, colour in zip((df_a, df_b), names, COLOURS):
        top = max(top, _mission_traces(fig, df, lang, _t("label.variant", lang, name=name), colour, legend=True))
    fig.update_xaxes(range=[0, min(1.0, top + 0.08)], row=1, col=1)
    return fig


def _contract_bar(df: Any, lang: str, name: str, colour: str, legend: bool) -> go.Bar:
    buckets = contract_summary(df)["buckets"]
    rate = [b["rate"] for b in buckets]
    return go.Bar(
        x=[f"{b['low']}–{b['high']}" for b in buckets], y=rate, name=name, marker_color=colour,
        showlegend=legend,
        error_y={"type": "data", "symmetric": False, "array": [b["ci_high"] - b["rate"] for b in buckets],
                 "arrayminus": [b["rate"] - b["ci_low"] for b in buckets]},
        hovertext=[_t("chart.hover.contracts", lang, bucket=f"{b['low']}–{b['high']}", made=b["made"],
                      played=b["played"], rate=_pct(b["rate"]), low=_pct(b["ci_low"]), high=_pct(b["ci_high"]))
                   for b in buckets],
        hoverinfo="text",
    )


def _contracts_layout(fig: go.Figure, lang: str, title: str) -> None:
    _frame(fig, title)
    fig.update_layout(
        xaxis={"title": _t("chart.contracts.x", lang), "type": "category"},
        yaxis={"title": _t("chart.contracts.y", lang), "tickformat": ".0%", "range": [0, 1.05]},
    )


def contracts_figure(df: Any, lang: str = "en") -> go.Figure:
    """Ultimate: bars of the share of contracts made in each bid bucket that was played, with
    asymmetric 95% Wilson error bars (the hover gives made / played)."""
    fig = go.Figure(_contract_bar(df, lang, _t("chart.contracts.y", lang), COLOURS[0], legend=False))
    _contracts_layout(fig, lang, _t("chart.contracts.title", lang))
    return fig


def compare_contracts_figure(df_a: Any, df_b: Any, lang: str = "en",
                             names: Sequence[str] = ("A", "B")) -> go.Figure:
    """Ultimate, A vs B: grouped bars of the contract success rate by bid bucket."""
    fig = go.Figure()
    for df, name, colour in zip((df_a, df_b), names, COLOURS):
        fig.add_trace(_contract_bar(df, lang, _t("label.variant", lang, name=name), colour, legend=True))
    _contracts_layout(fig, lang, _t("chart.compare.contracts.title", lang))
    fig.update_layout(barmode="group")
    # Buckets in bid order even when only variant B played some of them.
    order = sorted({x for trace in fig.data for x in trace.x}, key=lambda x: int(x.split("–")[0]))
    fig.update_xaxes(categoryorder="array", categoryarray=order)
    return fig


def _score_traces(fig: go.Figure, df: Any, lang: str, name: str, colour: str, legend: bool) -> None:
    """A box of each seat's scores, and its mean with the 95% interval as a point with bars."""
    summary = score_summary(df)
    seats = _seat_labels(summary, lang)
    xs, ys = [], []
    for seat, label in zip(summary["seat"], seats):
        values = list(df[f"score_{int(seat)}"])
        xs += [label] * len(values)
        ys += values
    fig.add_trace(go.Box(x=xs, y=ys, name=name, marker_color=colour, boxpoints=False, showlegend=legend,
                         legendgroup=name, offsetgroup=name))
    fig.add_trace(go.Scatter(
        x=seats, y=list(summary["mean"]), mode="markers", marker={"color": colour, "symbol": "diamond", "size": 9,
                                                                   "line": {"color": "#222", "width": 1}},
        name=_t("chart.scores.mean", lang, name=name), showlegend=False, legendgroup=name, offsetgroup=name,
        error_y={"type": "data", "symmetric": False, "array": list(summary["ci_high"] - summary["mean"]),
                 "arrayminus": list(summary["mean"] - summary["ci_low"])},
        hovertext=[_t("chart.hover.score", lang, mean=f"{m:.1f}", low=f"{lo:.1f}", high=f"{hi:.1f}",
                      games=len(df)) for m, lo, hi in zip(summary["mean"], summary["ci_low"], summary["ci_high"])],
        hoverinfo="text",
    ))


def _scores_layout(fig: go.Figure, lang: str, title: str) -> None:
    _frame(fig, title)
    fig.update_layout(xaxis_title=_t("chart.seat", lang), yaxis_title=_t("chart.scores.y", lang))


def scores_figure(df: Any, lang: str = "en") -> go.Figure:
    """The score of each seat: a box of its distribution over the games, and a diamond at its
    mean with the 95% interval (hover for the figures)."""
    fig = go.Figure()
    _score_traces(fig, df, lang, _t("chart.scores.y", lang), COLOURS[0], legend=False)
    _scores_layout(fig, lang, _t("chart.scores.title", lang))
    return fig


def compare_scores_figure(df_a: Any, df_b: Any, lang: str = "en",
                          names: Sequence[str] = ("A", "B")) -> go.Figure:
    """A and B side by side for each seat; the title gives the effect of B on the mean score
    per player with its 95% interval (:func:`tablekit.sim.stats.score_effect`)."""
    fig = go.Figure()
    for df, name, colour in zip((df_a, df_b), names, COLOURS):
        _score_traces(fig, df, lang, _t("label.variant", lang, name=name), colour, legend=True)
    diff, lo, hi = score_effect(df_a, df_b)
    _scores_layout(fig, lang, _t("chart.compare.scores.title", lang, a=names[0], b=names[1], diff=f"{diff:+.1f}",
                                 low=f"{lo:+.1f}", high=f"{hi:+.1f}"))
    fig.update_layout(boxmode="group")
    return fig


def figures(df: Any, lang: str = "en") -> dict[str, go.Figure]:
    """Every chart that fits one result: ``win_rate``, ``length``, for Cul-de-sac ``mission``,
    for Ultimate ``contracts`` and for games scored in points (Up or Down?) ``scores``."""
    out = {"win_rate": win_rate_figure(df, lang), "length": length_figure(df, lang)}
    if has_mission(df):
        out["mission"] = mission_figure(df, lang)
    if has_contracts(df):
        out["contracts"] = contracts_figure(df, lang)
    if has_points(df):
        out["scores"] = scores_figure(df, lang)
    return out


def compare_figures(df_a: Any, df_b: Any, lang: str = "en",
                    names: Sequence[str] = ("A", "B")) -> dict[str, go.Figure]:
    """The same keys as :func:`figures`, each chart showing A and B side by side
    (``mission`` only when both variants are Cul-de-sac, ``contracts`` when both are Ultimate,
    ``scores`` when both are scored in points)."""
    out = {"win_rate": compare_win_rate_figure(df_a, df_b, lang, names),
           "length": compare_length_figure(df_a, df_b, lang, names)}
    if has_mission(df_a) and has_mission(df_b):
        out["mission"] = compare_mission_figure(df_a, df_b, lang, names)
    if has_contracts(df_a) and has_contracts(df_b):
        out["contracts"] = compare_contracts_figure(df_a, df_b, lang, names)
    if has_points(df_a) and has_points(df_b):
        out["scores"] = compare_scores_figure(df_a, df_b, lang, names)
    return out


def summary_table(df: Any, lang: str = "en", variant: str | None = None) -> Any:
    """The per-seat results as a DataFrame ready to show: headings and seat/bot names in the
    language, rates as percentages, the 95% Wilson interval as text.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"players": [2, 2], "winners": ["0", "0;1"], "bot_0": ["random"] * 2,
    ...                    "bot_1": ["heuristic"] * 2, "score_0": [1, 1], "score_1": [0, 1]})
    >>> summary_table(df).to_dict("records")[0]["Win rate"]
    '75.0%'
    """
    import pandas as pd

    summary = seat_summary(df)
    rows = []
    for rec in summary.to_dict("records"):
        row: dict[str, Any] = {}
        if variant is not None:
            row[_t("table.variant", lang)] = variant
        row[_t("table.seat", lang)] = seat_name(int(rec["seat"]), lang)
        row[_t("table.bot", lang)] = bot_label(str(rec["bot"]), lang)
        row[_t("table.games", lang)] = int(rec["games"])
        row[_t("table.wins", lang)] = _count(rec["wins"])
        row[_t("table.rate", lang)] = _pct(rec["win_rate"])
        row[_t("table.interval", lang)] = f"{_pct(rec['ci_low'])} – {_pct(rec['ci_high'])}"
        score = rec["mean_score"]
        row[_t("table.score", lang)] = "" if isinstance(score, float) and math.isnan(score) else f"{score:.2f}"
        rows.append(row)
    return pd.DataFrame(rows)



#: Height of one measure's panel in the scorecard chart, and the gap above it for its title (px).
_PANEL, _PANEL_GAP = 70, 56


def scorecard_figure(card: Any, lang: str = "en") -> go.Figure:
    """A :class:`tablekit.sim.scorecard.Scorecard` as small multiples, one panel per measure in
    one column (so it reads the same on a phone and on a projector): A and B as dots on a row
    each with their 95% intervals, the measure's name above its panel (a measure that does not
    apply says "n/a" in its panel).

    >>> from tablekit.sim.scorecard import scorecard
    >>> card = scorecard("up_and_down", "cul_de_sac", {"preset": "cul_de_sac", "removed_cards": 40}, n=6, seed=1)
    >>> fig = scorecard_figure(card)
    >>> len(fig.layout.annotations) - sum(m.applies for m in card.measures) == len(card.measures)  # titles + n/a
    True
    """
    from tablekit.sim.scorecard import KINDS

    measures = list(card.measures)
    rows = max(1, len(measures))
    plot_height = rows * _PANEL + (rows - 1) * _PANEL_GAP
    fig = make_subplots(rows=rows, cols=1, subplot_titles=[m.label(lang) for m in measures],
                        vertical_spacing=_PANEL_GAP / plot_height if rows > 1 else 0.0)
    # The panel titles: left-aligned above their panels, in a smaller font than the chart's title.
    fig.update_annotations(font_size=12, x=0, xanchor="left")
    na = tr("widgets.stats.scorecard.na", lang)
    shown: set[str] = set()  # the variants already in the legend
    for k, m in enumerate(measures):
        row = k + 1
        share = KINDS[m.key] == "share"
        if not m.applies:
            axis = "" if k == 0 else str(k + 1)
            y0, y1 = fig.layout[f"yaxis{axis}"].domain
            fig.add_annotation(text=na, x=0.5, y=(y0 + y1) / 2, xref="paper", yref="paper",
                               showarrow=False, font={"size": 14, "color": _FAILED_COLOUR})
            fig.update_xaxes(visible=False, row=row, col=1)
            fig.update_yaxes(visible=False, row=row, col=1)
            continue
        for name, est, colour in (("A", m.a, COLOURS[0]), ("B", m.b, COLOURS[1])):
            value = f"{est.value:.1%}" if share else f"{est.value:.2f}"
            low = f"{est.low:.1%}" if share else f"{est.low:.2f}"
            high = f"{est.high:.1%}" if share else f"{est.high:.2f}"
            fig.add_trace(go.Scatter(
                x=[est.value], y=[name], mode="markers", name=name, legendgroup=name, showlegend=name not in shown,
                marker={"color": colour, "size": 10},
                error_x={"type": "data", "symmetric": False, "array": [est.high - est.value],
                         "arrayminus": [est.value - est.low]},
                hovertemplate=tr("widgets.stats.scorecard.hover", lang, variant=name, value=value, low=low,
                                 high=high) + "<extra></extra>",
            ), row=row, col=1)
            shown.add(name)
        fig.update_yaxes(categoryorder="array", categoryarray=["B", "A"], row=row, col=1)  # A on top
        if share:
            fig.update_xaxes(tickformat=".1~%", row=row, col=1)
        if m.key == "seat_advantage":
            fig.add_vline(x=0, line_dash="dot", line_color="#555", row=row, col=1)
    _frame(fig, tr("widgets.stats.scorecard.title", lang), panel_titles=True)
    fig.update_layout(height=plot_height + 170)
    return fig


__all__ = [
    "COLOURS",
    "bot_label",
    "compare_contracts_figure",
    "compare_figures",
    "compare_length_figure",
    "compare_mission_figure",
    "compare_win_rate_figure",
    "contract_summary",
    "contracts_figure",
    "figures",
    "has_contracts",
    "has_matches",
    "has_mission",
    "length_figure",
    "mission_figure",
    "mission_summary",
    "scorecard_figure",
    "summary_table",
    "win_rate_figure",
]
