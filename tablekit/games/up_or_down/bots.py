"""Up or Down? bots. ``random`` (shared) plays any legal action; ``HeuristicBot`` looks one
placement ahead, with the rules in play (the observation carries the options, so variant
bonuses count) and a sense of the room a column keeps.

The value of placing a card is what it adds to the player's score now (``UpOrDown.score``:
columns, discards and every bonus or malus of the options) plus ``ROOM_WEIGHT`` times the
change in *room*: for each column, the share of the cards still unplaced that could extend it
later (above the last card of an ascending column, below that of a descending one; a column
without a direction counts the larger side), and ``SLOT_VALUE`` for each free column slot. So a
long column that nearly closes, a second card that fixes a direction with little room left, or
a new column started for a card that fits elsewhere, costs what it spends of the future.

* play: each hand card is tried in the ring; its value is the best placement of a card it
  would let the bot take, less half of what that hand card itself would be worth to keep;
* take: the card whose best placement is worth most;
* place: the placement worth most (abandoning included, which throws a column's points away
  for the discards and a fresh start);
* draw: the face-up card when its best placement is worth more than the average unknown card
  would be, else the face-down pile.

Every choice comes with a hint a learner can read (``up_or_down.hint.*``).

>>> import random
>>> from tablekit import make
>>> game = make("up_or_down", players=3)
>>> s = game.initial_state(4)
>>> bot = HeuristicBot()
>>> bot.choose(game.observe(s, s.current), game.legal_actions(s), random.Random(0)) in game.legal_actions(s)
True
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from functools import lru_cache
from typing import Any, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.verdict import Advice
from tablekit.games.up_or_down.actions import Abandon, Draw, NewColumn, Place, Play, RemoveAndPlace, Take
from tablekit.games.up_or_down.config import COLOURS, MAX_COLUMNS, UpOrDownConfig
from tablekit.games.up_or_down.rules import UpOrDown, fits, neighbours
from tablekit.games.up_or_down.state import COLOUR_ROLES, DOWN, NONE, UP

NS = "up_or_down.hint"
#: Points a column's room (the share of unplaced cards that could still extend it) is worth.
ROOM_WEIGHT = 8.0
#: Points a free column slot is worth: a fresh column could still go anywhere, so starting one
#: spends that (a new column pays only if its card fits nowhere better).
SLOT_VALUE = ROOM_WEIGHT
#: How much a hand card is worth keeping, against what playing it lets the bot take.
KEEP_WEIGHT = 0.5
_DIR = {"up": UP, "down": DOWN, None: NONE}
Area = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]  # columns, directions, discards


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


@lru_cache(maxsize=64)
def _game(options: tuple[tuple[str, Any], ...]) -> UpOrDown:
    return UpOrDown(UpOrDownConfig.from_dict(dict(options)))


def game_of(obs: Mapping[str, Any]) -> UpOrDown:
    """The game whose rules the observation states (cached per set of options)."""
    return _game(tuple(sorted((k, _freeze(v)) for k, v in obs["options"].items())))


class _Table:
    """What the valuation needs from one observation."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.game = game_of(obs)
        self.obs = obs
        me = obs["current"]
        self.me = me
        mine = obs["players"][me]
        self.area: Area = (tuple(tuple(c["cards"]) for c in mine["columns"]),
                           tuple(_DIR[c["direction"]] for c in mine["columns"]), tuple(mine["discards"]))
        colours = obs["colours"]
        self.colours = tuple(COLOURS.index(colours[r]) if r in colours else -1 for r in COLOUR_ROLES)
        placed: set[int] = set(obs["removed"])
        for p in obs["players"]:
            for c in p["columns"]:
                placed.update(c["cards"])
            placed.update(p["discards"])
        self.free = sorted(set(range(1, obs["top_card"] + 1)) - placed)
        self.now = self.total(self.area)

    def total(self, area: Area) -> float:
        cols, dirs, discards = area
        score = self.game.score(cols, dirs, discards, self.colours).total
        free = MAX_COLUMNS - len(cols)
        return score + ROOM_WEIGHT * sum(self.room(c, d) for c, d in zip(cols, dirs)) + SLOT_VALUE * free

    def room(self, cards: Sequence[int], direction: int) -> float:
        if not cards:
            return 0.0
        last = cards[-1]
        below = bisect_left(self.free, last)
        above = len(self.free) - below - (1 if below < len(self.free) and self.free[below] == last else 0)
        n = max(1, len(self.free))
        if direction == UP:
            return above / n
        if direction == DOWN:
            return below / n
        return max(above, below) / n

    def after(self, action: Action, card: int) -> Area:
        """My area once ``card`` is placed by ``action`` (remove variant: the last card goes)."""
        cols, dirs, discards = self.area
        if isinstance(action, NewColumn):
            return cols + ((card,),), dirs + (NONE,), discards
        i = getattr(action, "column")
        if isinstance(action, Abandon):
            return (cols[:i] + ((card,),) + cols[i + 1:], dirs[:i] + (NONE,) + dirs[i + 1:], discards + cols[i])
        column, direction = cols[i], dirs[i]
        if isinstance(action, RemoveAndPlace):
            column = column[:-1]
            if not column or (len(column) == 1 and not self.game.config.remove_keeps_direction):
                direction = NONE
        if column and direction == NONE:
            direction = UP if card > column[-1] else DOWN
        return (cols[:i] + (column + (card,),) + cols[i + 1:], dirs[:i] + (direction,) + dirs[i + 1:], discards)

    def placements(self, card: int) -> list[Action]:
        """The placements of ``card`` the rules would allow (without the remove variant's colour
        check when valuing a card not yet taken)."""
        cols, dirs, _ = self.area
        out: list[Action] = [Place(i) for i in range(len(cols)) if fits(cols[i], dirs[i], card)]
        if len(cols) < MAX_COLUMNS:
            out.append(NewColumn())
        out += [Abandon(i) for i in range(len(cols))]
        return out

    def value(self, action: Action, card: int) -> float:
        return self.total(self.after(action, card)) - self.now

    def best(self, card: int) -> tuple[float, Action]:
        return max(((self.value(a, card), a) for a in self.placements(card)), key=lambda va: va[0])


class HeuristicBot:
    """See the module docstring. Deterministic given its observation (ties: the first legal)."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return self.advise(observation, legal, rng).action

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def advise(self, obs: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Advice:
        table = _Table(obs)
        phase = obs["phase"]
        if phase == "play":
            return self._play(table, legal)
        if phase == "take":
            values = [(table.best(a.card)[0], a) for a in legal if isinstance(a, Take)]
            value, take = max(values, key=lambda va: va[0])
            return Advice(take, f"{NS}.take", {"card": take.card, "points": round(value, 1)})
        if phase == "place":
            card = obs["taken"]
            scored = [(table.value(a, card), a) for a in legal]
            value, action = max(scored, key=lambda va: va[0])
            return self._place_hint(action, card, table)
        return self._draw(table, legal)

    def _play(self, table: _Table, legal: Sequence[Action]) -> Advice:
        obs = table.obs
        game = table.game
        mode = game.config.take
        best: tuple[float, Action, int] | None = None
        for a in legal:
            if not isinstance(a, Play):
                continue
            ring = list(obs["ring"])
            insort(ring, a.card)
            left, right = neighbours(ring, a.card)
            options = {left, right}
            take_colour = table.colours[2]
            if mode != "neighbours" and game.colour_index[a.card] == take_colour:
                options |= {c for c in ring if c != a.card and (mode == "any" or game.colour_index[c] == take_colour)}
            gain, target = max(((table.best(c)[0], c) for c in sorted(options)), key=lambda vc: vc[0])
            keep = table.best(a.card)[0]
            score = gain - KEEP_WEIGHT * keep
            if best is None or score > best[0]:
                best = (score, a, target)
        assert best is not None
        _, action, target = best
        return Advice(action, f"{NS}.play", {"card": getattr(action, "card"), "target": target})

    def _place_hint(self, action: Action, card: int, table: _Table) -> Advice:
        if isinstance(action, NewColumn):
            return Advice(action, f"{NS}.start", {"card": card})
        column = getattr(action, "column") + 1
        if isinstance(action, Abandon):
            return Advice(action, f"{NS}.abandon", {"card": card, "column": column,
                                                    "count": len(table.area[0][column - 1])})
        if isinstance(action, RemoveAndPlace):
            return Advice(action, f"{NS}.remove", {"card": card, "column": column,
                                                   "removed": table.area[0][column - 1][-1]})
        return Advice(action, f"{NS}.extend", {"card": card, "column": column})

    def _draw(self, table: _Table, legal: Sequence[Action]) -> Advice:
        obs = table.obs
        draws = {a.pile: a for a in legal if isinstance(a, Draw)}
        if "up" in draws and "down" in draws:
            top = obs["up_top"]
            seen = set(obs["ring"]) | set(obs["players"][table.me]["hand"] or ())
            unknown = [c for c in table.free if c not in seen and c != top]
            sample = unknown[:: max(1, len(unknown) // 12)] or [top]
            average = sum(table.best(c)[0] for c in sample) / len(sample)
            value = table.best(top)[0]
            if value > average:
                return Advice(draws["up"], f"{NS}.draw_up", {"card": top})
            return Advice(draws["down"], f"{NS}.draw_down", {"card": top})
        if "up" in draws:
            return Advice(draws["up"], f"{NS}.draw_up", {"card": obs["up_top"]})
        return Advice(draws["down"], f"{NS}.draw_down", {"card": obs["up_top"]})


__all__ = ["HeuristicBot", "ROOM_WEIGHT", "SLOT_VALUE", "game_of"]
