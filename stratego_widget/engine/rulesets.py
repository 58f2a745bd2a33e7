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
from .errors import RulesetError, VariantError
from .geometry import Geometry, geometry
from .ruleset_fields import (
    PARAMETERS,
    VARIANT_FIELDS,
    check_field,
    check_whole,
    default_strength,
    plain,
)

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
    abilities and strengths, repetition rules, optional rules, and simulation parameters. Use
    :func:`ruleset` to build one; use :meth:`with_params` to change parameters, and
    :func:`~stratego_widget.engine.variants.variant` to make a named variant of your own.

    The abilities: ``spy_wins_defending`` (the Spy also removes a Marshal that strikes it),
    ``scout_max_distance`` (``None``: Scouts move any distance; a number: at most that many
    squares) and ``strengths`` (pairs of piece name and strength overriding the default
    strengths, Marshal 10 … Scout 2, Spotter 1, Spy 0; see :attr:`strength`).

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
    #: The game a named variant is built from (``None`` for the editions and games).
    base: str | None = None
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
    # abilities and strengths a variant may change (the editions keep these defaults)
    spy_wins_defending: bool = False
    scout_max_distance: int | None = None
    strengths: tuple[tuple[str, int], ...] = ()
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
        return "+".join((self.base or self.name, *self.options))

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

    @cached_property
    def strength(self) -> tuple[int, ...]:
        """Each kind's strength in a strike, indexed by kind (higher wins, equal: both go).

        By default the Marshal-high rank (Marshal 10 … Scout 2, Spotter 1) and 0 for the Spy;
        ``strengths`` changes named kinds. Bombs and the Flag have -1: they follow their own
        rules (:func:`~stratego_widget.engine.combat.strike_outcome`).

        Example:
            >>> ruleset("original").strength[P.MARSHAL], ruleset("original").strength[P.SPY]
            (10, 0)
        """
        table = [default_strength(kind) for kind in range(len(P.KIND_NAMES))]
        for name, value in self.strengths:
            table[P.kind_from_name(name)] = value
        return tuple(table)

    @property
    def is_variant(self) -> bool:
        """Whether this is a named variant of another game (see :attr:`base`).

        Example:
            >>> ruleset("barrage").is_variant, ruleset("barrage", name="my-barrage").is_variant
            (False, True)
        """
        return self.base is not None

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
        """A copy with fields changed; unknown names or bad values raise :class:`VariantError`
        (a :class:`RulesetError`) naming the field and what it may be.

        Any ruleset takes the parameters (:func:`parameter_choices`). Giving ``name`` makes a
        named variant, which may also change the board, the army, the strengths and abilities
        (:data:`~stratego_widget.engine.ruleset_fields.VARIANT_FIELDS`); its :attr:`spec`
        stays that of its base, so ``ruleset(rs.spec, **dict(rs.overrides))`` builds it again.

        Example:
            >>> ruleset("original").with_params(max_plies=500).max_plies
            500
            >>> ruleset("barrage").with_params(name="two-spies", army={
            ...     "marshal": 1, "general": 1, "miner": 1, "scout": 2, "spy": 2, "bomb": 1,
            ...     "flag": 1}).army_counts[P.SPY]
            2
        """
        named = "name" in params or self.is_variant
        changes = {key: check_field(key, value, variant=named) for key, value in params.items()}
        if "name" in changes and changes["name"] in _GAMES:
            raise VariantError("variant-name", f"name cannot be {changes['name']!r}: that is "
                               "a game of this package; give your variant a name of its own.",
                               field="name")
        if not named:
            for key in changes:
                if key in VARIANT_FIELDS:
                    raise VariantError(
                        "variant-name", f"{key} makes another game: give it a name, e.g. "
                        f"variant(base={self.spec!r}, name='my-game', {key}=...).", field=key)
        if "lakes" in changes and set(changes["lakes"]) == set(self.lakes):
            changes["lakes"] = self.lakes  # the same lakes in another order
        merged = dict(self.overrides)
        merged.update(changes)
        extra: dict[str, Any] = {}
        if "name" in changes:
            extra["base"] = self.base or self.name
            if "title" not in changes:
                extra["title"] = changes["name"]
        result = replace(self, **changes, **extra, overrides=tuple(sorted(merged.items())))
        check_whole({field.name: getattr(result, field.name)
                     for field in dataclasses.fields(result)})
        return result

    def differences(self) -> dict[str, dict[str, Any]]:
        """The fields that differ from the base game (the edition with its options), as
        ``{field: {"base": value, "value": value}}`` in JSON data; empty for an edition.

        Example:
            >>> ruleset("barrage", name="far-scouts", scout_max_distance=3).differences()
            {'scout_max_distance': {'base': None, 'value': 3}}
        """
        base = ruleset(self.spec)
        found = {}
        for item in dataclasses.fields(self):
            if item.name in _IDENTITY:
                continue
            mine, theirs = getattr(self, item.name), getattr(base, item.name)
            same = set(mine) == set(theirs) if item.name == "lakes" else mine == theirs
            if not same:
                found[item.name] = {"base": plain(theirs), "value": plain(mine)}
        return found

    def summary(self) -> str:
        """A few lines for a person: the name, the base, and what differs from the base.

        Example:
            >>> print(ruleset("barrage", name="spy-defends", spy_wins_defending=True).summary())
            spy-defends: a variant of Stratego Barrage (barrage)
              spy_wins_defending: True (barrage: False)
        """
        base = ruleset(self.spec)
        if not self.is_variant:
            head = f"{self.title} ({self.spec})"
        else:
            head = f"{self.name}: a variant of {base.title} ({self.spec})"
            if self.title != self.name:
                head = f"{self.title} ({self.name}): a variant of {base.title} ({self.spec})"
        lines = [head]
        for key, change in self.differences().items():
            lines.append(f"  {key}: {_readable(key, change['value'])} "
                         f"({self.spec}: {_readable(key, change['base'])})")
        if len(lines) == 1:
            lines.append("  no differences from the rules of the game")
        return "\n".join(lines)

    def describe(self) -> dict[str, Any]:
        """All fields as plain JSON-serialisable data, with ``"differences"`` from the base.

        Example:
            >>> ruleset("barrage").describe()["home_rows"]
            4
            >>> ruleset("barrage", name="quick", max_plies=300).describe()["differences"]
            {'max_plies': {'base': None, 'value': 300}}
        """
        data = {item.name: plain(getattr(self, item.name)) for item in dataclasses.fields(self)}
        data["spec"] = self.spec
        data["rulebook"] = self.rulebook
        data["overrides"] = {key: plain(value) for key, value in self.overrides}
        data["differences"] = self.differences()
        return data


# Fields that name a game rather than say how it is played.
_IDENTITY = frozenset({"name", "title", "edition", "options", "base", "overrides"})


def _readable(field: str, value: Any) -> str:
    """A field value for :meth:`Ruleset.summary`: armies and strengths as words."""
    if field == "army":
        return ", ".join(f"{name} {count}" for name, count in value)
    if field == "strengths":
        return ", ".join(f"{name} {strength}" for name, strength in value) or "the defaults"
    if field == "lakes":
        return " ".join(value) or "none"
    return repr(value)


def parameter_choices() -> dict[str, tuple[Any, ...] | None]:
    """The parameters every ruleset takes, with the values an edition may use (``None``: a
    whole number from 1, or ``None``).

    Example:
        >>> parameter_choices()["two_square_count"]
        (3, 5)
    """
    return dict(PARAMETERS)


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
