"""resample_from_infostate: a world the player cannot tell from the real one, history kept."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget.bots.resample import (
    allowed_kinds,
    resample_from_infostate,
)
from stratego_widget.engine import pieces as P
from stratego_widget.engine.game import Game

SPECS = ["original", "barrage", "duel", "sci-fi-2013", "ultimate-lightning",
         "original+silent-defense", "barrage+silent-defense", "original+rescue",
         "duel+moving-bombs+moving-flag", "classic-1961", "sci-fi-2013-duel"]


def played(spec: str, seed: int, plies: int) -> Game:
    """A game of random legal moves, ``plies`` long at most."""
    rng = random.Random(seed)
    game = Game.random(spec, seed=seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play_code(rng.choice(game.legal_codes()))
    return game


def observations(game: Game, player: str) -> list[dict]:
    """``player``'s observation after every ply of ``game``, from the start."""
    replay = game.copy()
    seen = [replay.observation(player)]
    while replay.history:
        replay.undo()
        seen.append(replay.observation(player))
    return seen[::-1]


@settings(max_examples=15, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 10_000), plies=st.integers(0, 250),
       player=st.sampled_from(["red", "blue"]), draw=st.integers(0, 1_000))
def test_a_resampled_game_never_contradicts_the_players_observation(
        spec: str, seed: int, plies: int, player: str, draw: int) -> None:
    game = played(spec, seed, plies)
    before = game.position()
    world = resample_from_infostate(game, player, random.Random(draw))
    assert game.position() == before  # the real game is not changed
    assert [str(m) for m in world.moves] == [str(m) for m in game.moves]
    assert observations(world, player) == observations(game, player)
    assert world.winner == game.winner
    # play goes on legally from the resampled world, to the end of a few more plies
    rng = random.Random(draw)
    for _ in range(20):
        if world.is_over:
            break
        move = rng.choice(world.legal_moves())
        assert world.is_legal(move)
        world.play(move)


def test_what_the_player_never_saw_is_drawn_again() -> None:
    game = played("original", 3, 40)
    hidden = [pid for pid in game.state.pieces[P.BLUE] if not game.state.known[pid]]
    worlds = [resample_from_infostate(game, "red", random.Random(seed)) for seed in range(6)]
    kinds = {tuple(world.state.kind[pid] for pid in hidden) for world in worlds}
    assert len(kinds) > 1
    for world in worlds:  # Red's own army and everything shown stay
        assert all(world.state.kind[pid] == game.state.kind[pid]
                   for pid in game.state.pieces[P.RED])
        assert all(world.state.kind[pid] == game.state.kind[pid]
                   for pid in game.state.pieces[P.BLUE] if game.state.known[pid])
    same = resample_from_infostate(game, "red", random.Random(1))
    assert same.position() == resample_from_infostate(game, "red", random.Random(1)).position()


def test_moves_limit_the_ranks_a_piece_may_have() -> None:
    game = Game.from_pieces("original", {"a1": "red flag", "b1": "red marshal",
                                         "j10": "blue flag", "a10": "blue bomb",
                                         "c10": "blue scout", "e10": "blue major"},
                            to_move="blue")
    game.play("e10-e9")
    sq = game.rules.geometry.index
    limits = allowed_kinds(game, "red")
    assert limits[game.state.board[sq("e9")]] == game.state.movable
    assert limits[game.state.board[sq("a10")]] is None
    # the moved piece is the Scout or the Major; the Flag and the Bomb never moved
    for seed in range(8):
        world = resample_from_infostate(game, "red", random.Random(seed))
        assert world.piece_at("e9") in {("blue", "scout"), ("blue", "major")}
        unmoved = {world.piece_at(name) for name in ("a10", "c10", "j10")}
        assert {("blue", "flag"), ("blue", "bomb")} <= unmoved


def test_a_long_move_proves_a_scout() -> None:
    game = Game.from_pieces("original", {"a1": "red flag", "b1": "red marshal",
                                         "j10": "blue flag", "c10": "blue scout",
                                         "e10": "blue major"}, to_move="blue")
    game.play("c10-c8")
    sq = game.rules.geometry.index
    assert game.state.known[game.state.board[sq("c8")]]  # shown: nothing left to draw
    lightning = Game.from_pieces("ultimate-lightning", {
        "a1": "red flag", "b1": "red marshal", "j10": "blue flag", "c10": "blue scout",
        "e10": "blue captain", "g10": "blue major"}, to_move="blue")
    lightning.play("e10-e8")  # a Scout or a Captain: two squares shows neither
    limits = allowed_kinds(lightning, "red")
    assert limits[lightning.state.board[sq("e8")]] == frozenset({P.SCOUT, P.CAPTAIN})
    for seed in range(8):
        world = resample_from_infostate(lightning, "red", random.Random(seed))
        assert world.piece_at("e8") in {("blue", "scout"), ("blue", "captain")}


def test_a_silent_strike_keeps_its_result() -> None:
    game = Game.from_pieces("original+silent-defense", {
        "a1": "red flag", "e5": "red captain", "j10": "blue flag", "e6": "blue sergeant",
        "g10": "blue general", "h10": "blue scout"})
    game.play("e5xe6")  # the Captain wins; Silent Defense does not show the Sergeant's rank
    for seed in range(10):
        world = resample_from_infostate(game, "red", random.Random(seed))
        assert world.history[-1].strike == "attacker"
        assert world.captured("blue")[0] in {"scout", "sergeant"}


def test_a_player_is_named_red_or_blue() -> None:
    with pytest.raises(sw.StrategoError, match="purple") as caught:
        resample_from_infostate(played("duel", 1, 0), "purple", random.Random(0))
    assert "\n" not in str(caught.value)
