"""Up or Down?'s code tables: terminations, events, reasons and labels that i18n turns into
English and Japanese sentences.

>>> NO_NOT_LOWER, NO_DURING[0]
('up_or_down.illegal.not_lower', 'up_or_down.illegal.during_play')
"""

from __future__ import annotations

from typing import Final

from tablekit.games.up_or_down.config import COLOURS, PRESETS, UpOrDownConfig
from tablekit.games.up_or_down.state import PHASE_NAMES

NS: Final = "up_or_down"

# Terminations
END_EMPTY: Final = f"{NS}.end.all_played"
# Events
EV_DEAL: Final = f"{NS}.event.deal"
EV_COLOURS: Final = f"{NS}.event.variant_colour"
EV_PLAYED: Final = f"{NS}.event.played"
EV_TOOK: Final = f"{NS}.event.took"
EV_PLACED: Final = f"{NS}.event.placed"
EV_DIRECTION: Final = f"{NS}.event.direction_fixed"
EV_STARTED: Final = f"{NS}.event.column_started"
EV_ABANDONED: Final = f"{NS}.event.abandoned"
EV_REMOVED: Final = f"{NS}.event.removed"
EV_DREW_DOWN: Final = f"{NS}.event.drew_down"
EV_DREW_UP: Final = f"{NS}.event.drew_up"
EV_NEW_TOP: Final = f"{NS}.event.new_up_top"
EV_PILES_EMPTY: Final = f"{NS}.event.piles_empty"
EV_OUT_OF_CARDS: Final = f"{NS}.event.out_of_cards"
EV_GAME_OVER: Final = f"{NS}.event.game_over"
# Reasons
OK_PLAY: Final = f"{NS}.ok.play"
OK_TAKE: Final = f"{NS}.ok.take_neighbour"
OK_TAKE_COLOUR: Final = f"{NS}.ok.take_colour"
OK_TAKE_ANY: Final = f"{NS}.ok.take_any"
OK_START_UP: Final = f"{NS}.ok.sets_up"
OK_START_DOWN: Final = f"{NS}.ok.sets_down"
OK_UP: Final = f"{NS}.ok.goes_up"
OK_DOWN: Final = f"{NS}.ok.goes_down"
OK_NEW: Final = f"{NS}.ok.new_column"
OK_ABANDON: Final = f"{NS}.ok.abandon"
OK_REMOVE: Final = f"{NS}.ok.remove"
OK_DRAW_DOWN: Final = f"{NS}.ok.draw_down"
OK_DRAW_UP: Final = f"{NS}.ok.draw_up"
NO_GAME_OVER: Final = f"{NS}.illegal.game_over"
# An action of another part of the turn: the reason says what to do now.
NO_DURING: Final = tuple(f"{NS}.illegal.during_{p}" for p in PHASE_NAMES[:4])
NO_NOT_IN_HAND: Final = f"{NS}.illegal.not_in_hand"
NO_NOT_IN_RING: Final = f"{NS}.illegal.not_in_ring"
NO_TAKE_PLAYED: Final = f"{NS}.illegal.take_played"
NO_NOT_NEIGHBOUR: Final = f"{NS}.illegal.not_neighbour"
NO_TAKE_COLOUR: Final = f"{NS}.illegal.take_wrong_colour"
NO_TAKE_PLAYED_COLOUR: Final = f"{NS}.illegal.take_needs_colour"
NO_NO_COLUMN: Final = f"{NS}.illegal.no_such_column"
NO_NOT_HIGHER: Final = f"{NS}.illegal.not_higher"
NO_NOT_LOWER: Final = f"{NS}.illegal.not_lower"
NO_FOURTH: Final = f"{NS}.illegal.fourth_column"
NO_REMOVE_OFF: Final = f"{NS}.illegal.remove_off"
NO_REMOVE_COLOUR: Final = f"{NS}.illegal.remove_wrong_colour"
NO_PILE_EMPTY: Final = f"{NS}.illegal.pile_empty"

REASON_CODES: Final = frozenset({
    OK_PLAY, OK_TAKE, OK_TAKE_COLOUR, OK_TAKE_ANY, OK_START_UP, OK_START_DOWN, OK_UP, OK_DOWN, OK_NEW,
    OK_ABANDON, OK_REMOVE, OK_DRAW_DOWN, OK_DRAW_UP, NO_GAME_OVER, *NO_DURING, NO_NOT_IN_HAND, NO_NOT_IN_RING,
    NO_TAKE_PLAYED, NO_NOT_NEIGHBOUR, NO_TAKE_COLOUR, NO_TAKE_PLAYED_COLOUR, NO_NO_COLUMN, NO_NOT_HIGHER,
    NO_NOT_LOWER, NO_FOURTH, NO_REMOVE_OFF, NO_REMOVE_COLOUR, NO_PILE_EMPTY,
})
EVENT_CODES: Final = frozenset({
    EV_DEAL, EV_COLOURS, EV_PLAYED, EV_TOOK, EV_PLACED, EV_DIRECTION, EV_STARTED, EV_ABANDONED, EV_REMOVED,
    EV_DREW_DOWN, EV_DREW_UP, EV_NEW_TOP, EV_PILES_EMPTY, EV_OUT_OF_CARDS, EV_GAME_OVER,
})
END_CODES: Final = frozenset({END_EMPTY})
#: The roles a variant colour plays (``state.COLOUR_ROLES``), each with a name for the table.
ROLE_CODES: Final = frozenset(f"{NS}.role.{r}" for r in (
    "special_colour", "special_down_colour", "take_colour", "remove_colour"))
CHOICE_FIELDS: Final = ("length", "rainbow", "greenhorn", "special", "take", "special_colour", "special_down_colour",
                        "take_colour", "remove_colour", "discard_value")
LABEL_CODES: Final = frozenset(
    {f"{NS}.action.{k}" for k in ("play", "take", "place", "new_column", "abandon", "remove", "draw_down", "draw_up")}
    | {f"{NS}.phase.{p}" for p in PHASE_NAMES}
    | {f"{NS}.option.{f}" for f in UpOrDownConfig.field_names()}
    | {f"{NS}.label.{f}.{v}" for f in CHOICE_FIELDS for v in UpOrDownConfig.describe()[f]["choices"]}
    | {f"{NS}.label.mode.{p}" for p in PRESETS}
    | {f"{NS}.colour.{c}" for c in COLOURS}
    | {f"{NS}.pile.{p}" for p in ("down", "up")}
    | {f"{NS}.direction.{d}" for d in ("up", "down")}
    | {f"{NS}.title"}
    | ROLE_CODES
)

#: The reasons the heuristic bot gives for a hint (``bots.py``).
HINT_CODES: Final = frozenset(f"{NS}.hint.{k}" for k in (
    "play", "take", "extend", "start", "abandon", "remove", "draw_up", "draw_down",
))

__all__ = sorted(name for name in dir() if name.isupper())
