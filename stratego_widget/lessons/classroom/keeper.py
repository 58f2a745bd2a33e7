"""Where a learner's progress is kept between visits, without any code from the learner.

A :class:`ProgressKeeper` holds the learner's :class:`~stratego_widget.lessons.Progress` for a
lesson board and saves each attempt as it ends:

* in Jupyter, in a file: ``$STRATEGO_WIDGET_PROGRESS`` if set, else
  ``~/.stratego_widget/progress.json`` (:func:`progress_path` says which); each save holds a
  lock (the file ``progress.json.lock`` beside it), reads the file again and adds this board's
  attempt to what is there, so two notebooks saving at once both keep their attempts;
* in JupyterLite (the kernel runs in the browser, where no file lasts), in the browser's own
  storage: the board's front end hands over what it kept (:meth:`ProgressKeeper.restore`,
  again whenever another board or tab stores, each time merged attempt by attempt) and stores
  what :meth:`ProgressKeeper.browser_text` gives, merged with what is stored;
* nowhere (``progress=None``): kept for this board only.

A progress file or stored text that is not progress (corrupt, foreign, too large) is refused
with a one-line :class:`~stratego_widget.lessons.LessonError`, said by :attr:`problem` (the
course map shows it) and never overwritten: attempts are then kept for this board only.

Example:
    >>> import tempfile, pathlib
    >>> from stratego_widget.lessons import catalog
    >>> from stratego_widget.lessons.classroom.attempts import Attempt
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
    >>> keeper = ProgressKeeper(path)
    >>> keeper.keep(catalog()["scout"], 0, Attempt("2026-11-26T10:00:00Z", 5.0, True, 3))
    >>> ProgressKeeper(path).progress.stars("scout")
    [3]
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import logging
import os
import pathlib
import sys
from collections.abc import Callable, Iterator
from typing import Literal

from ..errors import LessonError
from ..playing.run import LessonLike
from .attempts import Attempt
from .hand_in import hand_in, hand_in_file_name, learner_name
from .progress import Progress

__all__ = ["PROGRESS_ENV", "HandedIn", "ProgressKeeper", "file_lock", "progress_path"]

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


def shown_path(path: pathlib.Path) -> str:
    """A file or folder as the course map says it: under the home folder as ``~/...``.

    Example:
        >>> shown_path(pathlib.Path.home() / "class" / "progress.json")
        '~/class/progress.json'
    """
    try:
        return f"~/{path.resolve().relative_to(pathlib.Path.home().resolve())}"
    except ValueError:
        return str(path)


@contextlib.contextmanager
def file_lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the lock of the progress file ``path`` (the file ``<name>.lock`` beside it, made
    if missing): another process saving the same file waits. ``fcntl.flock`` where there is
    ``fcntl`` (Linux, macOS), ``msvcrt.locking`` on Windows; where neither locks (Pyodide,
    a file system without locks) the save goes on unlocked: one process only runs there.

    Example:
        >>> import tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
        >>> with file_lock(path):
        ...     (path.parent / "progress.json.lock").exists()
        True
    """
    file = pathlib.Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    with open(file.with_name(file.name + ".lock"), "a+b") as handle:
        unlock = _lock(handle.fileno())
        try:
            yield
        finally:
            unlock()


_NO_LOCKS = {errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL}


if sys.platform == "win32":
    import msvcrt

    def _lock(descriptor: int) -> Callable[[], None]:
        while True:
            try:  # LK_LOCK tries for ten seconds, then raises: try again
                msvcrt.locking(descriptor, msvcrt.LK_LOCK, 1)
                break
            except OSError as error:
                if error.errno != errno.EDEADLK:
                    raise
        return lambda: msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
else:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - a Python without fcntl (Pyodide builds)
        fcntl = None  # type: ignore[assignment]

    def _lock(descriptor: int) -> Callable[[], None]:
        if fcntl is None:  # pragma: no cover
            return lambda: None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        except OSError as error:
            if error.errno in _NO_LOCKS:  # pragma: no cover - no locks here
                return lambda: None
            raise
        return lambda: fcntl.flock(descriptor, fcntl.LOCK_UN)


@dataclasses.dataclass(frozen=True)
class HandedIn:
    """A progress file handed in: its ``file`` name, its ``text`` (what the browser downloads)
    and the ``folder`` it was written to (None: the download only).

    Example:
        >>> HandedIn("Ada.json", "{}", None).file
        'Ada.json'
    """

    file: str
    text: str
    folder: pathlib.Path | None


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
            return shown_path(self.path)
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
        self._text = None
        try:
            self.progress.record_attempt(lesson, step, attempt)  # this board, whatever happens
            if self.mode == "file" and self.problem is None and self.path is not None:
                self._save(lesson, step, attempt)
        except LessonError as error:
            self._refuse(str(error))

    def _save(self, lesson: LessonLike, step: int, attempt: Attempt) -> None:
        """Under the file's lock: read what is saved (another notebook may have saved since),
        add this attempt, save."""
        assert self.path is not None
        try:
            with file_lock(self.path):
                latest = self._read()
                if latest is None:  # refused: said, never written
                    return
                latest.record_attempt(lesson, step, attempt)
                latest.save(self.path)
        except OSError as error:
            self._refuse(f"progress not saved in {self.path.name}: {error.strerror or error}.")
            return
        self.progress = latest

    def restore(self, text: str) -> None:
        """The progress the browser kept (``""``: none yet); attempts made before it arrived
        are added to it. Text that is not progress is refused and never overwritten. Later
        (another board or tab stored), what the browser keeps is merged into this board's
        progress, attempt by attempt (:meth:`Progress.merged`); text that is not progress then
        changes nothing.

        Example:
            >>> keeper = ProgressKeeper("browser")
            >>> keeper.restore('{"scout": [3]}'); keeper.progress.stars("scout")
            [3]
            >>> keeper.restore('{"miner": [2]}'); keeper.progress.stars("miner")
            [2]
            >>> spoilt = ProgressKeeper("browser")
            >>> spoilt.restore("{oops"); spoilt.problem.startswith("browser storage:")
            True
        """
        if self.mode != "browser":
            return
        if self._restored:
            if self.problem is None:
                with contextlib.suppress(LessonError):
                    stored = Progress.from_json(text, source="browser storage")
                    merged = self.progress.merged(stored)
                    merged.learner = stored.learner or merged.learner  # renamed in another tab
                    self.progress, self._text = merged, None
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

    def name_learner(self, name: str) -> None:
        """Keep the learner's name (see :func:`~stratego_widget.lessons.classroom.hand_in.learner_name`)
        where the progress is kept; a name that is refused raises its LessonError and changes
        nothing.

        Example:
            >>> keeper = ProgressKeeper(None)
            >>> keeper.name_learner(" Ada "); keeper.progress.learner
            'Ada'
            >>> keeper.name_learner("")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: learner: a name is needed (the teacher sees it); this one is empty.
        """
        checked = learner_name(name)
        self._text = None
        self.progress.learner = checked
        if self.mode != "file" or self.problem is not None or self.path is None:
            return
        try:
            with file_lock(self.path):
                latest = self._read()
                if latest is None:
                    return
                latest.learner = checked
                latest.save(self.path)
        except OSError as error:
            self._refuse(f"progress not saved in {self.path.name}: {error.strerror or error}.")
            return
        self.progress = latest

    def hand_in(self, folder: Where = None) -> HandedIn:
        """The learner's progress as the file handed in (its name after the learner, its
        text), written into ``folder`` too where Python has files that last (not in
        JupyterLite: the download is the hand-in there). A progress without a name, or a
        folder that is not there or cannot be written, raises a LessonError and writes nothing.

        Example:
            >>> keeper = ProgressKeeper(None); keeper.name_learner("Ada")
            >>> handed = keeper.hand_in(); handed.file, handed.folder
            ('Ada.json', None)
            >>> Progress.from_json(handed.text).learner
            'Ada'
        """
        progress = self.progress
        if self.mode == "file" and self.problem is None and self.path is not None:
            with file_lock(self.path):  # what other notebooks saved since counts too
                progress = self._read() or progress
            self.progress = progress
        if not progress.learner.strip():
            raise LessonError("hand-in-name", "learner: give your name before handing in (the "
                              "teacher sees it).")
        written = None
        if folder is not None and self.mode != "browser":
            written = hand_in(progress, folder).parent
        return HandedIn(hand_in_file_name(progress.learner), progress.to_json(), written)

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
