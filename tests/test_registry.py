"""The registry: one GameSpec per game, read by deal codes, bots and the CLI."""

from __future__ import annotations

import dataclasses

import pytest

from tablekit import make
from tablekit.bots import bot_names, make_bot
from tablekit.core import deal_code
from tablekit.core.errors import ConfigError
from tablekit.core.registry import GameSpec, list_games, register, spec, unregister


def test_every_builtin_game_exports_its_spec() -> None:
    for name in list_games():
        game_spec = spec(name)
        assert game_spec.name == name
        game = make(name)
        assert isinstance(game, game_spec.game_class)
        assert game.preset == game_spec.default_preset
        low, high = game_spec.players_for(game.preset)
        assert game_spec.players[0] <= low <= game.num_players <= high <= game_spec.players[1]
        for letter, preset in game_spec.deal_letters.items():
            low = game_spec.players_for(preset)[0]
            assert deal_code.decode(deal_code.encode(name, preset, low, 0xABC)) == (name, preset, low, 0xABC)
            assert game_spec.deal_letter(preset) == letter


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(ConfigError) as err:
        spec("go")
    assert "up_and_down" in str(err.value) and "page_one" in str(err.value)


def test_a_spec_refuses_a_default_preset_it_does_not_have() -> None:
    base = spec("up_and_down")
    with pytest.raises(ConfigError, match="default_preset"):
        dataclasses.replace(base, name="x", default_preset="nope")
    with pytest.raises(ConfigError, match="deal_letters"):
        dataclasses.replace(base, name="x", deal_letters={"b": "basic"})
    with pytest.raises(ConfigError, match="players"):
        dataclasses.replace(base, name="x", players=(2, 12))


def test_human_seats_come_from_the_spec() -> None:
    solo = make("up_and_down", preset="solo")
    assert spec("up_and_down").human_seats(solo.config, 2) == frozenset(range(solo.num_players))
    basic = make("up_and_down", preset="basic")
    assert spec("up_and_down").human_seats(basic.config, 2) == frozenset({2})
    classic = make("page_one")
    assert spec("page_one").human_seats(classic.config, 1) == frozenset({1})


def test_is_match_reads_the_config() -> None:
    assert spec("up_and_down").is_match(make("up_and_down", preset="basic").config)
    assert not spec("up_and_down").is_match(make("up_and_down", preset="cul_de_sac").config)
    assert not spec("page_one").is_match(make("page_one", preset="classic").config)
    assert spec("page_one").is_match(make("page_one", preset="house").config)


def test_bots_are_the_random_one_and_the_games_own() -> None:
    for name in list_games():
        assert bot_names(name)[0] == "random"
        for bot in bot_names(name):
            assert make_bot(bot, name).name == bot
    with pytest.raises(ConfigError) as err:
        make_bot("oracle", "page_one")
    assert "heuristic" in str(err.value)


def test_a_registered_game_is_made_and_dealt_like_the_others() -> None:
    # A second registration of an existing game under another name: no shared module changes.
    twin = dataclasses.replace(spec("up_and_down"), name="twin", deal_prefix="TW")
    register(twin)
    try:
        assert "twin" in list_games()
        assert make("twin", preset="carry_over").config.mode == "carry_over"
        code = deal_code.encode("twin", "solo", 4, 0x1F)
        assert code == "TW-S4-1F"
        assert deal_code.decode(code) == ("twin", "solo", 4, 0x1F)
    finally:
        unregister("twin")
    assert "twin" not in list_games()
    with pytest.raises(ConfigError):
        deal_code.decode("TW-S4-1F")
