"""Up or Down? (Kramer & Kiesling): the rules as tablekit plays them.

Overview
    A card game for 2 to 6 players by Wolfgang Kramer and Michael Kiesling. Numbered cards lie
    in a ring of six in the middle. On your turn you push a card from your hand into the ring,
    take back one of the two cards beside it, and build that card into one of your three
    columns, each of which either rises or falls. A column scores its length times the number
    of its cards in its most common colour, so long columns of one colour are worth most.

Setup
    The cards are numbered from 1; each has one of six colours, repeating every six numbers
    (1 yellow, 2 red, 3 blue, 4 pink, 5 purple, 6 teal, 7 yellow again, ...; ``colour_cycle``).
    The player count decides which cards are used: 1-54 with 2 players, 1-78 with 3, 1-102 with
    4 and 1-126 with 5 or 6 (``length="short"``, Board Game Arena's short game: 1-42, 1-60,
    1-78, 1-96). Every range is a multiple of six, so each colour is equally common. After
    shuffling, each player gets 3 cards (kept secret), 6 cards are laid face up in a ring in
    ascending order clockwise, and the rest is split into two piles: the face-down pile gets
    the extra card when the number is odd, the other pile lies face up with only its top card
    visible. The first player is drawn from the seed; play goes clockwise.

Turn
    1. Play: put one hand card into the ring. Its place is fixed by its number: between the
       two cards that enclose it, or, if it is lower than all or higher than all, between the
       highest and the lowest (the ring wraps around).
    2. Take: take one of the two cards next to it (never the card just played), so the ring
       has six cards again.
    3. Place: build the taken card into your area of at most three columns: add it to a
       column where it fits, start a new column if you have fewer than three, or abandon a
       column of your choice (its cards go face down onto your own discard pile) and start a
       new column with the card in its place. Abandoning is allowed even when the card fits
       somewhere or a column is free; the taken card can never be refused.
    4. Draw: take the top card of the face-down or of the face-up pile; when one pile is
       empty, draw from the other; when both are empty, there is no draw.
    A column's first card may be followed by any card: the second card fixes the column as
    ascending (it is higher) or descending (it is lower) for good. From then on each new card
    must be strictly higher (ascending) or strictly lower (descending) than the column's last
    card. Cards never move between or within columns.
    What everyone sees: the ring, every column and its direction, every discard pile (its
    cards were face up when abandoned), the removed cards, the top card of the face-up pile,
    the sizes of all piles and hands, and which cards a player drew from the face-up pile.
    Hidden: the other hands' other cards, the face-down pile and the face-up pile below its
    top card.

Special cards
    None: the colour of a card only matters for scoring and for the variants below.

Scoring
    Each column scores its number of cards times the number of its cards in its most frequent
    colour (9 cards with at most 3 of one colour: 27). Each card on the discard pile is worth 1
    (``discard_value=-1``: it costs 1). The bonuses and maluses of the variants are added.

End
    When both piles are empty the players go on taking turns, without drawing, until every hand
    is empty (a player with no card left is skipped). Then everyone scores; the highest total
    wins and equal highest totals share the win. Every turn moves exactly one card into a
    player's area, so the areas then hold all the cards but the six of the ring (less those
    removed by the Remove one card variant).

Options (the variants of the source and the decisions where it is silent; shared/rules/up_or_down.md)
    length                 "long" (the rulebook) or "short" (Board Game Arena's short game).
    colour_cycle           the colours of cards 1 to 6 (data; the default is the only cycle
                           documented, by a description of the online version).
    discard_value          +1 (default) or -1 per discarded card.
    rainbow                "off", "consecutive" (+``rainbow_bonus``, 10, for a column with six
                           adjacent cards of six different colours, in the order they were
                           placed) or "anywhere" (all six colours somewhere in the column);
                           ``rainbow_per_column_max`` (1) caps how often one column earns it
                           (separate runs of six adjacent cards; or complete sets of colours).
    pure_colour            a column whose cards all share one colour earns the bonus of its
                           length in ``pure_colour_table``. PROVISIONAL default (the printed
                           table is lost): length 1 -> 0, then 5 x (length - 1), so 3 cards
                           earn 10, the one figure the source shows. Replace it in one line:
                           ``make("up_or_down", pure_colour=True, pure_colour_table={3: 10, 4: 15})``.
    greenhorn              "bonus": count the green (teal) cards in all your columns and your
                           discard pile together and add that count's points from
                           ``green_table``, once. "pro": count the greens in your columns
                           shorter than 7 cards and subtract that count's points (discarded
                           greens cost nothing, and there is no bonus). PROVISIONAL default
                           table (lost in the source): n greens -> n(n + 1)/2 (5 -> 15 and
                           3 -> 6 fit the source's two examples).
    special                "basic": one colour (``special_colour``) gives +1 per card in each
                           ascending column and -1 per card in each descending column. "pro":
                           ``special_colour`` gives +1 per card in ascending columns,
                           ``special_down_colour`` (a different colour) -1 per card in
                           descending columns. A column without a direction (one card) and the
                           discard pile give nothing.
    take                   "special_colour": after playing a card of ``take_colour`` you may
                           take a neighbour or any other ring card of that colour; "any":
                           after playing a card of ``take_colour`` you may take any ring card.
                           Never the card just played.
    remove_one             when the card you take has ``remove_colour`` and you add it to one
                           of your columns, you may first take that column's last card out of
                           the game (never when abandoning). The taken card must then fit the
                           new last card; a one-card column is emptied and restarts with the
                           taken card, without a direction. ``remove_keeps_direction`` (True):
                           a column cut back from two cards to one keeps its direction (False:
                           its next card fixes it again).
    Variant colours        each colour option left at "random" is drawn from the seed when the
                           game starts (the two colours of the pro special colour always
                           differ) and announced; the only refused combination is a pro special
                           colour whose two colours are set equal (ConfigError). Each variant
                           family is one option, so exclusive rules (bonus or pro Greenhorn,
                           basic or pro special colour, the two take rules) cannot be combined;
                           all the others combine freely.
    Further decisions      the taken card must be placed before drawing; a new column is
                           added after the existing ones, a column started after abandoning
                           takes the abandoned column's place; the draw is a decision of its
                           own even when only one pile is left (the learner sees the rule
                           working); a player's cards drawn from the face-up pile stay known
                           to everyone while in that hand; with several colours equally most
                           frequent in a column, any of them gives the same score.

Action codes
    "play:37" plays 37 into the ring, "take:45" takes 45, "col:2" adds the taken card to column
    2, "new" starts a new column, "abandon:2" abandons column 2 and starts one with the taken
    card in its place, "remove:2" removes column 2's last card and then adds the taken card to
    column 2, "draw:down" and "draw:up" draw from the face-down and the face-up pile.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections import Counter
from functools import partial
from typing import Any, Final, NamedTuple, Sequence

from tablekit.core.actions import Action, is_listed, whole_number
from tablekit.core.deck import redeal_unseen, stack
from tablekit.core.errors import ConfigError, InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.rng import derive_seed, hash_shuffled
from tablekit.core.setup import check_options, check_seed, moves_option, play_moves, seat_option
from tablekit.core.seats import seats_after
from tablekit.core.verdict import Event, Verdict
from tablekit.games.up_or_down import codes as K
from tablekit.games.up_or_down.actions import (
    ABANDONS,
    DRAW_DOWN,
    DRAW_UP,
    MAX_CARD,
    NEW_COLUMN,
    PLACES,
    PLAYS,
    REMOVES,
    TAKES,
    Abandon,
    Draw,
    NewColumn,
    Place,
    Play,
    RemoveAndPlace,
    Take,
    from_code,
)
from tablekit.games.up_or_down.config import (
    COLOURS,
    GREEN,
    HAND_SIZE,
    MAX_COLUMNS,
    PRESETS,
    PRO_GREEN_SHORT,
    RANDOM,
    RING_SIZE,
    UpOrDownConfig,
    lookup,
)
from tablekit.games.up_or_down.state import (
    COLOUR_ROLES,
    DOWN,
    DRAW,
    NONE,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLAY,
    TAKE,
    UP,
    UpOrDownState,
    builder,
    new_state,
)

NS: Final = K.NS
#: The hot path's state builders (``core.states.replacer``: only the named fields change) and
#: ``_event((code, params))``, which is ``Event(code, params)`` without NamedTuple's ``__new__``.
_PLAYED: Final = builder("phase", "hands", "shown", "ring", "played")
_TOOK: Final = builder("phase", "ring", "taken")
_DREW: Final = builder("hands", "shown", "down", "up")
_PLACED: Final = builder("phase", "taken", "columns", "dirs", "discards", "removed")
_NEXT_TURN: Final = builder("phase", "current", "turn", "played")
_event: Final = partial(tuple.__new__, Event)
_PHASE_OF: Final[dict[type, int]] = {Play: PLAY, Take: TAKE, Place: PLACE, NewColumn: PLACE, Abandon: PLACE,
                                     RemoveAndPlace: PLACE, Draw: DRAW}
DIRECTION_NAMES: Final = {NONE: None, UP: "up", DOWN: "down"}
SPECIAL, SPECIAL_DOWN, TAKE_ROLE, REMOVE_ROLE = range(4)


def colour(card: int, cycle: Sequence[str] = COLOURS) -> str:
    """The colour of ``card`` under a colour cycle (the default one unless given).

    >>> [colour(n) for n in (1, 6, 7, 121, 126)]
    ['yellow', 'teal', 'yellow', 'yellow', 'teal']
    """
    return cycle[(card - 1) % 6]


def neighbours(ring: Sequence[int], card: int) -> tuple[int, int]:
    """The cyclic predecessor and successor of ``card`` in a sorted ring that holds it.

    >>> neighbours((7, 14, 33, 50), 14), neighbours((5, 7, 33, 106), 5), neighbours((7, 33, 106, 120), 120)
    ((7, 33), (106, 7), (106, 7))
    """
    i = bisect_left(ring, card)
    return ring[i - 1], ring[(i + 1) % len(ring)]


def fits(cards: Sequence[int], direction: int, card: int) -> bool:
    """Whether ``card`` may be added to a column of ``cards`` growing in ``direction``.

    >>> fits((20,), NONE, 15), fits((20, 15), DOWN, 18), fits((20, 15), DOWN, 3), fits((), NONE, 9)
    (True, False, True, True)
    """
    if not cards or direction == NONE:
        return True
    return card > cards[-1] if direction == UP else card < cards[-1]


class ColumnScore(NamedTuple):
    """One column scored: ``length`` x ``top_count`` (cards of its most frequent ``colour``) =
    ``base``, plus ``rainbow`` (``rainbows`` earned), ``pure`` and ``special`` points."""

    cards: tuple[int, ...]
    direction: int
    length: int
    colour: str
    top_count: int
    base: int
    rainbows: int
    rainbow: int
    pure: int
    special: int

    @property
    def total(self) -> int:
        return self.base + self.rainbow + self.pure + self.special


class Breakdown(NamedTuple):
    """A player's whole score: the columns, the discard pile (``discarded`` cards worth
    ``discard_points``), the greens counted by a Greenhorn rule and the points they give
    (negative for the pro rule), and the ``total``."""

    columns: tuple[ColumnScore, ...]
    discarded: int
    discard_points: int
    greens: int
    green_points: int
    total: int

    def to_json(self) -> dict[str, Any]:
        return {
            "columns": [{**c._asdict(), "cards": list(c.cards), "direction": DIRECTION_NAMES[c.direction],
                         "total": c.total} for c in self.columns],
            "discarded": self.discarded, "discard_points": self.discard_points, "greens": self.greens,
            "green_points": self.green_points, "total": self.total,
        }


def _insert(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    out = list(cards)
    insort(out, card)
    return tuple(out)


def _drop(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1:]


class UpOrDown(Game[UpOrDownState]):
    """The Up or Down? game object (see the module docstring for the rules).

    >>> game = UpOrDown(PRESETS["base"], "base")
    >>> s = game.initial_state(seed=3, first=0)
    >>> len(s.ring), [len(h) for h in s.hands], len(s.down), len(s.up)
    (6, [3, 3, 3, 3], 42, 42)
    >>> [a.code for a in game.legal_actions(s)] == [f"play:{c}" for c in s.hands[0]]
    True
    """

    name = NS
    config_class = UpOrDownConfig
    config: UpOrDownConfig

    def __init__(self, config: UpOrDownConfig, preset: str = "custom") -> None:
        if not isinstance(config, UpOrDownConfig):
            raise ConfigError(NS, "config", config, "an UpOrDownConfig")
        super().__init__(config, preset)
        self._top = config.top_card
        #: the take variant ("" when only neighbours may be taken), read on the hot path
        self._take_mode = "" if config.take == "neighbours" else config.take
        index = {name: i for i, name in enumerate(COLOURS)}
        self._scores: dict[tuple[Any, ...], Breakdown] = {}  # ``breakdown``'s, by area
        #: the rules in play, JSON-ready (public: every player knows them; bots read them)
        self._options: dict[str, Any] = config.to_dict()
        #: colour index (0..5, into COLOURS) of every card; entry 0 is unused
        self.colour_index: tuple[int, ...] = (-1,) + tuple(
            index[colour(n, config.colour_cycle)] for n in range(1, 127))

    # --- facts ---------------------------------------------------------------------------
    def colour_of(self, card: int) -> str:
        """The colour name of ``card`` under this game's ``colour_cycle``.

        >>> UpOrDown(PRESETS["base"]).colour_of(6)
        'teal'
        """
        return COLOURS[self.colour_index[card]]

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards in play: 1 to the top card of the range."""
        return tuple(range(1, self._top + 1))

    # --- setup ---------------------------------------------------------------------------
    def initial_state(self, seed: int, **setup: Any) -> UpOrDownState:
        """The state before the first decision.

        Setup options (for lessons and tests):

        * ``first``: the seat that plays first (by default drawn from the seed);
        * ``columns``: cards already placed, a list per seat of up to three columns (each a list
          of cards in the order placed; the second card fixes the direction and the rest must
          follow it). They leave the deck before it is dealt;
        * ``discards``: cards already on the discard piles, a list of cards per seat (they
          leave the deck too);
        * ``deck``: the first cards of the deal, in this order: seat 0's three cards, seat 1's,
          ..., then the six ring cards, then the face-down pile from the top, then the face-up
          pile from the top. Cards not listed follow in the seed's shuffled order;
        * ``moves``: action codes played before the first decision (an illegal one is a
          ValueError).

        >>> game = UpOrDown(PRESETS["base"].__class__(players=2))
        >>> s = game.initial_state(0, first=1, deck=[1, 2, 3, 4, 5, 6, 10, 24, 40, 45, 50, 54], columns=[[[20, 15]], []])
        >>> s.hands, s.ring, s.current, s.columns[0], s.dirs[0]
        (((1, 2, 3), (4, 5, 6)), (10, 24, 40, 45, 50, 54), 1, ((20, 15),), (-1,))
        """
        check_options(setup, ("columns", "deck", "discards", "first", "moves"))
        check_seed(seed)
        moves = moves_option(setup)
        n = self.config.players
        first = seat_option(setup, "first", seed, n, NS)
        columns, dirs = self._setup_columns(setup.get("columns"))
        placed = {c for cols in columns for col in cols for c in col}
        discards = self._setup_discards(setup.get("discards"), placed)
        placed.update(c for pile in discards for c in pile)
        pool = [c for c in hash_shuffled(self.cards, seed, NS, "deal") if c not in placed]
        front = list(setup.get("deck") or ())
        if any(isinstance(c, bool) or not isinstance(c, int) for c in front):
            raise ValueError(f"deck must list cards as whole numbers (got {front!r})")
        try:
            order = stack(pool, front)
        except ValueError as exc:
            raise ValueError(f"deck: {exc} (cards 1 to {self._top}, none of them in the set-up columns or discards)") from None
        if len(order) < n * HAND_SIZE + RING_SIZE:
            raise ValueError("the set-up columns and discards leave too few cards to deal the hands and the ring")
        hands = tuple(tuple(sorted(order[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(n))
        pos = n * HAND_SIZE
        ring = tuple(sorted(order[pos:pos + RING_SIZE]))
        rest = order[pos + RING_SIZE:]
        split = (len(rest) + 1) // 2  # the face-down pile gets the odd card
        state = new_state(
            seed=seed, first=first, colours=self._variant_colours(seed), phase=PLAY, current=first, turn=1,
            hands=hands, shown=((),) * n, ring=ring, played=0, taken=0,
            down=tuple(reversed(rest[:split])), up=tuple(reversed(rest[split:])),
            columns=columns, dirs=dirs, discards=discards, removed=(), termination="",
        )
        return play_moves(self.step, from_code, state, moves)

    def _setup_columns(self, given: Any) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]:
        n = self.config.players
        if given is None:
            return ((),) * n, ((),) * n
        if not isinstance(given, (list, tuple)) or len(given) != n:
            raise ValueError(f"columns must list the columns of each of the {n} seats (got {given!r})")
        seen: set[int] = set()
        columns, dirs = [], []
        for seat, cols in enumerate(given):
            if not isinstance(cols, (list, tuple)) or len(cols) > MAX_COLUMNS:
                raise ValueError(f"columns of seat {seat}: at most three lists of cards (got {cols!r})")
            mine, mine_dirs = [], []
            for col in cols:
                cards = tuple(col)
                if not cards or any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= self._top
                                    for c in cards):
                    raise ValueError(f"columns of seat {seat}: {col!r} is not a list of cards from 1 to {self._top}")
                if seen & set(cards) or len(set(cards)) != len(cards):
                    raise ValueError(f"columns of seat {seat}: a card appears twice ({col!r})")
                seen |= set(cards)
                direction = NONE if len(cards) < 2 else (UP if cards[1] > cards[0] else DOWN)
                if any(not fits(cards[:k], direction, cards[k]) for k in range(2, len(cards))):
                    raise ValueError(f"columns of seat {seat}: {col!r} does not keep one direction")
                mine.append(cards)
                mine_dirs.append(direction)
            columns.append(tuple(mine))
            dirs.append(tuple(mine_dirs))
        return tuple(columns), tuple(dirs)

    def _setup_discards(self, given: Any, placed: set[int]) -> tuple[tuple[int, ...], ...]:
        n = self.config.players
        if given is None:
            return ((),) * n
        if not isinstance(given, (list, tuple)) or len(given) != n:
            raise ValueError(f"discards must list the discarded cards of each of the {n} seats (got {given!r})")
        seen = set(placed)
        out = []
        for seat, pile in enumerate(given):
            cards = tuple(pile) if isinstance(pile, (list, tuple)) else None
            if cards is None or any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= self._top
                                    for c in cards):
                raise ValueError(f"discards of seat {seat}: {pile!r} is not a list of cards from 1 to {self._top}")
            if seen & set(cards) or len(set(cards)) != len(cards):
                raise ValueError(f"discards of seat {seat}: a card appears twice or is in a set-up column ({pile!r})")
            seen |= set(cards)
            out.append(cards)
        return tuple(out)

    def _variant_colours(self, seed: int) -> tuple[int, int, int, int]:
        """The colour of each colour variant (COLOUR_ROLES), -1 for a variant that is off; a
        "random" colour is drawn from the seed (the pro special colours always differ)."""
        chosen = self.config.variant_colours()
        out = [-1, -1, -1, -1]
        for i, role in enumerate(COLOUR_ROLES):
            if role not in chosen:
                continue
            if chosen[role] != RANDOM:
                out[i] = COLOURS.index(chosen[role])
                continue
            options = list(range(6))
            # The two pro colours differ: a random one is drawn among the colours the other
            # leaves (each of the five equally likely).
            if role == "special_down_colour":
                options.remove(out[SPECIAL])
            elif role == "special_colour" and chosen.get("special_down_colour", RANDOM) != RANDOM:
                options.remove(COLOURS.index(chosen["special_down_colour"]))
            out[i] = options[derive_seed(seed, NS, "colour", role) % len(options)]
        return (out[0], out[1], out[2], out[3])

    def start_events(self, state: UpOrDownState) -> tuple[Event, ...]:
        """What the table announces at the start: the deal and each variant colour."""
        events = [Event(K.EV_DEAL, {"player": state.first, "cards": self._top, "down": len(state.down),
                                    "up": len(state.up)})]
        for role, index in zip(COLOUR_ROLES, state.colours):
            if index >= 0:
                events.append(Event(K.EV_COLOURS, {"role": f"@{NS}.role.{role}", "colour": self.colour_param(index)}))
        return tuple(events)

    @staticmethod
    def colour_param(index: int) -> str:
        return f"@{NS}.colour.{COLOURS[index]}"

    # --- queries -------------------------------------------------------------------------
    def current_player(self, state: UpOrDownState) -> int | None:
        return None if state.current < 0 else state.current

    def is_terminal(self, state: UpOrDownState) -> bool:
        return state.current < 0

    def takeable(self, state: UpOrDownState) -> tuple[int, ...]:
        """The ring cards the current player may take now (in ring order)."""
        s = state
        ring, played = s.ring, s.played
        i = bisect_left(ring, played)
        left, right = ring[i - 1], ring[(i + 1) % len(ring)]
        mode = self._take_mode
        if mode and self.colour_index[played] == s.colours[TAKE_ROLE]:
            take_colour = s.colours[TAKE_ROLE]
            colours = self.colour_index
            return tuple(c for c in ring if c != played and (
                c == left or c == right or mode == "any" or colours[c] == take_colour))
        # In ring order: at the wrap (the played card lowest or highest) the neighbour across it
        # comes last or first.
        return (right, left) if i == 0 or i == len(ring) - 1 else (left, right)

    def _may_remove(self, state: UpOrDownState) -> bool:
        return self.config.remove_one and self.colour_index[state.taken] == state.colours[REMOVE_ROLE]

    def _after_removal(self, state: UpOrDownState, i: int) -> tuple[tuple[int, ...], int]:
        """Column ``i`` of the current player once its last card is removed, and its direction."""
        p = state.current
        cards = state.columns[p][i][:-1]
        direction = state.dirs[p][i]
        if not cards or (len(cards) == 1 and not self.config.remove_keeps_direction):
            direction = NONE
        return cards, direction

    def legal_actions(self, state: UpOrDownState) -> tuple[Action, ...]:
        s = state
        if s.current < 0:
            return ()
        phase = s.phase
        if phase == PLAY:
            return tuple(map(PLAYS.__getitem__, s.hands[s.current]))
        if phase == TAKE:
            return tuple(map(TAKES.__getitem__, self.takeable(s)))
        if phase == PLACE:
            p = s.current
            t = s.taken
            cols = s.columns[p]
            dirs = s.dirs[p]
            out: list[Action] = [PLACES[i] for i in range(len(cols)) if fits(cols[i], dirs[i], t)]
            if len(cols) < MAX_COLUMNS:
                out.append(NEW_COLUMN)
            out.extend(ABANDONS[i] for i in range(len(cols)))
            if self._may_remove(s):
                out.extend(REMOVES[i] for i in range(len(cols)) if fits(*self._after_removal(s, i), t))
            return tuple(out)
        out = []
        if s.down:
            out.append(DRAW_DOWN)
        if s.up:
            out.append(DRAW_UP)
        return tuple(out)

    def is_legal(self, state: UpOrDownState, action: Any) -> bool:
        """The fast legality test (``explain`` gives the reasons; a test checks they agree)."""
        s = state
        if s.current < 0:
            return False
        kind = type(action)
        if kind is Play:
            return s.phase == PLAY and action.card in s.hands[s.current]
        if kind is Take:
            return s.phase == TAKE and action.card in self.takeable(s)
        if kind is Draw:
            return s.phase == DRAW and bool(s.down if action.pile == "down" else s.up)
        legal = self.legal_actions(s)
        return is_listed(action, legal) or action in legal

    def candidate_actions(self, state: UpOrDownState) -> list[Action]:
        """Every action one might try here: playing or taking any card in sight or in a hand (the
        hands, the ring, the pile tops, the last card of each column), every way of placing, both
        draws. It holds every legal action; a card seen nowhere is refused like these are."""
        s = state
        seen = set(s.ring).union(*s.hands, s.down[-1:], s.up[-1:], {s.taken} - {0})
        seen.update(col[-1] for cols in s.columns for col in cols)
        cards = sorted(seen)
        return ([PLAYS[c] for c in cards] + [TAKES[c] for c in cards] + list(PLACES) + [NEW_COLUMN]
                + list(ABANDONS) + list(REMOVES) + [DRAW_DOWN, DRAW_UP])

    def explain(self, state: UpOrDownState, action: Any) -> Verdict:
        s = state
        if not isinstance(action, Action):
            action = from_code(str(action))
        phase = _PHASE_OF.get(type(action))
        if phase is None:
            raise InvalidActionError(f"{action!r} is not an Up or Down? action")
        if s.current < 0:
            return Verdict(False, K.NO_GAME_OVER, {})
        p = s.current
        if phase != s.phase:
            return Verdict(False, K.NO_DURING[s.phase], {"player": p})
        if isinstance(action, Play):
            card = action.card
            if card not in s.hands[p]:
                return Verdict(False, K.NO_NOT_IN_HAND, {"card": card})
            left, right = neighbours(_insert(s.ring, card), card)
            return Verdict(True, K.OK_PLAY, {"card": card, "left": left, "right": right})
        if isinstance(action, Take):
            return self._explain_take(s, action.card)
        if isinstance(action, Draw):
            pile = s.down if action.pile == "down" else s.up
            if not pile:
                return Verdict(False, K.NO_PILE_EMPTY, {"pile": f"@{NS}.pile.{action.pile}"})
            if action.pile == "down":
                return Verdict(True, K.OK_DRAW_DOWN, {})
            return Verdict(True, K.OK_DRAW_UP, {"card": s.up[-1]})
        return self._explain_place(s, action)

    def _explain_take(self, s: UpOrDownState, card: int) -> Verdict:
        played = s.played
        left, right = neighbours(s.ring, played)
        base = {"card": card, "played": played, "left": left, "right": right}
        if card == played:
            return Verdict(False, K.NO_TAKE_PLAYED, base)
        if card not in s.ring:
            return Verdict(False, K.NO_NOT_IN_RING, base)
        if card in (left, right):
            return Verdict(True, K.OK_TAKE, base)
        mode = self.config.take
        take_colour = s.colours[TAKE_ROLE]
        if mode == "neighbours":
            return Verdict(False, K.NO_NOT_NEIGHBOUR, base)
        colour_name = self.colour_param(take_colour)
        if self.colour_index[played] != take_colour:
            return Verdict(False, K.NO_TAKE_PLAYED_COLOUR, {**base, "colour": colour_name})
        if mode == "special_colour" and self.colour_index[card] != take_colour:
            return Verdict(False, K.NO_TAKE_COLOUR, {**base, "colour": colour_name})
        return Verdict(True, K.OK_TAKE_ANY if mode == "any" else K.OK_TAKE_COLOUR, {**base, "colour": colour_name})

    def _explain_place(self, s: UpOrDownState, action: Action) -> Verdict:
        p = s.current
        t = s.taken
        cols = s.columns[p]
        if isinstance(action, NewColumn):
            if len(cols) >= MAX_COLUMNS:
                return Verdict(False, K.NO_FOURTH, {"card": t})
            return Verdict(True, K.OK_NEW, {"card": t, "column": len(cols) + 1})
        i = getattr(action, "column")
        if i >= len(cols):
            return Verdict(False, K.NO_NO_COLUMN, {"column": i + 1, "count": len(cols)})
        if isinstance(action, Abandon):
            return Verdict(True, K.OK_ABANDON, {"card": t, "column": i + 1, "count": len(cols[i])})
        if isinstance(action, RemoveAndPlace):
            if not self.config.remove_one:
                return Verdict(False, K.NO_REMOVE_OFF, {})
            if self.colour_index[t] != s.colours[REMOVE_ROLE]:
                return Verdict(False, K.NO_REMOVE_COLOUR, {"card": t, "colour": self.colour_param(s.colours[REMOVE_ROLE])})
            cards, direction = self._after_removal(s, i)
            verdict = self._fit_verdict(cards, direction, t, i)
            if not verdict.ok:
                return verdict
            return Verdict(True, K.OK_REMOVE, {"card": t, "column": i + 1, "removed": cols[i][-1]})
        return self._fit_verdict(cols[i], s.dirs[p][i], t, i)

    @staticmethod
    def _fit_verdict(cards: tuple[int, ...], direction: int, t: int, i: int) -> Verdict:
        params = {"card": t, "column": i + 1, "last": cards[-1] if cards else None}
        if not cards:
            return Verdict(True, K.OK_NEW, {"card": t, "column": i + 1})
        if direction == NONE:
            return Verdict(True, K.OK_START_UP if t > cards[-1] else K.OK_START_DOWN, params)
        if direction == UP:
            return Verdict(t > cards[-1], K.OK_UP if t > cards[-1] else K.NO_NOT_HIGHER, params)
        return Verdict(t < cards[-1], K.OK_DOWN if t < cards[-1] else K.NO_NOT_LOWER, params)

    def action_from_code(self, code: str) -> Action:
        return from_code(code)

    def explain_code(self, state: UpOrDownState, code: str) -> Verdict:
        """A card of the hand ("37") is the play of that card: outside the play phase, the
        reason names what to do now.

        >>> game = UpOrDown(PRESETS["base"], "base")
        >>> s = game.initial_state(0)
        >>> card = s.hands[s.current][0]
        >>> game.explain_code(s, str(card)).reason, game.explain_code(s, f"play:{card}").reason
        ('up_or_down.ok.play', 'up_or_down.ok.play')
        """
        card = whole_number(code)
        if card is not None and 1 <= card <= MAX_CARD:
            return self.explain(state, PLAYS[card])
        return super().explain_code(state, code)

    # --- moves ---------------------------------------------------------------------------
    def apply(self, state: UpOrDownState, action: Action) -> tuple[UpOrDownState, tuple[Event, ...]]:
        s = state
        p = s.current
        if isinstance(action, Play):
            card = action.card
            ring = _insert(s.ring, card)
            left, right = neighbours(ring, card)
            shown = s.shown
            if card in shown[p]:
                shown = _at(shown, p, _drop(shown[p], card))
            state = _PLAYED(s, phase=TAKE, hands=_at(s.hands, p, _drop(s.hands[p], card)), shown=shown, ring=ring,
                            played=card)
            return state, (_event((K.EV_PLAYED, {"player": p, "card": card, "left": left, "right": right})),)
        if isinstance(action, Take):
            card = action.card
            state = _TOOK(s, phase=PLACE, ring=_drop(s.ring, card), taken=card)
            return state, (_event((K.EV_TOOK, {"player": p, "card": card})),)
        if isinstance(action, Draw):
            return self._draw(s, action.pile)
        return self._place(s, action)

    def _place(self, s: UpOrDownState, action: Action) -> tuple[UpOrDownState, tuple[Event, ...]]:
        p = s.current
        t = s.taken
        cols = s.columns[p]
        dirs = s.dirs[p]
        events: list[Event] = []
        discards, removed = s.discards, s.removed
        if isinstance(action, NewColumn):
            cols, dirs = cols + ((t,),), dirs + (NONE,)
            events.append(_event((K.EV_STARTED, {"player": p, "card": t, "column": len(cols)})))
        elif isinstance(action, Abandon):
            i = action.column
            gone = cols[i]
            discards = _at(discards, p, discards[p] + gone)
            cols, dirs = _at(cols, i, (t,)), _at(dirs, i, NONE)
            events.append(_event((K.EV_ABANDONED, {"player": p, "column": i + 1, "count": len(gone), "cards": list(gone)})))
            events.append(_event((K.EV_STARTED, {"player": p, "card": t, "column": i + 1})))
        else:
            i = getattr(action, "column")
            cards, direction = cols[i], dirs[i]
            if isinstance(action, RemoveAndPlace):
                removed = removed + (cards[-1],)
                events.append(_event((K.EV_REMOVED, {"player": p, "card": cards[-1], "column": i + 1})))
                cards, direction = self._after_removal(s, i)
            if not cards:
                events.append(_event((K.EV_STARTED, {"player": p, "card": t, "column": i + 1})))
            else:
                events.append(_event((K.EV_PLACED, {"player": p, "card": t, "column": i + 1})))
                if direction == NONE:
                    direction = UP if t > cards[-1] else DOWN
                    events.append(Event(K.EV_DIRECTION, {"player": p, "column": i + 1,
                                                         "direction": f"@{NS}.direction.{DIRECTION_NAMES[direction]}"}))
            cols, dirs = _at(cols, i, cards + (t,)), _at(dirs, i, direction)
        if s.down or s.up:
            state = _PLACED(s, phase=DRAW, taken=0, columns=_at(s.columns, p, cols), dirs=_at(s.dirs, p, dirs),
                            discards=discards, removed=removed)
            return state, tuple(events)
        state = _PLACED(s, phase=PLACE, taken=0, columns=_at(s.columns, p, cols), dirs=_at(s.dirs, p, dirs),
                        discards=discards, removed=removed)
        return self._end_turn(state, events)

    def _draw(self, s: UpOrDownState, pile: str) -> tuple[UpOrDownState, tuple[Event, ...]]:
        p = s.current
        events: list[Event] = []
        down, up, shown = s.down, s.up, s.shown
        if pile == "down":
            card, down = down[-1], down[:-1]
            events.append(_event((K.EV_DREW_DOWN, {"player": p})))
        else:
            card, up = up[-1], up[:-1]
            shown = _at(shown, p, shown[p] + (card,))
            events.append(_event((K.EV_DREW_UP, {"player": p, "card": card})))
            if up:
                events.append(_event((K.EV_NEW_TOP, {"card": up[-1]})))
        if not down and not up:
            events.append(_event((K.EV_PILES_EMPTY, {})))
        state = _DREW(s, hands=_at(s.hands, p, _insert(s.hands[p], card)), shown=shown, down=down, up=up)
        return self._end_turn(state, events)

    def _end_turn(self, s: UpOrDownState, events: list[Event]) -> tuple[UpOrDownState, tuple[Event, ...]]:
        p = s.current
        if not s.hands[p]:
            events.append(Event(K.EV_OUT_OF_CARDS, {"player": p}))
        n = self.config.players
        nxt: int | None = (p + 1) % n
        if not s.hands[(p + 1) % n]:  # (only once the piles are empty: a player with no card is skipped)
            nxt = next((q for q in seats_after(p, n) if s.hands[q]), None)
        if nxt is None:
            state = new_state(s, phase=OVER, current=-1, played=0, termination=K.END_EMPTY)
            boards = [self.breakdown(state, q) for q in range(n)]
            scores = [b.total for b in boards]
            best = max(scores)
            events.append(Event(K.EV_GAME_OVER, {
                "winners": [q for q in range(n) if scores[q] == best], "best": best, "scores": scores,
                "boards": [b.to_json() for b in boards]}))
            return state, tuple(events)
        return _NEXT_TURN(s, phase=PLAY, current=nxt, turn=s.turn + 1, played=0), tuple(events)

    # --- scoring -------------------------------------------------------------------------
    def score_column(self, cards: Sequence[int], direction: int, colours: Sequence[int]) -> ColumnScore:
        """One column scored under this game's options; ``colours`` are the variant colours
        (``UpOrDownState.colours``).

        >>> game = UpOrDown(PRESETS["base"])
        >>> c = game.score_column((1, 7, 13, 2), UP, (-1, -1, -1, -1))
        >>> c.length, c.colour, c.top_count, c.base
        (4, 'yellow', 3, 12)
        """
        cfg = self.config
        index = self.colour_index
        cards = tuple(cards)
        counts = Counter(index[c] for c in cards)
        top, count = max(counts.items(), key=lambda kv: (kv[1], -kv[0])) if counts else (0, 0)
        rainbows = 0
        if cfg.rainbow == "consecutive":
            k = 0
            while k + 6 <= len(cards) and rainbows < cfg.rainbow_per_column_max:
                if len({index[c] for c in cards[k:k + 6]}) == 6:
                    rainbows += 1
                    k += 6
                else:
                    k += 1
        elif cfg.rainbow == "anywhere":
            rainbows = min(min(counts.get(i, 0) for i in range(6)), cfg.rainbow_per_column_max)
        pure = lookup(cfg.pure_colour_table, len(cards)) if cfg.pure_colour and len(counts) == 1 else 0
        special = 0
        if cfg.special != "off" and direction != NONE:
            if direction == UP:
                special = counts.get(colours[SPECIAL], 0)
            else:
                special = -counts.get(colours[SPECIAL_DOWN if cfg.special == "pro" else SPECIAL], 0)
        return ColumnScore(cards, direction, len(cards), COLOURS[top], count, len(cards) * count, rainbows,
                           rainbows * cfg.rainbow_bonus, pure, special)

    def score(self, columns: Sequence[Sequence[int]], dirs: Sequence[int], discards: Sequence[int],
              colours: Sequence[int] = (-1, -1, -1, -1)) -> Breakdown:
        """A player's score from their columns (cards in the order placed), the columns'
        directions, their discard pile and the variant colours.

        >>> game = UpOrDown(PRESETS["base"])
        >>> b = game.score([(1, 7, 13), (40, 30)], [UP, DOWN], [5, 6, 11])
        >>> [c.base for c in b.columns], b.discard_points, b.total
        ([9, 2], 3, 14)
        """
        cfg = self.config
        scored = tuple(self.score_column(c, d, colours) for c, d in zip(columns, dirs))
        green = COLOURS.index(GREEN)
        index = self.colour_index
        greens = green_points = 0
        if cfg.greenhorn == "bonus":
            greens = sum(index[c] == green for col in columns for c in col) + sum(index[c] == green for c in discards)
            green_points = lookup(cfg.green_table, greens)
        elif cfg.greenhorn == "pro":
            greens = sum(index[c] == green for col in columns if len(col) < PRO_GREEN_SHORT for c in col)
            green_points = -lookup(cfg.green_table, greens)
        discard_points = cfg.discard_value * len(discards)
        total = sum(c.total for c in scored) + discard_points + green_points
        return Breakdown(scored, len(discards), discard_points, greens, green_points, total)

    def breakdown(self, state: UpOrDownState, seat: int) -> Breakdown:
        """The score of ``seat`` in ``state`` (public: every part of it is on the table).

        Every observation shows each player's score, and an area changes once a turn, so the
        scores of the areas seen lately are kept (a small cache of immutable breakdowns)."""
        key = (state.columns[seat], state.dirs[seat], state.discards[seat], state.colours)
        found = self._scores.get(key)
        if found is None:
            if len(self._scores) >= 4096:
                self._scores.clear()
            found = self._scores[key] = self.score(*key)
        return found

    @staticmethod
    def _winners(scores: Sequence[int]) -> tuple[int, ...]:
        best = max(scores)
        return tuple(i for i, v in enumerate(scores) if v == best)

    def outcome(self, state: UpOrDownState) -> Outcome | None:
        if state.current >= 0:
            return None
        boards = [self.breakdown(state, q) for q in range(self.config.players)]
        scores = tuple(b.total for b in boards)
        details: dict[str, Any] = {
            "turns": state.turn,
            "first_player": state.first,
            "removed": len(state.removed),
            "column_points": sum(c.base for b in boards for c in b.columns),
            "bonus_points": sum(c.rainbow + c.pure + c.special for b in boards for c in b.columns)
            + sum(b.green_points for b in boards),
            "discarded": sum(b.discarded for b in boards),
            "rainbows": sum(c.rainbows for b in boards for c in b.columns),
            "longest_column": max((c.length for b in boards for c in b.columns), default=0),
        }
        return Outcome(state.termination, self._winners(scores), tuple(float(v) for v in scores), details)

    # --- information ---------------------------------------------------------------------
    def observe(self, state: UpOrDownState, player: int | None) -> dict[str, Any]:
        n = self.config.players
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
            raise ValueError(f"player must be a seat from 0 to {n - 1} or None (got {player!r})")
        s = state
        open_view = player is None
        players = []
        for i in range(n):
            b = self.breakdown(s, i)
            players.append({
                "seat": i,
                "hand_count": len(s.hands[i]),
                "hand": list(s.hands[i]) if open_view or player == i else None,
                "shown": sorted(s.shown[i]),
                "columns": [{"cards": list(cards), "direction": DIRECTION_NAMES[d]}
                            for cards, d in zip(s.columns[i], s.dirs[i])],
                "discards": list(s.discards[i]),
                "score": b.total,
            })
        return {
            "game": NS,
            "viewer": player,
            "players": players,
            "current": self.current_player(s),
            "phase": PHASE_NAMES[s.phase],
            "turn": s.turn,
            "first": s.first,
            "top_card": self._top,
            "ring": list(s.ring),
            "played": s.played or None,
            "taken": s.taken or None,
            "down_count": len(s.down),
            "up_count": len(s.up),
            "up_top": s.up[-1] if s.up else None,
            "removed": list(s.removed),
            "colours": {role: COLOURS[c] for role, c in zip(COLOUR_ROLES, s.colours) if c >= 0},
            "options": {k: [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
                        for k, v in self._options.items()},
            "termination": s.termination or None,
        }

    def determinize(self, state: UpOrDownState, player: int, rng: random.Random) -> UpOrDownState:
        """Resample what ``player`` cannot see: the other hands' cards nobody saw them draw, the
        face-down pile and the face-up pile below its top card (and the seed, which nothing
        uses after the deal). Public cards are never moved."""
        s = state
        n = self.config.players
        secret = [tuple(c for c in s.hands[i] if c not in s.shown[i]) for i in range(n)]
        zones = [s.down, s.up[:-1], *secret]
        hidden = {0, 1} | {2 + i for i in range(n) if i != player}
        dealt = redeal_unseen(zones, hidden, rng)
        hands = tuple(tuple(sorted(dealt[2 + i] + s.shown[i])) for i in range(n))
        return new_state(s, down=dealt[0], up=dealt[1] + s.up[-1:], hands=hands, seed=rng.getrandbits(63))

    def census(self, state: UpOrDownState) -> Counter[Any]:
        s = state
        count: Counter[int] = Counter(s.ring)
        for zone in (s.down, s.up, s.removed, *s.hands, *s.discards):
            count.update(zone)
        for cols in s.columns:
            for col in cols:
                count.update(col)
        if s.taken:
            count[s.taken] += 1
        return count

    def codes(self) -> frozenset[str]:
        return K.REASON_CODES | K.EVENT_CODES | K.END_CODES | K.LABEL_CODES | K.HINT_CODES


def cards_in_areas(state: UpOrDownState) -> int:
    """Cards in all columns and discard piles (UOD-11: the range less six less the removed
    cards, once the game is over)."""
    return sum(len(col) for cols in state.columns for col in cols) + sum(len(d) for d in state.discards)


def standing(game: Game[Any], state: UpOrDownState) -> tuple[float, ...]:
    """Each seat's standing now (higher is better): the score of its area as it lies on the
    table (columns, discards and bonuses are public), as the game will count it at the end.

    >>> from tablekit import make
    >>> game = make("up_or_down", preset="base", players=3)
    >>> standing(game, game.initial_state(1))
    (0.0, 0.0, 0.0)
    """
    assert isinstance(game, UpOrDown)
    return tuple(float(game.breakdown(state, seat).total) for seat in range(game.config.players))


__all__ = ["Breakdown", "ColumnScore", "PRESETS", "UpOrDown", "UpOrDownConfig", "UpOrDownState", "cards_in_areas",
           "colour", "fits", "neighbours", "standing"]
