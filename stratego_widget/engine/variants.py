"""Variants of your own: a named ruleset built from a game, checked as a whole, saved as a file.

:func:`variant` takes a base game (a spec such as ``"barrage+rescue"`` or a
:class:`~stratego_widget.engine.rulesets.Ruleset`), optional rules and changed fields, and
returns a :class:`~stratego_widget.engine.rulesets.Ruleset` with that name. Every field is
checked (:mod:`~stratego_widget.engine.ruleset_fields`); a bad one raises a
:class:`~stratego_widget.engine.errors.VariantError` whose ``field`` and message name it.
:func:`save_variant` writes a small JSON file holding the base and the differences only, and
:func:`load_variant` reads it back.

Example:
    >>> spy = variant("barrage", "spy-defends", spy_wins_defending=True, scout_max_distance=2)
    >>> spy.name, spy.spec, spy.spy_wins_defending, spy.scout_max_distance
    ('spy-defends', 'barrage', True, 2)
    >>> sorted(spy.differences())
    ['scout_max_distance', 'spy_wins_defending']
    >>> variant_from_dict(variant_to_dict(spy)) == spy
    True
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .errors import RulesetError, VariantError
from .reading import parse_json, read_text
from .ruleset_fields import check_field
from .rulesets import Ruleset, ruleset

FORMAT = "stratego-widget-variant"
VERSION = 1
#: A variant file is small: a few hundred bytes; a file of more than 64 KB is not one, and is
#: refused before it is read.
MAX_FILE_BYTES = 64_000
_KEYS = {"format", "version", "name", "title", "base", "changes"}


def variant(base: str | Ruleset, name: str, *, options: Iterable[str] = (),
            title: str | None = None, **changes: Any) -> Ruleset:
    """A named variant of ``base`` with ``options`` switched on and ``changes`` made.

    ``changes`` are ruleset fields: the board (``width``, ``height``, ``lakes``,
    ``home_rows``, ``fill_home_rows``), the ``army`` (a mapping of piece name to count, the
    whole army), ``strengths`` (piece name to strength), the abilities
    (``spy_wins_defending``, ``scout_max_distance``), the repetition rules
    (``two_square_count`` 2 to 10, ``two_square_reading``, ...) and any parameter.
    The result is checked as a whole: a bad field raises :class:`VariantError` naming it.

    Example:
        >>> small = variant("duel", "tiny", width=6, height=6, home_rows=2, lakes=["c3", "d4"],
        ...                 army={"general": 1, "miner": 1, "scout": 2, "spy": 1, "bomb": 1,
        ...                       "flag": 1})
        >>> small.army_size, small.geometry.size, small.title
        (7, 36, 'tiny')
        >>> variant("duel", "tiny", army={"scout": 2})
        Traceback (most recent call last):
        ...
        stratego_widget.VariantError: army must have exactly one flag, not 0.
    """
    if isinstance(base, Ruleset):
        spec, inherited = base.spec, dict(base.overrides)
    elif isinstance(base, str):
        spec, inherited = base, {}
    else:
        raise VariantError("variant-field", f"base must be a game such as 'barrage' or "
                           f"'original+rescue', or a Ruleset, not {base!r}.", field="base")
    try:
        rules = ruleset(spec)
    except VariantError:
        raise
    except RulesetError as error:
        raise VariantError("variant-field", f"base is not a game: {error}",
                           field="base") from None
    chosen = tuple(options) if isinstance(options, Iterable) and not isinstance(
        options, str | bytes | Mapping) else None
    if chosen is None or not all(isinstance(option, str) for option in chosen):
        raise VariantError("variant-field", f"options must be a list of optional rules such "
                           f"as ['rescue'], not {options!r}.", field="options")
    if chosen:
        try:
            rules = ruleset("+".join((spec, *chosen)))
        except RulesetError as error:
            raise VariantError("variant-field", f"options: {error}", field="options") from None
    if inherited:
        rules = rules.with_params(**inherited)
    params = dict(changes)
    if title is not None:
        params["title"] = title
    return rules.with_params(**{"name": check_field("name", name)}, **params)


def variant_to_dict(rules: Ruleset) -> dict[str, Any]:
    """A named variant as JSON data: its name, title, base spec and the changed fields only.

    Example:
        >>> variant_to_dict(variant("barrage", "quick", max_plies=400))
        {'format': 'stratego-widget-variant', 'version': 1, 'name': 'quick', 'title': 'quick', 'base': 'barrage', 'changes': {'max_plies': 400}}
    """
    if not isinstance(rules, Ruleset) or not rules.is_variant:
        name = rules.name if isinstance(rules, Ruleset) else repr(rules)
        raise VariantError("variant-name", f"name: only a named variant is saved, and {name} "
                           "is a game of this package; make one with variant(base, name, ...).",
                           field="name")
    return {
        "format": FORMAT, "version": VERSION, "name": rules.name, "title": rules.title,
        "base": rules.spec,
        "changes": {key: change["value"] for key, change in rules.differences().items()},
    }


def variant_from_dict(data: Mapping[str, Any]) -> Ruleset:
    """The variant that :func:`variant_to_dict` describes; a :class:`VariantError` naming
    the field if the data is not one.

    Example:
        >>> variant_from_dict({"format": "stratego-widget-variant", "version": 1,
        ...                    "name": "far", "base": "original",
        ...                    "changes": {"scout_max_distance": 3}}).scout_max_distance
        3
        >>> variant_from_dict({"format": "stratego-widget-variant", "version": 1,
        ...                    "name": "far", "base": "original",
        ...                    "changes": {"army": {"flag": 2, "scout": 1}}})
        Traceback (most recent call last):
        ...
        stratego_widget.VariantError: army must have exactly one flag, not 2.
    """
    if not isinstance(data, Mapping):
        raise VariantError("variant-file", f"A variant is an object with {', '.join(sorted(_KEYS))}"
                           f", not {type(data).__name__}.", field="format")
    for key in data:
        if key not in _KEYS:
            raise VariantError("variant-file", f"{str(key)[:40]!r} is not a key of a variant; "
                               f"keys: {', '.join(sorted(_KEYS))}.", field=str(key)[:40])
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise VariantError("variant-file", f"format and version must be {FORMAT!r} and "
                           f"{VERSION}: this is not a variant this program reads.",
                           field="format")
    changes = data.get("changes", {})
    if not isinstance(changes, Mapping) or not all(isinstance(key, str) for key in changes):
        raise VariantError("variant-file", "changes must be an object mapping field names to "
                           "values.", field="changes")
    for key in ("name", "title", "base", "options"):
        if key in changes:
            raise VariantError("variant-file", f"changes cannot hold {key}: the name, title and "
                               "base (with its options, 'barrage+rescue') are given beside "
                               "them.", field=key)
    if not isinstance(data.get("base"), str):
        raise VariantError("variant-file", "base must be a game such as 'barrage'.",
                           field="base")
    title = data.get("title")
    return variant(data["base"], data.get("name"),  # type: ignore[arg-type]  # checked there
                   **({} if title is None else {"title": title}), **changes)


def save_variant(rules: Ruleset, path: str | os.PathLike[str]) -> None:
    """Write a named variant to ``path`` as a small JSON file (:func:`variant_to_dict`).

    Example:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "spy.json"
        >>> save_variant(variant("barrage", "spy-defends", spy_wins_defending=True), path)
        >>> load_variant(path).spy_wins_defending
        True
    """
    text = json.dumps(variant_to_dict(rules), indent=2, ensure_ascii=False)
    Path(path).write_text(text + "\n", encoding="utf-8")


def load_variant(path: str | os.PathLike[str]) -> Ruleset:
    """Read a variant written by :func:`save_variant`; a :class:`VariantError` says what is
    wrong with a file that is not one.

    A file of more than :data:`MAX_FILE_BYTES` bytes is refused before it is read; a file that
    cannot be read, is not UTF-8, not JSON, nested too deeply or holds a number too long to
    read raises a :class:`VariantError` with ``field="format"`` naming the file.

    Example:
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "bad.json"
        >>> _ = path.write_text("{not json")
        >>> load_variant(path)
        Traceback (most recent call last):
        ...
        stratego_widget.VariantError: bad.json: not JSON: Expecting property name enclosed in double quotes at line 1, column 2.
    """
    error = functools.partial(VariantError, field="format")
    file = Path(path)
    text = read_text(file, limit=MAX_FILE_BYTES, error=error, rule="variant-file",
                     what="a variant file")
    return variant_from_dict(parse_json(text, error=error, rule="variant-file",
                                        source=file.name))
