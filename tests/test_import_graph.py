"""The ``motherlode.*`` modules import one another without a cycle.

The graph is built from the source (the AST of every module under ``src/motherlode``),
not from what a test run happens to import, so an import hidden in a function body counts
as much as one at the top of a module: a function-level import that dodges a cycle is still
a cycle, one that merely waits to be called.  The rules:

* **Nodes** are modules; a package is its ``__init__``.
* **Edges** come from every ``import`` and ``from ... import`` of a ``motherlode`` module,
  at module level or inside functions and classes, relative ones resolved.
  ``from motherlode.x import y`` is an edge to ``motherlode.x.y`` where ``y`` is a
  submodule, else to ``motherlode.x`` (the package's ``__init__``, even when it only
  re-exports ``y`` from a submodule: Python runs that ``__init__``, so a submodule of
  ``x`` importing from ``motherlode.x`` is a cycle; import from the submodule instead).
  ``import motherlode.x.y`` is an edge to ``motherlode.x.y``.
* **Not edges**: imports under ``if TYPE_CHECKING:`` (never run), and the implicit import of
  a module's parent packages (Python has them half-initialised already when a submodule
  loads, so they cannot deadlock), and modules found by name at run time
  (``importlib.import_module``: entry points, a game's parts).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
ROOT = "motherlode"


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    out: dict[str, Path] = {}
    for path in sorted((SRC / ROOT).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run (``if TYPE_CHECKING:`` bodies left out)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _type_checking(node):
            yield from _imports(ast.Module(body=node.orelse, type_ignores=[]))
        else:
            yield from _imports(node)


def _known(name: str, known: dict[str, Path]) -> str | None:
    """``name``, or the nearest package above it that is a module of ours."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def edges(name: str, path: Path, known: dict[str, Path]) -> dict[str, int]:
    """The modules ``name`` imports, each with the line of its first import there."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: dict[str, int] = {}
    for node in _imports(ast.parse(path.read_text(), str(path))):
        targets: list[str | None] = []
        if isinstance(node, ast.Import):
            targets = [_known(a.name, known) for a in node.names if a.name.split(".")[0] == ROOT]
        else:
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            if base.split(".")[0] == ROOT:
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in known else _known(base, known))
        for target in targets:
            if target is not None and target != name:
                out.setdefault(target, node.lineno)
    return out


def graph() -> dict[str, dict[str, int]]:
    known = modules()
    return {name: edges(name, path, known) for name, path in known.items()}


def find_cycle(g: dict[str, dict[str, int]]) -> list[str] | None:
    """One cycle of ``g`` as the list of its modules (the first repeated at the end)."""
    seen: dict[str, bool] = {}  # True: on the current path; False: explored, no cycle
    for start in sorted(g):
        if start in seen:
            continue
        path, stack = [start], [iter(sorted(g[start]))]
        seen[start] = True
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                seen[path.pop()] = False
            elif seen.get(step):
                return [*path[path.index(step) :], step]
            elif step in g and step not in seen:
                seen[step] = True
                path.append(step)
                stack.append(iter(sorted(g[step])))
    return None


def describe(cycle: list[str], g: dict[str, dict[str, int]]) -> str:
    steps = [f"  {a} (line {g[a][b]}) -> {b}" for a, b in itertools.pairwise(cycle)]
    return "import cycle:\n" + "\n".join(steps)


def test_the_graph_has_no_cycle() -> None:
    g = graph()
    assert "motherlode.engine" in g and "motherlode.sim.play" in g
    cycle = find_cycle(g)
    assert cycle is None, describe(cycle, g)


def test_the_search_finds_a_cycle_and_its_lines() -> None:
    g = {"a": {"b": 3}, "b": {"c": 5}, "c": {"a": 7}, "d": {"a": 1}}
    cycle = find_cycle(g)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "c"}
    assert "a (line 3) -> b" in describe(["a", "b", "c", "a"], g)
    assert find_cycle({"a": {"b": 1}, "b": {}, "c": {"b": 2}}) is None


def test_the_rules_of_an_edge(tmp_path: Path) -> None:
    """Submodules, packages, relative imports, function bodies and TYPE_CHECKING."""
    pkg = tmp_path / ROOT / "x"
    pkg.mkdir(parents=True)
    (tmp_path / ROOT / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from motherlode.x.y import thing\n")
    (pkg / "y.py").write_text("thing = 1\n")
    (pkg / "z.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from motherlode.x import y\n"
        "from . import thing\n"
        "if TYPE_CHECKING:\n"
        "    import motherlode.w\n"
        "def f():\n"
        "    import motherlode.x.y.nothing\n"
        "    from motherlode import x\n"
    )
    known = {"motherlode": tmp_path, "motherlode.x": pkg / "__init__.py"}
    known |= {"motherlode.x.y": pkg / "y.py", "motherlode.x.z": pkg / "z.py"}
    assert edges("motherlode.x", known["motherlode.x"], known) == {"motherlode.x.y": 1}
    assert edges("motherlode.x.z", pkg / "z.py", known) == {
        "motherlode.x.y": 2,
        "motherlode.x": 3,
    }
