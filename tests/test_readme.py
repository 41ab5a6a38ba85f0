"""The README as a package's description: its Python runs, its commands exist,
and every page of the site it names is a page of the site."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from ambigu_rules.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_python_example_runs_and_its_comment_is_true() -> None:
    code = re.search(r"^```python\n(.*?)^```$", README, re.MULTILINE | re.DOTALL)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), namespace)  # the reader's own session
    game = namespace["game"]
    assert game.deal_over and game.state.deal is not None  # type: ignore[attr-defined]
    # The comment says 8: in 1730 a flux (four of a suit) whose 2, 3, 4 follow
    # one another adds the sequence's 3 to the flux's 5.
    from ambigu_rules import evaluator_for
    assert evaluator_for("1730").evaluate("2S 3S 4S 9S").value == 8


def test_the_three_commands_are_commands() -> None:
    block = README.split("## Three commands", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [shlex.split(line.split("#")[0]) for line in block.splitlines() if line.strip()]
    assert len(lines) == 3
    parser = build_parser()
    for words in lines:
        assert words[0] == "ambigu"
        assert parser.parse_args(words[1:]).command == words[1]  # exits 2 if it is no command


def test_every_site_page_it_names_is_in_the_site() -> None:
    site_url = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8")
                              .split("\nhooks:")[0])["site_url"]
    # A page's address ends in its folder's slash; a file's (a schema) in its name.
    named = re.findall(re.escape(site_url) + r"([a-z-]+)/(?=[)>\s])", README)
    assert named
    for page in named:
        assert (ROOT / "docs" / f"{page}.md").is_file(), page
        assert f"`docs/{page}.md`" in README  # read in the checkout too
