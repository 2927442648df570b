"""The start page (``tablekit.widgets.start``): the teacher's link builder writes links that the
dashboards read back to the same settings, with the QR code of exactly that link, at the
address the page was opened with; the bots are named by strength in both languages."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest
import segno
from jupyter_server.auth.identity import PasswordIdentityProvider
from tornado.web import RedirectHandler

from tablekit.bots import bot_names
from tablekit.core.registry import list_games, presets, spec
from tablekit.i18n import LANGUAGES, tr
from tablekit.widgets import links
from tablekit.widgets.dashboards import explore_dashboard, play_dashboard
from tablekit.widgets.labels import BOT_STRENGTH, bot_label
from tablekit.widgets.server import OwnHostIdentityProvider, StartPageRoot
from tablekit.widgets.start import DASHBOARDS, StartPage, page_address, params, qr_svg, start_page

ADDRESS = "http://10.1.2.3:8866/voila/render/"


def _settings(setup: links.TeacherSetup) -> dict[str, Any]:
    return {name: getattr(setup, name) for name in sorted(setup.given)}


def _check(page: StartPage, expected: dict[str, Any]) -> links.TeacherSetup:
    """The page's link starts with its address, reads back to ``expected`` and is in its QR code."""
    assert page.problem_text == "" and page.url.startswith(ADDRESS)
    relative = page.url[len(ADDRESS):]
    name, _, query = relative.partition("?")
    setup = links.parse_setup(query, name.removesuffix(".ipynb"))
    assert _settings(setup) == expected
    assert page.qr_svg == qr_svg(page.url) and page.qr_svg in page.qr.value
    return setup


@pytest.mark.parametrize("game", list_games())
def test_the_play_link_reads_back_to_the_chosen_settings(game: str) -> None:
    page = StartPage(address=ADDRESS)
    for preset, bot, lang, lock in itertools.product(list(presets(game))[:2], bot_names(game), LANGUAGES, (False, True)):
        players = spec(game).players_for(preset)[1]
        page.choose(page="play", game=game, preset=preset, players=players, bots=bot, lang=lang, lock=lock,
                    open_hands="off")
        expected = {"game": game, "preset": preset, "players": players, "bots": bot, "lang": lang,
                    "open_hands": False}
        if lock:
            expected["lock"] = True
        setup = _check(page, expected)
        assert setup.is_locked("game") is lock


def test_the_learn_and_explore_links_read_back() -> None:
    page = StartPage(address=ADDRESS)
    for game in [g for g in list_games() if spec(g).lessons]:
        lesson = spec(game).lessons[-1]
        page.choose(page="learn", game=game, lesson=lesson.id, lang="ja", lock=True)
        _check(page, {"game": game, "lesson": len(spec(game).lessons) - 1, "lang": "ja", "lock": True})
    page.choose(page="explore", game="ultimate", preset="partner", players=6, bots="random", lang=None, lock=False)
    _check(page, {"game": "ultimate", "preset": "partner", "players": 6, "bots": "random"})
    assert page.url == ADDRESS + "explore.ipynb?game=ultimate&preset=partner&players=6&bots=random"


def test_the_menus_follow_the_game_and_offer_only_what_a_link_may_say() -> None:
    page = StartPage(address=ADDRESS)
    assert page.url == ADDRESS + "play.ipynb"  # nothing chosen: the plain page
    assert page.fields["preset"].disabled and page.fields["bots"].disabled  # no game yet
    page.choose(game="ultimate")
    offered = [v for _, v in page.fields["players"].options if v != ""]
    assert offered == list(range(spec("ultimate").players_for(None)[0], spec("ultimate").players_for(None)[1] + 1))
    assert [v for _, v in page.fields["bots"].options if v != ""] == list(BOT_STRENGTH)
    assert [label for label, v in page.fields["bots"].options if v != ""] == ["Beginner", "Good", "Strongest"]
    page.choose(page="learn")
    assert list(page.fields) == params("learn") == ["game", "lesson", "lang", "lock"]
    assert [v for _, v in page.fields["lesson"].options if v != ""] == [l.id for l in spec("ultimate").lessons]


def test_every_parameter_links_knows_has_a_labelled_field() -> None:
    """A parameter added to links.PAGES appears on the builder (with words of its own there),
    but a learner's own class and key."""
    for lang in LANGUAGES:
        page = StartPage(lang=lang, address=ADDRESS)
        for name in DASHBOARDS:
            page.choose(page=name)
            assert list(page.fields) == [p for p in links.PAGES[name] if p not in links.PERSONAL]
            for param, control in page.fields.items():
                assert control.description and control.description != param, (name, param)


def test_a_link_the_dashboards_would_refuse_is_not_written() -> None:
    page = StartPage(address=ADDRESS)
    page.choose(page="play", game="page_one", deal="UD-B4-7F3A9")
    assert page.url == page.qr_svg == "" and page.qr.value == ""
    assert "game=page_one" in page.problem_text and "deal=UD-B4-7F3A9" in page.problem_text
    page.choose(game=None)  # the deal alone is fine: it names its game
    assert page.url == ADDRESS + "play.ipynb?deal=UD-B4-7F3A9" and page.problem_text == ""
    page.choose(deal="<b>" + "x" * 500)
    assert "<b>" not in page.problem.value and len(page.problem_text) < 300  # escaped, short


def test_a_forged_value_from_the_page_changes_nothing() -> None:
    page = StartPage(address=ADDRESS)
    page.choose(game="page_one")
    before = page.url
    page.fields["game"].set_state({"index": 99})
    assert page.fields["game"].value == "page_one" and page.url == before
    assert page.problem_text == tr("widgets.start.refused", "en")


def test_the_qr_code_holds_exactly_the_link() -> None:
    page = StartPage(address=ADDRESS)
    page.choose(game="up_or_down", players=3, lock=True)
    assert page.qr_svg == qr_svg(ADDRESS + "play.ipynb?game=up_or_down&players=3&lock=1")
    # The modules drawn are segno's own for the link (its SVG path at the same border), and
    # differ from those of any other text.
    drawn = re.findall(r'class="qrline"[^>]* d="([^"]+)"', page.qr_svg)
    assert len(drawn) == 1 and drawn == re.findall(r'class="qrline"[^>]* d="([^"]+)"', segno.make(page.url, error="m").svg_inline(border=2))
    assert drawn != re.findall(r'class="qrline"[^>]* d="([^"]+)"', segno.make(page.url + "x", error="m").svg_inline(border=2))


def test_the_address_is_the_one_the_page_was_opened_with() -> None:
    env = {"SERVER_NAME": "192.168.1.20", "SERVER_PORT": "9000", "SCRIPT_NAME": "/voila/render/start.ipynb"}
    page = start_page(query="lang=ja", environ=env)
    assert page.lang == "ja" and page.address == "http://192.168.1.20:9000/voila/render/"
    assert page.url == "http://192.168.1.20:9000/voila/render/play.ipynb"
    behind = {"SERVER_NAME": "hub.example", "SERVER_PORT": "443", "SCRIPT_NAME": "/user/x/voila/render/start.ipynb"}
    assert page_address(behind) == "https://hub.example/user/x/voila/render/"
    for bad in ({"SERVER_NAME": "a b"}, {"SERVER_NAME": "h", "SERVER_PORT": "80a"},
                {"SERVER_NAME": "h", "SERVER_PORT": "1", "SCRIPT_NAME": '/"><script>/start.ipynb'}):
        assert page_address(bad) == "http://127.0.0.1:8866/voila/render/"


def test_the_page_speaks_both_languages() -> None:
    page = StartPage(address=ADDRESS)
    text = page.title.value + page.pages.value + page.games.value
    assert "Learn" in text and "American Page One" in text
    page.lang_toggle.value = "ja"
    text = page.title.value + page.pages.value + page.games.value + page.builder_head.value
    assert "学ぶ" in text and "アメリカンページワン" in text and "Learn" not in text
    assert page.fields["game"].options[0][0] == tr("widgets.start.unset", "ja")
    assert 'href="play.ipynb?lang=ja"' in page.pages.value  # the dashboards open in the page's language
    assert 'href="join.ipynb?lang=ja"' in page.classroom.value and "teacher-link" in page.classroom.value
    assert tr("widgets.start.page.join", "ja") in page.classroom.value
    for g in list_games():
        assert tr(f"widgets.start.game.{g}", "ja") in page.games.value


@pytest.mark.parametrize("lang, names", [("en", ["Beginner", "Good", "Strongest"]), ("ja", ["初級", "上級", "最強"])])
def test_bots_are_named_by_strength_weakest_first_everywhere(lang: str, names: list[str]) -> None:
    assert [bot_label(b, lang) for b in BOT_STRENGTH] == names
    play = play_dashboard(lang=lang, bot_delay=0, query="")
    assert [label for label, _ in play.bots.options] == names
    assert [value for _, value in play.bots.options] == list(BOT_STRENGTH)  # internal names unchanged
    explore = explore_dashboard(lang=lang, n=10, query="")
    for select in explore.explorer.bot_selects:
        assert [label for label, _ in select.options] == names
    assert play_dashboard(bot_delay=0, query="game=page_one&bots=heuristic").bots.value == "heuristic"


def test_the_server_root_opens_the_start_page(tmp_path: Path) -> None:
    from voila.app import Voila

    app = Voila()
    app.root_dir, app.server_url, app.base_url = str(tmp_path), "/", "/"
    assert issubclass(OwnHostIdentityProvider, StartPageRoot)  # the provider voila.json names

    class Provider(StartPageRoot, PasswordIdentityProvider):  # without the host check's router
        pass

    provider = Provider(parent=app, token="")
    assert all(pattern != "/" for pattern, *_ in provider.get_handlers())  # no start page: Voilà's root
    (tmp_path / "start.ipynb").write_text("{}")
    assert provider.get_handlers()[0] == ("/", RedirectHandler, {"url": "/voila/render/start.ipynb", "permanent": False})
    app.notebook_path = str(tmp_path / "start.ipynb")  # one notebook served alone: it is the root
    assert all(pattern != "/" for pattern, *_ in provider.get_handlers())
