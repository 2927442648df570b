"""ZoneGallery: every zone kind of the table vocabulary on one page, with made-up cards.

The view-model is synthetic (no game, no rule): it is built with the builders of
``tablekit.core.view`` and drawn by the same ``play_table.js`` as ``PlayTable``. It shows a hand
of the viewer whose cards offer choices on every kind of zone (a trick seat, a ring position, a
column row, a grid cell, another player's hand, a plain button), a face-down hand, a pile, a
counter, a trick with its leader and winner, a ring with a wrap point and highlighted
positions, columns with arrows and bounds, a grid board with signed cells, the two kinds of picker
(a number in steps of two, a list) beside a plain button, and each mark of ``core.view.MARKS``
(a hinted button, a card just received, the card played last, a lesson's target row) with the
legend that explains them. A click is answered by
echoing the code it sent into the message line, so the browser tests can check every path.

>>> g = ZoneGallery()
>>> sorted({z["kind"] for z in g.view["zones"]})
['columns', 'counter', 'grid', 'hand', 'pile', 'ring', 'trick']
>>> [(p["kind"], p["id"]) for p in g.view["pickers"]]
[('number', 'count'), ('list', 'colour')]
>>> g.handle({"type": "play", "code": "ring:2"})
>>> g.message, g.chosen
('Chosen: ring:2', ['ring:2'])
>>> g.handle({"type": "play", "code": 7})
>>> g.message_kind, g.chosen
('error', ['ring:2'])
"""

from __future__ import annotations

from typing import Any

import traitlets

from tablekit.core.view import (
    card,
    choice,
    column_row,
    columns_zone,
    face,
    grid_cell,
    grid_zone,
    list_picker,
    number_picker,
    ring_zone,
    trick_zone,
    zone,
)
from tablekit.core.verdict import Event
from tablekit.i18n import Verbatim, seat_name, tr
from tablekit.render.svg import standard_face
from tablekit.widgets.base import Handler, TableWidget

NS = "widgets.gallery"


def _std(code: str, lang: str, key: str, **fields: Any) -> dict[str, Any]:
    return card(standard_face(code, lang), key=key, **fields)


def _ud(code: str, key: str, **fields: Any) -> dict[str, Any]:
    return card(face("up_and_down", code, code), key=key, **fields)


def gallery_view(lang: str = "en") -> dict[str, Any]:
    """The synthetic view-model: seat 0 looks and is to play; codes name what was clicked."""
    t = lambda code, **p: tr(f"{NS}.{code}", lang, **p)  # noqa: E731
    hand = [
        _std("7H", lang, "0-7H", playable=True, action="play:7H"),
        _std("QS", lang, "0-QS", playable=True, choices=[
            choice(f"trick:QS:{s}", t("to_seat", player=seat_name(s, lang)), zone="trick", at=s) for s in (1, 3)]),
        _std("9D", lang, "0-9D", playable=True, choices=[
            choice(f"ring:9D:{i}", t("to_ring", n=i + 1), zone="ring", at=i) for i in (2, 5)]),
        _std("4C", lang, "0-4C", playable=True, mark="received", choices=[
            choice(f"row:4C:{r}", t("to_row", n=r[1:]), zone="columns", at=r) for r in ("c1", "c3")]),
        _std("KH", lang, "0-KH", playable=True, choices=[
            choice(f"cell:KH:{x},{y}", t("to_cell", x=x + 1, y=y + 1), zone="board", at=[x, y])
            for x, y in ((2, 1), (4, 3))]),
        _std("8S", lang, "0-8S", playable=True, choices=[
            choice("name:8S:1", t("to_hand", player=seat_name(1, lang)), zone="hand-1", at=1),
            choice("suit:8S:H", t("suit"))]),
        _std("2C", lang, "0-2C"),  # not playable: a click asks why
    ]
    zones = [
        zone("pile", "discard", t("pile"), value="5♠", cards=[_std("5S", lang, "p-5S", mark="last")]),
        zone("counter", "stock", t("stock"), value=23),
        trick_zone("trick", t("trick"), 4, [(1, _std("JD", lang, "t1")), (2, _std("AD", lang, "t2"))],
                   lang=lang, leader=1, winner=2, trump="♥"),
        ring_zone("ring", t("ring"), [
            _ud("12", "r0"), _ud("27", "r1"), _ud("33", "r2"),
            {**card(None, key="r3"), "empty": True},
            _ud("58", "r4"), _ud("61", "r5"), _ud("74", "r6", playable=True, action="ring:6"), card(None, key="r7"),
        ], wrap=3, highlight=[0, 4]),
        columns_zone("columns", t("columns"), [
            column_row("c1", t("row", n=1), [_ud("14", "c1-0"), _ud("22", "c1-1", playable=True, action="take:22")],
                       "up", "> 22"),
            column_row("c2", t("row", n=2), [_ud("90", "c2-0")], "down", "< 90", action="row:c2", mark="target"),
            column_row("c3", t("row", n=3), [], None, None),
        ], owner=0),
        grid_zone("board", t("board"), 6, 4, [
            grid_cell(0, 1, sign="start", sign_text=t("start"), label=t("start")),
            grid_cell(1, 1, _std("3H", lang, "g-3H"), label=t("cell", x=2, y=2)),
            grid_cell(2, 1, label=t("cell", x=3, y=2)),
            grid_cell(3, 1, action="cell:3,1", label=t("cell", x=4, y=2)),
            grid_cell(3, 0, action="cell:3,0", label=t("cell", x=4, y=1)),
            grid_cell(4, 3, label=t("cell", x=5, y=4)),
            grid_cell(5, 2, card(None, key="g-back"), sign="score", sign_text=t("score"), label=t("score")),
        ]),
        zone("hand", "hand-0", seat_name(0, lang), owner=0, cards=hand, hidden=0, badges=[],
             current=True, viewer=True, out=False),
        zone("hand", "hand-1", seat_name(1, lang), owner=1, cards=[], hidden=3, badges=[],
             current=False, viewer=False, out=False),
    ]
    view = {
        "game": "gallery", "title": t("title"), "subtitle": t("subtitle"), "lang": lang, "viewer": 0,
        "current": 0, "my_turn": True, "teaching": False, "prompt": t("prompt"), "zones": zones,
        "actions": [], "buttons": [{"code": "pass", "label": t("pass"), "mark": "hint"}], "log": [], "over": False,
        "outcome": None,
        "pickers": [
            number_picker("count", t("count"), 2, 12, "count:{n}", submit=t("count_submit", n="{n}"), step=2),
            list_picker("colour", t("colour"), [{"code": f"colour:{c}", "label": t(f"colour_{c}")} for c in "RGB"],
                        submit=t("colour_submit")),
        ],
    }
    return view


class ZoneGallery(TableWidget):
    """The gallery page: ``view`` is :func:`gallery_view`; a click's code comes back as the
    message (and in the log), and every code received is kept in ``chosen`` (in Python only)."""

    show_controls = traitlets.Bool(False).tag(sync=True)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.chosen: list[str] = []
        self._relabel()

    def _requests(self) -> dict[str, Handler]:
        return {**super()._requests(), "play": self._req_play, "why": self._req_why}

    def _req_play(self, content: dict[str, Any]) -> None:
        code = self._code(content)
        self.chosen.append(code)
        chosen = Event(f"{NS}.chosen", {"code": Verbatim(code)})
        self._say(chosen.text(self._lang), "info")
        self._narrate([chosen])

    def _req_why(self, content: dict[str, Any]) -> None:
        self._say(tr(f"{NS}.why", self._lang, code=Verbatim(self._code(content))), "info")

    def _relabel(self) -> None:
        self._show(gallery_view(self._lang))
