"""The command line, driven through ``main([...])`` with a scripted stdin."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tablekit import Match, Record, make
from tablekit.__main__ import main
from tablekit.bots import advise, make_bot
from tablekit.core import derive_seed
from tablekit.i18n import tr
from tablekit.render import render_record

PLAY_BASIC_2 = ["play", "up_and_down", "--preset", "basic", "--players", "2"]


def run(monkeypatch, capsys, argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out, captured.err


def replicate(game, seed: int, human: int, typed: list[str]) -> Match:
    """The match the CLI reaches when the human types the list numbers ``typed`` (bots as in
    the CLI: heuristic, drawing from the deal's seed, which the CLI also gives the bots)."""
    match = Match(game, seed)
    bots = {s: make_bot("heuristic", game) for s in range(game.num_players) if s != human}
    moves = iter(typed)

    def run_bots() -> None:
        while not match.is_over and match.current_player != human:
            seat = match.current_player
            rng = random.Random(derive_seed(seed, "bot", seat, match.step_index))
            match.play(bots[seat].choose(match.observe(seat), match.legal_actions(), rng))

    run_bots()
    for number in moves:
        match.play(match.legal_actions()[int(number) - 1])
        run_bots()
    return match


def find_illegal_spot(players: int = 2) -> tuple[int, int, Match, object]:
    """A seed, the number of '1' moves, the match and an illegal number card the human holds
    (a code that is not also a list number)."""
    game = make("up_and_down", preset="basic", players=players)
    for seed in range(200):
        for k in range(1, 6):
            match = replicate(game, seed, 0, ["1"] * k)
            if match.is_over:
                break
            legal = match.legal_actions()
            for card in match.state.hands[0]:
                action = game.action_from_code(str(card)) if card <= 100 else None
                if action is not None and action not in legal and card > len(legal):
                    return seed, k, match, action
    raise AssertionError("no seed with an illegal card in hand")


# --- play ------------------------------------------------------------------------------------
def test_full_basic_game_typing_1(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out, err = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "4", "--save", str(save)], "1\n" * 5000)
    assert code == 0, err
    assert out.startswith("Seed 4 (play the same deal again with --seed 4)\n")
    assert "You are Player 1; the other seats are bots (heuristic)." in out
    assert "Your moves (type the number or the code):\n  1. Play " in out
    assert "Final table:" in out
    assert re.search(r"^Winner: Player [12]$", out, re.M)
    assert "A player reached the target number of game wins." in out
    assert f"Record saved to {save}." in out
    record = Record.from_json(save.read_text(encoding="utf-8"))
    assert record.seed == 4 and record.meta["seats"] == ["human", "heuristic"]
    # the saved game is exactly the one played: the human always took the first legal move
    game = record.make_game()
    state = game.initial_state(4)
    for action_code in record.actions:
        if game.current_player(state) == 0:
            assert action_code == game.legal_actions(state)[0].code
        state, _ = game.step(state, action_code)
    assert game.is_terminal(state)


def test_full_game_in_japanese(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "2", "--lang", "ja"], "1\n" * 5000)
    assert code == 0
    assert "シード 2" in out and "あなたはプレイヤー1です" in out
    assert "出せる手(番号かコードを入力):" in out
    assert re.search(r"^勝者: プレイヤー[12]$", out, re.M)
    assert "Player" not in out


def test_illegal_code_is_refused_with_the_reason(monkeypatch, capsys) -> None:
    seed, k, match, action = find_illegal_spot()
    reason = match.game.explain(match.state, action)
    assert not reason.ok
    typed = "1\n" * k + f"{action.code}\nq\n"
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", str(seed)], typed)
    assert code == 0
    assert f"You cannot play that: {reason.text('en')}" in out
    assert reason.reason == "up_and_down.illegal.not_higher"
    # the prompt repeats after the refusal, then q leaves
    after = out.split("You cannot play that:", 1)[1]
    assert "Player 1, your move (? for help): You left the game." in after


def test_illegal_code_in_japanese(monkeypatch, capsys) -> None:
    seed, k, match, action = find_illegal_spot()
    reason = match.game.explain(match.state, action)
    typed = "1\n" * k + f"{action.code}\nq\n"
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", str(seed), "--lang", "ja"], typed)
    assert code == 0
    assert f"その手は出せません: {reason.text('ja')}" in out
    assert "の上に" in reason.text("ja")


def test_card_not_in_hand_and_forced_code(monkeypatch, capsys) -> None:
    game = make("up_and_down", preset="basic", players=2)
    state = game.initial_state(7)
    missing = next(n for n in range(1, 10) if n not in state.hands[0])
    # '=N' reads N as a card code even though N is also a list number
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "7"], f"={missing}\nq\n")
    assert code == 0
    assert f"You cannot play that: {missing} is not in Player 1's hand." in out


def test_solo_opening_refuses_a_card_that_is_not_the_lowest(monkeypatch, capsys) -> None:
    game = make("up_and_down", preset="solo")
    state = game.initial_state(3)
    seat = game.current_player(state)
    lowest = game.legal_actions(state)[0]
    other = max(c for c in state.hands[seat] if c <= 100 and c != lowest.card)
    code, out, _ = run(monkeypatch, capsys, ["play", "up_and_down", "--preset", "solo", "--seed", "3"], f"{other}\nq\n")
    assert code == 0
    assert "Solo: you play every hand." in out
    verdict = game.explain(state, game.action_from_code(str(other)))
    assert f"You cannot play that: {verdict.text('en')}" in out


def test_solo_played_to_the_end(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, ["play", "up_and_down", "--preset", "solo", "--seed", "5"], "1\n" * 500)
    assert code == 0
    assert "Final table:" in out
    assert "bots" not in out


def test_hint(monkeypatch, capsys) -> None:
    game = make("up_and_down", preset="basic", players=2)
    state = game.initial_state(6)
    legal = game.legal_actions(state)
    advice = advise(make_bot("heuristic", game), game.observe(state, 0), legal, random.Random(0))
    number = legal.index(advice.action) + 1
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "6"], "h\nq\n")
    assert code == 0
    assert f"Hint: {number}. {advice.text('en')}" in out  # the reason names the move itself
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "6", "--lang", "ja"], "h\nq\n")
    assert f"ヒント: {number}. {advice.text('ja')}" in out


def test_undo_to_the_previous_turn(monkeypatch, capsys, tmp_path: Path) -> None:
    # Up or Down?: playing a hand card into the ring shows nothing new, so it can be taken back.
    save = tmp_path / "undo.json"
    argv = ["play", "up_or_down", "--players", "2", "--seed", "1", "--save", str(save)]
    code, out, _ = run(monkeypatch, capsys, argv, "1\nu\nq\n")
    assert code == 0
    assert "Taken back to your previous turn." in out
    # the table after the undo is the opening table again
    opening = out.split("\n\n", 2)[1]
    after_undo = out.split("Taken back to your previous turn.\n", 1)[1].lstrip("\n").split("\n\n")[0]
    assert opening.startswith("Up or Down?") and after_undo == opening
    assert Record.from_json(save.read_text(encoding="utf-8")).actions == ()


def test_undo_refuses_to_go_back_past_a_card_it_showed(monkeypatch, capsys, tmp_path: Path) -> None:
    # Up&Down: after a play the hand is refilled from the stock and the bot plays a card of its
    # own; going back would show the same cards again, so the move stays.
    save = tmp_path / "undo.json"
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "4", "--save", str(save)], "1\nu\nq\n")
    assert code == 0
    assert "Taken back" not in out and "This cannot be taken back" in out
    assert Record.from_json(save.read_text(encoding="utf-8")).actions != ()


def test_nothing_to_undo(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "4"], "u\nq\n")
    assert code == 0
    assert "There is no earlier turn of yours to go back to." in out
    assert out.count("Your moves") == 1  # the prompt simply repeats


def test_help_quit_and_eof(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1"], "?\nq\n")
    assert code == 0
    assert "What you can type:" in out and "h: ask the heuristic bot for a hint" in out
    assert out.rstrip().endswith("You left the game. See you next time!")
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1"], "")
    assert code == 0
    assert out.rstrip().endswith("No more input: leaving the game.")
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1", "--lang", "ja"], "1\n")
    assert code == 0
    assert out.rstrip().endswith("入力が終わったので、ゲームを終了します。")


def test_garbage_input_gets_a_friendly_message(monkeypatch, capsys) -> None:
    typed = "\nxyz\n0\n999\nS9\n-1\n=\n%s\n{}\n\u00bd\nq\n"
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1"], typed)
    assert code == 0
    assert out.count("is not something I understand") == 9
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1", "--lang", "ja"], "xyz\nq\n")
    assert "「xyz」は分かりませんでした" in out


def test_lowercase_special_code(monkeypatch, capsys) -> None:
    game = make("up_and_down", preset="basic", players=2)
    seed = next(s for s in range(100) if 101 in game.initial_state(s).hands[0])
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", str(seed)], "p\nq\n")
    assert code == 0
    assert "Player 1 plays Pass" in out  # the rest of the sentence says the number in force


def test_open_view_shows_the_bots_hands(monkeypatch, capsys) -> None:
    game = make("up_and_down", preset="basic", players=2)
    state = game.initial_state(3)
    bot_hand = " ".join(str(c) for c in sorted(state.hands[1]) if c <= 100)
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "3", "--open"], "q\n")
    assert code == 0 and "Open view" in out and bot_hand in out
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "3"], "q\n")
    assert bot_hand not in out and "5 cards (hidden)" in out


def test_seat_and_bots_options(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, ["play", "up_and_down", "--players", "3", "--seat", "2", "--seed", "1",
                                             "--bots", "random,heuristic"], "q\n")
    assert code == 0
    assert "You are Player 3; the other seats are bots (random, heuristic)." in out
    assert "> Player 3 (you)" in out


def test_random_seed_is_printed_and_replays(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2, "q\n")
    assert code == 0
    seed = int(re.match(r"Seed (\d+) ", out).group(1))
    first_table = out.split("\n\n")[1]
    code, again, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", str(seed)], "q\n")
    assert again.split("\n\n")[1] == first_table


def test_a_seed_replays_the_whole_game_bots_included(monkeypatch, capsys, tmp_path: Path) -> None:
    """At the terminal --seed fixes the deal and the bots' randomness (the record keeps it as
    ``bot_seed``), so random bots make the same moves again; the largest 64-bit seed works."""
    records = []
    for name in ("a.json", "b.json"):
        save = tmp_path / name
        code, _, err = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "5", "--bots", "random", "--save",
                                                                str(save)], "1\n" * 5000)
        assert code == 0, err
        records.append(Record.from_json(save.read_text(encoding="utf-8")))
    assert records[0] == records[1] and records[0].meta["bot_seed"] == 5
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", str(2**64 - 1)], "q\n")
    assert code == 0 and out.startswith(f"Seed {2**64 - 1} ")


def test_game_option_override(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1", "-o", "single_game=true"], "1\n" * 500)
    assert code == 0
    assert "The single game is over." in out


# --- bad options -------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "needles"), [
    (["play", "up_and_down", "--preset", "nope"], ["'preset'", "'basic', 'carry_over', 'cul_de_sac', 'solo'"]),
    (["play", "up_and_down", "--players", "9"], ["'players'", "from 2 to 7"]),
    (["simulate", "up_and_down", "--players", "1", "-n", "3"], ["'players'", "from 2 to 7"]),
    (["play", "up_and_down", "-o", "colour=red"], ["'colour'", "target_wins"]),
    (["play", "up_and_down", "-o", "target_wins"], ["KEY=VALUE"]),
    (["play", "up_and_down", "--seat", "5"], ["'seat'", "from 0 to 3"]),
    (["play", "up_and_down", "--bots", "wizard"], ["'bot'", "'random', 'heuristic'"]),
    (["play", "no_such_game"], ["'game'", "up_and_down"]),
    (["simulate", "up_and_down", "-n", "0"], ["'n'", "positive"]),
    (["play", "up_and_down", "--frobnicate"], ["--frobnicate"]),
    (["play", "up_and_down", "--seed", "-3"], ["--seed"]),
    (["play", "up_and_down", "--seed", str(2**64)], ["--seed"]),
    (["simulate", "up_and_down", "--seed", "x"], ["--seed"]),
    (["play", "up_and_down", "--lang", "fr"], ["fr"]),
])
def test_bad_options_exit_2_with_the_message(monkeypatch, capsys, argv, needles) -> None:
    code, out, err = run(monkeypatch, capsys, argv)
    assert code == 2
    for needle in needles:
        assert needle in err
    assert out == ""


def test_bad_option_message_in_japanese(monkeypatch, capsys) -> None:
    code, _, err = run(monkeypatch, capsys, ["play", "up_and_down", "--players", "9", "--lang", "ja"])
    assert code == 2 and err.startswith("設定が正しくありません: ")


def test_help_and_no_command(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, ["--lang", "ja", "play", "--help"])
    assert code == 0 and "あなたの席番号" in out
    code, out, _ = run(monkeypatch, capsys, [])
    assert code == 2 and "simulate" in out


# --- simulate, list, replay --------------------------------------------------------------------
def test_simulate_prints_the_table(monkeypatch, capsys) -> None:
    code, out, err = run(monkeypatch, capsys, ["simulate", "up_and_down", "--preset", "basic", "-n", "30",
                                               "--players", "3", "--bots", "heuristic,random,random", "--seed", "1"])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Up&Down, preset basic, 3 players: 30 games from seed 1"
    header = next(line for line in lines if "Win rate" in line)
    assert "95% interval" in header and "Bot" in header
    rows = [line for line in lines if re.match(r"\s+Player \d", line)]
    assert len(rows) == 3 and "heuristic" in rows[0] and "random" in rows[2]
    assert all(re.search(r"\d+\.\d% – \d+\.\d%", row) for row in rows)
    assert re.search(r"Mean length: \d+\.\d decisions per game", out)
    assert "Mean number of games per match:" in out
    assert "30 (100.0%): A player reached the target number of game wins." in out


def test_simulate_is_reproducible_and_worker_independent(monkeypatch, capsys) -> None:
    argv = ["simulate", "up_and_down", "--preset", "carry_over", "-n", "60", "--players", "3", "--bots", "random"]
    _, one, _ = run(monkeypatch, capsys, argv)
    _, two, _ = run(monkeypatch, capsys, argv + ["--workers", "2"])
    assert one == two


def test_simulate_cul_de_sac_in_japanese(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, ["simulate", "up_and_down", "--preset", "cul_de_sac", "-n", "20",
                                             "--players", "3", "--lang", "ja"])
    assert code == 0
    assert "ミッション成功率:" in out and "チームの平均スコア:" in out and "勝率" in out
    assert "Mean number of games" not in out and "1対戦あたり" not in out


def test_simulate_without_pandas(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # makes `import pandas` raise ImportError
    code, out, err = run(monkeypatch, capsys, ["simulate", "up_and_down", "-n", "3"])
    assert code == 1
    assert "pip install -e .[sim]" in err


def test_list(monkeypatch, capsys) -> None:
    code, out, _ = run(monkeypatch, capsys, ["list"])
    assert code == 0
    assert "Up&Down (up_and_down), 2 to 7 players" in out
    for preset in ("basic", "carry_over", "cul_de_sac", "solo"):
        assert f"  {preset}: " in out
    code, out, _ = run(monkeypatch, capsys, ["list", "--lang", "ja"])
    assert "アップんダウン(up_and_down)、2〜7人" in out


def test_replay_of_a_saved_record(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "8", "--save", str(save)], "1\n" * 5000)
    code, out, _ = run(monkeypatch, capsys, ["replay", str(save)])
    assert code == 0
    record = Record.from_json(save.read_text(encoding="utf-8"))
    assert out == render_record(record, "en") + "\n"
    assert out.startswith("Up&Down (preset basic, 2 players, seed 8)\n1. Player 1: Play ")
    code, out, _ = run(monkeypatch, capsys, ["replay", str(save), "--lang", "ja"])
    assert code == 0 and out.startswith("アップんダウン(プリセット basic、2人、シード 8)")
    assert "結果" in out


def test_replay_of_a_quit_game(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "8", "--save", str(save)], "1\n1\nq\n")
    code, out, _ = run(monkeypatch, capsys, ["replay", str(save)])
    assert code == 0 and "the game is not over" in out


@pytest.mark.parametrize(("content", "needle"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    (json.dumps({"format": "other"}), "unknown record format"),
    (None, "is illegal"),
    (None, "is not an action"),
])
def test_corrupt_record(monkeypatch, capsys, tmp_path: Path, content, needle) -> None:
    path = tmp_path / "bad.json"
    if content is None:
        game = make("up_and_down", preset="basic", players=2)
        state = game.initial_state(1)
        legal = {a.code for a in game.legal_actions(state)}
        bad = "S9x" if needle == "is not an action" else next(
            str(c) for c in range(1, 101) if str(c) not in legal)
        content = Record.start(game, 1).with_actions((bad,)).to_json()
    path.write_text(content, encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, ["replay", str(path)])
    assert code == 2 and out == ""
    assert err.startswith("Cannot read the record: ") and needle in err


def test_replay_missing_or_binary_file(monkeypatch, capsys, tmp_path: Path) -> None:
    code, _, err = run(monkeypatch, capsys, ["replay", str(tmp_path / "nope.json")])
    assert code == 2 and err.startswith("Cannot open ")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(monkeypatch, capsys, ["replay", str(binary), "--lang", "ja"])
    assert code == 2 and "を開けません" in err


def test_python_dash_m(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "tablekit", "list"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "up_and_down" in done.stdout
    done = subprocess.run([sys.executable, "-m", "tablekit", "play", "up_and_down", "--players", "8"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "'players'" in done.stderr and "Traceback" not in done.stderr


def test_full_width_input_is_understood(monkeypatch, capsys) -> None:
    game = make("up_and_down", preset="basic", players=2)
    first = game.legal_actions(game.initial_state(1))[0]
    code, out, _ = run(monkeypatch, capsys, PLAY_BASIC_2 + ["--seed", "1", "--lang", "ja"], "\uff11\nq\n")
    assert code == 0
    assert f"プレイヤー1が{first.card}を出しました。" in out


# --- classroom ------------------------------------------------------------------------------------
def test_classroom_teacher_link_prints_the_key_the_store_checks(monkeypatch, capsys, tmp_path: Path) -> None:
    from urllib.parse import parse_qs, urlsplit

    from tablekit.classroom import ClassStore

    db = tmp_path / "class.sqlite"
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(db))
    monkeypatch.delenv("TABLEKIT_TEACHER_KEY", raising=False)

    def link(*extra: str) -> tuple[int, str]:
        code, out, err = run(monkeypatch, capsys, ["classroom", "teacher-link", *extra])
        assert err == ""
        return code, out.strip().splitlines()[-1]

    code, url = link()
    parts = urlsplit(url)
    assert code == 0 and url.startswith("http://127.0.0.1:8866/voila/render/teacher.ipynb?key=")
    key = parse_qs(parts.query)["key"][0]
    with ClassStore(str(db)) as store:
        assert store.check_teacher_key(key)
    assert link()[1] == url  # the same link again
    code, other = link("--base-url", "http://192.168.1.20:8866/", "--lang", "ja")
    assert other == f"http://192.168.1.20:8866/voila/render/teacher.ipynb?key={key}&lang=ja"
    code, new = link("--new")
    new_key = parse_qs(urlsplit(new).query)["key"][0]
    assert code == 0 and new_key != key
    with ClassStore(str(db)) as store:
        assert store.check_teacher_key(new_key) and not store.check_teacher_key(key)
    code, out, err = run(monkeypatch, capsys, ["classroom", "teacher-link", "--base-url", "192.168.1.20:8866"])
    assert code == 2 and "http://" in err and out == ""
    monkeypatch.setenv("TABLEKIT_TEACHER_KEY", "set-by-the-school")
    assert link()[1].endswith("key=set-by-the-school")
    code, out, err = run(monkeypatch, capsys, ["classroom", "teacher-link", "--new"])
    assert code == 2 and "TABLEKIT_TEACHER_KEY" in err


def test_classroom_backup(monkeypatch, capsys, tmp_path: Path) -> None:
    from tablekit.classroom import ClassStore

    db = tmp_path / "class.sqlite"
    with ClassStore(str(db)) as store:
        cls = store.create_class("5B")
    code, out, err = run(monkeypatch, capsys, ["classroom", "backup", str(tmp_path / "copy.sqlite"), "--db", str(db)])
    assert code == 0 and str(tmp_path / "copy.sqlite") in out
    with ClassStore(str(tmp_path / "copy.sqlite")) as copy:
        assert copy.classes() == [cls]
    code, out, err = run(monkeypatch, capsys, ["classroom", "backup", str(tmp_path / "no" / "copy.sqlite"),
                                               "--db", str(db), "--lang", "ja"])
    assert code == 1 and "バックアップ" in err
    code, out, err = run(monkeypatch, capsys, ["classroom", "backup", "x.sqlite", "--db", "nosuchdriver://x"])
    assert code == 2 and "nosuchdriver" in err
    code, out, err = run(monkeypatch, capsys, ["classroom"])
    assert code == 2 and "teacher-link" in out
