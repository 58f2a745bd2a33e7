"""Reading a file somebody handed over: its size checked before it is read, its text decoded
and parsed, and every failure turned into the caller's typed error in one line.

Every reader of the package (progress, lesson, variant, study file, record) reads through
these, so that no file, whatever its size, encoding, nesting or numbers, raises anything but
the project's own errors.

Example:
    >>> import pathlib, tempfile
    >>> from stratego_widget.engine.errors import RecordError
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "big.json"
    >>> _ = path.write_text("[" * 50 + "]" * 50, encoding="utf-8")
    >>> read_text(path, limit=20, error=RecordError, rule="record-size", what="a record")
    Traceback (most recent call last):
    ...
    stratego_widget.RecordError: big.json: a record has at most 20 bytes; this file has 100.
"""

from __future__ import annotations

import json
import os
import pathlib
import tomllib
from collections.abc import Callable
from typing import Any

from .errors import StrategoError

__all__ = ["MakeError", "check_text", "decode_text", "parse_json", "parse_toml", "read_bytes", "read_text"]

#: Builds the caller's typed error from a rule id and a one-line message (an error class such
#: as ``RecordError`` is one; a ``functools.partial`` adds more fields).
MakeError = Callable[[str, str], StrategoError]


def read_bytes(path: str | os.PathLike[str], *, limit: int, error: MakeError, rule: str,
               what: str) -> bytes:
    """The bytes of the file at ``path``, refused before it is read when it has more than
    ``limit`` bytes. A path that is not one, a missing or unreadable file or a folder raises
    ``error(rule, message)``; the message names the file.

    Example:
        >>> from stratego_widget.engine.errors import RecordError
        >>> read_bytes("no-such-file.json", limit=10, error=RecordError, rule="record-file",
        ...            what="a record")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: no-such-file.json: cannot read the file (No such file or directory).
    """
    if not isinstance(path, str | os.PathLike):
        raise error(rule, f"{what[0].upper()}{what[1:]} is read from a path, not "
                          f"{type(path).__name__}.")
    file = pathlib.Path(path)
    name = _printable(file.name)
    size: int | None = None
    data = b""
    try:
        with file.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size <= limit:
                data = handle.read(limit + 1)  # a pipe or a growing file says no size
    except (OSError, ValueError) as problem:  # ValueError: a NUL in the path
        reason = getattr(problem, "strerror", None) or str(problem)
        raise error(rule, f"{name}: cannot read the file ({reason}).") from None
    if len(data) > limit or (size or 0) > limit:
        has = f"{size:,}" if size is not None and size > limit else "more"
        raise error(rule, f"{name}: {what} has at most {limit:,} bytes; this file has {has}.")
    return data


def read_text(path: str | os.PathLike[str], *, limit: int, error: MakeError, rule: str,
              what: str) -> str:
    """The UTF-8 text of the file at ``path``, read by :func:`read_bytes` (so refused before it
    is read when it has more than ``limit`` bytes); text that is not UTF-8 raises
    ``error(rule, …)`` too.

    Example:
        >>> import pathlib, tempfile
        >>> from stratego_widget.engine.errors import RecordError
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "latin.txt"
        >>> _ = path.write_bytes(b"caf\\xe9")
        >>> read_text(path, limit=10, error=RecordError, rule="record", what="a record")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: latin.txt: the file is not UTF-8 text (byte 0xe9 at position 3).
    """
    data = read_bytes(path, limit=limit, error=error, rule=rule, what=what)
    return decode_text(data, error=error, rule=rule, source=_printable(pathlib.Path(path).name))


def _printable(name: str) -> str:
    """``name`` with its control characters escaped: an error stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)


def check_text(text: object, *, limit: int, error: MakeError, rule: str, source: str,
               what: str) -> str:
    """``text`` if it is a string of at most ``limit`` characters, else ``error(rule, …)``
    naming ``source`` and saying what ``what`` (``"a lesson is TOML text"``) should be.

    Example:
        >>> from stratego_widget.engine.errors import RecordError
        >>> check_text(b"{}", limit=10, error=RecordError, rule="record", source="x",
        ...            what="a record is JSON text")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: x: a record is JSON text, not bytes.
    """
    if not isinstance(text, str):
        raise error(rule, f"{source}: {what}, not {type(text).__name__}.")
    if len(text) > limit:
        raise error(rule, f"{source}: {what} of at most {limit:,} characters; this text has "
                          f"{len(text):,}.")
    return text


def decode_text(data: bytes, *, error: MakeError, rule: str, source: str) -> str:
    """``data`` as UTF-8 text (a byte-order mark is dropped); ``error(rule, …)`` if it is not.

    Example:
        >>> from stratego_widget.engine.errors import RecordError
        >>> decode_text(b"\\xef\\xbb\\xbfok", error=RecordError, rule="record", source="x")
        'ok'
        >>> decode_text(b"\\xff", error=RecordError, rule="record", source="x")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: x: the file is not UTF-8 text (byte 0xff at position 0).
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise error(rule, f"{source}: the file is not UTF-8 text (byte "
                          f"0x{data[problem.start]:02x} at position {problem.start}).") from None


def parse_json(text: str, *, error: MakeError, rule: str, source: str) -> Any:
    """The value of the JSON ``text``; malformed JSON, nesting too deep for Python and numbers
    too long to read raise ``error(rule, …)`` naming ``source``.

    Example:
        >>> from stratego_widget.engine.errors import RecordError
        >>> parse_json('{"a": [1, 2]}', error=RecordError, rule="record", source="x")
        {'a': [1, 2]}
        >>> parse_json("9" * 5000, error=RecordError, rule="record", source="x")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: x: a number in the file is too long to read.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(rule, f"{source}: not JSON: {problem.msg} at line {problem.lineno}, "
                          f"column {problem.colno}.") from None
    except RecursionError:
        raise error(rule, f"{source}: the JSON is nested too deeply.") from None
    except ValueError:  # Python's limit on the digits of an int
        raise error(rule, f"{source}: a number in the file is too long to read.") from None


def parse_toml(text: str, *, error: MakeError, rule: str, source: str) -> dict[str, Any]:
    """The table of the TOML ``text``; malformed TOML, nesting too deep for Python and numbers
    too long to read raise ``error(rule, …)`` naming ``source``.

    Example:
        >>> from stratego_widget.engine.errors import RecordError
        >>> parse_toml("a = 1", error=RecordError, rule="record", source="x")
        {'a': 1}
        >>> parse_toml("a = " + "[" * 2000 + "]" * 2000, error=RecordError, rule="record",
        ...            source="x")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: x: the TOML is nested too deeply.
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(rule, f"{source}: not valid TOML: {problem}.") from None
    except RecursionError:
        raise error(rule, f"{source}: the TOML is nested too deeply.") from None
    except ValueError:  # Python's limit on the digits of an int
        raise error(rule, f"{source}: a number in the file is too long to read.") from None
