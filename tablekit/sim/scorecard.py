"""A variant scorecard: two configs of one game, the measures game designers use, side by side.

``scorecard(game, config_a, config_b, n)`` plays ``n`` games of each config with the same
seeds (:func:`tablekit.sim.simulate` with the same master seed gives game ``i`` of A and of B
the same seed), then measures both, each with a 95% interval, and the difference B − A with
its interval. The measures (keys of :data:`MEASURES`):

* ``seat_advantage``: the first seat's win share minus the fair share. The first seat is the
  one that makes the first decision of the game (``current_player(initial_state(seed))``); a
  game shared by k winners counts 1/k to each. The fair share is 1/players (times the share of
  games that anybody won, which is 1 unless games can end with no winner).
* ``balance``: the spread of the win shares over the positions in the order of play (the
  first seat, the next, ...): the largest share minus the smallest. 0 is perfectly balanced;
  with few games it is above 0 by chance alone, so compare variants at the same ``n``.
* ``length_mean`` and ``length_sd``: the number of decisions per game, its mean and its
  standard deviation (how much the length varies from game to game).
* ``limit_rate``: the share of games that ended at a limit or blocked, not by the rules' normal
  end: a termination code whose last part is ``stalled``, ``blocked`` or ends in ``_limit``
  (see :func:`is_abnormal_end`).
* ``decisive_rate``: the share of games with exactly one winner (no shared win).
* ``margin``: the winner's lead, the best score minus the second best, in the game's own
  units (points, game wins, chips), averaged over the games.
* ``lead_changes``: how often the lead changes in a game, averaged over the games: each game's
  record is replayed and the game's ``GameSpec.standing`` read after every decision (see
  :func:`tablekit.sim.stats.lead_changes`).

A measure that does not apply is None (shown as "n/a"), never 0: the lead changes of a game
without ``standing``, and the seat, decisiveness and margin measures of a cooperative game
(one team of every seat, such as Up&Down's Cul-de-sac). Rates and means get Wilson and normal
intervals; the seat advantage, the balance, the spread of the length and every difference B − A
get seeded percentile bootstrap intervals (the games are resampled in pairs, as they share
their seeds).

>>> card = scorecard("up_and_down", "basic", {"preset": "basic", "single_game": True}, n=30, seed=3, players=3)
>>> list(card.frame().columns)
['measure', 'A', 'A low', 'A high', 'B', 'B low', 'B high', 'B−A', 'B−A low', 'B−A high']
>>> card.measure("length_mean").b.value < card.measure("length_mean").a.value  # one game, not a match
True
>>> card.table("en").iloc[0, 0]
'Seat advantage (first seat)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tablekit.bots import Bot
from tablekit.core.errors import ConfigError
from tablekit.core.game import Game
from tablekit.core.record import Record
from tablekit.core.registry import make, spec
from tablekit.core.rng import derive_seed
from tablekit.i18n import tr
from tablekit.sim.stats import bootstrap_interval, lead_changes, mean_interval, wilson_interval

#: The measures of a scorecard, in the order of its table.
MEASURES = ("seat_advantage", "balance", "length_mean", "length_sd", "limit_rate", "decisive_rate", "margin",
            "lead_changes")
#: How each measure is printed: as a share (percent), a count or in the game's score units.
KINDS = {"seat_advantage": "share", "balance": "share", "length_mean": "count", "length_sd": "count",
         "limit_rate": "share", "decisive_rate": "share", "margin": "points", "lead_changes": "count"}
#: Bootstrap resamples per interval.
REPS = 1000
#: The last part of a termination code that marks a game stopped by a limit or blocked.
ABNORMAL_ENDS = ("stalled", "blocked")

Config = str | Mapping[str, Any]


def is_abnormal_end(code: str) -> bool:
    """True for a termination that is a limit or a block rather than the rules' normal end.

    >>> [is_abnormal_end(c) for c in ("page_one.end.blocked", "narabe_runo.end.stalled",
    ...                               "ultimate.end.deal_limit", "up_and_down.end.target_wins")]
    [True, True, True, False]
    """
    last = str(code).rsplit(".", 1)[-1]
    return last in ABNORMAL_ENDS or last.endswith("_limit")


@dataclass(frozen=True)
class Estimate:
    """A number with its 95% interval."""

    value: float
    low: float
    high: float

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


@dataclass(frozen=True)
class Measure:
    """One row of a scorecard: the measure's key and its estimate for A, for B and for B − A
    (None where it does not apply)."""

    key: str
    a: Estimate | None
    b: Estimate | None
    diff: Estimate | None

    @property
    def applies(self) -> bool:
        return self.a is not None and self.b is not None

    def label(self, lang: str = "en") -> str:
        return tr(f"widgets.stats.scorecard.measure.{self.key}", lang)


@dataclass(frozen=True)
class Scorecard:
    """Two configs of one game measured side by side (see the module docstring).

    ``measures`` in the order of :data:`MEASURES`; ``frames`` the simulate DataFrames of A and
    B; ``label_a`` / ``label_b`` say what each config is (the preset and its changed options).
    """

    game_name: str
    label_a: str
    label_b: str
    n: int
    seed: int
    players: int
    measures: tuple[Measure, ...]
    frames: Mapping[str, Any] = field(repr=False)

    def measure(self, key: str) -> Measure:
        for m in self.measures:
            if m.key == key:
                return m
        raise KeyError(f"no measure {key!r} (measures: {', '.join(MEASURES)})")

    def frame(self) -> Any:
        """The numbers as a DataFrame: measure (key), A, A low, A high, B, B low, B high, B−A,
        B−A low, B−A high; NaN where a measure does not apply."""
        import pandas as pd

        rows = []
        for m in self.measures:
            row: dict[str, Any] = {"measure": m.key}
            for name, est in (("A", m.a), ("B", m.b), ("B−A", m.diff)):
                row[name] = est.value if est else math.nan
                row[f"{name} low"] = est.low if est else math.nan
                row[f"{name} high"] = est.high if est else math.nan
            rows.append(row)
        return pd.DataFrame(rows)

    def table(self, lang: str = "en") -> Any:
        """The scorecard to read: one row per measure, named in ``lang``, with A, B and B − A
        each written with its interval ("n/a" where a measure does not apply)."""
        import pandas as pd

        def cell(est: Estimate | None, kind: str, signed: bool = False) -> str:
            if est is None:
                return tr("widgets.stats.scorecard.na", lang)
            return tr("widgets.stats.scorecard.cell", lang, value=_fmt(est.value, kind, signed),
                      low=_fmt(est.low, kind, signed), high=_fmt(est.high, kind, signed))

        head = {k: tr(f"widgets.stats.scorecard.column.{k}", lang) for k in ("measure", "diff")}
        rows = [{head["measure"]: m.label(lang), "A": cell(m.a, KINDS[m.key]), "B": cell(m.b, KINDS[m.key]),
                 head["diff"]: cell(m.diff, KINDS[m.key], signed=True)} for m in self.measures]
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        html: str = self.table().to_html(index=False, border=0)
        return f"<p><b>A</b>: {self.label_a}<br><b>B</b>: {self.label_b}</p>{html}"


def _fmt(x: float, kind: str, signed: bool = False) -> str:
    """A number of a measure as the table writes it.

    >>> _fmt(0.0523, "share", signed=True), _fmt(12.345, "count"), _fmt(-3.0, "points")
    ('+5.2%', '12.35', '-3.00')
    """
    if math.isnan(x):
        return "n/a"
    sign = "+" if signed else ""
    return f"{x:{sign}.1%}" if kind == "share" else f"{x:{sign}.2f}"


def _game_for(game_name: str, config: Any, players: int | None, name: str) -> Game[Any]:
    """Make the game of one config: a preset name, or a dict of options (with an optional
    ``preset`` and ``players``) as ``make`` accepts them."""
    if isinstance(config, str):
        return make(game_name, preset=config, players=players)
    if isinstance(config, Mapping):
        options = dict(config)
        preset = options.pop("preset", None)
        if preset is not None and not isinstance(preset, str):
            raise ConfigError(game_name, "preset", preset, sorted(spec(game_name).presets))
        seats = options.pop("players", players)
        for key in options:
            if not isinstance(key, str):
                raise ConfigError(game_name, name, key, "option names (text)")
        return make(game_name, preset=preset, players=seats, **options)
    raise ConfigError(game_name, name, config, "a preset name or a dict of options")


def describe_config(game: Game[Any]) -> str:
    """A config in one line: its preset and the options that differ from it.

    >>> describe_config(make("up_and_down", preset="basic", players=3, single_game=True))
    'basic (single_game=True)'
    """
    base = spec(game.name).presets[game.preset].to_dict()
    changed = [f"{k}={v!r}" for k, v in game.config.to_dict().items() if k != "players" and base.get(k) != v]
    return f"{game.preset} ({', '.join(changed)})" if changed else game.preset


@dataclass(frozen=True)
class _Games:
    """Per-game numbers of one variant, the samples every measure is computed from."""

    shares: Any  # (n, players): win share by position after the first seat
    won: Any  # (n,): 1 when somebody won
    decisions: Any
    abnormal: Any
    single: Any
    margin: Any
    leads: Any | None  # None: no standing, or no records to replay
    coop: bool


def _per_game(game: Game[Any], df: Any) -> _Games:
    import numpy as np

    players = game.num_players
    standing = spec(game.name).standing
    replay = standing is not None and "actions" in df.columns
    shares = np.zeros((len(df), players))
    leads: list[int] = []
    coop = False
    score_cols = [f"score_{s}" for s in range(players) if f"score_{s}" in df.columns]
    for i, (seed, winners) in enumerate(zip(df["seed"], df["winners"])):
        state = game.initial_state(int(seed))
        first = game.current_player(state) or 0
        seats = [int(w) for w in str(winners).split(";") if w != ""]
        for w in seats:
            shares[i, (w - first) % players] += 1.0 / len(seats)
        if replay:
            assert standing is not None
            row = [tuple(standing(game, state))]
            for code in df["actions"].iloc[i]:
                state, _ = game.apply(state, game.action_from_code(code))
                row.append(tuple(standing(game, state)))
            leads.append(lead_changes(row))
        if i == 0:
            coop = _is_cooperative(game, int(seed), df["actions"].iloc[0] if "actions" in df.columns else None)
    scores = df[score_cols].to_numpy(dtype=float) if score_cols else np.zeros((len(df), 1))
    top = np.sort(scores, axis=1)
    margin = top[:, -1] - top[:, -2] if top.shape[1] > 1 else np.full(len(df), math.nan)
    return _Games(
        shares=shares,
        won=(shares.sum(axis=1) > 0).astype(float),
        decisions=df["decisions"].to_numpy(dtype=float),
        abnormal=np.array([is_abnormal_end(t) for t in df["termination"]], dtype=float),
        single=(df["n_winners"].to_numpy() == 1).astype(float),
        margin=margin,
        leads=np.array(leads, dtype=float) if replay else None,
        coop=coop,
    )


def record_lead_changes(record: Record) -> int | None:
    """How often the lead changed in a recorded game: the record is replayed and its game's
    ``standing`` read before the first decision and after each one (see
    :func:`tablekit.sim.stats.lead_changes`). None when the game has no ``standing``.

    >>> from tablekit.sim import play_game
    >>> game = make("page_one", preset="classic", players=3)
    >>> record_lead_changes(play_game(game, "heuristic", seed=4).record) >= 0
    True
    """
    standing = spec(record.game).standing
    if standing is None:
        return None
    game = record.make_game()
    return lead_changes(tuple(standing(game, state)) for state, _, _ in record.steps())


def _is_cooperative(game: Game[Any], seed: int, actions: Sequence[str] | None) -> bool:
    """Whether the whole table plays as one team (the outcome of a finished game says so): the
    game of ``actions`` replayed, or without them a game between random bots."""
    from tablekit.sim import play_game

    if actions is None:
        outcome = play_game(game, "random", seed).outcome
    else:
        state = game.initial_state(seed)
        for code in actions:
            state, _ = game.apply(state, game.action_from_code(code))
        found = game.outcome(state)
        assert found is not None, "a record that does not finish its game"
        outcome = found
    return len(outcome.teams) == 1 and len(outcome.teams[0]) == game.num_players


# Each measure as a statistic of resampled games: idx has shape (reps, n); returns (reps,).
def _seat_advantage(g: _Games, idx: Any) -> Any:
    players = g.shares.shape[1]
    return g.shares[idx, 0].mean(axis=-1) - g.won[idx].mean(axis=-1) / players


def _balance(g: _Games, idx: Any) -> Any:
    means = g.shares[idx].mean(axis=-2)
    return means.max(axis=-1) - means.min(axis=-1)


def _column(name: str) -> Callable[[_Games, Any], Any]:
    return lambda g, idx: getattr(g, name)[idx].mean(axis=-1)


def _sd(g: _Games, idx: Any) -> Any:
    return g.decisions[idx].std(axis=-1, ddof=1)


_STATISTICS: dict[str, Callable[[_Games, Any], Any]] = {
    "seat_advantage": _seat_advantage,
    "balance": _balance,
    "length_mean": _column("decisions"),
    "length_sd": _sd,
    "limit_rate": _column("abnormal"),
    "decisive_rate": _column("single"),
    "margin": _column("margin"),
    "lead_changes": _column("leads"),
}


def _applies(key: str, g: _Games) -> bool:
    n = len(g.decisions)
    if n == 0:
        return False
    if key == "lead_changes":
        return g.leads is not None
    if key in ("seat_advantage", "balance", "decisive_rate", "margin"):
        return not g.coop and (key != "margin" or not math.isnan(float(g.margin[0])))
    if key == "length_sd":
        return n > 1
    return True


def _estimate(key: str, g: _Games, seed: int) -> Estimate:
    import numpy as np

    n = len(g.decisions)
    whole = np.arange(n)
    value = float(_STATISTICS[key](g, whole))
    if key in ("limit_rate", "decisive_rate"):
        successes = float(value * n)
        low, high = wilson_interval(successes, n)
        return Estimate(value, low, high)
    if key in ("length_mean", "margin", "lead_changes"):
        samples = {"length_mean": g.decisions, "margin": g.margin, "lead_changes": g.leads}[key]
        mean, low, high = mean_interval(samples)
        return Estimate(mean, low, high)
    low, high = bootstrap_interval(lambda idx: _STATISTICS[key](g, idx), n, REPS, seed)
    return Estimate(value, low, high)


def _difference(key: str, a: _Games, b: _Games, paired: bool, seed: int) -> Estimate:
    import numpy as np

    stat = _STATISTICS[key]
    value = float(stat(b, np.arange(len(b.decisions))) - stat(a, np.arange(len(a.decisions))))
    na, nb = len(a.decisions), len(b.decisions)
    if paired:
        low, high = bootstrap_interval(lambda idx: stat(b, idx) - stat(a, idx), na, REPS, seed)
    else:
        rng = np.random.default_rng(seed)
        diffs = stat(b, rng.integers(0, nb, size=(REPS, nb))) - stat(a, rng.integers(0, na, size=(REPS, na)))
        low, high = (float(v) for v in np.nanpercentile(diffs, [2.5, 97.5]))
    return Estimate(value, low, high)


def score_frames(game_a: Game[Any], game_b: Game[Any], df_a: Any, df_b: Any, seed: int = 0) -> Scorecard:
    """The scorecard of two simulate DataFrames already played (``game_a`` / ``game_b`` the
    games they were played with). Give them ``records=True`` rows (an ``actions`` column) for
    the lead changes; without, that row is n/a. Games played from the same master seed are
    compared in pairs."""
    if game_a.name != game_b.name:
        raise ValueError(f"a scorecard compares two configs of one game (got {game_a.name} and {game_b.name})")
    ga, gb = _per_game(game_a, df_a), _per_game(game_b, df_b)
    paired = len(df_a) == len(df_b) and list(df_a["seed"]) == list(df_b["seed"])
    measures = []
    for k, key in enumerate(MEASURES):
        boot = derive_seed(seed, "scorecard", k)
        fits_a, fits_b = _applies(key, ga), _applies(key, gb)
        a = _estimate(key, ga, boot) if fits_a else None
        b = _estimate(key, gb, derive_seed(boot, "B")) if fits_b else None
        diff = _difference(key, ga, gb, paired, derive_seed(boot, "diff")) if fits_a and fits_b else None
        measures.append(Measure(key, a, b, diff))
    return Scorecard(game_a.name, describe_config(game_a), describe_config(game_b), len(df_a), seed,
                     game_a.num_players, tuple(measures), {"A": df_a, "B": df_b})


def scorecard(
    game_name: str,
    config_a: Config,
    config_b: Config,
    n: int = 400,
    seed: int = 0,
    bots: Sequence[Bot | str] | Bot | str = "heuristic",
    players: int | None = None,
    workers: int = 1,
) -> Scorecard:
    """Play ``n`` games of config A and of config B with the same seeds, and measure both.

    ``config_a`` / ``config_b``: a preset name, or a dict of options as ``make`` takes them
    (``{"preset": "classic", "players": 3, "multi_play": True}``); a bad option raises
    ConfigError naming the field. ``bots``: one bot (name or Bot) for every seat, or one per
    seat; ``players`` applies to both configs unless a dict sets its own; ``workers`` as in
    ``simulate`` (the numbers do not depend on it).
    """
    from tablekit.sim import simulate

    spec(game_name)  # an unknown game: ConfigError listing the games
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ConfigError("scorecard", "n", n, "a whole number of at least 2")
    game_a = _game_for(game_name, config_a, players, "config_a")
    game_b = _game_for(game_name, config_b, players, "config_b")
    bot_list = list(bots) if isinstance(bots, (list, tuple)) else bots
    frames = [simulate(g, bot_list, n=n, seed=seed, workers=workers, progress=False, records=True)
              for g in (game_a, game_b)]
    return score_frames(game_a, game_b, frames[0], frames[1], seed)


__all__ = ["ABNORMAL_ENDS", "Estimate", "KINDS", "MEASURES", "Measure", "Scorecard", "describe_config",
           "is_abnormal_end", "record_lead_changes", "score_frames", "scorecard"]
