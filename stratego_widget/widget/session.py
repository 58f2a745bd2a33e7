"""The board's session: one pure-Python state machine under every board.

A :class:`BoardSession` owns what a board is doing: the setup phase, the hot-seat hand-over,
play, a pending rescue choice, the replay position, the end of the game, the undo policy and
the bot's turn. It takes proposals (the browser's messages, checked against ``protocol.json``,
or :meth:`BoardSession.play` from Python) and answers with a typed
:class:`~stratego_widget.widget.view_types.View` for its viewer, which holds only what that
viewer may see. It knows nothing of traitlets, comms or the browser: the notebook widget
(:mod:`stratego_widget.widget.board`) carries its messages in and its views out, and an offline
page (:mod:`stratego_widget.widget.board_page`) is written from it with no widget at all.

Something else may run the board: a :class:`~stratego_widget.widget.director.Director` (a
lesson, see :mod:`stratego_widget.widget.director`) judges each move the learner
makes and answers with a value, a :class:`~stratego_widget.widget.director.Ruling` (accepted, with the position to show next, or
refused, with the rule and the words), says whether moves are taken now and what the learner is
asked to do, and keeps a finished position's ranks hidden. The session asks it and shows what
it answers; the director never calls back into the board.

Example:
    >>> session = BoardSession(ruleset="duel", viewer="red", opponent="random", seed=3)
    >>> session.view()["phase"]
    'setup'
    >>> session.handle({"type": "random_setup"}) is None
    True
    >>> session.handle({"type": "ready"}); session.view()["phase"]
    'play'
    >>> session.handle({"type": "move", "from": "a1", "to": "z99"}).rule
    'protocol-value'
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, cast

from ..bots import Bot, make_bot
from ..engine.errors import IllegalMoveError, ProtocolError, SetupError, StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.outcome import Outcome
from ..engine.rulesets import Ruleset, ruleset
from ..locales import check_language
from .conduct import SETUP_EDITS, Conduct, spot_text
from .director import Director, Ruling
from .protocol import bounded, check_message, short
from .replay import FrameBuilder
from .router import Router, square_of
from .session_events import Listeners
from .session_view import MoveList, Snapshot, build_view, picture, views_back
from .setup_phase import SetupBoard
from .setup_turns import SetupSeeds, SetupTurns
from .view import SIDES, check_numbering
from .view_types import View

log = logging.getLogger(__name__)

MODES = ("red", "blue", "both", "hotseat")

Handler = Callable[[dict[str, Any]], None]


class BoardSession:
    """A board's state and rules of conduct, for one viewer; see the module's docstring.

    ``viewer``: ``"red"``, ``"blue"``, ``"both"`` (the referee) or ``"hotseat"``.
    ``opponent``: ``None``, a bot level or a bot object; it plays the side the viewer does not.
    Without a ``game`` the session opens on the setup phase (``setup="random"`` skips it).

    Example:
        >>> session = BoardSession(Game.random("barrage", seed=1), opponent="random", seed=1)
        >>> session.play(session.game.legal_moves()[0]).ply   # the bot answered at once
        2
    """

    def __init__(self, game: Game | None = None, ruleset: Ruleset | str = "original",
                 viewer: str = "red", opponent: str | Bot | None = None,
                 setup: str = "manual", lang: str = "en", numbering: str | None = None,
                 seed: int | None = None, director: Director | None = None) -> None:
        if not isinstance(viewer, str) or viewer not in MODES:
            raise StrategoError("viewer", f"Unknown viewer {viewer!r}; viewers: "
                                f"{', '.join(MODES)}.")
        if not isinstance(setup, str) or setup not in ("manual", "random"):
            raise SetupError("setup-style", f"Unknown setup {setup!r}; use 'manual' or 'random'.")
        self._rules = game.rules if game is not None else _rules_of(ruleset)
        self._mode = viewer
        self.seed = seed
        self.setup_style = setup
        self.bot: Bot | None = make_bot(opponent, seed) if isinstance(opponent, str) \
            else opponent
        if self.bot is not None and viewer not in SIDES:
            raise StrategoError("bot", "A bot plays against one side: use viewer='red' or "
                                "'blue'.")
        self.director = director
        self._lang = check_language(lang)
        self._numbering = check_numbering(numbering or self._rules.numbering)
        self._seeds = SetupSeeds(seed)  # each new game's armies, each random setup's
        self._listeners = Listeners(log)  # on_move, on_game_end and on_bot_turn callbacks
        self._serial = 0
        self._frames_in_one_language = False  # the last frames hold a text of one language
        self._moves = MoveList()  # the view's move list, in step with the game's history
        self._state = Conduct()  # the game or setup phase, replay, pending choice, message...
        # The session's router: each message type and its handler, declared once.
        self._handlers: dict[str, Handler] = {
            "move": self._move, "spot": self._spot, "rescue": self._rescue,
            **dict.fromkeys(SETUP_EDITS, self._edit_setup), "ready": self._ready_up,
            "handover": self._state.hand_over, "replay": self._state.replay_to,
            "undo": self._undo,
            "resign": self._resign, "new_game": self._new_game_message,
            "hello": _nothing, "sync": _nothing,
        }
        self._router = Router(self._handlers, fallback=_nothing)
        self._start(game)

    # ------------------------------------------------------------------ what it shows

    @property
    def rules(self) -> Ruleset:
        """The ruleset of the game on the board."""
        return self._rules

    @property
    def mode(self) -> str:
        """Who looks at the board: ``"red"``, ``"blue"``, ``"both"`` or ``"hotseat"``."""
        return self._mode

    @property
    def lang(self) -> str:
        """The language of every sentence in the view."""
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = check_language(lang)

    @property
    def numbering(self) -> str:
        """How ranks are numbered on the pieces (``"marshal-high"`` or ``"marshal-low"``)."""
        return self._numbering

    @numbering.setter
    def numbering(self, numbering: str) -> None:
        self._numbering = check_numbering(numbering)

    @property
    def current_game(self) -> Game | None:
        """The game on the board, ``None`` during the setup phase.

        Example:
            >>> BoardSession(ruleset="duel").current_game is None
            True
        """
        return self._state.game

    @property
    def game(self) -> Game:
        """The game on the board (raises during the setup phase, when there is none yet)."""
        if self._state.game is None:
            raise SetupError("setup-phase", "The game starts when both setups are ready.")
        return self._state.game

    @property
    def result(self) -> Outcome | None:
        """How the game ended, ``None`` while it goes on (or before it starts)."""
        return self._state.game.outcome if self._state.game is not None else None

    @property
    def message(self) -> dict[str, str] | None:
        """The refusal or note shown now, as rule and English text (``None``: none)."""
        return None if self._state.message is None else dict(self._state.message)

    @property
    def unchanged_moves(self) -> int:
        """How many moves at the start of the last view's move list the view before it had
        too (a patch sends only the rest)."""
        return self._moves.unchanged

    @property
    def viewer(self) -> str:
        """Whose knowledge the board shows now (``"hidden"`` on a hand-over screen).

        Example:
            >>> BoardSession(ruleset="duel", viewer="hotseat").viewer
            'red'
        """
        return self._state.viewer(self._mode)

    @property
    def phase(self) -> str:
        """``"setup"``, ``"handover"``, ``"play"`` or ``"over"``."""
        return self._state.phase(self._reveals_at_end)

    @property
    def message_types(self) -> frozenset[str]:
        """The message types the session takes (every one of ``protocol.json``'s messages).

        Example:
            >>> "move" in BoardSession(ruleset="duel").message_types
            True
        """
        return frozenset(self._handlers)

    def setup_of(self, side: str) -> SetupBoard:
        """``side``'s setup in the setup phase (a :class:`SetupBoard`, changed in place).

        Example:
            >>> BoardSession(ruleset="duel").setup_of("red").tray["flag"]
            1
        """
        if self._state.turns is None:
            raise SetupError("setup-phase", "The setup phase is over.")
        return self._state.turns.boards[side]

    def is_bot(self, side: str) -> bool:
        """Whether the bot plays ``side``.

        Example:
            >>> BoardSession(ruleset="duel", opponent="random").is_bot("blue")
            True
        """
        return self.bot is not None and side != self._mode

    def view(self) -> View:
        """The board as its viewer may see it now, with a new serial (each call is one
        update: the widget sends it as a patch of the last).

        Example:
            >>> session = BoardSession(Game.random("duel", seed=1))
            >>> first, second = session.view(), session.view()
            >>> second["serial"] - first["serial"], first["next"]["id"]
            (1, 'move')
        """
        self._serial += 1
        self._moves.sync(self._state.game)
        self._moves.mark_sent()
        return build_view(self.snapshot())

    def snapshot(self) -> Snapshot:
        """What the board holds now, frozen, as its view reads it (see
        :mod:`stratego_widget.widget.session_view`: the view is a pure function of it).

        Example:
            >>> snapshot = BoardSession(Game.random("duel", seed=1)).snapshot()
            >>> snapshot.phase, snapshot.viewer, snapshot.replay
            ('play', 'red', None)
        """
        game, director = self._state.game, self.director
        turns = self._state.turns
        side = self._state.setup_side(self._mode)
        return Snapshot(
            mode=self._mode, viewer=self.viewer, phase=self.phase, lang=self._lang,
            serial=self._serial, game=game, replay=self._state.replay,
            pending=None if self._state.pending is None else dict(self._state.pending),
            message=self.message, bot=self.bot is not None,
            bot_sides=frozenset(side for side in SIDES if self.is_bot(side)),
            reveals_at_end=self._reveals_at_end(),
            accepts_moves=director is None or director.accepts_moves(),
            instruction=director.instruction() if director is not None else None,
            setup_side=side, setup=turns.boards[side] if turns is not None else None,
            ready=dict(turns.ready) if turns is not None else None,
            notation=tuple(self._moves.notation))

    def replay_views(self) -> list[View]:
        """The view at every replay index, the first recorded position first, as the replay
        control shows it to this viewer (at the end of a game every piece is shown); ``[]``
        before the game. Each holds the whole move list.

        Example:
            >>> session = BoardSession(Game.random("duel", seed=1))
            >>> _ = session.play(session.game.legal_moves()[0])
            >>> [view["replay"]["index"] for view in session.replay_views()]
            [0, 1]
        """
        self._moves.sync(self._state.game)
        moves = list(self._moves.notation)
        return [cast(View, {**view, "moves": moves})
                for view in views_back(self.snapshot())][::-1]

    def frames(self) -> dict[str, Any]:
        """The replay frames of this game (``{}`` before it starts): the compact replay a
        page without a kernel steps through (see :mod:`stratego_widget.widget.replay`).

        Example:
            >>> BoardSession(ruleset="duel").frames()
            {}
        """
        builder = FrameBuilder()
        for view in views_back(self.snapshot()):
            builder.add_earlier(cast(dict[str, Any], view))
        self._frames_in_one_language = builder.one_language
        return builder.frames()

    def ending_key(self) -> tuple[Any, ...] | None:
        """What a kept replay is built for: the ending of the game (``None`` while the game
        goes on), and the language when the last frames held a text in one.

        Example:
            >>> game = Game.random("duel", seed=1); game.resign("red")
            >>> BoardSession(game).ending_key() is not None
            True
        """
        game = self._state.game
        if game is None or not game.is_over or self._state.handover:
            return None
        return (id(game), game.ply, id(game.history[-1]) if game.history else None,
                game.outcome, self._lang if self._frames_in_one_language else None)

    def picture(self) -> str | None:
        """The board as its viewer sees it now, as SVG: the setup so far in the setup phase
        (only the viewer's own army), an empty board on a hand-over screen.

        Example:
            >>> BoardSession(ruleset="duel").picture().startswith("<svg")
            True
        """
        return picture(self.snapshot(), self._rules, self._numbering)

    # ------------------------------------------------------------------ what it takes

    def handle(self, message: Any) -> StrategoError | None:
        """One proposal from the browser (what a click sends): checked against
        ``protocol.json``, then applied. A refusal changes nothing but the view's message,
        which explains it; it is returned too. Never raises.

        Example:
            >>> session = BoardSession(Game.random("duel", seed=1))
            >>> session.handle({"type": "undo"}).rule
            'undo'
            >>> session.view()["message"]["rule"]
            'undo'
        """
        try:
            kind = check_message(message, self._rules)
            if kind not in ("hello", "sync"):  # not proposals: they keep the message shown
                self._state.message = None
            self._router.route(message)
        except StrategoError as error:
            self.show_error(error, None if isinstance(error, ProtocolError)
                            else square_of(message))
            return error
        except Exception as error:  # a bug of ours: say so, keep the kernel going
            log.exception("stratego widget: failed to handle a %s message",
                          short(message.get("type") if isinstance(message, dict) else message))
            self.show_failure(error)
        return None

    def play(self, move: Move | str) -> Game:
        """Play a move for the side to move, as if clicked; the bot answers; return the game.

        Raises :class:`IllegalMoveError` (and changes nothing) for an illegal move, or one
        the director refuses.
        """
        ruling = self._apply_move(move)
        if not ruling.accepted:  # Python asked: the refusal is its answer
            raise IllegalMoveError(ruling.rule or "illegal", ruling.text)
        return self.game

    def show_error(self, error: StrategoError, square: str | None = None) -> None:
        """Show ``error`` as the board's message (by ``square`` when given).

        Example:
            >>> session = BoardSession(ruleset="duel")
            >>> session.show_error(IllegalMoveError("lake", "No."), "c5")
            >>> session.message["square"]
            'c5'
        """
        self._state.message = {"level": "error", "rule": getattr(error, "rule", "protocol"),
                         "english": bounded(str(error))}
        if square is not None:
            self._state.message["square"] = square

    def show_failure(self, error: Exception) -> None:
        """Show a failure of this program (not the user's): said as it is, not translated."""
        self._state.message = {"level": "error", "rule": "internal", "english": bounded(str(error)),
                         "fixed": "1"}

    def clear_message(self) -> None:
        """Take the message away (another panel shows the answer)."""
        self._state.message = None

    def load(self, game: Game, viewer: str) -> None:
        """Put ``game`` on the board for ``viewer`` (a lesson's next step): the replay, a
        pending choice and the message go; a game of other rules brings its numbering.

        Example:
            >>> session = BoardSession(Game.random("duel", seed=1))
            >>> session.load(Game.random("barrage", seed=2), "blue")
            >>> session.rules.spec, session.mode
            ('barrage', 'blue')
        """
        if viewer not in MODES:
            raise StrategoError("viewer", f"Unknown viewer {viewer!r}; viewers: "
                                f"{', '.join(MODES)}.")
        if game.rules != self._rules:
            self._numbering = game.rules.numbering
        self._rules = game.rules
        self._mode = viewer
        self._state.game = game
        self._state.replay = None
        self._state.pending = None
        self._state.handover = False

    def new_game(self, game: Game | None = None) -> None:
        """Start again with the same ruleset and players (or with ``game``)."""
        self._start(game)

    def on_move(self, callback: Callable[[Move, Game], Any]) -> None:
        """Call ``callback(move, game)`` after every move (the learner's and the bot's)."""
        self._listeners.moves.append(callback)

    def on_game_end(self, callback: Callable[[Game], Any]) -> None:
        """Call ``callback(game)`` once when the game ends."""
        self._listeners.ends.append(callback)

    def on_bot_turn(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` after the user's move, before the bot thinks: the widget shows
        the move at once, whatever the bot then takes.

        Example:
            >>> session = BoardSession(Game.random("duel", seed=1), opponent="random", seed=1)
            >>> turns = []
            >>> session.on_bot_turn(lambda: turns.append(session.game.to_move))
            >>> _ = session.play(session.game.legal_moves()[0]); turns
            ['blue']
        """
        self._listeners.bot_turns.append(callback)

    # ------------------------------------------------------------------ state

    def _start(self, game: Game | None) -> None:
        self._state.start(game if game is not None else SetupTurns(
            self._rules, [side for side in SIDES if self._auto_setup(side)],
            self._seeds.next_game(self.seed)))
        if self._state.game is not None:
            self._bot_reply()

    def _auto_setup(self, side: str) -> bool:
        """Whether ``side`` gets a random setup at once: with ``setup="random"``, for the bot,
        and for the side no one sets up in the browser (a one-side viewer with no opponent)."""
        return self.setup_style == "random" or self.is_bot(side) or (
            self._mode in SIDES and side != self._mode)

    def _reveals_at_end(self) -> bool:
        return self.director is None or self.director.reveals_at_end

    # ------------------------------------------------------------------ the rules of conduct

    def _need_turn(self) -> Game:
        return self._state.need_turn(self.viewer, self._mode, self.is_bot, self.bot is not None)

    def _move(self, message: dict[str, Any]) -> None:
        game = self._need_turn()
        self._state.need_no_pending()
        move = Move.parse(f"{message['from']}-{message['to']}")
        offer = self.director.rescue_offer(game, move) if self.director is not None else None
        if not self._state.offer_rescue(game, move, offer):
            self._apply_move(move)

    def _spot(self, message: dict[str, Any]) -> None:
        self._need_turn()
        self._state.need_no_pending()
        self._apply_move(spot_text(message))

    def _rescue(self, message: dict[str, Any]) -> None:
        self._need_turn()
        if self._apply_move(self._state.rescue_text(message)).accepted:
            self._state.pending = None  # refused: the choice stays pending

    def _edit_setup(self, message: dict[str, Any]) -> None:
        self._state.edit_setup(self._mode, message, self._seeds.for_setup(self.seed))

    def _ready_up(self, _message: dict[str, Any]) -> None:
        if self._state.mark_ready(self._mode) and self._state.game is not None:
            self._bot_reply()

    def _undo(self, _message: dict[str, Any]) -> None:
        self._state.undo(self._mode, self.is_bot, self.bot is not None)

    def _resign(self, _message: dict[str, Any]) -> None:
        self._state.resign(self._mode)
        self._finish()

    def _new_game_message(self, _message: dict[str, Any]) -> None:
        self._start(None)

    # ------------------------------------------------------------------ moves

    def _apply_move(self, move: Move | str) -> Ruling:
        """Play ``move`` for the side to move, then the bot's answer; or, with a director, show
        what its ruling puts on the board. A refused move changes nothing (a pending rescue
        choice stays pending): the engine's refusal raises, a director's is the ruling."""
        game = self._state.need_live()
        if self.director is not None:
            ruling = self.director.judge(Move.parse(move) if isinstance(move, str) else move)
            if ruling.accepted:
                self._state.pending = None
                if ruling.game is not None:
                    self.load(ruling.game, ruling.viewer or self._mode)
            return ruling
        played = game.play(move)
        self._state.pending = None
        self._after_move(played)
        if self._mode == "hotseat" and not game.is_over:
            self._state.handover = True
        if self.bot_to_move():
            self._listeners.bot_turn()
        self._bot_reply()
        return Ruling.accept()

    def bot_to_move(self) -> bool:
        """Whether the bot is to move now in a game that goes on.

        Example:
            >>> BoardSession(Game.random("duel", seed=1), opponent="random").bot_to_move()
            False
        """
        game = self._state.game
        return (self.bot is not None and game is not None and not game.is_over
                and self.is_bot(game.to_move))

    def _bot_reply(self) -> None:
        game = self._state.game
        if game is None or self.bot is None:
            return
        # The built-in bots never read the history: spare rebuilding it for every answer.
        history = getattr(self.bot, "reads_history", True)
        while self.bot_to_move():
            side = game.to_move
            played = game.play(self.bot.choose(game.observation(side, history=history)))
            self._after_move(played)

    def _after_move(self, move: Move) -> None:
        game = self.game
        self._listeners.moved(move, game)
        if game.is_over:
            self._finish()

    def _finish(self) -> None:
        self._listeners.ended(self.game)


# ---------------------------------------------------------------------- helpers


def _nothing(_message: Any) -> None:
    """A message that asks the transport, not the board (``hello``, ``sync``)."""


def _rules_of(spec: Ruleset | str) -> Ruleset:
    """:func:`ruleset`, for ``__init__``, whose ``ruleset`` parameter hides that name."""
    return ruleset(spec)
