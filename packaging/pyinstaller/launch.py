"""What the one-file program runs: the same entry point as the ``tenthousand`` command."""

import sys

from tenthousand.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
