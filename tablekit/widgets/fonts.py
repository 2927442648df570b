"""The Japanese font every tablekit page carries, for machines that have none.

Lab PCs and CI often have no Japanese font, and the browser then draws Japanese as empty boxes.
``static/fonts/`` holds "Tablekit JP": Noto Sans JP (SIL Open Font License 1.1, ``OFL.txt``)
cut down by ``tools/build_font.py`` to the characters tablekit shows (about 65 KB a weight,
400 and 700). ``font_css()`` embeds it as ``data:`` URLs, so it works offline and through
Voilà with no extra file to serve, and gives tablekit's widgets their font stack.

The stack names "Tablekit JP" first, but its ``@font-face`` rules cover only Japanese script
(``unicode-range``: kana, kanji, CJK punctuation, full-width forms), so Latin letters, digits
and symbols still come from the reader's interface font, and a Japanese character the subset
lacks (a name someone typed) from the reader's own Japanese font. It must come first: Chromium
does not redraw text when a web font *later* in the stack finishes loading, so text drawn
before that (the page's first paint, a heading switched to Japanese) keeps its empty boxes.

Widgets drawn by ``play_table.js`` carry this CSS; any other ipywidgets page can include a
``FontLoader()`` (it shows nothing) to load it.

>>> FONT_FAMILY
'Tablekit JP'
>>> css = font_css()
>>> css.count("@font-face"), "font-display: swap" in css, "data:font/woff2;base64," in css
(2, True, True)
>>> font_css() is css  # read once, then cached
True
"""

from __future__ import annotations

import base64
import pathlib
from functools import lru_cache

import anywidget

from tablekit.render.svg import FONT as SVG_FONT

FONT_DIR = pathlib.Path(__file__).parent / "static" / "fonts"
FONT_FAMILY = "Tablekit JP"
#: weight -> the WOFF2 file of that weight in ``FONT_DIR``
FONT_FILES = {400: "tablekit-jp.woff2", 700: "tablekit-jp-bold.woff2"}
LICENSE_FILE = FONT_DIR / "OFL.txt"
#: The characters "Tablekit JP" draws: CJK punctuation, hiragana, katakana (and its phonetic
#: extensions), kanji (extension A, unified, compatibility) and the half/full-width forms.
UNICODE_RANGE = "U+3000-30FF, U+31F0-31FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FF00-FFEF"

#: "Tablekit JP" (Japanese script only), then the interface font of each system, then the
#: Japanese fonts of macOS, Windows and Linux for the kanji the subset lacks.
FONT_STACK = (
    f'"{FONT_FAMILY}", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, '
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", "Yu Gothic", Meiryo, '
    '"Noto Sans CJK JP", "Noto Sans JP", sans-serif'
)
#: The widgets that get the stack, with everything inside them.
SCOPES = (".tk-table", ".tk-dash", ".tk-stats")
#: The font-family attributes of the card pictures' text (``tablekit.render.svg``).
SVG_FONTS = ("sans-serif", SVG_FONT)

# The stack lives in one custom property. Form controls do not inherit the font; JupyterLab's and
# ipywidgets' rules read the --jp-* variables, which do inherit. Plotly writes its font into each
# text element's style attribute, so only !important reaches it (its default "Open Sans" is not
# on the reader's machine anyway: the chart looks the same but for the Japanese characters).
# The card pictures name their own fonts; "Tablekit JP" goes in front of them and changes only
# their Japanese text. :where() adds no specificity: these rules replace the browser's defaults,
# never a widget's own rules.
_RULES = """\
{scopes} {{
  --tk-font-family: {stack};
  font-family: var(--tk-font-family);
  --jp-ui-font-family: var(--tk-font-family);
  --jp-content-font-family: var(--tk-font-family);
}}
:where({scopes}) :where(button, input, select, textarea) {{
  font-family: var(--tk-font-family);
}}
:where({scopes}) .js-plotly-plot text {{
  font-family: var(--tk-font-family) !important;
}}
"""


def _face(weight: int, path: pathlib.Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return (
        "@font-face {\n"
        f'  font-family: "{FONT_FAMILY}";\n'
        "  font-style: normal;\n"
        f"  font-weight: {weight};\n"
        "  font-display: swap;\n"
        f"  unicode-range: {UNICODE_RANGE};\n"
        f'  src: url("data:font/woff2;base64,{data}") format("woff2");\n'
        "}\n"
    )


@lru_cache(maxsize=1)
def font_css() -> str:
    """The ``@font-face`` rules of "Tablekit JP" and the font stack of tablekit's widgets (read
    from the package once, then cached)."""
    faces = "".join(_face(weight, FONT_DIR / name) for weight, name in sorted(FONT_FILES.items()))
    scopes = ", ".join(SCOPES)
    svg = "".join(f':where({scopes}) svg text[font-family="{family}"] {{\n'
                  f'  font-family: "{FONT_FAMILY}", {family};\n}}\n' for family in SVG_FONTS)
    return faces + _RULES.format(scopes=scopes, stack=FONT_STACK) + svg


class FontLoader(anywidget.AnyWidget):
    """Loads "Tablekit JP" and tablekit's font stack into the page; draws nothing.

    >>> FontLoader()._css == font_css()
    True
    """

    _esm = "// Only the CSS matters: anywidget adds it to the page.\nexport default { render() {} };\n"
    _css = font_css()


__all__ = ["FONT_FAMILY", "FONT_STACK", "FontLoader", "font_css"]
