"""Lessons written back to TOML (issue 23): every shipped lesson reads back equal, field for
field, and every text, however hostile, survives the trip."""

from __future__ import annotations

import dataclasses
import pathlib
import tomllib
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import Lesson, LessonError, catalog, parse_goal
from stratego_widget.lessons.model.writer import (
    dumps,
    goal_data,
    to_toml,
    toml_key,
    toml_string,
    write_text,
)

LESSONS = catalog()


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_every_shipped_lesson_reads_back_equal_field_for_field(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    back = Lesson.from_text(to_toml(lesson), source=lesson.source)
    for field in dataclasses.fields(Lesson):
        if field.name != "steps":
            assert getattr(back, field.name) == getattr(lesson, field.name), field.name
    assert len(back.steps) == len(lesson.steps)
    for mine, theirs in zip(back.steps, lesson.steps, strict=True):
        for field in dataclasses.fields(mine):
            assert getattr(mine, field.name) == getattr(theirs, field.name), (
                mine.index, field.name)
    assert back == lesson


def test_the_written_text_is_stable() -> None:
    lesson = LESSONS["scout"]
    text = to_toml(lesson)
    assert to_toml(Lesson.from_text(text, source=lesson.source)) == text


@given(st.text(max_size=60))
@settings(max_examples=200, deadline=None)
def test_any_text_is_escaped_so_toml_reads_it_back(text: str) -> None:
    assert tomllib.loads(f"a = {toml_string(text)}")["a"] == text
    assert tomllib.loads(f"{toml_key(text)} = 1") == {text: 1}


def test_a_key_ending_in_a_line_break_is_quoted() -> None:
    """Hypothesis found "0\n": a pattern ending in ``$`` also matches before a final line
    break, so the key was written bare and TOML could not read it back."""
    assert toml_key("0\n") == '"0\\n"'
    assert tomllib.loads(f"{toml_key('0' + chr(10))} = 1") == {"0\n": 1}


def test_hostile_texts_in_a_lesson_survive_the_trip() -> None:
    lesson = LESSONS["scout"]
    step = lesson.steps[0]
    nasty = 'He said "hi"\\ """ \' ]] [[steps]] # not a comment'
    lines = nasty + "\n\tand a second line"  # a text of lines (not a title) may have them
    from stratego_widget.lessons import Text
    changed = dataclasses.replace(
        lesson, title=Text({"en": nasty}),
        steps=(dataclasses.replace(step, instruction=Text({"en": lines, "fr": "Été « ici »"})),
               *lesson.steps[1:]))
    back = Lesson.from_text(to_toml(changed), source=lesson.source, languages=("en",))
    assert back.title["en"] == nasty
    assert back.steps[0].instruction == changed.steps[0].instruction
    # control characters are written escaped, and refused when read, naming the field
    for title in (nasty + "\x7f", nasty + "\x01", "two\nlines"):
        text = to_toml(dataclasses.replace(lesson, title=Text({"en": title})))
        # no control character (C0, DEL, C1) but the line break; a French text's non-breaking
        # spaces stay as they are
        assert all(unicodedata.category(char) != "Cc" or char == "\n" for char in text)
        with pytest.raises(LessonError, match=r"^scout\.toml: field 'title\.en' holds the"):
            Lesson.from_text(text, source=lesson.source, languages=("en",))


@pytest.mark.parametrize("goal", [
    {"capture": "b7"}, {"reach": ["e5", "e6"]}, {"capture": "e6", "remains": "e5"},
    {"any": [{"win": True}, {"survive": 3}]}, {"all": [{"reveal": "f8"}]},
    {"win": "flag-captured"}, {"rescue": "captain"}, {"rescue": True},
    {"refused": "diagonal"}, {"answer": "strike"}, {"placed": True, "flag_guarded": True},
    {"any": [{"all": [{"leave": "c3"}, {"removed": ["b6", "b7"]}]}, {"capture": "b7"}]},
])
def test_every_goal_is_written_so_that_it_reads_back_equal(goal: dict) -> None:
    parsed = parse_goal(goal)
    written = goal_data(parsed)
    assert parse_goal(tomllib.loads(f"goal = {dumps({'g': written}).split(' = ', 1)[1]}")["goal"]) \
        == parsed


def test_a_value_toml_cannot_hold_is_refused() -> None:
    with pytest.raises(LessonError, match="cannot hold a value of type set"):
        dumps({"id": {1, 2}})


def test_write_text_writes_whole_or_not_at_all(tmp_path: pathlib.Path) -> None:
    path = write_text(tmp_path / "new" / "x.toml", 'id = "x"\n')
    assert path.read_text(encoding="utf-8") == 'id = "x"\n'
    with pytest.raises(FileExistsError):
        write_text(path, "other", replace=False)
    with pytest.raises(UnicodeEncodeError):
        write_text(path, "half \udc80")
    assert path.read_text(encoding="utf-8") == 'id = "x"\n'
    assert [p.name for p in path.parent.iterdir()] == ["x.toml"]  # no file left behind
    assert write_text(path, "new").read_text(encoding="utf-8") == "new"
