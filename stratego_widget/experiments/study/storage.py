"""A study on disk: its finished games and its description in one Parquet file.

:func:`write_study` writes the table and the description (beside the file first, then moved in
place); :func:`read_config` and :func:`read_rows` read them back, and :func:`reading` turns any
failure to read into a one-line ``study`` error naming the file.

Example:
    >>> same_games({"path": "compiled", "red": "random", "blue": "random"})["path"]
    'batch'
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator, Mapping
from typing import Any

from ...batch import POLICIES
from ...batch.extras import require
from ...engine.errors import StrategoError
from ...engine.reading import decode_text, parse_json

__all__ = ["FORMAT", "plain", "read_config", "read_rows", "reading", "same_games",
           "write_study"]

#: The format name a saved study's description carries.
FORMAT = "stratego-study/1"
_METADATA_KEY = b"stratego_study"


def plain(value: Any) -> Any:
    """A table cell as a plain Python value (pandas and pyarrow hand out numpy scalars).

    Example:
        >>> plain(3), plain("red")
        (3, 'red')
    """
    item = getattr(value, "item", None)
    return item() if callable(item) else value


def write_study(path: str, table: Any, config: Mapping[str, Any]) -> None:
    """Write ``table`` (a pandas DataFrame) with ``config`` as its description to the Parquet
    file ``path`` (written beside it first, then moved in place, so a stop while saving loses
    nothing).

    Example:
        >>> import pandas, pathlib, tempfile
        >>> path = str(pathlib.Path(tempfile.mkdtemp()) / "study.parquet")
        >>> write_study(path, pandas.DataFrame({"game": [0]}), {"games": 1})
        >>> read_config(path)
        {'games': 1}
    """
    pyarrow = require("pyarrow", "Study.save", "experiments")
    parquet = require("pyarrow.parquet", "Study.save", "experiments")
    arrow = pyarrow.Table.from_pandas(table, preserve_index=False)
    metadata = dict(arrow.schema.metadata or {})
    metadata[_METADATA_KEY] = json.dumps(dict(config)).encode()
    arrow = arrow.replace_schema_metadata(metadata)
    partial = f"{path}.partial"
    parquet.write_table(arrow, partial)
    os.replace(partial, path)


@contextlib.contextmanager
def reading(path: str) -> Iterator[None]:
    """Turn any failure to read the saved study at ``path`` (a file that is not Parquet, a
    description or rows of the wrong shape) into a one-line ``study`` error naming the file.

    Example:
        >>> with reading("nowhere.parquet"):
        ...     raise KeyError("games")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: nowhere.parquet cannot be read as a saved study (KeyError: 'games').
    """
    pyarrow = require("pyarrow", "Study.load", "experiments")
    try:
        yield
    except StrategoError:
        raise
    except (pyarrow.ArrowException, OSError, ValueError, TypeError, KeyError, IndexError,
            AttributeError, RecursionError) as error:
        reason = " ".join(str(error).split())[:200]
        raise StrategoError("study", f"{path} cannot be read as a saved study "
                            f"({type(error).__name__}: {reason}).") from None


def read_config(path: str) -> dict[str, Any]:
    """The description of the study saved at ``path`` (see :func:`write_study`)."""
    parquet = require("pyarrow.parquet", "Study.load", "experiments")
    metadata = parquet.read_schema(path).metadata or {}
    if _METADATA_KEY not in metadata:
        raise StrategoError("study", f"{path} is not a saved study (no study description).")
    text = decode_text(metadata[_METADATA_KEY], error=StrategoError, rule="study", source=path)
    config = parse_json(text, error=StrategoError, rule="study", source=path)
    if not isinstance(config, dict):
        raise StrategoError("study", f"{path} is not a saved study (its description is not "
                            "an object).")
    return config


def read_rows(path: str, config: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a saved study, if it is the study described by ``config`` or the same study
    with fewer games (a game's seed does not depend on how many games a study has: a study can
    be extended)."""
    saved = read_config(path)
    fewer = saved.get("games", 0) <= config["games"]
    if same_games({**saved, "games": config["games"]}) != same_games(config) or not fewer:
        raise StrategoError("study", f"{path} holds a different study ({saved['red']} against "
                            f"{saved['blue']}, rulesets {list(saved['rulesets'])}, "
                            f"{saved['games']} games, seed {saved['seed']}); "
                            "choose another file or the same study.")
    parquet = require("pyarrow.parquet", "Study.load", "experiments")
    rows: list[dict[str, Any]] = parquet.read_table(path).to_pylist()
    return rows


def same_games(config: Mapping[str, Any]) -> dict[str, Any]:
    """A study's description with its path reduced to what decides its games: the engine's
    bots or the batch policies (the compiled kernel and the Python engine play the same
    games). A study saved before studies had paths played on the engine.

    Example:
        >>> same_games({"red": "strong", "blue": "random"})["path"]
        'engine'
    """
    path = config.get("path", "engine")
    batch = path != "engine" and config.get("red") in POLICIES and config.get("blue") in POLICIES
    return {**config, "path": "batch" if batch else "engine"}
