"""Rulesets as data: editions are named presets, optional rules are modifiers on top.

A :class:`Ruleset` is an immutable value holding the board, the army and every rule switch and
parameter. :func:`ruleset` builds one from a spec such as ``"original+rescue"``; keyword
arguments override parameters. The engine reads the value; no edition has code of its own.

Example:
    >>> rs = ruleset("onyx-2009+silent-defense", two_square_count=5)
    >>> rs.spec, rs.silent_defense, rs.silent_defense_scout_exception, rs.two_square_count
    ('onyx-2009+silent-defense', True, True, 5)
    >>> ruleset("barrage").army_size
    8
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import Any

from . import pieces as P
from .editions import EDITIONS
from .errors import RulesetError
from .geometry import Geometry, geometry

LAKES_10X10 = ("c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6")
CRATERS_10X8 = ("c4", "d4", "c5", "d5", "g4", "h4", "g5", "h5")

Army = tuple[tuple[str, int], ...]

CLASSIC_ARMY: Army = (
    ("marshal", 1), ("general", 1), ("colonel", 2), ("major", 3), ("captain", 4),
    ("lieutenant", 4), ("sergeant", 4), ("miner", 5), ("scout", 8), ("spy", 1),
    ("bomb", 6), ("flag", 1),
)
SCIFI_ARMY: Army = (
    ("marshal", 1), ("general", 1), ("colonel", 1), ("major", 1), ("captain", 2),
    ("lieutenant", 2), ("sergeant", 2), ("miner", 5), ("scout", 5), ("spotter", 2),
    ("spy", 1), ("bomb", 6), ("flag", 1),
)
SCIFI_DUEL_ARMY: Army = (
    ("marshal", 1), ("general", 1), ("miner", 2), ("scout", 1), ("spotter", 1), ("spy", 1),
    ("bomb", 2), ("flag", 1),
)
BARRAGE_ARMY: Army = (
    ("marshal", 1), ("general", 1), ("miner", 1), ("scout", 2), ("spy", 1), ("bomb", 1),
    ("flag", 1),
)
DUEL_ARMY: Army = (
    ("marshal", 1), ("general", 1), ("miner", 2), ("scout", 2), ("spy", 1), ("bomb", 2),
    ("flag", 1),
)
LIGHTNING_ARMY: Army = (
    ("marshal", 1), ("general", 1), ("colonel", 1), ("major", 1), ("captain", 2),
    ("lieutenant", 2), ("sergeant", 2), ("miner", 2), ("scout", 4), ("spy", 1),
    ("bomb", 2), ("flag", 1),
)


@dataclass(frozen=True)
class Ruleset:
    """Every rule of one game, as an immutable value.

    Fields are grouped: identity, board and army, core rules that differ between editions,
    repetition rules, optional rules, and simulation parameters. Use :func:`ruleset` to build
    one; use :meth:`with_params` to change parameters.

    Example:
        >>> rs = ruleset("classic-1961")
        >>> rs.numbering, rs.scout_move_and_strike, rs.winning_defender_moves_in
        ('marshal-low', False, True)
    """

    # identity
    name: str
    title: str
    edition: str
    options: tuple[str, ...] = ()
    # board and army
    width: int = 10
    height: int = 10
    lakes: tuple[str, ...] = LAKES_10X10
    home_rows: int = 4
    fill_home_rows: bool = True
    army: Army = CLASSIC_ARMY
    numbering: str = "marshal-high"
    # core rules that differ between editions
    scout_move_and_strike: bool = True
    winning_defender_moves_in: bool = False
    captain_two_squares: bool = False
    captured_public: bool = True
    spy_has_rank: bool = True
    # repetition rules
    two_square_count: int = 3
    two_square_reading: str = "more-than"
    two_square_scout: str = "path"
    more_squares_rule: bool = False
    # the end of the game
    both_cannot_move: str = "lose"
    # optional rules
    aggressor_advantage: bool = False
    silent_defense: bool = False
    silent_defense_scout_exception: bool = True
    rescue: bool = False
    rescue_area: str = "home"
    rescue_limit: int = 2
    rescue_same_piece_twice: bool = False
    exploding_bombs: bool = False
    moving_bombs: bool = False
    moving_flag: bool = False
    # simulation
    max_plies: int | None = None
    overrides: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    @property
    def rulebook(self) -> str:
        """The file name of the edition's rulebook.

        Example:
            >>> ruleset("barrage").rulebook
            '004_7c74f8cd1c357391.txt'
        """
        return EDITIONS[self.edition].rulebook

    @property
    def spec(self) -> str:
        """The spec string that :func:`ruleset` reads back (parameters not included).

        Example:
            >>> ruleset("original+rescue").spec
            'original+rescue'
        """
        return "+".join((self.name, *self.options))

    @cached_property
    def geometry(self) -> Geometry:
        """The board geometry with its neighbour and ray tables.

        Example:
            >>> ruleset("sci-fi-2013").geometry.size
            80
        """
        return geometry(self.width, self.height, self.lakes)

    @cached_property
    def army_kinds(self) -> tuple[int, ...]:
        """The kinds in this army, strongest first, Bombs and Flag last.

        Example:
            >>> [P.KIND_NAMES[k] for k in ruleset("barrage").army_kinds]
            ['marshal', 'general', 'miner', 'scout', 'spy', 'bomb', 'flag']
        """
        kinds = {P.kind_from_name(name) for name, _ in self.army}
        return tuple(sorted(kinds, key=lambda k: (k <= P.BOMB, -k)))

    @cached_property
    def army_counts(self) -> dict[int, int]:
        """How many pieces of each kind one side has.

        Example:
            >>> ruleset("original").army_counts[P.SCOUT]
            8
        """
        return {P.kind_from_name(name): count for name, count in self.army}

    @property
    def army_size(self) -> int:
        """Pieces per side.

        Example:
            >>> ruleset("ultimate-lightning").army_size
            20
        """
        return sum(count for _, count in self.army)

    @property
    def has_spotters(self) -> bool:
        """Whether the army has 2013 Spotters.

        Example:
            >>> ruleset("sci-fi-2013").has_spotters, ruleset("original").has_spotters
            (True, False)
        """
        return P.SPOTTER in self.army_counts

    @property
    def two_square_limit(self) -> int:
        """How many consecutive moves between the same two squares are allowed.

        ``"more-than"`` (1961, Original, ISF): "not more than N times", so N moves are allowed.
        ``"in-consecutive"`` (Onyx, 1999, 2013): "not … in N consecutive turns", so N - 1 are.

        Example:
            >>> ruleset("original").two_square_limit, ruleset("onyx-2009").two_square_limit
            (3, 2)
        """
        if self.two_square_reading == "more-than":
            return self.two_square_count
        return self.two_square_count - 1

    def label(self, kind: int | str, numbering: str | None = None) -> str:
        """The text printed on a piece, in this edition's numbering unless one is given.

        Example:
            >>> ruleset("original").label("spy"), ruleset("sci-fi-2013").label("spy")
            ('1', 'S')
        """
        k = P.kind_from_name(kind) if isinstance(kind, str) else kind
        return P.label(k, numbering or self.numbering,
                       spy_has_number=EDITIONS[self.edition].spy_numbered)

    def with_params(self, **params: Any) -> Ruleset:
        """A copy with parameters changed; unknown names or bad values raise RulesetError.

        Example:
            >>> ruleset("original").with_params(max_plies=500).max_plies
            500
        """
        for key, value in params.items():
            _check_param(key, value)
        merged = dict(self.overrides)
        merged.update(params)
        return replace(self, **params, overrides=tuple(sorted(merged.items())))

    def describe(self) -> dict[str, Any]:
        """All fields as plain JSON-serialisable data.

        Example:
            >>> ruleset("barrage").describe()["home_rows"]
            4
        """
        data = dataclasses.asdict(self)
        data["spec"] = self.spec
        data["rulebook"] = self.rulebook
        data["overrides"] = dict(self.overrides)
        return data


# Parameters a user may override, with their allowed values (None: any int >= 1 or None).
_PARAMS: dict[str, tuple[Any, ...] | None] = {
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


def parameter_choices() -> dict[str, tuple[Any, ...] | None]:
    """Every parameter :meth:`Ruleset.with_params` accepts, with its allowed values (``None``:
    any whole number from 1 up, or ``None``). A copy: changing it changes nothing.

    Example:
        >>> parameter_choices()["two_square_count"], parameter_choices()["max_plies"]
        ((3, 5), None)
    """
    return dict(_PARAMS)


def _check_param(key: str, value: Any) -> None:
    if key not in _PARAMS:
        raise RulesetError(
            f"Unknown parameter {key!r}; valid parameters: {', '.join(sorted(_PARAMS))}."
        )
    allowed = _PARAMS[key]
    if allowed is None:
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or value < 1):
            raise RulesetError(f"Parameter {key} must be a positive whole number or None.")
    elif value not in allowed or type(value) is not type(allowed[0]):
        raise RulesetError(
            f"Parameter {key} cannot be {value!r}; valid values: "
            f"{', '.join(map(repr, allowed))}."
        )


_ORIGINAL = Ruleset(
    name="original", title="Stratego Original", edition="original",
    numbering="marshal-high", scout_move_and_strike=True, winning_defender_moves_in=False,
    two_square_count=3, two_square_reading="more-than", more_squares_rule=True,
    captured_public=True, silent_defense_scout_exception=True, rescue_area="home",
    rescue_same_piece_twice=False,
)

_GAMES: dict[str, Ruleset] = {
    "classic-1961": Ruleset(
        name="classic-1961", title="Stratego (1961)",
        edition="classic-1961", numbering="marshal-low", scout_move_and_strike=False,
        winning_defender_moves_in=True, two_square_count=3, two_square_reading="more-than",
    ),
    "onyx-2009": Ruleset(
        name="onyx-2009", title="Stratego Onyx Edition (2009)",
        edition="onyx-2009", numbering="marshal-low", scout_move_and_strike=False,
        winning_defender_moves_in=True, two_square_count=3,
        two_square_reading="in-consecutive", silent_defense_scout_exception=True,
        rescue_area="half", rescue_same_piece_twice=False,
    ),
    "hasbro-1999": Ruleset(
        name="hasbro-1999", title="Stratego (Hasbro 1999)",
        edition="hasbro-1999", numbering="marshal-high", scout_move_and_strike=True,
        winning_defender_moves_in=False, two_square_count=3,
        two_square_reading="in-consecutive", silent_defense_scout_exception=False,
        rescue_area="half", rescue_same_piece_twice=True,
    ),
    "sci-fi-2013": Ruleset(
        name="sci-fi-2013", title="Stratego (2013 edition)",
        edition="sci-fi-2013", width=10, height=8, lakes=CRATERS_10X8, home_rows=3,
        army=SCIFI_ARMY, numbering="marshal-high", scout_move_and_strike=True,
        two_square_count=3, two_square_reading="in-consecutive", spy_has_rank=False,
    ),
    "sci-fi-2013-duel": Ruleset(
        name="sci-fi-2013-duel", title="Stratego Duel (2013 edition)",
        edition="sci-fi-2013", width=10, height=8, lakes=CRATERS_10X8, home_rows=3,
        fill_home_rows=False, army=SCIFI_DUEL_ARMY, numbering="marshal-high",
        scout_move_and_strike=True, two_square_count=3, two_square_reading="in-consecutive",
        spy_has_rank=False,
    ),
    "original": _ORIGINAL,
    "barrage": replace(_ORIGINAL, name="barrage", title="Stratego Barrage",
                       army=BARRAGE_ARMY, fill_home_rows=False),
    "duel": replace(_ORIGINAL, name="duel", title="Stratego Duel", army=DUEL_ARMY,
                    fill_home_rows=False),
    "ultimate-lightning": replace(
        _ORIGINAL, name="ultimate-lightning", title="Ultimate Lightning Stratego",
        army=LIGHTNING_ARMY, fill_home_rows=False, captain_two_squares=True,
    ),
}

# How each edition words an option; an edition without its own wording takes Original's.
_EDITION_WORDING: dict[str, dict[str, dict[str, Any]]] = {
    "silent-defense": {
        "onyx-2009": {"silent_defense_scout_exception": True, "captured_public": False},
        "hasbro-1999": {"silent_defense_scout_exception": False, "captured_public": False},
        "original": {"silent_defense_scout_exception": True},
    },
    "rescue": {
        "onyx-2009": {"rescue_area": "half", "rescue_same_piece_twice": False},
        "hasbro-1999": {"rescue_area": "half", "rescue_same_piece_twice": True},
        "original": {"rescue_area": "home", "rescue_same_piece_twice": False},
    },
}

_OPTION_SWITCHES: dict[str, dict[str, Any]] = {
    "aggressor-advantage": {"aggressor_advantage": True},
    "silent-defense": {"silent_defense": True},
    "rescue": {"rescue": True},
    "exploding-bombs": {"exploding_bombs": True},
    "moving-bombs": {"exploding_bombs": True, "moving_bombs": True},
    "moving-flag": {"moving_flag": True},
}

_OPTION_TITLES = {
    "aggressor-advantage": "Aggressor Advantage", "silent-defense": "Silent Defense",
    "rescue": "Rescue", "exploding-bombs": "Exploding Bombs", "moving-bombs": "Moving Bombs",
    "moving-flag": "Moving Flag",
}


def _apply_option(base: Ruleset, option: str) -> Ruleset:
    """Apply one optional rule, in the wording of the edition it is applied to."""
    changes = dict(_OPTION_SWITCHES[option])
    wording = _EDITION_WORDING.get(option, {})
    changes.update(wording.get(base.edition, wording.get("original", {})))
    return replace(base, **changes, options=(*base.options, option),
                   title=f"{base.title} + {_OPTION_TITLES[option]}")


OPTIONS: dict[str, Callable[[Ruleset], Ruleset]] = {
    name: partial(_apply_option, option=name) for name in _OPTION_SWITCHES
}


def ruleset_names() -> list[str]:
    """The names of every edition and game.

    Example:
        >>> "barrage" in ruleset_names()
        True
    """
    return list(_GAMES)


def option_names() -> list[str]:
    """The names of every optional rule.

    Example:
        >>> option_names()[0]
        'aggressor-advantage'
    """
    return list(OPTIONS)


def ruleset(spec: str | Ruleset, **params: Any) -> Ruleset:
    """Build a ruleset from ``"game+option+option"``, with parameter overrides.

    Raises :class:`RulesetError` listing the valid names for an unknown game or option, and for
    meaningless combinations (an option twice, a game used as an option, or Exploding Bombs
    together with Moving Bombs, which already includes it).

    Example:
        >>> ruleset("original+moving-bombs").exploding_bombs
        True
        >>> ruleset("barrage", max_plies=1000).max_plies
        1000
    """
    if isinstance(spec, Ruleset):
        return spec.with_params(**params) if params else spec
    if not isinstance(spec, str) or not spec.strip():
        raise RulesetError(f"A ruleset spec must be a non-empty string, not {spec!r}.")
    name, *options = [part.strip().lower() for part in spec.split("+")]
    if name not in _GAMES:
        raise RulesetError(
            f"Unknown ruleset {name!r}; valid rulesets: {', '.join(ruleset_names())}."
        )
    result = _GAMES[name]
    seen: set[str] = set()
    for option in options:
        if option in _GAMES:
            raise RulesetError(
                f"{option!r} is a game, not an option; valid options: {', '.join(OPTIONS)}."
            )
        if option not in OPTIONS:
            raise RulesetError(
                f"Unknown option {option!r}; valid options: {', '.join(OPTIONS)}."
            )
        if option in seen:
            raise RulesetError(f"Option {option!r} is given twice in {spec!r}.")
        seen.add(option)
        result = OPTIONS[option](result)
    if {"exploding-bombs", "moving-bombs"} <= seen:
        raise RulesetError(
            "moving-bombs already includes exploding-bombs (Original: Moving Bombs); "
            "give only moving-bombs."
        )
    return result.with_params(**params) if params else result
