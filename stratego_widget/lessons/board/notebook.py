"""Helpers for tutorial notebooks: a refusal that fails loudly, pictures side by side, a quiz.

A tutorial shows a rule by playing it; these keep each notebook short and make it fail when
the engine stops following the rule it teaches.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("original", {"e4": "red bomb", "a1": "red scout",
    ...                                         "j10": "blue flag"})
    >>> refused(game, "e4-e5")
    'immovable'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import IllegalMoveError
from ...engine.game import Game
from ...engine.moves import Move


def refused(game: Game, move: Move | str) -> str:
    """The rule id the engine refuses ``move`` with; raises AssertionError if it is played.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("original", {"e4": "red major", "j10": "blue flag",
        ...                                         "a1": "red flag"})
        >>> refused(game, "e4-f5")
        'diagonal'
        >>> refused(game, "e4-e5")
        Traceback (most recent call last):
        ...
        AssertionError: e4-e5 was played, but a rule should have refused it
    """
    try:
        game.play(move)
    except IllegalMoveError as error:
        return error.rule
    raise AssertionError(f"{move} was played, but a rule should have refused it")


def pictures_html(games: Mapping[str, Game], viewer: str = "red", size: int = 260) -> str:
    """Positions side by side as HTML, each as ``viewer`` sees it, under its caption (the
    captions, questions and explanations here are the notebook author's HTML).

    Example:
        >>> import stratego_widget as sw
        >>> html = pictures_html({"Barrage": sw.Game.random("barrage", seed=1)})
        >>> html.count("<figure"), "Barrage" in html
        (1, True)
    """
    figures = "".join(
        f"<figure style='margin:0 1.5em 0 0'>{game.to_svg(viewer=viewer, size=size)}"
        f"<figcaption>{caption}</figcaption></figure>"
        for caption, game in games.items())
    return f"<div style='display:flex;flex-wrap:wrap'>{figures}</div>"


def pictures(games: Mapping[str, Game], viewer: str = "red", size: int = 260) -> Any:
    """:func:`pictures_html` as a displayable object for a notebook cell.

    Example:
        >>> import stratego_widget as sw
        >>> type(pictures({"Duel": sw.Game.random("duel", seed=2)})).__name__
        'HTML'
    """
    from IPython.display import HTML

    return HTML(pictures_html(games, viewer, size))


def quiz(question: str, answers: Mapping[str, bool], picture: str = "", why: str = "") -> Any:
    """A multiple-choice question whose answer the engine gives.

    ``answers`` maps each answer to whether the engine's game agrees with it; exactly one must,
    or this raises AssertionError (so the notebook fails when the rule changes). The learner
    picks an answer and is told at once whether it is right, and ``why``.

    Example:
        >>> box = quiz("Spy strikes Marshal: who is removed?",
        ...            {"The Marshal": True, "The Spy": False, "Both": False})
        >>> type(box).__name__
        'VBox'
        >>> quiz("?", {"a": True, "b": True})
        Traceback (most recent call last):
        ...
        AssertionError: the engine agrees with ['a', 'b'], not with exactly one answer
    """
    import ipywidgets as widgets

    right = [answer for answer, holds in answers.items() if holds]
    if len(right) != 1:  # not assert: the check must hold under python -O too
        raise AssertionError(f"the engine agrees with {right}, not with exactly one answer")
    choice = widgets.RadioButtons(options=list(answers), value=None,
                                  layout={"width": "max-content"})
    verdict = widgets.HTML()

    def check(change: dict[str, Any]) -> None:
        verdict.value = (f"<b>Right.</b> {why}" if change["new"] == right[0]
                         else "Not what the engine says. Look at the position again.")

    choice.observe(check, names="value")
    text = widgets.VBox([widgets.HTML(f"<b>{question}</b>"), choice, verdict])
    return widgets.HBox([widgets.HTML(picture), text]) if picture else text
