"""One lesson step: where the learner is in it (:class:`StepState`) and a proposal judged
against it as a pure step (:func:`propose`: the state it leads to and its :class:`Verdict`): a move, an answer among a question's ``choices`` or a
placement (``"flag@a1"``), with the opponent's answer to an accepted move.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> state = StepState.start(catalog()["scout"].steps[0])
    >>> propose(state, "b2-c3")[1].rule
    'diagonal'
    >>> propose(state, "b2-b7")[1].solved, state.actions
    (True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import pieces as P
from ...engine.errors import IllegalMoveError, StrategoError
from ...engine.game import Game
from ...engine.moves import Move
from ...engine.outcome import Termination
from ..model.goals import Refused, SetupCheck, Survive
from ..model.situation import followed_pieces
from ..model.steps import Step, move_key
from .opponents import DEFAULT_OPPONENT, answer


@dataclass
class StepState:
    """Where a learner is inside one step: the game, the pieces followed, what was done.

    ``ids`` follows the pieces that started on the squares the goal names (start square to
    piece id, ``None`` once off the board, even when an unscripted turn rebuilds the game).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> state.actions, state.pid_of("b7") is not None
        (0, True)
    """

    step: Step
    game: Game
    ids: dict[str, int | None]
    actions: int = 0
    refused_rule: str | None = None
    answer: str | None = None
    placements: dict[str, str] = field(default_factory=dict)
    tray: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, step: Step) -> StepState:
        """The state at the start of ``step``.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> StepState.start(catalog()["scout"].steps[0]).game.to_move
            'red'
        """
        game = step.game()
        return cls(step, game, followed_pieces(step, game), tray=list(step.tray))

    def copy(self) -> StepState:
        """An independent copy (for trying a line without touching the run).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> state = StepState.start(catalog()["scout"].steps[0])
            >>> state.copy().game is state.game
            False
        """
        return StepState(self.step, self.game.copy(), dict(self.ids), self.actions,
                         self.refused_rule, self.answer, dict(self.placements),
                         list(self.tray), list(self.played))

    # -- the Situation protocol read by goals
    @property
    def learner(self) -> str:
        """The learner's side."""
        return self.step.learner

    @property
    def tray_left(self) -> int:
        """How many pieces of a setup step are still to place."""
        return len(self.tray)

    def pid_of(self, start_square: str) -> int | None:
        """The id of the piece that started the step on ``start_square`` (None once gone).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> StepState.start(catalog()["scout"].steps[0]).pid_of("b7") > 0
            True
        """
        return self.ids.get(start_square)

    def met(self) -> bool:
        """Whether the step's goal is met now.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> StepState.start(catalog()["scout"].steps[0]).met()
            False
        """
        return self.step.goal.met(self)

    def pass_turn(self) -> None:
        """Give the move back to the learner when the opponent has no scripted answer.

        The game records a pass (``Game.pass_turn``): its history, the rescues made and the
        repetition rules' counts go on.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> state = StepState.start(catalog()["pieces"].steps[0])
            >>> _ = state.game.play("e4-e5"); state.pass_turn()
            >>> state.game.to_move, state.game.piece_at("e5")
            ('red', ('red', 'sergeant'))
        """
        self.game.pass_turn()  # recorded in the history: piece ids, hence self.ids, unchanged



@dataclass(frozen=True)
class Verdict:
    """What a proposal did, before it is put into the learner's words: ``accepted`` or
    refused by ``rule`` (the engine's English in ``english``, the values a lesson text needs in
    ``values``), and whether it ``solved`` or ``failed`` the step; ``reply``: the opponent's
    answer.

    Example:
        >>> Verdict(False, "diagonal").accepted
        False
    """

    accepted: bool
    rule: str | None = None
    english: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)
    solved: bool = False
    failed: bool = False
    reply: str | None = None


def _refuse(rule: str, english: str = "", **values: Any) -> Verdict:
    return Verdict(False, rule, english, values)


#: Endings after which a step cannot go on (a Flag taken, or a Moving Flag home).
_FINAL = frozenset({Termination.FLAG_CAPTURED, Termination.FLAG_REACHED})


def _survives(step: Step) -> bool:
    return any(isinstance(leaf, Survive) for leaf in step.goal.leaves())


def propose(state: StepState, action: str | Move) -> tuple[StepState, Verdict]:
    """A proposal judged against ``state``, as a pure step: the state ``action`` leads to (a
    new one; ``state`` itself when it is refused) and the :class:`Verdict`. ``state`` is never
    changed, and the same state and action always give the same verdict.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> after, verdict = propose(state, "b2-c3")
        >>> verdict.rule, after is state
        ('diagonal', True)
        >>> after, verdict = propose(state, "b2-b7")
        >>> verdict.solved, after.actions, state.actions
        (True, 1, 0)
    """
    after = state.copy()
    verdict = apply_action(after, action)
    return (after if verdict.accepted else state), verdict


def apply_action(state: StepState, action: str | Move) -> Verdict:
    """Carry out one proposal on ``state``, in place (unchanged when it is refused); a run
    uses :func:`propose`, which never changes the state it is given.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> apply_action(state, "b2-b7").solved
        True
    """
    step = state.step
    if step.kind == "question":
        return _answer(state, str(action))
    if step.kind == "setup":
        return _place(state, str(action))
    return _move(state, action)


def _answer(state: StepState, action: str) -> Verdict:
    step = state.step
    wanted = action.strip().lower()
    choice = next((key for key, text in step.choices.items()
                   if wanted == key.lower() or wanted in (t.strip().lower() for t in text.values())),
                  None)
    if choice is None:
        return _refuse("lesson-choice", choices=", ".join(step.choices))
    state.answer = choice
    if state.met():
        state.actions += 1
        state.played.append(choice)
        return Verdict(True, solved=True)
    state.answer = None
    return _refuse("lesson-answer", choice=choice)


def _place(state: StepState, action: str) -> Verdict:
    step = state.step
    kind, _, square = action.strip().lower().partition("@")
    if not square or kind not in P.KIND_NAMES:
        return _refuse("lesson-placement")
    if kind not in state.tray:
        left = ", ".join(sorted(set(state.tray))) or "none"
        return _refuse("setup-tray", f"No {kind} left to place; in the tray: {left}.")
    if square not in step.setup_squares:
        return _refuse("setup-area", f"{square} is not a square where this step's pieces go.")
    if square in state.placements or square in step.pieces:
        return _refuse("setup-square", f"There is already a piece on {square}.")
    for leaf in step.goal.leaves():
        if isinstance(leaf, SetupCheck) and leaf.refuses(
                state.game, state.learner, state.placements, kind, square):
            return _refuse("lesson-setup", check=leaf.check)
    state.placements[square] = kind
    state.tray.remove(kind)
    state.actions += 1
    state.played.append(f"{kind}@{square}")
    state.game = step.game(state.placements)
    if state.met():
        return Verdict(True, solved=True)
    if not state.tray:
        return Verdict(True, "lesson-failed", failed=True)
    return Verdict(True)


def _move(state: StepState, action: str | Move) -> Verdict:
    step = state.step
    try:
        move = Move.parse(action) if isinstance(action, str) else action
    except IllegalMoveError as error:
        return _refuse(error.rule, str(error))
    if step.only:
        allowed = {state.game.state.geometry.name(state.game.state.square[pid])
                   for sq in step.only if (pid := state.pid_of(sq)) is not None
                   and state.game.state.square[pid] >= 0}
        if move.origin not in allowed:
            return _refuse("lesson-only", pieces=", ".join(sorted(allowed)))
    try:
        played = state.game.play(move)
    except StrategoError as error:
        state.refused_rule = error.rule
        if state.met():
            state.actions += 1
            state.played.append(move_key(str(move)))
            return Verdict(True, error.rule, str(error), solved=True)
        state.refused_rule = None
        return _refuse(error.rule, str(error))
    index = len(state.played)
    state.actions += 1
    state.played.append(move_key(str(played)))
    if state.met() and not _survives(step):
        return Verdict(True, solved=True)
    if step.goal.lost(state):
        return Verdict(True, "lesson-failed", failed=True)
    outcome = state.game.outcome
    if outcome is not None and outcome.termination in _FINAL:
        return Verdict(True, solved=True) if state.met() else Verdict(
            True, "lesson-failed", failed=True)
    # Otherwise the lesson goes on even when the opponent cannot move: it passes.
    reply = _reply(state, index, str(played))
    reply_text = None
    if reply is not None:
        reply_text = str(state.game.play(reply))
    else:  # no answer for this move (nothing scripted, no opponent): the opponent passes
        state.pass_turn()
    if state.met():
        return Verdict(True, solved=True, reply=reply_text)
    if state.game.is_over or step.goal.lost(state):
        return Verdict(True, "lesson-failed", failed=True, reply=reply_text)
    return Verdict(True, reply=reply_text)


def _reply(state: StepState, index: int, played: str) -> str | None:
    """The opponent's answer to the learner's ``index``-th move ``played``: the scripted one
    when it fits the position (a strike written ``x`` needs a piece to strike, a move written
    ``-`` an empty square), else the step's ``opponent``'s choice; a step without one meets
    :data:`~stratego_widget.lessons.playing.opponents.DEFAULT_OPPONENT` (it defends itself
    and punishes) once the learner has left every answer of the step, unless the step shows a
    rule (its opponent scripted, or its goal a refused move); None: it passes."""
    step, game = state.step, state.game
    scripted = step.replies[index].for_move(played) if index < len(step.replies) else None
    if scripted == "pass":
        return None
    if scripted is not None and _fits(game, scripted):
        return scripted
    if game.is_over:
        return None
    if step.opponent is not None:
        return answer(step.opponent, game)
    if not step.replies and _off_every_answer(state) and not any(
            isinstance(leaf, Refused) for leaf in step.goal.leaves()):
        return answer(DEFAULT_OPPONENT, game)
    return None


def _off_every_answer(state: StepState) -> bool:
    """Whether the moves played so far are the start of none of the step's answers."""
    played = state.played
    return not any([move_key(action) for action in line][:len(played)] == played
                   for line in state.step.solutions)


def _fits(game: Game, reply: str) -> bool:
    """Whether a scripted ``reply`` is legal, and a strike (written ``x``) has a piece to
    strike (the learner's line may have taken it away: then the reply is not the one
    scripted)."""
    if not game.is_legal(reply):
        return False
    return "x" not in reply.lower() or game.piece_at(Move.parse(reply).target) is not None

