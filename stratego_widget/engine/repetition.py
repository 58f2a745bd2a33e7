"""The repetition rules: the two-square rule and Original's more-squares (chasing) rule.

**Two-square rule.** Only consecutive moves of one piece by its player count, whatever the
opponent does; a strike counts like any other move. These moves form *shuffles*: a move
continues the current shuffle when it goes back the way the previous move came and ends inside
the *stretch* of the shuffle's first move (the squares that move spans); any other move (on in
the same direction, onto another line, or out of the stretch) opens a new shuffle, counted from
one. ``Ruleset.two_square_limit`` moves of a shuffle are allowed, the next is refused (see that
property for the two readings of the rulebooks' wording).

``Ruleset.two_square_scout`` says what "the same two squares" means for a Scout. ``"path"``
(default): a straight move's stretch is every square it spans, and any move back along the same
line goes back the way it came, so d4-d7, d7-d4, d4-d6 is one shuffle, while b2-e2 then e2-a2
leaves the stretch b2..e2 and opens a new shuffle over a2..e2. ``"endpoints"``: the stretch is
the two end squares only, so only exact reversals continue a shuffle. An Ultimate Lightning
Captain's turning move spans only its two end squares in both readings.

The player who started shuttling reaches the limit first, so must stop first (Original's
wording), without any extra bookkeeping.

A pass (``Game.pass_turn``, a lesson device, no move of any rulebook) is no move here: the
history alternates sides with it too, so an opponent's pass sits between a player's own moves
like any reply and breaks nothing, and a player's own pass is skipped (it neither counts in a
shuffle nor ends one). It leaves the chase of the more-squares rule as it was.

**More-squares rule** (Original only). A chase starts when a piece moves next to enemy pieces;
it continues while the opponent moves the threatened piece away and the chaser follows it next
to it again. The chaser may not play a chasing move that recreates a position that already
occurred during the chase, except moving straight back to the square it came from on its
previous turn.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("original", {"a1": "red flag", "e1": "red major",
    ...                                         "j10": "blue flag", "j1": "blue scout"})
    >>> for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1", "e1-e2", "j1-j2"]:
    ...     _ = game.play(text)
    >>> game.is_legal("e2-e1")
    False

A Scout that leaves the stretch of its shuffle starts a new count (Onyx: two moves allowed):
    >>> game = sw.Game.from_pieces("onyx-2009", {"a1": "red flag", "b2": "red scout",
    ...                                          "j10": "blue flag", "j9": "blue scout"})
    >>> for text in ["b2-e2", "j9-j8", "e2-a2", "j8-j7", "a2-c2", "j7-j6"]:
    ...     _ = game.play(text)
    >>> game.is_legal("c2-b2"), game.is_legal("c2-d2"), game.is_legal("c2-f2")
    (False, True, True)
"""

from __future__ import annotations

from .moves import PASS_CODE, SPOT, action_of, origin_of, target_of
from .position import Position

#: The two-square rule's id, as :class:`~stratego_widget.engine.errors.IllegalMoveError` and
#: every refusal name it.
TWO_SQUARE = "two-square"
#: Original's more-squares (chasing) rule's id.
MORE_SQUARES = "more-squares"
#: Every repetition rule's id, in order: the one list the explanations, text play and the
#: environments' observation planes take them from.
REPETITION_RULES: tuple[str, ...] = (TWO_SQUARE, MORE_SQUARES)


def two_square_forbidden(position: Position, p: int) -> tuple[int, frozenset[int]] | None:
    """The squares the two-square rule forbids for player ``p``'s last-moved piece.

    Returns ``(square of that piece, forbidden target squares)``, or ``None`` when the piece's
    current shuffle is shorter than ``Ruleset.two_square_limit`` moves (see the module
    docstring for what a shuffle is).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("onyx-2009", {"a1": "red flag", "e1": "red major",
        ...                                          "j10": "blue flag", "j1": "blue scout"})
        >>> for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1"]:
        ...     _ = game.play(text)
        >>> sq, forbidden = two_square_forbidden(game.state, 0)
        >>> [game.rules.geometry.name(s) for s in forbidden]
        ['e2']
    """
    history = position.history
    i = len(history) - (2 if position.to_move == p else 1)
    while i >= 0 and history[i].code == PASS_CODE:
        i -= 2  # a pass of p's is no move: the shuffle before it goes on
    if i < 0:
        return None
    limit = position.rules.two_square_limit
    pid = history[i].pid
    current = position.square[pid]
    if current < 0:
        return None
    width = position.width
    path = position.rules.two_square_scout == "path"
    # The piece's last `limit` moves, newest first, each reversing the one before it.
    run: list[tuple[int, int]] = []
    here = current
    while i >= 0 and len(run) < limit:
        entry = history[i]
        code = entry.code
        if code == PASS_CODE:
            i -= 2
            continue
        origin, target = origin_of(code), target_of(code)
        if entry.pid != pid or target != here or origin == target:
            break
        if run and not _reverses((origin, target), run[-1], width, path):
            break
        run.append((origin, target))
        here = origin
        i -= 2
    if len(run) < limit:
        return None
    # The oldest of them must open the shuffle: every later move stays inside its stretch.
    # Shuffles never grow longer than `limit` (the rule refuses the next move), so the oldest
    # opens the current shuffle exactly when it is a possible opening.
    stretch = _stretch(*run[-1], width, path)
    if any(target not in stretch for _origin, target in run[:-1]):
        return None
    last_origin, last_target = run[0]
    step = _step(last_origin, last_target, width) if path else None
    if step is None or len(stretch) == 2:
        return current, frozenset({last_origin})
    forbidden = []
    sq = current - step  # reversing the last move, as far as the stretch goes
    while sq in stretch:
        forbidden.append(sq)
        sq -= step
    return current, frozenset(forbidden)


def _step(origin: int, target: int, width: int) -> int | None:
    """The one-square step of a move along a rank or file, or ``None`` for a turning move.

    Example:
        >>> _step(11, 14, 10), _step(14, 4, 10), _step(11, 22, 10)
        (1, -10, None)
    """
    if origin // width == target // width:
        return 1 if target > origin else -1
    if origin % width == target % width:
        return width if target > origin else -width
    return None


def _stretch(origin: int, target: int, width: int, path: bool) -> frozenset[int]:
    """The squares a move spans: every square of a straight move in the path reading, else
    only its two end squares (a turning Ultimate Lightning Captain, or the endpoints reading).

    Example:
        >>> sorted(_stretch(11, 14, 10, True)), sorted(_stretch(11, 14, 10, False))
        ([11, 12, 13, 14], [11, 14])
    """
    step = _step(origin, target, width) if path else None
    if step is None:
        return frozenset({origin, target})
    low, high = min(origin, target), max(origin, target)
    return frozenset(range(low, high + 1, abs(step)))


def _reverses(older: tuple[int, int], newer: tuple[int, int], width: int, path: bool) -> bool:
    """Whether ``newer`` (starting where ``older`` ended) goes back the way ``older`` came:
    to ``older``'s start, or, in the path reading, any distance back along the same line.

    Example:
        >>> _reverses((11, 14), (14, 12), 10, True), _reverses((11, 14), (14, 12), 10, False)
        (True, False)
    """
    if newer[1] == older[0]:
        return True
    if not path:
        return False
    step = _step(*older, width)
    return step is not None and _step(*newer, width) == -step


def chase_forbidden(position: Position, p: int) -> tuple[int, frozenset[int]] | None:
    """The targets the more-squares rule forbids for player ``p``'s chasing piece.

    Example:
        >>> import stratego_widget as sw
        >>> chase_forbidden(sw.Game.random("original", seed=1).state, 0) is None
        True
    """
    chase = position.chase
    if chase is None or not chase.evaded or position.owner[chase.chaser] != p:
        return None
    square = position.square
    chaser_sq = square[chase.chaser]
    (chased,) = chase.chased
    chased_sq = square[chased]
    if chaser_sq < 0 or chased_sq < 0:
        return None
    neighbours = position.geometry.neighbours
    board = position.board
    base = position.hash ^ position.zkey(chase.chaser, chaser_sq)
    forbidden = frozenset(
        t for t in neighbours[chased_sq]
        if t != chase.came_from and board[t] == 0
        and (base ^ position.zkey(chase.chaser, t)) in chase.positions
    )
    return (chaser_sq, forbidden) if forbidden else None


def refusals(position: Position, p: int) -> list[tuple[str, int, frozenset[int]]]:
    """What the repetition rules in play refuse player ``p`` now: ``(rule id, square of the
    piece, target squares)`` for each rule of :data:`REPETITION_RULES` that refuses a move.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("original", {"a1": "red flag", "e1": "red major",
        ...                                         "j10": "blue flag", "j1": "blue scout"})
        >>> for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1", "e1-e2", "j1-j2"]:
        ...     _ = game.play(text)
        >>> refusals(game.state, 0) == [(TWO_SQUARE, 14, frozenset({4}))]
        True
    """
    found = [(TWO_SQUARE, two_square_forbidden(position, p))]
    if position.rules.more_squares_rule:
        found.append((MORE_SQUARES, chase_forbidden(position, p)))
    return [(rule, refused[0], refused[1]) for rule, refused in found
            if refused is not None and refused[1]]


def filter_moves(position: Position, p: int, codes: list[int]) -> list[int]:
    """Remove the moves the repetition rules forbid for player ``p``.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> filter_moves(game.state, 0, [1, 2]) == [1, 2]
        True
    """
    rules = [two_square_forbidden(position, p)]
    if position.rules.more_squares_rule:
        rules.append(chase_forbidden(position, p))
    active = [rule for rule in rules if rule is not None and rule[1]]
    if not active:
        return codes
    kept = codes
    for origin, forbidden in active:
        kept = [
            code for code in kept
            if origin_of(code) != origin or target_of(code) not in forbidden
            or (action_of(code) == SPOT and target_of(code) == origin)
        ]
    return kept
