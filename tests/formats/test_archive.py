"""The archive iterator over the shipped sample of Gravon records: a folder, a zip file, a folder
of zip files; a bad file named in one line, or skipped."""

from __future__ import annotations

import pathlib
import zipfile

import pytest

from stratego_widget import RecordError
from stratego_widget.formats.archive import gravon_archive
from stratego_widget.formats.records import load_file

SAMPLE = pathlib.Path(__file__).parent.parent / "data" / "gravon"
NAMES = ["game-1-barrage.xml", "game-2-barrage.xml", "game-3-duel.xml", "game-4-original.xml",
         "game-5-barrage.gsn"]


def zipped(folder: pathlib.Path, name: str, extra: dict[str, bytes] | None = None) -> pathlib.Path:
    path = folder / name
    with zipfile.ZipFile(path, "w") as archive:
        for file in sorted(SAMPLE.iterdir()):
            archive.write(file, file.name)
        for member, data in (extra or {}).items():
            archive.writestr(member, data)
    return path


def test_a_folder_gives_every_record_in_name_order_with_its_whole_game() -> None:
    records = list(gravon_archive(SAMPLE))
    assert [record.name for record in records] == NAMES
    assert [record.game.rules.name for record in records] == [
        "barrage", "barrage", "duel", "original", "barrage"]
    first = load_file(SAMPLE / NAMES[0], "gravon")
    assert records[0].game.moves == first.moves and records[0].game.winner == first.winner


def test_a_zip_and_a_folder_of_zips_give_the_same_games(tmp_path: pathlib.Path) -> None:
    archive = zipped(tmp_path, "classic.zip", {"notes/readme.txt": b"not a record"})
    from_zip = list(gravon_archive(archive))
    assert [record.name for record in from_zip] == [f"classic.zip/{name}" for name in NAMES]
    (tmp_path / "more").mkdir()
    zipped(tmp_path / "more", "barrage.zip")
    from_folder = list(gravon_archive(tmp_path))
    assert len(from_folder) == 10 and from_folder[0].name == "classic.zip/game-1-barrage.xml"
    assert from_folder[5].name == "more/barrage.zip/game-1-barrage.xml"
    assert [r.game.moves for r in from_folder[:5]] == [r.game.moves for r in from_folder[5:]]


def test_a_bad_file_is_named_in_one_line_or_skipped(tmp_path: pathlib.Path) -> None:
    broken = (SAMPLE / NAMES[0]).read_text(encoding="utf-8").replace('source="', 'source="Z', 1)
    archive = zipped(tmp_path, "games.zip", {"game-0-broken.xml": broken.encode()})
    with pytest.raises(RecordError) as refused:
        list(gravon_archive(archive))
    assert str(refused.value).startswith("games.zip/game-0-broken.xml: ")
    assert "\n" not in str(refused.value)
    skipped: list[str] = []
    kept = list(gravon_archive(archive, skip_bad=True, skipped=skipped))
    assert len(kept) == 5 and len(skipped) == 1 and skipped[0].startswith("games.zip/game-0")
    (tmp_path / "not-a.zip").write_bytes(b"PK but no zip")
    with pytest.raises(RecordError, match=r"^not-a\.zip: not a zip file"):
        list(gravon_archive(tmp_path / "not-a.zip"))
    with pytest.raises(RecordError, match="nowhere: no such folder or zip file"):
        list(gravon_archive(tmp_path / "nowhere"))
