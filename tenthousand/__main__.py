"""``python -m tenthousand`` and the ``tenthousand`` command."""

from __future__ import annotations

import gc
import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command line; an unexpected error is logged and told in one sentence."""
    # Start-up allocates much and frees little: the collector's passes over the modules
    # being imported would only delay the window (a few ms).  The window turns it back on
    # once its first frame is drawn (app._first_frame_drawn); `finally` is the backstop.
    gc.disable()
    try:
        from .cli import run

        return run(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:  # `tenthousand --stats | head -3`: the reader has gone
        return _closed_pipe()
    except Exception as e:  # noqa: BLE001 - e.g. a broken install: never a bare traceback
        from .services.logs import report_startup_failure

        report_startup_failure(e)
        return 1
    finally:
        gc.enable()


def _closed_pipe() -> int:
    """End quietly when the output's reader has gone, as other Unix tools do: what is
    still buffered for it goes nowhere, and nothing is logged."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):  # a stream without a file (a test's capture)
            pass
    os.close(devnull)
    return 1


if __name__ == "__main__":
    sys.exit(main())
