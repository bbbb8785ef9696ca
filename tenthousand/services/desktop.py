"""``--install-desktop`` and ``--uninstall-desktop``: the menu entry and icons for a user.

pipx cannot put files where a desktop looks for them, so the program does it itself, in the
user's XDG data folder (``$XDG_DATA_HOME``, normally ``~/.local/share``):

- ``applications/io.github.tenthousand.TenThousand.desktop``, whose ``Exec=`` is the command
  that is running now (the ``tenthousand`` script found on disk, else ``python -m``);
- ``icons/hicolor/<N>x<N>/apps/<id>.png`` for every size, and ``scalable/apps/<id>.svg``.

Every file written is recorded, with a hash of its content, in a manifest beside the saved
game.  Uninstalling removes the files listed there whose content is still what was written,
and the folders the install created if they are empty again: nothing else.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from ..i18n import _, ngettext
from .assets import APP_ID, WM_CLASS, icon_png, icon_sizes, icon_svg

MANIFEST = "desktop-install.json"

ENTRY = """\
[Desktop Entry]
Type=Application
Version=1.4
Name=Ten-Thousand
GenericName=Dice Game
Comment=Throw six dice, keep the ones that score, and bank before you lose it all
Icon={app_id}
{try_exec}Exec={exec}
Terminal=false
Categories=Game;BoardGame;
Keywords=dice;farkle;zilch;10000;ten thousand;
StartupNotify=true
StartupWMClass={wm_class}
"""

# Characters that make the Desktop Entry spec want an Exec argument quoted.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def quote_exec_arg(arg: str) -> str:
    """One argument of an ``Exec=`` line, quoted and escaped as the Desktop Entry spec says."""
    arg = arg.replace("%", "%%")  # a literal percent sign, not a field code
    if arg and not _RESERVED & set(arg):
        quoted = arg
    else:
        quoted = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return quoted.replace("\\", "\\\\")  # the string escaping of every desktop file value


def _escape(value: str) -> str:
    """A desktop file string value: backslashes and line breaks escaped."""
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def entry_text(command: list[str], try_exec: str | None = None) -> str:
    """The desktop entry that starts ``command``."""
    return ENTRY.format(
        app_id=APP_ID,
        wm_class=WM_CLASS,
        exec=" ".join(quote_exec_arg(a) for a in command),
        try_exec=f"TryExec={_escape(try_exec)}\n" if try_exec else "",
    )


def installed_command() -> list[str]:
    """The command that starts this program, with absolute paths."""
    if getattr(sys, "frozen", False):  # a PyInstaller one-file program
        return [os.path.abspath(sys.executable)]
    argv0 = sys.argv[0] if sys.argv else ""
    names = ("tenthousand", "tenthousand.exe")
    # Not resolving symlinks: pipx's ~/.local/bin/tenthousand outlives a reinstall.
    if os.path.basename(argv0) in names and os.path.isfile(argv0):
        return [os.path.abspath(argv0)]
    found = shutil.which("tenthousand")
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "tenthousand"]


def data_home() -> Path:
    """``$XDG_DATA_HOME`` if set to an absolute path (the spec ignores relative ones)."""
    env = os.environ.get("XDG_DATA_HOME", "")
    return Path(env) if os.path.isabs(env) else Path.home() / ".local" / "share"


def planned_files(command: list[str]) -> dict[Path, bytes]:
    """Every file the install writes, with its content."""
    base = data_home()
    hicolor = base / "icons" / "hicolor"
    files: dict[Path, bytes] = {
        base / "applications" / f"{APP_ID}.desktop":
            entry_text(command, try_exec=command[0]).encode("utf-8"),
    }
    for size in icon_sizes():
        files[hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = icon_png(size)
    files[hicolor / "scalable" / "apps" / f"{APP_ID}.svg"] = icon_svg()
    return files


def _manifest_path() -> Path:
    from ..files.paths import paths

    return paths().data / MANIFEST


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_manifest() -> tuple[list[dict[str, str]], list[str]]:
    """The files (path, sha256) and created folders on record; nothing if unreadable."""
    from ..files.storage import read_limited

    try:  # a regular file of at most 1 MB (a pipe or a device is no manifest)
        data = json.loads(read_limited(_manifest_path(), 1 << 20).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return [], []
    if not isinstance(data, dict):
        return [], []
    files = [f for f in data.get("files", [])
             if isinstance(f, dict) and isinstance(f.get("path"), str)
             and isinstance(f.get("sha256"), str)]
    dirs = [d for d in data.get("dirs", []) if isinstance(d, str)]
    return files, dirs


def _write_manifest(files: list[dict[str, str]], dirs: list[str]) -> None:
    target = _manifest_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps({"app_id": APP_ID, "files": files, "dirs": dirs}, indent=2) + "\n",
                   encoding="utf-8")
    os.replace(tmp, target)


def _make_dirs(folder: Path, created: list[str]) -> None:
    """mkdir -p, noting each folder it creates (parents first)."""
    missing = []
    for parent in [folder, *folder.parents]:
        if parent.exists():
            break
        missing.append(parent)
    for new in reversed(missing):
        new.mkdir()
        created.append(str(new))


def install_files() -> tuple[int, Path]:
    """Write the entry and icons; return how many files and where."""
    old_files, old_dirs = _read_manifest()
    files = planned_files(installed_command())
    created = list(old_dirs)
    # Files an earlier install wrote that this one does not (XDG_DATA_HOME moved): keep
    # them on record so that --uninstall-desktop still finds them.
    written = [item for item in old_files if Path(item["path"]) not in files]
    for path, content in files.items():
        _make_dirs(path.parent, created)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(content)
        os.replace(tmp, path)
        written.append({"path": str(path), "sha256": _digest(content)})
    _write_manifest(written, list(dict.fromkeys(created)))
    hicolor = data_home() / "icons" / "hicolor"
    os.utime(hicolor)  # a newer folder tells icon caches to look again
    return len(files), data_home()


def uninstall_files() -> tuple[int, list[str]]:
    """Remove what :func:`install_files` recorded; return the count removed and the changed
    files left alone."""
    from ..files.storage import BadFile, read_limited

    files, dirs = _read_manifest()
    removed, kept = 0, []
    for item in files:
        path = Path(item["path"])
        try:  # what install_files wrote is small: a pipe or a big file is someone else's
            content = read_limited(path, 16 << 20)
        except FileNotFoundError:
            continue
        except (OSError, BadFile):
            kept.append(str(path))
            continue
        if _digest(content) != item["sha256"]:
            kept.append(str(path))  # changed since: someone else's now
            continue
        path.unlink()
        removed += 1
    for folder in sorted(dirs, key=lambda d: len(Path(d).parts), reverse=True):
        try:
            Path(folder).rmdir()  # only if empty
        except OSError:
            pass
    try:
        _manifest_path().unlink()
    except FileNotFoundError:
        pass
    return removed, kept


def main(install: bool) -> int:
    """The ``--install-desktop`` / ``--uninstall-desktop`` commands: one line, exit 0."""
    if sys.platform in ("win32", "darwin"):
        print(_("tenthousand: desktop entries are for Linux and other XDG desktops; on this "
                "system, start the game with the tenthousand command"), file=sys.stderr)
        return 1
    try:
        if install:
            count, base = install_files()
            # Translators: {folder} is where the files went; keep the command as it is.
            print(ngettext("tenthousand: added Ten-Thousand to the application menu ({n} file "
                           "under {folder}); undo with: tenthousand --uninstall-desktop",
                           "tenthousand: added Ten-Thousand to the application menu ({n} files "
                           "under {folder}); undo with: tenthousand --uninstall-desktop",
                           count).format(n=count, folder=base))
        else:
            if not _manifest_path().exists():
                print(_("tenthousand: nothing to remove: no desktop install on record"))
                return 0
            removed, kept = uninstall_files()
            print(_uninstalled(removed, kept))
    except OSError as exc:
        message = (_("tenthousand: could not install the desktop entry: {problem}") if install
                   else _("tenthousand: could not remove the desktop entry: {problem}"))
        print(message.format(problem=exc), file=sys.stderr)
        return 1
    return 0


def _uninstalled(removed: int, kept: list[str]) -> str:
    """The line that says what ``--uninstall-desktop`` did."""
    done = ngettext("tenthousand: removed Ten-Thousand from the application menu ({n} file)",
                    "tenthousand: removed Ten-Thousand from the application menu ({n} files)",
                    removed).format(n=removed)
    if not kept:
        return done
    # Translators: {done} is the sentence above it; {files} lists changed files.
    return ngettext("{done}; left {n} changed file alone: {files}",
                    "{done}; left {n} changed files alone: {files}", len(kept)).format(
        done=done, n=len(kept), files=", ".join(kept))
