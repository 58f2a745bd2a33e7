"""Issue 33: fuller boards where play is the point, and a hidden-information track.

The strategy, endgame and checkpoint lessons play a third of their move steps on boards of
more than 8 pieces; the hidden-information lessons make the learner reason under uncertainty
on boards of 10 to 40 pieces, against a seeded bot that answers, with the enemy's unseen ranks
hidden from the learner's view.
"""

from __future__ import annotations

import pytest

from stratego_widget.bots.registry import LEVELS
from stratego_widget.lessons import Lesson, LessonRun, catalog

LESSONS = catalog()
HIDDEN = ("hidden-counting", "hidden-bombs", "hidden-approach")


def play_lessons(lessons: dict[str, Lesson]) -> list[Lesson]:
    """The strategy, endgame and checkpoint lessons (not the setup checkpoint, not the hidden
    track, which is measured on its own)."""
    return [lesson for lesson_id, lesson in lessons.items()
            if lesson_id.startswith(("strategy-", "endgame")) or lesson_id == "endgames"
            or (lesson_id.endswith("-checkpoint") and lesson_id != "setup-checkpoint")]


def test_a_third_of_the_strategy_endgame_and_checkpoint_move_steps_have_more_than_8_pieces(
        ) -> None:
    steps = [step for lesson in play_lessons(LESSONS) for step in lesson.steps
             if step.kind == "move"]
    fuller = [step for step in steps if len(step.pieces) > 8]
    assert steps and 3 * len(fuller) >= len(steps), (len(fuller), len(steps))


def test_the_measure_counts_only_the_lessons_it_names() -> None:
    ids = [lesson.id for lesson in play_lessons(LESSONS)]
    assert "strategy-checkpoint" in ids and "endgames" in ids
    assert "setup-checkpoint" not in ids and "scout" not in ids
    assert not set(HIDDEN) & set(ids)


@pytest.mark.parametrize("lesson_id", HIDDEN)
def test_the_hidden_information_lessons_are_a_short_strategy_track(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert lesson.course == "strategy"
    assert 3 <= len(lesson.steps) <= 4
    assert sum(step.kind == "move" for step in lesson.steps) >= len(lesson.steps) - 1
    assert set(lesson.requires) <= set(LESSONS)


@pytest.mark.parametrize(("lesson_id", "index"),
                         [(lesson_id, index) for lesson_id in HIDDEN
                          for index in range(len(LESSONS[lesson_id].steps))])
def test_each_hidden_step_hides_the_enemys_unseen_ranks_and_plays_a_bot(lesson_id: str,
                                                                       index: int) -> None:
    step = LESSONS[lesson_id].steps[index]
    assert 10 <= len(step.pieces) <= 40
    run = LessonRun(LESSONS[lesson_id], step=index)
    board = run.observation()["board"]  # type: ignore[index]
    enemy = {square for square, piece in step.pieces.items()
             if not piece.startswith(step.to_move)}
    unseen = enemy - set(step.revealed)
    assert unseen, "no enemy rank is left to infer"
    assert all(board[square]["kind"] is None for square in unseen)
    assert all(board[square]["kind"] is not None for square in enemy & set(step.revealed))
    if step.kind == "move":
        assert step.opponent in LEVELS
