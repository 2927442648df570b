"""Display names shared by the widgets and dashboards, all from the i18n catalogs.

This module is light (no plotly, no pandas), so a dashboard that only plays can use it.

>>> game_label("up_and_down", "en"), preset_label("up_and_down", "cul_de_sac", "en")
('Up&Down', 'Cul-de-sac')
"""

from __future__ import annotations

from typing import Any

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


def bot_label(name: str, lang: str = "en") -> str:
    """The display name of a bot (``"heuristic"`` -> ``"heuristic"`` / ``"ヒューリスティック"``)."""
    code = f"widgets.stats.bot.{name}"
    return tr(code, lang) if has(code, lang) else name
