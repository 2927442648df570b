"""Conformance of every registered game's encoder (``tablekit.core.encoding``), driven by the
registry: for each preset at its smallest and largest player count, along seeded random games,

* every encoding has the layout's length, and every value lies in [0, 1];
* the layout names each segment once, with a positive size;
* the action space names each code once, and holds every legal action of every position;
* each code of the action space parses back to an action of the game;
* two positions that differ only in what the seat cannot see encode the same (the encoder reads
  the observation only).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from tablekit import make
from tablekit.core.encoding import Encoder, Segments, action_index, action_mask, encoder_of, layout_table, relative_seat
from tablekit.core.registry import list_games, spec
from tablekit.core.rng import derive_seed


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for name in list_games():
        game_spec = spec(name)
        if game_spec.encoder is None:
            continue
        for preset in game_spec.presets:
            low, high = game_spec.players_for(preset)
            cases.extend((name, preset, n) for n in sorted({low, high}))
    return cases


CASES = _cases()
GAMES_PER_CASE = 3


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=[f"{g}-{p}-{n}" for g, p, n in CASES])
def test_encoder_conforms(name: str, preset: str, players: int) -> None:
    game = make(name, preset=preset, players=players)
    encoder = encoder_of(game)
    segments = encoder.segments(game)
    names = [s.name for s in segments]
    assert len(set(names)) == len(names), "a segment name is used twice"
    assert all(s.size > 0 for s in segments)
    size = encoder.size(game)
    assert size == sum(s.size for s in segments) > 0
    codes = encoder.action_codes(game)
    index = action_index(codes)
    for code in codes:
        assert game.action_from_code(code).code == code
    steps = 0
    for g in range(GAMES_PER_CASE):
        seed = derive_seed(11, name, preset, players, g)
        rng = random.Random(seed)
        state = game.initial_state(seed)
        while not game.is_terminal(state) and steps < 400 * (g + 1):
            seat = game.current_player(state)
            assert seat is not None
            obs = game.observe(state, seat)
            values = encoder.encode(game, obs)
            assert len(values) == size, f"seed {seed}: {len(values)} numbers, the layout says {size}"
            bad = [v for v in values if not (isinstance(v, float) and math.isfinite(v) and 0.0 <= v <= 1.0)]
            assert not bad, f"seed {seed}: values outside [0, 1]: {bad[:5]}"
            legal = game.legal_actions(state)
            mask = action_mask(index, [a.code for a in legal])  # raises for a code outside the space
            assert sum(mask) == len(legal)
            # Hidden information resampled: the same encoding.
            other = game.determinize(state, seat, rng)
            assert encoder.encode(game, game.observe(other, seat)) == values
            # Another seat's encoding has the same length too.
            for viewer in range(game.num_players):
                assert len(encoder.encode(game, game.observe(state, viewer))) == size
            state, _ = game.step(state, legal[rng.randrange(len(legal))])
            steps += 1


def test_every_registered_game_has_an_encoder() -> None:
    assert [name for name in list_games() if spec(name).encoder is None] == []


def test_layout_table_adds_up() -> None:
    game = make("up_and_down", preset="basic", players=4)
    encoder = encoder_of(game)
    table = layout_table(encoder, game)
    last = table.splitlines()[-1]
    assert last == f"| {encoder.size(game)} | | (total) | |"
    assert "`seat+0.numbers`" in table and "`seat+3.numbers`" in table


def test_segments_refuse_values_out_of_place() -> None:
    out = Segments()
    with pytest.raises(ValueError, match="segment 'colour': index 3 is outside 0..2"):
        out.one_hot("colour", 3, 3)
    with pytest.raises(ValueError, match="segment 'held': index -1"):
        out.bits("held", [-1], 4)
    with pytest.raises(ValueError, match="largest value must be positive"):
        out.scalar("count", 1, 0)
    out.scalar("count", 9, 3)  # past the largest value: clipped to 1
    assert out.values == [1.0]


def test_action_space_errors_name_the_code() -> None:
    with pytest.raises(ValueError, match="names 'a' twice"):
        action_index(["a", "b", "a"])
    with pytest.raises(ValueError, match="legal action 'c' is not in the encoder's action space"):
        action_mask(action_index(["a", "b"]), ["c"])
    assert action_mask(action_index(["a", "b", "d"]), ["d", "a"]) == [1, 0, 1]


def test_seats_are_relative_to_the_viewer() -> None:
    game = make("up_and_down", preset="solo", players=3)
    encoder = encoder_of(game)
    state = game.initial_state(5)
    # Solo: every hand is open, so seat 1's view is seat 0's view with the seats turned by one.
    def hand_part(viewer: int, k: int) -> list[float]:
        out = Segments()
        encoder.encode_into(game, game.observe(state, viewer), out)
        start = 0
        for s in out.segments:
            if s.name == f"seat+{k}.numbers":
                return out.values[start:start + s.size]
            start += s.size
        raise AssertionError("no such segment")

    for viewer in range(3):
        for k in range(3):
            seat = (viewer + k) % 3
            assert relative_seat(seat, viewer, 3) == k
            assert hand_part(viewer, k) == hand_part(seat, 0)


def test_a_game_without_an_encoder_says_so() -> None:
    import toy_game  # (a game registered without an encoder)

    with toy_game.registered() as toy:
        assert toy.encoder is None
        with pytest.raises(ValueError, match="toy has no encoder"):
            encoder_of(toy.game_class(toy_game.ToyConfig()))


def test_encoder_base_class_needs_its_parts() -> None:
    game: Any = make("up_and_down")
    with pytest.raises(NotImplementedError):
        Encoder().encode(game, {})
    with pytest.raises(NotImplementedError):
        Encoder().action_codes(game)
