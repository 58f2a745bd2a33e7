"""The coach (issue 33): an accepted move that does not solve the step is answered first with
why it is worse, read from the position (a Bomb struck, a piece revealed, a piece of the
learner's taken by the opponent's reply, through the lane the move opened or not), naming the
piece and the square, in every language; only then how far the goal is. A step without an ``opponent`` defends itself and punishes
once the learner has left its answers, and keeps passing on the answer's own path.
"""

from __future__ import annotations

import pytest

from stratego_widget.engine.moves import Move
from stratego_widget.lessons import Lesson
from stratego_widget.lessons.playing.reasons import reasons
from stratego_widget.lessons.playing.run import Feedback
from stratego_widget.lessons.playing.step import StepState
from stratego_widget.locales import LANGUAGES, PLAYER_NAMES, piece_name

#: One step, no opponent named: the Lieutenant on j2 must reach j5; the other pieces are there
#: to be misused.
STEP = '''
id = "coach-test"
course = "basics"
order = 990
title = {{ en = "Coached", nl = "Coached", fr = "Coached", de = "Coached" }}
ruleset = "original"
covers = ["original"]

[[steps]]
pieces = {{ j2 = "red lieutenant", a1 = "red flag", a10 = "blue flag", {pieces} }}
instruction = {{ en = "Bring your Lieutenant to j5.", nl = "x", fr = "x", de = "x" }}
goal = {{ reach = "j5" }}
par = 3
solution = ["j2-j3", "j3-j4", "j4-j5"]
success = {{ en = "There.", nl = "x", fr = "x", de = "x" }}
cite = "Original: Moving"
quote = "Pieces move one square at a time"
'''


def play(pieces: str, move: str, lang: str = "en") -> Feedback:
    lesson = Lesson.from_text(STEP.format(pieces=pieces))
    return lesson.start(language=lang).propose(move)


def outlook_at(text: str, move: str, lang: str) -> int:
    """Where the sentence about how far the goal is starts (it names the move again, as
    played: ``e4-e5``)."""
    return text.rindex(move.replace("x", "-"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bomb_walked_into_is_said_first_with_the_piece_and_the_square(lang: str) -> None:
    feedback = play('e4 = "red sergeant", e5 = "blue bomb", j10 = "blue scout"', "e4xe5", lang)
    assert feedback.accepted and not feedback.solved and not feedback.failed
    first = feedback.text.split(". ")[0]
    assert piece_name("sergeant", lang) in first and "e5" in first
    assert piece_name("bomb", lang).split()[0][:3].lower() in first.lower()
    assert outlook_at(feedback.text, "e4xe5", lang) > len(first)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_piece_taken_by_the_opponents_reply_is_named_with_its_square(lang: str) -> None:
    """The Scout's long move shows it; Blue's Captain beside it takes what is offered."""
    feedback = play('a2 = "red scout", b6 = "blue captain"', "a2-a6", lang)
    assert feedback.accepted and feedback.reply == "b6xa6"
    taken = next(sentence for sentence in feedback.text.split(". ") if "b6xa6" in sentence)
    assert PLAYER_NAMES[lang]["blue"] in taken
    assert piece_name("captain", lang) in taken and piece_name("scout", lang) in taken
    assert "a6" in taken


def why(pieces: str, move: str, reply: str, lang: str, earlier: tuple[str, ...] = ()
        ) -> tuple[str, ...]:
    """The coach's reasons for ``move`` answered by ``reply`` (played as given, whatever the
    step's opponent would choose), on the step with ``pieces`` added, after the moves
    ``earlier``."""
    step = Lesson.from_text(STEP.format(pieces=pieces)).steps[0]
    before = StepState.start(step)
    for played in earlier:
        before.game.play(played)
    after = before.copy()
    after.game.play(move)
    after.game.play(reply)
    return reasons(step, before, after, Move.parse(move), reply, lang).sentences


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lane_the_move_opened_is_named_with_the_square_it_left(lang: str) -> None:
    """The Sergeant on e4 stood between Blue's Scout and the Spy: stepping aside opens the
    file, and the Scout comes down it and takes the Spy."""
    said = why('e4 = "red sergeant", e2 = "red spy", e10 = "blue scout"', "e4-f4", "e10xe2",
               lang)
    taken = next(sentence for sentence in said if "e10xe2" in sentence)
    assert "e4-f4" in taken and "e4" in taken.replace("e4-f4", "") and "e2" in taken
    assert piece_name("scout", lang) in taken and piece_name("spy", lang) in taken
    # the same capture along a lane the move did not open is said as a piece taken
    said = why('e4 = "red sergeant", e2 = "red spy", a2 = "blue scout"', "e4-f4", "a2xe2", lang)
    taken = next(sentence for sentence in said if "a2xe2" in sentence)
    assert "e4-f4" not in taken and piece_name("spy", lang) in taken


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_repetition_rule_that_bars_the_way_back_is_named(lang: str) -> None:
    """Stratego Original, Moving: "The pieces cannot be moved back and forth between the same
    two squares for more than three consecutive turns." The Sergeant's third move from e4 to
    e5 leaves it no way back, and the coach says which rule."""
    pieces = 'e4 = "red sergeant", a9 = "blue scout"'
    back_and_forth = ("e4-e5", "a9-a8", "e5-e4", "a8-a9")
    said = " ".join(why(pieces, "e4-e5", "a9-a8", lang, back_and_forth))
    rule = {"en": "two-square rule", "nl": "twee-veldenregel", "fr": "règle des deux cases",
            "de": "Zweifelderregel"}[lang]
    assert rule in said and "e4-e5" in said and piece_name("sergeant", lang) in said
    # the first time there is still a way back: no rule to name
    assert not any(rule in sentence for sentence in why(pieces, "e4-e5", "a9-a8", lang))


def silent(ruleset: str) -> str:
    """The coach's step with a Colonel beside an unknown Lieutenant and a Sergeant beside an
    unknown Captain, under ``ruleset``."""
    text = STEP.format(pieces='e4 = "red colonel", e5 = "blue lieutenant", '
                              'a4 = "red sergeant", a5 = "blue captain", j10 = "blue scout"')
    return text.replace('ruleset = "original"', f'ruleset = "{ruleset}"', 1).replace(
        'cite = "Original: Moving"', 'cite = "Original: Moving"\nsource = "original"', 1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rank_a_silent_defence_keeps_hidden_is_never_named(lang: str) -> None:
    """Stratego Onyx, Silent Defense: "The defender does not reveal the rank of his/her piece"
    and "Players keep their own captured pieces." The learner's Colonel takes an unknown
    Lieutenant, and a Sergeant strikes an unknown Captain and loses: neither defender's rank
    may show in the feedback."""
    for move, hidden in (("e4xe5", "lieutenant"), ("a4xa5", "captain")):
        feedback = Lesson.from_text(silent("onyx-2009+silent-defense")).start(
            language=lang).propose(move)
        assert feedback.accepted and not feedback.solved, feedback
        assert piece_name(hidden, lang) not in feedback.text, (move, feedback.text)
        assert move[-2:] in feedback.text


def test_the_originals_public_captures_name_the_piece_a_silent_defender_lost() -> None:
    """Stratego Original keeps captured pieces where "both players can see them", so under its
    Silent Defense the Lieutenant the Colonel took is named; the Captain that won stays
    unknown."""
    lesson = Lesson.from_text(silent("original+silent-defense"))
    assert "Lieutenant (e5)" in lesson.start().propose("e4xe5").text
    assert piece_name("captain") not in lesson.start().propose("a4xa5").text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_piece_revealed_by_the_move_is_named_with_its_square(lang: str) -> None:
    """The Spy strikes the Marshal and wins: now every piece of Blue's knows where it is."""
    feedback = play('a3 = "red spy", a4 = "blue marshal", j10 = "blue scout"', "a3xa4", lang)
    assert feedback.accepted and not feedback.solved
    first = feedback.text.split(". ")[0]
    assert piece_name("spy", lang) in first and "a4" in first
    assert PLAYER_NAMES[lang]["blue"] in first


def test_a_scouts_long_move_is_said_to_give_it_away() -> None:
    feedback = play('a2 = "red scout", j10 = "blue scout"', "a2-a6")
    assert feedback.text.startswith("a2-a6 went more than one square, as only a Scout can: "
                                    "Blue now knows your Scout on a6.")


def test_a_losing_strike_that_loses_the_step_says_why_before_the_losses() -> None:
    lesson = Lesson.from_text(STEP.format(pieces='e4 = "red sergeant", e5 = "blue bomb"')
                              .replace('j2 = "red lieutenant", ', "")
                              .replace('reach = "j5"', 'reach = "e7"')
                              .replace('["j2-j3", "j3-j4", "j4-j5"]',
                                       '["e4-d4", "d4-d5", "d5-d6", "d6-d7", "d7-e7"]')
                              .replace("par = 3", "par = 5"))
    feedback = lesson.start().propose("e4xe5")
    assert feedback.failed
    assert feedback.text.startswith("e4xe5 struck a Bomb on e5: your Sergeant is gone.")


def test_without_an_opponent_the_step_defends_itself_only_off_the_answers_path() -> None:
    pieces = 'e4 = "red sergeant", e8 = "blue captain", j10 = "blue scout"'
    lesson = Lesson.from_text(STEP.format(pieces=pieces))
    run = lesson.start()
    assert run.propose("j2-j3").reply is None        # on the answer's path: Blue passes
    run.retry()
    off = run.propose("e4-f4")                       # off it: Blue answers
    assert off.reply is not None and f"Blue answers {off.reply}" in off.text


def test_the_default_opponent_flees_a_threatened_piece() -> None:
    """Blue's Spy beside an unknown piece of Red's moves away, to a square no piece of Red's
    is beside."""
    feedback = play('e4 = "red sergeant", f5 = "blue spy", j10 = "blue scout"', "e4-e5")
    assert feedback.reply is not None and feedback.reply.startswith("f5-")
    assert feedback.reply != "f5-e5"
    assert feedback.reply[-2:] not in ("e6", "d5", "f5")


@pytest.mark.parametrize(("lesson_id", "step", "move", "reply"),
                         [("ultimate-lightning", 6, "j2-j3", "e7-e5"),
                          ("endgame-marshal-spy", 5, "d4-e4", "g3-f3"),
                          ("endgame-marshal-spy", 5, "f6-e6", "g3-f3")])
def test_a_goal_piece_that_comes_closer_is_not_said_to_get_away(lesson_id: str, step: int,
                                                               move: str, reply: str) -> None:
    """The goal's piece answers the solution's first move by coming closer to the learner's
    pieces: the coach does not say it gets away (in any language)."""
    from stratego_widget.lessons import catalog

    for lang in LANGUAGES:
        run = catalog()[lesson_id].start(language=lang)
        run.goto(step - 1)
        feedback = run.propose(move)
        assert feedback.reply == reply
        assert reply.split("-")[0] not in feedback.text.replace(reply, ""), (lang, feedback.text)
        for words in ("gets away", "ontsnapt", "s'échappe", "entkommt"):
            assert words not in feedback.text, (lang, feedback.text)


def test_a_goal_piece_that_moves_further_away_is_said_to_get_away() -> None:
    """The Scout lesson's Spy answers the Scout's stop short by stepping back, further from
    every piece of Red's: that piece gets away."""
    from stratego_widget.lessons import catalog

    feedback = catalog()["scout"].start(language="en").propose("b2-b5")
    assert feedback.reply == "b7-b8"
    assert "Blue answers b7-b8: the piece on b7, which the goal is about, gets away." \
        in feedback.text
