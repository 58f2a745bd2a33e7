"""Recorded games as training data: what one player saw and did at each of its plies.

:func:`trajectories` replays a whole game (one read from a record, e.g. by
:func:`~stratego_widget.formats.archive.gravon_archive`, or played on the engine) from its start
and gives, for every decision of ``player``, the ``(observation, action, mask)`` an environment
would have shown and taken: the observation of :class:`~stratego_widget.env.planes.Encoder`
(from that player's side), the action the index of the move recorded in the action layout of
:mod:`~stratego_widget.env.actions` (in that player's frame), and the legal-action mask. A move
that rescues a piece is two decisions, as in the environments (the move, then the rescue).
Imitation learning (behaviour cloning) fits a policy to these pairs.

Example:
    >>> from stratego_widget.bots import make_bot, play_game
    >>> game = play_game("duel", make_bot("random", seed=1), make_bot("random", seed=2),
    ...                  seed=3, max_plies=20)
    >>> steps = trajectories(game, "blue")
    >>> len(steps), sorted(steps[0][0])[:2], int(steps[0][2][steps[0][1]])
    (10, ['action_mask', 'captured'], 1)
"""

from __future__ import annotations

import numpy as np

from ..engine import pieces as P
from ..engine.errors import StrategoError
from ..engine.game import Game
from ..engine.moves import PASS_CODE, rescue_of
from ..formats.record_base import start_of
from .actions import ActionLayout, base_code
from .match import Match
from .planes import Encoder

__all__ = ["Step", "trajectories"]

#: One decision: the observation (a dict of arrays), the action's index, the mask.
Step = tuple[dict[str, np.ndarray], int, np.ndarray]


def trajectories(game: Game, player: str | int, action_layout: str = "compact",
                 full_information: bool = False) -> list[Step]:
    """``(observation, action, mask)`` for every decision ``player`` (``"red"`` or ``"blue"``,
    or 0 and 1) made in ``game``, oldest first (see the module docstring). ``action_layout``
    and ``full_information`` are the environments' options of the same names.

    Example:
        >>> game = Game.random("duel", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> [(action, int(mask.sum())) for _, action, mask in trajectories(game, "red")]
        [(324, 28)]
        >>> trajectories(game, "green")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: player is 'red' or 'blue' (or 0 and 1), not 'green'.
    """
    if player in ("red", "blue"):
        side = P.player_from_name(str(player))
    elif player in (0, 1) and not isinstance(player, bool):
        side = int(player)
    else:
        raise StrategoError("env-trajectories", f"player is 'red' or 'blue' (or 0 and 1), "
                            f"not {player!r:.40}.")
    if not isinstance(game, Game):
        raise StrategoError("env-trajectories", f"game is a Game, not "
                            f"{type(game).__name__}.")
    layout = ActionLayout(game.rules, action_layout)
    encoder = Encoder(game.rules, full_information=full_information, layout=layout)
    match = Match.from_game(start_of(game), layout)
    steps: list[Step] = []
    for ply, entry in enumerate(game.history, start=1):
        if entry.code == PASS_CODE:
            raise StrategoError("env-trajectories", f"Ply {ply} is a pass, which no action "
                                "stands for.")
        mover = match.actor
        decisions = [layout.encode(base_code(entry.code), mover)]
        if base_code(entry.code) != entry.code:
            kind, square = rescue_of(entry.code)
            decisions.append(layout.place(kind, square, mover))
        elif match.choices().get(decisions[0]) == -1:
            decisions.append(layout.decline)  # a move that could have rescued and did not
        for action in decisions:
            if mover == side:
                observation = encoder.observe(match, side)
                steps.append((observation, action, observation["action_mask"]))
            match.step(action)
    return steps
