"""Records: config + seed + action codes, as JSON, and their replay.

A record is everything needed to reproduce a game exactly: the full config (not just the
preset name, so changing a preset later never changes an old record), the seed, an optional
stacked-deck setup and the list of action codes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from tablekit.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from tablekit.core.game import Game
from tablekit.core.rng import is_seed
from tablekit.core.verdict import Event

FORMAT = "tablekit.record/1"


@dataclass(frozen=True)
class Record:
    """A replayable game.

    >>> from tablekit import make
    >>> game = make("up_and_down", preset="basic", players=3)
    >>> rec = Record.start(game, seed=11)
    >>> Record.from_json(rec.to_json()) == rec
    True
    """

    game: str
    preset: str
    config: Mapping[str, Any]
    seed: int
    actions: tuple[str, ...] = ()
    setup: Mapping[str, Any] = field(default_factory=dict)
    meta: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, game: Game[Any], seed: int, setup: Mapping[str, Any] | None = None) -> Record:
        return cls(game.name, game.preset, game.config.to_dict(), seed, (), dict(setup or {}))

    def with_actions(self, actions: tuple[str, ...]) -> Record:
        return Record(self.game, self.preset, self.config, self.seed, tuple(actions), self.setup, self.meta)

    # --- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "preset": self.preset,
            "config": dict(self.config),
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.setup:
            out["setup"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.setup.items()}
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r} (expected {FORMAT!r})")
        for key, kind in (("game", str), ("preset", str), ("config", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}")
        seed = data.get("seed")
        if not is_seed(seed):
            raise RecordError(f"record field 'seed' must be a non-negative integer below 2**64 (got {seed!r})")
        for i, code in enumerate(data["actions"]):
            if not isinstance(code, str):
                raise RecordError(f"action {i} is not a text code: {code!r}")
        setup = data.get("setup", {})
        if not isinstance(setup, dict):
            raise RecordError("record field 'setup' must be an object")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("record field 'meta' must be an object")
        return cls(
            data["game"], data["preset"], dict(data["config"]), seed, tuple(data["actions"]),
            dict(setup), dict(meta),
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from exc
        return cls.from_dict(data)

    # --- replay -------------------------------------------------------------------------
    def make_game(self) -> Game[Any]:
        from tablekit.core.registry import make

        try:
            return make(self.game, preset=None, config=self.config)
        except ConfigError as exc:
            raise RecordError(f"record config is invalid: {exc}") from exc

    def steps(self) -> Iterator[tuple[Any, str | None, tuple[Event, ...]]]:
        """Yield (state, action code that led here or None, events) from the start."""
        game = self.make_game()
        try:
            state = game.initial_state(self.seed, **self.setup)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"record setup is invalid: {exc}") from exc
        yield state, None, ()
        for i, code in enumerate(self.actions):
            try:
                action = game.action_from_code(code)
                state, events = game.step(state, action)
            except InvalidActionError as exc:
                raise RecordError(f"action {i} {code!r} is not an action of {self.game}: {exc}") from exc
            except IllegalActionError as exc:
                raise RecordError(f"action {i} {code!r} is illegal: {exc.text('en')}") from exc
            yield state, code, events

    def replay(self) -> Any:
        """The final state after every action. Raises RecordError if any step is wrong."""
        state = None
        for state, _, _ in self.steps():
            pass
        return state


def replay(record: Record | str) -> Any:
    """Replay a record (or its JSON text) and return the final state."""
    if isinstance(record, str):
        record = Record.from_json(record)
    return record.replay()
