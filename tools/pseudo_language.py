"""A copy of the project with a pseudo-language added, as a translator would add one.

Usage::

    python tools/pseudo_language.py DEST [--code eo] [--build]

Issue 43: adding a language must be its catalogs, its pages' twins and one line
of configuration. This tool proves it mechanically. It copies the project into
``DEST`` (the package, the rule files, ``docs/`` without the API reference, the
theme's overrides, the tools, ``mkdocs.yml``, ``docs-api/``, ``pyproject.toml``,
``requirements/`` and the files at the top) and adds there a language whose every
text is the English one with its letters swapped for accented look-alikes and
wrapped in ``⟦ ⟧`` (:func:`pseudo`: « ⟦Ţĥé ṕööĺ⟧ »), touching only what a
translator touches:

- ``ambigu_rules/languages/<code>/language.yaml``: English's, with its own code and
  name (and its ordinal numbers written ``{n}.``);
- ``ambigu_rules/languages/<code>/messages.yaml``: every phrase of every
  :class:`~ambigu_rules.languages.Catalog` of the package, and every section of
  the French (or Russian) messages that is no Python catalog (a script's words,
  whose English is in the script: ``"key": ["English", …]``);
- beside each ``fr`` form under ``translations:`` in the rule files and the site's
  data (``rulesets/``), a form in the pseudo-language with the same keys;
- ``docs/P.<code>.md`` for each hand-written page ``P.md`` that has a French twin
  (the generated ones are written by ``tools/gen_site.py`` in the copy): the prose
  transformed; code, front matter, comments, link targets, admonition keywords
  and HTML tags kept, but for the texts of tags a reader meets (``title``,
  ``alt``, ``aria-label``, ``placeholder``, a ``data-`` attribute holding a
  sentence), and the relative addresses of tags moved one folder up, as the
  French twins do (a twin is served one folder deeper);
- one entry in the ``languages`` of the ``i18n`` plugin in ``mkdocs.yml`` (with
  the site's name and description, the palette switch's names and the
  navigation's titles, transformed).

With ``--build``, it then builds the copy's site into ``DEST/site`` with the
copy's ``tools/build_site.py`` (the copy's package first on ``PYTHONPATH``; the
Python that runs this tool). What the tool could not derive (a text under
``translations`` whose English the part lacks, a script's word whose English it
could not find) is written to ``DEST/pseudo-language.json`` (``gaps``), with the
code and the paths it wrote. ``tests/site/test_pseudo_language.py`` builds the
copy and reads it for English left in the pseudo-language's pages and data.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/: pseudo_text
from pseudo_text import CLOSE, GENERATED, OPEN, pseudo, pseudo_page

ROOT = Path(__file__).resolve().parent.parent
#: Material for MkDocs has a language file for it; the project has no edition in it.
DEFAULT_CODE = "eo"
#: What the copy holds: folders, then files (``docs/api`` is built by Sphinx in the copy).
COPIED_FOLDERS = ("ambigu_rules", "rulesets", "docs", "overrides", "tools", "docs-api",
                  "requirements")
COPIED_FILES = ("mkdocs.yml", "pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md",
                "MANIFEST.in")
#: Never copied: caches, the built API reference, the generator's stamp.
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".gen_site-stamp.json*")
#: The packages whose modules hold catalogs (as
#: tests/rules/test_every_phrase_has_its_french_form.py).
SPEAKING = ("words", "site", "play", "rules", "advice")
def copy_project(destination: Path) -> None:
    """Copy what the site is built from into ``destination`` (made; must not exist)."""
    destination.mkdir(parents=True)
    for name in COPIED_FOLDERS:
        if (ROOT / name).is_dir():
            ignore = IGNORED
            if name == "docs":
                def ignore(folder: str, names: list[str]) -> set[str]:
                    skipped = set(IGNORED(folder, names))
                    if Path(folder).resolve() == (ROOT / "docs").resolve():
                        skipped |= {"api"}
                    return skipped
            shutil.copytree(ROOT / name, destination / name, ignore=ignore)
    for name in COPIED_FILES:
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, destination / name)


def _environment(root: Path) -> dict[str, str]:
    """The environment of a process of the copy: its package first, no git above it."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])])
    env["GIT_CEILING_DIRECTORIES"] = str(root.parent)
    env.pop("AMBIGU_RULESETS", None)  # the copy's own rule files, with the language's forms
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


_CATALOGS_SCRIPT = f"""
import importlib, json, pkgutil, sys
for package in {SPEAKING!r}:
    module = importlib.import_module("ambigu_rules." + package)
    for info in pkgutil.walk_packages(module.__path__, module.__name__ + "."):
        importlib.import_module(info.name)
from ambigu_rules.languages import CATALOGS
import ambigu_rules
found = {{}}
for catalog in CATALOGS:
    for key, forms in catalog:
        found.setdefault(catalog.home, {{}}).setdefault(catalog.name, {{}})[key] = str(forms["en"])
json.dump({{"package": ambigu_rules.__file__, "catalogs": found}}, sys.stdout, ensure_ascii=False)
"""


def english_catalogs(root: Path) -> dict[str, dict[str, dict[str, str]]]:
    """Every catalog of the copy's package: module → catalog → message id → English."""
    result = subprocess.run([sys.executable, "-c", _CATALOGS_SCRIPT], cwd=root,
                            env=_environment(root), capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"reading the catalogs of {root} failed:\n{result.stderr[-2000:]}")
    said = json.loads(result.stdout)
    if not Path(said["package"]).resolve().is_relative_to(root.resolve()):
        raise RuntimeError(f"the package imported is {said['package']}, not the copy's")
    return said["catalogs"]  # type: ignore[no-any-return]


#: An entry of a script's words: ``"key": ["English", …]`` or ``"key": "English"``.
_SCRIPT_ENTRY = re.compile(r'"([A-Za-z][\w-]*(?:\.[\w-]+)+)"\s*:\s*\[?\s*("(?:[^"\\]|\\.)*")')


def script_english(script: str) -> dict[str, str]:
    """The English form of each key of a script's words (its first form).

    >>> script_english('var W = {"a.b": ["Pool {n}", "Poule {n}"], "a.c": "Deal"};')
    {'a.b': 'Pool {n}', 'a.c': 'Deal'}
    """
    return {key: json.loads(english) for key, english in _SCRIPT_ENTRY.findall(script)}


def _load_yaml(path: Path) -> Any:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)


def _dump_yaml(data: Any) -> str:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False, width=4096)


class PseudoLanguage:
    """Adds the pseudo-language ``code`` to the copy at ``root``; :attr:`gaps` lists
    what could not be derived, :attr:`written` what was written."""

    def __init__(self, root: Path, code: str = DEFAULT_CODE) -> None:
        self.root = root
        self.code = code
        self.name = pseudo("Pseudo")
        self.gaps: list[str] = []
        self.written: list[str] = []

    def _write(self, relative: str, text: str) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.written.append(relative)

    def add(self) -> None:
        self.language_file()
        self.messages()
        self.rule_files()
        self.pages()
        self.configuration()

    # -- the language's folder --

    def language_file(self) -> None:
        """English's ``language.yaml`` with the code, the name and ordinals of its own."""
        data = _load_yaml(self.root / "ambigu_rules" / "languages" / "en" / "language.yaml")
        data["code"] = self.code
        data["name"] = self.name
        data["ordinals"] = {"other": {"rule": "", "form": "{n}."}}
        header = (f"# A pseudo-language made by tools/pseudo_language.py: English, its letters\n"
                  f"# swapped for accented look-alikes, each text wrapped in {OPEN} {CLOSE}.\n")
        self._write(f"ambigu_rules/languages/{self.code}/language.yaml", header + _dump_yaml(data))

    def messages(self) -> None:
        """Every phrase of every catalog, and the sections of the other languages'
        messages that are no Python catalog (a script's words), transformed."""
        catalogs = english_catalogs(self.root)
        out: dict[str, Any] = {home: {name: {key: pseudo(text) for key, text in phrases.items()}
                                      for name, phrases in names.items()}
                               for home, names in catalogs.items()}
        folder = self.root / "ambigu_rules" / "languages"
        for other in sorted(folder.iterdir()):
            path = other / "messages.yaml"
            if other.name == self.code or not path.is_file():
                continue
            for home, section in (_load_yaml(path) or {}).items():
                if home in catalogs:
                    continue
                source = self.root / home
                if not source.is_file():
                    if not re.fullmatch(r"[\w.]+", home):
                        self.gaps.append(f"{other.name}/messages.yaml: section {home!r}: "
                                         "no file of that name to find its English in")
                    continue  # a module's section with no catalog in the code: stale
                english = script_english(source.read_text(encoding="utf-8"))
                out[home] = self._section(section, english, out.get(home), f"{home}")
        self._write(f"ambigu_rules/languages/{self.code}/messages.yaml",
                    "# The pseudo-language's form of every phrase (tools/pseudo_language.py).\n"
                    + _dump_yaml(out))

    def _section(self, section: Any, english: dict[str, str], done: Any, where: str) -> Any:
        """A non-catalog section of another language's messages, with the same keys,
        each leaf the pseudo form of the English found by its key (a plural mapping,
        one with ``by``, as a plain string)."""
        if not isinstance(section, dict):
            return done
        out = dict(done or {})
        for key, value in section.items():
            if key in out:
                continue
            key_text = str(key)
            if isinstance(value, dict) and "by" not in value:
                out[key] = self._section(value, english, None, f"{where}.{key_text}")
                continue
            found = english.get(key_text)
            if found is None:
                dotted = f"{where.partition('.')[2]}.{key_text}".lstrip(".")
                found = english.get(dotted)
            if found is None:
                self.gaps.append(f"{where}: {key_text}: no English form found in the script")
                continue
            out[key] = pseudo(found)
        return out

    # -- the rule files and the site's data --

    def rule_files(self) -> None:
        """Beside each ``fr`` form under ``translations`` (or the older ``fr:``), the
        pseudo form of the same keys, from the part's English texts."""
        folder = self.root / "rulesets"
        for path in sorted([*folder.glob("*.yaml"), *folder.glob("site/*.yaml")]):
            data = _load_yaml(path)
            relative = path.relative_to(self.root).as_posix()
            if self._translate(data, relative):
                self._write(relative, _dump_yaml(data))

    def _translate(self, node: Any, where: str) -> bool:
        changed = False
        if isinstance(node, list):
            for index, item in enumerate(node):
                changed |= self._translate(item, f"{where}[{index}]")
            return changed
        if not isinstance(node, dict):
            return False
        translations = node.get("translations")
        older = node.get("fr") if isinstance(node.get("fr"), dict) else None
        french = (translations or {}).get("fr") if isinstance(translations, dict) else None
        french = french if isinstance(french, dict) else older
        if isinstance(french, dict):
            forms = {}
            for key in french:
                english = node.get(key)
                if isinstance(english, str):
                    forms[key] = pseudo(english)
                else:
                    self.gaps.append(f"{where}: translations.fr.{key}: the part has no "
                                     "English text of that key")
            if not isinstance(translations, dict):
                translations = node["translations"] = {}
            translations[self.code] = forms
            changed = True
        for key, value in node.items():
            if key not in ("translations", "fr"):
                changed |= self._translate(value, f"{where}.{key}")
        return changed

    # -- the pages --

    def pages(self) -> None:
        """The twin of each hand-written page that has a French twin."""
        docs = self.root / "docs"
        for french in sorted(docs.rglob("*.fr.md")):
            english = french.with_name(french.name.removesuffix(".fr.md") + ".md")
            if not english.is_file():
                continue
            text = english.read_text(encoding="utf-8")
            if GENERATED in text.partition("\n")[0]:
                continue  # written whole by tools/gen_site.py, in every language
            twin = english.with_name(english.name.removesuffix(".md") + f".{self.code}.md")
            self._write(twin.relative_to(self.root).as_posix(), pseudo_page(text))

    # -- the configuration --

    def configuration(self) -> None:
        """One entry in the ``languages`` of the ``i18n`` plugin in ``mkdocs.yml``."""
        path = self.root / "mkdocs.yml"
        text = path.read_text(encoding="utf-8")

        class Loader(yaml.SafeLoader):  # mkdocs.yml may hold tags (!ENV, !!python/name)
            pass

        Loader.add_multi_constructor("", lambda loader, suffix, node: None)
        config = yaml.load(text, Loader=Loader)
        palette = (config.get("theme") or {}).get("palette") or []
        entry: dict[str, Any] = {
            "locale": self.code,
            "name": self.name,
            "build": True,
            "site_name": pseudo(str(config["site_name"])),
        }
        if palette:
            entry["theme"] = {"palette": [
                {"toggle": {"name": pseudo(str(scheme.get("toggle", {}).get("name", "")))}}
                for scheme in palette]}
        if config.get("site_description"):
            entry["site_description"] = pseudo(" ".join(str(config["site_description"]).split()))
        titles = [title for title in _nav_titles(config.get("nav") or [])
                  if re.search(r"[A-Za-z]", title)]
        entry["nav_translations"] = {title: pseudo(title) for title in dict.fromkeys(titles)}
        lines = text.split("\n")
        start = next(i for i, line in enumerate(lines) if re.match(r"^\s*- i18n:\s*$", line))
        heading = next(i for i in range(start, len(lines))
                       if re.match(r"^\s*languages:\s*$", lines[i]))
        indent = len(lines[heading]) - len(lines[heading].lstrip())
        item = next(i for i in range(heading + 1, len(lines)) if lines[i].strip().startswith("-"))
        item_indent = len(lines[item]) - len(lines[item].lstrip())
        end = next((i for i in range(item, len(lines)) if lines[i].strip()
                    and not lines[i].lstrip().startswith("#")
                    and len(lines[i]) - len(lines[i].lstrip()) <= indent), len(lines))
        while end > item and not lines[end - 1].strip():
            end -= 1
        block = [(" " * item_indent + line) if line else line
                 for line in _dump_yaml([entry]).rstrip("\n").split("\n")]
        lines[end:end] = block
        self._write("mkdocs.yml", "\n".join(lines))


def _nav_titles(nav: list[Any]) -> Iterator[str]:
    for entry in nav:
        if isinstance(entry, dict):
            for title, value in entry.items():
                yield str(title)
                if isinstance(value, list):
                    yield from _nav_titles(value)


def make(destination: Path, code: str = DEFAULT_CODE) -> dict[str, Any]:
    """Copy the project into ``destination`` and add the pseudo-language ``code``;
    return (and write to ``destination/pseudo-language.json``) what was done."""
    destination = Path(destination).resolve()
    copy_project(destination)
    language = PseudoLanguage(destination, code)
    language.add()
    said = {"code": code, "name": language.name, "written": language.written,
            "gaps": language.gaps}
    (destination / "pseudo-language.json").write_text(
        json.dumps(said, ensure_ascii=False, indent=1), encoding="utf-8")
    return said


def build(root: Path, *, quiet: bool = True,
          python: str | None = None) -> float:
    """Build the copy's site into ``root/site`` with its ``tools/build_site.py``;
    return the seconds it took. Raises ``RuntimeError`` with the output if it fails."""
    start = time.perf_counter()
    argv = [python or sys.executable, "tools/build_site.py", "--site-dir", str(root / "site")]
    result = subprocess.run(argv, cwd=root, env=_environment(root), text=True, check=False,
                            capture_output=quiet)
    if result.returncode != 0:
        said = f"{result.stdout or ''}{result.stderr or ''}"[-6000:]
        raise RuntimeError(f"building the site of {root} failed (exit {result.returncode})\n"
                           f"{said}")
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("destination", type=Path, help="a new folder for the copy")
    parser.add_argument("--code", default=DEFAULT_CODE, help="the pseudo-language's code")
    parser.add_argument("--build", action="store_true", help="then build its site")
    args = parser.parse_args(argv)
    if args.destination.exists():
        parser.error(f"{args.destination} exists: give a new folder")
    said = make(args.destination, args.code)
    print(f"pseudo_language: {args.code} added in {args.destination} "
          f"({len(said['written'])} files written, {len(said['gaps'])} gaps)")
    for gap in said["gaps"]:
        print(f"  gap: {gap}")
    if args.build:
        try:
            seconds = build(args.destination, quiet=False)
        except RuntimeError as error:
            print(f"pseudo_language: {error}", file=sys.stderr)
            return 1
        print(f"pseudo_language: built {args.destination / 'site'} in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

