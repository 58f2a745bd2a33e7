"""A learner's attempts at a lesson step, and when a step comes back for review.

An :class:`Attempt` is one go at a step, from its position until it is solved, lost or left:
its date, how long it took, the stars, and what went wrong on the way (moves the rules or the
step refused, wrong answers, hints seen, a lost position). A :class:`StepRecord` keeps a
step's attempts, its best stars, the fingerprint of the step they were made on and its review
schedule. :class:`AttemptClock` counts an attempt while it is played.

Review is spaced: a step lost, or solved with fewer than three stars (hints after the first,
mistakes, more moves than par), comes back the next day; each clean solve after that puts it
three times further off (1, 3, 9, 27 days), and a clean solve 27 days on takes it out of review.

Example:
    >>> import datetime
    >>> day = datetime.date(2026, 11, 26)
    >>> record = StepRecord("f00d")
    >>> record.add(Attempt("2026-11-26T10:00:00Z", 40.0, True, 2, hints=2), today=day)
    >>> record.best, record.due, record.interval
    (2, '2026-11-27', 1)
    >>> record.add(Attempt("2026-11-27T10:00:00Z", 9.0, True, 3), today=day.replace(day=27))
    >>> record.best, record.due, record.interval
    (3, '2026-11-30', 3)
"""

from __future__ import annotations

import datetime
import hashlib
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..model.steps import Step

__all__ = ["MAX_ATTEMPTS_KEPT", "REVIEW_INTERVALS", "Attempt", "AttemptClock", "StepRecord",
           "step_fingerprint"]

#: A step keeps its last 20 attempts (the best stars are kept apart, so none is lost); a
#: progress file also keeps at most
#: :data:`~stratego_widget.lessons.classroom.progress_file.MAX_FILE_ATTEMPTS` in all.
MAX_ATTEMPTS_KEPT = 20

#: Days until a step comes back for review: after a miss, then after each clean solve.
REVIEW_INTERVALS = (1, 3, 9, 27)


def step_fingerprint(step: Step) -> str:
    """A short digest of what a step asks (position, goal, par, answers, tray), not of its
    words: a step whose text is corrected keeps its progress, a changed step starts afresh.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> steps = catalog()["scout"].steps
        >>> len(step_fingerprint(steps[0])), step_fingerprint(steps[0]) != step_fingerprint(steps[1])
        (12, True)
    """
    what = (step.kind, step.ruleset_spec, sorted(step.params.items()),
            sorted(step.pieces.items()), step.revealed, step.moved,
            sorted(step.captured.items()), step.to_move, step.goal.describe(), step.par,
            step.solution, sorted(step.choices), step.tray, step.area, step.only)
    return hashlib.sha256(repr(what).encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Attempt:
    """One go at a step. ``date``: when it started (ISO 8601, UTC); ``seconds`` it lasted;
    ``solved`` and its ``stars`` (0 unless solved); ``failed``: the position was lost;
    ``refusals``: moves or placements refused; ``wrong_answers``: a question's wrong answers;
    ``hints`` seen; ``review``: played in a review.

    Example:
        >>> Attempt("2026-11-26T10:00:00Z", 12.5, True, 3).clean
        True
    """

    date: str
    seconds: float
    solved: bool
    stars: int
    failed: bool = False
    refusals: int = 0
    wrong_answers: int = 0
    hints: int = 0
    review: bool = False

    @property
    def clean(self) -> bool:
        """Solved with three stars and nothing lost on the way.

        Example:
            >>> Attempt("2026-11-26T10:00:00Z", 30.0, True, 2, hints=2).clean
            False
        """
        return self.solved and self.stars == 3 and not self.failed

    @property
    def missed(self) -> bool:
        """Lost, or solved with fewer than three stars: the step comes back for review.

        Example:
            >>> Attempt("2026-11-26T10:00:00Z", 30.0, False, 0, failed=True).missed
            True
        """
        return self.failed or (self.solved and self.stars < 3)

    def to_data(self) -> dict[str, Any]:
        """The attempt as JSON data (the progress file's form).

        Example:
            >>> Attempt("2026-11-26T10:00:00Z", 1.0, True, 3).to_data()["stars"]
            3
        """
        return asdict(self)


@dataclass
class StepRecord:
    """What a learner did on one step: the ``fingerprint`` of the step, its ``attempts`` (the
    last :data:`MAX_ATTEMPTS_KEPT`), the ``best`` stars and the review schedule (``due``, an
    ISO date or None; ``interval`` in days).

    Example:
        >>> StepRecord("f00d", best=3).due is None
        True
    """

    fingerprint: str
    attempts: list[Attempt] = field(default_factory=list)
    best: int = 0
    due: str | None = None
    interval: int = 0

    def add(self, attempt: Attempt, today: datetime.date | None = None) -> None:
        """Keep ``attempt``, the better stars, and move the review date (see the module).

        Example:
            >>> record = StepRecord("f00d")
            >>> record.add(Attempt("2026-11-26T10:00:00Z", 5.0, True, 3))
            >>> record.best, record.due
            (3, None)
        """
        day = today or datetime.date.today()
        self.attempts = [*self.attempts, attempt][-MAX_ATTEMPTS_KEPT:]
        if attempt.solved:
            self.best = max(self.best, attempt.stars)
        if attempt.missed:
            self.interval = REVIEW_INTERVALS[0]
        elif attempt.clean and self.due is not None:
            later = [days for days in REVIEW_INTERVALS if days > self.interval]
            self.interval = later[0] if later else 0
        else:
            return
        self.due = (day + datetime.timedelta(days=self.interval)).isoformat() \
            if self.interval else None

    def is_due(self, today: datetime.date | None = None) -> bool:
        """Whether the step is up for review on ``today``.

        Example:
            >>> import datetime
            >>> StepRecord("f00d", due="2026-11-27").is_due(datetime.date(2026, 11, 27))
            True
        """
        day = (today or datetime.date.today()).isoformat()
        return self.due is not None and self.due <= day

    def to_data(self) -> dict[str, Any]:
        """The record as JSON data (the progress file's form).

        Example:
            >>> StepRecord("f00d", best=2).to_data()
            {'fingerprint': 'f00d', 'best': 2, 'attempts': [], 'due': None, 'interval': 0}
        """
        return {"fingerprint": self.fingerprint, "best": self.best,
                "attempts": [a.to_data() for a in self.attempts], "due": self.due,
                "interval": self.interval}


class AttemptClock:
    """Counts the attempt being played: started by :meth:`start`, told of each refusal, wrong
    answer and hint, and turned into an :class:`Attempt` by :meth:`finish`.

    ``now`` (seconds, monotonic) and ``wall`` (the date) can be replaced in tests.

    Example:
        >>> ticks = iter([100.0, 112.5])
        >>> clock = AttemptClock(now=lambda: next(ticks))
        >>> clock.start(); clock.refused(question=False)
        >>> attempt = clock.finish(solved=True, stars=2, failed=False, hints=1)
        >>> attempt.seconds, attempt.refusals, attempt.stars
        (12.5, 1, 2)
    """

    def __init__(self, now: Callable[[], float] = time.monotonic,
                 wall: Callable[[], datetime.datetime] | None = None) -> None:
        self._now = now
        self._wall = wall or (lambda: datetime.datetime.now(datetime.UTC))
        self._started: float | None = None
        self._date = ""
        self._refusals = 0
        self._wrong = 0
        self._acted = False

    @property
    def running(self) -> bool:
        """Whether an attempt has started and not been finished.

        Example:
            >>> AttemptClock().running
            False
        """
        return self._started is not None

    @property
    def acted(self) -> bool:
        """Whether the learner did anything in this attempt (a move, an answer, a hint).

        Example:
            >>> clock = AttemptClock(); clock.start(); clock.acted
            False
        """
        return self._acted

    def start(self) -> None:
        """Start counting a new attempt (what was counted before is dropped).

        Example:
            >>> clock = AttemptClock(); clock.start(); clock.running
            True
        """
        self._started = self._now()
        self._date = self._wall().strftime("%Y-%m-%dT%H:%M:%SZ")
        self._refusals = self._wrong = 0
        self._acted = False

    def acted_now(self) -> None:
        """The learner did something (an accepted move, a hint).

        Example:
            >>> clock = AttemptClock(); clock.start(); clock.acted_now(); clock.acted
            True
        """
        self._acted = True

    def refused(self, question: bool) -> None:
        """A refused move or placement, or (``question``) a wrong answer.

        Example:
            >>> clock = AttemptClock(); clock.start(); clock.refused(question=True)
            >>> clock.finish(solved=False, stars=0, failed=False, hints=0).wrong_answers
            1
        """
        self._acted = True
        if question:
            self._wrong += 1
        else:
            self._refusals += 1

    def finish(self, *, solved: bool, stars: int, failed: bool, hints: int,
               review: bool = False) -> Attempt:
        """The attempt counted since :meth:`start`; the clock stops.

        Example:
            >>> clock = AttemptClock(); clock.start()
            >>> clock.finish(solved=True, stars=3, failed=False, hints=0).solved
            True
        """
        started = self._started if self._started is not None else self._now()
        attempt = Attempt(self._date or self._wall().strftime("%Y-%m-%dT%H:%M:%SZ"),
                          round(max(0.0, self._now() - started), 1), solved,
                          stars if solved else 0, failed, self._refusals, self._wrong, hints,
                          review)
        self._started = None
        return attempt
