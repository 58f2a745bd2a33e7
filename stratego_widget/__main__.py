"""``python -m stratego_widget``: a bot game in the terminal (see :mod:`stratego_widget.demo`)."""

import sys

from .demo import main

sys.exit(main())
