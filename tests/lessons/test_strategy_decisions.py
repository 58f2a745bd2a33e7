"""Issue 33 in the setup and strategy courses: the learner decides, the board answers.

The questions turned into boards are played here (the lessons' measures, at most a fifth of
the steps questions, at most a quarter of the move steps with one movable piece, no par-1
instruction naming its answer's square: tests/lessons/test_course_measures.py): the right
piece or way solves the step, the plausible wrong ones are answered by the board (the
opponent's reply, the step lost and told why).
"""

from __future__ import annotations

import pytest
from statements import LESSONS, in_rulebook, play

from stratego_widget.lessons import LessonRun


def test_the_marshal_takes_the_known_piece_whose_way_passes_no_unknown_piece() -> None:
    """Stratego Original, Game tips, Attacking and defending: "And keep a close eye on the
    Spy." The way to the Captain passes next to the unknown piece that is the Spy."""
    assert all(step.kind == "move" for step in LESSONS["endgame-marshal-spy"].steps)
    for first, strike in (("e4-f4", "f5xf4"), ("e4-e5", "f5xe5")):
        feedback = play("endgame-marshal-spy", 4, [first])[0]
        assert feedback.failed and feedback.reply == strike
    waited = play("endgame-marshal-spy", 4, ["j1-j2"])[0]
    assert not waited.failed and waited.reply == "f5-e5"
    solved = play("endgame-marshal-spy", 4, ["e4-d4", "d4xc4"])
    assert solved[0].reply == "f5-e5" and solved[1].solved and solved[1].stars == 3


def test_without_miners_the_marshal_takes_the_last_piece_that_moves() -> None:
    """Stratego Original, Moving: "If none of your pieces are able to move or attack, the game
    is over and your opponent wins." A Bomb struck costs the Marshal; the Scout loses to the
    Sergeant."""
    bomb = play("endgame-miners", 4, ["i8-i9", "i9xi10"])
    assert bomb[0].reply == "h10-h9" and bomb[1].failed
    scout = play("endgame-miners", 4, ["c9-h9"])[0]
    assert scout.reply == "h10xh9" and not scout.solved
    for line in (["i8-h8", "h8xh9"], ["i8-i9", "i9xh9"]):
        won = play("endgame-miners", 4, line)
        assert won[-1].solved and won[-1].stars == 3


def test_the_scout_pays_for_the_news_not_the_general_or_the_miner() -> None:
    """Stratego (1961), Some Suggestions for Strategy: "Scouts in the front line are useful to
    probe the strength of the opposing pieces." """
    general = play("strategy-scouting", 3, ["e5-e6"])[0]
    assert general.failed and general.reply == "e7xe6"
    assert play("strategy-scouting", 3, ["f7xe7"])[0].failed
    for line in (["a8-a7", "a7xe7"], ["a8-e8", "e8xe7"]):
        probe = play("strategy-scouting", 3, line)
        assert probe[-1].solved and probe[-1].stars == 3


def test_only_the_scout_reaches_the_flag_before_the_general_comes_back() -> None:
    captain = play("strategy-scouting", 2, ["g7-g8"])[0]
    assert not captain.solved and captain.reply is not None
    scout = play("strategy-scouting", 2, ["a1-j1", "j1xj10"])
    assert scout[-1].solved and scout[-1].stars == 3


def test_a_piece_that_runs_from_the_known_major_is_taken_by_a_piece_blue_does_not_know(
        ) -> None:
    major = play("hidden-approach", 3, ["e4-e5"])[0]
    assert major.reply == "f6-f7" and not major.solved
    sergeant = play("hidden-approach", 3, ["e7-e6", "e6xf6"])
    assert not sergeant[-1].solved and "Sergeant lost" in sergeant[-1].text
    captain = play("hidden-approach", 3, ["f4-f5", "f5xf6"])
    assert captain[-1].solved and captain[-1].stars == 3


@pytest.mark.parametrize(("lesson_id", "step", "line"),
                         [("endgames", 3, ["b2-c2", "c2xc3"]),
                          ("endgames", 3, ["b2-b3", "b3xc3"])])
def test_a_sergeant_sent_instead_of_the_general_loses(lesson_id: str, step: int,
                                                       line: list[str]) -> None:
    feedback = play(lesson_id, step, line)
    assert feedback[0].reply is not None and not feedback[-1].solved
    assert "took your Sergeant" in feedback[-1].text


@pytest.mark.rulebooks
def test_endgames_opens_with_the_equal_trade_that_leaves_the_highest_piece() -> None:
    """Stratego Original, Attacking: "If your piece's RANK MATCHES (same in number) the rank of
    your opponent's piece, both pieces are captured." endgames step 1 no longer repeats the
    Marshal and the Spy (endgame-marshal-spy is that progression): the General that strikes
    Blue's known General, once the Colonel has drawn it next to the General, leaves the Colonel
    the highest piece on the board; the Colonel that strikes the General is lost, and a move
    elsewhere leaves the Colonel to Blue's General."""
    in_rulebook("original", "If your piece's RANK MATCHES (same in number) the rank of your "
                "opponent's piece, both pieces are captured.")
    first = LESSONS["endgames"].steps[0]
    assert not {"red spy", "blue spy"} & set(first.pieces.values()) and len(first.pieces) > 8
    solved = play("endgames", 1, ["e5-e4", "f5xe5"])
    assert solved[0].reply == "e6-e5" and solved[1].solved and solved[1].stars == 3
    assert "highest piece" in solved[1].text
    struck = play("endgames", 1, ["e5xe6"])[0]
    assert struck.failed and "took your Colonel" in struck.text
    for move in ("j2-j3", "f5-f6", "f5-f4"):
        lost = play("endgames", 1, [move])[0]
        assert lost.failed and lost.reply == "e6xe5", move


@pytest.mark.rulebooks
def test_the_last_rung_of_the_marshal_and_spy_progression_keeps_the_spy_alive() -> None:
    """Stratego Original, Special pieces, The Spy: "If the Spy is attacked by any other piece,
    it is captured. This means that Scouts can capture the Spy from a great distance!" and
    "When a Spy attacks a Marshal (10), the Marshal is captured and removed from the board.
    However, if the Marshal attacks the Spy first, the Spy is captured". endgame-marshal-spy
    step 5, the hardest of the lesson: Blue's Scout has an open line to the Spy that Blue's
    Marshal is coming to. A Sergeant or a Lieutenant closing the line lets the Spy strike the
    Marshal; any other piece leaves the Spy to the Scout; the Spy that walks along the line or
    next to the Marshal is taken; the Spy that steps aside is safe, but no longer in reach."""
    in_rulebook("original", "This means that Scouts can capture the Spy from a great distance!")
    in_rulebook("original", "However, if the Marshal attacks the Spy first, the Spy is captured "
                "and removed from the board.")
    lesson = LESSONS["endgame-marshal-spy"]
    step = lesson.steps[4]
    assert len(step.pieces) > 8 and step.pieces["e3"] == "red spy" and "e3" not in step.revealed
    for block in ("d4-e4", "f6-e6"):
        solved = play("endgame-marshal-spy", 5, [block, "e3xf3"])
        assert solved[0].reply == "g3-f3" and solved[1].solved and solved[1].stars == 3
    for move, reply in (("c2-c3", "e9xe3"), ("f6-f7", "e9xe3"), ("e3-e4", "e9xe4"),
                        ("e3-f3", "g3xf3")):
        lost = play("endgame-marshal-spy", 5, [move])[0]
        assert lost.accepted and lost.failed and lost.reply == reply, move
        assert "Spy" in lost.text, move
    aside = play("endgame-marshal-spy", 5, ["e3-d3"])[0]
    assert not aside.failed and "out of the Marshal's way" in aside.text
    assert play("endgame-marshal-spy", 5, ["e3-d3", "d3-e3"])[-1].failed


@pytest.mark.rulebooks
def test_the_defended_marshal_rung_takes_the_defender_away_before_the_spy_strikes() -> None:
    """Stratego Original, Special pieces, The Spy: "The stealthy Spy has but one mission:
    destroy the Marshal!" and "The Spy has the lowest rank. If the Spy is attacked by any
    other piece, it is captured." endgame-marshal-spy step 6: Blue's known Sergeant stands
    between the Spy and Blue's Marshal. The Lieutenant that takes the Sergeant is taken by the
    Marshal, which lands next to the Spy, and the Spy strikes first; the Spy that strikes the
    Sergeant loses, and any other move leaves the Spy to the Sergeant."""
    in_rulebook("original", "The stealthy Spy has but one mission: destroy the Marshal!")
    in_rulebook("original", "If the Spy is attacked by any other piece, it is captured.")
    step = LESSONS["endgame-marshal-spy"].steps[5]
    assert len(step.pieces) > 8 and step.pieces["a4"] == "blue sergeant"
    solved = play("endgame-marshal-spy", 6, ["b4xa4", "a3xa4"])
    assert solved[0].reply == "a5xa4" and solved[1].solved and solved[1].stars == 3
    struck = play("endgame-marshal-spy", 6, ["a3xa4"])[0]
    assert struck.accepted and struck.failed and "took your Spy" in struck.text
    for move in ("e3-e4", "b4-c4", "h2-h3"):
        lost = play("endgame-marshal-spy", 6, [move])[0]
        assert lost.accepted and lost.failed and lost.reply == "a4xa3", move
        assert "Sergeant" in lost.text, move
    late = play("endgame-marshal-spy", 6, ["b4xa4", "e3-e4"])[-1]
    assert late.failed and late.reply == "a4xa3"


def test_with_blue_marshal_known_the_general_takes_what_moves_out_of_the_marshal_s_way(
        ) -> None:
    """Stratego Original, Game tips, Attacking and defending: "Once you have identified your
    opponent's Marshal, you can attack any of the pieces he/she moves with your General. That
    is, if you stay out of the Marshal's way of course!" """
    assert LESSONS["strategy-checkpoint"].steps[2].kind == "move"
    major = play("strategy-checkpoint", 3, ["g3xg4"])[0]
    assert not major.solved and "took your Major" in major.text
    beside = play("strategy-checkpoint", 3, ["f3-f4", "f4xf5"])
    assert beside[-1].failed and beside[-1].reply == "e5xf5"
    won = play("strategy-checkpoint", 3, ["f3-f4", "f4xg4"])
    assert won[-1].solved and won[-1].stars == 3


def test_the_miner_goes_to_the_walled_corner_not_the_lone_unmoved_piece() -> None:
    """Stratego Original, Game tips, The setup: "These Bombs could fool your opponent into
    moving in the wrong direction." """
    assert LESSONS["hidden-bombs"].steps[2].kind == "move"
    decoy = play("hidden-bombs", 3, ["c8-d8", "d8-e8", "e8xf8"])
    assert not decoy[-1].solved and "takes your Miner" in decoy[-1].text
    corner = play("hidden-bombs", 3, ["c8-b8", "b8-a8", "a8xa9", "a9xa10"])
    assert corner[-1].solved and corner[-1].stars == 3


def test_the_setup_checkpoint_places_what_it_used_to_ask() -> None:
    """Original, Stratego Duel: "The players each get an extra Bomb and Miner."; 2013, Set Up,
    rule 3: "one piece per square in the first three rows"."""
    duel = LessonRun(LESSONS["setup-checkpoint"], step=3, language="en")
    assert duel.propose("flag@j1").accepted
    assert duel.propose("miner@i1").rule == "lesson-setup"
    assert duel.propose("bomb@i1").accepted and duel.propose("miner@e1").solved
    scifi = LessonRun(LESSONS["setup-checkpoint"], step=5, language="en")
    assert scifi.propose("miner@a4").rule == "setup-area"
    placed = [scifi.propose(action) for action in ("miner@a2", "spotter@d3", "captain@h3")]
    assert placed[-1].solved


def test_a_spy_beside_blue_s_only_bomb_is_lost_on_it() -> None:
    spy = play("first-barrage", 3, ["h10xi10"])[0]
    assert not spy.solved and "your Spy is gone" in spy.text
    general = play("first-barrage", 3, ["i8-j8", "j8-j9", "j9xj10"])
    assert general[-1].solved and general[-1].stars == 3


@pytest.mark.rulebooks
def test_the_strategy_checkpoint_stops_the_last_miner_before_it_digs_through() -> None:
    """Stratego Original, Game tips, Attacking and defending: "Without Miners, your opponent
    will have great difficulty removing your Bombs and finding your Flag." strategy-checkpoint
    step 4 tests strategy-flag's Miner hunt instead of repeating the Marshal and the Spy: the
    Lieutenant or the Sergeant that steps next to the Miner's next square takes it; the Scout
    that strikes it from afar loses, and a move elsewhere lets it defuse the Bomb."""
    in_rulebook("original", "Without Miners, your opponent will have great difficulty removing "
                "your Bombs and finding your Flag.")
    step = LESSONS["strategy-checkpoint"].steps[3]
    assert not {"red spy", "blue spy"} & set(step.pieces.values()) and len(step.pieces) > 8
    for line in (["g3-f3", "f3xe3"], ["c3-d3", "d3xe3"]):
        solved = play("strategy-checkpoint", 4, line)
        assert solved[0].reply == "e4-e3" and solved[1].solved and solved[1].stars == 3
    scout = play("strategy-checkpoint", 4, ["a4xe4"])[0]
    assert scout.accepted and "took your Scout" in scout.text
    for move in ("j5-j6", "g3-g4"):
        lost = play("strategy-checkpoint", 4, [move, "j5-j4" if move == "g3-g4" else "j6-j7"])
        assert lost[-1].failed and lost[-1].reply == "e3xe2", move


@pytest.mark.rulebooks
def test_in_barrage_the_miner_strikes_the_two_pieces_that_never_moved() -> None:
    """Stratego Original, Special pieces, The Miner: "The Miner is the only piece that can
    attack and defuse a Bomb!"; Stratego Barrage gives each player one Bomb. first-barrage step
    2 no longer repeats the Marshal walking up to the waiting Spy: the two Blue pieces that
    never moved are the Bomb and the Flag, the Miner takes either safely, and the General that
    strikes the Bomb is lost."""
    in_rulebook("original", "The Miner is the only piece that can attack and defuse a Bomb!")
    in_rulebook("original", "1x Spy (1)\t1x Bomb\t1x Flag")
    step = LESSONS["first-barrage"].steps[1]
    assert "blue spy" not in step.pieces.values() and len(step.pieces) > 8
    assert sorted(step.pieces[sq] for sq in ("f10", "g10")) == ["blue bomb", "blue flag"]
    assert not {"f10", "g10"} & (set(step.revealed) | set(step.moved))
    for line in (["f9xf10", "f10xg10"], ["f9-g9", "g9xg10"]):
        assert play("first-barrage", 2, line)[-1].solved, line
    general = play("first-barrage", 2, ["e10xf10"])[0]
    assert general.failed and "struck a Bomb" in general.text
