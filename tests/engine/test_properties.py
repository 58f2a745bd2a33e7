"""Property-based tests of the engine's invariants, over every game and option.

Each example is a random game: Hypothesis chooses the ruleset, the setups' seed and every move,
so a failure shrinks to a short, replayable sequence of choices.

- pieces are never created or lost except by the rules (board + captured = the army);
- ``legal_moves()`` is exactly the set of moves ``play()`` accepts;
- a rejected move leaves the game exactly as before;
- ``undo()`` restores the exact previous position;
- an observation never shows an enemy rank the player has not been shown.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget import Game, IllegalMoveError, Move

# Every game alone, every option on the games whose rulebook has it, and some combinations.
SPECS = [
    *sw.ruleset_names(),
    *(f"original+{option}" for option in sw.option_names()),
    "classic-1961+silent-defense",
    "onyx-2009+rescue+silent-defense",
    "hasbro-1999+rescue+aggressor-advantage",
    "barrage+moving-bombs+moving-flag",
    "ultimate-lightning+exploding-bombs+silent-defense",
    "sci-fi-2013+rescue+moving-flag",
    "sci-fi-2013-duel+silent-defense+aggressor-advantage",
    "duel+rescue",
]

games = st.builds(
    lambda spec, seed: Game.random(sw.ruleset(spec, max_plies=400), seed=seed),
    st.sampled_from(SPECS),
    st.integers(0, 10_000),
)
choices = st.lists(st.integers(0, 10_000), min_size=1, max_size=120)


def army_counts(game: Game) -> Counter[str]:
    """The army of one side, as a counter of kind names."""
    return Counter(dict(game.rules.army))


def side_counts(game: Game, player: str) -> Counter[str]:
    """One side's pieces on the board plus its captured pieces (the referee's view)."""
    on_board = Counter(kind for owner, kind in game.pieces().values() if owner == player)
    return on_board + Counter(game.captured(player))


def play_choices(game: Game, picks: list[int], check: Any = None) -> None:
    """Play the chosen legal moves (index modulo the number of moves).

    After each move ``check(game, move, mover)`` is called, if given.
    """
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            return
        mover = game.to_move
        move = moves[pick % len(moves)]
        game.play(move)
        if check is not None:
            check(game, move, mover)


@given(games, choices)
def test_pieces_are_conserved(game: Game, picks: list[int]) -> None:
    """Pieces are never created or lost: on the board plus captured equals the army."""
    army = army_counts(game)

    def check(g: Game, move: Move, mover: str) -> None:
        for player in ("red", "blue"):
            assert side_counts(g, player) == army, (player, str(move))

    play_choices(game, picks, check)


@given(games, choices)
def test_undo_restores_the_exact_position(game: Game, picks: list[int]) -> None:
    """Undoing every move brings back every earlier position, in reverse order."""
    positions = [game.position()]

    def check(g: Game, move: Move, mover: str) -> None:
        positions.append(g.position())

    play_choices(game, picks, check)
    while len(positions) > 1:
        assert game.position() == positions.pop()
        game.undo()
    assert game.position() == positions[0]


def candidate_moves(game: Game, rng: random.Random, count: int) -> set[str]:
    """Legal moves plus plausible-looking other texts from the side to move's squares."""
    width, height = game.rules.width, game.rules.height
    squares = [f"{chr(97 + f)}{r + 1}" for f in range(width) for r in range(height)]
    own = [sq for sq, (owner, _kind) in game.pieces().items() if owner == game.to_move]
    texts = {str(m) for m in game.legal_moves()}
    for _ in range(count):
        origin = rng.choice(own or squares)
        target = rng.choice(squares)
        texts.add(f"{origin}{rng.choice('-x')}{target}")
    return texts


@given(games, choices, st.integers(0, 2**32))
def test_legal_moves_are_exactly_what_play_accepts(game: Game, picks: list[int],
                                                   rng_seed: int) -> None:
    """``play()`` accepts every move of ``legal_moves()`` and rejects every other text, and a
    rejected move changes nothing (position and both observations stay equal).

    The separator is not part of a move's identity: ``d4xd5`` and ``d4-d5`` name the same move
    and the engine decides whether it is a strike (see docs/notation.md)."""
    play_choices(game, picks[: len(picks) // 2])
    rng = random.Random(rng_seed)
    legal = {same_move(str(m)): str(m) for m in game.legal_moves()}
    before = (game.position(), game.observation("red"), game.observation("blue"), game.ply)
    for text in sorted(candidate_moves(game, rng, 150)):
        if same_move(text) in legal:
            trial = game.copy()
            assert str(trial.play(text)) == legal[same_move(text)]
            assert game.is_legal(text)
        else:
            assert not game.is_legal(text), text
            with pytest.raises(IllegalMoveError) as caught:
                game.play(text)
            assert caught.value.rule, text
            after = (game.position(), game.observation("red"), game.observation("blue"), game.ply)
            assert after == before, text


@given(games, choices)
def test_a_move_object_of_an_earlier_position_is_judged_as_its_text_is_now(
        game: Game, picks: list[int]) -> None:
    """``play()`` of a :class:`Move` taken from ``legal_moves()`` some plies before (the engine
    remembers which code each such move came from) accepts and refuses exactly what its text
    is accepted and refused as now, and plays the same move: a plain move then may be a
    strike now, or illegal."""
    play_choices(game, picks[: len(picks) // 3])
    earlier = game.legal_moves()
    play_choices(game, picks[len(picks) // 3: len(picks) // 3 + 2])
    for move in earlier:
        assert game.is_legal(move) == game.is_legal(str(move)), str(move)
        if game.is_legal(move):
            assert game.copy().play(move) == game.copy().play(str(move)), str(move)


@given(games, choices)
def test_a_copy_keeps_the_legal_moves_and_then_finds_its_own(game: Game, picks: list[int]) -> None:
    """A copy starts with the original's legal moves (no search regenerates them) and finds
    its own after each move it plays; neither game's moves change with the other's."""
    play_choices(game, picks[: len(picks) // 2])
    before = list(game.legal_codes())
    clone = game.copy()
    assert clone.legal_codes() == before
    assert clone.legal_codes() is not game.legal_codes()  # a list each: no shared state
    play_choices(clone, picks[len(picks) // 2:])
    fresh = Game.from_state(clone.state.copy())
    assert clone.legal_codes() == fresh.legal_codes() or clone.is_over
    assert game.legal_codes() == before


def same_move(text: str) -> str:
    """A move's text with the separator normalised, so ``d4xd5`` and ``d4-d5`` compare equal."""
    return text.replace("x", "-")


def front(square: str, player: str) -> str:
    """The square in front of ``square`` from ``player``'s side (the square a Spotter spots)."""
    rank = int(square[1:]) + (1 if player == "red" else -1)
    return f"{square[0]}{rank}"


@given(games, choices, st.sampled_from(["red", "blue"]))
def test_observation_never_shows_an_unrevealed_rank(game: Game, picks: list[int],
                                                    viewer: str) -> None:
    """An enemy piece that never struck, was struck, was spotted, rescued or moved more than one
    square has never been shown: its rank is unknown (``None``) in the viewer's observation.
    Every rank that is shown is the true one."""
    exposed: dict[str, bool] = {}

    def distance(a: str, b: str) -> int:
        return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))

    def check(g: Game, move: Move, mover: str) -> None:
        if move.strike or move.guess is not None:
            exposed[move.origin] = exposed[move.target] = True
            if move.guess is not None:
                exposed[front(move.target, mover)] = True
        else:
            exposed[move.target] = exposed.pop(move.origin, False) or (
                distance(move.origin, move.target) > 1)
            exposed[move.origin] = False
        if move.rescue is not None:
            exposed[move.rescue[1]] = True
        truth = g.pieces()
        for square, piece in g.observation(viewer)["board"].items():
            owner, kind = truth[square]
            assert piece["owner"] == owner
            if piece["kind"] is not None:
                assert piece["kind"] == kind, square
            if owner != viewer and not exposed.get(square, False):
                assert piece["kind"] is None, (square, kind, str(move))

    play_choices(game, picks, check)


@given(games, choices)
def test_observation_is_json_data(game: Game, picks: list[int]) -> None:
    """An observation is plain JSON data and round-trips through ``json`` unchanged."""
    import json

    play_choices(game, picks)
    for player in ("red", "blue"):
        observation = game.observation(player)
        assert json.loads(json.dumps(observation)) == observation
