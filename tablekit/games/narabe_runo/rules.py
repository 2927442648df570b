"""並べRUNO (Narabe RUNO): the rules as tablekit plays them.

Overview
    A house variant of UNO for 2 to 4 players, from a blog series of rearranged games. UNO
    cards are not thrown on a pile: they are laid in roads across a grid, from a start card in
    the middle toward face-down scoring cards around it. Whoever lays a card on a scoring card's
    cell captures that card without looking at it, and the whole road that reached it goes to
    the discard pile. When one scoring card is left the game ends, the captured cards are
    turned over and scored, and the highest total wins.

Components
    The 108-card UNO deck: red, yellow, green and blue, each with one 0, two of each number 1-9
    and two each of Skip, Reverse and Draw Two (25 per colour), plus four Wilds and four Wild
    Draw Fours.

Setup
    The deck is shuffled and turned over until a number card shows: it becomes the start card on
    cell (0, 0) (the cards turned before it are shuffled back; ``start_card="coloured"`` also
    accepts a Skip, Reverse or Draw Two). The next cards are laid face down as scoring cards on
    the cells of the layout (``layout``; by default six cells: (-4, 0), (4, 0), (-2, -3),
    (2, -3), (-2, 3), (2, 3), with x to the right and y downwards), in the order the layout
    lists them. The layout fixes the playing area for the whole game: the convex hull of the
    outer corners of the scoring cards' squares (``boundary="convex_hull"``; a cell is outside
    only when its square lies entirely outside the hull, so touching it along an edge or at a
    corner is outside) or their bounding box (``"bbox"``). Capturing never shrinks the area.
    Each player gets three cards, dealt one at a time from the first player; the rest is the
    draw pile. The first player is drawn from the seed; play goes clockwise.

Turn
    Play one card or discard one card face up (a player with an empty hand passes); then refill.
    * A card is laid on an empty cell of the area, orthogonally next to the anchor, and must
      match the anchor's colour (for a Wild anchor, the colour it asked for) or its number or
      symbol. Wild and Wild Draw Four match anything.
    * The anchor is normally the card laid last, the tip of the road being built. The player
      chooses it instead at the start of the game, after a capture, after a Reverse, and when
      the card laid last has no empty neighbour in the area: then any road's tip, or the start
      card (starting a new road from one of its free sides) will do, provided it has an empty
      neighbour. Roads therefore branch only at the start card, so there are at most four. A
      scoring card's cell counts as empty. A play names the anchor it extends as well as the
      cell, since one cell can touch two anchors.
    * A free choice lasts until somebody lays a card: discards and passes do not use it up.
    * Effects: Skip - the next player loses a turn (and does not refill). Reverse - the next
      card laid must go on another road or start a new one; if no other anchor has an empty
      neighbour the Reverse's own road goes on, and if it too is blocked only discards remain.
      Wild - the player names a colour. Wild Draw Four - names a colour and refills four.
      Draw Two - refills two. A wild that captures names no colour (it leaves at once).
    * Wild Draw Four (``wd4_rule``): by default (strict, the author's reading) it may only be
      played when no other card in the hand could be played this turn against any anchor the
      player may use (other Wild Draw Fours do not count; so never while holding a Wild). Under
      ``official`` it may not be played while the hand holds a card of the colour of any anchor
      the player may use; under ``none`` it is always allowed.
    * Capture: a card laid on a scoring card's cell takes that card face down; the road from the
      start card to it (the new card included) goes to the discard pile. The start card and the
      other roads stay; the cell becomes an ordinary empty cell. The next player who takes a
      turn chooses the anchor freely (after a capturing Skip, the player after the skipped one).
    * Refill: draw one card (Draw Two: two, Wild Draw Four: four in all; ``draw_refill="extra"``
      adds them to the usual one), never beyond the hand limit of seven (``hand_limit``). An
      empty draw pile is replaced by the shuffled discard pile; when both are empty a player
      draws what there is. A discard is allowed even when a card could be played, unless
      ``discard_only_if_stuck``.
    * Next player clockwise, respecting Skip. ``reverse_turns`` makes a Reverse also turn the
      order of play around; ``two_player_reverse_skips`` lets the player of a Reverse go again
      in a two-player game (as official UNO does). With two players a Skip lets its player go
      again.

End
    The game ends after the turn in which a capture leaves one scoring card on the board (the
    capturer still refills), or when ``stall_limit`` full rounds (that many turns per player)
    pass without a card laid on the board (a discard or a pass is a turn). Scoring cards left
    on the board score for nobody.

Scoring
    The captured cards are turned over and resolved, player by player in seat order from the
    first player, each player's cards in the order captured:
    * a number card scores its number for the capturer;
    * a Draw Two (Wild Draw Four) makes the capturer draw two (four) cards and score the highest
      number among them; other cards score 0, and no number means 0 (``draw_scoring=
      "draw_until_number"``: draw on, one card at a time, until a number comes or both piles
      are empty). The drawn cards go to the discard pile, which is shuffled into a new draw
      pile when the draw pile runs out;
    * a Skip scores 3 for the player two seats after the capturer (with two players that is the
      capturer; ``skip_scoring_two_players="opponent"`` gives it to the other player);
    * a Reverse scores 3 for the player one seat before the capturer;
    * a Wild scores 3 for every other player.
    These seats always count in the fixed clockwise seating. The highest total wins; equal
    totals share the win.

Hidden information
    Hands, the draw pile, the scoring cards on the board and every captured card (the capturer's
    own included) stay hidden until the final reveal; how many cards each player captured is
    public. The board and the discard pile are public.

Decisions where the source is silent (``shared/rules/narabe_runo.md`` (g))
    The scoring cards come from the shuffled deck; stepping on a scoring card means laying a
    matching card on its cell; after a Reverse, a capture or on a new branch the card touched is
    the one matched; a Reverse's duty passes to the next player who lays a card; a player with
    no card passes and still refills; the stall limit ends a game nobody can move; a tie is
    shared.

Action codes
    ``play:R7:0,0>1,0`` (card, anchor cell, target cell; a wild adds ``:R``/``:Y``/``:G``/``:B``
    unless it captures), ``discard:R7``, ``pass``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from functools import partial
from typing import Any, Final, Iterable, Mapping, Sequence

from tablekit.core.actions import Action, is_listed
from tablekit.core.cards import UNO_108, UNO_CODES, UNO_COLOURS, is_uno, uno_kind, uno_number, uno_param
from tablekit.core.deck import redeal_unseen, stack
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.rng import hash_shuffled
from tablekit.core.setup import check_options, check_seed, moves_option, play_moves, seat_option
from tablekit.core.verdict import Event, Verdict
from tablekit.games.narabe_runo import codes as K
from tablekit.games.narabe_runo.actions import PASS, WILDS, Discard, Pass, Play, cell_text, discard, from_code, play
from tablekit.games.narabe_runo.board import area, neighbours
from tablekit.games.narabe_runo.config import HAND_SIZE, PRESETS, START, NarabeRunoConfig
from tablekit.games.narabe_runo.state import Cell, NarabeRunoState, Placed, builder, new_state

NS: Final = K.NS
#: How an anchor is described: its cell, card, colour (a wild's asked colour), and the road it
#: ends (the road's first cell; None for the start card).
Anchor = tuple[Cell, str, str, "Cell | None"]
#: A cell kept as one tuple object: the compiled engine holds a ``Cell`` (``tuple[int, int]``) as two
#: ints and builds a new tuple each time it looks one up in a set, so the placement search's
#: targets, looked up in ``occ`` on every decision, are kept as ``CellKey``.
CellKey = tuple[int, ...]
_NUMBER_KINDS: Final = frozenset("0123456789")
_AFTER_PLAY: Final = builder("current", "turn", "direction", "hands", "draw", "discard", "roads", "occ", "scoring",
                             "captured", "anchor", "closed", "idle", "placed", "reshuffles")
_AFTER_DISCARD: Final = builder("current", "turn", "hands", "draw", "discard", "idle")
#: ``Event(code, params)`` without NamedTuple's ``__new__`` (the hot path's events).
_event: Final = partial(tuple.__new__, Event)
_KIND: Final[dict[str, str]] = {c: uno_kind(c) for c in UNO_CODES}
_DISCARDS: Final[dict[str, Discard]] = {c: discard(c) for c in UNO_CODES}
_PARAM: Final[dict[str, str]] = {c: uno_param(c) for c in UNO_CODES}
#: The cards that may be laid next to an anchor, by the anchor's (colour, kind).
_MATCHING: Final[dict[tuple[str, str], frozenset[str]]] = {
    (colour, kind): frozenset(c for c in UNO_CODES if c in ("W", "W4") or c[0] == colour or uno_kind(c) == kind)
    for colour in UNO_COLOURS for kind in (*"0123456789", "S", "R", "D", "W", "W4")}


def matches(card: str, colour: str, kind: str) -> bool:
    """Whether ``card`` may be laid next to an anchor of ``colour`` and ``kind`` (NR-01, NR-02).

    >>> matches("R5", "R", "1"), matches("B1", "R", "1"), matches("B7", "R", "1"), matches("W4", "R", "1")
    (True, True, False, True)
    """
    return card in WILDS or card[0] == colour or uno_kind(card) == kind


def road_key(road: Sequence[Placed]) -> Cell:
    """A road's name: its first cell, next to the start card."""
    return road[0][0], road[0][1]


def _is_list(value: Any) -> bool:
    """A list (or tuple) of set-up values, not a text or a mapping."""
    return isinstance(value, Iterable) and not isinstance(value, (str, Mapping))


class NarabeRuno(Game[NarabeRunoState]):
    """The 並べRUNO game object (see the module docstring for the rules).

    >>> game = NarabeRuno(PRESETS["basic"], "basic")
    >>> s = game.initial_state(seed=3, first=0)
    >>> [len(h) for h in s.hands], len(s.scoring), len(s.draw), uno_number(s.start) is not None
    ([3, 3, 3, 3], 6, 89, True)
    """

    name = NS
    config_class = NarabeRunoConfig
    config: NarabeRunoConfig

    def __init__(self, config: NarabeRunoConfig, preset: str = "custom") -> None:
        if not isinstance(config, NarabeRunoConfig):
            raise ConfigError(NS, "config", config, "a NarabeRunoConfig")
        super().__init__(config, preset)
        self.scoring_cells: tuple[Cell, ...] = config.scoring_cells
        #: every cell of the playing area
        self.area: frozenset[Cell] = area(self.scoring_cells, config.boundary)
        #: each cell's neighbours inside the area
        self.near: dict[Cell, tuple[Cell, ...]] = {
            cell: tuple(n for n in neighbours(cell) if n in self.area) for cell in self.area}
        self._options: dict[str, Any] = config.to_dict()
        self._refills = {"D": 2, "W4": 4} if config.draw_refill == "total" else {"D": 3, "W4": 5}
        self._stuck_only = config.discard_only_if_stuck
        self._stall_turns = config.stall_limit * config.players
        self._players = config.players
        self._hand_limit = config.hand_limit
        #: anchor cell -> for each neighbour in the area: (that cell, each card's plays onto it,
        #: each card's plays onto it when a scoring card lies there); made as anchors appear
        self._targets: dict[Cell, tuple[tuple[CellKey, dict[str, tuple[Play, ...]], dict[str, tuple[Play, ...]]], ...]] = {}
        #: the state whose legal actions were listed last, and those actions (``step`` applies
        #: one of them without checking it again)
        self._cache: tuple[NarabeRunoState | None, tuple[Action, ...]] = (None, ())
        #: the scoring cells still holding a card, as a set, and the state's ``scoring`` they come from
        self._scoring_of: tuple[tuple[Cell, str], ...] | None = None
        self._scoring_cells_now: frozenset[Cell] = frozenset()
        #: the hand ``_cards_once`` saw last, and its cards once each
        self._hand_of: tuple[str, ...] | None = None
        self._hand_once: tuple[str, ...] = ()

    # --- setup ---------------------------------------------------------------------------
    def start_allowed(self, card: str) -> bool:
        """Whether ``card`` may be the start card under ``start_card``."""
        kind = uno_kind(card)
        return kind in _NUMBER_KINDS or (self.config.start_card == "coloured" and card not in WILDS)

    def initial_state(self, seed: int, **setup: Any) -> NarabeRunoState:
        """The state before the first decision.

        Setup options (for lessons and tests):

        * ``first``: the seat that plays first (by default drawn from the seed);
        * ``deck``: the first cards of the deal, in order: the start card, the scoring cards in
          the layout's order, then the hands one card at a time from the first player, then the
          draw pile from its top. Cards not listed follow in the seed's shuffled order;
        * ``roads``: roads already laid, each a list of ``[x, y, card]`` (a wild adds its
          colour) from the start card outward; the anchor is the tip of the last one
          (``anchor="free"``: the first player chooses);
        * ``captured``: cards each seat has already captured (a list per seat);
        * ``moves``: action codes played before the first decision.

        >>> game = NarabeRuno(NarabeRunoConfig(players=2, layout="small"))
        >>> s = game.initial_state(0, first=1, deck=["R1", "G2", "G3", "G4", "G5", "B1", "B2", "B3", "B4", "B5", "B6"])
        >>> s.start, [c for _, c in s.scoring], s.hands
        ('R1', ['G2', 'G3', 'G4', 'G5'], (('B2', 'B4', 'B6'), ('B1', 'B3', 'B5')))
        """
        check_options(setup, ("anchor", "captured", "deck", "first", "moves", "roads"))
        check_seed(seed)
        moves = moves_option(setup)
        n = self.config.players
        first = seat_option(setup, "first", seed, n, NS)
        roads = self._setup_roads(setup.get("roads") or ())
        captured = self._setup_captured(setup.get("captured"))
        pool = list(UNO_108)
        used: Counter[str] = Counter()
        for option, cards in (("roads", [c for road in roads for (_, _, c, _) in road]),
                              ("captured", [c for cards in captured for c in cards])):
            for card in cards:
                used[card] += 1
                if card not in pool:
                    raise ValueError(f"{option}: {card!r} is used {used[card]} times on the set-up roads and among "
                                     f"the captured cards, but the deck holds only {UNO_108.count(card)}")
                pool.remove(card)
        shuffled = hash_shuffled(pool, seed, NS, "deal")
        front = list(setup.get("deck") or ())
        if front:
            try:
                order = stack(shuffled, front)
            except ValueError as exc:
                raise ValueError(f"deck: {exc} (UNO cards such as 'R7', 'GS', 'W4', none of them on set-up roads "
                                 "or captured)") from None
            if not self.start_allowed(order[0]):
                raise ValueError(f"deck: the start card {order[0]!r} must be a number card"
                                 + (" or a coloured card" if self.config.start_card == "coloured" else ""))
        else:
            i = next(i for i, c in enumerate(shuffled) if self.start_allowed(c))
            order = [shuffled[i]] + (hash_shuffled(shuffled[:i] + shuffled[i + 1:], seed, NS, "return")
                                     if i else shuffled[1:])
        k = len(self.scoring_cells)
        if len(order) < 1 + k + HAND_SIZE * n:
            raise ValueError("the set-up roads and captured cards leave too few cards to deal")
        start = order[0]
        scoring = tuple(zip(self.scoring_cells, order[1:1 + k]))
        hands: list[list[str]] = [[] for _ in range(n)]
        for j in range(HAND_SIZE * n):
            hands[(first + j) % n].append(order[1 + k + j])
        rest = order[1 + k + HAND_SIZE * n:]
        anchor_opt = setup.get("anchor")
        if anchor_opt not in (None, "free"):
            raise ValueError(f"anchor must be 'free' or left out (got {anchor_opt!r})")
        anchor = None if anchor_opt == "free" or not roads else (roads[-1][-1][0], roads[-1][-1][1])
        state = new_state(
            seed=seed, first=first, current=first, turn=0, direction=1,
            hands=tuple(tuple(sorted(h)) for h in hands), draw=tuple(reversed(rest)), discard=(), start=start,
            roads=roads, occ=frozenset({START, *((x, y) for road in roads for x, y, _, _ in road)}),
            scoring=scoring, captured=captured, anchor=anchor, closed=None, idle=0,
            placed=sum(len(r) for r in roads), reshuffles=0, reveal=(), termination="",
        )
        return play_moves(self.step, from_code, state, moves)

    def _setup_roads(self, given: Any) -> tuple[tuple[Placed, ...], ...]:
        roads: list[tuple[Placed, ...]] = []
        used = {START} | set(self.scoring_cells)
        for r, road in enumerate(given):
            placed: list[Placed] = []
            previous = START
            for entry in road:
                try:
                    x, y, card, *rest = entry
                    colour = rest[0] if rest else (None if card in WILDS else card[0])
                except (TypeError, ValueError):
                    raise ValueError(f"roads[{r}]: each card is [x, y, card] or [x, y, wild, colour] (got {entry!r})") from None
                if card not in UNO_108 or colour not in UNO_COLOURS or (card not in WILDS and rest):
                    raise ValueError(f"roads[{r}]: {entry!r} is not a UNO card with its colour")
                cell = (x, y)
                if cell not in self.near.get(previous, ()) or cell in used:
                    raise ValueError(f"roads[{r}]: cell {cell} must be a free cell of the area next to {previous}")
                used.add(cell)
                placed.append((x, y, card, colour))
                previous = cell
            if placed:
                roads.append(tuple(placed))
        if len(roads) > 4:
            raise ValueError("at most four roads leave the start card")
        return tuple(roads)

    def _setup_captured(self, given: Any) -> tuple[tuple[str, ...], ...]:
        n = self.config.players
        if given is None:
            return ((),) * n
        seats = list(given) if _is_list(given) else []
        if len(seats) != n or not all(_is_list(cards) for cards in seats):
            raise ValueError(f"captured must be one list of UNO cards per seat, {n} lists (got {given!r:.80})")
        captured = tuple(tuple(cards) for cards in seats)
        for seat, cards in enumerate(captured):
            for card in cards:
                if card not in UNO_108:
                    raise ValueError(f"captured: seat {seat} lists {card!r:.20}, which is not a UNO card "
                                     "(such as 'R7', 'GS', 'W4')")
        return captured

    def start_events(self, state: NarabeRunoState) -> tuple[Event, ...]:
        """What the table announces at the start: the start card, the scoring cards, who begins."""
        return (Event(K.EV_DEAL, {"player": state.first, "card": uno_param(state.start),
                                  "count": len(state.scoring), "draw": len(state.draw)}),)

    # --- queries -------------------------------------------------------------------------
    def current_player(self, state: NarabeRunoState) -> int | None:
        return None if state.current < 0 else state.current

    def is_terminal(self, state: NarabeRunoState) -> bool:
        return state.current < 0

    @staticmethod
    def occupied(state: NarabeRunoState) -> frozenset[Cell]:
        """The cells holding a card face up (the start card and the roads)."""
        return state.occ

    def _all_anchors(self, s: NarabeRunoState) -> list[Anchor]:
        start = s.start
        out: list[Anchor] = [(START, start, start[0], None)]
        out.extend(((road[-1][0], road[-1][1]), road[-1][2], road[-1][3], (road[0][0], road[0][1]))
                   for road in s.roads)
        return out

    def anchors(self, state: NarabeRunoState, occ: frozenset[Cell] | None = None) -> list[Anchor]:
        """The anchors the current player may extend now (see the module docstring)."""
        s = state
        if occ is None:
            occ = s.occ
        near = self.near
        tip = s.anchor
        if tip is not None:
            for c in near[tip]:
                if c not in occ:
                    # The card laid last has room: it is the one anchor.
                    for road in s.roads:
                        last = road[-1]
                        if last[0] == tip[0] and last[1] == tip[1]:
                            return [(tip, last[2], last[3], (road[0][0], road[0][1]))]
                    return [(START, s.start, s.start[0], None)]  # pragma: no cover - a tip is a road's
        options = [a for a in self._all_anchors(s) if any(c not in occ for c in near[a[0]])]
        if s.closed is not None:
            others = [a for a in options if a[3] != s.closed]
            return others or [a for a in options if a[3] == s.closed]
        return options

    def _cards_once(self, hand: tuple[str, ...]) -> tuple[str, ...]:
        """Each card of a (sorted) hand once, in order; kept for the hand asked about last (the
        placement search and the discards of one state both ask)."""
        if hand is not self._hand_of:
            self._hand_of = hand
            self._hand_once = tuple(dict.fromkeys(hand))
        return self._hand_once

    def _plays(self, s: NarabeRunoState, anchors: list[Anchor], occ: frozenset[Cell]) -> list[Play]:
        """Every legal play, before the Wild Draw Four rule."""
        hand = self._cards_once(s.hands[s.current])
        out: list[Play] = []
        if s.scoring is not self._scoring_of:
            # (Kept while the scoring cards stay where they are: the same tuple, state after state.)
            self._scoring_of = s.scoring
            self._scoring_cells_now = frozenset(c for c, _ in s.scoring)
        scoring = self._scoring_cells_now
        for cell, card_a, colour, _ in anchors:
            fits = _MATCHING[colour, _KIND[card_a]]
            cards = [c for c in hand if c in fits]
            if not cards:
                continue
            targets = self._targets.get(cell)
            if targets is None:
                targets = self._targets[cell] = tuple(
                    (t, self._plays_between(cell, t, False), self._plays_between(cell, t, True)) for t in self.near[cell])
            for t, plays, captures in targets:
                if t in occ:
                    continue
                found = captures if t in scoring else plays
                for c in cards:
                    out += found[c]
        return out

    @staticmethod
    def _plays_between(anchor: Cell, cell: Cell, capture: bool) -> dict[str, tuple[Play, ...]]:
        """Each card's plays from ``anchor`` onto ``cell`` (a wild's: one per colour, none when
        it captures)."""
        return {card: (play(card, anchor, cell),) if capture or card not in WILDS
                else tuple(play(card, anchor, cell, c) for c in UNO_COLOURS) for card in UNO_CODES}

    def _wd4_barred(self, s: NarabeRunoState, anchors: list[Anchor], plays: list[Play]) -> tuple[str, dict[str, Any]] | None:
        """Why a Wild Draw Four may not be played now (None: it may, where it fits)."""
        rule = self.config.wd4_rule
        if rule == "strict":
            other = next((p for p in plays if p.card != "W4"), None)
            if other is not None:
                return K.NO_WD4_STRICT, {"other": uno_param(other.card)}
        elif rule == "official":
            colours = {a[2] for a in anchors}
            held = next((c for c in sorted(s.hands[s.current]) if c not in WILDS and c[0] in colours), None)
            if held is not None:
                return K.NO_WD4_COLOUR, {"other": uno_param(held), "colour": f"@cards.uno.colour.{held[0]}"}
        return None

    def legal_plays(self, state: NarabeRunoState) -> list[Play]:
        """The legal plays (no discards)."""
        occ = state.occ
        anchors = self.anchors(state, occ)
        plays = self._plays(state, anchors, occ)
        if "W4" in state.hands[state.current] and any(p.card == "W4" for p in plays) \
                and self._wd4_barred(state, anchors, plays):
            plays = [p for p in plays if p.card != "W4"]
        return plays

    def legal_actions(self, state: NarabeRunoState) -> tuple[Action, ...]:
        s = state
        if s.current < 0:
            return ()
        hand = s.hands[s.current]
        if not hand:
            return (PASS,)
        plays = self.legal_plays(s)
        legal: tuple[Action, ...]
        if plays and self._stuck_only:
            legal = tuple(plays)
        else:
            listed: list[Action] = [*plays]
            for card in self._cards_once(hand):
                listed.append(_DISCARDS[card])
            legal = tuple(listed)
        self._cache = (s, legal)
        return legal

    def candidate_actions(self, state: NarabeRunoState) -> list[Action]:
        """Every action one might try: each hand card (and a red 1, a Wild and a Wild Draw Four)
        on every side of the start card, of each road's tip and of one card inside a road, a
        wild with and without each colour; a cell two steps away; every discard; the pass. It
        holds every legal action."""
        s = state
        if s.current < 0:
            return [PASS]
        hand = sorted(set(s.hands[s.current]))
        tries = sorted(set(hand) | {"R1", "W", "W4"})
        board: list[Cell] = [a[0] for a in self._all_anchors(s)]
        board.extend((road[0][0], road[0][1]) for road in s.roads if len(road) > 1)
        out: list[Action] = []
        for a in board:
            for t in neighbours(a):
                for card in tries:
                    out.append(play(card, a, t))
                    if card in WILDS:
                        out.extend(play(card, a, t, c) for c in UNO_COLOURS)
        out.append(play(tries[0], START, (START[0] + 2, START[1])))
        out.extend(discard(c) for c in tries)
        out.append(PASS)
        return out

    def explain(self, state: NarabeRunoState, action: Any) -> Verdict:
        s = state
        if not isinstance(action, Action):
            action = from_code(str(action))
        if not isinstance(action, (Play, Discard, Pass)):
            raise InvalidActionError(f"{action!r} is not a 並べRUNO action")
        if s.current < 0:
            return Verdict(False, K.NO_GAME_OVER, {})
        p = s.current
        hand = s.hands[p]
        if isinstance(action, Pass):
            if hand:
                return Verdict(False, K.NO_PASS_CARDS, {"count": len(hand)})
            return Verdict(True, K.OK_PASS, {})
        if action.card not in hand:
            return Verdict(False, K.NO_NOT_IN_HAND, {"card": uno_param(action.card)})
        if isinstance(action, Discard):
            if self.config.discard_only_if_stuck:
                plays = self.legal_plays(s)
                if plays:
                    return Verdict(False, K.NO_DISCARD_PLAYABLE, {"card": uno_param(action.card),
                                                                  "other": uno_param(plays[0].card)})
            return Verdict(True, K.OK_DISCARD, {"card": uno_param(action.card)})
        return self._explain_play(s, action)

    def _anchor_params(self, card: str, colour: str) -> dict[str, Any]:
        return {"anchor": uno_param(card), "anchor_colour": f"@cards.uno.colour.{colour}"}

    def _explain_play(self, s: NarabeRunoState, action: Play) -> Verdict:
        occ = self.occupied(s)
        anchors = self.anchors(s, occ)
        card, cell = action.card, action.cell
        base = {"card": uno_param(card), "cell": cell_text(cell), "at": cell_text(action.anchor)}
        found = next((a for a in anchors if a[0] == action.anchor), None)
        if found is None:
            if not anchors:
                return Verdict(False, K.NO_NO_ANCHOR, base)
            if s.closed is not None and any(a[3] == s.closed and a[0] == action.anchor for a in self._all_anchors(s)):
                return Verdict(False, K.NO_CLOSED, base)
            if s.anchor is not None and len(anchors) == 1 and anchors[0][0] == s.anchor:
                return Verdict(False, K.NO_MUST_EXTEND, {**base, "tip": cell_text(s.anchor)})
            return Verdict(False, K.NO_NOT_ANCHOR, base)
        anchor_cell, anchor_card, colour, _ = found
        params = {**base, **self._anchor_params(anchor_card, colour)}
        if cell not in neighbours(anchor_cell):
            return Verdict(False, K.NO_NOT_NEXT, params)
        if cell not in self.area:
            return Verdict(False, K.NO_OUTSIDE, params)
        if cell in occ:
            return Verdict(False, K.NO_TAKEN, params)
        if not matches(card, colour, uno_kind(anchor_card)):
            return Verdict(False, K.NO_NO_MATCH, params)
        capture = any(c == cell for c, _ in s.scoring)
        if card in WILDS:
            if capture and action.colour is not None:
                return Verdict(False, K.NO_CAPTURE_COLOUR, params)
            if not capture and action.colour is None:
                return Verdict(False, K.NO_WILD_COLOUR, params)
            if card == "W4":
                barred = self._wd4_barred(s, anchors, self._plays(s, anchors, occ))
                if barred:
                    return Verdict(False, barred[0], {**params, **barred[1]})
        if capture:
            return Verdict(True, K.OK_CAPTURE, params)
        return Verdict(True, K.OK_NEW_ROAD if anchor_cell == START else K.OK_PLAY, params)

    def is_legal(self, state: NarabeRunoState, action: Any) -> bool:
        s = state
        if s.current < 0:
            return False
        kind = type(action)
        hand = s.hands[s.current]
        if kind is Discard:
            return action.card in hand and (not self._stuck_only or not self.legal_plays(s))
        if kind is Pass:
            return not hand
        if kind is Play:
            return action.card in hand and self._play_ok(s, action)
        return False

    def _play_ok(self, s: NarabeRunoState, action: Play) -> bool:
        """The fast path of a play's legality (``explain`` gives the reasons; check_game tests
        that they agree): only a Wild Draw Four needs every other play of the hand."""
        occ = s.occ
        anchors = self.anchors(s, occ)
        found = next((a for a in anchors if a[0] == action.anchor), None)
        cell = action.cell
        if found is None or cell in occ or cell not in self.near[found[0]]:
            return False
        card = action.card
        if card not in _MATCHING[found[2], uno_kind(found[1])]:
            return False
        if card in WILDS:
            capture = any(c == cell for c, _ in s.scoring)
            if capture == (action.colour is not None):
                return False
            if card == "W4":
                return self._wd4_barred(s, anchors, self._plays(s, anchors, occ)) is None
        return True

    def action_from_code(self, code: str) -> Action:
        return from_code(code)

    def explain_code(self, state: NarabeRunoState, code: str) -> Verdict:
        """A card of the hand ("R7") is every way of using it: its first legal play or its
        discard; else the rule that stops its plays (the Wild Draw Four's), else that it fits
        no anchor while another card of the hand does (and a card may be discarded only then).

        >>> game = NarabeRuno(NarabeRunoConfig(players=2, discard_only_if_stuck=True))
        >>> deal = ["R5", "G1", "G2", "G3", "G4", "G5", "G6", "B9", "Y1", "R9", "Y2", "Y3", "Y4"]
        >>> s = game.initial_state(0, first=0, deck=deal)  # start card, scoring cards, hands in turn
        >>> s.hands[0]
        ('B9', 'R9', 'Y3')
        >>> game.explain_code(s, "R9").ok
        True
        >>> game.explain_code(s, "B9").text("en")
        'blue 9 fits no anchor now, and a card may be discarded only when none can be laid: you could lay red 9.'
        """
        if not is_uno(code) or state.current < 0:
            return super().explain_code(state, code)
        s = state
        legal = [a for a in self.legal_actions(s) if getattr(a, "card", None) == code]
        if legal or code not in s.hands[s.current]:
            return self.explain(s, legal[0] if legal else discard(code))
        tried = [p for p in self._plays(s, self.anchors(s, s.occ), s.occ) if p.card == code]
        if tried:  # barred by a rule (the Wild Draw Four's)
            return self.explain(s, tried[0])
        others = self.legal_plays(s)
        if not others:  # nothing fits at all: discarding is allowed (not reached while legal is empty)
            return self.explain(s, discard(code))
        return Verdict(False, K.NO_FITS_NOWHERE, {"card": uno_param(code), "other": uno_param(others[0].card)})

    # --- moves ---------------------------------------------------------------------------
    def _draw(self, s: NarabeRunoState, draw: tuple[str, ...], pile: tuple[str, ...], reshuffles: int, k: int,
              events: list[Event]) -> tuple[list[str], tuple[str, ...], tuple[str, ...], int]:
        """Draw ``k`` cards (fewer when both piles run out), shuffling the discard pile into a new
        draw pile when needed."""
        if len(draw) >= k:
            # (The usual case: the next cards lie on top, the last of the tuple first.)
            return list(draw[:-k - 1:-1]) if k else [], draw[:len(draw) - k], pile, reshuffles
        got: list[str] = []
        for _ in range(k):
            if not draw:
                if not pile:
                    break
                draw = tuple(hash_shuffled(pile, s.seed, NS, "reshuffle", reshuffles))
                events.append(_event((K.EV_RESHUFFLE, {"count": len(pile)})))
                pile = ()
                reshuffles += 1
            got.append(draw[-1])
            draw = draw[:-1]
        return got, draw, pile, reshuffles

    def _refill(self, s: NarabeRunoState, p: int, hand: list[str], k: int, pile: tuple[str, ...],
                events: list[Event]) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...], int]:
        """Refill ``hand`` (sorted, ``p``'s, a card or more just laid) by ``k`` cards within the
        hand limit: the new hands, draw pile, discard pile and reshuffle count."""
        want = min(k, self.config.hand_limit - len(hand))
        draw, reshuffles = s.draw, s.reshuffles
        if want > 0:
            got, draw, pile, reshuffles = self._draw(s, draw, pile, reshuffles, want, events)
            for card in got:
                insort(hand, card)
            events.append(_event((K.EV_REFILL, {"player": p, "count": len(got), "hand": len(hand)})))
        hands = s.hands
        return hands[:p] + (tuple(hand),) + hands[p + 1:], draw, pile, reshuffles

    def step(self, state: NarabeRunoState, action: Action | str) -> tuple[NarabeRunoState, tuple[Event, ...]]:
        # The common case first (the action is one of the legal actions just listed for this
        # very state); anything else goes through Game.step's checks and errors.
        cached_state, legal = self._cache
        if cached_state is state and isinstance(action, Action) and is_listed(action, legal):
            return self.apply(state, action)
        return super().step(state, action)

    def apply(self, state: NarabeRunoState, action: Action) -> tuple[NarabeRunoState, tuple[Event, ...]]:
        s = state
        p = s.current
        if type(action) is not Play:
            return self._apply_other(s, action)
        n = self._players
        hand = list(s.hands[p])
        card, cell = action.card, action.cell
        hand.remove(card)
        events: list[Event] = []
        skips = 0
        direction = s.direction
        colour = action.colour or ("" if card in WILDS else card[0])
        entry: Placed = (cell[0], cell[1], card, colour)
        params = {"player": p, "card": _PARAM[card], "cell": f"{cell[0]},{cell[1]}"}
        if action.anchor == START:
            this_road: tuple[Placed, ...] = (entry,)
            roads = (*s.roads, this_road)
            events.append(_event((K.EV_NEW_ROAD, params)))
        else:
            anchor_x, anchor_y = action.anchor
            road_list = list(s.roads)
            for i, road in enumerate(road_list):
                if road[-1][0] == anchor_x and road[-1][1] == anchor_y:
                    this_road = road_list[i] = road + (entry,)
                    break
            roads = tuple(road_list)
            events.append(_event((K.EV_PLAYED, params)))
        if action.colour:
            events.append(_event((K.EV_COLOUR, {"player": p, "colour": f"@cards.uno.colour.{action.colour}"})))
        kind = _KIND[card]
        refill = self._refills.get(kind, 1)
        if kind == "S":
            skips = 1
        elif kind == "R":
            if self.config.reverse_turns:
                direction = -direction
                events.append(_event((K.EV_DIRECTION, {"player": p})))
            if n == 2 and self.config.two_player_reverse_skips:
                skips = 1
        scoring = s.scoring
        captured = s.captured
        pile = s.discard
        occ = s.occ | {cell}
        anchor: Cell | None
        taken = None
        for at, hidden in scoring:
            if at == cell:
                taken = hidden
                break
        if taken is not None:
            scoring = tuple(sc for sc in scoring if sc[0] != cell)
            captured = captured[:p] + (captured[p] + (taken,),) + captured[p + 1:]
            roads = tuple(r for r in roads if r is not this_road)
            pile = pile + tuple(c for _, _, c, _ in this_road)
            occ = occ - {(x, y) for x, y, _, _ in this_road}
            anchor, closed = None, None
            events.append(_event((K.EV_CAPTURE, {"player": p, "cell": cell_text(cell), "count": len(this_road),
                                                 "left": len(scoring)})))
        elif kind == "R":
            anchor, closed = None, (this_road[0][0], this_road[0][1])
            events.append(_event((K.EV_REVERSE, {"player": p})))
        else:
            anchor, closed = cell, None
            for c in self.near[cell]:
                if c not in occ:
                    break
            else:
                events.append(_event((K.EV_BLOCKED, {"cell": cell_text(cell)})))
        draw = s.draw
        if refill == 1 and draw and len(hand) < self._hand_limit:
            # The usual case, written out: the top card of the draw pile joins the hand.
            insort(hand, draw[-1])
            events.append(_event((K.EV_REFILL, {"player": p, "count": 1, "hand": len(hand)})))
            hands_before = s.hands
            hands, draw, reshuffles = (*hands_before[:p], tuple(hand), *hands_before[p + 1:]), draw[:-1], s.reshuffles
        else:
            hands, draw, pile, reshuffles = self._refill(s, p, hand, refill, pile, events)
        if skips:
            events.append(_event((K.EV_SKIP, {"player": (p + direction) % n})))
        state = _AFTER_PLAY(s, current=(p + direction * (1 + skips)) % n, turn=s.turn + 1, direction=direction,
                            hands=hands, draw=draw, discard=pile, roads=roads, occ=occ, scoring=scoring,
                            captured=captured, anchor=anchor, closed=closed, idle=0, placed=s.placed + 1,
                            reshuffles=reshuffles)
        if len(scoring) <= 1:
            events.append(_event((K.EV_LAST, {"player": p})))
            return self._finish(state, K.END_LAST, events)
        return state, tuple(events)

    def _apply_other(self, s: NarabeRunoState, action: Action) -> tuple[NarabeRunoState, tuple[Event, ...]]:
        """A discard or a pass: nothing moves on the board."""
        p = s.current
        hand = list(s.hands[p])
        pile = s.discard
        n = self.config.players
        if type(action) is Discard:
            card = action.card
            hand.remove(card)
            pile = pile + (card,)
            events = [_event((K.EV_DISCARDED, {"player": p, "card": _PARAM[card]}))]
            draw = s.draw
            if draw and s.idle + 1 < self._stall_turns:
                # The usual case, written out: the top card of the draw pile joins the hand.
                insort(hand, draw[-1])
                events.append(_event((K.EV_REFILL, {"player": p, "count": 1, "hand": len(hand)})))
                hands = s.hands
                state = _AFTER_DISCARD(s, current=(p + s.direction) % n, turn=s.turn + 1,
                                       hands=(*hands[:p], tuple(hand), *hands[p + 1:]), draw=draw[:-1],
                                       discard=pile, idle=s.idle + 1)
                return state, (*events,)
        else:
            events = [_event((K.EV_PASSED, {"player": p}))]
        hands, draw, pile, reshuffles = self._refill(s, p, hand, 1, pile, events)
        idle = s.idle + 1
        state = _AFTER_DISCARD(s, current=(p + s.direction) % n, turn=s.turn + 1, hands=hands, draw=draw,
                               discard=pile, idle=idle)
        if reshuffles != s.reshuffles:
            state = new_state(state, reshuffles=reshuffles)
        if idle >= self._stall_turns:
            events.append(_event((K.EV_STALLED, {"rounds": self.config.stall_limit})))
            return self._finish(state, K.END_STALLED, events)
        return state, tuple(events)

    # --- the end -------------------------------------------------------------------------
    def _finish(self, s: NarabeRunoState, termination: str, events: list[Event]) -> tuple[NarabeRunoState, tuple[Event, ...]]:
        """Turn the captured cards over and resolve them (see Scoring)."""
        n = self.config.players
        draw, pile, reshuffles = s.draw, s.discard, s.reshuffles
        reveal: list[list[tuple[str, int, int, tuple[str, ...]]]] = [[] for _ in range(n)]
        for seat in [(s.first + i) % n for i in range(n)]:
            for card in s.captured[seat]:
                kind = uno_kind(card)
                drawn: tuple[str, ...] = ()
                if kind in _NUMBER_KINDS:
                    points, to = int(kind), seat
                    events.append(Event(K.EV_REVEAL_NUMBER, {"player": seat, "card": uno_param(card), "points": points}))
                elif kind in ("D", "W4"):
                    got, draw, pile, reshuffles = self._draw(s, draw, pile, reshuffles, 2 if kind == "D" else 4, events)
                    numbers = [v for v in map(uno_number, got) if v is not None]
                    while not numbers and self.config.draw_scoring == "draw_until_number" and (draw or pile):
                        more, draw, pile, reshuffles = self._draw(s, draw, pile, reshuffles, 1, events)
                        got += more
                        numbers = [v for v in map(uno_number, more) if v is not None]
                    points, to, drawn = max(numbers, default=0), seat, tuple(got)
                    pile = pile + drawn
                    events.append(Event(K.EV_REVEAL_DRAW, {"player": seat, "card": uno_param(card), "points": points,
                                                           "drawn": ", ".join(drawn) or "-"}))
                elif kind == "S":
                    to = (seat + 2) % n
                    if n == 2 and self.config.skip_scoring_two_players == "opponent":
                        to = (seat + 1) % n
                    points = 3
                    events.append(Event(K.EV_REVEAL_SKIP, {"player": seat, "card": uno_param(card), "to": to}))
                elif kind == "R":
                    to, points = (seat - 1) % n, 3
                    events.append(Event(K.EV_REVEAL_REVERSE, {"player": seat, "card": uno_param(card), "to": to}))
                else:
                    to, points = -1, 3
                    events.append(Event(K.EV_REVEAL_WILD, {"player": seat, "card": uno_param(card)}))
                reveal[seat].append((card, points, to, drawn))
        state = new_state(s, current=-1, draw=draw, discard=pile, reshuffles=reshuffles,
                          reveal=tuple(tuple(r) for r in reveal), termination=termination)
        scores = self.scores(state)
        events.append(Event(K.EV_GAME_OVER, {
            "winners": list(self._winners(scores)), "best": int(max(scores)), "scores": list(scores),
            "reveal": [[{"card": c, "points": pts, "to": to, "drawn": list(d)} for c, pts, to, d in entries]
                       for entries in state.reveal],
            "left": [c for _, c in state.scoring]}))
        return state, tuple(events)

    def scores(self, state: NarabeRunoState) -> tuple[float, ...]:
        """Each seat's points from the revealed cards (all 0 before the end)."""
        n = self.config.players
        totals = [0] * n
        for seat, entries in enumerate(state.reveal):
            for _, points, to, _ in entries:
                for target in ([to] if to >= 0 else [q for q in range(n) if q != seat]):
                    totals[target] += points
        return tuple(float(v) for v in totals)

    @staticmethod
    def _winners(scores: Sequence[float]) -> tuple[int, ...]:
        best = max(scores)
        return tuple(i for i, v in enumerate(scores) if v == best)

    def outcome(self, state: NarabeRunoState) -> Outcome | None:
        if state.current >= 0:
            return None
        scores = self.scores(state)
        details: dict[str, Any] = {
            "turns": state.turn,
            "first_player": state.first,
            "placed": state.placed,
            "captures": [len(c) for c in state.captured],
            "scoring_left": len(state.scoring),
            "reshuffles": state.reshuffles,
            "stalled": state.termination == K.END_STALLED,
            "layout": self.config.layout_name,
            "points_total": sum(scores),
        }
        return Outcome(state.termination, self._winners(scores), scores, details)

    # --- information ---------------------------------------------------------------------
    def observe(self, state: NarabeRunoState, player: int | None) -> dict[str, Any]:
        n = self.config.players
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
            raise ValueError(f"player must be a seat from 0 to {n - 1} or None (got {player!r})")
        s = state
        over = s.current < 0
        anchors = [] if over else self.anchors(s)
        return {
            "game": NS,
            "viewer": player,
            "current": self.current_player(s),
            "turn": s.turn,
            "first": s.first,
            "direction": s.direction,
            "players": [{
                "seat": i,
                "hand_count": len(s.hands[i]),
                "hand": list(s.hands[i]) if player is None or player == i else None,
                "captured_count": len(s.captured[i]),
                "captured": list(s.captured[i]) if over else None,
            } for i in range(n)],
            "start": s.start,
            "roads": [[{"x": x, "y": y, "card": c, "colour": col} for x, y, c, col in road] for road in s.roads],
            "scoring_cells": [list(cell) for cell, _ in s.scoring],
            "scoring_cards": [c for _, c in s.scoring] if over else None,
            "anchors": [{"cell": list(a[0]), "card": a[1], "colour": a[2], "road": list(a[3]) if a[3] else None}
                        for a in anchors],
            "anchor": list(s.anchor) if s.anchor else None,
            "closed": list(s.closed) if s.closed else None,
            "draw_count": len(s.draw),
            "discard": list(s.discard),
            "idle": s.idle,
            "placed": s.placed,
            "reveal": [[{"card": c, "points": pts, "to": to, "drawn": list(d)} for c, pts, to, d in entries]
                       for entries in s.reveal] if over else None,
            "scores": list(self.scores(s)) if over else None,
            "options": self._options,
            "termination": s.termination or None,
        }

    def determinize(self, state: NarabeRunoState, player: int, rng: random.Random) -> NarabeRunoState:
        """Resample what ``player`` cannot see: the draw pile, the other hands and, before the
        end, the scoring cards on the board and every captured card."""
        s = state
        n = self.config.players
        over = s.current < 0
        scoring_cards = tuple(c for _, c in s.scoring)
        zones: list[Sequence[str]] = [s.draw, scoring_cards, *s.hands, *s.captured]
        hidden = {0} | {2 + i for i in range(n) if i != player}
        if not over:
            hidden |= {1} | {2 + n + i for i in range(n)}
        dealt = redeal_unseen(zones, hidden, rng)
        scoring = tuple(zip((cell for cell, _ in s.scoring), dealt[1]))
        hands = tuple(tuple(sorted(h)) for h in dealt[2:2 + n])
        return new_state(s, draw=dealt[0], scoring=scoring, hands=hands, captured=tuple(dealt[2 + n:]),
                         seed=rng.getrandbits(63))

    def census(self, state: NarabeRunoState) -> Counter[Any]:
        s = state
        count: Counter[str] = Counter(s.draw)
        count.update(s.discard)
        count[s.start] += 1
        for zone in (*s.hands, *s.captured):
            count.update(zone)
        count.update(c for _, c in s.scoring)
        count.update(c for road in s.roads for _, _, c, _ in road)
        return count

    def codes(self) -> frozenset[str]:
        return K.REASON_CODES | K.EVENT_CODES | K.END_CODES | K.LABEL_CODES | K.HINT_CODES


def standing(game: Game[Any], state: NarabeRunoState) -> tuple[float, ...]:
    """Each seat's standing now, from public information only (higher is better): how many
    scoring cards it has captured (their faces stay hidden until the end; the count is public).

    >>> from tablekit import make
    >>> game = make("narabe_runo", players=3)
    >>> standing(game, game.initial_state(1))
    (0.0, 0.0, 0.0)
    """
    assert isinstance(game, NarabeRuno)
    return tuple(float(len(cards)) for cards in state.captured)


__all__ = ["NarabeRuno", "NarabeRunoConfig", "NarabeRunoState", "matches", "road_key", "standing"]
