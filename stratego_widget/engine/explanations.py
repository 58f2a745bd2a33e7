"""Why a move is illegal, in a sentence a learner understands, citing the edition's rulebook.

:func:`explain_illegal` looks at a rejected move and finds the first rule it breaks. Each
error carries a stable ``rule`` id (for translations and tests) and a message ending in the
rulebook section, for example "A Bomb cannot move (Original: Moving)."

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("onyx-2009", {"a1": "red flag", "e4": "red scout",
    ...                                          "j10": "blue flag", "e7": "blue miner"})
    >>> try:
    ...     game.play("e4xe7")
    ... except sw.IllegalMoveError as error:
    ...     print(error.rule, "|", error)
    scout-move-and-strike | The Scout may not move and strike in the same turn (Onyx: Rules for Movement, rule 8).
"""

from __future__ import annotations

from . import pieces as P
from .editions import EDITIONS, cite
from .errors import IllegalMoveError
from .moves import Move
from .outcome import Outcome
from .position import Position
from .repetition import MORE_SQUARES, TWO_SQUARE, chase_forbidden, two_square_forbidden


def _error(position: Position, rule: str, sentence: str, topic: str) -> IllegalMoveError:
    return IllegalMoveError(rule, f"{sentence} ({cite(position.rules.edition, topic)}).")


def explain_illegal(position: Position, move: Move, outcome: Outcome | None = None
                    ) -> IllegalMoveError:
    """The error for a move that is not among the legal moves, naming the rule it breaks.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag",
        ...                                         "e4": "red major"})
        >>> explain_illegal(game.state, Move.parse("e4-f5")).rule
        'diagonal'
    """
    rules = position.rules
    geo = position.geometry
    if outcome is not None:
        return IllegalMoveError("game-over", f"The game is over: {outcome.winner} has won."
                                if outcome.winner else "The game is over: a draw.")
    if move.is_pass:  # Original: "You either move one of your pieces or attack"
        return _error(position, "no-pass", "A player cannot pass: on each turn you either move "
                      "one of your pieces or strike", "no-pass")
    origin, target = geo.index(move.origin), geo.index(move.target)
    pid = position.board[origin]
    if pid <= 0:
        return _error(position, "no-piece", f"There is no piece on {move.origin}", "turn")
    p = position.to_move
    if position.owner[pid] != p:
        return _error(position, "not-your-piece",
                      f"The piece on {move.origin} is {P.PLAYER_NAMES[1 - p].capitalize()}'s; "
                      f"it is {P.PLAYER_NAMES[p].capitalize()}'s turn", "turn")
    k = position.kind[pid]
    name = P.KIND_NAMES[k].capitalize()
    article = "The" if k == P.FLAG else "A"
    if k not in position.movable:
        return _error(position, "immovable", f"{article} {name} cannot move", "immovable")
    if move.guess is not None:
        return _explain_spot(position, move, k, origin, target)
    edition = EDITIONS[rules.edition]
    obstacle = edition.obstacle  # the 2013 rulebook's Craters
    if target in geo.lakes:
        why = "it contains no squares" if edition.obstacle_has_no_squares \
            else "pieces must go around it"
        return _error(position, "lake", f"No piece may enter a {obstacle}: {why}", "lake")
    target_pid = position.board[target]
    if target_pid > 0 and position.owner[target_pid] == p:
        return _error(position, "occupied", f"Your own piece stands on {move.target}", "occupied")
    if origin == target:
        return _error(position, "no-move", "A piece must move to another square", "movement")
    width = position.width
    df = target % width - origin % width
    dr = target // width - origin // width
    strike = target_pid > 0
    if strike and k <= P.BOMB:
        topic = "moving-bombs" if k == P.BOMB else "cannot-strike"
        return _error(position, "cannot-strike", f"{article} {name} cannot strike", topic)
    if k == P.CAPTAIN and rules.captain_two_squares and abs(df) + abs(dr) == 2:
        return _error(position, "captain", "A Captain moves two squares only through an empty "
                      "first square, and strikes at most once", "captain")
    if df and dr:
        return _error(position, "diagonal", "Pieces move forward, backward or sideways, never "
                      "diagonally", "movement")
    distance = abs(df) + abs(dr)
    if distance > 1 and k != P.SCOUT:
        return _error(position, "one-square", f"{article} {name} moves one square at a time",
                      "movement")
    reach = rules.scout_max_distance
    if distance > 1 and reach is not None and distance > reach:
        return _error(position, "scout-distance", f"In this variant a Scout moves at most "
                      f"{reach} {'square' if reach == 1 else 'squares'}", "movement")
    if distance > 1:
        step = (1 if df > 0 else -1) if df else (width if dr > 0 else -width)
        sq = origin + step
        while sq != target:
            if sq in geo.lakes:
                return _error(position, "lake", f"A Scout cannot cross a {obstacle}", "lake")
            if position.board[sq] != 0:
                return _error(position, "jump", "A piece cannot jump over or move through another "
                              "piece", "jump")
            sq += step
        if strike and not rules.scout_move_and_strike:
            return _error(position, "scout-move-and-strike",
                          "The Scout may not move and strike in the same turn", "scout-strike")
    for check, rule, sentence in (
        (two_square_forbidden, TWO_SQUARE,
         f"The two-square rule: this piece may not move back and forth between the same "
         f"squares more than {rules.two_square_limit} times in a row"),
        (chase_forbidden, MORE_SQUARES,
         "The more-squares rule: a chasing piece may not bring back a position that already "
         "occurred during the chase"),
    ):
        found = check(position, p) if rule == TWO_SQUARE or rules.more_squares_rule else None
        if found and found[0] == origin and target in found[1]:
            return _error(position, rule, sentence, rule)
    if move.rescue is not None:  # the move itself is fine: the rescue part is not
        return _explain_rescue(position, move, k, pid, target)
    return _error(position, "illegal", f"{move} is not a legal move here", "movement")


def _explain_spot(position: Position, move: Move, k: int, origin: int, target: int) -> IllegalMoveError:
    if not position.rules.has_spotters or k != P.SPOTTER:
        return _error(position, "spot", "Only a Spotter can spot", "spot")
    geo = position.geometry
    if origin != target and (target not in geo.neighbours[origin] or position.board[target] != 0):
        return _error(position, "spot", "A Spotter moves one square to an empty square before "
                      "spotting", "spot")
    front = position.front(target, position.to_move)
    enemy = front in geo.neighbours[target] and position.board[front] > 0 and (
        position.owner[position.board[front]] != position.to_move)
    if not enemy:
        return _error(position, "spot", "A Spotter can only spot an enemy piece on the square "
                      "directly in front of it", "spot")
    return _error(position, "spot", f"{move.guess!r} is not a piece of this army to guess", "spot")


def _explain_rescue(position: Position, move: Move, k: int, pid: int, target: int) -> IllegalMoveError:
    rules = position.rules
    if not rules.rescue:
        return _error(position, "rescue", "Rescue is an optional rule that is not in play", "rescue")
    if target not in position.back_row[position.to_move]:
        return _error(position, "rescue", "Only a move onto the opponent's back row allows a "
                      "rescue", "rescue")
    if k == P.SCOUT:
        return _error(position, "rescue", "Scouts cannot make a rescue", "rescue")
    counts, rescuers = position.rescues
    if counts[position.to_move] >= rules.rescue_limit:
        return _error(position, "rescue", f"Each player can make only {rules.rescue_limit} "
                      "rescues", "rescue")
    if not rules.rescue_same_piece_twice and pid in rescuers:
        return _error(position, "rescue", "The same piece cannot make two rescues", "rescue")
    assert move.rescue is not None
    if move.rescue[0] == "bomb":
        return _error(position, "rescue", "You cannot rescue a Bomb", "rescue")
    return _error(position, "rescue", f"You cannot rescue a {move.rescue[0]} onto "
                  f"{move.rescue[1]}: it must be one of your captured pieces, placed on an "
                  "empty square of your own area", "rescue")
