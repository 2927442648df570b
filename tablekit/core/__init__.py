"""The engine core: protocol, actions, verdicts, records, matches, registry, errors, rng."""

from tablekit.core.actions import Action
from tablekit.core.config import GameConfig, option
from tablekit.core.errors import (
    ClassroomError,
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    MoveTaken,
    RecordError,
    TablekitError,
)
from tablekit.core.game import Game, Outcome
from tablekit.core.match import Match
from tablekit.core.record import Record, replay
from tablekit.core.registry import list_games, make, presets
from tablekit.core.rng import derive_seed, make_rng
from tablekit.core.verdict import Event, Verdict

__all__ = [
    "Action",
    "ClassroomError",
    "ConfigError",
    "Event",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "MoveTaken",
    "Outcome",
    "Record",
    "RecordError",
    "TablekitError",
    "Verdict",
    "derive_seed",
    "list_games",
    "make",
    "make_rng",
    "option",
    "presets",
    "replay",
]
