"""Where a learner's progress is kept between visits, without any code from the learner.

A :class:`ProgressKeeper` holds the learner's :class:`~stratego_widget.lessons.Progress` for a
lesson board and saves each attempt as it ends:

* in Jupyter, in a file: ``$STRATEGO_WIDGET_PROGRESS`` if set, else
  ``~/.stratego_widget/progress.json`` (:func:`progress_path` says which); the file is read
  again before each save, so two notebooks open at once both keep their attempts;
* in JupyterLite (the kernel runs in the browser, where no file lasts), in the browser's own
  storage: the board's front end hands over what it kept (:meth:`ProgressKeeper.restore`) and
  stores what :meth:`ProgressKeeper.browser_text` gives;
* nowhere (``progress=None``): kept for this board only.

A progress file or stored text that is not progress (corrupt, foreign, too large) is refused
with a one-line :class:`~stratego_widget.lessons.LessonError`, said by :attr:`problem` (the
course map shows it) and never overwritten: attempts are then kept for this board only.

Example:
    >>> import tempfile, pathlib
    >>> from stratego_widget.lessons import catalog
    >>> from stratego_widget.lessons.attempts import Attempt
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
    >>> keeper = ProgressKeeper(path)
    >>> keeper.keep(catalog()["scout"], 0, Attempt("2026-11-26T10:00:00Z", 5.0, True, 3))
    >>> ProgressKeeper(path).progress.stars("scout")
    [3]
"""

from __future__ import annotations

import logging
import os
import pathlib
import sys
from typing import Literal

from .attempts import Attempt
from .errors import LessonError
from .progress import Progress
from .run import LessonLike

__all__ = ["PROGRESS_ENV", "ProgressKeeper", "progress_path"]

log = logging.getLogger(__name__)

#: The environment variable that sets the progress file.
PROGRESS_ENV = "STRATEGO_WIDGET_PROGRESS"

Where = str | os.PathLike[str] | None


def in_browser_kernel() -> bool:
    """Whether Python runs in the browser (Pyodide, as in JupyterLite): no file lasts there.

    Example:
        >>> in_browser_kernel()
        False
    """
    return sys.platform == "emscripten"


def progress_path() -> pathlib.Path | None:
    """The file a lesson board keeps progress in: ``$STRATEGO_WIDGET_PROGRESS``, else
    ``~/.stratego_widget/progress.json``; None in a browser kernel (JupyterLite), where the
    browser's storage keeps it.

    Example:
        >>> import os
        >>> os.environ[PROGRESS_ENV] = "my-progress.json"
        >>> progress_path().name
        'my-progress.json'
        >>> del os.environ[PROGRESS_ENV]
    """
    if in_browser_kernel():
        return None
    chosen = os.environ.get(PROGRESS_ENV)
    if chosen:
        return pathlib.Path(chosen).expanduser()
    return pathlib.Path.home() / ".stratego_widget" / "progress.json"


class ProgressKeeper:
    """Keeps a learner's progress for a board; see the module.

    ``where``: ``"auto"`` (a file in Jupyter, the browser in JupyterLite), a file path,
    ``"browser"``, or None (this board only).

    Example:
        >>> keeper = ProgressKeeper(None)
        >>> keeper.mode, keeper.progress.total(), keeper.problem is None
        ('memory', 0, True)
    """

    def __init__(self, where: Where = "auto") -> None:
        self.mode: Literal["file", "browser", "memory"]
        self.path: pathlib.Path | None = None
        self.problem: str | None = None
        self.progress = Progress()
        self._restored = False
        self._early: list[tuple[LessonLike, int, Attempt]] = []
        self._text: str | None = None  # browser_text, made once per change (a board asks often)
        if where == "auto":
            where = progress_path() or "browser"
        if where is None:
            self.mode = "memory"
        elif where == "browser":
            self.mode = "browser"
        else:
            self.mode, self.path = "file", pathlib.Path(where)
            self.progress = self._read() or Progress()

    @property
    def place(self) -> str:
        """Where the progress is kept, as the course map says it ("" for this board only).

        Example:
            >>> ProgressKeeper("browser").place
            'browser'
        """
        if self.mode == "file" and self.path is not None:
            home = pathlib.Path.home()
            try:
                return f"~/{self.path.resolve().relative_to(home.resolve())}"
            except ValueError:
                return str(self.path)
        return "browser" if self.mode == "browser" else ""

    def keep(self, lesson: LessonLike, step: int, attempt: Attempt) -> None:
        """Record an attempt and save it where the progress is kept.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> keeper = ProgressKeeper(None)
            >>> keeper.keep(catalog()["scout"], 1, Attempt("2026-11-26T10:00:00Z", 5.0, True, 2))
            >>> keeper.progress.stars("scout")
            [0, 2]
        """
        if self.mode == "browser" and not self._restored:
            self._early.append((lesson, step, attempt))  # kept once the browser's arrives
        if self.mode == "file" and self.problem is None:
            latest = self._read()  # another notebook may have saved since
            if latest is not None:
                self.progress = latest
        self.progress.record_attempt(lesson, step, attempt)
        self._text = None
        if self.mode == "file" and self.problem is None and self.path is not None:
            try:
                self.progress.save(self.path)
            except OSError as error:
                self._refuse(f"progress not saved in {self.path.name}: "
                             f"{error.strerror or error}.")

    def restore(self, text: str) -> None:
        """The progress the browser kept (``""``: none yet); attempts made before it arrived
        are added to it. Text that is not progress is refused and never overwritten.

        Example:
            >>> keeper = ProgressKeeper("browser")
            >>> keeper.restore('{"scout": [3]}'); keeper.progress.stars("scout")
            [3]
            >>> spoilt = ProgressKeeper("browser")
            >>> spoilt.restore("{oops"); spoilt.problem.startswith("browser storage:")
            True
        """
        if self.mode != "browser" or self._restored:
            return
        try:
            kept = Progress.from_json(text, source="browser storage") if text else Progress()
        except LessonError as error:
            self._refuse(str(error))
            self._restored = True
            return
        for lesson, step, attempt in self._early:
            kept.record_attempt(lesson, step, attempt)
        self.progress, self._early, self._restored = kept, [], True
        self._text = None

    def browser_text(self) -> str | None:
        """What the browser should store now (None: nothing to store, or must not be); the
        board asks after every move, so the text is made again only when progress changed.

        Example:
            >>> keeper = ProgressKeeper("browser"); keeper.browser_text() is None
            True
            >>> keeper.restore(""); keeper.browser_text()[:10]
            '{"format":'
        """
        if self.mode != "browser" or not self._restored or self.problem is not None:
            return None
        if self._text is None:
            self._text = self.progress.to_json()
        return self._text

    def _read(self) -> Progress | None:
        """The file's progress (a missing file: none yet); a file that is not progress is
        refused: said by :attr:`problem`, and never written."""
        if self.path is None:
            return None
        try:
            return Progress.load(self.path)
        except LessonError as error:
            self._refuse(f"{error} It is left as it is; progress is kept for this "
                         f"board only (set {PROGRESS_ENV} to use another file).")
            return None

    def _refuse(self, problem: str) -> None:
        if self.problem is None:
            log.warning("stratego_widget: %s", problem)
        self.problem = problem
