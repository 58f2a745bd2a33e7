"""A board's rules of conduct: what it holds between two messages and which proposal it takes.

A :class:`~stratego_widget.widget.session.BoardSession` keeps one :class:`Conduct`: the game on
the board (or the setup phase's :class:`~stratego_widget.widget.setup_turns.SetupTurns`), the
replay index shown, a move waiting for its rescue choice, the message shown and whether the
hand-over screen covers the board. Its checks refuse a proposal made out of turn with a typed
error and change nothing; the messages that play no move (a setup's edits and ready, replay,
hand-over, undo) change it here. Playing a move, the bot and the director stay with the session.

Example:
    >>> conduct = Conduct()
    >>> conduct.need_play()
    Traceback (most recent call last):
    ...
    stratego_widget.SetupError: The game has not started: finish the setup first.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.errors import IllegalMoveError, ProtocolError, SetupError
from ..engine.game import Game
from ..engine.moves import Move
from .session_view import SIDES, missing_text
from .setup_phase import SetupBoard
from .setup_turns import SetupTurns
from .view import HIDDEN

__all__ = ["SETUP_EDITS", "Conduct", "spot_text", "undo_steps"]

#: The messages that edit the setup the browser edits now (:meth:`Conduct.edit_setup`).
SETUP_EDITS = ("swap", "place", "remove", "random_setup", "preset", "clear_setup")


@dataclass(slots=True)
class Conduct:
    """What a board holds between two messages: ``game`` (None in the setup phase), ``turns``
    (the setup phase, None once the game begins), ``replay`` (the replay index shown, None: the
    present), ``pending`` (a move waiting for its rescue choice), ``message`` (the refusal or
    note shown) and ``handover`` (the hand-over screen covers the board).

    Example:
        >>> conduct = Conduct(game=Game.random("duel", seed=1), handover=True)
        >>> conduct.hand_over({"type": "handover"}); conduct.handover
        False
    """

    game: Game | None = None
    turns: SetupTurns | None = None
    replay: int | None = None
    pending: dict[str, Any] | None = None
    message: dict[str, str] | None = None
    handover: bool = False

    def start(self, start: Game | SetupTurns) -> None:
        """Hold nothing but ``start``: a game, or a setup phase (whose game begins at once if
        both setups are ready). The same object stays: a board's router holds its methods.

        Example:
            >>> conduct = Conduct(replay=0, handover=True)
            >>> conduct.start(SetupTurns("duel", auto=(), seed=None))
            >>> conduct.game, conduct.replay, conduct.handover, conduct.phase(lambda: True)
            (None, None, False, 'setup')
        """
        game = start if isinstance(start, Game) else None
        self.game, self.turns, self.replay, self.pending = game, None, None, None
        self.message, self.handover = None, False
        if isinstance(start, SetupTurns):
            self.turns = start
            self.begin_if_ready()

    def viewer(self, mode: str) -> str:
        """Whose knowledge a board seen by ``mode`` shows now (``"hidden"`` on a hand-over
        screen; in the setup phase, whose setup the browser edits).

        Example:
            >>> Conduct(game=Game.random("duel", seed=1)).viewer("hotseat")
            'red'
        """
        if mode in SIDES:
            return mode
        if mode == "both":
            return "both"
        if self.handover:
            return HIDDEN
        return self.game.to_move if self.game is not None else self.setup_side(mode)

    def setup_side(self, mode: str) -> str:
        """Whose setup the browser edits now on a board seen by ``mode`` (``"red"`` once the
        setup phase is over).

        Example:
            >>> Conduct(turns=SetupTurns("duel", auto=("red",), seed=1)).setup_side("hotseat")
            'blue'
        """
        return self.turns.side(mode) if self.turns is not None else "red"

    def phase(self, reveals_at_end: Callable[[], bool]) -> str:
        """``"setup"``, ``"handover"``, ``"play"`` or ``"over"`` (a game over is still
        ``"play"`` unless ``reveals_at_end()``, asked only then).

        Example:
            >>> game = Game.random("duel", seed=1); game.resign("red")
            >>> Conduct(game=game).phase(lambda: False), Conduct(game=game).phase(lambda: True)
            ('play', 'over')
        """
        if self.handover:
            return "handover"
        if self.game is None:
            return "setup"
        if self.game.is_over and reveals_at_end():
            return "over"
        return "play"

    def begin_if_ready(self) -> None:
        """Start the game once both setups are marked ready (the setup phase ends).

        Example:
            >>> conduct = Conduct(turns=SetupTurns("duel", auto=("red", "blue"), seed=1))
            >>> conduct.begin_if_ready(); conduct.game.ply, conduct.turns
            (0, None)
        """
        if self.turns is not None and self.turns.all_ready:
            self.game = self.turns.game()
            self.turns = None

    # ------------------------------------------------------------------ the checks

    def need_play(self) -> Game:
        """The game, if a move may be proposed on it now (no hand-over screen, no setup phase).

        Example:
            >>> Conduct(game=Game.random("duel", seed=1)).need_play().ply
            0
        """
        if self.handover:
            raise IllegalMoveError("handover", "Pass the device first.")
        if self.game is None:
            raise SetupError("setup-phase", "The game has not started: finish the setup first.")
        return self.game

    def need_live(self) -> Game:
        """The game, if the board shows its present (not an earlier position of the replay).

        Example:
            >>> Conduct(game=Game.random("duel", seed=1), replay=0).need_live().ply
            0
        """
        game = self.need_play()
        if self.replay is not None and self.replay != len(game.history):
            raise IllegalMoveError("replay", "You are looking at an earlier position: go back "
                                   "to the present to move.")
        return game

    def need_turn(self, viewer: str, mode: str, is_bot: Callable[[str], bool],
                  bot: bool) -> Game:
        """The game, if ``viewer`` (of a board seen by ``mode``, with a ``bot`` or not) is to
        move now.

        Example:
            >>> conduct = Conduct(game=Game.random("duel", seed=1))
            >>> conduct.need_turn("blue", "blue", lambda side: False, False)
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: It is not your turn.
        """
        game = self.need_live()
        if viewer in SIDES and (viewer != game.to_move or is_bot(game.to_move)):
            raise IllegalMoveError("not-your-turn", "It is not your turn.")
        if mode == "both" and bot:
            raise IllegalMoveError("not-your-turn", "It is not your turn.")
        return game

    def need_no_pending(self) -> None:
        """Refuse a new move while a rescue choice waits.

        Example:
            >>> Conduct(pending={"type": "rescue"}).need_no_pending()
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: Choose a piece to rescue first (or decline).
        """
        if self.pending is not None:
            raise IllegalMoveError("rescue", "Choose a piece to rescue first (or decline).")

    # ------------------------------------------------------------------ moves and rescues

    def offer_rescue(self, game: Game, move: Move,
                     offer: tuple[list[str], list[str]] | None) -> bool:
        """Keep ``move`` waiting for its rescue choice if it may rescue a piece (``offer``:
        the kinds and squares to choose from, None: the engine's); whether it waits.

        Example:
            >>> conduct = Conduct(game=Game.random("duel", seed=1))
            >>> conduct.offer_rescue(conduct.game, Move.parse("a1-a2"), (["scout"], ["a1"]))
            True
            >>> conduct.pending["kinds"]
            ['scout']
        """
        if offer is None:
            rescues = [m.rescue for m in game.legal_moves() if m.rescue is not None
                       and (m.origin, m.target) == (move.origin, move.target)]
            offer = (sorted({kind for kind, _square in rescues}),
                     sorted({square for _kind, square in rescues}))
        kinds, squares = offer
        if not kinds:
            return False
        self.pending = {"type": "rescue", "move": f"{move.origin}-{move.target}",
                        "kinds": kinds, "squares": squares}
        return True

    def rescue_text(self, message: dict[str, Any]) -> str:
        """The move waiting for its rescue choice, with the choice of ``message`` (a rescue
        message), as move text.

        Example:
            >>> conduct = Conduct(pending={"move": "a4-a5"})
            >>> conduct.rescue_text({"type": "rescue", "kind": "scout", "square": "a1"})
            'a4-a5+scout@a1'
        """
        if self.pending is None:
            raise IllegalMoveError("rescue", "There is no rescue to answer.")
        text: str = self.pending["move"]
        if message["kind"] is not None:
            if message.get("square") is None:
                raise ProtocolError("protocol-field",
                                    "A rescue needs a square for the rescued piece.")
            text += f"+{message['kind']}@{message['square']}"
        return text

    # ------------------------------------------------------------------ the setup phase

    def editable_setup(self, mode: str) -> SetupBoard:
        """The setup the browser edits now, on a board seen by ``mode``.

        Example:
            >>> conduct = Conduct(turns=SetupTurns("duel", auto=(), seed=None))
            >>> conduct.editable_setup("blue").player
            'blue'
        """
        if self.handover:
            raise IllegalMoveError("handover", "Pass the device first.")
        if self.turns is None:
            raise SetupError("setup-phase", "The setup phase is over.")
        return self.turns.editable(mode)

    def edit_setup(self, mode: str, message: dict[str, Any],
                   seeds: random.Random | None) -> None:
        """Apply a setup message (``swap``, ``place``, ``remove``, ``random_setup``, ``preset``,
        ``clear_setup``) to the setup the browser edits now; a random setup takes its seed from
        ``seeds`` (None: no seed).

        Example:
            >>> conduct = Conduct(turns=SetupTurns("duel", auto=(), seed=None))
            >>> conduct.edit_setup("red", {"type": "random_setup"}, random.Random(1))
            >>> conduct.editable_setup("red").problem() is None
            True
        """
        board = self.editable_setup(mode)
        kind = message["type"]
        if kind == "swap":
            board.swap(message["a"], message["b"])
        elif kind == "place":
            board.place(message["kind"], message["square"])
        elif kind == "remove":
            board.remove(message["square"])
        elif kind == "random_setup":
            board.random(seed=None if seeds is None else seeds.randrange(2**31))
        elif kind == "preset":
            board.preset(message["name"])
        else:
            board.clear()

    def mark_ready(self, mode: str) -> bool:
        """Mark the setup the browser edits now ready, if it is complete (else the message says
        what it misses); the game begins when both are. Whether it was marked.

        Example:
            >>> conduct = Conduct(turns=SetupTurns("duel", auto=(), seed=None))
            >>> conduct.mark_ready("red"), conduct.message["rule"]
            (False, 'setup-incomplete')
        """
        board = self.editable_setup(mode)
        problem = board.problem()
        if problem is not None and problem.rule == "setup-incomplete":
            self.message = {"level": "error", "rule": problem.rule,
                            "english": missing_text(board.tray, "en"),
                            "missing": json.dumps(board.tray)}
            return False
        if problem is not None:
            raise problem
        assert self.turns is not None  # editable_setup refuses outside the setup phase
        self.turns.ready[board.player] = True
        # Hot-seat: the board is covered before the next person looks (before Blue sets up,
        # and before Red plays the first move).
        if mode == "hotseat":
            self.handover = True
        self.begin_if_ready()
        return True

    # ------------------------------------------------------------------ the other messages

    def hand_over(self, _message: dict[str, Any]) -> None:
        """Take the hand-over screen away (the next person looks now)."""
        if not self.handover:
            raise IllegalMoveError("handover", "There is nothing to hand over now.")
        self.handover = False

    def replay_to(self, message: dict[str, Any]) -> None:
        """Show the position at the replay index of ``message`` (its last: the present).

        Example:
            >>> conduct = Conduct(game=Game.random("duel", seed=1))
            >>> conduct.replay_to({"type": "replay", "index": 0}); conduct.replay is None
            True
        """
        game = self.need_play()
        index, length = message["index"], len(game.history)
        if not 0 <= index <= length:
            raise ProtocolError("protocol-value", f"Replay index {index} is outside "
                                f"0–{length}.")
        self.replay = None if index == length else index

    def resign(self, mode: str) -> None:
        """Resign the game for the side of a board seen by ``mode`` (its side, or the side to
        move); the session then tells the game's end.

        Example:
            >>> conduct = Conduct(game=Game.random("duel", seed=1))
            >>> conduct.resign("blue"); conduct.game.outcome.winner
            'red'
        """
        game = self.need_play()
        if game.is_over:
            raise IllegalMoveError("game-over", "The game is already over.")
        game.resign(mode if mode in SIDES else game.to_move)
        self.pending = None

    def undo(self, mode: str, is_bot: Callable[[str], bool], bot: bool) -> None:
        """Take back a pending rescue choice, else the last move (against the bot: back to the
        learner's last turn), on a board seen by ``mode``.

        Example:
            >>> conduct = Conduct(game=Game.random("duel", seed=1))
            >>> conduct.undo("hotseat", lambda side: False, False)
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: There is no move to take back.
        """
        game = self.need_play()
        if self.pending is not None:  # take back the half-made move: no rescue, no move
            self.pending = None
            return
        if mode in SIDES and not bot:
            raise IllegalMoveError("undo", "Undo is for games against the bot, hot-seat games "
                                   "and the teacher's view.")
        if not game.history and not game.is_over:
            raise IllegalMoveError("undo", "There is no move to take back.")
        steps = undo_steps(game, is_bot) if bot else 1
        self.replay = None
        side = game.to_move
        for _ in range(steps):
            game.undo()
        # Hot-seat: the other player's pieces must not show to whoever pressed undo.
        if mode == "hotseat" and game.to_move != side:
            self.handover = True


def undo_steps(game: Game, is_bot: Callable[[str], bool]) -> int:
    """How many plies Undo takes back against the bot (the sides ``is_bot`` names): back to
    the learner's last turn. Refused when the learner has no move to take back (the bot's
    opening).

    Example:
        >>> game = Game.random("duel", seed=1)
        >>> game.play(game.legal_moves()[0]).origin is not None
        True
        >>> undo_steps(game, lambda side: side == "blue")
        1
    """
    trial = game.copy()
    steps = 0
    while True:
        if not trial.history and not trial.is_over:
            break
        trial.undo()
        steps += 1
        if not is_bot(trial.to_move):
            return steps
    raise IllegalMoveError("undo", "There is no move of yours to take back.")


def spot_text(message: dict[str, Any]) -> str:
    """A spot message (a guess of an enemy piece's rank) as move text.

    Example:
        >>> spot_text({"type": "spot", "from": "d4", "to": "d5", "guess": "scout"})
        'd4-d5!scout'
    """
    origin, target = message["from"], message["to"]
    return f"{origin}!{message['guess']}" if origin == target \
        else f"{origin}-{target}!{message['guess']}"
