"""SWN, stratego-widget notation: the project's own PGN-like text record, for every game.

Tag pairs, a blank line, then the numbered moves in the engine's notation and the result::

    [Ruleset "original+rescue"]
    [Params "two_square_count=5"]
    [Start "<position string at the first move>"]
    [Red "Ann"]
    [Result "1-0"]
    [Termination "flag-captured"]

    1. d4-d5 e7-e6 2. d5xe5 1-0

* ``Ruleset`` (required): the ruleset spec; ``Params``: its parameters as ``key=value`` words
  (``true``/``false``/``none`` for switches and no limit); ``Start``: the position string
  (``docs/notation.md``), so any start, lesson positions included, is kept.
* ``Result``: ``1-0`` Red won, ``0-1`` Blue won, ``1/2-1/2`` a draw, ``*`` going on; the last
  word of the moves repeats it. ``Termination``: the engine's ending id (``resigned``,
  ``draw-agreed``, ``time-forfeit``, ``ply-limit``, …).
* Any other tag is kept free for the players, the event, the date.

This format was called GSN in the project's first versions (with a ``Setup`` tag holding the
StraDoS2 board); those files are still read, by :func:`from_swn` and by the GSN reader.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("sci-fi-2013+rescue", seed=2)
    >>> _ = game.play(game.legal_moves()[0])
    >>> from_swn(to_swn(game)).position() == game.position()
    True
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..engine.errors import RecordError, StrategoError
from ..engine.game import Game
from ..engine.outcome import Outcome, Termination
from .record_base import (
    MAX_TAGS,
    Claim,
    check_no_pass,
    check_tags,
    format_params,
    game_from_position,
    guarded,
    inferred_params,
    outcome_of,
    parse_params,
    record_text,
    replay,
    rules_from,
    start_of,
)

__all__ = ["from_swn", "to_swn"]

_RESULTS = {"red": "1-0", "blue": "0-1", None: "1/2-1/2"}
_WINNERS = {text: winner for winner, text in _RESULTS.items()}
_TAG_RE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,39})[ \t]+"((?:[^"\\]|\\.)*)"\]')
_OWN_TAGS = ("Ruleset", "Params", "Start", "Setup", "Result", "Termination")


def to_swn(game: Game, tags: Mapping[str, str] | None = None) -> str:
    """The game in SWN: tag pairs, then numbered moves and the result (every game).

    Example:
        >>> import stratego_widget as sw
        >>> print(to_swn(sw.Game.random("barrage", seed=1), tags={"Red": "Ann"}).splitlines()[0])
        [Ruleset "barrage"]
    """
    check_no_pass(game, "SWN")
    extra = check_tags(tags)
    for key in extra:
        if key in _OWN_TAGS or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,39}", key):
            raise RecordError("record-tag", f"{key!r} cannot be an SWN tag (a name of letters, "
                              f"digits and _; not one of {', '.join(_OWN_TAGS)}).")
    outcome = outcome_of(game)
    pairs = {"Ruleset": game.rules.spec}
    if game.rules.overrides:
        pairs["Params"] = format_params(dict(game.rules.overrides))
    pairs["Start"] = start_of(game).position()
    pairs.update(extra)
    pairs["Result"] = "*" if outcome is None else _RESULTS[outcome.winner]
    if outcome is not None:
        pairs["Termination"] = outcome.termination.value
    head = "\n".join(f'[{key} "{_escape(value)}"]' for key, value in pairs.items())
    words = []
    for index, move in enumerate(game.moves):
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        words.append(str(move))
    words.append(pairs["Result"])
    return f"{head}\n\n{_wrap(words)}\n"


@guarded("SWN")
def from_swn(text: str | bytes) -> Game:
    """A game from SWN (or from the project's older "GSN" tag-pair files), every move checked.

    Example:
        >>> import stratego_widget as sw
        >>> from_swn(to_swn(sw.Game.random("duel", seed=4))).rules.name
        'duel'
        >>> from_swn('[Ruleset "barrage"]')
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The SWN record has no [Start "..."] tag (nor an older [Setup "..."]).
    """
    text = record_text(text, "SWN")
    tags: dict[str, str] = {}
    body: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("["):
            match = _TAG_RE.fullmatch(line)
            if match is None:
                raise RecordError("record-syntax", f"Malformed tag line {number}: "
                                  f'{line[:60]!r}; write [Name "value"].')
            key = match.group(1)
            if key in tags or len(tags) >= MAX_TAGS:
                raise RecordError("record-syntax", f"Line {number}: the tag {key!r} is given "
                                  "twice, or there are too many tags.")
            tags[key] = re.sub(r"\\(.)", r"\1", match.group(2))
        elif line:
            body.append(line)
    if "Ruleset" not in tags:
        raise RecordError("record-ruleset", 'The SWN record has no [Ruleset "..."] tag naming '
                                            "its game.")
    words = " ".join(body).split()
    final = tags.get("Result", "*")
    if words and words[-1] in (*_WINNERS, "*"):
        if "Result" in tags and words[-1] != final:
            raise RecordError("record-result", f"The Result tag says {final!r} but the moves "
                                               f"end with {words[-1]!r}.")
        final = words.pop()
    claim = _claim(final, tags.get("Termination"))
    params = {**inferred_params(claim), **parse_params(tags.get("Params", ""))}
    rules = rules_from(tags["Ruleset"], params)
    if "Start" in tags:
        start = game_from_position(tags["Start"], rules)
    elif "Setup" in tags:
        try:
            start = Game.from_stratados2(tags["Setup"], rules)
        except StrategoError as error:
            raise RecordError("record-board", f"The SWN setup is not a valid board: {error}") \
                from None
    else:
        raise RecordError("record-board", 'The SWN record has no [Start "..."] tag (nor an '
                                          'older [Setup "..."]).')
    moves = [(word, "") for word in words if not re.fullmatch(r"[0-9]{1,6}\.", word)]
    for word, _ in moves:
        if not re.fullmatch(r"[!-~]{2,40}", word):
            raise RecordError("record-move", f"{word[:40]!r} is not a move such as 'd4-d5'.")
    return replay(start, moves, claim)


def _claim(final: str, termination: str | None) -> Claim | None:
    if final == "*":
        if termination is not None:
            raise RecordError("record-result", "A game in progress (*) has no Termination.")
        return None
    if final not in _WINNERS:
        raise RecordError("record-result", f"Unknown result {final[:20]!r}; use 1-0, 0-1, "
                                           "1/2-1/2 or *.")
    if termination is None:
        raise RecordError("record-result", "A finished game needs its Termination tag.")
    try:
        reason = Termination(termination)
    except ValueError:
        raise RecordError("record-result", f"Unknown Termination {termination[:40]!r}; use "
                          f"{', '.join(term.value for term in Termination)}.") from None
    return Claim.of(Outcome(_WINNERS[final], reason))


def _escape(value: str) -> str:
    value = "".join(char if char.isprintable() else " " for char in value)
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
