"""Display names shared by the widgets and dashboards, all from the i18n catalogs.

This module is light (no plotly, no pandas), so a dashboard that only plays can use it.

>>> game_label("up_and_down", "en"), preset_label("up_and_down", "cul_de_sac", "en")
('Up&Down', 'Cul-de-sac')
"""

from __future__ import annotations

from typing import Any, Iterable

from tablekit.i18n import has, tr

#: Self-names of the languages (shown as they are in every language, like most sites do).
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


def _first(codes: list[str], lang: str, fallback: str) -> str:
    for code in codes:
        if has(code, lang):
            return tr(code, lang)
    return fallback


def option_label(game: str, field: str, lang: str) -> str:
    """The label of an option: the game's own ``<game>.option.<field>`` text if it has one,
    else ``widgets.stats.option.<game>.<field>``, else the field name."""
    return _first([f"{game}.option.{field}", f"widgets.stats.option.{game}.{field}"], lang,
                  field.replace("_", " "))


def option_help(game: str, field: str, lang: str, doc: str) -> str:
    """The tooltip of an option (``widgets.stats.help.<game>.<field>``, else the config's doc)."""
    return _first([f"widgets.stats.help.{game}.{field}"], lang, doc)


def choice_label(game: str, field: str, value: Any, lang: str) -> str:
    """The label of one allowed value (``<game>.label.<field>.<value>`` first, so Up&Down's
    mode names are reused)."""
    return _first([f"{game}.label.{field}.{value}", f"widgets.stats.choice.{game}.{field}.{value}"],
                  lang, str(value))


def preset_label(game: str, preset: str, lang: str) -> str:
    return _first([f"{game}.label.mode.{preset}", f"widgets.stats.preset.{game}.{preset}"], lang, preset)


def game_label(game: str, lang: str) -> str:
    return _first([f"{game}.title"], lang, game)


#: The bots every game has, weakest first; a game's own bots rank between random and search.
BOT_STRENGTH = ("random", "heuristic", "search")


def bot_label(name: str, lang: str = "en") -> str:
    """The display name of a bot: its strength in plain words (the internal name, as in a
    link's ``bots=heuristic``, stays as it is).

    >>> [bot_label(b, "en") for b in BOT_STRENGTH], [bot_label(b, "ja") for b in BOT_STRENGTH]
    (['Beginner', 'Good', 'Strongest'], ['初級', '上級', '最強'])
    """
    code = f"widgets.stats.bot.{name}"
    return tr(code, lang) if has(code, lang) else name


def bots_by_strength(names: Iterable[str]) -> list[str]:
    """``names`` ordered weakest to strongest, as every menu of opponents lists them (a bot
    :data:`BOT_STRENGTH` does not know ranks with ``heuristic``, keeping its place).

    >>> bots_by_strength(["search", "heuristic", "random"])
    ['random', 'heuristic', 'search']
    """
    rank = {name: k for k, name in enumerate(BOT_STRENGTH)}
    return sorted(names, key=lambda b: rank.get(b, rank["heuristic"]))


def bot_options(names: Iterable[str], lang: str) -> list[tuple[str, str]]:
    """(label, name) pairs for a Dropdown of bots, weakest first."""
    return [(bot_label(b, lang), b) for b in bots_by_strength(names)]
