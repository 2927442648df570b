"""Seat order around the table: direction, skipped players and players who are out.

Seats are numbered 0 to ``players - 1``; direction +1 goes up the seat numbers (clockwise in
every tablekit game) and -1 goes down. Players who are out are given as ``out``, a sequence of
booleans indexed by seat (``out[seat]`` is True when that seat no longer plays); an empty
tuple means nobody is out. Games keep such a tuple in their state, so the hot path reads it
without building a set.

>>> next_seat(3, 4)
0
>>> next_seat(0, 4, direction=-1)
3
>>> next_seat(0, 4, out=(False, True, False, False))
2
"""

from __future__ import annotations

from typing import Iterator, Sequence


def seats_after(seat: int, players: int, direction: int = 1, out: Sequence[bool] = ()) -> Iterator[int]:
    """The seats still playing, in playing order after ``seat``, one full round: every seat not
    out once, ``seat`` itself last (if it is not out).

    >>> list(seats_after(1, 4))
    [2, 3, 0, 1]
    >>> list(seats_after(1, 4, -1, (True, False, False, False)))
    [3, 2, 1]
    >>> list(seats_after(0, 3, 1, (True, True, True)))
    []
    """
    if direction not in (1, -1):
        raise ValueError(f"direction must be 1 or -1 (got {direction!r})")
    for k in range(1, players + 1):
        q = (seat + direction * k) % players
        if not out or not out[q]:
            yield q


def next_seat(seat: int, players: int, direction: int = 1, skips: int = 0, out: Sequence[bool] = ()) -> int:
    """The seat that plays after ``seat`` going ``direction``, when ``skips`` further players
    still in are skipped. A seat that is out is never returned (``seat`` itself comes back when
    it is the only one still in, or when the skips go all the way round). ValueError when
    every seat is out.

    >>> next_seat(0, 4, skips=1)
    2
    >>> next_seat(0, 4, skips=1, out=(False, False, True, False))
    3
    >>> next_seat(2, 4, direction=-1, skips=2, out=(False, True, False, False))
    2
    >>> next_seat(1, 3, out=(True, False, True))
    1
    """
    if direction not in (1, -1):
        raise ValueError(f"direction must be 1 or -1 (got {direction!r})")
    if not out:
        return (seat + direction * (1 + skips)) % players
    # Walk round the table as often as the skips need, counting only the seats still in.
    left = skips
    in_play = players - sum(map(bool, out)) if skips >= players else 0
    if in_play:
        left = skips % in_play
    for k in range(1, players * (left + 1) + 1):
        q = (seat + direction * k) % players
        if not out[q]:
            if not left:
                return q
            left -= 1
    raise ValueError("every seat is out: there is no next seat")


def skipped_seats(seat: int, players: int, direction: int = 1, skips: int = 0, out: Sequence[bool] = ()) -> list[int]:
    """The players that ``skips`` skips pass over after ``seat``, in order (for narration).

    >>> skipped_seats(0, 4, skips=2, out=(False, True, False, False))
    [2, 3]
    """
    if not out:
        return [(seat + direction * k) % players for k in range(1, skips + 1)]
    order = list(seats_after(seat, players, direction, out))
    return [order[k % len(order)] for k in range(skips)] if order else []


__all__ = ["next_seat", "seats_after", "skipped_seats"]
