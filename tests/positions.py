"""Small helpers for rule tests: build a position, and check that a move is refused."""

from __future__ import annotations

from typing import Any

import pytest

import stratego_widget as sw


def position(spec: str, pieces: dict[str, str], to_move: str = "red", **params: Any) -> sw.Game:
    """A game of ``spec`` with ``pieces`` plus both Flags in far corners (if not given)."""
    rules = sw.ruleset(spec, **params)
    corner = f"{chr(96 + rules.width)}{rules.height}"
    placed = dict(pieces)
    for square, piece in (("a1", "red flag"), (corner, "blue flag")):
        if piece not in placed.values() and square not in placed:
            placed[square] = piece
    return sw.Game.from_pieces(rules, placed, to_move=to_move)


def refused(game: sw.Game, move: str, rule: str) -> sw.IllegalMoveError:
    """Assert that ``move`` is refused for ``rule`` and that the game did not change."""
    before = (game.position(), game.ply, [str(m) for m in game.legal_moves()])
    assert not game.is_legal(move)
    with pytest.raises(sw.IllegalMoveError) as caught:
        game.play(move)
    assert caught.value.rule == rule, (caught.value.rule, str(caught.value))
    assert (game.position(), game.ply, [str(m) for m in game.legal_moves()]) == before
    return caught.value


def targets(game: sw.Game, origin: str) -> set[str]:
    """Squares the piece on ``origin`` may move to or strike now."""
    return {m.target for m in game.legal_moves() if m.origin == origin and m.guess is None}
