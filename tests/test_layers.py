"""The folders are the layers: each package of ``tenthousand`` may import only the layers
below it, and no module imports itself back through others.

Every import counts: at the top of a module, inside functions (loaded late, but still a
dependency) and under ``if TYPE_CHECKING:``.  There is no list of exceptions; docs/
architecture.md explains the layers and why each may import what it does."""

from __future__ import annotations

import ast
from pathlib import Path

import tenthousand

ROOT = Path(tenthousand.__file__).parent
ENGINE = {"i18n", "model", "ai", "solver", "advice"}

#: What each layer may import (besides itself).  Lower layers know nothing of higher ones.
ALLOWED: dict[str, set[str]] = {
    "i18n": set(),
    "model": {"i18n"},
    "files": {"i18n", "model"},
    "ai": {"i18n", "model"},
    "solver": {"i18n", "model", "ai", "files"},
    "advice": {"i18n", "model", "ai", "solver"},
    "services": {"i18n", "files"},
    "history": ENGINE | {"files", "services"},
    "net": ENGINE | {"files", "services", "history"},
    "present": ENGINE | {"files", "history"},
    "view": ENGINE | {"files", "services", "present", "history"},
    "dialogs": ENGINE | {"files", "services", "present", "history", "view"},
    "control": ENGINE | {"files", "services", "present", "history", "view", "dialogs",
                         "net"},
    "entry": ENGINE | {"files", "services", "present", "history", "view", "dialogs",
                       "control", "net"},
    "tools": ENGINE | {"files", "services", "present", "history", "view", "dialogs",
                       "control", "entry", "net"},
}
#: The modules at the top of the package: the entry points and the translations.
TOP = {"tenthousand": "entry", "tenthousand.__main__": "entry", "tenthousand.cli": "entry",
       "tenthousand.cli_network": "entry",
       "tenthousand.launch": "entry", "tenthousand.i18n": "i18n"}


def _module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def graph_of(root: Path) -> dict[str, set[str]]:
    """Every module of the package at ``root`` and the package's modules it imports,
    anywhere in it: at the top, in a function, under ``if TYPE_CHECKING:``."""
    paths = {_module(p, root): p for p in root.rglob("*.py")}
    graph = {}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(max(0, node.level - 1)):
                    base = base.rpartition(".")[0]
                base = (f"{base}.{node.module}" if node.module else base) if node.level \
                    else (node.module or "")
                if node.module:
                    found.add(base)
                found |= {f"{base}.{a.name}" for a in node.names}
        graph[module] = {m for m in found if m in paths and m != module}
    return graph


GRAPH = graph_of(ROOT)
MODULES = set(GRAPH)


def layer_of(module: str) -> str:
    if module in TOP:
        return TOP[module]
    parts = module.split(".")
    assert len(parts) > 2 or (ROOT / parts[1]).is_dir(), \
        f"{module} sits at the top of the package: give it a layer's folder"
    return parts[1]


def test_every_module_has_a_layer() -> None:
    assert {layer_of(m) for m in MODULES} <= set(ALLOWED)


def test_the_layers_form_no_cycle() -> None:
    state: dict[str, int] = {}

    def visit(layer: str) -> None:
        state[layer] = 1
        for lower in ALLOWED[layer]:
            assert state.get(lower) != 1, f"{layer} and {lower} may import each other"
            if lower not in state:
                visit(lower)
        state[layer] = 2

    for layer in ALLOWED:
        if layer not in state:
            visit(layer)


def test_each_layer_imports_only_the_layers_below_it() -> None:
    wrong = []
    for module, imported in sorted(GRAPH.items()):
        mine = layer_of(module)
        for other in sorted(imported):
            theirs = layer_of(other)
            if theirs != mine and theirs not in ALLOWED[mine]:
                wrong.append(f"{module} ({mine}) imports {other} ({theirs})")
    assert not wrong, "\n".join(wrong)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports in ``graph``, as the modules around it, or None."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        trail.append(m)
        for n in sorted(graph[m]):
            # A package importing its own submodules is how packages are built; a module
            # importing its package's __init__ for a name is the same link the other way.
            if m.startswith(n + ".") or n.startswith(m + "."):
                continue
            if state.get(n) == 1:
                return trail[trail.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        trail.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_cycles_counting_every_import() -> None:
    cycle = find_cycle(GRAPH)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_finder_sees_imports_in_functions_and_for_the_type_checker(
        tmp_path: Path) -> None:
    """A cycle hidden behind an import inside a function and one under TYPE_CHECKING are
    cycles too: the layer test would not let them pass."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from .sub import b\n")
    (package / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import a\n")
    (package / "c.py").write_text("from . import a\n")
    graph = graph_of(package)
    assert graph["pkg.a"] == {"pkg.sub", "pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.a"}
    cycle = find_cycle(graph)
    assert cycle is not None and {"pkg.a", "pkg.sub.b"} <= set(cycle)
    (package / "sub" / "b.py").write_text("X = 1\n")
    assert find_cycle(graph_of(package)) is None


def test_the_engine_and_the_view_models_do_not_import_tkinter() -> None:
    """The model, the AI, the solver, the advisor, the history, the files and the view
    models run without a display (the controller's test plays with a fake screen)."""
    headless = {"i18n", "model", "ai", "solver", "advice", "history", "files", "present"}
    wrong = []
    for module in sorted(MODULES):
        if layer_of(module) not in headless:
            continue
        path = ROOT.parent / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT.parent / module.replace(".", "/") / "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level \
                else []
            if any(n == "tkinter" or n.startswith("tkinter.") for n in names):
                wrong.append(module)
    assert not wrong, sorted(set(wrong))
