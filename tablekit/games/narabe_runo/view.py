"""The 並べRUNO view-model: what one seat sees, as zones for ``PlayTable`` (JSON-ready).

Built only from ``game.observe(state, viewer)`` and the legal actions (``core.view.table_view``),
so it never holds a card the viewer may not see: other hands are face-down counts, the scoring
cards are backs on their cells (the capturer's captured cards are only counted), the draw pile
is a count. Teaching mode opens the hands, never the scoring cards before the end (nobody at a
real table sees them either).

The board is a ``grid`` zone covering the playing area: each cell of the area is listed (cells
outside it are drawn as void); the start card, the roads, the face-down scoring cards, and the
anchors the player may extend now (their cells' sign is ``anchor``) are on their cells; the card
placed last carries the ``last`` mark. Clicking a hand card
lights the cells it may go to (its choices name the cell); a cell that takes the card in more
than one way (two anchors, or a wild's four colours) opens those ways. A discard is one of a
hand card's choices; an empty hand offers a Pass button.

>>> from tablekit.games.narabe_runo.rules import NarabeRuno
>>> from tablekit.games.narabe_runo.config import NarabeRunoConfig
>>> game = NarabeRuno(NarabeRunoConfig(players=2))
>>> s = game.initial_state(3, first=0)
>>> vm = view_model(game, s, viewer=0)
>>> board = next(z for z in vm["zones"] if z["kind"] == "grid")
>>> board["width"], board["height"], sum(1 for c in board["cells"] if c["sign"] == "score")
(9, 7, 6)
>>> offered = {c["code"] for z in vm["zones"] if z["id"] == "hand-0" for k in z["cards"] for c in k["choices"]}
>>> offered == {a.code for a in game.legal_actions(s)}
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.cards import uno_kind, uno_name
from tablekit.core.game import Game
from tablekit.core.verdict import Event
from tablekit.core.view import (
    card,
    choice,
    face,
    grid_cell,
    grid_zone,
    last_event,
    revealed_cards,
    revealed_hand,
    revealed_pile,
    round_summary_view,
    standing,
    table_view,
    winner_sentence,
    zone,
)
from tablekit.games.narabe_runo import codes as K
from tablekit.games.narabe_runo.actions import Discard, Play, cell_text
from tablekit.games.narabe_runo.board import bounds
from tablekit.games.narabe_runo.rules import NarabeRuno, NarabeRunoState
from tablekit.i18n import has, tr

NS = K.NS
V = f"{NS}.view"
#: The signs of board cells (the widget shows them; the aria label names them).
SIGNS = ("start", "anchor", "score", "closed")


def card_face(code: str, lang: str, colour: str | None = None) -> dict[str, Any]:
    """The face of a UNO card (``colour``: the colour a wild on the board asked for).

    >>> card_face("W", "en", "G")["aria"]
    'Wild (green)'
    """
    aria = uno_name(code, lang)
    extra: dict[str, Any] = {}
    if colour and code in ("W", "W4"):
        aria += f" ({tr(f'cards.uno.colour.{colour}', lang)})"
        extra["colour"] = colour
    return face("uno", code, aria, **extra)


def _card_of(action: Action) -> str | None:
    """The hand card an action uses (plays and discards are made from the hand)."""
    return action.card if isinstance(action, (Play, Discard)) else None


class Frame:
    """Where the board's cells go on the grid: the playing area's bounding box."""

    def __init__(self, game: NarabeRuno) -> None:
        self.min_x, self.min_y, max_x, max_y = bounds(game.area)
        self.width = max_x - self.min_x + 1
        self.height = max_y - self.min_y + 1

    def at(self, cell: Sequence[int]) -> list[int]:
        return [cell[0] - self.min_x, cell[1] - self.min_y]


def _choice_of(frame: Frame, legal: Sequence[Action], lang: str) -> Callable[[Action], Mapping[str, Any]]:
    """A hand card's ways to be used: a cell of the board (its label names the anchor too when
    the card reaches that cell from two anchors, so the two ways can be told apart) or the
    discard pile."""
    reached = Counter((a.card, a.cell, a.colour) for a in legal if isinstance(a, Play))

    def of(action: Action) -> Mapping[str, Any]:
        if isinstance(action, Play):
            label = action.label(lang)
            if reached[(action.card, action.cell, action.colour)] > 1:
                label = tr(f"{V}.play_from", lang, play=label, anchor=cell_text(action.anchor))
            return choice(action.code, label, zone="board", at=frame.at(action.cell))
        return choice(action.code, action.label(lang), zone="discard")
    return of


def _board(game: NarabeRuno, obs: Mapping[str, Any], frame: Frame, lang: str, over: bool) -> dict[str, Any]:
    cells: dict[tuple[int, int], dict[str, Any]] = {}
    for x, y in sorted(game.area):
        gx, gy = frame.at((x, y))
        cells[(x, y)] = grid_cell(gx, gy, label=tr(f"{V}.cell_empty", lang, cell=cell_text((x, y))))
    anchors = {tuple(a["cell"]) for a in obs["anchors"]}
    closed = tuple(obs["closed"]) if obs["closed"] else None
    # The card placed last, when placing it was the latest move: the anchor it left (the next
    # play extends it), or the tip of the road its Reverse closed (a capture takes it away).
    newest: tuple[int, int] | None = None
    if obs["placed"] and not obs["idle"]:
        if obs["anchor"]:
            newest = (obs["anchor"][0], obs["anchor"][1])
        elif closed is not None:
            road = next((r for r in obs["roads"] if (r[0]["x"], r[0]["y"]) == closed), None)
            newest = (road[-1]["x"], road[-1]["y"]) if road else None

    def put(cell: tuple[int, int], data: dict[str, Any] | None, sign: str | None, label: str) -> None:
        gx, gy = frame.at(cell)
        cells[cell] = grid_cell(gx, gy, data, sign=sign, label=label,
                                sign_text=tr(f"{V}.mark.{sign}", lang) if sign else None)

    start_face = card_face(obs["start"], lang)
    put((0, 0), card(start_face, key=f"board-start-{obs['start']}"),
        "anchor" if (0, 0) in anchors else "start",
        tr(f"{V}.cell_start", lang, cell="0,0", card=start_face["aria"])
        + (f" — {tr(f'{V}.anchor_mark', lang)}" if (0, 0) in anchors else ""))
    for road in obs["roads"]:
        key = (road[0]["x"], road[0]["y"])
        for i, placed in enumerate(road):
            cell = (placed["x"], placed["y"])
            f = card_face(placed["card"], lang, placed["colour"])
            tip = i == len(road) - 1
            sign = "anchor" if cell in anchors else ("closed" if tip and key == closed else None)
            label = tr(f"{V}.cell_card", lang, cell=cell_text(cell), card=f["aria"])
            if sign == "anchor":
                label += f" — {tr(f'{V}.anchor_mark', lang)}"
            elif sign == "closed":
                label += f" — {tr(f'{V}.closed_mark', lang)}"
            put(cell, card(f, key=f"board-{cell[0]},{cell[1]}-{placed['card']}",
                           mark="last" if cell == newest else None), sign, label)
    revealed = obs["scoring_cards"]
    for i, (x, y) in enumerate(tuple(c) for c in obs["scoring_cells"]):
        data = card(card_face(revealed[i], lang), key=f"board-score-{x},{y}") if over and revealed else \
            card(None, key=f"board-score-{x},{y}")
        put((x, y), data, "score", tr(f"{V}.cell_score", lang, cell=cell_text((x, y))))
    left = len(obs["scoring_cells"])
    label = tr(f"{V}.board", lang, left=left)
    # The columns and rows are named as cells are in prompts and buttons: "(x,y)", start at (0,0).
    x_labels = [str(frame.min_x + gx) for gx in range(frame.width)]
    y_labels = [str(frame.min_y + gy) for gy in range(frame.height)]
    return grid_zone("board", label, frame.width, frame.height, cells.values(), x_labels=x_labels, y_labels=y_labels,
                     origin=frame.at((0, 0)), note=f"{tr(f'{V}.legend', lang)} · {tr(f'{V}.axes', lang)}")


def _prompt(t: Any, lang: str) -> str:
    obs = t.obs
    if t.outcome is not None or not t.my_turn:
        return t.prompt()
    player = t.current
    if not obs["players"][player]["hand_count"]:
        return tr(f"{V}.prompt_pass", lang, player=player)
    anchors = obs["anchors"]
    plays = [a for a in t.legal if isinstance(a, Play)]
    if not plays:
        return tr(f"{V}.prompt_discard", lang, player=player)
    if obs["closed"] and len(anchors) >= 1 and all(a["road"] != obs["closed"] for a in anchors):
        return tr(f"{V}.prompt_reverse", lang, player=player)
    if len(anchors) == 1 and obs["anchor"] and anchors[0]["cell"] == obs["anchor"]:
        return tr(f"{V}.prompt_extend", lang, player=player, cell=cell_text(anchors[0]["cell"]),
                  card=card_face(anchors[0]["card"], lang, anchors[0]["colour"])["aria"])
    return tr(f"{V}.prompt_choose", lang, player=player)


def view_model(
    game: NarabeRuno,
    state: NarabeRunoState,
    viewer: int | None,
    lang: str = "en",
    controls: Iterable[int] | None = None,
    events: Sequence[Event] = (),
    teaching: bool = False,
) -> dict[str, Any]:
    """The view-model of ``state`` as ``viewer`` sees it (``teaching``: the open hands)."""
    if not isinstance(game, NarabeRuno):
        raise TypeError(f"view_model needs a 並べRUNO game (got {game!r})")
    t = table_view(game, state, viewer, lang, controls, teaching, card_of=_card_of)
    obs = t.obs
    over = t.outcome is not None
    frame = Frame(game)

    def badges(p: Mapping[str, Any]) -> list[str]:
        out = [tr(f"{V}.captured", lang, count=p["captured_count"])]
        if p["seat"] == obs["first"]:
            out.append(tr(f"{V}.first", lang))
        return out

    hands = t.hands(lambda code: card_face(code, lang), badges=badges, choice_of=_choice_of(frame, t.legal, lang))
    discard_cards = [t.static_card(card_face(c, lang), f"discard-{i}-{c}") for i, c in enumerate(obs["discard"])]
    zones = [
        _board(game, obs, frame, lang, over),
        zone("pile", "draw", tr(f"{V}.draw_pile", lang), value=tr(f"{V}.pile_count", lang, count=obs["draw_count"]),
             cards=[card(None, key="draw-pile")] if obs["draw_count"] else []),
        zone("pile", "discard", tr(f"{V}.discard_pile", lang),
             value=tr(f"{V}.pile_count", lang, count=len(discard_cards)), cards=discard_cards[-1:],
             collapsed=False),
        zone("counter", "scoring-left", tr(f"{V}.scoring_left", lang), value=len(obs["scoring_cells"])),
        zone("counter", "stall", tr(f"{V}.stall", lang),
             value=tr(f"{V}.stall_value", lang, idle=obs["idle"],
                      limit=game.config.stall_limit * game.config.players)),
    ] + hands
    title = tr(f"{NS}.title", lang)
    preset = f"{NS}.label.mode.{game.preset}"
    if has(preset, lang):
        title += f" — {tr(preset, lang)}"
    subtitle = tr(f"{V}.subtitle", lang, turn=obs["turn"],
                  layout=tr(f"{NS}.label.layout.{game.config.layout_name}", lang))
    legend = " · ".join(f"{c} {tr(f'cards.uno.colour.{c}', lang)}" for c in ("R", "Y", "G", "B"))
    return t.view(zones, title=title, subtitle=f"{subtitle} · {legend}", prompt=_prompt(t, lang), events=events)


def board_text(game: NarabeRuno, state: NarabeRunoState) -> str:
    """The board as text, one row per line of the grid (y grows downwards): each cell is four
    characters: a card code (a wild adds the colour it asked for in lower case, ``Wg``), ``##``
    for a face-down scoring card, ``·`` for an empty cell of the area, blank outside it; ``*``
    marks an anchor the player to act may extend, ``x`` the tip of a road a Reverse closed.

    >>> from tablekit.games.narabe_runo.config import NarabeRunoConfig
    >>> game = NarabeRuno(NarabeRunoConfig(players=2, layout="small"))
    >>> print(board_text(game, game.initial_state(0, first=0, deck=["R1"], roads=[[[1, 0, "R5"], [2, 0, "W", "G"]]])))
              ·  ##   ·
          ·   ·   ·   ·   ·
      ·   ·   ·   ·   ·   ·   ·
     ##   ·   ·  R1  R5  Wg* ##
      ·   ·   ·   ·   ·   ·   ·
          ·   ·   ·   ·   ·
              ·  ##   ·
    """
    obs = game.observe(state, None)
    min_x, min_y, max_x, max_y = bounds(game.area)
    text: dict[tuple[int, int], str] = {cell: "·" for cell in game.area}
    text[(0, 0)] = obs["start"]
    for road in obs["roads"]:
        for placed in road:
            code = placed["card"]
            text[(placed["x"], placed["y"])] = code + (placed["colour"].lower() if code in ("W", "W4") else "")
    over = state.current < 0
    for i, (x, y) in enumerate(tuple(c) for c in obs["scoring_cells"]):
        text[(x, y)] = obs["scoring_cards"][i] if over else "##"
    marks = {tuple(a["cell"]): "*" for a in obs["anchors"]}
    if obs["closed"]:
        tip = next((r[-1] for r in obs["roads"] if [r[0]["x"], r[0]["y"]] == obs["closed"]), None)
        if tip is not None:
            marks.setdefault((tip["x"], tip["y"]), "x")
    lines = []
    for y in range(min_y, max_y + 1):
        row = "".join(f"{text.get((x, y), ''):>3}{marks.get((x, y), ' ')}" for x in range(min_x, max_x + 1))
        lines.append(row.rstrip())
    return "\n".join(lines)


# --- the end of the game: the reveal -------------------------------------------------------------
def _entry_text(entry: Mapping[str, Any], seat: int, lang: str) -> str:
    code = entry["card"]
    name = uno_name(code, lang)
    if uno_kind(code) in ("D", "W4"):
        drawn = ", ".join(uno_name(c, lang) for c in entry["drawn"]) or tr(f"{V}.nothing", lang)
        return tr(f"{V}.summary_draw", lang, card=name, drawn=drawn, points=entry["points"])
    if entry["to"] == seat:
        return tr(f"{V}.summary_own", lang, card=name, points=entry["points"])
    if entry["to"] < 0:
        return tr(f"{V}.summary_others", lang, card=name, points=entry["points"])
    return tr(f"{V}.summary_to", lang, card=name, points=entry["points"], player=entry["to"])


def round_summary(game: Game[Any], events: Sequence[Event], lang: str = "en") -> dict[str, Any] | None:
    """The end of the game, when one step's ``events`` end it (None otherwise): each player's
    captured cards turned over, what each scored and for whom, and the totals.

    >>> from tablekit.games.narabe_runo.rules import NarabeRuno
    >>> from tablekit.games.narabe_runo.config import NarabeRunoConfig
    >>> game = NarabeRuno(NarabeRunoConfig(players=2))
    >>> ev = Event("narabe_runo.event.game_over", {"winners": [0], "best": 7.0, "scores": [7.0, 3.0], "left": ["B2"],
    ...     "reveal": [[{"card": "R7", "points": 7, "to": 0, "drawn": []}], [{"card": "W", "points": 3, "to": -1, "drawn": []}]]})
    >>> s = round_summary(game, [ev], "en")
    >>> s["final"], s["hands"][0]["worked"], s["hands"][1]["worked"]
    (True, "red 7: 7 points; 3 points from Player 2's Wild", 'Wild: 3 points to every other player')
    """
    if not isinstance(game, NarabeRuno):
        raise TypeError(f"round_summary needs a 並べRUNO game (got {game!r})")
    found = last_event(events, K.EV_GAME_OVER)
    if found is None:
        return None
    p = found[1].params
    winners, scores, reveal = p["winners"], p["scores"], p["reveal"]
    text = winner_sentence(V, winners, p["best"], lang)
    hands = []
    for seat, entries in enumerate(reveal):
        cards = revealed_cards(seat, [e["card"] for e in entries], lambda code: card_face(code, lang))
        parts = [_entry_text(e, seat, lang) for e in entries] or [tr(f"{V}.summary_none", lang)]
        # Points this seat scores from the cards others captured (a Skip, a Reverse, a Wild).
        parts += [tr(f"{V}.summary_from", lang, points=e["points"], player=other, card=uno_name(e["card"], lang))
                  for other, theirs in enumerate(reveal) if other != seat
                  for e in theirs if e["to"] == seat or e["to"] < 0]
        worked = ("、" if lang == "ja" else "; ").join(parts)
        hands.append(revealed_hand(seat, lang, cards, worked=worked, score=f"{scores[seat]:g}",
                                   winner=seat in winners))
    piles = []
    if p.get("left"):
        piles.append(revealed_pile("left", tr(f"{V}.summary_left", lang),
                                   [card(card_face(c, lang), key=f"reveal-left-{i}-{c}") for i, c in enumerate(p["left"])]))
    standings = [standing(seat, lang, f"{score:g}", seat in winners) for seat, score in enumerate(scores)]
    return round_summary_view(final=True, title=tr(f"{V}.summary_title", lang), text=text, hands=hands,
                              standings=standings, piles=piles)


__all__ = ["Frame", "SIGNS", "board_text", "card_face", "round_summary", "view_model"]
