"""The lesson editor for every kind of step (issue 34): a question, a setup step and a move
step with the goal picker, alternatives, replies and an opponent, each made, saved, reloaded,
played and passed by ``stratego-lesson check``; the lesson's course; the check line."""

from __future__ import annotations

import copy
import pathlib
import subprocess
import sys

import pytest

from stratego_widget.lessons import Lesson, LessonEditor, LessonError, catalog, check
from stratego_widget.lessons.editor.draft import new_draft
from stratego_widget.lessons.editor.session import EditorSession
from stratego_widget.lessons.editor.step_kinds import set_kind


def saved_and_checked(editor: EditorSession, path: pathlib.Path) -> Lesson:
    """Save, read the file back as a lesson, and pass ``stratego-lesson check`` on it."""
    editor.save(path)
    lesson = Lesson.from_file(path, languages=("en",))
    assert check(lesson).ok, check(lesson)
    done = subprocess.run([sys.executable, "-m", "stratego_widget.lessons", "check", str(path),
                           "--english-only"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    reopened = EditorSession.open(path)  # reloaded as it was
    assert Lesson.from_text(reopened.text(), languages=("en",)).steps == lesson.steps
    return lesson


def texts(editor: EditorSession, instruction: str) -> None:
    editor.set_field("instruction", instruction)
    editor.set_field("success", "Well done.")


def test_a_question_step_is_made_saved_reloaded_and_played(tmp_path: pathlib.Path) -> None:
    editor = EditorSession()
    editor.set_kind("question")
    texts(editor, "Your Major strikes a Bomb. What happens?")
    editor.set_choice("major", "The Major is lost")
    editor.set_choice("bomb", "The Bomb is removed")
    editor.set_feedback("bomb", "Only a Miner defuses a Bomb.")
    assert editor.summary()["solvable"] is None  # no right answer yet: not a lesson yet
    editor.set_answer("major")
    assert editor.step_draft["goal"] == {"answer": "major"}
    assert editor.solution == ["major"] and editor.step_draft["par"] == 1
    assert editor.summary()["solvable"] is True
    lesson = saved_and_checked(editor, tmp_path / "bomb-question.toml")
    step = lesson.steps[0]
    assert step.kind == "question" and set(step.choices) == {"major", "bomb"}
    run = lesson.start(language="en")
    wrong = run.propose("bomb")
    assert not wrong.accepted and "Only a Miner" in wrong.text
    assert run.propose("major").solved


def test_removing_the_right_answer_removes_the_goal_and_its_feedback() -> None:
    editor = EditorSession()
    editor.set_kind("question")
    editor.set_choice("a", "Yes")
    editor.set_feedback("a", "Right.")
    editor.set_answer("a")
    editor.set_choice("a", "")
    step = editor.step_draft
    assert "goal" not in step and "solution" not in step
    assert step["choices"] == {} and "a" not in step.get("feedback", {})


def test_a_setup_step_is_made_with_tray_area_and_goal_recorded_saved_and_played(
        tmp_path: pathlib.Path) -> None:
    editor = EditorSession()
    editor.set_kind("setup")
    texts(editor, "Put your Flag on a1 and a Bomb beside it.")
    editor.set_tray("flag bomb bomb")
    for square in ("a1", "b1", "a2", "b2"):
        editor.toggle_area(square)
    editor.set_goal("placed", "")
    editor.set_goal("flag_guarded", "")
    assert editor.step_draft["goal"] == {"placed": True, "flag_guarded": True}
    assert editor.state()["area"] == ["a1", "b1", "a2", "b2"]
    editor.record()
    with pytest.raises(LessonError, match="setup-area"):
        editor.play("flag@c1")  # outside the area: refused by the lesson, not recorded
    assert editor.recording and editor.solution == []
    for placement in ("flag@a1", "bomb@b1"):
        editor.play(placement)
        assert editor.recording
    editor.play("bomb@a2")
    assert not editor.recording and editor.solution == ["flag@a1", "bomb@b1", "bomb@a2"]
    assert editor.step_draft["par"] == 3
    lesson = saved_and_checked(editor, tmp_path / "guard.toml")
    step = lesson.steps[0]
    assert (step.kind, step.tray, step.area) == ("setup", ("flag", "bomb", "bomb"),
                                                 ("a1", "b1", "a2", "b2"))
    run = lesson.start(language="en")
    for placement in step.solution:
        feedback = run.propose(placement)
    assert feedback.solved


def test_a_setup_step_refuses_a_tray_piece_of_another_army_and_an_area_square_outside() -> None:
    editor = EditorSession()
    editor.set_kind("setup")
    for call, args in (("set_tray", ("flag dragon",)), ("toggle_area", ("e7",))):
        before = editor.draft
        with pytest.raises(LessonError) as refused:
            getattr(editor, call)(*args)
        assert "\n" not in str(refused.value) and editor.draft == before


def test_a_move_step_with_the_goal_picker_alternatives_replies_and_opponent(
        tmp_path: pathlib.Path) -> None:
    editor = EditorSession()
    for square, side, kind in (("b2", "red", "scout"), ("b7", "blue", "flag"),
                               ("c2", "red", "sergeant"), ("j9", "blue", "sergeant")):
        editor.place(square, side, kind)
    texts(editor, "Take the enemy Flag.")
    editor.set_goal("win", "flag-captured")
    assert editor.step_draft["goal"] == {"win": "flag-captured"}
    assert editor.state()["goal"] == [{"check": "win", "value": "flag-captured"}]
    editor.set_field("par", "3")
    editor.set_field("replies", "pass\nj9-j8")
    editor.set_field("opponent", "chase")
    editor.record()
    editor.play("b2-b7")
    assert editor.solution == ["b2-b7"] and not editor.recording
    editor.set_field("alternatives", "c2-c3 c3-b3 b3-b7")
    form = editor.state()["form"]
    assert (form["replies"], form["opponent"], form["alternatives"]) == (
        "pass\nj9-j8", "chase", "c2-c3 c3-b3 b3-b7")
    lesson = saved_and_checked(editor, tmp_path / "flag.toml")
    step = lesson.steps[0]
    assert step.alternatives == (("c2-c3", "c3-b3", "b3-b7"),)
    assert step.opponent == "chase" and len(step.replies) == 2
    assert lesson.start(language="en").propose("b2-b7").solved


@pytest.mark.parametrize("check, text, stored", [
    ("reach", "e5", "e5"), ("reach", "e5, f6", ["e5", "f6"]), ("capture", "B7", "b7"),
    ("removed", "b6 b7", ["b6", "b7"]), ("remains", "e6", "e6"), ("leave", "c3", "c3"),
    ("reveal", "f8", "f8"), ("win", "", True), ("win", "no-moves", "no-moves"),
    ("survive", "3", 3), ("refused", "diagonal", "diagonal"), ("rescue", "", True),
    ("rescue", "captain", "captain"),
])
def test_every_goal_check_of_a_move_step_is_picked(check: str, text: str, stored: object) -> None:
    editor = EditorSession()
    editor.set_goal(check, text)
    assert editor.step_draft["goal"] == {check: stored}
    editor.remove_goal(check)
    assert "goal" not in editor.step_draft


def test_changing_the_kind_drops_what_only_the_old_kind_has() -> None:
    editor = EditorSession()
    editor.place("b2", "red", "scout")
    editor.set_field("instruction", "Kept.")
    editor.set_field("replies", "pass")
    editor.set_goal("reach", "b5")
    editor.set_kind("question")
    step = editor.step_draft
    assert step["kind"] == "question" and "replies" not in step and "goal" not in step
    assert step["pieces"] == {"b2": "red scout"} and step["instruction"] == {"en": "Kept."}
    editor.set_kind("move")
    assert "kind" not in editor.step_draft and editor.step_draft["solution"] == []
    draft = new_draft()
    assert set_kind(draft, 0, "setup") != draft and draft == new_draft()  # a pure edit


def test_a_new_step_starts_empty() -> None:
    editor = EditorSession()
    editor.place("b2", "red", "scout")
    editor.set_feedback("diagonal", "Straight lines.")
    editor.set_goal("reach", "b5")
    editor.add_step()
    state = editor.state()
    assert state["feedback"] == {} and state["goal"] == [] and state["board"]["pieces"] == {}
    assert state["kind"] == "move" and state["choices"] == {}


def test_the_lesson_is_written_in_a_course_and_appears_in_it_on_the_map(
        tmp_path: pathlib.Path) -> None:
    editor = EditorSession(path=tmp_path / "mine.toml")
    assert editor.draft["course"] == "my-lessons"
    (tmp_path / "other.toml").write_text('course = "spies"\n', encoding="utf-8")
    courses = editor.state()["courses"]
    assert courses[:2] == ["basics", "editions"] and "spies" in courses
    editor.set_lesson("course", "strategy")
    editor.place("b2", "red", "scout")
    editor.place("b7", "blue", "spy")
    texts(editor, "Take the Spy.")
    editor.set_goal("capture", "b7")
    editor.record()
    editor.play("b2-b7")
    (tmp_path / "other.toml").unlink()
    saved_and_checked(editor, tmp_path / "mine.toml")
    assert catalog(tmp_path)["my-lesson"].course == "strategy"


def test_the_check_line_names_the_file_and_the_step_once(tmp_path: pathlib.Path) -> None:
    editor = EditorSession(path=tmp_path / "miner-path.toml")
    editor.place("b2", "red", "scout")
    message = editor.checks()[0]["message"]
    assert message.count("miner-path.toml") == 1 and message.count("step 1") == 1, message


def test_each_new_message_gets_one_answer_and_a_bad_one_changes_nothing() -> None:
    widget = LessonEditor()
    seen: list[int] = []
    widget.observe(lambda change: seen.append(change["new"]["serial"]), names="editor")
    messages = [
        {"type": "editor_kind", "kind": "question"},
        {"type": "editor_choice", "choice": "yes", "value": "Yes"},
        {"type": "editor_answer", "choice": "yes"},
        {"type": "editor_answer", "choice": "no"},  # refused: no such answer
        {"type": "editor_kind", "kind": "setup"},
        {"type": "editor_tray", "value": "flag"},
        {"type": "editor_area", "square": "a1"},
        {"type": "editor_goal", "check": "placed", "value": ""},
        {"type": "editor_goal_remove", "check": "placed"},
        {"type": "editor_goal", "check": "placed", "value": ""},
        {"type": "editor_record"},
        {"type": "editor_play", "action": "flag@a1"},
        {"type": "editor_lesson", "field": "course", "value": "setup"},
    ]
    for count, message in enumerate(messages, start=1):
        widget.handle(message)
        assert len(seen) == count, (message, seen)
    assert widget.editor["solution"] == ["flag@a1"] and widget.editor["course"] == "setup"
    for bad in ({"type": "editor_goal", "check": "jump", "value": ""},
                {"type": "editor_kind", "kind": "puzzle"},
                {"type": "editor_tray"},
                {"type": "editor_area", "square": "a1", "extra": 1},
                {"type": "editor_goal", "check": "survive", "value": "many"}):
        draft = copy.deepcopy(widget.session.draft)
        widget.handle(bad)
        error = widget.editor["error"]
        assert isinstance(error, str) and "\n" not in error, bad
        assert widget.session.draft == draft
