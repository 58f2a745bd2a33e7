"""The notebook board: an anywidget whose browser side proposes and whose Python side decides.

The browser sends proposals as messages (a move, a spot, a rescue, a setup change, "ready",
"undo", ...; see ``docs/widget-protocol.md``). Each is validated here and applied to the engine;
the synced traits then change. A proposal that breaks a rule or makes no sense changes nothing
but ``view["message"]``, which explains the rule in the learner's language.

Every message, and every trait the browser sets, is checked against the one typed description
of the protocol, ``protocol.json`` (:mod:`stratego_widget.widget.protocol`), which the front
end imports too; anything else is refused with a short :class:`ProtocolError` and put back.

The synced state holds only what the current viewer may see (:mod:`stratego_widget.widget.view`).
It travels incrementally: after the first full ``view``, each change sends only a
``view_patch`` with what changed (the squares, the new moves), so a move costs the same at
ply 10 and at ply 1,000; the browser applies it to the ``view`` it holds.

Example:
    >>> import stratego_widget as sw
    >>> w = StrategoWidget(sw.Game.random("barrage", seed=1), opponent="random")
    >>> w.view["phase"], w.view["to_move"]
    ('play', 'red')
    >>> move = str(w.game.legal_moves()[0])
    >>> w.play(move).ply   # the bot answered at once
    2
"""

from __future__ import annotations

import base64
import html
import json
import logging
import os
import pathlib
import random
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import anywidget
import traitlets
from IPython import get_ipython

from ..bots import Bot, make_bot
from ..engine.errors import IllegalMoveError, ProtocolError, SetupError, StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.outcome import Outcome
from ..engine.pieces import KIND_LETTERS, NUMBERINGS, kind_from_name
from ..engine.position import HistoryEntry
from ..engine.rulesets import Ruleset, ruleset
from ..locales import (
    LANGUAGES,
    TEXTS,
    next_sentence,
    piece_name,
    result_sentence,
    translate,
)
from .page import board_page, write_page
from .protocol import bounded, check_message, check_trait, short
from .replay import FrameBuilder
from .setup_phase import SetupBoard
from .static import front_end
from .view import HIDDEN, battles_view, board_view, rules_view, targets_view, view_patch

log = logging.getLogger(__name__)

MODES = ("red", "blue", "both", "hotseat")
SIDES = ("red", "blue")

_ESM, _CSS = front_end("widget.js", "widget.css")


class StrategoWidget(anywidget.AnyWidget):
    """A live, clickable Stratego board.

    ``viewer``: ``"red"`` or ``"blue"`` (play one side), ``"both"`` (a referee or teacher sees
    every rank) or ``"hotseat"`` (two people share the screen; between turns a hand-over screen
    hides the board). ``opponent``: ``None``, a bot level (``"random"``, ``"beginner"``,
    ``"heuristic"``, ``"strong"``) or a bot object with ``choose(observation)``; it plays the
    side the viewer does not. Without a ``game`` the widget opens on the setup phase;
    ``setup="random"`` skips it with random setups. A side no
    one sets up in the browser (the bot's, or the other side of a one-side viewer with no
    opponent, whose moves then come from Python with :meth:`play`) gets a random setup.
    ``seed`` makes the first game's setups reproducible; each New game draws new ones from it.
    ``view["next"]`` always says what the user can do now.

    Example:
        >>> w = StrategoWidget(ruleset="duel", viewer="red", opponent="heuristic", seed=3)
        >>> w.view["phase"], w.view["setup"]["player"]
        ('setup', 'red')
        >>> w.handle({"type": "random_setup"}); w.handle({"type": "ready"})
        >>> w.view["phase"]
        'play'
    """

    _esm = _ESM
    _css = _CSS

    rules = traitlets.Dict().tag(sync=True)
    # ``view`` is sent whole only when the widget opens or the browser asks ("sync"); every
    # change after that travels as ``view_patch`` (see _should_send_property).
    view = traitlets.Dict().tag(sync=True)
    view_patch = traitlets.Dict().tag(sync=True)
    # A finished game's whole replay, for pages without a kernel (widget/replay.py); empty
    # while the game goes on, so a move never sends it.
    replay_frames = traitlets.Dict().tag(sync=True)
    # The only traits the browser may set (protocol.json "traits"); see set_state.
    lang = traitlets.Unicode("en").tag(sync=True)
    numbering = traitlets.Unicode("").tag(sync=True)
    # The serial of the last view the browser drew: with ``acknowledge`` on, it sets this after
    # every answer, so a host that reacts only to the browser's changes (marimo's
    # mo.ui.anywidget) re-runs the cells that read the board after each move. Python never
    # reads it to decide anything. ``acknowledge`` is Python's: on in marimo (found from the
    # widget's comm), off elsewhere, where the extra message would buy nothing.
    seen = traitlets.Int(0).tag(sync=True)
    acknowledge = traitlets.Bool(False).tag(sync=True)
    interactive = traitlets.Bool(False).tag(sync=True)

    def __init__(self, game: Game | None = None, ruleset: Ruleset | str = "original",
                 viewer: str = "red", opponent: str | Bot | None = None,
                 setup: str = "manual", lang: str = "en", numbering: str | None = None,
                 seed: int | None = None, **kwargs: Any) -> None:
        if not isinstance(viewer, str) or viewer not in MODES:
            raise StrategoError("viewer", f"Unknown viewer {viewer!r}; viewers: "
                                f"{', '.join(MODES)}.")
        if not isinstance(setup, str) or setup not in ("manual", "random"):
            raise SetupError("setup-style", f"Unknown setup {setup!r}; use 'manual' or 'random'.")
        self._rules = game.rules if game is not None else _rules_of(ruleset)
        self.mode = viewer
        self.seed = seed
        # Each new game's setups come from this generator: the first game is the seed's own,
        # every New game after it gets new armies (still reproducible from the seed).
        self._seeds = random.Random(seed)
        self._games = 0
        self.setup_style = setup
        self.bot: Bot | None = make_bot(opponent, seed) if isinstance(opponent, str) \
            else opponent
        if self.bot is not None and viewer not in SIDES:
            raise StrategoError("bot", "A bot plays against one side: use viewer='red' or "
                                "'blue'.")
        self._move_callbacks: list[Callable[[Move, Game], Any]] = []
        self._end_callbacks: list[Callable[[Game], Any]] = []
        self._serial = 0
        self._message: dict[str, str] | None = None
        self._replay: int | None = None
        self._pending: dict[str, Any] | None = None
        self._full_sync = True  # the next view goes whole (nothing sent yet)
        self._frames_key: tuple[Any, ...] | None = None  # the ending replay_frames hold
        self._frames_in_one_language = False  # they hold a text of the board's own
        self._whole_serial: int | None = None  # the serial of the last view sent whole
        self._walking: Game | None = None  # the copy replay_views takes back ply by ply
        # The view's ``moves``, kept in step with the game's history entries (see _sync_moves),
        # and the first index of ``moves`` changed since the last refresh.
        self._entries: list[HistoryEntry] = []
        self._notation: list[str] = []
        self._moves_from = 0
        super().__init__(lang=_check_lang(lang),
                         numbering=numbering or self._rules.numbering, **kwargs)
        self._start(game)
        self.acknowledge = _host_reacts_to_browser_only(self)
        self.interactive = True
        self.on_msg(self._on_browser_message)
        self._watch_cells()
        self.observe(self._on_display_change, names=["lang", "numbering"])

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Game:
        """The live engine game (raises during the setup phase, when there is none yet)."""
        if self._game is None:
            raise SetupError("setup-phase", "The game starts when both setups are ready.")
        return self._game

    @property
    def last_move(self) -> Move | None:
        """The last move played (the bot's answer, if it answered), ``None`` before the first.

        Example:
            >>> import stratego_widget as sw
            >>> w = StrategoWidget(sw.Game.random("duel", seed=2))
            >>> w.last_move is None
            True
            >>> move = w.game.legal_moves()[0]
            >>> w.play(move).ply, w.last_move == move
            (1, True)
        """
        game = self._game
        if game is None or not game.history:
            return None
        return Move.from_code(game.history[-1].code, game.state.geometry)

    @property
    def result(self) -> Outcome | None:
        """How the game ended (winner and termination), ``None`` while it goes on.

        Example:
            >>> import stratego_widget as sw
            >>> w = StrategoWidget(sw.Game.random("duel", seed=2))
            >>> w.result is None
            True
            >>> w.game.resign("blue"); w.result.winner
            'red'
        """
        return self._game.outcome if self._game is not None else None

    def play(self, move: Move | str) -> Game:
        """Play a move for the side to move, as if clicked; the bot answers; return the game.

        Raises :class:`IllegalMoveError` (and changes nothing) for an illegal move.
        """
        self._apply_move(move)
        self._refresh()
        return self.game

    def handle(self, message: dict[str, Any]) -> None:
        """Handle one browser message (what a click sends); errors go into ``view.message``."""
        self._on_browser_message(self, message, [])

    def on_move(self, callback: Callable[[Move, Game], Any]) -> None:
        """Call ``callback(move, game)`` after every move (the learner's and the bot's)."""
        self._move_callbacks.append(callback)

    def on_game_end(self, callback: Callable[[Game], Any]) -> None:
        """Call ``callback(game)`` once when the game ends."""
        self._end_callbacks.append(callback)

    def new_game(self, game: Game | None = None) -> None:
        """Start again with the same ruleset and players (or with ``game``)."""
        self._start(game)

    def to_html(self, path: str | os.PathLike[str]) -> pathlib.Path:
        """Write one self-contained HTML page of this board and return its path.

        The page needs no kernel and no network: the board is drawn read-only from its state
        as this viewer sees it, and the replay steps through the game's every ply (hidden ranks
        stay hidden; at the end of a game every piece shows, as on the live board). Raises
        :class:`~stratego_widget.widget.page.PageError` when the page cannot be written.

        Example:
            >>> import tempfile
            >>> w = StrategoWidget(ruleset="duel", setup="random", seed=1)
            >>> page = w.to_html(pathlib.Path(tempfile.mkdtemp()) / "board.html")
            >>> "sw-page-state" in page.read_text(encoding="utf-8")
            True
        """
        state = self.get_state()
        state["replay_frames"] = self._frames()
        page = board_page(self.model_id, state, self._picture(), title=self._rules.title)
        return write_page(path, page)

    def set_state(self, sync_data: Any) -> None:
        """State sent by the browser: only the traits of protocol.json's ``traits``, with valid
        values, are applied; anything else is refused, put back, and explained in the message.
        """
        if not isinstance(sync_data, dict):
            self._refuse(ProtocolError("The browser sent a state that is not an object."))
            return
        allowed: dict[str, Any] = {}
        refused: list[str] = []
        error: ProtocolError | None = None
        for name, value in sync_data.items():
            try:
                check_trait(str(name), value)
            except ProtocolError as problem:
                error = error or problem
                if name in self.keys:
                    refused.append(name)
                continue
            allowed[name] = value
        if allowed:
            super().set_state(allowed)
        if refused:  # put the browser's copy back to Python's value
            self.send_state(refused)
        if error is not None:
            self._refuse(error)

    # ------------------------------------------------------------------ state

    def _start(self, game: Game | None) -> None:
        self._game = game
        self._replay = None
        self._pending = None
        self._message = None
        self._handover = False
        self._setups: dict[str, SetupBoard] = {}
        self._ready = {"red": False, "blue": False}
        if game is None:
            seed = self._next_seed()
            for side in SIDES:
                board = SetupBoard(self._rules, side)
                if self._auto_setup(side):
                    board.random(seed=None if seed is None else seed + len(side))
                    self._ready[side] = True
                self._setups[side] = board
            self._maybe_begin()
        self.rules = rules_view(self._rules, self.numbering)
        self._refresh()
        if self._game is not None:
            self._bot_reply()
            self._refresh()

    def _next_seed(self) -> int | None:
        """The seed of this game's setups: the widget's seed for the first game, then new ones
        drawn from the widget's own generator (``None`` without a seed)."""
        self._games += 1
        if self.seed is None:
            return None
        return self.seed if self._games == 1 else self._seeds.randrange(2**31)

    def _auto_setup(self, side: str) -> bool:
        """Whether ``side`` gets a random setup at once: with ``setup="random"``, for the bot,
        and for the side no one sets up in the browser (a one-side viewer with no opponent)."""
        return self.setup_style == "random" or self._is_bot(side) or (
            self.mode in SIDES and side != self.mode)

    def _is_bot(self, side: str) -> bool:
        return self.bot is not None and side != self.mode

    def _maybe_begin(self) -> None:
        if all(self._ready.values()):
            self._game = Game.from_setups(self._rules, red=self._setups["red"].pieces,
                                          blue=self._setups["blue"].pieces)
            self._setups = {}

    def _setup_side(self) -> str:
        """Whose setup the browser edits now."""
        if self.mode in SIDES:
            return self.mode
        return "red" if not self._ready["red"] else "blue"

    def _viewer(self) -> str:
        """Whose knowledge the board shows now."""
        if self.mode in SIDES:
            return self.mode
        if self.mode == "both":
            return "both"
        if self._handover:
            return HIDDEN
        return self._game.to_move if self._game is not None else self._setup_side()

    def _phase(self) -> str:
        if self._handover:
            return "handover"
        if self._game is None:
            return "setup"
        return "over" if self._game.is_over else "play"

    def replay_views(self) -> list[dict[str, Any]]:
        """The view at every replay index, the first recorded position first, as the replay
        control shows it to this board's viewer (at the end of the game every piece is shown);
        ``[]`` before the game. Each view holds the whole move list: for a long game, the
        frames of ``replay_frames`` are the compact form.

        Example:
            >>> w = StrategoWidget(ruleset="duel", setup="random", seed=1)
            >>> _ = w.play(w.game.legal_moves()[0])
            >>> [view["replay"]["index"] for view in w.replay_views()]
            [0, 1]
        """
        return [{**view, "moves": list(self._notation)} for view in self._views_back()][::-1]

    def _views_back(self) -> Iterator[dict[str, Any]]:
        """The replay's views from the last recorded position back to the first, without the
        move list (taken back one move at a time: each view costs the same)."""
        game = self._game
        if game is None or self._handover:
            return
        saved = self._replay
        rewound = game.copy()
        try:
            for index in range(len(game.history), -1, -1):
                _take_back_to(rewound, index)
                self._replay, self._walking = index, rewound
                yield {**self._build_view(moves=False), "message": None}
        finally:
            self._replay, self._walking = saved, None

    def _frames(self) -> dict[str, Any]:
        """The replay frames of this board's game (``{}`` before it starts)."""
        builder = FrameBuilder()
        for view in self._views_back():
            builder.add_earlier(view)
        self._frames_in_one_language = builder.one_language
        return builder.frames()

    def _ending_key(self) -> tuple[Any, ...] | None:
        """What the replay a board keeps is built for: the ending of the game (``None`` while
        no replay is kept), and the language when the last frames held a text in one."""
        game = self._game
        if game is None or not game.is_over or self._handover:
            return None
        return (id(game), game.ply, id(game.history[-1]) if game.history else None,
                game.outcome, self.lang if self._frames_in_one_language else None)

    def _frames_due(self) -> bool:
        """Whether ``replay_frames`` no longer fit the game: a finished game keeps its replay
        (built once per ending, and again for a language only when it holds a lesson's text),
        any other state keeps none."""
        key = self._ending_key()
        if key == self._frames_key:
            return False
        self._frames_key = key
        if key is not None:  # the ending goes whole once, so that a notebook saved by a
            self._full_sync = True  # kernel-side client (nbclient) keeps the final view
        return True

    def _refresh(self) -> None:
        """Rebuild the synced ``view`` from the engine state; send what changed. A new ending's
        replay is built after the view has gone: the move that ends a long game is answered
        first (its replay takes a few hundred milliseconds at 1,000 plies)."""
        self._serial += 1
        self._sync_moves()
        frames_due = self._frames_due()
        self._publish(self._build_view())
        if frames_due:
            self.replay_frames = self._frames() if self._frames_key else {}
            self._frames_key = self._ending_key()  # the frames now say if they need a language

    def _rewound_to(self, index: int) -> Game:
        """The game as it was after ``index`` plies (the one :meth:`replay_views` is taking
        back, when it is there)."""
        walking = self._walking
        if walking is not None and len(walking.history) == index:
            return walking
        rewound = self.game.copy()
        _take_back_to(rewound, index)
        return rewound

    def _build_view(self, moves: bool = True) -> dict[str, Any]:
        """The view as the engine state gives it now (the move list left empty without
        ``moves``: the replay's frames leave it out)."""
        phase = self._phase()
        viewer = self._viewer()
        view: dict[str, Any] = {
            "mode": self.mode, "viewer": viewer, "phase": phase,
            "bottom": viewer if viewer in SIDES else (
                "red" if self.mode != "hotseat" else self._hotseat_bottom()),
            "to_move": self._game.to_move if self._game is not None else "red",
            "can_act": False, "pieces": {}, "targets": {}, "spots": {}, "setup": None,
            "pending": self._pending, "last_move": None, "battle": None, "battles": [],
            "captured": {"red": [], "blue": []}, "moves": list(self._notation) if moves else [],
            "replay": None, "revealed": False,
            "result": None, "message": self._message_view(), "serial": self._serial,
            "bot": self.bot is not None,
        }
        if self._game is None:
            view.update(self._setup_view(phase))
        else:
            view.update(self._play_view(viewer, phase))
        view["next"] = self._next_view(view)
        return view

    def _message_view(self) -> dict[str, str] | None:
        """The shown message in the current language (it is kept as rule and English text, so
        switching language says it again in the new one)."""
        if self._message is None:
            return None
        rule = self._message["rule"]
        if "missing" in self._message:  # an incomplete setup: what is missing, in any language
            text = _missing_text(json.loads(self._message["missing"]), self.lang)
        elif self._message.get("fixed"):
            text = self._message["english"]
        else:
            text = translate(rule, self._message["english"], self.lang)
        shown = {"level": self._message["level"], "rule": rule, "text": bounded(text)}
        if "square" in self._message:
            shown["square"] = self._message["square"]
        return shown

    def _next_view(self, view: dict[str, Any]) -> dict[str, str]:
        """What the user can do now, as an id and a sentence in ``lang``."""
        phase, game = view["phase"], self._game
        side = view["to_move"]
        if phase == "handover":
            side = game.to_move if game is not None else self._setup_side()
            key = "handover"
        elif phase == "setup":
            side = view["setup"]["player"]
            key = "setup"
        elif phase == "over":
            key = "over"
        elif view["replay"] is not None and view["replay"]["index"] != view["replay"]["length"]:
            key = "replay"
        elif self._pending is not None:
            key = "rescue"
        elif view["can_act"]:
            key = "move"
        elif self.bot is None and self.mode in SIDES:
            key = "python"
        else:
            key = "wait"
        return {"id": key, "text": next_sentence(key, side, self.lang)}

    def _publish(self, view: dict[str, Any]) -> None:
        """Make ``view`` the synced view: send it whole the first time, else only a patch."""
        old = self.view
        full = self._full_sync or "serial" not in old
        patch = {"from": None, "serial": view["serial"]} if full \
            else view_patch(old, view, self._moves_from)
        self._moves_from = len(view["moves"])
        if full:
            self._whole_serial = view["serial"]
        with self.hold_sync():  # one message: the patch (and the view, when sent whole)
            self._full_sync = full
            try:
                self.view = view
                self.view_patch = patch
            finally:
                self._full_sync = False

    def _watch_cells(self) -> None:
        """In IPython, send the whole view once after each cell that changed the board.

        A notebook executed by a kernel-side client (nbclient, papermill, nbconvert
        --execute) saves only what the kernel sent; with patches alone it would keep the
        view from when the board was first shown. The hook holds the board weakly and goes
        when the board is closed or collected.
        """
        shell = get_ipython()
        if shell is None:
            return
        method = weakref.WeakMethod(self._send_whole_view)

        def after_cell(*_args: Any) -> None:
            send = method()
            if send is None or not send():
                shell.events.unregister("post_run_cell", after_cell)

        shell.events.register("post_run_cell", after_cell)

    def _send_whole_view(self) -> bool:
        """Send the whole view if a patch changed it since it last went whole; False once the
        board is closed."""
        if self.comm is None:
            return False
        serial = self.view.get("serial")
        if serial is not None and serial != self._whole_serial:
            self._whole_serial = serial
            self.send_state(["view"])
        return True

    def _should_send_property(self, key: str, value: Any) -> bool:
        """``view`` is not sent on every change: ``view_patch`` carries the change."""
        if key == "view" and not getattr(self, "_full_sync", True):
            return False
        return bool(super()._should_send_property(key, value))

    def _sync_moves(self) -> None:
        """Bring the notation list in step with the game's history, touching only its end.

        History entries are compared by identity from the end back: moves played or taken
        back (through the widget or on ``widget.game`` directly) change only the last few, so
        this costs the same at every ply; a new game is read once.
        """
        history = self._game.history if self._game is not None else ()
        keep = min(len(self._entries), len(history))
        while keep and self._entries[keep - 1] is not history[keep - 1]:
            keep -= 1
        if keep == len(self._entries) == len(history):
            return
        del self._entries[keep:], self._notation[keep:]
        if self._game is not None:
            geometry = self._game.state.geometry
            for entry in history[keep:]:
                self._entries.append(entry)
                self._notation.append(str(Move.from_code(entry.code, geometry)))
        self._moves_from = min(self._moves_from, keep)

    def _hotseat_bottom(self) -> str:
        return self._game.to_move if self._game is not None else self._setup_side()

    def _setup_view(self, phase: str) -> dict[str, Any]:
        side = self._setup_side()
        board = self._setups[side]
        if phase == "handover":  # the hot-seat hand-over between the armies: no piece shows
            return {"bottom": side, "setup": None}
        problem = board.problem()
        return {
            "can_act": not self._ready[side],
            "bottom": side,
            "pieces": {sq: side[0] + _letter(kind) for sq, kind in board.pieces.items()},
            "setup": {"player": side, "area": board.area, "tray": board.tray,
                      "complete": problem is None,
                      "problem": None if problem is None else self._problem_text(board, problem),
                      "presets": board.presets, "ready": dict(self._ready)},
        }

    def _problem_text(self, board: SetupBoard, problem: StrategoError) -> str:
        """Why the setup is not ready, in ``lang``; what is still missing, counted right."""
        if problem.rule != "setup-incomplete":
            return translate(problem.rule, str(problem), self.lang)
        return _missing_text(board.tray, self.lang)

    def _play_view(self, viewer: str, phase: str) -> dict[str, Any]:
        game = self._game
        assert game is not None
        length = len(game.history)  # the moves recorded: a game may start after ply 0
        index = length if self._replay is None else self._replay
        shown = game if index == length else self._rewound_to(index)
        # At the end of the game every piece is shown to both players, as at a real table,
        # and the replay then shows the whole game as the referee saw it.
        revealed = game.is_over
        view = board_view(shown, "both" if revealed else viewer, self.lang)
        view["revealed"] = revealed
        view["battles"] = battles_view(shown, "both" if revealed else viewer, self.lang,
                                       since=None if viewer not in SIDES else viewer)
        # ``to_move`` is the live game's; the replay says who was to move in the shown position.
        view["replay"] = {"index": index, "length": length, "to_move": shown.to_move}
        live = index == length and phase == "play"
        # One side plays its own pieces; the referee view ("both", no bot) moves whichever
        # side is to move, so a teacher can demonstrate both armies by clicking.
        acting = (viewer in SIDES and game.to_move == viewer) or viewer == "both"
        view["can_act"] = live and acting and self._pending is None \
            and not self._is_bot(game.to_move)
        if view["can_act"]:
            view["targets"], view["spots"] = targets_view(game.legal_moves())
        if game.is_over:
            winner = game.winner or "draw"
            view["result"] = {"winner": winner, "reason": game.result_reason,
                              "sentence": result_sentence(winner, game.result_reason or "",
                                                          self.lang)}
        return view

    # ------------------------------------------------------------------ browser messages

    def _on_browser_message(self, _widget: Any, message: Any, _buffers: Any) -> None:
        try:
            kind = check_message(message, self._rules)
            if kind in ("hello", "sync"):  # not proposals: they change nothing on the board
                getattr(self, f"_msg_{kind}")(message)
                return
            self._message = None
            getattr(self, f"_msg_{kind}")(message)
        except StrategoError as error:
            self._set_error(error)
            square = _square_of(message) if not isinstance(error, ProtocolError) else None
            if self._message is not None and square is not None:
                self._message["square"] = square  # where to show it: by the click
        except Exception as error:  # a bug of ours: say so, keep the kernel going
            log.exception("stratego widget: failed to handle a %s message",
                          short(message.get("type") if isinstance(message, dict) else message))
            self._message = {"level": "error", "rule": "internal",
                             "english": bounded(str(error)), "fixed": "1"}
        self._refresh()

    def _set_error(self, error: StrategoError) -> None:
        rule = getattr(error, "rule", "protocol")
        self._message = {"level": "error", "rule": rule, "english": bounded(str(error))}

    def _refuse(self, error: StrategoError) -> None:
        """Show ``error`` and change nothing else (a state update the browser may not make)."""
        self._set_error(error)
        self._refresh()

    def _need_play(self) -> Game:
        if self._handover:
            raise IllegalMoveError("handover", "Pass the device first.")
        if self._game is None:
            raise SetupError("setup-phase", "The game has not started: finish the setup first.")
        return self._game

    def _need_live(self) -> Game:
        game = self._need_play()
        if self._replay is not None and self._replay != len(game.history):
            raise IllegalMoveError("replay", "You are looking at an earlier position: go back "
                                   "to the present to move.")
        return game

    def _need_turn(self) -> Game:
        game = self._need_live()
        viewer = self._viewer()
        if viewer in SIDES and (viewer != game.to_move or self._is_bot(game.to_move)):
            raise IllegalMoveError("not-your-turn", "It is not your turn.")
        if self.mode == "both" and self.bot is not None:
            raise IllegalMoveError("not-your-turn", "It is not your turn.")
        return game

    def _need_no_pending(self) -> None:
        if self._pending is not None:
            raise IllegalMoveError("rescue", "Choose a piece to rescue first (or decline).")

    def _msg_move(self, message: dict[str, Any]) -> None:
        game = self._need_turn()
        self._need_no_pending()
        move = Move.parse(f"{message['from']}-{message['to']}")
        rescues = [m for m in game.legal_moves() if m.rescue is not None
                   and (m.origin, m.target) == (move.origin, move.target)]
        if rescues:
            self._pending = {"type": "rescue", "move": f"{move.origin}-{move.target}",
                             "kinds": sorted({m.rescue[0] for m in rescues if m.rescue}),
                             "squares": sorted({m.rescue[1] for m in rescues if m.rescue})}
            return
        self._apply_move(move)

    def _msg_spot(self, message: dict[str, Any]) -> None:
        self._need_turn()
        self._need_no_pending()
        origin, target = message["from"], message["to"]
        text = f"{origin}!{message['guess']}" if origin == target \
            else f"{origin}-{target}!{message['guess']}"
        self._apply_move(text)

    def _msg_rescue(self, message: dict[str, Any]) -> None:
        self._need_turn()
        if self._pending is None:
            raise IllegalMoveError("rescue", "There is no rescue to answer.")
        text = self._pending["move"]
        if message["kind"] is not None:
            if message.get("square") is None:
                raise ProtocolError("protocol-field",
                                    "A rescue needs a square for the rescued piece.")
            text += f"+{message['kind']}@{message['square']}"
        self._apply_move(text)  # refused: raises, and the choice stays pending
        self._pending = None  # answered (also when a subclass plays the move its own way)

    def _setup_board(self) -> SetupBoard:
        if self._handover:
            raise IllegalMoveError("handover", "Pass the device first.")
        if self._game is not None:
            raise SetupError("setup-phase", "The setup phase is over.")
        side = self._setup_side()
        if self._ready[side]:
            raise SetupError("setup-ready", "This setup is already marked ready.")
        return self._setups[side]

    def _msg_swap(self, message: dict[str, Any]) -> None:
        self._setup_board().swap(message["a"], message["b"])

    def _msg_place(self, message: dict[str, Any]) -> None:
        self._setup_board().place(message["kind"], message["square"])

    def _msg_remove(self, message: dict[str, Any]) -> None:
        self._setup_board().remove(message["square"])

    def _msg_random_setup(self, _message: dict[str, Any]) -> None:
        board = self._setup_board()
        board.random(seed=None if self.seed is None else self._seeds.randrange(2**31))

    def _msg_preset(self, message: dict[str, Any]) -> None:
        self._setup_board().preset(message["name"])

    def _msg_clear_setup(self, _message: dict[str, Any]) -> None:
        self._setup_board().clear()

    def _msg_ready(self, _message: dict[str, Any]) -> None:
        board = self._setup_board()
        problem = board.problem()
        if problem is not None and problem.rule == "setup-incomplete":
            self._message = {"level": "error", "rule": problem.rule,
                             "english": _missing_text(board.tray, "en"),
                             "missing": json.dumps(board.tray)}
            return
        if problem is not None:
            raise problem
        self._ready[board.player] = True
        # Hot-seat: the board is covered before the next person looks (before Blue sets up,
        # and before Red plays the first move).
        if self.mode == "hotseat":
            self._handover = True
        self._maybe_begin()
        if self._game is not None:
            self._bot_reply()

    def _msg_handover(self, _message: dict[str, Any]) -> None:
        if not self._handover:
            raise IllegalMoveError("handover", "There is nothing to hand over now.")
        self._handover = False

    def _msg_replay(self, message: dict[str, Any]) -> None:
        game = self._need_play()
        index, length = message["index"], len(game.history)
        if not 0 <= index <= length:
            raise ProtocolError("protocol-value", f"Replay index {index} is outside "
                                f"0–{length}.")
        self._replay = None if index == length else index

    def _msg_undo(self, _message: dict[str, Any]) -> None:
        game = self._need_play()
        if self._pending is not None:  # take back the half-made move: no rescue, no move
            self._pending = None
            return
        if self.mode in SIDES and self.bot is None:
            raise IllegalMoveError("undo", "Undo is for games against the bot, hot-seat games "
                                   "and the teacher's view.")
        if not game.history and not game.is_over:
            raise IllegalMoveError("undo", "There is no move to take back.")
        steps = self._undo_steps(game)
        self._pending = None
        self._replay = None
        side = game.to_move
        for _ in range(steps):
            game.undo()
        # Hot-seat: the other player's pieces must not show to whoever pressed undo.
        if self.mode == "hotseat" and game.to_move != side:
            self._handover = True

    def _undo_steps(self, game: Game) -> int:
        """How many plies Undo takes back: one, or against the bot back to the learner's
        last turn. Refused when the learner has no move to take back (the bot's opening)."""
        if self.bot is None:
            return 1
        trial = game.copy()
        steps = 0
        while True:
            if not trial.history and not trial.is_over:
                break
            trial.undo()
            steps += 1
            if not self._is_bot(trial.to_move):
                return steps
        raise IllegalMoveError("undo", "There is no move of yours to take back.")

    def _msg_resign(self, _message: dict[str, Any]) -> None:
        game = self._need_play()
        if game.is_over:
            raise IllegalMoveError("game-over", "The game is already over.")
        side = self.mode if self.mode in SIDES else game.to_move
        game.resign(side)
        self._pending = None
        self._finish()

    def _msg_new_game(self, _message: dict[str, Any]) -> None:
        self._start(None)

    def _msg_hello(self, _message: dict[str, Any]) -> None:
        """The front end checks that a kernel answers; without one it shows "read-only"."""
        self.send({"type": "alive"})

    def _msg_sync(self, _message: dict[str, Any]) -> None:
        """The browser's view does not fit the last patch: send the whole view again."""
        self.send_state(["view", "view_patch"])

    # ------------------------------------------------------------------ moves

    def _apply_move(self, move: Move | str) -> None:
        """Play ``move`` for the side to move, then the bot's answer. A refused move changes
        nothing (a pending rescue choice stays pending).

        When the bot answers, the move is confirmed first, in an update of its own: the
        learner sees it at once, whatever the bot takes to think, and the browser draws the
        reply once the learner's move has landed (the caller sends the reply's update).
        """
        game = self._need_live()
        played = game.play(move)
        self._pending = None
        self._after_move(played)
        if self.mode == "hotseat" and not game.is_over:
            self._handover = True
        if self._bot_to_move():
            self._refresh()
        self._bot_reply()

    def _bot_reply(self) -> None:
        game = self._game
        if game is None or self.bot is None:
            return
        # The built-in bots never read the history: spare rebuilding it for every answer.
        history = getattr(self.bot, "reads_history", True)
        while self._bot_to_move():
            side = game.to_move
            played = game.play(self.bot.choose(game.observation(side, history=history)))
            self._after_move(played)

    def _bot_to_move(self) -> bool:
        """Whether the bot is to move now in a game that goes on."""
        game = self._game
        return (self.bot is not None and game is not None and not game.is_over
                and self._is_bot(game.to_move))

    def _after_move(self, move: Move) -> None:
        game = self.game
        for callback in self._move_callbacks:
            _call(callback, move, game)
        if game.is_over:
            self._finish()

    def _finish(self) -> None:
        for callback in self._end_callbacks:
            _call(callback, self.game)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[Any, Any], dict[Any, Any]] | None:
        """The live board, plus a picture for places without widgets.

        GitHub, nbviewer, an untrusted notebook or a text-only front end cannot run the board;
        they show the position as the viewer saw it when it was displayed, as SVG and as an
        ``<img>`` of it (HTML sanitizers strip inline SVG but keep an image). Nothing the viewer
        may not see is in the picture; during a hot-seat hand-over there is none.

        Example:
            >>> board = StrategoWidget(ruleset="barrage", setup="random", seed=1)
            >>> data, metadata = board._repr_mimebundle_()
            >>> sorted(data)[:3], data["text/html"].startswith("<img src=")
            (['application/vnd.jupyter.widget-view+json', 'image/svg+xml', 'text/html'], True)
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        picture = self._picture()
        if bundle is None or picture is None:
            return bundle
        data, metadata = bundle
        encoded = base64.b64encode(picture.encode("utf-8")).decode("ascii")
        alt = html.escape(f"{self._rules.title}: the board as {self._viewer()} sees it")
        return {**data, "image/svg+xml": picture,
                "text/html": f'<img src="data:image/svg+xml;base64,{encoded}" alt="{alt}">'
                }, metadata

    def _picture(self) -> str | None:
        """The position as the current viewer sees it, as SVG (None: no game, or hand-over)."""
        game, viewer = self._game, self._viewer()
        if game is None or viewer == HIDDEN:
            return None
        if self.view.get("revealed"):
            viewer = "both"  # the board shows every piece at the end: so does its picture
        return game.to_svg(viewer=viewer, numbering=self.numbering or None)

    def _on_display_change(self, change: dict[str, Any]) -> None:
        if change["name"] == "lang" and change["new"] not in LANGUAGES:
            self.lang = change["old"]
            return
        if change["name"] == "numbering":
            if change["new"] not in NUMBERINGS:
                self.numbering = change["old"]
                return
            self.rules = rules_view(self._rules, self.numbering)
        self._refresh()


# ---------------------------------------------------------------------- helpers


def _rules_of(spec: Ruleset | str) -> Ruleset:
    """:func:`ruleset`, for ``__init__``, whose ``ruleset`` parameter hides that name."""
    return ruleset(spec)


def _host_reacts_to_browser_only(widget: Any) -> bool:
    """Whether the widget lives in marimo, whose ``mo.ui.anywidget`` re-runs the cells reading
    it only when the browser sets a trait (marimo issue 9818): marimo gives each widget its own
    comm class.

    Example:
        >>> class MarimoComm:  # what marimo's comm looks like from here
        ...     pass
        >>> MarimoComm.__module__ = "marimo._plugins.ui._impl.comm"
        >>> class Widget:
        ...     comm = MarimoComm()
        >>> _host_reacts_to_browser_only(Widget()), _host_reacts_to_browser_only(object())
        (True, False)
    """
    comm = getattr(widget, "comm", None)
    return comm is not None and type(comm).__module__.split(".")[0] == "marimo"


def _check_lang(lang: str) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise StrategoError("language", f"Unknown language {lang!r}; languages: "
                            f"{', '.join(LANGUAGES)}.")
    return lang


def _letter(kind: str) -> str:
    return KIND_LETTERS[kind_from_name(kind)]


def _take_back_to(game: Game, moves: int) -> None:
    """Take ``game`` back (in place) until ``moves`` of its recorded moves are left, and take
    back a resignation at the end (the replay shows the board, not the declared ending)."""
    while len(game.history) > moves or (game.is_over and game.result_reason == "resigned"):
        game.undo()


def _call(callback: Callable[..., Any], *args: Any) -> None:
    try:
        callback(*args)
    except Exception:  # a learner's callback must not break the board; say so in the log
        log.exception("stratego widget: callback %r failed", callback)


def _square_of(message: dict[str, Any]) -> str | None:
    """The square a refused proposal was about (its target first), checked by the protocol."""
    for field in ("to", "square", "b", "from", "a"):
        value = message.get(field)
        if isinstance(value, str):
            return value
    return None


def _missing_text(tray: dict[str, int], lang: str) -> str:
    """What a setup still misses, in ``lang``, with singular and plural right:
    "Still to place: 1 piece (1 × Flag)."."""
    missing = {kind: count for kind, count in tray.items() if count > 0}
    total = sum(missing.values())
    listing = ", ".join(f"{count} × {piece_name(kind, lang)}" for kind, count in missing.items())
    key = "missingOne" if total == 1 else "missingMany"
    return _words(lang, key, n=str(total), pieces=listing) + "."


def _words(lang: str, key: str, **values: str) -> str:
    """A text of the locales' ``words`` section with its placeholders filled."""
    return str(TEXTS["words"][lang][key]).format(**values)
