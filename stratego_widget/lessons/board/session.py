"""A lesson on a board: :class:`LessonSession`, a lesson run directing a board's session.

The board is a :class:`~stratego_widget.widget.session.BoardSession` whose director is the
lesson: each move the learner makes goes to the lesson's
:class:`~stratego_widget.lessons.LessonRun` instead of straight to the engine, and the lesson
answers the board with a value, a :class:`~stratego_widget.widget.session.Ruling`: a move the
step does not accept is refused and explained in the panel (the board stays as it was), an
accepted one brings the position to show (a copy: the board never holds the run's own game),
and a solved step puts its solved position on the board until Next. Every message goes
through one declared table, :attr:`LessonSession.router`: the panel's own types to the
lesson's handlers, any other to the board. Answers, placements, hints, retry, next and going to
a step are the panel's own messages (``lesson_messages`` in ``protocol.json``), checked like
every browser message. Pure Python: the lesson widget (:mod:`stratego_widget.lessons.board.widget`)
only carries it to the browser.

Example:
    >>> session = LessonSession("scout")
    >>> session.handle({"type": "move", "from": "b2", "to": "c3"})   # a diagonal: refused
    >>> session.state()["feedback"]["rule"], session.board.game.piece_at("b2")
    ('diagonal', ('red', 'scout'))
    >>> session.handle({"type": "move", "from": "b2", "to": "b7"})
    >>> session.state()["state"], session.state()["panel"]["step"], session.run.stars[0]
    ('solved', 0, 2)
    >>> session.handle({"type": "lesson_next"}); session.state()["panel"]["step"]
    1
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, cast

from ...engine.errors import IllegalMoveError, ProtocolError, StrategoError
from ...engine.game import Game
from ...engine.moves import Move
from ...locales import check_language, next_sentence
from ...widget.director import Ruling
from ...widget.protocol import LESSON_MESSAGES, check_message, short
from ...widget.router import Handler, Router, message_type
from ...widget.session import BoardSession
from ..classroom.attempts import Attempt
from ..model.lesson import Lesson
from ..model.library import catalog
from ..model.text import say
from ..playing.puzzle_lesson import PuzzleLesson
from ..playing.run import Feedback, Hint, LessonRun
from .lesson_lookup import catalog_lesson, lesson_after
from .listeners import LessonListeners
from .panel_types import LessonFeedback, LessonPanel, LessonState
from .panel_values import feedback_record, lesson_state, panel_words
from .rescue_offer import rescue_offer
from .said_again import Said

log = logging.getLogger(__name__)

#: Board messages that make no sense in a lesson (``new_game`` starts the step again).
NOT_IN_LESSONS = ("resign",)


def panel_handler(board: BoardSession, handler: Handler) -> Handler:
    """``handler`` of a panel's message, as a lesson's or a course's router declares it: the
    board's message goes, the message is checked against ``protocol.json``, and a refusal
    (or a failure of ours) shows on the board. Never raises.

    Example:
        >>> session = LessonSession("scout")
        >>> panel_handler(session.board, print)({"type": "lesson_goto"})
        >>> session.board.message["rule"]
        'protocol-field'
    """

    def handle(message: Any) -> None:
        try:
            board.clear_message()
            check_message(message, board.rules, lesson=True)
            handler(message)
        except StrategoError as error:
            board.show_error(error)
        except Exception as error:  # a bug of ours: say so, keep the kernel going
            log.exception("lesson widget: failed to handle a %s message",
                          short(message_type(message)))
            board.show_failure(error)

    return handle


class LessonSession:
    """A lesson run and the board session it directs; see the module's docstring.

    ``lesson``: a :class:`Lesson`, a lesson id of :func:`catalog` or a :class:`LessonRun` (to
    go on with a run). ``lang``: the language of the panel and the board; ``step``: the step
    to start at. ``lessons``: the lessons by id in their order, where a lesson id is looked up
    and Next finds the next lesson (the catalog when not given; a course of one's own).

    Example:
        >>> session = LessonSession("spy", lang="de")
        >>> session.state()["panel"]["kind"], session.board.view()["can_act"]
        ('question', False)
    """

    #: A lesson's position may be a game that has ended (a question's empty board, a setup
    #: step's half army): it is shown as the learner sees it, never revealed.
    reveals_at_end = False

    def __init__(self, lesson: Lesson | LessonRun | str, lang: str = "en", step: int = 0,
                 numbering: str | None = None,
                 lessons: Mapping[str, Lesson] | None = None) -> None:
        self.lessons: Mapping[str, Lesson] = lessons if lessons is not None else catalog()
        if isinstance(lesson, str):
            lesson = catalog_lesson(lesson, self.lessons)
        if isinstance(lesson, LessonRun):
            self.run = lesson
            self.run.language = check_language(lang)
        else:
            self.run = lesson.start(language=check_language(lang))
            if step:
                self.run.goto(step)
        self._feedback: LessonFeedback | None = None
        #: What Next opens after a finished lesson, before the catalog's order: given the
        #: lesson, a lesson or a round of puzzles, or None (a course's next round).
        self.following: Callable[[object], Lesson | PuzzleLesson | None] | None = None
        # What the last feedback answered, to say it again in another language.
        self._said: Said | None = None
        self._feedbacks = 0
        self._solved_last = False
        # The hints asked for at this step, each with what it answered (said again after a
        # language switch); the list and its marks go with the step (Retry, Next, solved).
        self._hints: list[tuple[Said, Hint]] = []
        # The learner's callbacks, and the clock of the attempt being played.
        self._listeners = LessonListeners(log)
        # A solved step's result (its position and its panel) stays until Next: the learner
        # sees what the step was about before the next position replaces it.
        self._result: tuple[Game, LessonPanel] | None = None
        self._last_game = self._step_game()
        # The run's game whose copy the board shows: the board never holds the run's own game
        # (playing on one never moves the other).
        self._source = self._last_game
        self._handlers: dict[str, Handler] = {
            "lesson_answer": self._answer, "lesson_place": self._place,
            "lesson_hint": self._hint, "lesson_retry": self._retry, "lesson_next": self._next,
            "lesson_goto": self._goto_message,
        }
        self.board = BoardSession(self._last_game.copy(), viewer=self._learner(),
                                  lang=self.run.language, numbering=numbering, director=self)
        # The session's one router: the panel's messages to their handlers (the board's "New
        # game" is Retry, "resign" and a course's messages are refused), any other to the board.
        routes: dict[str, Handler] = dict.fromkeys(LESSON_MESSAGES, self._no_course_map)
        routes.update(self._handlers, new_game=self._retry)
        routes.update(dict.fromkeys(NOT_IN_LESSONS, self._not_in_lessons))
        self.router = Router({kind: panel_handler(self.board, handler)
                              for kind, handler in routes.items()}, fallback=self.board.handle)

    # ------------------------------------------------------------------ the board's director

    def accepts_moves(self) -> bool:
        """Whether the step is a move step (questions and setups use the panel).

        Example:
            >>> LessonSession("spy").accepts_moves()
            False
        """
        step = self.run.step
        return (step is not None and step.kind == "move" and not self.run.lost
                and self._result is None)

    def instruction(self) -> str | None:
        """What the board's status line says in place of its own: the instruction of a
        question or setup step, and that the lesson is finished (``None`` on a move step).

        Example:
            >>> LessonSession("scout", step=0).instruction() is None
            True
        """
        step = self.run.step
        if self._result is not None:
            return say("lesson-solved-next", self.run.language)
        if step is None:
            return next_sentence("lessonDone", self._learner(), self.run.language)
        if self.run.lost:
            return say("lesson-lost", self.run.language)
        return self.run.instruction if step.kind != "move" else None

    def rescue_offer(self, game: Game, move: Move) -> tuple[list[str], list[str]] | None:
        """In a step about a rescue the rules refuse, a move onto the far row offers every
        captured kind, and the squares the rules allow (the board marks them; a click on any
        other square tries it), so that the refused rescue can be tried by clicking and the
        run explains the refusal; elsewhere, None: the rules' own offer.

        Example:
            >>> session = LessonSession("rescue", step=2)   # a Scout may not rescue
            >>> game = session.run.game
            >>> session.rescue_offer(game, Move.parse("d9-d10"))[0]
            ['captain']
        """
        return rescue_offer(self.run.step, game, move)

    def judge(self, move: Move) -> Ruling:
        """The learner's move, given to the run: the board's answer as a value, refused (the
        panel explains it, the board stays as it was) or accepted with the position to show.

        Example:
            >>> session = LessonSession("scout")
            >>> session.judge(Move.parse("b2-c3")).rule
            'diagonal'
            >>> ruling = session.judge(Move.parse("b2-b7"))
            >>> ruling.accepted, ruling.game is session.run.reached.game
            (True, False)
        """
        if self._result is not None:
            return Ruling.refuse("lesson-solved", say("lesson-solved-next", self.run.language))
        feedback, shown = self._propose("move", move, move.target)
        if not feedback.accepted:
            return Ruling.refuse(feedback.rule or "illegal", feedback.text)
        return Ruling.accept(*shown) if shown is not None else Ruling.accept()

    # ------------------------------------------------------------------ proposals

    def handle(self, message: Any) -> None:
        """One browser message: the panel's own here, the board's to the board. Never raises;
        a refusal shows in the panel (a move the step does not accept) or on the board.

        Example:
            >>> session = LessonSession("scout")
            >>> session.handle({"type": "lesson_goto", "step": 99})
            >>> session.board.message["rule"]
            'protocol-value'
        """
        self.router.route(message)

    def propose(self, action: str | Move) -> Feedback:
        """A move, an answer or a placement, as if clicked; the board and panel follow.

        Example:
            >>> session = LessonSession("scout")
            >>> session.propose("b2-b7").solved, session.state()["panel"]["step"]
            (True, 0)
        """
        if self._result is not None:  # from Python: going on is asking for the next step
            self._leave_result()
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
        self.board.clear_message()
        return self._proposed(kind, action, square)

    def hint(self) -> str:
        """The next hint, as the Hint button shows it.

        Example:
            >>> session = LessonSession("scout")
            >>> session.hint() == session.state()["feedback"]["text"]
            True
        """
        if self._result is not None:  # from Python: asking is going on to the next step
            self._leave_result()
        self.handle({"type": "lesson_hint"})
        feedback = self._feedback
        return feedback["text"] if feedback is not None else ""

    @property
    def message_types(self) -> frozenset[str]:
        """The panel's message types the session takes (``protocol.json``'s
        ``lesson_messages``); the board's go to the board.

        Example:
            >>> "lesson_hint" in LessonSession("scout").message_types
            True
        """
        return frozenset(self._handlers)

    def on_solved(self, callback: Callable[[Feedback, LessonRun], Any]) -> None:
        """Call ``callback(feedback, run)`` each time a step is solved."""
        self._listeners.on_solved(callback)

    def on_attempt(self, callback: Callable[[LessonRun, int, Attempt], Any]) -> None:
        """Call ``callback(run, step index, attempt)`` at the end of each attempt at a step:
        solved, lost, or left (Retry, another step, another lesson) after the learner did
        something in it.

        Example:
            >>> session, seen = LessonSession("scout"), []
            >>> session.on_attempt(lambda run, step, attempt: seen.append((step, attempt.stars)))
            >>> _ = session.propose("b2-b9"); _ = session.propose("b2-b7")
            >>> seen
            [(0, 2)]
        """
        self._listeners.on_attempt(callback)

    def leave(self) -> None:
        """The learner leaves the board (the lesson is closed): an attempt begun is kept.

        Example:
            >>> session, seen = LessonSession("scout"), []
            >>> session.on_attempt(lambda run, step, attempt: seen.append(attempt.solved))
            >>> _ = session.propose("b2-c3"); session.leave(); seen
            [False]
        """
        self._end_attempt()
        self._listeners.clock.start()

    def set_language(self, lang: str) -> None:
        """Say the panel and the board in ``lang``; a refusal shown is said again in it.

        Example:
            >>> session = LessonSession("scout")
            >>> session.handle({"type": "move", "from": "b2", "to": "c3"})
            >>> session.set_language("fr"); session.state()["feedback"]["text"] != ""
            True
        """
        self.run.language = check_language(lang)
        self.board.lang = lang
        if self._result is not None:  # the kept panel is in the old language: say it again
            game, panel = self._result
            words = panel_words(self.run.lesson, panel, self.run.language)
            self._result = (game, cast(LessonPanel, {**panel, **words}))
        self._say_again()

    def state(self) -> LessonState:
        """The panel, its state and the last feedback: the synced ``lesson`` trait.

        Example:
            >>> LessonSession("scout").state()["state"]
            'playing'
        """
        return lesson_state(self.run, self._feedback, solved=self._solved_last,
                            kept=self._result[1] if self._result is not None else None,
                            following=self.next_lesson(),
                            hints=[hint for _, hint in self._hints])

    def next_lesson(self) -> Lesson | PuzzleLesson | None:
        """The lesson after this one in the catalog's teaching order (None for the last one,
        or a lesson of the learner's own), or what :attr:`following` gives (a course's next
        round of puzzles): Next opens it once this one is finished.

        Example:
            >>> LessonSession("scout").next_lesson().id
            'rivers'
        """
        if self.following is not None:
            found = self.following(self.run.lesson)
            if found is not None:
                return found
        return lesson_after(self.lessons, self.run.lesson)

    def open(self, lesson: Lesson | PuzzleLesson | LessonRun | str, step: int = 0) -> None:
        """Play ``lesson`` (a :class:`Lesson`, a lesson id, or a run to go on with) on this
        board from ``step``, in the same language.

        Example:
            >>> session = LessonSession("scout")
            >>> session.open("miner"); session.state()["panel"]["lesson"]
            'miner'
        """
        if isinstance(lesson, str):
            lesson = catalog_lesson(lesson, self.lessons)
        self._end_attempt()
        if isinstance(lesson, LessonRun):
            lesson.language = self.run.language
            self.run = lesson
        else:
            self.run = lesson.start(language=self.run.language)
        if step:
            self.run.goto(step)
        self._result = None
        self._forget_feedback()
        self._show_run(again=True)

    # ------------------------------------------------------------------ the run on the board

    def _learner(self) -> str:
        step = self.run.step
        return step.learner if step is not None else self.board.mode

    def _step_game(self) -> Game:
        """The game to show: the step's, or once the lesson is finished the last one played."""
        game = self.run.game
        if game is not None:
            return game
        last = getattr(self, "_last_game", None)
        if last is not None:
            return last
        return self.run.lesson.steps[-1].game()  # a run handed over already finished

    def _show_run(self, again: bool = False) -> None:
        """Put a copy of the run's current game on the board (a new step: its rules and its
        learner) when the run's game is another than the one shown (each accepted proposal
        gives the run a new state); ``again``: also when it is the same (its replay and
        choices start afresh)."""
        shown = self._to_show(again)
        if shown is not None:
            self.board.load(*shown)
        if again:  # the step from its position: a new attempt
            self._listeners.clock.start()

    def _to_show(self, again: bool = False) -> tuple[Game, str] | None:
        """What the board shows next and for whom: a copy of the run's game when it is another
        than the one shown (``again``: also when it is the same); None: the board keeps its
        own."""
        game = self._step_game()
        self._last_game = game
        if again or game is not self._source:
            return self._copy_of(game), self._learner()
        return None

    def _copy_of(self, game: Game) -> Game:
        """A copy of the run's ``game`` for the board (the one Game.copy of an accepted
        proposal), remembered as the game shown."""
        self._source = game
        return game.copy()

    def _set_feedback(self, kind: str, said: Said, feedback: Feedback | None = None, *,
                      text: str = "", square: str | None = None) -> None:
        self._feedbacks += 1
        self._solved_last = feedback is not None and feedback.solved
        self._said = said
        self._feedback = feedback_record(
            self._feedbacks, kind, feedback, text=text, square=square,
            hint=self.run.hint_level if not self.run.finished else 0, lang=self.run.language)

    def _proposed(self, kind: str, action: str | Move, square: str | None) -> Feedback:
        """Give ``action`` to the run; show the feedback and the position it leads to (a
        proposal of the panel or of Python: the lesson puts it on the board itself)."""
        feedback, shown = self._propose(kind, action, square)
        if shown is not None:
            self.board.load(*shown)
        return feedback

    def _propose(self, kind: str, action: str | Move, square: str | None
                 ) -> tuple[Feedback, tuple[Game, str] | None]:
        """Give ``action`` to the run; show the feedback; the position it leads to, for the
        board to show (None: the board keeps what it shows)."""
        panel = cast(LessonPanel, self.run.panel())
        index, hints = self.run.step_index, self.run.hint_level
        said = Said.before(self.run, action)
        feedback = self.run.propose(action)
        self._set_feedback(kind, said, feedback, square=square)
        self._listeners.count(feedback, kind, self.run, index, hints)
        reached = self.run.reached
        if feedback.solved:  # the step is over: its hints go
            self._hints = []
        elif feedback.accepted:  # the hints' words stay; their squares were the old position's
            self._hints = [(was, replace(hint, marks=())) for was, hint in self._hints]
        shown: tuple[Game, str] | None
        if feedback.solved and reached is not None:
            # The solved position stays on the board, with the step's panel, until Next.
            if not self.run.finished:
                self._result = (reached.game, panel)
            self._last_game = reached.game
            shown = self._copy_of(reached.game), reached.learner
        else:
            shown = self._to_show()
        if feedback.solved:
            self._listeners.solved(feedback, self.run)
        return feedback, shown

    def _end_attempt(self) -> None:
        """The learner leaves the step: an attempt in which they did something is kept (a
        solved step's result: its attempt ended when it was solved)."""
        if self._result is None:
            self._listeners.leave(self.run)

    def _say_again(self) -> None:
        """After a language switch: the last feedback (a refusal, a move's answer, a solved
        step with its rulebook quote, a hint) is said again in the new language, done again
        on a scratch run from the state before it (the learner's run does not change)."""
        said, feedback = self._said, self._feedback
        if feedback is None or said is None:
            return
        self._hints = [(was, replace(hint, text=str(was.again(self.run.lesson,
                                                               self.run.language))))
                       for was, hint in self._hints]
        again = said.again(self.run.lesson, self.run.language)
        self._feedback = feedback_record(
            feedback["id"], feedback["kind"], again if isinstance(again, Feedback) else None,
            text=again if isinstance(again, str) else "", square=feedback["square"],
            hint=feedback["hint"], lang=self.run.language)

    def _need_step(self, kind: str) -> None:
        step = self.run.step
        if step is None:
            raise IllegalMoveError("game-over", "The lesson is finished: Retry plays it again.")
        if step.kind != kind:
            raise ProtocolError("protocol-type", f"This step is a {step.kind} step, not a "
                                f"{kind} step.")

    def _answer(self, message: dict[str, Any]) -> None:
        self._need_step("question")
        self._proposed("answer", message["choice"], None)

    def _place(self, message: dict[str, Any]) -> None:
        self._need_step("setup")
        self._proposed("place", f"{message['kind']}@{message['square']}", message["square"])

    def _hint(self, _message: dict[str, Any]) -> None:
        if self._result is not None:
            raise IllegalMoveError("lesson-solved", say("lesson-solved-next", self.run.language))
        if self.run.finished:
            raise IllegalMoveError("game-over", "The lesson is finished: Retry plays it again.")
        said, lost = Said.before(self.run, None), self.run.lost
        hint = self.run.next_hint()
        self._set_feedback("hint", said, text=hint.text)
        if not lost:  # kept in the panel's list, its squares marked on the board
            self._hints.append((said, hint))
        self._listeners.clock.acted_now()

    def _not_in_lessons(self, message: dict[str, Any]) -> None:
        raise ProtocolError("protocol-type", f"A lesson takes no {message['type']!r}: use "
                            "Retry or Next instead.")

    def _no_course_map(self, message: dict[str, Any]) -> None:
        """A course's message, on a board without a course."""
        raise ProtocolError("protocol-type", f"This lesson board has no course map: it takes "
                            f"no {message['type']!r}.")

    def _retry(self, _message: dict[str, Any]) -> None:
        self._end_attempt()
        if self._result is not None:  # play the solved step again
            self.run.goto(self._result[1]["step"])
            self._result = None
        elif self.run.finished:
            self.run.goto(0)
        else:
            self.run.retry()
        self._forget_feedback()
        self._show_run(again=True)

    def _next(self, _message: dict[str, Any]) -> None:
        if self._result is not None:  # the run is at the next step already: show it
            self._leave_result()
            return
        if self.run.finished:
            following = self.next_lesson()
            if following is None:
                raise IllegalMoveError("game-over", "The lesson is finished: Retry plays it "
                                       "again.")
            self.open(following)
            return
        self._goto(self.run.step_index + 1)

    def _goto_message(self, message: dict[str, Any]) -> None:
        steps = len(self.run.lesson.steps)
        if not 0 <= message["step"] < steps:
            raise ProtocolError("protocol-value", f"The 'lesson_goto' message's 'step' "
                                f"({message['step']}) must be from 0 to {steps - 1}.")
        self._goto(message["step"])

    def _leave_result(self) -> None:
        """Leave a solved step's result for the step the run is at."""
        self._result = None
        self._forget_feedback()
        self._show_run(again=True)

    def _goto(self, index: int) -> None:
        self._end_attempt()
        self._result = None
        self.run.goto(index)
        self._forget_feedback()
        self._show_run(again=True)

    def _forget_feedback(self) -> None:
        self._feedback = None
        self._said = None
        self._solved_last = False
        self._hints = []
