"""The teacher's view of a class: progress files merged into a summary, checked against figures
counted by hand; files that are not progress reported and left out; names escaped.

The class (lessons in the catalog's teaching order: spy, scout, miner):

- Ada: scout step 1 solved (3 stars, 60 s); step 2 lost (30 s), then solved with a hint
  (2 stars, 48 s); spy step 1 solved (3 stars, 120 s).
- Bo: scout step 1 solved (3 stars, 40 s); step 2 solved after two refused moves and two
  hints (1 star, 80 s); miner step 1 solved with a hint (2 stars, 30 s).
- cy (no name in the file: the file's name): scout step 2 lost twice (20 s, 26 s).
- a hostile name: scout, every step 3 stars, in a file written by hand (no attempts); not the
  file's own name, so shown with the file's name beside it.
"""

from __future__ import annotations

import html.parser
import json
import pathlib
import sys
import tempfile
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import ClassSummary, LessonError, catalog
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.progress import Progress
from stratego_widget.lessons.classroom.progress_file import MAX_PROGRESS_BYTES
from stratego_widget.lessons.classroom.summary import HardStep

HOSTILE = '<script>alert("x")</script>&<b>'
HOSTILE_SHOWN = HOSTILE + "  [dee.json]"
DAY = "2026-11-26T10:00:00Z"


def attempt(seconds: float, solved: bool, stars: int, **what: Any) -> Attempt:
    return Attempt(DAY, seconds, solved, stars, **what)


def write_class(folder: pathlib.Path) -> pathlib.Path:
    """The class of the module's description, one file per learner, and two broken files."""
    lessons = catalog()
    scout, spy, miner = lessons["scout"], lessons["spy"], lessons["miner"]
    ada = Progress(learner="Ada")
    ada.record_attempt(scout, 0, attempt(60, True, 3))
    ada.record_attempt(scout, 1, attempt(30, False, 0, failed=True))
    ada.record_attempt(scout, 1, attempt(48, True, 2, hints=1))
    ada.record_attempt(spy, 0, attempt(120, True, 3))
    bo = Progress(learner="Bo")
    bo.record_attempt(scout, 0, attempt(40, True, 3))
    bo.record_attempt(scout, 1, attempt(80, True, 1, refusals=2, hints=2))
    bo.record_attempt(miner, 0, attempt(30, True, 2, hints=1))
    cy = Progress()
    cy.record_attempt(scout, 1, attempt(20, False, 0, failed=True))
    cy.record_attempt(scout, 1, attempt(26, False, 0, failed=True))
    ada.save(folder / "Ada.json")
    bo.save(folder / "Bo.json")
    cy.save(folder / "cy.json")
    (folder / "dee.json").write_text(json.dumps(
        {"format": "stratego-widget-progress", "version": 2, "learner": HOSTILE,
         "lessons": {"scout": {str(i): {"fingerprint": "", "best": 3, "attempts": [],
                                        "due": None, "interval": 0} for i in range(4)}}}),
        encoding="utf-8")
    broken = json.loads(bo.to_json())
    broken["lessons"]["scout"]["0"]["best"] = 7
    (folder / "eve.json").write_text(json.dumps(broken), encoding="utf-8")
    (folder / "notes.txt").write_text("not a progress file: not read", encoding="utf-8")
    return folder


@pytest.fixture
def folder(tmp_path: pathlib.Path) -> pathlib.Path:
    return write_class(tmp_path)


@pytest.fixture
def summary(folder: pathlib.Path) -> ClassSummary:
    return ClassSummary.from_folder(folder)


def cells(summary: ClassSummary) -> dict[tuple[str, str], tuple[Any, ...]]:
    keys = ("stars", "possible", "attempts", "minutes", "steps_solved", "started")
    return {(row["learner"], row["lesson"]): tuple(row[key] for key in keys)
            for row in summary.table()}


def test_the_table_matches_the_hand_counted_figures(summary: ClassSummary) -> None:
    assert summary.learners == ["Ada", "Bo", "cy", HOSTILE_SHOWN]
    assert [lesson.id for lesson in summary.lessons] == ["spy", "scout", "miner"]
    assert cells(summary) == {
        ("Ada", "spy"): (3, 12, 1, 2.0, 1, True),
        ("Ada", "scout"): (5, 12, 3, 2.3, 2, True),
        ("Ada", "miner"): (0, 9, 0, 0.0, 0, False),
        ("Bo", "spy"): (0, 12, 0, 0.0, 0, False),
        ("Bo", "scout"): (4, 12, 2, 2.0, 2, True),
        ("Bo", "miner"): (2, 9, 1, 0.5, 1, True),
        ("cy", "spy"): (0, 12, 0, 0.0, 0, False),
        ("cy", "scout"): (0, 12, 2, 0.8, 0, True),
        ("cy", "miner"): (0, 9, 0, 0.0, 0, False),
        (HOSTILE_SHOWN, "spy"): (0, 12, 0, 0.0, 0, False),
        (HOSTILE_SHOWN, "scout"): (12, 12, 0, 0.0, 4, True),
        (HOSTILE_SHOWN, "miner"): (0, 9, 0, 0.0, 0, False),
    }
    assert summary.table()[1]["title"] == "The Scout"
    assert [(t["learner"], t["stars"], t["possible"], t["attempts"], t["minutes"],
             t["steps_solved"]) for t in summary.totals()] == [
        ("Ada", 8, 33, 4, 4.3, 3), ("Bo", 6, 33, 3, 2.5, 3), ("cy", 0, 33, 2, 0.8, 0),
        (HOSTILE_SHOWN, 12, 33, 0, 0.0, 4)]


def test_the_hardest_steps_match_the_hand_counted_figures(summary: ClassSummary) -> None:
    assert summary.hardest_steps() == [
        HardStep("scout", "The Scout", 2, tried=3, solved=3, failed=3, hints=2, struggled=3,
                 median_attempts=2.0, median_seconds=78.0,
                 instruction=catalog()["scout"].steps[1].text("instruction", "en")),
        HardStep("miner", "The Miner and the Bombs", 1, tried=1, solved=1, failed=0, hints=1,
                 struggled=1, median_attempts=1.0, median_seconds=30.0,
                 instruction=catalog()["miner"].steps[0].text("instruction", "en"))]
    assert [step.step for step in summary.hardest_steps(1)] == [2]
    assert summary.hardest_steps(0) == []
    with pytest.raises(LessonError, match="hardest_steps takes a count"):
        summary.hardest_steps(-1)


def test_a_file_that_is_not_progress_is_reported_and_left_out(folder: pathlib.Path) -> None:
    summary = ClassSummary.from_folder(folder)
    assert summary.problems == [
        "eve.json: lessons.scout.0.best must be a whole number from 0 to 3; left out."]
    assert "eve" not in " ".join(summary.learners)
    with pytest.raises(LessonError, match=r"^eve\.json: lessons\.scout\.0\.best must be") as error:
        ClassSummary.from_folder(folder, strict=True)
    assert error.value.rule == "lesson-progress"
    assert "Files left out" in summary.to_html() and "eve.json" in summary.to_html()


def test_a_missing_file_is_reported_not_read_as_empty(folder: pathlib.Path) -> None:
    summary = ClassSummary.from_files([folder / "Ada.json", folder / "gone.json"])
    assert summary.learners == ["Ada"]
    assert summary.problems == ["gone.json: there is no such file; left out."]
    with pytest.raises(LessonError, match=r"gone\.json: there is no such file"):
        ClassSummary.from_files([folder / "gone.json"], strict=True)


def test_a_class_folder_must_exist(tmp_path: pathlib.Path) -> None:
    with pytest.raises(LessonError, match="nowhere: a class is a folder"):
        ClassSummary.from_folder(tmp_path / "nowhere")


@pytest.mark.parametrize(("content", "field"), [
    ('{"format": "stratego-widget-progress", "version": 2, "learner": 5, "lessons": {}}',
     "learner must be a name"),
    ('{"format": "stratego-widget-progress", "version": 2, "learner": "x", "lessons": []}',
     "lessons must be an object"),
    ("[" * 100_000 + "]" * 100_000, "nest"),
    ('{"scout": [' + "9" * 5000 + "]}", "a number in the file is too long"),
    ('{"format": "stratego-widget-progress", "version": 2, "learner": "x", "lessons": {"scout":'
     ' {"0": {"fingerprint": "", "best": 1, "due": null, "interval": 0, "attempts": [{"date": '
     '"2026-11-26T10:00:00Z", "seconds": "long", "solved": true, "stars": 1, "failed": false, '
     '"refusals": 0, "wrong_answers": 0, "hints": 0, "review": false}]}}}}',
     "seconds has the wrong type"),
])
def test_hostile_files_are_refused_with_the_projects_error(tmp_path: pathlib.Path, content: str,
                                                           field: str) -> None:
    (tmp_path / "bad.json").write_text(content, encoding="utf-8")
    Progress({"scout": [3]}, learner="Ok").save(tmp_path / "Ok.json")
    summary = ClassSummary.from_folder(tmp_path)
    assert summary.learners == ["Ok"]
    assert len(summary.problems) == 1 and summary.problems[0].startswith("bad.json: ")
    assert field in summary.problems[0] and "\n" not in summary.problems[0]
    with pytest.raises(LessonError) as error:
        ClassSummary.from_folder(tmp_path, strict=True)
    assert error.value.rule == "lesson-progress"


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: pathlib.Path) -> None:
    with (tmp_path / "huge.json").open("wb") as handle:
        handle.truncate(MAX_PROGRESS_BYTES * 30)
    summary = ClassSummary.from_folder(tmp_path)
    assert summary.learners == [] and summary.problems[0].startswith("huge.json: ")
    assert f"{MAX_PROGRESS_BYTES:,}" in summary.problems[0]


class Collect(html.parser.HTMLParser):
    """The tags and the text of an HTML page, as a browser's parser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_a_hostile_learner_name_is_shown_as_text_never_as_html(summary: ClassSummary,
                                                                tmp_path: pathlib.Path) -> None:
    page = summary.to_html(tmp_path / "class.html")
    assert (tmp_path / "class.html").read_text(encoding="utf-8") == page
    for text in (page, summary._repr_html_(), summary.heatmap_svg()):
        parsed = Collect()
        parsed.feed(text)
        assert "script" not in parsed.tags and "b" not in parsed.tags
        assert any(HOSTILE in piece for piece in parsed.text)   # shown, as text
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page
    assert "<title>Class summary</title>" in page


def test_control_characters_in_a_name_never_reach_the_page() -> None:
    summary = ClassSummary({"Ada\x07\nLovelace": Progress({"scout": [3]})})
    assert summary.learners == ["Ada  Lovelace"]
    assert "\x07" not in summary.heatmap_svg()


def test_the_heat_map_has_a_title_labels_a_legend_and_a_cell_per_learner_and_lesson(
        summary: ClassSummary) -> None:
    svg = summary.heatmap_svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'role="img"' in svg and "<desc id=" in svg
    assert ">Share of stars, by learner and lesson</title>" in svg
    assert ">Lessons</text>" in svg and ">Learners</text>" in svg
    assert ">100%</text>" in svg and ">not started</text>" in svg
    assert svg.count(": not started</title>") == 6      # the cells without a record
    assert ">5/12</text>" in svg and ">12/12</text>" in svg and ">0/12</text>" in svg
    assert 'fill="currentColor"' in svg                  # the page's ink: light and dark


def test_the_notebook_view_shows_table_heat_map_and_hardest_steps(summary: ClassSummary) -> None:
    view = summary._repr_html_()
    assert "<table" in view and "<svg" in view and "Hardest steps" in view
    assert "Class summary: 4 learners, 3 lessons" in view


def test_titles_follow_the_language_and_the_teachers_own_lessons(folder: pathlib.Path) -> None:
    german = ClassSummary.from_folder(folder, language="de")
    assert german.table()[1]["title"] == "Der Aufklärer"
    assert 'lang="de"' in german.to_html()
    with pytest.raises(Exception, match="Unknown language"):
        ClassSummary([], language="xx")
    only_scout = ClassSummary.from_folder(folder, lessons={"scout": catalog()["scout"]})
    assert [lesson.id for lesson in only_scout.lessons] == ["scout"]
    assert only_scout.other_lessons == ["miner", "spy"]


def test_the_table_as_a_data_frame(summary: ClassSummary) -> None:
    frame = summary.to_pandas()
    assert frame.shape == (12, 10)
    assert frame.groupby("learner", sort=False)["stars"].sum().to_dict() == {
        "Ada": 8, "Bo": 6, "cy": 0, HOSTILE_SHOWN: 12}


def test_without_pandas_the_error_names_the_extra(summary: ClassSummary,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"needs pandas: pip install stratego-widget\[experiments\]"):
        summary.to_pandas()


def test_bad_arguments_raise_the_projects_error() -> None:
    with pytest.raises(LessonError, match="made of Progress"):
        ClassSummary([{"scout": [3]}])  # type: ignore[list-item]
    with pytest.raises(LessonError, match="mapping of lesson ids"):
        ClassSummary([], lessons={"scout": 3})  # type: ignore[dict-item]


# -- any class -------------------------------------------------------------------------------

LESSONS = [catalog()[name] for name in ("scout", "spy", "miner", "barrage")]

attempts = st.builds(
    lambda seconds, solved, stars, failed, hints: Attempt(
        DAY, seconds, solved, stars if solved else 0, failed and not solved, hints=hints),
    st.floats(0, 3600, allow_nan=False), st.booleans(), st.integers(1, 3), st.booleans(),
    st.integers(0, 3))
plays = st.lists(st.tuples(st.sampled_from(LESSONS), st.integers(0, 20), attempts), max_size=12)
learners = st.lists(st.tuples(st.text(max_size=30), plays), max_size=5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(learners)
def test_the_totals_are_the_learners_stars_whatever_the_class(
        given_learners: list[tuple[str, list[tuple[Any, int, Attempt]]]]) -> None:
    progresses = []
    for name, played in given_learners:
        progress = Progress(learner=name)
        for lesson, index, one in played:
            progress.record_attempt(lesson, index % len(lesson.steps), one)
        progresses.append(progress)
    with tempfile.TemporaryDirectory() as where:
        paths = []
        for index, progress in enumerate(progresses):
            path = pathlib.Path(where) / f"learner{index}.json"
            progress.save(path)
            paths.append(path)
        summary = ClassSummary.from_files(paths)
    assert summary.problems == []
    assert sum(row["stars"] for row in summary.table()) == sum(p.total() for p in progresses)
    assert [t["stars"] for t in summary.totals()] == [p.total() for p in progresses]
    assert [t["attempts"] for t in summary.totals()] == [
        sum(len(r.attempts) for steps in p.records.values() for r in steps.values())
        for p in progresses]
    for step in summary.hardest_steps():
        assert 0 < step.struggled <= step.tried <= len(progresses)


def test_a_blank_name_is_the_files_name_and_a_folder_is_not_a_file(
        tmp_path: pathlib.Path) -> None:
    Progress({"scout": [3]}, learner=" \t ").save(tmp_path / "fay.json")
    Progress({"scout": [2]}, learner="Ada").save(tmp_path / "one.json")
    Progress({"scout": [1]}, learner="Ada").save(tmp_path / "two.json")
    (tmp_path / "box.json").mkdir()
    summary = ClassSummary.from_files(sorted(tmp_path.iterdir()))
    assert summary.learners == ["fay", "Ada  [one.json]", "Ada  [two.json]"]
    assert summary.problems == ["box.json: this is not a file; left out."]
