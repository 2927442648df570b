"""The protocol every game speaks.

A game object is cheap, immutable after construction and holds only its config; all
randomness and progress live in the (immutable) state. Bots, simulation, records, lessons
and widgets only use the methods below.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Iterable, Sequence, TypeVar

from tablekit.core.actions import Action
from tablekit.core.config import GameConfig
from tablekit.core.errors import IllegalActionError
from tablekit.core.native import mypyc_attr
from tablekit.core.verdict import Event, Verdict

S = TypeVar("S")


@dataclass(frozen=True)
class Outcome:
    """The result of a finished state.

    ``termination`` is an i18n code saying why the game ended; ``winners`` are seats;
    ``scores`` has one number per seat (what "score" means is the game's: win points, chips,
    cards emptied); ``details`` holds game-specific, JSON-ready figures. ``teams`` names the
    sides when seats play together (each a tuple of seats; all seats in one team for a co-op
    game); it is empty when everyone plays for themselves, and only then left out of the JSON.

    >>> Outcome("x.end", (0,), (1.0, 0.0)).to_json()
    {'termination': 'x.end', 'winners': [0], 'scores': [1.0, 0.0], 'details': {}}
    >>> Outcome("x.end", (0, 2), (1.0, 0.0, 1.0, 0.0), teams=((0, 2), (1, 3))).to_json()["teams"]
    [[0, 2], [1, 3]]
    """

    termination: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    details: dict[str, Any] = field(default_factory=dict)
    teams: tuple[tuple[int, ...], ...] = ()

    def team_of(self, seat: int) -> tuple[int, ...] | None:
        """The team ``seat`` plays in, or None when there are no teams.

        >>> Outcome("x.end", (), (0.0, 0.0), teams=((0, 1),)).team_of(1)
        (0, 1)
        """
        return next((team for team in self.teams if seat in team), None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "termination": self.termination,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "details": dict(self.details),
        }
        if self.teams:
            data["teams"] = [list(team) for team in self.teams]
        return data


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[S]):
    """Base class of every game. Subclasses implement the abstract hooks below."""

    name: ClassVar[str] = "game"
    config_class: ClassVar[type[GameConfig]] = GameConfig

    def __init__(self, config: GameConfig, preset: str = "custom") -> None:
        self.config = config
        self.preset = preset

    def __repr__(self) -> str:
        return f"<{type(self).__name__} preset={self.preset!r} players={self.num_players}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.config == self.config

    def __hash__(self) -> int:
        return hash((type(self), self.config))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.config, self.preset))

    # --- facts -------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return int(getattr(self.config, "players"))

    # --- the protocol (override in games) ----------------------------------------------
    def initial_state(self, seed: int, **setup: Any) -> S:
        """The state before the first decision. ``setup`` holds stacked-deck options."""
        raise NotImplementedError

    def current_player(self, state: S) -> int | None:
        """The seat that decides now, or None when the state is terminal."""
        raise NotImplementedError

    def is_terminal(self, state: S) -> bool:
        raise NotImplementedError

    def legal_actions(self, state: S) -> tuple[Action, ...]:
        """The fast path: every legal action, in a stable order. Empty only when terminal."""
        raise NotImplementedError

    def candidate_actions(self, state: S) -> Iterable[Action]:
        """Every well-formed action one might try here, legal or not (explain decides)."""
        raise NotImplementedError

    def explain(self, state: S, action: Action) -> Verdict:
        """The one source of legality, with a reason for a legal or an illegal action."""
        raise NotImplementedError

    def is_legal(self, state: S, action: Action) -> bool:
        """Fast legality test; must agree with ``explain`` (tested)."""
        return action in self.legal_actions(state)

    def apply(self, state: S, action: Action) -> tuple[S, tuple[Event, ...]]:
        """Apply a legal action (no checks). Use ``step``."""
        raise NotImplementedError

    def step(self, state: S, action: Action | str) -> tuple[S, tuple[Event, ...]]:
        """Apply ``action`` for the current player.

        Raises IllegalActionError (carrying the verdict) for an illegal action; the given
        state is never modified.
        """
        if not isinstance(action, Action):
            action = self.action_from_code(str(action))
        if not self.is_legal(state, action):
            verdict = self.explain(state, action)
            if verdict.ok:  # pragma: no cover - a bug: explain and the fast path disagree
                raise AssertionError(f"explain accepts {action.code} but is_legal refuses it")
            raise IllegalActionError(verdict)
        return self.apply(state, action)

    def action_from_code(self, code: str) -> Action:
        """Parse an action code; raises InvalidActionError if it is not one of this game."""
        raise NotImplementedError

    def explain_code(self, state: S, code: str) -> Verdict:
        """``explain`` for a code as a table sends it when something is clicked: an action code,
        or the code of a card in the hand of the player to move (a card that may not be used
        now gets the rule that stops it, e.g. "now take a card from the ring"). A game whose
        actions are not written as card codes says what a card means here; InvalidActionError
        when the code is neither."""
        return self.explain(state, self.action_from_code(code))

    def observe(self, state: S, player: int | None) -> dict[str, Any]:
        """All that ``player`` may know, JSON-ready. ``None`` is the open teaching view."""
        raise NotImplementedError

    def determinize(self, state: S, player: int, rng: random.Random) -> S:
        """Resample what ``player`` cannot see, keeping ``observe(_, player)`` identical."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """The result of a terminal state, else None."""
        raise NotImplementedError

    def census(self, state: S) -> Counter[Any]:
        """Every card in the state, counted (cards are conserved by every step)."""
        raise NotImplementedError

    def codes(self) -> frozenset[str]:
        """Every reason, event, label and termination code this game can emit."""
        raise NotImplementedError

    def public_seats(self, state: S) -> Sequence[int]:
        """Seats whose observation everybody may see (all, in an open-hand game)."""
        return ()
