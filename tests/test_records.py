"""Game records: every format round-trips, and a bad record is refused with RecordError."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget import RecordError
from stratego_widget.formats.records import (
    CLASSIC_FORMAT_GAMES,
    dump,
    from_gravon,
    from_gsn,
    from_json,
    load,
    to_gravon,
    to_gsn,
    to_json,
)

JSON_SPECS = [*sw.ruleset_names(), "original+rescue+silent-defense", "sci-fi-2013+rescue",
              "hasbro-1999+aggressor-advantage+moving-flag"]


def random_game(spec: str, seed: int, plies: int, **params: object) -> sw.Game:
    """A game from random setups with up to ``plies`` random legal moves."""
    game = sw.Game.random(sw.ruleset(spec, **params), seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def same_game(a: sw.Game, b: sw.Game) -> None:
    assert b.rules == a.rules
    assert [str(m) for m in b.moves] == [str(m) for m in a.moves]
    assert b.position() == a.position()
    assert (b.winner, b.result_reason) == (a.winner, a.result_reason)


@given(st.sampled_from(JSON_SPECS), st.integers(0, 9999), st.integers(0, 300))
def test_json_round_trips_every_ruleset(spec: str, seed: int, plies: int) -> None:
    game = random_game(spec, seed, plies)
    same_game(game, from_json(to_json(game)))


@given(st.sampled_from(CLASSIC_FORMAT_GAMES), st.integers(0, 9999), st.integers(0, 300),
       st.sampled_from(["gravon", "gsn"]))
def test_gravon_and_gsn_round_trip_the_ten_by_ten_games(spec: str, seed: int, plies: int,
                                                        fmt: str) -> None:
    game = random_game(spec, seed, plies)
    same_game(game, load(dump(game, fmt), fmt))


@pytest.mark.parametrize("fmt", ["json", "gravon", "gsn"])
def test_finished_games_round_trip_with_their_result(fmt: str) -> None:
    resigned = random_game("barrage", 5, 10)
    resigned.resign("blue")
    capped = random_game("duel", 6, 500, max_plies=40)
    assert capped.result_reason == "ply-limit"
    finished = sw.play_game("ultimate-lightning", sw.HeuristicBot(1),
                                 sw.RandomBot(2), seed=3)
    games = [resigned, finished] + ([capped] if fmt == "json" else [])
    for game in games:
        back = load(dump(game, fmt), fmt)
        same_game(game, back)


def test_json_keeps_parameters_and_tags() -> None:
    game = random_game("original", 1, 20, two_square_count=5)
    record = json.loads(to_json(game, tags={"red": "Ann", "blue": "Bob"}))
    assert record["params"] == {"two_square_count": 5}
    assert record["tags"] == {"red": "Ann", "blue": "Bob"}
    assert from_json(json.dumps(record)).rules.two_square_count == 5


# Red: Scout e1, Flag j1; Blue: Scout a10, Flag e10 (StraDoS2, from Red's back row).
GOLDEN_FIELD = ("AAAADAAAAM" + "A" * 30 + "AA__AA__AA" * 2 + "A" * 30 + "PAAAYAAAAA")


def test_golden_gsn() -> None:
    """A hand-written GSN record: a Barrage game where Red's Scout strikes Blue's Flag."""
    field = GOLDEN_FIELD
    text = f"""[Ruleset "barrage"]
[Setup "{field}"]
[Red "Ann"]
[Result "1-0"]
[Termination "flag-captured"]

1. e1-e2 a10-a9 2. e2xe10 1-0
"""
    game = from_gsn(text)
    assert game.winner == "red" and game.result_reason == "flag-captured"
    assert [str(m) for m in game.moves] == ["e1-e2", "a10-a9", "e2xe10"]


def test_golden_gravon() -> None:
    field = GOLDEN_FIELD
    text = f"""<?xml version="1.0"?>
<stratego ruleset="barrage"><game>
  <field content="{field}"/>
  <move id="1" source="E1" target="E2"/>
  <move id="2" source="A10" target="A9"/>
  <move id="3" source="E2" target="E10"/>
</game><result winner="0" type="1"/></stratego>"""
    game = from_gravon(text)
    assert game.winner == "red" and game.result_reason == "flag-captured"
    assert str(game.moves[-1]) == "e2xe10"
    assert to_gravon(game).count("<move ") == 3


@pytest.mark.parametrize(("fmt", "text", "message"), [
    ("json", "not json", "not valid JSON"),
    ("json", '{"format": "stratego-widget-record", "version": 9}', "version"),
    ("json", json.dumps({"format": "stratego-widget-record", "version": 1, "ruleset": "chess",
                         "params": {}, "start": "", "moves": []}), "ruleset"),
    ("gravon", "<stratego><game>", "well-formed"),
    ("gravon", '<stratego><game><field content="ABC"/></game></stratego>', "100 characters"),
    ("gravon", '<stratego><game><field content="' + "Q" * 100 + '"/></game></stratego>',
     "lakes"),
    ("gsn", '[Ruleset "barrage"]\n[Setup "' + "A" * 100 + '"]\n', "lakes"),
    ("gsn", "[Ruleset barrage]", "Malformed GSN tag"),
    ("xml", "", "Unknown record format"),
])
def test_malformed_records_are_refused(fmt: str, text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load(text, fmt)


@pytest.mark.parametrize("fmt", ["json", "gravon", "gsn"])
def test_an_illegal_move_names_its_ply_and_rule(fmt: str) -> None:
    game = random_game("barrage", 3, 0)
    good = dump(game, fmt)
    bomb = next(sq for sq, (owner, kind) in game.pieces().items()
                if owner == "red" and kind in ("bomb", "flag"))
    step = f"{bomb[0]}{int(bomb[1:]) + 1}"
    if fmt == "json":
        record = json.loads(good)
        record["moves"] = [f"{bomb}-{step}"]
        bad = json.dumps(record)
    elif fmt == "gravon":
        bad = good.replace("</game>", f'<move source="{bomb.upper()}" target="{step.upper()}"/>'
                                      "</game>")
    else:
        bad = good.replace("\n*\n", f"\n1. {bomb}-{step} *\n")
    with pytest.raises(RecordError, match=r"Ply 1 .*cannot move"):
        load(bad, fmt)


def test_a_result_that_does_not_match_the_moves_is_refused() -> None:
    game = random_game("barrage", 4, 6)
    record = json.loads(to_json(game))
    record["result"] = {"winner": "red", "reason": "flag-captured"}
    with pytest.raises(RecordError, match="replaying it gives"):
        from_json(json.dumps(record))


def test_formats_without_options_refuse_option_games() -> None:
    with pytest.raises(RecordError, match="use JSON"):
        to_gsn(random_game("original+rescue", 1, 0))
    with pytest.raises(RecordError, match="use JSON"):
        to_gravon(random_game("sci-fi-2013", 1, 0))
