"""Every record the engine writes, it reads back to the same game: every format, every ruleset
the format holds, with parameters, and ended games (resigned, agreed, timed out, ply limit).

A format may refuse to write a game only where its documented limits say so."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget import RecordError
from stratego_widget.engine.outcome import Outcome, Termination
from stratego_widget.formats.gravon import player_name
from stratego_widget.formats.record_base import is_setup_start
from stratego_widget.formats.records import (
    CLASSIC_FORMAT_GAMES,
    FORMATS,
    GSN_GAMES,
    dump,
    load,
    start_of,
)

ALL_SPECS = [*sw.ruleset_names(), "original+rescue", "onyx-2009+silent-defense",
             "hasbro-1999+rescue+aggressor-advantage", "sci-fi-2013+rescue",
             "original+moving-bombs+moving-flag", "barrage+exploding-bombs"]
HOLDS = {"json": ALL_SPECS, "swn": ALL_SPECS, "gravon": list(CLASSIC_FORMAT_GAMES),
         "gsn": list(GSN_GAMES)}

PARAMS = st.fixed_dictionaries({}, optional={
    "two_square_count": st.sampled_from([3, 5]),
    "two_square_reading": st.sampled_from(["more-than", "in-consecutive"]),
    "more_squares_rule": st.booleans(),
    "max_plies": st.integers(1, 80),
    "both_cannot_move": st.sampled_from(["lose", "draw"]),
})
ENDINGS = st.sampled_from([None, Outcome("red", Termination.RESIGNATION),
                           Outcome("blue", Termination.RESIGNATION),
                           Outcome(None, Termination.AGREEMENT),
                           Outcome("red", Termination.TIME_FORFEIT)])


def random_game(spec: str, seed: int, plies: int, params: dict[str, object]) -> sw.Game:
    game = sw.Game.random(sw.ruleset(spec, **params), seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_codes()
        if not moves:
            break
        game.play_code(rng.choice(moves))
    return game


def gsn_can_hold(game: sw.Game) -> bool:
    params = dict(game.rules.overrides)
    if game.outcome == Outcome(None, Termination.NEITHER_CAN_MOVE):
        params.pop("both_cannot_move", None)
    free = not is_setup_start(start_of(game))
    return game.rules.spec in GSN_GAMES and not params and \
        (not free or game.rules.spec == "original")


TAGS = st.dictionaries(st.sampled_from(["red", "blue", "Event", "Date"]), st.text(max_size=12),
                       max_size=3)


@given(st.data(), st.sampled_from(list(FORMATS)), st.integers(0, 99_999), st.integers(0, 120),
       PARAMS, ENDINGS, TAGS)
def test_every_written_record_reads_back_to_the_same_game(
        data: st.DataObject, fmt: str, seed: int, plies: int, params: dict[str, object],
        ending: Outcome | None, tags: dict[str, str]) -> None:
    spec = data.draw(st.sampled_from(HOLDS[fmt]))
    game = random_game(spec, seed, plies, params)
    if ending is not None and game.outcome is None:
        game.end(ending)
    if fmt == "gsn" and not gsn_can_hold(game):
        try:
            dump(game, fmt)
        except RecordError as error:
            assert error.rule == "record-format"
            return
        raise AssertionError("GSN wrote a game it cannot carry")
    names = [player_name(tags, player) for player in ("red", "blue")]
    if fmt == "gsn" and game.outcome is not None and \
            any(" vs " in name or " result " in name for name in names):
        try:
            dump(game, fmt, tags=tags)
        except RecordError as error:
            assert error.rule == "record-tag"
            return
        raise AssertionError("GSN wrote a name its result line cannot hold")
    back = load(dump(game, fmt, tags=tags), fmt)
    assert back.rules == game.rules
    assert dict(back.rules.overrides) == dict(game.rules.overrides)
    assert [str(move) for move in back.moves] == [str(move) for move in game.moves]
    assert back.position() == game.position()
    assert back.outcome == game.outcome


@given(st.sampled_from(ALL_SPECS), st.integers(0, 99_999), st.integers(0, 60))
def test_lesson_positions_round_trip_where_a_format_holds_them(spec: str, seed: int, plies: int) -> None:
    game = random_game(spec, seed, 0, {})
    rng = random.Random(seed)
    pieces = dict(rng.sample(sorted(game.pieces().items()), k=min(12, len(game.pieces()))))
    lesson = sw.Game.from_pieces(game.rules, pieces, to_move=rng.choice(["red", "blue"]))
    for _ in range(plies):
        codes = lesson.legal_codes()
        if not codes:
            break
        lesson.play_code(rng.choice(codes))
    for fmt in FORMATS:
        if spec not in HOLDS[fmt]:
            continue
        if fmt in ("gravon", "gsn") and (
                start_of(lesson).to_move == "blue" or (fmt == "gsn" and not gsn_can_hold(lesson))):
            try:
                dump(lesson, fmt)
            except RecordError as error:
                assert error.rule == "record-format"
                continue
            raise AssertionError(f"{fmt} wrote a start it cannot hold")
        back = load(dump(lesson, fmt), fmt)
        assert back.position() == lesson.position()
        assert back.outcome == lesson.outcome
