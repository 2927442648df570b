"""English and Japanese text for every code the engine emits.

Catalogs are flat JSON files (``en.json``, ``ja.json``) mapping a namespaced code to a
``str.format`` template. Two conversions exist for seats: ``{player!p}`` names one seat
("Player 3" / "プレイヤー3") and ``{players!l}`` names a list of seats. A string parameter
that starts with ``@`` is itself a code and is translated first (``"@up_and_down.card.P"``).

>>> tr("up_and_down.event.eliminated", "en", player=2)
'Player 3 cannot play and is out of this game.'
>>> tr("up_and_down.event.eliminated", "ja", player=2)
'プレイヤー3は出せるカードがなく、このゲームから脱落しました。'

Plurals: ``{count!n:# card|# cards}`` picks one of the forms after the colon (separated by
``|``) by the number ``count`` and the language's plural rule (``PLURAL_RULES``), and writes
the number where the form has ``#``. English has two forms (one: 1 and -1 written without
decimals; other: every other number, 0 and 1.0 included). Japanese has no plural: a Japanese template simply writes the counter
word (``{count}枚``); if it uses ``!n`` at all, the last form is taken. A parameter that is not
a number (a ``"?"``, a preformatted ``"1,234"`` is read as a number) takes the last form.

>>> [render("{count!n:# card|# cards} left", "en", count=k) for k in (1, 2, 0)]
['1 card left', '2 cards left', '0 cards left']
>>> render("the {n!n:card is|cards are} shuffled", "en", n=1)
'the card is shuffled'
>>> render("{count!n:#枚}", "ja", count=1)
'1枚'
"""

from __future__ import annotations

import json
import numbers
import string
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Mapping

LANGUAGES = ("en", "ja")

#: language -> (number -> index of the plural form to use; an index past the last form given
#: takes the last one). Add a rule here together with a new language's catalog.
PLURAL_RULES: dict[str, Callable[[int | float], int]] = {
    "en": lambda n: 0 if isinstance(n, int) and abs(n) == 1 else 1,  # "1 card", "1.0 cards"
    "ja": lambda n: 1,  # no grammatical plural: the last ("other") form
}


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """The whole catalog of one language."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    text = resources.files(__name__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def register_texts(lang: str, texts: Mapping[str, str]) -> Callable[[], None]:
    """Add texts to the catalog of ``lang`` while the program runs, for a game that is not
    part of tablekit (a test's toy game, a plugin). Codes the catalog already holds are
    refused (ValueError), so a registration can never change tablekit's own texts.

    Returns a function that removes the added texts again (tests call it to clean up).

    >>> remove = register_texts("en", {"toy.title": "Toy"})
    >>> tr("toy.title", "en")
    'Toy'
    >>> remove()
    >>> has("toy.title")
    False
    """
    table = catalog(lang)
    taken = sorted(code for code in texts if code in table)
    if taken:
        raise ValueError(f"the {lang} catalog already has {', '.join(taken)}")
    table.update(texts)
    added = tuple(texts)

    def remove() -> None:
        for code in added:
            table.pop(code, None)

    return remove


def has(code: str, lang: str = "en") -> bool:
    return code in catalog(lang)


class _Count:
    """A parameter marked with ``!n``: its format spec holds the plural forms."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _as_number(value: Any) -> int | float | None:
    """The number a parameter shows: an int when it is written without decimals ("1", 1,
    numpy's integers), a float when it is written with them ("1.0" takes the plural in
    English), None when it is no number at all."""
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Integral):  # numpy's integers too
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, str):
        written = value.replace(",", "").replace("\u2212", "-")
        try:
            return int(written)
        except ValueError:
            pass
        try:
            return float(written)
        except ValueError:
            return None
    return None


def plural(value: Any, forms: str, lang: str = "en") -> str:
    """One of ``forms`` ("# card|# cards") for the number ``value`` in ``lang``, with ``#``
    replaced by the number (what ``{value!n:forms}`` writes in a template).

    >>> plural(1, "# point|# points"), plural(-1, "# point|# points"), plural(5, "# point|# points")
    ('1 point', '-1 point', '5 points')
    >>> plural(1, "# point|# points", "ja"), plural("?", "# player|# players"), plural("1.0", "# move|# moves")
    ('1 points', '? players', '1.0 moves')
    """
    options = forms.split("|")
    number = _as_number(value)
    index = len(options) - 1 if number is None else PLURAL_RULES[lang](number)
    return options[min(index, len(options) - 1)].replace("#", str(value))


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "p":
            return seat_name(value, self.lang)
        if conversion == "l":
            sep = "、" if self.lang == "ja" else ", "
            return sep.join(seat_name(v, self.lang) for v in value)
        if conversion == "n":
            return _Count(value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, _Count):
            return plural(value.value, format_spec, self.lang)
        if isinstance(value, str) and value.startswith("@"):
            value = tr(value[1:], self.lang)
        return super().format_field(value, format_spec)


#: Characters of outside text (what a person typed, what a page sent) that a message repeats.
EXCERPT_LIMIT = 20


class Verbatim:
    """Outside text as a parameter: what a person typed or a page sent, repeated in a message
    as it is (never looked up as a code, as a text starting with ``@`` would be), on one line
    without control or format characters, and cut to ``limit`` characters with "…". A message
    never echoes more than that; where it goes into HTML, the caller escapes the sentence.

    >>> tr("widgets.table.bad_deal_code", "en", code=Verbatim("UD-" + "9" * 200_000))
    'UD-99999999999999999… is not a deal code. A deal code looks like UD-B4-7F3A9.'
    >>> str(Verbatim("@core.seat")), str(Verbatim("a\\nb\\u202ec")), str(Verbatim(42))
    ('@core.seat', 'a bc', '42')
    """

    __slots__ = ("text",)

    def __init__(self, value: Any, limit: int = EXCERPT_LIMIT) -> None:
        raw = (value if isinstance(value, str) else str(value))[: 4 * limit + 8]
        kept = []
        for ch in raw:
            kind = unicodedata.category(ch)
            if kind in ("Cc", "Zl", "Zp", "Zs"):
                kept.append(" ")
            elif kind[0] != "C":  # format (bidi overrides), surrogate, private and unassigned go
                kept.append(ch)
        text = " ".join("".join(kept).split())
        self.text = text if len(text) <= limit else text[:limit] + "…"

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Verbatim({self.text!r})"


def seat_name(seat: int, lang: str = "en") -> str:
    """The display name of a seat (seats are 0-based in code, 1-based for people)."""
    return catalog(lang)["core.seat"].format(n=int(seat) + 1)


def tr(code: str, lang: str = "en", /, **params: Any) -> str:
    """The sentence for ``code`` in ``lang``, with ``params`` filled in.

    A code missing from the catalog comes back unchanged (a test makes sure none is).
    """
    template = catalog(lang).get(code)
    if template is None:
        return code
    return render(template, lang, **params)


def render(template: str, lang: str = "en", /, **params: Any) -> str:
    """Fill in a template written in the catalog's notation (``!p``, ``!l``, ``!n``, ``@``
    codes) without looking it up: ``tr`` is ``render(catalog(lang)[code], lang, **params)``."""
    if lang not in PLURAL_RULES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    return _Formatter(lang).format(template, **params)


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (for the catalog consistency test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
