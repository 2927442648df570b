"""The session controller: seats, bot turns, hints, undo and replay, without any widget."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from tablekit import Match, Record, list_games, make
from tablekit.bots import advise, make_bot
from tablekit.core import derive_seed
from tablekit.core import deal_code
from tablekit.core.errors import ConfigError, IllegalActionError, InvalidActionError, RecordError
from tablekit.core.registry import presets
from tablekit.i18n import tr
from tablekit.session import Session, hint_bot_name, human_seats


def basic(players: int = 3, seed: int = 5, seat: int = 0, bots: str | list[str] = "heuristic") -> Session:
    return Session(make("up_and_down", preset="basic", players=players), seed, seat, bots)


def play_to_end(session: Session, limit: int = 5000) -> None:
    session.run_bots()
    for _ in range(limit):
        if session.is_over:
            return
        session.play(session.legal_actions()[0])
        session.run_bots()
    pytest.fail("the game did not end")


def test_the_person_plays_the_seats_the_spec_names() -> None:
    assert basic(seat=2).humans == {2}
    solo = Session(make("up_and_down", preset="solo"), 4)
    assert solo.humans == {0, 1, 2, 3} and solo.solo
    assert solo.run_bots() == []  # no bot ever moves in solo
    assert not basic().solo
    with pytest.raises(ConfigError, match="'seat'"):
        human_seats(make("up_and_down", players=3), -1)


def test_bots_are_checked_per_seat() -> None:
    with pytest.raises(ConfigError, match="'bots'"):
        basic(bots=["random", "random"])
    with pytest.raises(ConfigError, match="'bot'"):
        basic(bots="wizard")
    session = basic(bots=["heuristic", "random", "heuristic"])
    assert [b.name for b in session.bots] == ["heuristic", "random", "heuristic"]


def test_bot_moves_follow_the_per_position_streams() -> None:
    """The same moves as bots drawing from ``derive_seed(bot_seed, "bot", seat, step)``."""
    game = make("up_and_down", preset="basic", players=3)
    session = Session(game, 9, 0, "random", bot_seed=123)
    match = Match(game, 9)
    bot = make_bot("random", game)
    for _ in range(6):
        if session.is_over:
            break
        assert session.human_to_play == 0
        first = session.legal_actions()[0]
        session.play(first)
        match.play(first)
        session.run_bots()
        while not match.is_over and match.current_player != 0:
            seat = match.current_player
            rng = random.Random(derive_seed(123, "bot", seat, match.step_index))
            match.play(bot.choose(match.observe(seat), match.legal_actions(), rng))
        assert session.state == match.state
    assert session.step_index > 6  # the bots moved


def test_run_bots_stops_at_the_limit_and_at_the_persons_turn() -> None:
    session = basic(players=4, seat=3)  # player 1 leads: three bots move first
    assert session.human_to_play is None and session.current_player == 0
    one = session.run_bots(limit=1)
    assert len(one) == 1 and session.step_index == 1
    rest = session.run_bots()
    assert session.human_to_play == 3 and session.step_index == 1 + len(rest)
    assert session.bot_move() is None and session.run_bots() == []


def test_play_refuses_with_the_rules_reason_and_changes_nothing() -> None:
    session = basic(players=4, seat=3)
    with pytest.raises(IllegalActionError) as refused:
        session.play(session.legal_actions()[0])  # a bot's turn
    assert refused.value.verdict.reason == "core.illegal.not_your_turn"
    assert "not your turn" in refused.value.text("en") and session.step_index == 0
    moved = len(session.run_bots())
    before = session.state
    hand = {str(c) for c in session.state.hands[3]}
    missing = next(str(n) for n in range(1, 101) if str(n) not in hand)
    with pytest.raises(IllegalActionError) as illegal:
        session.play(missing)
    assert illegal.value.verdict.reason.startswith("up_and_down.illegal.")
    with pytest.raises(InvalidActionError):
        session.play("not a code")
    assert (session.state, session.step_index) == (before, moved)  # only the bots moved
    play_to_end(session)
    with pytest.raises(IllegalActionError) as over:
        session.play("P")
    assert over.value.verdict.reason == "core.game_over"


def test_hint_is_the_heuristic_advice_and_only_on_the_persons_turn() -> None:
    session = basic(players=4, seed=3)
    game = session.game
    advice = session.hint()
    assert advice is not None
    expected = advise(make_bot("heuristic", game), game.observe(session.state, 0), session.legal_actions(),
                      random.Random(0))
    assert advice.action == expected.action and advice.text("en") == expected.text("en")
    assert session.hint() == advice  # the same position gets the same hint
    waiting = basic(players=4, seat=3)
    assert waiting.hint() is None


def test_hint_falls_back_to_the_random_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    assert hint_bot_name("page_one") == "heuristic"
    monkeypatch.setattr("tablekit.session.bot_names", lambda game: ("random",))
    session = basic()
    assert hint_bot_name(session.game) == "random"
    advice = session.hint()
    assert advice is not None and advice.reason == "core.hint.random"
    assert advice.action in session.legal_actions()


def test_undo_goes_back_to_the_persons_previous_turn() -> None:
    session = basic(players=4, seed=3)
    assert not session.undo()  # nothing to take back at the deal
    assert session.can_undo().reason == "core.undo.nothing"
    opening = session.state
    session.play(session.legal_actions()[0])
    session.run_bots()
    assert session.step_index > 1 and session.human_to_play == 0
    # The bots' cards were hidden from the person: going back would show them again.
    with pytest.raises(IllegalActionError) as refused:
        session.undo()
    assert refused.value.verdict.reason == "core.undo.seen_other" and session.step_index > 1
    # In the open-hand teaching view every hand is shown anyway: undo stays free.
    assert session.undo(open_hands=True) and session.state == opening and session.step_index == 0


def test_undo_in_solo_is_one_step() -> None:
    session = Session(make("up_and_down", preset="solo"), 4)
    states = [session.state]
    for _ in range(3):
        session.play(session.legal_actions()[0])
        states.append(session.state)
    assert session.undo(open_hands=True) and session.state == states[2]
    assert session.undo(open_hands=True) and session.state == states[1]


def test_solo_undo_keeps_the_stock_hidden() -> None:
    """Solo hands are open, but the stock is not: a play refills the hand from it."""
    session = Session(make("up_and_down", preset="solo"), 4)
    session.play(session.legal_actions()[0])
    assert session.revealed(1)
    assert session.can_undo() == (False, "core.undo.seen_hand", {})
    with pytest.raises(IllegalActionError, match="came into your hand"):
        session.undo()
    assert session.step_index == 1


def test_undo_off() -> None:
    session = Session(make("up_or_down", players=2), 1, allow_undo=False)
    session.play("play:24")
    assert session.can_undo() == (False, "core.undo.off", {})
    with pytest.raises(IllegalActionError) as refused:
        session.undo(open_hands=True)  # off means off, open hands or not
    assert refused.value.text("ja") == tr("core.undo.off", "ja") and session.step_index == 1


def test_a_move_that_shows_nothing_new_can_be_taken_back() -> None:
    """Up or Down?: a hand card played into the ring and a ring card taken stay in view."""
    session = Session(make("up_or_down", players=2), 1)
    session.play("play:24")
    taken = next(a for a in session.legal_actions() if a.code.startswith("take:"))
    session.play(taken)
    assert not session.revealed(1) and not session.revealed(2)
    assert session.undo() and session.step_index == 1
    assert session.undo() and session.step_index == 0


def first(session: Session, prefix: str) -> str:
    return next(a.code for a in session.legal_actions() if a.code.startswith(prefix))


def test_a_card_drawn_face_down_cannot_be_taken_back() -> None:
    """Up or Down?: the face-down draw shows the top of the stock; drawing again after an undo
    would show the same card, so the undo is refused and nothing changes."""
    session = Session(make("up_or_down", players=2), 1, bot_seed=5)
    while "draw:down" not in {a.code for a in session.legal_actions()}:
        session.play(session.legal_actions()[0])
    session.play("draw:down")
    drawn = session.step_index
    assert session.revealed(drawn)
    session.run_bots()
    with pytest.raises(IllegalActionError) as refused:
        session.undo()
    assert refused.value.verdict.reason in ("core.undo.seen_hand", "core.undo.seen_other")
    assert session.step_index >= drawn
    assert session.can_undo(open_hands=True).ok


def test_the_kitty_cannot_be_taken_back() -> None:
    """Ultimate: the learner bids 60, the bots pass, the kitty comes into the learner's hand."""
    session = Session(make("ultimate"), 0, bots="random", bot_seed=1)
    session.run_bots()
    session.play("bid:60")
    session.run_bots()
    assert first(session, "discard:")  # the declarer discards: the kitty is in the hand
    assert session.can_undo() == (False, "core.undo.seen_hand", {})
    assert session.can_undo(open_hands=True).ok
    # The discards that follow show nothing new: one of them can be taken back.
    session.play(first(session, "discard:"))
    at = session.step_index
    session.play(first(session, "discard:"))
    assert session.undo() and session.step_index == at




@pytest.mark.parametrize("name", list_games())
def test_an_undo_never_shows_a_card_the_person_had_not_seen(name: str) -> None:
    """Over random games of every preset: whenever undo is allowed, every card face seen since
    the person's previous turn had been seen by then; when it is refused for a card, some move
    since then showed a face seen fewer times just before it."""
    allowed = refused = 0
    for preset in presets(name):
        session = Session(make(name, preset=preset), 7, bots="random", bot_seed=7)
        rng = random.Random(7)
        seen: dict[int, Counter] = {}  # step -> the faces seen then (the game only moves on here)

        def seen_at(step: int) -> Counter:
            if step not in seen:
                seen[step] = session.seen(step)
            return seen[step]

        def faces_seen(first_step: int, last_step: int) -> set[tuple[str, str]]:
            return {face for step in range(first_step, last_step + 1) for face in seen_at(step)}

        session.run_bots()
        while not session.is_over and session.step_index < 80:
            now = session.step_index
            verdict = session.can_undo()
            earlier = [step for step in range(now) if session.game.current_player(session.match.states[step])
                       in session.humans]
            if verdict.ok:
                target = earlier[-1]
                assert faces_seen(target + 1, now) <= faces_seen(0, target)
                allowed += 1
            elif verdict.reason != "core.undo.nothing":
                assert any(seen_at(step) - seen_at(step - 1) for step in range(earlier[-1] + 1, now + 1))
                refused += 1
            session.play(rng.choice(session.legal_actions()))
            session.run_bots()
    assert refused > 0


def test_replay_positions_and_events() -> None:
    session = basic(players=2, seed=8)
    play_to_end(session)
    end = session.step_index
    assert session.state_at(end) == session.state and session.state_at(0) == Match(session.game, 8).state
    assert session.events_at(0) == ()
    assert session.events_between(1, end) == [e for i in range(1, end + 1) for e in session.events_at(i)]
    for bad in (-1, end + 1, True, "2"):
        with pytest.raises(ValueError):
            session.state_at(bad)  # type: ignore[arg-type]
    earlier = session.view("en", step=1)
    assert not any(c["playable"] for z in earlier["zones"] for c in z.get("cards", []))
    assert session.view("ja")["over"]


def test_the_record_names_the_seats_and_replays() -> None:
    session = basic(players=3, seed=2, seat=1, bots=["random", "heuristic", "random"])
    session.run_bots()
    session.play(session.legal_actions()[0])
    session.run_bots()
    record = Record.from_json(session.record().to_json())
    assert record.meta["seats"] == ["random", "human", "random"]
    assert Match.from_record(record).state == session.state


def test_a_page_one_game_to_the_end() -> None:
    session = Session(make("page_one", players=3), 11, seat=1)
    play_to_end(session)
    assert session.outcome() is not None and session.human_to_play is None and session.hint() is None


# --- the bots' seed ----------------------------------------------------------------------------
def first_move_game(game_name: str, seed: int, bot_seed: int | None, players: int = 3) -> Session:
    """A whole game: the person always takes the first legal move, random bots the others."""
    session = Session(make(game_name, players=players), seed, 0, "random", bot_seed=bot_seed)
    play_to_end(session)
    return session


@pytest.mark.parametrize("game_name", ["up_and_down", "page_one"])
def test_the_bot_seed_changes_the_bots_not_the_deal(game_name: str) -> None:
    a, b = first_move_game(game_name, 4, 1), first_move_game(game_name, 4, 2)
    assert a.state_at(0) == b.state_at(0)  # the same cards, dealt the same way
    assert a.record().actions != b.record().actions  # the bots chose differently
    again = first_move_game(game_name, 4, 1)
    assert again.record() == a.record() and again.state == a.state


def test_by_default_the_bot_seed_is_fresh_and_not_the_deals() -> None:
    game = make("up_and_down", players=3)
    seeds = [Session(game, 7).bot_seed for _ in range(8)]
    assert len(set(seeds)) == 8 and 7 not in seeds
    assert max(seeds) >= 2**48  # 64 random bits (all eight below 2**48: 1 in 2**128)
    assert all(0 <= s < 2**64 for s in seeds)
    with pytest.raises(ValueError, match="seed"):
        Session(game, 7, bot_seed=-1)
    with pytest.raises(ValueError, match="seed"):
        Session(game, 7, bot_seed=2**64)


def test_a_shared_deal_code_gives_every_learner_the_same_deal() -> None:
    teacher = Session(make("page_one", preset="classic", players=4), deal_code.random_seed())
    code = deal_code.encode("page_one", "classic", 4, teacher.seed)
    learners = []
    for _ in range(2):
        game_name, preset, players, seed = deal_code.decode(code)
        learners.append(Session(make(game_name, preset=preset, players=players), seed))
    assert all(s.state == teacher.state for s in learners)
    assert len({teacher.bot_seed, *(s.bot_seed for s in learners)}) == 3  # but their own bots
    assert f"{teacher.bot_seed:X}" not in code


def test_the_same_position_gets_the_same_bot_move_after_an_undo() -> None:
    session = basic(players=4, seed=3, bots="random")
    session.bot_seed = 99
    session.play(session.legal_actions()[0])
    session.run_bots()
    first = session.record()
    assert session.undo(open_hands=True)
    session.play(session.legal_actions()[0])
    session.run_bots()
    assert session.record() == first


def test_from_record_replays_and_the_bots_go_on_the_same() -> None:
    game = make("up_and_down", preset="basic", players=3)
    original = Session(game, 12, 1, ["random", "heuristic", "random"], bot_seed=2**64 - 1)
    original.run_bots()
    original.play(original.legal_actions()[0])
    original.run_bots()
    record = Record.from_json(original.record().to_json())
    assert record.meta == {"seats": ["random", "human", "random"], "bot_seed": 2**64 - 1}
    copy = Session.from_record(record)
    assert (copy.seat, copy.humans, copy.bot_names) == (1, {1}, ("random", "heuristic", "random"))
    assert (copy.seed, copy.bot_seed, copy.state, copy.step_index) == (12, 2**64 - 1, original.state,
                                                                       original.step_index)
    assert Match.from_record(record).state == original.state
    play_to_end(original)
    play_to_end(copy)
    assert copy.record() == original.record()
    assert copy.hint() is None and copy.outcome() == original.outcome()


def test_from_record_arguments_and_bad_records() -> None:
    game = make("up_and_down", preset="basic", players=2)
    session = Session(game, 5, 0, "random", bot_seed=8)
    session.play(session.legal_actions()[0])
    record = session.record()
    other = Session.from_record(record, seat=1, bots="heuristic", bot_seed=3)
    assert (other.seat, other.bot_names, other.bot_seed) == (1, ("heuristic", "heuristic"), 3)
    assert other.state == session.state
    old = dataclasses.replace(record, meta={})  # an older record: seat 0, default bots, a fresh seed
    assert Session.from_record(old).state == session.state and Session.from_record(old).seat == 0
    with pytest.raises(RecordError, match="bot_seed"):
        Session.from_record(dataclasses.replace(record, meta={"bot_seed": "8"}))
    with pytest.raises(RecordError, match="action 1"):
        Session.from_record(record.with_actions((*record.actions, "ZZ")))
    with pytest.raises(RecordError, match="illegal"):
        Session.from_record(record.with_actions(record.actions * 2))
