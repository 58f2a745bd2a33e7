"""Control characters in lesson texts (issue 31): a title, a summary, an answer, a citation or
an item of ``covers`` is one line of text, and no lesson text holds a control character (C0,
DEL, C1) or a lone surrogate; the loader refuses them in one line naming the field, and
``stratego-lesson`` never prints a control character it read from a file."""

from __future__ import annotations

import dataclasses
import pathlib
import shutil
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from project import PROJECT

from stratego_widget.lessons import Lesson, LessonError, catalog
from stratego_widget.lessons import checker as checker_module
from stratego_widget.lessons.checker import main
from stratego_widget.lessons.model.library import CourseFile
from stratego_widget.lessons.model.text import Text, bad_character
from stratego_widget.lessons.model.writer import toml_string

EXAMPLE = PROJECT / "tests" / "data" / "course_example"
LESSON = (EXAMPLE / "far-scout.toml").read_text(encoding="utf-8")
#: Every control character: C0, DEL and C1.
CONTROLS = [chr(n) for n in (*range(0x20), 0x7F, *range(0x80, 0xA0))]


def with_line(old: str, new: str) -> str:
    """The example lesson with one line changed."""
    assert old in LESSON
    return LESSON.replace(old, new, 1)


def titled(title: str) -> str:
    return with_line('title = "A Scout goes far"', f"title = {toml_string(title)}")


def read(text: str) -> Lesson:
    return Lesson.from_text(text, source="far-scout.toml", languages=("en",))


def one_line_error(text: str) -> str:
    with pytest.raises(LessonError) as caught:
        read(text)
    message = str(caught.value)
    assert "\n" not in message and message.isprintable(), message
    assert caught.value.rule == "lesson-format"
    return message


def test_an_escape_sequence_in_a_title_is_refused_naming_the_field() -> None:
    assert one_line_error(titled("A Scout\x1b[2J goes far")) == (
        "far-scout.toml: field 'title.en' holds the control character '\\x1b' at position 8.")


@pytest.mark.parametrize("char", CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
def test_every_control_character_in_a_title_is_refused(char: str) -> None:
    assert one_line_error(titled(f"Bombs{char}")).startswith(
        "far-scout.toml: field 'title.en' holds the ")


@pytest.mark.parametrize("char", ["\n", "\t", "\u2028", "\u2029"])
def test_a_title_is_one_line(char: str) -> None:
    assert "it is one line of text" in one_line_error(titled(f"Two{char}lines"))


@pytest.mark.parametrize(("old", "new", "field"), [
    ('covers = ["original", "scout"]', 'covers = ["original", "sc\\u001Bout"]', "field 'covers'"),
    ('title = "A Scout goes far"', 'title = "A Scout goes far"\nsummary = "a\\nb"',
     "field 'summary.en'"),
    ('instruction = "Capture the Spy on b7 in one move."', 'instruction = "Capture\\u0007"',
     "step 1, field 'instruction.en'"),
    ('success = "A Scout', 'success = "\\u009B31m A Scout', "step 1, field 'success.en'"),
    ('success = "A Scout goes as far as it likes in a straight line."',
     'success = "Far."\nhint = { en = "Up\\r" }', "step 1, field 'hint.en'"),
    ('success = "A Scout goes as far as it likes in a straight line."',
     'success = "Far."\nfeedback.diagonal = "No\\u001B."', "step 1, field 'feedback.diagonal.en'"),
    ('success = "A Scout goes as far as it likes in a straight line."',
     'success = "Far."\ncite = "Original: a\\nb"\nquote = "Scouts"', "step 1, field 'cite'"),
])
def test_control_characters_in_other_texts_are_refused_naming_the_field(
        old: str, new: str, field: str) -> None:
    message = one_line_error(with_line(old, new))
    assert message.startswith(f"far-scout.toml: {field} holds the "), message


def test_texts_of_several_lines_keep_their_line_breaks_and_tabs() -> None:
    lesson = read(with_line('instruction = "Capture the Spy on b7 in one move."',
                            'instruction = "Capture the Spy:\\n\\ton b7, in one move."'))
    assert lesson.steps[0].instruction["en"] == "Capture the Spy:\n\ton b7, in one move."


def test_a_course_title_with_a_control_character_is_refused() -> None:
    with pytest.raises(LessonError) as caught:
        CourseFile.from_text('title = { en = "Scouts\\u001B[31m" }')
    assert str(caught.value) == ("course.toml: field 'title.en' holds the control character "
                                 "'\\x1b' at position 7.")


@given(st.lists(st.characters(exclude_categories=()) | st.sampled_from([*CONTROLS, "\u2028"]),
                min_size=1, max_size=30).map("".join))
@settings(max_examples=200, deadline=None)
def test_a_title_is_read_as_written_or_refused_in_one_line(title: str) -> None:
    wanted = bad_character(title) is None and title.strip() != ""
    try:
        lesson = Lesson.from_text(titled(title), languages=("en",))
    except LessonError as error:
        assert "\n" not in str(error) and str(error).isprintable()
        assert not wanted or "title" not in str(error)
        return
    assert lesson.title["en"] == title
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in title)


def test_every_shipped_text_is_a_good_lesson_text() -> None:
    for lesson in catalog().values():
        for step in lesson.steps:
            for text in (step.instruction, step.success, *step.feedback.values()):
                assert all(bad_character(words, one_line=False) is None
                           for words in text.values())
        assert all(bad_character(words) is None for words in lesson.title.values())


# ---------------------------------------------------------------------- what the command prints


def test_list_prints_a_refused_title_in_one_escaped_line(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = pathlib.Path(shutil.copytree(EXAMPLE, tmp_path / "course"))
    (course / "far-scout.toml").write_text(titled("Scouts\x1b]0;owned\x07\x9b2J"),
                                           encoding="utf-8")
    assert main(["list", str(course)]) == 1
    out = capsys.readouterr().out
    [line] = out.splitlines()
    assert line.startswith("✗ far-scout.toml: field 'title.en' holds the control character")
    assert all(char.isprintable() or char == "\n" for char in out)


def test_list_escapes_control_characters_whatever_the_loader_lets_through(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lesson = read(LESSON)
    hostile = dataclasses.replace(lesson, title=Text({"en": "Scouts\x1b[2J\u202e\x85"}),
                                  covers=("a\nb", "\x9b31m"))
    monkeypatch.setattr(checker_module, "catalog", lambda folder=None: {"far-scout": hostile})
    assert main(["list", "x"]) == 0
    out = capsys.readouterr().out
    assert out == ("far-scout [my-pieces] Scouts\\x1b[2J\\u202e\\x85: 1 steps; "
                   "covers a\\nb, \\x9b31m\n")


def test_check_escapes_a_file_name_with_control_characters(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "far\x1b[31m.toml").write_text(LESSON, encoding="utf-8")
    main(["check", "--english-only", str(course / "far\x1b[31m.toml")])
    out = capsys.readouterr().out
    assert "far\\x1b[31m.toml" in out
    assert all(char.isprintable() or char == "\n" for char in out)
