"""Game records: write a game in a named format, and read one back, every move checked.

Formats (``docs/notation.md`` describes each, with its limits):

* ``json``: the project's JSON record, every game (:mod:`.json_record`).
* ``swn``: the project's PGN-like text record, every game (:mod:`.swn`); it was called GSN in
  the first versions, and those files still load as ``swn`` or ``gsn``.
* ``gravon``: Gravon XML, the 10×10 games without optional rules (:mod:`.gravon`).
* ``gsn``: Gravon Stratego Notation, the line-based Gravon archive files: Original, Barrage
  and Ultimate Lightning (:mod:`.gsn`).

Reading replays every move through the engine, so a record that breaks a rule is refused with
a :class:`~stratego_widget.RecordError` naming the ply (and, in GSN, the line) and the rule.
Every reader raises only the project's errors, whatever the input, and reads at most
:data:`~.record_base.MAX_CHARS` characters and :data:`~.record_base.MAX_PLIES` moves;
:func:`load_file` refuses a file of more than :data:`~.record_base.MAX_BYTES` bytes before it
reads it.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=2)
    >>> _ = game.play(game.legal_moves()[0])
    >>> all(load(dump(game, fmt), fmt).position() == game.position() for fmt in FORMATS)
    True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.reading import read_bytes
from .gravon import GRAVON_TYPES, from_gravon, to_gravon
from .gsn import GSN_GAMES, from_gsn, to_gsn
from .json_record import JSON_FORMAT, JSON_VERSION, from_json, to_json
from .record_base import MAX_BYTES, MAX_CHARS, MAX_PLIES, start_of
from .swn import from_swn, to_swn

__all__ = [
    "CLASSIC_FORMAT_GAMES",
    "FORMATS",
    "GRAVON_TYPES",
    "GSN_GAMES",
    "JSON_FORMAT",
    "JSON_VERSION",
    "MAX_BYTES",
    "MAX_CHARS",
    "MAX_PLIES",
    "dump",
    "from_gravon",
    "from_gsn",
    "from_json",
    "from_swn",
    "load",
    "load_file",
    "start_of",
    "to_gravon",
    "to_gsn",
    "to_json",
    "to_swn",
]

#: The games Gravon XML holds: every 10×10 game without optional rules.
CLASSIC_FORMAT_GAMES = ("classic-1961", "hasbro-1999", "onyx-2009", "original", "barrage",
                        "duel", "ultimate-lightning")

Writer = Callable[..., str]
Reader = Callable[[str | bytes], Game]

#: Each format's writer (game, tags=None) and reader (text).
FORMATS: dict[str, tuple[Writer, Reader]] = {
    "json": (to_json, from_json),
    "swn": (to_swn, from_swn),
    "gravon": (to_gravon, from_gravon),
    "gsn": (to_gsn, from_gsn),
}


def dump(game: Game, fmt: str = "json", tags: Mapping[str, str] | None = None) -> str:
    """The game as a record in the named format: ``json``, ``swn``, ``gravon`` or ``gsn``.

    ``tags`` adds names such as ``{"red": "Ann", "blue": "Bob"}`` (the Gravon formats keep only
    the two players). A format that cannot hold the game raises ``RecordError`` rather than
    write a record that would not load back to the same game.

    Example:
        >>> import stratego_widget as sw
        >>> dump(sw.Game.random("duel", seed=1), "swn").startswith('[Ruleset "duel"]')
        True
        >>> dump(sw.Game.random("duel", seed=1), "gsn")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: GSN holds Original (type 0), Barrage (type 1) and Ultimate Lightning (type 3), not 'duel': use JSON or SWN (or Gravon XML for the other 10×10 games).
    """
    if not isinstance(game, Game):
        raise RecordError("record-input", f"dump() writes a Game, not {type(game).__name__}.")
    return _format(fmt)[0](game, tags=tags)


def load(text: str | bytes, fmt: str = "json") -> Game:
    """A game from a record in the named format (see :func:`dump`), every move checked.

    Example:
        >>> import stratego_widget as sw
        >>> load(dump(sw.Game.random("duel", seed=1))).rules.name
        'duel'
        >>> load(None)
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: A JSON record is text, not NoneType.
    """
    return _format(fmt)[1](text)


def load_file(path: str | os.PathLike[str], fmt: str = "json") -> Game:
    """A game from a record file in the named format (see :func:`dump`), every move checked.

    A file of more than :data:`~.record_base.MAX_BYTES` bytes is refused before it is read;
    its bytes go to the format's reader (UTF-8 text, or a Gravon XML file in the encoding it
    declares). Any file that is not a record raises a :class:`~stratego_widget.RecordError`.

    Example:
        >>> import pathlib, tempfile
        >>> import stratego_widget as sw
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.swn"
        >>> _ = path.write_text(dump(sw.Game.random("duel", seed=1), "swn"), encoding="utf-8")
        >>> load_file(path, "swn").rules.name
        'duel'
        >>> load_file(path.with_name("missing.swn"), "swn")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: missing.swn: cannot read the file (No such file or directory).
    """
    reader = _format(fmt)[1]
    return reader(read_bytes(path, limit=MAX_BYTES, error=RecordError, rule="record-input",
                             what="a record"))


def _format(fmt: object) -> tuple[Writer, Reader]:
    if not isinstance(fmt, str) or fmt.lower() not in FORMATS:
        shown = repr(fmt) if isinstance(fmt, str) else type(fmt).__name__
        raise RecordError("record-input", f"Unknown record format {shown[:40]}; formats: "
                                          f"{', '.join(FORMATS)}.")
    return FORMATS[fmt.lower()]
