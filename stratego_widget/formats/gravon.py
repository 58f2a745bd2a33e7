"""Gravon XML game records, as in the archive of the Gravon game server (StraDoS2).

A record::

    <?xml version="1.0" encoding="UTF-8"?>
    <stratego>
      <game type="barrage">
        <field content="...100 StraDoS2 characters, Red's back row first..."/>
        <move id="1" source="E1" target="E2"/>
        <player id="1">Ann</player>
        <player id="2">Bob</player>
        <result type="1" winner="1"/>
      </game>
    </stratego>

* ``type``: ``classic``, ``barrage``, ``duell``, ``ultimate lightning``, ``classicfree`` (free
  placement: any pieces anywhere, read with Original's rules and no setup check). A type the
  engine does not know is refused, and so is a record without one, unless the caller passes
  ``rules``.
* Squares: files ``A`` … ``I`` then ``K`` (no ``J``), ranks ``1`` … ``9`` then ``:`` for 10, so
  ``j10`` is ``K:``. The reader also takes ``J`` for the tenth file and ``10`` for the tenth
  rank (files from older converters and from this project before it wrote Gravon's naming).
* ``result``: ``winner`` 1 Red, 2 Blue, 3 neither; ``type`` the ending: 0 unable to move,
  1 Flag captured, 2 both unable to move, 3 resigned, 4 draw agreed, 10-14 a clock ran out or
  a player went missing (read as a time forfeit; one with no winner is refused).

**Extensions** (other readers ignore them): ``<ruleset spec="onyx-2009" params="..."/>`` in
``<game>`` names the ruleset and its parameters when the game type alone does not (the 1961,
Onyx and 1999 editions are ``classic`` games); ``termination="..."`` on ``<result>`` names the
engine's exact ending (a ply-limit draw is written as ending 4 with ``termination="ply-limit"``).
Games with optional rules, on other boards, or that do not start at ply 0 with Red to move are
refused when writing (use JSON or SWN).

For safety the reader refuses a DOCTYPE or entity declarations, and it does not search the
tree: it reads ``<stratego>``'s ``<game>`` (or a root ``<game>``) and that element's children.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=1)
    >>> _ = game.play(game.legal_moves()[0])
    >>> from_gravon(to_gravon(game)).position() == game.position()
    True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from xml.sax.saxutils import escape, quoteattr

from ..engine.errors import RecordError, StrategoError
from ..engine.game import Game
from ..engine.outcome import Outcome, Termination
from ..engine.rulesets import Ruleset
from .record_base import (
    MAX_BYTES,
    MAX_PLIES,
    MAX_TAG_CHARS,
    Claim,
    check_no_pass,
    check_setups,
    check_tags,
    format_params,
    guarded,
    inferred_params,
    is_setup_start,
    outcome_of,
    parse_params,
    record_text,
    replay,
    rules_from,
    start_of,
)

__all__ = ["GRAVON_TYPES", "from_gravon", "gravon_square", "square_from_gravon", "to_gravon"]

#: Gravon game types and the ruleset each is read as.
GRAVON_TYPES: dict[str, str] = {
    "classic": "original",
    "barrage": "barrage",
    "duell": "duel",
    "ultimate lightning": "ultimate-lightning",
    "classicfree": "original",
}
#: Other spellings seen in archive tools.
_TYPE_ALIASES = {"duel": "duell", "ultimate": "ultimate lightning", "ultimate_lightning":
                 "ultimate lightning", "free": "classicfree", "freesetup": "classicfree"}
FREE_SETUP = "classicfree"
#: The Gravon type each ruleset is written as (the editions with 40 pieces are classic games).
_TYPE_OF = {"original": "classic", "classic-1961": "classic", "onyx-2009": "classic",
            "hasbro-1999": "classic", "barrage": "barrage", "duel": "duell",
            "ultimate-lightning": "ultimate lightning"}

_FILES = "ABCDEFGHIK"
_SQUARE_RE = re.compile(r"([A-Ka-k])(10|[1-9:])")
#: The lakes of every 10×10 game, as StraDoS2 character positions.
_LAKE_INDEXES = frozenset({42, 43, 46, 47, 52, 53, 56, 57})

# Ending codes, shared with GSN.
ENDING_CODES: dict[int, frozenset[Termination]] = {
    0: frozenset({Termination.CANNOT_MOVE, Termination.NO_MOVABLE_PIECES}),
    1: frozenset({Termination.FLAG_CAPTURED}),
    2: frozenset({Termination.NEITHER_CAN_MOVE}),
    3: frozenset({Termination.RESIGNATION}),
    4: frozenset({Termination.AGREEMENT}),
    **{code: frozenset({Termination.TIME_FORFEIT}) for code in (10, 11, 12, 13, 14)},
}
_CODE_OF = {Termination.CANNOT_MOVE: 0, Termination.NO_MOVABLE_PIECES: 0,
            Termination.FLAG_CAPTURED: 1, Termination.NEITHER_CAN_MOVE: 2,
            Termination.RESIGNATION: 3, Termination.AGREEMENT: 4, Termination.MOVE_LIMIT: 4,
            Termination.TIME_FORFEIT: 11}
# The legacy records this project wrote before it followed Gravon (root ruleset attribute).
_LEGACY_WINNERS = {"0": "red", "1": "blue", "2": None}
_LEGACY_ENDINGS = {"1": Termination.FLAG_CAPTURED, "2": Termination.CANNOT_MOVE,
                   "3": Termination.RESIGNATION, "4": Termination.NEITHER_CAN_MOVE,
                   "5": Termination.MOVE_LIMIT, "6": Termination.FLAG_REACHED}


# ----------------------------------------------------------------------------- shared with GSN


def gravon_square(square: str) -> str:
    """A square in Gravon's naming: files A-I and K, rank 10 written ``:``.

    Example:
        >>> gravon_square("a1"), gravon_square("j10"), gravon_square("i9")
        ('A1', 'K:', 'I9')
    """
    rank = int(square[1:])
    return _FILES[ord(square[0]) - ord("a")] + (":" if rank == 10 else str(rank))


def square_from_gravon(text: str) -> str | None:
    """The engine's name of a Gravon square (``J`` and ``10`` accepted too), or None.

    Example:
        >>> square_from_gravon("K:"), square_from_gravon("J10"), square_from_gravon("L1")
        ('j10', 'j10', None)
    """
    match = _SQUARE_RE.fullmatch(text)
    if match is None:
        return None
    letter = match.group(1).upper()
    file = "j" if letter in "JK" else letter.lower()
    rank = "10" if match.group(2) in (":", "10") else match.group(2)
    return file + rank


def gravon_type(rules: Ruleset, free: bool = False) -> str:
    """The Gravon game type a ruleset is written as, or a ``record-format`` error.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> gravon_type(ruleset("duel")), gravon_type(ruleset("barrage"), free=True)
        ('duell', 'classicfree')
    """
    if rules.name not in _TYPE_OF or rules.options:
        raise RecordError("record-format",
                          f"Gravon records hold the 10×10 games without optional rules "
                          f"({', '.join(_TYPE_OF)}); use JSON or SWN for {rules.spec!r}.")
    return FREE_SETUP if free else _TYPE_OF[rules.name]


def type_key(kind: str) -> str:
    """A Gravon game type in its usual spelling, or a ``record-ruleset`` error.

    Example:
        >>> type_key("Ultimate  Lightning"), type_key("free"), type_key("duel")
        ('ultimate lightning', 'classicfree', 'duell')
    """
    key = " ".join(kind.lower().split())
    key = _TYPE_ALIASES.get(key, key)
    if key not in GRAVON_TYPES:
        raise RecordError("record-ruleset", f"Unknown Gravon game type {kind[:40]!r}; this "
                          f"library reads {', '.join(GRAVON_TYPES)}.")
    return key


def check_field(content: str, what: str) -> None:
    """Check a StraDoS2 field's length, characters and lakes before any ruleset is chosen.

    Example:
        >>> check_field("A" * 100, "The Gravon field")
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The Gravon field does not match the lakes: character 43 must be '_'.
    """
    if len(content) != 100:
        raise RecordError("record-board", f"{what} must have 100 characters (StraDoS2), "
                                          f"not {len(content)}.")
    for index, char in enumerate(content):
        if (char == "_") != (index in _LAKE_INDEXES):
            raise RecordError("record-board", f"{what} does not match the lakes: character "
                              f"{index + 1} must {'' if index in _LAKE_INDEXES else 'not '}"
                              "be '_'.")
        if char != "_" and not "A" <= char <= "Y":
            raise RecordError("record-board", f"{what} has {char!r} at character {index + 1}; "
                              "StraDoS2 uses A (empty), B-M (Red), N-Y (Blue) and _ (lake).")


def start_game(content: str, rules: Ruleset, free: bool, what: str) -> Game:
    """The game a checked field starts, its setups validated unless placement was free.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> text = Game.random("duel", seed=2).to_stratados2()
        >>> start_game(text, ruleset("duel"), False, "The field").piece_count("red")
        10
    """
    try:
        game = Game.from_stratados2(content, rules)
    except StrategoError as error:
        raise RecordError("record-board", f"{what} is not a valid board: {error}") from None
    if not free:
        check_setups(game, what)
    return game


def writable_start(game: Game, fmt: str) -> tuple[Game, bool]:
    """The game's start and whether its placement is free (not two valid setups).

    Raises ``record-format`` for a start Gravon's formats cannot hold (ply not 0, Blue to move,
    pieces already captured).

    Example:
        >>> writable_start(Game.random("barrage", seed=1), "Gravon XML")[1]
        False
    """
    start = start_of(game)
    if start.ply or start.to_move != "red" or start.captured("red") or start.captured("blue"):
        raise RecordError("record-format", f"{fmt} records start at ply 0 with Red to move and "
                          "nothing captured; this game starts from a later position: use JSON "
                          "or SWN.")
    if Game.from_stratados2(start.to_stratados2(), start.rules).position() != start.position():
        raise RecordError("record-format", f"{fmt} records cannot mark pieces that have moved "
                          "or been revealed before the first move: use JSON or SWN.")
    return start, not is_setup_start(start)


def claim_from_codes(ending: int, winner: str | None, termination: str | None = None) -> Claim:
    """The result a Gravon ending code and winner claim (``termination``: the extension).

    Example:
        >>> claim_from_codes(0, "red").describe()
        'Red wins (no-movable-pieces or no-moves)'
    """
    if termination is not None:
        try:
            exact = Termination(termination)
        except ValueError:
            raise RecordError("record-result", f"Unknown termination {termination[:40]!r}.") \
                from None
        if _CODE_OF.get(exact) != ending:
            raise RecordError("record-result", f"The termination {exact.value!r} does not fit "
                                               f"ending code {ending}.")
        return Claim(winner, frozenset({exact}))
    return Claim(winner, ENDING_CODES[ending])


def codes_of(outcome: Outcome) -> tuple[int, str | None]:
    """The Gravon ending code of an outcome, and the termination extension when the code does
    not cover it (None when the code and the replay say it all).

    Example:
        >>> codes_of(Outcome(None, Termination.MOVE_LIMIT))
        (4, 'ply-limit')
    """
    if outcome.termination not in _CODE_OF:
        raise RecordError("record-format", f"Gravon records have no ending for "
                                           f"{outcome.termination.value!r}; use JSON or SWN.")
    code = _CODE_OF[outcome.termination]
    covered = outcome.termination in ENDING_CODES[code]
    return code, None if covered else outcome.termination.value


def replay_hinted(start: Game, moves: list[tuple[str, str]], claim: Claim | None,
                  hint: bool, reader: str) -> Game:
    """:func:`~.record_base.replay`, with a hint to pass ``rules=`` when a move or the result
    does not fit the rules the game type names (platforms may play other repetition rules).

    Example:
        >>> game = replay_hinted(Game.random("barrage", seed=1), [], None, True, "from_gsn")
        >>> game.ply
        0
    """
    try:
        return replay(start, moves, claim)
    except RecordError as error:
        if not hint or error.rule not in ("record-move", "record-result"):
            raise
        raise RecordError(error.rule, f"{error.message} (Read as {start.rules.title}; if the "
                          f"game followed other rules, pass them: {reader}(text, rules=...).)") \
            from None


def player_name(tags: Mapping[str, str], player: str) -> str:
    """The name written for ``player``: the tag ``red`` or ``Red``, else ``Red``, on one line
    of printable characters.

    Example:
        >>> player_name({"red": " Ann\\n Lee\\x00"}, "red"), player_name({"Blue": "Bob"}, "blue")
        ('Ann Lee', 'Bob')
    """
    default = player.capitalize()
    name = tags.get(player, tags.get(default, default))
    name = " ".join("".join(char if char.isprintable() else " " for char in name).split())
    return name[:MAX_TAG_CHARS] or default


# ----------------------------------------------------------------------------- writing


def to_gravon(game: Game, tags: Mapping[str, str] | None = None) -> str:
    """The game as Gravon XML (10×10 games without options; ``tags`` may name red and blue).

    Example:
        >>> import stratego_widget as sw
        >>> print(to_gravon(sw.Game.random("barrage", seed=1)).splitlines()[2])
          <game type="barrage">
    """
    check_no_pass(game, "Gravon XML")
    rules = game.rules
    gravon_type(rules)
    names = check_tags(tags)
    start, free = writable_start(game, "Gravon XML")
    kind = gravon_type(rules, free)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<stratego>",
             f"  <game type={quoteattr(kind)}>"]
    if rules.overrides or GRAVON_TYPES[kind] != rules.name:
        params = format_params(dict(rules.overrides))
        extra = f" params={quoteattr(params)}" if params else ""
        lines.append(f"    <ruleset spec={quoteattr(rules.spec)}{extra}/>")
    lines.append(f'    <field content="{start.to_stratados2()}"/>')
    for index, move in enumerate(game.moves, start=1):
        lines.append(f'    <move id="{index}" source="{gravon_square(move.origin)}" '
                     f'target="{gravon_square(move.target)}"/>')
    for number, player in ((1, "red"), (2, "blue")):
        lines.append(f'    <player id="{number}">{escape(player_name(names, player))}</player>')
    outcome = outcome_of(game)
    if outcome is not None:
        code, exact = codes_of(outcome)
        winner = {"red": 1, "blue": 2, None: 3}[outcome.winner]
        extra = f' termination="{exact}"' if exact else ""
        lines.append(f'    <result type="{code}" winner="{winner}"{extra}/>')
    lines += ["  </game>", "</stratego>"]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- reading


@guarded("Gravon")
def from_gravon(text: str | bytes, rules: Ruleset | str | None = None) -> Game:
    """A game from Gravon XML, every move replayed and checked.

    The ruleset comes from ``rules`` if given, else from the record's ``<ruleset>`` extension,
    else from its game type.

    Example:
        >>> import stratego_widget as sw
        >>> from_gravon(to_gravon(sw.Game.random("duel", seed=1))).rules.name
        'duel'
        >>> from_gravon('<stratego><game type="chess"/></stratego>')
        Traceback (most recent call last):
        ...
        stratego_widget.RecordError: The Gravon record has no <field content="..."/> (a game that ended during the setup has no board to replay).
    """
    text = record_text(_decoded(text), "Gravon")
    if re.search(r"<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)", text, re.IGNORECASE):
        raise RecordError("record-syntax", "The Gravon record declares a DOCTYPE or entities; "
                                           "Gravon records have none, so it is refused.")
    if text.count("<") > MAX_PLIES + 200:
        raise RecordError("record-syntax", f"The Gravon record has more elements than a record "
                                           f"of {MAX_PLIES:,} moves needs.")
    try:
        root = ET.fromstring(text)
    except (ET.ParseError, ValueError) as error:
        raise RecordError("record-syntax", f"The Gravon record is not well-formed XML: "
                                           f"{error}.") from None
    game_element = root if root.tag == "game" else _only(root, "game", "<stratego>")
    if root.tag not in ("game", "stratego") or game_element is None:
        raise RecordError("record-syntax", "A Gravon record is <stratego><game>…</game>"
                                           "</stratego>.")
    legacy = root.get("ruleset") is not None and game_element.get("type") is None
    field = _only(game_element, "field", "<game>")
    content = field.get("content") if field is not None else None
    if not content:
        raise RecordError("record-board", 'The Gravon record has no <field content="..."/> (a '
                          "game that ended during the setup has no board to replay).")
    check_field(content, "The Gravon field")
    moves = _moves(game_element)
    result = _only(game_element, "result", "<game>")
    if result is None and legacy:
        result = _only(root, "result", "<stratego>")
    claim = None if result is None else (_legacy_claim(result) if legacy else _claim(result))
    kind = game_element.get("type")
    key = None if kind is None else type_key(kind)
    rs = _rules(rules, game_element, root, key, legacy, claim)
    free = key == FREE_SETUP
    start = start_game(content, rs, free or legacy, "The Gravon field")
    return replay_hinted(start, moves, claim, rules is None, "from_gravon")


_ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "iso-8859-1": "latin-1", "latin-1": "latin-1",
              "latin1": "latin-1", "iso-8859-15": "iso-8859-15", "windows-1252": "cp1252",
              "cp1252": "cp1252", "us-ascii": "ascii", "ascii": "ascii", "utf-16": "utf-16"}


def _decoded(data: object) -> object:
    """XML bytes decoded as their declaration or byte-order mark says (other input as is)."""
    if not isinstance(data, bytes | bytearray) or len(data) > MAX_BYTES:
        return data
    data = bytes(data)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    elif data.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
    else:
        declared = re.match(rb"\s*<\?xml[^>]{0,200}?encoding\s*=\s*[\"']([A-Za-z0-9._-]{1,40})[\"']",
                            data)
        name = declared.group(1).decode("ascii").lower() if declared else "utf-8"
        if name not in _ENCODINGS:
            raise RecordError("record-input", f"The Gravon record declares the encoding "
                              f"{name!r}; this library reads {', '.join(sorted(_ENCODINGS))}.")
        encoding = _ENCODINGS[name]
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise RecordError("record-input", f"The Gravon record is not {encoding} text: "
                                          f"{error.reason} at byte {error.start}.") from None


def _only(parent: ET.Element, tag: str, where: str) -> ET.Element | None:
    found = [child for child in parent if child.tag == tag]
    if len(found) > 1:
        raise RecordError("record-syntax", f"The Gravon record has {len(found)} <{tag}> "
                                           f"elements in {where}; it may have one.")
    return found[0] if found else None


def _moves(game_element: ET.Element) -> list[tuple[str, str]]:
    moves: list[tuple[str, str]] = []
    for element in game_element:
        if element.tag != "move":
            continue
        number = len(moves) + 1
        if number > MAX_PLIES:
            raise RecordError("record-move", f"The record has more than {MAX_PLIES:,} moves.")
        source = square_from_gravon(element.get("source") or "")
        target = square_from_gravon(element.get("target") or "")
        move_id = element.get("id")
        where = f"move id {move_id[:12]}, " if move_id else ""
        if source is None or target is None:
            raise RecordError("record-move", f"Ply {number} ({where}source "
                              f"{(element.get('source') or '')[:12]!r}, target "
                              f"{(element.get('target') or '')[:12]!r}) is not a move between "
                              "two Gravon squares such as source=\"E1\" target=\"E2\".")
        if move_id is not None and move_id != str(number):
            raise RecordError("record-move", f"Ply {number} has move id {move_id[:12]!r}; "
                                             f"moves are numbered 1, 2, 3, … in order.")
        # Gravon writes only the two squares: the engine decides whether it is a strike.
        moves.append((f"{source}-{target}", where))
    return moves


def _claim(result: ET.Element) -> Claim:
    ending, winner = result.get("type", ""), result.get("winner", "")
    if not re.fullmatch(r"[0-9]{1,2}", ending) or int(ending) not in ENDING_CODES or \
            winner not in ("1", "2", "3"):
        raise RecordError("record-result", f'The Gravon result (type={ending[:12]!r}, winner='
                          f'{winner[:12]!r}) is not one of the known endings (type 0-4 or '
                          '10-14, winner 1 Red, 2 Blue, 3 neither).')
    return claim_from_codes(int(ending), {"1": "red", "2": "blue", "3": None}[winner],
                            result.get("termination"))


def _legacy_claim(result: ET.Element) -> Claim:
    winner, ending = result.get("winner", ""), result.get("type", "")
    if winner not in _LEGACY_WINNERS or ending not in _LEGACY_ENDINGS:
        raise RecordError("record-result", f"The record's result (winner={winner[:12]!r}, "
                                           f"type={ending[:12]!r}) is not readable.")
    return Claim.of(Outcome(_LEGACY_WINNERS[winner], _LEGACY_ENDINGS[ending]))


def _rules(given: Ruleset | str | None, game_element: ET.Element, root: ET.Element,
           kind: str | None, legacy: bool, claim: Claim | None) -> Ruleset:
    if given is not None:
        rules = rules_from(given) if isinstance(given, str) else given
        if not isinstance(rules, Ruleset):
            raise RecordError("record-ruleset", "rules must be a Ruleset or a ruleset name.")
        gravon_type(rules)
        return rules
    extension = _only(game_element, "ruleset", "<game>")
    if extension is not None:
        rules = rules_from(extension.get("spec"), parse_params(extension.get("params", "")))
        if kind is not None and kind not in (gravon_type(rules), FREE_SETUP):
            raise RecordError("record-ruleset", f"The record's <ruleset spec="
                              f"{rules.spec!r}> is not a {kind!r} game.")
        return rules
    if legacy:
        rules = rules_from(root.get("ruleset"), inferred_params(claim))
        gravon_type(rules)
        return rules
    if kind is None:
        raise RecordError("record-ruleset", 'The Gravon record names no game type (<game '
                          'type="classic">, "barrage", "duell", "ultimate lightning" or '
                          '"classicfree"); pass rules= to say which game it is.')
    return rules_from(GRAVON_TYPES[kind], inferred_params(claim))
