"""The compiled vectorised environment (stratego_widget.env.compiled): its masks and observations
against the engine's for the same games, hidden ranks, seeds, the vector API and autoreset."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stratego_widget.batch import deal
from stratego_widget.engine import pieces as P
from stratego_widget.engine.errors import IllegalMoveError, RulesetError
from stratego_widget.engine.game import Game
from stratego_widget.engine.position import Position
from stratego_widget.engine.rulesets import ruleset
from stratego_widget.env import CompiledVectorEnv, Encoder, Match


def masked_actions(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    """One mask-sampled action per game (0 where a game is over: it is ignored)."""
    return np.array([int(rng.choice(np.flatnonzero(row))) if row.any() else 0
                     for row in obs["action_mask"]])


@pytest.mark.parametrize(("spec", "player", "opponent"),
                         [("original", "red", "heuristic"), ("barrage", "red", "random"),
                          ("original", "blue", "heuristic"), ("barrage", "blue", "beginner")])
def test_masks_and_observations_equal_the_engines_for_the_same_games(
        spec: str, player: str, opponent: str) -> None:
    """Every game's moves replayed on the engine: the same legal actions, planes, captured
    counts and endings as the engine's own environment encoder gives, step by step."""
    envs = CompiledVectorEnv(spec, num_envs=8, opponent=opponent, seed=11, player=player)
    agent = P.player_from_name(player)
    encoder = Encoder(envs.rules)
    rng = np.random.default_rng(5)
    obs, infos = envs.reset()
    games = [envs.start(g) for g in range(8)]
    ended = np.zeros(8, np.bool_)
    endings = 0
    for _ in range(300):
        for g in range(8):
            game = games[g]
            for code in envs.moves(g)[game.ply:]:
                assert code in game.legal_codes()
                game.play_code(code)
            want = encoder.observe(Match.from_game(game), agent)
            assert np.array_equal(obs["action_mask"][g], want["action_mask"]), (g, game.ply)
            assert np.array_equal(obs["planes"][g], want["planes"]), (g, game.ply)
            assert np.array_equal(obs["captured"][g], want["captured"]), (g, game.ply)
            count = int(infos["legal_count"][g])
            assert sorted(infos["legal_actions"][g, :count].tolist()) == \
                np.flatnonzero(want["action_mask"]).tolist()
        actions = masked_actions(obs, rng)
        previous = [games[g].ply for g in range(8)]
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for g in range(8):
            if ended[g]:  # restarted: a new deal
                assert not terminated[g] and rewards[g] == 0.0 and infos["ply"][g] <= 1
                games[g] = envs.start(g)
                continue
            game = games[g]
            assert game.ply == previous[g]
            for code in envs.moves(g)[game.ply:]:
                game.play_code(code)
            assert bool(terminated[g]) == game.is_over and not truncated[g]
            if game.is_over:
                endings += 1
                assert game.outcome is not None
                winner = game.outcome.winner
                expected = 0.0 if winner in (None, "draw") else (
                    1.0 if winner == player else -1.0)
                assert rewards[g] == expected
                assert infos["ending"][g] == game.outcome.termination.value
        ended = terminated | truncated
    assert endings > 0


def swapped(game: Game, owner: int, kinds: tuple[int, int]) -> Game:
    """``game`` with the ranks of one piece of each of two kinds of ``owner`` exchanged."""
    state = game.state
    placement = {state.square[pid]: (state.owner[pid], state.kind[pid])
                 for pid in range(1, len(state.kind)) if state.square[pid] >= 0}
    first = next(sq for sq, (o, k) in sorted(placement.items()) if o == owner and k == kinds[0])
    second = next(sq for sq, (o, k) in sorted(placement.items()) if o == owner and k == kinds[1])
    placement[first], placement[second] = (owner, kinds[1]), (owner, kinds[0])
    return Game.from_state(Position(game.rules, placement))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), spec=st.sampled_from(["original", "barrage"]),
       player=st.sampled_from(["red", "blue"]),
       kinds=st.sampled_from([(P.MARSHAL, P.GENERAL), (P.GENERAL, P.MINER),
                              (P.MARSHAL, P.SPY)]))
def test_unseen_enemy_ranks_do_not_change_the_observations(
        seed: int, spec: str, player: str, kinds: tuple[int, int]) -> None:
    """Two deals that differ only in enemy ranks the agent has not seen give it the same
    observations at reset (as Blue, after Red's first move too: both pieces move alike)."""
    rules = ruleset(spec)
    agent = P.player_from_name(player)
    first = deal(rules, seed)
    second = swapped(first, 1 - agent, kinds)
    assert first.position() != second.position()
    seen = []
    for game in (first, second):  # the same seed: the other side draws the same numbers
        envs = CompiledVectorEnv(rules, num_envs=1, player=player)
        obs, _ = envs.reset(seed=seed, options={"games": [game]})
        seen.append(obs)
    for key in ("planes", "captured", "action_mask"):
        assert np.array_equal(seen[0][key], seen[1][key]), key


def play(envs: CompiledVectorEnv, seed: int, steps: int) -> list[bytes]:
    rng = np.random.default_rng(seed)
    obs, _ = envs.reset(seed=seed)
    seen = [obs["planes"].tobytes() + obs["action_mask"].tobytes()]
    for _ in range(steps):
        obs, rewards, terminated, _, infos = envs.step(masked_actions(obs, rng))
        seen.append(obs["planes"].tobytes() + rewards.tobytes() + terminated.tobytes()
                    + infos["ply"].tobytes())
    return seen


def test_a_seed_reproduces_the_games_and_another_seed_does_not() -> None:
    """The same seed and actions give the same games, finished games' new deals included."""
    envs = CompiledVectorEnv("barrage", num_envs=4, opponent="heuristic")
    again = CompiledVectorEnv("barrage", num_envs=4, opponent="heuristic")
    assert play(envs, 3, 150) == play(again, 3, 150)
    assert play(envs, 3, 5) != play(again, 4, 5)
    first = CompiledVectorEnv("barrage", num_envs=2, seed=9)
    a, _ = first.reset()
    b, _ = first.reset(seed=9)
    assert np.array_equal(a["planes"], b["planes"])


def test_the_vector_api_shapes_dtypes_and_spaces() -> None:
    envs = CompiledVectorEnv("duel", num_envs=3, seed=1)
    assert envs.num_envs == 3
    assert envs.metadata["autoreset_mode"].value == "NextStep"
    obs, infos = envs.reset()
    assert envs.observation_space.contains(obs)
    assert obs["planes"].shape == (3, 46, 10, 10) and obs["planes"].dtype == np.float32
    assert obs["captured"].shape == (3, 2, 14) and obs["captured"].dtype == np.float32
    assert obs["action_mask"].shape == (3, envs.single_action_space.n)
    assert obs["action_mask"].dtype == np.int8
    assert envs.action_space.shape == (3,)
    obs, rewards, terminated, truncated, infos = envs.step(
        masked_actions(obs, np.random.default_rng(0)))
    assert envs.observation_space.contains(obs)
    assert rewards.shape == (3,) and rewards.dtype == np.float64
    assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_
    assert infos["ply"].tolist() == [2, 2, 2]
    assert list(infos["ending"]) == ["", "", ""]


def test_a_finished_game_restarts_on_the_next_step_ignoring_its_action() -> None:
    """Gymnasium's next-step autoreset, with a ruleset's own ply cap (a draw, terminated) and
    with the environment's cap (truncated)."""
    envs = CompiledVectorEnv(ruleset("barrage", max_plies=6), num_envs=2, seed=4)
    rng = np.random.default_rng(1)
    obs, _ = envs.reset()
    for _ in range(3):
        obs, rewards, terminated, truncated, infos = envs.step(masked_actions(obs, rng))
    assert terminated.all() and not truncated.any() and rewards.tolist() == [0.0, 0.0]
    assert list(infos["ending"]) == ["ply-limit", "ply-limit"]
    assert not obs["action_mask"].any()
    obs, rewards, terminated, truncated, infos = envs.step(np.array([0, 0]))
    assert infos["ply"].tolist() == [0, 0] and not terminated.any()
    assert obs["action_mask"].any(axis=1).all()
    assert obs["planes"][:, :13].sum(axis=(1, 2, 3)).tolist() == [8.0, 8.0]  # a new army
    short = CompiledVectorEnv("barrage", num_envs=2, seed=4, max_plies=4)
    obs, _ = short.reset()
    for _ in range(2):
        obs, rewards, terminated, truncated, infos = short.step(masked_actions(obs, rng))
    assert truncated.all() and not terminated.any()


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    envs = CompiledVectorEnv("barrage", num_envs=2, seed=1)
    obs, _ = envs.reset()
    legal = masked_actions(obs, np.random.default_rng(0))
    with pytest.raises(IllegalMoveError, match="not legal in game 1"):
        envs.step(np.array([legal[0], 0]))
    assert envs.moves(0) == [] and envs.moves(1) == []
    with pytest.raises(IllegalMoveError, match="one action per game"):
        envs.step(np.array([legal[0]]))
    _, _, _, _, infos = envs.step(legal)
    assert infos["ply"].tolist() == [2, 2]


def test_bad_arguments_raise_one_line_errors() -> None:
    with pytest.raises(RulesetError, match="does not play Rescue"):
        CompiledVectorEnv("original+rescue", num_envs=2)
    with pytest.raises(RulesetError, match="opponent is one of"):
        CompiledVectorEnv("barrage", num_envs=2, opponent="strong")
    with pytest.raises(RulesetError, match="num_envs"):
        CompiledVectorEnv("barrage", num_envs=0)
    envs = CompiledVectorEnv("barrage", num_envs=2)
    with pytest.raises(RulesetError, match="options"):
        envs.reset(options={"games": [Game.random("barrage", seed=1)]})


def test_without_numba_it_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)
    with pytest.raises(ImportError, match=r"stratego-widget\[fast\]") as caught:
        CompiledVectorEnv("barrage", num_envs=2)
    assert "\n" not in str(caught.value)


def test_a_given_position_with_few_pieces_plays_as_on_the_engine() -> None:
    """A start of one's own (fewer pieces than the army, ranks already shown) against the
    heuristic: the same masks, planes and captured counts as the engine's encoder."""
    start = Game.from_pieces("original", {
        "a1": "red flag", "b1": "red bomb", "a2": "red bomb", "e4": "red marshal",
        "j10": "blue flag", "j9": "blue bomb", "i10": "blue bomb", "e7": "blue general"},
        revealed=["e7", "e4"])
    envs = CompiledVectorEnv("original", num_envs=4, opponent="heuristic", seed=1,
                             player="blue")
    encoder = Encoder(envs.rules)
    rng = np.random.default_rng(2)
    obs, _ = envs.reset(options={"games": [start] * 4})
    games = [envs.start(g) for g in range(4)]
    over = False
    for _ in range(60):
        for g in range(4):
            for code in envs.moves(g)[games[g].ply:]:
                games[g].play_code(code)
            want = encoder.observe(Match.from_game(games[g]), P.BLUE)
            for key in ("planes", "captured", "action_mask"):
                assert np.array_equal(obs[key][g], want[key]), (key, g, games[g].ply)
        if over:
            break
        obs, _, terminated, truncated, _ = envs.step(envs.sample_actions(rng))
        over = bool((terminated | truncated).any())
    assert over


def test_sampled_actions_are_legal() -> None:
    envs = CompiledVectorEnv("barrage", num_envs=6, seed=2)
    rng = np.random.default_rng(3)
    obs, _ = envs.reset()
    for _ in range(200):
        actions = envs.sample_actions(rng)
        live = obs["action_mask"].any(axis=1)
        assert obs["action_mask"][np.arange(6), actions][live].all()
        obs, *_ = envs.step(actions)


@pytest.mark.parametrize("actions", [
    [[1, 2], [3]], [None, None], np.array([[1, 2], [3, 4]]), np.array([1.0, 2.0]),
    np.array([True, False]), "ab", None, 3,
], ids=repr)
def test_actions_of_the_wrong_shape_or_type_are_refused_in_one_line(actions: object) -> None:
    envs = CompiledVectorEnv("barrage", num_envs=2, seed=1)
    envs.reset()
    with pytest.raises(IllegalMoveError, match="one action per game") as caught:
        envs.step(actions)
    assert "\n" not in str(caught.value)
    assert envs.moves(0) == [] and envs.moves(1) == []


@pytest.mark.parametrize(("spec", "layout"), [("ultimate-lightning", "compact"),
                                              ("sci-fi-2013", "compact"),
                                              ("sci-fi-2013", "flat")])
def test_the_turn_and_spot_blocks_equal_the_engines_from_blues_side(spec: str,
                                                                     layout: str) -> None:
    """The Captains' turning moves and the Spotters' spots: the compiled code's indices (Blue,
    turned) are the engine encoder's, and such actions were legal on the way."""
    envs = CompiledVectorEnv(spec, num_envs=4, seed=3, player="blue", action_layout=layout)
    encoder = Encoder(envs.rules, layout=envs.layout)
    block = slice(envs.layout.turn_base, envs.layout.place_base)
    rng = np.random.default_rng(1)
    obs, _ = envs.reset()
    games = [envs.start(g) for g in range(4)]
    seen = 0
    for _ in range(60):
        for g in range(4):
            for code in envs.moves(g)[games[g].ply:]:
                games[g].play_code(code)
            want = encoder.observe(Match.from_game(games[g], envs.layout), P.BLUE)
            for key in ("planes", "captured", "action_mask"):
                assert np.array_equal(obs[key][g], want[key]), (key, g, games[g].ply)
            seen += int(obs["action_mask"][g, block].sum())
        obs, _, terminated, truncated, _ = envs.step(envs.sample_actions(rng))
        if (terminated | truncated).any():
            break
    assert seen > 0
