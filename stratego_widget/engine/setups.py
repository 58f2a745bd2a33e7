"""Setups: the setup area, validation, random and preset setups, and setup text.

A setup is a mapping of square name to kind name for one player. Classic games fill every
square of the home rows; the fast games place their few pieces anywhere in them.

**Setup text** is player-independent: one line per home row, from the front row (nearest the
middle) to the back row, each line read from the owner's left to right, ``.`` for an empty
square and the piece letters of :mod:`stratego_widget.engine.notation` (``M`` Marshal, ``G`` General,
``C`` Colonel, ``J`` Major, ``P`` Captain, ``L`` Lieutenant, ``T`` Sergeant, ``N`` Miner,
``X`` Scout, ``Z`` Spotter, ``S`` Spy, ``B`` Bomb, ``F`` Flag). Lines may also be joined with
``/``, so a classic setup is 40 letters in four groups.

Example:
    >>> pieces = random_setup("barrage", "red", seed=1)
    >>> validate_setup("barrage", "red", pieces)
    >>> parse_setup("barrage", format_setup("barrage", "red", pieces), "red") == pieces
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from . import pieces as P
from .errors import SetupError
from .rulesets import Ruleset, ruleset


def setup_area(rules: Ruleset | str, player: str) -> list[str]:
    """The squares a player sets up on (the home rows), as names.

    Example:
        >>> setup_area("original", "blue")[:3]
        ['a7', 'b7', 'c7']
    """
    rs = ruleset(rules)
    geo = rs.geometry
    p = P.player_from_name(player)
    ranks = range(rs.home_rows) if p == P.RED else range(rs.height - rs.home_rows, rs.height)
    return [geo.name(sq) for rank in ranks for sq in geo.rank_squares(rank)]


def _rows_from_front(rs: Ruleset, p: int) -> list[list[str]]:
    """Home rows from the front row to the back row, each from the owner's left."""
    geo = rs.geometry
    if p == P.RED:
        ranks = range(rs.home_rows - 1, -1, -1)
        return [[geo.name(sq) for sq in geo.rank_squares(r)] for r in ranks]
    ranks = range(rs.height - rs.home_rows, rs.height)
    return [[geo.name(sq) for sq in reversed(geo.rank_squares(r))] for r in ranks]


def validate_setup(rules: Ruleset | str, player: str, pieces: Mapping[str, str]) -> None:
    """Raise :class:`SetupError` unless ``pieces`` is a complete, valid setup for ``player``.

    Example:
        >>> validate_setup("barrage", "red", {"a1": "flag"})
        Traceback (most recent call last):
        ...
        stratego_widget.SetupError: The setup is missing 7 pieces: 1 Marshal, 1 General, 1 Miner, 2 Scouts, 1 Spy, 1 Bomb (Stratego Barrage: setup).
        >>> pieces = dict(random_setup("barrage", "red", seed=1))
        >>> del pieces[next(square for square, kind in pieces.items() if kind == "spy")]
        >>> validate_setup("barrage", "red", pieces)
        Traceback (most recent call last):
        ...
        stratego_widget.SetupError: The setup is missing 1 piece: 1 Spy (Stratego Barrage: setup).
    """
    rs = ruleset(rules)
    where = f"({rs.title.split(' + ')[0]}: setup)"
    if not isinstance(pieces, Mapping):
        raise SetupError("setup-format", f"A setup must map squares to pieces {where}.")
    area = set(setup_area(rs, player))
    counts: Counter[int] = Counter()
    for square, kind_name in pieces.items():
        if not isinstance(square, str) or square not in area:
            raise SetupError(
                "setup-area",
                f"{square!r} is outside {player}'s setup area: the first {rs.home_rows} rows "
                f"on their side {where}.",
            )
        try:
            counts[P.kind_from_name(kind_name)] += 1
        except Exception as error:
            raise SetupError("setup-piece", f"{error} {where}") from None
    army = rs.army_counts
    for kind, count in counts.items():
        if count > army.get(kind, 0):
            raise SetupError(
                "setup-count",
                f"Too many {_plural(kind, 2)}: the army has {army.get(kind, 0)}, the setup "
                f"places {count} {where}.",
            )
    missing = [(kind, army[kind] - counts[kind]) for kind in rs.army_kinds
               if counts[kind] < army[kind]]
    if missing:
        total = sum(n for _, n in missing)
        listing = ", ".join(f"{n} {_plural(kind, n)}" for kind, n in missing)
        raise SetupError("setup-incomplete",
                         f"The setup is missing {total} {'piece' if total == 1 else 'pieces'}: "
                         f"{listing} {where}.")
    if rs.fill_home_rows and len(pieces) != len(area):  # pragma: no cover - implied by counts
        raise SetupError("setup-fill", f"Every square of the home rows must be filled {where}.")


def _plural(kind: int, n: int) -> str:
    name = P.KIND_NAMES[kind].capitalize()
    return name if n == 1 else name + "s"


def random_setup(rules: Ruleset | str, player: str, seed: int | None = None,
                 style: str = "sensible") -> dict[str, str]:
    """A random valid setup. ``"uniform"``: every arrangement equally likely;
    ``"sensible"``: the Flag on the back row with Bombs around it, the rest at random.

    Example:
        >>> setup = random_setup("original", "red", seed=4)
        >>> [sq for sq, kind in setup.items() if kind == "flag"][0][1]
        '1'
    """
    rs = ruleset(rules)
    rng = random.Random(seed)
    p = P.player_from_name(player)
    area = setup_area(rs, player)
    army = [kind for kind in rs.army_kinds for _ in range(rs.army_counts[kind])]
    if style == "uniform":
        squares = rng.sample(area, len(army))
        return {sq: P.KIND_NAMES[kind] for sq, kind in zip(squares, army, strict=True)}
    if style != "sensible":
        raise SetupError("setup-style", f"Unknown setup style {style!r}; use sensible or uniform.")
    geo = rs.geometry
    rows = _rows_from_front(rs, p)
    flag_square = rng.choice(rows[-1])
    placed = {flag_square: "flag"}
    flag_index = geo.index(flag_square)
    around = [geo.name(sq) for sq in geo.neighbours[flag_index] if geo.name(sq) in area]
    rng.shuffle(around)
    bombs = rs.army_counts.get(P.BOMB, 0)
    for sq in around[:bombs]:
        placed[sq] = "bomb"
    rest = [kind for kind in army if kind != P.FLAG]
    for _ in range(min(bombs, len(around))):
        rest.remove(P.BOMB)
    free = [sq for sq in area if sq not in placed]
    squares = rng.sample(free, len(rest))
    placed.update({sq: P.KIND_NAMES[kind] for sq, kind in zip(squares, rest, strict=True)})
    return placed


# Named presets in setup text (front row first, owner's left to right).
_PRESETS: dict[str, dict[str, str]] = {
    "classic": {
        "fortress": "XNXPXTXLXN/JLPTJCXLTP/XGSPMJBLNT/NBCBNBFBXB",
        "left-flag": "XTXPXNXLXT/LJPCJLXPTX/BSMGJCPNLN/BFBNBTBXBN",
        "miners-back": "XTPXLXCXPX/JLGXSMJXTL/PTCBJLBPNT/NBFBNNBBXN",
        "scout-line": "XXXXXXXXNT/PLJCJLPTNL/BTMGSPJCNP/FBNBNBTBLB",
    },
    "sci-fi": {
        "bunker": "XPZBLXTXJZ/NTMSGXCLPX/NBNBFBNBNB",
        "spread": "ZXLNPXTBZX/GMSCJPTLXN/BNBFBNBNXB",
    },
    "fast": {
        "corner": "........../........../..X....X../MGNS..BF..",
        "corner-bombs": "........../..X....X../...MG..S../NN.....BFB",
        "wall": "XPXLXTXP../..MGCJ.LTS/........../NN....BFB.",
        "duel-corner": "........../..X.MG.Z../NN..S..BFB",
    },
}


def preset_setups(rules: Ruleset | str) -> dict[str, str]:
    """Named preset setups (as setup text) that fit this ruleset's army.

    Example:
        >>> sorted(preset_setups("original"))
        ['fortress', 'left-flag', 'miners-back', 'scout-line']
    """
    rs = ruleset(rules)
    found: dict[str, str] = {}
    for group in _PRESETS.values():
        for name, text in group.items():
            try:
                validate_setup(rs, "red", parse_setup(rs, text, "red"))
            except SetupError:
                continue
            found[name] = text
    return found


def preset_setup(rules: Ruleset | str, name: str, player: str) -> dict[str, str]:
    """One preset setup for a player, by name.

    Example:
        >>> preset_setup("original", "fortress", "blue")["e10"]
        'bomb'
    """
    presets = preset_setups(rules)
    if not isinstance(name, str) or name not in presets:
        raise SetupError("setup-preset",
                         f"Unknown preset {name!r}; presets here: {', '.join(presets)}.")
    return parse_setup(rules, presets[name], player)


def parse_setup(rules: Ruleset | str, text: str, player: str = "red") -> dict[str, str]:
    """Read setup text (see the module docstring) into a setup for ``player``.

    Example:
        >>> parse_setup("barrage", "........../........../........../MGNSXXBF..")["a1"]
        'marshal'
    """
    rs = ruleset(rules)
    if not isinstance(text, str):
        raise SetupError("setup-format", f"Setup text must be a string, not {text!r}.")
    lines = [line.strip() for line in text.replace("\n", "/").split("/") if line.strip()]
    rows = _rows_from_front(rs, P.player_from_name(player))
    if len(lines) != len(rows) or any(len(a) != len(b) for a, b in zip(lines, rows, strict=False)):
        raise SetupError(
            "setup-format",
            f"Setup text needs {len(rows)} rows of {rs.width} characters, front row first.",
        )
    pieces: dict[str, str] = {}
    for line, squares in zip(lines, rows, strict=True):
        for char, square in zip(line, squares, strict=True):
            if char == ".":
                continue
            kind = P.kind_from_letter(char)
            if kind is None:
                raise SetupError("setup-format", f"Unknown piece letter {char!r} in setup text.")
            pieces[square] = P.KIND_NAMES[kind]
    return pieces


def format_setup(rules: Ruleset | str, player: str, pieces: Mapping[str, str]) -> str:
    """Write a setup as setup text (front row first, rows joined by ``/``).

    Example:
        >>> format_setup("barrage", "red", {"a1": "flag"})
        '........../........../........../F.........'
    """
    rs = ruleset(rules)
    rows = _rows_from_front(rs, P.player_from_name(player))
    return "/".join(
        "".join(P.KIND_LETTERS[P.kind_from_name(pieces[sq])] if sq in pieces else "."
                for sq in row)
        for row in rows
    )
