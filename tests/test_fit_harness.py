"""The fit harness (``tests/browser/fit_harness.py``) shown every other stop still shows each
case's first and last stop and passes over one stop at a time at most, and it plays the same
games: the stops it shows are stops of the full run."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from fit_harness import LessonStops, PlayStops, Stops, play_cases  # noqa: E402


def shown(stops: Stops) -> list[tuple[int, str, str, bool]]:
    """(stop, case, what the table shows, last of its case?) at every stop the page is shown."""
    seen = []
    while True:
        seen.append((stops.stop, stops._case_name(), repr(stops._table().view.get("prompt")), stops._last()))
        if stops.done:
            return seen
        stops.advance()


def check_every_other(one: list[tuple[int, str, str, bool]], two: list[tuple[int, str, str, bool]]) -> None:
    assert set(two) <= set(one), "every other stop shows stops of the full run only"
    cases = {case for _, case, _, _ in one}
    for case in cases:
        full = [s for s in one if s[1] == case]
        half = [s for s in two if s[1] == case]
        assert half[0] == full[0] and half[-1][:3] == full[-1][:3], case  # first and last shown
        gaps = [b[0] - a[0] for a, b in zip(half, half[1:])]
        assert gaps and max(gaps) <= 2, (case, gaps)
        assert len(half) < len(full), case


@pytest.mark.parametrize("game", ["page_one", "up_and_down"])
def test_play_stops_every_other_keep_first_and_last(game: str) -> None:
    cases: list[Any] = [c for c in play_cases([game])][:2]
    one = shown(PlayStops("en", cases).begin())
    two = shown(PlayStops("en", cases, every=2).begin())
    check_every_other(one, two)


def test_lesson_stops_every_other_keep_first_and_last() -> None:
    cases = [("up_and_down", 0), ("up_and_down", 1)]
    check_every_other(shown(LessonStops("en", cases).begin()), shown(LessonStops("en", cases, every=2).begin()))
