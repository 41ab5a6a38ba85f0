"""Benchmark: exchange advice and the expert bots in the browser (issue 26).

Serves the built site (``site/``, from ``make site``) on 127.0.0.1 and drives
Debian's Chromium (Playwright), Python loaded first (not timed):

* the combinations page's "What should I keep?": milliseconds from the
  moment the site's Python starts on a request to the table shown
  (``window.ambiguAdviceMs``), for the cases that count the most final hands
  (a first exchange on two cards: up to C(38, 4) = 73,815 hands for the
  discard of both; a second exchange on four: 16 discards, 91,390 hands in
  all), each asked twice (the first time also imports the advice's modules);
  the issue's target is 0.5 s;
* the Play page at four players, the reader and three bots: milliseconds from
  a click on an action to the page's next table, which includes every bot's
  turn after the move, with expert bots and, as the reference timed in the
  same run, heuristic bots.

Figures, not a test. Usage: python tools/bench_browser_advice.py [--site-dir site] [--deals 3]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_browser import _Quiet  # noqa: E402
from browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

#: (version, exchange, hand, cards seen): the largest counts of every version's pack.
CASES = [
    ("foster", "first", "9S 10S", ""),
    ("foster", "second", "9S 10S 2H 3C", ""),
    ("1730", "first", "9S 10S", ""),
    ("1730", "second", "5S 5H 9C 10C", ""),
    ("encyclopedia", "first", "9S 10S", ""),
    ("encyclopedia", "second", "5S 5H 9C 10C", ""),
    ("russian", "second", "5S 5H 6C 7C", ""),
    ("russian-courts", "second", "AS 2H JC QC", ""),
    ("foster", "second", "9S 10S 2H 3C", "AS AH AD AC 4S 4H 4D 4C"),
]


def advice_ms(page: Any, base: str) -> list[tuple[str, int, int]]:
    page.goto(base + "/combinations/")
    page.set_default_timeout(240_000)
    found = []
    for version, exchange, hand, seen in CASES:
        times = []
        for _ in range(2):
            page.select_option("#advice-version", version)
            page.select_option("#advice-exchange", exchange)
            page.fill("#advice-hand", hand)
            page.fill("#advice-seen", seen)
            page.wait_for_timeout(300)  # the reader types: the version's table installs
            page.evaluate("window.ambiguAdviceMs = undefined")
            page.click(".advice-form button[type=submit]")
            page.wait_for_function("() => window.ambiguAdviceMs !== undefined")
            times.append(int(page.evaluate("window.ambiguAdviceMs")))
        found.append((f"{version} {exchange} {hand}" + (f" seen {seen}" if seen else ""),
                      times[0], times[1]))
    return found


def move_ms(page: Any, base: str, bots: str, deals: int) -> list[float]:
    """Milliseconds from each click to the next table, over ``deals`` deals of Foster."""
    page.add_init_script("window.AMBIGU_PLAY_PACE_MS = 0;")
    page.goto(base + "/play/?v=foster")
    page.set_default_timeout(240_000)
    page.select_option("select[name=bots]", bots)
    page.click("form.play-form button[type=submit]")
    page.wait_for_selector(".play-actions button")
    found = []
    played = 0
    while played < deals:
        button = page.locator(".play-actions button").first
        label = button.inner_text()
        page.evaluate("() => { document.querySelector('.play-step').dataset.stale = 'yes'; }")
        start = time.perf_counter()
        if button.get_attribute("aria-disabled") == "true":
            page.locator(".play-pick").first.click()
        button.click()
        page.wait_for_function("() => document.querySelector('.play-step')"
                               " && !document.querySelector('.play-step').dataset.stale"
                               " && document.querySelector('.play-actions button')")
        if label != "Next deal":
            found.append(1000 * (time.perf_counter() - start))
        if label == "Next deal":
            played += 1
    return found


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site")
    parser.add_argument("--deals", type=int, default=3)
    args = parser.parse_args(argv)
    if not (args.site_dir / "pyodide" / "wheels.json").is_file():
        print(f"error: {args.site_dir} has no Pyodide runtime: run `make site` first",
              file=sys.stderr)
        return 2
    handler = functools.partial(_Quiet, directory=str(args.site_dir))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print("What should I keep? (ms from Python starting on the request to the table;"
                  " first ask, second ask; target 500)")
            for case, first, second in advice_ms(browser.new_page(), base):
                print(f"  {case:48} {first:5d} {second:5d}")
            print(f"Play, Foster, 4 players (the reader and 3 bots), {args.deals} deals: ms from"
                  " a click to the next table, the bots' turns included")
            for bots in ("expert", "heuristic"):
                times = move_ms(browser.new_page(), base, bots, args.deals)
                print(f"  {bots:9} bots: median {statistics.median(times):6.0f}   "
                      f"max {max(times):6.0f}   ({len(times)} clicks)")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
