"""What an agent observes: planes, counts, the action mask, and an information-state string.

Everything comes from what the acting player knows: its own pieces, the enemy ranks the
engine's :func:`~stratego_widget.engine.observation.can_see` allows (the one place the engine
decides visibility, the same as :meth:`Game.observation <stratego_widget.engine.game.Game.observation>`),
the public facts (which pieces moved, which ranks the other side knows, the moves played) and
the captured pieces as :func:`~stratego_widget.engine.observation.captured_view` shows them.
``full_information=True`` shows every enemy rank instead, for research on perfect-information
play.

The observation is a dict of arrays:

- ``"planes"``: ``float32 (CHANNELS, height, width)`` in the acting player's frame (see
  :func:`~stratego_widget.env.actions.turned`): row 0 is the player's own back row; Red's
  column 0 is file a, Blue's board is turned 180° (its row 0 is rank 10 of a 10×10 board,
  column 0 file j), so Red in a game sees what Blue sees in the colour-swapped, turned game.
  The channels are named in :data:`CHANNELS`;
- ``"captured"``: ``float32 (2, 14)``: pieces lost by the agent (row 0) and by its opponent
  (row 1), by kind (flag 0 … marshal 12) and, in column 13, lost pieces whose rank the agent
  was not shown;
- ``"to_place"``: ``float32 (13,)``: pieces the agent still has to place, by kind;
- ``"phase"``: ``float32 (4,)``: one-hot setup, play, rescue, over;
- ``"action_mask"``: ``int8 (actions,)``: 1 for every legal action of the agent in its
  frame (all 0 when it is not the agent's turn);
- ``"spatial_mask"`` (with ``spatial_mask=True``): ``int8 (height, width, 4, max(width,
  height) - 1)``, see :mod:`stratego_widget.env.actions`.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> from stratego_widget.env.match import Match
    >>> encoder = Encoder(Game.random("barrage", seed=1).rules)
    >>> obs = encoder.observe(Match.from_game(Game.random("barrage", seed=1)), 0)
    >>> obs["planes"].shape, int(obs["planes"][CHANNELS.index("enemy unknown unmoved")].sum())
    ((46, 10, 10), 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces

from ..engine import pieces as P
from ..engine.moves import PASS_CODE
from ..engine.observation import can_see
from ..engine.repetition import REPETITION_RULES
from ..engine.rulesets import Ruleset
from ..formats.text_play import observation_text, refused_by_repetition
from .actions import KINDS, ActionLayout
from .match import Match

__all__ = ["CHANNELS", "LAST_MOVES", "PHASES", "Encoder", "Recent", "information_state"]

#: How many past plies the planes show (each as a from-plane and a to-plane).
LAST_MOVES = 4
PHASES = ("setup", "play", "rescue", "over")
#: The planes, in order.
CHANNELS: tuple[str, ...] = (
    *(f"own {name}" for name in P.KIND_NAMES),
    *(f"enemy {name}" for name in P.KIND_NAMES),
    "enemy unknown moved", "enemy unknown unmoved", "own moved", "own known to enemy", "lake",
    *(f"last move {i} {end}" for i in range(1, LAST_MOVES + 1) for end in ("from", "to")),
    # For each repetition rule, by the engine's id: the piece it stops and the squares refused.
    *(f"{rule} refused {part}" for rule in REPETITION_RULES for part in ("piece", "target")),
    "rescue pending from", "rescue pending to", "own setup area",
)
_OWN, _ENEMY = 0, KINDS
_C = {name: i for i, name in enumerate(CHANNELS)}


@dataclass(frozen=True)
class Recent:
    """The last moves and the moves the repetition rules refuse, known from outside the match:
    a bot's JSON observation holds no engine history, so :class:`Encoder` draws these instead
    of reading the match's history.

    ``moves``: the last plies' ``(from, to)`` square indexes, the latest first, None for a pass
    (at most :data:`LAST_MOVES` are drawn); ``refused``: ``(rule id, square of the piece,
    target squares)`` as :func:`~stratego_widget.engine.repetition.refusals` gives them.

    Example:
        >>> Recent(moves=((33, 43), None), refused=(("two-square", 43, (33,)),)).moves[0]
        (33, 43)
    """

    moves: tuple[tuple[int, int] | None, ...] = ()
    refused: tuple[tuple[str, int, tuple[int, ...]], ...] = ()


class Encoder:
    """Builds the observations of one ruleset (see the module docstring).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> Encoder(ruleset("duel")).space()["planes"].shape
        (46, 10, 10)
    """

    def __init__(self, rules: Ruleset, full_information: bool = False,
                 spatial_mask: bool = False, layout: ActionLayout | None = None) -> None:
        self.rules = rules
        self.layout = layout if layout is not None else ActionLayout(rules)
        self.full_information = full_information
        self.spatial_mask = spatial_mask
        self.width, self.height = rules.width, rules.height
        geo = rules.geometry
        self.lakes = np.zeros((self.height, self.width), dtype=np.float32)
        for sq in geo.lakes:
            self.lakes[divmod(sq, self.width)] = 1.0

    def space(self) -> spaces.Dict:
        """The observation space (a ``gymnasium.spaces.Dict``).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Encoder(ruleset("original")).space()["action_mask"].shape
            (3600,)
        """
        army = float(max(self.rules.army_size, 1))
        shape = (len(CHANNELS), self.height, self.width)
        entries: dict[str, spaces.Space[Any]] = {
            "planes": spaces.Box(0.0, 1.0, shape, np.float32),
            "captured": spaces.Box(0.0, army, (2, KINDS + 1), np.float32),
            "to_place": spaces.Box(0.0, army, (KINDS,), np.float32),
            "phase": spaces.Box(0.0, 1.0, (len(PHASES),), np.float32),
            "action_mask": spaces.Box(0, 1, (self.layout.size,), np.int8),
        }
        if self.spatial_mask:
            entries["spatial_mask"] = spaces.Box(
                0, 1, (self.height, self.width, 4, self.layout.max_distance), np.int8)
        return spaces.Dict(entries)

    def mask(self, match: Match, player: int) -> np.ndarray:
        """The flat action mask of ``player`` (all 0 when it is not its turn).

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> match = Match.from_game(Game.random("duel", seed=1))
            >>> int(Encoder(match.rules).mask(match, 0).sum()) == len(match.legal_actions())
            True
        """
        mask = np.zeros(self.layout.size, dtype=np.int8)
        if match.phase != "over" and match.actor == player:
            mask[list(match.choices())] = 1
        return mask

    def observe(self, match: Match, player: int, recent: Recent | None = None
                ) -> dict[str, np.ndarray]:
        """The observation of ``player`` (0 Red, 1 Blue) in ``match``; ``recent``, when given,
        is drawn on the planes of the last moves and of the refused moves instead of what the
        match's history holds.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> obs = Encoder(Game.random("duel", seed=1).rules).observe(
            ...     Match.from_game(Game.random("duel", seed=1)), 1)
            >>> obs["phase"].tolist(), int(obs["action_mask"].sum())
            ([0.0, 1.0, 0.0, 0.0], 0)
        """
        planes = np.zeros((len(CHANNELS), self.height, self.width), dtype=np.float32)
        planes[_C["lake"]] = self.lakes
        width = self.width
        for sq in match.areas[player]:
            planes[_C["own setup area"], sq // width, sq % width] = 1.0
        captured = np.zeros((2, KINDS + 1), dtype=np.float32)
        to_place = np.zeros(KINDS, dtype=np.float32)
        for kind, count in match.to_place[player].items():
            to_place[kind] = count
        game = match.game
        if game is None:
            for sq, kind in match.placed[player].items():
                planes[_OWN + kind, sq // width, sq % width] = 1.0
        else:
            self._board(planes, match, player, recent)
            self._captured(captured, game.state, player)
        phase = np.zeros(len(PHASES), dtype=np.float32)
        phase[PHASES.index(match.phase)] = 1.0
        mask = self.mask(match, player)
        if player == P.BLUE:
            planes = np.ascontiguousarray(planes[:, ::-1, ::-1])
        obs = {"planes": planes, "captured": captured, "to_place": to_place, "phase": phase,
               "action_mask": mask}
        if self.spatial_mask:
            obs["spatial_mask"] = self._spatial(mask, player)
        return obs

    def _captured(self, captured: np.ndarray, position: Any, player: int) -> None:
        """The pieces off the board by side and kind as ``player`` may see them (the counts of
        :func:`~stratego_widget.engine.observation.captured_view`, without its names)."""
        viewer = None if self.full_information else player
        kind, square = position.kind, position.square
        for row, side in enumerate((player, 1 - player)):
            for pid in position.pieces[side]:
                if square[pid] < 0:
                    captured[row, kind[pid] if can_see(position, pid, viewer) else KINDS] += 1

    def _board(self, planes: np.ndarray, match: Match, player: int,
               recent: Recent | None = None) -> None:
        game = match.game
        assert game is not None
        position = game.state
        width = self.width
        kind, owner, known, moved = position.kind, position.owner, position.known, position.moved
        flat = planes.reshape(len(CHANNELS), -1)  # a view: (channel, square)
        own_moved, own_known = _C["own moved"], _C["own known to enemy"]
        unknown_moved, unknown_unmoved = _C["enemy unknown moved"], _C["enemy unknown unmoved"]
        viewer = None if self.full_information else player
        for sq, pid in enumerate(position.board):
            if pid <= 0:
                continue
            if owner[pid] == player:
                flat[_OWN + kind[pid], sq] = 1.0
                flat[own_moved, sq] = moved[pid]
                flat[own_known, sq] = known[pid]
            elif can_see(position, pid, viewer):
                flat[_ENEMY + kind[pid], sq] = 1.0
            else:
                flat[unknown_moved if moved[pid] else unknown_unmoved, sq] = 1.0
        to_act = match.phase in ("play", "rescue") and position.to_move == player
        if recent is None:
            recent = _recent(game, refused=to_act)
        for i, ends in enumerate(recent.moves[:LAST_MOVES]):
            if ends is None:
                continue  # a pass (Game.pass_turn, a lesson device) moved no piece
            for end, sq in zip(("from", "to"), ends, strict=True):
                planes[(_C[f"last move {i + 1} {end}"], sq // width, sq % width)] = 1.0
        if to_act:
            for rule, sq, targets in recent.refused:
                planes[(_C[f"{rule} refused piece"], sq // width, sq % width)] = 1.0
                for target in targets:
                    planes[(_C[f"{rule} refused target"], target // width, target % width)] = 1.0
        if match.pending is not None and position.to_move == player:
            for end, sq in (("from", match.pending & 127), ("to", match.pending >> 7 & 127)):
                planes[(_C[f"rescue pending {end}"], sq // width, sq % width)] = 1.0

    def _spatial(self, mask: np.ndarray, player: int) -> np.ndarray:
        layout = self.layout
        out = np.zeros((self.height, self.width, 4, layout.max_distance), dtype=np.int8)
        for action in np.flatnonzero(mask[: layout.spot_base]):
            where = layout.spatial(int(action), player)
            if where is not None:
                out[where] = 1
        return out


def _recent(game: Any, refused: bool) -> Recent:
    """The last moves of ``game``, and (when ``refused``) the moves the repetition rules
    refuse the side to move, read from its history."""
    codes = [entry.code for entry in reversed(game.state.history[-LAST_MOVES:])]
    geo = game.state.geometry
    refusals = tuple((rule, geo.index(square), tuple(map(geo.index, targets)))
                     for rule, square, targets in refused_by_repetition(game)) if refused else ()
    return Recent(tuple(None if code == PASS_CODE else (code & 127, code >> 7 & 127)
                        for code in codes), refusals)


def information_state(match: Match, player: int, full_information: bool = False) -> str:
    """An OpenSpiel-style information-state string: everything ``player`` knows, all past moves
    included (as that player saw them), as text.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> text = information_state(Match.from_game(Game.random("duel", seed=1)), 0)
        >>> text.splitlines()[0]
        'Phase: play. You are Red.'
    """
    name = P.PLAYER_NAMES[player]
    lines = [f"Phase: {match.phase}. You are {name.title()}."]
    game = match.game
    geo = match.rules.geometry
    if game is None:
        placed = ", ".join(f"{geo.name(sq)} {P.KIND_NAMES[k]}"
                           for sq, k in sorted(match.placed[player].items()))
        left = ", ".join(f"{count} {P.KIND_NAMES[k]}"
                         for k, count in sorted(match.to_place[player].items()))
        lines.append(f"{match.rules.title}. Setting up.")
        lines.append(f"Placed: {placed or 'nothing'}.")
        lines.append(f"To place: {left or 'nothing'}.")
        return "\n".join(lines)
    lines.append(observation_text(game, name, last=max(game.ply, 1)))
    if match.pending is not None and game.state.to_move == player:
        layout = match.layout
        chosen = layout.encode(match.pending, player)
        lines.append(f"Choosing a rescue for {layout.describe(chosen, player)}.")
    if full_information:
        enemy = ", ".join(f"{sq} {kind}" for sq, (owner, kind) in sorted(game.pieces().items())
                          if owner != name)
        lines.append(f"Every enemy rank: {enemy or 'none'}.")
    return "\n".join(lines)
