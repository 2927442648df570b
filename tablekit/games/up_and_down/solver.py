""""Still winnable?" for Up&Down's Cul-de-sac and solo modes (open hands).

What counts as winning
    Cul-de-sac is one co-operative game (see ``rules.py``, Scoring). Its mission (phase 1) is to
    draw the whole stock with nobody eliminated; then the score challenge (phase 2) counts the
    players who empty their hand. ``need`` says how many hands must be emptied for a win, after
    the mission is complete: 0 asks only for the mission, ``players`` for the perfect score n/n.
    By default (``need=None``) the goal follows the game: while the stock lasts, the mission;
    once it is empty (the mission complete), every hand emptied. An elimination before the
    stock is drawn always loses (it fails the mission); after it, a face-down hand can never be
    emptied, so with ``need = players`` any elimination loses.

Exact and sampled answers
    Every hand is open, so once the stock is empty the position is a perfect-information puzzle
    and the answer is exact: a depth-first search over the legal plays, with

    * a transposition table of positions already decided, keyed by a canonical form of the
      position (each hand as a bit mask of its cards, so the order of cards in a hand does not
      matter and copies of a special card are alike; each seat's status; the field; the seat to
      play; the direction, which is irrelevant once at most two players are left; whether the
      opening card is down; how far the stock was drawn),
    * move ordering: numbers first, the one leaving the lowest field first (the heuristic bot's
      "keep options open": usually the lowest card that fits, a same-digit drop even better),
      then the specials (Pass, Turn, Shot), which are lifelines worth keeping,
    * two cuts, both sound: a play after which somebody is eliminated loses at once (see above);
      and a position where some number card left (in a hand or the stock) can never be played
      is lost: the field only moves by number plays, so every future is a chain of cards each
      fitting the one before; when no such chain from the field reaches a card (``reachable``),
      its holder can never empty their hand.

    While cards remain in the stock their order is hidden (and so is which cards were removed
    before the deal, with ``removed_cards``). The solver then samples the hidden cards with
    ``game.determinize`` (seeded), solves each sample exactly (a sample fixes the stock order, so
    it is again a perfect-information puzzle) and reports the share of samples that are still
    winnable with its 95% Wilson interval (``tablekit.sim.stats.wilson_interval``). It never
    gives a winning line then: a line would depend on the stock order nobody at the table knows.

Budget
    ``seconds`` of CPU time (``time.process_time``) and optionally ``max_nodes`` (positions
    searched, for tests): an exact search that runs out says "unknown"; a sampled one reports
    the samples it finished ("unknown" if none). A sample that alone needs more than
    ``sample_nodes`` positions is left undecided and counted in ``undecided``, not in the share. Deterministic for a
    given ``seed`` and node limit; with only a time limit, a faster machine finishes more of the
    same sequence of samples.

>>> from tablekit import make
>>> game = make("up_and_down", preset="cul_de_sac", players=2, removed_cards=98)
>>> s = game.initial_state(1)
>>> sol = solve(game, s, seconds=5)
>>> sol.status, sol.exact, len(sol.line) == sum(map(len, s.hands))
('winnable', True, True)
>>> solve(make("up_and_down"), make("up_and_down").initial_state(1)) is None   # basic mode
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from tablekit.core.game import Game
from tablekit.games.up_and_down.actions import PASS, SHOT, TURN, Play
from tablekit.games.up_and_down.rules import END_MISSION_FAILED, UpAndDown
from tablekit.games.up_and_down.state import ACTIVE, FINISHED, OUT, UpAndDownState
from tablekit.sim.stats import wilson_interval

WINNABLE = "winnable"
LOST = "lost"
UNKNOWN = "unknown"

#: Samples a sampled answer aims for (it stops earlier when the budget runs out).
DEFAULT_SAMPLES = 200
#: Positions one sample may search before it is left undecided.
DEFAULT_SAMPLE_NODES = 5_000

# A hand as one int: bit c for a number card c; two bits per special kind count its copies.
_BIT: dict[int, int] = {c: 1 << c for c in range(1, 101)}
_BIT.update({PASS: 1 << 104, TURN: 1 << 106, SHOT: 1 << 108})
_SPECIAL_RANK = {PASS: 1000, TURN: 1001, SHOT: 1002}


@dataclass(frozen=True)
class Solution:
    """What the solver found.

    ``status``: "winnable", "lost" or "unknown". Exact (``exact`` True): the truth about this
    position; ``line`` is a winning sequence of action codes from here (empty unless winnable)
    and ``keeps`` the legal actions after which it stays winnable. Sampled (``exact`` False):
    ``share`` of the ``samples`` stock orders that are still winnable, with the 95% interval
    ``low``..``high``; ``status`` says "winnable" when at least one sample is, "lost" when every
    sample is decided and none is, "unknown" otherwise; ``keeps`` are the actions that keep the
    most samples winnable (empty when none does), ``counts`` how many each keeps, and ``line``
    is always empty. ``need``: the goal answered (0: the mission; n: the mission and n hands
    emptied); ``nodes``: positions searched; ``seconds``: CPU time spent; ``undecided``:
    samples abandoned for their size.
    """

    status: str
    exact: bool
    need: int = 0  # the goal: the mission, then this many hands emptied
    line: tuple[str, ...] = ()
    keeps: tuple[str, ...] = ()
    share: float | None = None
    low: float | None = None
    high: float | None = None
    samples: int = 0
    undecided: int = 0
    nodes: int = 0
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)  # sampled: samples each action keeps winnable


def _rank(a: Play) -> tuple[int, int]:
    """Move ordering: a number by the field it leaves (lowest first), then Pass, Turn, Shot."""
    c = a.card
    return (_SPECIAL_RANK[c], a.target or 0) if c > 100 else (c, 0)


class OutOfBudget(Exception):
    """The search ran out of CPU time or nodes."""


class _Search:
    """The exact search on perfect-information positions (the stock order is whatever the
    state holds). Decided positions are remembered: those with the stock empty in ``shared``
    (the same for every sample), those with stock left in ``local`` (one sample's)."""

    def __init__(self, game: UpAndDown, deadline: float, max_nodes: int | None, need: int | None = None) -> None:
        self.game = game
        players = game.config.players
        self.need = players if need is None else need  # hands that must be emptied
        self.spare = players - self.need  # eliminations after the mission that still leave a win
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.limit: int | None = max_nodes  # the node count where the current search must stop
        self.shared: dict[tuple[Any, ...], bool] = {}  # positions with the stock empty
        self.local: dict[tuple[Any, ...], bool] = {}  # positions with stock left (this sample's)

    def out(self, s: UpAndDownState) -> bool:
        """Has ``s`` lost already: more hands out than the goal can spare (during the mission,
        any)?"""
        return s.status.count(OUT) > (self.spare if s.drawn == len(s.deck) else 0)

    def exhausted(self) -> bool:
        """Is the whole budget (time or nodes) spent?"""
        return (time.process_time() > self.deadline
                or (self.max_nodes is not None and self.nodes >= self.max_nodes))

    def tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget
        if not self.nodes & 255 and time.process_time() > self.deadline:
            raise OutOfBudget

    @staticmethod
    def key(s: UpAndDownState) -> tuple[Any, ...]:
        bit = _BIT
        hands = tuple(sum(bit[c] for c in h) for h in s.hands)
        direction = s.direction if s.status.count(ACTIVE) > 2 else 1
        return (hands, s.status, s.field, s.current, direction, bool(s.pile), s.drawn)

    def ordered(self, s: UpAndDownState) -> list[Play]:
        return sorted(self.game.legal_actions(s), key=_rank)

    @staticmethod
    def dead(s: UpAndDownState) -> bool:
        """Is some number card left in play one that can never be played (see the module
        docstring)?"""
        f = s.field
        if not f or s.drawn < len(s.deck):
            return False  # with stock left it rarely cuts and costs more than it saves
        return not reachable(f, [c for h in s.hands for c in h if c <= 100])

    def wins(self, s: UpAndDownState, line: list[str] | None) -> bool:
        """Can every hand still be emptied from ``s``? With ``line``, the winning plays are
        appended to it (in order) when it can."""
        self.tick()
        if s.drawn == len(s.deck) and s.status.count(FINISHED) >= self.need:
            return s.termination != END_MISSION_FAILED  # (need 0: the mission is complete)
        if s.current < 0:
            return False
        key = self.key(s)
        table = self.local if s.drawn < len(s.deck) else self.shared
        known = table.get(key)
        if known is not None and (known is False or line is None):
            return known
        result = False
        if self.spare or not self.dead(s):
            apply = self.game.apply
            for a in self.ordered(s):
                t, _ = apply(s, a)
                if self.out(t):
                    continue
                if self.wins(t, line):
                    if line is not None:
                        line.append(a.code)
                    result = True
                    break
        table[key] = result
        return result

    def solve_line(self, s: UpAndDownState) -> tuple[bool, tuple[str, ...]]:
        line: list[str] = []
        ok = self.wins(s, line)
        return ok, tuple(reversed(line))

    def children(self, s: UpAndDownState) -> dict[str, bool]:
        """Each legal action's code: does the position stay winnable after it?"""
        out: dict[str, bool] = {}
        for a in self.ordered(s):
            t, _ = self.game.apply(s, a)
            out[a.code] = not self.out(t) and self.wins(t, None)
        return out


def reachable(field: int, numbers: list[int]) -> bool:
    """Could every card of ``numbers`` be played some day, starting from ``field``, if any card
    could follow any other that fits it (ignoring whose it is and whose turn it is)?

    A card fits a field below it or with its ones digit; specials leave the field alone, so
    every actual game is a path of fitting number cards. The reachable fields are then every
    card above the lowest field reached, and every card whose ones digit a reached field has.

    >>> reachable(85, [90, 25, 40])   # 90 fits 85; 25 fits 85 (digit 5), then 40 fits 25
    True
    >>> reachable(85, [90, 40])       # 40 fits 90 (ones digit 0)
    True
    >>> reachable(85, [90, 41])       # 41 never fits: nothing brings the field below it or to a 1
    False
    """
    low = field
    digits = {field % 10}
    while True:
        more = [c for c in numbers if c > low or c % 10 in digits]
        new_low = min(more, default=low)
        new_digits = {c % 10 for c in more}
        if new_low >= low and new_digits <= digits:
            break
        low = min(low, new_low)
        digits |= new_digits
    return len(more) == len(numbers)


def applies(game: Game[Any]) -> bool:
    """Does the solver handle this game and config (Up&Down's Cul-de-sac and solo)?"""
    return isinstance(game, UpAndDown) and game.config.mode == "cul_de_sac"


def solve(game: Game[Any], state: Any, seconds: float = 1.0, *, seed: int = 0,
          samples: int = DEFAULT_SAMPLES, max_nodes: int | None = None,
          sample_nodes: int | None = DEFAULT_SAMPLE_NODES, need: int | None = None) -> Solution | None:
    """Is ``state`` still winnable (every hand emptied)? None for a game or mode the solver does
    not handle (only Up&Down's Cul-de-sac and solo). See the module docstring."""
    if not applies(game):
        return None
    assert isinstance(game, UpAndDown)
    if not isinstance(state, UpAndDownState):
        raise TypeError("solve needs an Up&Down state")
    if not (isinstance(seconds, (int, float)) and seconds >= 0):
        raise ValueError(f"seconds must be a number >= 0 (got {seconds!r})")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a whole number >= 1 (got {samples!r})")
    for name, value in (("max_nodes", max_nodes), ("sample_nodes", sample_nodes)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise ValueError(f"{name} must be a whole number >= 1 or None (got {value!r})")
    start = time.process_time()
    players = game.config.players
    if need is not None and (isinstance(need, bool) or not isinstance(need, int) or not 0 <= need <= players):
        raise ValueError(f"need must be a whole number from 0 to {players} or None (got {need!r})")
    if need is None:
        need = players if state.stock_count == 0 else 0
    search = _Search(game, start + float(seconds), max_nodes, need)
    if state.current < 0 or state.stock_count == 0:
        return _exact(search, state, start)
    return _sampled(search, state, start, seed, samples, sample_nodes)


def _spent(start: float) -> float:
    return time.process_time() - start


def _exact(search: _Search, state: UpAndDownState, start: float) -> Solution:
    try:
        ok, line = search.solve_line(state)
    except OutOfBudget:
        return Solution(UNKNOWN, exact=True, need=search.need, nodes=search.nodes, seconds=_spent(start))
    if not ok or state.current < 0:
        return Solution(WINNABLE if ok else LOST, exact=True, need=search.need, nodes=search.nodes, seconds=_spent(start))
    if not line:  # the goal is reached already: every play keeps it
        return Solution(WINNABLE, exact=True, need=search.need, nodes=search.nodes, seconds=_spent(start),
                        keeps=tuple(a.code for a in search.game.legal_actions(state)))
    keeps = [line[0]]
    try:
        for code, stays in search.children(state).items():
            if stays and code != line[0]:
                keeps.append(code)
    except OutOfBudget:
        pass  # the status and line stand; keeps holds those found so far
    order = {a.code: i for i, a in enumerate(search.game.legal_actions(state))}
    return Solution(WINNABLE, exact=True, need=search.need, line=line, keeps=tuple(sorted(keeps, key=order.__getitem__)),
                    nodes=search.nodes, seconds=_spent(start))


def _sampled(search: _Search, state: UpAndDownState, start: float, seed: int, samples: int,
             sample_nodes: int | None) -> Solution:
    game = search.game
    rng = random.Random(seed)
    seat = state.current
    codes = [a.code for a in game.legal_actions(state)]
    counts = dict.fromkeys(codes, 0)
    done = winnable = undecided = 0
    for _ in range(samples):
        sample = game.determinize(state, seat, rng)
        search.local = {}  # positions with stock left belong to one sample
        caps = [n for n in (search.max_nodes, None if sample_nodes is None else search.nodes + sample_nodes)
                if n is not None]
        search.limit = min(caps) if caps else None
        try:
            stays = search.children(sample)
        except OutOfBudget:
            if search.exhausted():
                break
            undecided += 1  # this stock order alone is too big: leave it out
            continue
        done += 1
        winnable += any(stays.values())
        for code, ok in stays.items():
            counts[code] += ok
        if search.exhausted():
            break
    if not done:
        return Solution(UNKNOWN, exact=False, need=search.need, undecided=undecided, nodes=search.nodes, seconds=_spent(start))
    low = wilson_interval(winnable, done + undecided)[0]
    high = wilson_interval(winnable + undecided, done + undecided)[1]
    best = max(counts.values())
    keeps = tuple(c for c in codes if best and counts[c] == best)
    status = WINNABLE if winnable else (UNKNOWN if undecided else LOST)
    return Solution(status, exact=False, need=search.need, keeps=keeps, share=winnable / done,
                    low=low, high=high, samples=done, undecided=undecided, nodes=search.nodes,
                    seconds=_spent(start), counts=counts)


def solver(game: Game[Any], state: Any, seconds: float = 1.0) -> Solution | None:
    """The registry's hook (``GameSpec.solver``): :func:`solve` with its defaults."""
    return solve(game, state, seconds)


__all__ = ["LOST", "OutOfBudget", "Solution", "UNKNOWN", "WINNABLE", "applies", "solve", "solver"]
