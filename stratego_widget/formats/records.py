"""Game records: the project's JSON, Gravon XML and GSN, each exported and imported.

Every format stores the starting position, the moves in order and the result; importing replays
every move through the engine, so a record that breaks a rule is refused with a
:class:`~stratego_widget.RecordError` naming the ply and the rule. The formats are
described in ``docs/notation.md``.

* **JSON** (every ruleset, options and parameters included)::

    {"format": "stratego-widget-record", "version": 1, "ruleset": "original+rescue",
     "params": {"two_square_count": 5}, "start": "<position string at ply 0>",
     "moves": ["d4-d5", ...], "result": {"winner": "red", "reason": "flag-captured"},
     "tags": {"red": "Ann", "blue": "Bob"}}

* **Gravon XML** (the 10×10 games: classic, Barrage, Duel, Ultimate Lightning): a ``<game>``
  with the StraDoS2 ``<field content="..."/>`` and ``<move source="D4" target="D5"/>``
  elements, and a ``<result winner="0|1|2" type="..."/>`` (0 Red, 1 Blue, 2 draw).
* **GSN** (same games): PGN-like tag pairs, then numbered moves and the result::

    [Ruleset "barrage"]
    [Setup "<StraDoS2 string>"]
    [Result "1-0"]

    1. d4-d5 e7-e6 2. d5xe5 1-0

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=2)
    >>> _ = game.play(game.legal_moves()[0])
    >>> all(load(dump(game, fmt), fmt).position() == game.position()
    ...     for fmt in ("json", "gravon", "gsn"))
    True
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from typing import Any

from ..engine.errors import RecordError, StrategoError
from ..engine.game import Game
from ..engine.rulesets import Ruleset, ruleset

__all__ = [
    "FORMATS",
    "dump",
    "from_gravon",
    "from_gsn",
    "from_json",
    "load",
    "to_gravon",
    "to_gsn",
    "to_json",
]

JSON_FORMAT = "stratego-widget-record"
JSON_VERSION = 1
#: The games Gravon XML and GSN can hold: the 10×10 games and their StraDoS2 boards.
CLASSIC_FORMAT_GAMES = ("classic-1961", "hasbro-1999", "onyx-2009", "original", "barrage",
                        "duel", "ultimate-lightning")


# ----------------------------------------------------------------------------- shared parts


def start_of(game: Game) -> Game:
    """A copy of ``game`` taken back to its starting position.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> start_of(game).ply, game.ply
        (0, 1)
    """
    start = game.copy()
    while start.ply or (start.is_over and start.result_reason == "resigned"):
        start.undo()
    return start


def _replay(start: Game, moves: list[str], result: Mapping[str, Any] | None) -> Game:
    """Play ``moves`` from ``start``; apply a recorded resignation; check the result matches."""
    for index, text in enumerate(moves, start=1):
        try:
            start.play(text)
        except StrategoError as error:
            rule = getattr(error, "rule", "notation")
            raise RecordError(f"Ply {index} ({text!r}) is not legal: {error} [{rule}]") from None
    if result is not None and result.get("reason") == "resigned" and not start.is_over:
        winner = result.get("winner")
        if winner not in ("red", "blue"):
            raise RecordError(f"A resignation needs a winner, red or blue, not {winner!r}.")
        start.resign("blue" if winner == "red" else "red")
    if result is not None and (start.winner, start.result_reason) != (
            result.get("winner"), result.get("reason")):
        raise RecordError(
            f"The record says the result is {result.get('winner')} ({result.get('reason')}), "
            f"but replaying it gives {start.winner} ({start.result_reason}).")
    return start


def _result(game: Game) -> dict[str, Any] | None:
    return {"winner": game.winner, "reason": game.result_reason} if game.is_over else None


def _classic_rules(game: Game) -> Ruleset:
    rules = game.rules
    if rules.name not in CLASSIC_FORMAT_GAMES or rules.options:
        raise RecordError(
            f"This format holds the 10×10 games without options ({', '.join(CLASSIC_FORMAT_GAMES)}); "
            f"use JSON for {rules.spec!r}.")
    return rules


# ----------------------------------------------------------------------------- JSON


def to_json(game: Game, tags: Mapping[str, str] | None = None, indent: int | None = None) -> str:
    """The game as a JSON record (every ruleset, option and parameter).

    Example:
        >>> import stratego_widget as sw
        >>> record = json.loads(to_json(sw.Game.random("duel", seed=1)))
        >>> record["format"], record["ruleset"], record["moves"]
        ('stratego-widget-record', 'duel', [])
    """
    record = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "ruleset": game.rules.spec,
        "params": dict(game.rules.overrides),
        "start": start_of(game).position(),
        "moves": [str(move) for move in game.moves],
        "result": _result(game),
        "tags": dict(tags or {}),
    }
    return json.dumps(record, indent=indent, ensure_ascii=False)


def from_json(text: str) -> Game:
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
    try:
        record = json.loads(text)
    except (TypeError, ValueError) as error:
        raise RecordError(f"The record is not valid JSON: {error}.") from None
    if not isinstance(record, dict) or record.get("format") != JSON_FORMAT:
        found = record.get("format") if isinstance(record, dict) else type(record).__name__
        raise RecordError(f"Not a stratego-widget record (format {found!r}).")
    if record.get("version") != JSON_VERSION:
        raise RecordError(f"Unsupported record version {record.get('version')!r}; "
                          f"this library reads version {JSON_VERSION}.")
    for key, kind in (("ruleset", str), ("params", dict), ("start", str), ("moves", list)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"The record's {key!r} must be a {kind.__name__}.")
    if not all(isinstance(move, str) for move in record["moves"]):
        raise RecordError("Every move in the record must be text such as 'd4-d5'.")
    result = record.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("The record's 'result' must be an object or null.")
    rules = _rules_from(record["ruleset"], record["params"])
    try:
        start = Game.from_position(record["start"], rules)
    except StrategoError as error:
        raise RecordError(f"The record's start position is not valid: {error}") from None
    return _replay(start, record["moves"], result)


def _rules_from(spec: str, params: Mapping[str, Any]) -> Ruleset:
    try:
        return ruleset(spec, **params)
    except StrategoError as error:
        raise RecordError(f"The record's ruleset is not valid: {error}") from None


# ----------------------------------------------------------------------------- Gravon XML

_GRAVON_RESULT_TYPES = {"flag-captured": "1", "no-moves": "2", "resigned": "3",
                        "neither-can-move": "4", "ply-limit": "5", "flag-reached": "6"}
_GRAVON_WINNERS = {"red": "0", "blue": "1", "draw": "2"}


def to_gravon(game: Game) -> str:
    """The game as Gravon XML (10×10 games without options).

    Example:
        >>> import stratego_widget as sw
        >>> to_gravon(sw.Game.random("barrage", seed=1)).splitlines()[1]
        '<stratego ruleset="barrage">'
    """
    rules = _classic_rules(game)
    root = ET.Element("stratego", {"ruleset": rules.name})
    element = ET.SubElement(root, "game")
    ET.SubElement(element, "field", {"content": start_of(game).to_stratados2()})
    for index, move in enumerate(game.moves, start=1):
        ET.SubElement(element, "move", {"id": str(index), "source": move.origin.upper(),
                                        "target": move.target.upper()})
    if game.is_over:
        ET.SubElement(root, "result", {"winner": _GRAVON_WINNERS[game.winner or "draw"],
                                       "type": _GRAVON_RESULT_TYPES[game.result_reason or ""]})
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def from_gravon(text: str, rules: Ruleset | str | None = None) -> Game:
    """A game from Gravon XML, every move replayed and checked.

    The ruleset comes from ``rules``, else the root's ``ruleset`` attribute, else Original.

    Example:
        >>> import stratego_widget as sw
        >>> from_gravon(to_gravon(sw.Game.random("barrage", seed=1))).rules.name
        'barrage'
        >>> from_gravon("<stratego><game/></stratego>")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The Gravon record has no <field content="..."/>.
    """
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise RecordError(f"The Gravon record is not well-formed XML: {error}.") from None
    game_element = root if root.tag == "game" else root.find("game")
    if game_element is None:
        raise RecordError("The Gravon record has no <game> element.")
    field = game_element.find("field")
    if field is None or field.get("content") is None:
        raise RecordError('The Gravon record has no <field content="..."/>.')
    name = rules if rules is not None else root.get("ruleset", "original")
    rs = _rules_from(name, {}) if isinstance(name, str) else name
    try:
        start = Game.from_stratados2(field.get("content", ""), rs)
    except StrategoError as error:
        raise RecordError(f"The Gravon field is not a valid board: {error}") from None
    moves = []
    for move in game_element.findall("move"):
        source, target = move.get("source"), move.get("target")
        if not source or not target:
            raise RecordError(f"A Gravon move needs a source and a target: {ET.tostring(move)!r}.")
        # Gravon writes only the two squares: the engine decides whether it is a strike.
        moves.append(f"{source.lower()}-{target.lower()}")
    result_element = root.find("result")
    result = None
    if result_element is not None:
        winners = {code: name for name, code in _GRAVON_WINNERS.items()}
        reasons = {code: name for name, code in _GRAVON_RESULT_TYPES.items()}
        result = {"winner": winners.get(result_element.get("winner", "")),
                  "reason": reasons.get(result_element.get("type", ""))}
    return _replay(start, moves, result)


# ----------------------------------------------------------------------------- GSN

_GSN_RESULTS = {"red": "1-0", "blue": "0-1", "draw": "1/2-1/2"}
_TAG_RE = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')


def to_gsn(game: Game, tags: Mapping[str, str] | None = None) -> str:
    """The game in GSN: tag pairs, then numbered moves and the result (10×10 games).

    Example:
        >>> import stratego_widget as sw
        >>> print(to_gsn(sw.Game.random("barrage", seed=1)).splitlines()[0])
        [Ruleset "barrage"]
    """
    rules = _classic_rules(game)
    pairs = {"Ruleset": rules.name, "Setup": start_of(game).to_stratados2()}
    pairs.update(tags or {})
    if game.is_over:
        pairs["Result"] = _GSN_RESULTS[game.winner or "draw"]
        pairs["Termination"] = game.result_reason or ""
    else:
        pairs["Result"] = "*"
    head = "\n".join(f'[{key} "{_escape(value)}"]' for key, value in pairs.items())
    words = []
    for index, move in enumerate(game.moves):
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        words.append(str(move))
    words.append(pairs["Result"])
    return f"{head}\n\n{_wrap(words)}\n"


def from_gsn(text: str) -> Game:
    """A game from GSN, every move replayed and checked.

    Example:
        >>> import stratego_widget as sw
        >>> from_gsn(to_gsn(sw.Game.random("duel", seed=4))).rules.name
        'duel'
        >>> from_gsn('[Ruleset "barrage"]')
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The GSN record has no [Setup "..."] tag.
    """
    if not isinstance(text, str):
        raise RecordError("A GSN record is text.")
    tags: dict[str, str] = {}
    body: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        match = _TAG_RE.match(line)
        if match:
            tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        elif line.startswith("["):
            raise RecordError(f"Malformed GSN tag line: {line!r}.")
        elif line:
            body.append(line)
    if "Setup" not in tags:
        raise RecordError('The GSN record has no [Setup "..."] tag.')
    rs = _rules_from(tags.get("Ruleset", "original"), {})
    try:
        start = Game.from_stratados2(tags["Setup"], rs)
    except StrategoError as error:
        raise RecordError(f"The GSN setup is not a valid board: {error}") from None
    words = " ".join(body).split()
    final = tags.get("Result", "*")
    if words and words[-1] in (*_GSN_RESULTS.values(), "*"):
        final = words.pop()
    moves = [word for word in words if not re.fullmatch(r"\d+\.", word)]
    result = None
    if final != "*":
        winner = {code: name for name, code in _GSN_RESULTS.items()}.get(final)
        if winner is None:
            raise RecordError(f"Unknown GSN result {final!r}; use 1-0, 0-1, 1/2-1/2 or *.")
        result = {"winner": winner, "reason": tags.get("Termination")}
    return _replay(start, moves, result)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(words: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


# ----------------------------------------------------------------------------- by name

FORMATS: dict[str, tuple[Callable[[Game], str], Callable[[str], Game]]] = {
    "json": (to_json, from_json),
    "gravon": (to_gravon, from_gravon),
    "gsn": (to_gsn, from_gsn),
}


def dump(game: Game, fmt: str = "json") -> str:
    """The game as a record in the named format: ``json``, ``gravon`` or ``gsn``.

    Example:
        >>> import stratego_widget as sw
        >>> dump(sw.Game.random("duel", seed=1), "gsn").startswith('[Ruleset "duel"]')
        True
    """
    return _format(fmt)[0](game)


def load(text: str, fmt: str = "json") -> Game:
    """A game from a record in the named format (see :func:`dump`).

    Example:
        >>> import stratego_widget as sw
        >>> load(dump(sw.Game.random("duel", seed=1))).rules.name
        'duel'
    """
    return _format(fmt)[1](text)


def _format(fmt: str) -> tuple[Callable[[Game], str], Callable[[str], Game]]:
    try:
        return FORMATS[fmt]
    except KeyError:
        raise RecordError(f"Unknown record format {fmt!r}; formats: {', '.join(FORMATS)}.") from None
