"""Who hears of a lesson board's steps: :class:`LessonListeners`, the learner's callbacks on a
solved step and on the end of each attempt at a step, and the clock that times the attempt
(see :mod:`stratego_widget.lessons.classroom.attempts`). A failing callback is logged and
never breaks the board.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> listeners, seen = LessonListeners(), []
    >>> listeners.on_attempt(lambda run, step, attempt: seen.append((step, attempt.solved)))
    >>> run = catalog()["scout"].start()
    >>> listeners.clock.acted_now(); listeners.leave(run); seen
    [(0, False)]
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..classroom.attempts import Attempt, AttemptClock
from ..playing.run import Feedback, LessonRun

log = logging.getLogger(__name__)


class LessonListeners:
    """The callbacks of a lesson board and the clock of the attempt being played, counted from
    the step's position until it is solved, lost or left. ``logger``: where a failing
    callback is logged (this module's own when not given).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> listeners, seen = LessonListeners(), []
        >>> listeners.on_solved(lambda feedback, run: seen.append(feedback.stars))
        >>> run = catalog()["scout"].start()
        >>> listeners.solved(run.propose("b2-b7"), run); seen
        [3]
    """

    def __init__(self, logger: logging.Logger = log) -> None:
        self.log = logger
        self.clock = AttemptClock()
        self.clock.start()
        self._solved: list[Callable[[Feedback, LessonRun], Any]] = []
        self._attempts: list[Callable[[LessonRun, int, Attempt], Any]] = []

    def on_solved(self, callback: Callable[[Feedback, LessonRun], Any]) -> None:
        """Call ``callback(feedback, run)`` each time a step is solved (see :meth:`solved`).

        Example:
            >>> LessonListeners().on_solved(print)
        """
        self._solved.append(callback)

    def on_attempt(self, callback: Callable[[LessonRun, int, Attempt], Any]) -> None:
        """Call ``callback(run, step index, attempt)`` at the end of each attempt at a step
        (see :meth:`count` and :meth:`leave`).

        Example:
            >>> LessonListeners().on_attempt(print)
        """
        self._attempts.append(callback)

    def solved(self, feedback: Feedback, run: LessonRun) -> None:
        """Tell each callback of :meth:`on_solved` that ``run``'s step is solved.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> listeners = LessonListeners()
            >>> listeners.on_solved(lambda feedback, run: 1 / 0)   # logged, never raised
            >>> run = catalog()["scout"].start()
            >>> listeners.solved(run.propose("b2-b7"), run)
        """
        for callback in self._solved:
            try:
                callback(feedback, run)
            except Exception:  # a learner's callback must not break the board
                self.log.exception("lesson widget: callback %r failed", callback)

    def count(self, feedback: Feedback, kind: str, run: LessonRun, index: int,
              hints: int) -> None:
        """Count a proposal of ``kind`` (``"answer"`` for a question) in the attempt at step
        ``index``, begun with ``hints`` hints: a solved or lost step ends it.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> listeners, seen = LessonListeners(), []
            >>> listeners.on_attempt(lambda run, step, attempt: seen.append(attempt.stars))
            >>> run = catalog()["scout"].start()
            >>> listeners.count(run.propose("b2-b7"), "move", run, 0, 0); seen
            [3]
        """
        if not feedback.accepted:
            self.clock.refused(question=kind == "answer")
        else:
            self.clock.acted_now()
        if feedback.solved or feedback.failed:
            self.tell(run, index, self.clock.finish(solved=feedback.solved, stars=feedback.stars,
                                                    failed=feedback.failed, hints=hints))

    def leave(self, run: LessonRun) -> None:
        """The learner leaves ``run``'s step: an attempt in which they did something is kept
        (none when the step is lost: its attempt ended with the loss).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> listeners, seen = LessonListeners(), []
            >>> listeners.on_attempt(lambda run, step, attempt: seen.append(step))
            >>> listeners.leave(catalog()["scout"].start()); seen   # nothing done: not kept
            []
        """
        if self.clock.running and self.clock.acted and run.state is not None \
                and not run.lost:
            self.tell(run, run.step_index, self.clock.finish(
                solved=False, stars=0, failed=False, hints=run.hint_level))

    def tell(self, run: LessonRun, index: int, attempt: Attempt) -> None:
        """Give each callback of :meth:`on_attempt` the ``attempt`` at step ``index``.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> listeners, seen = LessonListeners(), []
            >>> listeners.on_attempt(lambda run, step, attempt: seen.append(step))
            >>> attempt = listeners.clock.finish(solved=False, stars=0, failed=False, hints=0)
            >>> listeners.tell(catalog()["scout"].start(), 3, attempt); seen
            [3]
        """
        for callback in self._attempts:
            try:
                callback(run, index, attempt)
            except Exception:  # keeping progress must not break the board
                self.log.exception("lesson widget: attempt callback %r failed", callback)
