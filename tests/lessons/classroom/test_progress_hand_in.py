"""Named learners and handing progress in (issue 34): the course map asks a name once, keeps it
in the progress and lets the learner change it; Hand in gives a progress file named after the
learner (downloaded by the browser, and written to the teacher's hand-in folder in Jupyter),
which the teacher's ClassSummary reads with the learner's name. Bad input changes nothing."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from stratego_widget.lessons import ClassSummary, LessonError, Progress, catalog
from stratego_widget.lessons.board.course import CourseSession
from stratego_widget.lessons.board.widget import Course
from stratego_widget.lessons.classroom import progress_file
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.hand_in import (
    HAND_IN_ENV,
    MAX_NAME_LENGTH,
    hand_in_file_name,
    learner_name,
)
from stratego_widget.lessons.classroom.keeper import ProgressKeeper


def solved(keeper: ProgressKeeper, lesson: str = "scout") -> None:
    keeper.keep(catalog()[lesson], 0, Attempt("2026-11-26T10:00:00Z", 10.0, True, 3))


def test_a_name_is_kept_in_the_progress_file_and_a_new_board_shows_it(tmp_path) -> None:
    path = tmp_path / "progress.json"
    session = CourseSession(progress=path)
    assert session.map()["learner"]["name"] == ""
    session.handle({"type": "course_name", "name": "  Ada   Lovelace "})
    assert Progress.load(path).learner == "Ada Lovelace"
    again = CourseSession(progress=path)
    assert again.map()["learner"]["name"] == "Ada Lovelace"


def test_the_name_can_be_changed_and_attempts_keep_it(tmp_path) -> None:
    path = tmp_path / "progress.json"
    session = CourseSession(progress=path)
    session.handle({"type": "course_name", "name": "Ada"})
    solved(session.keeper)
    session.handle({"type": "course_name", "name": "Ada L."})
    solved(session.keeper, "miner")
    kept = Progress.load(path)
    assert kept.learner == "Ada L." and kept.stars("scout") == [3] and kept.stars("miner") == [3]


def test_a_name_set_in_another_notebook_is_kept_by_this_ones_saves(tmp_path) -> None:
    path = tmp_path / "progress.json"
    here, there = CourseSession(progress=path), CourseSession(progress=path)
    there.name_learner("Bo")
    solved(here.keeper)   # here read the file before the name was given
    assert Progress.load(path).learner == "Bo"


@pytest.mark.parametrize(("name", "said"), [
    ("", "this one is empty"),
    ("   ", "this one is empty"),
    ("x" * (MAX_NAME_LENGTH + 1), f"at most {MAX_NAME_LENGTH} characters"),
    ("Ada\x00Bo", "control characters"),
    ("Ada\u202eBo", "control characters"),
])
def test_a_bad_name_is_refused_in_one_line_and_changes_nothing(tmp_path, name: str,
                                                               said: str) -> None:
    path = tmp_path / "progress.json"
    session = CourseSession(progress=path)
    session.name_learner("Ada")
    before = path.read_bytes()
    with pytest.raises(LessonError) as raised:
        session.name_learner(name)
    assert raised.value.rule == "learner-name" and said in str(raised.value)
    assert "\n" not in str(raised.value) and str(raised.value).startswith("learner:")
    session.handle({"type": "course_name", "name": name})   # as the map sends it
    learner = session.map()["learner"]
    assert learner["refused"] == "name" and said in learner["detail"]
    assert learner["name"] == "Ada" and path.read_bytes() == before


def test_a_name_longer_than_the_protocol_allows_is_refused_before_the_course_sees_it() -> None:
    session = CourseSession(progress=None)
    session.handle({"type": "course_name", "name": "x" * 201})
    assert session.board.message is not None and session.board.message["rule"] == \
        "protocol-value"
    assert session.keeper.progress.learner == ""


def test_a_good_name_clears_the_last_refusal() -> None:
    session = CourseSession(progress=None)
    session.handle({"type": "course_name", "name": ""})
    assert session.map()["learner"]["refused"] == "name"
    session.handle({"type": "course_name", "name": "Ada"})
    assert session.map()["learner"]["refused"] is None


@pytest.mark.parametrize(("name", "file"), [
    ("Ada Lovelace", "Ada Lovelace.json"),
    ("Zoë van Dijk", "Zoë van Dijk.json"),
    ("../../etc/passwd", "etc-passwd.json"),
    ("a\\b:c*d", "a-b-c-d.json"),
    (".hidden", "hidden.json"),
    ("NUL", "NUL-.json"),
    ("com1.txt", "com1.txt-.json"),
    ("<>|?", "learner.json"),
])
def test_the_handed_in_file_is_named_after_the_learner_and_stays_in_its_folder(
        name: str, file: str) -> None:
    assert hand_in_file_name(learner_name(name)) == file


def test_hand_in_writes_a_progress_file_the_class_summary_reads_by_name(tmp_path) -> None:
    folder = tmp_path / "class-3b"
    folder.mkdir()
    session = CourseSession(progress=tmp_path / "progress.json", hand_in_folder=folder)
    session.name_learner("Ada Lovelace")
    solved(session.keeper)
    handed = session.hand_in()
    written = folder / "Ada Lovelace.json"
    assert handed.file == written.name and written.read_text(encoding="utf-8") == handed.text
    assert Progress.load(written) == Progress.load(tmp_path / "progress.json")
    learner = session.map()["learner"]
    assert learner["file"] == written.name and learner["folder"] == str(folder)
    summary = ClassSummary.from_folder(folder)
    assert summary.problems == []
    assert [row["learner"] for row in summary.totals()] == ["Ada Lovelace"]
    assert summary.totals()[0]["stars"] == 3


def test_the_hand_in_folder_comes_from_the_environment_when_not_given(tmp_path,
                                                                      monkeypatch) -> None:
    monkeypatch.setenv(HAND_IN_ENV, str(tmp_path))
    session = CourseSession(progress=None)
    session.name_learner("Bo")
    session.hand_in()
    assert Progress.load(tmp_path / "Bo.json").learner == "Bo"
    given = tmp_path / "given"
    given.mkdir()
    other = CourseSession(progress=None, hand_in_folder=given)
    other.name_learner("Cy")
    other.hand_in()
    assert (given / "Cy.json").is_file() and not (tmp_path / "Cy.json").exists()


def test_without_a_folder_hand_in_is_the_download_only(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv(HAND_IN_ENV, raising=False)
    session = CourseSession(progress=None)
    session.name_learner("Dee")
    handed = session.hand_in()
    assert handed.folder is None and Progress.from_json(handed.text).learner == "Dee"
    assert session.map()["learner"]["folder"] == ""


def test_the_attempt_in_progress_is_handed_in_as_left_and_playing_on_begins_another(
        tmp_path) -> None:
    """Found trying the class loop as a teacher: a learner who handed in in the middle of a
    step (a move refused, a hint) handed in nothing of it, so the teacher saw no struggle."""
    session = CourseSession(progress=None, lesson="scout", hand_in_folder=tmp_path)
    session.name_learner("Bo")
    session.lesson_session.propose("b2-c3")              # a move the step refuses
    session.lesson_session.hint()
    handed = Progress.from_json(session.hand_in().text)
    attempts = handed.step_record(catalog()["scout"], 0).attempts
    assert [(a.solved, a.refusals, a.hints) for a in attempts] == [(False, 1, 1)]
    session.lesson_session.propose("b2-b7")              # solved now: a second attempt
    kept = session.keeper.progress.step_record(catalog()["scout"], 0).attempts
    assert [(a.solved, a.refusals) for a in kept] == [(False, 1), (True, 0)]


def test_hand_in_without_a_name_is_refused_and_writes_nothing(tmp_path) -> None:
    session = CourseSession(progress=None, hand_in_folder=tmp_path)
    session.handle({"type": "course_hand_in"})
    learner = session.map()["learner"]
    assert learner["refused"] == "hand-in-name" and learner["file"] == ""
    assert session.handed is None and list(tmp_path.iterdir()) == []
    with pytest.raises(LessonError, match="give your name before handing in"):
        session.hand_in()
    # Refused: the attempt in progress goes on, nothing of it was kept.
    session.lesson_session.propose("b2-c3")
    session.handle({"type": "course_hand_in"})
    assert session.keeper.progress.step_record(catalog()["pieces"], 0) is None


def test_a_hand_in_folder_that_is_missing_or_a_file_is_refused_and_nothing_changes(
        tmp_path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    for folder in (tmp_path / "no-such-folder", a_file):
        session = CourseSession(progress=None, hand_in_folder=folder)
        session.name_learner("Ada")
        session.handle({"type": "course_hand_in"})
        learner = session.map()["learner"]
        assert learner["refused"] == "hand-in-folder" and "is not a folder" in learner["detail"]
        assert session.handed is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert a_file.read_text() == "mine"


def test_a_hand_in_folder_that_cannot_be_written_is_refused_in_one_line(tmp_path,
                                                                        monkeypatch) -> None:
    def refused(*_args: Any, **_kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(progress_file.tempfile, "mkstemp", refused)
    session = CourseSession(progress=None, hand_in_folder=tmp_path)
    session.name_learner("Ada")
    with pytest.raises(LessonError) as raised:
        session.hand_in()
    assert raised.value.rule == "hand-in-folder"
    assert str(raised.value) == f"hand_in_folder: {tmp_path} cannot be written " \
        "(Permission denied)."
    assert session.handed is None and list(tmp_path.iterdir()) == []


def test_in_the_browser_the_hand_in_is_the_stored_progress_and_no_file(tmp_path) -> None:
    session = CourseSession(progress="browser", hand_in_folder=tmp_path)
    stored = Progress(learner="")
    stored.record_attempt(catalog()["miner"], 0, Attempt("2026-11-26T09:00:00Z", 5.0, True, 2))
    session.handle({"type": "progress_restore", "text": stored.to_json()})
    session.handle({"type": "course_name", "name": "Eve"})
    solved(session.keeper)
    handed = session.hand_in()
    kept = Progress.from_json(handed.text)
    assert handed.file == "Eve.json" and handed.folder is None
    assert kept.learner == "Eve" and kept.stars("miner") == [2] and kept.stars("scout") == [3]
    assert list(tmp_path.iterdir()) == []
    assert json.loads(session.keeper.browser_text() or "{}")["learner"] == "Eve"


def test_a_name_changed_in_another_tab_is_taken_when_its_store_arrives() -> None:
    session = CourseSession(progress="browser")
    session.handle({"type": "progress_restore", "text": Progress(learner="Ada").to_json()})
    assert session.map()["learner"]["name"] == "Ada"
    session.handle({"type": "progress_restore", "text": Progress(learner="Ada B.").to_json()})
    assert session.map()["learner"]["name"] == "Ada B."


def test_the_board_sends_each_hand_in_to_the_browser_once(tmp_path) -> None:
    course = Course(progress=None, hand_in_folder=tmp_path)
    sent: list[dict[str, Any]] = []
    course.send = sent.append  # type: ignore[method-assign]
    course.handle({"type": "course_name", "name": "Ada"})
    course.handle({"type": "course_hand_in"})
    course.handle({"type": "course_open", "lesson": "miner"})
    assert [(m["type"], m["file"]) for m in sent] == [("hand_in", "Ada.json")]
    assert Progress.from_json(sent[0]["text"]).learner == "Ada"
    assert course.course["learner"]["file"] == "Ada.json"
    course.handle({"type": "course_hand_in"})
    assert len(sent) == 2


def test_the_map_takes_names_as_long_as_python_does() -> None:
    source = (pathlib.Path(__file__).parents[3] / "js" / "lesson" / "course.ts").read_text()
    assert f"export const MAX_NAME_LENGTH = {MAX_NAME_LENGTH};" in source
