"""The bot levels: legal in every edition and option, reproducible from a seed, blind to
hidden ranks, the strong level finds what wins, and each level is accepted wherever a bot
name is."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget.bots import (
    BOTS,
    LEVELS,
    BeginnerBot,
    HeuristicBot,
    RandomBot,
    StrongBot,
    check_level,
    make_bot,
    play_game,
)
from stratego_widget.bots.belief import Belief
from stratego_widget.engine import pieces as P

EDITIONS = sw.ruleset_names()


def valid(spec: str) -> bool:
    try:
        sw.ruleset(spec)
    except sw.StrategoError:
        return False
    return True


# Every edition, alone and with each optional rule it accepts.
RULESETS = EDITIONS + [spec for edition in EDITIONS for option in sw.option_names()
                       if valid(spec := f"{edition}+{option}")]


def quick(level: str, seed: int) -> Any:
    """A bot of ``level``; the strong one with a small budget, so every ruleset stays fast."""
    if level == "strong":
        return StrongBot(seed=seed, samples=2, depth=1)
    return make_bot(level, seed=seed)


# ---------------------------------------------------------------- legal, finished, reproducible

@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("spec", RULESETS)
def test_every_level_plays_legal_moves_to_the_end_in_every_edition_and_option(
        level: str, spec: str) -> None:
    """play() refuses an illegal move, so a finished game means every choice was legal."""
    game = play_game(spec, quick(level, 1), quick(level, 2), seed=3, max_plies=30)
    assert game.is_over
    assert game.ply <= 30
    assert len(game.moves) == game.ply


def test_the_rulesets_cover_every_edition_and_every_option() -> None:
    assert set(EDITIONS) <= set(RULESETS)
    for option in sw.option_names():
        assert any(spec.endswith(f"+{option}") for spec in RULESETS), option


@pytest.mark.parametrize("level", LEVELS)
def test_the_full_strong_level_plays_a_whole_barrage_game(level: str) -> None:
    game = play_game("barrage", make_bot(level, seed=4), make_bot("strong", seed=5), seed=6,
                     max_plies=400)
    assert game.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_game(level: str) -> None:
    def moves(red_seed: int) -> list[str]:
        # 20 plies: every level's games part with another seed well before (the strong bot
        # takes about 20 ms a move, and a longer game proved nothing more).
        game = play_game("original", make_bot(level, seed=red_seed), make_bot(level, seed=8),
                         seed=9, max_plies=20)
        return [str(m) for m in game.moves]

    first = moves(7)
    assert first == moves(7)
    assert any(moves(seed) != first for seed in range(10, 13))


def test_a_strong_bot_with_another_seed_samples_other_ranks() -> None:
    obs = sw.Game.random("original", seed=2).observation("red")
    belief = Belief(obs)
    draws = {tuple(sorted(belief.sample_kinds(random.Random(seed)).items()))
             for seed in range(5)}
    assert len(draws) == 5


# ---------------------------------------------------------------- blind to hidden ranks

def after_random_plies(spec: str, seed: int, plies: int) -> sw.Game:
    """A random game of ``spec`` after up to ``plies`` random plies (fewer if it ends)."""
    game = sw.Game.random(spec, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def shuffled_twin(spec: str, seed: int, plies: int, shuffle: int) -> tuple[sw.Game, sw.Game]:
    """A game after ``plies`` random plies, and a twin whose hidden enemy ranks (as the player
    to move sees them) are rearranged among pieces that look alike (moved or not)."""
    game = after_random_plies(spec, seed, plies)
    me = game.to_move
    obs = game.observation(me)
    pieces = {square: f"{owner} {kind}" for square, (owner, kind) in game.pieces().items()}
    twin = dict(pieces)
    hidden = [sq for sq, piece in obs["board"].items() if piece["kind"] is None]
    order = random.Random(shuffle)
    for moved in (False, True):
        group = [sq for sq in hidden if obs["board"][sq]["moved"] == moved]
        kinds = [pieces[sq] for sq in group]
        order.shuffle(kinds)
        twin.update(zip(group, kinds, strict=True))
    revealed = [sq for sq, piece in obs["board"].items() if piece["known"]]
    moved = [sq for sq, piece in obs["board"].items() if piece["moved"]]
    captured = {player: game.captured(player) for player in ("red", "blue")}
    made = [sw.Game.from_pieces(spec, board, to_move=me, captured=captured, revealed=revealed,
                                moved=moved) for board in (pieces, twin)]
    return made[0], made[1]


@settings(max_examples=12)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 60), shuffle=st.integers(0, 1000),
       spec=st.sampled_from(["original", "barrage", "sci-fi-2013", "ultimate-lightning",
                             "original+silent-defense", "duel+moving-bombs"]))
def test_no_level_reads_hidden_ranks(seed: int, plies: int, shuffle: int, spec: str) -> None:
    """Two positions that differ only in hidden ranks look the same to the player, so every
    level chooses the same move in both."""
    game_a, game_b = shuffled_twin(spec, seed, plies, shuffle)
    if game_a.is_over:
        return
    me = game_a.to_move
    obs_a, obs_b = game_a.observation(me), game_b.observation(me)
    assert obs_a == obs_b
    for level in LEVELS:
        assert make_bot(level, seed=3).choose(obs_a) == make_bot(level, seed=3).choose(obs_b)


def test_the_twins_really_differ() -> None:
    """The rearranging helper changes hidden ranks (else the test above proves nothing)."""
    game_a, game_b = shuffled_twin("original", 1, 30, 5)
    assert game_a.pieces() != game_b.pieces()


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 120), sample=st.integers(0, 100),
       spec=st.sampled_from(["original", "barrage", "sci-fi-2013", "original+silent-defense",
                             "duel+moving-bombs", "ultimate-lightning+rescue"]))
def test_every_sample_agrees_with_the_observation(seed: int, plies: int, sample: int,
                                                  spec: str) -> None:
    game = after_random_plies(spec, seed, plies)
    if game.is_over:
        return
    me = game.to_move
    obs = game.observation(me)
    position = Belief(obs).sample(random.Random(sample))
    seen = sw.Game.from_state(position).observation(me)
    for key in ("board", "captured", "to_move"):
        assert seen[key] == obs[key], key
    # The sample has no history, so no repetition rule holds a move back there.
    assert set(obs["legal_moves"]) <= set(seen["legal_moves"])
    rules = sw.ruleset(spec)
    for pid in position.pieces[1 - P.player_from_name(me)]:
        if position.square[pid] >= 0 and position.moved[pid]:
            assert position.kind[pid] in position.movable
    army = sorted(k for k, n in rules.army_counts.items() for _ in range(n))
    assert sorted(position.kind[pid] for pid in position.pieces[0]) == army
    assert sorted(position.kind[pid] for pid in position.pieces[1]) == army


# ---------------------------------------------------------------- what each level does

def known_game(pieces: dict[str, str], revealed: list[str], **kwargs: Any) -> dict[str, Any]:
    return sw.Game.from_pieces("original", pieces, revealed=revealed, **kwargs).observation("red")


def test_strong_takes_a_shown_flag_over_a_capture() -> None:
    obs = known_game({"e4": "red major", "g7": "red colonel", "a1": "red flag",
                      "e5": "blue flag", "g8": "blue captain", "j9": "blue bomb",
                      "j10": "blue scout"}, revealed=["e5", "g8"])
    assert "g7xg8" in obs["legal_moves"]
    assert StrongBot(seed=0).choose(obs) == "e4xe5"


def test_strong_takes_a_free_piece_and_leaves_a_defended_one() -> None:
    # The Colonel may take the shown Captain on d8, or the shown Major on f8 that a shown
    # Marshal defends: only the first is free, though the Major is worth more.
    obs = known_game({"e8": "red colonel", "a1": "red flag", "b1": "red bomb", "a2": "red bomb",
                      "d8": "blue captain", "f8": "blue major", "f9": "blue marshal",
                      "j10": "blue flag"}, revealed=["d8", "f8", "f9"])
    assert StrongBot(seed=1).choose(obs) == "e8xd8"
    assert HeuristicBot(seed=1).choose(obs) == "e8xf8"  # one move deep, it takes the bait


def test_strong_does_not_send_its_marshal_into_a_piece_that_never_moved() -> None:
    obs = known_game({"e6": "red marshal", "e5": "red scout", "a1": "red flag",
                      "e7": "blue bomb", "d7": "blue bomb", "f7": "blue bomb", "e8": "blue flag",
                      "a10": "blue scout", "b10": "blue bomb", "c10": "blue bomb"},
                     revealed=[])
    assert StrongBot(seed=2).choose(obs) != "e6xe7"


def test_strong_saves_a_piece_from_a_shown_stronger_one() -> None:
    obs = known_game({"e4": "red major", "a1": "red flag", "b1": "red bomb", "a2": "red bomb",
                      "e5": "blue general", "j10": "blue flag"}, revealed=["e5"])
    assert StrongBot(seed=0).choose(obs) in ("e4-e3", "e4-d4", "e4-f4")


def test_beginner_takes_a_free_capture_and_otherwise_a_safe_move() -> None:
    obs = known_game({"e4": "red major", "a1": "red flag", "e5": "blue captain",
                      "j10": "blue flag", "j9": "blue bomb"}, revealed=["e5"])
    assert BeginnerBot(seed=1).choose(obs) == "e4xe5"
    obs = known_game({"e4": "red major", "a1": "red flag", "b1": "red bomb", "a2": "red bomb",
                      "e6": "blue general", "j10": "blue flag"}, revealed=["e6"])
    careful = {BeginnerBot(seed=seed, blunder=0.0).choose(obs) for seed in range(20)}
    assert careful == {"e4-e3", "e4-d4", "e4-f4"}  # never e4-e5, next to the General
    reckless = {BeginnerBot(seed=seed, blunder=1.0).choose(obs) for seed in range(40)}
    assert "e4-e5" in reckless


def test_heuristic_bot_takes_a_known_flag() -> None:
    obs = known_game({"e4": "red scout", "a1": "red flag", "e5": "blue flag",
                      "j10": "blue bomb", "j9": "blue bomb", "i10": "blue scout"},
                     revealed=["e5"])
    assert HeuristicBot(seed=0).choose(obs) == "e4xe5"


def test_heuristic_bot_avoids_a_known_stronger_piece() -> None:
    obs = known_game({"e4": "red major", "a1": "red flag", "b1": "red bomb", "a2": "red bomb",
                      "e5": "blue general", "j10": "blue flag"}, revealed=["e5"])
    assert HeuristicBot(seed=0).choose(obs) in ("e4-e3", "e4-d4", "e4-f4")


def test_a_bot_with_no_move_to_choose_raises() -> None:
    obs = sw.Game.random("duel", seed=1).observation("blue")  # Red to move: no list for Blue
    for level in LEVELS:
        with pytest.raises(sw.IllegalMoveError, match="no legal move"):
            make_bot(level, seed=0).choose(obs)


# ---------------------------------------------------------------- strength (small checks)

def test_strong_beats_random_in_barrage() -> None:
    won = 0
    for index in range(6):
        side = "red" if index % 2 == 0 else "blue"
        bots = {side: make_bot("strong", seed=index),
                ("blue" if side == "red" else "red"): RandomBot(seed=100 + index)}
        game = play_game("barrage", bots["red"], bots["blue"], seed=index, max_plies=1000)
        won += game.winner == side
    assert won == 6


def test_heuristic_bot_beats_random_bot_in_most_games() -> None:
    """The heuristic level is clearly stronger than random (classic, colours alternated)."""
    wins = 0
    for index in range(20):
        heuristic = "red" if index % 2 == 0 else "blue"
        bots = {heuristic: HeuristicBot(seed=index),
                ("blue" if heuristic == "red" else "red"): RandomBot(seed=10_000 + index)}
        game = play_game("original", bots["red"], bots["blue"], seed=index, max_plies=3000)
        wins += game.winner == heuristic
    assert wins >= 18, wins


# ---------------------------------------------------------------- one registry for every name

def test_the_levels_and_their_classes() -> None:
    assert LEVELS == ("random", "beginner", "heuristic", "strong")
    assert [BOTS[level] for level in LEVELS] == [RandomBot, BeginnerBot, HeuristicBot, StrongBot]
    for level in LEVELS:
        assert type(make_bot(level, seed=1)) is BOTS[level]
        assert check_level(level) == level


@pytest.mark.parametrize("name", ["clever", "Strong", "", None, 3])
def test_an_unknown_name_raises_the_bot_error_listing_the_levels(name: Any) -> None:
    with pytest.raises(sw.StrategoError, match="random, beginner, heuristic, strong") as caught:
        make_bot(name)
    assert caught.value.rule == "bot"


@pytest.mark.parametrize("make", [lambda: StrongBot(samples=0), lambda: StrongBot(depth=-1),
                                  lambda: StrongBot(samples=2.5), lambda: BeginnerBot(blunder=1.5),
                                  lambda: BeginnerBot(blunder="often")])
def test_a_bad_budget_or_chance_raises_the_bot_error(make: Any) -> None:
    with pytest.raises(sw.StrategoError) as caught:
        make()
    assert caught.value.rule == "bot"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_is_accepted_wherever_a_bot_name_is(level: str) -> None:
    from stratego_widget.experiments import Study
    from stratego_widget.widget.board import StrategoWidget

    widget = StrategoWidget(ruleset="duel", viewer="red", opponent=level, seed=3,
                            setup="random")
    assert type(widget.bot) is BOTS[level]
    widget.play(widget.game.legal_moves()[0])
    assert widget.game.to_move == "red" or widget.game.is_over
    study = Study(["duel"], red=level, blue=level, games=1, max_plies=20)
    assert study.total == 1
