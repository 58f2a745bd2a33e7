"""The course's measures (issue 33): how well the lessons answer a learner's wrong moves and how
much they leave to the learner, each a count over the catalog against a goal.

Every legal first move of every move step is played on a fresh run (in English; the answers do
not depend on the language, and the opponents are seeded from the position, so the figures are
the same at every run):

* ``distance-only``: accepted moves that neither solve nor lose the step and are answered only
  with how far the goal is (no opponent's reply, no reason, no words of the step's own);
* ``unanswered``: of the accepted moves that neither solve nor lose the step and after which
  the opponent had a legal move, those it did not answer;
* ``one-piece``: move steps where the learner can move only one piece at the start;
* ``named-square``: move steps of par 1 whose instruction (in English) names the square the
  answer goes to, out of all move steps;
* ``questions``: multiple-choice steps among all steps;
* ``fuller``: steps with more than 8 pieces on the board among the steps of the strategy course
  and of every checkpoint lesson, where play is the point; unlike the others, a goal to reach
  at least (a third).

Example:
    >>> from stratego_widget.lessons import catalog
    >>> measures = measure_course({"scout": catalog()["scout"]})
    >>> measures.questions.count <= measures.questions.total
    True
    >>> print(str(measures).splitlines()[0])
    measure                                                        count  total  share  goal
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ...engine.moves import Move
from ..model.lesson import Lesson
from ..model.steps import Step, move_key
from .coaching import outlook_text
from .run import LessonRun, StepState

__all__ = ["CourseMeasures", "Measure", "content_measures", "measure_course"]


@dataclass(frozen=True)
class Measure:
    """One row of the table: ``count`` of ``total``, against ``goal`` (the most ``fraction``
    the course aims at, or the least when ``at_least``).

    Example:
        >>> row = Measure("questions", "multiple-choice questions among all steps", 69, 199, 0.2)
        >>> round(row.fraction, 3), row.met
        (0.347, False)
        >>> Measure("fuller", "steps with more than 8 pieces", 22, 65, 1 / 3, at_least=True).met
        True
    """

    key: str
    label: str
    count: int
    total: int
    goal: float
    at_least: bool = False

    @property
    def fraction(self) -> float:
        """``count / total`` (0.0 when there is nothing to count)."""
        return self.count / self.total if self.total else 0.0

    @property
    def met(self) -> bool:
        """Whether the fraction is at or under the goal (at or over it when ``at_least``)."""
        if self.at_least:
            return self.fraction >= self.goal
        return self.fraction <= self.goal

    def __str__(self) -> str:
        return (f"{self.label:<62} {self.count:>5}  {self.total:>5}  {self.fraction:>5.0%}  "
                f"{'≥' if self.at_least else '≤'} {self.goal:.0%}")


@dataclass(frozen=True)
class CourseMeasures:
    """The six measures of a catalog (see the module's text); ``str`` is the table.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> [row.key for row in measure_course({"spy": catalog()["spy"]}).rows()]
        ['distance-only', 'unanswered', 'one-piece', 'named-square', 'questions', 'fuller']
    """

    distance_only: Measure
    unanswered: Measure
    one_piece: Measure
    named_square: Measure
    questions: Measure
    fuller: Measure

    def rows(self) -> tuple[Measure, ...]:
        """The measures in the table's order."""
        return (self.distance_only, self.unanswered, self.one_piece, self.named_square,
                self.questions, self.fuller)

    def __str__(self) -> str:
        head = f"{'measure':<62} {'count':>5}  {'total':>5}  {'share':>5}  goal"
        return "\n".join([head, *map(str, self.rows())])


def measure_course(lessons: Mapping[str, Lesson]) -> CourseMeasures:
    """The measures of ``lessons`` (a catalog: id to lesson).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> measure_course({"scout": catalog()["scout"]}).one_piece.total > 0
        True
    """
    only_distance = wrong = could = silent = 0
    for lesson in lessons.values():
        for step in lesson.steps:
            if step.kind != "move":
                continue
            start = StepState.start(step)
            for move in start.game.legal_moves():
                counted = _first_move(lesson, step, start, move)
                if counted is None:
                    continue
                wrong += 1
                only_distance += counted[0]
                could += counted[1]
                silent += counted[1] and counted[2]
    return CourseMeasures(
        Measure("distance-only", "accepted wrong moves answered only with the distance",
                only_distance, wrong, 0.10),
        Measure("unanswered", "accepted wrong moves the opponent could answer and did not",
                silent, could, 0.20),
        *content_measures(lessons))


def content_measures(lessons: Mapping[str, Lesson]
                     ) -> tuple[Measure, Measure, Measure, Measure]:
    """The four measures read from the lessons' steps alone, no move played (quick):
    ``one-piece``, ``named-square``, ``questions`` and ``fuller``.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> [row.key for row in content_measures({"spy": catalog()["spy"]})]
        ['one-piece', 'named-square', 'questions', 'fuller']
    """
    one_piece = named = questions = steps = moves = played = fuller = 0
    for lesson in lessons.values():
        for step in lesson.steps:
            steps += 1
            questions += step.kind == "question"
            if _play_is_the_point(lesson):
                played += 1
                fuller += len(step.pieces) > FULLER
            if step.kind != "move":
                continue
            moves += 1
            one_piece += len(_movable(step, StepState.start(step))) <= 1
            named += _names_the_square(step)
    return (Measure("one-piece", "move steps where the learner has one movable piece",
                    one_piece, moves, 0.25),
            Measure("named-square", "par-1 move steps whose instruction names the answer's square",
                    named, moves, 0.05),
            Measure("questions", "multiple-choice questions among all steps", questions, steps,
                    0.20),
            Measure("fuller", f"strategy and checkpoint steps with more than {FULLER} pieces",
                    fuller, played, 1 / 3, at_least=True))


#: A board fuller than this many pieces (both sides) counts in the ``fuller`` measure.
FULLER = 8


def _play_is_the_point(lesson: Lesson) -> bool:
    """Whether ``lesson`` is one of the strategy course (its endgames and hidden-information
    track too) or a course's checkpoint, whose steps the ``fuller`` measure counts."""
    return lesson.course == "strategy" or lesson.id.endswith("-checkpoint")


def _first_move(lesson: Lesson, step: Step, start: StepState, move: Move
                ) -> tuple[bool, bool, bool] | None:
    """For an accepted first ``move`` that neither solves nor loses ``step``: whether it is
    answered only with the distance, whether the opponent could move after it, and whether
    it did not answer; None for any other move."""
    run = LessonRun(lesson, step=step.index)
    feedback = run.propose(move)
    after = run.reached
    if not feedback.accepted or feedback.solved or feedback.failed or after is None:
        return None
    trial = start.game.copy()
    trial.play(move)
    could = not trial.is_over and bool(trial.legal_moves())
    played = after.played[-1] if after.played else move_key(str(move))
    distance = outlook_text(step, after, played, "en")[0]
    return (feedback.reply is None and feedback.text == distance, could,
            feedback.reply is None)


def _movable(step: Step, state: StepState) -> set[str]:
    """The squares of the learner's pieces that have a legal move at the start of ``step``
    (those ``only`` names, when it names any)."""
    origins = {move.origin for move in state.game.legal_moves()}
    if step.only:
        origins &= set(step.only)
    return origins


def _names_the_square(step: Step) -> bool:
    """Whether ``step`` is of par 1 and its English instruction names the square one of its
    answers' first move goes to."""
    if step.par != 1:
        return False
    text = step.instruction.get("en")
    squares = {Move.parse(line[0]).target for line in step.solutions if line}
    return any(re.search(rf"(?<![a-z0-9]){square}(?![0-9])", text) for square in squares)
