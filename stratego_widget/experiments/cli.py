"""``stratego-study``: run a study described in a TOML file, write its table, plot and summary.

Usage::

    stratego-study study.toml [--workers N | --scheduler ADDRESS] [--out DIR] [--no-progress]

The file (every key but ``rulesets`` optional)::

    rulesets = ["barrage", "barrage+aggressor-advantage"]
    red = "heuristic"
    blue = "random"
    games = 2000
    seed = 0
    max_plies = 3000
    path = "auto"               # or "engine": the bots on the engine (see Study)

    [output]                    # file names inside the TOML file's folder (or --out)
    table = "study.parquet"     # .parquet (a stopped study resumes from it) or .csv
    plot = "study.png"          # any format matplotlib writes; "" for none
    summary = "study.txt"       # the printed summary; "" for none

``rulesets`` may also be a table of names, each a spec or a spec with parameters::

    [rulesets]
    original = "original"
    five-moves = { spec = "original", two_square_count = 5 }

Output names stay inside the output folder: an absolute path, a ``..`` or a control character
in a name is refused, and so is a name whose folder links out of it. A study file has at most
:data:`MAX_STUDY_FILE_BYTES` bytes.

Ctrl-C stops the study: what is finished is written and the exit code is 130; running the
same command again plays the rest (with a Parquet table).

Example:
    >>> config = parse_config('rulesets = ["duel"]\\ngames = 3\\n[output]\\nplot = ""')
    >>> study, output = config
    >>> study.games, output["table"], output["plot"]
    (3, 'study.parquet', '')
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from ..batch.extras import MissingExtraError, require
from ..engine.errors import StrategoError
from ..engine.reading import parse_toml, read_text
from ..engine.rulesets import ruleset
from .study import Study

__all__ = ["MAX_STUDY_FILE_BYTES", "main", "output_paths", "parse_config"]

#: The largest study file read: a study names a few rulesets, not megabytes of them.
MAX_STUDY_FILE_BYTES = 256_000

_STUDY_KEYS = {"rulesets", "red", "blue", "games", "seed", "max_plies", "path"}
_OUTPUT_KEYS = {"table", "plot", "summary"}


def parse_config(text: str, stem: str = "study") -> tuple[Study, dict[str, str]]:
    """The study and the output file names of a TOML text (names default to ``stem.*``)."""
    data = parse_toml(text, error=StrategoError, rule="study-file", source="The study file")
    unknown = set(data) - _STUDY_KEYS - {"output"}
    if unknown:
        raise StrategoError("study-file", f"Unknown keys {sorted(unknown)} in the study file; "
                            f"valid keys: {', '.join(sorted(_STUDY_KEYS | {'output'}))}.")
    if "rulesets" not in data:
        raise StrategoError("study-file", "The study file needs a list of rulesets, e.g. "
                            'rulesets = ["barrage", "barrage+aggressor-advantage"].')
    given = data["rulesets"]
    rulesets: Any
    if isinstance(given, dict):
        rulesets = {}
        for name, value in given.items():
            if isinstance(value, dict):
                params = dict(value)
                spec = params.pop("spec", None)
                if not isinstance(spec, str):
                    raise StrategoError("study-file", f"Ruleset {name!r} needs a spec, e.g. "
                                        '{ spec = "original", two_square_count = 5 }.')
                rulesets[name] = ruleset(spec, **params)
            else:
                rulesets[name] = value
    else:
        rulesets = given
    study = Study(rulesets, **{key: data[key] for key in _STUDY_KEYS - {"rulesets"}
                               if key in data})
    output = {"table": f"{stem}.parquet", "plot": f"{stem}.png", "summary": f"{stem}.txt"}
    given_output = data.get("output", {})
    unknown = set(given_output) - _OUTPUT_KEYS
    if unknown:
        raise StrategoError("study-file", f"Unknown keys {sorted(unknown)} in [output]; "
                            f"valid keys: {', '.join(sorted(_OUTPUT_KEYS))}.")
    if not isinstance(given_output, dict):
        raise StrategoError("study-output", "[output] is a table of file names, e.g. "
                            '[output] table = "study.csv".')
    for key, value in given_output.items():
        output[key] = _output_name(key, value)
    return study, output


def _output_name(key: str, value: Any) -> str:
    """An ``[output]`` file name that stays inside the output folder, or a one-line error."""
    if not isinstance(value, str):
        raise StrategoError("study-output", f"[output] {key} is a file name in quotes, not "
                            f"{value!r}.")
    if any(not character.isprintable() for character in value):
        raise StrategoError("study-output", f"[output] {key} has a control character in its "
                            f"name: {value!r}.")
    posix, windows = pathlib.PurePosixPath(value), pathlib.PureWindowsPath(value)
    if posix.is_absolute() or windows.anchor or ".." in posix.parts or ".." in windows.parts:
        raise StrategoError("study-output", f"[output] {key} = {value!r} leaves the output "
                            "folder; give a file name inside it, e.g. \"study.csv\".")
    return value


def output_paths(folder: str | os.PathLike[str], output: dict[str, str]) -> dict[str, str]:
    """The output files in ``folder`` (made if missing, with the names' subfolders): one path
    per non-empty name, each checked to resolve inside the folder even through links.

    Example:
        >>> import tempfile
        >>> folder = tempfile.mkdtemp()
        >>> paths = output_paths(folder, {"table": "runs/a.csv", "plot": ""})
        >>> sorted(paths), paths["table"].endswith(os.path.join("runs", "a.csv"))
        (['table'], True)
    """
    root = pathlib.Path(folder).resolve()
    paths = {}
    for key, name in output.items():
        if not name:
            continue
        path = root / _output_name(key, name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            inside = path.resolve().is_relative_to(root) and not path.is_dir()
        except OSError as error:
            raise StrategoError("study-output", f"[output] {key}: cannot make the folder of "
                                f"{name!r} ({error.strerror or error}).") from None
        if not inside:
            raise StrategoError("study-output", f"[output] {key} = {name!r} is not a file "
                                "inside the output folder (a link or a folder stands there).")
        paths[key] = str(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """The command; returns its exit code (0 done, 130 stopped, 2 a bad study file)."""
    parser = argparse.ArgumentParser(
        prog="stratego-study",
        description="Run a study of bot games described in a TOML file; write its table, plot "
                    "and summary (see docs/experiments.md).")
    parser.add_argument("file", help="the study, a TOML file")
    parser.add_argument("--workers", type=int, help="processes on this machine "
                        "(default: one per core)")
    parser.add_argument("--scheduler", help="play on this Dask scheduler (tcp://host:8786) "
                        "instead of local processes")
    parser.add_argument("--out", help="write the outputs into this folder "
                        "(default: the study file's folder)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        text = read_text(args.file, limit=MAX_STUDY_FILE_BYTES, error=StrategoError,
                         rule="study-file", what="a study file")
        stem = os.path.splitext(os.path.basename(args.file))[0]
        study, output = parse_config(text, stem)
        folder = args.out or os.path.dirname(os.path.abspath(args.file))
        paths = output_paths(folder, output)
        if "plot" in paths:  # fail before playing, and draw without a screen
            require("matplotlib", "stratego-study's plot", "plots").use("Agg")
        table_path = paths.get("table")
        resumable = table_path is not None and table_path.endswith(".parquet")
        client = None
        if args.scheduler:
            distributed = require("distributed", "stratego-study --scheduler", "dask")
            client = distributed.Client(args.scheduler)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", UserWarning)
                table = study.run(workers=args.workers, client=client,
                                  save=table_path if resumable else None,
                                  progress=not args.no_progress)
            for warning in caught:  # "Study stopped: …", as a line, not a source listing
                print(warning.message, file=sys.stderr)
        finally:
            if client is not None:
                client.close()
    except (OSError, StrategoError, MissingExtraError) as error:
        return _failed(error)
    summary = study.summary()
    print(summary)
    try:
        _write(study, table, summary, paths, resumable)
    except OSError as error:
        return _failed(f"cannot write the outputs ({error.strerror or error}: "
                       f"{error.filename or ''}).")
    written = ", ".join(paths[key] for key in ("table", "plot", "summary") if key in paths)
    print(f"{study.done} of {study.total} games in {study.seconds:.1f} s; written: {written}",
          file=sys.stderr)
    return 0 if study.complete else 130


def _failed(error: object) -> int:
    """Say what went wrong in one line; the exit code of a failed study."""
    print(f"stratego-study: error: {error}", file=sys.stderr)
    return 2


def _write(study: Study, table: Any, summary: object, paths: dict[str, str],
           resumable: bool) -> None:
    """Write the table (unless it is the resumable Parquet file, written as it played), the
    summary and the plot to their paths."""
    if "table" in paths and not resumable:
        table.to_csv(paths["table"], index=False)
    if "summary" in paths:
        with open(paths["summary"], "w", encoding="utf-8") as handle:
            handle.write(f"{summary}\n")
    if "plot" in paths and study.done:
        pyplot = require("matplotlib.pyplot", "stratego-study's plot", "plots")
        figure = study.plot()
        try:
            figure.savefig(paths["plot"], dpi=110)
        finally:
            pyplot.close(figure)


if __name__ == "__main__":
    sys.exit(main())
