"""The join page (``tablekit.widgets.join``), without a browser: each learner's page a store of its
own on one SQLite file (as each Voilà kernel holds), driven by the requests its browser would
send. Joining, the learner's own link, the class's tables, taking a seat, coming back with the
link mid-game, and every refusal (a bad class code or key, a name taken, a full table, a forged
request) worded in the page's language with nothing changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_play_table_shared import Clock, assert_sees_only_its_own_seat, my_move, play_out

from tablekit.classroom import ClassStore
from tablekit.i18n import LANGUAGES, tr
from tablekit.widgets import links
from tablekit.widgets.join import JoinPage, join_page

ADDRESS = "http://10.0.0.5:8866/voila/render/"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "class.sqlite")


@pytest.fixture
def clock() -> Clock:
    return Clock()


def a_class(db: str, clock: Clock, seats: list[str] | None = None, game: str = "page_one",
            **options: Any) -> dict[str, Any]:
    """A class with one table of ``seats`` (default: two learners' seats and a bot's)."""
    store = ClassStore(db, clock=clock)
    cls = store.create_class("5B")
    seats = seats or ["learner", "learner", "heuristic"]
    [table] = store.create_tables(cls.id, game, players=len(seats), seats=seats, seed=13, bot_seed=12,
                                  options=options or None)
    return {"store": store, "cls": cls, "table": table}


def open_page(db: str, clock: Clock, query: str = "", lang: str = "en") -> JoinPage:
    """A learner's page as Voilà opens it: a kernel of its own (a store of its own), the link's query."""
    return join_page(lang=lang, query=query, store=ClassStore(db, clock=clock), address=ADDRESS, bot_delay=0,
                     follow=False)


def joined(db: str, clock: Clock, code: str, name: str, lang: str = "en") -> JoinPage:
    page = open_page(db, clock, f"class={code}&lang={lang}")
    page.panel.handle({"type": "join", "class": code, "name": name})
    assert page.panel.view["stage"] == "tables", page.panel.message
    return page


def seats_text(page: JoinPage, index: int = 0) -> list[str]:
    return [s["text"] for s in page.panel.view["tables"]["items"][index]["seats"]]


def personal_query(page: JoinPage) -> str:
    address = page.panel.address
    assert address.startswith("join.ipynb?")
    return address.split("?", 1)[1]


def test_the_empty_form_needs_no_class_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(tmp_path / "missing-folder" / "class.sqlite"))
    page = join_page(query="", address=ADDRESS)
    assert page.panel._store is None and page.panel.view["stage"] == "join"
    assert page.panel.view["form"]["code"] == "" and page.panel.message == "" and page.panel.address == ""
    assert page.table is None and not (tmp_path / "missing-folder").exists()


def test_joining_gives_a_key_and_the_learners_own_link(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    page = open_page(db, clock, f"class={c['cls'].code}")
    form = page.panel.view["form"]
    assert form["code"] == c["cls"].code and form["class"] == tr("widgets.join.class_named", "en", name="5B")
    # The code as a learner types it (any case, a dash), a name with stray spaces.
    code = c["cls"].code.lower()
    page.panel.handle({"type": "join", "class": f"{code[:3]}-{code[3:]}", "name": "  Ann  "})
    assert page.panel.view["stage"] == "tables"
    assert page.panel.message == tr("widgets.join.welcome", "en", name="Ann")
    setup = links.parse_setup(personal_query(page), "join")
    assert setup.class_code == c["cls"].code and setup.lang == "en"
    store: ClassStore = c["store"]
    learner = store.learner_by_key(setup.key, setup.class_code)
    assert learner.name == "Ann" and [x.name for x in store.learners(c["cls"].id)] == ["Ann"]
    # The link shown starts with the address the page was opened with; the key is nowhere else.
    link = page.panel.view["link"]
    assert link["url"] == ADDRESS + page.panel.address
    state = json.dumps(page.panel.get_state())
    assert state.count(setup.key) == 3  # the address trait, the link shown, the link to the lessons
    assert page.panel.view["lessons"]["href"] == links.setup_link("learn", class_code=c["cls"].code, key=setup.key,
                                                                  lang="en")
    assert page.panel.view["who"] == tr("widgets.join.you", "en", name="Ann", cls="5B")


def test_the_class_tables_show_who_sits_where(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    ann = joined(db, clock, c["cls"].code, "Ann")
    assert seats_text(ann) == ["Player 1: free", "Player 2: free", "Player 3: bot (Good)"]
    item = ann.panel.view["tables"]["items"][0]
    assert item["id"] == c["table"].id and item["action"] == tr("widgets.join.take", "en")
    assert item["game"] == "American Page One · Classic · 3 players"
    ben = joined(db, clock, c["cls"].code, "Ben", lang="ja")
    ben.panel.handle({"type": "take", "table": c["table"].id})
    assert ben.table is not None and ben.table.seat == 0
    ann.panel.handle({"type": "refresh"})  # (the page asks again every few seconds)
    assert seats_text(ann) == ["Player 1: Ben", "Player 2: free", "Player 3: bot (Good)"]
    ann.panel.handle({"type": "take", "table": c["table"].id})
    assert ann.table is not None and ann.table.seat == 1 and ann.panel.view["stage"] == "seated"
    assert ann.panel.view["seated"]["text"] == tr("widgets.join.seated", "en", table="1",
                                                  game="American Page One · Classic · 3 players", player=1)
    assert ann.panel.message == tr("widgets.join.seated_now", "en", table="1", player=1)
    assert list(ann.children)[-1] is ann.table and ann.table.shared == "player" and ann.table.chrome == "bar"
    # A third learner finds the table full: no button, and a forged request is refused.
    cid = joined(db, clock, c["cls"].code, "Cid")
    item = cid.panel.view["tables"]["items"][0]
    assert item["action"] == "" and item["full"] == tr("widgets.join.full", "en")
    cid.panel.handle({"type": "take", "table": c["table"].id})
    assert cid.panel.message == tr("classroom.error.no_free_seat", "en") and cid.panel.message_kind == "refusal"
    assert cid.table is None and cid.panel.view["stage"] == "tables"
    assert [(x.seat, x.learner_name) for x in c["store"].seatings(c["table"].id)] == [(0, "Ben"), (1, "Ann")]


def test_the_browser_never_names_a_seat(db: str, clock: Clock) -> None:
    c = a_class(db, clock, seats=["learner", "learner", "learner"])
    ann = joined(db, clock, c["cls"].code, "Ann")
    # A forged request naming the last seat: the store picks the first free one.
    ann.panel.handle({"type": "take", "table": c["table"].id, "seat": 2})
    assert ann.table is not None and ann.table.seat == 0
    assert c["store"].seat_of(ann.panel.learner.id, c["table"].id) == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bad_class_code_bad_key_and_names_are_refused_and_change_nothing(db: str, clock: Clock, lang: str) -> None:
    c = a_class(db, clock)
    store: ClassStore = c["store"]
    page = open_page(db, clock, f"lang={lang}")
    for request, reason in (({"class": "ZZZZZZ", "name": "Ann"}, "classroom.error.no_class"),
                            ({"class": "<b>x</b>", "name": "Ann"}, "classroom.error.no_class"),
                            ({"class": c["cls"].code, "name": "   "}, "classroom.error.name_empty")):
        page.panel.handle({"type": "join", **request})
        assert page.panel.message == tr(reason, lang) and page.panel.message_kind == "refusal"
        assert page.panel.view["stage"] == "join" and page.panel.address == "" and store.learners(c["cls"].id) == []
    page.panel.handle({"type": "join", "class": c["cls"].code, "name": "x" * 41})
    assert page.panel.message == tr("classroom.error.name_long", lang, max=40)
    joined(db, clock, c["cls"].code, "Ann")
    page.panel.handle({"type": "join", "class": c["cls"].code, "name": "ANN"})
    assert page.panel.message == tr("classroom.error.name_taken", lang)
    assert [x.name for x in store.learners(c["cls"].id)] == ["Ann"]
    # A personal link whose key is not (any more) a learner's: the form, the class filled in.
    bad = open_page(db, clock, f"class={c['cls'].code}&key=AAAAAAAAAAAAAAAAAAAAAA&lang={lang}")
    assert bad.panel.message == tr("classroom.error.bad_key", lang) and bad.panel.view["stage"] == "join"
    assert bad.panel.view["form"]["code"] == c["cls"].code and bad.panel.learner is None and bad.table is None
    # A key of another class's learner.
    other = store.create_class("6A")
    _, other_key = store.join(other.code, "Dan")
    wrong = open_page(db, clock, f"class={c['cls'].code}&key={other_key}&lang={lang}")
    assert wrong.panel.message == tr("classroom.error.bad_key", lang) and wrong.panel.learner is None
    # A link that is not one: its own sentence, in the link's language.
    for query in (f"key=abcdefghijk&lang={lang}", f"class={c['cls'].code}&key=short&lang={lang}",
                  f"class=ABCDEF&game=page_one&lang={lang}"):
        broken = open_page(db, clock, query)
        assert broken.panel.message_kind == "refusal" and broken.panel.view["lang"] == lang
        with pytest.raises(links.LinkError) as exc:
            links.parse_setup(query, "join")
        assert broken.panel.message == exc.value.text(lang)
    assert len(store.learners(c["cls"].id)) == 1


def test_requests_the_page_never_sends_are_refused(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    other = c["store"].create_class("6A")
    [elsewhere] = c["store"].create_tables(other.id, "page_one", players=3, seats=["learner", "learner", "heuristic"])
    page = open_page(db, clock, f"class={c['cls'].code}")
    page.panel.handle({"type": "take", "table": c["table"].id})  # before joining
    assert page.panel.message == tr("widgets.join.join_first", "en") and page.table is None
    for forged in ({"type": "join", "class": 7, "name": "Ann"}, {"type": "join", "class": "ABCDEF"},
                   {"type": "join", "class": "ABCDEF", "name": "x" * 5000}, {"type": "lang", "lang": "fr"},
                   {"type": "shutdown"}, ["join"], {"type": "take", "table": "1"}):
        page.panel.handle(forged)
        assert page.panel.message == tr("widgets.table.bad_request", "en"), forged
    assert c["store"].learners(c["cls"].id) == []
    page.panel.handle({"type": "join", "class": c["cls"].code, "name": "Ann"})
    for table_id, reason in ((elsewhere.id, "classroom.error.other_class"), (9999, "classroom.error.no_table"),
                             (True, None)):
        page.panel.handle({"type": "take", "table": table_id})
        assert page.panel.message == (tr(reason, "en") if reason else tr("widgets.table.bad_request", "en"))
        assert page.table is None and c["store"].seatings_of(page.panel.learner.id) == []  # type: ignore[union-attr]
    page.panel.handle({"type": "join", "class": c["cls"].code, "name": "Ann again"})
    assert page.panel.message == tr("widgets.join.joined_already", "en")
    assert [x.name for x in c["store"].learners(c["cls"].id)] == ["Ann"]


def test_the_personal_link_gives_the_same_seat_back_mid_game(db: str, clock: Clock) -> None:
    c = a_class(db, clock, game="ultimate", seats=["learner", "learner", "heuristic", "heuristic"], single_deal=True)
    ann, ben = joined(db, clock, c["cls"].code, "Ann"), joined(db, clock, c["cls"].code, "Ben", lang="ja")
    for page in (ann, ben):
        page.panel.handle({"type": "take", "table": c["table"].id})
    tables = [ann.table, ben.table]
    assert all(t is not None for t in tables)
    for _ in range(60):  # a few moves of everyone
        for t in tables:
            t.poll()  # type: ignore[union-attr]
            if t.view["my_turn"]:  # type: ignore[union-attr]
                t.handle({"type": "play", "code": my_move(t)})  # type: ignore[union-attr, arg-type]
        if ann.table.session.step_index >= 8:  # type: ignore[union-attr]
            break
    link = personal_query(ann)
    ann.close()  # the tab closes; the learner opens their link again: a new kernel
    again = open_page(db, clock, link)
    assert again.panel.view["stage"] == "seated" and again.table is not None and again.table.seat == 0
    assert again.panel.message == tr("widgets.join.welcome_back", "en", name="Ann", table="1", player=0)
    ben.table.poll()  # type: ignore[union-attr]
    assert again.table.session.state == ben.table.session.state  # type: ignore[union-attr]
    assert personal_query(again) == link
    play_out([again.table, ben.table])  # type: ignore[list-item]
    assert again.table.session.is_over
    for t in (again.table, ben.table):
        assert_sees_only_its_own_seat(t)  # type: ignore[arg-type]


def test_after_the_game_the_learner_goes_back_to_the_tables(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    store: ClassStore = c["store"]
    [second] = store.create_tables(c["cls"].id, "page_one", players=3, seats=["learner", "heuristic", "heuristic"])
    ann, ben = joined(db, clock, c["cls"].code, "Ann"), joined(db, clock, c["cls"].code, "Ben")
    for page in (ann, ben):
        page.panel.handle({"type": "take", "table": c["table"].id})
    assert ann.panel.view["seated"]["back"] == ""
    for request in ({"type": "tables"}, {"type": "take", "table": second.id}):  # mid-game: not yet
        ann.panel.handle(request)
        assert ann.panel.message == tr("widgets.join.finish_first", "en") and ann.table is not None
    assert store.seatings(second.id) == []
    play_out([ann.table, ben.table])  # type: ignore[list-item]
    assert ann.panel.message == ""  # the greeting went with the first move (the table has its own line)
    # The background task drew the end: the page offers the list of tables again.
    assert ann.panel.view["seated"]["back"] == tr("widgets.join.back", "en")
    assert ann.panel.view["seated"]["over"] == tr("widgets.join.over", "en")
    ann.panel.handle({"type": "tables"})
    assert ann.table is None and list(ann.children)[-1] is ann.panel
    assert [x["id"] for x in ann.panel.view["tables"]["items"]] == [second.id]  # the finished table is gone
    ann.panel.handle({"type": "take", "table": second.id})
    assert ann.table is not None and ann.table.session.table.id == second.id
    # The link now brings Ann back to the table whose game goes on.
    again = open_page(db, clock, personal_query(ann))
    assert again.table is not None and again.table.session.table.id == second.id
    # Ben's link, now that his only table is over: the list.
    back = open_page(db, clock, personal_query(ben))
    assert back.panel.view["stage"] == "tables" and back.table is None
    assert back.panel.message == tr("widgets.join.welcome_again", "en", name="Ben")


def test_the_language_changes_the_page_the_table_and_the_link(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    page = joined(db, clock, c["cls"].code, "Ann")
    page.panel.handle({"type": "take", "table": c["table"].id})
    page.panel.handle({"type": "lang", "lang": "ja"})
    assert page.panel.view["lang"] == "ja" and page.table.language == "ja"  # type: ignore[union-attr]
    assert page.panel.view["title"] == tr("widgets.join.title", "ja")
    assert page.panel.message == tr("widgets.join.seated_now", "ja", table="1", player=0)  # worded again
    assert links.parse_setup(personal_query(page), "join").lang == "ja"
    # The table's own request (none is drawn at a dashboard's table) keeps the page in step.
    page.table.handle({"type": "lang", "lang": "en"})  # type: ignore[union-attr]
    assert page.panel.view["lang"] == "en" and links.parse_setup(personal_query(page), "join").lang == "en"
    refused = open_page(db, clock, "class=ZZZZZZ&lang=ja")
    assert refused.panel.message == tr("classroom.error.no_class", "ja")
    refused.panel.handle({"type": "lang", "lang": "en"})
    assert refused.panel.message == tr("classroom.error.no_class", "en")


def test_the_page_says_when_it_cannot_reach_the_class(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(tmp_path / "missing-folder" / "class.sqlite"))
    page = join_page(lang="ja", query="class=ABCDEF", address=ADDRESS)
    assert page.panel.view["stage"] == "join" and page.panel.message == tr("widgets.join.no_store", "ja")
    assert page.panel.message_kind == "error"
    page.panel.handle({"type": "join", "class": "ABCDEF", "name": "Ann"})
    assert page.panel.message == tr("widgets.table.bad_request", "ja") and page.panel.learner is None


def test_a_learner_looking_at_the_tables_counts_as_online(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    page = joined(db, clock, c["cls"].code, "Ann")
    store: ClassStore = c["store"]
    assert [x.name for x in store.online(c["cls"].id)] == ["Ann"]
    clock.now += 600
    assert store.online(c["cls"].id) == []
    page.panel._next_heartbeat = 0.0  # (at most one write in HEARTBEAT_SECONDS)
    page.panel.handle({"type": "refresh"})
    assert [x.name for x in store.online(c["cls"].id)] == ["Ann"]


def test_nothing_secret_reaches_the_page(db: str, clock: Clock) -> None:
    store = ClassStore(db, clock=clock)
    cls = store.create_class("5B")
    [table] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"],
                                  seed=918273645546372819, bot_seed=123456789012345678)
    page = joined(db, clock, cls.code, "Ann")
    ben = joined(db, clock, cls.code, "Ben")
    for p in (page, ben):
        p.panel.handle({"type": "take", "table": table.id})
    for p in (page, ben):
        text = json.dumps([p.panel.get_state(), p.table.get_state()])  # type: ignore[union-attr]
        for secret in ("918273645546372819", "123456789012345678", store.teacher_key(), personal_query(ben if p is page else page)):
            assert secret not in text
        assert_sees_only_its_own_seat(p.table)  # type: ignore[arg-type]


def test_a_name_is_shown_as_typed_never_read_as_a_catalogue_code(db: str, clock: Clock) -> None:
    c = a_class(db, clock)
    page = open_page(db, clock, f"class={c['cls'].code}")
    page.panel.handle({"type": "join", "class": c["cls"].code, "name": "@core.seat"})
    assert page.panel.view["stage"] == "tables"
    assert "@core.seat" in page.panel.message
    assert "@core.seat" in page.panel.view["who"]
