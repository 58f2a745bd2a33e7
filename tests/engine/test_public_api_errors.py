"""Junk at every public entry point of the engine: a result, or one of the project's errors.

Whatever a caller passes (wrong types, malformed text, out-of-range numbers), the public API
either works or raises a :class:`stratego_widget.StrategoError` subclass with a ``rule`` id and
a message; never a bare ``ValueError``, ``TypeError``, ``KeyError`` or ``IndexError``; and a
refused call leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stratego_widget as sw

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=30) | st.sampled_from(
        ["red", "blue", "both", "original", "barrage", "a1", "j10", "d4-d5", "scout",
         "red scout", "marshal", "original+rescue", "²", "-5", "a0", "k11", "e4xe5!major"]),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def outcome_of(call: Callable[[], Any]) -> str:
    """Run ``call``; return "ok" or the project's error's rule, or fail on any other error."""
    try:
        call()
    except sw.StrategoError as error:
        assert isinstance(error.rule, str) and error.rule
        assert isinstance(error.message, str) and error.message
        assert str(error) == error.message
        return error.rule
    return "ok"


ENTRY_POINTS: dict[str, Callable[[Any], Any]] = {
    "ruleset": lambda x: sw.ruleset(x),
    "ruleset params": lambda x: sw.ruleset("original", **(x if isinstance(x, dict) else {})),
    "Move.parse": lambda x: sw.Move.parse(x),
    "Game.random": lambda x: sw.Game.random(x, seed=1),
    "Game.from_pieces": lambda x: sw.Game.from_pieces("original", x),
    "Game.from_pieces revealed": lambda x: sw.Game.from_pieces(
        "original", {"a1": "red flag"}, revealed=x if isinstance(x, list) else [x]),
    "Game.from_position": lambda x: sw.Game.from_position(x, "barrage"),
    "Game.from_stratados2": lambda x: sw.Game.from_stratados2(x),
    "random_setup": lambda x: sw.random_setup("barrage", x, seed=1),
    "parse_setup": lambda x: sw.parse_setup("barrage", x),
    "validate_setup": lambda x: sw.validate_setup("barrage", "red", x),
    "setup_area": lambda x: sw.setup_area(x, "red"),
    "preset_setup": lambda x: sw.preset_setup("original", x, "red"),
    "load": lambda x: sw.load(x),
    "load format": lambda x: sw.load("{}", x),
    "StrategoWidget viewer": lambda x: sw.StrategoWidget(ruleset="duel", viewer=x).close(),
    "StrategoWidget setup": lambda x: sw.StrategoWidget(ruleset="duel", setup=x).close(),
    "StrategoWidget lang": lambda x: sw.StrategoWidget(ruleset="duel", lang=x).close(),
    "StrategoWidget opponent": lambda x: sw.StrategoWidget(
        ruleset="duel", opponent=x if isinstance(x, str) or x is None else str(x)).close(),
    "StrategoWidget ruleset": lambda x: sw.StrategoWidget(ruleset=x).close(),
}


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@settings(max_examples=60, deadline=None)
@given(value=junk)
def test_junk_gets_the_projects_error(name: str, value: Any) -> None:
    outcome_of(lambda: ENTRY_POINTS[name](value))


GAME_METHODS: dict[str, Callable[[sw.Game, Any], Any]] = {
    "play": lambda game, x: game.play(x),
    "is_legal": lambda game, x: game.is_legal(x),
    "piece_at": lambda game, x: game.piece_at(x),
    "piece_count": lambda game, x: game.piece_count(x),
    "captured": lambda game, x: game.captured(x),
    "observation": lambda game, x: game.observation(x),
    "resign": lambda game, x: game.resign(x),
    "end": lambda game, x: game.end(x),
    "to_svg": lambda game, x: game.to_svg(viewer=x),
    "dump": lambda game, x: sw.dump(game, x),
}


@pytest.mark.parametrize("name", sorted(GAME_METHODS))
@settings(max_examples=60, deadline=None)
@given(value=junk, seed=st.integers(0, 5))
def test_junk_at_a_game_changes_nothing(name: str, value: Any, seed: int) -> None:
    game = sw.Game.random("barrage", seed=seed)
    game.play(game.legal_moves()[seed % len(game.legal_moves())])
    before = (game.position(), game.ply, game.outcome, [str(m) for m in game.moves])
    result = outcome_of(lambda: GAME_METHODS[name](game, value))
    if result != "ok":
        assert (game.position(), game.ply, game.outcome, [str(m) for m in game.moves]) == before


def test_a_refused_end_names_its_rule() -> None:
    game = sw.Game.random("duel", seed=2)
    assert outcome_of(lambda: game.end("resign")) == "game-end"
    assert outcome_of(lambda: game.end(sw.Outcome("red", sw.Termination.FLAG_CAPTURED))) \
        == "game-end"
    with pytest.raises(sw.StrategoError):
        sw.Outcome("green", sw.Termination.RESIGNATION)
