"""The package's modules import each other without a cycle.

Every ``import`` counts, also one inside a function (a cycle hidden that way
is still a cycle); only imports under ``if TYPE_CHECKING:`` are left out, as
they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ambigu_rules"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports when it runs."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(node) for guard in ast.walk(tree)
               if isinstance(guard, ast.If) and "TYPE_CHECKING" in ast.unparse(guard.test)
               for node in ast.walk(guard)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(path) for path in paths}
    return {module_name(path): imported_modules(path, known) for path in paths}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` as a list of nodes, or ``[]``.

    >>> find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> find_cycle({"a": {"b"}, "b": set()})
    []
    """
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for after in sorted(graph.get(node, ())):
            if state.get(after) == 1:
                return [*stack[stack.index(after):], after]
            if after not in state and (cycle := visit(after)):
                return cycle
        stack.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return []


def test_the_package_has_no_import_cycle() -> None:
    assert find_cycle(import_graph()) == []


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = import_graph()
    # The evaluator imports the compiler (and numpy) only inside _compiled.
    assert "ambigu_rules.hands.compiler" in graph["ambigu_rules.hands.evaluator"]


#: (importer, imported): no module of the first package imports one of the second.
#: The hands are given resolved rulesets; reading rule files is the loader's.
FORBIDDEN = [("ambigu_rules.hands", "ambigu_rules.load")]


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def forbidden_imports(graph: dict[str, set[str]]) -> list[str]:
    """Each import of ``graph`` that :data:`FORBIDDEN` rules out, as ``a -> b``.

    >>> forbidden_imports({"ambigu_rules.hands.x": {"ambigu_rules.load.catalog"},
    ...                    "ambigu_rules.load.y": {"ambigu_rules.hands.x"}})
    ['ambigu_rules.hands.x -> ambigu_rules.load.catalog']
    """
    return [f"{module} -> {imported}" for module in sorted(graph)
            for imported in sorted(graph[module])
            for importer, package in FORBIDDEN
            if _within(module, importer) and _within(imported, package)]


def test_the_hands_never_import_the_loader() -> None:
    assert forbidden_imports(import_graph()) == []


#: The package's floors, from the ground up: a module imports only from its own
#: part of the package or from a floor below its part's (DESIGN.md, the flow of
#: data: rules, hands, loading and the engine, the words they are said in and the
#: exchange advice, play, the site, the command line and API, and the
#: reinforcement-learning environments built on the API on top).
LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(floor) for floor in (
    {"errors", "version", "limits", "languages"},
    {"rules", "terminal_text"},
    {"hands"},
    {"load", "engine"},
    {"words", "advice"},
    {"play"},
    {"site"},
    {"cli", "api"},
    {"learning"},
    {"rl"},  # PettingZoo's usual name for learning's entries
    {"__init__", "__main__"},
))


def part_of(module: str) -> str:
    """The top-level part of the package a module belongs to.

    >>> part_of("ambigu_rules.engine.game"), part_of("ambigu_rules.errors")
    ('engine', 'errors')
    >>> part_of("ambigu_rules")
    '__init__'
    """
    return module.split(".")[1] if "." in module else "__init__"


def floor_of(part: str) -> int:
    return next(index for index, floor in enumerate(LAYERS) if part in floor)


def imports_that_run_back_up(graph: dict[str, set[str]]) -> list[str]:
    """Every import from one part of the package into a part on its own floor
    or a higher one.

    >>> imports_that_run_back_up({"ambigu_rules.words.names": {"ambigu_rules.site.data"},
    ...                           "ambigu_rules.site.data": {"ambigu_rules.words.names"}})
    ['ambigu_rules.words.names -> ambigu_rules.site.data']
    >>> imports_that_run_back_up({"ambigu_rules.load.catalog": {"ambigu_rules.engine.game"}})
    ['ambigu_rules.load.catalog -> ambigu_rules.engine.game']
    """
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  for target in targets
                  if part_of(target) != part_of(module)
                  and floor_of(part_of(target)) >= floor_of(part_of(module)))


def test_every_part_of_the_package_has_its_floor() -> None:
    parts = {part_of(module) for module in import_graph()}
    assert parts == set().union(*LAYERS)


def test_no_import_runs_back_up_the_floors() -> None:
    assert imports_that_run_back_up(import_graph()) == []
