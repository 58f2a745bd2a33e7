"""Issue 35, part A: observations and actions from the acting player's side (mirrored games),
the compact action layout, the padded legal-action list, and the conventions of Gymnasium,
Stable-Baselines3 and PettingZoo (check_env for every setup source, illegal_action,
gym.make ids, array observations and action_masks, the compiled environment's keys and
autoreset info)."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import stratego_widget as sw
from stratego_widget.engine import pieces as P
from stratego_widget.engine.errors import IllegalMoveError, RulesetError
from stratego_widget.engine.game import Game
from stratego_widget.engine.moves import PLACE_SHIFT, SQUARE_MASK, TARGET_SHIFT
from stratego_widget.engine.rulesets import Ruleset, ruleset
from stratego_widget.env import (
    CHANNELS,
    COMPILED_ID,
    ENV_ID,
    ILLEGAL_REWARD,
    ActionLayout,
    ArrayObservation,
    CompiledVectorEnv,
    Encoder,
    Match,
    StrategoAEC,
    StrategoEnv,
    gravon_setups,
    vector_env,
)
from stratego_widget.env.actions import turned
from stratego_widget.formats.gravon import to_gravon

SIX = sw.variant("barrage", "six-by-six", width=6, height=6, home_rows=2, lakes=["c3", "d4"],
                 army={"marshal": 1, "general": 1, "miner": 1, "scout": 2, "spy": 1,
                       "bomb": 1, "flag": 1})


# ---------------------------------------------------------------- the acting player's side


def mirror_code(code: int, squares: int) -> int:
    """A move code with its squares (origin, target, rescue square) turned 180°."""
    origin, target = code & SQUARE_MASK, code >> TARGET_SHIFT & SQUARE_MASK
    place = code >> PLACE_SHIFT & SQUARE_MASK
    rest = code & ~(SQUARE_MASK | SQUARE_MASK << TARGET_SHIFT | SQUARE_MASK << PLACE_SHIFT)
    has_rescue = code >> 20 & 15
    return (rest | (squares - 1 - origin) | (squares - 1 - target) << TARGET_SHIFT
            | ((squares - 1 - place) << PLACE_SHIFT if has_rescue else 0))


def mirrored(game: Game) -> Game:
    """``game``'s start with the colours swapped and the board turned 180°, Blue moving first."""
    start = game.copy()
    while start.moves:
        start.undo()
    state = start.state
    n = game.rules.geometry.size
    placement = {n - 1 - state.square[pid]: (1 - state.owner[pid], state.kind[pid])
                 for pid in range(1, len(state.kind)) if state.square[pid] >= 0}
    return Game(game.rules, placement, to_move=1 - state.to_move)


@pytest.mark.parametrize("rules", ["original", "barrage", SIX, "sci-fi-2013",
                                   "ultimate-lightning"],
                         ids=["original", "barrage", "six-by-six", "sci-fi-2013",
                              "ultimate-lightning"])
def test_red_in_a_game_sees_and_acts_as_blue_in_its_mirror(rules: Ruleset | str) -> None:
    """Red in a game observes what Blue observes in the colour-swapped, turned game (and Blue
    what Red does), ply by ply, and has the same legal action indices."""
    game = Game.random(rules, seed=3)
    twin = mirrored(game)
    n = game.rules.geometry.size
    encoder = Encoder(game.rules)
    one, two = Match.from_game(game), Match.from_game(twin)
    rng = random.Random(3)
    for _ in range(120):
        if game.is_over:
            break
        for player in (P.RED, P.BLUE):
            a, b = encoder.observe(one, player), encoder.observe(two, 1 - player)
            for key in a:
                assert np.array_equal(a[key], b[key]), (key, player, game.ply)
        assert one.legal_actions() == two.legal_actions()
        code = rng.choice(game.legal_codes())
        game.play_code(code)
        twin.play_code(mirror_code(code, n))
    assert game.ply > 20


def test_the_planes_are_turned_so_the_own_back_row_is_row_zero() -> None:
    game = Game.random("original", seed=1)
    encoder = Encoder(game.rules)
    for player in (P.RED, P.BLUE):
        planes = encoder.observe(Match.from_game(game), player)["planes"]
        own = planes[:13].sum(axis=0)
        assert own[:4].sum() == 40 and own[4:].sum() == 0
        assert planes[CHANNELS.index("own setup area")][:4].all()
        enemy = planes[CHANNELS.index("enemy unknown unmoved")]
        assert enemy[6:].sum() == 40
    blue = encoder.observe(Match.from_game(game), P.BLUE)["planes"]
    flag = game.rules.geometry.index(next(sq for sq, piece in game.pieces().items()
                                          if piece == ("blue", "flag")))
    row, column = divmod(turned(flag, P.BLUE, 100), 10)
    assert blue[0, row, column] == 1.0 and "agent is blue" not in CHANNELS


def test_a_policy_learned_as_red_plays_as_blue() -> None:
    """The same index is the same move seen from each side: d4-d5 for Red is g7-g6 for Blue."""
    layout = ActionLayout(ruleset("original"))
    geo = ruleset("original").geometry
    red = layout.move(geo.index("d4"), geo.index("d5"), P.RED)
    assert layout.move(geo.index("g7"), geo.index("g6"), P.BLUE) == red
    assert layout.describe(red, P.BLUE) == "g7-g6"


# ---------------------------------------------------------------- the compact layout


@pytest.mark.parametrize(("spec", "placing", "size"), [
    ("original", False, 100 * 4 * 9), ("original", True, 100 * 4 * 9 + 13 * 100),
    (SIX, False, 36 * 4 * 5), ("sci-fi-2013", False, 80 * 4 * 9 + 5 * 80 * 13),  # a 10×8 board
    ("ultimate-lightning", False, None), ("original+rescue", False, 3600 + 1300 + 1),
])
def test_the_compact_layout_has_only_the_blocks_the_ruleset_uses(
        spec: Ruleset | str, placing: bool, size: int | None) -> None:
    rules = ruleset(spec)
    layout = ActionLayout(rules, placing=placing)
    flat = ActionLayout(rules, "flat", placing=placing)
    if size is not None:
        assert layout.size == size
    assert layout.size < flat.size
    assert (layout.spot_base < layout.place_base) == rules.has_spotters
    assert (layout.turn_base < layout.spot_base) == rules.captain_two_squares
    assert (layout.decline >= 0) == rules.rescue
    assert flat.size == rules.geometry.size ** 2 + 5 * rules.geometry.size * 13 \
        + 13 * rules.geometry.size + 1


def test_a_bad_layout_or_illegal_action_option_is_refused_in_one_line() -> None:
    with pytest.raises(RulesetError, match="action_layout is 'compact' or 'flat'"):
        StrategoEnv("barrage", action_layout="tiny")
    with pytest.raises(RulesetError, match="illegal_action is 'penalise' or 'raise'"):
        StrategoAEC("barrage", illegal_action="ignore")


@pytest.mark.parametrize("layout_name", ["compact", "flat"])
def test_every_env_path_gives_the_same_actions(layout_name: str) -> None:
    """StrategoEnv and CompiledVectorEnv give the same legal indices for the same deal."""
    envs = CompiledVectorEnv("barrage", num_envs=1, seed=2, player="blue",
                             action_layout=layout_name)
    obs, infos = envs.reset()
    game = envs.start(0)
    for code in envs.moves(0):
        game.play_code(code)
    layout = ActionLayout(game.rules, layout_name)
    want = Encoder(game.rules, layout=layout).observe(Match.from_game(game, layout), P.BLUE)
    assert np.array_equal(obs["action_mask"][0], want["action_mask"])
    count = int(infos["legal_count"][0])
    legal = infos["legal_actions"][0]
    assert sorted(legal[:count].tolist()) == np.flatnonzero(want["action_mask"]).tolist()
    assert (legal[count:] == -1).all() and len(legal) == layout.max_legal()


# ---------------------------------------------------------------- the padded legal list


def test_info_holds_the_padded_legal_action_list() -> None:
    env = StrategoEnv(SIX, setup="agent", opponent="random")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(30):
        legal = info["legal_actions"]
        count = info["legal_count"]
        assert legal.shape == (env.layout.max_legal(),) and legal.dtype == np.int64
        assert legal[:count].tolist() == np.flatnonzero(obs["action_mask"]).tolist()
        assert (legal[count:] == -1).all()
        obs, _, terminated, truncated, info = env.step(int(rng.choice(legal[:count])))
        if terminated or truncated:
            break
    aec = StrategoAEC(SIX)
    aec.reset(seed=1)
    red, blue = aec.infos["red"], aec.infos["blue"]
    assert red["legal_count"] == int(aec.observe("red")["action_mask"].sum()) > 0
    assert blue["legal_count"] == 0 and (blue["legal_actions"] == -1).all()


# ---------------------------------------------------------------- conventions


def setup_sources() -> list[object]:
    pairs = gravon_setups([to_gravon(Game.random("barrage", seed=s)) for s in (1, 2)])
    return ["agent", "random", "fortress", pairs]


@pytest.mark.parametrize("setup", setup_sources(), ids=["agent", "random", "preset", "list"])
def test_check_env_passes_for_every_setup_source(setup: object) -> None:
    rules = "original" if setup == "fortress" else "barrage"
    check_env(StrategoEnv(rules, setup=setup), skip_render_check=True)


@pytest.mark.parametrize("rules", ["original", "sci-fi-2013", "original+rescue", "duel"])
def test_check_env_passes_with_random_setups_in_every_edition(rules: str) -> None:
    check_env(StrategoEnv(rules, setup="random"), skip_render_check=True)


def test_a_penalised_illegal_action_changes_nothing() -> None:
    env = StrategoEnv("barrage", setup="random")
    obs, _ = env.reset(seed=2)
    before = env.information_state()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert reward == ILLEGAL_REWARD < 0 and info["illegal"] and not terminated and not truncated
    assert env.information_state() == before
    assert all(np.array_equal(after[key], obs[key]) for key in obs)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    _, reward, _, _, info = env.step(legal)
    assert reward == 0.0 and not info["illegal"] and info["ply"] == 2
    with pytest.raises(IllegalMoveError, match="one whole number"):
        env.step(1.5)  # type: ignore[arg-type]
    aec = StrategoAEC("barrage", illegal_action="penalise")
    aec.reset(seed=2)
    before = aec.information_state("red")
    mask = aec.observe("red")["action_mask"]
    illegal, legal = int(np.flatnonzero(mask == 0)[0]), int(np.flatnonzero(mask)[0])
    aec.step(illegal)
    assert aec.agent_selection == "red" and aec.rewards["red"] == ILLEGAL_REWARD
    assert aec.infos["red"]["illegal"] and aec.information_state("red") == before
    aec.step(legal)
    assert aec.agent_selection == "blue" and aec.rewards == {"red": 0.0, "blue": 0.0}
    envs = vector_env(2, rules="barrage", setup="random")
    obs, _ = envs.reset(seed=1)
    _, rewards, _, _, infos = envs.step(np.array([0, int(np.flatnonzero(obs["action_mask"][1])[0])]))
    assert rewards[0] == ILLEGAL_REWARD and infos["illegal"].tolist() == [True, False]


def test_gym_make_ids_are_registered() -> None:
    env = gymnasium.make(ENV_ID, ruleset="barrage", setup="random", opponent="heuristic")
    obs, info = env.reset(seed=3)
    assert env.unwrapped.rules.name == "barrage" and info["legal_count"] > 0
    check_env(env.unwrapped, skip_render_check=True)
    vec = gymnasium.make_vec(COMPILED_ID, num_envs=3, vectorization_mode="vector_entry_point",
                             ruleset="barrage")
    obs, _ = vec.reset(seed=1)
    assert obs["action_mask"].shape == (3, ActionLayout(ruleset("barrage")).size)


def test_array_observations_and_action_masks_are_what_maskable_ppo_reads() -> None:
    """MaskablePPO's contract: a Box observation, ``action_masks()`` a bool array of the
    action space's size whose true entries are exactly the legal actions."""
    env = ArrayObservation(StrategoEnv(SIX, setup="agent", opponent="random"))
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    inner = env.unwrapped
    assert isinstance(inner, StrategoEnv)
    for _ in range(40):
        assert isinstance(env.observation_space, gymnasium.spaces.Box)
        assert env.observation_space.contains(obs)
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
        assert set(np.flatnonzero(masks).tolist()) == set(inner.match.legal_actions())
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
        if terminated or truncated:
            obs, _ = env.reset()


def test_pettingzoo_warns_only_about_the_documented_names_and_dict_observations() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(StrategoAEC("barrage", setup="random"), num_cycles=50)
    said = {str(w.message).split(",")[0] for w in caught}
    documented = {"Observation is not a NumPy array",
                  "Observation space for each agent probably should be gymnasium.spaces.box or "
                  "gymnasium.spaces.discrete",
                  'We recommend agents to be named in the format <descriptor>_<number>',
                  "Action mask numpy array is all zeros (no legal actions)."}
    assert said <= documented


# ---------------------------------------------------------------- the compiled environment


def test_the_compiled_env_penalises_an_illegal_action_in_its_game_only() -> None:
    envs = CompiledVectorEnv("barrage", num_envs=2, seed=1, illegal_action="penalise")
    obs, _ = envs.reset()
    legal = envs.sample_actions(np.random.default_rng(0))
    illegal = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    after, rewards, terminated, _, infos = envs.step(np.array([illegal, legal[1]]))
    assert rewards[0] == ILLEGAL_REWARD and rewards[1] == 0.0 and not terminated.any()
    assert infos["illegal"].tolist() == [True, False] and infos["ply"].tolist() == [0, 2]
    assert np.array_equal(after["planes"][0], obs["planes"][0])
    assert np.array_equal(after["action_mask"][0], obs["action_mask"][0])
    _, rewards, _, _, infos = envs.step(envs.sample_actions(np.random.default_rng(1)))
    assert not infos["illegal"].any() and infos["ply"].tolist() == [2, 4]



def test_the_compiled_env_has_the_same_keys_and_reports_its_resets() -> None:
    envs = CompiledVectorEnv(ruleset("barrage", max_plies=6), num_envs=2, seed=4)
    obs, infos = envs.reset()
    assert sorted(obs) == sorted(StrategoEnv("barrage").observation_space.spaces)
    assert envs.observation_space.contains(obs)
    assert obs["phase"].tolist() == [[0.0, 1.0, 0.0, 0.0]] * 2 and not obs["to_place"].any()
    assert not infos["autoreset"].any()
    rng = np.random.default_rng(1)
    for _ in range(3):
        obs, _, terminated, _, infos = envs.step(envs.sample_actions(rng))
        assert not infos["autoreset"].any()
    assert terminated.all() and obs["phase"][:, 3].all()
    assert not envs.action_masks().any()
    obs, _, _, _, infos = envs.step(np.array([0, 0]))
    assert infos["autoreset"].tolist() == [True, True] and obs["phase"][:, 1].all()
    obs, _, _, _, infos = envs.step(envs.sample_actions(rng))
    assert not infos["autoreset"].any()
