"""GSN, Gravon Stratego Notation: the line-based text records of the Gravon archive.

One item a line::

    #X38FA11 Stratego-Notation v1
    type 1
    LKEDDCBAAMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPXWQYPONAA
    E1-E2
    A:-A9
    E2-E:
    END
    Ann vs Bob result 1 winner 0

* the header (``v1`` or ``v2``), then ``type N``: 0 classic (read as Original), 1 Barrage,
  2 free placement (read as Original, any pieces anywhere, no setup check; written only for
  Original games that do not start from two valid setups), 3 Ultimate Lightning. GSN has no type for Duel (write Duel as Gravon XML) nor for the other editions.
* the 100-character StraDoS2 field, Red's back row first;
* one move a line, ``SS-TT``, squares named as in Gravon XML (files A-I and K, rank 10 ``:``;
  the reader also takes ``J`` and ``10``);
* ``END``, then ``RED vs BLUE result T winner W``: ``T`` the ending code (0 unable to move,
  1 Flag captured, 2 both unable to move, 3 resigned, 4 draw agreed, 10-14 time-outs), ``W``
  0 Red, 1 Blue, 2 neither. A game still in progress is written without the result line.

GSN has no room for anything else, so the writer refuses what it cannot carry (a ruleset
parameter, a start that is not ply 0, another game) rather than lose it; the one parameter a
GSN result reveals is ``both_cannot_move="draw"`` (ending 2 with no winner). The reader refuses
what the engine cannot represent, naming the line: a game that ended during the setup (no
field), Ultimate Lightning rescue lines (``XX:YY``), a second ``END``.

Files of the project's own tag-pair text format (called GSN before, now SWN) start with ``[``;
:func:`from_gsn` reads them too.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=1)
    >>> _ = game.play(game.legal_moves()[0])
    >>> text = to_gsn(game)
    >>> text.splitlines()[:2]
    ['#X38FA11 Stratego-Notation v1', 'type 1']
    >>> from_gsn(text).position() == game.position()
    True
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.outcome import Termination
from ..engine.rulesets import Ruleset
from .gravon import (
    check_field,
    claim_from_codes,
    codes_of,
    gravon_square,
    player_name,
    replay_hinted,
    square_from_gravon,
    start_game,
    writable_start,
)
from .record_base import (
    MAX_PLIES,
    Claim,
    check_no_pass,
    check_tags,
    guarded,
    inferred_params,
    outcome_of,
    record_text,
    rules_from,
)
from .swn import from_swn

__all__ = ["GSN_GAMES", "GSN_HEADER", "from_gsn", "to_gsn"]

GSN_HEADER = "#X38FA11 Stratego-Notation v1"
#: The GSN game type of each ruleset it can hold (type 2, free placement, is read as Original).
GSN_TYPES = {"original": 0, "barrage": 1, "ultimate-lightning": 3}
#: The games GSN holds.
GSN_GAMES = tuple(GSN_TYPES)
_RULES_OF_TYPE = {0: "original", 1: "barrage", 2: "original", 3: "ultimate-lightning"}
_FREE_TYPE = 2
_MOVE_RE = re.compile(r"(\S\S)-(\S\S\S?)|(\S\S\S)-(\S\S\S?)")
_RESULT_RE = re.compile(r"(?P<names>.*) result (?P<ending>[0-9]{1,2}) winner (?P<winner>[0-9])")


def to_gsn(game: Game, tags: Mapping[str, str] | None = None) -> str:
    """The game in GSN (Original, Barrage and Ultimate Lightning; ``tags`` may name players).

    Example:
        >>> import stratego_widget as sw
        >>> print(to_gsn(sw.Game.random("barrage", seed=1)).splitlines()[1])
        type 1
        >>> to_gsn(sw.Game.random("duel", seed=1))
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: GSN holds Original (type 0), Barrage (type 1) and Ultimate Lightning (type 3), not 'duel': use JSON or SWN (or Gravon XML for the other 10×10 games).
    """
    check_no_pass(game, "GSN")
    rules = game.rules
    if rules.spec not in GSN_TYPES:
        raise RecordError("record-format", "GSN holds Original (type 0), Barrage (type 1) and "
                          f"Ultimate Lightning (type 3), not {rules.spec!r}: use JSON or SWN "
                          "(or Gravon XML for the other 10×10 games).")
    outcome = outcome_of(game)
    params = dict(rules.overrides)
    if outcome is not None and outcome.winner is None and \
            outcome.termination is Termination.NEITHER_CAN_MOVE:
        params.pop("both_cannot_move", None)  # the result says it (see inferred_params)
    if params:
        raise RecordError("record-format", f"GSN cannot carry ruleset parameters "
                          f"({', '.join(sorted(params))}): use JSON, SWN or Gravon XML.")
    names = check_tags(tags)
    start, free = writable_start(game, "GSN")
    if free and rules.spec != "original":
        raise RecordError("record-format", f"This {rules.title} game does not start from two "
                          "valid setups, and GSN's free placement (type 2) is read as Original: "
                          "use Gravon XML, SWN or JSON.")
    lines = [GSN_HEADER, f"type {_FREE_TYPE if free else GSN_TYPES[rules.spec]}",
             start.to_stratados2()]
    lines += [f"{gravon_square(move.origin)}-{gravon_square(move.target)}"
              for move in game.moves]
    lines.append("END")
    if outcome is not None:
        code, exact = codes_of(outcome)
        if exact is not None:  # pragma: no cover - only ply-limit, which needs max_plies
            raise RecordError("record-format", f"GSN has no ending for {exact!r}.")
        red, blue = (player_name(names, player) for player in ("red", "blue"))
        for name in (red, blue):
            if " vs " in name or " result " in name:
                raise RecordError("record-tag", f"A GSN player name cannot hold ' vs ' or "
                                                f"' result ': {name[:60]!r}.")
        winner = {"red": 0, "blue": 1, None: 2}[outcome.winner]
        lines.append(f"{red} vs {blue} result {code} winner {winner}")
    return "\n".join(lines) + "\n"


@guarded("GSN")
def from_gsn(text: str | bytes, rules: Ruleset | str | None = None) -> Game:
    """A game from GSN, every move replayed and checked; the project's older tag-pair files
    (starting with ``[``) are read as SWN.

    ``rules`` overrides the ruleset the game type names (for example Original with
    ``two_square_count=5`` for tournament games).

    Example:
        >>> import stratego_widget as sw
        >>> from_gsn(to_gsn(sw.Game.random("ultimate-lightning", seed=4))).rules.name
        'ultimate-lightning'
        >>> from_gsn("#X38FA11 Stratego-Notation v1\\ntype 5\\n")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: GSN line 2: unknown game type '5'; GSN has 0 classic, 1 barrage, 2 free placement, 3 ultimate lightning.
    """
    text = record_text(text, "GSN")
    if text.lstrip().startswith("["):
        return from_swn(text)
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) > MAX_PLIES + 8:
        raise RecordError("record-move", f"The GSN record has {len(lines):,} lines; records "
                                         f"are read up to {MAX_PLIES:,} moves.")
    if not lines or not re.fullmatch(r"#X38FA11 Stratego-Notation v[12]", lines[0].strip()):
        raise RecordError("record-syntax", "GSN line 1: a GSN record starts with "
                                           f"{GSN_HEADER!r} (or v2).")
    match = re.fullmatch(r"type ([0-9]{1,2})", lines[1].strip()) if len(lines) > 1 else None
    if match is None or int(match.group(1)) not in _RULES_OF_TYPE:
        found = match.group(1) if match else (lines[1][:40] if len(lines) > 1 else "")
        raise RecordError("record-ruleset", f"GSN line 2: unknown game type {found!r}; GSN has "
                          "0 classic, 1 barrage, 2 free placement, 3 ultimate lightning.")
    game_type = int(match.group(1))
    if len(lines) < 3 or lines[2].strip() == "END":
        raise RecordError("record-board", "GSN line 3: the record has no field (a game that "
                                          "ended during the setup has no board to replay).")
    check_field(lines[2].strip(), "GSN line 3, the field,")
    moves, end = _moves(lines)
    claim = _result(lines, end)
    if rules is None:
        rs = rules_from(_RULES_OF_TYPE[game_type], inferred_params(claim))
    else:
        rs = rules_from(rules) if isinstance(rules, str) else rules
        if not isinstance(rs, Ruleset):
            raise RecordError("record-ruleset", "rules must be a Ruleset or a ruleset name.")
    start = start_game(lines[2].strip(), rs, game_type == _FREE_TYPE, "GSN line 3, the field,")
    return replay_hinted(start, moves, claim, rules is None, "from_gsn")


def _moves(lines: list[str]) -> tuple[list[tuple[str, str]], int]:
    moves: list[tuple[str, str]] = []
    for index in range(3, len(lines)):
        line = lines[index].strip()
        number = index + 1
        if line == "END":
            return moves, index
        if len(line) >= 3 and line[2] == ":":
            raise RecordError("record-move", f"GSN line {number} ({line[:20]!r}) is a rescue "
                              "line; the engine cannot represent rescues in these games, so "
                              "the record is refused.")
        match = _MOVE_RE.fullmatch(line)
        source = square_from_gravon(match.group(1) or match.group(3)) if match else None
        target = square_from_gravon(match.group(2) or match.group(4)) if match else None
        if source is None or target is None:
            raise RecordError("record-move", f"GSN line {number} ({line[:20]!r}) is not a move "
                              "such as 'E1-E2' nor END.")
        moves.append((f"{source}-{target}", f"line {number}, {line!r} = "))
    raise RecordError("record-syntax", "The GSN record has no END line after its moves.")


def _result(lines: list[str], end: int) -> Claim | None:
    rest = lines[end + 1:]
    if not rest:
        return None
    number = end + 2
    if len(rest) > 1:
        raise RecordError("record-syntax", f"GSN line {number + 1} ({rest[1][:40]!r}): nothing "
                          "may follow the result line.")
    match = _RESULT_RE.fullmatch(rest[0].strip())
    if match is None or " vs " not in match["names"]:
        raise RecordError("record-result", f"GSN line {number} ({rest[0][:60]!r}) is not a "
                          "result line 'RED vs BLUE result T winner W'.")
    ending, winner = int(match["ending"]), int(match["winner"])
    try:
        return claim_from_codes(ending, ("red", "blue", None)[winner])
    except (KeyError, IndexError):
        raise RecordError("record-result", f"GSN line {number}: unknown ending {ending} or "
                          f"winner {winner} (endings 0-4 and 10-14; winner 0 Red, 1 Blue, 2 "
                          "neither).") from None
