"""python_stratego in OpenSpiel: the random simulation test, clones, information states,
resampling, and IS-MCTS against random moves."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

import stratego_widget as sw
from stratego_widget.engine.variants import variant
from stratego_widget.openspiel import register, variant_param

pyspiel = pytest.importorskip("pyspiel")
register()

SMALL = variant("duel", "six", width=6, height=6, home_rows=2, lakes=["c3", "d4"],
                army={"general": 1, "miner": 1, "scout": 2, "spy": 1, "bomb": 1, "flag": 1})
SMALL_PARAMS = {"variant": variant_param(SMALL), "max_plies": 100}


@pytest.mark.parametrize("params", [
    {"ruleset": "duel", "max_plies": 40},
    {"ruleset": "sci-fi-2013-duel", "max_plies": 40},
    {"ruleset": "barrage+silent-defense", "max_plies": 40, "red_setup": "corner"},
    {"ruleset": "ultimate-lightning", "max_plies": 30},
    SMALL_PARAMS,
], ids=["duel", "spotters", "silent-defense-given-army", "ultimate-lightning", "6x6"])
def test_the_random_simulation_test_passes(params: dict) -> None:
    game = pyspiel.load_game("python_stratego", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def started(params: dict, seed: int, plies: int):
    """A state after random chance outcomes and ``plies`` random moves."""
    rng = np.random.RandomState(seed)
    state = pyspiel.load_game("python_stratego", params).new_initial_state()
    while not state.is_terminal() and (state.is_chance_node() or state.game.ply < plies):
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_clone_is_independent_and_the_same() -> None:
    state = started({"ruleset": "barrage"}, 1, 10)
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.information_state_string(0) == state.information_state_string(0)
    assert clone.game is not state.game and clone.game.position() == state.game.position()
    clone.apply_action(clone.legal_actions()[0])
    assert state.game.ply == 10 and clone.game.ply == 11
    assert len(state.seen[0]) == 10


def test_the_engine_game_is_reachable_and_the_armies_can_be_given() -> None:
    game = pyspiel.load_game("python_stratego", {"ruleset": "barrage", "red_setup": "corner",
                                                 "blue_setup": "corner"})
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.game.piece_at("a1") == ("red", "marshal")
    assert sorted(state.legal_actions()) == state.legal_actions()
    assert len(state.legal_actions()) == len(state.game.legal_codes())


def test_the_information_state_hides_the_opponents_army_and_recalls_every_ply() -> None:
    game = pyspiel.load_game("python_stratego", {"ruleset": "original", "red_setup": "fortress",
                                                 "max_plies": 20})
    one, other = game.new_initial_state(), game.new_initial_state()
    for state, seed in ((one, 1), (other, 2)):
        rng = np.random.RandomState(seed)
        while state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        state.apply_action(state.legal_actions()[0])  # the same first Red move
    assert one.game.pieces() != other.game.pieces()
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.information_state_tensor(0) == other.information_state_tensor(0)
    assert one.observation_tensor(0) == other.observation_tensor(0)
    assert one.information_state_string(1) != other.information_state_string(1)
    # perfect recall: the string lists every ply as the player saw it
    state = started({"ruleset": "duel"}, 3, 25)
    lines = state.information_state_string(0).splitlines()
    assert len(lines) == 2 + state.game.ply
    assert lines[1].startswith("blue placed on: ")  # which squares Blue filled is no secret
    assert lines[2].startswith("1. " + str(state.game.moves[0]))


def test_two_worlds_differing_only_in_hidden_ranks_look_the_same_to_the_player() -> None:
    state = started({"ruleset": "duel", "max_plies": 200}, 3, 30)
    for seed in range(4):
        world = state.resample_from_infostate(0, random.Random(seed))
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.information_state_tensor(0) == state.information_state_tensor(0)
        assert world.observation_string(0) == state.observation_string(0)
        assert world.observation_tensor(0) == state.observation_tensor(0)
        assert world.legal_actions() == state.legal_actions()
        assert world.game.moves == state.game.moves
    worlds = {str(state.resample_from_infostate(0, random.Random(seed)).game.pieces())
              for seed in range(6)}
    assert len(worlds) > 1
    # OpenSpiel's own sampler is accepted
    world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(1) == state.information_state_string(1)


def test_a_bad_parameter_is_one_line_naming_it() -> None:
    for params, field in (({"max_plies": -1}, "max_plies"), ({"variant": "zz"}, "variant")):
        with pytest.raises(sw.StrategoError, match=field) as caught:
            pyspiel.load_game("python_stratego", params)
        assert "\n" not in str(caught.value)


def test_register_without_pyspiel_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from stratego_widget import openspiel

    monkeypatch.setitem(sys.modules, "open_spiel", None)
    monkeypatch.setattr(openspiel, "_registered", [])
    with pytest.raises(ImportError) as caught:
        openspiel.register()
    assert str(caught.value) == ("stratego_widget.openspiel needs open_spiel: "
                                 "pip install stratego-widget[openspiel]")


@pytest.mark.full  # six games of search: about 11 s of CPU (the bot's plumbing: the doctest)
def test_ismcts_beats_random_moves_in_most_games() -> None:
    from stratego_widget.openspiel_search import ismcts_bot, play_against_random

    game = pyspiel.load_game("python_stratego", SMALL_PARAMS)
    results = [play_against_random(game, ismcts_bot(game, simulations=60, seed=g, uct_c=0.7),
                                   g % 2, seed=g) for g in range(6)]
    assert sum(r > 0 for r in results) >= 4, results


def test_a_move_that_may_rescue_asks_the_same_player_what_it_rescues() -> None:
    game = pyspiel.load_game("python_stratego", {"ruleset": "original+rescue",
                                                 "red_setup": "fortress",
                                                 "blue_setup": "fortress"})
    state = game.new_initial_state()
    state.game = sw.Game.from_pieces("original+rescue", {
        "a1": "red flag", "e9": "red major", "j10": "blue flag", "a10": "blue bomb",
        "h8": "blue major"}, captured={"red": ["major"]})
    move = next(a for a in state.legal_actions() if state.action_to_string(a) == "e9-e10")
    state.apply_action(move)
    assert state.current_player() == 0 and state.game.ply == 0  # the choice comes first
    choices = [state.action_to_string(a) for a in state.legal_actions()]
    assert choices[0] == "+major@b1" and choices[-1] == "no rescue"
    assert len(choices) == 1 + sum("+" in str(m) for m in state.game.legal_moves())
    assert state.information_state_string(0).endswith("rescue after e9-e10")
    clone = state.clone()
    state.apply_action(state.legal_actions()[-1])
    assert [str(m) for m in state.game.moves] == ["e9-e10"]
    clone.apply_action(clone.legal_actions()[0])
    assert [str(m) for m in clone.game.moves] == ["e9-e10+major@b1"]
    assert clone.game.piece_at("b1") == ("red", "major")
