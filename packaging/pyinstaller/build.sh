#!/usr/bin/env bash
# Build the one-file program with PyInstaller in a throw-away virtual environment and
# check that it runs: prints the version, shows the icons are inside.
#   bash packaging/pyinstaller/build.sh            # build in a temporary folder, then delete it
#   bash packaging/pyinstaller/build.sh OUTDIR     # keep the program as OUTDIR/tenthousand
set -euo pipefail
cd "$(dirname "$0")/../.."

python=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/tenthousand-pyinstaller.XXXXXX")
# shellcheck source=packaging/virtual-screen.sh
source packaging/virtual-screen.sh
trap 'stop_virtual_screen; rm -rf "$work"' EXIT

"$python" -m venv "$work/venv"
venv_py="$work/venv/bin/python"
[ -x "$venv_py" ] || venv_py="$work/venv/Scripts/python.exe"  # Windows (Git Bash)
"$venv_py" -m pip install -q --disable-pip-version-check pyinstaller pillow platformdirs numpy

# The package comes from the source tree (the spec's pathex), not from an install.
"$venv_py" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$work/dist" --workpath "$work/build" packaging/pyinstaller/tenthousand.spec

program="$work/dist/tenthousand"
[ -x "$program" ] || program="$work/dist/tenthousand.exe"
expected="tenthousand $("$python" -c 'import re,sys; print(re.search(r"__version__ = \"(.+)\"", open("tenthousand/__init__.py").read()).group(1))')"
got=$("$program" --version)
if [ "$got" != "$expected" ]; then
  echo "pyinstaller: the program says '$got', expected '$expected'" >&2
  exit 1
fi
# The icons travel inside the one file: --install-desktop reads them from there.
share=$(mktemp -d "$work/share.XXXXXX")
XDG_DATA_HOME="$share" TENTHOUSAND_HOME="$work/home" "$program" --install-desktop >/dev/null
test -s "$share/icons/hicolor/512x512/apps/io.github.tenthousand.TenThousand.png"
XDG_DATA_HOME="$share" TENTHOUSAND_HOME="$work/home" "$program" --uninstall-desktop >/dev/null

# On the display (or a virtual screen of its own) and with the window written, start it for
# a while: it must still be running when timeout stops it (124), with no traceback, and numpy
# travels inside: a Perfect player for a game point without a shipped table has solved its
# table by then.
if [ "${TENTHOUSAND_GUI_SMOKE:-0}" = 1 ] && [ -f tenthousand/control/app.py ]; then
  [ -n "${DISPLAY:-}" ] || start_virtual_screen "$work"
  printf 'format = 1\nname = "Smoke to 2,000"\nbase = "ten-thousand"\n\n[end]\ngame_point = 2000\n' \
    >"$work/to-2000.toml"
  status=0
  TENTHOUSAND_HOME="$work/home" timeout 30 "$program" --skip-intro \
    --rules-file "$work/to-2000.toml" --players 'Ann,cpu:perfect' \
    2>"$work/gui.err" || status=$?
  if ! find "$work/home/cache/tables" -name '*.bin' 2>/dev/null | grep -q .; then
    echo "pyinstaller: the program did not solve perfect play (is numpy inside?)" >&2
    cat "$work/gui.err" "$work/home/log/tenthousand.log" >&2 || true
    exit 1
  fi
  log="$work/home/log/tenthousand.log"
  mkdir -p "$(dirname "$log")" && touch "$log"
  if [ "$status" != 124 ] || grep -q Traceback "$work/gui.err" \
      || grep -E -q ' (ERROR|CRITICAL) |Traceback' "$log"; then
    echo "pyinstaller: the program's window failed (exit $status):" >&2
    cat "$work/gui.err" "$log" >&2
    exit 1
  fi
  echo "pyinstaller: the window ran for 30 seconds without error and solved perfect play to 2,000"
fi

size=$(du -h "$program" | cut -f1)
echo "pyinstaller: built $program ($size), it prints '$got' and carries its icons"
if [ $# -ge 1 ]; then
  mkdir -p "$1"
  cp "$program" "$1/"
  echo "pyinstaller: copied to $1/$(basename "$program")"
fi
