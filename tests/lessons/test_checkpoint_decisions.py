"""Issue 33 in two-square, moving-flag and the options and repetition checkpoints: at most a
fifth of their steps are multiple-choice questions, at most a quarter of their move steps leave
the learner one movable piece, and the questions turned into boards are played here."""

from __future__ import annotations

from stratego_widget.lessons import Feedback, LessonRun, catalog
from stratego_widget.lessons.model.steps import Step
from stratego_widget.lessons.playing.run import StepState

LESSONS = catalog()
MINE = ("two-square", "moving-flag", "options-checkpoint", "repetition-checkpoint")
STEPS = [step for lesson_id in MINE for step in LESSONS[lesson_id].steps]
MOVES = [step for step in STEPS if step.kind == "move"]


def movable(step: Step) -> set[str]:
    origins = {move.origin for move in StepState.start(step).game.legal_moves()}
    return origins & set(step.only) if step.only else origins


def play(lesson_id: str, step: int, actions: list[str]) -> list[Feedback]:
    run = LessonRun(LESSONS[lesson_id], step=step - 1, language="en")
    return [run.propose(action) for action in actions]


def test_at_most_a_fifth_of_the_steps_are_questions() -> None:
    questions = [step for step in STEPS if step.kind == "question"]
    assert 5 * len(questions) <= len(STEPS), (len(questions), len(STEPS))


def test_at_most_a_quarter_of_the_move_steps_leave_one_movable_piece() -> None:
    one = [step for step in MOVES if len(movable(step)) <= 1]
    assert 4 * len(one) <= len(MOVES), (len(one), len(MOVES))


def test_original_allows_the_third_move_and_refuses_the_fourth() -> None:
    third = play("repetition-checkpoint", 1, ["e4-e5", "e5-e4", "e4xe5"])
    assert third[-1].solved and third[-1].rule is None
    assert play("repetition-checkpoint", 1, ["e4-e5", "e5-e4", "f5xe5"])[-1].failed
    fourth = play("repetition-checkpoint", 5, ["e4-e5", "e5-e4", "e4-e5", "e5xe4", "e3xe4"])
    assert fourth[3].rule == "two-square" and fourth[4].solved


def test_the_scout_may_not_strike_back_inside_its_stretch() -> None:
    feedback = play("two-square", 4, ["a2-a5", "a5-a2", "a2-a5", "a5xa3"])
    assert feedback[-1].rule == "two-square" and feedback[-1].solved


def test_onyx_silent_defense_shows_the_rank_only_to_a_scout() -> None:
    assert play("options-checkpoint", 3, ["f7xe7"])[-1].failed
    assert play("options-checkpoint", 3, ["a7-d7", "d7xe7"])[-1].solved


def test_a_moved_piece_may_be_a_bomb() -> None:
    assert play("options-checkpoint", 7, ["e4xf4"])[-1].failed
    assert play("options-checkpoint", 7, ["b4xc4"])[-1].failed
    assert play("options-checkpoint", 7, ["e4-d4", "d4xc4"])[-1].solved
