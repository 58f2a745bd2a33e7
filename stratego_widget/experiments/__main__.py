"""``python -m stratego_widget.experiments study.toml``: the same as ``stratego-study``."""

import sys

from .cli import main

sys.exit(main())
