"""A lesson on the live board: :class:`LessonWidget`, the notebook board with a lesson panel.

The widget is the transport of a :class:`~stratego_widget.lessons.board.session.LessonSession`: the
browser's messages go to the lesson session (the panel's own) or through it to the board's
session, and after each the board's view and the synced trait ``lesson`` (the panel, its state
``playing``, ``solved`` or ``finished``, and the last feedback with the square it refers to)
go to the browser together. The board shows the step's game as the learner sees it: an enemy
piece the learner has not seen is sent as unknown, also when a step's position is a game that
has already ended.

Example:
    >>> from stratego_widget.lessons import LessonWidget
    >>> w = LessonWidget("scout")
    >>> w.lesson["panel"]["step"], w.view["viewer"]
    (0, 'red')
    >>> w.handle({"type": "move", "from": "b2", "to": "c3"})   # a diagonal: refused
    >>> w.lesson["feedback"]["rule"], w.game.piece_at("b2")
    ('diagonal', ('red', 'scout'))
    >>> w.handle({"type": "move", "from": "b2", "to": "b7"})
    >>> w.lesson["state"], w.lesson["panel"]["step"], w.run.stars[0]   # kept until Next
    ('solved', 0, 2)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from ...engine.moves import Move
from ...widget.board import BoardWidget
from ...widget.static import front_end
from ..classroom.keeper import Where
from ..classroom.progress import Progress
from ..model.lesson import Lesson
from ..playing.run import Feedback, LessonRun
from .course import Assignments, CourseSession, Lessons
from .session import LessonSession

_ESM, _CSS = front_end("lesson_widget.js", "widget.css", "lesson_widget.css")


class LessonWidget(BoardWidget):
    """The live board with a lesson panel around it: instruction, progress with stars, answers
    or a tray, Hint, Retry and Next, and feedback next to the clicked square.

    ``lesson``: a :class:`Lesson`, a lesson id of :func:`catalog` or a :class:`LessonRun`
    (to go on with a run, e.g. one from ``Progress.resume``). ``lang``: the language of the
    panel and the board; ``step``: the step to start at. ``widget.run`` is the run: its
    stars, step and game are the widget's; ``widget.lesson_session`` is the lesson's session.

    Every attempt at a step is kept without any code from the learner (``progress``:
    ``"auto"``, a file in Jupyter (:func:`~stratego_widget.lessons.classroom.keeper.progress_path`)
    and the browser's storage in JupyterLite; a path; or None), and the board's course map
    (``lessons``: the catalog, a folder of lesson files or lessons by id) shows the stars.
    :class:`Course` opens on the map at the learner's next lesson.

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
    #: The course map (:class:`~stratego_widget.lessons.board.panel_types.CourseMap`).
    course = traitlets.Dict().tag(sync=True)
    #: Whether the map is shown first (a :class:`Course`) or the lesson.
    start_with_map = traitlets.Bool(False).tag(sync=True)
    #: Where progress is kept: "file", "browser" (the front end stores ``progress_text``
    #: and hands back what it kept) or "memory".
    progress_mode = traitlets.Unicode("memory").tag(sync=True)
    #: The progress the browser should store (browser mode only; None until the browser's
    #: own has arrived, or when it must not be overwritten).
    progress_text = traitlets.Unicode(None, allow_none=True).tag(sync=True)

    def __init__(self, lesson: Lesson | LessonRun | str | None, lang: str = "en",
                 step: int | None = 0, numbering: str | None = None,
                 progress: Where = "auto", lessons: Lessons = None,
                 hand_in_folder: str | os.PathLike[str] | None = None,
                 assignments: Assignments = None, **kwargs: Any) -> None:
        self.course_session = CourseSession(lessons, lang=lang, progress=progress,
                                            lesson=lesson, step=step, numbering=numbering,
                                            hand_in_folder=hand_in_folder,
                                            assignments=assignments)
        self.progress_mode = self.course_session.keeper.mode
        self._hand_ins_sent = 0
        super().__init__(self.course_session.board, driver=self.course_session, **kwargs)

    @property
    def lesson_session(self) -> LessonSession:
        """The session of the lesson being played.

        Example:
            >>> LessonWidget("scout", progress=None).lesson_session.run.lesson.id
            'scout'
        """
        return self.course_session.lesson_session

    @property
    def progress(self) -> Progress:
        """The learner's progress, every attempt kept so far (see ``progress``).

        Example:
            >>> w = LessonWidget("scout", progress=None)
            >>> _ = w.propose("b2-b7"); w.progress.stars("scout")
            [3]
        """
        return self.course_session.keeper.progress

    def open_lesson(self, lesson: str, step: int | None = None) -> None:
        """Play another lesson of the course on this board, at the learner's first unsolved
        step (or ``step``).

        Example:
            >>> w = LessonWidget("scout", progress=None)
            >>> w.open_lesson("miner"); w.lesson["panel"]["lesson"]
            'miner'
        """
        try:
            self.course_session.open(lesson, step)
        finally:
            self.refresh()

    def open_puzzles(self, themes: Sequence[str] = (), rulesets: Sequence[str] = ()) -> None:
        """Play a round of puzzles on this board, as the map's **Puzzles** does: those due
        for review, then new ones near the learner's rating, of ``themes`` and editions
        ``rulesets`` (each empty: all); see :class:`PuzzleTrainer
        <stratego_widget.lessons.board.puzzle_trainer.PuzzleTrainer>`.

        Example:
            >>> w = LessonWidget("scout", progress=None)
            >>> w.open_puzzles(rulesets=["barrage"]); w.lesson["panel"]["lesson"]
            'puzzles'
        """
        try:
            self.course_session.open_puzzles(themes, rulesets)
        finally:
            self.refresh()

    def review(self) -> None:
        """Play the steps due for review (see :mod:`stratego_widget.lessons.classroom.attempts`).

        Example:
            >>> LessonWidget("scout", progress=None).review()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Nothing to review now: a step lost, or solved with fewer than three stars, comes back the next day.
        """
        try:
            self.course_session.review()
        finally:
            self.refresh()

    @property
    def run(self) -> LessonRun:
        """The run of the lesson being played (the next lesson's once Next opened it).

        Example:
            >>> LessonWidget("scout").run.lesson.id
            'scout'
        """
        return self.lesson_session.run

    def refresh(self) -> None:
        """The board's view and the lesson panel, sent together."""
        with self.hold_sync():
            super().refresh()
            self.lesson = dict(self.course_session.state())
            self.course = dict(self.course_session.map())
            self.progress_text = self.course_session.keeper.browser_text()
        self._send_hand_in()

    def _send_hand_in(self) -> None:
        """A new hand-in goes to the browser, which downloads it (the text is sent once, as a
        message, never kept in the synced state)."""
        session = self.course_session
        if session.handed is not None and session.hand_ins != self._hand_ins_sent:
            self._hand_ins_sent = session.hand_ins
            self.send({"type": "hand_in", "file": session.handed.file,
                       "text": session.handed.text})

    def hand_in(self) -> str:
        """Hand the learner's progress in, as the map's **Hand in** does: the browser
        downloads the file named after the learner, and in Jupyter it is written to the
        hand-in folder too (``hand_in_folder``, else ``$STRATEGO_WIDGET_HAND_IN``); returns
        the file's name. No name yet or a folder that cannot be written: LessonError.

        Example:
            >>> w = Course(progress=None); w.name_learner("Ada")
            >>> w.hand_in()
            'Ada.json'
        """
        try:
            return self.course_session.hand_in().file
        finally:
            self.refresh()

    def name_learner(self, name: str) -> None:
        """Give the learner's name, as the map's name field does (kept in the progress).

        Example:
            >>> w = Course(progress=None); w.name_learner("Ada"); w.course["learner"]["name"]
            'Ada'
        """
        try:
            self.course_session.name_learner(name)
        finally:
            self.refresh()

    def show_language(self, lang: str) -> None:
        """Say the panel and the board in ``lang`` (called when the ``lang`` trait changes).

        Example:
            >>> w = LessonWidget("scout")
            >>> w.lang = "nl"; w.lesson["panel"]["language"]
            'nl'
        """
        self.lesson_session.set_language(lang)
        self.refresh()

    def on_solved(self, callback: Callable[[Feedback, LessonRun], Any]) -> None:
        """Call ``callback(feedback, run)`` each time a step is solved (e.g. to keep progress).

        Example:
            >>> from stratego_widget.lessons import Progress
            >>> progress, w = Progress(), LessonWidget("scout")
            >>> w.on_solved(lambda feedback, run: progress.record(run))
            >>> _ = w.propose("b2-b7"); progress.stars("scout")[0]
            3
        """
        self.lesson_session.on_solved(callback)

    def hint(self) -> str:
        """The next hint, as the Hint button shows it.

        Example:
            >>> w = LessonWidget("scout")
            >>> w.hint() == w.lesson["feedback"]["text"]
            True
        """
        text = self.lesson_session.hint()
        self.refresh()
        return text

    def propose(self, action: str | Move) -> Feedback:
        """A move, an answer or a placement, as if clicked; the board and panel follow.

        Example:
            >>> w = LessonWidget("scout")
            >>> w.propose("b2-b7").solved, w.lesson["panel"]["step"]   # shown until Next
            (True, 0)
        """
        try:
            return self.lesson_session.propose(action)
        finally:
            self.refresh()


class Course(LessonWidget):
    """A course on the live board: the map of its lessons with each step's stars, opened at
    the learner's next lesson and first unsolved step, progress kept between visits.

    ``lessons``: the shipped courses (None), a folder of lesson files (a course of one's
    own), or lessons by id; ``progress`` as for :class:`LessonWidget`; ``hand_in_folder``:
    the folder the map's **Hand in** writes the learner's file to, besides the download
    (a class's shared folder; by default ``$STRATEGO_WIDGET_HAND_IN``); ``assignments``: the
    assignments the map shows, as values or files (by default a course folder's
    ``assignments/*.toml``).

    Example:
        >>> course = Course(progress=None)
        >>> course.start_with_map, course.lesson["panel"]["lesson"]
        (True, 'pieces')
    """

    def __init__(self, lessons: Lessons = None, lang: str = "en", progress: Where = "auto",
                 numbering: str | None = None,
                 hand_in_folder: str | os.PathLike[str] | None = None,
                 assignments: Assignments = None, **kwargs: Any) -> None:
        super().__init__(None, lang=lang, step=None, numbering=numbering, progress=progress,
                         lessons=lessons, hand_in_folder=hand_in_folder,
                         assignments=assignments, **kwargs)
        self.start_with_map = True
