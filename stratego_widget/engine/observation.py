"""What each player may see: the observation, as plain JSON-serialisable data.

``game.observation(player)`` returns::

    {
      "ruleset": "original+rescue", "ruleset_params": {},   # see below
      "player": "red", "to_move": "red", "ply": 12,
      "width": 10, "height": 10, "lakes": ["c5", ...],
      "board": {"d4": {"owner": "red", "kind": "scout", "moved": true, "known": false},
                "e7": {"owner": "blue", "kind": null, "moved": false, "known": false}},
      "captured": {"red": ["scout"], "blue": ["major", null]},
      "history": [{"ply": 1, "player": "red", "move": "d4-d5", "from": "d4", "to": "d5",
                   "piece": "scout" or null, "strike": null or {...}},
                  {"ply": 2, "player": "blue", "move": "--", "from": null, "to": null,
                   "piece": null, "strike": null}],   # a pass (a lesson device)
      "legal_moves": ["d4-d5", ...],     # only for the side to move
      "result": null or {"winner": "red", "reason": "flag-captured"},
      "rescues": {"red": 0, "blue": 0}
    }

``ruleset_params`` holds the parameters and, for a variant of one's own, every change (its
name, army, strengths...) as JSON data: ``ruleset(obs["ruleset"], **obs["ruleset_params"])``
rebuilds the rules the game is played under.

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

from collections.abc import Sequence
from typing import Any

from . import pieces as P
from .moves import MOVE, PASS_CODE, SPOT, STRIKE, Move, action_of, origin_of, target_of
from .outcome import Outcome
from .position import Position


def can_see(position: Position, pid: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (0 Red, 1 Blue, ``None`` the referee) may see the rank of ``pid``.

    A player sees their own pieces and the enemy pieces whose rank was revealed (by a strike,
    a Scout's long move, a spot, or a capture shown in the public tray). This is the one place
    that decides it; every view and picture asks here.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=1)
        >>> pid = game.state.pieces[0][0]  # one of Red's pieces
        >>> can_see(game.state, pid, 0), can_see(game.state, pid, 1), can_see(game.state, pid, None)
        (True, False, True)
    """
    return viewer is None or position.owner[pid] == viewer or position.known[pid]


def captured_view(position: Position, viewer: int | None) -> dict[str, list[str | None]]:
    """Each side's pieces off the board as ``viewer`` (0 Red, 1 Blue, ``None`` the referee)
    may see them: the ranks it may see, strongest first, then ``None`` for each hidden one.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=3)
        >>> captured_view(game.state, 0)
        {'red': [], 'blue': []}
    """
    captured: dict[str, list[str | None]] = {}
    kind, square = position.kind, position.square
    for p in (P.RED, P.BLUE):
        off = [pid for pid in position.pieces[p] if square[pid] < 0]
        shown = sorted((kind[pid] for pid in off if can_see(position, pid, viewer)),
                       reverse=True)
        hidden = sum(1 for pid in off if not can_see(position, pid, viewer))
        captured[P.PLAYER_NAMES[p]] = [P.KIND_NAMES[k] for k in shown] + [None] * hidden
    return captured


def observe(position: Position, player: str, outcome: Outcome | None,
            legal_moves: Sequence[Move], history: bool | int = True) -> dict[str, Any]:
    """The observation of ``player`` (see the module docstring).

    ``outcome`` and ``legal_moves`` (of the side to move) come from the game; the legal moves
    are listed only for the player to move. With ``history=False`` the ``"history"`` list is
    left empty: a player that keeps its own notes (a bot) saves the cost of rebuilding it; a
    number ``n`` keeps the last ``n`` plies of it (a bot that reads only the latest moves).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=3)
        >>> obs = observe(game.state, "red", game.outcome, game.legal_moves())
        >>> sum(1 for p in obs["board"].values() if p["kind"] is None)
        10
        >>> _ = game.play(game.legal_moves()[0])
        >>> _ = game.play(game.legal_moves()[0])
        >>> [ply["ply"] for ply in observe(game.state, "red", None, [], history=1)["history"]]
        [2]
    """
    viewer = P.player_from_name(player)
    rules = position.rules
    geo = position.geometry
    kind, owner, known, moved = position.kind, position.owner, position.known, position.moved
    board: dict[str, dict[str, Any]] = {}
    for sq, pid in enumerate(position.board):
        if pid > 0:
            board[geo.name(sq)] = {
                "owner": P.PLAYER_NAMES[owner[pid]],
                "kind": P.KIND_NAMES[kind[pid]] if can_see(position, pid, viewer) else None,
                "moved": moved[pid],
                "known": known[pid],
            }
    captured = captured_view(position, viewer)
    counts = position.rescues.counts
    return {
        "ruleset": rules.spec,
        "ruleset_params": {key: _plain(value) for key, value in rules.overrides},
        "player": P.PLAYER_NAMES[viewer],
        "to_move": P.PLAYER_NAMES[position.to_move],
        "ply": position.ply,
        "width": rules.width,
        "height": rules.height,
        "lakes": list(rules.lakes),
        "board": board,
        "captured": captured,
        "history": history_view(position, viewer, _first_ply(len(position.history), history))
        if history else [],
        "legal_moves": [str(m) for m in legal_moves]
        if outcome is None and position.to_move == viewer else [],
        "result": {"winner": outcome.result(), "reason": outcome.termination.value}
        if outcome else None,
        "rescues": {"red": counts[0], "blue": counts[1]},
    }


def _first_ply(plies: int, history: bool | int) -> int:
    """The index of the first of ``plies`` plies that ``history`` (all, or the last n) keeps."""
    return 0 if history is True else max(plies - int(history), 0)


def history_view(position: Position, viewer: int, start: int = 0) -> list[dict[str, Any]]:
    """The moves so far as ``viewer`` saw them (from ply index ``start`` on).

    Example:
        >>> import stratego_widget as sw
        >>> history_view(sw.Game.random("barrage", seed=1).state, 0)
        []
    """
    history = position.history
    return [ply_view(position, viewer, index) for index in range(start, len(history))]


def ply_view(position: Position, viewer: int, index: int) -> dict[str, Any]:
    """One ply (``position.history[index]``) as ``viewer`` saw it.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> _ = game.play("b4-b5") if game.is_legal("b4-b5") else game.play(game.legal_moves()[0])
        >>> ply_view(game.state, 1, 0)["player"]
        'red'
    """
    geo = position.geometry
    kind = position.kind
    entry = position.history[index]
    code, pid = entry.code, entry.pid
    move = Move.from_code(code, geo)
    mover = ply_player(position, index)
    if code == PASS_CODE:
        return {"ply": position.start_ply + index + 1, "player": P.PLAYER_NAMES[mover],
                "move": str(move), "from": None, "to": None, "piece": None, "strike": None}
    origin, target, action = origin_of(code), target_of(code), action_of(code)
    own = mover == viewer
    shown = own or action in (STRIKE, SPOT) or (
        action == MOVE and position.move_reveals(kind[pid], origin, target))
    record: dict[str, Any] = {
        "ply": position.start_ply + index + 1,
        "player": P.PLAYER_NAMES[mover],
        "move": str(move),
        "from": move.origin,
        "to": move.target,
        "piece": P.KIND_NAMES[kind[pid]] if shown else None,
        "strike": None,
    }
    defender, strike = entry.defender, entry.strike
    if action == STRIKE:
        defender_shown = not own or not entry.silent or (
            strike != "defender" and position.rules.captured_public)
        record["strike"] = {
            "attacker": P.KIND_NAMES[kind[pid]],
            "defender": P.KIND_NAMES[kind[defender]] if defender_shown else None,
            "outcome": strike,
        }
    elif action == SPOT:
        record["strike"] = {
            "attacker": P.KIND_NAMES[kind[pid]],
            "defender": P.KIND_NAMES[kind[defender]],  # revealed, right guess or wrong
            "outcome": strike,
            "spotted": geo.name(position.front(target, mover)),
            "guess": move.guess,
        }
    return record


def ply_player(position: Position, index: int) -> int:
    """Who played ply ``index`` of the history (0 Red, 1 Blue): the sides alternate from the
    first player, a pass (which moves no piece) included.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> _ = game.play(game.legal_moves()[0]); game.pass_turn()
        >>> ply_player(game.state, 0), ply_player(game.state, 1)
        (0, 1)
    """
    return position.first_player ^ (index & 1)


def _plain(value: Any) -> Any:
    """A parameter's value as JSON data (tuples become lists)."""
    return [_plain(item) for item in value] if isinstance(value, tuple | list) else value
