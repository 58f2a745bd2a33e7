"""Pictures of a study (matplotlib, extra ``plots``): who wins with intervals, how long games
last, how they end; and the variant lab's HTML of them (:func:`picture_html`,
:func:`comparison_html`).

Example:
    >>> from stratego_widget.experiments.study import Study
    >>> study = Study(["duel"], red="random", blue="random", games=2, max_plies=30)
    >>> _ = study.play(workers=1)
    >>> figure = study.plot()
    >>> [axes.get_title() for axes in figure.axes]
    ['Who wins', 'Game length', 'How games end']
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..batch.extras import require
from ..engine.errors import StrategoError
from .summary import Summary

__all__ = ["COLOURS", "comparison_html", "picture_html", "plot_study"]

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


def _games(pair: Any) -> str:
    """What the paired games of a comparison share."""
    if pair.setups == "same":
        return f"the same {pair.games} games (same seeds and setups)"
    return f"{pair.games} games with the same seeds (different armies, so different setups)"


def comparison_html(summary: Any) -> str:
    """The headline of each comparison of a :class:`Summary` (the variant lab shows it), then
    the whole summary as text, as HTML.

    Example:
        >>> from stratego_widget.experiments import Study
        >>> study = Study(["duel"], red="random", blue="random", games=2, max_plies=20)
        >>> "Nothing to compare" in comparison_html(Summary(study.play(workers=1), ["duel"],
        ...                                                 "random", "random"))
        True
    """
    lines = []
    for pair in summary.pairs:
        verdict = "a significant difference" if pair.significant else \
            "no significant difference"
        first, second = summary.rates[pair.first], summary.rates[pair.second]
        lines.append(
            f"<p><b>{html.escape(pair.second)}</b> against <b>{html.escape(pair.first)}</b> "
            f"on {_games(pair)}: Red wins {100 * pair.second_rate:.1f}% against "
            f"{100 * pair.first_rate:.1f}% ({100 * (0.0 - pair.difference):+.1f} points, "
            f"{summary.confidence:.0%} interval [{100 * (0.0 - pair.high):+.1f}, "
            f"{100 * (0.0 - pair.low):+.1f}], p = {pair.p_value:.3g}): {verdict}; median length "
            f"{second.plies_median:g} plies against {first.plies_median:g}.</p>")
    if not summary.pairs:
        lines.append("<p>Nothing to compare: switch an option or change a parameter.</p>")
    # pre-wrap, not pre: a summary line wider than the notebook would widen the whole HTML box
    # (a flex item grows to its content), so the headline above it ran past the output's edge.
    return ("".join(lines) + '<pre style="white-space: pre-wrap; overflow-wrap: anywhere; '
            'font-size: smaller">' + html.escape(str(summary)) + "</pre>")


def picture_html(png: bytes, rulesets: Iterable[str]) -> str:
    """The plots (``png``, the bytes of a PNG picture) as an ``<img>`` whose text alternative
    says what they show, in a box no wider than the output.

    Example:
        >>> picture_html(b"png", ["duel"])[:32]
        '<img src="data:image/png;base64,'
    """
    alt = html.escape("Wins, draws and game lengths per ruleset: " + ", ".join(rulesets))
    encoded = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{encoded}" alt="{alt}" '
            'style="max-width: 100%; height: auto">')
