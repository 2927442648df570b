"""The game registry: ``make`` a game by name, ``list_games`` for menus."""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from tablekit.core.config import GameConfig
from tablekit.core.errors import ConfigError
from tablekit.core.game import Game

# name -> module that defines GAME_CLASS and PRESETS. Modules load on first use.
_GAMES: dict[str, str] = {
    "up_and_down": "tablekit.games.up_and_down",
    "page_one": "tablekit.games.page_one",
}


def list_games() -> list[str]:
    """Names of the games that can be made.

    >>> "up_and_down" in list_games()
    True
    """
    return sorted(_GAMES)


def _module(name: str) -> Any:
    if name not in _GAMES:
        raise ConfigError("tablekit", "game", name, list_games())
    return importlib.import_module(_GAMES[name])


def presets(name: str) -> dict[str, GameConfig]:
    """The named presets of a game."""
    return dict(_module(name).PRESETS)


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
    module = _module(name)
    preset_table: Mapping[str, GameConfig] = module.PRESETS
    preset_name = preset or module.DEFAULT_PRESET
    if preset_name not in preset_table:
        raise ConfigError(name, "preset", preset_name, sorted(preset_table))
    cfg = preset_table[preset_name]
    changes: dict[str, Any] = dict(config or {})
    if players is not None:
        changes["players"] = players
    changes.update(overrides)
    if changes:
        cfg = type(cfg).from_dict(changes, base=cfg)
    game: Game[Any] = module.GAME_CLASS(cfg, preset=preset_name)
    return game
