"""The reinforcement-learning environments (stratego_widget.env): the Gymnasium and PettingZoo
checkers, seeds, the action mask against the engine's legal moves, the setup sources, the
two-step rescue, and that an agent observes only what its player knows."""

from __future__ import annotations

import importlib
import random
import sys

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

import stratego_widget as sw
from stratego_widget.engine.errors import IllegalMoveError, SetupError
from stratego_widget.engine.game import Game
from stratego_widget.engine.rulesets import Ruleset
from stratego_widget.env import (
    CHANNELS,
    ActionLayout,
    Encoder,
    Match,
    StrategoAEC,
    StrategoEnv,
    gravon_setups,
    information_state,
    vector_env,
)
from stratego_widget.env.actions import base_code
from stratego_widget.formats.gravon import to_gravon

SIX = sw.variant("barrage", "six-by-six", width=6, height=6, home_rows=2, lakes=["c3", "d4"],
                 army={"marshal": 1, "general": 1, "miner": 1, "scout": 2, "spy": 1,
                       "bomb": 1, "flag": 1})
RULESETS: list[Ruleset | str] = ["original", "barrage", SIX, "sci-fi-2013", "original+rescue"]
IDS = ["original", "barrage", "six-by-six", "sci-fi-2013", "original+rescue"]


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_the_gymnasium_environment_passes_check_env(rules: Ruleset | str) -> None:
    check_env(StrategoEnv(rules), skip_render_check=True)


@pytest.mark.parametrize("setup", ["agent", "random"])
@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_the_pettingzoo_environment_passes_api_test(rules: Ruleset | str, setup: str) -> None:
    api_test(StrategoAEC(rules, setup=setup), num_cycles=200)


def play_masked(env: StrategoEnv, seed: int, steps: int) -> list[tuple[object, ...]]:
    """An episode of mask-sampled actions: what the agent saw and got at each step."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen: list[tuple[object, ...]] = [(obs["planes"].tobytes(), env.information_state())]
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        seen.append((action, obs["planes"].tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize("opponent", ["random", "beginner", "heuristic", "strong"])
def test_a_seed_reproduces_an_episode_against_every_bot_level(opponent: str) -> None:
    first = play_masked(StrategoEnv("barrage", opponent=opponent), seed=11, steps=40)
    again = play_masked(StrategoEnv("barrage", opponent=opponent), seed=11, steps=40)
    other = play_masked(StrategoEnv("barrage", opponent=opponent), seed=12, steps=40)
    assert first == again
    assert first != other


def test_a_seed_reproduces_a_pettingzoo_episode() -> None:
    def episode(seed: int) -> list[str]:
        env = StrategoAEC(SIX, setup="agent")
        env.reset(seed=seed)
        rng = random.Random(seed)
        states = []
        for agent in env.agent_iter(max_iter=120):
            obs, _, terminated, truncated, _ = env.last()
            states.append(env.information_state(agent))
            env.step(None if terminated or truncated
                     else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        return states

    assert episode(3) == episode(3)
    assert episode(3) != episode(4)


def expected_actions(layout: ActionLayout, game: Game) -> set[int]:
    """The action indices of the engine's legal moves (a rescuing move by its plain move), in
    the frame of the player to move."""
    player = game.state.to_move
    return {layout.encode(base_code(code), player) for code in game.legal_codes()}


@pytest.mark.parametrize("layout_name", ["compact", "flat"])
@pytest.mark.parametrize("rules", [*RULESETS, "ultimate-lightning", "duel"],
                         ids=[*IDS, "ultimate-lightning", "duel"])
def test_the_mask_is_the_legal_moves(rules: Ruleset | str, layout_name: str) -> None:
    game = Game.random(rules, seed=5)
    layout = ActionLayout(game.rules, layout_name)
    match = Match.from_game(game, layout)
    encoder = Encoder(game.rules, spatial_mask=True, layout=layout)
    rng = random.Random(5)
    for _ in range(150):
        if game.is_over:
            break
        player = game.state.to_move
        obs = encoder.observe(match, player)
        actions = set(np.flatnonzero(obs["action_mask"]).tolist())
        assert actions == expected_actions(layout, game)
        texts = {str(move).split("+")[0].replace("x", "-") for move in game.legal_moves()}
        assert {layout.describe(a, player) for a in actions} == texts
        for action in actions:
            what = layout.decode(action, player)
            if what.block == "move":
                assert layout.move(what.origin, what.target, player) == action
        spatial = {a for a in actions if layout.spatial(a, player) is not None}
        assert int(obs["spatial_mask"].sum()) == len(spatial)
        assert int(encoder.observe(match, 1 - game.state.to_move)["action_mask"].sum()) == 0
        match.step(rng.choice(sorted(actions)))
        if match.phase == "rescue":
            match.step(layout.decline)


def test_a_rescue_is_chosen_in_a_second_step() -> None:
    game = Game.from_pieces("original+rescue", {"a1": "red flag", "d9": "red major",
                                                "j10": "blue flag", "j7": "blue scout"},
                            captured={"red": ["general"]})
    match = Match.from_game(game)
    layout = match.layout
    geo = game.rules.geometry
    move = layout.move(geo.index("d9"), geo.index("d10"))
    match.step(move)
    assert match.phase == "rescue" and game.ply == 0
    rescues = {str(m) for m in game.legal_moves() if m.rescue and str(m).startswith("d9-d10")}
    offered = {f"d9-d10+{layout.describe(a)}" for a in match.legal_actions()
               if a != layout.decline}
    assert offered == rescues and layout.decline in match.legal_actions()
    seen = Encoder(game.rules).observe(match, 0)
    assert seen["planes"][CHANNELS.index("rescue pending to")].sum() == 1
    match.step(layout.place(sw.engine.pieces.GENERAL, geo.index("a2")))
    assert game.moves[-1].rescue == ("general", "a2") and match.phase == "play"


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = StrategoEnv("barrage", setup="random", illegal_action="raise")
    obs, _ = env.reset(seed=2)
    before = env.information_state()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError, match="not legal now"):
        env.step(illegal)
    assert env.information_state() == before
    aec = StrategoAEC("barrage")
    aec.reset(seed=2)
    with pytest.raises(IllegalMoveError):
        aec.step(illegal)
    assert aec.agent_selection == "red"


def test_the_setup_phase_places_one_piece_per_action() -> None:
    env = StrategoEnv(SIX, player="blue", opponent="beginner")
    obs, info = env.reset(seed=1)
    steps = 0
    while info["phase"] == "setup":
        assert obs["action_mask"].sum() > 0
        obs, _, _, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        steps += 1
    assert steps == SIX.army_size and obs["to_place"].sum() == 0
    assert env.match is not None and env.match.game is not None
    assert env.match.game.piece_count("blue") == SIX.army_size


def test_setups_come_from_presets_and_gravon_records() -> None:
    env = StrategoAEC("original", setup="fortress")
    env.reset(seed=1)
    assert env.match is not None and env.match.game is not None
    assert env.match.game.piece_at("e10") == ("blue", "bomb")
    games = [Game.random("barrage", seed=s) for s in (1, 2)]
    pairs = gravon_setups([to_gravon(game) for game in games])
    env = StrategoAEC("barrage", setup=pairs)
    starts = set()
    for seed in range(8):
        env.reset(seed=seed)
        assert env.match is not None and env.match.game is not None
        starts.add(env.match.game.position())
    assert starts == {game.position() for game in games}
    with pytest.raises(SetupError, match="setup source"):
        StrategoAEC("original", setup="nowhere")


def test_rewards_come_at_the_end_only() -> None:
    env = StrategoEnv(SIX, setup="random", opponent="random")
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    rewards = []
    for _ in range(2000):
        obs, reward, terminated, _truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(reward)
        if terminated:
            break
    assert terminated and set(rewards[:-1]) <= {0.0}
    assert env.match is not None and env.match.game is not None
    winner = env.match.game.winner
    assert rewards[-1] == {"red": 1.0, "blue": -1.0, "draw": 0.0}[str(winner)]


def test_vector_env_steps_many_games() -> None:
    envs = vector_env(3, rules=SIX, setup="random")
    obs: dict[str, np.ndarray]
    obs, _ = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(5):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in obs["action_mask"]]
        obs, rewards, _, _, _ = envs.step(np.array(actions))
    assert obs["planes"].shape[0] == 3 and rewards.shape == (3,)
    envs.close()


def test_importing_without_the_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in sys.modules if n.startswith("stratego_widget.env")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError) as error:
        importlib.import_module("stratego_widget.env")
    assert str(error.value) == "stratego_widget.env needs pettingzoo: pip install stratego-widget[rl]"


# ---------------------------------------------------------------- hidden information


def shuffled_twin(game: Game, enemy: int, rng: random.Random) -> Game | None:
    """The same moves from a start where the enemy pieces still unseen at the end swap ranks
    (moved ones among moved ones), or None when the moves are not legal there."""
    pos = game.state
    unseen = [pid for pid in pos.pieces[enemy] if pos.square[pid] >= 0 and not pos.known[pid]]
    start = game.copy()
    while start.moves:
        start.undo()
    first = start.state
    kinds = {pid: first.kind[pid] for side in (0, 1) for pid in first.pieces[side]}
    for moved in (True, False):
        group = [pid for pid in unseen if pos.moved[pid] == moved]
        ranks = [kinds[pid] for pid in group]
        rng.shuffle(ranks)
        kinds.update(zip(group, ranks, strict=True))
    placement = {first.square[pid]: (first.owner[pid], kinds[pid]) for pid in kinds
                 if first.square[pid] >= 0}
    twin = Game(game.rules, placement)
    for entry in game.history:
        if entry.code not in twin.legal_codes():
            return None
        twin.play_code(entry.code)
    return twin


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 80),
       rules=st.sampled_from(["original", "barrage", SIX]), agent=st.sampled_from([0, 1]))
def test_ranks_the_agent_has_not_seen_do_not_change_its_observation(
        seed: int, plies: int, rules: Ruleset | str, agent: int) -> None:
    rng = random.Random(seed)
    game = Game.random(rules, seed=seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play_code(rng.choice(game.legal_codes()))
    twin = shuffled_twin(game, 1 - agent, rng)
    assume(twin is not None)
    assert twin is not None
    hidden, full = Encoder(game.rules), Encoder(game.rules, full_information=True)
    one, two = Match.from_game(game), Match.from_game(twin)
    a, b = hidden.observe(one, agent), hidden.observe(two, agent)
    assert all(np.array_equal(a[key], b[key]) for key in a)
    assert information_state(one, agent) == information_state(two, agent)
    differs = any(twin.piece_at(sq) != piece for sq, piece in game.pieces().items())
    shown = not np.array_equal(full.observe(one, agent)["planes"],
                               full.observe(two, agent)["planes"])
    assert shown == differs
    assert (information_state(one, agent, True) != information_state(two, agent, True)) == differs


def test_full_information_shows_every_enemy_rank() -> None:
    game = Game.random("original", seed=4)
    match = Match.from_game(game)
    hidden = Encoder(game.rules).observe(match, 0)["planes"]
    full = Encoder(game.rules, full_information=True).observe(match, 0)["planes"]
    enemy = slice(CHANNELS.index("enemy flag"), CHANNELS.index("enemy marshal") + 1)
    assert hidden[enemy].sum() == 0 and hidden[CHANNELS.index("enemy unknown unmoved")].sum() == 40
    assert full[enemy].sum() == 40
    for square, (owner, kind) in game.pieces().items():
        if owner == "blue":
            sq = game.rules.geometry.index(square)
            assert full[CHANNELS.index(f"enemy {kind}"), sq // 10, sq % 10] == 1


NOT_ACTIONS = [np.array([504, 504]), np.array([504]), np.array([[504]]), np.float64(504.0), 504.0,
               True, np.bool_(True), "504", None, np.zeros(17801, np.int8)]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_an_action_that_is_not_one_whole_number_is_refused_in_one_line(action: object) -> None:
    env = StrategoEnv("barrage", setup="random")
    env.reset(seed=1)
    before = env.information_state()
    with pytest.raises(IllegalMoveError, match="one whole number") as caught:
        env.step(action)  # type: ignore[arg-type]
    assert caught.value.rule == "env-action" and "\n" not in str(caught.value)
    assert env.information_state() == before
    aec = StrategoAEC("barrage")
    aec.reset(seed=1)
    before = aec.information_state("red")
    with pytest.raises(IllegalMoveError, match="one whole number") as caught:
        aec.step(action)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value) and aec.information_state("red") == before
    assert aec.agent_selection == "red"


def test_numpy_whole_numbers_are_actions() -> None:
    env = StrategoEnv("barrage", setup="random")
    obs, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for action in (np.int64(legal), np.int32(legal), np.array(legal), np.uint16(legal)):
        env.reset(seed=1)
        _, _, _, _, info = env.step(action)  # type: ignore[arg-type]
        assert info["ply"] == 2


@pytest.mark.parametrize("actions", [
    np.array([[504, 504], [504, 504]]), np.array([504]), np.array([504.0, 504.0]), [[1, 2], [3]],
    "ab", None,
], ids=repr)
def test_the_vector_env_refuses_actions_of_the_wrong_shape_or_type(actions: object) -> None:
    envs = vector_env(2, rules="barrage", setup="random")
    envs.reset(seed=1)
    before = [env.unwrapped.information_state() for env in envs.envs]
    with pytest.raises(IllegalMoveError, match="2 whole numbers") as caught:
        envs.step(actions)
    assert "\n" not in str(caught.value)
    assert [env.unwrapped.information_state() for env in envs.envs] == before


def test_the_vector_env_plays_no_game_when_one_action_is_illegal() -> None:
    envs = vector_env(2, rules="barrage", setup="random", illegal_action="raise")
    obs, _ = envs.reset(seed=1)
    before = [env.unwrapped.information_state() for env in envs.envs]
    legal = int(np.flatnonzero(obs["action_mask"][0])[0])
    with pytest.raises(IllegalMoveError, match="not legal now"):
        envs.step(np.array([legal, 0]))
    assert [env.unwrapped.information_state() for env in envs.envs] == before


def test_every_repetition_rule_has_its_planes_in_the_observation() -> None:
    from stratego_widget.engine.repetition import REPETITION_RULES
    for rule in REPETITION_RULES:
        assert {f"{rule} refused piece", f"{rule} refused target"} <= set(CHANNELS)


def test_a_more_squares_refusal_is_shown_in_the_planes() -> None:
    """Original, the more-squares rule: the chasing Major on e6 may not go back to e5."""
    from stratego_widget.engine.repetition import MORE_SQUARES
    from stratego_widget.formats.text_play import refused_by_repetition
    game = Game.from_pieces("original", {"a1": "red flag", "e4": "red major",
                                         "j10": "blue flag", "f5": "blue captain"})
    for move in ("e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"):
        game.play(move)
    rules = {rule for rule, _square, _targets in refused_by_repetition(game)}
    assert MORE_SQUARES in rules
    planes = Encoder(game.rules).observe(Match.from_game(game), 0)["planes"]
    geo = game.rules.geometry
    for rule, square, targets in refused_by_repetition(game):
        assert planes[CHANNELS.index(f"{rule} refused piece")][divmod(geo.index(square), 10)]
        for target in targets:
            assert planes[CHANNELS.index(f"{rule} refused target")][divmod(geo.index(target), 10)]
    assert planes[CHANNELS.index(f"{MORE_SQUARES} refused piece")].sum() == 1
