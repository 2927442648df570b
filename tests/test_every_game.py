"""Every registered game, driven by the registry: a game is covered the moment it is registered.

For each game of ``list_games()`` (and each game only the tests register, such as the toy game
of ``tests/toy_game.py``), over its presets and player counts (the low end, a middle one and
the high end of ``spec.players``):

* ``tablekit.testing.check_game`` (the conformance checker);
* perft counts against ``tests/perft/<game>.perft`` (a per-action "divide" on a mismatch);
* golden playthroughs in ``tests/playthroughs/<game>-<preset>-<players>p-seed<N>.txt``;
* every lesson of ``spec.lessons`` replayed, with its texts in English and Japanese;
* every code of ``game.codes()`` written in both catalogs;
* every bot of ``spec.bots``, and the random bot, play a whole game legally;
* (hypothesis) no seat's observation changes when what it cannot see is resampled;
* (hypothesis) the view-model ``spec.view`` is JSON-ready, uses known zone kinds and never
  shows a card hidden from its viewer.

Regenerate the golden files after a deliberate change of an engine (then review the diff):
``TABLEKIT_REGEN=1 .venv/bin/python -m pytest tests/test_every_game.py``.
"""

from __future__ import annotations

import difflib
import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Iterator, NamedTuple

import pytest
import toy_game
from helpers_lessons import (
    assert_no_orphan_texts,
    assert_real_choices,
    assert_record_round_trips,
    assert_replays,
    assert_seats_through_params,
    assert_texts,
    rules_sections,
)
from helpers_scenarios import random_line
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.bots import bot_names, decide, make_bot
from tablekit.bots.search import SearchBot
from tablekit.core.lessons import Lesson, lesson_codes
from tablekit.core.registry import list_games, make, spec
from tablekit.core.view import ZONE_KINDS, iter_cards
from tablekit.i18n import LANGUAGES, catalog, tr
from tablekit.testing import check_game, perft, perft_divide, playthrough

HERE = Path(__file__).parent
PERFT_DIR = HERE / "perft"
PLAYTHROUGH_DIR = HERE / "playthroughs"
REGEN = os.environ.get("TABLEKIT_REGEN") == "1"
REGEN_HINT = "regenerate: TABLEKIT_REGEN=1 .venv/bin/python -m pytest tests/test_every_game.py"
PLAYTHROUGH_SEED = 1
PLAYTHROUGH_STEPS = 150

# The games the tests register themselves are registered while this module is collected and
# while its tests run, so they are parametrized exactly like the real ones.
with toy_game.registered():
    GAMES = list_games()
    SPECS = {name: spec(name) for name in GAMES}
    BOTS = [(name, bot) for name in GAMES for bot in bot_names(name)]


@pytest.fixture(autouse=True, scope="module")
def _test_games_registered() -> Iterator[None]:
    with toy_game.registered():
        yield


def player_counts(name: str, preset: str | None = None) -> list[int]:
    low, high = SPECS[name].players_for(preset)
    return sorted({low, (low + high) // 2, high})


def middle(name: str, preset: str | None = None) -> int:
    low, high = SPECS[name].players_for(preset)
    return (low + high) // 2


CASES = [(name, preset, players) for name in GAMES for preset in SPECS[name].presets
         for players in player_counts(name, preset)]
PRESETS = [(name, preset) for name in GAMES for preset in SPECS[name].presets]
LESSONS = [(name, lesson) for name in GAMES for lesson in SPECS[name].lessons]


def case_id(case: tuple[Any, ...]) -> str:
    return "-".join(str(part) for part in case)


# --- conformance ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_check_game(name: str, preset: str, players: int) -> None:
    report = check_game(make(name, preset=preset, players=players), seeds=range(1))
    assert report.games == 1 and report.steps > 0 and report.illegal_tried > 0


# --- perft ------------------------------------------------------------------------------------------
PERFT_HEADER = """\
# Perft golden counts for {name}, read by tests/test_every_game.py.
# One position a line: preset players seed depth count. `count` is the number of action
# sequences of length `depth` from game.initial_state(seed) (a line that reaches the end of the
# game stops there). A changed count means the move generator or the deal changed: check the
# rules, then {hint}
"""


class PerftLine(NamedTuple):
    preset: str
    players: int
    seed: int
    depth: int
    expected: int

    def __str__(self) -> str:
        return f"{self.preset} {self.players} {self.seed} {self.depth} {self.expected}"


def read_perft(path: Path) -> list[PerftLine]:
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = text.split("#", 1)[0].strip()
        if not text:
            continue
        fields = text.split()
        assert len(fields) == 5, f"{path.name}:{number}: expected 'preset players seed depth count'"
        preset, players, seed, depth, count = fields
        lines.append(PerftLine(preset, int(players), int(seed), int(depth), int(count)))
    return lines


def count_line(name: str, line: PerftLine) -> int:
    game = make(name, preset=line.preset, players=line.players)
    return perft(game, game.initial_state(line.seed), line.depth)


def new_perft_line(name: str, preset: str, seed: int) -> PerftLine:
    """A position for a preset the file does not cover: as deep as stays under 20,000 lines."""
    game = make(name, preset=preset, players=middle(name, preset))
    state = game.initial_state(seed)
    depth, count = 1, perft(game, state, 1)
    while depth < 12:
        deeper = perft(game, state, depth + 1)
        if deeper > 20_000 or deeper == count:
            break
        depth, count = depth + 1, deeper
    return PerftLine(preset, middle(name, preset), seed, depth, count)


def divide_text(name: str, line: PerftLine) -> str:
    game = make(name, preset=line.preset, players=line.players)
    divide = perft_divide(game, game.initial_state(line.seed), line.depth)
    return "\n".join(f"  {code}: {n}" for code, n in divide.items())


@pytest.mark.parametrize("name", GAMES)
def test_perft(name: str) -> None:
    path = PERFT_DIR / f"{name}.perft"
    if REGEN:
        old = read_perft(path) if path.exists() else []
        lines = [line._replace(expected=count_line(name, line)) for line in old]
        covered = {line.preset for line in lines}
        lines += [new_perft_line(name, preset, len(lines) + i)
                  for i, preset in enumerate(p for p in SPECS[name].presets if p not in covered)]
        PERFT_DIR.mkdir(exist_ok=True)
        path.write_text(PERFT_HEADER.format(name=name, hint=REGEN_HINT)
                        + "".join(f"{line}\n" for line in lines), encoding="utf-8")
    assert path.exists(), f"{name} has no perft file {path.name}; {REGEN_HINT}"
    lines = read_perft(path)
    assert {line.preset for line in lines} == set(SPECS[name].presets), "one line or more per preset"
    wrong = []
    for line in lines:
        count = count_line(name, line)
        if count != line.expected:
            wrong.append(f"{line}: counted {count}; divide (first action: lines):\n{divide_text(name, line)}")
    assert not wrong, "perft changed:\n" + "\n".join(wrong)


# --- golden playthroughs ----------------------------------------------------------------------------
def playthrough_path(name: str, preset: str) -> Path:
    return PLAYTHROUGH_DIR / f"{name}-{preset}-{middle(name, preset)}p-seed{PLAYTHROUGH_SEED}.txt"


@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[case_id(c) for c in PRESETS])
def test_playthrough(name: str, preset: str) -> None:
    game = make(name, preset=preset, players=middle(name, preset))
    text = playthrough(game, PLAYTHROUGH_SEED, max_steps=PLAYTHROUGH_STEPS)
    path = playthrough_path(name, preset)
    if REGEN:
        PLAYTHROUGH_DIR.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden playthrough {path.name}; {REGEN_HINT}"
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        diff = difflib.unified_diff(golden.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2)
        pytest.fail(f"{path.name} changed ({REGEN_HINT}):\n" + "\n".join(list(diff)[:60]))


def test_no_orphan_playthroughs() -> None:
    expected = {playthrough_path(name, preset).name for name, preset in PRESETS}
    found = {path.name for path in PLAYTHROUGH_DIR.glob("*.txt")}
    assert found == expected


# --- lessons ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "lesson"), LESSONS, ids=[lesson.id for _, lesson in LESSONS])
def test_lesson_replays_with_its_texts(name: str, lesson: Lesson) -> None:
    assert lesson.game == name and lesson.preset in SPECS[name].presets
    assert lesson.title == f"lesson.{lesson.id}.title"
    # Each step has its own narration, lesson.<id>.<step>, and teaches a section of the rules
    # docstring of the module that defines the game.
    names = [step.narration.rsplit(".", 1)[1] for step in lesson.steps]
    assert len(set(names)) == len(names)
    assert [step.narration for step in lesson.steps] == [f"lesson.{lesson.id}.{n}" for n in names]
    sections = rules_sections(sys.modules[SPECS[name].game_class.__module__])
    assert {step.section for step in lesson.steps} <= sections
    assert all(step.target == () for step in lesson.steps if step.action is None)
    assert_replays(lesson)
    assert any(step.action for step in lesson.steps)
    assert_record_round_trips(lesson)
    assert lesson.record().actions == tuple(step.action for step in lesson.steps if step.action is not None)
    assert_real_choices(lesson)
    assert_seats_through_params([lesson])
    for lang in LANGUAGES:
        assert_texts([lesson], lesson_codes([lesson]), lang)
        assert tr(lesson.title, lang) != lesson.title


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_the_catalogs_hold_no_orphan_lesson_text(name: str, lang: str) -> None:
    assert_no_orphan_texts(name, lesson_codes(SPECS[name].lessons), lang)


# --- texts ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[case_id(c) for c in PRESETS])
def test_every_code_has_english_and_japanese_text(name: str, preset: str) -> None:
    codes = make(name, preset=preset).codes() | {f"{name}.title"}
    for lang in LANGUAGES:
        missing = sorted(code for code in codes if not catalog(lang).get(code, "").strip())
        assert not missing, f"{lang}: {missing}"


# --- bots -------------------------------------------------------------------------------------------
# A shorter whole game for the search bot: Ultimate to 40 points is two deals (to 150, sixteen).
SEARCH_GAME_OPTIONS: dict[str, dict[str, Any]] = {"ultimate": {"target": 40}}


@pytest.mark.parametrize(("name", "bot_name"), BOTS, ids=[case_id(c) for c in BOTS])
def test_bot_plays_a_whole_game_legally(name: str, bot_name: str) -> None:
    game = make(name, players=middle(name))
    bot = make_bot(bot_name, game)
    if isinstance(bot, SearchBot):  # a whole game at the default budget takes minutes
        # What it plays is legal at any budget and with any roll-out; random roll-outs take a
        # second where the heuristic bots' take a minute (tests/test_search.py plays those).
        bot = SearchBot(playouts=1, seconds=None, rollout="random")
        game = make(name, players=middle(name), **SEARCH_GAME_OPTIONS.get(name, {}))
    rng = random.Random(0)
    state = game.initial_state(0)
    for _ in range(20_000):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        action = decide(bot, game, state, rng)
        assert action in legal, f"{bot_name} chose {action} (legal: {[a.code for a in legal]})"
        state, _ = game.step(state, action)
    assert game.is_terminal(state) and game.outcome(state) is not None


# --- hidden information (hypothesis) ----------------------------------------------------------------
LINE = st.lists(st.integers(min_value=0, max_value=60), max_size=60)
SEEDS = st.integers(min_value=0, max_value=2**32)


def draw_line(name: str, data: st.DataObject) -> Any:
    preset = data.draw(st.sampled_from(sorted(SPECS[name].presets)), label="preset")
    low, high = SPECS[name].players_for(preset)
    players = data.draw(st.integers(min_value=low, max_value=high), label="players")
    return random_line(name, preset, players, data.draw(SEEDS, label="seed"), data.draw(LINE, label="line"))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_observations_do_not_change_when_hidden_cards_are_resampled(name: str, data: st.DataObject) -> None:
    match = draw_line(name, data)
    game = match.game
    rng = random.Random(data.draw(SEEDS, label="resample"))
    for state in match.states[:match.step_index + 1]:
        census = game.census(state)
        for seat in range(game.num_players):
            other = game.determinize(state, seat, rng)
            assert game.observe(other, seat) == game.observe(state, seat)
            assert game.census(other) == census
            # A resampled position is a real one: the game goes on, and whoever is to decide can.
            assert game.is_terminal(other) == game.is_terminal(state)
            assert game.is_terminal(other) or game.legal_actions(other)
            if seat == game.current_player(state):  # what a seat may do depends on what it sees
                assert game.legal_actions(other) == game.legal_actions(state)


def strings_in(value: Any) -> set[str]:
    """Every text anywhere inside a JSON-like value (the card codes an observation shows), whole
    numbers included as text (Up or Down?'s cards are numbers). A number that only counts
    something could let a hidden card with that number through this check; the resampling
    check after it (the view does not change when hidden cards do) catches that."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, int) and not isinstance(value, bool):
        return {str(value)}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def check_view(name: str, game: Any, state: Any, viewer: int, lang: str, rng: random.Random) -> None:
    view = SPECS[name].view(game, state, viewer, lang)
    json.dumps(view, allow_nan=False)
    ids = [z["id"] for z in view["zones"]]
    assert len(set(ids)) == len(ids), ids
    obs = game.observe(state, viewer)
    visible = strings_in(obs)
    hands = {p["seat"]: p["hand"] for p in obs.get("players", [])}
    for z in view["zones"]:
        assert z["kind"] in ZONE_KINDS, z["kind"]
        faces = [c["face"] for c in iter_cards({"zones": [z]}) if c.get("face") is not None]
        for f in faces:
            assert f["code"] in visible, f"{z['id']} shows {f['code']}, which seat {viewer} cannot see"
        if z["kind"] == "hand" and z.get("owner") in hands:
            seen = hands[z["owner"]]
            assert [f["code"] for f in faces] == ([str(c) for c in seen] if seen is not None else []), z["id"]
    # Built from the observation only: resampling what the viewer cannot see changes nothing.
    other = game.determinize(state, viewer, rng)
    assert SPECS[name].view(game, other, viewer, lang) == view


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_view_model_shows_only_what_the_viewer_may_see(name: str, data: st.DataObject) -> None:
    match = draw_line(name, data)
    game = match.game
    lang = data.draw(st.sampled_from(LANGUAGES), label="lang")
    rng = random.Random(data.draw(SEEDS, label="resample"))
    for state in (match.states[0], match.state):
        for viewer in range(game.num_players):
            check_view(name, game, state, viewer, lang, rng)
    teaching = SPECS[name].view(game, match.state, 0, lang, teaching=True)
    json.dumps(teaching, allow_nan=False)
    assert {z["kind"] for z in teaching["zones"]} <= set(ZONE_KINDS)
