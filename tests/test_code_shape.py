"""The shape of the code stays as the review left it: no window module over 500 lines, no
window function over 60, one job runner, one writer of the status line (import cycles and
layers: tests/test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import tenthousand

ROOT = Path(tenthousand.__file__).parent
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60

#: None left: a module or function that grows past the limits is split, not listed here.
KNOWN_LONG_MODULES: set[str] = set()
KNOWN_LONG_FUNCTIONS: set[str] = set()


def _window_files() -> list[Path]:
    files = []
    for package in ("control", "view", "dialogs"):
        files += sorted((ROOT / package).glob("*.py"))
    # The presenter's modules (the rules text and the replay's stepping are not window code).
    files += [f for f in sorted((ROOT / "present").glob("*.py"))
              if f.name not in ("rules_text.py", "replaying.py")]
    return [f for f in files if f.exists()]


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, int]]:
    found = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.ClassDef):
            found += _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            found.append((prefix + node.name, node.end_lineno - node.lineno + 1))
            found += _functions(node, f"{prefix}{node.name}.<locals>.")
    return found


def test_window_modules_are_short() -> None:
    long = {_name(f) for f in _window_files()
            if len(f.read_text(encoding="utf-8").splitlines()) > MAX_MODULE_LINES}
    assert long <= KNOWN_LONG_MODULES, sorted(long - KNOWN_LONG_MODULES)


def test_window_functions_are_short() -> None:
    long = set()
    for f in _window_files():
        for name, lines in _functions(ast.parse(f.read_text(encoding="utf-8"))):
            if lines > MAX_FUNCTION_LINES:
                long.add(f"{_name(f)}:{name}")
    assert long <= KNOWN_LONG_FUNCTIONS, sorted(long - KNOWN_LONG_FUNCTIONS)


def test_only_the_job_runner_starts_threads_for_the_window() -> None:
    """Work off the Tk thread goes through :class:`tenthousand.services.jobs.JobRunner`, which
    delivers with ``after`` and is cancelled on new game and quit.  The sound plays in a
    thread of its own that never touches Tk and has nothing to deliver (speech runs a
    process)."""
    allowed = {"services/jobs.py", "services/sound.py"}
    starting = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "Thread" and \
                    isinstance(node.value, ast.Name) and node.value.id == "threading":
                starting.add(_name(path))
            elif isinstance(node, ast.ImportFrom) and node.module == "threading" and \
                    any(a.name == "Thread" for a in node.names):
                starting.add(_name(path))
    assert starting <= allowed, sorted(starting - allowed)


def test_only_messages_writes_the_status_line() -> None:
    """One call tells the player something (control/messages.py: Messages.tell), and it
    alone writes the status line: a call of ``say`` on anything called ``status`` anywhere
    else, or a write to the status bar's label, fails here."""
    allowed = {"control/messages.py"}
    writers = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else \
                owner.id if isinstance(owner, ast.Name) else ""
            if node.func.attr == "say" and name == "status":
                writers.add(_name(path))
            elif node.func.attr in ("configure", "config") and name == "message" and \
                    isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Attribute) \
                    and owner.value.attr == "status":
                writers.add(_name(path))
    assert writers == allowed, sorted(writers - allowed)
