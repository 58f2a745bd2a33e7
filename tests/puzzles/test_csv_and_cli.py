"""The puzzle CSV (round trip, malformed rows) and stratego-puzzles on a folder of records."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from stratego_widget.engine.game import Game
from stratego_widget.formats.records import dump
from stratego_widget.puzzles import PuzzleError
from stratego_widget.puzzles.cli import main
from stratego_widget.puzzles.csvfile import COLUMNS, append_puzzles, read_puzzles
from stratego_widget.puzzles.puzzle import Puzzle

RECORDS = pathlib.Path(__file__).resolve().parent.parent / "data" / "records"
POSITION = "FX8/10/10/10/10/10/10/10/10/8xf r 0"


def decided() -> Game:
    return Game.from_pieces("barrage", {"a1": "red flag", "j2": "red scout",
                                        "e4": "red marshal", "j10": "blue flag",
                                        "e7": "blue general", "a2": "blue scout"},
                            revealed=["j10", "a1"])


def test_lichess_columns_plus_the_ruleset() -> None:
    assert COLUMNS == ("PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity",
                       "NbPlays", "Themes", "GameUrl", "OpeningTags", "Ruleset")


def test_round_trip_keeps_every_field(tmp_path: pathlib.Path) -> None:
    puzzles = [Puzzle("a1", "barrage", POSITION, ("b1-b2", "i10-i9"), 1234, 80, 12, 99,
                      ("escape", "bluff"), "club/game 1.gsn#ply=12"),
               Puzzle.of(decided(), ("j2xj10",), 900, ("flag-capture",), "hand-made, 2")]
    path = tmp_path / "p.csv"
    assert append_puzzles(path, puzzles) == 2
    assert read_puzzles(path) == puzzles
    assert append_puzzles(path, puzzles) == 0  # appending skips the ids already there
    assert len(read_puzzles(path)) == 2


def row(**cells: str) -> str:
    values = {"PuzzleId": "x", "FEN": POSITION, "Moves": "b1-b2", "Rating": "1500",
              "RatingDeviation": "350", "Popularity": "0", "NbPlays": "0", "Themes": "",
              "GameUrl": "", "OpeningTags": "", "Ruleset": "barrage", **cells}
    return ",".join(values[column] for column in COLUMNS)


@pytest.mark.parametrize(("line", "named"), [
    (row(Rating="high"), "row 2: Rating"),
    (row(NbPlays="-1"), "row 2: NbPlays"),
    (row(FEN="not a position"), "row 2: FEN"),
    (row(Ruleset="chess"), "row 2: Ruleset"),
    (row(Moves="b1-c2"), "row 2: Moves"),
    (row(Moves=""), "row 2: Moves"),
    (row(PuzzleId=""), "row 2: PuzzleId"),
    ("x,y", "row 2: 2 cells"),
])
def test_a_malformed_row_is_one_line_naming_row_and_column(
        tmp_path: pathlib.Path, line: str, named: str) -> None:
    path = tmp_path / "bad.csv"
    text = ",".join(COLUMNS) + "\n" + line + "\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PuzzleError, match=named) as error:
        read_puzzles(path)
    assert "\n" not in str(error.value) and str(error.value).startswith("bad.csv, ")
    assert path.read_text(encoding="utf-8") == text


def test_a_file_without_the_header_is_refused(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "plain.csv"
    path.write_text(row() + "\n", encoding="utf-8")
    with pytest.raises(PuzzleError, match="row 1: the header"):
        read_puzzles(path)


def test_the_cli_mines_a_folder_of_records_and_resumes(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "archive"
    shutil.copytree(RECORDS, folder)
    game = decided()
    game.play("j2xj10")
    (folder / "decided.json").write_text(dump(game, "json"), encoding="utf-8")
    (folder / "broken.swn").write_text("not a record", encoding="utf-8")
    out = tmp_path / "club.csv"
    assert main(["mine", str(folder), "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert "skipped broken.swn" in printed.err
    assert "games" in printed.err  # the progress bar or counter
    puzzles = read_puzzles(out)
    found = {puzzle.source: puzzle for puzzle in puzzles}
    assert found["decided.json#ply=0"].moves == ("j2xj10",)
    assert "flag-capture" in found["decided.json#ply=0"].themes
    done = (tmp_path / "club.csv.done").read_text(encoding="utf-8").split()
    assert set(done) >= {"decided.json", "barrage-flag-captured.gsn",
                         "barrage-flag-captured.xml"}
    # A second run mines nothing again: the games are done, the puzzles there.
    assert main(["mine", str(folder), "--out", str(out)]) == 0
    assert "0 new puzzles" in capsys.readouterr().out
    assert read_puzzles(out) == puzzles


def test_the_cli_refuses_a_missing_path_in_one_line(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mine", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o.csv")]) == 2
    assert capsys.readouterr().out.count("\n") == 1
    assert not (tmp_path / "o.csv").exists()


def test_a_puzzle_is_a_lesson_move_step_the_board_can_play() -> None:
    game = decided()
    game.play("e4-e5")
    game.play("e7-e6")  # Blue's General, now shown by nothing: still hidden to Red
    puzzle = Puzzle.of(game, ("j2xj10",), source="hand-made")
    fields = puzzle.step_fields()
    rebuilt = Game.from_pieces(fields["ruleset"], fields["pieces"], to_move=fields["to_move"],
                               captured=fields["captured"], revealed=fields["revealed"],
                               moved=fields["moved"])
    assert rebuilt.position().split(" ")[:2] == game.position().split(" ")[:2]
    assert rebuilt.observation("red", history=False)["board"] == game.observation(
        "red", history=False)["board"]
    assert fields["solution"] == ["j2xj10"] and fields["replies"] == []
    rebuilt.play(fields["solution"][0])
    assert rebuilt.winner == "red"
