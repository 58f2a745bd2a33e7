"""Compiled self-play (stratego_widget.env.selfplay): both sides' masks, observations and
outcomes against the engine's for the same games on every edition the kernel plays, hidden
ranks never shown, seeds, autoreset, illegal actions and bad arguments."""

from __future__ import annotations

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
from stratego_widget.env import CHANNELS, CompiledSelfPlayEnv, Encoder, Match

ENEMY_RANKS = slice(CHANNELS.index("enemy flag"), CHANNELS.index("enemy flag") + 13)
#: Every edition the kernel plays, a variant with the Captains and Barrage (quick endings).
SPECS = ["original", "classic-1961", "hasbro-1999", "onyx-2009", "sci-fi-2013",
         "ultimate-lightning", "barrage"]


def masked_actions(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    """One mask-sampled action per game (0 where a game is over: it is ignored)."""
    return np.array([int(rng.choice(np.flatnonzero(row))) if row.any() else 0
                     for row in obs["action_mask"]])


def hidden_ranks_unnamed(planes: np.ndarray, game: Game, player: int) -> bool:
    """True when the enemy rank planes mark only the enemy pieces whose rank was revealed."""
    state = game.state
    shown = sum(1 for pid in range(1, len(state.kind))
                if state.square[pid] >= 0 and state.owner[pid] == 1 - player
                and state.known[pid])
    return int(planes[ENEMY_RANKS].sum()) == shown


@pytest.mark.parametrize("spec", SPECS)
def test_both_sides_observe_and_end_as_on_the_engine(spec: str) -> None:
    """Each game's moves replayed on the engine: for the side to move and for the other side,
    the same planes, captured counts and masks as the engine's encoder gives; no enemy rank
    named that was not revealed; the same endings and both players' rewards."""
    rules = ruleset(spec) if spec != "original" else ruleset("original", max_plies=50)
    envs = CompiledSelfPlayEnv(rules, num_envs=4, seed=7)
    encoder = Encoder(envs.rules, layout=envs.layout)
    rng = np.random.default_rng(3)
    obs, infos = envs.reset()
    games = [envs.start(g) for g in range(4)]
    ended = np.zeros(4, np.bool_)
    endings = 0
    for _ in range(150 if spec == "barrage" else 60):
        others = {player: envs.observe(player) for player in (P.RED, P.BLUE)}
        for g in range(4):
            game = games[g]
            for code in envs.moves(g)[game.ply:]:
                assert code in game.legal_codes()
                game.play_code(code)
            mover = int(infos["to_move"][g])
            assert game.is_over or mover == game.state.to_move
            match = Match.from_game(game, envs.layout)
            for player in (P.RED, P.BLUE):
                want = encoder.observe(match, player)
                seen = {key: obs[key][g] for key in obs} if player == mover else \
                    {key: others[player][key][g] for key in obs}
                for key in ("planes", "captured", "action_mask", "phase"):
                    assert np.array_equal(seen[key], want[key]), (key, player, g, game.ply)
                assert hidden_ranks_unnamed(seen["planes"], game, player)
            count = int(infos["legal_count"][g])
            assert sorted(infos["legal_actions"][g, :count].tolist()) == \
                np.flatnonzero(obs["action_mask"][g]).tolist()
        previous = [game.ply for game in games]
        obs, rewards, terminated, truncated, infos = envs.step(masked_actions(obs, rng))
        for g in range(4):
            if ended[g]:  # restarted: a new deal, nothing played
                assert infos["autoreset"][g] and infos["ply"][g] == 0
                assert not terminated[g] and rewards[g].tolist() == [0.0, 0.0]
                games[g] = envs.start(g)
                continue
            game = games[g]
            assert not infos["autoreset"][g] and game.ply == previous[g]
            for code in envs.moves(g)[game.ply:]:
                game.play_code(code)
            assert game.ply == previous[g] + 1
            assert bool(terminated[g] or truncated[g]) == game.is_over
            if game.is_over:
                endings += 1
                assert game.outcome is not None
                winner = game.outcome.winner
                expected = [0.0, 0.0] if winner in (None, "draw") else (
                    [1.0, -1.0] if winner == "red" else [-1.0, 1.0])
                assert rewards[g].tolist() == expected
                assert infos["ending"][g] == game.outcome.termination.value
            else:
                assert rewards[g].tolist() == [0.0, 0.0]
        ended = terminated | truncated
    if spec in ("barrage", "original"):
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


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), spec=st.sampled_from(["original", "barrage"]),
       owner=st.sampled_from([P.RED, P.BLUE]),
       kinds=st.sampled_from([(P.MARSHAL, P.GENERAL), (P.MARSHAL, P.SPY)]))
def test_ranks_a_player_has_not_seen_do_not_change_what_it_observes(
        seed: int, spec: str, owner: int, kinds: tuple[int, int]) -> None:
    """Two deals that differ only in ranks of ``owner``'s army: its enemy observes them alike,
    at the start and through the same non-striking moves, as the side to move and not."""
    rules = ruleset(spec)
    first = deal(rules, seed)
    second = swapped(first, owner, kinds)
    envs = [CompiledSelfPlayEnv(rules, num_envs=1) for _ in range(2)]
    observed = [env.reset(seed=seed, options={"games": [game]})[0]
                for env, game in zip(envs, (first, second), strict=True)]
    for _ in range(6):
        views = [env.observe(1 - owner) for env in envs]
        for key in ("planes", "captured", "action_mask"):
            assert np.array_equal(views[0][key], views[1][key]), key
        # A move onto an empty square (a strike may show a swapped rank).
        game = envs[0].start(0)
        for code in envs[0].moves(0):
            game.play_code(code)
        player = int(envs[0].to_move[0])
        quiet = [a for a in np.flatnonzero(observed[0]["action_mask"][0]).tolist()
                 if game.state.board[envs[0].layout.decode(a, player).target] == 0]
        if not quiet:
            break
        observed = [env.step(np.array([quiet[0]]))[0] for env in envs]


def test_a_seed_reproduces_the_games_and_another_does_not() -> None:
    def play(seed: int, steps: int) -> list[bytes]:
        envs = CompiledSelfPlayEnv("barrage", num_envs=4)
        rng = np.random.default_rng(seed)
        obs, _ = envs.reset(seed=seed)
        seen = [obs["planes"].tobytes()]
        for _ in range(steps):
            obs, rewards, *_ = envs.step(envs.sample_actions(rng))
            seen.append(obs["planes"].tobytes() + rewards.tobytes())
        return seen

    assert play(3, 200) == play(3, 200)
    assert play(3, 5) != play(4, 5)


def test_a_finished_game_restarts_on_the_next_step_and_says_so() -> None:
    envs = CompiledSelfPlayEnv(ruleset("barrage", max_plies=5), num_envs=2, seed=4)
    rng = np.random.default_rng(1)
    obs, _ = envs.reset()
    for _ in range(5):
        obs, rewards, terminated, truncated, infos = envs.step(masked_actions(obs, rng))
    assert terminated.all() and not truncated.any() and not rewards.any()
    assert not obs["action_mask"].any() and obs["phase"][:, -1].all()
    obs, rewards, terminated, truncated, infos = envs.step(np.array([0, 0]))
    assert infos["autoreset"].all() and infos["ply"].tolist() == [0, 0]
    assert obs["action_mask"].any(axis=1).all() and infos["to_move"].tolist() == [0, 0]
    short = CompiledSelfPlayEnv("barrage", num_envs=2, seed=4, max_plies=3)
    obs, _ = short.reset()
    for _ in range(3):
        obs, rewards, terminated, truncated, infos = short.step(masked_actions(obs, rng))
    assert truncated.all() and not terminated.any()


def test_an_illegal_action_raises_or_is_penalised_for_the_player_to_move() -> None:
    envs = CompiledSelfPlayEnv("barrage", num_envs=2, seed=1)
    obs, _ = envs.reset()
    legal = masked_actions(obs, np.random.default_rng(0))
    with pytest.raises(IllegalMoveError, match="of red is not legal in game 1") as caught:
        envs.step(np.array([legal[0], 0]))
    assert "\n" not in str(caught.value)
    assert envs.moves(0) == [] and envs.moves(1) == []
    with pytest.raises(IllegalMoveError, match="one action per game"):
        envs.step(np.array([1.0, 2.0]))
    lenient = CompiledSelfPlayEnv("barrage", num_envs=2, seed=1, illegal_action="penalise")
    obs, _ = lenient.reset()
    obs, rewards, _, _, infos = lenient.step(np.array([legal[0], 0]))
    assert infos["illegal"].tolist() == [False, True]
    assert rewards.tolist() == [[0.0, 0.0], [-1.0, 0.0]]
    assert infos["to_move"].tolist() == [1, 0] and infos["ply"].tolist() == [1, 0]


def test_bad_arguments_raise_one_line_errors() -> None:
    with pytest.raises(RulesetError, match="does not play Rescue"):
        CompiledSelfPlayEnv("original+rescue", num_envs=2)
    with pytest.raises(RulesetError, match="num_envs"):
        CompiledSelfPlayEnv("barrage", num_envs=0)
    with pytest.raises(RulesetError, match="max_plies"):
        CompiledSelfPlayEnv("barrage", max_plies=0)
    envs = CompiledSelfPlayEnv("barrage", num_envs=2)
    with pytest.raises(RulesetError, match="call reset"):
        envs.step(np.array([0, 0]))
    with pytest.raises(RulesetError, match="options"):
        envs.reset(options={"games": [Game.random("barrage", seed=1)]})


def test_sampled_actions_are_legal_for_either_side() -> None:
    envs = CompiledSelfPlayEnv("ultimate-lightning", num_envs=5, seed=2)
    rng = np.random.default_rng(3)
    obs, infos = envs.reset()
    movers = set()
    for _ in range(100):
        actions = envs.sample_actions(rng)
        live = obs["action_mask"].any(axis=1)
        assert obs["action_mask"][np.arange(5), actions][live].all()
        movers.update(infos["to_move"][live].tolist())
        obs, _, _, _, infos = envs.step(actions)
    assert movers == {0, 1}
