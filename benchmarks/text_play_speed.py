"""The text readers on long untrusted input: seconds for ``read_setup`` on runs of 5,000,
10,000 and 20,000 letters (20,000 characters is its limit) and on as many spaces between a
word and junk, and for ``read_move`` on its longest text; each the median of ``--runs`` runs.

The readers scan token by token, so doubling the text should about double the time (a pattern
that backtracked took 10.7 s on 10,000 letters and 51 s on 20,000). Figures are printed, never
asserted.

Run with ``python benchmarks/text_play_speed.py --runs 5``.
"""

from __future__ import annotations

import argparse

from measure import median_seconds

import stratego_widget as sw
from stratego_widget.formats.text_play import read_move, read_setup

SIZES = (5_000, 10_000, 20_000)
GAME = sw.Game.random("original", seed=1)


def refused(action: str, text: str) -> None:
    """Read ``text`` with the reader ``action`` names; the refusal is expected."""
    try:
        if action == "read_setup":
            read_setup("duel", "red", text)
        else:
            read_move(GAME, text)
    except sw.StrategoError:
        return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"{'input':<34}{'characters':>12}{'seconds':>12}")
    for size in SIZES:
        cases = {"read_setup, a run of letters": "a" * size,
                 "read_setup, word, spaces, junk": "flag" + " " * (size - 5) + "x",
                 "read_move, a run of letters": "a" * size}
        for name, text in cases.items():
            seconds = median_seconds(lambda text=text, name=name: refused(name.split(",")[0],
                                                                          text), runs)
            print(f"{name:<34}{len(text):>12,}{seconds:>12.4f}")


if __name__ == "__main__":
    main()
