"""The lesson panel's values, built from a run and nothing else: the feedback the panel shows
(:func:`feedback_record`), a kept panel's words said again in another language
(:func:`panel_words`), the hints asked for (:func:`hints_shown`, :func:`hint_marks`,
:func:`next_hint_cost`) and the synced ``lesson`` trait (:func:`lesson_state`). The
:class:`~stratego_widget.lessons.board.session.LessonSession` keeps them; their shapes are in
:mod:`stratego_widget.lessons.board.panel_types`.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> run = catalog()["scout"].start()
    >>> record = feedback_record(1, "move", run.propose("b2-c3"), square="c3", hint=0)
    >>> record["rule"], record["accepted"], record["square"]
    ('diagonal', False, 'c3')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast

from ...widget.protocol import bounded
from ..model.lesson import Lesson
from ..model.text import say
from ..playing.puzzle_lesson import PuzzleLesson
from ..playing.run import Feedback, Hint, LessonLike, LessonRun, stars_for
from .panel_types import (
    HintMark,
    HintShown,
    LessonFeedback,
    LessonPanel,
    LessonState,
    ReviewPoint,
)
from .said_again import localized_citations


def feedback_record(number: int, kind: str, feedback: Feedback | None = None, *,
                    text: str = "", square: str | None = None, hint: int = 0,
                    lang: str = "en") -> LessonFeedback:
    """The panel's feedback number ``number`` about a proposal of ``kind``: the run's
    ``feedback`` on it, or (None) a ``text`` of the lesson's own, such as a hint; ``square``:
    where the board points; ``hint``: the hint level reached; ``lang``: the language the
    text is in (a rulebook citation in it is named as in that language).

    Example:
        >>> record = feedback_record(2, "hint", text="Scouts move far.", hint=1)
        >>> record["id"], record["text"], record["accepted"], record["hint"]
        (2, 'Scouts move far.', True, 1)
    """
    return cast(LessonFeedback, {
        "id": number, "kind": kind,
        "text": bounded(localized_citations(feedback.text if feedback is not None else text,
                                            lang)),
        "rule": feedback.rule if feedback is not None else None,
        "accepted": feedback.accepted if feedback is not None else True,
        "solved": feedback.solved if feedback is not None else False,
        "failed": feedback.failed if feedback is not None else False,
        "stars": feedback.stars if feedback is not None else 0,
        "reply": feedback.reply if feedback is not None else None,
        "cite": feedback.cite if feedback is not None else None,
        "quote": feedback.quote if feedback is not None else None,
        "quote_language": feedback.quote_language if feedback is not None else None,
        "square": square,
        "hint": hint,
        "review": review_points(feedback, lang),
    })


def review_points(feedback: Feedback | None, lang: str = "en") -> list[ReviewPoint]:
    """The points of ``feedback``'s army review in ``lang``, as the panel lists them and the
    board marks their squares (none for a feedback without a review).

    Example:
        >>> review_points(None)
        []
    """
    if feedback is None:
        return []
    return [{"id": point.id, "severity": point.severity, "squares": list(point.squares),
             "text": bounded(point.text.get(lang))} for point in feedback.review]


def panel_words(lesson: LessonLike, panel: LessonPanel, lang: str) -> dict[str, Any]:
    """The texts of a kept ``panel`` of ``lesson`` said again in ``lang`` (a lesson with no
    title keeps the panel's).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> lesson = catalog()["scout"]
        >>> panel = lesson.start().panel()
        >>> panel_words(lesson, panel, "fr")["title"] == lesson.title.get("fr")
        True
    """
    step = lesson.steps[panel["step"]]
    title = getattr(lesson, "title", None)
    return {"language": lang, "instruction": step.instruction.get(lang),
            "title": title.get(lang) if title is not None else panel["title"],
            "choices": [{"id": key, "text": text.get(lang)}
                        for key, text in step.choices.items()]}


def _stars(most: int) -> str:
    """``most`` stars out of three as the panel draws them: "★★☆"."""
    return "★" * most + "☆" * (3 - most)


def hints_shown(hints: Sequence[Hint], lang: str) -> list[HintShown]:
    """The panel's list of ``hints`` (the newest last), each with what it cost in ``lang``.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> run = catalog()["scout"].start()
        >>> shown = hints_shown([run.next_hint(), run.next_hint()], "en")
        >>> shown[1]["number"], shown[1]["stars"], shown[1]["cost"]
        (2, 2, 'This hint costs a star: at most ★★☆ for this step.')
    """
    shown: list[HintShown] = []
    for number, hint in enumerate(hints, 1):
        most = stars_for(0, 1, hint.level)
        shown.append({"number": number, "level": hint.level, "text": bounded(hint.text),
                      "stars": most,
                      "cost": say(f"hint-cost-{min(hint.cost, 2)}", lang, cap=_stars(most))})
    return shown


def hint_marks(hints: Sequence[Hint]) -> list[HintMark]:
    """The squares ``hints`` mark on the board, each once: the newest hint's mark where two
    mark the same square (the move's ``from`` over the piece's mark).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> run = catalog()["scout"].start()
        >>> hints = [run.next_hint() for _ in range(3)]
        >>> [(m["square"], m["mark"], m["hint"]) for m in hint_marks(hints)]
        [('b2', 'piece', 2), ('b7', 'area', 3)]
    """
    marks: dict[str, HintMark] = {}
    for number, hint in enumerate(hints, 1):
        for square, mark in hint.marks:
            marks[square] = cast(HintMark, {"square": square, "mark": mark, "hint": number})
    return list(marks.values())


def next_hint_cost(run: LessonRun) -> str:
    """What ``run``'s next hint costs, in its language, as the Hint button says it ("" when
    no hint can be asked: the lesson is finished or the step lost). A question's second hint
    is its answer; a hint that shows a move the rules refuse costs as much as the move.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> run = catalog()["scout"].start()
        >>> next_hint_cost(run)
        'The next hint costs no star.'
        >>> _ = run.hint(); next_hint_cost(run)
        'The next hint costs a star.'
    """
    step = run.step
    if step is None or run.lost:
        return ""
    level = run.hint_level
    after = 4 if step.kind == "question" and level >= 1 else min(level + 1, 4)
    cost = stars_for(0, 1, level) - stars_for(0, 1, after)
    return say(f"hint-next-{cost}", run.language)


def lesson_state(run: LessonRun, feedback: LessonFeedback | None, *,
                 kept: LessonPanel | None = None, solved: bool = False,
                 following: Lesson | PuzzleLesson | None = None, hints: Sequence[Hint] = ()) -> LessonState:
    """The synced ``lesson`` trait: ``run``'s panel (``kept``: a solved step's panel, shown
    until Next, with the stars as they are now), its state (``solved``: the last feedback
    solved a step), a copy of the last ``feedback``, the title of the ``following``
    lesson, and the ``hints`` asked for at this step with their marks and what the next one
    costs.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = lesson_state(catalog()["scout"].start(), None)
        >>> state["state"], state["feedback"], state["next_lesson"]
        ('playing', None, None)
    """
    status: Literal["playing", "solved", "lost", "finished"] = (
        "finished" if run.finished else "solved" if solved
        else "lost" if run.lost else "playing")
    panel = cast(LessonPanel, run.panel())
    if kept is not None:  # the solved step, with the stars as they are now
        panel = {**kept, "stars": list(run.stars)}
    return {"panel": panel, "state": status,
            "feedback": None if feedback is None else feedback.copy(),
            "total": run.total_stars,
            "next_lesson": following.title.get(run.language) if following is not None else None,
            "hints": hints_shown(hints, run.language), "hint_marks": hint_marks(hints),
            "hint_cost": next_hint_cost(run) if kept is None else ""}
