"""Playing a lesson without a browser: :class:`LessonRun` takes proposals and answers them.

A proposal is a move (``"b2-b7"``), an answer among a question's ``choices`` or a placement
(``"flag@a1"``). Each returns a :class:`Feedback`. A refused proposal changes nothing but the
count of refusals; a proposal that meets the step's goal moves on to the next step.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> run = catalog()["scout"].start(language="en")
    >>> fb = run.propose("b2-c3")
    >>> fb.accepted, fb.rule
    (False, 'diagonal')
    >>> fb = run.propose("b2-b7")
    >>> fb.accepted, fb.solved, run.step_index, run.stars[0]   # the diagonal cost a star
    (True, True, 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ...engine.game import Game
from ...engine.moves import Move
from ...locales import check_language, piece_name
from ..errors import LessonError
from ..model.citations import citation, rulebook_quote
from ..model.lesson import play_with
from ..model.steps import Step, move_key
from ..model.text import say
from . import coaching, search
from .army_review import Finding, review_heading, review_of_setup
from .step import StepState, apply_action, propose

# StepState and apply_action live in .step; they are named here too, where they were.
__all__ = ["HINT_SEARCH_LIMIT", "Feedback", "Hint", "LessonLike", "LessonRun", "StepState",
           "apply_action", "stars_for"]


class LessonLike(Protocol):
    """What a run needs of a lesson: its id and its steps."""

    @property
    def id(self) -> str: ...
    @property
    def steps(self) -> Sequence[Step]: ...


@dataclass(frozen=True)
class Feedback:
    """The answer to one proposal.

    ``accepted``: the action was carried out; ``text``: a sentence for the learner in the run's
    language; ``rule``: the rule id that refused it (or ``"lesson-failed"`` when an accepted
    move made the goal unreachable); ``solved``: the step's goal is met (the run has moved on);
    ``failed``: the step started again; ``reply``: the opponent's scripted answer, if any;
    ``stars``: the stars earned for a solved step; ``cite`` and ``quote``: for a solved step,
    the edition and section and the rulebook's words, to show once the learner has seen the
    rule at work, in the run's language where the rulebook is printed in it
    (``quote_language`` says which language the words are in); ``review``: for a setup step
    solved with a whole army, the army's review (see
    :func:`~stratego_widget.lessons.playing.army_review.review_army`).

    Example:
        >>> Feedback(False, "Pieces never move diagonally.", "diagonal").accepted
        False
    """

    accepted: bool
    text: str
    rule: str | None = None
    solved: bool = False
    failed: bool = False
    reply: str | None = None
    stars: int = 0
    cite: str | None = None
    quote: str | None = None
    quote_language: str | None = None
    review: tuple[Finding, ...] = ()



@dataclass(frozen=True)
class Hint:
    """One hint (:meth:`LessonRun.next_hint`): its ``text``, the hint ``level`` it reached (1
    a sentence, 2 the piece, 3 the square, 4 the move), the squares the board marks
    (``marks``: a square and ``"piece"``, ``"area"``, ``"from"`` or ``"to"``) and ``cost``,
    the stars it took off the most the step can still earn (see :func:`stars_for`).

    Example:
        >>> Hint("Use the Scout on b2.", 2, (("b2", "piece"),), 1).marks
        (('b2', 'piece'),)
    """

    text: str
    level: int
    marks: tuple[tuple[str, str], ...] = ()
    cost: int = 0


#: How many positions of a step a run keeps the next hinted action of.
_HINTS_KEPT = 64
#: How many moves the hint search tries from a position off the solution's path.
HINT_SEARCH_LIMIT = 3000


class LessonRun:
    """A learner going through a lesson, step by step, in one language.

    The action the hints point to is found once per position (off the solution's path by a
    search of at most :data:`HINT_SEARCH_LIMIT` moves) and kept, so asking for the next hint,
    or the last one again, at the same position does not search again.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> run = catalog()["scout"].start(language="nl")
        >>> run.hint().startswith("")
        True
        >>> run.step_index, run.finished
        (0, False)
    """

    def __init__(self, lesson: LessonLike, language: str = "en", step: int = 0) -> None:
        self.lesson = lesson
        self.language = check_language(language)
        self.refusals = 0
        self.stars: list[int] = [0] * len(lesson.steps)
        self.step_index = 0
        self._next_actions: dict[tuple[int, tuple[str, ...], str], str | None] = {}
        #: The state the last accepted proposal led to: a solved step's position stays here
        #: once the run is at the next step (None before any).
        self.reached: StepState | None = None
        self.goto(step)

    # -- where the learner is
    def goto(self, index: int) -> None:
        """Start step ``index`` afresh (steps already solved keep their stars).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start()
            >>> run.goto(1); run.step_index
            1
        """
        if not 0 <= index <= len(self.lesson.steps):
            raise LessonError("lesson-step", f"Lesson {self.lesson.id!r} has steps 0 to "
                              f"{len(self.lesson.steps) - 1}, not {index}.")
        if index != self.step_index:
            self._next_actions.clear()  # kept for the step being played only
        self.step_index = index
        self.hint_level = 0
        # The step's mistakes: refused proposals but the one its goal asks for (Retry keeps
        # them, as it keeps the hints seen).
        self.mistakes = 0
        # The step was lost: its position stays, as it was lost, until Retry.
        self.lost = False
        self.state: StepState | None = (
            StepState.start(self.lesson.steps[index]) if index < len(self.lesson.steps) else None)

    def retry(self) -> None:
        """Start the current step again from its position (the hints already seen count).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start(); run.goto(1)
            >>> _ = run.propose(run.step.solution[0]); run.retry(); run.state.actions
            0
        """
        if self.state is not None:
            level, mistakes = self.hint_level, self.mistakes
            self.goto(self.step_index)
            self.hint_level, self.mistakes = level, mistakes

    @property
    def step(self) -> Step | None:
        """The current step, or None when the lesson is finished (``game`` and
        ``instruction`` are the current step's game and instruction).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start("nl")
            >>> run.step.index, run.instruction.startswith("Je Verkenner")
            (0, True)
        """
        return self.state.step if self.state is not None else None

    @property
    def finished(self) -> bool:
        """Whether every step is solved.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].start().finished
            False
        """
        return self.state is None

    @property
    def game(self) -> Game | None:
        """The current step's live game (None when the lesson is finished)."""
        return self.state.game if self.state is not None else None

    @property
    def total_stars(self) -> int:
        """Stars earned so far, out of three per step.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].start().total_stars
            0
        """
        return sum(self.stars)

    @property
    def instruction(self) -> str:
        """The current step's instruction in the run's language ("" when finished)."""
        step = self.step
        return step.instruction.get(self.language) if step is not None else ""

    def observation(self) -> dict[str, Any] | None:
        """What the learner may see of the current position (enemy ranks unknown unless
        revealed), as the engine's observation data.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> obs = catalog()["scout"].start().observation()
            >>> obs["board"]["b7"]["kind"] is None or obs["board"]["b7"]["known"]
            True
        """
        if self.state is None:
            return None
        return self.state.game.observation(self.state.learner)

    def panel(self) -> dict[str, Any]:
        """The lesson panel's content as plain JSON data, in the run's language: the lesson,
        where the learner is, what to do, the answers or the tray, and the stars so far.

        The board itself is :meth:`observation` (hidden ranks stay hidden).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> panel = catalog()["spy"].start("de").panel()
            >>> panel["step"], panel["steps"], panel["kind"], panel["choices"][0]["id"]
            (0, 4, 'question', 'marshal')
            >>> panel["choices"][0]["text"]
            'Der Feldmarschall wird entfernt'
        """
        lang, state = self.language, self.state
        step = state.step if state is not None else None
        title = getattr(self.lesson, "title", None)
        return {
            "lesson": self.lesson.id,
            "title": title.get(lang) if title is not None else self.lesson.id,
            "language": lang,
            "step": self.step_index,
            "steps": len(self.lesson.steps),
            "finished": step is None,
            "kind": step.kind if step is not None else None,
            "learner": step.learner if step is not None else None,
            "instruction": self.instruction,
            "choices": [{"id": key, "text": text.get(lang)}
                        for key, text in step.choices.items()] if step is not None else [],
            "tray": list(state.tray) if state is not None else [],
            "area": list(step.setup_squares) if step is not None and step.kind == "setup"
            else [],
            "par": step.par if step is not None else None,
            "actions": state.actions if state is not None else 0,
            "hints": self.hint_level if state is not None else 0,
            "stars": list(self.stars),
            "three_stars": coaching.three_stars(step, lang),
        }

    # -- acting
    def propose(self, action: str | Move) -> Feedback:
        """Try a move, an answer or a placement; see :class:`Feedback`.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start()
            >>> run.propose("b2-b9").rule
            'jump'
        """
        lang = self.language
        state = self.state
        if state is None:
            return Feedback(False, say("lesson-finished", lang), "lesson-finished")
        step = state.step
        if self.lost:
            return Feedback(False, say("lesson-lost", lang), "lesson-lost")
        before = state
        state, result = propose(before, action)  # a pure step: ``before`` stays as it was
        if not result.accepted:
            self.refusals += 1
            self.mistakes += 1
            return Feedback(False, coaching.refusal_text(step, result, lang), result.rule)
        self.state = self.reached = state
        if result.solved:
            stars = stars_for(state.actions, step.par, self.hint_level, self.mistakes)
            self.stars[self.step_index] = max(self.stars[self.step_index], stars)
            text = f"{coaching.own_way(step, state, lang)}{step.success.get(lang)} " \
                f"{say('stars', lang, stars=stars)}"
            if stars < 3:  # what the missing stars ask for
                text += f" {coaching.three_stars(step, lang)}"
            review = review_of_setup(state.game, step.learner) if step.kind == "setup" else ()
            if review:
                text += f" {review_heading(lang)}"
            self.goto(self.step_index + 1)
            words, words_lang = rulebook_quote(step.source, step.quote, lang)
            return Feedback(True, text, result.rule, solved=True, reply=result.reply,
                            stars=stars, cite=citation(step.source, step.cite, lang),
                            quote=words, quote_language=words_lang, review=review)
        if result.failed:
            self.lost = True  # the losing position stays on the board, told, until Retry
            text = coaching.failure_text(step, before, state, action, lang)
            return Feedback(True, text, "lesson-failed", failed=True, reply=result.reply)
        if step.kind != "move":
            return Feedback(True, say("not-solved", lang), None)
        text, first = coaching.move_text(step, before, state, action, result.reply, lang)
        if first is not None:  # the line the outlook found is where the hints point next
            self._remember_next(state, first)
        return Feedback(True, text, None, reply=result.reply)

    def hint(self) -> str:
        """The next hint: a sentence, then the piece, then the square, then the move.

        Each call shows one more; hints after the first cost stars (see :func:`stars_for`).
        A step without a hint sentence of its own starts with one built from the position:
        the piece to use (a question: the rulebook's section), never the square.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start()
            >>> hints = [run.hint() for _ in range(4)]
            >>> hints[1:]
            ['Use the Scout on b2.', 'Take it to b7.', 'Play b2-b7.']
        """
        return self.next_hint().text

    def next_hint(self) -> Hint:
        """The next hint (as :meth:`hint`) with the squares the board marks and its cost.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start()
            >>> _ = run.next_hint(); run.next_hint()
            Hint(text='Use the Scout on b2.', level=2, marks=(('b2', 'piece'),), cost=1)
        """
        before = self.hint_level
        text, marks = self._hint_words()
        return Hint(text, self.hint_level, marks,
                    stars_for(0, 1, before) - stars_for(0, 1, self.hint_level))

    def _hint_words(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The next hint's text and marks; raises the hint level."""
        state, lang = self.state, self.language
        if state is None:
            return say("lesson-finished", lang), ()
        if self.lost:
            return say("lesson-lost", lang), ()
        step = state.step
        self.hint_level = min(self.hint_level + 1, 4)
        if self.hint_level == 1 and step.hint is not None:
            return step.hint.get(lang), ()
        if self.hint_level == 1 and step.kind == "question":  # where the rule is, if cited
            return (say("hint-first-answer", lang, cite=citation(step.source, step.cite, lang))
                    if step.cite else say("hint-goal", lang, instruction=self.instruction)), ()
        nxt = self._next_action(state)
        if nxt is None:
            return say("hint-lost", lang), ()
        if step.kind == "question":
            self.hint_level = 4
            return say("hint-answer", lang, choice=step.choices[nxt].get(lang)), ()
        if step.kind == "setup":
            kind, _, square = nxt.partition("@")
            if self.hint_level == 1:
                return say("hint-first-place", lang, piece=piece_name(kind, lang)), ()
            return say("hint-place", lang, piece=piece_name(kind, lang), square=square), (
                (square, "to"),)
        move = Move.parse(nxt)
        shown = ((move.origin, "from"), (move.target, "to"))
        piece = state.game.piece_at(move.origin)
        kind = piece[1] if piece else "scout"
        if self.hint_level == 1:
            return say("hint-first-move", lang, piece=piece_name(kind, lang)), ()
        if not state.game.is_legal(move):
            self.hint_level = 4
            return say("hint-refused", lang, move=nxt), shown
        if self.hint_level == 2:
            return say("hint-piece", lang, piece=piece_name(kind, lang), square=move.origin), (
                (move.origin, "piece"),)
        if self.hint_level == 3:
            if move.guess is not None and move.origin == move.target:
                return say("hint-guess", lang), ()
            return say("hint-square", lang, square=move.target), ((move.target, "area"),)
        return say("hint-move", lang, move=nxt), shown

    def _next_action(self, state: StepState) -> str | None:
        """The action the hints point to at ``state``, found once per position."""
        key = (self.step_index, tuple(state.played), state.game.position())
        if key not in self._next_actions:
            if len(self._next_actions) >= _HINTS_KEPT:
                del self._next_actions[next(iter(self._next_actions))]  # the oldest
            self._next_actions[key] = self._find_next_action(state)
        return self._next_actions[key]

    def _remember_next(self, state: StepState, action: str) -> None:
        """Keep ``action`` as where the hints point at ``state`` (a line the outlook found)."""
        key = (self.step_index, tuple(state.played), state.game.position())
        if key not in self._next_actions and len(self._next_actions) < _HINTS_KEPT:
            self._next_actions[key] = action

    def _find_next_action(self, state: StepState) -> str | None:
        step, done = state.step, state.played
        for line in step.solutions:  # the learner is on one of the step's answers: go on
            keys = [move_key(a) if step.kind == "move" else a for a in line]
            if keys[:len(done)] == done and len(done) < len(line):
                return line[len(done)]
        if step.kind == "setup":
            return next((p for p in step.solution if p.partition("@")[0] in state.tray
                         and p.partition("@")[2] not in state.placements), None)
        for k in range(len(step.solution)):  # the rest of the solution may still work from here
            if search.solves(state, step.solution[k:]):
                return step.solution[k]
        found = search.find_line(state, max(1, step.par - state.actions) + 1,
                                 limit=HINT_SEARCH_LIMIT)
        return found[0] if found else None



def stars_for(actions: int, par: int, hint_level: int, mistakes: int = 0) -> int:
    """Stars for a solved step: three within par with no mistake and at most the first hint;
    fewer for more moves, for mistakes (a refused move or placement, a wrong answer: one
    costs a star, two or more cost two) and for hints that reveal the answer.

    Example:
        >>> stars_for(2, 2, 0), stars_for(3, 2, 0), stars_for(5, 2, 0), stars_for(2, 2, 4)
        (3, 2, 1, 1)
        >>> stars_for(1, 1, 0, mistakes=1), stars_for(1, 1, 0, mistakes=2)
        (2, 1)
    """
    stars = 3 if actions <= par else 2 if actions <= 2 * par else 1
    stars = min(stars, 3 - min(mistakes, 2))
    if hint_level >= 4:
        return 1
    if hint_level >= 2:
        return min(stars, 2)
    return stars


play_with(LessonRun)  # Lesson.start plays a lesson with a LessonRun
