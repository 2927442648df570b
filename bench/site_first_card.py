"""Time to the first playable card on the static site (``make site``), in headless Chromium.

Run from the repository root with the project's environment, after ``make site``::

    .venv/bin/python bench/site_first_card.py            # site/, 3 cold loads of each page
    .venv/bin/python bench/site_first_card.py --site DIR --runs 5

It serves the folder with ``python -m http.server`` on the loopback and opens each page in a
fresh browser context (an empty browser cache, as a first visit), with every request to another
host aborted. It reports, per page, the seconds from ``page.goto`` to the first playable card
(the play page) or to the lesson's first step (the learn page), the bytes the page fetched from
the site (the files' sizes on disk; the server sends them uncompressed) and the requests to
other hosts (there must be none). Numbers go in bench/README.md, never in tests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Callable

from playwright.sync_api import Route, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from helpers_browser import LOOPBACK, free_port, stop_server  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = {
    "play": ("voici/render/play.html", ".tk-table .tk-card.tk-playable"),
    "learn": ("voici/render/learn.html", ".tk-table .tk-lesson-step"),
}


def _recorder(paths: set[str], outside: list[str]) -> Callable[[Route], None]:
    """A route handler: loopback requests go on (their paths noted), others are aborted (noted)."""
    def route(r: Route) -> None:
        if r.request.url.startswith(LOOPBACK):
            paths.add(urllib.parse.urlsplit(r.request.url).path)
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    return route


def measure(site: Path, runs: int) -> dict[str, object]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    time.sleep(0.5)
    base = f"http://127.0.0.1:{port}/"
    results: dict[str, object] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
            for name, (path, ready) in PAGES.items():
                seconds: list[float] = []
                fetched: list[int] = []
                outside: list[str] = []
                for _ in range(runs):
                    context = browser.new_context(viewport={"width": 1000, "height": 1500})
                    paths: set[str] = set()
                    context.route("**/*", _recorder(paths, outside))
                    page = context.new_page()
                    started = time.monotonic()
                    page.goto(base + path)
                    page.wait_for_selector(ready, timeout=180_000)
                    seconds.append(round(time.monotonic() - started, 1))
                    files = [site / urllib.parse.unquote(p).lstrip("/") for p in paths]
                    fetched.append(sum(f.stat().st_size for f in files if f.is_file()))
                    context.close()
                results[name] = {"seconds": seconds, "median_s": statistics.median(seconds),
                                 "fetched_mb": round(statistics.median(fetched) / 1e6, 1), "outside": outside}
            browser.close()
    finally:
        stop_server(server)
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    results["site_mb"] = round(size / 1e6, 1)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (args.site / "voici" / "render" / "play.html").exists():
        sys.exit(f"no site in {args.site}: run make site first")
    print(json.dumps(measure(args.site, args.runs), indent=1))


if __name__ == "__main__":
    main()
