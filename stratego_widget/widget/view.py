"""What the widget sends to the browser: the viewer's view of a game, as compact JSON data.

Two pure functions build the synced state (see ``docs/widget-protocol.md``):

* :func:`rules_view`: the ruleset's board, army and labels (changes only with a new game or a
  new numbering);
* :func:`board_view`: pieces, captured pieces and the last battle as one viewer may see them.

A piece is sent as a short string: owner (``r``/``b``), the kind's letter or ``?`` when the
viewer has not been shown it, then ``+`` if it has moved and ``!`` if its owner's opponent
knows its rank. The rank of a piece the viewer may not see is never in the data.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=1)
    >>> view = board_view(game, "red", "en")
    >>> sorted({code[:2] for code in view["pieces"].values() if code[0] == "b"})
    ['b?']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import pieces as P
from ..engine.moves import Move
from ..locales import battle_sentence

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.rulesets import Ruleset

HIDDEN = "hidden"  # a viewer that may see no rank at all (the hot-seat hand-over screen)


def rules_view(rules: Ruleset, numbering: str) -> dict[str, Any]:
    """The static part of the board: size, lakes, army, letters and labels.

    Example:
        >>> from stratego_widget import ruleset
        >>> rules_view(ruleset("original+rescue"), "marshal-high")["title"]
        'Stratego Original + Rescue'
        >>> view = rules_view(ruleset("barrage"), "marshal-low")
        >>> view["labels"]["marshal"], view["letters"]["X"], view["width"]
        ('1', 'scout', 10)
    """
    kinds = [P.KIND_NAMES[k] for k in sorted(rules.army_kinds, reverse=True)]
    movable = [k for k in kinds if k not in ("bomb", "flag")]
    kinds = movable + [k for k in ("bomb", "flag") if k in kinds]
    return {
        "spec": rules.spec,
        "title": rules.title,  # names the options already: "Stratego Original + Rescue"
        "rulebook": rules.rulebook,
        "width": rules.width,
        "height": rules.height,
        "lakes": list(rules.lakes),
        "lake_name": "crater" if rules.width != rules.height else "lake",
        "home_rows": rules.home_rows,
        "kinds": kinds,
        "counts": {P.KIND_NAMES[k]: n for k, n in rules.army_counts.items()},
        "letters": {P.KIND_LETTERS[P.kind_from_name(k)]: k for k in kinds},
        "labels": {k: rules.label(k, numbering) for k in kinds},
        "numbering": numbering,
    }


def _code(owner: str, kind: str | None, moved: bool, known: bool) -> str:
    letter = P.KIND_LETTERS[P.kind_from_name(kind)] if kind is not None else "?"
    return owner[0] + letter + ("+" if moved else "") + ("!" if known else "")


def board_view(game: Game, viewer: str, lang: str) -> dict[str, Any]:
    """Pieces, captured pieces, last move and last battle as ``viewer`` may see them.

    ``viewer`` is ``"red"``, ``"blue"``, ``"both"`` (the referee) or ``"hidden"`` (no ranks).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=2)
        >>> all("?" not in code for code in board_view(game, "both", "en")["pieces"].values())
        True
    """
    observations = {side: game.observation(side) for side in ("red", "blue")
                    if viewer in (side, "both", HIDDEN)}
    pieces: dict[str, str] = {}
    captured: dict[str, list[str | None]] = {"red": [], "blue": []}
    if viewer in ("red", "blue"):
        obs = observations[viewer]
        for square, piece in obs["board"].items():
            pieces[square] = _code(piece["owner"], piece["kind"], piece["moved"], piece["known"])
        captured = obs["captured"]
    else:
        for side in ("red", "blue"):
            captured[side] = (list(game.captured(side)) if viewer == "both"
                              else [None] * len(game.captured(side)))
        for square, (owner, kind) in game.pieces().items():
            piece = observations[owner]["board"][square]  # the owner's view of its own piece
            pieces[square] = _code(owner, kind if viewer == "both" else None, piece["moved"],
                                   piece["known"])
    moves = game.moves
    last = moves[-1] if moves else None
    return {
        "pieces": pieces,
        "captured": captured,
        "last_move": {"text": str(last), "from": last.origin, "to": last.target}
        if last else None,
        "battle": _battle(observations, viewer, lang) if last and viewer != HIDDEN else None,
    }


def _battle(observations: dict[str, dict[str, Any]], viewer: str,
            lang: str) -> dict[str, Any] | None:
    """The last strike or spot, with each side's kind as far as ``viewer`` may know it."""
    entries = {side: obs["history"][-1] for side, obs in observations.items()}
    entry = next(iter(entries.values()))
    strike = entry["strike"]
    if strike is None:
        return None
    mover = entry["player"]
    other = "blue" if mover == "red" else "red"
    attacker, defender = strike["attacker"], strike["defender"]
    if viewer == "both":  # the referee: each side's own knowledge of its own piece
        defender = entries[other]["strike"]["defender"]
    defender_square = strike.get("spotted", entry["to"])
    return {
        "attacker": {"square": entry["from"], "owner": mover, "kind": attacker},
        "defender": {"square": defender_square, "owner": other, "kind": defender},
        "outcome": strike["outcome"],
        "sentence": battle_sentence(attacker, defender, strike["outcome"], lang),
    }


def targets_view(moves: list[Move]) -> tuple[dict[str, dict[str, str]], dict[str, list[str]]]:
    """Legal moves as ``{from: {to: "move"|"strike"}}`` and spots as ``{from: [to, ...]}``.

    Moves that also rescue a piece are folded into their plain move: the widget asks which
    piece to rescue after the learner picks the target.

    Example:
        >>> targets_view([Move("d4", "d5"), Move("d4", "e4", strike=True)])[0]
        {'d4': {'d5': 'move', 'e4': 'strike'}}
    """
    targets: dict[str, dict[str, str]] = {}
    spots: dict[str, list[str]] = {}
    for move in moves:
        if move.guess is not None:
            where = spots.setdefault(move.origin, [])
            if move.target not in where:
                where.append(move.target)
        else:
            targets.setdefault(move.origin, {})[move.target] = (
                "strike" if move.strike else "move")
    return targets, spots
