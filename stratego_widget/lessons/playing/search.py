"""The search for a line that meets a move step's goal: the hints' next move, the lesson
check's proof that a step can be solved, and how far a move's feedback says the goal is
(:func:`outlook_of`, found once per position for every run).

Example:
    >>> from stratego_widget.lessons import catalog
    >>> find_line(StepState.start(catalog()["scout"].steps[0]), 1)
    ['b2xb7']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...engine.moves import Move
from ..errors import LessonError
from ..model.steps import Step
from .step import StepState, apply_action


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
        (['b5xb8'], True)
    """
    budget = limit
    for length in range(max(start, 1), depth + 1):
        line, complete, used = _search(state, length, budget)
        if line is not None or not complete:
            return line, complete
        budget -= used
    return None, True


def solves(state: StepState, actions: Sequence[str]) -> bool:
    """Whether playing ``actions`` from ``state`` (on a copy) meets the goal at the last one."""
    trial = state.copy()
    for i, action in enumerate(actions):
        result = apply_action(trial, action)
        if not result.accepted or result.failed or result.solved != (i == len(actions) - 1):
            return False
    return True



#: How many moves the search behind a move's feedback tries (within par, then a little past).
OUTLOOK_SEARCH_LIMIT = 1500
#: The most moves left to par for which the feedback searches how far the goal is (a step
#: with more, a whole game, is answered by its opponent and by where the piece went).
OUTLOOK_DEEPEST = 8
#: How many moves past par the feedback looks for the goal before calling it out of reach.
OUTLOOK_BEYOND_PAR = 3
#: How many positions' outlooks are kept for every run, whatever its language.
_OUTLOOKS_KEPT = 1024
#: The outlooks found, by (id of the step, moves played, position, actions), each with its
#: step: the entry holds the step, so no other step can take its id while the entry is kept.
_outlooks: dict[tuple[int, tuple[str, ...], str, int],
                tuple[Step, tuple[str, int], str | None]] = {}



def outlook_of(state: StepState) -> tuple[tuple[str, int], str | None]:
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
        >>> outlook_of(state)
        (('past-par', 1), 'b5xb8')
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

