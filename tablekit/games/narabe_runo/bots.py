"""並べRUNO bots. ``random`` (shared) plays any legal action; ``HeuristicBot`` reads the board
from its observation (never the state) and looks one round ahead.

A table where nobody dares to bring a road next to a scoring card ends by the stall rule with
nothing captured, which is worse for every player than taking the risk. So the bot heads for the
scoring cards and weighs a capture it leaves open against what waiting costs:

* **capture first**: a play onto a scoring card's cell is always chosen when there is one;
  among captures a coloured card beats a wild (the wild is kept for a later last step), a Skip
  or Draw Two is welcome, and what the capture leaves open to the others counts too;
* **head for the nearest scoring card**: a play is worth ``STEP`` less for each step from its
  cell to the nearest scoring card (grid distance through free cells of the area, by
  breadth-first search; a scoring card's cell ends the path);
* **a capture left open, seat by seat**: when a tip ends up one step from a scoring card, the
  seats take their turns in order until the bot's own: each other seat captures with the chance
  that a hand of its size, drawn from the cards the bot has not seen, holds a card matching a
  tip (or a wild); a seat that cannot match the tip cannot extend it either, so the tip waits for
  the next one. Then the bot captures, for sure when it holds a fitting card, else with the chance
  of the card it refills (counted ``SET_UP`` of a capture now). Another player's capture costs
  ``1 / (players - 1)`` of a capture: it changes only the bot's standing against that one player
  (with two players, all of it). With three or four players, the later seats and the bot's own
  turn make an open capture far from a sure loss;
* **waiting brings the stall closer**: a turn without a card laid (a discard) costs ``STALL``
  times the bot's fair share of the captures still to come (``(scoring cards left - 1) /
  players``), scaled by how far the stall clock has run (``(idle + 1) / (stall_limit *
  players)``). Early in a game or late in a quiet round, a risky play beats waiting;
* **no gratuitous gifts**: between plays that lay a card, nothing above changes but the
  distance and the capture left open, so the bot prefers the play that does not hand the next
  player a likely capture; and it discards instead while waiting costs less than that capture;
* **Skip, Draw Two, Reverse**: a Skip with two players gives the bot the next turn, so a Skip
  next to a scoring card that the bot can then step on is a set-up; a Draw Two refills two
  cards (the hand grows); a Reverse closes its road to the next player, which the look-ahead
  takes into account;
* **keep wilds for the last step**: a hand card is worth keeping (``KEEP``; a wild most), and
  playing or discarding it gives that up; a wild names the colour the bot holds most of;
* **discard** the card least worth keeping when no card fits, when every play would hand the
  next player a capture while the stall is still far, or when only a wild would move and the bot
  keeps it.

Every choice comes with a hint a learner can read (``narabe_runo.hint.*``): the card, the cell,
the distance to the scoring card aimed at, and, for a play that leaves a capture open because
waiting would bring the stall closer, the player who may take it and that player's chance
(``press``; ``race`` when the bot holds a card that captures it if nobody does first).

In self-play on the default six-card layout about 98% of the games with three players and all
with four end by captures, not by the stall rule (``bench/README.md``, 並べRUNO bot margin).

>>> import random
>>> from tablekit import make
>>> game = make("narabe_runo", players=3)
>>> s = game.initial_state(4)
>>> bot = HeuristicBot()
>>> bot.choose(game.observe(s, s.current), game.legal_actions(s), random.Random(0)) in game.legal_actions(s)
True
"""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import lru_cache
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from tablekit.core.actions import Action
from tablekit.core.cards import UNO_108, UNO_COLOURS, uno_kind, uno_param
from tablekit.core.verdict import Advice
from tablekit.games.narabe_runo.actions import WILDS, Discard, Pass, Play, cell_text
from tablekit.games.narabe_runo.config import START, NarabeRunoConfig
from tablekit.games.narabe_runo.rules import NarabeRuno, matches

NS = "narabe_runo.hint"
Cell = tuple[int, int]
#: What a capture is worth (the unit of every other weight).
CAPTURE = 10.0
#: What each step between a play's cell and the nearest scoring card costs.
STEP = 0.5
#: The distance counted for a cell from which no scoring card can be reached.
FAR = 12
#: What holding a card is worth: a wild can always make the last step, so it is kept longest.
KEEP = {"W": 3.0, "W4": 2.0, "S": 1.2, "D": 1.2, "R": 0.9}
KEEP_NUMBER = 0.5
#: A wild while the hand holds another one: the second is not needed for the last step.
KEEP_SECOND_WILD = 1.2
#: For a number card: what each other hand card of its colour adds to its worth.
KEEP_SAME_COLOUR = 0.3
#: What each card refilled beyond the usual one is worth (a bigger hand fits more anchors).
EXTRA_CARD = 0.8
#: A capture the bot's own next turn can make counts this share of a capture now.
SET_UP = 0.8
#: A discard moves no road: what that costs against a play.
DISCARD_TEMPO = 0.5
#: A turn without a card laid costs up to this share of the bot's fair share of the scoring
#: cards still to win, growing as the stall comes closer (a stalled game scores nothing more).
STALL = 2.0
#: From this chance on, a tip left one step from a scoring card is an easy capture in the hints.
EASY = 0.3
Anchor = tuple[Cell, str, str, "Cell | None"]  # cell, card, colour (a wild's asked one), road


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


@lru_cache(maxsize=32)
def _game(options: tuple[tuple[str, Any], ...]) -> NarabeRuno:
    return NarabeRuno(NarabeRunoConfig.from_dict(dict(options)))


def game_of(obs: Mapping[str, Any]) -> NarabeRuno:
    """The game (board geometry and options) the observation describes, cached per options."""
    return _game(tuple(sorted((k, _freeze(v)) for k, v in obs["options"].items())))


def keep_value(card: str, hand: Sequence[str]) -> float:
    """How much ``card`` is worth keeping in ``hand`` (a wild most, a lone number card least).

    >>> keep_value("W", ["W", "R1"]) > keep_value("RS", ["RS"]) > keep_value("R1", ["R1", "B2"])
    True
    >>> keep_value("W", ["W", "W4"])
    1.2
    """
    kind = uno_kind(card)
    if card in WILDS and sum(1 for c in hand if c in WILDS) > 1:
        return min(KEEP[card], KEEP_SECOND_WILD)
    if kind in KEEP:
        return KEEP[kind]
    same = sum(1 for c in hand if c not in WILDS and c[0] == card[0]) - 1
    return KEEP_NUMBER + KEEP_SAME_COLOUR * same


def favourite_colour(hand: Iterable[str]) -> str:
    """The colour the hand holds most of (ties: in the order R Y G B).

    >>> favourite_colour(["B1", "G2", "B7", "W"]), favourite_colour(["W"])
    ('B', 'R')
    """
    count = Counter(c[0] for c in hand if c not in WILDS)
    return max(UNO_COLOURS, key=lambda colour: (count[colour], -UNO_COLOURS.index(colour)))


class Outlook(NamedTuple):
    """What the one-step captures open after an action are worth, seat by seat round the table."""

    value: float  # what the look-ahead adds to the action's worth (captures of others count against it)
    seat: int  # the next seat to decide
    risk: float  # the chance that seat (another player) captures at once
    risk_cell: Cell | None  # the scoring card within its reach
    mine: float  # the chance this bot captures before the turn passes it by (0 when no capture is open)
    holds: bool  # whether this bot holds a card that would make that capture


class _Board:
    """What the valuation needs from one observation."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.obs = obs
        self.game = game_of(obs)
        self.near = self.game.near
        self.players = len(obs["players"])
        self.me: int = obs["current"]
        self.hand: list[str] = list(obs["players"][self.me]["hand"] or ())
        self.roads: list[list[tuple[Cell, str, str]]] = [
            [((p["x"], p["y"]), p["card"], p["colour"]) for p in road] for road in obs["roads"]]
        self.scoring: set[Cell] = {(x, y) for x, y in obs["scoring_cells"]}
        self.occupied: set[Cell] = {START} | {cell for road in self.roads for cell, _, _ in road}
        self.anchors: list[Anchor] = [
            ((a["cell"][0], a["cell"][1]), a["card"], a["colour"], (a["road"][0], a["road"][1]) if a["road"] else None)
            for a in obs["anchors"]]
        seen = Counter(self.hand)
        seen[obs["start"]] += 1
        seen.update(card for road in self.roads for _, card, _ in road)
        seen.update(obs["discard"])
        pool = Counter(UNO_108)
        pool.subtract(seen)
        #: the cards this seat has not seen: the others' hands, the draw pile, the face-down cards
        self.unseen: list[str] = sorted(pool.elements())
        self.options = obs["options"]
        #: what another player's capture costs this bot, as a share of a capture of its own
        #: (it changes only the bot's standing against the one who captured, one of the others)
        self.gift = 1.0 / max(1, self.players - 1)
        #: what a turn without a card laid costs: the stall it brings closer ends the game, and
        #: this bot's fair share of the scoring cards still to be won with it
        stall_turns = max(1, self.options["stall_limit"] * self.players)
        share = CAPTURE * max(0, len(self.scoring) - 1) / self.players
        self.stall = STALL * share * min(1.0, (obs["idle"] + 1) / stall_turns)

    # --- geometry ------------------------------------------------------------------------
    def distance(self, cell: Cell, occupied: set[Cell], scoring: set[Cell]) -> tuple[int, Cell | None]:
        """Cards still to lay from a tip on ``cell`` to the nearest scoring card (a scoring
        card's cell ends a path; other occupied cells block it), and that card's cell."""
        if cell in scoring:
            return 0, cell
        seen = {cell}
        queue = deque([(cell, 0)])
        while queue:
            here, d = queue.popleft()
            for n in self.near[here]:
                if n in seen:
                    continue
                if n in scoring:
                    return d + 1, n
                seen.add(n)
                if n not in occupied:
                    queue.append((n, d + 1))
        return FAR, None

    def _has_room(self, cell: Cell, occupied: set[Cell]) -> bool:
        return any(n not in occupied for n in self.near[cell])

    def _tips(self, roads: list[list[tuple[Cell, str, str]]], occupied: set[Cell]) -> list[Anchor]:
        start = self.obs["start"]
        out: list[Anchor] = [(START, start, start[0], None)]
        out += [(road[-1][0], road[-1][1], road[-1][2], road[0][0]) for road in roads if road]
        return [a for a in out if self._has_room(a[0], occupied)]

    # --- the look-ahead ------------------------------------------------------------------
    def after_play(self, a: Play) -> tuple[list[Anchor], set[Cell], set[Cell]]:
        """The anchors the next player may extend after ``a``, the occupied cells and the
        scoring cards left."""
        colour = a.colour or a.card[0]
        if a.anchor == START:
            roads = self.roads + [[(a.cell, a.card, colour)]]
            mine = len(roads) - 1
        else:
            mine = next(i for i, road in enumerate(self.roads) if road[-1][0] == a.anchor)
            roads = [road + [(a.cell, a.card, colour)] if i == mine else road for i, road in enumerate(self.roads)]
        if a.cell in self.scoring:  # the road goes; the next player chooses freely
            roads = roads[:mine] + roads[mine + 1:]
            occupied = {START} | {cell for road in roads for cell, _, _ in road}
            return self._tips(roads, occupied), occupied, self.scoring - {a.cell}
        occupied = self.occupied | {a.cell}
        if uno_kind(a.card) == "R":  # another road, unless none can be extended
            key = roads[mine][0][0]
            tips = self._tips(roads, occupied)
            return [t for t in tips if t[3] != key] or [t for t in tips if t[3] == key], occupied, self.scoring
        if self._has_room(a.cell, occupied):
            return [(a.cell, a.card, colour, roads[mine][0][0])], occupied, self.scoring
        return self._tips(roads, occupied), occupied, self.scoring

    def next_seat(self, card: str | None) -> tuple[int, int]:
        """The next seat to decide after this bot lays ``card`` (None: a discard), and the
        direction of play then."""
        n = self.players
        direction = self.obs["direction"]
        kind = uno_kind(card) if card else ""
        skips = 1 if kind == "S" or (kind == "R" and n == 2 and self.options["two_player_reverse_skips"]) else 0
        if kind == "R" and self.options["reverse_turns"]:
            direction = -direction
        return (self.me + direction * (1 + skips)) % n, direction

    def outlook(self, anchors: list[Anchor], occupied: set[Cell], scoring: set[Cell], seat: int, direction: int,
                hand: Sequence[str]) -> Outlook:
        """What the one-step captures open after an action are worth to this bot.

        The seats from ``seat`` on take their turns in order until this bot's own (``hand``: what
        it will hold); each in turn captures if it holds a fitting card (this bot: for sure when it
        does, else with the chance of the card it refills; another seat: with the chance that a
        hand of its size, drawn from the unseen cards, holds one). A seat that cannot match a tip
        cannot extend it either, so the tip waits for the next. The bot's own capture counts
        ``SET_UP`` of a capture now, another's costs ``gift`` of one."""
        close = [(a, cell) for a in anchors for cell in self.near[a[0]] if cell in scoring and cell not in occupied]
        if not close:
            return Outlook(0.0, seat, 0.0, None, 0.0, False)
        total = len(self.unseen)
        fits = sum(1 for c in self.unseen if any(matches(c, a[2], uno_kind(a[1])) for a, _ in close))
        share = fits / max(1, total)
        holds = any(matches(c, a[2], uno_kind(a[1])) for c in hand for a, _ in close)
        n = self.players
        waiting = 1.0  # the chance nobody has captured yet
        value = risk = mine = 0.0
        here = seat
        for step in range(n):
            if here == self.me:
                mine = waiting * (1.0 if holds else share)
                value += SET_UP * CAPTURE * mine
                break
            miss = 1.0
            for i in range(self.obs["players"][here]["hand_count"]):  # no card of the hand fits
                if total - i <= 0:
                    break
                miss *= max(0.0, (total - fits - i) / (total - i))
            chance = waiting * (1.0 - miss)
            if step == 0:
                risk = chance
            value -= self.gift * CAPTURE * chance
            waiting -= chance
            here = (here + direction) % n
        return Outlook(value, seat, risk, close[0][1] if risk else None, mine, holds)

    def refill_bonus(self, card: str) -> float:
        """What the extra cards a Draw Two or Wild Draw Four refills are worth."""
        kind = uno_kind(card)
        if kind not in ("D", "W4"):
            return 0.0
        total = (2 if kind == "D" else 4) + (1 if self.options["draw_refill"] == "extra" else 0)
        room = self.options["hand_limit"] - (len(self.hand) - 1)
        return EXTRA_CARD * max(0, min(total, room) - 1)


class _Choice(NamedTuple):
    value: float
    action: Action
    distance: int
    target: Cell | None
    outlook: Outlook


class HeuristicBot:
    """See the module docstring. Deterministic given its observation (ties: the first legal)."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return self.advise(observation, legal, rng).action

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def advise(self, obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Advice:
        if len(legal) == 1 and isinstance(legal[0], Pass):
            return Advice(legal[0], f"{NS}.pass", {})
        board = _Board(obs)
        hand = board.hand
        colour = favourite_colour(hand)
        plays = [a for a in legal if isinstance(a, Play) and (a.colour is None or a.colour == colour)]
        captures = [a for a in plays if a.cell in board.scoring]
        if captures:
            best = max((self._value(board, a) for a in captures), key=lambda c: c.value)
            return self._hint(board, best, [], [])
        moves = [self._value(board, a) for a in plays]
        discards = [self._value(board, a) for a in legal if isinstance(a, Discard)]
        best = max(moves + discards, key=lambda c: c.value)
        return self._hint(board, best, moves, discards)

    def _value(self, board: _Board, a: Action) -> _Choice:
        hand = board.hand
        if isinstance(a, Discard):
            rest = list(hand)
            rest.remove(a.card)
            look = board.outlook(board.anchors, board.occupied, board.scoring, *board.next_seat(None), rest)
            near = min((board.distance(x[0], board.occupied, board.scoring)[0] for x in board.anchors), default=FAR)
            value = -keep_value(a.card, hand) - DISCARD_TEMPO - board.stall - STEP * near + look.value
            return _Choice(value, a, near, None, look)
        assert isinstance(a, Play)
        rest = list(hand)
        rest.remove(a.card)
        anchors, occupied, scoring = board.after_play(a)
        look = board.outlook(anchors, occupied, scoring, *board.next_seat(a.card), rest)
        value = -keep_value(a.card, hand) + board.refill_bonus(a.card) + look.value
        if a.cell in board.scoring:
            return _Choice(CAPTURE + value, a, 0, a.cell, look)
        distance, target = board.distance(a.cell, board.occupied | {a.cell}, board.scoring)
        return _Choice(value - STEP * distance, a, distance, target, look)

    def _hint(self, board: _Board, best: _Choice, moves: list[_Choice], discards: list[_Choice]) -> Advice:
        """The advice for ``best``, with the reason that decided it (``moves``: the plays
        weighed, ``discards``: the discards weighed; both empty for a capture)."""
        a = best.action
        look = best.outlook
        if isinstance(a, Discard):
            params: dict[str, Any] = {"card": uno_param(a.card)}
            if not moves:
                return Advice(a, f"{NS}.discard_stuck", params)
            if all(m.action.card in WILDS for m in moves if isinstance(m.action, Play)):
                return Advice(a, f"{NS}.discard_keep_wild", params)
            worst = min((m.outlook for m in moves), key=lambda o: o.risk)
            if worst.risk >= EASY and worst.risk > look.risk:
                return Advice(a, f"{NS}.discard_safe", {**params, "player": worst.seat})
            return Advice(a, f"{NS}.discard_wait", params)
        assert isinstance(a, Play)
        params = {"card": uno_param(a.card), "cell": cell_text(a.cell)}
        if best.distance == 0:
            return Advice(a, f"{NS}.capture_wild" if a.card in WILDS else f"{NS}.capture", params)
        if best.target is None:
            return Advice(a, f"{NS}.play", params)
        params = {**params, "distance": best.distance, "target": cell_text(best.target)}
        if look.seat == board.me and look.value > 0:
            return Advice(a, f"{NS}.set_up", params)
        if look.risk >= EASY and look.risk_cell is not None:  # a capture left open on purpose: say why
            risky = {**params, "player": look.seat, "chance": round(100 * look.risk), "danger": cell_text(look.risk_cell)}
            safer = [c for c in moves + discards if c.outlook.risk < EASY]
            # Without the cost of bringing the stall closer, a safer choice would have won.
            if safer and max(c.value + (board.stall if isinstance(c.action, Discard) else 0.0)
                             for c in safer) > best.value:
                return Advice(a, f"{NS}.race" if look.holds else f"{NS}.press", risky)
        closer = [c for c in moves if c.distance < best.distance]
        if closer and min(c.outlook.risk for c in closer) >= EASY:
            return Advice(a, f"{NS}.safe", {**params, "player": board.next_seat(a.card)[0]})
        kind = uno_kind(a.card)
        if a.card in WILDS:
            return Advice(a, f"{NS}.wild", {**params, "colour": f"@cards.uno.colour.{a.colour}"})
        if kind == "D":
            return Advice(a, f"{NS}.draw_two", params)
        if kind == "S" and board.players > 2:
            return Advice(a, f"{NS}.skip", {**params, "player": (board.me + board.obs["direction"]) % board.players})
        return Advice(a, f"{NS}.approach", params)


__all__ = ["CAPTURE", "HeuristicBot", "favourite_colour", "game_of", "keep_value"]
