"""The editor's draft as a value (issue 32): every edit of
:mod:`stratego_widget.lessons.editor.draft` (and recording) returns a new draft, never changes
the draft it is given, and gives the same answer, draft or refusal, for the same input."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import LessonError
from stratego_widget.lessons.editor import draft as drafts
from stratego_widget.lessons.editor import recording
from stratego_widget.lessons.editor.session import HANDLERS, EditorSession
from stratego_widget.widget.protocol import PROTOCOL

SQUARES = st.sampled_from(["a1", "b2", "b7", "c5", "e4", "j9", "k1", 7])
TEXTS = st.sampled_from(["", "1", "3", 'capture = "b7"', "{", "Go.", "x\ny", "\ud800", "e"])

EDITS = st.one_of(
    st.tuples(st.just(drafts.place), SQUARES, st.sampled_from(["red", "blue", "green"]),
              st.sampled_from(["scout", "spy", "flag", "dragon"])),
    st.tuples(st.just(drafts.remove), SQUARES),
    st.tuples(st.just(drafts.mark), SQUARES, st.sampled_from(["revealed", "moved", "odd"])),
    st.tuples(st.just(drafts.set_to_move), st.sampled_from(["red", "blue", None])),
    st.tuples(st.just(drafts.set_ruleset), st.sampled_from(["barrage", "duel", "original", "x"])),
    st.tuples(st.just(drafts.set_field),
              st.sampled_from(["goal", "par", "hint", "instruction", "cite", "nope"]), TEXTS),
    st.tuples(st.just(drafts.set_feedback), st.sampled_from(["diagonal", "", "b2-b7"]), TEXTS),
    st.tuples(st.just(drafts.add_step)), st.tuples(st.just(drafts.remove_step)),
    st.tuples(st.just(drafts.set_solution), st.lists(st.sampled_from(["b2-b7", "pass"]),
                                                       max_size=3), st.booleans()),
)
LESSON_EDITS = st.tuples(st.just(drafts.set_lesson), st.sampled_from(["id", "title", "x"]),
                         st.sampled_from(["spy-hunt", "course", "", "A title", "a b"]))


def outcome(edit: Callable[..., Any], draft: dict[str, Any], args: tuple[Any, ...]) -> Any:
    """What an edit gives: the new draft, or the refusal's rule and message."""
    try:
        return edit(draft, *args)
    except LessonError as error:
        return ("refused", error.rule, str(error))


def apply(draft: dict[str, Any], index: int, action: tuple[Any, ...]) -> Any:
    edit, *args = action
    if edit is drafts.set_lesson:
        return outcome(edit, draft, tuple(args))
    if edit is drafts.set_solution:
        return outcome(lambda d, *a: edit(d, *a[:2], whole=a[2]), draft, (index, *args))
    return outcome(edit, draft, (index, *args))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(EDITS, LESSON_EDITS), min_size=1, max_size=8), st.data())
def test_an_edit_never_changes_its_draft_and_gives_the_same_answer_twice(
        actions: list[tuple[Any, ...]], data: st.DataObject) -> None:
    draft = drafts.new_draft()
    for action in actions:
        index = data.draw(st.integers(0, len(draft["steps"]) - 1))
        before = copy.deepcopy(draft)
        first = apply(draft, index, action)
        assert draft == before  # the input is never changed, accepted or refused
        second = apply(draft, index, action)
        assert first == second  # deterministic
        if isinstance(first, dict):
            assert first is not draft and first == second and first is not second
            draft = first


def test_an_edit_shares_no_table_with_the_draft_it_came_from() -> None:
    draft = drafts.new_draft()
    placed = drafts.place(draft, 0, "b2", "red", "scout")
    placed["steps"][0]["pieces"]["e4"] = "blue spy"
    placed["steps"][0]["solution"].append("b2-b3")
    assert draft == drafts.new_draft()


def test_recording_changes_neither_the_draft_nor_the_state_it_is_given() -> None:
    draft = drafts.place(drafts.place(drafts.new_draft(), 0, "b2", "red", "scout"),
                         0, "b7", "blue", "spy")
    draft = drafts.set_field(draft, 0, "goal", 'capture = "b7"')
    started, state = recording.start(draft, 0)
    kept, position = copy.deepcopy(started), state.game.position()
    one, after = recording.play(started, 0, state, "b2-b3")
    assert started == kept and state.game.position() == position and state.played == []
    assert one["steps"][0]["solution"] == ["b2-b3"] and after is not None
    again, _ = recording.play(started, 0, state, "b2-b3")
    assert again == one
    solved, done = recording.play(started, 0, state, "b2-b7")
    assert done is None and solved["steps"][0]["solution"] == ["b2-b7"]
    assert started == kept


def test_the_session_carries_out_every_message_through_its_one_table() -> None:
    messages = PROTOCOL["editor_messages"]
    assert set(HANDLERS) == set(messages)
    for kind, (action, fields) in HANDLERS.items():
        assert set(fields) == set(messages[kind]), kind
        assert callable(action) and getattr(EditorSession, action.__name__) is action, kind
