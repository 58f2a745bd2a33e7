"""Variants of your own: named rulesets as checked data, saved as files, played and studied."""

from __future__ import annotations

import json
import pickle
import re
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from project import PROJECT

import stratego_widget as sw
from stratego_widget.engine import pieces as P
from stratego_widget.engine.combat import strike_outcome
from stratego_widget.engine.ruleset_fields import field_names
from stratego_widget.engine.variants import variant_from_dict, variant_to_dict
from stratego_widget.locales import rule_statement

BARRAGE_TWO_SPIES = {"marshal": 1, "general": 1, "miner": 1, "scout": 2, "spy": 2, "bomb": 1,
                     "flag": 1}
EIGHT_ARMY = {"marshal": 1, "general": 1, "colonel": 1, "major": 2, "captain": 2,
              "lieutenant": 2, "sergeant": 2, "miner": 3, "scout": 4, "spy": 1, "bomb": 4,
              "flag": 1}


def eight_by_eight() -> sw.Ruleset:
    """Original's rules on an 8x8 board with four lakes and a 24-piece army filling 3 rows."""
    return sw.variant("original", "eight", width=8, height=8, home_rows=3,
                      lakes=["c4", "c5", "f4", "f5"], army=EIGHT_ARMY)


# -- the editions are unchanged ------------------------------------------------------------

@pytest.mark.parametrize("name", sw.ruleset_names())
def test_every_edition_keeps_todays_abilities_and_has_no_differences(name: str) -> None:
    rules = sw.ruleset(name)
    assert not rules.is_variant and rules.base is None and rules.spec == name
    assert rules.spy_wins_defending is False and rules.scout_max_distance is None
    assert rules.strengths == () and rules.differences() == {}
    assert rules.describe()["differences"] == {}
    # the default strengths keep the kinds' order: higher kind, higher strength
    ranked = [rules.strength[kind] for kind in range(P.SPY, P.MARSHAL + 1)]
    assert ranked == sorted(ranked) and len(set(ranked)) == len(ranked)
    # every edition passes the whole-ruleset checks a variant of it goes through
    assert sw.variant(name, "copy").differences() == {}


# -- validation: every bad field is named ---------------------------------------------------

BAD = [
    # (base, changes, field named, rule)
    ("barrage", {"army": {"marshal": 1, "scout": 2}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 2, "scout": 2}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "dragon": 2}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "scout": 0}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "scout": -3}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "scout": "2"}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "scout": True}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "bomb": 3}}, "army", "variant-army"),
    ("barrage", {"army": {"flag": 1, "scout": 50}}, "army", "variant-army"),
    ("barrage", {"army": "marshal"}, "army", "variant-army"),
    ("barrage", {"army": [("flag", 1, 2)]}, "army", "variant-army"),
    ("barrage", {"army": [("flag", 1), ("flag", 1)]}, "army", "variant-army"),
    ("original", {"army": BARRAGE_TWO_SPIES}, "army", "variant-army"),  # rows not filled
    ("barrage", {"width": 2}, "width", "variant-value"),
    ("barrage", {"width": 27}, "width", "variant-value"),
    ("barrage", {"width": "10"}, "width", "variant-value"),
    ("barrage", {"width": 13}, "width", "variant-board"),  # 130 squares
    ("barrage", {"height": 2}, "height", "variant-value"),
    ("barrage", {"home_rows": 0}, "home_rows", "variant-value"),
    ("barrage", {"home_rows": 5}, "home_rows", "variant-board"),
    ("barrage", {"lakes": ["z9"]}, "lakes", "variant-board"),
    ("barrage", {"lakes": ["a1"]}, "lakes", "variant-board"),
    ("barrage", {"lakes": ["c5", "C5"]}, "lakes", "variant-board"),
    ("barrage", {"lakes": "c5"}, "lakes", "variant-board"),
    ("barrage", {"lakes": [55]}, "lakes", "variant-board"),
    ("barrage", {"width": 8, "lakes": ["i5"]}, "lakes", "variant-board"),
    ("barrage", {"strengths": {"bomb": 3}}, "strengths", "variant-strengths"),
    ("barrage", {"strengths": {"flag": 3}}, "strengths", "variant-strengths"),
    ("barrage", {"strengths": {"knight": 3}}, "strengths", "variant-strengths"),
    ("barrage", {"strengths": {"spy": -1}}, "strengths", "variant-strengths"),
    ("barrage", {"strengths": {"spy": 100}}, "strengths", "variant-strengths"),
    ("barrage", {"strengths": {"spy": 1.5}}, "strengths", "variant-strengths"),
    ("barrage", {"strengths": 7}, "strengths", "variant-strengths"),
    ("barrage", {"scout_max_distance": 0}, "scout_max_distance", "variant-value"),
    ("barrage", {"scout_max_distance": 21}, "scout_max_distance", "variant-value"),
    ("barrage", {"scout_max_distance": True}, "scout_max_distance", "variant-value"),
    ("barrage", {"scout_max_distance": "2"}, "scout_max_distance", "variant-value"),
    ("barrage", {"spy_wins_defending": "yes"}, "spy_wins_defending", "variant-value"),
    ("barrage", {"spy_wins_defending": 1}, "spy_wins_defending", "variant-value"),
    ("barrage", {"two_square_count": 1}, "two_square_count", "variant-value"),
    ("barrage", {"two_square_count": 11}, "two_square_count", "variant-value"),
    ("barrage", {"two_square_reading": "sometimes"}, "two_square_reading", "variant-value"),
    ("barrage", {"rescue_limit": 0}, "rescue_limit", "variant-value"),
    ("barrage", {"max_plies": 0}, "max_plies", "variant-value"),
    ("barrage", {"numbering": "roman"}, "numbering", "variant-value"),
    ("barrage", {"title": ""}, "title", "variant-name"),
    ("barrage", {"title": "two\nlines"}, "title", "variant-name"),
    ("barrage", {"title": "x" * 81}, "title", "variant-name"),
    ("barrage", {"wings": 2}, "wings", "variant-field"),
    ("barrage", {"edition": "onyx-2009"}, "edition", "variant-field"),
    ("barrage", {"rescue": True}, "rescue", "variant-field"),
    ("barrage", {"moving_flag": True}, "moving_flag", "variant-field"),
    ("chess", {}, "base", "variant-field"),
    (7, {}, "base", "variant-field"),
    ("barrage", {"options": ["wings"]}, "options", "variant-field"),
    ("barrage", {"options": "rescue"}, "options", "variant-field"),
    ("barrage", {"options": ["rescue", "rescue"]}, "options", "variant-field"),
]


@pytest.mark.parametrize(("base", "changes", "field", "rule"), BAD,
                         ids=[f"{field}-{index}" for index, (_, _, field, _) in enumerate(BAD)])
def test_a_bad_field_is_refused_with_an_error_naming_it(base: Any, changes: dict[str, Any],
                                                        field: str, rule: str) -> None:
    with pytest.raises(sw.VariantError) as caught:
        sw.variant(base, "mine", **changes)
    error = caught.value
    assert isinstance(error, sw.RulesetError)
    assert error.field == field and error.rule == rule
    assert field in str(error)
    assert rule_statement(rule, "de")  # every rule id has its texts


@pytest.mark.parametrize("name", ["Spy Defends", "", "-x", "spy_defends", "x" * 41, 5, None,
                                  "original", "barrage"])
def test_a_variant_needs_a_name_of_its_own(name: Any) -> None:
    with pytest.raises(sw.VariantError) as caught:
        sw.variant("barrage", name)
    assert caught.value.field == "name" and caught.value.rule == "variant-name"


def test_an_edition_takes_parameters_but_not_a_new_game_without_a_name() -> None:
    with pytest.raises(sw.VariantError) as caught:
        sw.ruleset("original", army=EIGHT_ARMY)
    assert caught.value.field == "army" and "give it a name" in str(caught.value)
    with pytest.raises(sw.RulesetError, match="valid values: 3, 5"):
        sw.ruleset("original", two_square_count=4)
    assert sw.variant("original", "four", two_square_count=4).two_square_limit == 4


def test_an_error_survives_pickling_with_its_field() -> None:
    with pytest.raises(sw.VariantError) as caught:
        sw.variant("barrage", "mine", scout_max_distance=0)
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.rule, again.field, str(again)) == (caught.value.rule, "scout_max_distance",
                                                     str(caught.value))


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(P.KIND_NAMES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(P.KIND_NAMES) | st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(sw.ruleset_names()),
       changes=st.dictionaries(st.sampled_from(field_names()) | st.text(max_size=8), JUNK,
                               max_size=4))
def test_junk_fields_give_a_variant_or_a_variant_error(base: str,
                                                       changes: dict[str, Any]) -> None:
    changes = {key: value for key, value in changes.items()
               if key not in ("name", "base", "options", "title")}
    try:
        rules = sw.variant(base, "junk", **changes)
    except sw.VariantError as error:
        assert error.field is not None
        assert error.field in str(error) or repr(error.field) in str(error)
        assert rule_statement(error.rule, "en")
        return
    # what was accepted is a whole ruleset that builds again from its spec and overrides
    assert sw.ruleset(rules.spec, **dict(rules.overrides)) == rules
    assert rules.army_size <= rules.width * rules.home_rows


def test_the_same_lakes_in_another_order_are_no_difference() -> None:
    rules = sw.variant("original", "same", lakes=list(reversed(sw.ruleset("original").lakes)))
    assert rules.lakes == sw.ruleset("original").lakes and rules.differences() == {}


# -- differences and description ------------------------------------------------------------

def test_differences_list_exactly_what_changed_from_the_base() -> None:
    rules = sw.variant("barrage+rescue", "spy-defends", army=BARRAGE_TWO_SPIES,
                       spy_wins_defending=True, strengths={"scout": 3, "miner": 4},
                       two_square_count=5)
    assert rules.spec == "barrage+rescue" and rules.base == "barrage"
    assert rules.rescue and rules.options == ("rescue",)
    assert rules.differences() == {
        "army": {"base": [list(pair) for pair in sw.ruleset("barrage").army],
                 "value": [["marshal", 1], ["general", 1], ["miner", 1], ["scout", 2],
                           ["spy", 2], ["bomb", 1], ["flag", 1]]},
        "spy_wins_defending": {"base": False, "value": True},
        "strengths": {"base": [], "value": [["miner", 4], ["scout", 3]]},
        "two_square_count": {"base": 3, "value": 5},
    }
    described = rules.describe()
    assert described["differences"] == rules.differences()
    assert described["name"] == "spy-defends" and described["spec"] == "barrage+rescue"
    json.dumps(described)  # plain data
    lines = rules.summary().splitlines()
    assert lines[0] == "spy-defends: a variant of Stratego Barrage + Rescue (barrage+rescue)"
    assert [line.split(":")[0].strip() for line in lines[1:]] == [
        "army", "spy_wins_defending", "strengths", "two_square_count"]
    assert lines[1] == ("  army: marshal 1, general 1, miner 1, scout 2, spy 2, bomb 1, flag 1 "
                        "(barrage+rescue: marshal 1, general 1, miner 1, scout 2, spy 1, bomb 1, "
                        "flag 1)")


def test_a_strength_equal_to_the_default_is_no_change() -> None:
    rules = sw.variant("barrage", "plain", strengths={"marshal": 10, "spy": 0})
    assert rules.strengths == () and rules.differences() == {}


def test_a_variant_of_a_variant_keeps_the_first_base() -> None:
    first = sw.variant("duel", "first", scout_max_distance=3)
    second = sw.variant(first, "second", options=["aggressor-advantage"], spy_wins_defending=True)
    assert second.spec == "duel+aggressor-advantage" and second.base == "duel"
    assert set(second.differences()) == {"scout_max_distance", "spy_wins_defending"}
    assert variant_from_dict(variant_to_dict(second)) == second
    from_generator = sw.variant(first, "second", options=(o for o in ["aggressor-advantage"]),
                                spy_wins_defending=True)
    assert from_generator == second


# -- saving and loading -----------------------------------------------------------------------

@st.composite
def variants(draw: st.DrawFn) -> sw.Ruleset:
    """Valid variants: a base, options, abilities, strengths, repetition and a fitting board."""
    base = draw(st.sampled_from(sw.ruleset_names()))
    options = draw(st.sampled_from([[], ["rescue"], ["aggressor-advantage", "moving-flag"]]))
    changes: dict[str, Any] = {}
    if draw(st.booleans()):
        changes["spy_wins_defending"] = draw(st.booleans())
    if draw(st.booleans()):
        changes["scout_max_distance"] = draw(st.none() | st.integers(1, 20))
    if draw(st.booleans()):
        changes["strengths"] = draw(st.dictionaries(
            st.sampled_from(P.KIND_NAMES[P.SPY:]), st.integers(0, 99), max_size=4))
    if draw(st.booleans()):
        changes["two_square_count"] = draw(st.integers(2, 10))
    if draw(st.booleans()):
        width = draw(st.integers(4, 12))
        height = draw(st.integers(5, 128 // width))
        home_rows = draw(st.integers(1, (height - 1) // 2))
        middle = [f"{string.ascii_lowercase[f]}{r}" for f in range(width)
                  for r in range(home_rows + 1, height - home_rows + 1)]
        lakes = draw(st.lists(st.sampled_from(middle), unique=True, max_size=4))
        area = width * home_rows
        kinds = draw(st.lists(st.sampled_from(P.KIND_NAMES[P.SPY:]), min_size=1, max_size=6,
                              unique=True))
        kinds += ["bomb"] if draw(st.booleans()) else []
        army = {"flag": 1}
        for kind in kinds:
            if sum(army.values()) < area:
                army[kind] = draw(st.integers(1, max(1, min(4, area - sum(army.values())))))
        changes.update(width=width, height=height, home_rows=home_rows, lakes=lakes,
                       army=army, fill_home_rows=False)
    title = draw(st.none() | st.text(string.ascii_letters + " -", min_size=1, max_size=20)
                 .filter(str.strip))
    name = draw(st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True)
                .filter(lambda n: n not in sw.ruleset_names()))
    return sw.variant(base, name, options=options, title=title, **changes)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants())
def test_a_variant_saves_and_loads_as_the_same_ruleset(rules: sw.Ruleset) -> None:
    data = variant_to_dict(rules)
    assert set(data["changes"]) == set(rules.differences())
    assert variant_from_dict(json.loads(json.dumps(data))) == rules
    again = sw.ruleset(rules.spec, **dict(rules.overrides))
    assert again == rules and again.title == rules.title


def test_save_variant_writes_a_small_file_with_the_base_and_the_differences(
        tmp_path: Path) -> None:
    rules = sw.variant("barrage", "spy-defends", title="The Spy defends",
                       spy_wins_defending=True, scout_max_distance=2)
    path = tmp_path / "spy-defends.json"
    sw.save_variant(rules, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"format": "stratego-widget-variant", "version": 1, "name": "spy-defends",
                    "title": "The Spy defends", "base": "barrage",
                    "changes": {"spy_wins_defending": True, "scout_max_distance": 2}}
    assert path.stat().st_size < 400
    loaded = sw.load_variant(path)
    assert loaded == rules and loaded.title == "The Spy defends"
    with pytest.raises(sw.VariantError) as caught:
        sw.save_variant(sw.ruleset("barrage"), tmp_path / "barrage.json")
    assert caught.value.field == "name" and not (tmp_path / "barrage.json").exists()


@pytest.mark.parametrize(("text", "field"), [
    ("", "format"),
    ("[1, 2]", "format"),
    ('{"format": "stratego-widget-variant", "version": 2, "name": "a", "base": "duel"}',
     "format"),
    ('{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": "duel", '
     '"extra": 1}', "extra"),
    ('{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": 3}', "base"),
    ('{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": "duel", '
     '"changes": []}', "changes"),
    ('{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": "duel", '
     '"changes": {"name": "b"}}', "name"),
    ('{"format": "stratego-widget-variant", "version": 1, "base": "duel"}', "name"),
    ('{"format": "stratego-widget-variant", "version": 1, "name": "a", "base": "duel", '
     '"changes": {"army": {"flag": 1}}}', "army"),
    ("[" * 100_000, "format"),
])
def test_a_malformed_file_gives_a_variant_error_naming_the_field(tmp_path: Path, text: str,
                                                                 field: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(sw.VariantError) as caught:
        sw.load_variant(path)
    assert caught.value.field == field


@settings(max_examples=200, deadline=None)
@given(content=st.binary(max_size=300)
       | st.dictionaries(st.sampled_from(["format", "version", "name", "title", "base",
                                          "changes", "x"]), JUNK, max_size=6)
       .map(lambda d: json.dumps(d).encode()))
def test_junk_files_give_a_variant_error(tmp_path_factory: pytest.TempPathFactory,
                                         content: bytes) -> None:
    path = tmp_path_factory.mktemp("junk") / "variant.json"
    path.write_bytes(content)
    with pytest.raises(sw.VariantError):
        sw.load_variant(path)


@settings(max_examples=200, deadline=None)
@given(changes=st.dictionaries(st.sampled_from(field_names()), JUNK, max_size=3),
       name=JUNK, base=st.sampled_from(sw.ruleset_names()) | JUNK)
def test_junk_in_a_well_formed_file_gives_a_variant_or_a_variant_error(
        changes: dict[str, Any], name: Any, base: Any) -> None:
    data = {"format": "stratego-widget-variant", "version": 1, "name": name, "base": base,
            "changes": changes}
    try:
        rules = variant_from_dict(data)
    except sw.VariantError:
        return
    assert variant_from_dict(variant_to_dict(rules)) == rules


# -- abilities and strengths, played -----------------------------------------------------------

def strike(rules: sw.Ruleset | str, attacker: str, defender: str) -> sw.Game:
    game = sw.Game.from_pieces(rules, {"a1": "red flag", "j10": "blue flag",
                                       "e4": f"red {attacker}", "e5": f"blue {defender}"})
    game.play("e4xe5")
    return game


def test_the_spy_also_wins_when_defending_against_the_marshal() -> None:
    rules = sw.variant("original", "spy-defends", spy_wins_defending=True)
    game = strike(rules, "marshal", "spy")
    assert game.piece_at("e4") is None and game.piece_at("e5") == ("blue", "spy")
    assert game.history[-1].strike == "defender"
    # without the ability the Marshal takes the Spy; the Spy striking still wins; others win
    assert strike("original", "marshal", "spy").piece_at("e5") == ("red", "marshal")
    assert strike(rules, "spy", "marshal").piece_at("e5") == ("red", "spy")
    assert strike(rules, "general", "spy").piece_at("e5") == ("red", "general")


def test_scouts_move_at_most_the_variants_distance() -> None:
    rules = sw.variant("original", "short-scouts", scout_max_distance=2)
    pieces = {"a1": "red flag", "j10": "blue flag", "e2": "red scout", "e4": "blue major",
              "b2": "red scout"}
    game = sw.Game.from_pieces(rules, pieces)
    targets = sorted(str(move) for move in game.legal_moves() if move.origin == "b2")
    assert targets == ["b2-a2", "b2-b1", "b2-b3", "b2-b4", "b2-c2", "b2-d2"]
    assert "e2xe4" in [str(move) for move in game.legal_moves()]  # strikes two squares away
    with pytest.raises(sw.IllegalMoveError) as caught:
        game.play("b2-b5")
    assert caught.value.rule == "scout-distance" and "at most 2 squares" in str(caught.value)
    far = sw.Game.from_pieces("original", pieces)
    assert "b2-b9" in [str(move) for move in far.legal_moves()]
    assert "e2xe4" in [str(move) for move in far.legal_moves()]
    one = sw.Game.from_pieces(sw.variant("original", "slow", scout_max_distance=1), pieces)
    assert not [m for m in one.legal_moves() if m.origin == "e2" and m.target == "e4"]


def test_strengths_change_who_wins_a_strike() -> None:
    rules = sw.variant("original", "strong-scouts", strengths={"scout": 11, "miner": 8})
    assert strike(rules, "scout", "marshal").piece_at("e5") == ("red", "scout")
    assert strike(rules, "marshal", "scout").piece_at("e5") == ("blue", "scout")
    both = strike(rules, "miner", "colonel")  # equal strengths: both go
    assert both.piece_at("e4") is None and both.piece_at("e5") is None
    assert strike("original", "miner", "colonel").piece_at("e5") == ("blue", "colonel")
    # the special rules stay: the Miner defuses Bombs, the Spy takes the Marshal
    assert strike(rules, "miner", "bomb").piece_at("e5") == ("red", "miner")
    assert strike(rules, "spy", "marshal").piece_at("e5") == ("red", "spy")
    aggressive = sw.variant("original+aggressor-advantage", "strong", strengths={"miner": 8})
    assert strike_outcome(P.MINER, P.COLONEL, aggressive) == "attacker"
    assert strike_outcome(P.COLONEL, P.MINER, aggressive) == "attacker"


# -- it plays: setups, whole games, the board, records, studies --------------------------------

def test_random_setups_fit_any_army_and_board() -> None:
    rules = eight_by_eight()
    assert rules.geometry.size == 64 and len(rules.geometry.lakes) == 4
    for seed in range(5):
        for player in ("red", "blue"):
            for style in ("sensible", "uniform"):
                pieces = sw.random_setup(rules, player, seed=seed, style=style)
                sw.validate_setup(rules, player, pieces)
                assert len(pieces) == 24 and set(pieces) == set(sw.setup_area(rules, player))
    assert sw.preset_setups(rules) == {}  # no 10-wide preset fits an 8-wide board


@pytest.mark.parametrize("seed", range(4))
def test_random_games_on_a_custom_board_play_to_the_end(seed: int) -> None:
    rules = eight_by_eight().with_params(max_plies=3000)
    game = sw.play_game(rules, sw.RandomBot(seed), sw.RandomBot(seed + 10), seed=seed)
    assert game.is_over and game.outcome is not None and game.rules == rules
    replay = sw.Game.random(rules, seed=seed)
    for move in game.moves:
        replay.play(move)
    assert replay.outcome == game.outcome


def test_a_tiny_variant_with_short_scouts_plays_to_the_end() -> None:
    rules = sw.variant("duel", "tiny", width=6, height=6, home_rows=2, lakes=["c3", "d4"],
                       army={"general": 1, "miner": 1, "scout": 2, "spy": 1, "bomb": 1,
                             "flag": 1}, scout_max_distance=2, spy_wins_defending=True)
    for seed in range(6):
        game = sw.play_game(rules, sw.RandomBot(seed), sw.RandomBot(seed + 1), seed=seed,
                            max_plies=2000)
        assert game.is_over
        assert "<svg" in game.to_svg(viewer="red")


def test_records_hold_a_variant_or_say_why_not() -> None:
    rules = eight_by_eight().with_params(spy_wins_defending=True, max_plies=60)
    game = sw.play_game(rules, sw.RandomBot(1), sw.RandomBot(2), seed=1)
    back = sw.load(sw.dump(game, "json"), "json")
    assert back.rules == rules and back.rules.name == "eight" and back.moves == game.moves
    for fmt in ("swn", "gsn", "gravon"):  # these cannot write an army or a board
        with pytest.raises(sw.RecordError):
            sw.dump(game, fmt)
    scalar = sw.variant("barrage", "spy-defends", spy_wins_defending=True, scout_max_distance=2,
                        max_plies=60)
    game = sw.play_game(scalar, sw.RandomBot(1), sw.RandomBot(2), seed=2)
    for fmt in ("json", "swn"):
        back = sw.load(sw.dump(game, fmt), fmt)
        assert back.rules == scalar and back.moves == game.moves


def test_the_board_plays_a_variant() -> None:
    rules = sw.variant("duel", "tiny", width=6, height=6, home_rows=2, lakes=["c3", "d4"],
                       army={"general": 1, "miner": 1, "scout": 2, "spy": 1, "bomb": 1,
                             "flag": 1})
    board = sw.StrategoWidget(ruleset=rules, viewer="red", setup="random", seed=2)
    assert board.game.rules == rules
    assert (board.rules["width"], board.rules["height"]) == (6, 6)
    assert board.rules["lakes"] == ["c3", "d4"] and board.rules["title"] == "tiny"
    assert board.rules["counts"]["scout"] == 2
    move = board.game.legal_moves()[0]
    board.play(move)
    assert board.game.ply >= 1


def test_a_study_compares_a_variant_with_its_base() -> None:
    from stratego_widget.experiments.study import Study

    mine = sw.variant("barrage", "spy-defends", army=BARRAGE_TWO_SPIES, spy_wins_defending=True)
    study = Study([sw.ruleset("barrage"), mine], red="random", blue="random", games=3,
                  max_plies=80)
    assert list(study.rulesets) == ["barrage", "spy-defends"]
    rows = study.play(workers=1)
    assert [row["ruleset"] for row in rows] == ["barrage"] * 3 + ["spy-defends"] * 3
    assert [row["deal"] for row in rows[:3]] != [row["deal"] for row in rows[3:]]  # 2 Spies
    config = json.loads(json.dumps(study.config()))
    assert config == study.config()
    assert Study.from_config(config).rulesets["spy-defends"] == study.rulesets["spy-defends"]



def test_the_documents_examples_run_and_show_what_they_say() -> None:
    text = (PROJECT / "docs" / "variants.md").read_text(
        encoding="utf-8")
    blocks = re.findall(r"```(\w+)\n(.*?)```", text, re.S)
    namespace: dict[str, Any] = {}
    for language, code in blocks:
        if language == "python":
            exec(code, namespace)  # the project's own documentation
    printed = next(code for language, code in blocks if language == "text")
    assert namespace["spy"].summary() + "\n" == printed
    documented = json.loads(next(code for language, code in blocks if language == "json"))
    assert json.loads(namespace["path"].read_text(encoding="utf-8")) == documented
    assert namespace["game"].is_over and namespace["eight"].geometry.size == 64
    assert [row["ruleset"] for row in namespace["rows"]][-1] == "spy-defends"


def test_an_observation_names_the_variant_so_bots_play_by_its_rules() -> None:
    # engine/observation.py: "ruleset_params" rebuilds the rules the game is played under; the
    # bots read the variant (its army, the Scouts' reach), not the game it is based on.
    from stratego_widget.bots.knowledge import rules_of

    short = sw.variant("barrage", "short-scouts-obs", scout_max_distance=2,
                       army={"marshal": 1, "general": 1, "miner": 1, "scout": 3, "spy": 1,
                             "bomb": 1, "flag": 1})
    game = sw.Game.random(short, seed=5)
    for player in ("red", "blue"):
        observation = game.observation(player)
        json.dumps(observation)  # still plain JSON data
        assert sw.ruleset(observation["ruleset"], **observation["ruleset_params"]) == short
        assert rules_of(observation) == short
    plain = sw.Game.random("barrage", seed=5).observation("red")
    assert plain["ruleset_params"] == {} and rules_of(plain) == sw.ruleset("barrage")
