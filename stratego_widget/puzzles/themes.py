"""A puzzle's themes, read from its position and its line (never typed by hand).

:func:`detect_themes` looks at the position before the solver's move (true ranks, and what
each side has been shown), the move and the opponent's reply. The themes (:data:`THEMES`):

* ``spy-takes-marshal``: the Spy strikes the Marshal.
* ``miner-to-defended-flag``: a Miner strikes a Bomb next to the enemy Flag, or the Flag with
  a Bomb beside it.
* ``scout-probe``: a Scout strikes a piece whose rank the solver does not know, showing it.
* ``safe-capture``: a strike on a piece the solver has seen and beats, onto a square no enemy
  piece beside it could win back.
* ``escape``: a piece next to a shown enemy piece that beats it steps away to a square where no
  piece beside it does.
* ``two-square-trap``: after the move the two-square rule refuses the opponent a move.
* ``more-squares-race``: the more-squares rule refuses a move to either side along the line.
* ``last-movable-piece``: along the line a side goes from two or more pieces that can move to
  one or none (a side that cannot move loses).
* ``bomb-blocks-lane``: a Bomb stands in one of the lanes between the lakes, on the file of
  the move or next to it.
* ``bluff``: a piece the opponent has not seen steps next to a shown enemy piece that would beat
  it, and the reply does not strike it (the bluff holds).
* ``flag-capture``: the move takes the Flag.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.from_pieces("original", {"a1": "red flag", "e4": "red spy",
    ...     "e5": "blue marshal", "j10": "blue flag"}, revealed=["e5"])
    >>> detect_themes(game, "e4xe5")
    ('safe-capture', 'spy-takes-marshal')
"""

from __future__ import annotations

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.game import Game
from ..engine.moves import as_move
from ..engine.position import Position
from ..engine.repetition import MORE_SQUARES, TWO_SQUARE, refusals

__all__ = ["THEMES", "detect_themes"]

#: Every theme :func:`detect_themes` can find, in the order it lists them.
THEMES = ("bluff", "bomb-blocks-lane", "escape", "flag-capture", "last-movable-piece",
          "miner-to-defended-flag", "more-squares-race", "safe-capture", "scout-probe",
          "spy-takes-marshal", "two-square-trap")


def _beats(position: Position, attacker: int, defender: int) -> bool:
    """Whether piece ``attacker`` striking piece ``defender`` removes it (true ranks)."""
    kind = position.kind[attacker]
    if kind not in position.movable:
        return False
    return strike_outcome(kind, position.kind[defender], position.rules) == "attacker"


def _enemies_beside(position: Position, square: int, owner: int) -> list[int]:
    """The pieces of ``owner``'s opponent next to ``square``."""
    found = []
    for near in position.geometry.neighbours[square]:
        pid = position.board[near]
        if pid > 0 and position.owner[pid] != owner:
            found.append(pid)
    return found


def _movable_count(position: Position, player: int) -> int:
    return sum(1 for pid in position.pieces[player]
               if position.square[pid] >= 0 and position.kind[pid] in position.movable)


def _lane_files(position: Position) -> dict[int, set[int]]:
    """Lane squares (squares without a lake on the rows that have lakes): square -> files."""
    geo = position.geometry
    rows = {sq // geo.width for sq in geo.lakes}
    return {sq: {sq % geo.width} for sq in range(geo.size)
            if sq // geo.width in rows and sq not in geo.lakes}


def _strike_themes(position: Position, mover: int, target: int, target_sq: int) -> set[str]:
    found: set[str] = set()
    kind, hit = position.kind[mover], position.kind[target]
    solver = position.owner[mover]
    if hit == P.FLAG:
        found.add("flag-capture")
    if kind == P.SPY and hit == P.MARSHAL:
        found.add("spy-takes-marshal")
    if kind == P.MINER:
        flag_beside = any(position.kind[pid] == P.FLAG
                          for pid in _enemies_beside(position, target_sq, solver))
        bomb_beside = any(position.kind[pid] == P.BOMB
                          for pid in _enemies_beside(position, target_sq, solver))
        if (hit == P.BOMB and flag_beside) or (hit == P.FLAG and bomb_beside):
            found.add("miner-to-defended-flag")
    if kind == P.SCOUT and not position.known[target]:
        found.add("scout-probe")
    if position.known[target] and _beats(position, mover, target) and not any(
            _beats(position, pid, mover) for pid in _enemies_beside(position, target_sq, solver)
            if pid != target):
        found.add("safe-capture")
    return found


def _step_themes(position: Position, mover: int, origin: int, target_sq: int,
                 reply: str | None) -> set[str]:
    found: set[str] = set()
    solver = position.owner[mover]
    threats_before = [pid for pid in _enemies_beside(position, origin, solver)
                      if position.known[pid] and _beats(position, pid, mover)]
    beside_after = [pid for pid in _enemies_beside(position, target_sq, solver)
                    if pid not in threats_before or position.square[pid] != target_sq]
    if threats_before and not any(_beats(position, pid, mover) for pid in beside_after):
        found.add("escape")
    stronger_shown = [pid for pid in _enemies_beside(position, target_sq, solver)
                      if position.known[pid] and _beats(position, pid, mover)]
    if stronger_shown and not position.known[mover]:
        struck = reply is not None and as_move(reply).target == position.geometry.name(target_sq)
        if not struck:
            found.add("bluff")
    return found


def detect_themes(before: Game, move: str, reply: str | None = None,
                  repetition: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The themes of the solver's ``move`` in ``before`` (the side to move is the solver),
    with the opponent's ``reply`` if known and the repetition rules the position depends on
    (``repetition``, as :class:`~stratego_widget.puzzles.verify.Verification` names them);
    ``before`` is left alone. Sorted, no repeats.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
        ...     "b8": "blue general", "j10": "blue flag"})
        >>> detect_themes(game, "b2xb8")
        ('scout-probe',)
    """
    position = before.state
    geo = position.geometry
    played = as_move(move)
    origin, target_sq = geo.index(played.origin), geo.index(played.target)
    mover = position.board[origin]
    target = position.board[target_sq]
    solver = position.owner[mover]
    found: set[str] = set()
    if target > 0 and position.owner[target] != solver:
        found |= _strike_themes(position, mover, target, target_sq)
    else:
        found |= _step_themes(position, mover, origin, target_sq, reply)
    lanes = _lane_files(position)
    files = {origin % geo.width, target_sq % geo.width}
    for sq in lanes:
        pid = position.board[sq]
        if pid > 0 and position.kind[pid] == P.BOMB and any(
                abs(sq % geo.width - f) <= 1 for f in files):
            found.add("bomb-blocks-lane")
    counts = [_movable_count(position, player) for player in (0, 1)]
    after = before.copy()
    after.play(move)
    rules_met = set(repetition)
    if not after.is_over:
        rules_met |= {rule for rule, _sq, _t in refusals(after.state, 1 - solver)}
        if reply is not None:
            after.play(reply)
    if any(counts[player] >= 2 and _movable_count(after.state, player) <= 1
           for player in (0, 1)):
        found.add("last-movable-piece")
    if any(rule.startswith(TWO_SQUARE) for rule in rules_met):
        found.add("two-square-trap")
    if any(rule.startswith(MORE_SQUARES) for rule in rules_met):
        found.add("more-squares-race")
    return tuple(sorted(found))
