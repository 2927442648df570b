"""Explicit, seeded randomness. Nothing in tablekit uses the global ``random`` state.

Seeds for sub-tasks (the deal of game 3 of a match, game 512 of a simulation, a bot's
private stream) are derived by hashing, so they never depend on how work is split up.
"""

from __future__ import annotations

import hashlib
import random
import sys
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


def hash_shuffled(items: "list[int] | tuple[int, ...]", *parts: object) -> list[int]:
    """A shuffled copy of ``items`` determined by ``parts`` alone (like ``derive_seed``).

    Each item gets a 32-bit key from one SHAKE-128 digest of the parts and the items are
    sorted by key. No ``random.Random`` has to be seeded, which makes a deal about three times
    cheaper than seeding one and shuffling; a tie between two of 108 keys (odds about one in a
    million) keeps the original order of the tied items.

    >>> hash_shuffled(range(5), 7, "deal", 0) == hash_shuffled(range(5), 7, "deal", 0)
    True
    >>> sorted(hash_shuffled(range(5), 7, "deal", 1))
    [0, 1, 2, 3, 4]
    """
    items = tuple(items)
    text = "\x1f".join(f"{type(p).__name__}:{p}" for p in parts)
    keys = array("I", hashlib.shake_128(text.encode("utf-8")).digest(4 * len(items)))
    if sys.byteorder == "big":  # keys are little-endian on every machine
        keys.byteswap()
    order = sorted(range(len(items)), key=keys.tolist().__getitem__)
    return [items[i] for i in order]
