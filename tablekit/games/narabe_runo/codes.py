"""並べRUNO's code tables: terminations, events, reasons and labels that i18n turns into English
and Japanese sentences.

>>> NO_NO_MATCH, END_LAST
('narabe_runo.illegal.no_match', 'narabe_runo.end.last_scoring_card')
"""

from __future__ import annotations

from typing import Final

from tablekit.games.narabe_runo.config import LAYOUTS, PRESETS, NarabeRunoConfig

NS: Final = "narabe_runo"

# Terminations
END_LAST: Final = f"{NS}.end.last_scoring_card"
END_STALLED: Final = f"{NS}.end.stalled"
# Events
EV_DEAL: Final = f"{NS}.event.deal"
EV_PLAYED: Final = f"{NS}.event.played"
EV_NEW_ROAD: Final = f"{NS}.event.new_road"
EV_COLOUR: Final = f"{NS}.event.colour_named"
EV_SKIP: Final = f"{NS}.event.skipped"
EV_REVERSE: Final = f"{NS}.event.reverse"
EV_DIRECTION: Final = f"{NS}.event.direction"
EV_CAPTURE: Final = f"{NS}.event.captured"
EV_DISCARDED: Final = f"{NS}.event.discarded"
EV_PASSED: Final = f"{NS}.event.passed"
EV_REFILL: Final = f"{NS}.event.refilled"
EV_RESHUFFLE: Final = f"{NS}.event.reshuffled"
EV_BLOCKED: Final = f"{NS}.event.blocked"
EV_LAST: Final = f"{NS}.event.last_scoring_card"
EV_STALLED: Final = f"{NS}.event.stalled"
EV_REVEAL_NUMBER: Final = f"{NS}.event.reveal_number"
EV_REVEAL_DRAW: Final = f"{NS}.event.reveal_draw"
EV_REVEAL_SKIP: Final = f"{NS}.event.reveal_skip"
EV_REVEAL_REVERSE: Final = f"{NS}.event.reveal_reverse"
EV_REVEAL_WILD: Final = f"{NS}.event.reveal_wild"
EV_GAME_OVER: Final = f"{NS}.event.game_over"
# Reasons
OK_PLAY: Final = f"{NS}.ok.play"
OK_NEW_ROAD: Final = f"{NS}.ok.new_road"
OK_CAPTURE: Final = f"{NS}.ok.capture"
OK_DISCARD: Final = f"{NS}.ok.discard"
OK_PASS: Final = f"{NS}.ok.pass"
NO_GAME_OVER: Final = f"{NS}.illegal.game_over"
NO_NOT_IN_HAND: Final = f"{NS}.illegal.not_in_hand"
NO_NO_MATCH: Final = f"{NS}.illegal.no_match"
NO_NOT_NEXT: Final = f"{NS}.illegal.not_next_to_anchor"
NO_TAKEN: Final = f"{NS}.illegal.cell_taken"
NO_OUTSIDE: Final = f"{NS}.illegal.outside_area"
NO_MUST_EXTEND: Final = f"{NS}.illegal.must_extend"
NO_NOT_ANCHOR: Final = f"{NS}.illegal.not_an_anchor"
NO_CLOSED: Final = f"{NS}.illegal.road_closed"
NO_NO_ANCHOR: Final = f"{NS}.illegal.no_anchor"
NO_WD4_STRICT: Final = f"{NS}.illegal.wd4_other_play"
NO_WD4_COLOUR: Final = f"{NS}.illegal.wd4_holds_colour"
NO_DISCARD_PLAYABLE: Final = f"{NS}.illegal.discard_playable"
NO_PASS_CARDS: Final = f"{NS}.illegal.pass_with_cards"
NO_WILD_COLOUR: Final = f"{NS}.illegal.wild_needs_colour"
NO_CAPTURE_COLOUR: Final = f"{NS}.illegal.capture_no_colour"
NO_FITS_NOWHERE: Final = f"{NS}.illegal.card_fits_nowhere"

REASON_CODES: Final = frozenset({
    OK_PLAY, OK_NEW_ROAD, OK_CAPTURE, OK_DISCARD, OK_PASS, NO_GAME_OVER, NO_NOT_IN_HAND, NO_NO_MATCH, NO_NOT_NEXT,
    NO_TAKEN, NO_OUTSIDE, NO_MUST_EXTEND, NO_NOT_ANCHOR, NO_CLOSED, NO_NO_ANCHOR, NO_WD4_STRICT, NO_WD4_COLOUR,
    NO_DISCARD_PLAYABLE, NO_PASS_CARDS, NO_WILD_COLOUR, NO_CAPTURE_COLOUR, NO_FITS_NOWHERE,
})
EVENT_CODES: Final = frozenset({
    EV_DEAL, EV_PLAYED, EV_NEW_ROAD, EV_COLOUR, EV_SKIP, EV_REVERSE, EV_DIRECTION, EV_CAPTURE, EV_DISCARDED,
    EV_PASSED, EV_REFILL, EV_RESHUFFLE, EV_BLOCKED, EV_LAST, EV_STALLED, EV_REVEAL_NUMBER, EV_REVEAL_DRAW,
    EV_REVEAL_SKIP, EV_REVEAL_REVERSE, EV_REVEAL_WILD, EV_GAME_OVER,
})
END_CODES: Final = frozenset({END_LAST, END_STALLED})
CHOICE_FIELDS: Final = ("boundary", "wd4_rule", "draw_refill", "start_card", "draw_scoring", "skip_scoring_two_players")
LABEL_CODES: Final = frozenset(
    {f"{NS}.action.{k}" for k in ("play", "play_wild", "discard", "pass")}
    | {f"{NS}.option.{f}" for f in NarabeRunoConfig.field_names()}
    | {f"{NS}.label.{f}.{v}" for f in CHOICE_FIELDS for v in NarabeRunoConfig.describe()[f]["choices"]}
    | {f"{NS}.label.mode.{p}" for p in PRESETS}
    | {f"{NS}.label.layout.{name}" for name in (*LAYOUTS, "custom")}
    | {f"{NS}.title"}
)

#: The reasons the heuristic bot gives for a hint (``bots.py``); filled in by the bots.
HINT_CODES: Final[frozenset[str]] = frozenset(f"{NS}.hint.{k}" for k in (
    "capture", "capture_wild", "approach", "safe", "set_up", "wild", "draw_two", "skip", "play", "discard_stuck",
    "discard_keep_wild", "discard_safe", "discard_wait", "pass", "press", "race"))

__all__ = sorted(name for name in dir() if name.isupper())
