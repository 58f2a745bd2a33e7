"""Recorded games as (observation, action, mask): the shipped Gravon sample round-trips (each
action decodes to the move recorded, the mask marks it legal), for both players and both
action layouts; a rescue is two decisions."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from stratego_widget import StrategoError
from stratego_widget.engine.game import Game
from stratego_widget.engine.pieces import GENERAL
from stratego_widget.env import Encoder, Match, trajectories
from stratego_widget.env.actions import ActionLayout
from stratego_widget.formats.archive import gravon_archive
from stratego_widget.formats.record_base import start_of

SAMPLE = pathlib.Path(__file__).parent.parent / "data" / "gravon"
RECORDS = list(gravon_archive(SAMPLE))


@pytest.mark.parametrize("layout", ["compact", "flat"])
@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.name)
def test_every_recorded_move_round_trips_through_its_action(record: object,
                                                            layout: str) -> None:
    game = record.game  # type: ignore[attr-defined]
    actions = ActionLayout(game.rules, layout)
    for side, name in enumerate(("red", "blue")):
        steps = trajectories(game, name, action_layout=layout)
        recorded = game.history[side::2]
        assert len(steps) == len(recorded)
        for (observation, action, mask), entry in zip(steps, recorded, strict=True):
            decision = actions.decode(action, side)
            assert (decision.origin, decision.target) == (entry.code & 127, entry.code >> 7 & 127)
            assert mask[action] == 1 and mask.shape == (actions.size,)
            assert observation["action_mask"] is mask
            assert observation["phase"].tolist() == [0.0, 1.0, 0.0, 0.0]


def test_the_observations_are_the_environments_own_at_each_ply() -> None:
    game = RECORDS[2].game
    encoder = Encoder(game.rules)
    match = Match.from_game(start_of(game))
    expected = []
    for entry in game.history:
        if match.actor == 1:
            expected.append(encoder.observe(match, 1)["planes"])
        match.step(encoder.layout.encode(entry.code, match.actor))
    steps = trajectories(game, 1)
    assert len(steps) == len(expected)
    for (observation, _, _), planes in zip(steps, expected, strict=True):
        assert np.array_equal(observation["planes"], planes)


def test_a_rescue_is_two_decisions_the_move_then_the_piece_returned() -> None:
    game = Game.from_pieces("original+rescue", {"a1": "red flag", "d9": "red major",
                                                "j10": "blue flag", "j7": "blue scout"},
                            captured={"red": ["general", "scout"]})
    rescue = next(move for move in game.legal_moves() if str(move) == "d9-d10+general@a2")
    game.play(rescue)
    game.play("j7-j6")
    game.play("d10-c10")  # the rescue's square is behind it: a plain move
    layout = ActionLayout(game.rules)
    geo = game.rules.geometry
    steps = trajectories(game, "red")
    assert [layout.decode(action, 0) for _, action, _ in steps] == [
        layout.decode(layout.move(geo.index("d9"), geo.index("d10")), 0),
        layout.decode(layout.place(GENERAL, geo.index("a2")), 0),
        layout.decode(layout.move(geo.index("d10"), geo.index("c10")), 0)]
    assert steps[1][0]["phase"].tolist() == [0.0, 0.0, 1.0, 0.0]
    assert all(mask[action] == 1 for _, action, mask in steps)
    declined = Game.from_pieces("original+rescue", {"a1": "red flag", "d9": "red major",
                                                    "j10": "blue flag", "j7": "blue scout"},
                                captured={"red": ["general"]})
    declined.play("d9-d10")
    assert [action for _, action, _ in trajectories(declined, 0)][1] == layout.decline


def test_a_bad_player_or_game_is_refused_in_one_line() -> None:
    with pytest.raises(StrategoError, match="player is 'red' or 'blue'"):
        trajectories(RECORDS[0].game, 2)
    with pytest.raises(StrategoError, match="game is a Game, not str"):
        trajectories("d2-d3", "red")  # type: ignore[arg-type]


def test_behaviour_cloning_as_the_docs_show_it_learns_the_recorded_moves() -> None:
    steps = [step for record in RECORDS if record.game.rules.name == "barrage"
             for player in ("red", "blue") for step in trajectories(record.game, player)]
    X = np.stack([obs["planes"].ravel() for obs, _, _ in steps])
    X = X[:, X.any(0)]  # the features ever on here: the docs' loop, made cheaper
    M = np.stack([mask for _, _, mask in steps]).astype(bool)
    used = np.flatnonzero(M.any(0))  # the actions ever legal here
    M = M[:, used]
    y = np.searchsorted(used, [action for _, action, _ in steps])
    W = np.zeros((X.shape[1], M.shape[1]), np.float32)

    def chosen() -> np.ndarray:
        return np.where(M, X @ W, -np.inf).argmax(1)

    untrained = np.mean(chosen() == y)
    for _ in range(30):
        logits = np.where(M, X @ W, -np.inf)
        p = np.exp(logits - logits.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        p[np.arange(len(y)), y] -= 1
        W -= 0.5 * X.T @ p / len(y)
    assert len(steps) == 113 and untrained < 0.3 < 0.9 < np.mean(chosen() == y)
