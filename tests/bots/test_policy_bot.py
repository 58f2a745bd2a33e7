"""An environment policy as a bot: it sees the environment's own observation and mask, plays on
the board against a click and in a study on worker processes, as Red and as Blue, chooses a
rescue in a second call, and an illegal answer is refused in one line."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import stratego_widget as sw  # noqa: E402
from stratego_widget.bots import RandomBot, play_game  # noqa: E402
from stratego_widget.env import Encoder, Match  # noqa: E402
from stratego_widget.env.actions import ActionLayout  # noqa: E402
from stratego_widget.env.planes import CHANNELS  # noqa: E402
from stratego_widget.experiments import Study  # noqa: E402
from stratego_widget.experiments.policy_bot import policy_bot  # noqa: E402
from stratego_widget.widget import StrategoWidget  # noqa: E402


def last_legal(observation: dict[str, Any], mask: Any) -> int:
    """A module-level policy (picklable): the highest legal index."""
    return int(np.flatnonzero(mask)[-1])


class Recorder:
    """A policy that keeps what it was shown and plays the lowest legal index."""

    def __init__(self) -> None:
        self.seen: list[tuple[dict[str, Any], Any, int]] = []

    def __call__(self, observation: dict[str, Any], mask: Any) -> int:
        action = int(np.flatnonzero(mask)[0])
        self.seen.append((observation, mask, action))
        return action


#: The planes of the moves the repetition rules refuse: in Barrage (Original's rules, with the
#: more-squares rule too) the bot's observation does not say which rule refuses a move.
REFUSED_PLANES = [i for i, name in enumerate(CHANNELS) if "refused" in name]


@pytest.mark.parametrize("side", ["red", "blue"])
def test_the_policy_sees_the_environments_observation_and_its_answer_is_played(
        side: str) -> None:
    game = sw.Game.random("barrage", seed=5)
    for _ in range(8 if side == "red" else 7):  # some moves, strikes maybe; then side to move
        game.play(RandomBot(3).choose(game.observation(game.to_move)))
    player = 0 if side == "red" else 1
    recorder = Recorder()
    move = policy_bot(recorder).choose(game.observation(side))
    observation, mask, action = recorder.seen[0]
    expected = Encoder(game.rules).observe(Match.from_game(game), player)
    assert np.array_equal(mask, expected["action_mask"])
    kept = [i for i in range(len(CHANNELS)) if i not in REFUSED_PLANES]
    assert np.array_equal(observation["planes"][kept], expected["planes"][kept])
    for key in ("captured", "to_place", "phase"):
        assert np.array_equal(observation[key], expected[key])
    decision = ActionLayout(game.rules).decode(action, player)
    assert move == str(next(m for m in game.legal_moves()
                            if (game.rules.geometry.index(m.origin),
                                game.rules.geometry.index(m.target))
                            == (decision.origin, decision.target)))


def test_the_last_moves_and_the_two_square_rule_s_refusal_are_on_the_policy_s_planes() -> None:
    """Onyx (its rulebook, Rules for Movement, rule 10: no piece moves back and forth between
    the same two squares more than two times in a row) has the two-square rule alone: the
    policy sees every plane the environment shows, the last moves and the refused move
    included (they were empty: the bot's observation holds no engine history)."""
    game = sw.Game.from_pieces("onyx-2009", {"a1": "red flag", "e1": "red major",
                                             "c1": "red scout", "j10": "blue flag",
                                             "j1": "blue scout", "h1": "blue major"})
    for text in ["c1-c2", "h1-h2", "e1-e2", "j1-j2", "e2-e1", "j2-j1"]:
        game.play(text)
    recorder = Recorder()
    bot = policy_bot(recorder)
    # As the board, play_game and the environments give it: the last plies the bot reads.
    given = game.observation("red", history=bot.reads_history)
    assert len(given["history"]) == bot.reads_history < game.ply
    bot.choose(given)
    observation, mask, _action = recorder.seen[0]
    expected = Encoder(game.rules).observe(Match.from_game(game), 0)
    for name in ("last move 1 from", "last move 4 to", "two-square refused piece",
                 "two-square refused target"):
        assert expected["planes"][CHANNELS.index(name)].sum() == 1, name  # a real test
    assert np.array_equal(observation["planes"], expected["planes"])
    assert np.array_equal(mask, expected["action_mask"])


def test_it_plays_on_the_board_answering_a_click() -> None:
    board = StrategoWidget(sw.Game.random("duel", seed=1), opponent=policy_bot(last_legal),
                           seed=2)
    origin, targets = next(iter(board.view["targets"].items()))
    board.handle({"type": "move", "from": origin, "to": next(iter(targets))})
    assert board.view["message"] is None and board.game.ply == 2
    assert board.view["to_move"] == "red"


def test_it_plays_a_study_on_two_worker_processes_as_red_and_as_blue() -> None:
    def study() -> Study:
        return Study(["duel"], red=policy_bot(last_legal), blue="random", games=4, seed=1,
                     max_plies=40, swap_colors=True)

    rows = study().play(workers=1)
    assert study().play(workers=2, chunk=1) == rows
    assert [row["red"] for row in rows] == ["last_legal", "random"] * 2


def test_a_rescue_asks_the_policy_twice() -> None:
    game = sw.Game.from_pieces("original+rescue", {"a1": "red flag", "d9": "red major",
                                                   "j10": "blue flag", "j7": "blue scout"},
                               captured={"red": ["general"]})
    layout = ActionLayout(game.rules)
    geo = game.rules.geometry
    up = layout.move(geo.index("d9"), geo.index("d10"))
    rescue = layout.place(sw.engine.pieces.GENERAL, geo.index("a2"))
    answers = iter([up, rescue])
    phases: list[list[float]] = []

    def rescuer(observation: dict[str, Any], mask: Any) -> int:
        phases.append(observation["phase"].tolist())
        return next(answers)

    assert policy_bot(rescuer).choose(game.observation("red")) == "d9-d10+general@a2"
    assert phases == [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]]


def test_an_illegal_answer_is_refused_in_one_line() -> None:
    game = play_game("duel", RandomBot(1), RandomBot(2), seed=3, max_plies=4)
    with pytest.raises(sw.IllegalMoveError) as refused:
        policy_bot(lambda observation, mask: 0, name="zero").choose(
            sw.Game.random("duel", seed=3).observation("red"))
    assert "policy 'zero' answered 0, not a legal action" in str(refused.value)
    assert "\n" not in str(refused.value) and game.is_over
    with pytest.raises(sw.StrategoError, match="A policy is a function"):
        policy_bot(42)  # type: ignore[arg-type]
