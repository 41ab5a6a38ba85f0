"""The API reference after a module is removed (found in issue 43, when the French
dictionaries of ``ambigu_rules.words.format_keys`` became catalogs): Sphinx's
incremental build deleted nothing, :func:`prune_api_pages` deleted the gone modules'
pages, and every page Sphinx had not rewritten still linked them from its navigation,
so the site's link check failed on a machine that had built the site before. A build
that prunes a page now builds the reference afresh."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from site_helpers import load_tool


@pytest.fixture
def build_site() -> ModuleType:
    return load_tool("build_site")


def test_a_build_that_prunes_a_gone_modules_page_builds_afresh(
        build_site: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, out = tmp_path / "docs-api", tmp_path / "api"
    source.mkdir()
    out.mkdir()
    (source / "ambigu_rules.kept.rst").write_text("kept\n", encoding="utf-8")
    (out / "ambigu_rules.kept.html").write_text("an earlier build\n", encoding="utf-8")
    monkeypatch.setattr(build_site, "API_SOURCE", source)
    monkeypatch.setattr(build_site, "API_OUT", out)
    monkeypatch.setattr(build_site, "DOCTREES", tmp_path / "doctrees")
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    runs: list[bool] = []

    def sphinx(step: str, argv: list[str], quiet: bool = False) -> float:
        # What an incremental build leaves: the kept module's page, and the page of a
        # module whose source is gone (a fresh build starts from an empty folder).
        runs.append(not out.exists() or not any(out.iterdir()))
        out.mkdir(exist_ok=True)
        (out / "ambigu_rules.kept.html").write_text("kept\n", encoding="utf-8")
        if len(runs) == 1:
            (out / "ambigu_rules.gone.html").write_text("gone\n", encoding="utf-8")
        return 1.0

    monkeypatch.setattr(build_site, "_run", sphinx)
    monkeypatch.setattr(build_site, "_bin", lambda name: name)
    build_site.build_api()
    # The first (incremental) build left a gone module's page: pruned, and the whole
    # reference built again from nothing.
    assert runs == [False, True]
    assert sorted(page.name for page in out.iterdir()) == ["ambigu_rules.kept.html"]


def test_a_build_that_prunes_nothing_stays_incremental(
        build_site: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, out = tmp_path / "docs-api", tmp_path / "api"
    source.mkdir()
    out.mkdir()
    (source / "ambigu_rules.kept.rst").write_text("kept\n", encoding="utf-8")
    (out / "ambigu_rules.kept.html").write_text("kept\n", encoding="utf-8")
    monkeypatch.setattr(build_site, "API_SOURCE", source)
    monkeypatch.setattr(build_site, "API_OUT", out)
    monkeypatch.setattr(build_site, "DOCTREES", tmp_path / "doctrees")
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    runs: list[str] = []
    monkeypatch.setattr(build_site, "_run", lambda step, argv, quiet=False: runs.append(step)
                        or 1.0)
    monkeypatch.setattr(build_site, "_bin", lambda name: name)
    build_site.build_api()
    assert runs == ["sphinx-build"]
