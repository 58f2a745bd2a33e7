"""Issue 33 in two-square, moving-flag and the options and repetition checkpoints: the
questions turned into boards are played here (the lessons' measures:
tests/lessons/test_course_measures.py)."""

from __future__ import annotations

from statements import play


def test_original_allows_the_third_move_and_refuses_the_fourth() -> None:
    third = play("repetition-checkpoint", 1, ["e4-e5", "e5-e4", "e4xe5"])
    assert third[-1].solved and third[-1].rule is None
    assert play("repetition-checkpoint", 1, ["e4-e5", "e5-e4", "f5xe5"])[-1].failed
    fourth = play("repetition-checkpoint", 5, ["e4-e5", "e5-e4", "e4-e5", "e5xe4", "e3xe4"])
    assert fourth[3].rule == "two-square" and fourth[4].solved


def test_the_scout_may_not_strike_back_inside_its_stretch() -> None:
    feedback = play("two-square", 4, ["a2-a5", "a5-a2", "a2-a5", "a5xa3"])
    assert feedback[-1].rule == "two-square" and feedback[-1].solved


def test_onyx_silent_defense_shows_the_rank_only_to_a_scout() -> None:
    assert play("options-checkpoint", 3, ["f7xe7"])[-1].failed
    assert play("options-checkpoint", 3, ["a7-d7", "d7xe7"])[-1].solved


def test_a_moved_piece_may_be_a_bomb() -> None:
    assert play("options-checkpoint", 7, ["e4xf4"])[-1].failed
    assert play("options-checkpoint", 7, ["b4xc4"])[-1].failed
    assert play("options-checkpoint", 7, ["e4-d4", "d4xc4"])[-1].solved
