"""A lesson on the live board: :class:`LessonWidget`, the notebook board with a lesson panel.

The board is the project's :class:`~stratego_widget.widget.StrategoWidget`; every click still
becomes a proposal that Python decides. Here each move goes through the lesson's
:class:`~stratego_widget.lessons.LessonRun` instead of straight to the engine, so a move the
step does not accept is refused and explained (the board stays as it was), and a solved step
moves on to the next step's position. Answers, placements, hints, retry, next and going to a
step are the panel's own messages (``lesson_answer``, ``lesson_place``, ``lesson_hint``,
``lesson_retry``, ``lesson_next``, ``lesson_goto``), checked here like every browser message.

The synced trait ``lesson`` carries the panel (:meth:`LessonRun.panel`), the panel's state
(``playing``, ``solved`` or ``finished``) and the last feedback with the square it refers to.
The board shows the step's game as the learner sees it: an enemy piece the learner has not
seen is sent as unknown, also when a step's position is a game that has already ended.

Example:
    >>> from stratego_widget.lessons import LessonWidget
    >>> w = LessonWidget("scout")
    >>> w.lesson["panel"]["step"], w.view["viewer"]
    (0, 'red')
    >>> w.handle({"type": "move", "from": "b2", "to": "c3"})   # a diagonal: refused
    >>> w.lesson["feedback"]["rule"], w.game.piece_at("b2")
    ('diagonal', ('red', 'scout'))
    >>> w.handle({"type": "move", "from": "b2", "to": "b7"})
    >>> w.lesson["state"], w.lesson["panel"]["step"], w.run.stars[0]
    ('solved', 1, 3)
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import traitlets

from ..engine import pieces as P
from ..engine.errors import IllegalMoveError, ProtocolError, StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..locales import LANGUAGES
from ..widget import StrategoWidget
from ..widget.protocol import bounded, check_message, short
from ..widget.static import front_end
from ..widget.view import battles_view, board_view
from .errors import LessonError
from .lesson import Lesson
from .library import catalog
from .run import Feedback, LessonRun

log = logging.getLogger(__name__)

_ESM, _CSS = front_end("lesson_widget.js", "widget.css", "lesson_widget.css")

#: The lesson panel's messages: each field and its value type ("square", "kind", "name" or
#: "step"). Anything else is refused with a ProtocolError, as for the board's own messages.
LESSON_MESSAGES: dict[str, dict[str, str]] = {
    "lesson_hint": {},
    "lesson_retry": {},
    "lesson_next": {},
    "lesson_goto": {"step": "step"},
    "lesson_answer": {"choice": "name"},
    "lesson_place": {"kind": "kind", "square": "square"},
}
_LENGTHS = {"square": 4, "kind": 12, "name": 64}

#: Board messages that make no sense in a lesson (``new_game`` starts the step again).
_NOT_IN_LESSONS = ("resign",)


def check_lesson_message(message: dict[str, Any], game: Game, steps: int) -> str:
    """Check a lesson panel message; return its type or raise :class:`ProtocolError`.

    Example:
        >>> from stratego_widget import Game
        >>> game = Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"})
        >>> check_lesson_message({"type": "lesson_goto", "step": 1}, game, 3)
        'lesson_goto'
        >>> try:
        ...     check_lesson_message({"type": "lesson_place", "kind": "x" * 500, "square": "a1"},
        ...                          game, 3)
        ... except ProtocolError as error:
        ...     print(error.rule, len(str(error)) < 200)
        protocol-value True
    """
    kind = str(message.get("type"))
    fields = LESSON_MESSAGES[kind]
    extra = [name for name in message if name != "type" and name not in fields]
    if extra:
        names = ", ".join(short(name, 24) for name in sorted(map(str, extra))[:3])
        raise ProtocolError("protocol-field", f"Unexpected field(s) {names} in {kind!r}.")
    for name, value_type in fields.items():
        if name not in message:
            raise ProtocolError("protocol-field", f"The {kind!r} message needs a {name!r} field.")
        value = message[name]
        problem = _problem(value, value_type, game, steps)
        if problem:
            raise ProtocolError("protocol-value",
                                f"The {kind!r} message's {name!r} ({short(value)}) {problem}.")
    return kind


def _problem(value: Any, value_type: str, game: Game, steps: int) -> str | None:
    if value_type == "step":
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        return None if 0 <= value < steps else f"must be from 0 to {steps - 1}"
    if not isinstance(value, str):
        return "must be text"
    if len(value) > _LENGTHS[value_type]:
        return f"is longer than {_LENGTHS[value_type]} characters"
    if value_type == "kind" and value not in P.KIND_NAMES:
        return "is not a piece"
    if value_type == "square":
        try:
            game.rules.geometry.index(value)
        except (StrategoError, ValueError, KeyError, IndexError):
            return "is not a square of this board"
    return None


class LessonRefusal(IllegalMoveError):
    """A move the lesson's step does not accept (the lesson panel explains it).

    Example:
        >>> LessonRefusal("diagonal", "Pieces never move diagonally.").rule
        'diagonal'
    """


class LessonWidget(StrategoWidget):
    """The live board with a lesson panel around it: instruction, progress with stars, answers
    or a tray, Hint, Retry and Next, and feedback next to the clicked square.

    ``lesson``: a :class:`Lesson`, a lesson id of :func:`catalog` or a :class:`LessonRun`
    (to go on with a run, e.g. one from ``Progress.resume``). ``lang``: the language of the
    panel and the board; ``step``: the step to start at. ``widget.run`` is the run: its
    stars, step and game are the widget's.

    Example:
        >>> w = LessonWidget("spy", lang="de")
        >>> w.lesson["panel"]["kind"], w.view["can_act"]
        ('question', False)
        >>> w.handle({"type": "lesson_answer", "choice": "marshal"})
        >>> w.lesson["feedback"]["solved"], w.run.step_index
        (True, 1)
    """

    _esm = _ESM
    _css = _CSS

    lesson = traitlets.Dict().tag(sync=True)

    def __init__(self, lesson: Lesson | LessonRun | str, lang: str = "en", step: int = 0,
                 numbering: str | None = None, **kwargs: Any) -> None:
        if isinstance(lesson, str):
            lessons = catalog()
            if lesson not in lessons:
                raise LessonError("lesson-unknown", f"No lesson {short(lesson)}; lessons: "
                                  f"{', '.join(lessons)}.")
            lesson = lessons[lesson]
        if isinstance(lesson, LessonRun):
            self.run = lesson
            self.run.language = lang if lang in LANGUAGES else self.run.language
        else:
            self.run = lesson.start(language=lang)
            if step:
                self.run.goto(step)
        self._feedback: dict[str, Any] | None = None
        self._feedback_action: str | None = None
        self._feedbacks = 0
        self._solved_last = False
        self._last_game = self._current_game()
        self._solved_callbacks: list[Callable[[Feedback, LessonRun], Any]] = []
        super().__init__(self._last_game, viewer=self._learner(), opponent=None,
                         lang=self.run.language, numbering=numbering, **kwargs)

    # ------------------------------------------------------------------ the run on the board

    def _learner(self) -> str:
        step = self.run.step
        return step.learner if step is not None else self.mode

    def _current_game(self) -> Game:
        """The game to show: the step's, or once the lesson is finished the last one played."""
        game = self.run.game
        if game is not None:
            return game
        last = getattr(self, "_last_game", None)
        if last is not None:
            return last
        step = self.run.lesson.steps[-1]  # a run handed over already finished
        return step.game()

    def _show_run(self) -> None:
        """Put the run's current game on the board (a new step: its rules and its learner)."""
        game = self._current_game()
        self._last_game = game
        if game is self._game:
            return
        rules_changed = game.rules != self._rules
        self._game = game
        self._rules = game.rules
        self._replay = None
        self._pending = None
        self.mode = self._learner()
        if rules_changed:
            if self.numbering != game.rules.numbering:
                self.numbering = game.rules.numbering  # its observer sends the rules again
            else:
                self.rules = self._rules_view()

    def _rules_view(self) -> dict[str, Any]:
        from ..widget.view import rules_view

        return rules_view(self._rules, self.numbering)

    def _state(self) -> str:
        if self.run.finished:
            return "finished"
        return "solved" if self._solved_last else "playing"

    def _refresh(self) -> None:
        """The board's view and the lesson panel, sent together."""
        with self.hold_sync():
            super()._refresh()
            self.lesson = {"panel": self.run.panel(), "state": self._state(),
                           "feedback": self._feedback, "total": self.run.total_stars}

    def _set_feedback(self, kind: str, feedback: Feedback | None = None, *, text: str = "",
                      square: str | None = None, action: str | None = None) -> None:
        self._feedbacks += 1
        self._solved_last = feedback is not None and feedback.solved
        self._feedback_action = action if feedback is not None and not feedback.accepted \
            else None
        self._feedback = {
            "id": self._feedbacks, "kind": kind,
            "text": bounded(feedback.text if feedback is not None else text),
            "rule": feedback.rule if feedback is not None else None,
            "accepted": feedback.accepted if feedback is not None else True,
            "solved": feedback.solved if feedback is not None else False,
            "failed": feedback.failed if feedback is not None else False,
            "stars": feedback.stars if feedback is not None else 0,
            "reply": feedback.reply if feedback is not None else None,
            "cite": feedback.cite if feedback is not None else None,
            "quote": feedback.quote if feedback is not None else None,
            "square": square,
            "hint": self.run.hint_level if not self.run.finished else 0,
        }

    def _propose(self, kind: str, action: str | Move, square: str | None) -> Feedback:
        """Give ``action`` to the run; show the feedback and the position it leads to."""
        state = self.run.state
        feedback = self.run.propose(action)
        if feedback.solved and self.run.finished and state is not None:
            self._last_game = state.game  # the solved position stays on the board
            self._game = None  # so that _show_run puts it back in place
        self._set_feedback(kind, feedback, square=square, action=str(action))
        self._show_run()
        if feedback.solved:
            for callback in self._solved_callbacks:
                try:
                    callback(feedback, self.run)
                except Exception:  # a learner's callback must not break the board
                    log.exception("lesson widget: callback %r failed", callback)
        return feedback

    # ------------------------------------------------------------------ the board's hooks

    def _phase(self) -> str:
        # A lesson's position may be a game that has ended (a question's empty board, a setup
        # step's half army): it is still shown as the learner sees it, never revealed.
        phase = super()._phase()
        return "play" if phase == "over" else phase

    def _play_view(self, viewer: str, phase: str) -> dict[str, Any]:
        view = super()._play_view(viewer, phase)
        game = self._game
        if game is not None and game.is_over and viewer in ("red", "blue"):
            shown = game
            if self._replay is not None and self._replay != len(game.history):
                shown = game.copy()
                while len(shown.history) > self._replay:
                    shown.undo()
            view.update(board_view(shown, viewer, self.lang))
            view["battles"] = battles_view(shown, viewer, self.lang, since=viewer)
            view["revealed"] = False
            view["result"] = None
        step = self.run.step
        if step is None or step.kind != "move":
            view["can_act"] = False
            view["targets"], view["spots"] = {}, {}
        return view

    def _next_view(self, view: dict[str, Any]) -> dict[str, str]:
        step = self.run.step
        if step is None or step.kind != "move":
            return {"id": "lesson", "text": self.run.instruction}
        return super()._next_view(view)

    def _apply_move(self, move: Move | str) -> None:
        """A move goes to the lesson's run; a refused one changes nothing and is explained."""
        self._need_live()
        parsed = Move.parse(move) if isinstance(move, str) else move
        feedback = self._propose("move", parsed, parsed.target)
        if feedback.accepted:
            self._pending = None
        else:
            raise LessonRefusal(feedback.rule or "illegal", feedback.text)

    def _set_error(self, error: StrategoError) -> None:
        if isinstance(error, LessonRefusal):  # the lesson panel shows it, next to the square
            self._message = None
            return
        super()._set_error(error)

    def _on_display_change(self, change: dict[str, Any]) -> None:
        if change["name"] == "lang" and change["new"] in LANGUAGES:
            self.run.language = change["new"]
            self._say_again()
        super()._on_display_change(change)

    def _say_again(self) -> None:
        """After a language switch: a refusal is said again in the new language (proposing it
        again changes nothing); other feedback was about what is done, and goes."""
        action, feedback = self._feedback_action, self._feedback
        if feedback is None:
            return
        if action is None or self.run.finished:
            self._feedback = None
            return
        refusals = self.run.refusals
        again = self.run.propose(action)
        self.run.refusals = refusals
        if again.accepted:  # cannot happen: a refused action is refused again
            self._feedback = None
            return
        feedback["text"] = bounded(again.text)
        self._show_run()

    # ------------------------------------------------------------------ browser messages

    def _on_browser_message(self, widget: Any, message: Any, buffers: Any) -> None:
        kind = message.get("type") if isinstance(message, dict) else None
        if not isinstance(kind, str):  # not a message at all: the board says why
            kind = None
        if kind not in LESSON_MESSAGES and kind not in _NOT_IN_LESSONS and kind != "new_game":
            super()._on_browser_message(widget, message, buffers)
            return
        try:
            self._message = None
            if kind == "new_game":  # the board's "New game" starts the step again
                check_message(message, self._rules)
                kind = "lesson_retry"
                message = {"type": kind}
            if kind in _NOT_IN_LESSONS:
                raise ProtocolError("protocol-type", f"A lesson takes no {kind!r}: use Retry or "
                                    "Next instead.")
            game = self._game if self._game is not None else self._current_game()
            check_lesson_message(message, game, len(self.run.lesson.steps))
            getattr(self, f"_msg_{kind}")(message)
        except StrategoError as error:
            self._set_error(error)
        except Exception as error:  # a bug of ours: say so, keep the kernel going
            log.exception("lesson widget: failed to handle a %s message", short(kind))
            self._message = {"level": "error", "rule": "internal",
                             "english": bounded(str(error)), "fixed": "1"}
        self._refresh()

    def _need_step(self, kind: str) -> None:
        step = self.run.step
        if step is None:
            raise IllegalMoveError("game-over", "The lesson is finished: Retry plays it again.")
        if step.kind != kind:
            raise ProtocolError("protocol-type", f"This step is a {step.kind} step, not a "
                                f"{kind} step.")

    def _msg_lesson_answer(self, message: dict[str, Any]) -> None:
        self._need_step("question")
        self._propose("answer", message["choice"], None)

    def _msg_lesson_place(self, message: dict[str, Any]) -> None:
        self._need_step("setup")
        self._propose("place", f"{message['kind']}@{message['square']}", message["square"])

    def _msg_lesson_hint(self, _message: dict[str, Any]) -> None:
        if self.run.finished:
            raise IllegalMoveError("game-over", "The lesson is finished: Retry plays it again.")
        text = self.run.hint()
        self._set_feedback("hint", text=text)

    def _msg_lesson_retry(self, _message: dict[str, Any]) -> None:
        if self.run.finished:
            self.run.goto(0)
        else:
            self.run.retry()
        self._forget_feedback()
        self._show_run()

    def _msg_lesson_next(self, _message: dict[str, Any]) -> None:
        if self.run.finished:
            raise IllegalMoveError("game-over", "The lesson is finished: Retry plays it again.")
        self._goto(self.run.step_index + 1)

    def _msg_lesson_goto(self, message: dict[str, Any]) -> None:
        self._goto(message["step"])

    def _goto(self, index: int) -> None:
        self.run.goto(index)
        self._forget_feedback()
        self._show_run()

    def _forget_feedback(self) -> None:
        self._feedback = None
        self._feedback_action = None
        self._solved_last = False

    # ------------------------------------------------------------------ public

    def on_solved(self, callback: Callable[[Feedback, LessonRun], Any]) -> None:
        """Call ``callback(feedback, run)`` each time a step is solved (e.g. to keep progress).

        Example:
            >>> from stratego_widget.lessons import Progress
            >>> progress, w = Progress(), LessonWidget("scout")
            >>> w.on_solved(lambda feedback, run: progress.record(run))
            >>> _ = w.propose("b2-b7"); progress.stars("scout")[0]
            3
        """
        self._solved_callbacks.append(callback)

    def hint(self) -> str:
        """The next hint, as the Hint button shows it.

        Example:
            >>> w = LessonWidget("scout")
            >>> w.hint() == w.lesson["feedback"]["text"]
            True
        """
        self.handle({"type": "lesson_hint"})
        feedback = self._feedback
        return str(feedback["text"]) if feedback is not None else ""

    def propose(self, action: str | Move) -> Feedback:
        """A move, an answer or a placement, as if clicked; the board and panel follow.

        Example:
            >>> w = LessonWidget("scout")
            >>> w.propose("b2-b7").solved, w.lesson["panel"]["step"]
            (True, 1)
        """
        text = str(action).strip()
        step = self.run.step
        square = None
        if step is not None and step.kind == "move":
            try:
                square = Move.parse(text).target
            except StrategoError:
                square = None
        elif step is not None and step.kind == "setup":
            square = text.partition("@")[2] or None
        kind = {"move": "move", "question": "answer", "setup": "place"}.get(
            step.kind if step is not None else "move", "move")
        self._message = None
        feedback = self._propose(kind, action, square)
        self._refresh()
        return feedback

