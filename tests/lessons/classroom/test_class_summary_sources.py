"""The class summary says which file each learner came from, and its exports are safe to open
in a spreadsheet: a learner's file may claim any name, so a name that is not the file's own
shows the file beside it, and no exported cell starts a formula."""

from __future__ import annotations

import csv
import dataclasses
import io
import pathlib
import tempfile
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import ClassSummary, catalog
from stratego_widget.lessons.classroom.class_files import same_name
from stratego_widget.lessons.classroom.progress import Progress
from stratego_widget.lessons.classroom.summary import FORMULA_STARTS
from stratego_widget.lessons.model.text import Text


def everything_shown(summary: ClassSummary) -> list[str]:
    """Every place a learner is shown: the table, the totals, the heat map, the page, the
    data frame."""
    return [" ".join(str(row["learner"]) for row in summary.table()),
            " ".join(str(row["learner"]) for row in summary.totals()),
            summary.heatmap_svg(), summary.to_html(), summary._repr_html_(),
            " ".join(summary.to_pandas()["learner"])]


def test_a_name_that_is_not_the_files_shows_the_file(tmp_path: pathlib.Path) -> None:
    Progress({"scout": [3, 3, 3, 3]}, learner="Bob (bob.json)").save(tmp_path / "zed.json")
    Progress({"scout": [1]}, learner="bob").save(tmp_path / "bob.json")
    Progress({"scout": [2]}).save(tmp_path / "cy.json")
    summary = ClassSummary.from_folder(tmp_path)
    assert summary.learners == ["bob", "cy", "Bob (bob.json)  [zed.json]"]
    for shown in everything_shown(summary):
        assert "Bob (bob.json)  [zed.json]" in shown
    # The heat map cuts a long name, never the file it came from.
    Progress({"scout": [3]}, learner="A" * 150).save(tmp_path / "zed.json")
    summary = ClassSummary.from_folder(tmp_path)
    assert summary.learners[-1] == "A" * 119 + "…  [zed.json]"
    assert "…  [zed.json]</text>" in summary.heatmap_svg()


def test_the_same_name_in_two_files_is_told_apart_by_the_files(tmp_path: pathlib.Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    Progress({"scout": [3]}).save(tmp_path / "a" / "ada.json")
    Progress({"scout": [1]}).save(tmp_path / "b" / "ada.json")
    Progress({"scout": [2]}, learner="Ada").save(tmp_path / "a" / "one.json")
    summary = ClassSummary.from_files([tmp_path / "a" / "ada.json", tmp_path / "b" / "ada.json",
                                       tmp_path / "a" / "one.json"])
    assert summary.learners == ["ada  [a/ada.json]", "ada  [b/ada.json]", "Ada  [one.json]"]


def test_a_file_named_like_a_label_cannot_pose_as_another(tmp_path: pathlib.Path) -> None:
    Progress({"scout": [1]}, learner="Bob").save(tmp_path / "bob.json")
    Progress({"scout": [3, 3, 3, 3]}, learner="Bob  [bob.json]").save(
        tmp_path / "Bob  [bob.json].json")
    Progress({"scout": [3, 3, 3, 3]}).save(tmp_path / "Bob  [bob.json]2.json")
    summary = ClassSummary.from_folder(tmp_path)
    assert sorted(summary.learners) == [r"Bob",
                                        r"Bob  [bob.json]  [Bob  \[bob.json\].json]",
                                        r"Bob  [bob.json]2  [Bob  \[bob.json\]2.json]"]
    stars = {row["learner"]: row["stars"] for row in summary.totals()}
    assert stars["Bob"] == 1     # the one shown as bob's is bob.json's


def test_a_name_that_is_the_files_own_is_shown_alone(tmp_path: pathlib.Path) -> None:
    """Issue 34: "Ada" in ada.json was shown as "Ada  [ada.json]". A name is the file's own
    when the two are equal without case, accents and separators; any other name keeps the
    file beside it."""
    Progress({"scout": [3]}, learner="Ada").save(tmp_path / "ada.json")
    Progress({"scout": [3]}, learner="Zoë van Dijk").save(tmp_path / "zoe_van-dijk.json")
    Progress({"scout": [3]}, learner="Bob").save(tmp_path / "bobby.json")
    Progress({"scout": [3]}).save(tmp_path / "cy.json")
    summary = ClassSummary.from_folder(tmp_path)
    assert summary.learners == ["Ada", "Bob  [bobby.json]", "cy", "Zoë van Dijk"]


def file_label(name: str) -> str:
    return name.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


file_names = st.text(alphabet="abAB []()\\.=-_", min_size=1, max_size=10).filter(
    lambda name: name.strip() == name and name not in {".", ".."})
stated_names = st.text(alphabet="abAB []()\\.=-_", max_size=16)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(file_names, stated_names, max_size=5))
def test_every_learner_shown_is_the_files_own_or_names_the_file(
        files: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as where:
        for stem, learner in files.items():
            Progress({"scout": [1]}, learner=learner).save(pathlib.Path(where) / f"{stem}.json")
        summary = ClassSummary.from_folder(where)
    assert summary.problems == [] and len(summary.learners) == len(files)
    shown = sorted(summary.learners)
    labels = {}
    for stem, learner in files.items():
        name = learner.strip() or stem
        bare = same_name(name, stem) and not set(stem) & set("[]")
        labels[stem] = name if bare else f"{name}  [{file_label(stem + '.json')}]"
    twice = Counter(labels.values())
    folder = pathlib.Path(where).name
    for stem, learner in files.items():
        expected = labels[stem] if twice[labels[stem]] == 1 else \
            f"{learner.strip() or stem}  [{file_label(folder + '/' + stem + '.json')}]"
        assert expected in shown   # each file's learner is shown as that file's, and once
        shown.remove(expected)


# -- exports a spreadsheet opens -------------------------------------------------------------

def test_no_exported_cell_starts_a_formula(tmp_path: pathlib.Path) -> None:
    names = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tTab",
             "=cmd|' /C calc'!A0"]
    for index, name in enumerate(names):
        Progress({"scout": [3]}, learner=name).save(tmp_path / f"l{index}.json")
    Progress({"scout": [3]}, learner="-").save(tmp_path / "-.json")
    summary = ClassSummary.from_folder(tmp_path)
    frame = summary.to_pandas()
    text = frame.to_csv(index=False)
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not [cell for cell in cells if cell.startswith(FORMULA_STARTS)]
    assert set(FORMULA_STARTS) >= {"=", "+", "-", "@", "\t", "\r"}
    shown = set(frame["learner"])
    assert "'+1+1  [l1.json]" in shown and "'-" in shown
    # The numbers stay numbers, and the summary's own table keeps the names as they are.
    assert frame["stars"].sum() == 21
    assert summary.table()[2]["learner"] == "+1+1  [l1.json]"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=12), st.text(max_size=12))
def test_no_cell_of_any_class_starts_a_formula(learner: str, title: str) -> None:
    lesson = dataclasses.replace(catalog()["scout"], id="-scout", title=Text({"en": title}))
    summary = ClassSummary({learner or "x": Progress({"-scout": [3]})}, lessons={"-scout": lesson})
    text = summary.to_pandas().to_csv(index=False)
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not [cell for cell in cells if cell.startswith(FORMULA_STARTS)]
