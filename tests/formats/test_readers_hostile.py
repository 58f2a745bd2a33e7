"""Hostile or careless shared files: every reader refuses them with the project's own error.

A progress file, a variant file, a record (text, bytes or file), a position string, a lesson,
a study file or a saved study may be huge, not UTF-8, nested 100,000 deep or hold a number of
5,000 digits. Each reader checks a file's size before it reads it and raises a
:class:`~stratego_widget.StrategoError` subclass, with its ``rule``, for anything it cannot
read; nothing else escapes.
"""

from __future__ import annotations

import json
import pathlib
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget import StrategoError
from stratego_widget.engine.variants import MAX_FILE_BYTES, load_variant
from stratego_widget.experiments.cli import parse_config
from stratego_widget.experiments.study import Study, game_seed
from stratego_widget.formats.records import FORMATS, MAX_BYTES, dump, load, load_file
from stratego_widget.lessons import Lesson, LessonError
from stratego_widget.lessons.classroom.progress import Progress
from stratego_widget.lessons.classroom.progress_file import MAX_PROGRESS_BYTES

DATA = pathlib.Path(sw.__file__).parent / "lessons" / "data"
#: A reader refusing a file by its size allocates next to nothing; reading it would not.
SMALL_PEAK = 2_000_000
EMPTY_BARRAGE = "/".join(["10"] * 10)


def sparse_file(path: pathlib.Path, size: int) -> pathlib.Path:
    """A file of ``size`` bytes that takes no room on the disk (a run of zero bytes)."""
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


def peak_bytes(call: Callable[[], object]) -> tuple[BaseException | None, int]:
    """The error ``call`` raised (or None) and the most memory it held at once."""
    tracemalloc.start()
    try:
        call()
    except Exception as error:  # returned for the test to check
        return error, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return None, 0


# -- position strings -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "9" * 5000 + "/10" * 9 + " r 0",                          # a 5,000-digit run of squares
    "F" + "0" * 5000 + "9/" + "/".join(["10"] * 9) + " r 0",  # leading zeros, same length
    "F\u0669/" + "/".join(["10"] * 9) + " r 0",                # an Arabic-Indic 9
    "F9/" + "/".join(["10"] * 9) + " r 0 $$$",                  # captured pieces unreadable
    "F9/" + "/".join(["10"] * 9) + " r 0 F$",
])
def test_a_position_string_is_read_or_refused_with_a_record_error(text: str) -> None:
    with pytest.raises(sw.RecordError) as caught:
        sw.Game.from_position(text, "barrage")
    assert caught.value.rule.startswith("record") and "\n" not in str(caught.value)
    assert caught.value.__suppress_context__ or caught.value.__context__ is None


# -- progress ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("content", "words"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"scout": [' + b"9" * 5000 + b"]}", "number"),
    (b'{"scout": [3]}\xff', "UTF-8"),
    (b'{"scout": [3]}' + b" " * MAX_PROGRESS_BYTES, f"{MAX_PROGRESS_BYTES:,} bytes"),
])
def test_a_malformed_progress_file_gives_a_lesson_progress_error(
        tmp_path: pathlib.Path, content: bytes, words: str) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    with pytest.raises(LessonError) as caught:
        Progress.load(path)
    assert caught.value.rule == "lesson-progress"
    assert words in str(caught.value) and "progress.json" in str(caught.value)


def test_a_huge_progress_file_is_refused_before_it_is_read(tmp_path: pathlib.Path) -> None:
    path = sparse_file(tmp_path / "progress.json", 200_000_000)
    error, peak = peak_bytes(lambda: Progress.load(path))
    assert peak < SMALL_PEAK
    assert isinstance(error, LessonError) and error.rule == "lesson-progress"


@pytest.mark.parametrize("text", [
    "[" * 100_000, '{"a": ' * 100_000, '{"scout": [' + "9" * 5000 + "]}",
    '{"scout": [-' + "9" * 5000 + "]}", " " * (MAX_PROGRESS_BYTES + 1) + "{}",
])
def test_progress_from_json_refuses_deep_nesting_and_huge_numbers(text: str) -> None:
    with pytest.raises(LessonError) as caught:
        Progress.from_json(text)
    assert caught.value.rule == "lesson-progress"


def test_progress_still_round_trips(tmp_path: pathlib.Path) -> None:
    progress = Progress({"scout": [3, 1, 0], "bombs": [2]})
    progress.save(tmp_path / "progress.json")
    assert Progress.load(tmp_path / "progress.json") == progress
    assert Progress.load(tmp_path / "missing.json") == Progress()


# -- variants ---------------------------------------------------------------------------------

@pytest.mark.parametrize("content", [
    b'{"format": "stratego-widget-variant", "version": ' + b"9" * 5000 + b"}",
    b'{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": "duel", '
    b'"changes": {"max_plies": ' + b"9" * 5000 + b"}}",
    b"\xff\xfe{}",
])
def test_a_variant_file_with_a_huge_number_gives_a_variant_error(
        tmp_path: pathlib.Path, content: bytes) -> None:
    path = tmp_path / "variant.json"
    path.write_bytes(content)
    with pytest.raises(sw.VariantError) as caught:
        load_variant(path)
    assert caught.value.field == "format" and caught.value.rule == "variant-file"


def test_a_huge_variant_file_is_refused_before_it_is_read(tmp_path: pathlib.Path) -> None:
    path = sparse_file(tmp_path / "variant.json", 200_000_000)
    error, peak = peak_bytes(lambda: load_variant(path))
    assert peak < SMALL_PEAK
    assert isinstance(error, sw.VariantError) and error.field == "format"
    assert f"{MAX_FILE_BYTES:,}" in str(error)


def test_a_missing_variant_file_gives_a_variant_error(tmp_path: pathlib.Path) -> None:
    with pytest.raises(sw.VariantError) as caught:
        load_variant(tmp_path / "missing.json")
    assert caught.value.field == "format" and "missing.json" in str(caught.value)


# -- records ----------------------------------------------------------------------------------

HOSTILE_RECORDS = [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a": ' * 100_000,
    b"9" * 5000,
    b'{"format": "stratego-widget-record", "version": ' + b"9" * 5000 + b"}",
    b'{"format": "stratego-widget-record", "version": 1, "ruleset": "duel", "params": '
    b'{"max_plies": ' + b"9" * 5000 + b'}, "start": "x", "moves": []}',
    b"\xff\xfe\xfd" * 100,
    b"<stratego>" + b"<game>" * 30_000,
    b'[Ruleset "barrage"]\n[Params "max_plies=' + b"9" * 5000 + b'"]\n',
    b"#X38FA11 Stratego-Notation v1\ntype " + b"9" * 5000 + b"\n",
]


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("content", HOSTILE_RECORDS, ids=range(len(HOSTILE_RECORDS)))
def test_every_record_reader_refuses_hostile_input_with_a_record_error(
        tmp_path: pathlib.Path, fmt: str, content: bytes) -> None:
    path = tmp_path / f"record.{fmt}"
    path.write_bytes(content)
    for read in (lambda: load(content, fmt),
                 lambda: load(content.decode("utf-8", "replace"), fmt),
                 lambda: load_file(path, fmt)):
        with pytest.raises(sw.RecordError) as caught:
            read()
        assert caught.value.rule.startswith("record") and "\n" not in str(caught.value)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_huge_record_file_is_refused_before_it_is_read(tmp_path: pathlib.Path,
                                                         fmt: str) -> None:
    path = sparse_file(tmp_path / "record", MAX_BYTES * 10)
    error, peak = peak_bytes(lambda: load_file(path, fmt))
    assert peak < SMALL_PEAK
    assert isinstance(error, sw.RecordError) and error.rule == "record-input"
    assert f"{MAX_BYTES:,}" in str(error)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_record_file_loads_the_game_it_holds(tmp_path: pathlib.Path, fmt: str) -> None:
    game = sw.Game.random("barrage", seed=3)
    _ = game.play(game.legal_moves()[0])
    path = tmp_path / "game.txt"
    path.write_text(dump(game, fmt), encoding="utf-8")
    assert load_file(path, fmt).position() == game.position()
    with pytest.raises(sw.RecordError, match="cannot read the file"):
        load_file(tmp_path, fmt)  # a folder


# -- saved studies ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def parquet() -> Any:
    return pytest.importorskip("pyarrow.parquet")


def saved_study(path: pathlib.Path, description: bytes, parquet: Any) -> str:
    """A Parquet file with one row and ``description`` as the study's metadata."""
    pyarrow = pytest.importorskip("pyarrow")
    table = pyarrow.table({"ruleset": ["duel"], "game": [0]})
    table = table.replace_schema_metadata({b"stratego_study": description})
    parquet.write_table(table, path)
    return str(path)


CONFIG = {"format": "stratego-study/1", "rulesets": {"duel": ["duel", {"max_plies": 20}]},
          "red": "random", "blue": "random", "games": 1, "seed": 0}


@pytest.mark.parametrize("description", [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"games": ' + b"9" * 5000 + b"}",
    b"\xff\xfe",
    b"[1, 2]",
    json.dumps({**CONFIG, "rulesets": 3}).encode(),
    json.dumps({**CONFIG, "rulesets": {"duel": ["duel", [1]]}}).encode(),
    json.dumps({**CONFIG, "red": None}).encode(),
    json.dumps(CONFIG).encode(),  # the right description, rows without their columns
])
def test_a_malformed_saved_study_gives_a_study_error(tmp_path: pathlib.Path, parquet: Any,
                                                    description: bytes) -> None:
    path = saved_study(tmp_path / "study.parquet", description, parquet)
    with pytest.raises(StrategoError) as caught:
        Study.load(path)
    assert caught.value.rule == "study" and type(caught.value) is StrategoError
    assert "\n" not in str(caught.value)


def test_a_file_that_is_not_parquet_gives_a_study_error(tmp_path: pathlib.Path,
                                                        parquet: Any) -> None:
    path = tmp_path / "study.parquet"
    path.write_bytes(b"\xff" * 100)
    for missing_or_junk in (path, tmp_path / "missing.parquet"):
        with pytest.raises(StrategoError) as caught:
            Study.load(str(missing_or_junk))
        assert caught.value.rule == "study" and type(caught.value) is StrategoError


def test_adding_rows_with_a_bad_one_records_none_of_them() -> None:
    study = Study(["duel"], red="random", blue="random", games=2, max_plies=20)
    good = {"ruleset": "duel", "game": 0, "seed": game_seed(study.seed, 0), "red": "random",
            "blue": "random", "winner": None, "termination": "ply-limit", "plies": 20,
            "strikes": 0, "deal": 0}
    with pytest.raises(StrategoError):
        study.add([good, {**good, "game": 5}])
    assert study.done == 0
    assert study.add([good, good]) == 1 and study.done == 1


# -- every reader, random and hostile input ---------------------------------------------------

def _lesson_sample() -> str:
    return min(DATA.glob("*.toml"), key=lambda file: file.stat().st_size).read_text(
        encoding="utf-8")


def _record_samples() -> list[str]:
    game = sw.Game.random("barrage", seed=1)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    return [dump(game, fmt) for fmt in FORMATS]


VALID = [
    '{"scout": [3, 1, 0], "bombs": [2]}',
    json.dumps({"format": "stratego-widget-variant", "version": 1, "name": "quick",
                "base": "barrage", "changes": {"max_plies": 400}}),
    *_record_samples(),
    sw.Game.random("barrage", seed=2).position(),
    _lesson_sample(),
    'rulesets = ["barrage"]\ngames = 2\nseed = 1\n[output]\ntable = "t.csv"\n',
]
#: Texts in which N stands for a long run of digits.
NUMBER_TEMPLATES = [
    "N", "-N", "0.N", "1eN", '{"scout": [N]}', '{"scout": [-N]}',
    '{"format": "stratego-widget-variant", "version": N}',
    '{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": "duel", '
    '"changes": {"max_plies": N}}',
    '{"format": "stratego-widget-record", "version": 1, "ruleset": "duel", "params": '
    '{"max_plies": N}, "start": "x", "moves": []}',
    '[Ruleset "barrage"]\n[Params "max_plies=N"]\n',
    "#X38FA11 Stratego-Notation v1\ntype N\n",
    '<stratego><game type="barrage"><move id="N" source="A1" target="A2"/></game></stratego>',
    "N/" + "/".join(["10"] * 9) + " r N",
    "games = N", "seed = -N", 'rulesets = ["barrage"]\ngames = N\n',
    'id = "x"\norder = N\n', "a = 0xN", "a = N.5e3",
]


def _deep(opening: str, closing: str) -> st.SearchStrategy[bytes]:
    return st.builds(lambda depth, closed: (opening * depth + closing * depth * closed)
                     .encode(), st.integers(500, 100_000), st.booleans())


def _splice(base: str, where: int, chunk: bytes) -> bytes:
    data = base.encode("utf-8")
    where %= len(data) + 1
    return data[:where] + chunk + data[where:]


HOSTILE = st.one_of(
    st.binary(max_size=400),
    st.text(max_size=300).map(lambda text: text.encode("utf-8", "surrogatepass")),
    _deep("[", "]"), _deep('{"a": ', "}"), _deep("a = [", "]"), _deep("a = {b = ", "}"),
    _deep("[[", "]]"), _deep("<a>", "</a>"),
    st.builds(lambda template, digits: template.replace("N", "9" * digits).encode(),
              st.sampled_from(NUMBER_TEMPLATES), st.integers(4000, 20_000)),
    st.builds(_splice, st.sampled_from(VALID), st.integers(0, 100_000),
              st.binary(min_size=1, max_size=20) | st.sampled_from(
                  [b"9" * 5000, b"[" * 5000, b"\xff", b"\x00", b'"', b"\n[", b"{"])),
)

Reader = Callable[[bytes, pathlib.Path], object]


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _file(read: Callable[[pathlib.Path], object], name: str) -> Reader:
    def reader(data: bytes, folder: pathlib.Path) -> object:
        path = folder / name
        path.write_bytes(data)
        return read(path)
    return reader


def _record_readers(fmt: str) -> dict[str, Reader]:
    return {
        f"record-{fmt}-bytes": lambda data, _: load(data, fmt),
        f"record-{fmt}-text": lambda data, _: load(_text(data), fmt),
        f"record-{fmt}-file": _file(lambda path: load_file(path, fmt), f"record.{fmt}"),
    }


READERS: dict[str, Reader] = {
    "progress-text": lambda data, _: Progress.from_json(_text(data)),
    "progress-file": _file(Progress.load, "progress.json"),
    "variant-file": _file(load_variant, "variant.json"),
    **{name: reader for fmt in FORMATS for name, reader in _record_readers(fmt).items()},
    "position-barrage": lambda data, _: sw.Game.from_position(_text(data), "barrage"),
    "position-rescue": lambda data, _: sw.Game.from_position(_text(data),
                                                             "sci-fi-2013+rescue"),
    "lesson-text": lambda data, _: Lesson.from_text(_text(data)),
    "lesson-file": _file(Lesson.from_file, "lesson.toml"),
    "study-file": lambda data, _: parse_config(_text(data)),
    "study-saved": _file(lambda path: Study.load(str(path)), "study.parquet"),
}


@pytest.mark.parametrize("name", list(READERS))
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=HOSTILE)
@example(data=b"[" * 100_000 + b"]" * 100_000)
@example(data=b"a = " + b"[" * 100_000 + b"]" * 100_000)
@example(data=b'{"scout": [' + b"9" * 5000 + b"]}")
@example(data=b"games = " + b"9" * 5000)
@example(data=b"9" * 5000 + b"/10" * 9 + b" r 0")
@example(data=b"\xff\xfe\x00invalid")
def test_every_reader_raises_only_the_projects_errors(
        tmp_path_factory: pytest.TempPathFactory, name: str, data: bytes) -> None:
    if name == "study-saved":
        pytest.importorskip("pyarrow.parquet")
    folder = tmp_path_factory.mktemp("hostile", numbered=True)
    try:
        READERS[name](data, folder)
    except StrategoError as error:
        assert error.rule and "\n" not in str(error)


def test_a_file_name_with_a_line_break_keeps_the_error_on_one_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "two\nlines.json"  # not there: the error names it
    with pytest.raises(sw.RecordError) as info:
        load_file(path)
    assert "\n" not in str(info.value) and "two\\nlines.json" in str(info.value)
