"""Teacher links (``tablekit.widgets.links``): parsing, every refusal, ``setup_link`` round
trips, and how a Voilà kernel gets the query (with a stand-in for Voilà's query websocket)."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs

import pytest
from websockets.sync.server import Server, ServerConnection, serve

from tablekit.core.errors import ConfigError
from tablekit.core.registry import list_games, register, spec, unregister
from tablekit.i18n import LANGUAGES
from tablekit.widgets import links
from tablekit.widgets.links import LinkError, TeacherSetup, parse_setup, query_string, setup_link, visitor_pending

BRIEF = "game=page_one&preset=classic&players=4&bots=heuristic&open_hands=off&lang=ja&lock=1"


def refused(query: Any, page: str = "play") -> LinkError:
    with pytest.raises(LinkError) as err:
        parse_setup(query, page)
    return err.value


# --- parsing ---------------------------------------------------------------------------------
def test_the_example_link() -> None:
    setup = parse_setup(BRIEF, "play")
    assert setup == TeacherSetup("play", game="page_one", preset="classic", players=4, bots="heuristic",
                                 open_hands=False, lang="ja", lock=True, given=setup.given)
    assert setup.given == {"game", "preset", "players", "bots", "open_hands", "lang", "lock"}
    assert setup.fixed == setup.given and setup.is_locked("players") and not setup.is_locked("deal")
    assert parse_setup("?" + BRIEF, "play") == setup  # a leading "?" is fine


def test_nothing_given_is_the_pages_defaults() -> None:
    for page in links.PAGES:
        for query in ("", "?", {}):
            setup = parse_setup(query, page)
            assert setup == TeacherSetup(page) and setup.given == frozenset() and not setup.lock
            assert not setup.is_locked("game")


def test_a_mapping_of_values_and_case() -> None:
    setup = parse_setup({"game": "page_one", "players": 5, "lock": True, "lang": ["JA"]}, "explore")
    assert (setup.game, setup.players, setup.lock, setup.lang) == ("page_one", 5, True, "ja")
    assert parse_setup("GAME=Page_One&Open_Hands=ON&LOCK=yes", "play") == parse_setup(
        "game=page_one&open_hands=on&lock=1", "play")
    assert parse_setup("lock=0&open_hands=1", "play").lock is False


def test_voila_and_jupyter_parameters_pass_through() -> None:
    setup = parse_setup("template=lab&theme=dark&token=abc&game=up_and_down", "learn")
    assert setup.given == {"game"} and setup.game == "up_and_down"


def test_a_deal_fixes_game_preset_and_players() -> None:
    setup = parse_setup("deal=ud-c3-" + "f" * 16 + "&lock=1", "play")
    assert (setup.game, setup.preset, setup.players) == ("up_and_down", "carry_over", 3)
    assert setup.deal == "UD-C3-" + "F" * 16 and setup.deal_seed == 2**64 - 1
    assert setup.given == {"deal", "lock"} and setup.fixed == {"deal", "lock", "game", "preset", "players"}
    assert setup.is_locked("players")
    same = parse_setup("deal=UD-C3-1&game=up_and_down&preset=carry_over&players=3&bots=random", "play")
    assert same.bots == "random" and same.deal_seed == 1
    for query, field in (("deal=UD-C3-1&players=4", "players"), ("deal=UD-C3-1&preset=basic", "preset"),
                         ("deal=UD-C3-1&game=page_one", "game")):
        err = refused(query)
        assert err.field == field and err.code == "widgets.links.conflict"
        assert "deal=UD-C3-1" in err.text("en") and "deal=UD-C3-1" in err.text("ja")


@pytest.mark.parametrize("code", ["hello", "UD-B9-1", "XX-B4-1", "UD-Z4-1", "UD-B4-" + "1" * 17, ""])
def test_a_bad_deal_code_is_refused(code: str) -> None:
    err = refused({"deal": code})
    assert err.field == "deal" and err.code == "widgets.links.bad_deal" and "UD-B4-7F3A9" in err.text("en")


def test_lessons_by_number_or_name() -> None:
    lessons = spec("page_one").lessons
    assert parse_setup("game=page_one&lesson=1", "learn").lesson == 0
    assert parse_setup(f"game=page_one&lesson={len(lessons)}", "learn").lesson == len(lessons) - 1
    by_id = parse_setup(f"lesson={lessons[3].id}", "learn")
    assert (by_id.game, by_id.lesson, by_id.given, by_id.fixed) == ("page_one", 3, {"lesson"}, {"lesson", "game"})
    short = lessons[3].id.split(".", 1)[1]
    assert parse_setup(f"game=page_one&lesson={short.upper()}", "learn").lesson == 3
    for query in ("lesson=1", f"lesson={short}", "lesson=chess.intro"):
        err = refused(query, "learn")
        assert err.code == "widgets.links.needs_game" and err.field == "lesson"
    for bad in ("0", str(len(lessons) + 1), "nope", "up_and_down.pass", ""):
        err = refused(f"game=page_one&lesson={bad}", "learn")
        assert err.code == "widgets.links.bad_lesson" and f"1 to {len(lessons)}" in err.text("en")


def test_the_learn_page_offers_only_games_with_lessons() -> None:
    register(dataclasses.replace(spec("up_and_down"), name="bare", lessons=(), deal_prefix=""))
    try:
        assert parse_setup("game=bare", "play").game == "bare"
        err = refused("game=bare", "learn")
        assert err.field == "game" and "bare" not in err.params["allowed"] and "page_one" in err.params["allowed"]
    finally:
        unregister("bare")


# --- every refusal ---------------------------------------------------------------------------
@pytest.mark.parametrize(("query", "page", "field", "allowed"), [
    ("gmae=page_one", "play", "gmae", "game, preset, players, bots, open_hands, undo, deal, lang, lock"),
    ("lesson=1&game=page_one", "play", "lesson", "game, preset"),
    ("bots=random&game=page_one", "learn", "bots", "game, lesson, class, key, lang, lock"),
    ("game=page_one", "join", "game", "class, key, lang"),
    ("deal=UD-B4-1", "explore", "deal", "game, preset, players, bots, lang, lock"),
    ("open_hands=on", "explore", "open_hands", "game, preset"),
    ("undo=off", "learn", "undo", "game, lesson"),
    ("voila-theme=dark", "play", "voila-theme", "game"),
])
def test_unknown_parameters_are_refused(query: str, page: str, field: str, allowed: str) -> None:
    err = refused(query, page)
    assert err.code == "widgets.links.unknown" and err.field == field and allowed in err.params["allowed"]
    assert f"does not know: {field}." in err.text("en") and field in err.text("ja")


@pytest.mark.parametrize(("query", "field", "needles"), [
    ("game=chess", "game", ["game=chess", "up_and_down", "page_one"]),
    ("game=", "game", ["game=", "page_one"]),
    ("game=page_one&preset=turbo", "preset", ["preset=turbo", "classic", "party"]),
    ("game=page_one&bots=oracle", "bots", ["bots=oracle", "random, heuristic"]),
    ("lang=fr", "lang", ["lang=fr", "en, ja"]),
    ("open_hands=maybe", "open_hands", ["open_hands=maybe", "on, off"]),
    ("undo=never", "undo", ["undo=never", "on, off"]),
    ("lock=please", "lock", ["lock=please", "1, 0"]),
])
def test_bad_values_name_the_allowed_ones(query: str, field: str, needles: list[str]) -> None:
    err = refused(query)
    assert err.code == "widgets.links.choice" and err.field == field
    for needle in needles:
        assert needle in err.text("en") and needle in err.text("ja")


@pytest.mark.parametrize("players", ["9", "1", "x", "", "-1", "4.0", " ", "0004"])
def test_players_must_be_in_the_games_range(players: str) -> None:
    err = refused(f"game=up_and_down&players={players}")
    assert err.field == "players" and err.code == "widgets.links.range"
    assert "from 2 to 7" in err.text("en") and "2 から 7 までの整数" in err.text("ja")


@pytest.mark.parametrize("field", ["preset", "players", "bots"])
def test_game_specific_values_need_the_game(field: str) -> None:
    err = refused({field: "classic" if field == "preset" else "4" if field == "players" else "random"})
    assert err.code == "widgets.links.needs_game" and err.field == field
    assert all(g in err.params["allowed"] for g in list_games())


@pytest.mark.parametrize("query", ["game=page_one&game=up_and_down", "lang=en&LANG=ja", "lock=1&lock=1"])
def test_a_parameter_given_twice_is_refused(query: str) -> None:
    err = refused(query)
    assert err.code == "widgets.links.repeated" and "more than once" in err.text("en")
    assert refused(parse_qs(query)).code == "widgets.links.repeated"


def test_refusals_are_config_errors_in_both_languages() -> None:
    err = refused("game=page_one&players=12")
    assert isinstance(err, ConfigError) and isinstance(err, ValueError)
    assert (err.field, err.value, err.allowed) == ("players", "12", "an integer from 2 to 8")
    assert str(err) == err.text("en") == \
        "In the link, players=12 is not possible: it must be a whole number from 2 to 8."
    assert err.text("ja") == "リンクの players=12 は使えません。2 から 8 までの整数にしてください。"
    long = refused("game=" + "x" * 500)
    assert len(long.text("en")) < 200  # a huge value is cut short in the message
    with pytest.raises(LinkError) as page:
        parse_setup("", "lobby")
    assert page.value.field == "page" and "play, learn, explore" in page.value.text("en")


def test_text_from_the_address_is_shown_as_it_is() -> None:
    # (a message parameter starting with "@" would otherwise be looked up as an i18n code)
    for query, shown in (("lang=%40core.game_over", "lang=@core.game_over"), ("%40core.seat=1", "@core.seat"),
                         ("game={0}", "game={0}")):
        err = refused(query)
        assert shown in err.text("en") and shown in err.text("ja")


# --- links -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("page", "fields"), [
    ("play", {"game": "page_one", "preset": "classic", "players": 4, "bots": "heuristic", "open_hands": False,
              "lang": "ja", "lock": True}),
    ("play", {"deal": "UD-B4-7F3A9", "open_hands": True}),
    ("play", {"game": "up_or_down", "undo": False, "lock": True}),
    ("play", {"undo": True}),
    ("play", {"deal": "po-p6-" + "a" * 16, "game": "page_one", "lock": True}),
    ("learn", {"game": "page_one", "lesson": 4, "lang": "en"}),
    ("learn", {"game": "up_and_down", "lesson": 0, "lock": True}),
    ("explore", {"game": "up_and_down", "preset": "solo", "players": 4, "bots": "random"}),
    ("explore", {"lang": "ja"}),
    ("play", {}),
])
def test_setup_link_round_trips(page: str, fields: dict[str, Any]) -> None:
    link = setup_link(page, **fields)
    name, _, query = link.partition("?")
    assert name == f"{page}.ipynb"
    setup = parse_setup(query, page)
    for key, value in fields.items():
        assert getattr(setup, key) == (value.upper() if key == "deal" else value)
    assert setup.given == set(fields) - ({"lock"} if fields.get("lock") is False else set())
    assert setup_link(page, **{k: getattr(setup, k) for k in setup.given}) == link
    assert parse_setup(setup.query(), page) == setup


def test_setup_link_writes_canonical_values() -> None:
    assert setup_link("learn", lesson=2, game="page_one") == \
        f"learn.ipynb?game=page_one&lesson={spec('page_one').lessons[2].id}"
    assert setup_link("play", lock=False, lang="ja") == "play.ipynb?lang=ja"
    assert setup_link("play", game="page_one", open_hands="ON") == "play.ipynb?game=page_one&open_hands=on"
    assert setup_link("play", lock=True, undo=False, game="page_one") == "play.ipynb?game=page_one&undo=off&lock=1"


def test_undo_is_a_flag_of_the_play_page() -> None:
    assert parse_setup("undo=off", "play").undo is False
    assert parse_setup("UNDO=No", "play").undo is False and parse_setup("undo=on", "play").undo is True
    assert parse_setup("lock=1", "play").undo is None  # not given: the page's default (Undo on)
    assert "undo" in links.PAGES["play"] and links.FLAGS["undo"] == ("on", "off")


@pytest.mark.parametrize(("page", "fields", "field"), [
    ("play", {"players": 9, "game": "up_and_down"}, "players"),
    ("play", {"players": 4}, "players"),
    ("play", {"colour": "red"}, "colour"),
    ("play", {"given": {"game"}}, "given"),
    ("learn", {"bots": "random"}, "bots"),
    ("learn", {"game": "page_one", "lesson": 99}, "lesson"),
    ("learn", {"game": "page_one", "lesson": -1}, "lesson"),
    ("lobby", {}, "page"),
])
def test_setup_link_refuses_what_a_page_would(page: str, fields: dict[str, Any], field: str) -> None:
    with pytest.raises(LinkError) as err:
        setup_link(page, **fields)
    assert err.value.field == field


# --- the query in a kernel -------------------------------------------------------------------
VOILA_VARIABLES = ("VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_PORT", "VOILA_APP_IP", "VOILA_SERVER_URL",
                   "VOILA_WS_BASE_URL", "VOILA_WS_PROTOCOL", "QUERY_STRING", "SCRIPT_NAME")


@pytest.fixture
def kernel_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """A clean slate: no Voilà variables, nothing received yet. The whole environment is put
    back afterwards, the variables ``query_string`` itself writes (as Voilà's
    ``wait_for_request`` does) included: left behind, they would reach every Voilà server this
    process starts later, and so every page it serves."""
    saved = dict(os.environ)
    for name in VOILA_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(links, "_received", None)
    yield monkeypatch
    os.environ.clear()
    os.environ.update(saved)


@pytest.fixture
def voila_query_socket() -> Iterator[Callable[[Callable[[ServerConnection], None]], tuple[int, list[str]]]]:
    """Starts a stand-in for Voilà's ``/voila/query/<kernel id>`` websocket with a handler;
    gives its port and the paths it was asked for."""
    servers: list[Server] = []

    def start(handler: Callable[[ServerConnection], None]) -> tuple[int, list[str]]:
        paths: list[str] = []

        def on_connect(ws: ServerConnection) -> None:
            assert ws.request is not None
            paths.append(ws.request.path)
            handler(ws)

        server = serve(on_connect, "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server.socket.getsockname()[1], paths

    yield start
    for server in servers:
        server.shutdown()


def preheated(env: pytest.MonkeyPatch, port: int) -> None:
    env.setenv("VOILA_PREHEAT", "True")
    env.setenv("VOILA_KERNEL_ID", "k-123")
    env.setenv("VOILA_APP_PORT", str(port))
    env.setenv("VOILA_SERVER_URL", "/base/")


def test_outside_voila_there_is_no_query(kernel_env: pytest.MonkeyPatch) -> None:
    kernel_env.setenv("QUERY_STRING", "game=page_one")  # not Voilà's: some other program's
    assert query_string() == "" and not links.in_voila() and not visitor_pending()


def test_a_kernel_started_for_the_visitor_reads_its_environment(kernel_env: pytest.MonkeyPatch) -> None:
    kernel_env.setenv("VOILA_PREHEAT", "False")
    kernel_env.setenv("QUERY_STRING", BRIEF)
    assert query_string() == BRIEF and links.in_voila() and not visitor_pending()
    kernel_env.delenv("QUERY_STRING")
    assert query_string() == ""


def test_a_pool_kernel_waits_for_the_visitors_request(kernel_env: pytest.MonkeyPatch, voila_query_socket) -> None:
    def visitor_comes(ws: ServerConnection) -> None:
        time.sleep(0.3)  # the kernel is waiting when the visitor arrives
        ws.send(json.dumps({"QUERY_STRING": BRIEF, "SCRIPT_NAME": "/base/voila/render/play.ipynb"}))

    port, paths = voila_query_socket(visitor_comes)
    preheated(kernel_env, port)
    assert visitor_pending()
    assert query_string() == BRIEF
    assert paths == ["/base/voila/query/k-123"]
    assert not visitor_pending() and links.os.environ["SCRIPT_NAME"] == "/base/voila/render/play.ipynb"
    assert query_string(timeout=0) == BRIEF and len(paths) == 1  # kept: Voilà sends it only once


def test_a_pool_kernel_gives_up_after_the_timeout_and_can_ask_again(kernel_env: pytest.MonkeyPatch,
                                                                    voila_query_socket) -> None:
    answers = iter([None, "lang=ja"])

    def visitor(ws: ServerConnection) -> None:
        answer = next(answers)
        if answer is None:
            try:
                ws.recv()  # no visitor yet: hold the line until the kernel hangs up
            except Exception:
                pass
        else:
            ws.send(json.dumps({"QUERY_STRING": answer}))

    port, paths = voila_query_socket(visitor)
    preheated(kernel_env, port)
    started = time.monotonic()
    assert query_string(timeout=0.3) == ""
    assert time.monotonic() - started < 3 and visitor_pending()
    assert query_string(timeout=5) == "lang=ja" and len(paths) == 2 and not visitor_pending()


def test_a_pool_kernel_without_a_server_returns_at_once(kernel_env: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        free = sock.getsockname()[1]  # nothing listens there once closed
    preheated(kernel_env, free)
    started = time.monotonic()
    with pytest.warns(RuntimeWarning, match="voila/query/k-123"):
        assert query_string() == ""
    assert time.monotonic() - started < 5 and visitor_pending()
    kernel_env.delenv("VOILA_KERNEL_ID")
    assert query_string() == ""


def test_the_readme_teacher_links_are_valid() -> None:
    """The three links the README gives a teacher parse, and fix what they say."""
    import re
    from pathlib import Path
    from urllib.parse import urlsplit

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    urls = re.findall(r"`(http://127\.0\.0\.1:8866/voila/render/\w+\.ipynb\?[^`]+)`", readme)
    assert len(urls) == 3, urls
    for url in urls:
        parts = urlsplit(url)
        page = parts.path.rsplit("/", 1)[1].removesuffix(".ipynb")
        setup = parse_setup(parts.query, page)
        assert setup.lock and setup.given


# --- a learner's own link: class and key ---------------------------------------------------------
def test_a_learners_own_link_gives_the_class_and_the_key() -> None:
    setup = parse_setup("class=abc-234&key=Ann0s3cretKey&lang=ja", "join")
    assert (setup.class_code, setup.key, setup.lang) == ("abc-234", "Ann0s3cretKey", "ja")
    assert setup.query() == "class=abc-234&key=Ann0s3cretKey&lang=ja"
    learn = parse_setup("game=page_one&lesson=2&class=ABC234&key=Ann0s3cretKey", "learn")
    assert (learn.game, learn.lesson, learn.class_code, learn.key) == ("page_one", 1, "ABC234", "Ann0s3cretKey")
    assert parse_setup("class=ＡＢＣ２３４", "join").class_code == "ABC234"  # typed full-width
    assert setup_link("learn", game="page_one", class_code="ABC234", key="Ann0s3cretKey") == (
        "learn.ipynb?game=page_one&class=ABC234&key=Ann0s3cretKey")
    assert links.PERSONAL == {"class", "key"} and all(links.PERSONAL <= set(links.PAGES[p]) for p in ("join", "learn"))


@pytest.mark.parametrize(("query", "code"), [
    ("key=Ann0s3cretKey", "widgets.links.needs_class"),
    ("class=ABC234&key=short", "widgets.links.bad_key"),
    ("class=ABC234&key=" + "k" * 65, "widgets.links.bad_key"),
    ("class=ABC234&key=<script>alert(1)</script>", "widgets.links.bad_key"),
    ("class=<b>x</b>", "widgets.links.bad_class"),
    ("class=" + "A" * 21, "widgets.links.bad_class"),
    ("class=", "widgets.links.bad_class"),
])
def test_a_bad_class_or_key_in_a_link_is_refused(query: str, code: str) -> None:
    for page in ("join", "learn"):
        err = refused(query, page)
        assert err.code == code
        for lang in LANGUAGES:
            assert "<script>" not in err.text(lang) and "kkkkkkkkkkkkkkkkkkkkkkkk" not in err.text(lang)
