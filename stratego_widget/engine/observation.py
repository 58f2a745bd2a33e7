"""What each player may see: the observation, as plain JSON-serialisable data.

``game.observation(player)`` returns::

    {
      "ruleset": "original+rescue", "player": "red", "to_move": "red", "ply": 12,
      "width": 10, "height": 10, "lakes": ["c5", ...],
      "board": {"d4": {"owner": "red", "kind": "scout", "moved": true, "known": false},
                "e7": {"owner": "blue", "kind": null, "moved": false, "known": false}},
      "captured": {"red": ["scout"], "blue": ["major", null]},
      "history": [{"ply": 1, "player": "red", "move": "d4-d5", "from": "d4", "to": "d5",
                   "piece": "scout" or null, "strike": null or {...}}],
      "legal_moves": ["d4-d5", ...],     # only for the side to move
      "result": null or {"winner": "red", "reason": "flag-captured"},
      "rescues": {"red": 0, "blue": 0}
    }

``kind`` is ``None`` for an enemy piece whose rank the player has not been shown; ``known`` says
whether the *opponent* of the piece's owner knows its rank. A strike record holds
``{"attacker": kind, "defender": kind or None, "outcome": ...}``, with the defender's kind hidden
from the attacker under Silent Defense. Nothing here is read from information the player does
not have: enemy kinds come only through the ``known`` flags and what each strike revealed.

Example:
    >>> import stratego_widget as sw
    >>> obs = sw.Game.random("barrage", seed=2).observation("blue")
    >>> obs["player"], len(obs["legal_moves"]), obs["result"]
    ('blue', 0, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import pieces as P
from .moves import MOVE, SPOT, STRIKE, Move

if TYPE_CHECKING:
    from .game import Game


def observe(game: Game, player: str, history: bool = True) -> dict[str, Any]:
    """The observation of ``player`` (see the module docstring).

    With ``history=False`` the ``"history"`` list is left empty: a player that keeps its own
    notes (a bot) saves the cost of rebuilding it every turn.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=3)
        >>> sum(1 for p in observe(game, "red")["board"].values() if p["kind"] is None)
        10
    """
    viewer = P.player_from_name(player)
    geo = game._geo
    kind, owner, known, moved = game._kind, game._owner, game._known, game._moved
    board: dict[str, dict[str, Any]] = {}
    for sq, pid in enumerate(game._board):
        if pid > 0:
            visible = owner[pid] == viewer or known[pid]
            board[geo.name(sq)] = {
                "owner": P.PLAYER_NAMES[owner[pid]],
                "kind": P.KIND_NAMES[kind[pid]] if visible else None,
                "moved": moved[pid],
                "known": known[pid],
            }
    captured: dict[str, list[str | None]] = {"red": [], "blue": []}
    for p in (P.RED, P.BLUE):
        off = [pid for pid in game._pieces[p] if game._square[pid] < 0]
        shown = sorted((kind[pid] for pid in off if p == viewer or known[pid]), reverse=True)
        hidden = sum(1 for pid in off if not (p == viewer or known[pid]))
        captured[P.PLAYER_NAMES[p]] = [P.KIND_NAMES[k] for k in shown] + [None] * hidden
    over = game.is_over
    counts = game._rescue_state[0]
    return {
        "ruleset": game.rules.spec,
        "player": P.PLAYER_NAMES[viewer],
        "to_move": game.to_move,
        "ply": game.ply,
        "width": game.rules.width,
        "height": game.rules.height,
        "lakes": list(game.rules.lakes),
        "board": board,
        "captured": captured,
        "history": history_view(game, viewer) if history else [],
        "legal_moves": [str(m) for m in game.legal_moves()]
        if not over and game._to_move == viewer else [],
        "result": {"winner": game.winner, "reason": game.result_reason} if over else None,
        "rescues": {"red": counts[0], "blue": counts[1]},
    }


def history_view(game: Game, viewer: int) -> list[dict[str, Any]]:
    """The moves so far as ``viewer`` saw them.

    Example:
        >>> import stratego_widget as sw
        >>> history_view(sw.Game.random("barrage", seed=1), 0)
        []
    """
    geo = game._geo
    kind, owner = game._kind, game._owner
    out = []
    for index, entry in enumerate(game._history):
        code, pid = entry[0], entry[1]
        outcome, defender, silent = entry[6], entry[7], entry[8]
        move = Move.from_code(code, geo)
        origin, target = code & 127, code >> 7 & 127
        action = code >> 14 & 3
        mover = owner[pid]
        own = mover == viewer
        shown = own or action in (STRIKE, SPOT) or (
            action == MOVE and game._move_reveals(kind[pid], origin, target))
        record: dict[str, Any] = {
            "ply": index + 1,
            "player": P.PLAYER_NAMES[mover],
            "move": str(move),
            "from": move.origin,
            "to": move.target,
            "piece": P.KIND_NAMES[kind[pid]] if shown else None,
            "strike": None,
        }
        if action == STRIKE:
            defender_shown = not own or not silent or (
                outcome != "defender" and game.rules.captured_public)
            record["strike"] = {
                "attacker": P.KIND_NAMES[kind[pid]],
                "defender": P.KIND_NAMES[kind[defender]] if defender_shown else None,
                "outcome": outcome,
            }
        elif action == SPOT:
            front = target + (game._width if mover == P.RED else -game._width)
            record["strike"] = {
                "attacker": P.KIND_NAMES[kind[pid]],
                "defender": P.KIND_NAMES[kind[defender]]
                if outcome == "spotted" or not own else None,
                "outcome": outcome,
                "spotted": geo.name(front),
                "guess": move.guess,
            }
        out.append(record)
    return out
