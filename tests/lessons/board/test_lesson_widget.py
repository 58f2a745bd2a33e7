"""The lesson board: lessons played through the widget's browser messages, as clicks send them."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from project import PROJECT

import stratego_widget as sw
from stratego_widget.lessons import LessonRun, LessonWidget, catalog
from stratego_widget.widget.protocol import LESSON_MESSAGES
from stratego_widget.widget.replay import frame_views

LESSONS = catalog()


def messages_for(kind: str, action: str, game: sw.Game | None = None) -> list[dict[str, Any]]:
    """What the browser sends for one solution action of a step (empty: a board cannot send
    it, such as a rescue the rules refuse, which a learner writes in Python)."""
    if kind == "question":
        return [{"type": "lesson_answer", "choice": action}]
    if kind == "setup":
        piece, _, square = action.partition("@")
        return [{"type": "lesson_place", "kind": piece, "square": square}]
    move = sw.Move.parse(action)
    if move.guess is not None:
        return [{"type": "spot", "from": move.origin, "to": move.target, "guess": move.guess}]
    sent: list[dict[str, Any]] = [{"type": "move", "from": move.origin, "to": move.target}]
    offered = game is not None and any(m.rescue is not None and m.origin == move.origin
                                       and m.target == move.target for m in game.legal_moves())
    if move.rescue is None and offered:
        sent.append({"type": "rescue", "kind": None})  # the rescue dialog's "decline"
    if move.rescue is not None:
        if game is not None and not any(m.rescue is not None and m.origin == move.origin
                                        and m.target == move.target for m in game.legal_moves()):
            return []
        sent.append({"type": "rescue", "kind": move.rescue[0], "square": move.rescue[1]})
    return sent


def hidden_ranks_hold(w: LessonWidget) -> None:
    """Every enemy piece the learner has not seen is sent as unknown."""
    learner = w.view["viewer"]
    assert learner in ("red", "blue")
    obs = w.game.observation(learner)
    for square, code in w.view["pieces"].items():
        if code[0] != learner[0]:
            known = obs["board"][square]["kind"] is not None
            assert code[1] == "?" or known, (square, code)


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_every_lesson_is_solved_by_clicks_with_three_stars(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    w = LessonWidget(lesson)
    for index, step in enumerate(lesson.steps):
        if index:  # the solved step stays on the board until Next (issue 22)
            assert w.lesson["state"] == "solved" and w.lesson["panel"]["step"] == index - 1
            assert w.view["can_act"] is False
            w.handle({"type": "lesson_next"})
        assert w.lesson["panel"]["step"] == index
        assert w.lesson["state"] == "playing"
        hidden_ranks_hold(w)
        assert w.view["can_act"] == (step.kind == "move")
        for action in step.solution:
            sent = messages_for(step.kind, action, w.run.game)
            for message in sent:
                w.handle(message)
                assert w.view["message"] is None, (index, action, w.view["message"])
            if not sent:
                w.propose(action)
            assert w.lesson["feedback"]["accepted"], (index, action, w.lesson["feedback"])
        assert w.lesson["feedback"]["solved"]
        assert w.lesson["feedback"]["stars"] == 3
    assert w.run.finished
    assert w.lesson["state"] == "finished"
    assert w.lesson["panel"]["finished"]
    assert w.run.stars == [3] * len(lesson.steps)
    assert w.view["can_act"] is False


def test_a_refused_move_is_explained_and_changes_nothing() -> None:
    w = LessonWidget("scout")
    view, position = copy.deepcopy(w.view), w.game.position()
    w.handle({"type": "move", "from": "b2", "to": "c3"})
    feedback = w.lesson["feedback"]
    assert (feedback["accepted"], feedback["rule"], feedback["square"]) == (False, "diagonal", "c3")
    assert "Scouts go far" in feedback["text"]
    assert w.lesson["state"] == "playing"
    assert w.game.position() == position
    assert w.view["pieces"] == view["pieces"]
    assert w.view["message"] is None  # the lesson panel explains it, not the board's status
    assert w.run.refusals == 1
    # A move the engine allows but the step does not accept is refused the same way.
    w.handle({"type": "move", "from": "b2", "to": "b9"})
    assert w.lesson["feedback"]["rule"] == "jump"
    assert w.game.position() == position


def test_python_play_raises_for_a_refused_move() -> None:
    w = LessonWidget("scout")
    with pytest.raises(sw.IllegalMoveError) as error:
        w.play("b2-c3")
    assert error.value.rule == "diagonal"
    assert w.propose("b2-b7").solved
    assert w.lesson["panel"]["step"] == 0 and w.lesson["state"] == "solved"
    w.handle({"type": "lesson_next"})
    assert w.lesson["panel"]["step"] == 1 and w.lesson["state"] == "playing"


def test_hint_retry_next_and_goto() -> None:
    w = LessonWidget("scout")
    hints = []
    for _ in range(4):
        w.handle({"type": "lesson_hint"})
        hints.append(w.lesson["feedback"]["text"])
        assert w.lesson["feedback"]["kind"] == "hint"
    assert hints[1:] == ["Use the Scout on b2.", "Take it to b7.", "Play b2-b7."]
    assert w.lesson["panel"]["hints"] == 4
    w.handle({"type": "move", "from": "b2", "to": "b7"})
    assert w.lesson["feedback"]["stars"] == 1  # the move was shown
    w.handle({"type": "lesson_next"})  # the solved step stays until Next
    # Step 2: play one move, then retry puts the step's position back.
    start = w.game.position()
    first = w.run.step.solution[0]
    for message in messages_for("move", first):
        w.handle(message)
    assert w.game.position() != start
    w.handle({"type": "lesson_retry"})
    assert w.game.position() == start and w.run.state.actions == 0
    assert w.lesson["feedback"] is None
    w.handle({"type": "lesson_next"})
    assert w.lesson["panel"]["step"] == 2 and w.run.stars[1] == 0
    w.handle({"type": "lesson_goto", "step": 0})
    assert w.lesson["panel"]["step"] == 0
    w.handle({"type": "new_game"})  # the board's New game starts the step again
    assert w.lesson["panel"]["step"] == 0 and w.view["message"] is None


def test_next_to_the_end_then_the_next_lesson_and_retry_starts_again() -> None:
    w = LessonWidget("spy")
    for _ in range(len(w.run.lesson.steps)):
        w.handle({"type": "lesson_next"})
    assert w.lesson["state"] == "finished" and w.view["can_act"] is False
    following = w.lesson_session.next_lesson()
    assert following is not None and w.lesson["next_lesson"] == following.title.get("en")
    w.handle({"type": "lesson_next"})             # the next lesson of the course
    assert w.run.lesson is following and w.lesson["state"] == "playing"
    last = list(catalog().values())[-1]
    w.lesson_session.open(last, step=len(last.steps) - 1)
    w.handle({"type": "lesson_next"})
    assert w.lesson["state"] == "finished" and w.lesson["next_lesson"] is None
    w.handle({"type": "lesson_next"})             # nothing after the last lesson
    assert w.view["message"]["rule"] == "game-over"
    w.handle({"type": "lesson_retry"})
    assert w.lesson["panel"]["step"] == 0 and w.lesson["state"] == "playing"


def test_questions_and_setups_through_their_messages() -> None:
    w = LessonWidget("spy")
    assert w.view["phase"] == "play" and w.view["result"] is None  # not a finished game
    w.handle({"type": "lesson_answer", "choice": "spy"})
    assert w.lesson["feedback"]["rule"] == "lesson-answer"
    assert w.run.step_index == 0
    w.handle({"type": "lesson_answer", "choice": "marshal"})
    assert w.lesson["feedback"]["solved"] and w.run.step_index == 1
    # An answer to a move step is a protocol error: nothing changes.
    before = copy.deepcopy(w.lesson)
    w.handle({"type": "lesson_answer", "choice": "marshal"})
    assert w.view["message"]["rule"] == "protocol-type"
    assert w.lesson == before

    s = LessonWidget("setup-flag")
    step = s.run.step
    assert step.kind == "setup" and s.lesson["panel"]["tray"] == list(step.tray)
    s.handle({"type": "lesson_place", "kind": "flag", "square": "e5"})  # outside the area
    assert s.lesson["feedback"]["rule"] == "setup-area"
    assert s.lesson["feedback"]["square"] == "e5"
    s.handle({"type": "lesson_place", "kind": "flag", "square": step.solution[0].split("@")[1]})
    assert s.lesson["feedback"]["solved"] and s.run.step_index == 1


@pytest.mark.parametrize("message", [
    {"type": "lesson_goto"},
    {"type": "lesson_goto", "step": 99},
    {"type": "lesson_goto", "step": -1},
    {"type": "lesson_goto", "step": True},
    {"type": "lesson_goto", "step": "1"},
    {"type": "lesson_hint", "x": 1},
    {"type": "lesson_answer", "choice": "x" * 10_000},
    {"type": "lesson_answer", "choice": 5},
    {"type": "lesson_place", "kind": "dragon", "square": "a1"},
    {"type": "lesson_place", "kind": "flag", "square": "z99"},
    {"type": "lesson_place", "kind": "flag"},
    {"type": "lesson_what"},
    {"type": "resign"},
    {"type": "new_game", "x": 1},
    {"type": []},  # not a message type at all: refused like the board refuses it
    {"type": {}},
    {"type": 3},
    {"type": None},
])
def test_refused_messages_change_nothing_but_the_message(message: dict[str, Any]) -> None:
    w = LessonWidget("setup-flag")
    lesson, view = copy.deepcopy(w.lesson), copy.deepcopy(w.view)
    w.handle(message)
    assert w.lesson == lesson
    assert w.view["message"]["level"] == "error"
    assert len(w.view["message"]["text"]) <= 400
    for key in ("pieces", "can_act", "phase", "targets"):
        assert w.view[key] == view[key]


def test_every_lesson_message_has_a_handler() -> None:
    from stratego_widget.lessons.board.course import COURSE_MESSAGES
    handled = LessonWidget("scout").lesson_session.message_types | set(COURSE_MESSAGES)
    assert handled == set(LESSON_MESSAGES)


def test_no_hidden_rank_is_synced() -> None:
    """Twins differing only in a hidden enemy rank send the same state."""
    text = """
id = "hidden"
title = "Hidden"
ruleset = "original"
covers = ["original"]
[[steps]]
pieces = { e4 = "red marshal", e6 = "blue RANK", a1 = "red flag", j10 = "blue flag" }
instruction = "Strike e6."
goal = { capture = "e6" }
par = 2
solution = ["e4-e5", "e5-e6"]
success = "Done."
cite = "Original: Moving"
quote = "x"
"""
    states = []
    for rank in ("sergeant", "captain"):
        lesson = sw.lessons.Lesson.from_text(text.replace("RANK", rank), languages=("en",))
        w = LessonWidget(lesson)
        assert w.view["pieces"]["e6"] == "b?"
        w.handle({"type": "move", "from": "e4", "to": "e5"})
        states.append(json.dumps([w.view, w.lesson], sort_keys=True))
        assert rank not in states[-1]
    assert states[0] == states[1]


def test_a_solved_lesson_is_not_revealed() -> None:
    """The last step's final position stays as the learner sees it, with no result banner."""
    w = LessonWidget("endgames")
    for step in w.run.lesson.steps:
        for action in step.solution:
            w.propose(action)
    assert w.run.finished
    assert w.view["revealed"] is False and w.view["result"] is None
    hidden_ranks_hold(w)


def test_a_kept_replay_that_holds_the_instruction_follows_the_language() -> None:
    """A question's board is a finished game, so the board keeps its replay, whose ``next``
    line is the step's instruction: a text in one language, written again for another."""
    lesson, index = next((lesson.id, step.index) for lesson in catalog().values()
                         for step in lesson.steps
                         if step.kind == "question" and step.game().is_over)
    w = LessonWidget(lesson)
    w.handle({"type": "lesson_goto", "step": index})
    assert w.replay_frames
    for lang in ("nl", "de"):
        w.lang = lang
        last = frame_views(w.replay_frames, lang)[-1]
        assert last["next"]["text"] == w.lesson["panel"]["instruction"] == w.view["next"]["text"]
    kept = w.replay_frames
    w.handle({"type": "lesson_hint"})  # a change that is not a new language keeps the replay
    assert w.replay_frames is kept


def test_a_language_switch_says_the_refusal_again() -> None:
    w = LessonWidget("scout")
    w.handle({"type": "move", "from": "b2", "to": "c3"})
    english = w.lesson["feedback"]["text"]
    w.lang = "nl"
    assert w.lesson["panel"]["language"] == "nl"
    assert w.lesson["feedback"]["text"] != english
    assert w.lesson["feedback"]["rule"] == "diagonal" and w.run.refusals == 1
    assert w.lesson["panel"]["instruction"].startswith("Je Verkenner")


def test_a_run_and_a_step_to_start_at() -> None:
    run = LESSONS["scout"].start("fr")
    w = LessonWidget(run, lang="de", step=0)
    assert w.run is run and run.language == "de"
    assert LessonWidget("scout", step=2).lesson["panel"]["step"] == 2
    with pytest.raises(sw.StrategoError):
        LessonWidget("no-such-lesson")
    assert isinstance(w.run, LessonRun)


def test_a_steps_ruleset_and_numbering_reach_the_board() -> None:
    w = LessonWidget("numbering")
    w.handle({"type": "lesson_goto", "step": 2})  # a 1961 step: 1 = Marshal
    assert w.rules["spec"] == "classic-1961"
    assert w.numbering == "marshal-low" and w.rules["labels"]["marshal"] == "1"
    w2 = LessonWidget("setup-2013")
    assert (w2.rules["width"], w2.rules["height"]) == (10, 8)


def test_the_panels_fixtures_are_current() -> None:
    """The lesson panel's tests read states this widget wrote (the ``lesson`` trait and the
    rules must be what Python sends now; the board's own view is the board's tests' business)."""
    import importlib.util

    folder = PROJECT / "js" / "__tests__"
    spec = importlib.util.spec_from_file_location("make_lesson_fixtures",
                                                  folder / "make_lesson_fixtures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, widget in module.fixtures().items():
        saved = json.loads((folder / "lesson_fixtures" / f"{name}.json").read_text("utf-8"))
        now = module.state_of(widget)
        for key in ("lesson", "rules", "lang", "numbering"):
            assert saved[key] == now[key], (
                f"{name}: {key} changed: run python js/__tests__/make_lesson_fixtures.py")


def test_on_solved_is_called_for_each_solved_step_and_a_failing_callback_is_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    w = LessonWidget("scout")
    seen: list[tuple[int, int]] = []
    w.on_solved(lambda feedback, run: seen.append((run.step_index, feedback.stars)))
    w.on_solved(lambda feedback, run: 1 / 0)
    w.handle({"type": "move", "from": "b2", "to": "c3"})  # refused: not solved
    w.handle({"type": "move", "from": "b2", "to": "b7"})
    assert seen == [(1, 2)]  # the refused move cost a star (issue 22)
    assert "callback" in caplog.text
    assert w.lesson["panel"]["step"] == 0 and w.view["message"] is None  # kept until Next


def test_a_finished_lesson_says_so_not_whose_move_it_is() -> None:
    """Issue 21: the status line of a finished lesson said "Blue to move"."""
    from stratego_widget.locales import next_sentence

    for lang in ("en", "nl", "fr", "de"):
        w = LessonWidget("scout", lang=lang)
        w.handle({"type": "lesson_goto", "step": len(w.run.lesson.steps) - 1})
        for action in w.run.lesson.steps[-1].solution:
            w.propose(action)
        assert w.lesson["state"] == "finished"
        assert w.view["next"] == {"id": "lesson",
                                  "text": next_sentence("lessonDone", "red", lang)}
        assert w.view["can_act"] is False


def test_a_lost_step_stays_on_the_board_told_until_retry() -> None:
    """Issue 22: a failed step reset at once; the learner never saw what lost it."""
    w = LessonWidget("numbering-editions")
    w.handle({"type": "move", "from": "e4", "to": "e5"})  # the 2 strikes the 1: lost
    feedback = w.lesson["feedback"]
    assert feedback["failed"] and w.lesson["state"] == "lost"
    assert feedback["text"].startswith("e4-e5 struck a piece that beats it: the Marshal on e5 "
                                       "took your General. Red lost: General (e5).")
    assert w.view["pieces"].get("e4", "").startswith("b")  # Onyx: the defender moved in
    assert w.view["can_act"] is False and w.view["next"]["text"].startswith("This try is lost")
    w.handle({"type": "move", "from": "f4", "to": "f5"})
    assert w.game.piece_at("e4") == ("blue", "marshal")  # nothing more is taken
    w.handle({"type": "lesson_retry"})
    assert w.lesson["state"] == "playing" and w.game.piece_at("e4") == ("red", "general")
    assert w.view["can_act"] is True


def test_a_solved_step_stays_on_the_board_until_next() -> None:
    """Issue 22: 150 ms after the capture that solved a step, the next position replaced it."""
    w = LessonWidget("scout")
    w.handle({"type": "move", "from": "b2", "to": "b7"})
    solved = w.game.position()
    assert w.lesson["state"] == "solved" and w.lesson["panel"]["step"] == 0
    assert w.view["pieces"]["b7"].startswith("r")  # the Scout where it struck
    assert w.view["can_act"] is False
    assert w.view["next"]["text"].startswith("Solved: press Next step")
    w.handle({"type": "move", "from": "b7", "to": "b6"})  # nothing more on a solved step
    assert w.game.position() == solved
    w.handle({"type": "lesson_hint"})
    assert w.view["message"]["rule"] == "lesson-solved"
    w.handle({"type": "lesson_retry"})  # Retry plays the solved step again
    assert w.lesson["panel"]["step"] == 0 and w.lesson["state"] == "playing"
    w.handle({"type": "move", "from": "b2", "to": "b7"})
    w.lang = "de"  # the kept panel follows the language
    assert w.lesson["panel"]["instruction"] == w.run.lesson.steps[0].instruction.get("de")
    w.handle({"type": "lesson_next"})
    assert w.lesson["panel"]["step"] == 1 and w.view["can_act"] is True
