"""Drafts a teacher can write: a lesson in English only (or any languages) is checked in those
languages alone; ``cite`` and ``quote`` are optional in a draft and required of the shipped
lessons; the rulebook folder is found from an argument, an environment variable or beside the
repository, and without one the quotes are "not checked" with one line saying how to give it;
a mistake is one line naming the file, the step and the field, without a chained traceback."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import traceback

import pytest
from rulebooks import RULEBOOKS

from stratego_widget.lessons import Lesson, LessonError, catalog, check, checker
from stratego_widget.lessons.checker import main
from stratego_widget.lessons.model.lesson import COURSES

DRAFT = '''
id = "draft"
title = "Probe"
ruleset = "original"
[[steps]]
pieces = { f2 = "red scout", f8 = "blue major" }
instruction = "Probe f8."
goal = { reveal = "f8" }
par = 1
solution = ["f2-f8"]
success = "Found."
'''
CITED = DRAFT + '''cite = "Original: Game tips"
quote = "Use them to probe the strength of your opponent's pieces."
'''
OTHER_LANGUAGES = ("Dutch", "French", "German", "nl", "fr", "de")


@pytest.fixture
def no_rulebooks(monkeypatch: pytest.MonkeyPatch) -> None:
    """No rulebook folder anywhere: not given, not in the environment, not beside the checkout."""
    monkeypatch.delenv(checker.RULEBOOKS_VARIABLE, raising=False)
    monkeypatch.setattr(checker, "REPOSITORY_RULEBOOKS", None)


# ---------------------------------------------------------------- languages

@pytest.mark.rulebooks
def test_an_english_draft_is_not_asked_for_other_languages_anywhere() -> None:
    lesson = Lesson.from_text(CITED.replace("Game tips", "Special pieces, The Scout").replace(
        "Use them to probe the strength of your opponent's pieces.",
        "Scouts can move and attack during the same turn, but again, only in a straight line."),
        languages=("en",))
    report = check(lesson, rulebooks=RULEBOOKS)
    assert report.ok and report.unchecked == 0, str(report)
    assert lesson.languages == ("en",)
    assert not [item for item in report.items if item.check.startswith("quote (")]
    languages = [item for item in report.items if item.check == "languages"]
    assert [item.message for item in languages] == ["every text in en"]
    text = str(report)
    for word in ("Dutch", "French", "German", " nl", " fr", " de"):
        assert word not in text, word


@pytest.mark.rulebooks
def test_a_draft_in_some_languages_is_asked_for_those() -> None:
    text = CITED.replace('title = "Probe"', 'title = { en = "Probe", de = "Erkunden" }').replace(
        'instruction = "Probe f8."', 'instruction = { en = "Probe f8.", de = "Erkunde f8." }')
    with pytest.raises(LessonError, match=r"step 1, field 'success' has no text in de\.$"):
        Lesson.from_text(text, languages=("en", "de"))
    text = text.replace('success = "Found."', 'success = { en = "Found.", de = "Gefunden." }')
    report = check(Lesson.from_text(text, languages=("en", "de")), rulebooks=RULEBOOKS)
    assert report.ok, str(report)
    languages = [item.message for item in report.items if item.check == "languages"]
    assert languages == ["every text in en, de"]


def test_the_shipped_lessons_are_held_to_all_four_languages() -> None:
    assert all(lesson.languages == ("en", "nl", "fr", "de") for lesson in catalog().values())


def test_a_lesson_read_in_all_languages_reports_every_missing_one() -> None:
    with pytest.raises(LessonError, match="field 'title' has no text in nl, fr, de"):
        Lesson.from_text(DRAFT)


@pytest.mark.parametrize("languages", [("nl",), ("en", "xx"), "en", ()])
def test_the_languages_of_a_draft_include_english(languages: tuple[str, ...]) -> None:
    with pytest.raises(LessonError, match="languages of a lesson must include en"):
        Lesson.from_text(DRAFT, languages=languages)


# ---------------------------------------------------------------- cite and quote

@pytest.mark.rulebooks
def test_a_draft_needs_no_quote_and_its_quote_is_not_checked_not_failed() -> None:
    lesson = Lesson.from_text(DRAFT, languages=("en",))
    assert (lesson.steps[0].cite, lesson.steps[0].quote) == ("", "")
    report = check(lesson, rulebooks=RULEBOOKS)
    assert report.ok and report.unchecked == 1
    [item] = [item for item in report.items if item.check == "quote"]
    assert item.ok is None and "no cite and quote" in item.message


def test_a_draft_without_a_quote_plays_and_shows_no_rulebook_words() -> None:
    run = Lesson.from_text(DRAFT, languages=("en",)).start()
    feedback = run.propose("f2-f8")
    assert feedback.solved and feedback.quote == ""


@pytest.mark.rulebooks
def test_a_given_quote_is_checked() -> None:
    wrong = CITED.replace("Use them to probe", "Use them to test")
    problems = check(Lesson.from_text(wrong, languages=("en",)), rulebooks=RULEBOOKS).problems
    assert [item.check for item in problems] == ["quote"]


@pytest.mark.parametrize(("drop", "field"), [("quote = ", "quote"), ("cite = ", "cite")])
def test_cite_and_quote_go_together(drop: str, field: str) -> None:
    text = "\n".join(line for line in CITED.splitlines() if not line.startswith(drop))
    with pytest.raises(LessonError) as error:
        Lesson.from_text(text, source="draft.toml", languages=("en",))
    assert str(error.value).startswith(f"draft.toml: step 1, field '{field}' is missing")
    assert "together" in str(error.value)


def test_the_library_requires_cite_and_quote_and_a_known_course() -> None:
    with pytest.raises(LessonError, match="step 1, field 'quote' is missing"):
        Lesson.from_text(DRAFT, languages=("en",), library=True)
    own = CITED.replace('ruleset = "original"', 'ruleset = "original"\ncourse = "my-course"')
    assert Lesson.from_text(own, languages=("en",)).course == "my-course"
    with pytest.raises(LessonError, match="field 'course' must be one of basics"):
        Lesson.from_text(own, languages=("en",), library=True)
    assert Lesson.from_text(CITED, languages=("en",), library=True).steps[0].quote


def test_every_shipped_step_cites_and_quotes_its_rulebook() -> None:
    for lesson in catalog().values():
        assert lesson.course in COURSES
        for step in lesson.steps:
            assert step.cite and step.quote, (lesson.id, step.index)


# ---------------------------------------------------------------- the rulebook folder

def test_the_rulebooks_are_looked_up_argument_then_environment_then_beside_the_repository(
        monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    beside = tmp_path / "beside"  # stands for ../shared/rulebooks, which a clone may lack
    beside.mkdir()
    monkeypatch.setattr(checker, "REPOSITORY_RULEBOOKS", beside)
    monkeypatch.delenv(checker.RULEBOOKS_VARIABLE, raising=False)
    assert checker.find_rulebooks() == (beside, "beside the repository")
    monkeypatch.setenv(checker.RULEBOOKS_VARIABLE, str(tmp_path))
    assert checker.find_rulebooks() == (tmp_path, checker.RULEBOOKS_VARIABLE)
    assert checker.find_rulebooks(RULEBOOKS) == (RULEBOOKS, "given")
    monkeypatch.setattr(checker, "REPOSITORY_RULEBOOKS", None)
    monkeypatch.delenv(checker.RULEBOOKS_VARIABLE)
    assert checker.find_rulebooks() == (None, "")


@pytest.mark.rulebooks
def test_the_environment_variable_points_the_check_at_the_rulebooks(
        no_rulebooks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = Lesson.from_text(CITED, languages=("en",))
    assert check(lesson).unchecked == 1
    monkeypatch.setenv(checker.RULEBOOKS_VARIABLE, str(RULEBOOKS))
    report = check(lesson)
    assert report.ok and report.unchecked == 0


def test_without_rulebooks_the_report_says_in_one_line_how_to_give_them(
        no_rulebooks: None, capsys: pytest.CaptureFixture[str],
        tmp_path: pathlib.Path) -> None:
    report = check(Lesson.from_text(CITED, languages=("en",)))
    assert report.ok and report.unchecked == 1
    [item] = [item for item in report.items if item.ok is None]
    assert "\n" not in item.message and f"{checker.RULEBOOKS_VARIABLE}=FOLDER" in item.message
    assert "--rulebooks FOLDER" in item.message
    draft = tmp_path / "draft.toml"
    draft.write_text(CITED, encoding="utf-8")
    assert main(["check", "--english-only", str(draft)]) == 0
    note = capsys.readouterr().out.splitlines()[0]
    assert note.startswith("Note: quotes are not checked") and checker.RULEBOOKS_VARIABLE in note


def test_a_wrong_folder_in_the_environment_is_a_problem_that_names_the_variable(
        no_rulebooks: None, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    monkeypatch.setenv(checker.RULEBOOKS_VARIABLE, str(tmp_path / "gone"))
    problems = check(Lesson.from_text(CITED, languages=("en",))).problems
    assert [item.check for item in problems] == ["rulebooks"]
    assert checker.RULEBOOKS_VARIABLE in problems[0].message


# ---------------------------------------------------------------- one-line mistakes

MISTAKES = [
    pytest.param(("f2 = \"red scout\"", "f2 = \"red scoot\""),
                 "step 1, field 'pieces.f2' names an unknown piece 'scoot'", id="piece-typo"),
    pytest.param(("instruction = \"Probe f8.\"\n", ""), "step 1, field 'instruction' is missing",
                 id="missing-field"),
    pytest.param(("f2 = \"red scout\"", "z2 = \"red scout\""),
                 "step 1, field 'pieces.z2' is not a square of this board", id="bad-square"),
    pytest.param(("par = 1", "par = \"1\""), "step 1, field 'par' must be a whole number",
                 id="wrong-type"),
    pytest.param(("f8 = \"blue major\"", "f8 = \"major\""),
                 "step 1, field 'pieces.f8' must be a side and a piece", id="no-side"),
    pytest.param(("goal = { reveal = \"f8\" }", "goal = \"f8\""), "step 1, field 'goal'",
                 id="goal-type"),
]


@pytest.mark.parametrize(("change", "expected"), MISTAKES)
def test_a_mistake_is_one_line_naming_the_file_the_step_and_the_field(
        tmp_path: pathlib.Path, change: tuple[str, str], expected: str) -> None:
    path = tmp_path / "draft.toml"
    path.write_text(DRAFT.replace(*change), encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        Lesson.from_file(path, languages=("en",))
    error = caught.value
    assert error.rule == "lesson-format"
    message = str(error)
    assert message.startswith(f"draft.toml: {expected}"), message
    assert "\n" not in message and not message.endswith("..")
    shown = "".join(traceback.format_exception(error))
    assert "During handling" not in shown and "direct cause" not in shown


@pytest.mark.parametrize(("change", "expected"), MISTAKES[:4])
def test_the_command_prints_the_mistake_in_one_line_and_exits_1(
        tmp_path: pathlib.Path, change: tuple[str, str], expected: str) -> None:
    path = tmp_path / "draft.toml"
    path.write_text(DRAFT.replace(*change), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "stratego_widget.lessons", "check",
                           "--english-only", "--rulebooks", str(RULEBOOKS), str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr == "" and "Traceback" not in done.stdout
    assert len(done.stdout.splitlines()) == 1
    assert done.stdout.startswith(f"✗ draft.toml: {expected}")
