"""An environment policy as a bot: it plays on the board (``StrategoWidget(opponent=...)``), in
:func:`~stratego_widget.bots.play_game` and in studies.

A policy, as the environments of :mod:`stratego_widget.env` train one, is a function from an
observation (the dict of arrays of :class:`~stratego_widget.env.planes.Encoder`) and the
legal-action mask to an action index (:mod:`~stratego_widget.env.actions`). A bot receives the
engine's JSON observation (:meth:`Game.observation <stratego_widget.engine.game.Game.observation>`)
and answers a move. :func:`policy_bot` joins them: for each move it builds the environment's
observation from the bot's, with the environment's own encoder, calls the policy, and turns
its index back into the move.

The environment's observation is built on a stand-in of the game: the position the JSON
observation shows, the enemy's hidden ranks filled in by a sample of
:class:`~stratego_widget.bots.belief.Belief` (they never reach the planes, which show a hidden
piece as unknown, so any sample gives the same observation). The stand-in has no engine
history: the planes of the last moves are drawn from the observation's list of past moves
(the bot reads its last plies), and the moves the repetition rules refuse are the stand-in's
moves that the observation's legal moves leave out, drawn on the two-square rule's planes.
Stratego Original, and its Barrage and Duel, have a second rule, the more-squares rule, and
the observation does not say which of the two refuses a move: there these planes stay empty.
The mask is exact (it is made from the observation's legal moves, repetition rules included).
A move that may rescue a piece asks the policy twice, as the environments do: the move, then
the rescue (or decline).

Example:
    >>> import numpy as np
    >>> from stratego_widget.bots import RandomBot, play_game
    >>> def first_legal(observation, mask):
    ...     return int(np.flatnonzero(mask)[0])
    >>> game = play_game("duel", policy_bot(first_legal), RandomBot(1), seed=2, max_plies=30)
    >>> game.is_over
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..batch.extras import require
from ..bots.belief import Belief
from ..bots.knowledge import rules_of
from ..engine import pieces as P
from ..engine.errors import IllegalMoveError, StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.repetition import TWO_SQUARE
from ..engine.rulesets import Ruleset

__all__ = ["Policy", "PolicyBot", "policy_bot"]

#: A policy: ``policy(observation, mask) -> action index``.
Policy = Callable[[dict[str, Any], Any], Any]


class PolicyBot:
    """A bot that plays by an environment policy (see the module docstring).

    ``name`` names it in a study's table (the policy's function name by default). It pickles
    when the policy does (a function or object at the top level of a module), so it plays in
    studies on worker processes too.

    Example:
        >>> import numpy as np
        >>> bot = PolicyBot(lambda obs, mask: int(np.flatnonzero(mask)[-1]), name="last")
        >>> bot.choose(Game.random("duel", seed=1).observation("red"))
        'b4-b3'
    """

    def __init__(self, policy: Policy, action_layout: str = "compact",
                 name: str | None = None, full_information: bool = False) -> None:
        require("numpy", "policy_bot", "rl")
        require("gymnasium", "policy_bot", "rl")
        if not callable(policy):
            raise StrategoError("bot", f"A policy is a function of (observation, mask), not "
                                f"{policy!r:.40}.")
        self.policy = policy
        self.action_layout = action_layout
        self.full_information = full_information
        self.name = name or getattr(policy, "__name__", None) or type(policy).__name__
        from ..env.planes import LAST_MOVES
        #: The planes of the last moves are drawn from the observation's last plies.
        self.reads_history: int = LAST_MOVES

    def choose(self, observation: dict[str, Any]) -> str:
        """The move the policy picks in ``observation`` (a bot's JSON observation).

        A policy's answer that is not a legal action raises an
        :class:`~stratego_widget.IllegalMoveError` (rule ``env-action``) in one line.
        """
        from ..env.actions import ActionLayout, action_index, base_code, described
        from ..env.match import Match
        from ..env.planes import LAST_MOVES, Encoder, Recent

        numpy = require("numpy", "policy_bot", "rl")
        rules = rules_of(observation)
        player = P.player_from_name(observation["player"])
        stand_in = Game.from_state(Belief(observation, rules).sample(random.Random(0)))
        layout = ActionLayout(rules, self.action_layout)
        encoder = Encoder(rules, full_information=self.full_information, layout=layout)
        match = Match.from_game(stand_in, layout)
        legal = set(observation["legal_moves"])
        texts = {code: str(Move.from_code(code, rules.geometry))
                 for code in stand_in.legal_codes()}
        recent = Recent(_last_moves(observation, rules, LAST_MOVES),
                        _refused(stand_in.legal_codes(), legal, rules))
        while True:
            allowed: dict[int, str | None] = {}
            for index, code in match.choices().items():
                if code == -1:  # a move that may rescue: legal if any of its forms is
                    plain = next(c for c in texts if layout.encode(base_code(c), player) == index
                                 and base_code(c) == c)
                    if any(text == texts[plain] or text.startswith(texts[plain] + "+")
                           for text in legal):
                        allowed[index] = None
                elif texts[code] in legal:
                    allowed[index] = texts[code]
            seen = encoder.observe(match, player, recent)
            mask = numpy.zeros(layout.size, dtype=numpy.int8)
            mask[list(allowed)] = 1
            seen["action_mask"] = mask
            answer = self.policy(seen, mask)
            chosen = action_index(answer)
            if chosen is None or chosen not in allowed:
                raise IllegalMoveError("env-action", f"The policy {self.name!r} answered "
                                       f"{described(answer)}, not a legal action "
                                       f"({int(mask.sum())} in the mask).")
            move = allowed[chosen]
            if move is not None:
                return move
            match.step(chosen)  # the rescue is chosen next, as in the environments


def _last_moves(observation: dict[str, Any], rules: Ruleset, count: int
                ) -> tuple[tuple[int, int] | None, ...]:
    """The last ``count`` plies of the observation's past moves as ``(from, to)`` square
    indexes, the latest first (None for a pass), as
    :class:`~stratego_widget.env.planes.Recent` takes them.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> _last_moves({"history": [{"from": "a1", "to": "a2"}, {"from": None, "to": None}]},
        ...             ruleset("duel"), 4)
        (None, (0, 10))
    """
    index = rules.geometry.index
    return tuple(None if ply["from"] is None else (index(ply["from"]), index(ply["to"]))
                 for ply in reversed(observation.get("history", [])[-count:]))


def _refused(codes: list[int], legal: set[str], rules: Ruleset
             ) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """The moves among ``codes`` (the stand-in's, found without history) that no legal move
    of the observation makes, by piece: what the two-square rule refuses, where it is the only
    repetition rule (else nothing: the observation does not say which rule refuses).

    Example:
        >>> from stratego_widget.engine.moves import encode
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> _refused([encode(0, 10), encode(0, 1)], {"a1-b1"}, ruleset("onyx-2009"))
        (('two-square', 0, (10,)),)
        >>> _refused([encode(0, 10)], set(), ruleset("original"))
        ()
    """
    if rules.more_squares_rule:
        return ()
    index = rules.geometry.index
    made = {(index(move.origin), index(move.target)) for move in map(Move.parse, legal)}
    refused: dict[int, set[int]] = {}
    for code in codes:
        ends = (code & 127, code >> 7 & 127)
        if ends not in made:
            refused.setdefault(ends[0], set()).add(ends[1])
    return tuple((TWO_SQUARE, origin, tuple(sorted(targets)))
                 for origin, targets in sorted(refused.items()))


def policy_bot(policy: Policy, action_layout: str = "compact", name: str | None = None,
               full_information: bool = False) -> PolicyBot:
    """A bot that plays by ``policy(observation, mask) -> action index``, an environment
    policy (see the module docstring); ``action_layout`` and ``full_information`` are the
    options the policy was trained with.

    Example:
        >>> import numpy as np
        >>> def first_legal(observation, mask):
        ...     return int(np.flatnonzero(mask)[0])
        >>> bot = policy_bot(first_legal)
        >>> bot.name, bot.choose(Game.random("duel", seed=1).observation("red"))
        ('first_legal', 'j1-j2')
    """
    return PolicyBot(policy, action_layout, name, full_information)
