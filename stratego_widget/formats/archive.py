"""Many human games at once: every Gravon record in a folder or a zip file, one after the other.

Gravon's archive (the StraDoS2 game server's) is handed out as zip files of XML game records.
:func:`gravon_archive` reads a folder (its subfolders too), a zip file, or a folder of zip
files, and yields an :class:`ArchiveRecord` for every Gravon XML record (``.xml``) and every
GSN file (``.gsn``) in them, in the order of their names: the record's name (``classic.zip/
game-1.xml``) and its game, every move checked by the engine. Other files are passed over.

A file that is not a good record raises a :class:`~stratego_widget.RecordError` naming it in
one line; with ``skip_bad=True`` it is passed over instead, and its name and the reason are
added to the ``skipped`` list when one is given. A member of a zip bigger than
:data:`~.record_base.MAX_BYTES` is refused before it is unpacked.

Example:
    >>> import pathlib, tempfile
    >>> import stratego_widget as sw
    >>> from stratego_widget.formats.gravon import to_gravon
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "one.xml").write_text(to_gravon(sw.Game.random("barrage", seed=1)))
    >>> [(record.name, record.game.rules.name) for record in gravon_archive(folder)]
    [('one.xml', 'barrage')]
"""

from __future__ import annotations

import os
import pathlib
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

from ..engine.errors import RecordError, StrategoError
from ..engine.game import Game
from ..engine.reading import read_bytes
from ..engine.rulesets import Ruleset
from .gravon import from_gravon
from .gsn import from_gsn
from .record_base import MAX_BYTES

__all__ = ["READERS", "ArchiveRecord", "gravon_archive"]

#: The reader of each kind of file an archive holds, by its ending.
READERS: dict[str, Callable[..., Game]] = {".xml": from_gravon, ".gsn": from_gsn}


@dataclass(frozen=True)
class ArchiveRecord:
    """One game of an archive: ``name`` (its path in the folder, through the zip file that
    holds it) and ``game`` (the whole game, as :func:`~.records.load` reads it)."""

    name: str
    game: Game


def gravon_archive(path: str | os.PathLike[str], skip_bad: bool = False,
                   skipped: list[str] | None = None,
                   rules: Ruleset | str | None = None) -> Iterator[ArchiveRecord]:
    """Every Gravon XML and GSN record in the folder or zip file ``path`` (see the module).
    ``rules`` reads every record with that ruleset (for records without a game type).

    Example:
        >>> next(gravon_archive("no-such-archive"))
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: no-such-archive: no such folder or zip file.
    """
    root = pathlib.Path(path)
    if root.is_dir():
        files = sorted(item for item in root.rglob("*") if item.is_file())
        sources = [(item, item.relative_to(root).as_posix()) for item in files]
    elif root.is_file():
        sources = [(root, root.name)]
    else:
        raise RecordError("record-input", f"{root.name or path}: no such folder or zip file.")
    for file, name in sources:
        suffix = file.suffix.lower()
        if suffix == ".zip":
            yield from _zip_records(file, name, skip_bad, skipped, rules)
        elif suffix in READERS:
            read = _guard(name, skip_bad, skipped, partial(
                read_bytes, file, limit=MAX_BYTES, error=RecordError, rule="record-input",
                what="a record"))
            record = _record(name, read, skip_bad, skipped, rules)
            if record is not None:
                yield record


def _zip_records(file: pathlib.Path, name: str, skip_bad: bool, skipped: list[str] | None,
                 rules: Ruleset | str | None) -> Iterator[ArchiveRecord]:
    try:
        archive = zipfile.ZipFile(file)
    except (OSError, zipfile.BadZipFile, ValueError) as error:
        _bad(f"{name}: not a zip file ({' '.join(str(error).split())[:80]}).", skip_bad,
             skipped)
        return
    with archive:
        for member in sorted(archive.infolist(), key=lambda info: info.filename):
            inner = f"{name}/{member.filename}"
            if member.is_dir() or pathlib.PurePosixPath(member.filename).suffix.lower() \
                    not in READERS:
                continue
            if member.file_size > MAX_BYTES:
                _bad(f"{inner}: {member.file_size:,} bytes, more than a record's "
                     f"{MAX_BYTES:,}.", skip_bad, skipped)
                continue
            data = _guard(inner, skip_bad, skipped, partial(archive.read, member))
            record = _record(inner, data, skip_bad, skipped, rules)
            if record is not None:
                yield record


def _guard(name: str, skip_bad: bool, skipped: list[str] | None,
           read: Callable[[], bytes]) -> bytes | None:
    """The bytes ``read`` gives, or ``None`` (after :func:`_bad`) when they cannot be read."""
    try:
        return read()
    except RecordError as error:
        message = str(error)
        _bad(message if message.startswith(name) else f"{name}: {message}", skip_bad, skipped)
    except (OSError, zipfile.BadZipFile, ValueError, EOFError) as error:
        _bad(f"{name}: cannot be read ({' '.join(str(error).split())[:80]}).", skip_bad,
             skipped)
    return None


def _record(name: str, data: bytes | None, skip_bad: bool, skipped: list[str] | None,
            rules: Ruleset | str | None) -> ArchiveRecord | None:
    if data is None:
        return None
    reader = READERS[pathlib.PurePosixPath(name).suffix.lower()]
    try:
        return ArchiveRecord(name, reader(data, rules))
    except StrategoError as error:
        _bad(f"{name}: {error}", skip_bad, skipped)
        return None


def _bad(message: str, skip_bad: bool, skipped: list[str] | None) -> None:
    """Refuse the archive at a bad file, or note it and go on (``skip_bad``)."""
    if not skip_bad:
        raise RecordError("record-input", message)
    if skipped is not None:
        skipped.append(message)
