"""Lessons from anybody: a lesson file or text over a limit, malformed, deeply nested, holding
huge numbers or not UTF-8 is refused with one line naming the file, the step and the field;
the hint search never recurses, whatever the par, and searches once per position."""

from __future__ import annotations

import json
import pathlib
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import Lesson, LessonError, catalog, check
from stratego_widget.lessons.checker import read_rulebooks
from stratego_widget.lessons.model.goal_reading import MAX_GOAL_CHECKS, MAX_GOAL_DEPTH, parse_goal
from stratego_widget.lessons.model.lesson import (
    MAX_FILE_BYTES,
    MAX_ITEMS,
    MAX_NESTING,
    MAX_PAR,
    MAX_PIECES,
    MAX_STEPS,
    MAX_TEXT,
)
from stratego_widget.lessons.model.library import lesson_files
from stratego_widget.lessons.playing import search as run_module
from stratego_widget.lessons.playing.search import find_line

# A Sergeant walks down the e-file from e5 to e1: four moves, one square at a time.
WALK = '''
id = "walk"
title = { en = "Walk" }
ruleset = "original"
[[steps]]
pieces = { e5 = "red sergeant", j10 = "blue flag", a10 = "blue bomb" }
instruction = { en = "Walk to e1." }
goal = { reach = "e1" }
par = 4
solution = ["e5-e4", "e4-e3", "e3-e2", "e2-e1"]
success = { en = "Home." }
cite = "Original: Game tips"
quote = "Walk."
'''

STEP_TABLE = WALK[WALK.index("[[steps]]"):]


def load(text: str) -> Lesson:
    return Lesson.from_text(text, source="hostile.toml", languages=("en",))


def with_line(old: str, new: str, text: str = WALK) -> str:
    assert old in text
    return text.replace(old, new)


TOP_FIELDS = ("id", "title", "summary", "ruleset", "course", "order", "covers")


def put(field: str, value: str, *, top: bool = False) -> str:
    """The walk with ``field = value`` in the lesson's table (``top``) or in its step's."""
    head, step = WALK.split("[[steps]]")

    def set_in(part: str) -> str:
        rows = [row for row in part.splitlines() if not row.startswith(f"{field} = ")]
        return "\n".join([*rows, f"{field} = {value}"]) + "\n"

    return set_in(head) + "[[steps]]" + step if top else head + "[[steps]]" + set_in(step)


def one_line(error: LessonError, source: str = "hostile.toml") -> str:
    """The error's message, checked to be one line naming the file, with no chained cause."""
    message = str(error)
    assert error.rule == "lesson-format"
    assert "\n" not in message and message.startswith(f"{source}: ")
    assert error.__cause__ is None
    assert error.__context__ is None or error.__suppress_context__
    assert len(message) < 600  # a huge value is never written out
    return message


def refused(text: str, *parts: str) -> str:
    with pytest.raises(LessonError) as info:
        load(text)
    message = one_line(info.value)
    for part in parts:
        assert part in message, message
    return message


def deep_par_lesson() -> Lesson:
    """The walk with a par of 1000, built past the loader (which now refuses it)."""
    lesson = load(WALK)
    return replace(lesson, steps=(replace(lesson.steps[0], par=1000),))


def counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Count the calls of ``run_module.<name>`` (the real function still runs)."""
    calls: list[int] = []
    real: Callable[..., Any] = getattr(run_module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(run_module, name, counted)
    return calls


# ---------------------------------------------------------------- par and the hint search

def test_a_par_above_the_maximum_is_refused_naming_the_step_and_field() -> None:
    refused(with_line("par = 4", "par = 1000"), "step 1, field 'par'", f"at most {MAX_PAR}",
            "not 1000")
    assert load(with_line("par = 4", f"par = {MAX_PAR}")).steps[0].par == MAX_PAR


def test_a_hint_off_the_path_with_par_1000_gives_an_answer_without_recursion() -> None:
    run = deep_par_lesson().start()
    assert run.propose("e5-f5").accepted  # off the solution's path
    hints = [run.hint() for _ in range(4)]
    assert all(isinstance(hint, str) and hint for hint in hints)
    move = hints[3].removeprefix("Play ").rstrip(".")
    assert hints[3] == "From here the goal cannot be reached within the moves left: start " \
        "the step again." or (run.game is not None and run.game.is_legal(move))


def test_the_check_of_a_step_with_par_1000_gives_a_report_without_recursion() -> None:
    report = check(deep_par_lesson())
    assert any(item.check == "hints" for item in report.items)


def test_the_search_tries_at_most_its_limit_of_moves_whatever_the_depth(
        monkeypatch: pytest.MonkeyPatch) -> None:
    run = deep_par_lesson().start()
    run.propose("e5-f5")
    assert run.state is not None
    calls = counting(monkeypatch, "apply_action")
    line = find_line(run.state, 10 ** 6, limit=50)
    assert len(calls) <= 50
    assert line is None or len(line) <= 50


def test_a_second_hint_at_the_same_position_does_not_search_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, "find_line")
    searches = counting(monkeypatch, "shortest_line")
    run = load(WALK).start()
    run.propose("e5-f5")  # the move's feedback searches how far the goal is now
    after_move = len(calls) + len(searches)
    assert after_move >= 1
    hints = [run.hint() for _ in range(6)]  # the last hint level three times
    assert len(calls) + len(searches) == after_move  # the hints use the line found
    assert hints[3:] == [hints[3]] * 3
    run.propose("f5-f4")  # another position: one more search
    run.hint()
    run.hint()
    assert len(calls) + len(searches) > after_move


def test_a_hint_after_a_retry_at_a_searched_position_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, "find_line")
    searches = counting(monkeypatch, "shortest_line")
    run = load(WALK).start()
    counts = []
    for _ in range(2):
        run.propose("e5-f5")
        run.hint()
        run.hint()
        run.retry()
        counts.append(len(calls) + len(searches))
    assert counts[0] >= 1 and counts[1] == counts[0]  # the second time: nothing searched


# ---------------------------------------------------------------- malformed and deep text

@pytest.mark.parametrize("text", [
    "a = " + "[" * 5000,
    "a = " + "{ b = " * 3000,
    "steps = " + "[" * 2000 + "]" * 2000,
])
def test_deeply_nested_toml_is_refused(text: str) -> None:
    refused(text, "nested too deeply")


def goal_nested(depth: int) -> str:
    return "goal = " + "{ any = [" * depth + "{ reach = \"e1\" }" + "] }" * depth


def test_a_goal_nested_400_deep_is_refused() -> None:
    refused(with_line("goal = { reach = \"e1\" }", goal_nested(400)))


def test_a_goal_nested_past_its_maximum_names_the_goal() -> None:
    assert load(with_line("goal = { reach = \"e1\" }", goal_nested(MAX_GOAL_DEPTH)))
    refused(with_line("goal = { reach = \"e1\" }", goal_nested(MAX_GOAL_DEPTH + 1)),
            "step 1, field 'goal' nests 'all' and 'any' more than 8 deep")


def test_a_goal_given_in_python_nested_400_deep_raises_a_value_error() -> None:
    goal: dict[str, Any] = {"reach": "e1"}
    for _ in range(400):
        goal = {"all": [goal]}
    with pytest.raises(ValueError, match="more than 8 deep"):
        parse_goal(goal)


def test_a_goal_with_too_many_checks_is_refused() -> None:
    checks = ", ".join(["{ reach = \"e1\", remains = \"e5\" }"] * 30)
    refused(with_line("goal = { reach = \"e1\" }", f"goal = {{ any = [{checks}] }}"),
            "step 1, field 'goal'", f"a goal has at most {MAX_GOAL_CHECKS}")


def test_tables_nested_past_the_maximum_are_refused() -> None:
    nested = "[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5)
    refused(with_line("par = 4", f"par = 4\nparams = {{ lakes = {nested} }}"),
            "step 1, field 'params.lakes", f"more than {MAX_NESTING} deep")


# ---------------------------------------------------------------- files

def test_a_file_that_is_not_utf8_is_refused(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(WALK.replace("Home.", "Thuis\xe9.").encode("latin-1"))
    with pytest.raises(LessonError) as info:
        Lesson.from_file(path, languages=("en",))
    assert "is not UTF-8 text" in one_line(info.value, source="latin.toml")


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:  # a sparse file: 50 MB that take no room
        handle.truncate(50_000_000)
    tracemalloc.start()
    try:
        with pytest.raises(LessonError) as info:
            Lesson.from_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = one_line(info.value, source="huge.toml")
    assert f"at most {MAX_FILE_BYTES:,} bytes; this file has 50,000,000" in message
    assert peak < 1_000_000  # nothing of the file was read


def test_a_huge_text_is_refused_before_it_is_parsed() -> None:
    pieces = ", ".join(f"p{i} = \"red scout\"" for i in range(100_000))
    message = refused(with_line("pieces = { e5", f"pieces = {{ {pieces}, e5"))
    assert f"a lesson is TOML text of at most {MAX_FILE_BYTES:,} characters" in message


def test_a_lesson_that_is_not_text_is_refused() -> None:
    with pytest.raises(LessonError) as info:
        Lesson.from_text(WALK.encode(), source="hostile.toml")  # type: ignore[arg-type]
    assert "a lesson is TOML text, not bytes" in one_line(info.value)


def test_a_rulebook_folder_with_a_file_that_is_not_utf8(tmp_path: pathlib.Path) -> None:
    (tmp_path / "book.txt").write_bytes(b"Scouts \xff")
    with pytest.raises(LessonError) as info:
        read_rulebooks(tmp_path)
    assert info.value.rule == "lesson-rulebooks" and "book.txt" in str(info.value)
    report = check(load(WALK), rulebooks=tmp_path)
    assert report.problems[0].check == "rulebooks"


# ---------------------------------------------------------------- sizes

def test_too_many_steps_are_refused() -> None:
    text = WALK + STEP_TABLE * MAX_STEPS
    refused(text, f"field 'steps' has {MAX_STEPS + 1} steps; at most {MAX_STEPS} are allowed")


def test_too_many_pieces_are_refused() -> None:
    pieces = ", ".join(f"p{i} = \"red scout\"" for i in range(MAX_PIECES))
    refused(with_line("pieces = { e5", f"pieces = {{ {pieces}, e5"),
            f"step 1, field 'pieces' has {MAX_PIECES + 3} pieces; at most {MAX_PIECES}")


def test_too_long_a_solution_is_refused() -> None:
    actions = ", ".join(["\"e5-e4\""] * (MAX_PAR + 1))
    refused(with_line('solution = ["e5-e4", "e4-e3", "e3-e2", "e2-e1"]',
                      f"solution = [{actions}]"),
            f"step 1, field 'solution' has {MAX_PAR + 1} actions")


def test_too_long_a_text_is_refused() -> None:
    long = "x" * (MAX_TEXT + 1)
    refused(with_line("Walk to e1.", long),
            f"step 1, field 'instruction.en' is {MAX_TEXT + 1:,} characters long; a text has "
            f"at most {MAX_TEXT:,}")
    refused(with_line("title = { en = \"Walk\" }", f"title = {{ en = \"{long}\" }}"),
            "hostile.toml: field 'title.en' is")
    refused(with_line("goal = { reach = \"e1\" }", f"goal = {{ \"{long}\" = true }}"),
            "step 1, field 'goal' has a key of")


def test_too_many_items_in_a_list_are_refused() -> None:
    area = ", ".join(["\"a1\""] * (MAX_ITEMS + 1))
    refused(with_line("par = 4", f"par = 4\narea = [{area}]"),
            f"step 1, field 'area' has {MAX_ITEMS + 1} items")


@pytest.mark.parametrize(("text", "field"), [
    (put("par", "0x" + "f" * 3000), "step 1, field 'par'"),
    (put("par", "99999999999999999999"), "step 1, field 'par'"),
    (put("order", "0o" + "7" * 30, top=True), "field 'order'"),
    (put("params", "{ max_plies = 0b" + "1" * 200 + " }"), "step 1, field 'params.max_plies'"),
])
def test_a_number_beyond_64_bits_is_refused(text: str, field: str) -> None:
    refused(text, field, "outside TOML's 64-bit range")


def test_a_number_too_long_to_read_is_refused() -> None:
    refused(put("order", "9" * 5000, top=True), "a number in the file is too long to read")


@pytest.mark.parametrize(("old", "new", "field"), [
    ("cite = ", "source = []\ncite = ", "step 1, field 'source'"),
    ("par = 4", "par = 4\nparams = 5", "step 1, field 'params'"),
    ("par = 4", "par = 4\nparams = [[\"max_plies\", 9]]", "step 1, field 'params'"),
    ("par = 4", "par = 4\nkind = \"" + "m" * 1500 + "\"", "step 1, field 'kind'"),
    ("[[steps]]", "\"" + "k" * 1500 + "\" = 1\n[[steps]]", "is not a field"),
])
def test_odd_values_are_refused_in_one_short_line(old: str, new: str, field: str) -> None:
    refused(with_line(old, new), field)


def test_every_shipped_lesson_is_far_within_the_limits() -> None:
    def most(values: list[int]) -> int:
        return max(values, default=0)

    steps = [step for lesson in catalog().values() for step in lesson.steps]
    assert most([len(f.read_bytes()) for f in lesson_files()]) * 10 <= MAX_FILE_BYTES
    assert most([len(lesson.steps) for lesson in catalog().values()]) * 10 <= MAX_STEPS
    # A whole classic army of 40 (a setup question's board) is the largest position a lesson
    # needs: the limit is three times that.
    assert most([len(step.pieces) for step in steps]) <= 40 and MAX_PIECES >= 40 * 3
    assert most([step.par for step in steps]) * 2 <= MAX_PAR
    texts = [text for step in steps for t in (step.instruction, step.success, step.hint,
                                             *step.feedback.values(), *step.choices.values())
             if t is not None for text in t.values()]
    assert most([len(text) for text in [*texts, *(step.quote for step in steps)]]) * 5 <= MAX_TEXT


# ---------------------------------------------------------------- any text at all

def loads_or_refuses(text: str) -> None:
    """``Lesson.from_text`` gives a lesson or a one-line LessonError, nothing else."""
    try:
        load(text)
    except LessonError as error:
        one_line(error)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(max_size=400))
def test_any_text_loads_or_is_refused(text: str) -> None:
    loads_or_refuses(text)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.integers(1, 4000),
       st.sampled_from([("[", "]"), ("{ a = ", " }"), ("[{ a = ", " }]"), ("{ any = [", "] }"),
                        ("{ all = [{ reach = \"e1\" }, ", "] }")]),
       st.sampled_from(["goal", "pieces", "params", "title", "solution"]), st.booleans())
def test_any_nesting_loads_or_is_refused(depth: int, brackets: tuple[str, str], field: str,
                                         closed: bool) -> None:
    opener, closer = brackets
    value = opener * depth + "{ reach = \"e1\" }" + (closer * depth if closed else "")
    loads_or_refuses(put(field, value, top=field in TOP_FIELDS))


NUMBER = st.one_of(
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(1, 6000).map(lambda n: "-0x" + "f" * n),
    st.integers(1, 6000).map(lambda n: "0o" + "7" * n),
    st.sampled_from(["inf", "-inf", "nan", "1e400", "9223372036854775808", "-9223372036854775809",
                     "9223372036854775807", "0"]),
)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(NUMBER, st.sampled_from(["par = {}", "order = {}", "goal = {{ survive = {} }}",
                                "params = {{ max_plies = {} }}", "captured = {{ red = [{}] }}",
                                "solution = [{}]", "pieces = {{ e5 = {} }}"]))
def test_any_number_loads_or_is_refused(number: str, line: str) -> None:
    field, _, value = line.partition(" = ")
    loads_or_refuses(put(field, value.format(number), top=field in TOP_FIELDS))


def toml_value(value: Any) -> str:
    """``value`` written as TOML (inline tables and arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(repr(value), repr(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(v)}"
                            for k, v in value.items()) + " }"


KEYS = st.sampled_from(["reach", "capture", "any", "all", "survive", "win", "en", "red", "e5",
                        "x", "placed", "max_plies"]) | st.text(max_size=5)
VALUES = st.recursive(
    st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats() | st.text(max_size=12)
    | st.sampled_from(["e1", "e5", "red scout", "blue flag", "original", "pass", "e5-e4"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["id", "title", "summary", "ruleset", "params", "covers", "course", "order",
          "kind", "pieces", "revealed", "moved", "captured", "to_move", "instruction", "goal",
          "par", "solution", "replies", "hint", "feedback", "success", "cite", "quote",
          "source", "choices", "tray", "area", "only"]


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=150)
@given(st.sampled_from(FIELDS), VALUES, st.booleans())
def test_any_value_of_any_field_loads_or_is_refused(field: str, value: Any,
                                                    at_top: bool) -> None:
    top = field in TOP_FIELDS or (field == "params" and at_top)
    loads_or_refuses(put(field, toml_value(value), top=top))
