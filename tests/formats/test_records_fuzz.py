"""Hostile records: any input to any reader loads a legal game or raises a StrategoError, quickly.

Random text and bytes, mutations of valid records of every format, and the inputs an outside
probe found (deep nesting, odd digits, wrong types, entity expansion, junk Gravon fields)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget import StrategoError
from stratego_widget.engine.outcome import Outcome, Termination
from stratego_widget.formats.records import (
    FORMATS,
    MAX_CHARS,
    dump,
    from_gravon,
    from_gsn,
    from_json,
    from_swn,
    load,
)

READERS: dict[str, Callable[[object], sw.Game]] = {
    "json": from_json, "swn": from_swn, "gravon": from_gravon, "gsn": from_gsn}
SECONDS = 2.0


def _samples() -> dict[str, list[str]]:
    """A few valid records of each format: a game in progress and an ended one."""
    games = []
    for spec, seed, plies in (("barrage", 1, 25), ("original", 2, 40),
                              ("ultimate-lightning", 3, 30)):
        game = sw.Game.random(spec, seed=seed)
        for _ in range(plies):
            game.play_code(game.legal_codes()[seed % len(game.legal_codes())])
        games.append(game)
    games[0].end(Outcome("blue", Termination.RESIGNATION))
    lesson = sw.Game.random("sci-fi-2013+rescue", seed=4)
    for _ in range(20):
        lesson.play_code(lesson.legal_codes()[0])
    return {fmt: [dump(game, fmt) for game in games] + ([dump(lesson, fmt)]
                                                         if fmt in ("json", "swn") else [])
            for fmt in FORMATS}


SAMPLES = _samples()


def load_or_refuse(text: object, fmt: str) -> None:
    """Read ``text``; a loaded game must be legal (it writes and reads back the same)."""
    started = time.perf_counter()
    try:
        game = READERS[fmt](text)
    except StrategoError:
        pass
    else:
        again = from_json(dump(game, "json"))
        assert again.position() == game.position()
        assert again.outcome == game.outcome
    assert time.perf_counter() - started < SECONDS


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A valid record of some format with a few random edits."""
    fmt = draw(st.sampled_from(list(FORMATS)))
    text = draw(st.sampled_from(SAMPLES[fmt]))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "swap"]))
        size = draw(st.integers(1, 12))
        if action == "delete":
            text = text[:where] + text[where + size:]
        elif action == "insert":
            text = text[:where] + draw(st.text(max_size=size)) + text[where:]
        elif action == "replace":
            piece = draw(st.sampled_from(['"', "<", ">", "[", "]", "{", "}", "0", "9", "²",
                                          "-", ":", "K", "J", "\n", "END", "-5", "999999999",
                                          "&amp;", "\x00", "Z", "_", " ", "x", "true", "null"]))
            text = text[:where] + piece + text[where + size:]
        elif action == "duplicate":
            text = text[:where] + text[where:where + size * 8] + text[where:]
        else:
            lines = text.splitlines()
            if len(lines) > 2:
                i, j = sorted(draw(st.lists(st.integers(0, len(lines) - 1), min_size=2,
                                            max_size=2)))
                lines[i], lines[j] = lines[j], lines[i]
                text = "\n".join(lines)
    return fmt, text


@given(st.sampled_from(list(FORMATS)), st.text(max_size=400))
def test_random_text_is_loaded_or_refused(fmt: str, text: str) -> None:
    load_or_refuse(text, fmt)


@given(st.sampled_from(list(FORMATS)), st.binary(max_size=300))
def test_random_bytes_are_loaded_or_refused(fmt: str, data: bytes) -> None:
    load_or_refuse(data, fmt)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_records_are_loaded_or_refused(case: tuple[str, str]) -> None:
    fmt, text = case
    load_or_refuse(text, fmt)


@given(st.sampled_from(list(FORMATS)),
       st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=12))
def test_json_shaped_junk_is_loaded_or_refused(fmt: str, value: object) -> None:
    load_or_refuse(json.dumps(value), fmt)
    if isinstance(value, dict):
        record = json.loads(SAMPLES["json"][1])
        record.update(value)
        load_or_refuse(json.dumps(record), "json")


def _json_with(**changes: object) -> str:
    record = json.loads(SAMPLES["json"][1])
    record.update(changes)
    return json.dumps(record)


START = json.loads(SAMPLES["json"][1])["start"]
GRAVON = SAMPLES["gravon"][1]
FIELD = GRAVON.split('content="')[1][:100]


@pytest.mark.parametrize(("fmt", "text"), [
    ("json", "[" * 200_000 + "]" * 200_000),
    ("json", '{"a": ' * 100_000 + "1" + "}" * 100_000),
    ("json", "1" * 5_000),
    ("json", '{"x": 1e999999}'),
    ("json", '{"x": NaN}'),
    ("json", _json_with(start=START.replace(" r 0", " r ²"))),
    ("json", _json_with(start=START.replace(" r 0", " r " + "9" * 5_000))),
    ("json", _json_with(start=START.replace(" r 0", " r 0 - -5,0"))),
    ("json", _json_with(start=START.replace(" r 0", " r 0 - 9,9"))),
    ("json", _json_with(params={"max_plies": 10 ** 20})),
    ("json", _json_with(params={"max_plies": [1]})),
    ("json", _json_with(moves=["a1-a2"] * 30_000)),
    ("json", _json_with(moves=[{"a": 1}])),
    ("json", _json_with(tags=[1, 2])),
    ("json", _json_with(version=True)),
    ("json", _json_with(result={"winner": "purple", "reason": "resigned"})),
    ("gravon", '<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
               "<stratego>&b;</stratego>"),
    ("gravon", '<!DOCTYPE l SYSTEM "file:///etc/passwd"><stratego/>'),
    ("gravon", "<a>" * 100_000 + "</a>" * 100_000),
    ("gravon", GRAVON.replace(FIELD, FIELD.replace("A", "L"))),  # 40 Marshals: junk field
    ("gravon", GRAVON.replace(FIELD, FIELD.lower())),
    ("gravon", GRAVON.replace('type="classic"', 'type="classic\x00"')),
    ("gravon", GRAVON.replace('id="1"', 'id="01"')),
    ("gravon", GRAVON.replace("<field", "<field/><field")),
    ("gravon", GRAVON.replace("</game>", '<result type="99" winner="1"/></game>')),
    ("gsn", SAMPLES["gsn"][1].replace("type 0", "type ²")),
    ("gsn", SAMPLES["gsn"][1].replace("END", "END\nEND")),
    ("swn", '[Ruleset "original"]\n[Start "' + "1" * 5_000 + ' r 0"]\n'),
    ("swn", '[Ruleset "original"]\n[Params "max_plies=-5"]\n[Start "x r 0"]\n'),
    ("swn", '[Ruleset "original"]\n' + "1. " * 100_000),
])
def test_inputs_found_by_probing_are_refused(fmt: str, text: str) -> None:
    started = time.perf_counter()
    with pytest.raises(StrategoError):
        load(text, fmt)
    assert time.perf_counter() - started < SECONDS


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("value", [None, 5, ["x"], {"a": 1}, b"\xff\xfe\x00", "x" * (MAX_CHARS + 1)])
def test_wrong_types_and_sizes_are_refused(fmt: str, value: object) -> None:
    with pytest.raises(StrategoError) as caught:
        load(value, fmt)
    assert caught.value.rule == "record-input"


@pytest.mark.parametrize("fmt", [None, ["json"], 3, "yaml"])
def test_unknown_format_names_are_refused(fmt: object) -> None:
    with pytest.raises(StrategoError) as caught:
        load("{}", fmt)  # type: ignore[arg-type]
    assert caught.value.rule == "record-input"
    with pytest.raises(StrategoError):
        dump(sw.Game.random("duel", seed=1), fmt)  # type: ignore[arg-type]
