"""Problems are told in sentences of the catalogues, in the page's language, repeating at most
a short, escaped excerpt of what was typed: the deal-code box, teacher links, bad options, and
whatever an exception says (its text never reaches a page)."""

from __future__ import annotations

import dataclasses
import html
import re
from typing import Any

import pytest

from tablekit.core.errors import ConfigError, InvalidActionError, RecordError, TablekitError
from tablekit.core.registry import list_games, make, presets
from tablekit.i18n import EXCERPT_LIMIT, Verbatim, tr
from tablekit.widgets.dashboards import explore_dashboard, learn_dashboard, play_dashboard
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.problems import problem_text

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
HUGE = "UD-B4-" + "7" * 200_000  # 200 KB typed into a deal-code box
SECRET = "internal detail 0xDEADBEEF"  # what an exception might say


def alert_text(value: str) -> str:
    """The words of a problem line (its HTML unescaped), and a check that it is one escaped line."""
    match = re.fullmatch(r'<div class="tk-problem" role="alert">([^<>]*)</div>', value)
    assert match, value
    return html.unescape(match.group(1))


def longest_run(text: str, alphabet: str) -> int:
    """The longest run of characters from ``alphabet`` in ``text`` (how much of a typed value is repeated)."""
    return max((len(m) for m in re.findall(f"[{re.escape(alphabet)}]+", text)), default=0)


# --- the deal-code box of the play page ----------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_huge_deal_code_gets_a_sentence_and_a_short_excerpt(lang: str) -> None:
    page = play_dashboard(bot_delay=0, query=f"lang={lang}")
    before = (page.table.deal_code, page.table.match.state)
    page.code.value = HUGE  # Enter in the box deals it
    text = alert_text(page.problem.value)
    assert text == tr("widgets.dash.problem", lang, detail=tr("widgets.table.bad_deal_code", lang,
                                                                code=Verbatim(HUGE)))
    assert longest_run(text, "7") <= EXCERPT_LIMIT and "…" in text
    assert len(page.problem.value) < 300
    assert (page.table.deal_code, page.table.match.state) == before  # nothing changed
    assert bool(JAPANESE.search(text)) == (lang == "ja")


def test_markup_typed_into_the_box_is_escaped() -> None:
    page = play_dashboard(bot_delay=0, query="")
    page.code.value = '<img src=x onerror="alert(1)">'
    assert "<img" not in page.problem.value and "&lt;img" in page.problem.value
    assert alert_text(page.problem.value).startswith(tr("widgets.dash.problem", "en", detail="")[:10])


def test_a_deal_code_with_too_many_players_names_the_range_in_the_pages_language() -> None:
    page = play_dashboard(bot_delay=0, query="lang=ja")
    page.code.value = "UD-B9-1"  # Up&Down takes 2 to 7 players
    text = alert_text(page.problem.value)
    assert "人数" in text and "2" in text and "7" in text and "must" not in text
    page.set_lang("en")  # the problem line follows the page's language
    assert "Players must be a whole number from 2 to 7 (not 9)." in alert_text(page.problem.value)


def test_a_code_naming_no_game_is_told_so() -> None:
    page = play_dashboard(bot_delay=0, query="")
    page.code.value = "ZZ-B4-1"
    assert tr("widgets.problem.deal_code_unknown", "en", value="ZZ") in alert_text(page.problem.value)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tables_own_deal_box_answers_with_a_sentence(lang: str) -> None:
    table = PlayTable(players=3, seed=2, bot_delay=0, lang=lang)
    before = table.match.state
    table.handle({"type": "new", "deal": "<b>" + "Q" * 900})
    assert table.message == tr("widgets.table.bad_deal_code", lang, code=Verbatim("<b>" + "Q" * 900))
    assert longest_run(table.message, "Q") <= EXCERPT_LIMIT
    table.handle({"type": "new", "deal": HUGE})  # larger than any request may be: refused as such
    assert table.message == tr("widgets.table.bad_request", lang) and "777" not in table.message
    assert table.match.state == before


# --- teacher links --------------------------------------------------------------------------
def test_a_bad_teacher_link_is_told_in_the_links_language() -> None:
    page = play_dashboard(bot_delay=0, query="lang=ja&deal=" + "<i>" + "9" * 200_000)
    assert page.lang == "ja" and page.table.lang == "ja"  # the link's language, though the link is wrong
    text = alert_text(page.problem.value)
    assert text.startswith(tr("widgets.dash.problem", "ja", detail="")) and "配札コード" in text
    assert "<i>" in text and "<i>" not in page.problem.value  # shown as typed, escaped in the HTML
    assert longest_run(text, "9") <= EXCERPT_LIMIT


def test_a_bad_lesson_on_the_learn_page_is_told_in_japanese() -> None:
    page = learn_dashboard(autoplay_delay=0, query="game=up_and_down&lesson=" + "x" * 5000 + "&lang=ja")
    text = alert_text(page.problem.value)
    assert page.lang == "ja" and JAPANESE.search(text) and longest_run(text, "x") <= EXCERPT_LIMIT


def test_the_explore_page_words_a_bad_link_in_the_pages_language_both_ways() -> None:
    page = explore_dashboard(n=10, query="game=up_and_down&players=99&lang=ja")
    text = alert_text(page.problem.value)
    assert page.lang == "ja" and JAPANESE.search(text) and "99" in text
    page.set_lang("en")
    assert alert_text(page.problem.value).startswith("That did not work: In the link, players=99")


# --- every bad option, worded from the catalogues ---------------------------------------------
def bad_option_errors() -> list[ConfigError]:
    """The ConfigError of a far too long text for every option of every game's presets, and of
    an out-of-range number for every numeric option."""
    errors: list[ConfigError] = []
    for game in list_games():
        for preset, config in presets(game).items():
            for field in dataclasses.fields(config):
                for bad in ("x" * 1000, 10**9):
                    try:
                        make(game, preset=preset, **{field.name: bad})
                    except ConfigError as exc:
                        errors.append(exc)
            break  # one preset per game: the fields are the same
    return errors


def test_every_bad_option_is_worded_in_both_languages_without_the_exceptions_text() -> None:
    errors = bad_option_errors()
    assert len(errors) > 100
    for exc in errors:
        for lang in ("en", "ja"):
            text = problem_text(exc, lang)
            assert str(exc) not in text and "must be an integer" not in text and "(got" not in text, text
            assert longest_run(text, "x") <= EXCERPT_LIMIT, text
            assert bool(JAPANESE.search(text)) == (lang == "ja"), text


def test_an_errors_own_text_never_reaches_a_table(monkeypatch: pytest.MonkeyPatch) -> None:
    for error in (TablekitError(SECRET), InvalidActionError(SECRET), RecordError(SECRET), ValueError(SECRET),
                  ConfigError("up_and_down", "mode", SECRET, SECRET)):
        for lang in ("en", "ja"):
            table = PlayTable(players=3, seed=1, bot_delay=0, lang=lang)

            def broken(*_args: Any, error: BaseException = error) -> Any:
                raise error

            monkeypatch.setattr(table.session, "play", broken)
            table.handle({"type": "play", "code": table.view["actions"][0]["code"]})
            assert table.message_kind == "error" and table.message
            assert SECRET not in table.message and "0xDEADBEEF" not in table.message
            assert bool(JAPANESE.search(table.message)) == (lang == "ja")


def test_problem_text_uses_the_rule_for_an_illegal_move_and_a_sentence_for_the_rest() -> None:
    from tablekit.core.errors import IllegalActionError
    from tablekit.core.verdict import Verdict

    verdict = Verdict(False, "core.game_over", {})
    assert problem_text(IllegalActionError(verdict), "ja") == verdict.text("ja")
    assert problem_text(RecordError(SECRET), "en") == tr("widgets.problem.record", "en")
    assert problem_text(KeyError(SECRET), "ja") == tr("widgets.problem.unexpected", "ja")
    err = ConfigError("page_one", "hand_size", 99, "an integer from 0 to 12", low=0, high=12)
    assert problem_text(err, "en") == "Cards per hand (0: by the table) must be a whole number from 0 to 12 (not 99)."
