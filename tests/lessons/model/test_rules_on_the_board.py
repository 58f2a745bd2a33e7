"""Every rule of the rulebooks is played on the board (issue 33, "every rule played on the
board").

One test per rule a review found taught by no board step, or only as a multiple-choice quiz.
Each finds the lesson step that plays the rule (by what it plays, not by its number), checks
through the engine that the step's position really exercises the rule (the solving move is
legal only under that rule, or the engine's refusal of the wrong move names it), quotes the
rulebook's words it relies on, and plays the step's solution on a lesson run.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from statements import LESSONS, in_rulebook

from stratego_widget.engine.errors import IllegalMoveError
from stratego_widget.engine.game import Game
from stratego_widget.lessons import LessonRun, Step


def board_step(lesson: str, plays: Callable[[Step], bool]) -> Step:
    """The one move step of ``lesson`` that ``plays`` picks."""
    steps = [step for step in LESSONS[lesson].steps if step.kind == "move" and plays(step)]
    assert len(steps) == 1, (lesson, [step.index + 1 for step in steps])
    return steps[0]


def solved(lesson: str, step: Step) -> LessonRun:
    """A run of ``step`` with its solution played; the last action solved it."""
    run = LessonRun(LESSONS[lesson], step=step.index)
    feedback = [run.propose(action) for action in step.solution]
    assert feedback[-1].solved, (lesson, step.index + 1, [f.text for f in feedback])
    return run


def refusal(game: Game, action: str) -> IllegalMoveError:
    """The engine's refusal of ``action`` in ``game``."""
    with pytest.raises(IllegalMoveError) as refused:
        game.play(action)
    return refused.value


def first_game(step: Step) -> Game:
    """The step's starting position as an engine game."""
    game = step.game()
    assert game is not None
    return game


# ---------------------------------------------------------------- Rescue

@pytest.mark.rulebooks
def test_rescue_is_optional_and_a_declined_rescue_keeps_it_for_later() -> None:
    """Stratego Original, More variants, Rescuing pieces: "When one of your pieces moves into a
    square in your opponent's back row, you may rescue one of your captured pieces." and "The
    same piece cannot make two rescues." The step's Major reaches the back row without
    rescuing (it may), so its next move along the row can bring back the General that Blue
    takes meanwhile; rescuing the Sergeant at once leaves it nothing to bring the General back
    with."""
    in_rulebook("original", "you may rescue one of your captured pieces.")
    in_rulebook("original", "The same piece cannot make two rescues.")
    step = board_step("rescue", lambda s: s.goal.describe() == "rescue general")
    first = step.solution[0]
    assert "+" not in first
    game = first_game(step)
    assert any(m.rescue is not None and f"{m.origin}-{m.target}" == first
               for m in game.legal_moves())  # a rescue was on offer, and declined
    game.play(f"{first}+sergeant@c3")
    game.play("a6xa5")  # Blue's Marshal takes the General, as the step scripts it
    assert "same piece" in str(refusal(game, step.solution[1]))
    solved("rescue", step)


@pytest.mark.rulebooks
def test_the_1999_rescue_area_is_your_side_of_the_board() -> None:
    """Stratego (Hasbro 1999), Optional Rules, Rescue: "Pick any captured piece on your side of
    the board." This board reads it as your half (five rows); Original's "first four rows"
    refuses the same rescue onto the fifth row."""
    in_rulebook("hasbro-1999", "Pick any captured piece on your side of the board.")
    in_rulebook("original", "place it on any unoccupied space in your first four rows.")
    step = board_step("rescue", lambda s: s.rules.spec == "hasbro-1999+rescue"
                      and s.goal.describe().startswith("capture"))
    rescue = step.solution[0]
    assert rescue.endswith("5")  # onto the fifth row
    first_game(step).play(rescue)
    original = Game.from_pieces("original+rescue", dict(step.pieces),
                                captured={"red": ["captain"]})
    assert refusal(original, rescue).rule == "rescue"
    solved("rescue", step)


@pytest.mark.rulebooks
def test_a_rescue_has_its_limits_no_bomb_and_two_per_player() -> None:
    """Stratego Onyx Edition, Additional Tournament Rules, Rescue: "You cannot rescue a Bomb."
    and "Each player can make only two rescues." The step's Bomb cannot be brought back, and
    its third piece on the back row is refused its rescue."""
    in_rulebook("onyx-2009", "You cannot rescue a Bomb.")
    in_rulebook("onyx-2009", "Each player can make only two rescues.")
    step = board_step("rescue", lambda s: "refused rescue" in s.goal.describe()
                      and s.rules.spec == "onyx-2009+rescue")
    bomb = step.solution[0].split("+")[0] + "+bomb@c3"
    assert "Bomb" in str(refusal(first_game(step), bomb))
    game = first_game(step)
    for action, reply in zip(step.solution[:2], ("a7-a6", "a6-a5"), strict=True):
        game.play(action)
        game.play(reply)  # Blue's Sergeant, as the step scripts it
    assert "only 2 rescues" in str(refusal(game, step.solution[2]))
    run = solved("rescue", step)
    assert run.step_index == step.index + 1
