"""``python -m stratego_widget``: a bot game in the terminal (see :mod:`stratego_widget.demo`),
or a command of :mod:`stratego_widget.cli` (``python -m stratego_widget export ...``)."""

import sys

from .cli import main

sys.exit(main())
