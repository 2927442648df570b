"""A play session over one game: play, undo, jump to any step, fork a new line.

States are immutable, so the history is simply a list of states; undo and jump move a cursor
and forking copies the list prefix (no state is copied).
"""

from __future__ import annotations

from typing import Any, Collection, Mapping

from tablekit.core.actions import Action
from tablekit.core.errors import IllegalActionError, InvalidActionError, RecordError
from tablekit.core.game import Game, Outcome
from tablekit.core.record import Record
from tablekit.core.rng import check_seed
from tablekit.core.verdict import Event, Verdict


class Match:
    """A game in progress with its whole history.

    >>> from tablekit import make
    >>> m = Match(make("up_and_down", preset="basic", players=3), seed=5)
    >>> first = m.legal_actions()[0]
    >>> _ = m.play(first)
    >>> m.step_index
    1
    >>> m.undo()
    >>> m.step_index, len(m.actions)
    (0, 1)
    """

    def __init__(self, game: Game[Any], seed: int, setup: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.seed = check_seed(seed)
        self.setup = dict(setup or {})
        self.states: list[Any] = [game.initial_state(seed, **self.setup)]
        self.actions: list[Action] = []
        self.events: list[tuple[Event, ...]] = [()]
        self.step_index = 0

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """The match at the end of ``record``, with its whole history; RecordError names the
        first action that is not an action of the game or is illegal where it stands."""
        game = record.make_game()
        try:
            match = cls(game, record.seed, record.setup)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"record setup is invalid: {exc}") from exc
        for i, code in enumerate(record.actions):
            try:
                match.play(code)
            except InvalidActionError as exc:
                raise RecordError(f"action {i} {code!r} is not an action of {game.name}: {exc}") from exc
            except IllegalActionError as exc:
                raise RecordError(f"action {i} {code!r} is illegal: {exc.text('en')}") from exc
        return match

    # --- the current position -------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[self.step_index]

    @property
    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def latest_events(self) -> tuple[Event, ...]:
        return self.events[self.step_index]

    def legal_actions(self) -> tuple[Action, ...]:
        return self.game.legal_actions(self.state)

    def explain(self, action: Action | str) -> Verdict:
        if isinstance(action, str):
            action = self.game.action_from_code(action)
        return self.game.explain(self.state, action)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def observe(self, player: int | None) -> dict[str, Any]:
        return self.game.observe(self.state, player)

    # --- moving ---------------------------------------------------------------------------
    def play(self, action: Action | str) -> tuple[Event, ...]:
        """Play for the current player. Any redo line beyond the cursor is discarded.

        An illegal action raises IllegalActionError and changes nothing.
        """
        if isinstance(action, str):
            action = self.game.action_from_code(action)
        new_state, events = self.game.step(self.state, action)
        del self.states[self.step_index + 1 :]
        del self.actions[self.step_index :]
        del self.events[self.step_index + 1 :]
        self.states.append(new_state)
        self.actions.append(action)
        self.events.append(events)
        self.step_index += 1
        return events

    def undo(self, steps: int = 1) -> None:
        """Move the cursor back (the undone actions stay available to ``redo``)."""
        self.jump(max(0, self.step_index - steps))

    def undo_to_turn_of(self, seat: int | Collection[int]) -> bool:
        """Go back to the latest earlier position where ``seat`` (or one of several seats) was
        to decide.

        Returns False (and changes nothing) if there is none.
        """
        seats = {seat} if isinstance(seat, int) else set(seat)
        for i in range(self.step_index - 1, -1, -1):
            if self.game.current_player(self.states[i]) in seats:
                self.jump(i)
                return True
        return False

    def redo(self) -> None:
        if self.step_index < len(self.actions):
            self.step_index += 1

    def jump(self, step: int) -> None:
        """Move the cursor to any step from 0 (the deal) to ``len(actions)``."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.actions):
            raise ValueError(f"step must be an integer from 0 to {len(self.actions)} (got {step!r})")
        self.step_index = step

    def fork(self, step: int | None = None) -> Match:
        """A new Match sharing the history up to ``step`` (default: the cursor)."""
        step = self.step_index if step is None else step
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.actions):
            raise ValueError(f"step must be an integer from 0 to {len(self.actions)} (got {step!r})")
        other = Match.__new__(Match)
        other.game = self.game
        other.seed = self.seed
        other.setup = dict(self.setup)
        other.states = self.states[: step + 1]
        other.actions = self.actions[:step]
        other.events = self.events[: step + 1]
        other.step_index = step
        return other

    def record(self, upto: int | None = None) -> Record:
        """The record of the line up to ``upto`` (default: the cursor)."""
        upto = self.step_index if upto is None else upto
        rec = Record.start(self.game, self.seed, self.setup)
        return rec.with_actions(tuple(a.code for a in self.actions[:upto]))
