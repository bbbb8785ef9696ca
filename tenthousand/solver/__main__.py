"""``python -m tenthousand.solver``: the same as ``python -m tenthousand.tools.sim solve``."""

import sys

from . import main

sys.exit(main(sys.argv[1:]))
