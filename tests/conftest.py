"""Shared test set-up: every file the game writes goes to a temporary folder, and in CI a
missing display is an error, not a skip."""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true",
                     help="run the slow robustness tests at their full counts")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("CI") and shutil.which("Xvfb") is None:
        raise pytest.UsageError("CI needs Xvfb for the GUI tests: apt-get install -y xvfb")


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point preferences, saves, logs and caches at a fresh temporary folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TENTHOUSAND_HOME", str(home))
    return home


@pytest.fixture(autouse=True, scope="module")
def _collect_after_each_file() -> Iterator[None]:
    """A test file's Tk objects (the windows, fonts and images of its module-scoped
    fixtures) are freed here, in the Tk thread, once the file is done.  Left to chance, a
    later file's worker thread could meet them in a garbage collection, and a Tk call from
    another thread waits for a main loop that no test runs: seen in CI, an internet link's
    thread stuck in ``tkinter.font.Font.__del__`` while it imported magic-wormhole, and the
    link never told its codes."""
    yield
    gc.collect()


@pytest.fixture(autouse=True, scope="module")
def _own_tables() -> Iterator[None]:
    """The perfect-play tables a test file registers (solved for small game points) answer
    only in that file: the next file finds the rules without a table, whatever ran before
    it in the process."""
    from tenthousand.solver import table as table_file

    before = dict(table_file._REGISTERED)
    yield
    table_file._REGISTERED.clear()
    table_file._REGISTERED.update(before)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts in English whatever the machine's locale; a test that wants another
    language sets it (``i18n.set_language("de")`` or ``LANGUAGE``/``LANG``)."""
    from tenthousand import i18n
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.set_language("en")


@pytest.fixture
def long_run(request: pytest.FixtureRequest) -> bool:
    """True when --long asks for the full counts of the slow tests."""
    return bool(request.config.getoption("--long"))


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A magic-wormhole mailbox server and transit relay of the tests' own on loopback
    (tests/servers_kit.py), started once per test process when a test asks for them: no
    test reaches the public servers."""
    from servers_kit import local_servers

    yield from local_servers(tmp_path_factory.mktemp("wormhole-servers"))
