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
    step = board_step("rescue-limits", lambda s: s.goal.describe() == "rescue general")
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
    step = board_step("rescue-limits", lambda s: "refused rescue" in s.goal.describe()
                      and s.rules.spec == "onyx-2009+rescue")
    bomb = step.solution[0].split("+")[0] + "+bomb@c3"
    assert "Bomb" in str(refusal(first_game(step), bomb))
    game = first_game(step)
    for action, reply in zip(step.solution[:2], ("a7-a6", "a6-a5"), strict=True):
        game.play(action)
        game.play(reply)  # Blue's Sergeant, as the step scripts it
    assert "only 2 rescues" in str(refusal(game, step.solution[2]))
    run = solved("rescue-limits", step)
    assert run.step_index == step.index + 1


# ---------------------------------------------------------------- optional rules, pieces

@pytest.mark.rulebooks
def test_a_moving_bomb_may_not_attack() -> None:
    """Stratego Original, More variants, Moving Bombs: "Moving Bombs may not attack." The
    step's Bomb beside Blue's Marshal is refused its strike (the engine's refusal names the
    Moving Bombs rule); the Spy beside it takes the Marshal."""
    in_rulebook("original", "Moving Bombs may not attack.")
    step = board_step("moving-bombs", lambda s: s.pieces.get("e5") == "red bomb"
                      and s.goal.describe() == "capture e6")
    refused = refusal(first_game(step), "e5xe6")
    assert refused.rule == "cannot-strike" and "Moving Bombs" in str(refused)
    assert "cannot-strike" in step.feedback
    solved("moving-bombs", step)


@pytest.mark.rulebooks
def test_a_wrong_spot_captures_nothing_reveals_the_spotter_and_shows_the_piece() -> None:
    """Stratego (2013 edition), Specialist Pieces, The Spotter: "Your opponent must reveal the
    piece's rank." and "If your guess is not correct, nothing happens. But your Spotter is
    revealed!" The step's solution is a wrong guess: both pieces stay, the spotted piece is
    known to the learner and the Spotter to Blue."""
    in_rulebook("sci-fi-2013", "Your opponent must reveal the piece's rank.")
    in_rulebook("sci-fi-2013", "nothing happens. But your Spotter is revealed!")
    step = board_step("spotter", lambda s: "reveal" in s.goal.describe())
    game = first_game(step)
    spot = step.solution[0]
    target = "e4"
    assert spot.startswith("e3!") and step.pieces[target] != f"blue {spot.split('!')[1]}"
    before = game.pieces()
    game.play(spot)
    assert game.pieces() == before  # nothing happens
    assert game.observation("red")["board"][target]["kind"] == "sergeant"
    assert game.observation("blue")["board"]["e3"]["known"]
    run = solved("spotter", step)
    assert run.step_index == step.index + 1


@pytest.mark.rulebooks
def test_the_2013_two_square_wording_refuses_the_third_move() -> None:
    """Stratego (2013 edition), Rules For Moving, rule 6: "Pieces cannot be moved back and forth
    between the same two squares in three consecutive turns." The step's Sergeant is refused
    its third move between e3 and e4 (it would be allowed in Original); the Miner takes the
    Scout instead."""
    in_rulebook("sci-fi-2013", "Pieces cannot be moved back and forth between the same two "
                "squares in three consecutive turns.")
    step = board_step("two-square", lambda s: s.rules.spec == "sci-fi-2013")
    moves = ["e3-e4", "e8-e7", "e4-e3", "e7-e4"]
    game = first_game(step)
    for move in moves:
        game.play(move)
    assert refusal(game, "e3xe4").rule == "two-square"
    original = Game.from_pieces("original", dict(step.pieces), revealed=["e8"])
    for move in moves:
        original.play(move)
    original.play("e3xe4")
    assert "two-square" in step.feedback
    solved("two-square", step)


@pytest.mark.rulebooks
def test_silent_defense_removes_equal_ranks_too() -> None:
    """Stratego Original, More variants, Silent Defence, in its German part: "Der Verteidiger
    schweigt, muss jedoch eine Figur mit niedrigerem oder gleichem Rang aus dem Spiel nehmen."
    (lower or equal rank; the English part says only "the lower-ranked piece"). The step's
    Captain strikes Blue's Captain: both leave the board, with Silent Defense too, and the Flag
    is saved; the Lieutenant would lose and the Flag with it."""
    in_rulebook("original", "muss jedoch eine Figur mit niedrigerem oder gleichem Rang aus dem "
                "Spiel nehmen.")
    step = board_step("silent-defense", lambda s: "capture e3" in s.goal.describe())
    game = first_game(step)
    assert game.rules.silent_defense
    game.play(step.solution[0])
    assert {"d3", "e3"}.isdisjoint(game.pieces())
    feedback = LessonRun(LESSONS["silent-defense"], step=step.index).propose("f3xe3")
    assert feedback.failed
    solved("silent-defense", step)


@pytest.mark.rulebooks
def test_an_ultimate_lightning_captains_first_square_must_be_empty() -> None:
    """Stratego Original, Moving: "The pieces cannot jump over or move through an occupied
    square." (its German part, on the Ultimate Lightning Captain: "Spielfiguren dürfen nicht
    übersprungen werden."). The step's Captain behind its own Miner is refused (the engine
    names the Captain's rule); the other Captain turns through an empty square."""
    in_rulebook("original", "The pieces cannot jump over or move through an occupied square.")
    in_rulebook("original", "Spielfiguren dürfen nicht übersprungen werden.")
    step = board_step("ultimate-lightning", lambda s: s.pieces.get("c3") == "red miner")
    assert step.kind == "move"
    assert refusal(first_game(step), "c2xc4").rule == "captain"
    assert "captain" in step.feedback
    solved("ultimate-lightning", step)


@pytest.mark.rulebooks
def test_what_an_ultimate_lightning_captains_move_reveals() -> None:
    """Stratego Original, Special pieces, The Scout: "If a Scout moves more than one square, its
    identity will be revealed."; Ultimate Lightning Stratego: "Captains can move two spaces
    during each turn, either in a straight line or by changing direction after the first
    space." The rulebook says nothing of what a Captain's move reveals; this board's reading
    (docs/rulings.md, "A move reveals a rank only when it proves it"): a straight two-square
    move shows nothing in Ultimate Lightning (the same move shows a Scout in Original), a move
    that turns shows a Captain. The step plays it: Blue's unknown Captain comes two squares
    straight, stays unknown, and the Lieutenant that takes it for a Scout is lost; the Major
    takes it. The success says that this is the board's reading."""
    in_rulebook("original", "If a Scout moves more than one square, its identity will be "
                "revealed.")
    in_rulebook("original", "Captains can move two spaces during each turn, either in a "
                "straight line or by changing direction after the first space.")
    step = board_step("ultimate-lightning", lambda s: s.pieces.get("e7") == "blue captain")
    wait, take = step.solution
    run = LessonRun(LESSONS["ultimate-lightning"], step=step.index)
    assert run.propose(wait).reply == "e7-e5"
    board = run.observation()["board"]  # type: ignore[index]
    assert board["e5"]["kind"] is None  # a straight two-square move proves nothing here
    scout = Game.from_pieces("original", {"e7": "blue scout", "e4": "red major", "a1": "red flag",
                                          "j10": "blue flag"}, to_move="blue")
    scout.play("e7-e5")
    assert scout.observation("red")["board"]["e5"]["kind"] == "scout"
    turning = Game.from_pieces("ultimate-lightning", {"e7": "blue captain", "a1": "red flag",
                                                      "e4": "red major", "j10": "blue flag"},
                               to_move="blue")
    turning.play("e7-f6")
    assert turning.observation("red")["board"]["f6"]["kind"] == "captain"
    lost = LessonRun(LESSONS["ultimate-lightning"], step=step.index)
    lost.propose(wait)
    wrong = lost.propose("f5xe5")
    assert wrong.failed and "Captain" in wrong.text
    assert run.propose(take).solved
    assert "this board" in step.success.get("en")


# ---------------------------------------------------------------- the board and the end

@pytest.mark.rulebooks
def test_the_rivers_between_the_lakes_can_be_crossed() -> None:
    """Stratego Original, Moving: "The pieces can move over the rivers in the centre of the
    board." and "The pieces may not land in the 'lakes' in the centre of the board". The step's
    solving Scout runs between the two lakes (rows 5 and 6 of the e-file); the other Scout's
    way is refused by a lake."""
    in_rulebook("original", "The pieces can move over the rivers in the centre of the board.")
    step = board_step("rivers", lambda s: s.goal.describe() == "capture e8")
    assert step.solution == ("e2xe8",)  # over e5 and e6, between the lakes
    game = first_game(step)
    lakes = {game.rules.geometry.name(sq) for sq in game.rules.geometry.lakes}
    assert {"d5", "d6", "g5", "g6"} <= lakes and {"e5", "e6"}.isdisjoint(lakes)
    assert refusal(game, "c2xc8").rule == "lake"
    solved("rivers", step)


@pytest.mark.rulebooks
def test_when_neither_side_can_move_the_side_to_move_loses() -> None:
    """Stratego Original, Moving: "If none of your pieces are able to move or attack, the game
    is over and your opponent wins." (every rulebook says it of the player to move). After the
    step's equal-rank strike neither side can move; Blue, to move, loses (this board's reading,
    docs/rulings.md). The step's Sergeants start three squares apart: Red steps to two, Blue
    has to come next to it, and Red strikes first."""
    in_rulebook("original", "If none of your pieces are able to move or attack, the game is "
                "over and your opponent wins.")
    step = board_step("endgames", lambda s: "neither-can-move" in s.goal.describe())
    approach, strike = step.solution
    run = LessonRun(LESSONS["endgames"], step=step.index)
    reply = run.propose(approach).reply
    assert reply is not None
    game = first_game(step)
    game.play(approach)
    game.play(reply)
    assert game.outcome is None
    game.play(strike)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.termination.value) == ("red", "neither-can-move")
    solved("endgames", step)
