"""The project's JSON record: every ruleset, option and parameter, any starting position.

::

    {"format": "stratego-widget-record", "version": 1, "ruleset": "original+rescue",
     "params": {"two_square_count": 5}, "start": "<position string>",
     "moves": ["d4-d5", ...], "result": {"winner": "red", "reason": "flag-captured"},
     "tags": {"red": "Ann", "blue": "Bob"}}

``result`` is ``null`` while the game goes on; ``winner`` is ``red``, ``blue`` or ``draw`` and
``reason`` a :class:`~stratego_widget.engine.outcome.Termination` id. The reader refuses nesting
deeper than :data:`MAX_DEPTH`, numbers longer than 18 digits, ``NaN`` and ``Infinity``.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("duel", seed=1)
    >>> from_json(to_json(game)).position() == game.position()
    True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.outcome import Outcome, Termination
from .record_base import (
    MAX_PLIES,
    MAX_TAGS,
    Claim,
    check_no_pass,
    check_tags,
    checked_moves,
    game_from_position,
    guarded,
    inferred_params,
    outcome_of,
    record_text,
    replay,
    rules_from,
    start_of,
)

__all__ = ["JSON_FORMAT", "JSON_VERSION", "MAX_DEPTH", "from_json", "to_json"]

JSON_FORMAT = "stratego-widget-record"
JSON_VERSION = 1
#: The deepest nesting of arrays and objects the reader accepts (a record needs 3).
MAX_DEPTH = 16

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def to_json(game: Game, tags: Mapping[str, str] | None = None, indent: int | None = None) -> str:
    """The game as a JSON record (every ruleset, option and parameter).

    Example:
        >>> import stratego_widget as sw
        >>> record = json.loads(to_json(sw.Game.random("duel", seed=1), tags={"red": "Ann"}))
        >>> record["format"], record["ruleset"], record["moves"], record["tags"]
        ('stratego-widget-record', 'duel', [], {'red': 'Ann'})
    """
    check_no_pass(game, "JSON")
    outcome = outcome_of(game)
    record = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "ruleset": game.rules.spec,
        "params": dict(game.rules.overrides),
        "start": start_of(game).position(),
        "moves": [str(move) for move in game.moves],
        "result": None if outcome is None else {"winner": outcome.result(),
                                                "reason": outcome.termination.value},
        "tags": check_tags(tags),
    }
    return json.dumps(record, indent=indent, ensure_ascii=False)


@guarded("JSON")
def from_json(text: str | bytes) -> Game:
    """A game from a JSON record, every move replayed and checked.

    Example:
        >>> import stratego_widget as sw
        >>> from_json(to_json(sw.Game.random("duel", seed=1))).rules.name
        'duel'
        >>> from_json('{"format": "chess"}')
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: Not a stratego-widget record (format 'chess').
    """
    record = _parse(record_text(text, "JSON"))
    if not isinstance(record, dict) or record.get("format") != JSON_FORMAT:
        found = record.get("format") if isinstance(record, dict) else type(record).__name__
        raise RecordError("record-syntax", f"Not a stratego-widget record (format "
                                           f"{str(found)[:60]!r}).")
    version = record.get("version")
    if version != JSON_VERSION or isinstance(version, bool):
        raise RecordError("record-syntax", f"Unsupported record version {str(version)[:20]!r}; "
                                           f"this library reads version {JSON_VERSION}.")
    for key, kind in (("ruleset", str), ("params", dict), ("start", str), ("moves", list)):
        if not isinstance(record.get(key), kind):
            raise RecordError("record-syntax", f"The record's {key!r} must be a "
                                               f"{'object' if kind is dict else kind.__name__}.")
    if len(record["moves"]) > MAX_PLIES:
        raise RecordError("record-move", f"The record has {len(record['moves']):,} moves; "
                                         f"records are read up to {MAX_PLIES:,}.")
    tags = record.get("tags", {})
    if not isinstance(tags, dict) or len(tags) > MAX_TAGS or \
            not all(isinstance(value, str) for value in tags.values()):
        raise RecordError("record-tag", "The record's 'tags' must be an object of texts.")
    claim = _claim(record.get("result"))
    rules = rules_from(record["ruleset"], {**inferred_params(claim), **record["params"]})
    start = game_from_position(record["start"], rules)
    return replay(start, checked_moves(record["moves"], "JSON"), claim)


def _parse(text: str) -> Any:
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise RecordError("record-syntax", f"The record nests arrays or objects deeper "
                                               f"than {MAX_DEPTH} levels.")
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except RecursionError:
        raise RecordError("record-syntax", "The record nests too deeply.") from None
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError("record-syntax", f"The record is not valid JSON: {error}.") from None


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 18:
        raise RecordError("record-syntax", "The record holds a number longer than 18 digits.")
    return int(text)


def _constant(text: str) -> Any:
    raise RecordError("record-syntax", f"The record holds {text}, which JSON does not allow.")


def _claim(result: object) -> Claim | None:
    if result is None:
        return None
    winners = {"red": "red", "blue": "blue", "draw": None}
    reason = result.get("reason") if isinstance(result, dict) else None
    winner = result.get("winner") if isinstance(result, dict) else None
    if not isinstance(winner, str) or winner not in winners or not isinstance(reason, str) or \
            reason not in {term.value for term in Termination}:
        raise RecordError("record-result", "The record's 'result' must be null or "
                          "{\"winner\": \"red\"|\"blue\"|\"draw\", \"reason\": <termination>} "
                          f"with reason one of {', '.join(term.value for term in Termination)}.")
    return Claim.of(Outcome(winners[winner], Termination(reason)))
