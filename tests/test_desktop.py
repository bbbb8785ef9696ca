"""--install-desktop writes the menu entry and icons; --uninstall-desktop takes back exactly that."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tenthousand.services import assets, desktop

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
ENTRY = f"applications/{assets.APP_ID}.desktop"

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="XDG desktop entries are for Linux and the BSDs")


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    share = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(share))
    return share


def tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def fake_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: str = "bin") -> Path:
    script = tmp_path / folder / "tenthousand"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop"])
    return script


def test_shipped_entry_is_the_one_the_program_writes() -> None:
    shipped = (LINUX / f"{assets.APP_ID}.desktop").read_text(encoding="utf-8")
    assert shipped == desktop.entry_text(["tenthousand"])
    assert f"Icon={assets.APP_ID}\n" in shipped
    assert f"StartupWMClass={assets.WM_CLASS}\n" in shipped


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="needs desktop-file-utils")
def test_shipped_entry_validates() -> None:
    subprocess.run(["desktop-file-validate", str(LINUX / f"{assets.APP_ID}.desktop")],
                   check=True)


@pytest.mark.parametrize(("arg", "quoted"), [
    ("/usr/bin/tenthousand", "/usr/bin/tenthousand"),
    ("/home/a b/bin/tenthousand", '"/home/a b/bin/tenthousand"'),
    ("/opt/50%/x", "/opt/50%%/x"),
    ('/we$ird"/x', '"/we\\\\$ird\\\\"/x"'),
    ("C:\\x", '"C:\\\\\\\\x"'),
])
def test_exec_arguments_are_quoted_as_the_spec_says(arg: str, quoted: str) -> None:
    assert desktop.quote_exec_arg(arg) == quoted


def test_exec_points_at_the_running_script(tmp_path: Path, xdg: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    script = fake_script(tmp_path, monkeypatch, "my bin")
    assert desktop.main(install=True) == 0
    entry = (xdg / ENTRY).read_text(encoding="utf-8")
    assert f'Exec="{script}"\n' in entry
    assert f"TryExec={script}\n" in entry


def test_without_a_script_it_falls_back_to_python_m(xdg: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/somewhere/tenthousand/__main__.py"])
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert desktop.installed_command() == [os.path.abspath(sys.executable), "-m", "tenthousand"]


def test_install_writes_entry_and_every_icon(tmp_path: Path, xdg: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    fake_script(tmp_path, monkeypatch)
    assert desktop.main(install=True) == 0
    out = capsys.readouterr().out
    assert len(out.strip().splitlines()) == 1 and "--uninstall-desktop" in out
    for size in assets.icon_sizes():
        png = xdg / f"icons/hicolor/{size}x{size}/apps/{assets.APP_ID}.png"
        assert png.read_bytes() == assets.icon_png(size)
    assert (xdg / f"icons/hicolor/scalable/apps/{assets.APP_ID}.svg").read_bytes() \
        == assets.icon_svg()
    manifest = json.loads((desktop._manifest_path()).read_text())
    assert len(manifest["files"]) == len(assets.icon_sizes()) + 2
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(xdg / ENTRY)], check=True)


def test_uninstall_removes_exactly_what_was_installed(tmp_path: Path, xdg: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # Someone else's files in the same folders stay, and so do the folders holding them.
    (xdg / "applications").mkdir(parents=True)
    (xdg / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    (xdg / "icons/hicolor/48x48/apps").mkdir(parents=True)
    (xdg / "icons/hicolor/48x48/apps/other.png").write_bytes(b"png")
    before = tree(xdg)
    fake_script(tmp_path, monkeypatch)
    assert desktop.main(install=True) == 0
    assert desktop.main(install=True) == 0  # twice: still one set of files on record
    assert tree(xdg) > before
    capsys.readouterr()
    assert desktop.main(install=False) == 0
    out = capsys.readouterr().out
    assert f"({len(assets.icon_sizes()) + 2} files)" in out
    assert tree(xdg) == before
    assert not desktop._manifest_path().exists()
    # A second uninstall has nothing to do and says so.
    assert desktop.main(install=False) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_uninstall_leaves_a_changed_file_alone(tmp_path: Path, xdg: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    fake_script(tmp_path, monkeypatch)
    desktop.main(install=True)
    edited = xdg / ENTRY
    edited.write_text(edited.read_text() + "NoDisplay=true\n")
    assert desktop.main(install=False) == 0
    assert edited.exists() and "left 1 changed file" in capsys.readouterr().out
    assert tree(xdg) == {"applications", ENTRY}


def test_the_command_line_round_trip(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"))
    for flag in ("--install-desktop", "--uninstall-desktop"):
        result = subprocess.run([sys.executable, "-m", "tenthousand", flag], env=env,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert len(result.stdout.strip().splitlines()) == 1 and not result.stderr
    assert not (tmp_path / "share").exists()


def test_metainfo_screenshots_are_the_ones_the_screenshot_script_makes() -> None:
    import re
    import xml.etree.ElementTree as ET

    root = ET.parse(LINUX / f"{assets.APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == assets.APP_ID
    assert root.findtext("launchable") == f"{assets.APP_ID}.desktop"
    urls = [img.text or "" for img in root.iter("image")]
    assert urls
    script = (ROOT / "images" / "screenshots.py").read_text(encoding="utf-8")
    for url in urls:
        match = re.fullmatch(r"https://raw\.githubusercontent\.com/tenthousand/tenthousand/"
                             r"main/images/([\w-]+\.png)", url)
        assert match, url
        assert f'"{match.group(1)}"' in script, f"images/screenshots.py does not make {url}"
