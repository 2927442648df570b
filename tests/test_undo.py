"""Undo at the table: it takes the game log back with the table, never shows a card twice, and a
teacher can turn it off. Driven with the requests the browser would send."""

from __future__ import annotations

import random

import pytest

from tablekit.i18n import tr
from tablekit.widgets.play_table import PlayTable

#: (game, preset, players, seed): every game, with bots that reply between the person's turns.
GAMES = [
    ("up_and_down", "basic", 4, 3),
    ("up_and_down", "carry_over", 3, 8),
    ("ultimate", "basic", 4, 0),
    ("up_or_down", "base", 3, 1),
    ("narabe_runo", "basic", 2, 2),
    ("page_one", "classic", 4, 1),
]
BOT_SEED = 99


def table_for(game: str, preset: str, players: int, seed: int, **options) -> PlayTable:
    return PlayTable(game, preset=preset, players=players, seed=seed, bot_delay=0, bot_seed=BOT_SEED, **options)


def waits_for_next_round(table: PlayTable) -> bool:
    """A round has ended, the game goes on, and the table waits for "Next round"."""
    return bool(table.view.get("round_end")) and not table.view["round_end"]["final"]


def human_move(table: PlayTable, rng: random.Random) -> None:
    """One move of the person (after "Next round" when a round's end waits), as a click sends it."""
    if waits_for_next_round(table):
        table.handle({"type": "next_round"})
    assert table.session.human_to_play is not None
    code = rng.choice(table.session.legal_actions()).code
    table.handle({"type": "play", "code": code})
    assert table.message_kind not in ("error", "refusal"), table.message


def replayed(game: str, preset: str, players: int, seed: int, source: PlayTable) -> PlayTable:
    """A second table that plays the person's moves of ``source``'s line up to its position, and
    nothing else (the bots, drawing from the same seed, reply as they did)."""
    other = table_for(game, preset, players, seed)
    match = source.match
    for step in range(source.match.step_index):
        if match.game.current_player(match.states[step]) not in source.session.humans:
            continue
        if waits_for_next_round(other):
            other.handle({"type": "next_round"})
        assert other.match.step_index == step
        other.handle({"type": "play", "code": match.actions[step].code})
    if other.match.step_index < match.step_index and waits_for_next_round(other):
        other.handle({"type": "next_round"})  # the bots go on into the next round
    assert other.match.state == source.match.state
    return other


@pytest.mark.parametrize(("game", "preset", "players", "seed"), GAMES)
def test_the_log_after_undo_is_the_log_of_the_game_without_the_undone_moves(game: str, preset: str, players: int,
                                                                             seed: int) -> None:
    # In the open-hand teaching view undo is free, so every game can go back over the bots' moves.
    table = table_for(game, preset, players, seed)
    table.set_teaching(True)
    rng = random.Random(seed)
    undone = 0
    for _ in range(4):
        for _ in range(rng.randint(2, 4)):
            if table.session.is_over:
                break
            human_move(table, rng)
        if table.session.is_over:
            break
        before = list(table.log)
        for _ in range(rng.randint(1, 2)):
            table.handle({"type": "undo"})
            assert table.message == tr("widgets.table.undone", "en")
            undone += 1
        assert len(table.log) < len(before)  # the moves taken back left the log
        assert table.log == replayed(game, preset, players, seed, table).log
    assert undone >= 4
    # And the game goes on from there with a log that tells one story.
    if not table.session.is_over:
        human_move(table, rng)
        assert table.log == replayed(game, preset, players, seed, table).log


def test_undo_without_teaching_view_also_takes_the_log_back() -> None:
    """Up or Down?: parts of a turn show nothing new (a hand card into the ring, a ring card
    taken), so they can be taken back one at a time, log included."""
    table = table_for("up_or_down", "base", 2, 1)
    table.handle({"type": "play", "code": "play:24"})
    take = next(a.code for a in table.session.legal_actions() if a.code.startswith("take:"))
    table.handle({"type": "play", "code": take})
    assert len(table.log) >= 2
    table.handle({"type": "undo"})
    assert table.message_kind == "info" and table.match.step_index == 1
    assert table.log == replayed("up_or_down", "base", 2, 1, table).log
    table.handle({"type": "undo"})
    assert table.match.step_index == 0 and table.log == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_undo_refuses_to_go_back_past_a_card_it_showed(lang: str) -> None:
    table = table_for("up_and_down", "basic", 4, 3, lang=lang)
    table.handle({"type": "play", "code": table.view["actions"][0]["code"]})
    assert table.match.step_index > 1  # the bots played cards that were hidden from the person
    state, log = table.match.state, list(table.log)
    table.handle({"type": "undo"})
    assert table.message_kind == "refusal"
    bot = table.match.game.current_player(table.match.states[table.match.step_index - 1])
    assert table.message == tr("core.undo.seen_other", lang, player=bot)
    assert table.match.state == state and table.log == log and table.view["my_turn"]


def test_a_draw_cannot_be_taken_back() -> None:
    """Page One: the card drawn is the top of the stock; drawing again after an undo would show
    it again."""
    for seed in range(40):
        table = table_for("page_one", "classic", 3, seed)
        if "draw" in {a.code for a in table.session.legal_actions()}:
            break
    else:
        pytest.fail("no deal where the person may draw at once")
    before = table.match.step_index
    table.handle({"type": "play", "code": "draw"})
    assert table.match.step_index > before
    table.handle({"type": "undo"})
    assert table.message_kind == "refusal"
    assert table.message in (tr("core.undo.seen_hand", "en"),
                             *(tr("core.undo.seen_other", "en", player=p) for p in (1, 2)))
    assert table.match.step_index > before


def test_undo_off_hides_the_button_and_refuses_whatever_the_browser_sends() -> None:
    table = table_for("up_or_down", "base", 2, 1, allow_undo=False)
    assert table.view["undo_off"]
    table.set_teaching(True)  # not even in the open-hand view
    table.handle({"type": "play", "code": "play:24"})
    table.handle({"type": "undo"})
    assert table.message_kind == "refusal" and table.message == tr("core.undo.off", "en")
    assert table.match.step_index == 1
    table.handle({"type": "new", "deal": ""})  # a new deal keeps the teacher's choice
    assert table.view["undo_off"] and not table.session.allow_undo
    assert "undo_off" not in table_for("up_or_down", "base", 2, 1).view
