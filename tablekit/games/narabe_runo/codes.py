"""並べRUNO's code tables: terminations, events, reasons and labels that i18n turns into English
and Japanese sentences.

>>> NO_NO_MATCH, END_LAST
('narabe_runo.illegal.no_match', 'narabe_runo.end.last_scoring_card')
"""

from __future__ import annotations

from tablekit.games.narabe_runo.config import LAYOUTS, PRESETS, NarabeRunoConfig

NS = "narabe_runo"

# Terminations
END_LAST = f"{NS}.end.last_scoring_card"
END_STALLED = f"{NS}.end.stalled"
# Events
EV_DEAL = f"{NS}.event.deal"
EV_PLAYED = f"{NS}.event.played"
EV_NEW_ROAD = f"{NS}.event.new_road"
EV_COLOUR = f"{NS}.event.colour_named"
EV_SKIP = f"{NS}.event.skipped"
EV_REVERSE = f"{NS}.event.reverse"
EV_DIRECTION = f"{NS}.event.direction"
EV_CAPTURE = f"{NS}.event.captured"
EV_DISCARDED = f"{NS}.event.discarded"
EV_PASSED = f"{NS}.event.passed"
EV_REFILL = f"{NS}.event.refilled"
EV_RESHUFFLE = f"{NS}.event.reshuffled"
EV_BLOCKED = f"{NS}.event.blocked"
EV_LAST = f"{NS}.event.last_scoring_card"
EV_STALLED = f"{NS}.event.stalled"
EV_REVEAL_NUMBER = f"{NS}.event.reveal_number"
EV_REVEAL_DRAW = f"{NS}.event.reveal_draw"
EV_REVEAL_SKIP = f"{NS}.event.reveal_skip"
EV_REVEAL_REVERSE = f"{NS}.event.reveal_reverse"
EV_REVEAL_WILD = f"{NS}.event.reveal_wild"
EV_GAME_OVER = f"{NS}.event.game_over"
# Reasons
OK_PLAY = f"{NS}.ok.play"
OK_NEW_ROAD = f"{NS}.ok.new_road"
OK_CAPTURE = f"{NS}.ok.capture"
OK_DISCARD = f"{NS}.ok.discard"
OK_PASS = f"{NS}.ok.pass"
NO_GAME_OVER = f"{NS}.illegal.game_over"
NO_NOT_IN_HAND = f"{NS}.illegal.not_in_hand"
NO_NO_MATCH = f"{NS}.illegal.no_match"
NO_NOT_NEXT = f"{NS}.illegal.not_next_to_anchor"
NO_TAKEN = f"{NS}.illegal.cell_taken"
NO_OUTSIDE = f"{NS}.illegal.outside_area"
NO_MUST_EXTEND = f"{NS}.illegal.must_extend"
NO_NOT_ANCHOR = f"{NS}.illegal.not_an_anchor"
NO_CLOSED = f"{NS}.illegal.road_closed"
NO_NO_ANCHOR = f"{NS}.illegal.no_anchor"
NO_WD4_STRICT = f"{NS}.illegal.wd4_other_play"
NO_WD4_COLOUR = f"{NS}.illegal.wd4_holds_colour"
NO_DISCARD_PLAYABLE = f"{NS}.illegal.discard_playable"
NO_PASS_CARDS = f"{NS}.illegal.pass_with_cards"
NO_WILD_COLOUR = f"{NS}.illegal.wild_needs_colour"
NO_CAPTURE_COLOUR = f"{NS}.illegal.capture_no_colour"
NO_FITS_NOWHERE = f"{NS}.illegal.card_fits_nowhere"

REASON_CODES = frozenset({
    OK_PLAY, OK_NEW_ROAD, OK_CAPTURE, OK_DISCARD, OK_PASS, NO_GAME_OVER, NO_NOT_IN_HAND, NO_NO_MATCH, NO_NOT_NEXT,
    NO_TAKEN, NO_OUTSIDE, NO_MUST_EXTEND, NO_NOT_ANCHOR, NO_CLOSED, NO_NO_ANCHOR, NO_WD4_STRICT, NO_WD4_COLOUR,
    NO_DISCARD_PLAYABLE, NO_PASS_CARDS, NO_WILD_COLOUR, NO_CAPTURE_COLOUR, NO_FITS_NOWHERE,
})
EVENT_CODES = frozenset({
    EV_DEAL, EV_PLAYED, EV_NEW_ROAD, EV_COLOUR, EV_SKIP, EV_REVERSE, EV_DIRECTION, EV_CAPTURE, EV_DISCARDED,
    EV_PASSED, EV_REFILL, EV_RESHUFFLE, EV_BLOCKED, EV_LAST, EV_STALLED, EV_REVEAL_NUMBER, EV_REVEAL_DRAW,
    EV_REVEAL_SKIP, EV_REVEAL_REVERSE, EV_REVEAL_WILD, EV_GAME_OVER,
})
END_CODES = frozenset({END_LAST, END_STALLED})
CHOICE_FIELDS = ("boundary", "wd4_rule", "draw_refill", "start_card", "draw_scoring", "skip_scoring_two_players")
LABEL_CODES = frozenset(
    {f"{NS}.action.{k}" for k in ("play", "play_wild", "discard", "pass")}
    | {f"{NS}.option.{f}" for f in NarabeRunoConfig.field_names()}
    | {f"{NS}.label.{f}.{v}" for f in CHOICE_FIELDS for v in NarabeRunoConfig.describe()[f]["choices"]}
    | {f"{NS}.label.mode.{p}" for p in PRESETS}
    | {f"{NS}.label.layout.{name}" for name in (*LAYOUTS, "custom")}
    | {f"{NS}.title"}
)

#: The reasons the heuristic bot gives for a hint (``bots.py``); filled in by the bots.
HINT_CODES: frozenset[str] = frozenset(f"{NS}.hint.{k}" for k in (
    "capture", "capture_wild", "approach", "safe", "set_up", "wild", "draw_two", "skip", "play", "discard_stuck",
    "discard_keep_wild", "discard_safe", "discard_wait", "pass", "press", "race"))

__all__ = sorted(name for name in dir() if name.isupper())
