"""The Binder environment (repo2docker reads ``binder/``): the package with what the notebooks
need, Python 3.11, and a Japanese font from the distribution's archive (``binder/apt.txt``)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
#: Font packages of Debian and Ubuntu that cover Japanese (Noto CJK is what the widgets' own
#: subset font is cut from; the others are the usual Japanese alternatives).
CJK_FONT_PACKAGES = {"fonts-noto-cjk", "fonts-noto-cjk-extra", "fonts-ipafont", "fonts-ipafont-gothic",
                     "fonts-ipaexfont", "fonts-ipaexfont-gothic", "fonts-takao-gothic", "fonts-vlgothic"}
#: Debian policy 5.6.1: lower-case letters, digits, + - . ; at least two characters.
PACKAGE_NAME = re.compile(r"[a-z0-9][a-z0-9+.-]+")


def apt_packages() -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in (BINDER / "apt.txt").read_text().splitlines())
    return [line for line in lines if line]


def test_apt_txt_names_a_japanese_font() -> None:
    packages = apt_packages()
    assert all(PACKAGE_NAME.fullmatch(name) for name in packages), packages
    assert CJK_FONT_PACKAGES & set(packages), f"binder/apt.txt names none of {sorted(CJK_FONT_PACKAGES)}"


def test_apt_txt_packages_exist_in_the_archive() -> None:
    """Where apt is at hand with package lists, every name resolves to a package."""
    if shutil.which("apt-cache") is None:
        pytest.skip("no apt-cache on this machine")
    known = subprocess.run(["apt-cache", "pkgnames", "fonts-"], capture_output=True, text=True, timeout=120)
    if known.returncode != 0 or not known.stdout.strip():
        pytest.skip("apt has no package lists here (run apt-get update)")
    for name in apt_packages():
        shown = subprocess.run(["apt-cache", "show", "--no-all-versions", name], capture_output=True, text=True,
                               timeout=120)
        assert shown.returncode == 0 and f"Package: {name}" in shown.stdout, f"apt does not know {name!r}"


def test_requirements_install_what_the_notebooks_import() -> None:
    """With binder/ present repo2docker ignores the root pyproject.toml: the -e line installs the
    package, with the extras of the dashboards and of notebooks/96_rl.ipynb (PettingZoo)."""
    lines = [line.strip() for line in (BINDER / "requirements.txt").read_text().splitlines() if line.strip()]
    editable = [line for line in lines if line.startswith("-e .")]
    assert len(editable) == 1
    extras = set(re.fullmatch(r"-e \.\[([a-z,]+)\]", editable[0]).group(1).split(","))  # type: ignore[union-attr]
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras <= set(declared) and {"dashboards", "rl"} <= extras
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
