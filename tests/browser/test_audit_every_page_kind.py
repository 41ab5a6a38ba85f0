"""Every kind of page, in the light and the dark scheme, measured by tools no one
here wrote (issue 24): axe-core finds nothing serious or critical, and
Lighthouse 12.2.3 (a phone, the site served compressed as a static host serves
it) scores at least 95 in accessibility, best practices and SEO.

Lighthouse's performance score is measured by ``tools/audit_site.py`` and not
held here: on this shared 2-core machine one page's score moves by up to 15
points from one run to the next (the comparison 91 to 99 over nine runs, the
open questions 82 to 98 over twelve), so a floor a single run must clear
would fail at random or hold nothing. Since long pages show their blocks
marked "later" after the theme has started (test_first_layout.py), the
medians of three runs are 92 to 98 on most kinds. Since the first layout is
in the reader's scheme and the scripted boxes keep their room
(test_first_layout_is_final.py), Play scores 96 / 100 (light / dark) and the
API module page 96 / 95; the combinations page, its sections now "later"
too, 92 to 93, held back by the theme's start-up (blocking time 250 to
300 ms).

The tools come from npm (``tools/audit_site.py`` says how; ``.ci/run``
installs them). They take about eight minutes, so they run where the site is
checked as a whole: under ``AMBIGU_REQUIRE_BROWSER=1`` (``make check-site``,
CI), where missing tools are a failure, or when ``AMBIGU_AUDIT=1`` asks for
them; otherwise they skip and say why. One page of
each kind is the audit's own list (``audit_site.PAGES``), so the tool a person
runs by hand and this test measure the same pages.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from site_helpers import built_site, load_tool

audit_site = load_tool("audit_site")

MINIMUM = 95
#: The Lighthouse categories held to MINIMUM (performance is reported, not held).
HELD_CATEGORIES = ("accessibility", "best-practices", "seo")
REQUIRED = os.environ.get("AMBIGU_REQUIRE_BROWSER") == "1"
MISSING = audit_site.missing_tools()
if MISSING and REQUIRED:
    raise RuntimeError(f"the audit cannot run: {MISSING}")
WHY_NOT = MISSING or (None if REQUIRED or os.environ.get("AMBIGU_AUDIT") == "1" else
                      "the audit (about 8 minutes) runs under make check-site or AMBIGU_AUDIT=1")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")]

KINDS = sorted(audit_site.PAGES)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The built site served with compression on 127.0.0.1."""
    site: Path = built_site().path
    with audit_site.serve_gzipped(site) as served:
        yield audit_site.base_url(served)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with audit_site.axe_browser() as launched:
        yield launched


@pytest.mark.parametrize("scheme", audit_site.SCHEMES)
@pytest.mark.parametrize("kind", KINDS)
def test_axe_finds_nothing_serious_on_each_kind_of_page(browser: Any, server: str, kind: str,
                                                         scheme: str) -> None:
    violations = audit_site.axe_page(browser, server + audit_site.PAGES[kind], scheme)
    serious = [f"{v['impact']} {v['id']} x{len(v['nodes'])}: {v['help']} "
               f"[{'; '.join(node['target'] for node in v['nodes'][:4])}]"
               for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize("scheme", audit_site.SCHEMES)
@pytest.mark.parametrize("kind", KINDS)
def test_lighthouse_scores_each_kind_of_page_95_or_more(server: str, kind: str,
                                                        scheme: str) -> None:
    report = audit_site.lighthouse(server + audit_site.PAGES[kind], scheme,
                                   categories=HELD_CATEGORIES)
    scores = audit_site.scores(report)
    low = {category: score for category, score in scores.items()
           if score is None or score < MINIMUM}
    failed = audit_site.failed_audits(report)
    assert set(scores) == set(HELD_CATEGORIES)
    assert low == {}, (low, {category: failed.get(category) for category in low})
