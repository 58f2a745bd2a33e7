"""Random and out-of-turn messages thrown at every state of a board's session and of a lesson.

Whatever arrives (well-formed or not, in turn or not), the session never raises; a refusal
changes nothing but the message it shows; an accepted proposal leaves a view that is JSON and
shows the viewer no rank it may not see.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget.lessons.board.session import LessonSession
from stratego_widget.widget.protocol import LESSON_MESSAGES, MESSAGES
from stratego_widget.widget.session import BoardSession

SQUARES = [f"{file}{rank}" for file in "abcdefghij" for rank in range(1, 11)]
KINDS = ["marshal", "general", "colonel", "major", "captain", "lieutenant", "sergeant",
         "miner", "scout", "spy", "bomb", "flag"]


def field_values() -> st.SearchStrategy[Any]:
    """Mostly sensible values (a square, a piece, a small index), some junk."""
    return st.one_of(
        st.sampled_from(SQUARES), st.sampled_from(KINDS), st.integers(-2, 12),
        st.none(), st.booleans(), st.text(max_size=6), st.lists(st.integers(), max_size=2))


@st.composite
def messages(draw: st.DrawFn) -> Any:
    kinds = sorted({*MESSAGES, *LESSON_MESSAGES})
    kind = draw(st.one_of(st.sampled_from(kinds), st.just("lesson_what"), st.none(),
                          st.integers(), st.lists(st.integers(), max_size=1)))
    fields = {**MESSAGES, **LESSON_MESSAGES}.get(kind, {}) if isinstance(kind, str) else {}
    message: dict[Any, Any] = {"type": kind}
    for name in fields:
        if draw(st.integers(0, 9)):  # now and then a field is missing
            message[name] = draw(field_values())
    if not draw(st.integers(0, 9)):
        message[draw(st.sampled_from(["x", "from", "index", "step"]))] = draw(field_values())
    if not draw(st.integers(0, 19)):
        return draw(st.one_of(st.none(), st.integers(), st.text(max_size=4)))
    return message


def rescue_game() -> sw.Game:
    return sw.Game.from_pieces("original+rescue", {
        "e9": "red major", "a1": "red flag", "j10": "blue flag", "a10": "blue scout"},
        captured={"red": ["general"]})


def over_game() -> sw.Game:
    game = sw.Game.random("duel", seed=5)
    game.resign("blue")
    return game


def replaying() -> BoardSession:
    session = BoardSession(sw.Game.random("duel", seed=6), viewer="both")
    for _ in range(3):
        session.play(session.game.legal_moves()[0])
    session.handle({"type": "replay", "index": 1})
    return session


def rescuing() -> BoardSession:
    session = BoardSession(rescue_game())
    session.handle({"type": "move", "from": "e9", "to": "e10"})
    assert session.view()["pending"] is not None
    return session


def handing_over() -> BoardSession:
    session = BoardSession(ruleset="duel", viewer="hotseat", seed=2)
    session.handle({"type": "random_setup"})
    session.handle({"type": "ready"})
    assert session.phase == "handover"
    return session


BOARDS: dict[str, Callable[[], BoardSession]] = {
    "setup": lambda: BoardSession(ruleset="duel", viewer="red", opponent="random", seed=1),
    "setup-referee": lambda: BoardSession(ruleset="barrage", viewer="both", seed=1),
    "handover": handing_over,
    "play-vs-bot": lambda: BoardSession(sw.Game.random("duel", seed=3), opponent="random",
                                        seed=3),
    "play-out-of-turn": lambda: BoardSession(sw.Game.random("duel", seed=3), viewer="blue"),
    "play-referee": lambda: BoardSession(sw.Game.random("original", seed=4), viewer="both"),
    "rescue-pending": rescuing,
    "replay": replaying,
    "over": lambda: BoardSession(over_game(), viewer="red"),
}


def snapshot(session: BoardSession) -> str:
    """Everything the session shows or holds, but the message and the serial."""
    view = dict(session.view())
    view.pop("serial")
    view.pop("message")
    game = session.current_game
    held = None if game is None else (game.position(), len(game.history), str(game.outcome))
    return json.dumps([view, held, session.mode, session.rules.spec], sort_keys=True,
                      default=str)


def hidden_ranks_stay_hidden(session: BoardSession) -> None:
    view = session.view()
    json.dumps(view)  # the view is JSON, whatever happened
    game, viewer = session.current_game, view["viewer"]
    if game is None or viewer not in ("red", "blue") or view["revealed"]:
        return
    observation = game.observation(viewer, history=False)["board"] \
        if view["replay"] is None or view["replay"]["index"] == view["replay"]["length"] \
        else None
    for square, code in view["pieces"].items():
        if code[0] != viewer[0] and observation is not None:
            seen = observation[square]["kind"]
            assert (code[1] == "?") == (seen is None), (square, code, seen)


@pytest.mark.parametrize("state", sorted(BOARDS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(messages(), min_size=1, max_size=4))
def test_any_message_in_any_board_state(state: str, batch: list[Any]) -> None:
    session = BOARDS[state]()
    for message in batch:
        before = snapshot(session)
        error = session.handle(message)
        if error is not None:
            assert snapshot(session) == before, message
            shown = session.view()["message"]
            assert shown is not None and shown["rule"] == error.rule
            assert len(shown["text"]) <= 400 and "\n" not in shown["text"]
        hidden_ranks_stay_hidden(session)


LESSONS: dict[str, Callable[[], LessonSession]] = {
    "question": lambda: LessonSession("spy"),
    "setup": lambda: LessonSession("setup-flag"),
    "move": lambda: LessonSession("scout"),
    "rescue": lambda: LessonSession("rescue"),
    "finished": lambda: finished_lesson(),
}


def finished_lesson() -> LessonSession:
    session = LessonSession("scout")
    steps = len(session.run.lesson.steps)
    session.handle({"type": "lesson_goto", "step": steps - 1})
    for action in session.run.lesson.steps[-1].solution:
        session.propose(action)
    assert session.run.finished
    return session


def lesson_snapshot(session: LessonSession) -> str:
    state = dict(session.state())
    state.pop("feedback")
    return snapshot(session.board) + json.dumps(state, sort_keys=True, default=str)


@pytest.mark.parametrize("state", sorted(LESSONS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(messages(), min_size=1, max_size=3))
def test_any_message_in_any_lesson_state(state: str, batch: list[Any]) -> None:
    session = LESSONS[state]()
    for message in batch:
        before = lesson_snapshot(session)
        refusals = session.run.refusals
        session.handle(message)
        feedback = session.state()["feedback"]
        panel_refused = feedback is not None and not feedback["accepted"] \
            and session.run.refusals != refusals
        if session.board.message is not None or panel_refused:
            assert lesson_snapshot(session) == before, message
        json.dumps(session.state())
        hidden_ranks_stay_hidden(session.board)


def test_a_refused_lesson_move_is_explained_in_the_panel_not_on_the_board() -> None:
    session = LessonSession("scout")
    session.handle({"type": "move", "from": "b2", "to": "c3"})
    feedback = session.state()["feedback"]
    assert feedback is not None and feedback["rule"] == "diagonal"
    assert session.board.message is None
