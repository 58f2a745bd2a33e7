"""The puzzle trainer on the lesson board (issue 36, part B): a puzzle played as a lesson move
step, a wrong move answered and explained, attempts rating learner and puzzle, missed puzzles
back for review, the course map's entry."""

from __future__ import annotations

import datetime
import pathlib

import pytest

from stratego_widget.engine.game import Game
from stratego_widget.lessons import LessonError, Progress, PuzzleTrainer
from stratego_widget.lessons.board.course import CourseSession
from stratego_widget.lessons.board.puzzle_round import puzzle_round
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.playing.puzzle_lesson import PUZZLE_TEXTS, PuzzleLesson
from stratego_widget.locales import LANGUAGES
from stratego_widget.puzzles import Puzzle, append_puzzles


def escape() -> Puzzle:
    """Red's Miner on a4 stands next to Blue's shown General on a5: it must run (a4-b4);
    Blue's General then follows (a5-a4). Striking the General loses the Miner."""
    game = Game.from_pieces("barrage", {
        "a4": "red miner", "a1": "red flag", "j1": "red bomb", "a5": "blue general",
        "j10": "blue flag", "e8": "blue scout"}, revealed=["a5"])
    return Puzzle.of(game, ("a4-b4", "a5-a4"), rating=1500, themes=("escape",),
                     source="hand-made")


def scout_probe(rating: int = 1700) -> Puzzle:
    game = Game.from_pieces("original", {
        "b2": "red scout", "a1": "red flag", "b8": "blue marshal", "j10": "blue flag"})
    return Puzzle.of(game, ("b2xb8",), rating=rating, themes=("scout-probe",),
                     source="hand-made")


def test_a_solved_puzzle_plays_the_reply_of_its_line_and_rates_the_learner_up() -> None:
    trainer = PuzzleTrainer(progress=None, puzzles=[escape()])
    feedback = trainer.propose("a4-b4")
    assert feedback.solved and feedback.stars == 3 and feedback.reply == "a5-a4"
    assert trainer.game.piece_at("a4") == ("blue", "general")
    puzzles = trainer.progress.puzzles
    assert puzzles.rating.rating > 1500 and puzzles.solved_count() == 1
    assert puzzles.records[escape().puzzle_id].rating.rating < 1500


def test_a_wrong_move_is_answered_and_explained_like_a_lesson_move() -> None:
    trainer = PuzzleTrainer(progress=None, puzzles=[escape()])
    feedback = trainer.propose("a4xa5")
    assert feedback.failed and feedback.rule == "lesson-failed"
    assert feedback.reply is not None  # the opponent answered the move off the line
    assert "General" in feedback.text and "Miner" in feedback.text  # the coach says why
    assert feedback.text.endswith("The puzzle's move was a4-b4.")
    assert trainer.lesson["state"] == "lost"
    puzzles = trainer.progress.puzzles
    assert puzzles.rating.rating < 1500 and puzzles.solved_count() == 0
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    assert puzzles.due(tomorrow) == [escape().puzzle_id]


def test_a_missed_puzzle_comes_first_in_a_round_once_due() -> None:
    progress = Progress()
    day = datetime.date(2026, 11, 26)
    progress.record_attempt(PuzzleLesson((scout_probe(),)), 0,
                            Attempt("2026-11-26T10:00:00Z", 9.0, False, 0, failed=True), day)
    puzzles = [escape(), scout_probe()]
    assert puzzle_round(progress, puzzles, today=day).puzzles == (escape(),)
    assert puzzle_round(progress, puzzles, today=day + datetime.timedelta(days=1)).puzzles \
        == (scout_probe(), escape())


def test_a_round_keeps_to_its_themes_and_editions_and_says_when_none_is_left() -> None:
    puzzles = [escape(), scout_probe()]
    assert puzzle_round(Progress(), puzzles, themes=["scout-probe"]).puzzles == (scout_probe(),)
    assert puzzle_round(Progress(), puzzles, rulesets=["barrage"]).puzzles == (escape(),)
    with pytest.raises(LessonError, match="No puzzle left") as error:
        PuzzleTrainer(progress=None, puzzles=puzzles, themes=["bomb-blocks-lane"])
    assert error.value.rule == "course-puzzles"


def test_next_after_a_round_plays_the_next_round() -> None:
    trainer = PuzzleTrainer(progress=None, puzzles=[escape(), scout_probe()])
    assert trainer.run.lesson.puzzles == (escape(),)  # the one within reach of 1500
    assert trainer.propose("a4-b4").solved
    trainer.handle({"type": "lesson_next"})
    trainer.handle({"type": "lesson_next"})
    run = trainer.run
    assert isinstance(run.lesson, PuzzleLesson) and run.lesson.puzzles == (scout_probe(),)


def test_the_course_map_shows_the_puzzles_and_its_button_opens_a_round() -> None:
    session = CourseSession(progress=None, puzzles=[escape()])
    assert session.map()["puzzles"] == {"rating": 1500, "deviation": 350, "solved": 0,
                                        "attempts": 0, "due": 0, "playing": False}
    session.handle({"type": "course_puzzles"})
    assert session.lesson_session.run.lesson.id == "puzzles"
    session.lesson_session.propose("a4-b4")
    shown = session.map()["puzzles"]
    assert (shown["solved"], shown["attempts"], shown["playing"]) == (1, 1, True)
    assert shown["rating"] > 1500


def test_the_attempts_are_kept_in_the_progress_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    PuzzleTrainer(progress=path, puzzles=[escape()]).propose("a4xa5")
    kept = Progress.load(path).puzzles
    assert kept.attempt_count() == 1 and kept.rating.rating < 1500


def test_a_csv_of_puzzles_is_read(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "club.csv"
    append_puzzles(path, [escape()])
    assert PuzzleTrainer(progress=None, puzzles=str(path)).run.lesson.puzzles == (escape(),)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_the_trainer_is_in_four_languages(lang: str) -> None:
    assert all(texts.get(lang) for texts in PUZZLE_TEXTS.values())
    trainer = PuzzleTrainer(progress=None, puzzles=[escape()], lang=lang)
    instruction = trainer.lesson["panel"]["instruction"]
    assert PUZZLE_TEXTS["instruction"][lang].split("{")[0] in instruction and "1500" in instruction


def test_the_teacher_s_summary_counts_the_puzzles_of_each_learner(tmp_path: pathlib.Path) -> None:
    from stratego_widget.lessons import ClassSummary

    ada = PuzzleTrainer(progress=tmp_path / "Ada.json", puzzles=[escape()])
    ada.name_learner("Ada")
    ada.propose("a4xa5")
    ada.handle({"type": "lesson_retry"})
    ada.propose("a4-b4")
    PuzzleTrainer(progress=tmp_path / "Bo.json", puzzles=[escape()]).name_learner("Bo")
    rows = {row["learner"]: row for row in ClassSummary.from_folder(tmp_path).puzzles()}
    assert (rows["Ada"]["solved"], rows["Ada"]["attempts"]) == (1, 2)
    assert (rows["Bo"]["solved"], rows["Bo"]["attempts"], rows["Bo"]["rating"]) == (0, 0, 1500)
    totals = {row["learner"]: row for row in ClassSummary.from_folder(tmp_path).totals()}
    assert (totals["Ada"]["puzzles_solved"], totals["Ada"]["puzzle_attempts"]) == (1, 2)
