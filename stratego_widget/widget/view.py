"""What the widget sends to the browser: the viewer's view of a game, as compact JSON data.

Pure functions build the synced state (see ``docs/widget-protocol.md``):

* :func:`rules_view`: the ruleset's board, army and labels (changes only with a new game or a
  new numbering);
* :func:`board_view`: pieces, captured pieces and the last battle as one viewer may see them;
* :func:`view_patch`: what turns the view the browser holds into the next one, so that a move
  sends only what it changed (a few squares, the new moves), whatever the ply.

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

import copy
from typing import TYPE_CHECKING, Any

from ..engine import pieces as P
from ..engine.editions import EDITIONS
from ..engine.errors import StrategoError
from ..engine.moves import Move
from ..engine.observation import can_see, captured_view, ply_player, ply_view
from ..formats.svg import CRATER_EDITIONS
from ..locales import battle_sentence
from .protocol import short

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.rulesets import Ruleset

HIDDEN = "hidden"  # a viewer that may see no rank at all (the hot-seat hand-over screen)
SIDES = ("red", "blue")
_OWNER_LETTERS = tuple(P.PLAYER_NAMES[p][0] for p in (P.RED, P.BLUE))  # "r", "b"

#: View fields a patch changes key by key (``null``: the key is gone); the other fields are
#: replaced whole when they change, and ``moves`` is cut and appended to.
KEYED = ("pieces", "targets", "spots")


def check_numbering(numbering: Any) -> str:
    """``numbering`` when it is a known numbering of ranks, else a :class:`StrategoError`.

    Example:
        >>> check_numbering("marshal-low")
        'marshal-low'
    """
    if not isinstance(numbering, str) or numbering not in P.NUMBERINGS:
        raise StrategoError("numbering", f"Unknown numbering {short(numbering)}; numberings: "
                            f"{', '.join(P.NUMBERINGS)}.")
    return numbering


def rules_view(rules: Ruleset, numbering: str) -> dict[str, Any]:
    """The static part of the board: size, lakes, army, letters and labels.

    Example:
        >>> from stratego_widget import ruleset
        >>> rules_view(ruleset("original+rescue"), "marshal-high")["title"]
        'Stratego Original + Rescue'
        >>> view = rules_view(ruleset("barrage"), "marshal-low")
        >>> view["labels"]["marshal"], view["letters"]["X"], view["width"], view["variant"]
        ('1', 'scout', 10, None)
        >>> rules_view(ruleset("barrage", name="short-scouts", scout_max_distance=2),
        ...            "marshal-high")["variant"]
        'short-scouts'
    """
    kinds = [P.KIND_NAMES[k] for k in sorted(rules.army_kinds, reverse=True)]
    movable = [k for k in kinds if k not in ("bomb", "flag")]
    kinds = movable + [k for k in ("bomb", "flag") if k in kinds]
    return {
        "spec": rules.spec,
        "title": rules.title,  # names the options already: "Stratego Original + Rescue"
        "edition": rules.edition,
        "edition_title": EDITIONS[rules.edition].title,  # the header shows this, not a file
        # A variant of one's own: its name, and what differs from the game it is based on.
        "variant": rules.name if rules.is_variant else None,
        "variant_summary": rules.summary() if rules.is_variant else None,
        "rulebook": rules.rulebook,
        "width": rules.width,
        "height": rules.height,
        "lakes": list(rules.lakes),
        "lake_name": "crater" if rules.edition in CRATER_EDITIONS else "lake",
        "home_rows": rules.home_rows,
        "kinds": kinds,
        "counts": {P.KIND_NAMES[k]: n for k, n in rules.army_counts.items()},
        "letters": {P.KIND_LETTERS[P.kind_from_name(k)]: k for k in kinds},
        "labels": {k: rules.label(k, numbering) for k in kinds},
        "numbering": numbering,
    }


def board_view(game: Game, viewer: str, lang: str) -> dict[str, Any]:
    """Pieces, captured pieces, last move and last battle as ``viewer`` may see them.

    ``viewer`` is ``"red"``, ``"blue"``, ``"both"`` (the referee) or ``"hidden"`` (no ranks).
    Which ranks a player sees is decided where the observations decide it
    (:func:`~stratego_widget.engine.observation.can_see`); the view reads the position
    directly, without building the observations' move lists (it is rebuilt after every move).
    Only the last ply of the history is read: the cost does not grow with the game.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=2)
        >>> all("?" not in code for code in board_view(game, "both", "en")["pieces"].values())
        True
    """
    position = game.state
    sides = [side for side in SIDES if viewer in (side, "both", HIDDEN)]
    seer = P.player_from_name(viewer) if viewer in SIDES else None
    geo, owner, kind = position.geometry, position.owner, position.kind
    moved, known = position.moved, position.known
    pieces: dict[str, str] = {}
    for square, pid in enumerate(position.board):
        if pid > 0:
            shown = viewer != HIDDEN and can_see(position, pid, seer)
            pieces[geo.name(square)] = (
                _OWNER_LETTERS[owner[pid]] + (P.KIND_LETTERS[kind[pid]] if shown else "?")
                + ("+" if moved[pid] else "") + ("!" if known[pid] else ""))
    if viewer == HIDDEN:
        captured: dict[str, list[str | None]] = {
            side: [None] * len(game.captured(side)) for side in SIDES}
    else:
        captured = captured_view(position, seer)
    history = game.history
    last = Move.from_code(history[-1].code, geo) if history else None
    if last is not None and last.is_pass:
        last = None  # a pass moved no piece: no square to mark
    battle = None
    # Only a strike or a spot makes a battle: a plain move needs no history record.
    if last is not None and viewer != HIDDEN and (last.strike or last.guess is not None):
        entries = {side: last_record(game, side) or {} for side in sides}
        battle = _battle(entries, viewer, lang)
    return {
        "pieces": pieces,
        "captured": captured,
        "last_move": {"text": str(last), "from": last.origin, "to": last.target}
        if last else None,
        "battle": battle,
    }


def last_record(game: Game, side: str) -> dict[str, Any] | None:
    """The last ply as ``side`` saw it (the last record of ``game.observation(side)["history"]``,
    without building the others).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> last_record(game, "red") is None
        True
        >>> _ = game.play(game.legal_moves()[0])
        >>> last_record(game, "blue") == game.observation("blue")["history"][-1]
        True
    """
    count = len(game.history)
    return ply_view(game.state, P.player_from_name(side), count - 1) if count else None


def battle_at(game: Game, index: int, viewer: str, lang: str) -> dict[str, Any] | None:
    """The strike or spot of ply ``index`` as ``viewer`` may see it (``None``: a plain move).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> battle_at(game, 0, "red", "en") is None
        True
    """
    if viewer == HIDDEN:
        return None
    if game.history[index].strike is None:
        return None
    sides = SIDES if viewer == "both" else (viewer,)
    records = {side: ply_view(game.state, P.player_from_name(side), index) for side in sides}
    battle = _battle(records, viewer, lang)
    if battle is not None:
        battle["ply"] = index + 1
    return battle


def battles_view(game: Game, viewer: str, lang: str, since: str | None) -> list[dict[str, Any]]:
    """The strikes and spots since ``since``'s last move (that move included), oldest first:
    the learner's own strike as well as the bot's answer to it. With ``since=None`` (the
    referee, the hand-over screen) only the last ply counts. Reads at most the last two plies.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> battles_view(game, "red", "en", since="red")
        []
    """
    history = game.history
    count = len(history)
    if count == 0 or viewer == HIDDEN:
        return []
    first = count - 1
    if since is not None:
        while first > max(0, count - 2) and \
                P.PLAYER_NAMES[ply_player(game.state, first)] != since:
            first -= 1
    found = (battle_at(game, index, viewer, lang) for index in range(first, count))
    return [battle for battle in found if battle is not None]


def _battle(entries: dict[str, dict[str, Any]], viewer: str, lang: str) -> dict[str, Any] | None:
    """The last strike or spot, with each side's kind as far as ``viewer`` may know it."""
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


def view_patch(old: dict[str, Any], new: dict[str, Any], moves_from: int) -> dict[str, Any]:
    """What turns the view ``old`` (the browser's) into ``new``: only the fields that changed.

    ``{"from": old serial, "serial": new serial, "set": {field: value}, "pieces": {square:
    code or None}, "targets": {origin: "d5 xd6" or None}, "spots": ..., "moves": {"base": n,
    "add": [...]}}`` (see ``docs/widget-protocol.md``); parts with no change are left out. An
    origin's targets travel as one short text, ``x`` marking a strike. ``moves_from`` is the first
    index of ``moves`` that may have changed (the widget keeps track as moves are played and
    taken back), so the move list is never compared as a whole. Every value in a patch comes
    from ``new``: a patch carries nothing the new viewer may not see.

    Example:
        >>> old = {"serial": 1, "phase": "play", "pieces": {"d4": "rX"}, "targets": {},
        ...        "spots": {}, "moves": ["a1-a2"]}
        >>> new = {"serial": 2, "phase": "play", "pieces": {"d5": "rX+"}, "targets": {},
        ...        "spots": {}, "moves": ["a1-a2", "d4-d5"]}
        >>> view_patch(old, new, 1)
        {'from': 1, 'serial': 2, 'pieces': {'d5': 'rX+', 'd4': None}, 'moves': {'base': 1, 'add': ['d4-d5']}}
    """
    patch: dict[str, Any] = {"from": old["serial"], "serial": new["serial"]}
    changed = {key: value for key, value in new.items()
               if key not in KEYED and key not in ("moves", "serial") and old.get(key) != value}
    if changed:
        patch["set"] = changed
    for key in KEYED:
        before, after = old.get(key) or {}, new[key]
        if before and not after:  # all gone (the hand-over screen): shorter as a whole field
            patch.setdefault("set", {})[key] = {}
            continue
        diff = {name: value for name, value in after.items() if before.get(name) != value}
        diff.update({name: None for name in before if name not in after})
        if key == "targets":
            diff = {name: None if value is None else targets_text(value)
                    for name, value in diff.items()}
        if diff:
            patch[key] = diff
    before_moves, after_moves = old.get("moves") or [], new["moves"]
    base = min(moves_from, len(before_moves), len(after_moves))
    if base < len(before_moves) or base < len(after_moves):
        patch["moves"] = {"base": base, "add": after_moves[base:]}
    return patch


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> str:
    """Apply ``patch`` to ``view`` in place, as the browser does; say what happened.

    ``"current"``: ``view`` already has the patch's serial; ``"gap"``: the patch was made for
    another view (the browser then asks for the whole view); ``"applied"``. The front end's
    ``js/board/sync.ts`` does the same; the Python tests use this one to check the protocol.

    Example:
        >>> view = {"serial": 1, "pieces": {"d4": "rX"}, "moves": []}
        >>> apply_patch(view, {"from": 1, "serial": 2, "pieces": {"d4": None, "d5": "rX+"},
        ...                    "moves": {"base": 0, "add": ["d4-d5"]}})
        'applied'
        >>> view
        {'serial': 2, 'pieces': {'d5': 'rX+'}, 'moves': ['d4-d5']}
    """
    if not patch or (view.get("serial") is not None and patch["serial"] <= view["serial"]):
        return "current"
    if patch.get("from") is None or patch["from"] != view.get("serial"):
        return "gap"
    view.update(copy.deepcopy(patch.get("set", {})))  # the view changes in place later
    for key in KEYED:
        if key not in patch:
            continue
        target = view.setdefault(key, {})
        for name, value in patch[key].items():
            if value is None:
                target.pop(name, None)
            else:
                target[name] = targets_of(value) if key == "targets" else value
    if "moves" in patch:
        moves = view.setdefault("moves", [])
        del moves[patch["moves"]["base"]:]
        moves.extend(patch["moves"]["add"])
    view["serial"] = patch["serial"]
    return "applied"


def targets_text(targets: dict[str, str]) -> str:
    """One origin's targets as a patch sends them: ``"d5 xd6"`` (``x``: a strike).

    Example:
        >>> targets_text({"d5": "move", "d6": "strike"})
        'd5 xd6'
        >>> targets_of("d5 xd6")
        {'d5': 'move', 'd6': 'strike'}
    """
    return " ".join(("x" if action == "strike" else "") + square
                    for square, action in targets.items())


def targets_of(text: str) -> dict[str, str]:
    """The targets of :func:`targets_text` again, as ``view["targets"]`` holds them."""
    return {word.removeprefix("x"): "strike" if word.startswith("x") else "move"
            for word in text.split()}


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
