"""RuleWalkthrough without a browser: every lesson can be finished through the widget, "your
turn" steps refuse wrong moves with feedback, and requests are checked."""

from __future__ import annotations

import pytest
from helpers_async import run_on_own_loop

from tablekit.widgets.walkthrough import RuleWalkthrough, lessons_for

LESSONS = lessons_for("up_and_down")


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
def test_every_lesson_can_be_finished_in_the_widget(index: int) -> None:
    w = RuleWalkthrough(autoplay_delay=0)
    w.handle({"type": "lesson", "index": index})
    assert w.lesson["title"] != LESSONS[index].title  # translated, not the raw code
    your_turns = 0
    for _ in range(200):
        info = w.lesson
        assert info["narration"] and not info["narration"].startswith("lesson.")
        if info["your_turn"]:
            your_turns += 1
            step = w.current.steps[w.position]
            other = [a.code for a in w.match.legal_actions() if a.code != step.action]
            before = w.position
            w.handle({"type": "play", "code": other[0]})
            assert w.message_kind == "refusal" and w.position == before
            w.handle({"type": "next"})  # "next" does not skip a your-turn step
            assert w.position == before
            w.handle({"type": "play", "code": step.action})
            assert w.message_kind == "hint" and w.position == before + 1
        elif info["can_next"]:
            w.handle({"type": "next"})
        else:
            break
    assert your_turns >= 1
    assert w.lesson["step"] == w.lesson["total"]


def test_previous_replays_to_the_earlier_step() -> None:
    w = RuleWalkthrough(autoplay_delay=0)
    w.handle({"type": "next"})
    w.handle({"type": "next"})
    after_two = w.match.state
    w.handle({"type": "next"})
    w.handle({"type": "prev"})
    assert w.position == 2 and w.match.state == after_two


def test_autoplay_runs_to_the_next_your_turn_step() -> None:
    w = RuleWalkthrough(autoplay_delay=0)
    w.handle({"type": "autoplay", "on": True})
    assert w.lesson["your_turn"] or w.lesson["step"] == w.lesson["total"]
    assert not w.lesson["autoplay"]


def test_show_me_plays_the_answer() -> None:
    w = RuleWalkthrough(autoplay_delay=0)
    w.handle({"type": "autoplay", "on": True})
    if w.lesson["your_turn"]:
        before = w.position
        w.handle({"type": "show"})
        assert w.position == before + 1


def test_requests_are_checked_and_japanese_works() -> None:
    w = RuleWalkthrough(autoplay_delay=0)
    for bad in ({"type": "lesson", "index": 999}, {"type": "play", "code": 5}, {"type": "zap"}, [1, 2]):
        w.handle(bad)
        assert w.message_kind == "error"
    w.handle({"type": "lang", "lang": "ja"})
    assert w.labels["next"] == "次へ" and w.lesson["narration"]


def test_every_table_word_the_front_end_uses_has_a_label() -> None:
    """play_table.js falls back to the raw key for a missing label: none may be missing."""
    import re

    from tablekit.widgets.play_table import STATIC

    js = (STATIC / "play_table.js").read_text()
    used = set(re.findall(r'\bL\("([a-z_]+)"\)', js))
    for widget in (RuleWalkthrough("page_one"), RuleWalkthrough("up_and_down")):
        assert used <= set(widget.labels), sorted(used - set(widget.labels))


def test_autoplay_in_an_event_loop_steps_until_a_your_turn_step() -> None:
    import asyncio

    async def scenario() -> None:
        w = RuleWalkthrough(autoplay_delay=0.001)
        w.handle({"type": "autoplay", "on": True})
        assert w.lesson["autoplay"] and w.position == 0  # the steps wait for the loop
        for _ in range(2000):
            if not w.lesson["autoplay"]:
                break
            await asyncio.sleep(0.002)
        assert not w.lesson["autoplay"] and w.position > 0
        assert w.lesson["your_turn"] or w.lesson["step"] == w.lesson["total"]

    run_on_own_loop(scenario)
