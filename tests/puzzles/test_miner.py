"""The miner's own logic: candidates, the same solution found again in one game, self-play."""

from __future__ import annotations

import pytest

from stratego_widget.engine.game import Game
from stratego_widget.puzzles import miner
from stratego_widget.puzzles.miner import REPEAT_PLIES, is_candidate, mine_game, self_play
from stratego_widget.puzzles.puzzle import Puzzle


def test_a_shown_piece_in_reach_makes_a_candidate_and_a_fresh_deal_does_not() -> None:
    assert not is_candidate(Game.random("original", seed=3))
    threatened = Game.from_pieces("original", {"a1": "red flag", "e4": "red captain",
                                               "e5": "blue general", "j10": "blue flag",
                                               "j9": "blue scout"}, revealed=["e5"])
    assert is_candidate(threatened)


def test_the_same_solution_a_few_plies_later_is_one_puzzle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(self_play("barrage", 1, seed=5, level="random", max_plies=60))[0]
    monkeypatch.setattr(miner, "is_candidate", lambda _game: True)
    # Every position "has" a puzzle: a1-a2 until ply 20, then b1-b2 (as a Flag left standing).
    monkeypatch.setattr(miner, "mine_position", lambda position, source, **_: [
        Puzzle.of(position, ("a1-a2" if position.ply < 20 else "b1-b2",), source=source)])
    assert game.ply > 20 + REPEAT_PLIES
    found = [(p.moves[0], p.source) for p in mine_game(game, "g")]
    assert found == [("a1-a2", "g#ply=0"), ("b1-b2", "g#ply=20")]


def test_self_play_is_seeded_and_varied() -> None:
    first = [g.position() for g, _ in self_play("barrage", 2, seed=8, level="random",
                                                 max_plies=40)]
    again = [g.position() for g, _ in self_play("barrage", 2, seed=8, level="random",
                                                 max_plies=40)]
    assert first == again and first[0] != first[1]
