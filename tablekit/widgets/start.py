"""The start page (``dashboards/start.ipynb``, which the server's root opens): the three
dashboards, the class's join page (learners at one table from their own devices; the teacher's
page is opened with the link ``python -m tablekit classroom teacher-link`` prints), one line on
each game, and a teacher's link builder with a QR code to project.

The link builder offers every parameter :data:`tablekit.widgets.links.PAGES` lists for the chosen
page (but a learner's own class and key, ``links.PERSONAL``), so a parameter added there appears
here too: the ones this module knows get a menu of
their values (the games, the game's modes, player counts, bots and lessons), an on/off
parameter gets On and Off (found by asking ``links.parse_setup``), anything else a text box.
Every link is written and checked by ``links.setup_link``, the checks a learner's page makes,
so the builder cannot write a link that page would refuse; a value the page sends that is not
offered is refused with a message. The link starts with the address the page was opened with
(:func:`page_address`), so it works for learners who reach the same server by the same name.

>>> page = StartPage(lang="en", address="http://10.0.0.5:8866/voila/render/")
>>> page.choose(page="play", game="page_one", players=4, bots="search", lang="ja", lock=True)
>>> page.url
'http://10.0.0.5:8866/voila/render/play.ipynb?game=page_one&players=4&bots=search&lang=ja&lock=1'
>>> page.qr_svg == qr_svg(page.url)
True
"""

from __future__ import annotations

import html
import os
import re
from typing import Any, Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from tablekit.bots import bot_names
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.registry import list_games, make, presets, spec
from tablekit.i18n import LANGUAGES, has, tr
from tablekit.widgets import controls, links
from tablekit.widgets.fonts import FontLoader
from tablekit.widgets.labels import LANGUAGE_NAMES, bot_options, game_label, preset_label

#: Where the dashboards are when the page's own address is not known (JupyterLab, tests): the
#: address ``voila.json`` gives ``make dashboards``.
DEFAULT_ADDRESS = "http://127.0.0.1:8866/voila/render/"
#: The dashboards the page presents, in this order (each must be a page of ``links.PAGES``).
DASHBOARDS = ("play", "learn", "explore")

_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\]")
_PORT = re.compile(r"[0-9]{1,5}")
_PATH = re.compile(r"/(?:[A-Za-z0-9._~%!$&'()*+,;=:@-]+/)*")
_FLAG_VALUES = ("on", "off")
_UNSET = ""  # a menu's "Learner's choice": the link leaves the parameter out
#: Labels of the parameters whose words the catalogues already have (else ``widgets.start.param.<name>``).
_LABELS = {"game": "widgets.dash.game", "preset": "widgets.dash.preset", "players": "widgets.dash.players",
           "bots": "widgets.dash.bots", "deal": "widgets.dash.deal_code", "lang": "widgets.dash.language",
           "open_hands": "widgets.table.teaching"}

_CSS = """
<style>
.tk-start { max-width: 1240px; }
.tk-start h1.tk-title { font-size: 1.45em; margin: 4px 0 2px 0; }
.tk-start h2 { font-size: 1.15em; margin: 14px 0 6px 0; }
.tk-start .tk-start-top { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; }
.tk-start .tk-start-top .widget-toggle-buttons { margin-left: auto; }
.tk-start p { margin: 2px 0 6px 0; color: #333; max-width: 72em; line-height: 1.45; }
.tk-start .tk-start-pages { display: flex; flex-wrap: wrap; gap: 10px; }
.tk-start .tk-start-pages a { flex: 1 1 260px; display: block; padding: 10px 14px; border: 1px solid #c9d6e6;
  border-radius: 6px; background: #f5f9fd; color: #1a3c61; text-decoration: none; }
.tk-start .tk-start-pages a:hover, .tk-start .tk-start-pages a:focus { background: #e6f0fa; }
.tk-start .tk-start-pages b { display: block; font-size: 1.1em; margin-bottom: 2px; }
.tk-start ul.tk-start-games { margin: 0; padding-left: 20px; }
.tk-start ul.tk-start-games li { margin: 2px 0; }
.tk-start .tk-start-fields { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 14px; }
.tk-start .tk-start-fields .widget-inline-hbox { width: auto; }
.tk-start .tk-start-fields .widget-label { min-width: 0; }
.tk-start .tk-start-result { display: flex; flex-wrap: wrap; gap: 10px 24px; align-items: flex-start;
  margin-top: 8px; }
.tk-start .tk-start-link code { display: block; padding: 8px 10px; background: #f3f3f3; border-radius: 4px;
  word-break: break-all; font-size: 1.05em; max-width: 46em; user-select: all; }
.tk-start svg.tk-qr { width: 240px; height: 240px; display: block; }
.tk-start .tk-problem { padding: 6px 10px; border-left: 4px solid #b26a00; background: #fff4e5;
  color: #5c3b00; border-radius: 3px; }
.tk-start .tk-start-note { color: #555; font-size: 0.92em; }
.tk-start .tk-start-link a { color: #1f5f99; text-decoration: underline; }
</style>
"""


def _s(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.start.{code}", lang, **params)


def page_address(environ: Mapping[str, str] | None = None) -> str:
    """The address of the dashboards' folder as the visitor's browser reached this page, e.g.
    ``http://10.0.0.5:8866/voila/render/``: host and port from the request Voilà hands the
    kernel (``SERVER_NAME``, ``SERVER_PORT``, taken from the Host header) and the folder from its
    path (``SCRIPT_NAME``). Read it after :func:`tablekit.widgets.links.query_string`: a
    preheated kernel learns them with the query. Without them, or with a value that is not a
    plain host name, port or path, :data:`DEFAULT_ADDRESS`. Voilà does not say whether the
    page came over HTTPS: the link says ``https`` only for port 443. The static site's pages
    give the kernel the same three (``tools/site/tablekit-site.js``; port 443 for https).

    >>> page_address({"SERVER_NAME": "class.example", "SERVER_PORT": "8866",
    ...               "SCRIPT_NAME": "/voila/render/start.ipynb"})
    'http://class.example:8866/voila/render/'
    >>> page_address({"SERVER_NAME": "x<script>", "SERVER_PORT": "8866", "SCRIPT_NAME": "/start.ipynb"})
    'http://127.0.0.1:8866/voila/render/'
    >>> page_address({"SERVER_NAME": "school.example", "SERVER_PORT": "443",
    ...               "SCRIPT_NAME": "/tablekit/voici/render/start.html"})
    'https://school.example/tablekit/voici/render/'
    >>> page_address({})
    'http://127.0.0.1:8866/voila/render/'
    """
    env = os.environ if environ is None else environ
    host, port, script = env.get("SERVER_NAME", ""), env.get("SERVER_PORT", ""), env.get("SCRIPT_NAME", "")
    folder = script.rsplit("/", 1)[0] + "/" if "/" in script else ""
    if not (_HOST.fullmatch(host) and (port == "" or _PORT.fullmatch(port)) and _PATH.fullmatch(folder)):
        return DEFAULT_ADDRESS
    scheme = "https" if port == "443" else "http"
    default_port = {"http": "80", "https": "443"}[scheme]
    netloc = host if port in ("", default_port) else f"{host}:{port}"
    return f"{scheme}://{netloc}{folder}"


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (segno; error correction M, scaled by the page's
    CSS: class ``tk-qr``).

    >>> qr_svg("http://127.0.0.1:8866/voila/render/play.ipynb").startswith("<svg")
    True
    """
    import segno  # the dashboards extra

    code = segno.make(url, error="m", micro=False)
    svg: str = code.svg_inline(border=2, omitsize=True, svgclass="tk-qr", dark="#000", light="#fff",
                               title=url)
    return svg


def player_counts(game: str, preset: str | None) -> list[int]:
    """The numbers of players a mode of ``game`` can be dealt for.

    >>> player_counts("narabe_runo", "basic")
    [2, 3, 4]
    """
    low, high = spec(game).players_for(preset)
    counts = []
    for n in range(low, high + 1):
        try:
            make(game, preset=preset, players=n)
        except ConfigError:
            continue
        counts.append(n)
    return counts


def params(page: str) -> list[str]:
    """The parameters the link builder offers for ``page``: those of ``links.PAGES`` but a
    learner's own class and key (``links.PERSONAL``), which only the join page writes.

    >>> params("learn")
    ['game', 'lesson', 'lang', 'lock']
    """
    return [name for name in links.PAGES[page] if name not in links.PERSONAL]


def _query_lang(query: str) -> str | None:
    values = parse_qs(query.lstrip("?")).get("lang", [])
    return values[0] if len(values) == 1 and values[0] in LANGUAGES else None


class StartPage(widgets.VBox):
    """The start page as a widget: ``lang`` (``"en"`` or ``"ja"``; the switch changes it),
    ``address`` (the dashboards' folder for the links; default :func:`page_address`).

    The link builder's controls are ``page_choice`` and ``fields`` (parameter name -> control,
    the parameters ``links.PAGES`` gives the chosen page); :meth:`choose` sets them as a
    teacher would. The result: ``link`` (relative, as ``links.setup_link`` writes it), ``url``
    (with the address), ``qr_svg`` (its QR code) and ``problem_text`` (why no link could be
    written, else ``""``).
    """

    def __init__(self, lang: str = "en", address: str | None = None) -> None:
        super().__init__()
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self.lang = lang
        self.address = address if address is not None else page_address()
        self.link = ""
        self.url = ""
        self.qr_svg = ""
        self.problem_text = ""
        self._filling = False
        self.title = widgets.HTML()
        self.lead = widgets.HTML()
        self.lang_toggle = controls.ToggleButtons(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=lang,
                                                  style={"button_width": "72px"})
        self.pages = widgets.HTML()
        self.classroom = widgets.HTML()
        self.games = widgets.HTML()
        self.builder_head = widgets.HTML()
        #: The dashboards this page offers: on the static site only those it has (links.SITE_PAGES).
        self.dashboards = tuple(p for p in DASHBOARDS if p in links.SITE_PAGES) if links.on_static_site() else DASHBOARDS
        self.page_choice = controls.ToggleButtons(options=[(p, p) for p in self.dashboards], value="play",
                                                  style={"button_width": "auto"})
        self.fields: dict[str, Any] = {}
        self.fields_box = widgets.Box()
        self.fields_box.add_class("tk-start-fields")
        self.problem = widgets.HTML()
        self.result = widgets.HTML()
        self.qr = widgets.HTML()
        result_box = widgets.Box([self.result, self.qr])
        result_box.add_class("tk-start-result")
        top = widgets.Box([self.title, self.lang_toggle])
        top.add_class("tk-start-top")
        self.add_class("tk-start")
        self.add_class("tk-dash")  # the dashboards' font (tablekit.widgets.fonts)
        self.children = [widgets.HTML(_CSS, layout=widgets.Layout(display="none")), FontLoader(), top, self.lead,
                         self.pages, self.classroom, self.games, self.builder_head, self.page_choice, self.fields_box,
                         self.problem, result_box]
        for control in (self.lang_toggle, self.page_choice):
            control._tk_refused = self._refused
        self.lang_toggle.observe(lambda c: self.set_lang(c["new"]), names="value")
        self.page_choice.observe(lambda c: None if self._filling else self._build_fields(), names="value")
        self._build_fields()
        self.relabel()

    # --- the link builder's fields -----------------------------------------------------------
    def _unset(self) -> tuple[str, str]:
        return (_s("unset", self.lang), _UNSET)

    def _label(self, name: str) -> str:
        for code in (f"widgets.start.param.{name}", _LABELS.get(name, "")):
            if code and has(code, self.lang):
                return tr(code, self.lang)
        return name

    def _is_flag(self, page: str, name: str) -> bool:
        """Does the page take ``name`` as on/off (asked of ``links.parse_setup``)?"""
        try:
            for value in _FLAG_VALUES:
                links.parse_setup({name: value}, page)
        except (ConfigError, ValueError):
            return False
        return True

    def _build_fields(self) -> None:
        page = self.page_choice.value
        old = {name: control.value for name, control in self.fields.items()}
        self.fields = {}
        for name in params(page):
            control: Any
            if name in ("game", "preset", "players", "bots", "lesson", "lang") or (
                    name != "lock" and self._is_flag(page, name)):
                control = controls.Dropdown(options=[self._unset()], value=_UNSET, style={"description_width": "initial"},
                                            layout=widgets.Layout(width="auto"))
            elif name == "lock":
                control = controls.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
            else:  # a deal code, or a parameter this page does not know yet: typed as text
                control = controls.Text(value="", continuous_update=False, style={"description_width": "initial"},
                                        layout=widgets.Layout(width="240px"))
            control._tk_refused = self._refused
            self.fields[name] = control
        self._fill_choices(keep=old)
        for control in self.fields.values():
            control.observe(self._on_field, names="value")
        self.fields_box.children = list(self.fields.values())
        self._relabel_fields()
        self.update()

    def _fill_choices(self, keep: Mapping[str, Any] | None = None) -> None:
        """The menus' choices for what is chosen now (the game decides modes, players, bots and
        lessons); a value still offered is kept."""
        page = self.page_choice.value
        keep = {name: control.value for name, control in self.fields.items()} if keep is None else keep
        lang = self.lang
        self._filling = True
        try:
            games = list_games() if page != "learn" else [g for g in list_games() if spec(g).lessons]
            menus: dict[str, list[tuple[str, Any]]] = {"game": [(game_label(g, lang), g) for g in games],
                                                       "lang": [(LANGUAGE_NAMES[c], c) for c in LANGUAGES]}
            game = keep.get("game") if keep.get("game") in games else None  # (the unset value is no game)
            if game is not None:
                menus["preset"] = [(preset_label(game, p, lang), p) for p in presets(game)]
                preset = keep.get("preset") if keep.get("preset") in presets(game) else None
                menus["players"] = [(str(n), n) for n in player_counts(game, preset)]
                menus["bots"] = bot_options(bot_names(game), lang)
                menus["lesson"] = [(f"{k + 1}. {tr(lesson.title, lang)}", lesson.id)
                                   for k, lesson in enumerate(spec(game).lessons)]
            for name, control in self.fields.items():
                if isinstance(control, widgets.Dropdown):
                    if name in menus or name in ("preset", "players", "bots", "lesson"):
                        options = [self._unset()] + menus.get(name, [])
                    else:
                        options = [self._unset()] + [(_s(v, lang), v) for v in _FLAG_VALUES]
                    control.options = options
                    value = keep.get(name)
                    control.value = value if value in [v for _, v in options] else _UNSET
                    control.disabled = len(options) == 1
                elif name in keep:
                    control.value = keep[name]
        finally:
            self._filling = False

    def _on_field(self, change: Mapping[str, Any]) -> None:
        if self._filling:
            return
        self._fill_choices()  # the game (or mode) may change what the other menus offer
        self.update()

    def _refused(self, control: Any, _state: Any) -> None:
        self.problem_text = _s("refused", self.lang)
        self.problem.value = f'<div class="tk-problem" role="alert">{html.escape(self.problem_text)}</div>'

    # --- the link ------------------------------------------------------------------------------
    def choose(self, page: str | None = None, **values: Any) -> None:
        """Choose the page and the fields' values as a teacher would (a name the page does not
        take raises ``KeyError``)."""
        if page is not None:
            self.page_choice.value = page
        for name in ("game", "preset"):  # first what decides the other menus' choices
            if name in values:
                self.fields[name].value = _UNSET if values[name] is None else values[name]
        for name, value in values.items():
            self.fields[name].value = _UNSET if value is None else value

    def values(self) -> dict[str, Any]:
        """The chosen values by parameter, as ``links.setup_link`` takes them (None: not set)."""
        out: dict[str, Any] = {}
        for name, control in self.fields.items():
            value = control.value
            if isinstance(value, str):
                value = value.strip() or None
            out[name] = value
        return out

    def update(self) -> None:
        """Write the link and its QR code for what is chosen (or say why there is none)."""
        lang = self.lang
        try:
            self.link = links.setup_link(self.page_choice.value, **self.values())
        except links.LinkError as exc:
            self._no_link(exc.text(lang))
            return
        except (TablekitError, ValueError, KeyError):
            self._no_link(_s("unknown_problem", lang))
            return
        self.url = self.address + self.link
        self.qr_svg = qr_svg(self.url)
        self.problem_text = ""
        self.problem.value = ""
        url = html.escape(self.url)
        self.result.value = (f'<div class="tk-start-link"><b>{html.escape(_s("link", lang))}</b>'
                             f'<code>{url}</code>'
                             f'<p><a href="{url}" target="_blank" rel="noopener">{html.escape(_s("open", lang))}</a></p>'
                             f'<p class="tk-start-note">{html.escape(_s("address_note", lang))}</p></div>')
        self.qr.value = f'<div class="tk-start-qr" role="img" aria-label="{html.escape(_s("qr", lang))}">{self.qr_svg}</div>'

    def _no_link(self, text: str) -> None:
        self.link = self.url = self.qr_svg = ""
        self.problem_text = text
        self.problem.value = f'<div class="tk-problem" role="alert">{html.escape(text)}</div>'
        self.result.value = self.qr.value = ""

    # --- language ----------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        if lang not in LANGUAGES or lang == self.lang:
            return
        self.lang = lang
        self.lang_toggle.value = lang
        self.relabel()

    def relabel(self) -> None:
        lang = self.lang
        self.title.value = f'<h1 class="tk-title">{html.escape(_s("title", lang))}</h1>'
        self.lead.value = f'<p>{html.escape(_s("lead", lang))}</p>'
        self.lang_toggle.tooltips = [tr("widgets.dash.language", lang)] * len(LANGUAGES)
        suffix = f"?lang={lang}"  # the dashboards open in the language of this page
        cards = "".join(f'<a href="{links.page_file(page)}{suffix}" class="tk-start-to-{page}">'
                        f'<b>{html.escape(_s(f"page.{page}", lang))}</b>'
                        f'{html.escape(_s(f"page_line.{page}", lang))}</a>' for page in self.dashboards)
        self.pages.value = (f'<h2>{html.escape(_s("pages", lang))}</h2>'
                            f'<nav class="tk-start-pages">{cards}</nav>')
        # The class's pages need the server's class store: the static site has none.
        join = (f'<a href="{links.page_file("join")}{suffix}" class="tk-start-to-join">'
                f'<b>{html.escape(_s("page.join", lang))}</b>{html.escape(_s("page_line.join", lang))}</a>')
        self.classroom.value = "" if links.on_static_site() else (
            f'<h2>{html.escape(_s("class", lang))}</h2><nav class="tk-start-pages">{join}</nav>'
            f'<p class="tk-start-note">{html.escape(_s("teacher_note", lang))}</p>')
        lines = "".join(f'<li><b>{html.escape(game_label(g, lang))}</b>: {html.escape(_s(f"game.{g}", lang))}</li>'
                        for g in list_games() if has(f"widgets.start.game.{g}", lang))
        self.games.value = f'<h2>{html.escape(_s("games", lang))}</h2><ul class="tk-start-games">{lines}</ul>'
        self.builder_head.value = (f'<h2>{html.escape(_s("builder", lang))}</h2>'
                                   f'<p>{html.escape(_s("builder_lead", lang))}</p>')
        page = self.page_choice.value
        self._filling = True
        try:
            self.page_choice.options = [(_s(f"page.{p}", lang), p) for p in self.dashboards]
            self.page_choice.value = page
        finally:
            self._filling = False
        self.page_choice.description = _s("field.page", lang)
        self._fill_choices()
        self._relabel_fields()
        self.update()

    def _relabel_fields(self) -> None:
        for name, control in self.fields.items():
            control.description = self._label(name)


def start_page(lang: str = "en", query: str | None = None, environ: Mapping[str, str] | None = None) -> StartPage:
    """The start page: ``query`` is the page's query (None: the one Voilà passed; ``lang=ja``
    opens it in Japanese), ``environ`` where the page's address is read (None: this kernel's
    environment, where Voilà puts the request)."""
    query = links.query_string() if query is None else query
    return StartPage(lang=_query_lang(query) or lang, address=page_address(environ))


__all__ = ["DASHBOARDS", "DEFAULT_ADDRESS", "StartPage", "page_address", "params", "player_counts", "qr_svg",
           "start_page"]
