"""The view-model vocabulary every game's ``view.py`` speaks and every widget renders.

A view-model is a JSON-ready dict built from one seat's observation (or the open teaching
view). Widgets draw it without knowing any rule: cards come with a face (data that
``tablekit.render.svg`` turns into a picture), an aria label, whether they may be played and
the action code to send when clicked; a click on a card that may not be played asks Python why.

Zones are the places on the table. Their ``kind`` tells a widget how to lay them out:

* ``hand``: one player's cards (``cards``; ``hidden`` counts face-down cards instead);
* ``pile``: a stack where only the latest cards matter (the field of Up&Down, a discard pile);
* ``counter``: a number with a label (stock, pot);
* ``trick``: one card per seat (``plays``), the leader and the winner marked;
* ``ring``: cards on a circle (``cards``), a marked ``wrap`` point, ``highlight`` positions (the
  places a rule points at, e.g. the neighbours of the card just played);
* ``columns``: ``rows`` of cards, each with a ``direction`` arrow and a ``bound``;
* ``grid``: ``cells`` on a 2-D board of ``width`` x ``height``, each with an optional ``sign``
  (a game's own kind of cell: a start, a scoring card).

A card, a column row, a grid cell or a button may carry one ``mark`` from :data:`MARKS`, and
each mark means one thing only (the widget draws each with its own shape and colour, names it
for screen readers and explains the marks on the table in a legend):

* ``"hint"``: the move that Hint (or "Show me a winning line") suggests; set by the widget;
* ``"target"``: what a lesson's step is about (the card about to move, or the answer once the
  learner tried or asked); set by the lesson widget;
* ``"last"``: the card played last (onto a pile, into the ring or the trick, onto the board);
  set by a game's view;
* ``"received"``: a card that just came to a player (from the kitty, a draw, the ring); set by
  a game's view.

Where two would apply the first in :data:`MARKS` wins (:func:`put_mark`): the hinted card of
cards just received is marked as the hint.

Two layout hints, generic to every game: a zone with ``size="small"`` is a reminder drawn small
beside the others (the last trick); a ``grid`` with ``x_labels``/``y_labels`` (one per column,
one per row) shows them along its edges, in the words its prompts use for cells.

A card (or a ring position, a column row, a grid cell) that needs a decision carries
``choices``: ``{code, label, zone, at}``, each a complete action code. ``zone``/``at`` say where
the choice can also be clicked on the table (a seat's hand, a trick seat, a ring position, a
column row id, a grid cell ``[x, y]``); without them it is only a button.

A move that is not a place on the table is a ``button`` (``{code, label}``) or, when there are
too many ways to list as buttons, a ``picker`` (see :func:`number_picker` and
:func:`list_picker`): a control that stands for every one of its codes (each bid from the
lowest legal one to the highest, each card a partner call may name). Buttons and pickers
are drawn together, the quick buttons first; :func:`picker_value` tells which value of a
picker sends a code and :func:`picker_code` which code a value sends.

:class:`TableView` builds what every game's view-model repeats (the observation, whose turn,
the legal moves grouped by the hand card they play, the hands, the prompt, the outcome); a
game's ``view.py`` adds only its own zones. Start one with :func:`table_view`.

>>> face("up_and_down", "37", "37")["code"]
'37'
>>> zone("counter", "stock", "Stock", value=40)["value"]
40
>>> choice("S2", "Shot: Player 3", zone="hand-2", at=2)
{'code': 'S2', 'label': 'Shot: Player 3', 'zone': 'hand-2', 'at': 2}
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.game import Game
from tablekit.core.verdict import Event
from tablekit.i18n import seat_name, tr

ZONE_KINDS = ("hand", "pile", "counter", "trick", "ring", "columns", "grid")
#: The marks, strongest first (see the module's docstring for what each one means).
MARKS = ("hint", "target", "last", "received")


def check_mark(mark: str | None) -> str | None:
    """``mark`` if it is one of :data:`MARKS` (or None); otherwise a ValueError.

    >>> check_mark("last"), check_mark(None)
    ('last', None)
    """
    if mark is not None and mark not in MARKS:
        raise ValueError(f"mark must be one of {', '.join(MARKS)} or None (got {mark!r})")
    return mark


def put_mark(item: dict[str, Any], mark: str) -> dict[str, Any]:
    """Mark a card, a row, a cell or a button with ``mark``, unless it carries a stronger one
    already (earlier in :data:`MARKS`). Returns ``item``.

    >>> c = card(None, key="k", mark="received")
    >>> put_mark(c, "hint")["mark"], put_mark(c, "last")["mark"]
    ('hint', 'hint')
    """
    check_mark(mark)
    now = item.get("mark")
    if now is None or MARKS.index(mark) < MARKS.index(now):
        item["mark"] = mark
    return item


def iter_places(view: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every place of a view-model that may carry a mark: its cards (in every zone), column
    rows, grid cells, buttons and pickers.

    >>> v = {"zones": [zone("pile", "p", "P", cards=[card(None, key="a")])], "buttons": [{"code": "x"}]}
    >>> len(list(iter_places(v)))
    2
    """
    yield from iter_cards(view)
    for z in view["zones"]:
        yield from z.get("rows", ())
        yield from z.get("cells", ())
    yield from view.get("buttons", ())
    yield from view.get("pickers", ())


def marks_shown(view: Mapping[str, Any]) -> list[str]:
    """The marks a view-model shows (on its places, see :func:`iter_places`, and a round's
    revealed cards), in the order of :data:`MARKS`: what the widget's legend explains.

    >>> marks_shown({"zones": [zone("pile", "p", "P", cards=[card(None, key="a", mark="last")])],
    ...              "buttons": [{"code": "pass", "label": "Pass", "mark": "hint"}]})
    ['hint', 'last']
    """
    ended = view.get("round_end") or {}
    places: list[Mapping[str, Any]] = list(iter_places(view))
    places += list(iter_cards({"zones": [*ended.get("hands", ()), *ended.get("piles", ())]}))
    seen = {p.get("mark") for p in places}
    return [m for m in MARKS if m in seen]


def face(deck: str, code: str, aria: str, **extra: Any) -> dict[str, Any]:
    """A card face as data: which deck's art (``deck``), which card (``code``) and the words a
    screen reader says (``aria``). ``extra`` holds deck-specific hints (e.g. ``colour``)."""
    return {"deck": deck, "code": code, "aria": aria, **extra}


def choice(code: str, label: str, zone: str | None = None, at: Any = None) -> dict[str, Any]:
    """One way to complete a move: the action ``code`` to send, its ``label``, and where on the
    table it can be picked (``zone`` id and position ``at``), if anywhere."""
    return {"code": code, "label": label, "zone": zone, "at": at}


def card(
    face_data: dict[str, Any] | None,
    *,
    key: str,
    playable: bool = False,
    action: str | None = None,
    mark: str | None = None,
    choices: Iterable[Mapping[str, Any]] = (),
    why: str | None = None,
) -> dict[str, Any]:
    """One card as the widget sees it. ``face_data`` None means face down; ``mark`` is one of
    :data:`MARKS` (or None).

    ``key`` is stable across renders (for animation and keyboard focus); ``action`` is the code
    to send when a playable card is clicked. A card that needs a decision (whom a Shot names,
    the suit after an Eight, a call, several cards at once) has ``choices`` instead, offered
    after the click, and ``action`` None. ``why``: the action a click on a card that may not be
    used would have been (a ring card that may not be taken), so the widget asks Python why not
    (hand cards need none: the widget asks about the card itself).

    >>> card(None, key="r3", why="take:45")["why"]
    'take:45'
    """
    out = {"key": key, "face": face_data, **_clickable(action, choices), "playable": playable,
           "mark": check_mark(mark)}
    if why is not None:
        out["why"] = why
    return out


def zone(kind: str, zone_id: str, label: str, **fields: Any) -> dict[str, Any]:
    """A place on the table. Common fields: ``owner`` (a seat), ``cards`` (list of ``card``),
    ``hidden`` (face-down count), ``value`` (a counter's number or a pile's current value),
    ``badges`` (short texts: wins, chips, status), ``current`` (its owner is to play),
    ``viewer`` (it belongs to the person looking), ``size`` (``"small"``: a reminder, drawn
    small)."""
    if kind not in ZONE_KINDS:
        raise ValueError(f"zone kind must be one of {', '.join(ZONE_KINDS)} (got {kind!r})")
    return {"kind": kind, "id": zone_id, "label": label, **fields}


def _clickable(action: str | None, choices: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The fields that make a place on the table clickable: one action, or choices."""
    offered = [choice(c["code"], c["label"], c.get("zone"), c.get("at")) for c in choices]
    return {"playable": bool(action or offered), "action": action, "choices": offered}


def trick_zone(zone_id: str, label: str, seats: int, plays: Sequence[tuple[int, dict[str, Any]]],
               lang: str = "en", leader: int | None = None, winner: int | None = None,
               trump: str | None = None, **fields: Any) -> dict[str, Any]:
    """A trick: ``plays`` are ``(seat, card)`` in play order, drawn one per seat around the table
    with the ``leader`` and (once known) the ``winner`` marked; ``fields`` as for :func:`zone`
    (``size="small"`` for a trick shown as a reminder).

    >>> z = trick_zone("trick", "Trick", 4, [(2, card(None, key="t2"))], leader=2)
    >>> z["plays"][0]["seat"], z["plays"][0]["label"], z["leader"]
    (2, 'Player 3', 2)
    """
    return zone("trick", zone_id, label, seats=seats, leader=leader, winner=winner, trump=trump,
                plays=[{"seat": seat, "label": seat_name(seat, lang), "card": c} for seat, c in plays], **fields)


def ring_zone(zone_id: str, label: str, cards: Sequence[dict[str, Any]], wrap: int | None = None,
              highlight: Iterable[int] = ()) -> dict[str, Any]:
    """Cards on a circle, position 0 first, clockwise; a marker before position ``wrap``.

    >>> ring_zone("ring", "Ring", [card(None, key="r0"), card(None, key="r1")], wrap=0)["wrap"]
    0
    """
    return zone("ring", zone_id, label, cards=list(cards), wrap=wrap, highlight=list(highlight))


def column_row(row_id: str, label: str, cards: Sequence[dict[str, Any]], direction: str | None = None,
               bound: str | None = None, action: str | None = None,
               choices: Iterable[Mapping[str, Any]] = (), mark: str | None = None) -> dict[str, Any]:
    """One row of a ``columns`` zone: its cards, the direction it grows (``"up"``/``"down"``/None),
    the bound a next card must pass, the action (or choices) of clicking the row itself and its
    ``mark`` (see :data:`MARKS`)."""
    if direction not in ("up", "down", None):
        raise ValueError(f"direction must be 'up', 'down' or None (got {direction!r})")
    return {"id": row_id, "label": label, "cards": list(cards), "direction": direction, "bound": bound,
            **_clickable(action, choices), "mark": check_mark(mark)}


def columns_zone(zone_id: str, label: str, rows: Sequence[dict[str, Any]], owner: int | None = None,
                 **fields: Any) -> dict[str, Any]:
    """Rows of cards side by side (see :func:`column_row`).

    >>> z = columns_zone("cols-0", "Columns", [column_row("c1", "1", [], "up", "> 12", action="col:1")])
    >>> z["rows"][0]["direction"], z["rows"][0]["playable"]
    ('up', True)
    """
    return zone("columns", zone_id, label, owner=owner, rows=list(rows), **fields)


def grid_cell(x: int, y: int, card_data: dict[str, Any] | None = None, sign: str | None = None,
              label: str | None = None, action: str | None = None,
              choices: Iterable[Mapping[str, Any]] = (), sign_text: str | None = None,
              mark: str | None = None) -> dict[str, Any]:
    """One cell of a ``grid``: its card (if any), a ``sign`` (the game's own kind of cell, such
    as "start" or "score", which the widget styles) with the words it shows (``sign_text``,
    translated; the kind itself when None), a label for screen readers, and the action (or
    choices) of clicking it, and its ``mark`` (see :data:`MARKS`).

    >>> grid_cell(0, 1, sign="anchor", sign_text="go on")["sign_text"]
    'go on'
    """
    return {"x": x, "y": y, "card": card_data, "sign": sign, "sign_text": sign_text, "label": label,
            **_clickable(action, choices), "mark": check_mark(mark)}


def grid_zone(zone_id: str, label: str, width: int, height: int, cells: Iterable[dict[str, Any]],
              x_labels: Sequence[str] | None = None, y_labels: Sequence[str] | None = None,
              **fields: Any) -> dict[str, Any]:
    """A 2-D board of ``width`` x ``height``; cells not listed are empty and not clickable.
    ``x_labels`` name the columns (shown along the top) and ``y_labels`` the rows (down the
    left side), one each.

    >>> z = grid_zone("board", "Board", 3, 2, [grid_cell(1, 0, sign="start"), grid_cell(2, 1, action="c:2,1")])
    >>> [(c["x"], c["y"], c["playable"]) for c in z["cells"]]
    [(1, 0, False), (2, 1, True)]
    >>> grid_zone("board", "Board", 2, 1, [], x_labels=["-1", "0"], y_labels=["0"])["x_labels"]
    ['-1', '0']
    """
    cells = list(cells)
    for c in cells:
        if not (0 <= c["x"] < width and 0 <= c["y"] < height):
            raise ValueError(f"cell ({c['x']}, {c['y']}) is off a {width} x {height} board")
    if x_labels is not None or y_labels is not None:
        if x_labels is None or y_labels is None or len(x_labels) != width or len(y_labels) != height:
            raise ValueError(f"a {width} x {height} board needs {width} column labels and {height} row labels")
        fields = {**fields, "x_labels": [str(t) for t in x_labels], "y_labels": [str(t) for t in y_labels]}
    return zone("grid", zone_id, label, width=width, height=height, cells=cells, **fields)


PICKER_KINDS = ("number", "list")
#: Where a number picker's action code holds its number.
PICKER_SLOT = "{n}"


def number_picker(picker_id: str, label: str, low: int, high: int, code: str, *, submit: str,
                  step: int = 1, value: int | None = None) -> dict[str, Any]:
    """A number from ``low`` to ``high`` (every ``step``) to choose and send: ``code`` is the
    action code with ``{n}`` where the number goes (``"bid:{n}"``); ``label`` names the control
    (its accessible name), ``submit`` is the text of its send button with ``{n}`` for the number
    (``"Bid {n}"``); ``value`` is the number shown first (None: ``low``).

    >>> p = number_picker("bid", "Your bid", 7, 60, "bid:{n}", submit="Bid {n}")
    >>> p["kind"], p["min"], p["max"], p["value"], picker_code(p), picker_code(p, 23)
    ('number', 7, 60, 7, 'bid:7', 'bid:23')
    """
    if PICKER_SLOT not in code:
        raise ValueError(f"a number picker's code needs {PICKER_SLOT} (got {code!r})")
    if step < 1 or low > high:
        raise ValueError(f"a number picker needs low <= high and step >= 1 (got {low}, {high}, {step})")
    value = low if value is None else value
    if not (low <= value <= high and (value - low) % step == 0):
        raise ValueError(f"value {value} is not one of {low}..{high} in steps of {step}")
    return {"kind": "number", "id": picker_id, "label": label, "min": low, "max": high, "step": step,
            "value": value, "code": code, "submit": submit, "mark": None}


def list_picker(picker_id: str, label: str, options: Iterable[Mapping[str, Any]], *, submit: str,
                value: str | None = None) -> dict[str, Any]:
    """One of ``options`` (``{code, label}``, in the order shown) to choose and send: ``label``
    names the control, ``submit`` is the text of its send button, ``value`` the code shown
    first (None: the first option).

    >>> p = list_picker("call", "Call a partner", [{"code": "call:AS", "label": "A♠"},
    ...                                             {"code": "call:KS", "label": "K♠"}], submit="Call")
    >>> p["value"], picker_value(p, "call:KS"), picker_value(p, "call:QS")
    ('call:AS', 'call:KS', None)
    """
    listed = [{"code": o["code"], "label": o["label"]} for o in options]
    if not listed:
        raise ValueError("a list picker needs at least one option")
    codes = [o["code"] for o in listed]
    if len(set(codes)) != len(codes):
        raise ValueError("a list picker lists each code once")
    value = codes[0] if value is None else value
    if value not in codes:
        raise ValueError(f"value {value!r} is not one of the options")
    return {"kind": "list", "id": picker_id, "label": label, "options": listed, "value": value,
            "submit": submit, "mark": None}


def picker_value(picker: Mapping[str, Any], code: str) -> Any:
    """The value of ``picker`` that sends ``code`` (None: the picker does not offer it): a
    number for a number picker, the code itself for a list picker.

    >>> p = number_picker("bid", "Your bid", 7, 60, "bid:{n}", submit="Bid {n}", step=1)
    >>> picker_value(p, "bid:12"), picker_value(p, "bid:6"), picker_value(p, "bid:x"), picker_value(p, "pass")
    (12, None, None, None)
    """
    if picker.get("kind") == "list":
        return code if any(o["code"] == code for o in picker.get("options", ())) else None
    if picker.get("kind") != "number":
        return None
    head, _, tail = picker["code"].partition(PICKER_SLOT)
    middle = code[len(head) : len(code) - len(tail)] if len(code) > len(head) + len(tail) else ""
    if not (code.startswith(head) and code.endswith(tail) and middle.isascii() and middle.isdigit()):
        return None
    n = int(middle)
    if str(n) != middle or not picker["min"] <= n <= picker["max"] or (n - picker["min"]) % picker["step"]:
        return None
    return n


def picker_code(picker: Mapping[str, Any], value: Any = None) -> str:
    """The action code ``picker`` sends for ``value`` (None: the value it shows)."""
    value = picker["value"] if value is None else value
    if picker["kind"] == "list":
        return str(value)
    return str(picker["code"]).replace(PICKER_SLOT, str(int(value)))


def iter_cards(view: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Every card of a view-model, in any zone kind (hand/pile/ring cards, trick plays,
    column rows, grid cells).

    >>> z = trick_zone("trick", "Trick", 2, [(0, card(None, key="a"))])
    >>> [c["key"] for c in iter_cards({"zones": [z, zone("pile", "p", "P", cards=[card(None, key="b")])]})]
    ['a', 'b']
    """
    for z in view["zones"]:
        yield from z.get("cards", ())
        for play in z.get("plays", ()):
            yield play["card"]
        for row in z.get("rows", ()):
            yield from row.get("cards", ())
        for cell in z.get("cells", ()):
            if cell.get("card") is not None:
                yield cell["card"]


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


# --- the end of a round: revealed hands, the scoring worked out, the standings -------------------
#: ``GameSpec.round_summary``: ``(game, events of one step, lang) -> summary or None``.
RoundSummary = Callable[[Game[Any], Sequence[Event], str], dict[str, Any] | None]


def signed(number: float) -> str:
    """A score with its sign, as a class reads it on a board: a true minus sign (U+2212).

    >>> signed(65), signed(-65), signed(0), signed(2.5)
    ('+65', '−65', '0', '+2.5')
    """
    if number > 0:
        return f"+{number:g}"
    if number < 0:
        return f"\u2212{-number:g}"
    return "0"


def worked_sum(terms: Sequence[tuple[str | None, float]]) -> str:
    """A score worked out term by term so that anyone can check it: each term is a label (None:
    the points speak for themselves, e.g. a numbered card) and its points. No terms: "".

    >>> worked_sum([("K♠", 10), ("5♦", 5), ("8♣", 50)])
    'K♠ 10 + 5♦ 5 + 8♣ 50 = 65'
    >>> worked_sum([(None, 37), ("Pass", 0)]), worked_sum([("A♥", 1)]), worked_sum([])
    ('37 + Pass 0 = 37', 'A♥ 1 = 1', '')
    """
    if not terms:
        return ""
    total = sum(points for _, points in terms)
    return " + ".join(f"{label} {points:g}" if label else f"{points:g}" for label, points in terms) + f" = {total:g}"


def revealed_cards(seat: int, codes: Sequence[str], face_of: Callable[[str], dict[str, Any]],
                   received: Iterable[int] = ()) -> list[dict[str, Any]]:
    """The face-up, never playable cards of a hand shown at the end of a round; the positions
    ``received`` are marked so (e.g. cards drawn as a last penalty).

    >>> [(c["key"], c["mark"]) for c in revealed_cards(2, ["7H", "7H"], lambda code: face("std", code, code), [1])]
    [('reveal-2-0-7H', None), ('reveal-2-1-7H', 'received')]
    """
    new = set(received)
    return [card(face_of(code), key=f"reveal-{seat}-{i}-{code}", mark="received" if i in new else None)
            for i, code in enumerate(codes)]


def revealed_hand(seat: int, lang: str, cards: Sequence[dict[str, Any]], *, badges: Iterable[str] = (),
                  worked: str = "", score: str = "", winner: bool = False, out: bool = False) -> dict[str, Any]:
    """A hand shown face up at the end of a round: an ordinary ``hand`` zone (id
    ``reveal-<seat>``, nothing hidden, nobody to play) plus ``worked`` (its score worked out,
    or a short sentence), ``score`` (what the round gives it, e.g. "−65") and ``winner``.

    >>> z = revealed_hand(0, "en", [], worked="No cards left", score="+65", winner=True)
    >>> z["kind"], z["id"], z["label"], z["hidden"], z["score"]
    ('hand', 'reveal-0', 'Player 1', 0, '+65')
    """
    return zone("hand", f"reveal-{seat}", seat_name(seat, lang), owner=seat, cards=list(cards), hidden=0,
                badges=list(badges), current=False, viewer=False, out=out, winner=winner, worked=worked,
                score=score)


def standing(seat: int, lang: str, value: str, leader: bool) -> dict[str, Any]:
    """One line of the standings after a round: the seat, its name, its value as text (a
    total, "3 game wins", "12 chips") and whether it leads (or has won).

    >>> standing(1, "en", "+35", True)
    {'seat': 1, 'label': 'Player 2', 'value': '+35', 'leader': True}
    """
    return {"seat": seat, "label": seat_name(seat, lang), "value": value, "leader": leader}


def winner_sentence(prefix: str, winners: Sequence[int], points: Any, lang: str) -> str:
    """Who won with how many points: ``<prefix>.summary_winner`` for one winner,
    ``<prefix>.summary_tie`` (naming them all) for several.

    >>> winner_sentence("up_or_down.view", [1], 40, "en")
    'Player 2 wins with 40 points.'
    """
    if len(winners) == 1:
        return tr(f"{prefix}.summary_winner", lang, player=winners[0], points=points)
    return tr(f"{prefix}.summary_tie", lang, players=list(winners), points=points)


def join_sentences(sentences: Iterable[str], lang: str) -> str:
    """Sentences as one text: separated by a space in English, run together in Japanese
    (where each already ends with "。").

    >>> join_sentences(["Nobody can play.", "Player 1 wins."], "en"), join_sentences(["終了。", "勝ち。"], "ja")
    ('Nobody can play. Player 1 wins.', '終了。勝ち。')
    """
    return ("" if lang == "ja" else " ").join(s for s in sentences if s)


def revealed_pile(name: str, label: str, cards: Sequence[dict[str, Any]], worked: str = "") -> dict[str, Any]:
    """Cards of nobody's hand shown face up at the end of a round (a kitty, the declarer's
    discards, cards left out of play): a ``pile`` zone with id ``reveal-<name>`` and its points
    ``worked`` out.

    >>> z = revealed_pile("kitty", "Kitty", [], worked="0")
    >>> z["kind"], z["id"], z["label"]
    ('pile', 'reveal-kitty', 'Kitty')
    """
    return zone("pile", f"reveal-{name}", label, cards=list(cards), worked=worked)


def round_summary_view(*, final: bool, title: str, text: str, hands: Sequence[dict[str, Any]],
                       standings: Sequence[dict[str, Any]], piles: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The end-of-round moment, JSON-ready: ``final`` (the whole game or match is over: offer
    "Play again"; otherwise "Next round"), a ``title``, a ``text`` naming the winner(s) and why,
    the revealed ``hands`` (see :func:`revealed_hand`; one per seat in seat order, or none when
    the round ended before any card was seen), the ``standings`` (see :func:`standing`) and
    the ``piles`` of cards outside the hands the rules reveal too (see :func:`revealed_pile`).

    >>> v = round_summary_view(final=False, title="Round 1 is over", text="Player 1 went out.",
    ...                        hands=[revealed_hand(0, "en", [])], standings=[standing(0, "en", "0", True)])
    >>> v["final"], [h["id"] for h in v["hands"]], v["standings"][0]["label"], v["piles"]
    (False, ['reveal-0'], 'Player 1', [])
    """
    for h in hands:
        if h.get("kind") != "hand" or not str(h.get("id", "")).startswith("reveal-"):
            raise ValueError(f"a revealed hand must be a hand zone with id 'reveal-<seat>' (got {h.get('id')!r})")
    for z in piles:
        if z.get("kind") != "pile" or not str(z.get("id", "")).startswith("reveal-"):
            raise ValueError(f"a revealed pile must be a pile zone with id 'reveal-<name>' (got {z.get('id')!r})")
    return {"final": bool(final), "title": title, "text": text, "hands": list(hands), "standings": list(standings),
            "piles": list(piles)}


def last_event(events: Sequence[Event], codes: str | Iterable[str]) -> tuple[int, Event] | None:
    """The position and the event of the last of ``events`` with one of ``codes`` (None: none).

    >>> last_event([Event("a", {}), Event("b", {"n": 1}), Event("b", {"n": 2})], "b")
    (2, Event(code='b', params={'n': 2}))
    """
    wanted = {codes} if isinstance(codes, str) else set(codes)
    for i in range(len(events) - 1, -1, -1):
        if events[i].code in wanted:
            return i, events[i]
    return None


def _no_badges(player: Mapping[str, Any]) -> list[str]:
    return []


class TableView:
    """What every view-model shares, built once per render; see :func:`table_view`.

    Attributes a game's ``view.py`` reads: ``obs`` (the observation: the open one in teaching
    mode), ``current`` (the seat to play), ``my_turn`` (a seat the person controls is to play),
    ``legal`` (the legal actions, only on the person's turn), ``plays`` (hand card code -> the
    legal actions that play it) and ``buttons`` (legal actions that play no hand card).

    ``card_of(action)`` names the hand card an action plays (None: the action is a button).

    >>> from tablekit import make
    >>> game = make("up_and_down", players=3)
    >>> t = table_view(game, game.initial_state(3), viewer=0, card_of=lambda a: a.code)
    >>> t.my_turn, sorted(t.plays) == sorted(a.code for a in t.legal)
    (True, True)
    >>> vm = t.view(t.hands(lambda code: face("up_and_down", code, code)), title="Up&Down")
    >>> [z["id"] for z in vm["zones"]], vm["zones"][1]["hidden"]
    (['hand-0', 'hand-1', 'hand-2'], 5)
    """

    def __init__(
        self,
        game: Game[Any],
        state: Any,
        viewer: int | None,
        lang: str = "en",
        controls: Iterable[int] | None = None,
        teaching: bool = False,
        card_of: Callable[[Action], str | None] = lambda action: None,
    ) -> None:
        self.game = game
        self.state = state
        self.viewer = viewer
        self.lang = lang
        self.teaching = teaching
        self.obs: dict[str, Any] = game.observe(state, None if teaching else viewer)
        self.controls = set(controls) if controls is not None else ({viewer} if viewer is not None else set())
        self.current: int | None = game.current_player(state)
        self.my_turn = self.current is not None and self.current in self.controls
        self.legal: tuple[Action, ...] = tuple(game.legal_actions(state)) if self.my_turn else ()
        self.plays: dict[str, list[Action]] = {}
        self.buttons: list[Action] = []
        for action in self.legal:
            code = card_of(action)
            if code is None:
                self.buttons.append(action)
            else:
                self.plays.setdefault(code, []).append(action)
        self.outcome = game.outcome(state)

    def seat_label(self, seat: int) -> str:
        """"Player 2", or "Player 2 (you)" for the person looking."""
        label = seat_name(seat, self.lang)
        if self.viewer is not None and seat == self.viewer:
            label += f" ({tr('core.you', self.lang)})"
        return label

    @staticmethod
    def static_card(face_data: dict[str, Any] | None, key: str, mark: str | None = None) -> dict[str, Any]:
        """A card that is only shown (on a pile, in a trick): never playable; ``mark`` as :func:`card`."""
        return card(face_data, key=key, mark=mark)

    def hand_card(
        self,
        seat: int,
        code: str,
        index: int,
        face_data: dict[str, Any],
        choice_of: Callable[[Action], Mapping[str, Any]] | None = None,
        mark: str | None = None,
    ) -> dict[str, Any]:
        """One card of ``seat``'s hand: playable when the person plays that seat now and a legal
        action plays it; one plain action is sent on a click, several (or any that names a place
        on the table) become ``choices``. ``mark``: as :func:`card`."""
        # (An observation may list cards as numbers; ``card_of`` names them as text.)
        actions = self.plays.get(str(code), []) if self.my_turn and seat == self.current else []
        offered = [dict(choice_of(a)) if choice_of else {"label": a.label(self.lang)} for a in actions]
        for a, c in zip(actions, offered):
            c.setdefault("code", a.code)
            c.setdefault("label", a.label(self.lang))
        direct = len(actions) == 1 and offered[0].get("zone") is None
        return card(
            face_data, key=f"{seat}-{code}-{index}", playable=bool(actions),
            action=actions[0].code if direct else None,
            choices=() if direct else offered, mark=mark,
        )

    def hands(
        self,
        face_of: Callable[[str], dict[str, Any]],
        badges: Callable[[Mapping[str, Any]], list[str]] = _no_badges,
        is_out: Callable[[Mapping[str, Any]], bool] = lambda player: False,
        choice_of: Callable[[Action], Mapping[str, Any]] | None = None,
        offer: Callable[[list[Action]], list[Action]] | None = None,
        mark: Callable[[int, str], str | None] = lambda seat, code: None,
    ) -> list[dict[str, Any]]:
        """A ``hand`` zone per entry of ``obs["players"]`` (each with ``seat``, ``hand``: the codes,
        or None when hidden, and ``hand_count``). ``offer`` trims the actions of one card (e.g. at
        most a few several-card plays); ``mark(seat, code)`` gives a card's mark (see :data:`MARKS`)."""
        if offer is not None:
            self.plays = {code: offer(actions) for code, actions in self.plays.items()}
        zones = []
        for p in self.obs["players"]:
            seat = p["seat"]
            cards = [self.hand_card(seat, code, i, face_of(code), choice_of, mark(seat, code))
                     for i, code in enumerate(p["hand"] or ())]
            zones.append(zone(
                "hand", f"hand-{seat}", self.seat_label(seat), owner=seat, cards=cards,
                hidden=0 if p["hand"] is not None else p["hand_count"],
                badges=badges(p), current=seat == self.current, viewer=seat == self.viewer,
                out=is_out(p),
            ))
        return zones

    def prompt(self) -> str:
        """The default prompt: the end, the person's turn, or whose turn it is."""
        if self.outcome is not None:
            return tr(self.outcome.termination, self.lang)
        if self.my_turn:
            return tr("widgets.table.your_turn", self.lang, player=self.current)
        return tr("core.to_play", self.lang, player=self.current)

    def view(
        self,
        zones: Sequence[dict[str, Any]],
        title: str,
        subtitle: str = "",
        prompt: str | None = None,
        events: Sequence[Event] = (),
        button_label: Callable[[Action], str] | None = None,
        pickers: Sequence[dict[str, Any]] = (),
        **extra: Any,
    ) -> dict[str, Any]:
        """The finished view-model; ``pickers`` are drawn after the buttons (see
        :func:`number_picker`); ``extra`` adds game-specific top-level fields."""
        return {
            "game": self.game.name,
            "title": title,
            "subtitle": subtitle,
            "lang": self.lang,
            "viewer": self.viewer,
            "current": self.current,
            "my_turn": self.my_turn,
            "teaching": self.teaching,
            "prompt": self.prompt() if prompt is None else prompt,
            "zones": list(zones),
            "actions": [{"code": a.code, "label": a.label(self.lang)} for a in self.legal],
            "buttons": [{"code": a.code, "label": button_label(a) if button_label else a.label(self.lang)}
                        for a in self.buttons],
            "pickers": list(pickers),
            "log": [e.text(self.lang) for e in events],
            "over": self.outcome is not None,
            "outcome": outcome_view(self.outcome, self.lang),
            **extra,
        }


#: Start a view-model: ``table_view(game, state, viewer, lang, controls, teaching, card_of)``.
table_view = TableView
