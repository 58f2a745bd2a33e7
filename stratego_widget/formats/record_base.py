"""What every record format shares: input limits, the replay, results and parameters.

Every reader takes text from outside and must either return a legal game or raise a
:class:`~stratego_widget.RecordError`, in bounded time and memory. This module holds the
limits (:data:`MAX_CHARS`, :data:`MAX_BYTES`, :data:`MAX_PLIES`), the replay that plays each
recorded move through the engine, the comparison of a recorded result with the replayed one,
and the compact ``key=value`` form of ruleset parameters used by the text formats.

Rule ids of the errors raised here and in the format modules:

* ``record-input``: not text, too long, not UTF-8, or a file that cannot be read.
* ``record-syntax``: the text does not have the format's shape (a line, a tag, XML, JSON).
* ``record-format``: the format cannot hold this game (raised when writing).
* ``record-ruleset``: the game type, ruleset or a parameter is unknown or invalid.
* ``record-board``: the starting board or position is not valid.
* ``record-move``: a recorded move is unreadable or not legal (the message names the ply).
* ``record-result``: the recorded result is unreadable or does not follow from the moves.
* ``record-tag``: a tag or player name that cannot be written or read.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("duel", seed=1)
    >>> _ = game.play(game.legal_moves()[0])
    >>> start_of(game).ply, game.ply
    (0, 1)
    >>> parse_params(format_params({"max_plies": 40, "more_squares_rule": False}))
    {'max_plies': 40, 'more_squares_rule': False}
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from ..engine.errors import RecordError, StrategoError
from ..engine.game import Game
from ..engine.outcome import Outcome, Termination
from ..engine.rulesets import Ruleset, ruleset

#: The longest record any reader accepts, in characters (a long real game is far below it).
MAX_CHARS = 2_000_000
#: The largest record read as bytes or from a file (a character has at most 4 bytes in UTF-8):
#: a larger file is refused before it is read.
MAX_BYTES = 4 * MAX_CHARS
#: The most moves a record may hold.
MAX_PLIES = 20_000
#: The longest tag value or player name, in characters.
MAX_TAG_CHARS = 1_000
#: The most tags a record may hold.
MAX_TAGS = 64

#: Endings decided outside the board rules: a record states them, the replay cannot find them.
OUTSIDE_ENDINGS = frozenset({Termination.RESIGNATION, Termination.AGREEMENT,
                             Termination.TIME_FORFEIT})

_RESULT_WORDS = {"red": "Red wins", "blue": "Blue wins", None: "a draw"}


# ----------------------------------------------------------------------------- input


def record_text(text: object, what: str) -> str:
    """Check a record is text within :data:`MAX_CHARS` (or UTF-8 bytes within
    :data:`MAX_BYTES`); drop a byte-order mark.

    Example:
        >>> record_text(b"\\xef\\xbb\\xbfEND", "GSN")
        'END'
        >>> record_text(None, "JSON")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: A JSON record is text, not NoneType.
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise RecordError("record-input", f"The {what} record has {len(text):,} bytes; "
                                              f"records are read up to {MAX_BYTES:,}.")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError("record-input",
                              f"The {what} record is not UTF-8 text: {error.reason} at byte "
                              f"{error.start}.") from None
    if not isinstance(text, str):
        raise RecordError("record-input", f"A {what} record is text, not {type(text).__name__}.")
    if len(text) > MAX_CHARS:
        raise RecordError("record-input", f"The {what} record has {len(text):,} characters; "
                                          f"records are read up to {MAX_CHARS:,}.")
    return text.removeprefix("\ufeff")


_T = TypeVar("_T")
_P = ParamSpec("_P")


def guarded(what: str) -> Callable[[Callable[_P, _T]], Callable[_P, _T]]:
    """Make a reader raise only :class:`StrategoError`: any other error becomes a RecordError.

    The readers check their input before they use it; this is the last line, so that a case
    they missed still reaches the caller as the project's own error, with its Python type named.

    Example:
        >>> @guarded("test")
        ... def reader(text):
        ...     return int(text)
        >>> reader("x")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The test record could not be read (ValueError: invalid literal for int() with base 10: 'x').
    """
    def wrap(function: Callable[_P, _T]) -> Callable[_P, _T]:
        @functools.wraps(function)
        def reader(*args: _P.args, **kwargs: _P.kwargs) -> _T:
            try:
                return function(*args, **kwargs)
            except StrategoError:
                raise
            except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
                    RecursionError, UnicodeError) as error:
                raise RecordError("record-syntax", f"The {what} record could not be read "
                                  f"({type(error).__name__}: {error}).") from None
        return reader
    return wrap


def check_tags(tags: Mapping[str, str] | None) -> dict[str, str]:
    """Tags as a plain dict of short texts (for writing), or a ``record-tag`` error.

    Example:
        >>> check_tags({"red": "Ann"})
        {'red': 'Ann'}
    """
    if tags is None:
        return {}
    if not isinstance(tags, Mapping) or len(tags) > MAX_TAGS:
        raise RecordError("record-tag", f"Tags are a mapping of at most {MAX_TAGS} names to "
                                        "texts.")
    checked = {}
    for key, value in tags.items():
        if not isinstance(key, str) or not isinstance(value, str) or not key or \
                len(key) > 40 or len(value) > MAX_TAG_CHARS:
            raise RecordError("record-tag", f"A tag is a name of up to 40 characters and a text "
                                            f"of up to {MAX_TAG_CHARS}: {key!r}.")
        checked[key] = value
    return checked


# ----------------------------------------------------------------------------- rules


_PARAM_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
_PARAM_WORD = re.compile(r"[a-z][a-z0-9-]{0,39}")


def format_params(params: Mapping[str, Any]) -> str:
    """Ruleset parameters as ``key=value`` words, sorted (``true``, ``false``, ``none``).

    Example:
        >>> format_params({"two_square_count": 5, "max_plies": None})
        'max_plies=none two_square_count=5'
    """
    words = []
    for key, value in sorted(params.items()):
        if value is True or value is False or value is None:
            text = str(value).lower()
        elif isinstance(value, int):
            text = str(value)
        else:
            text = str(value)
            if not _PARAM_WORD.fullmatch(text):
                raise RecordError("record-format", f"Parameter {key}={value!r} cannot be written.")
        words.append(f"{key}={text}")
    return " ".join(words)


def parse_params(text: str) -> dict[str, Any]:
    """Read :func:`format_params` text; values are whole numbers, words or true/false/none.

    Example:
        >>> parse_params("two_square_count=5 rescue_area=half")
        {'two_square_count': 5, 'rescue_area': 'half'}
        >>> parse_params("max_plies=1e9")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: Cannot read the parameter 'max_plies=1e9'; write key=value with a whole number, a word, true, false or none.
    """
    params: dict[str, Any] = {}
    for word in text.split():
        key, _, value = word.partition("=")
        parsed: Any
        if value in ("true", "false", "none"):
            parsed = {"true": True, "false": False, "none": None}[value]
        elif re.fullmatch(r"[0-9]{1,9}", value):
            parsed = int(value)
        elif _PARAM_WORD.fullmatch(value):
            parsed = value
        else:
            parsed = word  # marks the error below
        if not _PARAM_KEY.fullmatch(key) or parsed is word or key in params:
            raise RecordError("record-ruleset",
                              f"Cannot read the parameter {word[:60]!r}; write key=value with a "
                              "whole number, a word, true, false or none.")
        params[key] = parsed
    return params


def rules_from(spec: object, params: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset a record names, or a ``record-ruleset`` error saying why not.

    Example:
        >>> rules_from("barrage", {"max_plies": 40}).max_plies
        40
        >>> rules_from("chess")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The record's ruleset is not valid: Unknown ruleset 'chess'; valid rulesets: classic-1961, onyx-2009, hasbro-1999, sci-fi-2013, sci-fi-2013-duel, original, barrage, duel, ultimate-lightning.
    """
    if not isinstance(spec, str) or not 0 < len(spec) <= 200:
        raise RecordError("record-ruleset", "A record's ruleset is a name such as "
                                            "'original+rescue'.")
    if params is not None and (not isinstance(params, Mapping)
                               or not all(isinstance(key, str) for key in params)):
        raise RecordError("record-ruleset", "A record's parameters map names to values.")
    try:
        return ruleset(spec, **dict(params or {}))
    except StrategoError as error:
        raise RecordError("record-ruleset", f"The record's ruleset is not valid: {error}") \
            from None


# ----------------------------------------------------------------------------- positions

_POSITION_RE = re.compile(
    r"(?P<board>[0-9A-Za-z+!/]{1,500}) (?P<side>[rb]) (?P<ply>0|[1-9][0-9]{0,5})"
    r"(?: (?P<captured>-|[A-Za-z+!]{1,200})(?: (?P<red>[0-9]),(?P<blue>[0-9]))?)?")


def game_from_position(text: object, rules: Ruleset) -> Game:
    """A game from a position string, checked first so that only a ``RecordError`` escapes.

    Example:
        >>> game_from_position("F9/10/10/10/10/10/10/10/10/9f r 0", ruleset("barrage")).ply
        0
        >>> game_from_position("F9/10/10/10/10/10/10/10/10/9f r ²", ruleset("barrage"))
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The start position is not valid: write '<board> <r|b> <ply> [<captured> [<red>,<blue>]]' with the ply in digits (see docs/notation.md).
    """
    match = _POSITION_RE.fullmatch(text) if isinstance(text, str) else None
    if match is None or not isinstance(text, str):
        raise RecordError("record-board", "The start position is not valid: write '<board> "
                          "<r|b> <ply> [<captured> [<red>,<blue>]]' with the ply in digits "
                          "(see docs/notation.md).")
    if match["red"] is not None and max(int(match["red"]), int(match["blue"])) > \
            (rules.rescue_limit if rules.rescue else 0):
        raise RecordError("record-board", f"The start position's rescue counts "
                          f"{match['red']},{match['blue']} are not possible in {rules.title}.")
    try:
        return Game.from_position(text, rules)
    except StrategoError as error:
        raise RecordError("record-board", f"The start position is not valid: {error}") from None


def check_setups(game: Game, what: str) -> None:
    """Raise ``record-board`` unless both sides stand in a complete, valid setup.

    Example:
        >>> check_setups(Game.random("barrage", seed=1), "The Gravon field")
    """
    from ..engine.setups import validate_setup

    for player in ("red", "blue"):
        pieces = {square: kind for square, (owner, kind) in game.pieces().items()
                  if owner == player}
        try:
            validate_setup(game.rules, player, pieces)
        except StrategoError as error:
            raise RecordError("record-board", f"{what} is not a valid start of "
                              f"{game.rules.title} for {player}: {error}") from None


def is_setup_start(game: Game) -> bool:
    """Whether ``game`` starts from two valid setups, Red to move, at ply 0, nothing captured.

    Example:
        >>> is_setup_start(Game.random("duel", seed=3))
        True
    """
    if game.ply or game.to_move != "red" or game.captured("red") or game.captured("blue"):
        return False
    try:
        check_setups(game, "The board")
    except RecordError:
        return False
    return True


# ----------------------------------------------------------------------------- the game


def outcome_of(game: Game) -> Outcome | None:
    """The game's typed outcome, or None while it goes on.

    Example:
        >>> outcome_of(Game.random("barrage", seed=1)) is None
        True
    """
    return game.outcome


def check_no_pass(game: Game, fmt: str) -> None:
    """Raise ``record-pass`` when ``game`` holds a pass (``Game.pass_turn``, a lesson device):
    no record format has a way to write one, and a record holds only moves the rules allow.

    Example:
        >>> game = Game.random("duel", seed=1); game.pass_turn()
        >>> check_no_pass(game, "SWN")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: SWN cannot write ply 1: it is a pass (a lesson device), and no rulebook lets a player pass.
    """
    ply = next((index for index, move in enumerate(game.moves, start=1) if move.is_pass), None)
    if ply is not None:
        raise RecordError("record-pass", f"{fmt} cannot write ply {game.state.start_ply + ply}: "
                          "it is a pass (a lesson device), and no rulebook lets a player pass.")


def start_of(game: Game) -> Game:
    """A copy of ``game`` taken back to where it started: its first position, no ending.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> start_of(game).ply, game.ply
        (0, 1)
    """
    start = game.copy()
    outcome = outcome_of(start)
    if outcome is not None and outcome.termination in OUTSIDE_ENDINGS:
        start.undo()
    for _ in range(len(start.moves)):
        start.undo()
    return start


@dataclass(frozen=True)
class Claim:
    """A result as a record states it: the winner and the endings it may stand for.

    A format with coarse codes (Gravon's "unable to move" covers two of the engine's endings)
    claims several terminations; ``outside`` is the one to apply when the moves do not end the
    game (a resignation, an agreed draw, a time-out).

    Example:
        >>> Claim.of(Outcome("red", Termination.RESIGNATION)).describe()
        'Red wins (resigned)'
    """

    winner: str | None
    terminations: frozenset[Termination]

    @classmethod
    def of(cls, outcome: Outcome) -> Claim:
        """The claim of exactly this outcome.

        Example:
            >>> Claim.of(Outcome(None, Termination.AGREEMENT)).winner is None
            True
        """
        return cls(outcome.winner, frozenset({outcome.termination}))

    def describe(self) -> str:
        """The claim in words.

        Example:
            >>> Claim("blue", frozenset({Termination.FLAG_CAPTURED})).describe()
            'Blue wins (flag-captured)'
        """
        reasons = " or ".join(sorted(term.value for term in self.terminations))
        return f"{_RESULT_WORDS[self.winner]} ({reasons})"

    def matches(self, outcome: Outcome) -> bool:
        """Whether the replayed ``outcome`` is what the record claims.

        Example:
            >>> Claim.of(Outcome("red", Termination.CANNOT_MOVE)).matches(
            ...     Outcome("red", Termination.NO_MOVABLE_PIECES))
            True
        """
        terms = set(self.terminations)
        if Termination.CANNOT_MOVE in terms:  # older records: one id for both ways to be stuck
            terms.add(Termination.NO_MOVABLE_PIECES)
        return outcome.winner == self.winner and outcome.termination in terms

    @property
    def outside(self) -> Termination | None:
        """The ending to apply when the board rules did not end the game, if the claim has one.

        Example:
            >>> Claim.of(Outcome("red", Termination.RESIGNATION)).outside.value
            'resigned'
        """
        found = self.terminations & OUTSIDE_ENDINGS
        return next(iter(found)) if len(found) == 1 else None


def inferred_params(claim: Claim | None) -> dict[str, object]:
    """Parameters a result reveals: a draw when neither side can move means that rule is on
    (``both_cannot_move="draw"``); records older than the parameter, and Gravon's, rely on it.

    Example:
        >>> inferred_params(Claim(None, frozenset({Termination.NEITHER_CAN_MOVE})))
        {'both_cannot_move': 'draw'}
    """
    if claim is not None and claim.winner is None and \
            claim.terminations == {Termination.NEITHER_CAN_MOVE}:
        return {"both_cannot_move": "draw"}
    return {}


def replay(start: Game, moves: Sequence[tuple[str, str]], claim: Claim | None) -> Game:
    """Play each ``(move text, where)`` from ``start``, then check or apply the claimed result.

    ``where`` names the move's place in the record for the error message (``"line 7, "``).

    Example:
        >>> import stratego_widget as sw
        >>> replay(sw.Game.random("barrage", seed=3), [("a1-a9", "")], None)
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: Ply 1 ('a1-a9') is not legal: There is no piece on a1... [no-piece]
    """
    if len(moves) > MAX_PLIES:
        raise RecordError("record-move", f"The record has {len(moves):,} moves; records are "
                                         f"read up to {MAX_PLIES:,}.")
    for index, (text, where) in enumerate(moves, start=1):
        try:
            start.play(text)
        except StrategoError as error:
            raise RecordError("record-move", f"Ply {index} ({where}{text!r}) is not legal: "
                              f"{error.message} [{error.rule}]") from None
    return finish(start, claim)


def finish(game: Game, claim: Claim | None) -> Game:
    """Check the replayed game against the claimed result, applying an outside ending.

    Example:
        >>> import stratego_widget as sw
        >>> game = finish(sw.Game.random("barrage", seed=3),
        ...               Claim.of(Outcome(None, Termination.AGREEMENT)))
        >>> game.outcome.termination.value
        'draw-agreed'
    """
    if claim is None:
        return game
    outcome = outcome_of(game)
    if outcome is None and claim.outside is not None:
        try:
            game.end(Outcome(claim.winner, claim.outside))
        except StrategoError as error:
            raise RecordError("record-result", f"The record's result {claim.describe()} cannot "
                              f"end this game: {error}") from None
        return game
    if outcome is None or not claim.matches(outcome):
        found = "a game still in progress" if outcome is None else \
            Claim.of(outcome).describe()
        raise RecordError("record-result", f"The record says the result is {claim.describe()}, "
                          f"but replaying it gives {found}.")
    return game


def checked_moves(moves: Iterable[object], what: str) -> list[tuple[str, str]]:
    """Move texts as ``(text, "")`` pairs, each short printable ASCII, else ``record-move``.

    Example:
        >>> checked_moves(["d4-d5"], "JSON")
        [('d4-d5', '')]
    """
    checked = []
    for index, move in enumerate(moves, start=1):
        if not isinstance(move, str) or not re.fullmatch(r"[!-~]{2,40}", move):
            raise RecordError("record-move", f"Ply {index} of the {what} record is not move "
                              f"text such as 'd4-d5': {str(move)[:60]!r}.")
        checked.append((move, ""))
    return checked
