"""Explicit, seeded randomness. Nothing in tablekit uses the global ``random`` state.

Seeds for sub-tasks (the deal of game 3 of a match, game 512 of a simulation, a bot's
private stream) are derived by hashing, so they never depend on how work is split up.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Iterable
from array import array

MAX_SEED = 2**63 - 1


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, stable across processes and Python versions.

    >>> derive_seed(7, "deal", 0) == derive_seed(7, "deal", 0)
    True
    >>> derive_seed(7, "deal", 0) != derive_seed(7, "deal", 1)
    True
    """
    text = "\x1f".join(f"{type(p).__name__}:{p}" for p in parts)
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") & MAX_SEED


def make_rng(*parts: object) -> random.Random:
    """A private ``random.Random`` seeded with ``derive_seed(*parts)``."""
    return random.Random(derive_seed(*parts))


def check_seed(seed: object) -> int:
    """Validate a user-given seed (a non-negative int)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer (got {seed!r})")
    return seed


def shuffled(items: "list[int] | tuple[int, ...]", rng: random.Random) -> list[int]:
    """A uniformly shuffled copy of ``items`` (sorting by random keys: about twice as fast as
    ``random.shuffle`` for a deck, and just as reproducible).

    >>> shuffled([1, 2, 3, 4], random.Random(0)) == shuffled([1, 2, 3, 4], random.Random(0))
    True
    """
    draw = rng.random
    return sorted(items, key=lambda _: draw())


def hash_shuffled(items: "Iterable[int]", *parts: object) -> list[int]:
    """A shuffled copy of ``items`` determined by ``parts`` alone (like ``derive_seed``).

    A Fisher-Yates shuffle whose random numbers are 32-bit words of one SHAKE-128 digest of
    the parts. No ``random.Random`` has to be seeded, which makes a deal about three times
    cheaper; the modulo bias of a 32-bit word is below one in forty million for a 108-card deck.

    >>> hash_shuffled(range(5), 7, "deal", 0) == hash_shuffled(range(5), 7, "deal", 0)
    True
    >>> sorted(hash_shuffled(range(5), 7, "deal", 1))
    [0, 1, 2, 3, 4]
    """
    out = list(items)
    text = "\x1f".join(f"{type(p).__name__}:{p}" for p in parts)
    words = array("I", hashlib.shake_128(text.encode("utf-8")).digest(4 * len(out)))
    if sys.byteorder == "big":  # the words are little-endian on every machine
        words.byteswap()
    r = words.tolist()
    for i in range(len(out) - 1, 0, -1):
        j = r[i] % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
