"""Ultimate's code tables: terminations, events, reasons and labels that i18n turns into
English and Japanese sentences.

>>> from tablekit.core.verdict import Event
>>> Event(EV_VOID, {"player": 2, "suit": "@cards.suit.S"}).text("en")
'Player 3 has no spades.'
"""

from __future__ import annotations

from typing import Final

from tablekit.games.ultimate.config import PRESETS, UltimateConfig
from tablekit.games.ultimate.state import PHASE_NAMES

NS: Final = "ultimate"

# Terminations
END_TARGET: Final = f"{NS}.end.target"
END_SINGLE: Final = f"{NS}.end.single_deal"
END_DEAL_LIMIT: Final = f"{NS}.end.deal_limit"
# Events
EV_DEAL: Final = f"{NS}.event.deal"
EV_BID: Final[str] = f"{NS}.event.bid"
EV_DROPPED: Final[str] = f"{NS}.event.dropped"
EV_THROWN_IN: Final = f"{NS}.event.thrown_in"
EV_DECLARER: Final = f"{NS}.event.declarer"
EV_KITTY: Final = f"{NS}.event.kitty_taken"
EV_DISCARDED: Final[str] = f"{NS}.event.discarded"
EV_TRUMP: Final = f"{NS}.event.trump"
EV_NO_TRUMP: Final = f"{NS}.event.no_trump"
EV_CALLED: Final = f"{NS}.event.partner_called"
EV_PLAYED: Final[str] = f"{NS}.event.played"
EV_VOID: Final[str] = f"{NS}.event.void"
EV_TRICK: Final[str] = f"{NS}.event.trick_won"
EV_REVEALED: Final = f"{NS}.event.partner_revealed"
EV_ALONE: Final = f"{NS}.event.plays_alone"
EV_MADE: Final = f"{NS}.event.contract_made"
EV_FAILED: Final = f"{NS}.event.contract_failed"
EV_GAME_OVER: Final = f"{NS}.event.game_over"
# Reasons
OK_BID: Final = f"{NS}.ok.bid"
OK_PASS: Final = f"{NS}.ok.pass"
OK_PASS_THROW_IN: Final = f"{NS}.ok.pass_throw_in"
OK_DISCARD: Final = f"{NS}.ok.discard"
OK_TRUMP: Final = f"{NS}.ok.trump"
OK_NO_TRUMP: Final = f"{NS}.ok.no_trump"
OK_CALL: Final = f"{NS}.ok.call"
OK_CALL_OWN: Final = f"{NS}.ok.call_own"
OK_LEAD: Final = f"{NS}.ok.lead"
OK_FOLLOW: Final = f"{NS}.ok.follow"
OK_VOID: Final = f"{NS}.ok.void"
NO_GAME_OVER: Final = f"{NS}.illegal.game_over"
# An action of another phase: the reason says what is happening now.
NO_DURING: Final = tuple(f"{NS}.illegal.during_{p}" for p in PHASE_NAMES[:5])
NO_NOT_HIGHER: Final = f"{NS}.illegal.bid_not_higher"
NO_BELOW_MIN: Final = f"{NS}.illegal.bid_below_min"
NO_ABOVE_MAX: Final = f"{NS}.illegal.bid_above_max"
NO_DROPPED: Final = f"{NS}.illegal.dropped_out"
NO_MUST_BID: Final = f"{NS}.illegal.must_bid"
NO_DISCARD_NOT_HELD: Final = f"{NS}.illegal.discard_not_held"
NO_NO_TRUMP_OFF: Final = f"{NS}.illegal.no_trump_off"
NO_CALL_OFF: Final = f"{NS}.illegal.partner_call_off"
NO_CALL_OWN: Final = f"{NS}.illegal.call_own_card"
NO_NOT_IN_HAND: Final = f"{NS}.illegal.not_in_hand"
NO_MUST_FOLLOW: Final = f"{NS}.illegal.must_follow"

REASON_CODES: Final = frozenset({
    OK_BID, OK_PASS, OK_PASS_THROW_IN, OK_DISCARD, OK_TRUMP, OK_NO_TRUMP, OK_CALL, OK_CALL_OWN, OK_LEAD,
    OK_FOLLOW, OK_VOID, NO_GAME_OVER, *NO_DURING, NO_NOT_HIGHER, NO_BELOW_MIN, NO_ABOVE_MAX, NO_DROPPED, NO_MUST_BID, NO_DISCARD_NOT_HELD,
    NO_NO_TRUMP_OFF, NO_CALL_OFF, NO_CALL_OWN, NO_NOT_IN_HAND, NO_MUST_FOLLOW,
})
EVENT_CODES: Final = frozenset({
    EV_DEAL, EV_BID, EV_DROPPED, EV_THROWN_IN, EV_DECLARER, EV_KITTY, EV_DISCARDED, EV_TRUMP, EV_NO_TRUMP,
    EV_CALLED, EV_PLAYED, EV_VOID, EV_TRICK, EV_REVEALED, EV_ALONE, EV_MADE, EV_FAILED, EV_GAME_OVER,
})
END_CODES: Final = frozenset({END_TARGET, END_SINGLE, END_DEAL_LIMIT})
CHOICE_FIELDS: Final = ("points", "remainder", "all_pass", "first_lead", "discards_count_for", "call_timing",
                        "partner_tricks", "partner_on_fail", "tie")
LABEL_CODES: Final = frozenset(
    {f"{NS}.action.{k}" for k in ("bid", "pass", "discard", "trump", "no_trump", "call", "play")}
    | {f"{NS}.phase.{p}" for p in PHASE_NAMES}
    | {f"{NS}.option.{f}" for f in UltimateConfig.field_names()}
    | {f"{NS}.label.{f}.{v}" for f in CHOICE_FIELDS for v in UltimateConfig.describe()[f]["choices"]}
    | {f"{NS}.label.mode.{p}" for p in PRESETS}
    | {f"{NS}.title"}
)

#: The reasons the heuristic bot gives for a hint (``bots.py``).
HINT_CODES: Final = frozenset(f"{NS}.hint.{k}" for k in (
    "bid", "pass", "forced_bid", "discard_five", "discard_void", "discard_low", "discard_spare", "trump",
    "no_trump", "call_trump", "call_ace", "call_any", "lead_ace", "lead_trump", "lead_low", "lead_low_no_trump",
    "lead_only_trumps", "win_cheap",
    "trump_in", "follow_low", "smear", "dump_five", "shed",
))

__all__ = sorted(name for name in dir() if name.isupper())
