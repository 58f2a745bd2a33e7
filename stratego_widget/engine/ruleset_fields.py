"""What each ruleset field may hold: the checks behind parameters and named variants.

:func:`check_field` reads one value given for a field, refuses it with a
:class:`~stratego_widget.engine.errors.VariantError` naming the field and saying what is
allowed, and returns it in its one stored form (an army as ``(("marshal", 1), ...)`` strongest
first, whatever order or container it came in). :func:`check_whole` then checks that the
fields fit together: the board, its lakes, the home rows and the army. Both work on plain field
values, so :mod:`~stratego_widget.engine.rulesets` reads them without a cycle.

Example:
    >>> check_field("army", {"flag": 1, "scout": 2}, variant=True)
    (('scout', 2), ('flag', 1))
    >>> check_field("scout_max_distance", 0, variant=True)
    Traceback (most recent call last):
    ...
    stratego_widget.VariantError: scout_max_distance cannot be 0; valid values: None (no limit) or a whole number from 1 to 20.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import pieces as P
from .errors import VariantError

#: A variant's name: lower-case letters, digits and hyphens, starting with a letter.
NAME_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,39}")
#: Move codes hold a square in 7 bits.
MAX_SQUARES = 128
MAX_TITLE = 80

#: The parameters any ruleset takes, editions included, with the values an edition may use
#: (``None``: any whole number from 1, or ``None``).
PARAMETERS: dict[str, tuple[Any, ...] | None] = {
    "two_square_count": (3, 5),
    "two_square_reading": ("more-than", "in-consecutive"),
    "two_square_scout": ("path", "endpoints"),
    "more_squares_rule": (True, False),
    "max_plies": None,
    "numbering": P.NUMBERINGS,
    "winning_defender_moves_in": (True, False),
    "scout_move_and_strike": (True, False),
    "rescue_area": ("home", "half"),
    "captured_public": (True, False),
    "both_cannot_move": ("lose", "draw"),
}

#: Fields only a named variant may change: they make another game, not an edition.
VARIANT_FIELDS = (
    "title", "width", "height", "lakes", "home_rows", "fill_home_rows", "army", "strengths",
    "spy_wins_defending", "scout_max_distance", "captain_two_squares", "spy_has_rank",
    "silent_defense_scout_exception", "rescue_limit", "rescue_same_piece_twice",
)

#: Fields nobody sets directly, and what to do instead.
FIXED = {
    "edition": "a variant keeps the edition of its base (its rulebook and citations)",
    "base": "give the base to variant(base=...)",
    "overrides": "it records the changes made",
    "options": "give optional rules in the spec ('barrage+rescue') or variant(options=[...])",
    **{switch: "optional rules are switched on with options, e.g. variant(options=["
               f"'{option}'])" for switch, option in (
                   ("aggressor_advantage", "aggressor-advantage"),
                   ("silent_defense", "silent-defense"), ("rescue", "rescue"),
                   ("exploding_bombs", "exploding-bombs"), ("moving_bombs", "moving-bombs"),
                   ("moving_flag", "moving-flag"))},
}

# Kinds whose strength can change: the ranked pieces (Bombs and the Flag have rules instead).
_RANKED = range(P.SPY, P.MARSHAL + 1)
_STRENGTH_RANGE = (0, 99)


def default_strength(kind: int) -> int:
    """A kind's strength in a strike unless a ruleset changes it: the Marshal-high rank
    (Marshal 10 … Scout 2, Spotter 1) and 0 for the Spy; -1 for Bombs and the Flag.

    Example:
        >>> default_strength(P.MARSHAL), default_strength(P.SCOUT), default_strength(P.SPY)
        (10, 2, 0)
    """
    return kind - 2 if kind >= P.SPY else -1


def _error(field: str, rule: str, text: str) -> VariantError:
    return VariantError(rule, f"{field} {text}", field=field)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_range(low: int, high: int, none: str | None = None) -> Callable[[str, Any], Any]:
    def check(field: str, value: Any) -> Any:
        if value is None and none is not None:
            return None
        if not _is_int(value) or not low <= value <= high:
            allowed = f"a whole number from {low} to {high}"
            if none is not None:
                allowed = f"None ({none}) or {allowed}"
            raise _error(field, "variant-value", f"cannot be {value!r}; valid values: {allowed}.")
        return value
    return check


def _choice(allowed: tuple[Any, ...]) -> Callable[[str, Any], Any]:
    def check(field: str, value: Any) -> Any:
        if value not in allowed or type(value) is not type(allowed[0]):
            raise _error(field, "variant-value", f"cannot be {value!r}; valid values: "
                         f"{', '.join(map(repr, allowed))}.")
        return value
    return check


def _pairs(field: str, value: Any, rule: str) -> list[tuple[Any, Any]]:
    """A mapping or a sequence of pairs, as a list of pairs (strings and bytes refused)."""
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise _error(field, rule, f"must map piece names to numbers, such as "
                     f"{{'marshal': 1, 'flag': 1}}, not {_short(value)}.")
    pairs = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise _error(field, rule, f"must map piece names to numbers; {_short(item)} is not "
                         "a (name, number) pair.")
        pairs.append((item[0], item[1]))
    return pairs


def _kind(field: str, name: Any, rule: str) -> int:
    if not isinstance(name, str) or name.strip().lower() not in P.KIND_NAMES:
        raise _error(field, rule, f"names an unknown piece {_short(name)}; valid pieces: "
                     f"{', '.join(P.KIND_NAMES)}.")
    return P.kind_from_name(name)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _army(field: str, value: Any) -> tuple[tuple[str, int], ...]:
    counts: dict[int, int] = {}
    for name, count in _pairs(field, value, "variant-army"):
        kind = _kind(field, name, "variant-army")
        if kind in counts:
            raise _error(field, "variant-army", f"names {P.KIND_NAMES[kind]} twice.")
        if not _is_int(count) or not 1 <= count <= MAX_SQUARES:
            raise _error(field, "variant-army", f"gives {P.KIND_NAMES[kind]} the count "
                         f"{_short(count)}; counts are whole numbers from 1 (leave a piece "
                         "out to have none).")
        counts[kind] = count
    if counts.get(P.FLAG) != 1:
        raise _error(field, "variant-army", f"must have exactly one flag, not "
                     f"{counts.get(P.FLAG, 0)}.")
    if not set(counts) - {P.FLAG, P.BOMB}:
        raise _error(field, "variant-army", "needs at least one piece that moves, not only "
                     "Bombs and the Flag.")
    order = sorted(counts, key=lambda k: (k <= P.BOMB, -k))
    return tuple((P.KIND_NAMES[k], counts[k]) for k in order)


def _strengths(field: str, value: Any) -> tuple[tuple[str, int], ...]:
    given: dict[int, int] = {}
    low, high = _STRENGTH_RANGE
    for name, strength in _pairs(field, value, "variant-strengths"):
        kind = _kind(field, name, "variant-strengths")
        if kind not in _RANKED:
            raise _error(field, "variant-strengths", f"cannot give {P.KIND_NAMES[kind]} a "
                         "strength: Bombs and the Flag follow their own rules; valid pieces: "
                         f"{', '.join(P.KIND_NAMES[k] for k in _RANKED)}.")
        if kind in given:
            raise _error(field, "variant-strengths", f"names {P.KIND_NAMES[kind]} twice.")
        if not _is_int(strength) or not low <= strength <= high:
            raise _error(field, "variant-strengths", f"gives {P.KIND_NAMES[kind]} the strength "
                         f"{_short(strength)}; strengths are whole numbers from {low} to {high} "
                         "(by default Marshal 10 … Scout 2, Spotter 1, Spy 0).")
        given[kind] = strength
    return tuple((P.KIND_NAMES[k], s) for k, s in sorted(given.items(), reverse=True)
                 if s != default_strength(k))


def _lakes(field: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise _error(field, "variant-board", f"must be a list of square names such as "
                     f"['c5', 'd5'], not {_short(value)}.")
    names: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise _error(field, "variant-board", f"must hold square names such as 'c5', not "
                         f"{_short(item)}.")
        name = item.strip().lower()
        if name in names:
            raise _error(field, "variant-board", f"names the square {name!r} twice.")
        names.append(name)
    return tuple(names)


def _name(field: str, value: Any) -> str:
    if not isinstance(value, str) or not NAME_PATTERN.fullmatch(value):
        raise _error(field, "variant-name", f"cannot be {_short(value)}; a name is 1 to 40 "
                     "lower-case letters, digits and hyphens, starting with a letter, such as "
                     "'spy-defends'.")
    return value


def _title(field: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TITLE \
            or not value.isprintable():
        raise _error(field, "variant-name", f"cannot be {_short(value)}; a title is text of 1 "
                     f"to {MAX_TITLE} printable characters.")
    return value.strip()


def _boolean(field: str, value: Any) -> bool:
    if type(value) is not bool:
        raise _error(field, "variant-value", f"cannot be {_short(value)}; valid values: True, "
                     "False.")
    return value


_CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "name": _name,
    "title": _title,
    "width": _int_range(3, 26),
    "height": _int_range(3, 40),
    "home_rows": _int_range(1, 19),
    "lakes": _lakes,
    "army": _army,
    "strengths": _strengths,
    "scout_max_distance": _int_range(1, 20, none="no limit"),
    "rescue_limit": _int_range(1, 10),
    "max_plies": _int_range(1, 10**9, none="no cap"),
    **{field: _choice(allowed) for field, allowed in PARAMETERS.items()
       if allowed is not None and allowed[0] not in (True, False)},
}
_VARIANT_TWO_SQUARE = _int_range(2, 10)


def field_names() -> list[str]:
    """Every field a parameter or a variant may change.

    Example:
        >>> "army" in field_names() and "max_plies" in field_names()
        True
    """
    return sorted({"name", *PARAMETERS, *VARIANT_FIELDS})


def check_field(field: str, value: Any, variant: bool = False) -> Any:
    """The value for ``field`` in its stored form, or a :class:`VariantError` naming the field.

    ``variant``: whether the ruleset is a named variant (which may use any two-square count
    from 2 to 10; an edition keeps the rulebooks' 3 or this board's setting of 5, which no
    rulebook prints).

    Example:
        >>> check_field("lakes", ["C5", "d5"])
        ('c5', 'd5')
        >>> check_field("two_square_count", 4, variant=True)
        4
    """
    if field in FIXED:
        raise _error(field, "variant-field", f"cannot be set: {FIXED[field]}.")
    if field not in PARAMETERS and field not in VARIANT_FIELDS and field != "name":
        if not isinstance(field, str):  # pragma: no cover - keyword arguments are strings
            field = repr(field)
        raise VariantError("variant-field", f"{field!r} is not a field of a ruleset; valid "
                           f"parameters: {', '.join(sorted(PARAMETERS))}; a named variant may "
                           f"also change {', '.join(sorted(VARIANT_FIELDS))}.", field=field)
    if field == "two_square_count" and variant:
        return _VARIANT_TWO_SQUARE(field, value)
    if field == "two_square_count" and _is_int(value) and 2 <= value <= 10 \
            and value not in (3, 5):
        raise _error(field, "variant-value", f"cannot be {value!r}; valid values: 3, 5 (a named "
                     "variant may use any whole number from 2 to 10).")
    check: Callable[[str, Any], Any] = _CHECKS.get(field, _boolean)
    return check(field, value)


def _square(name: str, width: int, height: int) -> tuple[int, int] | None:
    match = re.fullmatch(r"([a-z])([1-9][0-9]?)", name)
    if not match:
        return None
    file_index, rank = ord(match.group(1)) - ord("a"), int(match.group(2))
    return (file_index, rank) if file_index < width and rank <= height else None


def check_whole(fields: Mapping[str, Any]) -> None:
    """Raise a :class:`VariantError` unless the board, lakes, home rows and army fit together.

    Example:
        >>> check_whole({"width": 6, "height": 6, "home_rows": 3, "lakes": (),
        ...              "army": (("scout", 1), ("flag", 1)), "fill_home_rows": False})
        Traceback (most recent call last):
        ...
        stratego_widget.VariantError: home_rows cannot be 3 on a board 6 rows high: the two setup areas need at least one row between them, so at most 2.
    """
    width, height, home_rows = fields["width"], fields["height"], fields["home_rows"]
    if width * height > MAX_SQUARES:
        raise _error("width", "variant-board", f"and height make {width}x{height} = "
                     f"{width * height} squares; a board has at most {MAX_SQUARES}.")
    if 2 * home_rows >= height:
        raise _error("home_rows", "variant-board", f"cannot be {home_rows} on a board {height} "
                     "rows high: the two setup areas need at least one row between them, so "
                     f"at most {(height - 1) // 2}.")
    for name in fields["lakes"]:
        square = _square(name, width, height)
        if square is None:
            last = f"{chr(ord('a') + width - 1)}{height}"
            raise _error("lakes", "variant-board", f"names {name!r}, which is not a square of "
                         f"this board (a1 to {last}).")
        if square[1] <= home_rows or square[1] > height - home_rows:
            raise _error("lakes", "variant-board", f"cannot hold {name!r}: it is in a setup "
                         f"area (the first {home_rows} rows on each side).")
    area = width * home_rows
    size = sum(count for _, count in fields["army"])
    if size > area:
        raise _error("army", "variant-army", f"has {size} pieces, more than the {area} squares "
                     f"of the home rows ({home_rows} rows of {width}).")
    if fields["fill_home_rows"] and size != area:
        raise _error("army", "variant-army", f"has {size} pieces, but fill_home_rows=True "
                     f"needs exactly {area}, one on every square of the home rows; give "
                     "fill_home_rows=False to place fewer anywhere in them.")


def plain(value: Any) -> Any:
    """A field value as JSON data: tuples become lists, everything else stays.

    Example:
        >>> plain((("marshal", 1), ("flag", 1)))
        [['marshal', 1], ['flag', 1]]
    """
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value
