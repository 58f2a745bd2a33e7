"""Issue 33 in the editions and fast-games courses: the learner decides, the board answers.

The questions turned into boards are played here (the lessons' measures, at most a fifth of
the steps questions, at most a quarter of the move steps with one movable piece, no par-1
instruction naming its answer's square: tests/lessons/test_course_measures.py): the right
piece or way solves the step, the plausible wrong ones are answered by the board (a piece
lost, the step lost, or the rules' refusal).
"""

from __future__ import annotations

import pytest
from statements import LESSONS, in_rulebook, play

from stratego_widget.lessons import LessonRun


@pytest.mark.rulebooks
def test_two_bombs_close_the_duel_corner_to_all_but_the_miner() -> None:
    """Stratego Original, Stratego Duel: "You can therefore position your Flag in a corner
    between two Bombs." The Scout and the General that strike a Bomb are lost."""
    in_rulebook("original", "You can therefore position your Flag in a corner between two "
                "Bombs.")
    for wrong in ("j2xj9", "h10xi10"):
        feedback = play("barrage", 3, [wrong])[0]
        assert feedback.accepted and not feedback.solved and "Miner" in feedback.text
    for line in (["i9xj9", "j9xj10"], ["i9xi10", "i10xj10"]):
        assert play("barrage", 3, line)[-1].solved


@pytest.mark.rulebooks
def test_the_1999_strike_back_is_the_third_move_and_another_piece_takes_the_scout() -> None:
    """Stratego (1999), Rules for Movement: "A piece cannot move back and forth between
    squares in three consecutive turns." """
    in_rulebook("hasbro-1999", "A piece cannot move back and forth between squares in three "
                "consecutive turns.")
    run = LessonRun(LESSONS["hasbro-1999"], step=4, language="en")
    assert [run.propose(move).reply for move in ("e4-e5", "e5-e4")] == ["j9-j8", "e7-e5"]
    refused = run.propose("e4xe5")
    assert not refused.accepted and refused.rule == "two-square"
    assert run.propose("f5xe5").solved


@pytest.mark.rulebooks
def test_the_original_starter_is_stopped_first() -> None:
    """Stratego Original, Moving: "The player who starts this has to be the first to stop".
    Played on the board in the repetition course (two-square step 3, where a question asked
    it), no longer in the lesson on Original."""
    in_rulebook("original", "The player who starts this has to be the first to stop")
    run = LessonRun(LESSONS["two-square"], step=2, language="en")
    replies = [run.propose(move).reply for move in ("e4-e5", "e5-e4", "e4-e5")]
    assert replies == ["e7-e8", "e8-e7", "e7-e8"]
    fourth = run.propose("e5-e4")  # refused: the step's goal; Blue has made three moves
    assert fourth.solved and fourth.rule == "two-square"


@pytest.mark.rulebooks
def test_the_1961_bomb_is_not_lured_out_like_the_marshal() -> None:
    """Stratego (1961), Rules for Strike, rule 10: "The bomb does not move into the empty
    square, but remains in its original position at all times." """
    in_rulebook("classic-1961", "The bomb does not move into the empty square")
    run = LessonRun(LESSONS["classic-1961"], step=6, language="en")
    lost = run.propose("a9xb9")
    assert lost.accepted and not lost.solved
    game = run.game
    assert game is not None
    assert game.piece_at("b9") == ("blue", "bomb") and game.piece_at("a9") is None
    assert play("classic-1961", 7, ["b8xb9", "b9xb10"])[-1].solved


def test_the_duel_count_finds_the_flag_and_the_piece_that_moved_is_the_spy() -> None:
    spy = play("fast-games-checkpoint", 3, ["f2xf6"])[0]
    assert spy.accepted and not spy.solved and "Spy" in spy.text
    assert play("fast-games-checkpoint", 3, ["b2-b9", "b9xe9"])[-1].solved


def test_the_2013_one_is_the_spotter_not_the_marshal_shown_as_one() -> None:
    marshal = play("numbering-editions", 4, ["f4xe4"])[0]
    assert marshal.accepted and not marshal.solved
    assert play("numbering-editions", 4, ["e3!bomb"])[0].solved


def test_a_wrong_spot_shows_the_piece_a_strike_would_die_on() -> None:
    assert play("sci-fi-2013", 3, ["e4xf4"])[0].failed
    assert play("sci-fi-2013", 3, ["f3!colonel"])[0].solved


def test_setup_steps_place_the_duel_pieces_anywhere_in_four_rows() -> None:
    corner = play("duel", 2, ["flag@a1", "bomb@a2", "miner@h2"])
    assert corner[-1].solved
    assert not play("duel", 2, ["flag@e1"])[0].accepted  # no Bomb could close e1
    assert play("fast-games-checkpoint", 6, ["bomb@e4", "miner@a1"])[-1].solved


@pytest.mark.rulebooks
def test_an_original_defender_that_wins_stays_so_the_sergeant_steps_aside() -> None:
    """Stratego Original, Attacking: "If your piece's RANK is LOWER (in number) than your
    opponent's piece, you lose the attack and your piece is captured. Your opponent's piece
    remains in its square." The Sergeant that strikes the Colonel is lost and lures nothing
    out (the 1961 lure of classic-1961 step 4 fails); stepping aside lets the General strike."""
    in_rulebook("original", "you lose the attack and your piece is captured. Your opponent's "
                "piece remains in its square.")
    lost = play("original", 2, ["e5xe6"])[0]
    assert lost.accepted and lost.failed and lost.rule == "lesson-failed"
    assert "stays on its square" in lost.text
    run = LessonRun(LESSONS["original"], step=1, language="en")
    run.propose("e5xe6")
    game = run.game
    assert game is not None
    assert game.piece_at("e6") == ("blue", "colonel") and game.piece_at("e5") is None
    solved = play("original", 2, ["e5-f5", "e4-e5", "e5xe6"])
    assert solved[-1].solved and solved[-1].stars == 3
    assert not play("original", 2, ["e4-f4"])[0].solved


@pytest.mark.rulebooks
def test_an_original_scout_runs_and_strikes_the_flag_in_one_move() -> None:
    """Stratego Original, Special pieces, The Scout: "Scouts can move and attack during the
    same turn, but again, only in a straight line." The Scout with the open row wins at once;
    the one whose row the Lieutenant closes loses to it; the Sergeant needs two moves."""
    in_rulebook("original", "Scouts can move and attack during the same turn, but again, "
                "only in a straight line.")
    won = play("original", 3, ["j7xe7"])[0]
    assert won.solved and won.stars == 3
    lost = play("original", 3, ["a7xd7"])[0]
    assert lost.accepted and not lost.solved and "Lieutenant" in lost.text
    slow = play("original", 3, ["e5-e6"])[0]
    assert slow.accepted and not slow.solved


@pytest.mark.rulebooks
def test_an_original_bomb_stays_after_taking_a_sergeant_so_the_sergeant_goes_round() -> None:
    """Stratego Original, Attacking a Bomb: "When a piece attacks a Bomb, the attacking piece
    loses and is captured. The Bomb remains in its square." The Sergeant that strikes the Bomb
    is lost and the Bomb still closes the way; going round takes the Flag."""
    in_rulebook("original", "When a piece attacks a Bomb, the attacking piece loses and is "
                "captured. The Bomb remains in its square.")
    run = LessonRun(LESSONS["original"], step=3, language="en")
    lost = run.propose("e8xe9")
    assert lost.accepted and lost.failed and "Bomb stays in its square" in lost.text
    game = run.game
    assert game is not None
    assert game.piece_at("e9") == ("blue", "bomb") and game.piece_at("e8") is None
    solved = play("original", 4, ["e8-f8", "f8-f9", "f9-f10", "f10xe10"])
    assert solved[-1].solved and solved[-1].stars == 3
    slow = play("original", 4, ["e7-f7"])[0]
    assert slow.accepted and not slow.solved
