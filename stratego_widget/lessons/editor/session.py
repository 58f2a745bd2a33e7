"""The lesson editor's state: :class:`EditorSession`, a draft lesson edited one action at a time.

A teacher builds a step by clicking: a piece of the palette placed on a square (or taken off
it), an enemy piece marked as revealed or moved, the side to move and the ruleset chosen; then,
in **record** mode, the solution is played on the board, each move decided by the engine under
the step's ruleset and answered as the learner would see it answered (the step's replies, its
opponent, else a pass). The instruction, hint, feedback, success text, goal and par come from a
form. After every change the lesson is checked (:func:`~stratego_widget.lessons.check`, English
only by default) and the result is data the editor's panel shows. :meth:`EditorSession.save`
writes the draft as a lesson file (:mod:`~stratego_widget.lessons.model.writer`) and
:meth:`EditorSession.open` edits one again.

The draft is a value (:mod:`~stratego_widget.lessons.editor.draft`): each action replaces it
by the draft a pure function returns, recording plays the step's moves
(:mod:`~stratego_widget.lessons.editor.recording`) and the live check is
:mod:`~stratego_widget.lessons.editor.checks`. The browser's messages are carried out through
one table, :data:`HANDLERS`. Every action that cannot be carried out raises
:class:`~stratego_widget.lessons.LessonError` (rule ``"lesson-editor"``) with one line saying
why, and changes nothing. Pure Python: :mod:`~stratego_widget.lessons.editor.widget` only
carries it to the browser.

Example:
    >>> editor = EditorSession()
    >>> editor.place("b2", "red", "scout"); editor.place("b7", "blue", "spy")
    >>> editor.mark("b7", "revealed")
    >>> editor.set_field("goal", 'capture = "b7"')
    >>> editor.set_field("instruction", "Capture the Spy.")
    >>> editor.set_field("success", "A Scout strikes from afar.")
    >>> editor.record(); editor.play("b2-b7")
    >>> editor.solution, editor.recording, editor.step_draft["par"]
    (['b2-b7'], False, 1)
    >>> editor.summary()["solvable"], editor.summary()["start"]
    (True, True)
"""

from __future__ import annotations

import copy
import pathlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ...engine.game import Game
from ...engine.rulesets import Ruleset
from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.writer import lesson_data
from ..playing.run import StepState
from . import draft as drafts
from . import recording
from .checks import check_editor_message, live_check, summary
from .files import folder_courses, read_draft, save_draft, shaped
from .form import refusal
from .panel import panel_view
from .session_steps import StepEdits

#: The languages an editor's draft must have: English (a draft; other languages are kept).
DRAFT_LANGUAGES: tuple[str, ...] = ("en",)


class EditorSession(StepEdits):
    """A lesson draft being edited, its current step, record mode and the live check.

    ``lesson``: a :class:`Lesson` to edit, a draft table, or None for a new lesson with one
    empty step. ``path``: where :meth:`save` writes by default. ``rulebooks``: the folder of
    rulebook texts for the check of the quotes. ``languages``: the languages the check asks of
    every text (English: a draft). ``opened``: ``path`` is the file the lesson was read from,
    which :meth:`save` may write again (any other file that exists it writes only when told
    to: ``overwrite=True``).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> editor = EditorSession(catalog()["scout"])
        >>> editor.step_index, editor.draft["steps"][0]["solution"], editor.summary()["solvable"]
        (0, ['b2-b7'], True)
    """

    def __init__(self, lesson: Lesson | Mapping[str, Any] | None = None,
                 path: str | pathlib.Path | None = None,
                 rulebooks: str | pathlib.Path | None = None,
                 languages: tuple[str, ...] = DRAFT_LANGUAGES, *, opened: bool = False) -> None:
        if lesson is None:
            data = drafts.new_draft()
        elif isinstance(lesson, Lesson):
            data = lesson_data(lesson)
        else:
            data = shaped(dict(lesson), "<draft>")
        self._draft: dict[str, Any] = data
        self.path = pathlib.Path(path) if path is not None else None
        # the file opened or saved: the one file that exists Save may replace unasked
        self._own = self.path if opened else None
        self.rulebooks = rulebooks
        self.languages = languages
        self._step = 0
        self._record: StepState | None = None
        self._lesson: Lesson | None = None
        self._items: list[dict[str, Any]] = []
        self._listeners: list[Callable[[], Any]] = []
        self.saved = lesson is not None and not isinstance(lesson, Mapping)
        self._refresh()

    # ------------------------------------------------------------------ opening and saving

    @classmethod
    def open(cls, path: str | pathlib.Path, rulebooks: str | pathlib.Path | None = None,
             languages: tuple[str, ...] = DRAFT_LANGUAGES) -> EditorSession:
        """Edit the lesson file at ``path`` (a lesson, or a draft the editor saved); saving
        writes it back there.

        Example:
            >>> import tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "x.toml"
            >>> _ = EditorSession().save(path)
            >>> EditorSession.open(path).draft["id"]
            'my-lesson'
        """
        found = read_draft(path, languages)
        editor = cls(found, path=path, rulebooks=rulebooks, languages=languages, opened=True)
        editor.saved = True
        return editor

    def text(self) -> str:
        """The draft as lesson-file text (what :meth:`save` writes).

        Example:
            >>> EditorSession().text().splitlines()[0]
            'id = "my-lesson"'
        """
        return drafts.draft_text(self._draft)

    def save(self, path: str | pathlib.Path | None = None, *,
             overwrite: bool = False) -> pathlib.Path:
        """Write the draft as a ``.toml`` lesson file (to ``path``, else where it was opened,
        else ``<lesson id>.toml`` in the working folder, beside the notebook) and return the
        path; a draft with problems is saved too (the check says what is left).

        Written whole or not at all, never over a file this editor did not open or save
        unless ``overwrite=True``, nor as ``course.toml``
        (:func:`~stratego_widget.lessons.editor.files.save_draft`); every refusal is a
        one-line LessonError and leaves the file as it was.

        Example:
            >>> import tempfile
            >>> folder = pathlib.Path(tempfile.mkdtemp())
            >>> EditorSession(path=folder / "mine.toml").save().name
            'mine.toml'
        """
        target = save_draft(self._draft, path if path is not None else self.path,
                            opened=self._own, overwrite=overwrite)
        self.path = target
        self._own = target
        self.saved = True
        self._changed()
        return target

    # ------------------------------------------------------------------ reading the draft

    @property
    def draft(self) -> dict[str, Any]:
        """A copy of the draft: a table in the shape of a lesson file.

        Example:
            >>> EditorSession().draft["ruleset"]
            'original'
        """
        return copy.deepcopy(self._draft)

    @property
    def step_index(self) -> int:
        """The step being edited (0-based).

        Example:
            >>> EditorSession().step_index
            0
        """
        return self._step

    @property
    def step_draft(self) -> dict[str, Any]:
        """A copy of the table of the step being edited.

        Example:
            >>> EditorSession().step_draft["to_move"]
            'red'
        """
        return copy.deepcopy(self._draft["steps"][self._step])

    @property
    def recording(self) -> bool:
        """Whether moves played on the board become the step's solution.

        Example:
            >>> EditorSession().recording
            False
        """
        return self._record is not None

    @property
    def solution(self) -> list[str]:
        """The current step's solution (as recorded so far while recording).

        Example:
            >>> EditorSession().solution
            []
        """
        return list(self._draft["steps"][self._step].get("solution", []))

    @property
    def lesson(self) -> Lesson | None:
        """The draft read as a lesson (None while it is not one: see :meth:`checks`).

        Example:
            >>> EditorSession().lesson is None
            True
        """
        return self._lesson

    def rules(self) -> Ruleset:
        """The ruleset of the step being edited.

        Example:
            >>> EditorSession().rules().name
            'original'
        """
        return drafts.step_rules(self._draft, self._draft["steps"][self._step])

    def game(self) -> Game:
        """The board as it is shown: the recording's game, else the step's start position
        (a LessonError when the pieces do not make a position).

        Example:
            >>> editor = EditorSession(); editor.place("a1", "red", "flag")
            >>> editor.game().piece_at("a1")
            ('red', 'flag')
        """
        if self._record is not None:
            return self._record.game
        return drafts.start_game(self._draft, self._draft["steps"][self._step])

    def checks(self) -> list[dict[str, Any]]:
        """The live check: one item per finding of :func:`check` about the lesson and the
        step being edited (``check``, ``ok`` (None: not checked), ``message``), or one
        ``format`` item saying why the draft is not a lesson yet.

        Example:
            >>> EditorSession().checks()[0]["check"]
            'format'
        """
        return copy.deepcopy(self._items)

    def summary(self) -> dict[str, bool | None]:
        """The three answers the panel leads with, for the step being edited: ``solvable``
        (the solution meets the goal within par), ``start`` (the goal is not met at the
        start) and ``hints`` (the hints lie on a solution); None while the draft is not a
        lesson.

        Example:
            >>> EditorSession().summary()
            {'solvable': None, 'start': None, 'hints': None}
        """
        return summary(self._items)

    def on_change(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` after every change (the widget sends its state then).

        Example:
            >>> editor, seen = EditorSession(), []
            >>> editor.on_change(lambda: seen.append(1)); editor.add_step(); seen
            [1]
        """
        self._listeners.append(callback)

    # ------------------------------------------------------------------ the lesson

    def edit(self, change: Callable[..., dict[str, Any]], *args: Any) -> None:
        """Apply ``change(draft, step, *args)``, a pure edit of the draft
        (:mod:`~stratego_widget.lessons.editor.step_kinds`), to the step being edited.

        Example:
            >>> from .step_kinds import set_kind
            >>> editor = EditorSession(); editor.edit(set_kind, "question")
            >>> editor.step_draft["kind"]
            'question'
        """
        self._idle()
        self._replace(change(self._draft, self._step, *args))

    def set_lesson(self, field: str, value: str) -> None:
        """Set the lesson's ``id`` (letters, digits, dashes), English ``title`` or ``course``
        (:func:`~stratego_widget.lessons.editor.draft.set_lesson`).

        Example:
            >>> editor = EditorSession(); editor.set_lesson("id", "scouting")
            >>> editor.draft["id"]
            'scouting'
        """
        self._replace(drafts.set_lesson(self._draft, field, value))

    def set_ruleset(self, spec: str) -> None:
        """Play the lesson under another shipped ruleset (the step's pieces must fit it).

        Example:
            >>> editor = EditorSession(); editor.set_ruleset("barrage")
            >>> editor.rules().name
            'barrage'
        """
        self._idle()
        self._replace(drafts.set_ruleset(self._draft, self._step, spec))

    # ------------------------------------------------------------------ steps

    def select(self, index: int) -> None:
        """Edit step ``index`` (0-based).

        Example:
            >>> editor = EditorSession(); editor.add_step(); editor.select(0)
            >>> editor.step_index
            0
        """
        self._idle()
        drafts.step_of(self._draft, index)
        self._step = index
        self._changed()

    def add_step(self) -> None:
        """Add an empty step after the current one and edit it.

        Example:
            >>> editor = EditorSession(); editor.add_step()
            >>> editor.step_index, len(editor.draft["steps"])
            (1, 2)
        """
        self._idle()
        self._replace(drafts.add_step(self._draft, self._step), step=self._step + 1)

    def remove_step(self) -> None:
        """Delete the step being edited (a lesson keeps at least one).

        Example:
            >>> EditorSession().remove_step()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: A lesson keeps at least one step.
        """
        self._idle()
        draft = drafts.remove_step(self._draft, self._step)
        self._replace(draft, step=min(self._step, len(draft["steps"]) - 1))

    # ------------------------------------------------------------------ the position

    def place(self, square: str, side: str, kind: str) -> None:
        """Put a piece of ``side`` and ``kind`` on ``square`` (replacing what stood there).

        Example:
            >>> editor = EditorSession(); editor.place("e4", "blue", "major")
            >>> editor.step_draft["pieces"]
            {'e4': 'blue major'}
        """
        self._idle()
        self._replace(drafts.place(self._draft, self._step, square, side, kind))

    def remove(self, square: str) -> None:
        """Take the piece on ``square`` off the board (with its marks).

        Example:
            >>> editor = EditorSession(); editor.remove("e4")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: There is no piece on e4 to take off.
        """
        self._idle()
        self._replace(drafts.remove(self._draft, self._step, square))

    def mark(self, square: str, mark: str) -> None:
        """Toggle a mark of the piece on ``square``: ``revealed`` (an enemy piece whose rank
        the learner already knows) or ``moved`` (a piece that has moved, so is no Bomb).

        Example:
            >>> editor = EditorSession(); editor.place("e7", "blue", "major")
            >>> editor.mark("e7", "revealed"); editor.step_draft["revealed"]
            ['e7']
            >>> editor.mark("e7", "revealed"); editor.step_draft["revealed"]
            []
        """
        self._idle()
        self._replace(drafts.mark(self._draft, self._step, square, mark))

    def set_to_move(self, side: str) -> None:
        """Choose the side to move (the learner's side).

        Example:
            >>> editor = EditorSession(); editor.set_to_move("blue")
            >>> editor.step_draft["to_move"]
            'blue'
        """
        self._idle()
        self._replace(drafts.set_to_move(self._draft, self._step, side))

    # ------------------------------------------------------------------ the form

    def set_field(self, name: str, value: str) -> None:
        """Set a field of the step from the form's text
        (:func:`~stratego_widget.lessons.editor.draft.set_field`); an empty text clears it.

        Example:
            >>> editor = EditorSession(); editor.set_field("par", "2")
            >>> editor.step_draft["par"]
            2
        """
        self._idle()
        self._replace(drafts.set_field(self._draft, self._step, name, value))

    def set_feedback(self, key: str, value: str) -> None:
        """The step's own sentence (English) for a rule id, an answer, a move or a square the
        learner moves to; an empty text removes it.

        Example:
            >>> editor = EditorSession(); editor.set_feedback("diagonal", "Straight lines only.")
            >>> editor.step_draft["feedback"]
            {'diagonal': {'en': 'Straight lines only.'}}
        """
        self._idle()
        self._replace(drafts.set_feedback(self._draft, self._step, key, value))

    # ------------------------------------------------------------------ recording

    def record(self) -> None:
        """Start record mode: the step's solution is cleared, and each move played on the
        board (:meth:`play`) is added to it. Recording stops by itself once the goal is met.

        Example:
            >>> editor = EditorSession(); editor.record()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Place the pieces first: no piece of Red (to move) is on the board.
        """
        self._idle()
        draft, state = recording.start(self._draft, self._step)
        self._replace(draft, record=state)

    def play(self, move: str) -> None:
        """Play a move of the learner while recording: the engine decides it under the
        step's ruleset and the opponent answers as in the lesson; the move is added to the
        solution. A move the rules refuse, or one that loses the goal, changes nothing.

        Example:
            >>> editor = EditorSession(); editor.place("b2", "red", "scout")
            >>> editor.record(); editor.play("b2-c3")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: b2-c3 is refused (diagonal): Pieces move forward, backward or sideways, never diagonally (Original: Moving).
        """
        if self._record is None:
            raise refusal("Press Record first: moves are recorded only in record mode.")
        draft, state = recording.play(self._draft, self._step, self._record, move)
        self._replace(draft, record=state)

    def move(self, origin: str, target: str) -> None:
        """Play the move from square ``origin`` to square ``target`` while recording (the
        browser's ``editor_move``): :meth:`play` of ``origin-target``.

        Example:
            >>> EditorSession().move("a1", "a2")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Press Record first: moves are recorded only in record mode.
        """
        self.play(f"{origin}-{target}")

    def stop(self) -> None:
        """Leave record mode, keeping the moves recorded as the solution.

        Example:
            >>> editor = EditorSession(); editor.stop()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Not recording: press Record to record a solution.
        """
        if self._record is None:
            raise refusal("Not recording: press Record to record a solution.")
        self._replace(self._draft)

    # ------------------------------------------------------------------ messages

    def handle(self, message: Any) -> None:
        """Carry out one browser message of ``editor_messages`` (protocol.json) with its
        handler in :data:`HANDLERS`; anything else, or an action that cannot be done, raises
        LessonError and changes nothing.

        Example:
            >>> editor = EditorSession()
            >>> editor.handle({"type": "editor_place", "square": "a1", "side": "red",
            ...                "kind": "flag"})
            >>> editor.step_draft["pieces"]
            {'a1': 'red flag'}
            >>> editor.handle({"type": "editor_place", "square": "a1"})
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: The 'editor_place' message needs a 'side' field.
        """
        action, fields = HANDLERS[check_editor_message(message)]
        action(self, *(message[field] for field in fields))

    # ------------------------------------------------------------------ the synced state

    def state(self) -> dict[str, Any]:
        """Everything the editor's panel shows, as JSON data: the lesson, the steps, the
        board (every rank shown), the palette, the form, record mode, the check.

        Example:
            >>> state = EditorSession().state()
            >>> state["board"]["pieces"], state["recording"], state["form"]["par"]
            ({}, False, '1')
        """
        try:
            game: Game | None = self.game()
        except LessonError:
            game = None
        return {**panel_view(self._draft, self._step, game, recording=self._record is not None),
                "file": self.path.name if self.path is not None else None,
                "courses": folder_courses(self.path, self._draft.get("course")),
                "saved": self.saved, "checks": self.checks(), "summary": self.summary()}

    # ------------------------------------------------------------------ internals

    def _idle(self) -> None:
        if self._record is not None:
            raise refusal("Recording a solution: press Stop before changing the step.")

    def _replace(self, draft: dict[str, Any], *, step: int | None = None,
                 record: StepState | None = None) -> None:
        """Take ``draft`` (a new draft, from an edit that succeeded), edit step ``step`` (the
        same one if None) and keep recording with ``record`` (None: not recording)."""
        self._draft = draft
        self._step = self._step if step is None else step
        self._record = record
        self.saved = False
        self._refresh()

    def _refresh(self) -> None:
        """Read the draft as a lesson and check it, for the panel."""
        self._lesson, self._items = live_check(self._draft, self._step, source=self._source(),
                                               languages=self.languages,
                                               rulebooks=self.rulebooks)
        self._changed()

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _source(self) -> str:
        return self.path.name if self.path is not None else "<draft>"


#: How each browser message of ``editor_messages`` is carried out: the session's method and
#: the message's fields it is given, in order. The one place a message meets the session.
HANDLERS: Mapping[str, tuple[Callable[..., object], tuple[str, ...]]] = MappingProxyType({
    "editor_place": (EditorSession.place, ("square", "side", "kind")),
    "editor_remove": (EditorSession.remove, ("square",)),
    "editor_mark": (EditorSession.mark, ("square", "mark")),
    "editor_to_move": (EditorSession.set_to_move, ("side",)),
    "editor_ruleset": (EditorSession.set_ruleset, ("spec",)),
    "editor_lesson": (EditorSession.set_lesson, ("field", "value")),
    "editor_field": (EditorSession.set_field, ("field", "value")),
    "editor_feedback": (EditorSession.set_feedback, ("key", "value")),
    "editor_step": (EditorSession.select, ("step",)),
    "editor_add_step": (EditorSession.add_step, ()),
    "editor_remove_step": (EditorSession.remove_step, ()),
    "editor_record": (EditorSession.record, ()),
    "editor_stop": (EditorSession.stop, ()),
    "editor_move": (EditorSession.move, ("from", "to")),
    "editor_save": (EditorSession.save, ()),
    "editor_play": (EditorSession.play, ("action",)),
    "editor_kind": (EditorSession.set_kind, ("kind",)),
    "editor_choice": (EditorSession.set_choice, ("choice", "value")),
    "editor_answer": (EditorSession.set_answer, ("choice",)),
    "editor_tray": (EditorSession.set_tray, ("value",)),
    "editor_area": (EditorSession.toggle_area, ("square",)),
    "editor_goal": (EditorSession.set_goal, ("check", "value")),
    "editor_goal_remove": (EditorSession.remove_goal, ("check",)),
})
