"""The editor session's actions on the kind of a step, its answers, tray, area and goal: each
the pure edit of :mod:`~stratego_widget.lessons.editor.step_kinds` of the same name, carried
out on the step being edited by :meth:`EditorSession.edit
<stratego_widget.lessons.editor.session.EditorSession.edit>`. A refused action raises
:class:`~stratego_widget.lessons.LessonError` (rule ``"lesson-editor"``) and changes nothing.

Example:
    >>> from stratego_widget.lessons.editor.session import EditorSession
    >>> editor = EditorSession(); editor.set_kind("question")
    >>> editor.set_choice("bomb", "The Bomb stays"); editor.set_answer("bomb")
    >>> editor.step_draft["goal"]
    {'answer': 'bomb'}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import step_kinds


class StepEdits:
    """The actions on a step's kind, answers, tray, area and goal; the session that has them
    carries each out with :meth:`edit`.

    Example:
        >>> from stratego_widget.lessons.editor.session import EditorSession
        >>> editor = EditorSession(); editor.set_goal("reach", "e5")
        >>> editor.step_draft["goal"]
        {'reach': 'e5'}
    """

    def edit(self, change: Callable[..., dict[str, Any]], *args: Any) -> None:
        """Apply ``change(draft, step, *args)``, a pure edit of the draft, to the step being
        edited (the session's own; here it is only declared).

        Example:
            >>> StepEdits().edit(step_kinds.set_kind, "setup")
            Traceback (most recent call last):
            ...
            NotImplementedError: an editor session carries out the edits
        """
        raise NotImplementedError("an editor session carries out the edits")

    def set_kind(self, kind: str) -> None:
        """Make the step a ``move``, ``question`` or ``setup`` step (its goal and solution,
        and what only the old kind has, are dropped).

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.set_kind("setup"); editor.step_draft["kind"]
            'setup'
        """
        self.edit(step_kinds.set_kind, kind)

    def set_choice(self, choice: str, text: str) -> None:
        """Write a question's answer ``choice`` (an id) as ``text``; an empty text removes it.

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.set_choice("a", "Yes")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Only a question step has answers; step 1 is a move step.
        """
        self.edit(step_kinds.set_choice, choice, text)

    def set_answer(self, choice: str) -> None:
        """Make ``choice`` the question's right answer (its goal and solution).

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.set_kind("question")
            >>> editor.set_choice("a", "Yes"); editor.set_answer("a"); editor.solution
            ['a']
        """
        self.edit(step_kinds.set_answer, choice)

    def set_tray(self, text: str) -> None:
        """Fill a setup step's tray: the pieces the learner places (``flag bomb bomb``).

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.set_kind("setup"); editor.set_tray("flag")
            >>> editor.step_draft["tray"]
            ['flag']
        """
        self.edit(step_kinds.set_tray, text)

    def toggle_area(self, square: str) -> None:
        """Add ``square`` to a setup step's area, or take it out.

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.set_kind("setup"); editor.toggle_area("b1")
            >>> editor.step_draft["area"]
            ['b1']
        """
        self.edit(step_kinds.toggle_area, square)

    def set_goal(self, check: str, value: str) -> None:
        """Set one check of the step's goal from the picker's words (``reach``, ``e5``).

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.set_goal("win", "flag-captured")
            >>> editor.step_draft["goal"]
            {'win': 'flag-captured'}
        """
        self.edit(step_kinds.set_goal_check, check, value)

    def remove_goal(self, check: str) -> None:
        """Take one check out of the step's goal.

        Example:
            >>> from stratego_widget.lessons.editor.session import EditorSession
            >>> editor = EditorSession(); editor.remove_goal("reach")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: The goal of step 1 has no check 'reach' to remove.
        """
        self.edit(step_kinds.remove_goal_check, check)
