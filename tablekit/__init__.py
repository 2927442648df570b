"""tablekit: a teaching kit for five card games.

>>> from tablekit import make, Match
>>> game = make("up_and_down", preset="basic", players=4)
>>> state = game.initial_state(seed=1)
>>> game.current_player(state)
0
"""

# First: decides between the compiled and the pure-Python engine (TABLEKIT_PURE=1) before any
# engine module is imported.
from tablekit import build  # noqa: F401  (isort: skip)
from tablekit.core import (
    Action,
    ConfigError,
    Event,
    Game,
    IllegalActionError,
    InvalidActionError,
    Match,
    Outcome,
    Record,
    RecordError,
    TablekitError,
    Verdict,
    derive_seed,
    list_games,
    make,
    presets,
    replay,
)
from tablekit.i18n import tr

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ConfigError",
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "Outcome",
    "Record",
    "RecordError",
    "TablekitError",
    "Verdict",
    "derive_seed",
    "list_games",
    "make",
    "presets",
    "replay",
    "tr",
]
