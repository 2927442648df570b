"""The Japanese web font ``Tablekit JP`` (tablekit/widgets/static/fonts/): it covers every
character tablekit shows, carries its licence, and ``font_css()`` embeds exactly these files.

When a new text brings a character the font lacks, the first test fails: re-run
``.venv/bin/python tools/build_font.py`` and commit the new font.
"""

from __future__ import annotations

import base64
import re
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
from fontTools.ttLib import TTFont
from repo_tools import load_tool

from tablekit.widgets.base import TableWidget
from tablekit.widgets.fonts import (FONT_DIR, FONT_FAMILY, FONT_FILES, FONT_STACK, LICENSE_FILE, UNICODE_RANGE, FontLoader,
                                    font_css)

ROOT = Path(__file__).resolve().parent.parent
REBUILD = "run `.venv/bin/python tools/build_font.py` and commit tablekit/widgets/static/fonts/"


def _load_build_script() -> ModuleType:
    return load_tool("build_font")


build_font = _load_build_script()


@pytest.mark.parametrize("weight", sorted(FONT_FILES))
def test_font_has_every_character_tablekit_shows(weight: int) -> None:
    path = FONT_DIR / FONT_FILES[weight]
    assert path.is_file(), f"{path} is missing: {REBUILD}"
    lacking = build_font.lacking(path)
    assert not lacking, (
        f"{path.name} has no glyph for {len(lacking)} characters used by tablekit "
        f"({''.join(lacking)!r}): {REBUILD}")


def test_required_characters_come_from_catalogues_and_widgets() -> None:
    chars = build_font.required_characters()
    assert {chr(c) for c in range(0x20, 0x7F)} <= chars  # printable ASCII
    assert set("日本語") <= chars  # the language switch (widgets/labels.py, play_table.js)
    assert set("▲▼▶") <= chars  # play_table.js
    assert set("♠♥♦♣") <= chars  # card names
    assert set("プレイヤー") <= chars  # core.seat in ja.json
    assert "\n" not in chars and "\t" not in chars
    # The characters the source font lacks are real characters tablekit uses.
    assert build_font.NOT_IN_SOURCE <= chars


def test_the_coverage_check_can_fail() -> None:
    path = FONT_DIR / FONT_FILES[400]
    assert build_font.lacking(path, {"あ", "A", "龘"}) == ["龘"]  # a kanji tablekit never shows


@pytest.mark.parametrize("weight", sorted(FONT_FILES))
def test_font_is_a_small_renamed_woff2(weight: int) -> None:
    path = FONT_DIR / FONT_FILES[weight]
    font = TTFont(path)
    assert font.flavor == "woff2"
    assert font["name"].getDebugName(1) == FONT_FAMILY
    assert font["OS/2"].usWeightClass == weight
    assert "OFL" in (font["name"].getDebugName(13) or "")  # the licence notice stays in the font
    # A subset, not the 5 MB source: about 65 KB today.
    assert path.stat().st_size < 150_000, f"{path.name} is {path.stat().st_size:,} bytes"
    assert len(font.getGlyphOrder()) < 2 * len(build_font.required_characters())


def test_licence_is_next_to_the_font() -> None:
    text = LICENSE_FILE.read_text(encoding="utf-8")
    assert "SIL Open Font License, Version 1.1" in text
    assert "Copyright" in text and "Reserved Font Name" in text


def test_css_embeds_the_committed_fonts() -> None:
    css = font_css()
    faces = re.findall(r"@font-face \{(.*?)\}", css, flags=re.S)
    assert len(faces) == len(FONT_FILES)
    for face, (weight, name) in zip(faces, sorted(FONT_FILES.items())):
        assert f'font-family: "{FONT_FAMILY}";' in face
        assert f"font-weight: {weight};" in face
        assert "font-display: swap;" in face
        data = re.search(r'url\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\) format\("woff2"\)', face)
        assert data is not None, face[:200]
        assert base64.b64decode(data.group(1)) == (FONT_DIR / name).read_bytes()
    assert css.count("{") == css.count("}")
    rules = css.split("@font-face")[-1]
    for scope in (".tk-table", ".tk-dash", ".tk-stats"):
        assert scope in rules
    # "Tablekit JP" first (Chromium redraws text only when the first font loads), limited to
    # Japanese script, so Latin text and symbols come from the system fonts that follow.
    families = [f.strip().strip('"') for f in FONT_STACK.split(",")]
    assert families[:2] == [FONT_FAMILY, "system-ui"] and families[-1] == "sans-serif"
    assert "var(--tk-font-family)" in rules and FONT_STACK in rules
    assert css.count(f"unicode-range: {UNICODE_RANGE};") == len(FONT_FILES)


def _in_range(char: str) -> bool:
    spans = [span.strip().removeprefix("U+").split("-") for span in UNICODE_RANGE.split(",")]
    return any(int(lo, 16) <= ord(char) <= int(hi, 16) for lo, hi in spans)


def test_unicode_range_is_the_japanese_script() -> None:
    assert _in_range("あ") and _in_range("ア") and _in_range("日") and _in_range("、") and _in_range("：")
    assert not any(_in_range(c) for c in "Aa0 ♠♥—→▲")  # drawn by the system's interface font
    # Every wide character tablekit shows (the ones only a CJK font has) is drawn by Tablekit JP.
    wide = {c for c in build_font.required_characters() if unicodedata.east_asian_width(c) in ("W", "F")}
    assert wide and all(_in_range(c) for c in wide), sorted(c for c in wide if not _in_range(c))


def test_widgets_carry_the_font() -> None:
    play_table_css = (FONT_DIR.parent / "play_table.css").read_text(encoding="utf-8")
    assert TableWidget._css == play_table_css + font_css()
    loader = FontLoader()
    assert loader._css == font_css()
    assert "export default" in loader._esm and "render" in loader._esm


def test_every_font_the_table_names_draws_japanese() -> None:
    """A rule of the table's stylesheet that sets its own font keeps Tablekit JP first (a column's
    bound, a worked score: "上へ96より大きい" drawn in a bare monospace font shows empty boxes),
    except the deal code, which is ASCII only."""
    css = (FONT_DIR.parent / "play_table.css").read_text(encoding="utf-8")
    ascii_only = {".tk-deal-code"}
    rules = re.findall(r"([^{}]+)\{[^{}]*font-family:\s*([^;}]+)", css)
    assert rules
    for selector, family in rules:
        name = selector.strip().splitlines()[-1].strip()
        if name in ascii_only or family.strip().startswith(("var(--tk-font-family)", "system-ui")):
            continue
        assert family.strip().startswith(f'"{FONT_FAMILY}"'), (name, family)
