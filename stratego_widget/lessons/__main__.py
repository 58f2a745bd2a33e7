"""``python -m stratego_widget.lessons check FILE... [--rulebooks DIR]`` (the same as the
``stratego-lesson`` command)."""

import sys

from .checker import main

sys.exit(main())
