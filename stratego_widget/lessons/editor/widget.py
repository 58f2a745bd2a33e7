"""The lesson editor in a notebook: :class:`LessonEditor`, the anywidget around an
:class:`~stratego_widget.lessons.editor.session.EditorSession`.

The browser shows the board (every rank visible: the teacher sets the position), a palette of
the ruleset's pieces for both sides, the marks revealed and moved, the side to move and the
ruleset, Record and Stop, the form (instruction, hint, feedback, success, goal, par, citation
and quote), the live check and Save. Each click is a message of ``editor_messages``
(``protocol.json``), checked on both sides; Python decides and sends the whole editor state
back in the synced trait ``editor``. A refused message changes nothing but ``editor["error"]``,
the one-line reason.

The panel's words, piece names and side names are in the synced ``lang`` (English, Dutch,
French or German; the language menu in the editor's header sets it, and so does Python). The
check's detail sentences and the one-line errors stay English, as every teacher-facing error of
the project does; ``lang`` is the one trait the browser may set.

Example:
    >>> editor = LessonEditor()
    >>> editor.handle({"type": "editor_place", "square": "b2", "side": "red", "kind": "scout"})
    >>> editor.editor["board"]["pieces"]["b2"], editor.editor["error"]
    ('rX', None)
    >>> editor.handle({"type": "editor_place", "square": "c5", "side": "red", "kind": "scout"})
    >>> editor.editor["error"]
    'c5 is in a lake; no piece can stand there.'
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ...locales import check_language
from ...widget.protocol import sort_browser_state
from ...widget.static import front_end
from ..errors import LessonError
from ..model.lesson import Lesson
from .session import EditorSession

_ESM, _CSS = front_end("editor_widget.js", "widget.css", "editor_widget.css")


class _Language(traitlets.TraitType[str, str]):
    """A language of the project: anything else, text or not, is refused by check_language
    (StrategoError, rule ``language``) rather than by traitlets' own error, and changes nothing."""

    default_value = "en"
    info_text = "a language: en, nl, fr or de"

    def validate(self, obj: Any, value: Any) -> str:
        return check_language(value)


class LessonEditor(anywidget.AnyWidget):
    """A lesson editor on the live board; see the module's description and ``docs/editor.md``.

    ``path_or_lesson``: a lesson file to edit (saved back there; a path that does not exist
    yet starts a new lesson saved there), a :class:`Lesson`, or None for a new lesson.
    ``rulebooks``: the folder of rulebook texts, to check the quotes. ``lang``: the panel's
    language (``en``, ``nl``, ``fr`` or ``de``; another is refused with
    :class:`~stratego_widget.StrategoError`, rule ``language``). ``editor.session`` is the
    :class:`EditorSession`, for editing from Python.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> editor = LessonEditor(catalog()["scout"], lang="de")
        >>> editor.editor["summary"], editor.lang
        ({'solvable': True, 'start': True, 'hints': True}, 'de')
    """

    _esm = _ESM
    _css = _CSS

    editor = traitlets.Dict().tag(sync=True)
    # The panel's language: the only trait the browser may set (see set_state).
    lang = _Language().tag(sync=True)

    def __init__(self, path_or_lesson: str | pathlib.Path | Lesson | None = None,
                 rulebooks: str | pathlib.Path | None = None, lang: str = "en",
                 **kwargs: Any) -> None:
        lang = check_language(lang)  # a bad language is refused before anything is made
        if isinstance(path_or_lesson, Lesson) or path_or_lesson is None:
            session = EditorSession(path_or_lesson, rulebooks=rulebooks)
        elif pathlib.Path(path_or_lesson).exists():
            session = EditorSession.open(path_or_lesson, rulebooks=rulebooks)
        else:
            session = EditorSession(path=path_or_lesson, rulebooks=rulebooks)
        self.session = session
        self._error: str | None = None
        self._serial = 0
        super().__init__(lang=lang, **kwargs)
        self._publish()
        session.on_change(self._publish)
        self.on_msg(self._on_browser_message)

    def handle(self, message: Any) -> None:
        """Carry out one browser message; a refused one changes nothing but the error shown.

        Example:
            >>> editor = LessonEditor()
            >>> editor.handle({"type": "editor_move", "from": "a1", "to": "a2"})
            >>> editor.editor["error"]
            'Press Record first: moves are recorded only in record mode.'
        """
        self._error = None
        published = self._serial
        try:
            self.session.handle(message)
        except LessonError as error:
            self._error = str(error)
        if self._serial == published or self._error is not None:
            self._publish()  # one answer per message: a change already published itself

    def save(self, path: str | pathlib.Path | None = None, *,
             overwrite: bool = False) -> pathlib.Path:
        """Write the lesson file (see :meth:`EditorSession.save`: whole or not at all, never
        over a file it did not open unless ``overwrite=True``) and return its path.

        Example:
            >>> import tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.toml"
            >>> LessonEditor(path).save().name
            'mine.toml'
        """
        return self.session.save(path, overwrite=overwrite)

    def set_state(self, sync_data: Any) -> None:
        """State sent by the browser: only ``lang``, with a language of the project, is taken;
        anything else is refused, put back in the browser, and its reason shown as the error.

        Example:
            >>> editor = LessonEditor()
            >>> editor.set_state({"lang": "fr"}); editor.lang
            'fr'
            >>> editor.set_state({"lang": "xx"}); editor.lang, editor.editor["error"]
            ('fr', "The browser may not set lang to 'xx': it must be one of en, nl, fr, de.")
        """
        if not isinstance(sync_data, dict):
            self._refuse("The browser sent a state that is not an object.")
            return
        allowed, refused, error = sort_browser_state(sync_data, self.keys, settable=("lang",))
        if allowed:
            super().set_state(allowed)
        if refused:  # put the browser's copy back to Python's value
            self.send_state(refused)
        if error is not None:
            self._refuse(str(error))

    def _refuse(self, reason: str) -> None:
        self._error = reason
        self._publish()

    def _on_browser_message(self, _widget: Any, message: Any, _buffers: Any) -> None:
        self.handle(message)

    def _publish(self) -> None:
        self._serial += 1
        self.editor = {**self.session.state(), "error": self._error, "serial": self._serial}
