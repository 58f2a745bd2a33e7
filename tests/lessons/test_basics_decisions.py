"""The basics course leaves the learner a decision in every move step (issue 33): two or more
pieces that can move, an instruction that names the goal and not the answer's square, at most
a fifth of the steps multiple-choice; and the wrong piece is answered on the board, by the rule
the step teaches, with the rulebook's words behind it.
"""

from __future__ import annotations

import re

import pytest
from statements import LESSONS, in_rulebook, play

from stratego_widget.engine.moves import Move
from stratego_widget.lessons.playing.step import StepState

BASICS = [lesson for lesson in LESSONS.values() if lesson.course == "basics"]
MOVE_STEPS = [(lesson, step) for lesson in BASICS for step in lesson.steps if step.kind == "move"]


def test_every_basics_move_step_leaves_more_than_one_piece_to_move() -> None:
    single = []
    for lesson, step in MOVE_STEPS:
        origins = {move.origin for move in StepState.start(step).game.legal_moves()}
        if step.only:
            origins &= set(step.only)
        if len(origins) < 2:
            single.append(f"{lesson.id}-{step.index + 1}")
    assert not single, single


def test_no_basics_instruction_of_par_one_names_the_square_its_answer_goes_to() -> None:
    named = []
    for lesson, step in MOVE_STEPS:
        if step.par != 1:
            continue
        targets = {Move.parse(line[0]).target for line in step.solutions if line}
        for lang in ("en", "nl", "fr", "de"):
            words = step.instruction.get(lang)
            if any(re.search(rf"(?<![a-z0-9]){square}(?![0-9])", words) for square in targets):
                named.append(f"{lesson.id}-{step.index + 1} {lang}")
    assert not named, named


def test_at_most_a_fifth_of_the_basics_steps_are_questions() -> None:
    steps = [step for lesson in BASICS for step in lesson.steps]
    questions = [step for step in steps if step.kind == "question"]
    assert len(questions) <= 0.2 * len(steps), (len(questions), len(steps))


@pytest.mark.rulebooks
@pytest.mark.parametrize(("lesson", "step", "wrong", "edition", "words"), [
    ("officers", 1, "e6-e7", "original",
     "If your piece's RANK is LOWER (in number) than your opponent's piece, you lose the attack"),
    ("officers", 3, "f7-g7", "classic-1961",
     "When any piece (except a miner) strikes a bomb (Bang!) that piece is lost"),
    ("strike", 1, "f6-e6", "original",
     "Your opponent's piece remains in its square."),
    ("strike", 3, "c7-b7", "original",
     "If your piece's RANK is LOWER (in number) than your opponent's piece, you lose the attack"),
    ("spy", 2, "e5-e4", "original",
     "When a Spy attacks a Marshal (10), the Marshal is captured and removed from the board."),
    ("spy", 4, "d4-e4", "original",
     "The Spy has the lowest rank. If the Spy is attacked by any other piece, it is captured."),
    ("scout", 3, "e8-f8", "original", "Use them to probe the strength of your opponent's pieces."),
    ("miner", 1, "f7-e7", "original",
     "When a piece attacks a Bomb, the attacking piece loses and is captured."),
    ("numbering", 3, "f6-e6", "classic-1961",
     "Thus, the Marshal is ranked 1 (highest), the General 2, the Colonels 3, and so on"),
])
def test_the_wrong_piece_loses_the_step_and_is_told_why(lesson: str, step: int, wrong: str,
                                                         edition: str, words: str) -> None:
    """The plausible wrong piece strikes and loses (a lower rank, a Bomb, a Spy against
    anything but the Marshal): the step is lost and its own text says why."""
    in_rulebook(edition, words)
    feedback = play(lesson, step, [wrong])[0]
    assert feedback.accepted and feedback.failed
    own = LESSONS[lesson].steps[step - 1].feedback["lesson-failed"].get("en")
    assert own in feedback.text


@pytest.mark.rulebooks
def test_the_lieutenant_next_to_a_captain_is_lost_unless_it_steps_away() -> None:
    """Stratego Original, Attacking: "If your piece's RANK is LOWER (in number) than your
    opponent's piece, you lose the attack and your piece is captured." The Lieutenant (5)
    beside a known Captain (6) loses striking it, and loses when another piece moves and the
    Captain strikes; stepping out of reach keeps it."""
    in_rulebook("original", "you lose the attack and your piece is captured")
    assert play("strike", 2, ["e5-e6"])[0].failed
    struck = play("strike", 2, ["b2-b3"])[0]
    assert struck.failed and struck.reply == "e6xe5"
    assert all(play("strike", 2, [move])[0].solved for move in ("e5-e4", "e5-f5"))


@pytest.mark.rulebooks
def test_the_checkpoints_far_mover_is_a_scout_the_sergeant_beats_and_the_spy_does_not() -> None:
    """Stratego Original, Special pieces, The Scout: "If a Scout moves more than one square, its
    identity will be revealed." The piece that came down from b10 in one move is a Scout: the
    Sergeant takes it, the Spy that strikes it is lost."""
    in_rulebook("original", "If a Scout moves more than one square, its identity will be revealed.")
    lesson = LESSONS["basics-checkpoint"]
    assert lesson.steps[4].pieces["b6"] == "blue scout" and "b6" not in lesson.steps[4].revealed
    spy = play("basics-checkpoint", 5, ["a5-a6", "a6xb6"])
    assert spy[-1].failed and "Spy (b6)" in spy[-1].text
    assert play("basics-checkpoint", 5, ["b4-b5", "b5xb6"])[-1].solved
