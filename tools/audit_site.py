"""Measure a built site with tools no one here wrote: Lighthouse and axe-core.

Usage::

    python tools/audit_site.py [SITE_DIR] [--page KIND ...] [--scheme light|dark ...]
        [--no-lighthouse] [--no-axe] [--lighthouse-schemes light,dark]
        [--categories performance,accessibility,best-practices,seo]
        [--fail-under SCORE] [--json]
    python tools/audit_site.py [SITE_DIR] --every-page [--width 390 --width 1280]

SITE_DIR (default ``site``) is a built site (``tools/build_site.py --site-dir
/tmp/audit-site`` builds one in about 20 s). It is served on 127.0.0.1 by a
small HTTP server that gzips text responses, as a static host does, and one
page of each kind (:data:`PAGES`) is measured in the light and the dark
colour scheme:

* **Lighthouse 12.2.3** (mobile form factor, its default simulated
  throttling) gives the four category scores. Dark is set by a Chrome flag
  (``--blink-settings=preferredColorScheme=0``), and the flag is checked to
  take effect first: Lighthouse opens a probe page that reports to the server
  which scheme it sees; if it does not see dark, the dark Lighthouse runs are
  left out and the tool says so.
* **axe-core 4.x**, injected with Playwright into the page (1280 x 900,
  Playwright's ``color_scheme``), counts the serious and critical findings.

With ``--every-page``, axe-core measures every page of the site instead
(:func:`site_pages`: both editions, each page the MkDocs build made, and the
API reference's two kinds of page), at 390 and 1280 px wide, each page in the
light and the dark scheme (:func:`axe_sweep`: one load per page and width, the
reader's switch of scheme between the two runs); Lighthouse is not run then.
It takes five to six minutes on a shared 2-core machine (300 to 370 s for
84 pages x 2 widths x 2 schemes).

Both come from npm, installed once into ``$AMBIGU_AUDIT_TOOLS`` (default
``~/.cache/ambigu-audit``)::

    npm i --prefix ~/.cache/ambigu-audit -E lighthouse@12.2.3 axe-core@4.14.1

The browser is Debian's Chromium (``$AMBIGU_CHROMIUM``, default
``/usr/bin/chromium``). Prints a table, page x scheme: the four scores, the
axe counts, then each finding (``--json``: everything as JSON). Exit status 0;
1 with ``--fail-under`` when a score is below it or axe finds anything serious
or critical; 2 when the tools are missing.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/: audit_axe
from audit_axe import (
    API_KINDS,
    API_PAGES,
    AXE_RUN,
    CHROMIUM,
    CHROMIUM_ARGS,
    SCHEMES,
    SERIOUS,
    SWEEP_WIDTHS,
    axe,
    axe_browser,
    axe_counts,
    axe_page,
    axe_path,
    axe_sweep,
    serious_findings,
    site_pages,
    tools_dir,
)

__all__ = [
    "API_KINDS",
    "AXE_RUN",
    "SERIOUS",
    "SWEEP_WIDTHS",
    "axe",
    "axe_browser",
    "axe_counts",
    "axe_page",
    "axe_sweep",
    "serious_findings",
    "site_pages",
]

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE_VERSION = "12.2.3"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: One page of each kind: its name and its path under the site.
PAGES: dict[str, str] = {
    "home": "index.html",
    "version": "versions/1730/",
    "compare": "compare/",
    "combinations": "combinations/",
    "example": "examples/fredon-value/",
    "glossary": "glossary/",
    "open-questions": "open-questions/",
    "history": "history/",
    "play": "play/",
    **API_PAGES,
}
#: The Blink setting that makes ``prefers-color-scheme`` match (0 dark, 1 light).
SCHEME_FLAGS = {
    "light": "--blink-settings=preferredColorScheme=1",
    "dark": "--blink-settings=preferredColorScheme=0",
}
PROBE = "/__colour-scheme-probe"
PROBE_PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Which colour scheme the browser reports.">
<title>Colour scheme probe</title></head><body><p>Probe</p><script>
fetch("%s/" + (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
</script></body></html>""" % PROBE.encode()
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml",
                "application/xml", "application/manifest+json")


# --- the tools --------------------------------------------------------------------


def lighthouse_path() -> Path:
    return tools_dir() / "node_modules" / ".bin" / "lighthouse"


def _version(package: str) -> str | None:
    manifest = tools_dir() / "node_modules" / package / "package.json"
    try:
        return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return None


def missing_tools(lighthouse: bool = True, axe: bool = True) -> str | None:
    """Why the audit cannot run here (a tool or the browser missing), or None."""
    install = (f"npm i --prefix {tools_dir()} -E lighthouse@{LIGHTHOUSE_VERSION} "
               "axe-core@4.14.1")
    if not os.path.isfile(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    found = _version("lighthouse")
    if lighthouse and (found != LIGHTHOUSE_VERSION or not lighthouse_path().is_file()):
        what = f"Lighthouse {found}" if found else "no Lighthouse"
        return f"{what} in {tools_dir()}, {LIGHTHOUSE_VERSION} wanted: {install}"
    found = _version("axe-core")
    if axe and (not found or not found.startswith("4.") or not axe_path().is_file()):
        return f"no axe-core 4.x in {tools_dir()}: {install}"
    if axe:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            return "Playwright is not installed (make browser-deps)"
    return None


# --- serving, gzipped -------------------------------------------------------------


class GzipHandler(SimpleHTTPRequestHandler):
    """Serves a folder as a static host does: text gzipped, the site's 404 page."""

    server: GzipServer

    def log_message(self, format: str, *args: Any) -> None:
        """No log line per request."""

    def do_GET(self) -> None:
        """A file, gzipped when it is text and the browser accepts gzip."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        self.server.seen.append(path)
        if path == PROBE + ".html":
            self._send(200, "text/html; charset=utf-8", PROBE_PAGE)
            return
        if path.startswith(PROBE + "/"):
            self._send(204, "text/plain", b"")
            return
        local = Path(self.translate_path(path))
        if local.is_dir() and path.endswith("/"):
            local = local / "index.html"
        if local.is_dir() or (local.is_file() and not self._compressible(local)):
            super().do_GET()  # redirects a folder to its slash; binary files as they are
            return
        if not local.is_file():
            missing = Path(self.server.directory) / "404.html"
            body = missing.read_bytes() if missing.is_file() else b"Not found"
            self._send(404, "text/html; charset=utf-8", body)
            return
        self._send(200, self.guess_type(str(local)), local.read_bytes())

    def _compressible(self, local: Path) -> bool:
        return self.guess_type(str(local)).startswith(COMPRESSIBLE)

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        gzipped = "gzip" in self.headers.get("Accept-Encoding", "") and len(body) > 256
        if gzipped:
            body = gzip.compress(body, compresslevel=6)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "max-age=600")  # as GitHub Pages sends
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class GzipServer(ThreadingHTTPServer):
    """The server of :class:`GzipHandler`; ``seen`` lists the paths asked for."""

    daemon_threads = True

    def __init__(self, directory: Path) -> None:
        self.directory = str(directory)
        self.seen: list[str] = []
        super().__init__(("127.0.0.1", 0),
                         functools.partial(GzipHandler, directory=self.directory))

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that leaves a page mid-download is no error worth printing."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve_gzipped(directory: Path) -> Iterator[GzipServer]:
    """Serve ``directory`` on 127.0.0.1 (a port the system picks) with gzip."""
    server = GzipServer(directory)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def base_url(server: GzipServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


# --- Lighthouse -------------------------------------------------------------------


def lighthouse(url: str, scheme: str, categories: tuple[str, ...] = CATEGORIES,
               timeout: float = 180) -> dict[str, Any]:
    """Lighthouse's report (its JSON) of ``url`` on a phone, in ``scheme``."""
    flags = ["--headless=new", *CHROMIUM_ARGS, SCHEME_FLAGS[scheme]]
    with tempfile.TemporaryDirectory(prefix="ambigu-lighthouse-") as work:
        out = Path(work) / "report.json"
        command = [
            str(lighthouse_path()), url, "--quiet", "--output=json", f"--output-path={out}",
            f"--chrome-path={CHROMIUM}", f"--chrome-flags={' '.join(flags)}",
            f"--only-categories={','.join(categories)}", "--form-factor=mobile",
            "--disable-full-page-screenshot", "--max-wait-for-load=60000",
        ]
        env = {**os.environ, "CHROME_PATH": CHROMIUM, "TMPDIR": work}
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                env=env, check=False)
        if result.returncode != 0 or not out.is_file():
            raise RuntimeError(f"lighthouse failed on {url} ({scheme}): "
                               f"{result.stderr.strip()[-2000:]}")
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url}: {report['runtimeError']}")
    return report


def scores(report: dict[str, Any]) -> dict[str, int | None]:
    """The category scores of a Lighthouse report, 0 to 100 (None: not scored)."""
    out: dict[str, int | None] = {}
    for name, category in report["categories"].items():
        score = category.get("score")
        out[name] = None if score is None else round(score * 100)
    return out


def failed_audits(report: dict[str, Any]) -> dict[str, list[str]]:
    """Per category, the audits that cost points: ``id (score): title``."""
    out: dict[str, list[str]] = {}
    audits = report["audits"]
    for name, category in report["categories"].items():
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            score = audit.get("score")
            if ref.get("weight", 0) > 0 and score is not None and score < 0.9:
                shown = audit.get("displayValue", "")
                out.setdefault(name, []).append(
                    f"{ref['id']} ({score:.2f}{', ' + shown if shown else ''}): {audit['title']}")
    return out


def settle(first: int | None, again: Callable[[], int | None],
           minimum: int) -> tuple[bool, list[int | None]]:
    """Whether a score that moves from run to run (performance) reaches
    ``minimum``, judged on the median of three runs, and the runs' scores.

    The median of three reaches ``minimum`` exactly when two runs do, so the
    third run (``again()``) is made only when the first two disagree. A run
    without a score counts as one below ``minimum``.
    """
    scores = [first, again()]
    reached = [score is not None and score >= minimum for score in scores]
    if reached[0] != reached[1]:
        scores.append(again())
        reached.append(scores[-1] is not None and scores[-1] >= minimum)
    return sum(reached) >= 2, scores


def dark_takes_effect(server: GzipServer) -> bool:
    """Whether Lighthouse's Chrome, with the dark flag, reports ``prefers-color-scheme: dark``."""
    server.seen.clear()
    lighthouse(base_url(server) + PROBE.lstrip("/") + ".html", "dark", ("seo",))
    return PROBE + "/dark" in server.seen and PROBE + "/light" not in server.seen


# --- axe ----------------------------------------------------------------------------

# --- the audit --------------------------------------------------------------------


def audit(site: Path, pages: list[str], schemes: list[str], lighthouse_schemes: list[str],
          categories: tuple[str, ...], run_axe: bool = True,
          say: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Measure ``pages`` (kinds of :data:`PAGES`) of ``site``; one row per page and scheme."""
    say = say or (lambda line: print(line, file=sys.stderr))
    rows: list[dict[str, Any]] = []
    with serve_gzipped(site) as server:
        url = base_url(server)
        if "dark" in lighthouse_schemes and not dark_takes_effect(server):
            say("audit: Lighthouse's Chrome does not report dark with "
                f"{SCHEME_FLAGS['dark']}; Lighthouse runs in light only")
            lighthouse_schemes = [s for s in lighthouse_schemes if s != "dark"]
        with axe_browser() if run_axe else _nothing() as browser:
            for kind in pages:
                for scheme in schemes:
                    row: dict[str, Any] = {"page": kind, "path": PAGES[kind], "scheme": scheme}
                    start = time.monotonic()
                    if scheme in lighthouse_schemes:
                        report = lighthouse(url + PAGES[kind], scheme, categories)
                        row["lighthouse"] = scores(report)
                        row["lighthouse_failed"] = failed_audits(report)
                    if browser is not None:
                        violations = axe_page(browser, url + PAGES[kind], scheme)
                        row["axe"] = axe_counts(violations)
                        row["axe_violations"] = violations
                    row["seconds"] = round(time.monotonic() - start, 1)
                    say(f"audit: {kind} ({scheme}) in {row['seconds']} s")
                    rows.append(row)
    return rows


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a text table, then each finding."""
    short = {"performance": "perf", "accessibility": "a11y", "best-practices": "bp",
             "seo": "seo"}
    head = ["page", "scheme", *short.values(), "axe serious", "axe critical"]
    lines = [head]
    for row in rows:
        got = row.get("lighthouse", {})
        axe_row = row.get("axe")
        lines.append([row["page"], row["scheme"],
                      *[str(got.get(name, "-")) for name in short],
                      str(axe_row["serious"]) if axe_row else "-",
                      str(axe_row["critical"]) if axe_row else "-"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
            for line in lines]
    for row in rows:
        where = f"{row['page']} ({row['scheme']})"
        for category, failed in row.get("lighthouse_failed", {}).items():
            text.extend(f"{where} lighthouse {category}: {line}" for line in failed)
        for violation in row.get("axe_violations", []):
            targets = "; ".join(node["target"] for node in violation["nodes"][:4])
            text.append(f"{where} axe {violation['impact']} {violation['id']} "
                        f"x{len(violation['nodes'])}: {violation['help']} [{targets}]")
    return "\n".join(text)


def below(rows: list[dict[str, Any]], minimum: int) -> list[str]:
    """What falls short: a score under ``minimum``, a serious or critical axe finding."""
    short: list[str] = []
    for row in rows:
        where = f"{row['page']} ({row['scheme']})"
        for category, score in row.get("lighthouse", {}).items():
            if score is not None and score < minimum:
                short.append(f"{where}: {category} {score}")
        counts = row.get("axe")
        if counts and counts["serious"] + counts["critical"]:
            short.append(f"{where}: axe {counts['serious']} serious, "
                         f"{counts['critical']} critical")
    return short


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    parser.add_argument("--page", action="append", choices=sorted(PAGES),
                        help="a kind of page (repeat; default: every kind)")
    parser.add_argument("--scheme", action="append", choices=SCHEMES,
                        help="a colour scheme (repeat; default: both)")
    parser.add_argument("--lighthouse-schemes", default="light,dark",
                        help="the schemes Lighthouse runs in (default: light,dark)")
    parser.add_argument("--categories", default=",".join(CATEGORIES))
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--no-axe", action="store_true")
    parser.add_argument("--fail-under", type=int, default=None, metavar="SCORE")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--every-page", action="store_true",
                        help="axe on every page, both schemes, at each --width (no Lighthouse)")
    parser.add_argument("--width", action="append", type=int,
                        help="with --every-page: a width in px (repeat; default: 390 and 1280)")
    args = parser.parse_args(argv)
    if args.every_page:
        return _every_page(args.site, args.width or list(SWEEP_WIDTHS), args.json)
    missing = missing_tools(lighthouse=not args.no_lighthouse, axe=not args.no_axe)
    if missing:
        print(f"audit_site: {missing}", file=sys.stderr)
        return 2
    if not (args.site / "index.html").is_file():
        print(f"audit_site: {args.site}: no index.html (build the site first)", file=sys.stderr)
        return 2
    lighthouse_schemes = [] if args.no_lighthouse else args.lighthouse_schemes.split(",")
    categories = tuple(args.categories.split(","))

    rows = audit(args.site, args.page or list(PAGES), args.scheme or list(SCHEMES),
                 lighthouse_schemes, categories, run_axe=not args.no_axe)
    print(json.dumps(rows, indent=2) if args.json else table(rows))
    if args.fail_under is not None and below(rows, args.fail_under):
        return 1
    return 0


def _every_page(site: Path, widths: list[int], as_json: bool) -> int:
    """``--every-page``: the sweep, its findings printed; 1 if any is serious or critical."""
    missing = missing_tools(lighthouse=False)
    if missing:
        print(f"audit_site: {missing}", file=sys.stderr)
        return 2
    if not (site / "index.html").is_file():
        print(f"audit_site: {site}: no index.html (build the site first)", file=sys.stderr)
        return 2
    start = time.monotonic()
    pages = site_pages(site)
    report: dict[str, Any] = {}
    lines: list[str] = []
    with serve_gzipped(site) as server, axe_browser() as browser:
        for width in widths:
            found = axe_sweep(browser, base_url(server), pages, width)
            report[str(width)] = found
            lines.extend(serious_findings(found, width))
    took = time.monotonic() - start
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print("\n".join(lines) or "axe: nothing serious or critical")
        print(f"{len(pages)} pages x {len(widths)} widths x {len(SCHEMES)} schemes "
              f"in {took:.0f} s")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
