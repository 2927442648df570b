"""Plain-text rendering of observations, outcomes and whole records, in English or Japanese.

Everything here is generic over the protocol: it reads ``game.observe(...)`` dicts and
``Record.steps()``, never a game's internals, and it imports only ``tablekit.core`` and
``tablekit.i18n``. Every word comes from the i18n catalogs.

Conventions an observation dict follows (every game's ``observe`` does):

* ``players`` is a list with one dict per seat: ``seat``, ``status``, ``hand`` (a list of card
  codes, or None when hidden), ``hand_count``, and any further numbers (wins, chips...).
* ``current`` is the seat to decide (None when over), ``viewer`` the seat observing (None: the
  open view), ``mode``, ``phase``, ``game_no`` and ``termination`` head the text.
* Every other key is a public value labelled ``<game>.label.<key>`` (or ``<game>.option.<key>``).
  Keys in ``SEAT_KEYS`` hold a seat, keys in ``SEAT_LIST_KEYS`` a list of seats, ``direction`` is
  +1 (clockwise) or -1, keys in ``ROW_KEYS`` a row of cards in order, and any other list of
  codes is a pile (its latest cards shown). A dict shows as ``label: value`` pairs; a list of
  dicts with ``cards`` (columns) shows each row with its ``direction`` (``<game>.direction.<d>``).
  None shows as ``<game>.label.<key>_empty`` when the game has that code.

>>> from tablekit import make
>>> game = make("up_and_down", preset="basic", players=2)
>>> state = game.initial_state(seed=7)
>>> print(render_state(game, state, seat=0))  # doctest: +ELLIPSIS
Up&Down — Basic — Game 1 — playing
Field: empty
Stock: 98
Direction: clockwise
...
> Player 1 (you) | in the game | hand: ... | wins: 0
  Player 2 | in the game | hand: 5 cards (hidden) | wins: 0
Player 1 to play
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from tablekit.core.game import Game, Outcome
from tablekit.core.record import Record
from tablekit.i18n import has, seat_name, tr

#: Observation keys whose value is a seat number.
SEAT_KEYS = frozenset({"dealer", "last_player", "leader", "declarer", "partner", "bidder", "winner", "first"})
#: Observation keys whose value is a list of seat numbers.
SEAT_LIST_KEYS = frozenset({"game_winners", "winners", "team", "partners"})
#: Keys shown in the title or per player, not as public values.
_HEAD_KEYS = frozenset({"game", "mode", "viewer", "players", "current", "phase", "game_no", "termination"})
#: Public values shown first, in this order; the rest follow in the observation's order.
_FIRST = ("field", "stock", "pot", "ante", "direction", "dealer")
#: Rows of cards shown whole and in order (not a pile whose latest cards matter).
ROW_KEYS = frozenset({"ring", "shown", "discards", "removed"})
#: Keys never shown: the rules in play (``options``) are the preset's, named in the title.
_SKIPPED = frozenset({"options"})
#: How many of the latest cards of a long row (the pile) are shown.
PILE_SHOWN = 12

_TURN_MARK = "> "
_NO_MARK = "  "
_SEP = " | "
_TITLE_SEP = " — "


def card_text(game_name: str, code: str, lang: str = "en") -> str:
    """A card code as people read it: ``<game>.card.<code>`` when the catalog has it.

    >>> card_text("up_and_down", "P", "en"), card_text("up_and_down", "P", "ja")
    ('Pass', 'パス')
    >>> card_text("up_and_down", "37")
    '37'
    """
    key = f"{game_name}.card.{code}"
    return tr(key, lang) if has(key, lang) else str(code)


def cards_text(game_name: str, codes: Iterable[str], lang: str = "en") -> str:
    """A row of card codes, translated and separated by spaces."""
    return " ".join(card_text(game_name, c, lang) for c in codes)


def _label(game_name: str, key: str, lang: str) -> str:
    for code in (f"{game_name}.label.{key}", f"{game_name}.option.{key}"):
        if has(code, lang):
            return tr(code, lang)
    return key.replace("_", " ")


def _row_text(game_name: str, row: dict[str, Any], lang: str) -> str:
    """One row of cards (a column) with its direction, if it has one."""
    text = cards_text(game_name, [str(c) for c in row.get("cards", ())], lang)
    direction = f"{game_name}.direction.{row.get('direction')}"
    return f"{text} ({tr(direction, lang)})" if has(direction, lang) else text


def _label_value(label: str, value: str, lang: str) -> str:
    return tr("render.label_value", lang, label=label, value=value)


def _number(value: float) -> str:
    """An int-valued float without its '.0'; other floats with up to three decimals."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return str(value)


def _value_text(game_name: str, key: str, value: Any, lang: str) -> str:
    if value is None:
        empty = f"{game_name}.label.{key}_empty"
        return tr(empty, lang) if has(empty, lang) else tr("render.none", lang)
    if isinstance(value, bool):
        return tr("render.yes" if value else "render.no", lang)
    if key == "direction" and value in (1, -1):
        return _label(game_name, "clockwise" if value == 1 else "counterclockwise", lang)
    if key in SEAT_KEYS and isinstance(value, int):
        return seat_name(value, lang)
    if isinstance(value, dict):
        if not value:
            return tr("render.none", lang)
        sep = "、" if lang == "ja" else ", "
        return sep.join(_label_value(_label(game_name, k, lang), _value_text(game_name, k, v, lang), lang)
                        for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if not value:
            return tr("render.none", lang)
        if key in SEAT_LIST_KEYS:
            return tr("render.seats", lang, players=list(value))
        if all(isinstance(v, dict) and "cards" in v for v in value):
            return "; ".join(_row_text(game_name, v, lang) for v in value)
        codes = [str(v) for v in value]
        if key in ROW_KEYS:
            return cards_text(game_name, codes, lang)
        if len(codes) > PILE_SHOWN:
            return tr("render.pile_more", lang, count=len(codes), shown=PILE_SHOWN,
                      cards=cards_text(game_name, codes[-PILE_SHOWN:], lang))
        return tr("render.pile", lang, count=len(codes), cards=cards_text(game_name, codes, lang))
    if isinstance(value, str):
        code = f"{game_name}.label.{key}.{value}"
        return tr(code, lang) if has(code, lang) else value
    if isinstance(value, float):
        return _number(value)
    return str(value)


def _title_line(game_name: str, obs: dict[str, Any], lang: str) -> str:
    parts = [tr(f"{game_name}.title", lang)]
    mode = obs.get("mode")
    if mode is not None:
        parts.append(_value_text(game_name, "mode", mode, lang))
    if obs.get("game_no") is not None:
        parts.append(tr("render.numbered", lang, label=_label(game_name, "game_no", lang), n=obs["game_no"]))
    phase = obs.get("phase")
    if phase is not None and has(f"{game_name}.phase.{phase}", lang):
        parts.append(tr(f"{game_name}.phase.{phase}", lang))
    return _TITLE_SEP.join(parts)


def _player_line(game_name: str, entry: dict[str, Any], obs: dict[str, Any], lang: str) -> str:
    seat = entry.get("seat")
    viewer = obs.get("viewer")
    mark = _TURN_MARK if seat is not None and seat == obs.get("current") else _NO_MARK
    if seat is not None and seat == viewer:
        name = tr("render.seat_you", lang, player=seat)
    else:
        name = seat_name(seat, lang) if seat is not None else "?"
    parts = [name]
    status = entry.get("status")
    if status is not None:
        code = f"{game_name}.status.{status}"
        parts.append(tr(code, lang) if has(code, lang) else str(status))
    hand = entry.get("hand")
    if hand is None:
        hand_text = tr("render.hidden_hand", lang, n=entry.get("hand_count", 0))
    elif not hand:
        hand_text = tr("render.empty_hand", lang)
    else:
        hand_text = cards_text(game_name, hand, lang)
    parts.append(_label_value(_label(game_name, "hand", lang), hand_text, lang))
    for key, value in entry.items():
        if key in ("seat", "status", "hand", "hand_count"):
            continue
        parts.append(_label_value(_label(game_name, key, lang), _value_text(game_name, key, value, lang), lang))
    return mark + _SEP.join(parts)


def render_observation(game_name: str, obs: dict[str, Any], lang: str = "en") -> str:
    """The text of one observation dict (see the module docstring for the keys it reads)."""
    lines = [_title_line(game_name, obs, lang)]
    keys = [k for k in _FIRST if k in obs] + [k for k in obs if k not in _FIRST]
    for key in keys:
        if key in _HEAD_KEYS or key in _SKIPPED:
            continue
        lines.append(_label_value(_label(game_name, key, lang), _value_text(game_name, key, obs[key], lang), lang))
    for entry in obs.get("players") or ():
        lines.append(_player_line(game_name, entry, obs, lang))
    if obs.get("current") is not None:
        lines.append(tr("core.to_play", lang, player=obs["current"]))
    if obs.get("termination"):
        lines.append(tr(obs["termination"], lang))
    return "\n".join(lines)


def render_state(game: Game[Any], state: Any, lang: str = "en", seat: int | None = None) -> str:
    """What ``seat`` may see of ``state``, as lines of text (``seat=None``: the open view).

    Only ``game.observe(state, seat)`` is read, so a hidden card can never appear.

    >>> from tablekit import make
    >>> game = make("up_and_down", preset="carry_over", players=3)
    >>> text = render_state(game, game.initial_state(seed=1), lang="ja", seat=1)
    >>> print(text.splitlines()[0])
    アップんダウン — キャリーオーバー — ゲーム1 — プレイ中
    >>> "プレイヤー2(あなた)" in text and "5枚(非公開)" in text
    True
    """
    return render_observation(game.name, game.observe(state, seat), lang)


def _scores_text(scores: Sequence[float], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(tr("render.score_entry", lang, player=i, score=_number(float(s))) for i, s in enumerate(scores))


def render_outcome(outcome: Outcome, lang: str = "en", termination: bool = True) -> str:
    """Winners, scores and (unless ``termination=False``) why the game ended.

    >>> from tablekit import Outcome
    >>> print(render_outcome(Outcome("up_and_down.end.target_wins", (1,), (2.0, 3.0)), "en"))
    Winner: Player 2
    Scores: Player 1: 2, Player 2: 3
    A player reached the target number of game wins.
    """
    if outcome.winners:
        winners = tr("core.outcome.winners", lang, players=list(outcome.winners))
    else:
        winners = tr("core.outcome.no_winner", lang)
    lines = [winners]
    if outcome.scores:
        lines.append(_label_value(tr("core.outcome.scores", lang), _scores_text(outcome.scores, lang), lang))
    if termination:
        lines.append(tr(outcome.termination, lang))
    return "\n".join(lines)


def render_record(record: Record, lang: str = "en") -> str:
    """A transcript of a whole record: header, every move with its events, then the result.

    Raises RecordError if the record does not replay.

    >>> from tablekit import make, Match
    >>> match = Match(make("up_and_down", preset="basic", players=2, single_game=True), seed=3)
    >>> while not match.is_over:
    ...     _ = match.play(match.legal_actions()[0])
    >>> text = render_record(match.record())
    >>> print(text)  # doctest: +ELLIPSIS
    Up&Down (preset basic, 2 players, seed 3)
    1. Player 1: Play ...
       Player 1 plays ...
    ...
    Result
    Winner: Player ...
    Scores: Player 1: ..., Player 2: ...
    The single game is over.
    >>> print(render_record(match.record(), lang="ja").splitlines()[0])
    アップんダウン(プリセット basic、2人、シード 3)
    """
    game = record.make_game()
    lines = [tr("core.record.start", lang, game=f"@{record.game}.title", preset=record.preset,
                players=game.num_players, seed=record.seed)]
    previous: Any = None
    state: Any = None
    for n, (state, code, events) in enumerate(record.steps()):
        if code is not None:
            player = game.current_player(previous)
            action = game.action_from_code(code)
            lines.append(tr("render.record.move", lang, n=n, player=player, action=action.label(lang)))
        for event in events:
            lines.append("   " + event.text(lang))
        previous = state
    lines.append(tr("render.record.result", lang))
    outcome = game.outcome(state)
    if outcome is None:
        lines.append(tr("render.record.unfinished", lang, player=game.current_player(state)))
    else:
        lines.append(render_outcome(outcome, lang))
    return "\n".join(lines)


__all__ = ["card_text", "cards_text", "render_observation", "render_outcome", "render_record", "render_state"]
