"""The lesson editor (issue 23), in Python: a position placed by clicking, marks, a solution
recorded by playing, the live check, saving and reopening; hostile messages are refused with
the error and change nothing."""

from __future__ import annotations

import copy
import os
import pathlib
import stat
import tempfile
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stratego_widget import StrategoError
from stratego_widget.lessons import Lesson, LessonEditor, LessonError, catalog, check
from stratego_widget.lessons.editor.session import EditorSession, check_editor_message
from stratego_widget.widget.protocol import PROTOCOL


def scout_step(editor: EditorSession) -> None:
    editor.place("b2", "red", "scout")
    editor.place("b7", "blue", "spy")
    editor.place("j9", "blue", "sergeant")
    editor.mark("b7", "revealed")
    editor.set_field("goal", 'capture = "b7"')
    editor.set_field("instruction", "Capture the enemy Spy in one move.")
    editor.set_field("hint", "Look up the b-file.")
    editor.set_field("success", "Scouts strike from afar.")


def snapshot(editor: EditorSession) -> tuple[Any, ...]:
    return (editor.draft, editor.step_index, editor.recording, editor.solution,
            editor.game().position())


# ---------------------------------------------------------------------- the whole flow


def test_place_mark_record_check_save_and_reopen(tmp_path: pathlib.Path) -> None:
    editor = EditorSession()
    scout_step(editor)
    assert editor.step_draft["pieces"] == {"b2": "red scout", "b7": "blue spy",
                                           "j9": "blue sergeant"}
    assert editor.step_draft["revealed"] == ["b7"]
    assert editor.summary()["solvable"] is None  # no solution yet: not a lesson yet
    assert "solution" in editor.checks()[0]["message"]
    editor.record()
    assert editor.recording and editor.solution == []
    editor.play("b2-b7")
    assert not editor.recording  # the goal is met: recording stops by itself
    assert editor.solution == ["b2-b7"]
    assert editor.summary() == {"solvable": True, "start": True, "hints": True}
    path = editor.save(tmp_path / "spy-hunt.toml")
    lesson = Lesson.from_file(path, languages=("en",))
    assert lesson.steps[0].solution == ("b2-b7",)
    assert lesson.steps[0].revealed == ("b7",)
    assert lesson.steps[0].hint is not None and lesson.steps[0].hint["en"] == "Look up the b-file."
    assert check(lesson).ok
    again = EditorSession.open(path)
    assert again.saved and again.lesson is not None and editor.lesson is not None
    assert again.lesson.steps == editor.lesson.steps and again.lesson.title == editor.lesson.title
    again.set_field("par", "2")
    again.save()
    assert Lesson.from_file(path, languages=("en",)).steps[0].par == 2


def test_a_solution_of_several_moves_is_recorded_with_the_opponent_passing() -> None:
    editor = EditorSession()
    editor.place("a1", "red", "sergeant")
    editor.place("j10", "blue", "flag")
    editor.set_field("goal", 'reach = "a4"')
    editor.set_field("par", "2")
    editor.set_field("instruction", "March to a4.")
    editor.set_field("success", "Three steps.")
    editor.record()
    editor.play("a1-a2")
    assert editor.recording and editor.game().to_move == "red"  # Blue passed
    editor.play("a2-a3")
    assert editor.recording
    editor.play("a3-a4")
    assert not editor.recording and editor.solution == ["a1-a2", "a2-a3", "a3-a4"]
    assert editor.step_draft["par"] == 3  # par grows to the recorded line
    assert editor.summary()["solvable"] is True


def test_stop_keeps_the_recorded_moves_and_the_check_says_the_goal_is_not_met() -> None:
    editor = EditorSession()
    scout_step(editor)
    editor.record()
    editor.play("b2-b3")
    editor.stop()
    assert editor.solution == ["b2-b3"] and not editor.recording
    assert editor.summary()["solvable"] is False
    solution = next(item for item in editor.checks() if item["check"] == "solution")
    assert solution["ok"] is False


def test_an_illegal_move_while_recording_is_refused_by_the_engine_and_changes_nothing() -> None:
    editor = EditorSession()
    scout_step(editor)
    editor.record()
    before = snapshot(editor)
    for move in ("b2-c3", "b7-b6", "b2-z9", "nonsense"):
        with pytest.raises(LessonError) as caught:
            editor.play(move)
        assert "\n" not in str(caught.value)
        assert snapshot(editor) == before


def test_the_editor_opens_every_shipped_lesson_and_saves_it_unchanged(tmp_path: pathlib.Path
                                                                       ) -> None:
    for lesson in list(catalog().values())[:8]:
        editor = EditorSession(lesson)
        path = editor.save(tmp_path / f"{lesson.id}.toml")
        back = Lesson.from_file(path)
        assert back.steps == lesson.steps and back.title == lesson.title


def test_a_draft_that_is_not_a_lesson_yet_is_saved_and_reopened(tmp_path: pathlib.Path) -> None:
    editor = EditorSession()
    editor.place("e4", "red", "miner")
    path = editor.save(tmp_path / "draft.toml")
    assert editor.checks()[0]["check"] == "format"
    again = EditorSession.open(path)
    assert again.step_draft["pieces"] == {"e4": "red miner"}
    assert again.checks()[0]["ok"] is False


def test_opening_a_file_that_is_not_a_lesson_is_refused(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("steps = 3\n", encoding="utf-8")
    with pytest.raises(LessonError, match="steps"):
        EditorSession.open(bad)
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(LessonError):
        EditorSession.open(bad)


def test_steps_are_added_selected_and_removed() -> None:
    editor = EditorSession()
    scout_step(editor)
    editor.add_step()
    assert editor.step_index == 1 and editor.step_draft["pieces"] == {}
    editor.place("a1", "blue", "flag")
    editor.select(0)
    assert editor.step_draft["pieces"]["b2"] == "red scout"
    editor.select(1)
    editor.remove_step()
    assert editor.step_index == 0 and len(editor.draft["steps"]) == 1


def test_the_ruleset_changes_the_board_and_the_palette() -> None:
    editor = EditorSession()
    editor.set_ruleset("sci-fi-2013-duel")
    state = editor.state()
    assert state["rules"]["height"] == 8 and state["lesson"]["ruleset"] == "sci-fi-2013-duel"
    editor.set_ruleset("original")
    editor.place("j10", "red", "flag")
    with pytest.raises(LessonError):
        editor.set_ruleset("sci-fi-2013-duel")  # j10 is off the small board
    assert editor.draft["ruleset"] == "original"


def test_feedback_is_set_and_removed() -> None:
    editor = EditorSession()
    editor.set_feedback("diagonal", "Straight lines only.")
    assert editor.state()["feedback"] == {"diagonal": "Straight lines only."}
    editor.set_feedback("diagonal", "")
    assert "feedback" not in editor.step_draft


# ---------------------------------------------------------------------- refusals


REFUSED: list[tuple[str, tuple[Any, ...]]] = [
    ("place", ("c5", "red", "scout")),          # a lake
    ("place", ("z9", "red", "scout")),          # off the board
    ("place", ("a1", "green", "scout")),
    ("place", ("a1", "red", "dragon")),
    ("place", ("a1", "red", "spotter")),        # not in Original's army
    ("remove", ("e4",)),
    ("mark", ("b2", "revealed")),               # the learner's own piece
    ("mark", ("e4", "moved")),                  # nothing there
    ("mark", ("b7", "sleepy")),
    ("set_to_move", ("green",)),
    ("set_ruleset", ("chess",)),
    ("set_lesson", ("id", "no spaces")),
    ("set_lesson", ("title", "  ")),
    ("set_lesson", ("colour", "x")),
    ("set_lesson", ("course", "a course")),
    ("set_field", ("goal", "jump = 3")),
    ("set_field", ("goal", "{{{")),
    ("set_field", ("par", "0")),
    ("set_field", ("par", "lots")),
    ("set_field", ("colour", "red")),
    ("set_field", ("instruction", "x" * 3000)),
    ("set_feedback", ("", "text")),
    ("select", (5,)),
    ("select", (True,)),
    ("remove_step", ()),
    ("stop", ()),
    ("play", ("b2-b7",)),                       # not recording
    ("save", ("notes.txt",)),                   # not a lesson file
    ("set_kind", ("puzzle",)),
    ("set_choice", ("a", "Yes")),               # a move step has no answers
    ("set_answer", ("a",)),
    ("set_tray", ("flag",)),
    ("toggle_area", ("a1",)),
    ("set_goal", ("placed", "")),               # a setup check on a move step
    ("set_goal", ("survive", "x")),
    ("set_goal", ("reach", "")),
    ("set_goal", ("win", "sometimes")),
    ("set_goal", ("answer", "a")),
    ("remove_goal", ("reach",)),
    ("set_field", ("opponent", "clever")),
    ("set_field", ("replies", "b2-b5=")),
    ("play", ("flag@a1",)),                     # not recording
]


@pytest.mark.parametrize("method, args", REFUSED, ids=[f"{m}{a!r}"[:40] for m, a in REFUSED])
def test_a_bad_action_raises_a_one_line_error_and_changes_nothing(method: str,
                                                                  args: tuple[Any, ...]) -> None:
    editor = EditorSession()
    scout_step(editor)
    before, items = snapshot(editor), editor.checks()
    with pytest.raises(LessonError) as caught:
        getattr(editor, method)(*args)
    assert caught.value.rule == "lesson-editor"
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400
    assert snapshot(editor) == before and editor.checks() == items


def test_editing_while_recording_is_refused() -> None:
    editor = EditorSession()
    scout_step(editor)
    editor.record()
    before = snapshot(editor)
    for action in (lambda: editor.place("a1", "red", "flag"), lambda: editor.set_field("par", "3"),
                   lambda: editor.add_step(), lambda: editor.record(), lambda: editor.select(0)):
        with pytest.raises(LessonError, match="Stop"):
            action()
        assert snapshot(editor) == before


HOSTILE: list[Any] = [
    None, [], "editor_save", {"type": 3}, {"type": "move", "from": "a1", "to": "a2"},
    {"type": "editor_place", "square": "a1", "side": "red"},
    {"type": "editor_place", "square": "a1", "side": "red", "kind": "scout", "extra": 1},
    {"type": "editor_place", "square": "a1" * 50, "side": "red", "kind": "scout"},
    {"type": "editor_place", "square": "a1", "side": "purple", "kind": "scout"},
    {"type": "editor_place", "square": ["a1"], "side": "red", "kind": "scout"},
    {"type": "editor_step", "step": "1"}, {"type": "editor_step", "step": 10 ** 9},
    {"type": "editor_field", "field": "__class__", "value": "x"},
    {"type": "editor_field", "field": "goal", "value": "x" * 100_000},
    {"type": "editor_lesson", "field": "id", "value": "../../etc/passwd"},
    {"type": "editor_ruleset", "spec": "original+no-such-option"},
    {"type": "editor_move", "from": "b2", "to": "b7"},
    {"type": "editor_mark", "square": "b2", "mark": "revealed"},
]


@pytest.mark.parametrize("message", HOSTILE, ids=[repr(m)[:40] for m in HOSTILE])
def test_hostile_messages_are_refused_with_the_error_and_no_change(message: Any) -> None:
    widget = LessonEditor()
    scout_step(widget.session)
    before = snapshot(widget.session)
    state = copy.deepcopy(widget.editor)
    widget.handle(message)
    error = widget.editor["error"]
    assert isinstance(error, str) and error and "\n" not in error and len(error) < 400
    assert snapshot(widget.session) == before
    assert {k: v for k, v in widget.editor.items() if k not in ("error", "serial")} == \
        {k: v for k, v in state.items() if k not in ("error", "serial")}


def test_a_good_message_after_a_refused_one_clears_the_error() -> None:
    widget = LessonEditor()
    widget.handle({"type": "editor_remove", "square": "e4"})
    assert widget.editor["error"]
    widget.handle({"type": "editor_place", "square": "e4", "side": "blue", "kind": "bomb"})
    assert widget.editor["error"] is None and widget.editor["board"]["pieces"]["e4"] == "bB"


def test_every_browser_message_gets_exactly_one_answer() -> None:
    """The browser waits for the next serial after each message: a second sync for the same
    message (once for the change, once for the error) let a wait end on the wrong answer."""
    widget = LessonEditor()
    seen: list[int] = []
    widget.observe(lambda change: seen.append(change["new"]["serial"]), names="editor")
    messages = [
        {"type": "editor_place", "square": "b2", "side": "red", "kind": "scout"},
        {"type": "editor_place", "square": "b7", "side": "blue", "kind": "spy"},
        {"type": "editor_mark", "square": "b7", "mark": "revealed"},
        {"type": "editor_mark", "square": "b2", "mark": "revealed"},  # refused
        {"type": "editor_record"}, {"type": "editor_move", "from": "b2", "to": "b7"},
    ]
    for count, message in enumerate(messages, start=1):
        widget.handle(message)
        assert len(seen) == count, (message, seen)
    assert seen == list(range(seen[0], seen[0] + len(messages)))


def test_the_widget_records_a_solution_from_clicks(tmp_path: pathlib.Path) -> None:
    widget = LessonEditor(tmp_path / "clicked.toml")
    for square, side, kind in (("b2", "red", "scout"), ("b7", "blue", "spy")):
        widget.handle({"type": "editor_place", "square": square, "side": side, "kind": kind})
    widget.handle({"type": "editor_field", "field": "goal", "value": 'capture = "b7"'})
    widget.handle({"type": "editor_field", "field": "instruction", "value": "Take the Spy."})
    widget.handle({"type": "editor_field", "field": "success", "value": "Well done."})
    widget.handle({"type": "editor_record"})
    assert widget.editor["recording"]
    widget.handle({"type": "editor_move", "from": "b2", "to": "b7"})
    assert widget.editor["solution"] == ["b2-b7"] and not widget.editor["recording"]
    widget.handle({"type": "editor_save"})
    assert widget.editor["saved"] and widget.editor["file"] == "clicked.toml"
    assert check(Lesson.from_file(tmp_path / "clicked.toml", languages=("en",))).ok


# ---------------------------------------------------------------------- the panel's language


def test_the_panel_speaks_the_synced_lang_and_python_sets_it() -> None:
    assert LessonEditor().lang == "en"
    widget = LessonEditor(catalog()["scout"], lang="de")
    assert widget.lang == "de" and widget.trait_metadata("lang", "sync")
    assert widget.get_state()["lang"] == "de"
    widget.lang = "fr"
    assert widget.get_state()["lang"] == "fr"
    # the language changes the words only: the draft, the check and its sentences stay as they were
    assert widget.editor["summary"] == {"solvable": True, "start": True, "hints": True}


@pytest.mark.parametrize("lang", ["xx", "EN", "", None, 5, "english"])
def test_a_bad_language_is_refused_and_changes_nothing(tmp_path: pathlib.Path, lang: Any) -> None:
    path = tmp_path / "new.toml"
    with pytest.raises(StrategoError) as refused:
        LessonEditor(path, lang=lang)
    assert refused.value.rule == "language" and "\n" not in str(refused.value)
    assert "en, nl, fr, de" in str(refused.value)
    assert not path.exists()
    widget = LessonEditor(lang="nl")
    before = copy.deepcopy(widget.editor)
    with pytest.raises(StrategoError):
        widget.lang = lang
    assert widget.lang == "nl" and widget.editor == before


def test_the_browser_sets_only_a_good_language() -> None:
    widget = LessonEditor()
    put_back: list[Any] = []  # what is sent back to the browser because it was refused
    send_state = widget.send_state

    def record(key: Any = None) -> None:
        if isinstance(key, list):
            put_back.append(key)
        send_state(key)

    widget.send_state = record
    widget.set_state({"lang": "fr"})
    assert widget.lang == "fr" and widget.editor["error"] is None and put_back == []
    draft = copy.deepcopy(widget.session.draft)
    widget.set_state({"lang": "xx"})
    assert widget.lang == "fr" and put_back == [["lang"]]
    error = widget.editor["error"]
    assert isinstance(error, str) and "lang" in error and "en, nl, fr, de" in error
    widget.set_state({"editor": {"board": {}}})  # Python's state is Python's
    assert put_back[-1] == ["editor"] and "Python sets it" in widget.editor["error"]
    assert widget.session.draft == draft and widget.editor["board"]["pieces"] == {}
    widget.set_state(["not", "an", "object"])
    assert widget.lang == "fr" and "not an object" in widget.editor["error"]


def test_every_editor_message_is_handled_and_described() -> None:
    assert set(PROTOCOL["editor_messages"]) == {
        "editor_place", "editor_remove", "editor_mark", "editor_to_move", "editor_ruleset",
        "editor_lesson", "editor_field", "editor_feedback", "editor_step", "editor_add_step",
        "editor_remove_step", "editor_record", "editor_stop", "editor_move", "editor_save",
        "editor_play", "editor_kind", "editor_choice", "editor_answer", "editor_tray",
        "editor_area", "editor_goal", "editor_goal_remove"}
    for kind, fields in PROTOCOL["editor_messages"].items():
        message = {"type": kind, **dict.fromkeys(fields, "x")}
        with pytest.raises(LessonError):
            check_editor_message({**message, "junk": 1})


# ---------------------------------------------------------------------- a refusal changes nothing

ACTIONS = st.one_of(
    st.tuples(st.just("place"), st.sampled_from(["a1", "b2", "c5", "k1", "e4", "a11"]),
              st.sampled_from(["red", "blue", "green"]),
              st.sampled_from(["scout", "spy", "flag", "bomb", "dragon", "spotter"])),
    st.tuples(st.just("remove"), st.sampled_from(["a1", "b2", "b7", "e4", "zz"])),
    st.tuples(st.just("mark"), st.sampled_from(["a1", "b2", "b7", "j9"]),
              st.sampled_from(["revealed", "moved", "odd"])),
    st.tuples(st.just("set_to_move"), st.sampled_from(["red", "blue", "x"])),
    st.tuples(st.just("set_field"), st.sampled_from(["goal", "par", "hint", "cite", "nope"]),
              st.sampled_from(["", "1", "0", 'capture = "b7"', 'reach = "z1"', "{", "x"])),
    st.tuples(st.just("record")), st.tuples(st.just("stop")),
    st.tuples(st.just("play"), st.sampled_from(["b2-b7", "b2-c3", "a1-a2", "b2-b3"])),
    st.tuples(st.just("add_step")), st.tuples(st.just("remove_step")),
    st.tuples(st.just("select"), st.integers(-1, 3)),
    st.tuples(st.just("set_ruleset"), st.sampled_from(["barrage", "duel", "original", "x"])),
)


@given(st.lists(ACTIONS, max_size=12))
@settings(max_examples=60, deadline=None)
def test_a_refused_action_changes_nothing(actions: list[tuple[Any, ...]]) -> None:
    editor = EditorSession()
    scout_step(editor)
    for method, *args in actions:
        before, items = snapshot(editor), editor.checks()
        try:
            getattr(editor, method)(*args)
        except LessonError as error:
            assert "\n" not in str(error)
            assert snapshot(editor) == before and editor.checks() == items


def test_save_without_a_path_writes_the_lesson_id_beside_the_notebook(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    editor = EditorSession()
    editor.handle({"type": "editor_lesson", "field": "id", "value": "far-scout"})
    assert editor.save() == pathlib.Path("far-scout.toml")
    assert (tmp_path / "far-scout.toml").read_text(encoding="utf-8").startswith('id = "far-scout"')


# ---------------------------------------------------------------------- saving safely


def saved_lesson(folder: pathlib.Path, name: str = "spy-hunt.toml") -> pathlib.Path:
    """A lesson file written by the editor."""
    editor = EditorSession()
    scout_step(editor)
    return editor.save(folder / name)


def test_a_lone_surrogate_is_refused_naming_the_field_and_the_file_is_kept(
        tmp_path: pathlib.Path) -> None:
    path = saved_lesson(tmp_path)
    before = path.read_bytes()
    editor = EditorSession.open(path)
    state = snapshot(editor)
    for field in ("instruction", "hint", "success", "quote"):
        with pytest.raises(LessonError) as caught:
            editor.set_field(field, "Capture \udc80 it")
        assert str(caught.value).startswith(field.capitalize()) and "surrogate" in str(
            caught.value) and "\n" not in str(caught.value)
    with pytest.raises(LessonError, match=r"lesson's title .*surrogate"):
        editor.set_lesson("title", "\udc80")
    with pytest.raises(LessonError, match=r"feedback .*surrogate"):
        editor.set_feedback("diagonal", "\ud800")
    assert snapshot(editor) == state
    # a draft that holds one already (from Python): Save says where and writes nothing
    draft = editor.draft
    draft["steps"][0]["instruction"] = {"en": "Capture \udc80 it"}
    other = EditorSession(draft)
    with pytest.raises(LessonError) as caught:
        other.save(path, overwrite=True)
    assert str(caught.value) == (
        "Cannot save spy-hunt.toml: step 1, field 'instruction.en' holds '\\udc80' at "
        "position 9, which no file can hold (a lone surrogate).")
    draft["steps"][0]["instruction"] = {"en": "ok"}
    draft["title"] = {"en": "\udc80"}
    with pytest.raises(LessonError, match=r"field 'title\.en' holds"):
        EditorSession(draft).save(path, overwrite=True)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["spy-hunt.toml"]


def test_the_browser_sending_a_lone_surrogate_changes_nothing(tmp_path: pathlib.Path) -> None:
    path = saved_lesson(tmp_path)
    before = path.read_bytes()
    widget = LessonEditor(path)
    widget.handle({"type": "editor_field", "field": "instruction", "value": "\udc80"})
    assert "surrogate" in widget.editor["error"]
    widget.handle({"type": "editor_save"})
    assert widget.editor["error"] is None and widget.editor["saved"]
    assert path.read_bytes() == before


def test_save_goes_through_a_new_file_so_a_failed_write_keeps_the_old_one(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved_lesson(tmp_path)
    before = path.read_bytes()
    editor = EditorSession.open(path)
    editor.set_field("par", "3")

    def full_disk(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", full_disk)
    with pytest.raises(LessonError, match=r"Cannot write spy-hunt\.toml: No space left on device"):
        editor.save()
    assert path.read_bytes() == before and not editor.saved
    assert [p.name for p in tmp_path.iterdir()] == ["spy-hunt.toml"]  # nothing left behind
    monkeypatch.undo()
    editor.save()
    assert EditorSession.open(path).step_draft["par"] == 3


def test_a_saved_file_has_the_usual_permissions(tmp_path: pathlib.Path) -> None:
    old = os.umask(0o022)
    try:
        path = saved_lesson(tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_a_new_lesson_is_never_saved_over_a_file_it_did_not_open(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "other.toml"
    other.write_text("# somebody's lesson\n", encoding="utf-8")
    editor = EditorSession()
    with pytest.raises(LessonError) as caught:
        editor.save(other)
    assert str(caught.value) == ("other.toml exists and is not the file this editor opened: "
                                 "give another file, or save(path, overwrite=True) to write "
                                 "over it.")
    assert other.read_text(encoding="utf-8") == "# somebody's lesson\n"
    # nor by Save without a path (the lesson's id beside the notebook), nor from the browser
    monkeypatch.chdir(tmp_path)
    editor.set_lesson("id", "other")
    with pytest.raises(LessonError, match=r"other\.toml exists"):
        editor.save()
    widget = LessonEditor()
    widget.handle({"type": "editor_lesson", "field": "id", "value": "other"})
    widget.handle({"type": "editor_save"})
    assert "other.toml exists" in widget.editor["error"] and not widget.editor["saved"]
    assert other.read_text(encoding="utf-8") == "# somebody's lesson\n"
    # the file it opened, or saved, it writes again; overwrite=True writes over any
    opened = EditorSession.open(saved_lesson(tmp_path, "mine.toml"))
    opened.set_field("par", "2")
    assert opened.save() == tmp_path / "mine.toml"
    assert editor.save(tmp_path / "new.toml") == tmp_path / "new.toml"
    editor.save(tmp_path / "new.toml")
    assert editor.save(other, overwrite=True) == other
    assert other.read_text(encoding="utf-8").startswith('id = "other"')


def test_the_lesson_id_course_is_reserved_for_the_course_file(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    editor = EditorSession()
    state = snapshot(editor)
    with pytest.raises(LessonError, match=r"'course' is reserved: course\.toml"):
        editor.set_lesson("id", "course")
    assert snapshot(editor) == state
    (tmp_path / "course.toml").write_text('title = "Mine"\n', encoding="utf-8")
    for overwrite in (False, True):
        with pytest.raises(LessonError, match=r"not saved as course\.toml"):
            editor.save(tmp_path / "course.toml", overwrite=overwrite)
    monkeypatch.chdir(tmp_path / "..")
    draft = editor.draft | {"id": "course"}
    with pytest.raises(LessonError, match=r"not saved as course\.toml"):
        EditorSession(draft).save()
    assert (tmp_path / "course.toml").read_text(encoding="utf-8") == 'title = "Mine"\n'


def test_save_into_a_folder_that_does_not_exist_makes_it(tmp_path: pathlib.Path) -> None:
    path = saved_lesson(tmp_path / "my-course" / "basics", "spy.toml")
    assert path == tmp_path / "my-course" / "basics" / "spy.toml" and path.is_file()
    widget = LessonEditor(tmp_path / "elsewhere" / "new.toml")
    widget.handle({"type": "editor_save"})
    assert widget.editor["error"] is None and (tmp_path / "elsewhere" / "new.toml").is_file()


def test_control_characters_in_one_line_fields_are_refused() -> None:
    editor = EditorSession()
    state = snapshot(editor)
    for field, value in (("title", "Bombs\x1b[2J"), ("title", "two\nlines"),
                         ("title", "tab\there"), ("title", "\x9b31m"), ("id", "a\x00")):
        with pytest.raises(LessonError) as caught:
            editor.set_lesson(field, value)
        assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)
    with pytest.raises(LessonError, match="Cite holds the line break"):
        editor.set_field("cite", "Original:\nx")
    with pytest.raises(LessonError, match="Instruction holds the control character"):
        editor.set_field("instruction", "Bell\x07")
    assert snapshot(editor) == state
    editor.set_field("instruction", "Two lines:\n\tthe second.")  # a text of lines may
    assert editor.step_draft["instruction"] == {"en": "Two lines:\n\tthe second."}


@given(st.lists(st.characters(exclude_categories=()) |  # any character, surrogates too
                st.sampled_from("\udc80\ud800\x1b\x9b\x00\r\n\t\u2028"),
                max_size=40).map("".join))
@settings(max_examples=150, deadline=None)
def test_any_instruction_is_refused_whole_or_saved_and_read_back(text: str) -> None:
    folder = pathlib.Path(tempfile.mkdtemp())
    editor = EditorSession()
    before = snapshot(editor)
    try:
        editor.set_field("instruction", text)
    except LessonError as error:
        assert "\n" not in str(error) and snapshot(editor) == before
        return
    path = editor.save(folder / "x.toml")
    assert EditorSession.open(path).step_draft.get("instruction", {"en": ""}) == {"en": text}
