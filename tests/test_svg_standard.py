"""The standard 52-card faces and two Jokers (American Page One) in ``tablekit.render.svg``."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tablekit.i18n import tr
from tablekit.render.svg import (
    JOKERS,
    RANKS,
    STANDARD_CODES,
    SUITS,
    CardFace,
    card_svg,
    row_html,
    standard_card,
    standard_code,
    standard_face,
    standard_label,
    standard_name,
)

SVG = "{http://www.w3.org/2000/svg}"
RANK_EN = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
RANK_JA = {"A": "エース", "J": "ジャック", "Q": "クイーン", "K": "キング"}
SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARDS = [(r, s) for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _letter(rank: str) -> str:
    """The rank letter in canonical codes (the ten is written "10" but coded "T")."""
    return "T" if rank == "10" else rank


def _expected_name(rank: str, suit: str, lang: str) -> str:
    if lang == "en":
        return f"{RANK_EN.get(rank, rank)} of {SUIT_EN[suit]}"
    return f"{SUIT_JA[suit]}の{RANK_JA.get(rank, rank)}"


def test_the_deck_has_54_distinct_codes() -> None:
    assert len(STANDARD_CODES) == 54 == len(set(STANDARD_CODES))
    assert list(STANDARD_CODES[:52]) == [_letter(r) + s for r, s in CARDS]  # the ten is "T"
    assert STANDARD_CODES[52:] == ("JK1", "JK2")
    assert set(SUITS) == set("SHDC") and len(RANKS) == 13 and set(JOKERS) == {"JK1", "JK2"}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("rank,suit", CARDS)
def test_every_card_is_well_formed_labelled_and_shows_its_rank_and_suit(rank: str, suit: str, lang: str) -> None:
    code = rank + suit
    face = standard_face(code, lang)
    name = _expected_name(rank, suit, lang)
    assert face == {"deck": "standard", "code": code, "aria": name, "four_colour": False}
    for four in (False, True):
        svg = card_svg(face, four_colour=four)
        root = _parse(svg)
        assert root.get("viewBox") == "0 0 60 84" and root.get("role") == "img"
        assert root.get("aria-label") == name
        assert root.find(f"{SVG}title").text == name  # type: ignore[union-attr]
        # Self-contained: no link to a font, an image or a style sheet.
        assert not re.search(r"href|url\(|@import|@font-face|<image|<foreignObject|<script", svg)
        ink = SUITS[suit].ink(four)
        shape = SUITS[suit].shape
        # The suit is drawn as its own shape (never another suit's), in its ink.
        assert all(other.shape not in svg for other in SUITS.values() if other.code != suit)
        drawn = RANKS[_letter(rank)].kind
        count = {"ace": 1, "court": 2}.get(drawn, len(RANKS[_letter(rank)].pips))
        assert svg.count(shape) == count + 2  # plus the two corners
        assert set(re.findall(r'fill="(#[0-9a-f]{6})"', svg)) <= {ink, "#ffffff", "#fbf5e6"}
        # The rank is written in both corners (and large on court cards).
        texts = [t.text for t in root.iter(f"{SVG}text")]
        assert texts == [rank] * (3 if drawn == "court" else 2)
        assert len(root.findall(f"{SVG}g[@class='tk-corner']")) == 2
    assert standard_label(code) == rank + SYMBOL[suit]
    assert standard_name(code, lang) == name


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_jokers(lang: str) -> None:
    names = {"en": ("Black Joker", "Red Joker"), "ja": ("黒のジョーカー", "赤のジョーカー")}[lang]
    svgs = []
    for code, name in zip(("JK1", "JK2"), names):
        face = standard_face(code, lang)
        assert face["aria"] == name
        svg = card_svg(face)
        root = _parse(svg)
        assert root.get("aria-label") == name and root.find(f"{SVG}title").text == name  # type: ignore[union-attr]
        assert "JOKER" in "".join(t.text or "" for t in root.iter(f"{SVG}text"))
        assert JOKERS[code].ink in svg
        svgs.append(svg)
    # The two Jokers differ by shape as well as colour: the black star is solid, the red one hollow.
    assert 'fill="none"' not in svgs[0] and 'fill="none"' in svgs[1]


def test_a_few_names_exactly() -> None:
    assert standard_name("QS") == "Queen of spades"
    assert standard_name("QS", "ja") == "スペードのクイーン"
    assert standard_name("AH") == "Ace of hearts" and standard_name("AH", "ja") == "ハートのエース"
    assert standard_name("10D") == "10 of diamonds" and standard_name("TD", "ja") == "ダイヤの10"
    assert standard_name("8C") == "8 of clubs" and standard_name("KC", "ja") == "クラブのキング"
    assert tr("cards.name", "en", rank="Jack", suit="@cards.suit.D") == "Jack of diamonds"
    assert standard_name("JK") == "Joker" and standard_name("joker", "ja") == "ジョーカー"


@pytest.mark.parametrize("code", STANDARD_CODES)
def test_the_colour_schemes_differ_only_in_the_colours_of_diamonds_and_clubs(code: str) -> None:
    classic = card_svg(standard_face(code))
    four = card_svg(standard_face(code, four_colour=True))
    assert four == card_svg(standard_face(code), four_colour=True)  # a face hint or a parameter
    assert classic == card_svg(standard_face(code, four_colour=True), four_colour=False)
    if code.endswith(("D", "C")):
        suit = SUITS[code[-1]]
        assert classic != four
        assert suit.four not in classic and suit.classic not in four
        assert four.replace(suit.four, suit.classic) == classic
    else:
        assert classic == four


def test_the_schemes_inks() -> None:
    classic = {s.code: s.classic for s in SUITS.values()}
    four = {s.code: s.four for s in SUITS.values()}
    assert classic["H"] == classic["D"] != classic["S"] == classic["C"]  # red and black
    assert len(set(four.values())) == 4  # four colours
    assert four["S"] == classic["S"] and four["H"] == classic["H"]


@pytest.mark.parametrize("spelling,code", [
    ("TS", "TS"), ("10S", "TS"), ("ts", "TS"), (" 10 s ", "TS"), ("Q♠", "QS"), ("10♡", "TH"),
    ("k♦", "KD"), ("A♧", "AC"), ("♥\ufe0f".join(["7", ""]), "7H"), ("jk1", "JK1"), ("JK2", "JK2"),
    ("JK", "JK"), ("Joker", "JK"), ("JOKER2", "JK2"), ("1H", "AH"),
])
def test_tolerant_codes(spelling: str, code: str) -> None:
    assert standard_code(spelling) == code
    face = standard_face(spelling)
    assert face["code"] == spelling  # kept as given: it is the engine's own code
    assert face["aria"] == standard_name(code)
    assert card_svg(face) == card_svg({**face, "code": code})


@pytest.mark.parametrize("bad", ["", "Q", "S", "10", "11S", "QX", "ZS", "JK3", "QSS", "10SS", "♠Q", "JOKER3", "1 0 S x"])
def test_invalid_codes_raise_a_clear_error_naming_the_code(bad: str) -> None:
    for call in (standard_code, standard_name, standard_face, standard_label):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            call(bad)
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        card_svg({"deck": "standard", "code": bad, "aria": "x"})
    with pytest.raises(ValueError, match="JK1"):  # the message says what would be accepted
        standard_code(bad)


def test_non_string_codes_are_refused() -> None:
    with pytest.raises(ValueError, match="None"):
        card_svg({"deck": "standard", "code": None, "aria": "x"})


def test_text_is_escaped() -> None:
    face = {"deck": "standard", "code": "QS", "aria": 'Q <b>"&\' </svg>'}
    root = _parse(card_svg(face))
    assert root.get("aria-label") == face["aria"]
    assert root.find(f"{SVG}title").text == face["aria"]  # type: ignore[union-attr]


def test_a_face_without_an_aria_label_is_named_in_english() -> None:
    root = _parse(card_svg({"deck": "standard", "code": "9H"}))
    assert root.get("aria-label") == "9 of hearts"


def test_notebook_helpers_and_other_decks_still_work() -> None:
    assert standard_card("KH", "ja")._repr_svg_() == card_svg(standard_face("KH", "ja"))
    assert CardFace(standard_face("JK2"))._repr_svg_().startswith("<svg")
    html = row_html([standard_face("AS"), None, standard_face("10D", four_colour=True)], height=64)
    assert html.count("<svg") == 3 and "Ace of spades" in html and "face-down card" in html
    # Up&Down's art is unchanged by the new deck: no title, same structure.
    number = card_svg({"deck": "up_and_down", "code": "37", "aria": "37"})
    assert ">37<" in number and "<title>" not in number
    _parse(number)
    _parse(card_svg({"deck": "up_and_down", "code": "S", "aria": "Shot"}, four_colour=True))
    _parse(card_svg({"deck": "uno", "code": "R5", "aria": "red 5"}))  # 並べRUNO's deck
    with pytest.raises(ValueError, match="standard"):
        card_svg({"deck": "tarot", "code": "XXI", "aria": "The World"})


def test_faces_are_json_ready() -> None:
    faces = [standard_face(c, lang, four) for c in STANDARD_CODES for lang in ("en", "ja") for four in (False, True)]
    assert json.loads(json.dumps(faces, ensure_ascii=False)) == faces


# --- In a real browser -------------------------------------------------------------------------

_GEOMETRY = """
<script>
window.addEventListener("load", () => {
  const problems = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const svg of document.querySelectorAll("svg")) {
    const name = svg.getAttribute("aria-label");
    const card = svg.getBoundingClientRect();
    const corners = [...svg.querySelectorAll(".tk-corner")].map((g) => g.getBoundingClientRect());
    const centre = [...svg.querySelector(".tk-centre").children].map((e) => e.getBoundingClientRect());
    if (corners.length !== 2 || !centre.length) problems.push(name + ": missing parts");
    for (const c of corners) {
      if (!inside(c, card)) problems.push(name + ": corner outside the card");
      if (c.width < 4 || c.height < 10) problems.push(name + ": corner too small " + c.width + "x" + c.height);
      for (const e of centre) if (overlap(c, e)) problems.push(name + ": corner overlaps the centre");
    }
    for (const e of centre) if (!inside(e, card)) problems.push(name + ": centre outside the card");
  }
  document.body.setAttribute("data-problems", JSON.stringify(problems));
  document.body.setAttribute("data-cards", String(document.querySelectorAll("svg").length));
});
</script>
"""


def _page(height: int, four_colour: bool) -> str:
    width = height * 60 // 84
    cards = "".join(
        f'<span style="display:inline-block;width:{width}px;height:{height}px;margin:2px">'
        f"{card_svg(standard_face(code, four_colour=four_colour))}</span>"
        for code in STANDARD_CODES
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'><style>svg{width:100%;height:100%;display:block}"
        f"body{{margin:4px;background:#2e7d4f}}</style></head><body>{cards}{_GEOMETRY}</body></html>"
    )


@pytest.mark.browser
@pytest.mark.parametrize("height,four_colour", [(64, False), (140, True)])
def test_cards_render_in_chromium(tmp_path: Path, height: int, four_colour: bool) -> None:
    """Every face drawn by Chromium: corners and centre inside the card and apart, and a PNG.

    The PNGs stay in pytest's temporary directory (look at them when changing the art)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium")
    page = tmp_path / "cards.html"
    page.write_text(_page(height, four_colour), encoding="utf-8")
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900"]
    dom = subprocess.run([CHROMIUM, *flags, "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert 'data-cards="54"' in dom
    found = re.search(r"data-problems=\"([^\"]*)\"", dom)
    assert found, dom[-500:]
    problems = json.loads(found.group(1).replace("&quot;", '"'))
    assert problems == []
    png = tmp_path / "cards.png"
    subprocess.run([CHROMIUM, *flags, f"--screenshot={png}", page.as_uri()], capture_output=True,
                   timeout=120, check=True)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1200, 900)
