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

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...engine import pieces as P
from ...engine.combat import strike_outcome
from ...engine.errors import IllegalMoveError, StrategoError
from ...engine.game import Game
from ...engine.moves import Move
from ...engine.outcome import Termination
from ...locales import check_language, piece_name, translate
from ..model.citations import citation, rulebook_quote
from ..errors import LessonError
from ..model.goals import Reach, Refused, SetupCheck, Survive, Win
from .opponents import answer
from ..model.steps import Step, move_key
from ..model.text import say


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
    (``quote_language`` says which language the words are in).

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
        geo = game.state.geometry
        ids: dict[str, int | None] = {}
        for square in (*step.goal.squares(), *step.only):
            pid = game.state.board[geo.index(square)]
            ids[square] = pid if pid > 0 else None
        return cls(step, game, ids, tray=list(step.tray))

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

        The game is rebuilt from the board as it stands (ranks known and pieces moved kept).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> state = StepState.start(catalog()["pieces"].steps[0])
            >>> _ = state.game.play("e4-e5"); state.pass_turn()
            >>> state.game.to_move, state.game.piece_at("e5")
            ('red', ('red', 'sergeant'))
        """
        game, learner = self.game, self.learner
        state = game.state
        geo = state.geometry
        pieces: dict[str, str] = {}
        revealed: list[str] = []
        moved: list[str] = []
        for sq, pid in enumerate(state.board):
            if pid > 0:
                name = geo.name(sq)
                pieces[name] = f"{P.PLAYER_NAMES[state.owner[pid]]} {P.KIND_NAMES[state.kind[pid]]}"
                if state.known[pid]:
                    revealed.append(name)
                if state.moved[pid]:
                    moved.append(name)
        fresh = Game.from_pieces(game.rules, pieces, to_move=learner,
                                 captured={p: game.captured(p) for p in P.PLAYER_NAMES},
                                 revealed=revealed, moved=moved)
        for square, old in self.ids.items():
            self.ids[square] = (fresh.state.board[state.square[old]]
                                if old is not None and state.square[old] >= 0 else None)
        self.game = fresh


@dataclass(frozen=True)
class _Result:
    """What an action did, before it is put into the learner's words."""

    accepted: bool
    rule: str | None = None
    english: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)
    solved: bool = False
    failed: bool = False
    reply: str | None = None


def _refuse(rule: str, english: str = "", **values: Any) -> _Result:
    return _Result(False, rule, english, values)


#: Endings after which a step cannot go on (a Flag taken, or a Moving Flag home).
_FINAL = frozenset({Termination.FLAG_CAPTURED, Termination.FLAG_REACHED})


def _survives(step: Step) -> bool:
    return any(isinstance(leaf, Survive) for leaf in step.goal.leaves())


def apply_action(state: StepState, action: str | Move) -> _Result:
    """Carry out one proposal on ``state`` (unchanged when it is refused).

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


def _answer(state: StepState, action: str) -> _Result:
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
        return _Result(True, solved=True)
    state.answer = None
    return _refuse("lesson-answer", choice=choice)


def _place(state: StepState, action: str) -> _Result:
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
        return _Result(True, solved=True)
    if not state.tray:
        return _Result(True, "lesson-failed", failed=True)
    return _Result(True)


def _move(state: StepState, action: str | Move) -> _Result:
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
            return _Result(True, error.rule, str(error), solved=True)
        state.refused_rule = None
        return _refuse(error.rule, str(error))
    index = len(state.played)
    state.actions += 1
    state.played.append(move_key(str(played)))
    if state.met() and not _survives(step):
        return _Result(True, solved=True)
    if step.goal.lost(state):
        return _Result(True, "lesson-failed", failed=True)
    outcome = state.game.outcome
    if outcome is not None and outcome.termination in _FINAL:
        return _Result(True, solved=True) if state.met() else _Result(
            True, "lesson-failed", failed=True)
    # Otherwise the lesson goes on even when the opponent cannot move: it passes.
    reply = _reply(state, index, str(played))
    reply_text = None
    if reply is not None:
        reply_text = str(state.game.play(reply))
    else:  # no answer for this move (nothing scripted, no opponent): the opponent passes
        state.pass_turn()
    if state.met():
        return _Result(True, solved=True, reply=reply_text)
    if state.game.is_over or step.goal.lost(state):
        return _Result(True, "lesson-failed", failed=True, reply=reply_text)
    return _Result(True, reply=reply_text)


def _reply(state: StepState, index: int, played: str) -> str | None:
    """The opponent's answer to the learner's ``index``-th move ``played``: the scripted one
    when it fits the position (a strike written ``x`` needs a piece to strike, a move written
    ``-`` an empty square), else the step's ``opponent``'s choice; None: it passes."""
    step, game = state.step, state.game
    scripted = step.replies[index].for_move(played) if index < len(step.replies) else None
    if scripted == "pass":
        return None
    if scripted is not None and _fits(game, scripted):
        return scripted
    if step.opponent is None or game.is_over:
        return None
    return answer(step.opponent, game)


def _fits(game: Game, reply: str) -> bool:
    """Whether a scripted ``reply`` is legal, and a strike (written ``x``) has a piece to
    strike (the learner's line may have taken it away: then the reply is not the one
    scripted)."""
    if not game.is_legal(reply):
        return False
    return "x" not in reply.lower() or game.piece_at(Move.parse(reply).target) is not None


def find_line(state: StepState, depth: int, limit: int = 20000) -> list[str] | None:
    """A list of at most ``depth`` legal moves that meets a move step's goal from ``state``.

    Searches depth-first among the learner's legal moves, trying at most ``limit`` moves in
    all; returns None when none is found within them (see :func:`search_line`).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> find_line(StepState.start(catalog()["scout"].steps[0]), 1)
        ['b2xb7']
        >>> find_line(StepState.start(catalog()["scout"].steps[0]), 1000, limit=0) is None
        True
    """
    return search_line(state, depth, limit)[0]


def search_line(state: StepState, depth: int, limit: int = 20000
                ) -> tuple[list[str] | None, bool]:
    """``(line, complete)``: a list of at most ``depth`` legal moves that meets a move step's
    goal from ``state`` (None: none found), and whether the search tried every line (so that
    None means there is none) rather than stopping after ``limit`` moves.

    The search keeps its own stack, so no ``depth`` (a ``par`` of a thousand, say) makes it
    recurse: its work is bounded by ``limit`` alone.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> search_line(StepState.start(catalog()["scout"].steps[0]), 1)
        (['b2xb7'], True)
        >>> search_line(StepState.start(catalog()["scout"].steps[1]), 1)
        (None, True)
    """
    line, complete, _used = _search(state, depth, limit)
    return line, complete


def _search(state: StepState, depth: int, limit: int
            ) -> tuple[list[str] | None, bool, int]:
    """:func:`search_line`'s answer, and how many moves it tried."""
    if state.step.kind != "move" or depth <= 0:
        return None, True, 0
    budget = limit
    root = state.copy()
    stack: list[tuple[StepState, Iterator[Move]]] = [(root, iter(root.game.legal_moves()))]
    line: list[str] = []  # the moves from the root to the top of the stack
    while stack:
        node, moves = stack[-1]
        move = next(moves, None)
        if move is None:  # every move from here tried
            stack.pop()
            if line:
                line.pop()
            continue
        if budget <= 0:
            return None, False, limit
        budget -= 1
        child = node.copy()
        try:
            result = apply_action(child, move)
        except LessonError:
            continue
        if result.solved:
            return [*line, str(move)], True, limit - budget
        if result.failed or len(stack) >= depth:
            continue
        line.append(str(move))
        stack.append((child, iter(child.game.legal_moves())))
    return None, True, limit - budget


def shortest_line(state: StepState, depth: int, limit: int = 20000, start: int = 1
                  ) -> tuple[list[str] | None, bool]:
    """Like :func:`search_line`, but the shortest line: lines of ``start`` moves are tried
    first, then one more each time up to ``depth``; ``limit`` bounds all the tries together.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> _ = apply_action(state, "b2-b5")
        >>> shortest_line(state, 3)
        (['b5xb7'], True)
    """
    budget = limit
    for length in range(max(start, 1), depth + 1):
        line, complete, used = _search(state, length, budget)
        if line is not None or not complete:
            return line, complete
        budget -= used
    return None, True


def _solves(state: StepState, actions: Sequence[str]) -> bool:
    """Whether playing ``actions`` from ``state`` (on a copy) meets the goal at the last one."""
    trial = state.copy()
    for i, action in enumerate(actions):
        result = apply_action(trial, action)
        if not result.accepted or result.failed or result.solved != (i == len(actions) - 1):
            return False
    return True


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


#: How many moves the search behind a move's feedback tries (within par, then a little past).
OUTLOOK_SEARCH_LIMIT = 1500
#: The most moves left to par for which the feedback searches how far the goal is (a step
#: with more, a whole game, is answered by its opponent and by where the piece went).
OUTLOOK_DEEPEST = 8
#: How many moves past par the feedback looks for the goal before calling it out of reach.
OUTLOOK_BEYOND_PAR = 3
#: How many positions of a step a run keeps the next hinted action of.
_HINTS_KEPT = 64
#: How many moves the hint search tries from a position off the solution's path.
HINT_SEARCH_LIMIT = 3000
#: How many positions' outlooks are kept for every run, whatever its language.
_OUTLOOKS_KEPT = 1024
#: The outlooks found, by (id of the step, moves played, position, actions), each with its
#: step: the entry holds the step, so no other step can take its id while the entry is kept.
_outlooks: dict[tuple[int, tuple[str, ...], str, int],
                tuple[Step, tuple[str, int], str | None]] = {}


def _outlook_of(state: StepState) -> tuple[tuple[str, int], str | None]:
    """How far a move step's goal is from ``state``, and the first move of the line found:
    ``(("on-track" | "past-par", moves), move)`` by the shortest line within par (else a few
    moves past it), ``(("out-of-reach", moves looked ahead), None)`` when no line reaches it,
    ``(("played", 0), None)`` when the bounded search cannot tell or the step is a whole game.

    The answer does not depend on the learner's language, and the search behind it is most of
    the time a move's feedback takes: it is found once per position of a step and kept (the
    last :data:`_OUTLOOKS_KEPT` positions) for every run, so the same lesson played in four
    languages, or started again, searches once.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> _ = apply_action(state, "b2-b5")
        >>> _outlook_of(state)
        (('past-par', 1), 'b5xb7')
    """
    step = state.step
    key = (id(step), tuple(state.played), state.game.position(), state.actions)
    kept = _outlooks.get(key)
    if kept is not None and kept[0] is step:
        return kept[1], kept[2]
    left = max(step.par - state.actions, 0)  # past par already: every line is past it
    if left > OUTLOOK_DEEPEST:  # a whole game, not a puzzle: no search can tell
        return ("played", 0), None
    line, complete = shortest_line(state, left, OUTLOOK_SEARCH_LIMIT)
    kind = "on-track"
    if line is None and complete:
        kind = "past-par"
        line, complete = shortest_line(state, left + OUTLOOK_BEYOND_PAR,
                                       OUTLOOK_SEARCH_LIMIT, start=left + 1)
    found: tuple[tuple[str, int], str | None]
    if line is not None:
        found = (kind, len(line)), line[0]
    else:
        found = (("out-of-reach", left + OUTLOOK_BEYOND_PAR) if complete else ("played", 0)), None
    if len(_outlooks) >= _OUTLOOKS_KEPT:
        _outlooks.pop(next(iter(_outlooks)), None)  # the oldest
    _outlooks[key] = (step, *found)
    return found


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
            "three_stars": self._three_stars(step),
        }

    def _three_stars(self, step: Step | None) -> str:
        """What three stars ask for in ``step``, in the run's language ("" when finished)."""
        if step is None:
            return ""
        lang = self.language
        if step.kind == "question":
            return say("three-stars-answer", lang)
        count = say("count-one", lang) if step.par == 1 else say("count-many", lang, n=step.par)
        return say("three-stars", lang, count=count)

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
        before = state.copy()
        try:
            result = apply_action(state, action)
        except LessonError:
            self.state = before
            raise
        if not result.accepted:
            self.state = before
            self.refusals += 1
            self.mistakes += 1
            return Feedback(False, self._refusal_text(step, result), result.rule)
        if result.solved:
            stars = stars_for(state.actions, step.par, self.hint_level, self.mistakes)
            self.stars[self.step_index] = max(self.stars[self.step_index], stars)
            text = f"{self._own_way(step, state)}{step.success.get(lang)} " \
                f"{say('stars', lang, stars=stars)}"
            if stars < 3:  # what the missing stars ask for
                text += f" {self._three_stars(step)}"
            self.goto(self.step_index + 1)
            words, words_lang = rulebook_quote(step.source, step.quote, lang)
            return Feedback(True, text, result.rule, solved=True, reply=result.reply,
                            stars=stars, cite=citation(step.source, step.cite, lang),
                            quote=words, quote_language=words_lang)
        if result.failed:
            self.lost = True  # the losing position stays on the board, told, until Retry
            text = self._failure_text(step, before, state, action) if step.kind == "move" \
                else " ".join(filter(None, [say("lesson-failed", lang), *(
                    [own.get(lang)] if (own := step.feedback.get("lesson-failed")) else [])]))
            return Feedback(True, text, "lesson-failed", failed=True, reply=result.reply)
        if step.kind != "move":
            return Feedback(True, say("not-solved", lang), None)
        return Feedback(True, self._move_text(step, before, state, action, result.reply),
                        None, reply=result.reply)

    def _move_text(self, step: Step, before: StepState, after: StepState,
                   action: str | Move, reply: str | None) -> str:
        """The answer to an accepted move that did not solve the step: the author's words for
        that move or square, the opponent's reply and what each side lost, how far the goal
        is now against par, and a piece of the learner's that a known piece can now take."""
        lang, told = self.language, []
        move = Move.parse(action) if isinstance(action, str) else action
        played = after.played[-1] if after.played else move_key(str(move))
        own = step.feedback.get(played) or step.feedback.get(move.target)
        if own is not None:
            told.append(own.get(lang))
        if reply is not None:
            told.append(say("reply", lang, side=_side(step.learner, other=True, lang=lang),
                            move=reply))
        told += self._losses(step, before, after, move)
        told.append(self._outlook(step, after, played))
        threat = _threat(after.game, step.learner)
        if threat is not None:
            piece, square, enemy, enemy_square = threat
            told.append(say("move-threat", lang, piece=piece_name(piece, lang), square=square,
                            enemy=piece_name(enemy, lang), enemy_square=enemy_square))
        return " ".join(told)

    def _losses(self, step: Step, before: StepState, after: StepState, move: Move) -> list[str]:
        """What each side lost between ``before`` and ``after``, a sentence per side."""
        lang, told = self.language, []
        for side in (step.learner, _other(step.learner)):
            lost = _lost_pieces(before.game, after.game, side, move)
            if lost:
                told.append(say("lesson-lost-pieces", lang, side=_side(side, False, lang),
                                pieces=", ".join(f"{piece_name(kind, lang)} ({square})"
                                                 for kind, square in lost)))
        return told

    def _outlook(self, step: Step, state: StepState, played: str) -> str:
        """How far the goal is after ``played``: within par, past it, or out of reach (see
        :meth:`_distance`), in a sentence."""
        lang = self.language
        if any(isinstance(leaf, Refused) for leaf in step.goal.leaves()):
            for line in step.solutions:
                path = [move_key(action) for action in line]
                if state.played == path[:len(state.played)] and len(state.played) < len(path):
                    return say("move-on-track", lang, move=played,
                               count=_count(len(path) - len(state.played), lang))
            return say("move-not-refused", lang, move=played)
        kind, n = self._distance(step, state)
        if kind == "out-of-reach":
            return say("move-out-of-reach", lang, move=played, n=n)
        if kind == "played":
            return self._closer(state, played)
        return say(f"move-{kind}", lang, move=played, count=_count(n, lang))

    def _closer(self, state: StepState, played: str) -> str:
        """Whether the piece just moved came closer to what the goal is about (when the search
        could not say how far the goal is)."""
        lang = self.language
        move = Move.parse(played)  # a rescue or a spot: its squares only
        origin, target = move.origin, move.target
        piece = state.game.piece_at(target)
        targets = _goal_squares(state)
        if piece is None or piece[0] != state.learner or not targets:
            return say("move-played", lang, move=played)
        nearest = min(targets, key=lambda square: (_squares_apart(target, square), square))
        closer = _squares_apart(target, nearest) < min(
            _squares_apart(origin, square) for square in targets)
        return say("move-closer" if closer else "move-not-closer", lang, move=played,
                   piece=piece_name(piece[1], lang), target=nearest)

    def _distance(self, step: Step, state: StepState) -> tuple[str, int]:
        """``("on-track" | "past-par", moves)`` to the goal from ``state`` by the shortest line
        found, ``("out-of-reach", moves looked ahead)``, or ``("played", 0)`` when the bounded
        search cannot tell (see :func:`_outlook_of`, which finds it once per position for
        every run). The line found is where the hints point next."""
        found, first = _outlook_of(state)
        if first is not None:
            self._remember_next(state, first)
        return found

    def _own_way(self, step: Step, state: StepState) -> str:
        """For a move step solved by a line the step does not list, a sentence that says so
        (the success text tells the step's own answer), and a space; else ""."""
        if step.kind != "move" or any([move_key(a) for a in line] == state.played
                                      for line in step.solutions):
            return ""
        n, lang = len(state.played), self.language
        key = "solved-own-one" if n == 1 else "solved-own-many"
        return say(key, lang, n=n, line=", ".join(step.solution)) + " "

    def _failure_text(self, step: Step, before: StepState, after: StepState,
                      action: str | Move) -> str:
        """What happened, as the learner may see it (the pieces each side lost since the
        learner's move, on their squares), why the step is lost, and the step's own
        ``lesson-failed`` text."""
        lang = self.language
        move = Move.parse(action) if isinstance(action, str) else action
        told = self._losses(step, before, after, move)
        told.append(say("lesson-failed", lang))
        own = step.feedback.get("lesson-failed")
        if own is not None:
            told.append(own.get(lang))
        return " ".join(told)

    def _refusal_text(self, step: Step, result: _Result) -> str:
        lang, rule = self.language, result.rule or "illegal"
        if rule.startswith("lesson-"):
            values = dict(result.values)
            if rule == "lesson-answer":
                values.pop("choice", None)
            text = say(rule, lang, **values)
        else:
            text = translate(rule, result.english or rule, lang)
        own = step.feedback.get(rule) or step.feedback.get(
            str(result.values.get("choice") or result.values.get("check") or ""))
        return f"{text} {own.get(lang)}" if own is not None else text

    def hint(self) -> str:
        """The next hint: a sentence, then the piece, then the square, then the move.

        Each call shows one more; hints after the first cost stars (see :func:`stars_for`).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = catalog()["scout"].start()
            >>> hints = [run.hint() for _ in range(4)]
            >>> hints[1:]
            ['Use the Scout on b2.', 'Take it to b7.', 'Play b2-b7.']
        """
        state, lang = self.state, self.language
        if state is None:
            return say("lesson-finished", lang)
        if self.lost:
            return say("lesson-lost", lang)
        step = state.step
        self.hint_level = min(self.hint_level + 1, 4)
        if self.hint_level == 1:
            return step.hint.get(lang) if step.hint is not None else say(
                "hint-goal", lang, instruction=self.instruction)
        nxt = self._next_action(state)
        if nxt is None:
            return say("hint-lost", lang)
        if step.kind == "question":
            self.hint_level = 4
            return say("hint-answer", lang, choice=step.choices[nxt].get(lang))
        if step.kind == "setup":
            kind, _, square = nxt.partition("@")
            return say("hint-place", lang, piece=piece_name(kind, lang), square=square)
        move = Move.parse(nxt)
        if not state.game.is_legal(move):
            self.hint_level = 4
            return say("hint-refused", lang, move=nxt)
        if self.hint_level == 2:
            piece = state.game.piece_at(move.origin)
            kind = piece[1] if piece else "scout"
            return say("hint-piece", lang, piece=piece_name(kind, lang), square=move.origin)
        if self.hint_level == 3:
            if move.guess is not None and move.origin == move.target:
                return say("hint-guess", lang)
            return say("hint-square", lang, square=move.target)
        return say("hint-move", lang, move=nxt)

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
            if _solves(state, step.solution[k:]):
                return step.solution[k]
        found = find_line(state, max(1, step.par - state.actions) + 1, limit=HINT_SEARCH_LIMIT)
        return found[0] if found else None


def _other(side: str) -> str:
    return "blue" if side == "red" else "red"


def _lost_pieces(before: Game, after: Game, side: str, move: Move) -> list[tuple[str, str]]:
    """``side``'s pieces on ``before``'s board that ``after``'s no longer has, with the square
    each was last on (the learner's own ``move`` followed; the other side's pieces matched by
    kind, since they may have moved since).

    Example:
        >>> before = Game.from_pieces("original", {"e4": "red scout", "e6": "blue marshal"})
        >>> after = Game.from_pieces("original", {"e5": "blue marshal"})
        >>> _lost_pieces(before, after, "red", Move.parse("e4-e5"))
        [('scout', 'e5')]
    """
    now = after.pieces()
    left: dict[str, int] = {}
    for owner, kind in now.values():
        if owner == side:
            left[kind] = left.get(kind, 0) + 1
    mine = [(square, kind) for square, (owner, kind) in sorted(before.pieces().items())
            if owner == side]
    if any(square == move.origin for square, _kind in mine):  # the learner's side: followed
        lost = []
        for square, kind in mine:
            where = move.target if square == move.origin else square
            if now.get(where) == (side, kind):
                left[kind] -= 1
            else:
                lost.append((kind, where))
        return lost
    # The other side: its pieces may have moved (a reply, a defender moving in): by kind,
    # those still in place first.
    stayed = sorted(mine, key=lambda item: now.get(item[0]) != (side, item[1]))
    lost = []
    for square, kind in stayed:
        if left.get(kind, 0) > 0:
            left[kind] -= 1
        else:
            lost.append((kind, square))
    return sorted(lost, key=lambda item: item[1])


def _goal_squares(state: StepState) -> list[str]:
    """The squares the goal is about now: squares to reach, where the enemy pieces it follows
    stand, and the enemy Flag when the learner knows where it is (a game to win)."""
    game, learner = state.game, state.learner
    squares: set[str] = set()
    for leaf in state.step.goal.leaves():
        if isinstance(leaf, Reach):
            squares.update(leaf.targets)
        if isinstance(leaf, Win):
            squares.update(square for square, piece in game.observation(learner)["board"].items()
                           if piece["owner"] != learner and piece["kind"] == "flag")
        for start in leaf.squares():
            pid = state.pid_of(start)
            if pid is None or game.state.square[pid] < 0:
                continue
            where = game.state.square[pid]
            if P.PLAYER_NAMES[game.state.owner[pid]] != learner:
                squares.add(game.state.geometry.name(where))
    return sorted(squares)


def _squares_apart(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def _count(n: int, lang: str) -> str:
    return say("count-one", lang) if n == 1 else say("count-many", lang, n=n)


def _threat(game: Game, learner: str) -> tuple[str, str, str, str] | None:
    """A piece of ``learner``'s that a known enemy piece next to it beats when it strikes, as
    the learner sees the board: ``(kind, square, enemy kind, enemy square)``, or None."""
    board = game.observation(learner)["board"]
    rules = game.rules
    geometry = rules.geometry
    for square, piece in sorted(board.items()):
        if piece["owner"] != learner:
            continue
        for near in (geometry.name(index) for index in geometry.neighbours[geometry.index(square)]):
            enemy = board.get(near)
            if enemy is None or enemy["owner"] == learner or enemy["kind"] is None:
                continue
            enemy_kind = P.kind_from_name(enemy["kind"])
            if enemy_kind in (P.BOMB, P.FLAG):
                continue
            if strike_outcome(enemy_kind, P.kind_from_name(piece["kind"]), rules) == "attacker":
                return piece["kind"], square, enemy["kind"], near
    return None


def _side(player: str, other: bool, lang: str) -> str:
    from ...locales import PLAYER_NAMES

    name = _other(player) if other else player
    return PLAYER_NAMES[lang][name]
