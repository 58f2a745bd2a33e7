"""The ``stratego-widget`` command (also ``python -m stratego_widget``).

``stratego-widget export NOTEBOOK -o PAGE.html`` writes the offline page of an executed
notebook (:mod:`stratego_widget.export`); ``stratego-widget demo`` plays the terminal demo
(:mod:`stratego_widget.demo`), as ``python -m stratego_widget`` does with no command or with
the demo's options.

Example:
    >>> import io
    >>> err = io.StringIO()
    >>> main(["export", "missing.ipynb", "-o", "page.html"], err=err)
    1
    >>> print(err.getvalue().strip())
    stratego-widget export: There is no notebook 'missing.ipynb'. [export-missing]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

COMMANDS = ("export", "demo")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run a command; return the exit code (0: done, 1: refused with a one-line reason).

    Example:
        >>> import io
        >>> main(["--ruleset", "duel", "--seed", "1", "--max-plies", "4", "--quiet"],
        ...      out=io.StringIO())  # no command: the terminal demo
        0
    """
    args = list(sys.argv[1:] if argv is None else argv)
    out, err = out or sys.stdout, err or sys.stderr
    parser = argparse.ArgumentParser(
        prog="stratego-widget", description="Offline pages of Stratego boards, and a bot "
        "game in the terminal (the demo, also played without a command).")
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser(
        "export", help="an executed notebook as one HTML page that works offline",
        description="Write an executed notebook as one HTML file that shows every board "
                    "with no network and no kernel (a finished game's replay still works).")
    export.add_argument("notebook", help="the executed notebook (.ipynb) with widget state")
    export.add_argument("-o", "--output", required=True, help="the page to write (.html)")
    commands.add_parser("demo", add_help=False,
                        help="two built-in bots play a game (stratego-widget demo --help)")
    if args[:1] in (["-h"], ["--help"]):
        parser.print_help(out)
        return 0
    if not args or args[0] not in COMMANDS or args[0] == "demo":
        from .demo import main as demo

        return demo(args[1:] if args[:1] == ["demo"] else args, out=out)
    options = parser.parse_args(args)
    from .experiments import MissingExtraError
    from .export import PageError, export_notebook

    try:
        page = export_notebook(options.notebook, options.output)
    except PageError as error:
        print(f"stratego-widget {options.command}: {error} [{error.rule}]", file=err)
        return 1
    except MissingExtraError as error:  # nbconvert or nbformat is not installed
        print(f"stratego-widget {options.command}: {error}", file=err)
        return 1
    print(f"wrote {page}", file=out)
    return 0
