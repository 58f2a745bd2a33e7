"""A learner's name and handing the progress file in to the teacher.

The course map asks the learner for a name once (kept in the progress file's ``learner``
field, changeable on the map); **Hand in** gives the teacher a copy of the progress file named
after the learner (:func:`hand_in_file_name`): always as a download the browser makes, and in
Jupyter also written to the folder the teacher names (``hand_in_folder=`` of a course board, else
the environment variable ``STRATEGO_WIDGET_HAND_IN``: a class's shared folder on a JupyterHub,
as nbgrader's exchange is). The copy is exactly a progress file, so
:meth:`ClassSummary.from_folder <stratego_widget.lessons.ClassSummary.from_folder>` reads a
folder of them, and shows each learner by the name in the file.

Bad input is refused with a one-line :class:`~stratego_widget.lessons.LessonError` naming the
field, and changes nothing: a name that is empty, longer than :data:`MAX_NAME_LENGTH` or holds
control characters (rule ``"learner-name"``), a hand-in without a name (``"hand-in-name"``),
or a folder that is not there or cannot be written (``"hand-in-folder"``).

Example:
    >>> import tempfile
    >>> from stratego_widget.lessons import Progress
    >>> folder = tempfile.mkdtemp()
    >>> progress = Progress({"scout": [3]}, learner=learner_name("  Ada Lovelace "))
    >>> hand_in(progress, folder).name
    'Ada Lovelace.json'
    >>> Progress.load(pathlib.Path(folder) / "Ada Lovelace.json").learner
    'Ada Lovelace'
"""

from __future__ import annotations

import os
import pathlib
import unicodedata

from ..errors import LessonError
from .progress import Progress

__all__ = ["HAND_IN_ENV", "MAX_NAME_LENGTH", "hand_in", "hand_in_file_name", "hand_in_folder",
           "learner_name"]

#: The environment variable that names the folder a course board hands progress in to.
HAND_IN_ENV = "STRATEGO_WIDGET_HAND_IN"

#: The longest name a learner may give (the file keeps up to 200 characters).
MAX_NAME_LENGTH = 60

#: File names Windows keeps for its devices: a learner called "Con" gets "Con-.json".
_DEVICES = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)),
            *(f"lpt{n}" for n in range(1, 10))}


def learner_name(text: str) -> str:
    """``text`` as a learner's name: spaces around it dropped, runs of spaces made one; a
    LessonError (rule ``"learner-name"``) when it is empty, longer than
    :data:`MAX_NAME_LENGTH` characters or holds a control character.

    Example:
        >>> learner_name("  Zoë   van Dijk ")
        'Zoë van Dijk'
        >>> learner_name("   ")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: learner: a name is needed (the teacher sees it); this one is empty.
    """
    if not isinstance(text, str):
        raise LessonError("learner-name", "learner: a name is text.")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise LessonError("learner-name", "learner: a name is needed (the teacher sees it); "
                          "this one is empty.")
    if len(name) > MAX_NAME_LENGTH:
        raise LessonError("learner-name", f"learner: a name has at most {MAX_NAME_LENGTH} "
                          f"characters; this one has {len(name)}.")
    if any(not character.isprintable() for character in name):
        raise LessonError("learner-name", "learner: a name holds no control characters.")
    return name


def hand_in_file_name(name: str) -> str:
    """The file a learner's progress is handed in as: the name itself where it is a safe
    file name on every system (letters, digits, spaces, ``-``, ``_`` and ``.`` inside), else
    each run of other characters made ``-``; ``learner.json`` when nothing is left.

    Example:
        >>> hand_in_file_name("Ada Lovelace"), hand_in_file_name("../etc/passwd")
        ('Ada Lovelace.json', 'etc-passwd.json')
        >>> hand_in_file_name("Con"), hand_in_file_name("???")
        ('Con-.json', 'learner.json')
    """
    kept: list[str] = []
    for character in unicodedata.normalize("NFC", name)[:MAX_NAME_LENGTH]:
        safe = character.isalnum() or character in " -_."
        kept.append(character if safe else "-")
    stem = "-".join(part for part in "".join(kept).split("-") if part.strip(" ."))
    stem = stem.strip(" .-_") or "learner"
    if stem.split(".")[0].lower() in _DEVICES:
        stem += "-"
    return f"{stem}.json"


def hand_in_folder(given: str | os.PathLike[str] | None = None) -> pathlib.Path | None:
    """The folder progress is handed in to: ``given``, else ``$STRATEGO_WIDGET_HAND_IN``,
    else None (the download only).

    Example:
        >>> os.environ[HAND_IN_ENV] = "class-3b"
        >>> hand_in_folder().name, hand_in_folder("other").name
        ('class-3b', 'other')
        >>> del os.environ[HAND_IN_ENV]; hand_in_folder() is None
        True
    """
    chosen = given if given is not None else os.environ.get(HAND_IN_ENV) or None
    return pathlib.Path(chosen).expanduser() if chosen is not None else None


def hand_in(progress: Progress, folder: str | os.PathLike[str]) -> pathlib.Path:
    """Write ``progress`` into ``folder`` as :func:`hand_in_file_name` of its learner (a file
    handed in before by the same name is replaced); returns the file. The folder must exist
    (a teacher's shared folder: a mistyped one is not made); a progress without a name, or a
    folder that is not there or cannot be written, raises a LessonError (rule ``"hand-in-name"``
    or ``"hand-in-folder"``) and writes nothing.

    Example:
        >>> hand_in(Progress(), ".")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: learner: give your name before handing in (the teacher sees it).
        >>> hand_in(Progress(learner="Ada"), "no-such-folder")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: hand_in_folder: no-such-folder is not a folder; ask your teacher which folder to hand in to.
    """
    if not progress.learner.strip():
        raise LessonError("hand-in-name", "learner: give your name before handing in (the "
                          "teacher sees it).")
    target = pathlib.Path(folder)
    if not target.is_dir():
        raise LessonError("hand-in-folder", f"hand_in_folder: {_shown(target)} is not a folder; ask "
                          "your teacher which folder to hand in to.")
    file = target / hand_in_file_name(progress.learner)
    try:
        progress.save(file)
    except OSError as error:
        raise LessonError("hand-in-folder", f"hand_in_folder: {_shown(target)} cannot be written "
                          f"({error.strerror or error}).") from None
    return file


def _shown(path: pathlib.Path) -> str:
    """A path as a message shows it: one line, at most 120 characters."""
    text = "".join(c if c.isprintable() else "?" for c in str(path))
    return text if len(text) <= 120 else "..." + text[-117:]
