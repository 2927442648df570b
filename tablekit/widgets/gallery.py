"""ZoneGallery: every zone kind of the table vocabulary on one page, with made-up cards.

The view-model is synthetic (no game, no rule): it is built with the builders of
``tablekit.core.view`` and drawn by the same ``play_table.js`` as ``PlayTable``. It shows a hand
of the viewer whose cards offer choices on every kind of zone (a trick seat, a ring position, a
column row, a grid cell, another player's hand, a plain button), a face-down hand, a pile, a
counter, a trick with its leader and winner, a ring with a wrap point and highlighted
positions, columns with arrows and bounds, and a grid board with marks. A click is answered by
echoing the code it sent into the message line, so the browser tests can check every path.

>>> g = ZoneGallery()
>>> sorted({z["kind"] for z in g.view["zones"]})
['columns', 'counter', 'grid', 'hand', 'pile', 'ring', 'trick']
>>> g.handle({"type": "play", "code": "ring:2"})
>>> g.message, g.chosen
('Chosen: ring:2', ['ring:2'])
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from tablekit.core.view import (
    card,
    choice,
    column_row,
    columns_zone,
    face,
    grid_cell,
    grid_zone,
    ring_zone,
    trick_zone,
    zone,
)
from tablekit.i18n import LANGUAGES, seat_name, tr
from tablekit.render.svg import card_svg, standard_face
from tablekit.widgets.play_table import STATIC, table_labels

NS = "widgets.gallery"
#: Words of the zone kinds beyond hands and piles (``widgets.table.<key>``).
ZONE_LABELS = ("leader", "winner", "trump", "wrap", "empty", "up", "down")


def gallery_labels(lang: str) -> dict[str, str]:
    """The table's words plus those of tricks, rings, columns and grids."""
    labels = table_labels(lang)
    labels.update({k: tr(f"widgets.table.{k}", lang) for k in ZONE_LABELS})
    labels["player"] = tr("core.seat", lang, n="{n}")
    return labels


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
        _std("4C", lang, "0-4C", playable=True, choices=[
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
        zone("pile", "discard", t("pile"), value="5♠", cards=[_std("5S", lang, "p-5S")]),
        zone("counter", "stock", t("stock"), value=23),
        trick_zone("trick", t("trick"), 4, [(1, _std("JD", lang, "t1")), (2, _std("AD", lang, "t2"))],
                   lang=lang, leader=1, winner=2, trump="♥"),
        ring_zone("ring", t("ring"), [
            _ud("12", "r0"), _ud("27", "r1"), _ud("33", "r2"),
            {**card(None, key="r3"), "empty": True},
            _ud("58", "r4"), _ud("61", "r5"), _ud("74", "r6", playable=True, action="ring:6"), card(None, key="r7"),
        ], wrap=3, highlight=[0, 4]),
        columns_zone("columns", t("columns"), [
            column_row("c1", t("row", n=1), [_ud("14", "c1-0"), _ud("22", "c1-1")], "up", "> 22"),
            column_row("c2", t("row", n=2), [_ud("90", "c2-0")], "down", "< 90", action="row:c2"),
            column_row("c3", t("row", n=3), [], None, None),
        ], owner=0),
        grid_zone("board", t("board"), 6, 4, [
            grid_cell(0, 1, mark=t("start"), label=t("start")),
            grid_cell(1, 1, _std("3H", lang, "g-3H"), label=t("cell", x=2, y=2)),
            grid_cell(2, 1, label=t("cell", x=3, y=2)),
            grid_cell(3, 1, action="cell:3,1", label=t("cell", x=4, y=2)),
            grid_cell(3, 0, action="cell:3,0", label=t("cell", x=4, y=1)),
            grid_cell(4, 3, label=t("cell", x=5, y=4)),
            grid_cell(5, 2, card(None, key="g-back"), mark=t("score"), label=t("score")),
        ]),
        zone("hand", "hand-0", seat_name(0, lang), owner=0, cards=hand, hidden=0, badges=[],
             current=True, viewer=True, out=False),
        zone("hand", "hand-1", seat_name(1, lang), owner=1, cards=[], hidden=3, badges=[],
             current=False, viewer=False, out=False),
    ]
    view = {
        "game": "gallery", "title": t("title"), "subtitle": t("subtitle"), "lang": lang, "viewer": 0,
        "current": 0, "my_turn": True, "teaching": False, "prompt": t("prompt"), "zones": zones,
        "actions": [], "buttons": [{"code": "pass", "label": t("pass")}], "log": [], "over": False,
        "outcome": None,
    }
    return with_pictures(view, lang)


def with_pictures(value: Any, lang: str = "en") -> Any:
    """Add ``svg`` to every card anywhere in a view-model (hands, piles, trick plays, ring
    positions, column rows, grid cells), and ``back_svg`` to zones with face-down cards."""
    if isinstance(value, dict):
        if "key" in value and "face" in value and "playable" in value:
            value["svg"] = "" if value.get("empty") else card_svg(
                value["face"], tr("widgets.table.face_down", lang))
        if value.get("kind") == "hand" and value.get("hidden"):
            value["back_svg"] = card_svg(None, tr("widgets.table.face_down", lang))
        for item in value.values():
            with_pictures(item, lang)
    elif isinstance(value, list):
        for item in value:
            with_pictures(item, lang)
    return value


class ZoneGallery(anywidget.AnyWidget):
    """The gallery page: ``view`` is :func:`gallery_view`; a click's code comes back as the
    message, and every code received is kept in ``chosen`` (in Python only)."""

    _esm = STATIC / "play_table.js"
    _css = STATIC / "play_table.css"

    view = traitlets.Dict().tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    deal = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    allow_teaching_ui = traitlets.Bool(False).tag(sync=True)
    show_controls = traitlets.Bool(False).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.chosen: list[str] = []
        self.on_msg(lambda _w, content, _b: self.handle(content))
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        with self.hold_sync():
            self.lang = lang
            self.labels = gallery_labels(lang)
            self.view = gallery_view(lang)

    def handle(self, content: Any) -> None:
        """Echo a click: ``play`` and ``why`` requests name their code in the message."""
        kind = content.get("type") if isinstance(content, dict) else None
        code = str(content.get("code", ""))[:40] if isinstance(content, dict) else ""
        with self.hold_sync():
            if kind == "play":
                self.chosen.append(code)
                self.message_kind = "info"
                self.message = tr(f"{NS}.chosen", self.lang, code=code)
                self.log = [*self.log, self.message][-40:]
                self.announce = self.message
            elif kind == "why":
                self.message_kind = "info"
                self.message = tr(f"{NS}.why", self.lang, code=code)
            elif kind == "lang" and content.get("lang") in LANGUAGES:
                self.set_lang(content["lang"])
            else:
                self.message_kind = "refusal"
                self.message = tr(f"{NS}.unknown", self.lang, kind=str(kind)[:20])
