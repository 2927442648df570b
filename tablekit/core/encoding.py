"""Fixed-shape numeric encodings of observations, and a fixed action space, for learning agents.

Reinforcement-learning libraries want every observation as a vector of one fixed length and
every action as an index into one fixed list. A game offers both through an :class:`Encoder`
(``GameSpec.encoder``); ``tablekit.interop.pettingzoo`` turns any game that has one into a
PettingZoo environment.

An encoder works from ``game.observe(state, seat)`` only, never from the state, so it cannot
leak what the seat may not know. Its vector is a sequence of named :class:`Segment`\\ s, each of
a fixed size that depends on the game's config only (the player count, the deck...), in the
way OpenSpiel documents its observation tensors; :func:`layout_table` prints them. Every value
lies in [0, 1]: one-hot fields, bits, and counts divided by their largest possible value.

Seats in an encoding are relative to the viewer: "seat +0" is the viewer, "+1" the next seat
in seat order, and so on, so that one policy can play any seat.

The action space is every action code the game can ever offer under its config
(:meth:`Encoder.action_codes`), in a fixed order; the legal actions of a position are a mask
over it (:func:`action_mask`). Every legal action must be in the space; the conformance of each
game's encoder (sizes, range, coverage of the legal actions) is tested for every registered
game.

>>> enc = Segments()
>>> enc.one_hot("colour", 1, 3)
>>> enc.bits("held", [0, 2], 4)
>>> enc.scalar("count", 3, 6)
>>> enc.values
[0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.5]
>>> [(s.name, s.size) for s in enc.segments]
[('colour', 3), ('held', 4), ('count', 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence, overload

from tablekit.core.game import Game


@dataclass(frozen=True)
class Segment:
    """One named part of an encoding: ``size`` numbers, and what they mean (English, for the
    layout table)."""

    name: str
    size: int
    meaning: str = ""


class Segments:
    """Builds an encoding and its layout together, so the two can never disagree: each call
    appends one segment's values and records its name and size.

    An encoder's ``encode`` fills one of these from an observation; its ``segments`` can fill
    one from a blank observation of the same config, or list them by hand.
    """

    def __init__(self) -> None:
        self.values: list[float] = []
        self.segments: list[Segment] = []

    def _add(self, name: str, values: Sequence[float], meaning: str) -> None:
        self.segments.append(Segment(name, len(values), meaning))
        self.values.extend(values)

    def one_hot(self, name: str, index: int | None, size: int, meaning: str = "") -> None:
        """``size`` numbers with a 1 at ``index`` (all 0 when ``index`` is None)."""
        values = [0.0] * size
        if index is not None:
            if not 0 <= index < size:
                raise ValueError(f"segment {name!r}: index {index} is outside 0..{size - 1}")
            values[index] = 1.0
        self._add(name, values, meaning)

    def bits(self, name: str, indices: Iterable[int], size: int, meaning: str = "") -> None:
        """``size`` numbers with a 1 at each of ``indices`` (a set of things, e.g. cards held)."""
        values = [0.0] * size
        for i in indices:
            if not 0 <= i < size:
                raise ValueError(f"segment {name!r}: index {i} is outside 0..{size - 1}")
            values[i] = 1.0
        self._add(name, values, meaning)

    def counts(self, name: str, counts: Mapping[int, float] | Sequence[float], size: int, most: float,
               meaning: str = "") -> None:
        """``size`` numbers: how many of each index there are, divided by ``most`` (the largest
        count possible), e.g. copies of each card held."""
        values = [0.0] * size
        items = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
        for i, n in items:
            if not 0 <= i < size:
                raise ValueError(f"segment {name!r}: index {i} is outside 0..{size - 1}")
            values[i] = _unit(name, n, most)
        self._add(name, values, meaning)

    def scalar(self, name: str, value: float, most: float, meaning: str = "") -> None:
        """One number: ``value / most``, clipped to [0, 1] (``most`` is the largest value the
        field can take under this config; past it the number stays at 1)."""
        self._add(name, [_unit(name, value, most)], meaning)

    def flag(self, name: str, value: bool, meaning: str = "") -> None:
        """One number: 1 when ``value`` is true."""
        self._add(name, [1.0 if value else 0.0], meaning)


def _unit(name: str, value: float, most: float) -> float:
    if most <= 0:
        raise ValueError(f"segment {name!r}: the largest value must be positive (got {most})")
    return min(1.0, max(0.0, float(value) / most))


class Encoder:
    """A game's fixed-shape encoding. Subclasses implement :meth:`encode_into` and
    :meth:`action_codes`; the layout comes from encoding a blank observation unless
    :meth:`segments` is overridden.

    ``encode_into(game, observation, out)`` appends the viewer's segments to ``out`` (a
    :class:`Segments`), always the same names and sizes for one config: a field that is not in
    play (a hand not shown, a phase not reached) is encoded as zeros, never left out.
    """

    def encode_into(self, game: Game[Any], observation: Mapping[str, Any], out: Segments) -> None:
        raise NotImplementedError

    def blank(self, game: Game[Any]) -> Mapping[str, Any]:
        """An observation of this config to encode for the layout: the first seat's at the
        start of seed 0 (an encoder whose layout depends on nothing else need not override)."""
        return game.observe(game.initial_state(0), 0)

    def segments(self, game: Game[Any]) -> list[Segment]:
        """The layout: every segment in order, with its size and meaning."""
        out = Segments()
        self.encode_into(game, self.blank(game), out)
        return out.segments

    def action_codes(self, game: Game[Any]) -> tuple[str, ...]:
        """Every action code this config can ever offer, in the fixed order of the action space."""
        raise NotImplementedError

    # --- provided ----------------------------------------------------------------------------
    def size(self, game: Game[Any]) -> int:
        """The length of every encoding of this config."""
        return sum(s.size for s in self.segments(game))

    def encode(self, game: Game[Any], observation: Mapping[str, Any]) -> list[float]:
        """The observation as ``size(game)`` numbers in [0, 1]."""
        out = Segments()
        self.encode_into(game, observation, out)
        return out.values


def encoder_of(game: Game[Any]) -> Encoder:
    """The encoder the game's spec names; ConfigError-like ValueError when it has none."""
    from tablekit.core.registry import spec

    found = spec(game.name).encoder
    if found is None:
        raise ValueError(f"{game.name} has no encoder (GameSpec.encoder)")
    return found() if isinstance(found, type) else found


def action_index(codes: Sequence[str]) -> dict[str, int]:
    """Action code -> its index in the action space (codes must be unique)."""
    index = {code: i for i, code in enumerate(codes)}
    if len(index) != len(codes):
        seen: set[str] = set()
        dup = next(c for c in codes if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise ValueError(f"the action space names {dup!r} twice")
    return index


def action_mask(index: Mapping[str, int], legal_codes: Iterable[str]) -> list[int]:
    """1 at the index of each legal code, 0 elsewhere. A legal code outside the space is a
    defect of the game's encoder, reported with its code."""
    mask = [0] * len(index)
    for code in legal_codes:
        at = index.get(code)
        if at is None:
            raise ValueError(f"legal action {code!r} is not in the encoder's action space")
        mask[at] = 1
    return mask


def layout_table(encoder: Encoder, game: Game[Any]) -> str:
    """The layout as a Markdown table: offset, size, name and meaning of each segment.

    >>> from tablekit import make
    >>> game = make("up_and_down", preset="solo", players=2)
    >>> print(layout_table(encoder_of(game), game).splitlines()[0])
    | offset | size | segment | meaning |
    """
    rows = ["| offset | size | segment | meaning |", "|---:|---:|---|---|"]
    offset = 0
    for s in encoder.segments(game):
        rows.append(f"| {offset} | {s.size} | `{s.name}` | {s.meaning} |")
        offset += s.size
    rows.append(f"| {offset} | | (total) | |")
    return "\n".join(rows)


@overload
def relative_seat(seat: int, viewer: int, players: int) -> int: ...
@overload
def relative_seat(seat: None, viewer: int, players: int) -> None: ...
def relative_seat(seat: int | None, viewer: int, players: int) -> int | None:
    """A seat's place relative to the viewer: 0 for the viewer, 1 for the next seat, ...; None
    stays None (no seat: nobody to move, no leader yet), which ``Segments.one_hot`` draws as
    all zeros.

    >>> relative_seat(0, 2, 4), relative_seat(3, 2, 4), relative_seat(None, 2, 4)
    (2, 1, None)
    """
    return None if seat is None else (seat - viewer) % players


__all__ = ["Encoder", "Segment", "Segments", "action_index", "action_mask", "encoder_of", "layout_table",
           "relative_seat"]
