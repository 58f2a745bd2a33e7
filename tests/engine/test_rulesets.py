"""Rulesets as values: names, options, parameters, defaults per edition, clear errors."""

from __future__ import annotations

import dataclasses

import pytest

import stratego_widget as sw

GAMES = ["classic-1961", "onyx-2009", "hasbro-1999", "sci-fi-2013", "sci-fi-2013-duel",
         "original", "barrage", "duel", "ultimate-lightning"]
OPTIONS = ["aggressor-advantage", "silent-defense", "rescue", "exploding-bombs",
           "moving-bombs", "moving-flag"]


def test_names_are_the_documented_ids() -> None:
    assert sw.ruleset_names() == GAMES
    assert sw.option_names() == OPTIONS


def test_a_ruleset_is_an_immutable_value() -> None:
    rules = sw.ruleset("original+rescue")
    assert rules == sw.ruleset("original+rescue") and hash(rules) == hash(sw.ruleset(
        "original+rescue"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.rescue = False  # type: ignore[misc]
    assert sw.ruleset(rules) is rules


@pytest.mark.parametrize(("spec", "numbering", "marshal", "spy"), [
    ("classic-1961", "marshal-low", "1", "S"), ("onyx-2009", "marshal-low", "1", "S"),
    ("hasbro-1999", "marshal-high", "10", "S"), ("sci-fi-2013", "marshal-high", "10", "S"),
    ("original", "marshal-high", "10", "1")])
def test_printed_numbering_per_edition(spec: str, numbering: str, marshal: str, spy: str) -> None:
    """1961 (003): "the Marshal is ranked 1 (highest) ... the Spy, who is marked with an 'S'";
    Original (004): "The Marshal has a 10 ... the Spy is number 1"; 2013 (002): Marshal 10, the
    Spy has no number; 1999 (001): "#1 or #10 depending on the set" (10 chosen, switchable) and
    'The Spy is ranked with the letter "S".'."""
    rules = sw.ruleset(spec)
    assert rules.numbering == numbering
    assert (rules.label("marshal"), rules.label("spy")) == (marshal, spy)
    flipped = "marshal-low" if numbering == "marshal-high" else "marshal-high"
    assert rules.label("marshal", flipped) != marshal


@pytest.mark.parametrize(("spec", "move_and_strike", "defender_moves", "reading", "chase"), [
    ("classic-1961", False, True, "more-than", False),
    ("onyx-2009", False, True, "in-consecutive", False),
    ("hasbro-1999", True, False, "in-consecutive", False),
    ("sci-fi-2013", True, False, "in-consecutive", False),
    ("original", True, False, "more-than", True),
    ("barrage", True, False, "more-than", True),
    ("duel", True, False, "more-than", True),
    ("ultimate-lightning", True, False, "more-than", True)])
def test_edition_defaults_follow_the_rulebooks(spec: str, move_and_strike: bool,
                                                defender_moves: bool, reading: str,
                                                chase: bool) -> None:
    """The rulebooks README, "Differences that are easy to miss"; Barrage, Duel and Ultimate
    Lightning: "All other rules are the same as Stratego Original"."""
    rules = sw.ruleset(spec)
    assert rules.scout_move_and_strike is move_and_strike
    assert rules.winning_defender_moves_in is defender_moves
    assert rules.two_square_reading == reading and rules.two_square_count == 3
    assert rules.more_squares_rule is chase


def test_options_compose_and_take_the_editions_wording() -> None:
    onyx = sw.ruleset("onyx-2009+rescue+silent-defense+aggressor-advantage")
    assert onyx.options == ("rescue", "silent-defense", "aggressor-advantage")
    assert onyx.rescue_area == "half" and onyx.silent_defense_scout_exception
    hasbro = sw.ruleset("hasbro-1999+silent-defense")
    assert not hasbro.silent_defense_scout_exception
    assert sw.ruleset("original+rescue").rescue_area == "home"
    assert sw.ruleset("original+moving-bombs").exploding_bombs


def test_parameters_override_defaults() -> None:
    rules = sw.ruleset("original", two_square_count=5, more_squares_rule=False, max_plies=300,
                       numbering="marshal-low")
    assert (rules.two_square_count, rules.more_squares_rule, rules.max_plies) == (5, False, 300)
    assert rules.label("marshal") == "1"
    assert dict(rules.overrides) == {"two_square_count": 5, "more_squares_rule": False,
                                     "max_plies": 300, "numbering": "marshal-low"}


@pytest.mark.parametrize(("spec", "params", "message"), [
    ("chess", {}, "valid rulesets: classic-1961"),
    ("original+chess", {}, "valid options: aggressor-advantage"),
    ("original+rescue+rescue", {}, "twice"),
    ("original+barrage", {}, "is a game, not an option"),
    ("original+exploding-bombs+moving-bombs", {}, "already includes"),
    ("original", {"two_square_count": 4}, "valid values: 3, 5"),
    ("original", {"bogus": 1}, "valid parameters"),
    ("original", {"numbering": "roman"}, "numbering"),
])
def test_bad_names_and_values_are_refused_clearly(spec: str, params: dict,
                                                  message: str) -> None:
    with pytest.raises(sw.RulesetError, match=message):
        sw.ruleset(spec, **params)
