"""Deal codes and seeds: 64-bit random seeds, codes that round-trip, old short codes."""

from __future__ import annotations

import secrets

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekit import Match, Record, make
from tablekit.core import deal_code, rng
from tablekit.core.errors import ConfigError, RecordError
from tablekit.core.registry import list_games, spec

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


@given(seed=SEEDS, players=st.integers(min_value=2, max_value=7),
       letter=st.sampled_from(sorted(spec("up_and_down").deal_letters)))
def test_every_64_bit_seed_round_trips(seed: int, players: int, letter: str) -> None:
    preset = spec("up_and_down").deal_letters[letter]
    code = deal_code.encode("up_and_down", preset, players, seed)
    assert code == f"UD-{letter}{players}-{seed:X}" and len(code) <= 22
    assert deal_code.decode(code) == ("up_and_down", preset, players, seed)
    assert deal_code.decode(f"  {code.lower()} ") == ("up_and_down", preset, players, seed)


def test_old_short_codes_still_decode() -> None:
    assert deal_code.decode("UD-B4-7F3A9") == ("up_and_down", "basic", 4, 0x7F3A9)
    assert deal_code.decode("PO-C4-0") == ("page_one", "classic", 4, 0)
    assert deal_code.decode("UD-C3-" + "F" * 16) == ("up_and_down", "carry_over", 3, 2**64 - 1)


@pytest.mark.parametrize("code", ["UD-B4-" + "1" * 17, "UD-B4-", "UD-B4-7G", "UD-B1-7F", "UD-B4-7F3A9-1", "",
                                  "UDB47F3A9"])
def test_malformed_codes_are_refused(code: str) -> None:
    with pytest.raises(ConfigError, match="deal_code") as err:
        deal_code.decode(code)
    assert "UD-B4-7F3A9" in str(err.value)


def test_codes_name_what_is_wrong() -> None:
    with pytest.raises(ConfigError, match="'game prefix'.*'PO', 'UD'"):
        deal_code.decode("XX-B4-1")
    with pytest.raises(ConfigError, match="'preset letter'"):
        deal_code.decode("UD-Z4-1")
    with pytest.raises(ConfigError, match="'players' must be an integer from 2 to 7"):
        deal_code.decode("UD-B8-1")
    with pytest.raises(ConfigError, match="'seed'"):
        deal_code.encode("up_and_down", "basic", 4, 2**64)
    with pytest.raises(ConfigError, match="'seed'"):
        deal_code.encode("up_and_down", "basic", 4, -1)
    with pytest.raises(ConfigError, match="'players'"):
        deal_code.encode("up_and_down", "basic", 10, 1)  # "UD-B10-1" could not be read back
    with pytest.raises(ConfigError, match="'preset'"):
        deal_code.encode("up_and_down", "nope", 4, 1)


def test_random_seeds_have_64_bits_from_the_os(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def randbits(k: int) -> int:
        asked.append(k)
        return 2**k - 1

    monkeypatch.setattr(secrets, "randbits", randbits)
    assert deal_code.random_seed() == 2**64 - 1 and asked == [64]
    assert deal_code.random_seed is rng.random_seed


def test_random_seeds_are_spread_over_64_bits() -> None:
    seeds = [deal_code.random_seed() for _ in range(64)]
    assert len(set(seeds)) == 64
    assert all(0 <= s <= rng.MAX_SEED for s in seeds)
    assert max(seeds).bit_length() >= 60  # all 64 below 2**59: 1 in 2**320
    codes = {deal_code.encode("up_and_down", "basic", 4, s) for s in seeds}
    assert max(len(c) for c in codes) >= 20


@pytest.mark.parametrize("name", list_games())
def test_the_largest_seed_deals_and_replays(name: str) -> None:
    game = make(name)
    match = Match(game, 2**64 - 1)
    for _ in range(5):
        match.play(match.legal_actions()[0])
    record = Record.from_json(match.record().to_json())
    assert record.seed == 2**64 - 1 and record.replay() == match.state
    assert game.initial_state(2**64 - 1) != game.initial_state(2**64 - 2)


def test_seeds_beyond_64_bits_are_refused_everywhere() -> None:
    game = make("up_and_down")
    with pytest.raises(ValueError, match="below 2\\*\\*64"):
        Match(game, 2**64)
    with pytest.raises(ValueError, match="below 2\\*\\*64"):
        rng.check_seed(True)
    data = Record.start(game, 1).to_dict()
    with pytest.raises(RecordError, match="'seed' must be a non-negative integer below 2\\*\\*64"):
        Record.from_dict({**data, "seed": 2**64})
