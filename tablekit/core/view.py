"""The view-model vocabulary every game's ``view.py`` speaks and every widget renders.

A view-model is a JSON-ready dict built from one seat's observation (or the open teaching
view). Widgets draw it without knowing any rule: cards come with a face (data that
``tablekit.render.svg`` turns into a picture), an aria label, whether they may be played and
the action code to send when clicked; a click on a card that may not be played asks Python why.

Zones are the places on the table. Their ``kind`` tells a widget how to lay them out:

* ``hand``: one player's cards (``cards``; ``hidden`` counts face-down cards instead);
* ``pile``: a stack where only the latest cards matter (the field of Up&Down, a discard pile);
* ``counter``: a number with a label (stock, pot);
* ``ring``: cards in a circle (Up or Down?'s ring display), ``columns``: rows of cards side by
  side, ``grid``: cards on a 2-D board (並べRUNO), ``trick``: one card per seat (Ultimate).

>>> face("up_and_down", "37", "37")["code"]
'37'
>>> zone("counter", "stock", "Stock", value=40)["value"]
40
"""

from __future__ import annotations

from typing import Any, Iterable

from tablekit.i18n import seat_name, tr

ZONE_KINDS = ("hand", "pile", "counter", "ring", "columns", "grid", "trick")


def face(deck: str, code: str, aria: str, **extra: Any) -> dict[str, Any]:
    """A card face as data: which deck's art (``deck``), which card (``code``) and the words a
    screen reader says (``aria``). ``extra`` holds deck-specific hints (e.g. ``colour``)."""
    return {"deck": deck, "code": code, "aria": aria, **extra}


def card(
    face_data: dict[str, Any] | None,
    *,
    key: str,
    playable: bool = False,
    action: str | None = None,
    targets: Iterable[int] = (),
    highlight: bool = False,
    choices: Iterable[dict[str, str]] = (),
) -> dict[str, Any]:
    """One card as the widget sees it. ``face_data`` None means face down.

    ``key`` is stable across renders (for animation and keyboard focus); ``action`` is the code
    to send when a playable card is clicked; ``targets`` lists the seats to choose from when the
    card needs a target (Up&Down's Shot), in which case ``action`` is None; the code sent is the
    card's face code followed by the seat. ``choices`` lists the ways to play a card that needs
    a decision ({``code``, ``label``}: the suit after an Eight, a call, several cards at once),
    offered after the click, in which case ``action`` is None too.
    """
    return {
        "key": key,
        "face": face_data,
        "playable": playable,
        "action": action,
        "targets": list(targets),
        "choices": [{"code": c["code"], "label": c["label"]} for c in choices],
        "highlight": highlight,
    }


def zone(kind: str, zone_id: str, label: str, **fields: Any) -> dict[str, Any]:
    """A place on the table. Common fields: ``owner`` (a seat), ``cards`` (list of ``card``),
    ``hidden`` (face-down count), ``value`` (a counter's number or a pile's current value),
    ``badges`` (short texts: wins, chips, status), ``current`` (its owner is to play),
    ``viewer`` (it belongs to the person looking)."""
    if kind not in ZONE_KINDS:
        raise ValueError(f"zone kind must be one of {', '.join(ZONE_KINDS)} (got {kind!r})")
    return {"kind": kind, "id": zone_id, "label": label, **fields}


def outcome_view(outcome: Any, lang: str) -> dict[str, Any] | None:
    """The end-of-game summary of a view-model (None while the game goes on)."""
    if outcome is None:
        return None
    return {
        "text": tr(outcome.termination, lang),
        "winners": tr("core.outcome.winners", lang, players=list(outcome.winners)) if outcome.winners
        else tr("core.outcome.no_winner", lang),
        "scores": [f"{seat_name(i, lang)}: {s:g}" for i, s in enumerate(outcome.scores)],
    }
