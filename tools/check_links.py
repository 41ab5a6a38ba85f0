"""Check the links of the built site, offline.

Usage::

    python tools/check_links.py [SITE_DIR] [--list-external]

For every HTML page under SITE_DIR (default ``site``), every internal link or
resource (``href``, ``src``, ``srcset``, ``action``, a meta refresh) must
resolve to a file of the site, and every ``#anchor`` must be an ``id`` (or an
``<a name>``) of the target page. CSS files are read too: each internal
``url(...)`` must resolve.

No page may hold script in its markup: an inline event handler (an ``on…``
attribute) or a ``javascript:`` (or ``vbscript:``) URL is an error. The site's
script is the theme's and ``docs/assets/``, in files; text from a rule file
that got through as markup would show up here.

External ``http(s)`` links are not fetched. Links to other sites are fine (the
bibliography cites them), but the site must load nothing from the network: an
external URL in a loading position (a script, a stylesheet, an image, a font,
a frame, a CSS ``url()`` or ``@import``), or any link to a font service or a
CDN, is an error.

Prints one line per broken link, ``page: link: what is wrong``, then a summary;
exits 1 if anything is broken, 0 otherwise. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

# Hosts that serve fonts, scripts or styles to other sites. A link to one of
# them means the page would load (or invite loading) something from the network.
CDN_HOSTS = (
    "fonts.googleapis.com",
    "fonts.gstatic.com",
    "ajax.googleapis.com",
    "cdn.jsdelivr.net",
    "unpkg.com",
    "cdnjs.cloudflare.com",
    "code.jquery.com",
    "use.fontawesome.com",
    "kit.fontawesome.com",
    "use.typekit.net",
    "p.typekit.net",
    "fonts.bunny.net",
    "stackpath.bootstrapcdn.com",
    "maxcdn.bootstrapcdn.com",
    "polyfill.io",
    "cdn.polyfill.io",
    "www.googletagmanager.com",
    "www.google-analytics.com",
    "google-analytics.com",
    "cloudfront.net",
    "esm.sh",
    "cdn.skypack.dev",
    "mathjax.org",
)

# (tag, attribute) pairs whose URL the browser fetches by itself on page load.
LOADING = {
    ("script", "src"),
    ("img", "src"),
    ("img", "srcset"),
    ("source", "src"),
    ("source", "srcset"),
    ("iframe", "src"),
    ("embed", "src"),
    ("object", "data"),
    ("audio", "src"),
    ("video", "src"),
    ("video", "poster"),
    ("track", "src"),
    ("input", "src"),
}
# <link rel=...> values that make the browser fetch the href.
LOADING_RELS = {
    "stylesheet",
    "preload",
    "modulepreload",
    "prefetch",
    "preconnect",
    "dns-prefetch",
    "icon",
    "shortcut",
    "apple-touch-icon",
    "manifest",
}
URL_ATTRS = {"href", "src", "srcset", "action", "data", "poster"}
SKIPPED_SCHEMES = {"mailto", "javascript", "data", "tel", "blob", "about"}
SCRIPT_SCHEMES = {"javascript", "vbscript"}
CSS_URL = re.compile(r"""url\(\s*(?P<q>['"]?)(?P<url>[^'")]*?)(?P=q)\s*\)""")
CSS_IMPORT = re.compile(r"""@import\s+(?P<q>['"])(?P<url>[^'"]+)(?P=q)""")
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


@dataclass
class Link:
    """One URL found in a page: where, in which tag and attribute."""

    url: str
    tag: str
    attr: str
    rel: str = ""

    @property
    def loads(self) -> bool:
        """Whether the browser fetches this URL when it shows the page."""
        if (self.tag, self.attr) in LOADING:
            return True
        if self.tag == "link" and self.attr == "href":
            return bool(set(self.rel.lower().split()) & LOADING_RELS)
        return self.tag == "css"


@dataclass
class Page:
    """The anchors a page defines and the links it holds."""

    ids: set[str] = field(default_factory=set)
    links: list[Link] = field(default_factory=list)
    handlers: list[str] = field(default_factory=list)  # inline event handlers, as written


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name.startswith("on"):
                self.page.handlers.append(f"<{tag} {name}={value[:60]!r}>")
        if "id" in values:
            self.page.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.page.ids.add(values["name"])
        if tag == "style":
            self._in_style = True
        if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
            match = re.search(r"url\s*=\s*['\"]?([^'\";]+)", values.get("content", ""), re.I)
            if match:
                self.page.links.append(Link(match.group(1).strip(), "meta", "refresh"))
        for name in URL_ATTRS & values.keys():
            if name == "data" and tag != "object":
                continue
            if name == "srcset":
                for candidate in values[name].split(","):
                    url = candidate.strip().split(" ")[0]
                    if url:
                        self.page.links.append(Link(url, tag, name))
                continue
            self.page.links.append(Link(values[name], tag, name, values.get("rel", "")))
        style = values.get("style", "")
        if "url(" in style:
            self.page.links.extend(Link(u, "css", "style") for u in css_urls(style))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.page.links.extend(Link(u, "css", "style") for u in css_urls(data))


def css_urls(text: str) -> Iterator[str]:
    """The URLs a piece of CSS refers to (``url(...)`` and ``@import "..."``).

    >>> list(css_urls('@import "a.css"; b { background: url( "x.png" ) } /* url(no) */'))
    ['x.png', 'a.css']
    """
    text = CSS_COMMENT.sub("", text)
    for match in CSS_URL.finditer(text):
        yield match.group("url").strip()
    for match in CSS_IMPORT.finditer(text):
        yield match.group("url").strip()


def parse_html(path: Path) -> Page:
    """Read one HTML file: its ids and its links."""
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    return parser.page


def is_cdn(host: str) -> bool:
    """Whether ``host`` serves fonts or assets to other sites.

    >>> is_cdn("fonts.gstatic.com"), is_cdn("d1.cloudfront.net"), is_cdn("en.wikipedia.org")
    (True, True, False)
    """
    host = host.lower().split(":")[0]
    return any(host == h or host.endswith("." + h) for h in CDN_HOSTS) or host.startswith("cdn.")


@dataclass
class Report:
    """What the checker found."""

    broken: list[str] = field(default_factory=list)
    network: list[str] = field(default_factory=list)
    script: list[str] = field(default_factory=list)
    external: set[str] = field(default_factory=set)
    pages: int = 0
    links: int = 0

    @property
    def ok(self) -> bool:
        return not self.broken and not self.network and not self.script


class Checker:
    """Check every page of one built site."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._pages: dict[Path, Page] = {}

    def page(self, path: Path) -> Page:
        if path not in self._pages:
            self._pages[path] = parse_html(path)
        return self._pages[path]

    def target(self, url_path: str) -> Path | None:
        """The file a site URL path (``/a/b/``) is served from, or None."""
        relative = unquote(url_path).lstrip("/")
        candidate = (self.root / relative).resolve()
        if not candidate.is_relative_to(self.root):
            return None
        if url_path.endswith("/") or candidate.is_dir():
            candidate = candidate / "index.html"
        return candidate if candidate.is_file() else None

    def check_link(self, source: Path, link: Link, report: Report) -> None:
        url = link.url.strip()
        if not url:
            return
        where = f"{source.relative_to(self.root)}: {url}"
        parts = urlsplit(url)
        # Browsers drop tabs and newlines anywhere in a URL before reading its scheme.
        scheme = urlsplit(re.sub(r"[\t\n\r]", "", url)).scheme.lower()
        if scheme in SCRIPT_SCHEMES and link.tag != "css":
            report.script.append(f"{where[:160]}: a {scheme}: URL in <{link.tag} {link.attr}>")
            return
        if parts.scheme.lower() in SKIPPED_SCHEMES:
            return
        if parts.scheme or parts.netloc:
            host = parts.netloc or ""
            if parts.scheme.lower() not in ("http", "https", ""):
                return
            report.external.add(url)
            if link.loads:
                report.network.append(f"{where}: loads a resource from the network")
            elif is_cdn(host):
                report.network.append(f"{where}: links to a font service or CDN")
            return
        report.links += 1
        base = "/" + source.relative_to(self.root).as_posix()
        resolved = urlsplit(urljoin(base, url))
        if resolved.path == base or not parts.path:
            target: Path | None = source
        else:
            target = self.target(resolved.path)
        if target is None:
            report.broken.append(f"{where}: no such file ({resolved.path})")
            return
        fragment = unquote(resolved.fragment)
        if fragment and target.suffix == ".html" and fragment not in self.page(target).ids:
            name = target.relative_to(self.root)
            report.broken.append(f"{where}: no anchor #{fragment} in {name}")

    def run(self) -> Report:
        report = Report()
        for path in sorted(self.root.rglob("*.html")):
            report.pages += 1
            page = self.page(path)
            for link in page.links:
                self.check_link(path, link, report)
            for handler in page.handlers:
                report.script.append(f"{path.relative_to(self.root)}: inline handler {handler}")
        for path in sorted(self.root.rglob("*.css")):
            text = path.read_text(encoding="utf-8", errors="replace")
            for url in css_urls(text):
                self.check_link(path, Link(url, "css", "url"), report)
        return report


def check_site(root: Path) -> Report:
    """Check the site built in ``root``."""
    return Checker(root).run()


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default="site", type=Path, help="built site folder")
    parser.add_argument(
        "--list-external", action="store_true", help="also list the external links found"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    if not (args.site / "index.html").is_file():
        print(f"check_links: no {args.site}/index.html; build the site first", file=sys.stderr)
        return 2
    report = check_site(args.site)
    for line in report.broken:
        print(f"broken: {line}")
    for line in report.network:
        print(f"network: {line}")
    for line in report.script:
        print(f"script: {line}")
    if args.list_external:
        for url in sorted(report.external):
            print(f"external: {url}")
    print(
        f"check_links: {report.pages} pages, {report.links} internal links, "
        f"{len(report.external)} external links; {len(report.broken)} broken, "
        f"{len(report.network)} loading from the network, {len(report.script)} script in markup"
    )
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
