"""Checking a game's set-up options (``initial_state(seed, **setup)``): the one place where the
seed, the option names, the seat that begins and the set-up moves are read, so every game
refuses a bad set-up with the same words.

>>> check_options({"deck": [], "dealer": 1}, ("deck", "dealer"))
>>> check_options({"dek": []}, ("deck", "dealer"))
Traceback (most recent call last):
...
ValueError: unknown setup option 'dek' (the options are 'deck' and 'dealer')
>>> seat_option({"first": 2}, "first", 9, 3, "game"), seat_option({}, "first", 9, 3, "game") in (0, 1, 2)
(2, True)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

from tablekit.core.errors import IllegalActionError, InvalidActionError
from tablekit.core.rng import derive_seed

S = TypeVar("S")


def _listed(names: Sequence[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} and {quoted[-1]}"


def check_options(setup: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """ValueError naming the first unknown option (alphabetically) and the ones there are."""
    unknown = sorted(set(setup) - set(allowed))
    if unknown:
        there = f"the only one is {_listed(allowed)}" if len(allowed) == 1 else f"the options are {_listed(allowed)}"
        raise ValueError(f"unknown setup option {unknown[0]!r} ({there})")


def check_seed(seed: Any) -> int:
    """The seed of a deal: a non-negative integer (not a bool)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer (got {seed!r})")
    return seed


def moves_option(setup: Mapping[str, Any]) -> list[str]:
    """The ``moves`` option: action codes played before the first decision (none by default)."""
    moves = setup.get("moves") or ()
    if isinstance(moves, str) or not all(isinstance(m, str) for m in moves):
        raise ValueError(f"moves must be a list of action codes (got {moves!r})")
    return list(moves)


def seat_option(setup: Mapping[str, Any], name: str, seed: int, players: int, namespace: str) -> int:
    """A seat named by option ``name`` (the first player, the dealer), or one drawn from the seed
    (``derive_seed(seed, namespace, name)``) when it is not given."""
    seat = setup.get(name)
    if seat is None:
        return derive_seed(seed, namespace, name) % players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat from 0 to {players - 1} (got {seat!r})")
    return seat


def play_moves(step: Callable[[S, Any], tuple[S, Any]], from_code: Callable[[str], Any], state: S,
               moves: Sequence[str]) -> S:
    """``state`` after the set-up ``moves``; ValueError names the first one that cannot be played."""
    for i, code in enumerate(moves):
        try:
            state, _ = step(state, from_code(code))
        except (InvalidActionError, IllegalActionError) as exc:
            raise ValueError(f"setup move {i} {code!r} cannot be played: {exc}") from exc
    return state


__all__ = ["check_options", "check_seed", "moves_option", "play_moves", "seat_option"]
