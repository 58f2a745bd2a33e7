"""Text forms of positions: the position string, StraDoS2 board strings and a text board.

**Position string** (every ruleset): ``<board> <side> <ply> [<captured> [<rescues>]]``.

* ``<board>``: ranks from Red's back row (rank 1) upwards, separated by ``/``; in each rank,
  files ``a`` onwards; a number is a run of empty squares (lakes count as empty, the ruleset
  knows where they are); a letter is a piece, upper case Red, lower case Blue (``M`` Marshal,
  ``G`` General, ``C`` Colonel, ``J`` Major, ``P`` Captain, ``L`` Lieutenant, ``T`` Sergeant,
  ``N`` Miner, ``X`` Scout, ``Z`` Spotter, ``S`` Spy, ``B`` Bomb, ``F`` Flag), followed by
  ``+`` if it has moved and ``!`` if its rank is known to the opponent.
* ``<side>``: ``r`` or ``b``, the side to move; ``<ply>``: moves played so far.
* ``<captured>``: pieces off the board, same letters and ``!`` marks, or ``-``.
* ``<rescues>``: rescues made, ``red,blue`` (only when any were made).

**StraDoS2** (10×10 games, the exchange format of the Gravon archive): 100 characters from
Red's back row to Blue's, ``A`` empty, ``_`` lake, Red ``B`` Bomb, ``C`` Spy, ``D`` Scout,
``E`` Miner, ``F`` Sergeant, ``G`` Lieutenant, ``H`` Captain, ``I`` Major, ``J`` Colonel,
``K`` General, ``L`` Marshal, ``M`` Flag, and Blue ``N`` … ``Y`` in the same order.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("barrage", {"a1": "red flag", "b1": "red scout",
    ...                                        "j10": "blue flag"})
    >>> _ = game.play("b1-b4")
    >>> game.position()
    'F9/10/10/1X+!8/10/10/10/10/10/9f b 1'
"""

from __future__ import annotations

import re

from . import pieces as P
from .errors import RecordError
from .observation import can_see
from .position import Position
from .rulesets import Ruleset

# StraDoS2 order of kinds after the player's base letter.
_STRADOS_KINDS = (P.BOMB, P.SPY, P.SCOUT, P.MINER, P.SERGEANT, P.LIEUTENANT, P.CAPTAIN,
                  P.MAJOR, P.COLONEL, P.GENERAL, P.MARSHAL, P.FLAG)
_PIECE_RE = re.compile(r"([0-9]+)|([A-Za-z])(\+?)(!?)")
_CAPTURED_RE = re.compile(r"(?:[A-Za-z]\+?!?)+")


def format_stratados2(position: Position) -> str:
    """The StraDoS2 string of a 10×10 game.

    Example:
        >>> import stratego_widget as sw
        >>> format_stratados2(sw.Game.random("original", seed=1).state)[40:60]
        'AA__AA__AAAA__AA__AA'
    """
    rules = position.rules
    if (rules.width, rules.height) != (10, 10):
        raise RecordError("StraDoS2 strings describe the 10×10 board only.")
    chars = []
    for pid in position.board:
        if pid < 0:
            chars.append("_")
        elif pid == 0:
            chars.append("A")
        else:
            base = ord("B") if position.owner[pid] == P.RED else ord("N")
            chars.append(chr(base + _STRADOS_KINDS.index(position.kind[pid])))
    return "".join(chars)


def parse_stratados2(board: str, rules: Ruleset) -> dict[int, tuple[int, int]]:
    """Read a StraDoS2 string into a placement ``{square: (player, kind)}``.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> text = "M" + "A" * 39 + "AA__AA__AAAA__AA__AA" + "A" * 39 + "Y"
        >>> parse_stratados2(text, ruleset("original"))[0]
        (0, 0)
    """
    if (rules.width, rules.height) != (10, 10):
        raise RecordError("StraDoS2 strings describe the 10×10 board only.")
    if not isinstance(board, str) or len(board) != 100:
        raise RecordError("A StraDoS2 board string has exactly 100 characters.")
    lakes = rules.geometry.lakes
    placement: dict[int, tuple[int, int]] = {}
    for sq, char in enumerate(board):
        if char == "_" or sq in lakes:
            if (char == "_") != (sq in lakes):
                raise RecordError(
                    f"StraDoS2 character {sq + 1} ({char!r}) does not match the lakes.")
            continue
        if char == "A":
            continue
        code = ord(char) - ord("B")
        if not 0 <= code < 24:
            raise RecordError(f"Unknown StraDoS2 character {char!r} at position {sq + 1}.")
        player, index = divmod(code, 12)
        placement[sq] = (player, _STRADOS_KINDS[index])
    return placement


def _piece_text(position: Position, pid: int) -> str:
    letter = P.KIND_LETTERS[position.kind[pid]]
    if position.owner[pid] == P.BLUE:
        letter = letter.lower()
    return letter + ("+" if position.moved[pid] and position.square[pid] >= 0 else "") + (
        "!" if position.known[pid] else "")


def format_position(position: Position) -> str:
    """The position string of a game (see the module docstring).

    Example:
        >>> import stratego_widget as sw
        >>> format_position(sw.Game.from_pieces("barrage", {"a1": "red flag"}).state)
        'F9/10/10/10/10/10/10/10/10/10 r 0'
    """
    width = position.width
    rows = []
    for rank in range(position.rules.height):
        parts: list[str] = []
        empty = 0
        for sq in range(rank * width, rank * width + width):
            pid = position.board[sq]
            if pid <= 0:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            parts.append(_piece_text(position, pid))
        if empty:
            parts.append(str(empty))
        rows.append("".join(parts))
    fields = ["/".join(rows), "rb"[position.to_move], str(position.ply)]
    captured = [_piece_text(position, pid) for pid in range(1, len(position.kind))
                if position.square[pid] < 0]
    counts = position.rescues.counts
    if captured or any(counts):
        fields.append("".join(captured) or "-")
    if any(counts):
        fields.append(f"{counts[0]},{counts[1]}")
    return " ".join(fields)


def _is_count(text: str, digits: int) -> bool:
    """Whether ``text`` is a whole number written with 1 to ``digits`` ASCII digits."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def parse_position(text: str, rules: Ruleset) -> Position:
    """Build a position from a position string (history starts empty at that ply).

    Any text that is not a position of ``rules`` raises a :class:`RecordError`, whatever its
    length, characters or numbers.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> parse_position("F9/10/10/10/10/10/10/10/10/9f b 3", ruleset("barrage")).to_move
        1
        >>> parse_position("9" * 5000 + "/10" * 9 + " r 0", ruleset("barrage"))
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: Rank 1 of the position does not have 10 squares.
    """
    if not isinstance(text, str):
        raise RecordError(f"A position must be text, not {type(text).__name__}.")
    fields = text.split()
    if not 3 <= len(fields) <= 5:
        raise RecordError("A position has 3 to 5 fields: board, side, ply, captured, rescues.")
    rows = fields[0].split("/")
    if len(rows) != rules.height:
        raise RecordError(f"The position board needs {rules.height} ranks, not {len(rows)}.")
    placement: dict[int, tuple[int, int, bool, bool]] = {}
    width = rules.width
    for rank, row in enumerate(rows):
        file_index = 0
        for match in _PIECE_RE.finditer(row):
            if match.group(1):
                run = match.group(1)  # a run with more digits than the width is refused below
                file_index += int(run) if len(run) <= len(str(width)) else width + 1
                continue
            kind = P.kind_from_letter(match.group(2))
            if kind is None or file_index >= width:
                raise RecordError(f"Cannot read rank {rank + 1} of the position: {row[:60]!r}.")
            sq = rank * width + file_index
            player = P.RED if match.group(2).isupper() else P.BLUE
            placement[sq] = (player, kind, bool(match.group(3)), bool(match.group(4)))
            file_index += 1
        if file_index != width or "".join(m.group(0) for m in _PIECE_RE.finditer(row)) != row:
            raise RecordError(f"Rank {rank + 1} of the position does not have {width} squares.")
    if fields[1] not in ("r", "b") or not _is_count(fields[2], 9):
        raise RecordError("The side to move must be r or b, and the ply a whole number "
                          "of at most 9 digits.")
    captured: list[tuple[int, int, bool]] = []
    if len(fields) >= 4 and fields[3] != "-":
        if not _CAPTURED_RE.fullmatch(fields[3]):
            raise RecordError(f"Cannot read the captured pieces {fields[3][:60]!r}.")
        for match in _PIECE_RE.finditer(fields[3]):
            kind = P.kind_from_letter(match.group(2) or "?")
            if kind is None:
                raise RecordError(f"Cannot read the captured pieces {fields[3][:60]!r}.")
            captured.append((P.RED if match.group(2).isupper() else P.BLUE, kind,
                             bool(match.group(4))))
    rescues = (0, 0)
    if len(fields) == 5:
        counts = fields[4].split(",")
        if len(counts) != 2 or not all(_is_count(n, 1) for n in counts) or max(
                int(n) for n in counts) > rules.rescue_limit:
            raise RecordError(f"Cannot read the rescue counts {fields[4][:20]!r}: two whole "
                              f"numbers from 0 to {rules.rescue_limit}, as 'red,blue'.")
        rescues = (int(counts[0]), int(counts[1]))
    try:
        return Position(rules, placement, P.RED if fields[1] == "r" else P.BLUE, captured,
                        start_ply=int(fields[2]), rescue_counts=rescues)
    except Exception as error:
        raise RecordError(f"Invalid position: {error}") from None


def board_text(position: Position, viewer: str = "both", numbering: str | None = None) -> str:
    """The board as text, Blue at the top, for terminals and doctests.

    Red pieces are written in upper case with ``R``, Blue in lower case with ``b``; ``?`` is a
    piece the viewer cannot see; ``~~`` is a lake.

    Example:
        >>> import stratego_widget as sw
        >>> print(board_text(sw.Game.from_pieces("barrage", {"a1": "red flag"}).state).splitlines()[-2])
         1  RF  .   .   .   .   .   .   .   .   .
    """
    rules = position.rules
    width = position.width
    numbering = numbering or rules.numbering
    seer = None if viewer == "both" else P.player_from_name(viewer)
    lines = []
    for rank in range(rules.height - 1, -1, -1):
        cells = []
        for sq in range(rank * width, rank * width + width):
            pid = position.board[sq]
            if pid < 0:
                cells.append("~~ ")
            elif pid == 0:
                cells.append(".  ")
            else:
                owner = position.owner[pid]
                visible = can_see(position, pid, seer)
                text = rules.label(position.kind[pid], numbering) if visible else "?"
                cell = ("R" + text) if owner == P.RED else ("b" + text.lower())
                cells.append(cell.ljust(3))
        lines.append(f"{rank + 1:>2}  " + " ".join(cells).rstrip())
    lines.append("    " + " ".join(f"{chr(97 + f)}  " for f in range(width)).rstrip())
    return "\n".join(lines)
