"""The game registry: every game announces itself once, as a :class:`GameSpec`.

Each game's package (``tablekit/games/<game>/__init__.py``) exports ``SPEC``. Everything that
works on any game (``make``, deal codes, bots, the command line, the widgets, the tests) reads
the spec and never imports a game's modules by naming convention. Adding a game is its package
plus one line in ``_PACKAGES``; a test may :func:`register` a spec of its own.

>>> spec("up_and_down").default_preset, spec("up_and_down").players
('basic', (2, 7))
>>> spec("up_and_down").human_seats(make("up_and_down", preset="solo").config, 0)
frozenset({0, 1, 2, 3})
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tablekit.core.config import GameConfig
from tablekit.core.errors import ConfigError
from tablekit.core.game import Game
from tablekit.core.verdict import Event

# name -> the package whose SPEC describes it, in the order menus list the games. Packages load
# on first use.
_PACKAGES: dict[str, str] = {
    "up_and_down": "tablekit.games.up_and_down",
    "ultimate": "tablekit.games.ultimate",
    "up_or_down": "tablekit.games.up_or_down",
    "narabe_runo": "tablekit.games.narabe_runo",
    "page_one": "tablekit.games.page_one",
}
_BUILTIN = frozenset(_PACKAGES)
_SPECS: dict[str, GameSpec] = {}


def _one_seat(config: GameConfig, seat: int) -> frozenset[int]:
    return frozenset({seat})


def _is_match(config: GameConfig) -> bool:
    return config.is_match


@dataclass(frozen=True)
class GameSpec:
    """Everything the shared layers need to know about one game.

    * ``name``: the registry name (``"page_one"``); its i18n title is ``<name>.title``.
    * ``game_class`` and ``presets`` (name -> config), ``default_preset``.
    * ``players``: the smallest and largest player count.
    * ``view``: the view-model builder ``view(game, state, viewer, lang, controls=..., events=...,
      teaching=..., **display)`` (see ``core.view.table_view``).
    * ``lessons``: the scripted walkthroughs (``core.lessons.Lesson``), in teaching order.
    * ``bots``: the game's own bots by name (each a class or factory called with no argument);
      ``"random"`` works for every game and need not be listed.
    * ``deal_prefix`` and ``deal_letters`` (letter -> preset): deal codes such as ``UD-B4-7F3A9``.
    * ``ui_options``: the options a settings panel shows first (the others go under "More").
    * ``mode_options``: options that choosing a preset (the "Mode" menu) already sets, so a
      settings panel does not offer them a second time (Up&Down's ``mode``).
    * ``preset_players``: a preset's own player range where it is narrower than ``players``
      (Ultimate's basic rules need 4; its circle preset takes 3): see :meth:`players_for`.
    * ``display_options``: view switches the table offers (e.g. ``("four_colour",)``).
    * ``human_seats(config, seat)``: the seats a person at the screen controls (several in solo
      and co-op modes); ``is_match(config)``: whether a game is a sequence of deals to a target
      (by default the config's ``is_match``).
    * ``round_summary(game, events, lang)``: given the events of ONE step, the summary of the
      round (or game of a match) that step ended, or None when it ended none: the revealed
      hands, who won and why, the standings (``core.view.round_summary_view`` builds it).
      None (the default): the game has no such summary.
    * ``solver(game, state, seconds)``: "still winnable?" for the open-hand modes whose whole table
      plays one mission (Up&Down's co-op and solo); returns None for a config it does not solve.
      None (the default): the game has no solver.
    * ``standing(game, state)``: each seat's standing now (higher is better; the leader is the
      highest), for measures such as how often the lead changes. None (the default): the game
      does not say who leads mid-game.
    * ``search_horizon``: how many moves the search bot's roll-outs play before the standing
      scores them, for a game whose roll-outs are long (``SearchBot(horizon="auto")``). None (the
      default): a match is cut at ``tablekit.bots.search.MATCH_HORIZON`` moves, any other game
      is played to its end. Needs a ``standing``.
    * ``encoder``: the game's fixed-shape encoding of observations and its fixed action space,
      for learning agents (a ``tablekit.core.encoding.Encoder`` or its class; see
      ``tablekit.interop.pettingzoo``). None (the default): the game offers none.
    """

    name: str
    game_class: type[Game[Any]]
    presets: Mapping[str, GameConfig]
    default_preset: str
    players: tuple[int, int]
    view: Callable[..., dict[str, Any]]
    lessons: Sequence[Any] = ()
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    deal_prefix: str = ""
    deal_letters: Mapping[str, str] = field(default_factory=dict)
    ui_options: tuple[str, ...] = ()
    display_options: tuple[str, ...] = ()
    human_seats: Callable[[GameConfig, int], frozenset[int]] = _one_seat
    is_match: Callable[[GameConfig], bool] = _is_match
    mode_options: tuple[str, ...] = ()
    preset_players: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    round_summary: Callable[[Game[Any], Sequence[Event], str], dict[str, Any] | None] | None = None
    solver: Callable[..., Any] | None = None
    standing: Callable[[Game[Any], Any], Sequence[float]] | None = None
    search_horizon: int | None = None
    encoder: Any = None

    def __post_init__(self) -> None:
        if self.search_horizon is not None and (self.standing is None or self.search_horizon < 1):
            raise ConfigError(self.name, "search_horizon", self.search_horizon,
                              "a whole number of at least 1, for a game with a standing")
        if self.default_preset not in self.presets:
            raise ConfigError(self.name, "default_preset", self.default_preset, sorted(self.presets))
        for letter, preset in self.deal_letters.items():
            if preset not in self.presets or len(letter) != 1 or not letter.isupper():
                raise ConfigError(self.name, "deal_letters", letter, "one capital letter per preset")
        for name, (low, high) in {"": self.players, **self.preset_players}.items():
            if not 2 <= low <= high <= 9:
                # Deal codes hold the player count in one digit.
                raise ConfigError(self.name, f"players{f' of {name}' if name else ''}", (low, high),
                                  "a range within 2 to 9")
            if name and not (self.players[0] <= low and high <= self.players[1]):
                raise ConfigError(self.name, f"players of {name}", (low, high), f"within {self.players}")

    def __repr__(self) -> str:
        return f"GameSpec({self.name!r})"

    def players_for(self, preset: str | None = None) -> tuple[int, int]:
        """The player range of ``preset`` (None: the default preset): its own, else the game's.

        >>> spec("up_and_down").players_for("solo")
        (2, 7)
        """
        return self.preset_players.get(preset or self.default_preset, self.players)

    def deal_letter(self, preset: str) -> str | None:
        """The deal-code letter of a preset (None: that preset has no deal code)."""
        return next((k for k, v in self.deal_letters.items() if v == preset), None)


def register(game_spec: GameSpec, package: str | None = None) -> None:
    """Add a game (tests register toy games this way; real games add a line to ``_PACKAGES``)."""
    _SPECS[game_spec.name] = game_spec
    if package is not None:
        _PACKAGES[game_spec.name] = package


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` (for tests that clean up after themselves)."""
    _SPECS.pop(name, None)
    if name not in _BUILTIN:
        _PACKAGES.pop(name, None)


def list_games() -> list[str]:
    """Names of the games that can be made, in one order that every menu uses: tablekit's own
    games as ``_PACKAGES`` lists them, then games registered while the program runs.

    >>> list_games()[:5]
    ['up_and_down', 'ultimate', 'up_or_down', 'narabe_runo', 'page_one']
    """
    return list(_PACKAGES) + [name for name in _SPECS if name not in _PACKAGES]


def spec(name: str) -> GameSpec:
    """The spec of a registered game; ConfigError lists the games when the name is unknown."""
    if name not in _SPECS:
        if name not in _PACKAGES:
            raise ConfigError("tablekit", "game", name, list_games())
        found = importlib.import_module(_PACKAGES[name]).SPEC
        if not isinstance(found, GameSpec) or found.name != name:
            raise TypeError(f"{_PACKAGES[name]}.SPEC must be the GameSpec of {name!r}")
        _SPECS[name] = found
    return _SPECS[name]


def presets(name: str) -> dict[str, GameConfig]:
    """The named presets of a game."""
    return dict(spec(name).presets)


def make(
    name: str,
    preset: str | None = None,
    players: int | None = None,
    config: Mapping[str, Any] | None = None,
    **overrides: Any,
) -> Game[Any]:
    """Make a game by name, preset, player count and option overrides.

    >>> game = make("up_and_down", preset="basic", players=4)
    >>> game.config.players, game.config.mode
    (4, 'basic')

    ``config`` is a whole config dict (as stored in a record); it is applied on top of the
    preset, then ``players`` and ``overrides`` on top of that.
    """
    game_spec = spec(name)
    preset_name = preset or game_spec.default_preset
    if preset_name not in game_spec.presets:
        raise ConfigError(name, "preset", preset_name, sorted(game_spec.presets))
    cfg = game_spec.presets[preset_name]
    changes: dict[str, Any] = dict(config or {})
    if players is not None:
        changes["players"] = players
    changes.update(overrides)
    if changes:
        cfg = type(cfg).from_dict(changes, base=cfg)
    game: Game[Any] = game_spec.game_class(cfg, preset=preset_name)
    return game
