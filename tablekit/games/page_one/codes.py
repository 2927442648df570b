"""American Page One's code tables: the namespaced codes of terminations, events, reasons,
labels and hints that i18n turns into English and Japanese sentences, and the one builder of
events.

>>> event(EV_DREW, {"player": 1, "count": 2}).text("en")
'Player 2 draws 2 from the stock.'
>>> sorted(END_CODES)[0]
'page_one.end.all_out'
"""

from __future__ import annotations

from typing import Any, Final

from tablekit.core.verdict import Event
from tablekit.games.page_one.actions import CARD_PARAMS, SUITS
from tablekit.games.page_one.config import PRESETS, PageOneConfig
from tablekit.games.page_one.state import PHASE_NAMES
from tablekit.games.page_one.table import EFFECT_NAMES

NS: Final = "page_one"

# Terminations
END_OUT: Final = f"{NS}.end.out"
END_ALL_OUT: Final = f"{NS}.end.all_out"
END_BLOCKED: Final = f"{NS}.end.blocked"
END_STALLED: Final = f"{NS}.end.stalled"
END_ROUNDS: Final = f"{NS}.end.rounds"
END_TARGET: Final = f"{NS}.end.target"
# Events
EV_DEAL: Final = f"{NS}.event.deal"
EV_STARTER: Final = f"{NS}.event.starter"
EV_STARTER_COVERED: Final = f"{NS}.event.starter_covered"
EV_STARTER_JOKER: Final = f"{NS}.event.starter_joker"
EV_STARTER_EFFECT: Final = f"{NS}.event.starter_effect"
EV_PLAYED: Final = f"{NS}.event.played"
EV_PLAYED_MANY: Final = f"{NS}.event.played_many"
EV_NAMED: Final = f"{NS}.event.named_suit"
EV_SKIPPED: Final = f"{NS}.event.skipped"
EV_REVERSED: Final = f"{NS}.event.reversed"
EV_SUIT_REVERSED: Final = f"{NS}.event.suit_reversed"
EV_PENALTY_UP: Final = f"{NS}.event.penalty_up"
EV_PENALTY_DRAWN: Final = f"{NS}.event.penalty_drawn"
EV_DREW: Final = f"{NS}.event.drew"
EV_KEPT: Final = f"{NS}.event.kept"
EV_PASSED: Final = f"{NS}.event.passed"
EV_RESHUFFLED: Final = f"{NS}.event.reshuffled"
EV_CALLED: Final = f"{NS}.event.called"
EV_MISSED_CALL: Final = f"{NS}.event.missed_call"
EV_CALL_UNNOTICED: Final = f"{NS}.event.call_unnoticed"
EV_CAUGHT: Final = f"{NS}.event.caught"
EV_LET_GO: Final = f"{NS}.event.let_go"
EV_NOT_CAUGHT: Final = f"{NS}.event.not_caught"
EV_CHALLENGE_WON: Final = f"{NS}.event.challenge_won"
EV_CHALLENGE_LOST: Final = f"{NS}.event.challenge_lost"
EV_BLUFF_PENALTY: Final = f"{NS}.event.bluff_penalty"
EV_OUT: Final = f"{NS}.event.out"
EV_BLOCKED: Final = f"{NS}.event.blocked"
EV_STALLED: Final = f"{NS}.event.stalled"
EV_ROUND_OVER: Final = f"{NS}.event.round_over"
EV_MATCH_OVER: Final = f"{NS}.event.match_over"
# Reasons
OK_SAME_SUIT: Final = f"{NS}.ok.same_suit"
OK_SAME_RANK: Final = f"{NS}.ok.same_rank"
OK_WILD: Final = f"{NS}.ok.wild"
OK_JOKER: Final = f"{NS}.ok.joker"
OK_COUNTER: Final = f"{NS}.ok.counter"
OK_DRAWN: Final = f"{NS}.ok.drawn_card"
OK_REDO: Final = f"{NS}.ok.redo"
OK_DRAW: Final = f"{NS}.ok.draw"
OK_DRAW_VOLUNTARY: Final = f"{NS}.ok.draw_voluntary"
OK_TAKE_PENALTY: Final = f"{NS}.ok.take_penalty"
OK_KEEP: Final = f"{NS}.ok.keep"
OK_PASS: Final = f"{NS}.ok.pass"
OK_LET_GO: Final = f"{NS}.ok.let_go"
OK_NO_CATCH: Final = f"{NS}.ok.no_catch"
OK_DRAW_TO_PLAIN: Final = f"{NS}.ok.draw_to_plain"
OK_CATCH: Final = f"{NS}.ok.catch"
OK_CHALLENGE: Final = f"{NS}.ok.challenge"
OK_NAME: Final = f"{NS}.ok.name_suit"
NO_GAME_OVER: Final = f"{NS}.illegal.game_over"
NO_NOT_IN_HAND: Final = f"{NS}.illegal.not_in_hand"
NO_WRONG_SUIT: Final = f"{NS}.illegal.wrong_suit"
NO_NOT_A_COUNTER: Final = f"{NS}.illegal.not_a_counter"
NO_NO_COUNTER: Final = f"{NS}.illegal.no_counter"
NO_JOKER_HOLDS_SUIT: Final = f"{NS}.illegal.joker_holds_suit"
NO_NEEDS_SUIT: Final = f"{NS}.illegal.needs_suit"
NO_CANNOT_NAME: Final = f"{NS}.illegal.cannot_name"
NO_OUT_ON_SPECIAL: Final = f"{NS}.illegal.out_on_special"
NO_OUT_ON_EIGHT: Final = f"{NS}.illegal.out_on_eight"
NO_CALL_NOT_DUE: Final = f"{NS}.illegal.call_not_due"
NO_CALLS_OFF: Final = f"{NS}.illegal.calls_off"
NO_MULTI_OFF: Final = f"{NS}.illegal.multi_off"
NO_MULTI_BOTTOM: Final = f"{NS}.illegal.multi_bottom"
NO_ONE_CARD_ONLY: Final = f"{NS}.illegal.one_card_only"
NO_DRAWN_ONLY: Final = f"{NS}.illegal.drawn_only"
NO_ALREADY_DREW: Final = f"{NS}.illegal.already_drew"
NO_MUST_PLAY_DRAWN: Final = f"{NS}.illegal.must_play_drawn"
NO_CAN_PLAY: Final = f"{NS}.illegal.can_play"
NO_NOTHING_TO_DRAW: Final = f"{NS}.illegal.nothing_to_draw"
NO_MUST_TAKE_PENALTY: Final = f"{NS}.illegal.must_take_penalty"
NO_PASS_CAN_DRAW: Final = f"{NS}.illegal.pass_can_draw"
NO_NOTHING_TO_CATCH: Final = f"{NS}.illegal.nothing_to_catch"
NO_NOTHING_TO_CHALLENGE: Final = f"{NS}.illegal.nothing_to_challenge"
NO_STOP_WINDOW: Final = f"{NS}.illegal.stop_window"
NO_CATCH_WINDOW: Final = f"{NS}.illegal.catch_window"
NO_JOKER_FINAL: Final = f"{NS}.illegal.joker_final"
NO_SPECIAL_HAND: Final = f"{NS}.illegal.special_hand"
NO_MUST_NAME: Final = f"{NS}.illegal.must_name"
NO_NOT_NAMING: Final = f"{NS}.illegal.not_naming"
NO_MUST_REDO: Final = f"{NS}.illegal.must_redo"
NO_REDO_SUIT: Final = f"{NS}.illegal.redo_suit"

REASON_CODES: Final = frozenset({
    OK_SAME_SUIT, OK_SAME_RANK, OK_WILD, OK_JOKER, OK_COUNTER, OK_DRAWN, OK_REDO, OK_DRAW,
    OK_DRAW_VOLUNTARY, OK_TAKE_PENALTY, OK_KEEP, OK_PASS, OK_LET_GO, OK_CATCH, OK_CHALLENGE, OK_NAME,
    NO_GAME_OVER, NO_NOT_IN_HAND, NO_WRONG_SUIT, NO_NOT_A_COUNTER, NO_NO_COUNTER, NO_JOKER_HOLDS_SUIT,
    NO_NEEDS_SUIT, NO_CANNOT_NAME, NO_OUT_ON_SPECIAL, NO_OUT_ON_EIGHT, NO_CALL_NOT_DUE, NO_CALLS_OFF,
    NO_MULTI_OFF, NO_MULTI_BOTTOM, NO_ONE_CARD_ONLY, NO_DRAWN_ONLY, NO_ALREADY_DREW, NO_MUST_PLAY_DRAWN,
    NO_CAN_PLAY, NO_NOTHING_TO_DRAW, NO_MUST_TAKE_PENALTY, NO_PASS_CAN_DRAW, NO_NOTHING_TO_CATCH,
    NO_NOTHING_TO_CHALLENGE, NO_STOP_WINDOW, NO_MUST_NAME, NO_NOT_NAMING, NO_MUST_REDO, NO_REDO_SUIT,
    OK_NO_CATCH, OK_DRAW_TO_PLAIN, NO_CATCH_WINDOW, NO_JOKER_FINAL, NO_SPECIAL_HAND,
})
EVENT_CODES: Final = frozenset({
    EV_DEAL, EV_STARTER, EV_STARTER_COVERED, EV_STARTER_JOKER, EV_STARTER_EFFECT, EV_PLAYED,
    EV_PLAYED_MANY, EV_NAMED, EV_SKIPPED, EV_REVERSED, EV_SUIT_REVERSED, EV_PENALTY_UP,
    EV_PENALTY_DRAWN, EV_DREW, EV_KEPT, EV_PASSED, EV_RESHUFFLED, EV_CALLED, EV_MISSED_CALL,
    EV_CALL_UNNOTICED, EV_CAUGHT, EV_LET_GO, EV_CHALLENGE_WON, EV_CHALLENGE_LOST, EV_BLUFF_PENALTY,
    EV_OUT, EV_BLOCKED, EV_STALLED, EV_ROUND_OVER, EV_MATCH_OVER, EV_NOT_CAUGHT,
})
END_CODES: Final = frozenset({END_OUT, END_ALL_OUT, END_BLOCKED, END_STALLED, END_ROUNDS, END_TARGET})
ACTION_LABEL_CODES: Final = frozenset(
    {f"{NS}.action.play{m}{n}{c}" for m in ("", "_many") for n in ("", "_named") for c in ("", "_call")}
    | {f"{NS}.action.{k}" for k in ("draw", "pass", "catch", "challenge", "name")}
)
CHOICE_FIELDS: Final = ("deal_table", "values", "call_mode", "catch_by", "draw_rule", "joker_rule", "last_card",
                        "starter_namer", "reverse_starter", "effect_names")
LABEL_CODES: Final = frozenset(
    {param[1:] for param in CARD_PARAMS}  # the card labels (core.cards catalogue keys)
    | {f"{NS}.label.suit.{s}" for s in SUITS}
    | {f"{NS}.call.{k}" for k in ("page_one", "stop")}
    | {f"{NS}.effect.{names}.{e}" for names in ("page_one", "uno") for e in EFFECT_NAMES[1:]}
    | {f"{NS}.phase.{p}" for p in PHASE_NAMES}
    | {f"{NS}.status.{s}" for s in ("playing", "out")}
    | {f"{NS}.label.{k}" for k in (
        "top", "suit", "pending", "direction", "clockwise", "counterclockwise", "stock", "pile",
        "exposed", "exposed_empty", "challenge", "challenge_empty", "drawn", "drawn_empty",
        "last_player", "last_player_empty", "dealer", "game_winners", "game_no", "hand", "score",
        "mode")}
    | {f"{NS}.label.mode.{p}" for p in PRESETS}
    | {f"{NS}.option.{f}" for f in PageOneConfig.field_names()}
    | {f"{NS}.label.{f}.{v}" for f in CHOICE_FIELDS for v in PageOneConfig.describe()[f]["choices"]}
    | {f"{NS}.title"}
)
HINT_CODES: Final = frozenset(f"{NS}.hint.{k}" for k in (
    "counter", "take_penalty", "challenge", "catch", "name_suit", "shed_high", "keep_wild",
    "wild", "draw", "play_drawn", "pass", "redo", "call", "name_starter",
))


_tuple_new: Final = tuple.__new__
_EVENT: Final = Event  # (Final: the compiled engine keeps it in a C variable, not the module's dict)


def event(code: str, params: dict[str, Any]) -> Event:
    """An event (the engine's hot path builds many: this skips the NamedTuple's ``__new__``)."""
    result: Event = _tuple_new(_EVENT, (code, params))
    return result
