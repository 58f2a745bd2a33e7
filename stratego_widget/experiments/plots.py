"""Pictures of a study (matplotlib, extra ``plots``): who wins with intervals, how long games
last, how they end.

Example:
    >>> from stratego_widget.experiments.study import Study
    >>> study = Study(["duel"], red="random", blue="random", games=2, max_plies=30)
    >>> _ = study.play(workers=1)
    >>> figure = study.plot()
    >>> [axes.get_title() for axes in figure.axes]
    ['Who wins', 'Game length', 'How games end']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.errors import StrategoError
from ._extras import require
from .summary import Summary

__all__ = ["COLOURS", "plot_study"]

#: Colour-blind-safe colours (Okabe and Ito) for the sides and draws.
COLOURS = {"red": "#D55E00", "blue": "#0072B2", "draw": "#999999"}
_ENDINGS = ("#009E73", "#E69F00", "#56B4E9", "#CC79A7", "#F0E442", "#000000", "#999999")


def plot_study(summary: Summary, rows: Sequence[Mapping[str, Any]]) -> Any:
    """A figure of three panels, one row of each per ruleset: win rates of Red, Blue and draws
    with their intervals; the distribution of game lengths (plies); the share of each ending.

    The figure is a ``matplotlib.figure.Figure`` that pyplot does not manage: a notebook shows
    it once (as the cell's value); elsewhere ``figure.savefig("study.png")`` writes it.
    """
    require("matplotlib", "Study.plot", "plots")
    pyplot = require("matplotlib.pyplot", "Study.plot", "plots")
    names = [name for name in summary.rulesets if name in summary.rates]
    if not names:
        raise StrategoError("study-plot", "The study has no finished game to plot yet; "
                            "run it first.")
    height = max(3.0, 0.6 * len(names) + 1.8)
    figure, (wins, lengths, endings) = pyplot.subplots(
        1, 3, figsize=(15, height), sharey=True, layout="constrained")
    places = list(range(len(names)))
    for offset, side in ((-0.2, "red"), (0.0, "blue"), (0.2, "draw")):
        rate = [getattr(summary.rates[name], f"{side}_rate") for name in names]
        low = [r - getattr(summary.rates[name], f"{side}_low") for r, name in zip(rate, names, strict=True)]
        high = [getattr(summary.rates[name], f"{side}_high") - r for r, name in zip(rate, names, strict=True)]
        label = {"red": f"Red ({summary.red})", "blue": f"Blue ({summary.blue})",
                 "draw": "draw"}[side]
        wins.errorbar(rate, [p + offset for p in places], xerr=[low, high], fmt="o",
                      color=COLOURS[side], capsize=3, label=label)
    wins.set_xlim(0, 1)
    wins.set_xlabel(f"share of games, {summary.confidence:.0%} Wilson intervals")
    wins.set_title("Who wins")
    wins.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=3, frameon=False,
                fontsize="small")
    plies = [[int(row["plies"]) for row in rows if row["ruleset"] == name] for name in names]
    lengths.boxplot(plies, positions=places, orientation="horizontal", widths=0.5,
                    showmeans=True, medianprops={"color": "#000000"})
    lengths.set_xlabel("plies per game (box: quartiles, triangle: mean)")
    lengths.set_title("Game length")
    kinds = sorted({ending for counts in summary.endings.values() for ending in counts})
    left = [0.0] * len(names)
    for index, ending in enumerate(kinds):
        share = [summary.endings[name][ending] / summary.rates[name].games for name in names]
        endings.barh(places, share, left=left, color=_ENDINGS[index % len(_ENDINGS)],
                     label=ending, height=0.6)
        left = [a + b for a, b in zip(left, share, strict=True)]
    endings.set_xlim(0, 1)
    endings.set_xlabel("share of games")
    endings.set_title("How games end")
    endings.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=2, frameon=False,
                   fontsize="small")
    wins.set_yticks(places, names)
    wins.invert_yaxis()
    # Let go of pyplot's hold on the figure: a notebook then shows it once, as the value
    # returned, not a second time when the cell ends; a script saves it with savefig.
    pyplot.close(figure)
    return figure
