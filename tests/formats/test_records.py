"""Game records: every format round-trips, and a bad record is refused with RecordError."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from project import PROJECT

import stratego_widget as sw
from stratego_widget import RecordError
from stratego_widget.engine.outcome import Outcome, Termination
from stratego_widget.formats.records import (
    CLASSIC_FORMAT_GAMES,
    FORMATS,
    GSN_GAMES,
    dump,
    from_gravon,
    from_gsn,
    from_json,
    from_swn,
    load,
    to_gravon,
    to_gsn,
    to_json,
    to_swn,
)

JSON_SPECS = [*sw.ruleset_names(), "original+rescue+silent-defense", "sci-fi-2013+rescue",
              "hasbro-1999+aggressor-advantage+moving-flag"]
DATA = PROJECT / "tests" / "data" / "records"


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
    assert dict(b.rules.overrides) == dict(a.rules.overrides)
    assert [str(m) for m in b.moves] == [str(m) for m in a.moves]
    assert b.position() == a.position()
    assert (b.winner, b.result_reason) == (a.winner, a.result_reason)
    assert b.outcome == a.outcome


@given(st.sampled_from(JSON_SPECS), st.integers(0, 9999), st.integers(0, 300))
def test_json_round_trips_every_ruleset(spec: str, seed: int, plies: int) -> None:
    game = random_game(spec, seed, plies)
    same_game(game, from_json(to_json(game)))


@given(st.sampled_from(JSON_SPECS), st.integers(0, 9999), st.integers(0, 120))
def test_swn_round_trips_every_ruleset(spec: str, seed: int, plies: int) -> None:
    game = random_game(spec, seed, plies)
    same_game(game, from_swn(to_swn(game)))


@given(st.data(), st.integers(0, 9999), st.integers(0, 300), st.sampled_from(["gravon", "gsn"]))
def test_gravon_and_gsn_round_trip_the_ten_by_ten_games(data: st.DataObject, seed: int,
                                                        plies: int, fmt: str) -> None:
    spec = data.draw(st.sampled_from(CLASSIC_FORMAT_GAMES if fmt == "gravon" else GSN_GAMES))
    game = random_game(spec, seed, plies)
    same_game(game, load(dump(game, fmt), fmt))


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_finished_games_round_trip_with_their_result(fmt: str) -> None:
    resigned = random_game("barrage", 5, 10)
    resigned.resign("blue")
    agreed = random_game("original", 7, 30)
    agreed.end(Outcome(None, Termination.AGREEMENT))
    timed_out = random_game("ultimate-lightning", 8, 12)
    timed_out.end(Outcome("blue", Termination.TIME_FORFEIT))
    capped = random_game("duel", 6, 500, max_plies=40)
    assert capped.result_reason == "ply-limit"
    finished = sw.play_game("ultimate-lightning", sw.HeuristicBot(1),
                            sw.RandomBot(2), seed=3)
    games = [resigned, agreed, timed_out, finished] + ([capped] if fmt != "gsn" else [])
    for game in games:
        back = load(dump(game, fmt), fmt)
        same_game(game, back)


def test_json_keeps_parameters_and_tags() -> None:
    game = random_game("original", 1, 20, two_square_count=5)
    record = json.loads(to_json(game, tags={"red": "Ann", "blue": "Bob"}))
    assert record["params"] == {"two_square_count": 5}
    assert record["tags"] == {"red": "Ann", "blue": "Bob"}
    assert from_json(json.dumps(record)).rules.two_square_count == 5


@pytest.mark.parametrize("fmt", ["swn", "gravon"])
def test_parameters_survive_the_text_and_gravon_formats(fmt: str) -> None:
    game = random_game("onyx-2009", 2, 30, two_square_count=5, max_plies=500)
    back = load(dump(game, fmt), fmt)
    assert back.rules.name == "onyx-2009"
    assert dict(back.rules.overrides) == {"two_square_count": 5, "max_plies": 500}


def test_gsn_refuses_what_it_cannot_carry() -> None:
    for game in (random_game("duel", 1, 4), random_game("classic-1961", 1, 4),
                 random_game("original", 1, 4, two_square_count=5),
                 random_game("barrage", 1, 4, max_plies=100)):
        with pytest.raises(RecordError) as caught:
            to_gsn(game)
        assert caught.value.rule == "record-format"


# Red: Scout e1, Flag j1; Blue: Scout a10, Flag e10 (StraDoS2, from Red's back row).
GOLDEN_FIELD = ("AAAADAAAAM" + "A" * 30 + "AA__AA__AA" * 2 + "A" * 30 + "PAAAYAAAAA")


def test_golden_gsn() -> None:
    """A tag-pair record of the project's first versions (then called GSN, now SWN): a
    Barrage game where Red's Scout strikes Blue's Flag; both readers still take it."""
    field = GOLDEN_FIELD
    text = f"""[Ruleset "barrage"]
[Setup "{field}"]
[Red "Ann"]
[Result "1-0"]
[Termination "flag-captured"]

1. e1-e2 a10-a9 2. e2xe10 1-0
"""
    for game in (from_gsn(text), from_swn(text)):
        assert game.winner == "red" and game.result_reason == "flag-captured"
        assert [str(m) for m in game.moves] == ["e1-e2", "a10-a9", "e2xe10"]


def test_golden_gravon() -> None:
    """A Gravon record as this project wrote it before it followed Gravon's own naming."""
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
    same_game(game, from_gravon(to_gravon(game)))


@pytest.mark.parametrize(("name", "fmt"), [("barrage-flag-captured.gsn", "gsn"),
                                           ("barrage-flag-captured.xml", "gravon")])
def test_golden_gravon_archive_records(name: str, fmt: str) -> None:
    """Records in the Gravon archive's own form (squares A-I, K; rank 10 written ':'), read
    and written back byte for byte."""
    text = (DATA / name).read_text(encoding="utf-8")
    game = load(text, fmt)
    assert game.rules.name == "barrage"
    assert game.outcome == Outcome("red", Termination.FLAG_CAPTURED)
    assert [str(m) for m in game.moves] == ["e1-e2", "a10-a9", "e2xe10"]
    assert dump(game, fmt, tags={"red": "Ann", "blue": "Bob"}) == text


def test_gravon_game_types_build_their_rulesets() -> None:
    game = random_game("duel", 3, 0)
    text = to_gravon(game)
    for kind, name in [("duell", "duel"), ("Duel", "duel")]:
        assert from_gravon(text.replace('type="duell"', f'type="{kind}"')).rules.name == name
    barrage = to_gravon(random_game("barrage", 3, 0))
    assert 'type="barrage"' in barrage
    with pytest.raises(RecordError, match="Unknown Gravon game type 'chess'") as caught:
        from_gravon(barrage.replace('type="barrage"', 'type="chess"'))
    assert caught.value.rule == "record-ruleset"
    with pytest.raises(RecordError, match="names no game type"):
        from_gravon(barrage.replace(' type="barrage"', ""))
    with pytest.raises(RecordError, match="not a valid start of Stratego Duel"):
        from_gravon(barrage.replace('type="barrage"', 'type="duell"'))


def test_free_placement_is_read_without_setup_checks() -> None:
    lesson = sw.Game.from_pieces("original", {"a1": "red flag", "e5": "red marshal",
                                              "j10": "blue flag", "a7": "blue scout"})
    text = to_gravon(lesson)
    assert 'type="classicfree"' in text and "<ruleset" not in text
    same_game(lesson, from_gravon(text))
    gsn = to_gsn(lesson)
    assert gsn.splitlines()[1] == "type 2"
    same_game(lesson, from_gsn(gsn))
    marked = sw.Game.from_pieces("original", {"a1": "red flag", "e5": "red marshal",
                                              "j10": "blue flag"}, revealed=["e5"])
    for fmt in ("gravon", "gsn"):
        with pytest.raises(RecordError, match="moved or been revealed") as caught:
            dump(marked, fmt)
        assert caught.value.rule == "record-format"
    same_game(marked, from_swn(to_swn(marked)))


def test_a_record_that_needs_other_rules_says_how_to_give_them() -> None:
    game = random_game("original", 11, 0)
    squares = next((a, b) for a, b in [("a4", "a5"), ("b4", "b5"), ("e4", "e5"), ("f4", "f5"),
                                       ("i4", "i5"), ("j4", "j5")]
                   if game.piece_at(a)[1] not in ("bomb", "flag"))
    back_and_forth = [squares, ("a7", "a6"), squares[::-1], ("a6", "a7")] * 2 + [squares]
    if game.piece_at("a7")[1] in ("bomb", "flag"):
        pytest.skip("this setup has an immovable piece on a7")
    lines = to_gsn(game).splitlines()
    moves = [f"{a.upper()}-{b.upper()}" for a, b in back_and_forth]
    text = "\n".join([*lines[:3], *moves, "END"]) + "\n"
    with pytest.raises(RecordError, match=r"two-square.*rules=") as caught:
        from_gsn(text)
    assert caught.value.rule == "record-move"
    strict = from_gsn(text, rules=sw.ruleset("original", two_square_count=5))
    assert strict.ply == len(moves)


def test_gravon_result_codes() -> None:
    game = random_game("barrage", 4, 6)
    text = to_gravon(game).replace("</game>", '<result type="3" winner="2"/></game>')
    assert from_gravon(text).outcome == Outcome("blue", Termination.RESIGNATION)
    text = to_gravon(game).replace("</game>", '<result type="4" winner="3"/></game>')
    assert from_gravon(text).outcome == Outcome(None, Termination.AGREEMENT)
    text = to_gravon(game).replace("</game>", '<result type="12" winner="1"/></game>')
    assert from_gravon(text).outcome == Outcome("red", Termination.TIME_FORFEIT)
    with pytest.raises(RecordError, match="replaying it gives") as caught:
        from_gravon(to_gravon(game).replace("</game>", '<result type="1" winner="1"/></game>'))
    assert caught.value.rule == "record-result"
    with pytest.raises(RecordError, match="cannot end this game") as caught:
        from_gravon(to_gravon(game).replace("</game>", '<result type="10" winner="3"/></game>'))
    assert caught.value.rule == "record-result"


def test_a_draw_when_neither_can_move_is_read_with_that_rule() -> None:
    # Red's Marshal strikes Blue's: both leave, and neither side has a piece that can move.
    text = sw.Game.from_pieces("original", {}).to_stratados2()  # empty board with lakes
    board = list(text)
    for square, letter in (("a1", "M"), ("e4", "L"), ("j10", "Y"), ("e5", "X")):
        board[(int(square[1:]) - 1) * 10 + ord(square[0]) - 97] = letter
    field = "".join(board)
    gsn = (f"#X38FA11 Stratego-Notation v2\ntype 2\n{field}\nE4-E5\nEND\n"
           "Ann vs Bob result 2 winner 2\n")
    game = from_gsn(gsn)
    assert game.outcome == Outcome(None, Termination.NEITHER_CAN_MOVE)
    assert game.rules.both_cannot_move == "draw"
    same_game(game, from_gsn(to_gsn(game)))
    same_game(game, from_gravon(to_gravon(game)))
    # Records written before the parameter existed called this a draw without naming it.
    old = json.loads(to_json(game))
    old["params"] = {}
    assert from_json(json.dumps(old)).rules.both_cannot_move == "draw"
    old_swn = to_swn(game).replace('[Params "both_cannot_move=draw"]\n', "")
    assert "Params" not in old_swn
    assert from_swn(old_swn).rules.both_cannot_move == "draw"


@pytest.mark.parametrize(("fmt", "text", "message"), [
    ("json", "not json", "not valid JSON"),
    ("json", '{"format": "stratego-widget-record", "version": 9}', "version"),
    ("json", json.dumps({"format": "stratego-widget-record", "version": 1, "ruleset": "chess",
                         "params": {}, "start": "", "moves": []}), "ruleset"),
    ("gravon", "<stratego><game>", "well-formed"),
    ("gravon", '<stratego><game><field content="ABC"/></game></stratego>', "100 characters"),
    ("gravon", '<stratego><game><field content="' + "Q" * 100 + '"/></game></stratego>',
     "lakes"),
    ("gravon", '<!DOCTYPE x [<!ENTITY a "aaaa">]><stratego/>', "DOCTYPE"),
    ("gsn", '[Ruleset "barrage"]\n[Setup "' + "A" * 100 + '"]\n', "lakes"),
    ("gsn", "[Ruleset barrage]", "Malformed tag"),
    ("swn", "[Ruleset barrage]", "Malformed tag"),
    ("gsn", "type 1\n", "GSN line 1"),
    ("gsn", "#X38FA11 Stratego-Notation v1\ntype 1\nEND\nA vs B result 3 winner 0\n",
     "ended during the setup"),
    ("xml", "", "Unknown record format"),
])
def test_malformed_records_are_refused(fmt: str, text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load(text, fmt)


def test_gsn_refuses_rescue_lines_naming_the_line() -> None:
    text = (DATA / "barrage-flag-captured.gsn").read_text(encoding="utf-8")
    lines = text.splitlines()
    lines.insert(4, "E2:E3")
    with pytest.raises(RecordError, match=r"GSN line 5 .*rescue") as caught:
        from_gsn("\n".join(lines))
    assert caught.value.rule == "record-move"


@pytest.mark.parametrize("fmt", list(FORMATS))
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
        bad = good.replace("    <player", f'<move source="{bomb.upper()}" '
                                          f'target="{step.upper()}"/><player', 1)
    elif fmt == "gsn":
        bad = good.replace("\nEND\n", f"\n{bomb.upper()}-{step.upper()}\nEND\n")
    else:
        bad = good.replace("\n*\n", f"\n1. {bomb}-{step} *\n")
    with pytest.raises(RecordError, match=r"Ply 1 .*cannot move") as caught:
        load(bad, fmt)
    assert caught.value.rule == "record-move"


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
    with pytest.raises(RecordError, match="use JSON"):
        to_gravon(random_game("original+rescue", 1, 0))


def test_the_examples_in_the_notation_doc_load() -> None:
    doc = (PROJECT / "docs" / "notation.md").read_text(encoding="utf-8")
    json_block = doc.split("```json\n", 1)[1].split("```", 1)[0]
    assert load(json_block, "json").ply == 2
    blocks = [block.split("```", 1)[0] for block in doc.split("```text\n")[1:]]
    swn = next(block for block in blocks if block.startswith("[Ruleset"))
    assert load(swn, "swn").outcome == Outcome("red", Termination.RESIGNATION)
    gsn = next(block for block in blocks if block.startswith("#X38FA11"))
    assert load(gsn, "gsn").outcome == Outcome("red", Termination.FLAG_CAPTURED)


def test_gravon_bytes_are_read_in_their_declared_encoding() -> None:
    game = random_game("barrage", 2, 8)
    text = to_gravon(game, tags={"red": "Jürgen"})
    latin = text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').encode("latin-1")
    for data in (latin, text.encode("utf-16"), b"\xef\xbb\xbf" + text.encode("utf-8")):
        same_game(game, load(data, "gravon"))
    with pytest.raises(RecordError, match="encoding 'ebcdic'") as caught:
        load(text.replace("UTF-8", "EBCDIC").encode(), "gravon")
    assert caught.value.rule == "record-input"
    same_game(game, load(to_gsn(game).encode("utf-8-sig"), "gsn"))
