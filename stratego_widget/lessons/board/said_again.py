"""The panel's last feedback said again in another language: :class:`Said`, what the learner
did (a proposal or a hint) and the step's state just before it, so that a language switch
gives the same answer in the new words by doing it again on a scratch run; and
:func:`localized_citations`, a rulebook citation closing a refusal ("(Original: Moving)")
named as the learner's rulebook names it.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> run = catalog()["spy"].start()
    >>> said = Said.before(run, "marshal")
    >>> english = run.propose("marshal")
    >>> said.again(run.lesson, "nl").cite
    'Stratego Original, Bijzondere stukken, De spion'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine.editions import EDITIONS
from ...engine.moves import Move
from ..errors import LessonError
from ..model.citations import citation
from ..playing.run import Feedback, LessonLike, LessonRun, StepState

__all__ = ["Said", "localized_citations"]

#: A rulebook citation in a sentence: "(Original: Moving)", "(1961: Rules for Strike, rule 8)".
_CITED = re.compile(r"\(([A-Z0-9][\w ]*): ([^()]*)\)")
_EDITION_OF = {edition.short_name: edition_id for edition_id, edition in EDITIONS.items()}


def localized_citations(text: str, lang: str) -> str:
    """``text`` with each rulebook citation in brackets named in ``lang``: the edition's name
    and the section as its rulebook titles it where it is printed in ``lang`` (see
    :func:`~stratego_widget.lessons.model.citations.citation`). English keeps the lesson's
    short form; a citation of no known edition stays as it is.

    Example:
        >>> localized_citations("Nooit schuin (Original: Moving).", "nl")
        'Nooit schuin (Stratego Original, Verplaatsen).'
        >>> localized_citations("Never diagonally (Original: Moving).", "en")
        'Never diagonally (Original: Moving).'
    """
    if lang == "en":
        return text

    def named(found: re.Match[str]) -> str:
        source = _EDITION_OF.get(found.group(1))
        if source is None:
            return found.group(0)
        try:
            return f"({citation(source, found.group(0)[1:-1], lang)})"
        except LessonError:
            return found.group(0)

    return _CITED.sub(named, text)


@dataclass(frozen=True)
class Said:
    """What the learner did last (``action``; None: asked for a hint) at step ``index``, with
    the step's state, hints, mistakes and whether it was lost just before: enough to do it
    again on a scratch run in another language (the learner's run never changes).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> run = catalog()["scout"].start()
        >>> said = Said.before(run, "b2-c3"); _ = run.propose("b2-c3")
        >>> said.again(run.lesson, "fr").rule, run.refusals
        ('diagonal', 1)
    """

    index: int
    state: StepState | None
    hints: int
    mistakes: int
    lost: bool
    action: str | Move | None

    @classmethod
    def before(cls, run: LessonRun, action: str | Move | None) -> Said:
        """What ``run`` is at before ``action`` (None: a hint) is done on it.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> Said.before(catalog()["scout"].start(), None).hints
            0
        """
        state = run.state.copy() if run.state is not None else None
        return cls(run.step_index, state, run.hint_level, run.mistakes, run.lost, action)

    def again(self, lesson: LessonLike, lang: str) -> Feedback | str:
        """The same answer in ``lang``: the feedback on the action, or the hint's text.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start()
            >>> said = Said.before(run, None); _ = run.hint()
            >>> said.again(run.lesson, "nl") == catalog()["scout"].steps[0].hint.get("nl")
            True
        """
        scratch = LessonRun(lesson, lang, step=self.index)
        if self.state is not None:
            scratch.state = self.state.copy()
        scratch.hint_level, scratch.mistakes, scratch.lost = self.hints, self.mistakes, self.lost
        if self.action is None:
            return scratch.hint()
        return scratch.propose(self.action)
