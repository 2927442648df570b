"""English and Japanese text for every code the engine emits.

Catalogs are flat JSON files (``en.json``, ``ja.json``) mapping a namespaced code to a
``str.format`` template. Two conversions exist for seats: ``{player!p}`` names one seat
("Player 3" / "プレイヤー3") and ``{players!l}`` names a list of seats. A string parameter
that starts with ``@`` is itself a code and is translated first (``"@up_and_down.card.P"``).

>>> tr("up_and_down.event.eliminated", "en", player=2)
'Player 3 cannot play and is out of this game.'
>>> tr("up_and_down.event.eliminated", "ja", player=2)
'プレイヤー3は出せるカードがなく、このゲームから脱落しました。'
"""

from __future__ import annotations

import json
import string
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Mapping

LANGUAGES = ("en", "ja")


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


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "p":
            return seat_name(value, self.lang)
        if conversion == "l":
            sep = "、" if self.lang == "ja" else ", "
            return sep.join(seat_name(v, self.lang) for v in value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, str) and value.startswith("@"):
            value = tr(value[1:], self.lang)
        return super().format_field(value, format_spec)


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
    return _Formatter(lang).format(template, **params)


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (for the catalog consistency test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
