"""The engine's packages import in one direction and never in a circle.

Every ``import`` and ``from ... import`` counts: at the top of a module, inside a function
(made when it is called) and under ``if TYPE_CHECKING:`` (made only by the type checker).
The engine is ``tenthousand.model``, ``tenthousand.ai``, ``tenthousand.solver`` and
``tenthousand.history``, in that order: a package may import the ones before it, never one
after it, and no module of theirs is in an import cycle, whatever modules the cycle passes
through.

Run as a script (``python3 tests/test_engine_imports.py``) it prints every cycle of the
whole of ``tenthousand`` and each engine import that goes the wrong way.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "tenthousand"

#: The engine's packages, lowest first.
LAYERS = ("tenthousand.model", "tenthousand.ai", "tenthousand.solver", "tenthousand.history")

Graph = dict[str, dict[str, int]]  # module -> the modules it imports -> the first line


def _module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _ancestors(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _imports(path: Path, module: str, modules: set[str]) -> dict[str, int]:
    """The modules of ``tenthousand`` that ``path`` imports anywhere in it.

    ``import a.b`` and ``from a.b import c`` run the packages ``a`` and ``a.b`` too, unless
    the importer is inside them (they are already running then).  ``from p import x`` is an
    import of ``p.x`` when that is a module; otherwise it takes a name from ``p`` itself,
    which counts even when ``p`` is the importer's own package: the package's ``__init__``
    must have got that far.
    """
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    running = set(_ancestors(module)) | ({module} if is_package else set())
    found: dict[str, int] = {}

    def add(target: str, line: int) -> None:
        if target in modules and target != module:
            found.setdefault(target, line)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                for target in [*_ancestors(alias.name), alias.name]:
                    if target not in running:
                        add(target, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            for target in [*_ancestors(base), base]:
                if target not in running:
                    add(target, node.lineno)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in modules else base, node.lineno)
    return found


def graph(root: Path = ROOT) -> Graph:
    paths = {_module(p, root): p for p in root.rglob("*.py")}
    return {m: _imports(p, m, set(paths)) for m, p in paths.items()}


def cycles(g: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(g) + 100))
    try:
        for v in sorted(g):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def layer(module: str) -> int | None:
    """The place of ``module``'s engine package in :data:`LAYERS` (None: not the engine)."""
    for i, package in enumerate(LAYERS):
        if module == package or module.startswith(package + "."):
            return i
    return None


def _describe(g: Graph, component: list[str]) -> str:
    inside = set(component)
    return "\n".join(f"  {m}:{line} -> {t}" for m in component
                     for t, line in sorted(g[m].items()) if t in inside)


def engine_cycles(g: Graph) -> list[list[str]]:
    return [c for c in cycles(g) if any(layer(m) is not None for m in c)]


def upward(g: Graph) -> list[str]:
    """Each import of an engine module by one of a lower engine package."""
    out = []
    for m in sorted(g):
        mine = layer(m)
        if mine is None:
            continue
        for t, line in sorted(g[m].items()):
            theirs = layer(t)
            if theirs is not None and theirs > mine:
                out.append(f"{m}:{line} -> {t}")
    return out


def test_the_finder_sees_every_kind_of_import(tmp_path: Path) -> None:
    # The finder itself: a cycle made only of imports in a function and under
    # TYPE_CHECKING, through a package's name, is found.
    pkg = tmp_path / "tenthousand" / "p"
    pkg.mkdir(parents=True)
    (tmp_path / "tenthousand" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from .a import A\n")
    (pkg / "a.py").write_text("def f():\n    from .b import B\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from . import A\n")
    found = cycles(graph(tmp_path / "tenthousand"))
    assert found == [["tenthousand.p", "tenthousand.p.a", "tenthousand.p.b"]]


def test_no_engine_module_is_in_an_import_cycle() -> None:
    g = graph()
    found = engine_cycles(g)
    assert not found, "import cycles:\n" + "\n".join(_describe(g, c) for c in found)


def test_the_engine_imports_only_downwards() -> None:
    """model imports nothing of ai, solver or history; ai nothing of solver or history;
    solver nothing of history."""
    wrong = upward(graph())
    assert not wrong, "\n".join(wrong)


if __name__ == "__main__":
    g = graph()
    for component in cycles(g):
        engine = any(layer(m) is not None for m in component)
        print(f"cycle of {len(component)} ({'engine' if engine else 'outside the engine'}):")
        print(_describe(g, component))
    for line in upward(g):
        print("upward:", line)
