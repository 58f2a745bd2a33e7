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

__all__ = ["MakeError", "decode_text", "parse_json", "parse_toml", "read_text"]

#: Builds the caller's typed error from a rule id and a one-line message (an error class such
#: as ``RecordError`` is one; a ``functools.partial`` adds more fields).
MakeError = Callable[[str, str], StrategoError]


def read_text(path: str | os.PathLike[str], *, limit: int, error: MakeError, rule: str,
              what: str) -> str:
    """The UTF-8 text of the file at ``path``, refused before it is read when it has more than
    ``limit`` bytes. A missing or unreadable file, a folder, or text that is not UTF-8 raises
    ``error(rule, message)``; the message names the file.

    Example:
        >>> from stratego_widget.engine.errors import RecordError
        >>> read_text("no-such-file.json", limit=10, error=RecordError, rule="record-file",
        ...           what="a record")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: no-such-file.json: cannot read the file (No such file or directory).
    """
    file = pathlib.Path(path)
    try:
        with file.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise error(rule, f"{file.name}: {what} has at most {limit:,} bytes; this file "
                                  f"has {size:,}.")
            data = handle.read(limit + 1)  # a pipe or a growing file says no size
    except OSError as problem:
        reason = problem.strerror or type(problem).__name__
        raise error(rule, f"{file.name}: cannot read the file ({reason}).") from None
    if len(data) > limit:
        raise error(rule, f"{file.name}: {what} has at most {limit:,} bytes; this file has "
                          "more.")
    return decode_text(data, error=error, rule=rule, source=file.name)


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
