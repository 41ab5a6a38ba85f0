"""The built site, shared by the site tests and the browser tests.

:func:`built_site` builds the site once per test run, the way ``make site``
does (``tools/build_site.py``: Sphinx into ``docs/api/``, then
``mkdocs build --strict``), into a temporary folder; with
``AMBIGU_SITE_DIR`` set (``make check-site`` sets it to ``site``) it uses that
already-built folder instead. :func:`hostile_site` builds the site of rule
files full of hostile text, once per run too.

"Once per run" holds across the xdist workers: a build goes into the run's
folder (``$AMBIGU_TEST_RUN_DIR``, made by ``tests/conftest.py``) under a lock
(:func:`once_per_run`); the first worker to ask builds, the others wait for it
and use what it built, or report the error it met.
"""

from __future__ import annotations

import atexit
import fcntl
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"


def load_tool(name: str) -> ModuleType:
    """Import ``tools/<name>.py`` (the tools are scripts, not a package)."""
    module_name = f"ambigu_tools_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


class SharedBuildError(RuntimeError):
    """A build that another process of this run tried and failed (its message)."""


def once_per_run(name: str, build: Callable[[Path], Any]) -> tuple[Path, Any]:
    """The folder ``name`` built once in this run, and what ``build`` said of it.

    ``build(folder)`` fills ``folder`` and returns plain data (JSON), which the
    other processes of the run read back instead of building again. Without a
    run folder (a helper used outside pytest), a temporary folder of this
    process's own is built.
    """
    given = os.environ.get("AMBIGU_TEST_RUN_DIR")
    if not given:
        folder = Path(tempfile.mkdtemp(prefix=f"ambigu-{name}-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return folder, build(folder)
    run = Path(given)
    folder, done, failed = run / name, run / f"{name}.json", run / f"{name}.error"
    with open(run / f"{name}.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if done.is_file():
            return folder, json.loads(done.read_text(encoding="utf-8"))
        if failed.is_file():
            raise SharedBuildError(failed.read_text(encoding="utf-8"))
        folder.mkdir()
        try:
            said = build(folder)
        except Exception as error:
            failed.write_text(f"{type(error).__name__}: {error}", encoding="utf-8")
            raise
        done.write_text(json.dumps(said), encoding="utf-8")
        return folder, said


class BuiltSite:
    """A built site folder and the seconds each build step took (empty if reused)."""

    def __init__(self, path: Path, timings: dict[str, float]) -> None:
        self.path = path
        self.timings = timings

    def html_pages(self) -> list[Path]:
        return sorted(self.path.rglob("*.html"))


def built_site() -> BuiltSite:
    """Build the site once (or reuse ``$AMBIGU_SITE_DIR``); raise if the build fails.

    A failed build is not retried: every test that needs the site reports the
    same error.
    """
    result = _build_once()
    if isinstance(result, Exception):
        raise result
    return result


@cache
def _build_once() -> BuiltSite | Exception:
    try:
        return _build()
    except Exception as error:  # reported by every caller of built_site()
        return error


def _build() -> BuiltSite:
    given = os.environ.get("AMBIGU_SITE_DIR")
    if given:
        path = Path(given)
        if not path.is_absolute():
            path = ROOT / path
        if not (path / "index.html").is_file():
            raise FileNotFoundError(f"AMBIGU_SITE_DIR={given}: no index.html; run make site")
        return BuiltSite(path, {})
    out, timings = once_per_run("site", lambda out: load_tool("build_site").build(
        out / "site", generate=False, quiet=True))
    return BuiltSite(out / "site", timings)


# --- a site built from rule files full of hostile text ----------------------------

# Keys whose string values are free text, per kind of file (identifiers and
# enum words are left alone: validation would reject a change to them).
RULESET_TEXT_KEYS = frozenset({
    "title", "short_title", "period", "summary", "note", "text", "name", "definition",
    "label", "stand_call", "draw_call", "pass_call", "shuffle_call", "open_call",
})
SOURCES_TEXT_KEYS = frozenset({
    "short", "title", "author", "container", "place", "publisher", "year", "edition",
    "description",
})
DECKS_TEXT_KEYS = frozenset({"name", "description"})  # rank labels and symbols parse cards
GLOSSARY_TEXT_KEYS = frozenset({"term", "also", "text", "tooltip"})
QUESTIONS_TEXT_KEYS = frozenset({"title", "question", "says", "comment"})


# The id of a version added to the planted rule files, in no navigation.
EXTRA_VERSION = "zz-own"


def payload(n: int) -> str:
    """Hostile text number ``n``: script in every form that might get through.

    Raw HTML (a block and an image whose ``onerror`` runs), a Markdown link
    that would break out of an attribute, quotes that would end one, a
    ``javascript:`` link, code, entities that would become tags if decoded
    twice, an abbreviation definition and an attribute list. Every piece
    that runs sets ``window.__pwned`` and opens a dialog; every element it
    could create carries ``pwned`` in its id or class. The marker
    ``ZQ<n>Z`` says which field the text was planted in.
    """
    run = f"alert(window.__pwned={n})"
    return (
        f'<div class="pwned">ZQ{n}Z <img id="pwned{n}" class="pwned" src="x" onerror="{run}"> '
        f"[y](http://b/onload={run}//) "
        f'"><svg class=pwned onload={run}> '
        f"'><img class=pwned src=x onerror={run}> "
        f"[j](javascript:{run}) `<i class=pwned>` "
        f"&#60;img class=pwned src=x onerror={run}&#62; *[ZQ{n}Z]: t "
        f'{{: onclick="{run}" .pwned }}'
    )


def snippet_payload(n: int) -> str:
    """A pymdownx.snippets inclusion line (a missing file: the build would fail)."""
    return f'--8<-- "ZQ{n}Z/../../../../etc/passwd"'


def url_payloads(n: int) -> list[str]:
    """Web addresses a source might give that must never become a live link."""
    run = f"alert(window.__pwned={n})"
    return [
        f"javascript:{run}//ZQ{n}Z",
        f" JaVaScRiPt:{run}//ZQ{n}Za",
        f'https://example.org/ZQ{n}Zb"><img class=pwned src=x onerror={run}>',
        f"https://example.org/ZQ{n}Zc/[y](javascript:{run})",
        f"data:text/html,<script>{run}</script>ZQ{n}Zd",
    ]


class Planter:
    """Replaces the free text of rule files with :func:`payload` texts.

    ``fields`` maps each marker number to where its text was planted
    (``file: key path``), so that a test can say which field is unsafe.
    """

    def __init__(self) -> None:
        self.fields: dict[int, str] = {}

    def text(self, where: str, original: str) -> str:
        """The hostile text for one field (every 7th one a snippet line)."""
        n = len(self.fields) + 1
        self.fields[n] = where
        return snippet_payload(n) if n % 7 == 0 else payload(n)

    def walk(self, node: object, keys: frozenset[str], where: str) -> object:
        """A copy of ``node`` with the text under ``keys`` (and citations) replaced."""
        if isinstance(node, list):
            return [self.walk(item, keys, f"{where}[{i}]") for i, item in enumerate(node)]
        if not isinstance(node, dict):
            return node
        out: dict[object, object] = {}
        for key, value in node.items():
            path = f"{where}.{key}"
            if key in keys and isinstance(value, str):
                out[key] = self.text(path, value)
            elif key in keys and isinstance(value, list) and all(
                isinstance(item, str) for item in value
            ):
                out[key] = [self.text(f"{path}[{i}]", item) for i, item in enumerate(value)]
            elif key == "source":
                out[key] = self._sources(value, path)
            elif key == "names" and isinstance(value, dict):
                names = {lang: self.text(f"{path}.{lang}", name) for lang, name in value.items()}
                names[self.text(f"{path} (a language code)", "")] = self.text(f"{path}.?", "")
                out[key] = names
            else:
                out[key] = self.walk(value, keys, path)
        return out

    def _sources(self, value: object, where: str) -> object:
        """Citations ``"id locator"`` with a hostile locator."""
        items = value if isinstance(value, list) else [value]
        planted: list[object] = []
        for i, item in enumerate(items):
            if isinstance(item, str):
                head = item.strip().partition(" ")[0]
                planted.append(f"{head} {self.text(f'{where}[{i}] (locator)', item)}")
            elif isinstance(item, dict):
                planted.append({**item, "at": self.text(f"{where}[{i}].at", "")})
            else:
                planted.append(item)
        return planted

    def sources(self, data: dict) -> dict:  # type: ignore[type-arg]
        """The bibliography with hostile text and hostile web addresses."""
        planted = self.walk(data, SOURCES_TEXT_KEYS, "sources.yaml")
        assert isinstance(planted, dict)
        for index, source in enumerate(planted["sources"]):
            # Without its list of places a source takes any locator, so the
            # hostile locators planted in the rule files are accepted.
            source.pop("places", None)
            n = len(self.fields) + 1
            self.fields[n] = f"sources.yaml: sources[{index}].url / urls"
            hostile = url_payloads(n)
            source["url"] = hostile[index % len(hostile)]
            source["urls"] = [*source.get("urls", []), *hostile]
        return planted

    def glossary(self, data: dict) -> dict:  # type: ignore[type-arg]
        """The glossary with hostile text, tooltips and tooltip forms."""
        planted = self.walk(data, GLOSSARY_TEXT_KEYS, "glossary.yaml")
        assert isinstance(planted, dict)
        for index, term in enumerate(planted["terms"]):
            if term.get("tooltip_forms"):
                n = len(self.fields) + 1
                self.fields[n] = f"glossary.yaml: terms[{index}].tooltip_forms"
                # (A backslash, which would keep the line `*[form]: tooltip`
                # from being an abbreviation, is refused by validation.)
                term["tooltip_forms"] = [*term["tooltip_forms"], f'ZQ{n}Z"<b>']
        return planted

    def ids(self, items: list[dict], where: str) -> None:  # type: ignore[type-arg]
        """Marked ids for items nothing refers to by id. An id can no longer hold
        markup (validation allows letters, digits, '_' and '-' only: see
        tests/load/test_hostile_ids.py), so the id carries only the marker, to show
        where the site uses it."""
        for index, item in enumerate(items):
            n = len(self.fields) + 1
            self.fields[n] = f"{where}[{index}].id"
            item["id"] = f"ZQ{n}Z"


def plant_payloads(source: Path, target: Path) -> dict[int, str]:
    """Copy the rule files of ``source`` into ``target`` with hostile text planted.

    Every free-text value of the versions, the bibliography, the decks, the
    glossary and the open questions becomes a :func:`payload` (or a
    :func:`snippet_payload`); identifiers and enum words stay as they are, so
    that the copy still validates. Returns marker number → field.
    """
    import yaml

    # PyYAML's C loader and dumper where built: the same data and the same text as
    # its Python ones, ten times faster.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

    def load(text: str) -> Any:
        return yaml.load(text, Loader=loader)  # a safe loader

    def dump(data: object) -> str:
        return yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False)

    planter = Planter()
    shutil.copytree(source, target)

    def rewrite(path: Path, change: object) -> None:
        """Replace the YAML file at ``path`` with ``change(its data)``."""
        data = load(path.read_text(encoding="utf-8"))
        planted = change(data)  # type: ignore[operator]
        path.write_text(dump(planted), encoding="utf-8")

    def version(data: dict, name: str) -> object:  # type: ignore[type-arg]
        """A version's rule file with hostile text and hostile history and penalty ids."""
        planted = planter.walk(data, RULESET_TEXT_KEYS, name)
        assert isinstance(planted, dict)
        planter.ids(planted.get("history", []), f"{name}: history")
        planter.ids(planted.get("table", {}).get("penalties", []), f"{name}: table.penalties")
        return planted

    def questions(data: dict) -> object:  # type: ignore[type-arg]
        """The open questions with hostile text and hostile question ids."""
        planted = planter.walk(data, QUESTIONS_TEXT_KEYS, "open-questions.yaml")
        assert isinstance(planted, dict)
        planter.ids(planted["questions"], "open-questions.yaml: questions")
        return planted

    for path in sorted(target.glob("*.yaml")):
        name = path.name
        if name == "sources.yaml":
            rewrite(path, planter.sources)
        elif name == "decks.yaml":
            rewrite(path, lambda data, name=name: planter.walk(data, DECKS_TEXT_KEYS, name))
        else:
            rewrite(path, lambda data, name=name: version(data, name))
    # A version of one's own: its page is in no navigation, so the theme takes
    # the page's title from its heading.
    extra = load((source / "foster.yaml").read_text(encoding="utf-8"))
    extra["id"] = EXTRA_VERSION
    extra["extends"] = "1730"
    (target / f"{EXTRA_VERSION}.yaml").write_text(
        dump(version(extra, f"{EXTRA_VERSION}.yaml")), encoding="utf-8")
    rewrite(target / "site" / "glossary.yaml", planter.glossary)
    rewrite(target / "site" / "open-questions.yaml", questions)
    return planter.fields


class HostileSite(BuiltSite):
    """A site built from planted rule files, with the marker → field table."""

    def __init__(self, path: Path, timings: dict[str, float], fields: dict[int, str]) -> None:
        super().__init__(path, timings)
        self.fields = fields


def hostile_site() -> HostileSite:
    """Build, once per test run, the site of the built-in rule files with hostile text."""
    result = _build_hostile_once()
    if isinstance(result, Exception):
        raise result
    return result


@cache
def _build_hostile_once() -> HostileSite | Exception:
    try:
        out, said = once_per_run("hostile-site", _build_hostile)
        fields = {int(number): field for number, field in said["fields"].items()}
        return HostileSite(out / "site", said["timings"], fields)
    except Exception as error:  # reported by every caller of hostile_site()
        return error


def _build_hostile(out: Path) -> dict[str, Any]:
    fields = plant_payloads(ROOT / "rulesets", out / "rulesets")
    timings = load_tool("build_site").build_from_rulesets(
        out / "rulesets", out / "site", work_dir=out / "work", quiet=True
    )
    return {"fields": fields, "timings": timings}
