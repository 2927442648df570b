"""The ``tablekit`` Voilà template (``share/jupyter/voila/templates/tablekit``, named in
``voila.json``) is Voilà's own lab template minus the stylesheets it links from a public CDN.

It copies two pieces of the installed Voilà (the lab page's ``notebook_css`` block and the base
``page.html``) with those lines left out; these tests compare the copies with the installed
Voilà, so an upgrade that changes them fails here instead of silently serving an old page.
``tests/browser/test_no_outside_requests_in_browser.py`` checks the pages in a browser.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "share" / "jupyter" / "voila" / "templates" / "tablekit"
VOILA = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates"
CDN_LINK = re.compile(r'^\s*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/[^"]*" type="text/css" />\s*$')


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def block(text: str, name: str) -> str:
    match = re.search(r"\{%-? block " + name + r" -?%\}(.*?)\{%-? endblock(?: " + name + r")? -?%\}", text, re.DOTALL)
    assert match is not None, f"no block {name}"
    return match.group(1)


def without_comment(text: str) -> str:
    return re.sub(r"\{#.*?#\}", "", text, flags=re.DOTALL)


@pytest.fixture(scope="module")
def voila() -> Path:
    if not (VOILA / "lab" / "index.html.j2").is_file():
        pytest.skip(f"Voilà's templates are not installed in {VOILA}")
    return VOILA


def test_the_template_extends_lab_and_is_installed_where_voila_looks(voila: Path) -> None:
    assert json.loads((OURS / "conf.json").read_text()) == {"base_template": "lab"}
    assert json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["template"] == "tablekit"
    installed = voila / "tablekit"
    assert installed.resolve() == OURS.resolve(), f"{installed} should link to {OURS}: run `make .venv/.dev-installed`"


def test_the_notebook_css_block_is_labs_without_the_cdn_stylesheets(voila: Path) -> None:
    theirs = lines(block((voila / "lab" / "index.html.j2").read_text(), "notebook_css"))
    ours = lines(block((OURS / "index.html.j2").read_text(), "notebook_css"))
    dropped = [line for line in theirs if CDN_LINK.match(line)]
    assert len(dropped) == 2 and all("fontawesome" in line for line in dropped), dropped
    assert [line for line in theirs if not CDN_LINK.match(line) and line.strip() != "{{ super() }}"] == \
        [line for line in ours if line.strip() != "{{ super.super() }}"]
    assert ours[-1].strip() == "{{ super.super() }}" and theirs[-1].strip() == "{{ super() }}"
    assert "https://" not in without_comment((OURS / "index.html.j2").read_text())


def test_page_html_is_the_base_page_with_labs_stylesheets_and_without_the_cdn_one(voila: Path) -> None:
    base = (voila / "base" / "page.html").read_text()
    lab_styles = block((voila / "lab" / "page.html").read_text(), "stylesheets")
    ours = without_comment((OURS / "page.html").read_text())
    expected = re.sub(r"(\{% block stylesheets %\}).*?(\{% endblock %\})",
                      lambda m: m.group(1) + lab_styles + m.group(2), base, count=1, flags=re.DOTALL)
    dropped = [line for line in expected.splitlines() if CDN_LINK.match(line)]
    assert len(dropped) == 1 and "font-awesome" in dropped[0], dropped
    assert lines(ours) == [line for line in lines(expected) if not CDN_LINK.match(line)]
    assert "https://" not in ours
