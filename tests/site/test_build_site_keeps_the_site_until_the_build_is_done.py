"""`make site` (``tools/build_site.py``) builds into a folder beside the site and puts
it in place only when the build has succeeded: a build that fails or is stopped
(Ctrl-C, ``SIGTERM``) leaves the site folder as it was, no temporary folder
beside it, and says so in one line, with status 130 or 143 and no traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path
from types import ModuleType

import pytest
from site_helpers import load_tool

from conftest import ROOT


@pytest.fixture
def build_site() -> ModuleType:
    return load_tool("build_site")


def earlier_site(folder: Path) -> Path:
    """A site folder from an earlier build: a page and an asset."""
    site = folder / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("the earlier site\n", encoding="utf-8")
    (site / "assets" / "style.css").write_text("body {}\n", encoding="utf-8")
    return site


def contents(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and its text, by its path in the folder."""
    return {path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*")) if path.is_file()}


def fake_build(out: Path) -> None:
    (out / "index.html").write_text("the new site\n", encoding="utf-8")


def test_a_finished_build_takes_the_place_of_the_site_and_nothing_is_left_beside(
        tmp_path: Path, build_site: ModuleType) -> None:
    site = earlier_site(tmp_path)
    site.chmod(0o755)
    with build_site.built_in_place(site) as out:
        assert out.parent == site.parent and out != site
        assert contents(site) == {"assets/style.css": "body {}\n",
                                  "index.html": "the earlier site\n"}
        fake_build(out)
    assert contents(site) == {"index.html": "the new site\n"}
    assert site.stat().st_mode & 0o777 == 0o755
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_first_build_makes_the_site_folder(tmp_path: Path, build_site: ModuleType) -> None:
    site = tmp_path / "deeper" / "site"
    with build_site.built_in_place(site) as out:
        fake_build(out)
    assert contents(site) == {"index.html": "the new site\n"}
    assert sorted(path.name for path in site.parent.iterdir()) == ["site"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, RuntimeError])
def test_a_build_that_fails_or_is_stopped_leaves_the_site_as_it_was(
        tmp_path: Path, build_site: ModuleType, stop: type[BaseException]) -> None:
    site = earlier_site(tmp_path)
    before = contents(site)
    with pytest.raises(stop), build_site.built_in_place(site) as out:
        fake_build(out)
        raise stop()
    assert contents(site) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_ctrl_c_is_one_line_and_status_130(
        tmp_path: Path, build_site: ModuleType, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    site = earlier_site(tmp_path)
    before = contents(site)

    def interrupted(site_dir: Path, **_: object) -> None:
        with build_site.built_in_place(Path(site_dir)) as out:
            fake_build(out)
            raise KeyboardInterrupt

    monkeypatch.setattr(build_site, "build", interrupted)
    assert build_site.main(["--site-dir", str(site)]) == 130
    captured = capsys.readouterr()
    assert captured.err == f"build_site: build interrupted; {site}/ left as it was\n"
    assert contents(site) == before


def processes_naming(text: str) -> list[str]:
    """The command lines of the running processes that hold ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if entry.name.isdigit() and text in line:
            found.append(line)
    return found


@pytest.mark.slow
def test_a_real_build_stopped_by_sigterm_leaves_the_site_as_it_was(tmp_path: Path) -> None:
    # A build from a copy of the rule files (tools/build_site.py --rulesets), which
    # writes nothing in the checkout, stopped a few seconds into its MkDocs step.
    site = earlier_site(tmp_path)
    before = contents(site)
    command = [sys.executable, str(ROOT / "tools" / "build_site.py"), "--rulesets",
               str(ROOT / "rulesets"), "--site-dir", str(site), "--work-dir",
               str(tmp_path / "work")]
    build = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and build.poll() is None:
            if any("mkdocs" in line for line in processes_naming(str(tmp_path))):
                break
            time.sleep(0.1)
        time.sleep(3)  # MkDocs is cleaning, reading the pages or writing the site
        assert build.poll() is None, "the build ended before it could be stopped"
        build.send_signal(signal.SIGTERM)
        _, err = build.communicate(timeout=60)
        left = processes_naming(str(tmp_path))  # the steps it ran, still running
    finally:
        with suppress(ProcessLookupError):  # whatever this test started, ended
            os.killpg(build.pid, signal.SIGKILL)
        build.wait()
    assert build.returncode == 143, err
    assert err.splitlines()[-1:] == [f"build_site: build interrupted; {site}/ left as it was"]
    assert "Traceback" not in err
    assert contents(site) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site", "work"]
    assert left == []
