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

The draft is a table in the shape of a lesson file (``docs/lessons.md``), so a draft that is
not a lesson yet (no goal, no solution) can be edited, saved and opened; the check says what it
still lacks. Every action that cannot be carried out raises
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
import tomllib
from collections.abc import Callable, Mapping
from typing import Any

from ...engine import pieces as P
from ...engine.errors import ProtocolError, StrategoError
from ...engine.game import Game
from ...engine.reading import check_text, parse_toml, read_text
from ...engine.rulesets import Ruleset, ruleset, ruleset_names
from ...locales import rule_statement
from ...widget.protocol import PROTOCOL, check_message
from ...widget.view import board_view, rules_view
from ..checker import check
from ..errors import LessonError
from ..model.goals import MAX_SURVIVE, Goal, Survive, parse_goal
from ..model.lesson import MAX_FILE_BYTES, MAX_PAR, MAX_PIECES, MAX_STEPS, MAX_TEXT, Lesson
from ..model.library import COURSE_FILE
from ..playing.run import StepState, apply_action
from ..model.steps import Reply, Step
from ..model.text import Text, bad_character, printable, shown
from ..model.writer import dumps, lesson_data, write_text

#: The languages an editor's draft must have: English (a draft; other languages are kept).
DRAFT_LANGUAGES: tuple[str, ...] = ("en",)
#: The rule id of every refusal of the editor.
RULE = "lesson-editor"
#: The step texts the form edits (English; the other languages of an opened lesson stay).
TEXT_FIELDS = ("instruction", "hint", "success")
#: Every field of the form: the texts, then the goal, par, citation and quote.
FORM_FIELDS = (*TEXT_FIELDS, "goal", "par", "cite", "quote")
#: The marks a piece may carry at the start of a step.
MARKS = ("revealed", "moved")
#: The lesson id no lesson may have: its file would be the course folder's ``course.toml``.
RESERVED_ID = COURSE_FILE.removesuffix(".toml")
#: The browser's messages to the editor (protocol.json's ``editor_messages``).
EDITOR_MESSAGES: dict[str, dict[str, dict[str, Any]]] = PROTOCOL["editor_messages"]


def _fail(message: str) -> LessonError:
    return LessonError(RULE, message)


def new_step() -> dict[str, Any]:
    """A new, empty move step of a draft: Red to move, no pieces, par 1.

    Example:
        >>> new_step()["to_move"], new_step()["pieces"]
        ('red', {})
    """
    return {"pieces": {}, "to_move": "red", "instruction": {"en": ""}, "par": 1,
            "solution": [], "success": {"en": ""}}


def _blank(value: Any) -> bool:
    """Whether a draft value says nothing (an empty text or a table of empty texts)."""
    if isinstance(value, Mapping):
        return not any(value.values())
    return value in ("", [], None)


def draft_text(draft: Mapping[str, Any]) -> str:
    """A draft as lesson-file text: empty texts and lists left out, so a half-made step says
    what it lacks when it is read.

    Example:
        >>> print(draft_text({"id": "x", "steps": [new_step()]}).strip())
        id = "x"
        <BLANKLINE>
        [[steps]]
        pieces = {}
        to_move = "red"
        par = 1
    """
    data = {key: value for key, value in draft.items() if key != "steps"}
    data["steps"] = [{key: value for key, value in step.items()
                      if not _blank(value) or key == "pieces"}
                     for step in draft.get("steps", [])]
    return dumps(data)


def _replies(raw: Any) -> tuple[Reply, ...]:
    """A draft's replies as the run takes them (anything else: none)."""
    if not isinstance(raw, list):
        return ()
    replies = []
    for item in raw:
        if isinstance(item, str):
            replies.append(Reply(item))
        elif isinstance(item, Mapping):
            replies.append(Reply(item.get("*"), {k: v for k, v in item.items() if k != "*"}))
    return tuple(replies)


class EditorSession:
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
            data: dict[str, Any] = {"id": "my-lesson", "title": {"en": "My lesson"},
                                    "ruleset": "original", "covers": [], "steps": [new_step()]}
        elif isinstance(lesson, Lesson):
            data = lesson_data(lesson)
        else:
            data = _shaped(copy.deepcopy(dict(lesson)), "<draft>")
        self._draft = data
        self.path = pathlib.Path(path) if path is not None else None
        # the file opened or saved: the one file that exists Save may replace unasked
        self._own = self.path if opened else None
        self.rulebooks = rulebooks
        self.languages = languages
        self._step = 0
        self._record: StepState | None = None
        self._lesson: Lesson | None = None
        self._problem: str | None = None
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
        text = read_text(path, limit=MAX_FILE_BYTES, error=LessonError, rule=RULE,
                         what="a lesson file")
        name = pathlib.Path(path).name
        try:
            lesson = Lesson.from_text(text, source=name, languages=languages)
        except LessonError:
            data = _shaped(parse_toml(text, error=LessonError, rule=RULE, source=name), name)
            editor = cls(data, path=path, rulebooks=rulebooks, languages=languages,
                         opened=True)
        else:
            editor = cls(lesson, path=path, rulebooks=rulebooks, languages=languages,
                         opened=True)
        editor.saved = True
        return editor

    def text(self) -> str:
        """The draft as lesson-file text (what :meth:`save` writes).

        Example:
            >>> EditorSession().text().splitlines()[0]
            'id = "my-lesson"'
        """
        return draft_text(self._draft)

    def save(self, path: str | pathlib.Path | None = None, *,
             overwrite: bool = False) -> pathlib.Path:
        """Write the draft as a ``.toml`` lesson file (to ``path``, else where it was opened,
        else ``<lesson id>.toml`` in the working folder, beside the notebook) and return the
        path; a draft with problems is saved too (the check says what is left).

        The file is written whole or not at all (a new file beside it, moved in its place),
        and a missing folder is made. A file that exists is written over only when it is the
        one this editor opened or saved, or with ``overwrite=True``; never ``course.toml``,
        the file of a course folder's course. A text no file can hold (a lone surrogate, as
        a browser may send) is refused, naming its field. Every refusal is a one-line
        LessonError and leaves the file as it was.

        Example:
            >>> import contextlib, tempfile
            >>> folder = pathlib.Path(tempfile.mkdtemp())
            >>> with contextlib.chdir(folder):
            ...     print(EditorSession().save().name)
            my-lesson.toml
            >>> EditorSession().save(folder / "my-lesson.toml")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: my-lesson.toml exists and is not the file this editor opened: give another file, or save(path, overwrite=True) to write over it.
            >>> EditorSession().save("notes.txt")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: No file to save to: give a path ending in .toml.
        """
        target = pathlib.Path(path) if path is not None else self.path
        lesson_id = str(self.draft.get("id", ""))
        if target is None and lesson_id.replace("-", "").isalnum() and lesson_id.isascii():
            target = pathlib.Path(f"{lesson_id}.toml")
        if target is None or target.suffix != ".toml":
            raise _fail("No file to save to: give a path ending in .toml.")
        if target.name == COURSE_FILE:
            raise _fail(f"A lesson is not saved as {COURSE_FILE}: that file names a course "
                        "folder's course; give another file name.")
        problem = _unwritable(self._draft)
        if problem is not None:
            raise _fail(printable(f"Cannot save {target.name}: {problem}."))
        mine = self._own is not None and _same_file(self._own, target)
        try:
            write_text(target, self.text(), replace=overwrite or mine)
        except FileExistsError:
            raise _fail(printable(
                f"{target.name} exists and is not the file this editor opened: give another "
                "file, or save(path, overwrite=True) to write over it.")) from None
        except OSError as error:
            raise _fail(printable(f"Cannot write {target.name}: "
                                  f"{error.strerror or error}.")) from None
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
        return _step_rules(self._draft, self._draft["steps"][self._step])

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
        return _start_game(self._draft, self._draft["steps"][self._step])

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
        found = {item["check"]: item["ok"] for item in self._items}
        solvable = None if "solution" not in found else bool(found["solution"] and
                                                             found.get("par"))
        return {"solvable": solvable, "start": found.get("start"), "hints": found.get("hints")}

    def on_change(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` after every change (the widget sends its state then).

        Example:
            >>> editor, seen = EditorSession(), []
            >>> editor.on_change(lambda: seen.append(1)); editor.add_step(); seen
            [1]
        """
        self._listeners.append(callback)

    # ------------------------------------------------------------------ the lesson

    def set_lesson(self, field: str, value: str) -> None:
        """Set the lesson's ``id`` (letters, digits, dashes) or its English ``title``.

        Example:
            >>> editor = EditorSession(); editor.set_lesson("id", "scouting")
            >>> editor.draft["id"]
            'scouting'
        """
        value = _text_value(value, f"the lesson's {field}")
        if field == "id":
            if not value or not value.replace("-", "").isalnum() or len(value) > 64:
                raise _fail(f"A lesson id is letters, digits and dashes, not {shown(value)}.")
            if value == RESERVED_ID:
                raise _fail(f"The lesson id {RESERVED_ID!r} is reserved: {COURSE_FILE} is the "
                            "file that names a course folder's course.")
            self._edit(lambda d: d.__setitem__("id", value))
        elif field == "title":
            if not value.strip():
                raise _fail("A lesson needs a title.")
            self._edit(lambda d: d.__setitem__("title", {**_texts(d.get("title")), "en": value}))
        else:
            raise _fail(f"The lesson has no field {shown(field)} to set here; fields: id, title.")

    def set_ruleset(self, spec: str) -> None:
        """Play the lesson under another shipped ruleset (the step's pieces must fit it).

        Example:
            >>> editor = EditorSession(); editor.set_ruleset("barrage")
            >>> editor.rules().name
            'barrage'
            >>> editor.set_ruleset("chess")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Unknown ruleset 'chess'; rulesets: classic-1961, onyx-2009, hasbro-1999, sci-fi-2013, sci-fi-2013-duel, original, barrage, duel, ultimate-lightning.
        """
        self._idle()
        if not isinstance(spec, str) or (spec not in ruleset_names()
                                         and spec != self._draft.get("ruleset")):
            raise _fail(f"Unknown ruleset {shown(spec)}; rulesets: {', '.join(ruleset_names())}.")

        def change(draft: dict[str, Any]) -> None:
            draft["ruleset"] = spec
            step = draft["steps"][self._step]
            step.pop("ruleset", None)
            _start_game(draft, step)  # the pieces must fit the new board

        self._edit(change)

    # ------------------------------------------------------------------ steps

    def select(self, index: int) -> None:
        """Edit step ``index`` (0-based).

        Example:
            >>> editor = EditorSession(); editor.add_step(); editor.select(0)
            >>> editor.step_index
            0
        """
        self._idle()
        steps = self._draft["steps"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(steps):
            raise _fail(f"There is no step {shown(index)}; steps are 0 to {len(steps) - 1}.")
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
        if len(self._draft["steps"]) >= MAX_STEPS:
            raise _fail(f"A lesson has at most {MAX_STEPS} steps.")
        self._draft["steps"].insert(self._step + 1, new_step())
        self._step += 1
        self._touched()

    def remove_step(self) -> None:
        """Delete the step being edited (a lesson keeps at least one).

        Example:
            >>> EditorSession().remove_step()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: A lesson keeps at least one step.
        """
        self._idle()
        if len(self._draft["steps"]) <= 1:
            raise _fail("A lesson keeps at least one step.")
        del self._draft["steps"][self._step]
        self._step = min(self._step, len(self._draft["steps"]) - 1)
        self._touched()

    # ------------------------------------------------------------------ the position

    def place(self, square: str, side: str, kind: str) -> None:
        """Put a piece of ``side`` and ``kind`` on ``square`` (replacing what stood there).

        Example:
            >>> editor = EditorSession(); editor.place("e4", "blue", "major")
            >>> editor.step_draft["pieces"]
            {'e4': 'blue major'}
            >>> editor.place("c5", "red", "scout")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: c5 is in a lake; no piece can stand there.
        """
        self._idle()
        rules = self.rules()
        square = self._square(square, rules)
        if side not in P.PLAYER_NAMES:
            raise _fail(f"A side is red or blue, not {shown(side)}.")
        kinds = [P.KIND_NAMES[k] for k in rules.army_kinds]
        if kind not in kinds:
            raise _fail(f"{shown(kind)} is not a piece of {rules.title}; pieces: "
                        f"{', '.join(kinds)}.")

        def change(draft: dict[str, Any]) -> None:
            step = draft["steps"][self._step]
            pieces = step.setdefault("pieces", {})
            if square not in pieces and len(pieces) >= MAX_PIECES:
                raise _fail(f"A step has at most {MAX_PIECES} pieces.")
            pieces[square] = f"{side} {kind}"
            _unmark(step, square)
            _start_game(draft, step)

        self._edit(change)

    def remove(self, square: str) -> None:
        """Take the piece on ``square`` off the board (with its marks).

        Example:
            >>> editor = EditorSession(); editor.remove("e4")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: There is no piece on e4 to take off.
        """
        self._idle()
        square = self._square(square, self.rules())
        if square not in self._draft["steps"][self._step].get("pieces", {}):
            raise _fail(f"There is no piece on {square} to take off.")

        def change(draft: dict[str, Any]) -> None:
            step = draft["steps"][self._step]
            del step["pieces"][square]
            _unmark(step, square)

        self._edit(change)

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
        if mark not in MARKS:
            raise _fail(f"A mark is revealed or moved, not {shown(mark)}.")
        square = self._square(square, self.rules())
        step = self._draft["steps"][self._step]
        piece = step.get("pieces", {}).get(square)
        if piece is None:
            raise _fail(f"There is no piece on {square} to mark as {mark}.")
        if mark == "revealed" and piece.split()[0] == step.get("to_move", "red"):
            raise _fail(f"The piece on {square} is the learner's own: only an enemy piece is "
                        "marked as revealed.")

        def change(draft: dict[str, Any]) -> None:
            marks = draft["steps"][self._step].setdefault(mark, [])
            if square in marks:
                marks.remove(square)
            else:
                marks.append(square)
            _start_game(draft, draft["steps"][self._step])

        self._edit(change)

    def set_to_move(self, side: str) -> None:
        """Choose the side to move (the learner's side).

        Example:
            >>> editor = EditorSession(); editor.set_to_move("blue")
            >>> editor.step_draft["to_move"]
            'blue'
        """
        self._idle()
        if side not in P.PLAYER_NAMES:
            raise _fail(f"A side is red or blue, not {shown(side)}.")
        self._edit(lambda d: d["steps"][self._step].__setitem__("to_move", side))

    # ------------------------------------------------------------------ the form

    def set_field(self, name: str, value: str) -> None:
        """Set a field of the step from the form's text: ``instruction``, ``hint``,
        ``success`` (English), ``goal`` (a goal table, ``capture = "b7"``), ``par`` (a whole
        number), ``cite`` or ``quote``. An empty text clears the field.

        Example:
            >>> editor = EditorSession(); editor.set_field("par", "2")
            >>> editor.step_draft["par"]
            2
            >>> editor.set_field("goal", "jump = 3")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: The goal is not usable: unknown goal 'jump'; goals: reach, removed, remains, leave, reveal, capture, win, survive, refused, answer, rescue, all, any, placed, flag_back_row, flag_guarded, bomb_beside_flag, valid_setup.
        """
        self._idle()
        if name not in FORM_FIELDS:
            raise _fail(f"The form has no field {shown(name)}; fields: {', '.join(FORM_FIELDS)}.")
        value = _text_value(value, name)
        stored: Any
        if name in TEXT_FIELDS:
            stored = {**_texts(self._draft["steps"][self._step].get(name)), "en": value}
            if not value:
                stored = None if name == "hint" else stored
        elif name == "goal":
            stored = _goal_table(value) if value.strip() else None
        elif name == "par":
            stored = _par(value)
        else:
            stored = value if value.strip() else None

        def change(draft: dict[str, Any]) -> None:
            step = draft["steps"][self._step]
            if stored is None:
                step.pop(name, None)
            else:
                step[name] = stored

        self._edit(change)

    def set_feedback(self, key: str, value: str) -> None:
        """The step's own sentence (English) for a rule id, an answer, a move or a square the
        learner moves to; an empty text removes it.

        Example:
            >>> editor = EditorSession(); editor.set_feedback("diagonal", "Straight lines only.")
            >>> editor.step_draft["feedback"]
            {'diagonal': {'en': 'Straight lines only.'}}
        """
        self._idle()
        key = _text_value(key, "the feedback's key").strip()
        value = _text_value(value, "the feedback")
        if not key or len(key) > 64:
            raise _fail("Feedback needs a key: a rule id (diagonal), an answer, a move or a "
                        "square.")

        def change(draft: dict[str, Any]) -> None:
            feedback = draft["steps"][self._step].setdefault("feedback", {})
            if value:
                feedback[key] = {**_texts(feedback.get(key)), "en": value}
            else:
                feedback.pop(key, None)
            if not feedback:
                del draft["steps"][self._step]["feedback"]

        self._edit(change)

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
        step = self._draft["steps"][self._step]
        if step.get("kind", "move") != "move":
            raise _fail(f"A {step.get('kind')} step is answered in the panel, not played: "
                        "write its solution in the lesson file.")
        game = _start_game(self._draft, step)
        side = step.get("to_move", "red")
        if not any(owner == side for owner, _ in game.pieces().values()):
            raise _fail(f"Place the pieces first: no piece of {side.capitalize()} (to move) is "
                        "on the board.")
        try:
            state = StepState.start(_record_step(self._draft, step, self._step))
            met = state.met()
        except LessonError:
            raise
        except StrategoError as error:  # a goal naming a square the board has not, ...
            raise _fail(f"The step's goal cannot be checked on this board: {error}") from None
        if met:
            raise _fail("The goal is already met before the learner acts: change the goal or "
                        "the position first.")
        step["solution"] = []
        self._record = state
        self.saved = False
        self._refresh()

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
            raise _fail("Press Record first: moves are recorded only in record mode.")
        text = _text_value(move, "the move").strip()
        step = self._draft["steps"][self._step]
        if len(step.get("solution", [])) >= MAX_PAR:
            raise _fail(f"A solution has at most {MAX_PAR} actions.")
        trial = self._record.copy()
        try:
            result = apply_action(trial, text)
        except StrategoError as error:
            raise _fail(f"{text} is refused: {error}") from None
        if not result.accepted:
            reason = result.english or rule_statement(result.rule or "", "en") or result.rule
            raise _fail(f"{text} is refused ({result.rule}): {reason}")
        if result.failed:
            raise _fail(f"{text} loses the step's goal: record another move.")
        self._record = trial
        step["solution"] = list(trial.played)
        if result.solved:
            self._record = None
            if len(step["solution"]) > step.get("par", 0):
                step["par"] = len(step["solution"])
        self._touched()

    def stop(self) -> None:
        """Leave record mode, keeping the moves recorded as the solution.

        Example:
            >>> editor = EditorSession(); editor.stop()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Not recording: press Record to record a solution.
        """
        if self._record is None:
            raise _fail("Not recording: press Record to record a solution.")
        self._record = None
        self._touched()

    # ------------------------------------------------------------------ messages

    def handle(self, message: Any) -> None:
        """Carry out one browser message of ``editor_messages`` (protocol.json); anything
        else, or an action that cannot be done, raises LessonError and changes nothing.

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
        kind = check_editor_message(message)
        actions: dict[str, Callable[[dict[str, Any]], object]] = {
            "editor_place": lambda m: self.place(m["square"], m["side"], m["kind"]),
            "editor_remove": lambda m: self.remove(m["square"]),
            "editor_mark": lambda m: self.mark(m["square"], m["mark"]),
            "editor_to_move": lambda m: self.set_to_move(m["side"]),
            "editor_ruleset": lambda m: self.set_ruleset(m["spec"]),
            "editor_lesson": lambda m: self.set_lesson(m["field"], m["value"]),
            "editor_field": lambda m: self.set_field(m["field"], m["value"]),
            "editor_feedback": lambda m: self.set_feedback(m["key"], m["value"]),
            "editor_step": lambda m: self.select(m["step"]),
            "editor_add_step": lambda m: self.add_step(),
            "editor_remove_step": lambda m: self.remove_step(),
            "editor_record": lambda m: self.record(),
            "editor_stop": lambda m: self.stop(),
            "editor_move": lambda m: self.play(f"{m['from']}-{m['to']}"),
            "editor_save": lambda m: self.save(),
        }
        actions[kind](message)

    # ------------------------------------------------------------------ the synced state

    def state(self) -> dict[str, Any]:
        """Everything the editor's panel shows, as JSON data: the lesson, the steps, the
        board (every rank shown), the palette, the form, record mode, the check.

        Example:
            >>> state = EditorSession().state()
            >>> state["board"]["pieces"], state["recording"], state["form"]["par"]
            ({}, False, '1')
        """
        step = self._draft["steps"][self._step]
        rules = self.rules()
        try:
            game = self.game()
            board = board_view(game, "both", "en")
            pieces, last = board["pieces"], board["last_move"]
            to_move = game.to_move if self._record is not None else step.get("to_move", "red")
        except LessonError:
            pieces, last, to_move = {}, None, step.get("to_move", "red")
        goal = step.get("goal")
        form = {name: _texts(step.get(name)).get("en", "") for name in TEXT_FIELDS}
        form |= {"goal": _goal_text(goal) if isinstance(goal, Mapping) else "",
                 "par": str(step.get("par", "")), "cite": str(step.get("cite", "")),
                 "quote": str(step.get("quote", ""))}
        rulesets = ruleset_names()
        spec = str(self._draft.get("ruleset", ""))
        return {
            "lesson": {"id": str(self._draft.get("id", "")),
                       "title": _texts(self._draft.get("title")).get("en", ""),
                       "ruleset": spec,
                       "rulesets": rulesets if spec in rulesets else [spec, *rulesets]},
            "file": self.path.name if self.path is not None else None,
            "saved": self.saved,
            "steps": len(self._draft["steps"]),
            "step": self._step,
            "kind": str(step.get("kind", "move")),
            "rules": rules_view(rules, "marshal-high"),
            "board": {"pieces": pieces, "last_move": last, "to_move": to_move,
                      "learner": step.get("to_move", "red")},
            "palette": [P.KIND_NAMES[k] for k in rules.army_kinds],
            "form": form,
            "feedback": {str(key): _texts(value).get("en", "")
                         for key, value in (step.get("feedback") or {}).items()},
            "recording": self._record is not None,
            "solution": [str(action) for action in step.get("solution", [])],
            "checks": self.checks(),
            "summary": self.summary(),
        }

    # ------------------------------------------------------------------ internals

    def _idle(self) -> None:
        if self._record is not None:
            raise _fail("Recording a solution: press Stop before changing the step.")

    def _square(self, square: Any, rules: Ruleset) -> str:
        if not isinstance(square, str):
            raise _fail(f"A square is a name such as e4, not {shown(square)}.")
        try:
            index = rules.geometry.index(square)
        except (StrategoError, ValueError, KeyError, IndexError):
            raise _fail(f"{shown(square)} is not a square of the {rules.title} board.") from None
        if index in rules.geometry.lakes:
            raise _fail(f"{square} is in a lake; no piece can stand there.")
        return rules.geometry.name(index)

    def _edit(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Apply ``change`` to a copy of the draft; keep it only when nothing was refused."""
        trial = copy.deepcopy(self._draft)
        try:
            change(trial)
        except StrategoError as error:
            raise error if isinstance(error, LessonError) else _fail(str(error)) from None
        if len(draft_text(trial)) > MAX_FILE_BYTES:
            raise _fail(f"A lesson file has at most {MAX_FILE_BYTES:,} characters.")
        self._draft = trial
        self._touched()

    def _touched(self) -> None:
        self.saved = False
        self._refresh()

    def _refresh(self) -> None:
        """Read the draft as a lesson and check it, for the panel."""
        try:
            lesson = Lesson.from_text(draft_text(self._draft), source=self._source(),
                                      languages=self.languages)
        except LessonError as error:
            self._lesson = None
            self._items = [{"step": 0, "check": "format", "ok": False, "message": str(error)}]
        else:
            self._lesson = lesson
            report = check(lesson, rulebooks=self.rulebooks)  # in the lesson's languages
            self._items = [{"step": item.step, "check": item.check, "ok": item.ok,
                            "message": item.message} for item in report.items
                           if item.step in (0, self._step + 1)]
        self._changed()

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _source(self) -> str:
        return self.path.name if self.path is not None else "<draft>"


# ---------------------------------------------------------------------- helpers


def check_editor_message(message: Any) -> str:
    """Check a browser message against protocol.json's ``editor_messages`` (with the board's
    own checker, :func:`~stratego_widget.widget.protocol.check_message`); return its type or
    raise LessonError (rule ``"lesson-editor"``) saying what is wrong.

    Example:
        >>> check_editor_message({"type": "editor_record"})
        'editor_record'
        >>> check_editor_message({"type": "editor_mark", "square": "e4", "mark": "hidden"})
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: The 'editor_mark' message's 'mark' ('hidden') must be one of revealed, moved.
    """
    try:
        return check_message(message, None, known=EDITOR_MESSAGES)
    except ProtocolError as error:
        raise _fail(error.message) from None


#: The form's fields that may hold several lines (the others are one line).
_LINES_FIELDS = ("instruction", "hint", "success", "goal", "quote", "the feedback")


def _text_value(value: Any, name: str) -> str:
    """``value`` if it is a text the field ``name`` may hold, else a one-line LessonError
    naming the field (a control character, a lone surrogate, a line break in a one-line
    field, or too long a text)."""
    if not isinstance(value, str):
        raise _fail(f"{name.capitalize()} must be text, not {type(value).__name__}.")
    if len(value) > MAX_TEXT:
        raise _fail(f"{name.capitalize()} has {len(value):,} characters; a text has at most "
                    f"{MAX_TEXT:,}.")
    problem = bad_character(value, one_line=name not in _LINES_FIELDS)
    if problem is not None:
        raise _fail(printable(f"{name.capitalize()} {problem}."))
    return value


def _texts(value: Any) -> dict[str, str]:
    """A draft text as its table of languages (a single string is English)."""
    if isinstance(value, str):
        return {"en": value}
    if isinstance(value, Mapping):
        return {str(k): str(v) for k, v in value.items() if isinstance(v, str)}
    return {}


def _goal_table(text: str) -> dict[str, Any]:
    """A goal typed in the form (``capture = "b7"`` or ``{ capture = "b7" }``) as its table."""
    inner = text.strip()
    if inner.startswith("{") and inner.endswith("}"):
        inner = inner[1:-1]
    try:
        data = tomllib.loads("goal = { " + inner.replace("\n", " ") + " }")["goal"]
    except tomllib.TOMLDecodeError:
        raise _fail(f"The goal {shown(text)} is not a goal table such as capture = \"b7\".") \
            from None
    try:
        parse_goal(data)
    except ValueError as error:
        raise _fail(f"The goal is not usable: {error}.") from None
    return dict(data)


def _goal_text(goal: Mapping[str, Any]) -> str:
    """A goal table as the form shows it: ``capture = "b7"``."""
    text = dumps(dict(goal)).strip()
    return ", ".join(line for line in text.splitlines() if line)


def _par(text: str) -> int:
    try:
        par = int(text.strip())
    except ValueError:
        raise _fail(f"Par is a whole number from 1 to {MAX_PAR}, not {shown(text)}.") from None
    if not 1 <= par <= MAX_PAR:
        raise _fail(f"Par is a whole number from 1 to {MAX_PAR}, not {par}.")
    return par


def _unmark(step: dict[str, Any], square: str) -> None:
    for mark in MARKS:
        if square in step.get(mark, []):
            step[mark].remove(square)


def _step_rules(draft: Mapping[str, Any], step: Mapping[str, Any]) -> Ruleset:
    """The ruleset a draft's step is played under."""
    params = draft.get("params", {})
    own = step.get("params", {})
    try:
        return ruleset(str(step.get("ruleset", draft.get("ruleset", "original"))),
                       **(dict(params) | dict(own)))
    except (StrategoError, TypeError) as error:
        raise _fail(f"The ruleset is not usable: {error}") from None


def _start_game(draft: Mapping[str, Any], step: Mapping[str, Any]) -> Game:
    """A draft step's start position as a game; a LessonError when it is not one."""
    try:
        return Game.from_pieces(
            _step_rules(draft, step), dict(step.get("pieces", {})),
            to_move=str(step.get("to_move", "red")),
            captured={side: list(kinds) for side, kinds in (step.get("captured") or {}).items()},
            revealed=list(step.get("revealed", [])), moved=list(step.get("moved", [])))
    except LessonError:
        raise
    except (StrategoError, TypeError, ValueError, AttributeError) as error:
        raise _fail(f"The pieces do not make a position: {error}") from None


def _record_goal(step: Mapping[str, Any]) -> Goal:
    """The draft step's goal, or one never met (recording before the goal is written)."""
    try:
        return parse_goal(step["goal"])
    except (KeyError, ValueError):
        return Survive(MAX_SURVIVE)


def _record_step(draft: Mapping[str, Any], raw: Mapping[str, Any], index: int) -> Step:
    """The draft step as a step the run can play (texts and citation do not matter here)."""
    rules = _step_rules(draft, raw)
    params = dict(draft.get("params", {})) | dict(raw.get("params", {}))
    empty = Text({"en": ""})
    opponent = raw.get("opponent")
    return Step(
        index=index, kind="move", ruleset_spec=str(raw.get("ruleset", draft["ruleset"])),
        params=params,
        pieces=dict(raw.get("pieces", {})), revealed=tuple(raw.get("revealed", [])),
        moved=tuple(raw.get("moved", [])),
        captured={side: tuple(kinds) for side, kinds in (raw.get("captured") or {}).items()},
        to_move=str(raw.get("to_move", "red")), instruction=empty, goal=_record_goal(raw),
        par=MAX_PAR, solution=("pass",), success=empty, cite="", quote="",
        source=rules.edition, replies=_replies(raw.get("replies")),
        only=tuple(raw.get("only", [])), opponent=opponent if isinstance(opponent, str) else None)


def _same_file(one: pathlib.Path, other: pathlib.Path) -> bool:
    """Whether two paths name the same file (the same path, or the same file on disk)."""
    try:
        return one.resolve() == other.resolve() or one.samefile(other)
    except OSError:
        return False


def _unwritable(draft: Mapping[str, Any]) -> str | None:
    """Where the draft holds a text no file can hold (a lone surrogate, in a value or a
    key), as words naming the step and the field; None when every text can be written."""
    todo: list[tuple[tuple[str, ...], Any]] = [((), draft)]
    while todo:
        path, value = todo.pop()
        texts = [(path, value)] if isinstance(value, str) else \
            [((*path, str(key)), str(key)) for key in value] if isinstance(value, Mapping) \
            else []
        for where, text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as error:
                return (f"{_field_name(where)} holds {text[error.start]!r} at position "
                        f"{error.start + 1}, which no file can hold (a lone surrogate)")
        if isinstance(value, Mapping):
            todo.extend(((*path, str(key)), item) for key, item in value.items())
        elif isinstance(value, list):
            todo.extend(((*path, str(n)), item) for n, item in enumerate(value))
    return None


def _field_name(path: tuple[str, ...]) -> str:
    """The words naming the value at ``path`` in a draft: ``step 2, field 'hint.en'``."""
    if path[:1] == ("steps",) and len(path) > 1 and path[1].isdigit():
        return f"step {int(path[1]) + 1}, field {'.'.join(path[2:]) or 'steps'!r}"
    return f"field {'.'.join(path)!r}"


def _shaped(data: Any, source: str) -> dict[str, Any]:
    """A draft read from a file that is not a lesson yet: the shape the editor needs (a
    table with a list of step tables, each with a table of pieces), else LessonError."""
    if not isinstance(data, dict):
        raise _fail(f"{source}: a lesson draft is a TOML table.")
    steps = data.get("steps", [])
    if not isinstance(steps, list) or len(steps) > MAX_STEPS or not all(
            isinstance(step, dict) for step in steps):
        raise _fail(f"{source}: 'steps' must be a list of at most {MAX_STEPS} [[steps]] tables.")
    for n, step in enumerate(steps, 1):
        pieces = step.get("pieces", {})
        if not isinstance(pieces, dict) or not all(isinstance(v, str) for v in pieces.values()):
            raise _fail(f"{source}: step {n}, field 'pieces' must be a table of squares.")
        for name in MARKS:
            marks = step.get(name, [])
            if not isinstance(marks, list) or not all(isinstance(v, str) for v in marks):
                raise _fail(f"{source}: step {n}, field {name!r} must be a list of squares.")
    data["steps"] = steps or [new_step()]
    data.setdefault("id", "my-lesson")
    data.setdefault("ruleset", "original")
    check_text(draft_text(data), limit=MAX_FILE_BYTES, error=LessonError, rule=RULE,
               source=source, what="a lesson is TOML text")
    return data
