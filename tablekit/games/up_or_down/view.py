"""The Up or Down? view-model: what one seat sees, as zones for ``PlayTable`` (JSON-ready).

Built only from ``game.observe(state, viewer)`` and the legal actions (``core.view.table_view``),
so it never holds a card the viewer may not see: the other hands are face-down counts (a badge
names the cards everybody saw them draw from the face-up pile), the face-down pile is a back
with its count, and of the face-up pile only the top card shows. Teaching mode opens the view.

The table, part by part of a turn:

* play: the hand cards of the player to act are clickable (``play:N``);
* take: the ring (cards in ascending order clockwise from the top, a wrap mark between the
  highest and the lowest card, the card just played marked and its two neighbours lit); the
  cards that may be taken are clickable (``take:N``);
* place: the taken card waits on its own pile; each of the player's column rows can be
  clicked (add to it, abandon it, or remove its last card first), and a "New column" row
  starts one while there are fewer than three;
* draw: the face-down pile (a back) and the face-up pile (its top card) are clickable.

Each player's columns show their direction with an arrow and the next legal bound ("next:
above 37"); the discard pile shows its count and opens to its cards (they are public); a badge
gives the live score. The scoring options in play, with their tables marked provisional where
the defaults stand, are listed in a counter.

>>> from tablekit.games.up_or_down.rules import UpOrDown
>>> from tablekit.games.up_or_down.config import UpOrDownConfig
>>> game = UpOrDown(UpOrDownConfig(players=2))
>>> vm = view_model(game, game.initial_state(3, first=0), viewer=0)
>>> [z["id"] for z in vm["zones"] if z["kind"] in ("ring", "hand")]
['ring', 'hand-0', 'hand-1']
>>> sorted(c["action"] for c in vm["zones"][-2]["cards"]) == sorted(a.code for a in game.legal_actions(game.initial_state(3, first=0)))
True
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.game import Game
from tablekit.core.verdict import Event
from tablekit.core.view import (
    TableView,
    card,
    choice,
    column_row,
    columns_zone,
    face,
    join_sentences,
    last_event,
    revealed_hand,
    revealed_pile,
    ring_zone,
    round_summary_view,
    standing,
    table_view,
    winner_sentence,
    worked_sum,
    zone,
)
from tablekit.games.up_or_down import codes as K
from tablekit.games.up_or_down.actions import Abandon, Draw, NewColumn, Place, Play, RemoveAndPlace, Take
from tablekit.games.up_or_down.config import (
    COLOURS,
    PROVISIONAL_GREEN_TABLE,
    PROVISIONAL_PURE_TABLE,
    UpOrDownConfig,
)
from tablekit.games.up_or_down.rules import UpOrDown, UpOrDownState
from tablekit.i18n import has, tr
from tablekit.render.svg import UP_OR_DOWN_COLOURS

NS = K.NS
V = f"{NS}.view"


def card_face(game: UpOrDown, number: int, lang: str) -> dict[str, Any]:
    """The face of card ``number``: its colour (and that colour's letter) in the aria label.

    >>> from tablekit.games.up_or_down.rules import UpOrDown
    >>> from tablekit.games.up_or_down.config import UpOrDownConfig
    >>> card_face(UpOrDown(UpOrDownConfig()), 6, "en")["aria"]
    '6, teal (green) G'
    """
    colour = game.colour_of(number)
    letter = UP_OR_DOWN_COLOURS[colour][1]
    return face(NS, str(number), f"{number}, {tr(f'{NS}.colour.{colour}', lang)} {letter}", colour=colour)


def _card_of(action: Action) -> str | None:
    """The hand card a play uses (clicking it sends the action); other actions are on the table."""
    return str(action.card) if isinstance(action, Play) else None


def is_provisional(config: UpOrDownConfig, table: str) -> bool:
    """Whether the pure-colour (``"pure"``) or green (``"green"``) table in use is still the
    provisional default (the printed one is lost), so the table must say so."""
    if table == "pure":
        return config.pure_colour_table == PROVISIONAL_PURE_TABLE
    return config.green_table == PROVISIONAL_GREEN_TABLE


def _table_text(table: Sequence[tuple[int, int]], lang: str, provisional: bool, limit: int = 6) -> str:
    pairs = ", ".join(f"{k}→{v}" for k, v in table[:limit]) + (" …" if len(table) > limit else "")
    return pairs + (f" ({tr(f'{V}.provisional', lang)})" if provisional else "")


def scoring_text(game: UpOrDown, colours: Mapping[str, str], lang: str) -> str:
    """The scoring rules in play, one sentence each (base rule first; tables marked provisional
    while the defaults stand).

    >>> from tablekit.games.up_or_down.config import UpOrDownConfig
    >>> scoring_text(UpOrDown(UpOrDownConfig(pure_colour=True)), {}, "en").split(". ")[1][:40]
    'Pure colour: a one-colour column earns b'
    """
    cfg = game.config
    parts = [tr(f"{V}.rule_base", lang, discard=f"{cfg.discard_value:+d}")]
    if cfg.rainbow != "off":
        parts.append(tr(f"{V}.rule_rainbow_{cfg.rainbow}", lang, bonus=cfg.rainbow_bonus,
                        most=cfg.rainbow_per_column_max))
    if cfg.pure_colour:
        parts.append(tr(f"{V}.rule_pure", lang, table=_table_text(cfg.pure_colour_table, lang,
                                                                  is_provisional(cfg, "pure"))))
    if cfg.greenhorn != "off":
        parts.append(tr(f"{V}.rule_green_{cfg.greenhorn}", lang,
                        table=_table_text(cfg.green_table, lang, is_provisional(cfg, "green"))))
    if cfg.special == "basic" and "special_colour" in colours:
        parts.append(tr(f"{V}.rule_special", lang, colour=f"@{NS}.colour.{colours['special_colour']}"))
    if cfg.special == "pro" and "special_colour" in colours:
        parts.append(tr(f"{V}.rule_special_pro", lang, up=f"@{NS}.colour.{colours['special_colour']}",
                        down=f"@{NS}.colour.{colours['special_down_colour']}"))
    if cfg.take != "neighbours" and "take_colour" in colours:
        parts.append(tr(f"{V}.rule_take_{cfg.take}", lang, colour=f"@{NS}.colour.{colours['take_colour']}"))
    if cfg.remove_one and "remove_colour" in colours:
        parts.append(tr(f"{V}.rule_remove", lang, colour=f"@{NS}.colour.{colours['remove_colour']}"))
    return join_sentences(parts, lang)


def bound_text(cards: Sequence[int], direction: str | None, lang: str) -> str:
    """What the next card of a column must be.

    >>> bound_text([20, 37], "up", "en"), bound_text([20, 15], "down", "en"), bound_text([20], None, "en")
    ('next: above 37', 'next: below 15', 'next: any card (it sets the direction)')
    """
    if not cards:
        return ""
    if direction is None:
        return tr(f"{V}.bound_any", lang)
    return tr(f"{V}.bound_{direction}", lang, last=cards[-1])


def _direction_label(direction: str | None, lang: str) -> str:
    return tr(f"{NS}.direction.{direction}", lang) if direction else tr(f"{V}.no_direction", lang)


def _place_choices(t: TableView, seat: int, lang: str) -> tuple[dict[int, list[dict[str, Any]]], Action | None]:
    """The placing actions on each column row of ``seat`` (row index -> choices), and the new
    column action when it is legal."""
    by_row: dict[int, list[dict[str, Any]]] = {}
    new: Action | None = None
    if not (t.my_turn and t.current == seat):
        return by_row, new
    for action in t.legal:
        if isinstance(action, NewColumn):
            new = action
        elif isinstance(action, (Place, Abandon, RemoveAndPlace)):
            row_id = f"col-{seat}-{action.column}"
            by_row.setdefault(action.column, []).append(
                choice(action.code, action.label(lang), zone=f"cols-{seat}", at=row_id))
    return by_row, new


def _columns(game: UpOrDown, t: TableView, lang: str) -> list[dict[str, Any]]:
    zones = []
    for p in t.obs["players"]:
        seat = p["seat"]
        by_row, new = _place_choices(t, seat, lang)
        rows = []
        for i, col in enumerate(p["columns"]):
            cards = [t.static_card(card_face(game, c, lang), f"col-{seat}-{i}-{c}") for c in col["cards"]]
            offered = by_row.get(i, [])
            label = tr(f"{V}.column", lang, column=i + 1, count=len(col["cards"]),
                       direction=_direction_label(col["direction"], lang))
            rows.append(column_row(f"col-{seat}-{i}", label, cards, col["direction"],
                                   bound_text(col["cards"], col["direction"], lang), choices=offered))
        if new is not None:
            rows.append(column_row(f"col-{seat}-new", tr(f"{V}.new_column", lang, column=len(p["columns"]) + 1), [],
                                   None, tr(f"{V}.bound_new", lang), action=new.code))
        elif not p["columns"]:
            rows.append(column_row(f"col-{seat}-none", tr(f"{V}.no_columns", lang), [], None, None))
        label = tr(f"{V}.columns_of", lang, player=t.seat_label(seat), score=p["score"])
        zones.append(columns_zone(f"cols-{seat}", label, rows, owner=seat, current=seat == t.current,
                                  viewer=seat == t.viewer))
    return zones


def _discards(game: UpOrDown, t: TableView, lang: str) -> list[dict[str, Any]]:
    zones = []
    for p in t.obs["players"]:
        if not p["discards"]:
            continue
        seat = p["seat"]
        cards = [t.static_card(card_face(game, c, lang), f"discard-{seat}-{c}") for c in p["discards"]]
        zones.append(zone("pile", f"discards-{seat}", tr(f"{V}.discards_of", lang, player=t.seat_label(seat)),
                          value=tr(f"{V}.discard_count", lang, count=len(cards),
                                   points=f"{game.config.discard_value * len(cards):+d}"),
                          cards=cards, collapsed=True, owner=seat))
    return zones


def _ring(game: UpOrDown, t: TableView, lang: str) -> dict[str, Any]:
    obs = t.obs
    ring = obs["ring"]
    played = obs["played"]
    takes = {a.card: a for a in t.legal if isinstance(a, Take)}
    lit: list[int] = []
    if played is not None and played in ring and obs["phase"] == "take":
        i = ring.index(played)
        lit = [(i - 1) % len(ring), (i + 1) % len(ring)]
    cards = []
    for c in ring:
        f = card_face(game, c, lang)
        if c == played:
            f = {**f, "aria": f"{f['aria']} ({tr(f'{V}.just_played', lang)})"}
        action = takes.get(c)
        # While taking, a click on a card that may not be taken says why not.
        why = f"take:{c}" if takes and action is None else None
        cards.append(card(f, key=f"ring-{c}", playable=action is not None,
                          action=action.code if action else None, mark="last" if c == played else None, why=why))
    label = tr(f"{V}.ring", lang, low=ring[0], high=ring[-1]) if ring else tr(f"{V}.ring_empty", lang)
    return ring_zone("ring", label, cards, wrap=0, highlight=lit)


def _piles(game: UpOrDown, t: TableView, lang: str) -> list[dict[str, Any]]:
    obs = t.obs
    draws = {a.pile: a for a in t.legal if isinstance(a, Draw)}
    down = [card(None, key="pile-down", playable="down" in draws, action=draws["down"].code if "down" in draws else None)
            ] if obs["down_count"] else []
    up: list[dict[str, Any]] = []
    if obs["up_top"] is not None:
        up = [card(card_face(game, obs["up_top"], lang), key=f"pile-up-{obs['up_top']}", playable="up" in draws,
                   action=draws["up"].code if "up" in draws else None)]
    zones = [
        zone("pile", "down", tr(f"{V}.pile_down", lang), value=tr(f"{V}.pile_count", lang, count=obs["down_count"]),
             cards=down),
        zone("pile", "up", tr(f"{V}.pile_up", lang), value=tr(f"{V}.pile_count", lang, count=obs["up_count"]),
             cards=up),
    ]
    if obs["taken"] is not None:
        zones.append(zone("pile", "taken", tr(f"{V}.taken", lang), value=obs["taken"],
                          cards=[t.static_card(card_face(game, obs["taken"], lang), f"taken-{obs['taken']}", "received")]))
    if obs["removed"]:
        zones.append(zone("pile", "removed", tr(f"{V}.removed", lang), value=len(obs["removed"]), collapsed=True,
                          cards=[t.static_card(card_face(game, c, lang), f"removed-{c}") for c in obs["removed"]]))
    return zones


def _prompt(game: UpOrDown, t: TableView, lang: str) -> str:
    obs = t.obs
    if t.outcome is not None or not t.my_turn:
        return t.prompt()
    player, phase = t.current, obs["phase"]
    if phase == "play":
        return tr(f"{V}.prompt_play", lang, player=player)
    if phase == "take":
        takes = [a.card for a in t.legal if isinstance(a, Take)]
        if len(takes) == 2:
            return tr(f"{V}.prompt_take", lang, player=player, left=takes[0], right=takes[1], played=obs["played"])
        return tr(f"{V}.prompt_take_more", lang, player=player, count=len(takes), played=obs["played"])
    if phase == "place":
        return tr(f"{V}.prompt_place", lang, player=player, card=obs["taken"])
    if obs["up_top"] is not None and obs["down_count"]:
        return tr(f"{V}.prompt_draw", lang, player=player, top=obs["up_top"])
    return tr(f"{V}.prompt_draw_one", lang, player=player,
              pile=f"@{NS}.pile.{'down' if obs['down_count'] else 'up'}")


def view_model(
    game: UpOrDown,
    state: UpOrDownState,
    viewer: int | None,
    lang: str = "en",
    controls: Iterable[int] | None = None,
    events: Sequence[Event] = (),
    teaching: bool = False,
) -> dict[str, Any]:
    """The view-model of ``state`` as ``viewer`` sees it (``teaching``: the open view).

    ``controls`` defaults to ``{viewer}``; only those seats' cards and rows can be used.
    """
    if not isinstance(game, UpOrDown):
        raise TypeError(f"view_model needs an Up or Down? game (got {game!r})")
    t = table_view(game, state, viewer, lang, controls, teaching, card_of=_card_of)
    obs = t.obs
    # Ring, pile and column actions are drawn on their zones, not as buttons.
    t.buttons = []

    def badges(p: Mapping[str, Any]) -> list[str]:
        out = [tr(f"{V}.score", lang, score=p["score"])]
        if p["hand"] is None and p["shown"]:
            # Cards everybody saw this player draw from the face-up pile.
            out.append(tr(f"{V}.holds_seen", lang, cards=", ".join(map(str, p["shown"]))))
        if p["seat"] == obs["first"]:
            out.append(tr(f"{V}.first", lang))
        if not p["hand_count"] and obs["phase"] != "over":
            out.append(tr(f"{V}.out_of_cards", lang))
        return out

    hands = t.hands(lambda code: card_face(game, int(code), lang), badges=badges)
    phase = obs["phase"]
    counters = [zone("counter", "phase", tr(f"{V}.phase", lang), value=tr(f"{NS}.phase.{phase}", lang))]
    counters.append(zone("counter", "scoring", tr(f"{V}.scoring", lang),
                         value=scoring_text(game, obs["colours"], lang)))
    zones = counters + [_ring(game, t, lang)] + _piles(game, t, lang) + _columns(game, t, lang) \
        + _discards(game, t, lang) + hands
    title = tr(f"{NS}.title", lang)
    preset = f"{NS}.label.mode.{game.preset}"
    if has(preset, lang):
        title += f" — {tr(preset, lang)}"
    subtitle = tr(f"{V}.subtitle", lang, turn=obs["turn"], top=obs["top_card"])
    legend = " · ".join(f"{UP_OR_DOWN_COLOURS[c][1]} {tr(f'{NS}.colour.{c}', lang)}" for c in COLOURS)
    return t.view(zones, title=title, subtitle=f"{subtitle} · {legend}", prompt=_prompt(game, t, lang), events=events)


# --- the end of the game: every score worked out -------------------------------------------------
def column_terms(column: Mapping[str, Any], lang: str) -> str:
    """One scored column as a learner checks it: "9 × 3 = 27", then its extras.

    >>> column_terms({"length": 3, "top_count": 3, "base": 9, "rainbow": 0, "pure": 10, "special": -2,
    ...               "rainbows": 0, "colour": "teal"}, "en")
    '3 × 3 teal (green) = 9, pure colour +10, special colour −2'
    """
    text = tr(f"{V}.column_product", lang, length=column["length"], count=column["top_count"],
              colour=f"@{NS}.colour.{column['colour']}", points=column["base"])
    extras = []
    for key in ("rainbow", "pure", "special"):
        if column[key]:
            points = column[key]
            extras.append(tr(f"{V}.extra_{key}", lang, points=f"+{points}" if points > 0 else f"\u2212{-points}"))
    return ", ".join([text, *extras]) if lang == "en" else "、".join([text, *extras])


def _board_worked(game: UpOrDown, board: Mapping[str, Any], lang: str) -> str:
    terms: list[tuple[str | None, float]] = [
        (tr(f"{V}.column_short", lang, column=i + 1), c["total"]) for i, c in enumerate(board["columns"])]
    if board["discarded"]:
        terms.append((tr(f"{V}.discards_short", lang, count=board["discarded"]), board["discard_points"]))
    if board["green_points"] or game.config.greenhorn != "off":
        key = "greens_pro_short" if game.config.greenhorn == "pro" else "greens_short"
        terms.append((tr(f"{V}.{key}", lang, count=board["greens"]), board["green_points"]))
    return worked_sum(terms) or "0"


def round_summary(game: Game[Any], events: Sequence[Event], lang: str = "en") -> dict[str, Any] | None:
    """The end of the game, when one step's ``events`` end it (None otherwise), built from the
    game-over event alone: each player's total worked out by column, discards and greens, and
    one revealed set per column with its cards and its product, so every figure can be checked
    by hand; a table still at its provisional default says so.

    >>> from tablekit.games.up_or_down.rules import UpOrDown
    >>> from tablekit.games.up_or_down.config import UpOrDownConfig
    >>> game = UpOrDown(UpOrDownConfig(players=2))
    >>> board = game.score([(1, 7, 13)], [1], [5]).to_json()
    >>> ev = Event("up_or_down.event.game_over", {"winners": [0], "best": 10, "scores": [10, 1],
    ...     "boards": [board, game.score([(2,)], [0], []).to_json()]})
    >>> s = round_summary(game, [ev], "en")
    >>> s["final"], s["hands"][0]["worked"], s["piles"][0]["worked"]
    (True, 'Column 1 9 + Discards (1) 1 = 10', '3 × 3 yellow = 9')
    """
    if not isinstance(game, UpOrDown):
        raise TypeError(f"round_summary needs an Up or Down? game (got {game!r})")
    found = last_event(events, K.EV_GAME_OVER)
    if found is None:
        return None
    p = found[1].params
    winners, scores, boards = p["winners"], p["scores"], p["boards"]
    text = winner_sentence(V, winners, p["best"], lang)
    notes = []
    cfg = game.config
    if cfg.pure_colour and is_provisional(cfg, "pure"):
        notes.append(tr(f"{V}.summary_provisional_pure", lang))
    if cfg.greenhorn != "off" and is_provisional(cfg, "green"):
        notes.append(tr(f"{V}.summary_provisional_green", lang))
    hands, piles = [], []
    for seat, board in enumerate(boards):
        hands.append(revealed_hand(seat, lang, [], worked=_board_worked(game, board, lang), score=str(board["total"]),
                                   winner=seat in winners))
        for i, column in enumerate(board["columns"]):
            cards = [card(card_face(game, c, lang), key=f"reveal-col-{seat}-{i}-{c}") for c in column["cards"]]
            label = tr(f"{V}.summary_column", lang, player=seat, column=i + 1,
                       direction=_direction_label(column["direction"], lang))
            piles.append(revealed_pile(f"col-{seat}-{i}", label, cards, column_terms(column, lang)))
    standings = [standing(seat, lang, str(score), seat in winners) for seat, score in enumerate(scores)]
    return round_summary_view(final=True, title=tr(f"{V}.summary_title", lang),
                              text=join_sentences([text, *notes], lang), hands=hands, standings=standings, piles=piles)


__all__ = ["bound_text", "card_face", "column_terms", "is_provisional", "round_summary", "scoring_text", "view_model"]
