"""Courses of one's own: a folder of lesson files is a course. ``catalog(folder)`` gives its
lessons by id in its own order (``course.toml``'s, else the lessons' ``course``/``order`` then
file name); a teacher's lesson may name any course; ``requires`` names lessons of the same
catalog, and an unknown one is a clear error of the catalog and of the check."""

from __future__ import annotations

import pathlib
import shutil

import pytest
from project import PROJECT
from rulebooks import RULEBOOKS

from stratego_widget.lessons import LessonError, catalog, check
from stratego_widget.lessons.checker import main
from stratego_widget.lessons.model.library import COURSE_FILE, CourseFile, course_file

EXAMPLE = PROJECT / "tests" / "data" / "course_example"


@pytest.fixture
def course(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the example course to change."""
    return pathlib.Path(shutil.copytree(EXAMPLE, tmp_path / "course"))


def write_lesson(folder: pathlib.Path, lesson_id: str, extra: str = "") -> None:
    """A copy of the example's first lesson with another id and ``extra`` fields."""
    text = (EXAMPLE / "far-scout.toml").read_text(encoding="utf-8")
    if extra.startswith("course"):
        text = text.replace('course = "my-pieces"\n', "")
    (folder / f"{lesson_id}.toml").write_text(
        text.replace('id = "far-scout"', f'id = "{lesson_id}"\n{extra}'), encoding="utf-8")


def test_a_folder_is_a_course_in_the_order_of_its_course_file() -> None:
    lessons = catalog(EXAMPLE)
    assert list(lessons) == ["far-scout", "miner-bomb"]
    assert lessons["miner-bomb"].requires == ("far-scout",)
    assert lessons["far-scout"].requires == ()
    assert lessons["far-scout"].course == "my-pieces"  # any short name in a teacher's folder
    assert lessons["far-scout"].languages == ("en",)


@pytest.mark.rulebooks
def test_the_example_course_passes_the_check() -> None:
    lessons = catalog(EXAMPLE)
    for lesson in lessons.values():
        report = check(lesson, rulebooks=RULEBOOKS, known=lessons.keys())
        assert report.ok, str(report)
    assert main(["check", "--rulebooks", str(RULEBOOKS), str(EXAMPLE)]) == 0


def test_the_course_file_orders_the_lessons(course: pathlib.Path) -> None:
    (course / COURSE_FILE).write_text('title = "Mine"\nlessons = ["miner-bomb", "far-scout"]\n',
                                      encoding="utf-8")
    assert list(catalog(course)) == ["miner-bomb", "far-scout"]
    info = course_file(course)
    assert info is not None and info.title.get("en") == "Mine"


def test_lessons_the_course_file_does_not_list_come_after_the_listed_ones(
        course: pathlib.Path) -> None:
    write_lesson(course, "aaa-extra")
    assert list(catalog(course)) == ["far-scout", "miner-bomb", "aaa-extra"]


def test_without_a_course_file_the_lessons_go_by_course_and_order_then_file_name(
        course: pathlib.Path) -> None:
    (course / COURSE_FILE).unlink()
    write_lesson(course, "zz-first", 'course = "basics"')  # a shipped course comes first
    write_lesson(course, "ordered", "order = -5")
    assert list(catalog(course)) == ["zz-first", "ordered", "far-scout", "miner-bomb"]


def test_the_shipped_catalog_is_unchanged_by_a_folder() -> None:
    assert "far-scout" not in catalog() and next(iter(catalog())) == "pieces"


def test_an_unknown_requirement_is_named_by_the_catalog_and_the_check(
        course: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lesson(course, "needy", 'requires = ["far-scout", "no-such-lesson"]')
    with pytest.raises(LessonError) as error:
        catalog(course)
    assert str(error.value) == ("needy.toml: field 'requires' names 'no-such-lesson', which is "
                                "not a lesson of the folder course.")
    assert main(["check", "--rulebooks", str(RULEBOOKS), str(course)]) == 1
    assert "✗ needy.toml: field 'requires' names 'no-such-lesson'" in capsys.readouterr().out
    # one file: its folder's lessons are what it may require
    assert main(["check", "--rulebooks", str(RULEBOOKS), str(course / "needy.toml")]) == 1
    out = capsys.readouterr().out
    assert "✗ lesson, requires: 'no-such-lesson' is not a lesson of this course" in out
    assert "'far-scout' is" not in out


@pytest.mark.rulebooks
def test_requires_is_checked_against_the_lessons_it_is_given() -> None:
    lesson = catalog(EXAMPLE)["miner-bomb"]
    assert check(lesson, rulebooks=RULEBOOKS, known={"miner-bomb"}).problems[0].check == \
        "requires"
    assert check(lesson, rulebooks=RULEBOOKS).ok  # nothing to check it against


@pytest.mark.parametrize(("requires", "expected"), [
    ('requires = "far-scout"', "field 'requires' must be a list of texts"),
    ('requires = ["far scout"]', "field 'requires' must be a name of letters"),
    ('requires = ["lonely"]', "field 'requires' names the lesson itself"),
])
def test_a_malformed_requirement_is_named(course: pathlib.Path, requires: str,
                                          expected: str) -> None:
    write_lesson(course, "lonely", requires)
    with pytest.raises(LessonError, match=expected):
        catalog(course)


def test_a_lesson_id_twice_in_a_folder_is_named(course: pathlib.Path) -> None:
    write_lesson(course, "far-scout")  # far-scout.toml again, under another file name
    (course / "far-scout.toml").rename(course / "copy.toml")
    shutil.copy(EXAMPLE / "far-scout.toml", course / "far-scout.toml")
    with pytest.raises(LessonError, match="lesson id 'far-scout' is also used by"):
        catalog(course)


@pytest.mark.parametrize(("text", "expected"), [
    ('lessons = ["far-scout", "ghost"]', "field 'lessons' names 'ghost', which is not a lesson"),
    ('title = "A"\nlessons = ["far-scout", "far-scout"]', "names far-scout twice"),
    ('title = "A"\nchapters = []', "field 'chapters' is not a field of course.toml"),
    ('title = { en = "A", xx = "B" }', "field 'title' must be a text"),
    ('title = "A"\nlanguages = ["nl"]', "field 'languages' must list languages"),
    ('title = "A"\nlanguages = ["en", "nl"]', "course.toml: field 'title' has no text in nl"),
    ("title = ", "not valid TOML"),
])
def test_a_mistake_in_the_course_file_is_named(course: pathlib.Path, text: str,
                                               expected: str) -> None:
    if text.startswith("lessons"):
        text = 'title = "A"\n' + text
    (course / COURSE_FILE).write_text(text + "\n", encoding="utf-8")
    with pytest.raises(LessonError, match=expected) as error:
        catalog(course)
    assert "\n" not in str(error.value)


def test_the_course_file_holds_the_course_to_its_languages(course: pathlib.Path) -> None:
    (course / COURSE_FILE).write_text('title = { en = "A", nl = "B" }\nlanguages = ["en", "nl"]\n',
                                      encoding="utf-8")
    with pytest.raises(LessonError, match="has no text in nl"):
        catalog(course)
    assert CourseFile.from_text('title = { en = "A", nl = "B" }\nlanguages = ["nl", "en"]'
                                ).languages == ("en", "nl")


def test_a_folder_that_is_not_there_is_named() -> None:
    with pytest.raises(LessonError, match="no-such-course: a course is a folder"):
        catalog("no-such-course")
    with pytest.raises(LessonError, match="A course folder is a path"):
        catalog(42)  # type: ignore[arg-type]


def test_list_shows_a_folders_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("far-scout [my-pieces]")
