"""Build the Japanese web font that tablekit ships: ``tablekit/widgets/static/fonts/``.

Lab PCs and CI often have no Japanese font, so Japanese text would show as empty boxes. This
script subsets Noto Sans JP (SIL Open Font License 1.1) to exactly the characters tablekit
shows, renames it "Tablekit JP" (a modified OFL font gets its own name) and writes:

- ``tablekit-jp.woff2`` (weight 400) and ``tablekit-jp-bold.woff2`` (weight 700);
- ``OFL.txt``, the font's licence, copied from the source package.

The characters are: printable ASCII, every value of ``tablekit/i18n/en.json`` and ``ja.json``
(card names included), and every non-ASCII character written in ``tablekit/widgets`` (``*.py``,
``static/*.js``, ``static/*.css``) and ``tablekit/render`` (the SVG of the cards). Whoever adds a
text with a new character re-runs this script; ``tests/test_font.py`` fails until they do.

The source is the npm package ``@expo-google-fonts/noto-sans-jp`` 0.4.3 (pinned below), whose
static TTF files are Google Fonts' Noto Sans JP (v56, font version 2.004; licence in the package's
``LICENSE_FONT``). The subset keeps the OpenType features of horizontal text (kerning,
proportional kana, ...) and drops vertical writing, which tablekit never uses. By default the
script fetches the package itself (about 15 s here, most of it the 29 MB download)::

    .venv/bin/python tools/build_font.py

which runs ``npm pack @expo-google-fonts/noto-sans-jp@0.4.3`` in a temporary directory (npm
checks the tarball against the registry's integrity hash) and unpacks it. To use a copy you
already have, unpack the tarball and pass its ``package`` directory::

    mkdir /tmp/njp && cd /tmp/njp && npm pack @expo-google-fonts/noto-sans-jp@0.4.3 \\
        && tar xzf expo-google-fonts-noto-sans-jp-0.4.3.tgz
    .venv/bin/python tools/build_font.py --source /tmp/njp/package

Either way the TTF files must match the SHA-256 sums below, and the output is byte-for-byte
reproducible (the source's timestamps are kept). ``--check`` builds nothing: it lists the
characters the committed font lacks and exits 1 if there are any. Needs ``fonttools`` and
``brotli`` (the ``dev`` extra).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tablekit"
OUT_DIR = PACKAGE / "widgets" / "static" / "fonts"
FAMILY = "Tablekit JP"

NPM_PACKAGE = "@expo-google-fonts/noto-sans-jp"
NPM_VERSION = "0.4.3"
#: weight -> (output file, TTF inside the npm package, its SHA-256)
FACES = {
    400: ("tablekit-jp.woff2", "400Regular/NotoSansJP_400Regular.ttf",
          "d930d5d52d15231c283089760f84584272ad5e37e14607ba0d19c798e7a9caec"),
    700: ("tablekit-jp-bold.woff2", "700Bold/NotoSansJP_700Bold.ttf",
          "c5b7b9d6a6eb682b0d4e6bbb38509575fd2759a28f147daa74714d1359a7909e"),
}
LICENSE_IN_PACKAGE = "LICENSE_FONT"
LICENSE_OUT = "OFL.txt"
STYLE_NAMES = {400: "Regular", 700: "Bold"}
#: Characters tablekit shows that Noto Sans JP has no glyph for: the system's fonts draw them
#: (they are outside the Japanese script, where the CSS uses "Tablekit JP"). A new character
#: missing from the source fails the build until it is added here, so no gap ships by accident.
NOT_IN_SOURCE = frozenset({
    "\u21bb",  # ↻ the ring's wrap point (play_table.js): DejaVu Sans, Segoe UI Symbol, Apple Symbols
})
VERTICAL_FEATURES = {"vert", "vrt2", "vkrn", "vpal", "valt", "vhal", "vchw", "vjmo"}


def required_characters(root: Path = ROOT) -> set[str]:
    """Every character the font must have: printable ASCII, the catalogues' values, and the
    non-ASCII characters written in the widgets' and the card pictures' source files."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    package = root / "tablekit"
    for lang in ("en", "ja"):
        catalogue = json.loads((package / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for value in catalogue.values():
            chars.update(value)
    sources = [*(package / "widgets").glob("*.py"), *(package / "widgets" / "static").glob("*.js"),
               *(package / "widgets" / "static").glob("*.css"), *(package / "render").glob("*.py")]
    for path in sources:
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7E)
    # Line breaks and tabs are layout, not glyphs.
    return {c for c in chars if c.isprintable() or c == "\u3000"}


def fetch_source(workdir: Path) -> Path:
    """``npm pack`` the pinned package into ``workdir`` and unpack it; returns its directory."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build_font: npm is needed to fetch the source font (or pass --source DIR)")
    spec = f"{NPM_PACKAGE}@{NPM_VERSION}"
    print(f"build_font: npm pack {spec}", file=sys.stderr)
    result = subprocess.run([npm, "pack", spec, "--silent", "--pack-destination", str(workdir)],
                            cwd=workdir, check=True, capture_output=True, text=True)
    tarball = workdir / result.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "package"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _rename(font: Any, weight: int) -> None:
    """Give the subset its own family name (OFL: a modified font is not "Noto Sans JP")."""
    style = STYLE_NAMES[weight]
    version = font["head"].fontRevision
    names = {
        1: FAMILY, 2: style, 3: f"{version:.3f};TKJP;TablekitJP-{style}",
        4: f"{FAMILY} {style}" if style != "Regular" else FAMILY, 6: f"TablekitJP-{style}",
        10: f"A subset of Noto Sans JP made for tablekit by tools/build_font.py ({NPM_PACKAGE} {NPM_VERSION}).",
    }
    table = font["name"]
    # Typographic family names would bring the old name back; the legacy ones above suffice.
    table.names = [n for n in table.names if n.nameID not in (16, 17, 21, 22, 25)]
    for name_id, text in names.items():
        table.removeNames(nameID=name_id)
        table.setName(text, name_id, 3, 1, 0x409)  # Windows, Unicode BMP, English (US)
        table.setName(text, name_id, 1, 0, 0)  # Macintosh, Roman, English
    font["OS/2"].usWeightClass = weight


def subset(source_ttf: Path, out: Path, chars: set[str], weight: int) -> tuple[int, list[str]]:
    """Write the WOFF2 subset of ``source_ttf``; returns (glyph count, characters it lacks)."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    font = TTFont(source_ttf, recalcTimestamp=False)
    cmap = font.getBestCmap()
    missing = sorted(c for c in chars if ord(c) not in cmap)
    options = ft_subset.Options()
    options.flavor = "woff2"
    options.name_IDs = list(range(15))  # copyright, names, designers, licence
    # A static web font needs no style attributes, and tablekit never writes vertically.
    options.drop_tables += ["STAT", "vhea", "vmtx"]
    options.layout_features = [f for f in options.layout_features if f not in VERTICAL_FEATURES]
    options.name_languages = [0x409, 0]
    options.notdef_outline = True
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars if ord(c) in cmap])
    subsetter.subset(font)
    _rename(font, weight)
    font.flavor = "woff2"
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(out)
    return len(font.getGlyphOrder()), missing


def lacking(font_file: Path, chars: set[str] | None = None) -> list[str]:
    """The characters tablekit needs (``chars``, by default ``required_characters()``) that
    ``font_file`` lacks, apart from those Noto Sans JP itself lacks (``NOT_IN_SOURCE``)."""
    from fontTools.ttLib import TTFont

    chars = required_characters() if chars is None else chars
    cmap = TTFont(font_file).getBestCmap()
    return sorted(c for c in chars - NOT_IN_SOURCE if ord(c) not in cmap)


def _describe(chars: list[str]) -> str:
    return ", ".join(f"{c!r} U+{ord(c):04X}" for c in chars)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path,
                        help=f"an unpacked {NPM_PACKAGE}@{NPM_VERSION} (its 'package' directory); "
                             "default: fetch it with npm pack")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output directory (default: %(default)s)")
    parser.add_argument("--check", action="store_true",
                        help="only list the characters the committed font lacks (exit 1 if any)")
    args = parser.parse_args(argv)

    chars = required_characters()
    if args.check:
        status = 0
        for name, _, _ in FACES.values():
            if not (args.out / name).is_file():
                print(f"build_font: {args.out / name} is missing")
                status = 1
                continue
            gaps = lacking(args.out / name, chars)
            if gaps:
                print(f"build_font: {name} lacks {len(gaps)} characters: {_describe(gaps)}")
                status = 1
        if status == 0:
            print(f"build_font: the fonts have all {len(chars)} characters")
        return status

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tablekit-font-") as tmp:
        source = args.source or fetch_source(Path(tmp))
        for weight, (name, ttf, digest) in FACES.items():
            path = source / ttf
            if not path.is_file():
                sys.exit(f"build_font: {path} not found: is {source} the unpacked {NPM_PACKAGE}@{NPM_VERSION}?")
            if _sha256(path) != digest:
                sys.exit(f"build_font: {path} has SHA-256 {_sha256(path)}, expected {digest} "
                         f"({NPM_PACKAGE}@{NPM_VERSION}); update FACES only after checking the new font")
            glyphs, missing = subset(path, args.out / name, chars, weight)
            size = (args.out / name).stat().st_size
            print(f"build_font: {args.out / name}: {size:,} bytes, {glyphs} glyphs")
            unexpected = [c for c in missing if c not in NOT_IN_SOURCE]
            if unexpected:
                sys.exit(f"build_font: Noto Sans JP {weight} has no glyph for {_describe(unexpected)}: "
                         "choose another character, or add it to NOT_IN_SOURCE if a system font has it")
        shutil.copyfile(source / LICENSE_IN_PACKAGE, args.out / LICENSE_OUT)
    print(f"build_font: {len(chars)} characters, done in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
