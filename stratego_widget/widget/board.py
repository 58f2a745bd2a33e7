"""The notebook board: an anywidget whose browser side proposes and whose Python side decides.

The widget is the transport around a :class:`~stratego_widget.widget.session.BoardSession`:
messages in, patches out. The session owns the board's state and decides; this module only
carries the browser's messages to it, the view it builds to the browser, and the synced traits
the browser may set.

The browser sends proposals as messages (a move, a spot, a rescue, a setup change, "ready",
"undo", ...; see ``docs/widget-protocol.md``). The session validates and applies each; the
synced traits then change. A proposal that breaks a rule or makes no sense changes nothing
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
import logging
import os
import pathlib
import weakref
from typing import Any, Protocol

import anywidget
import traitlets
from IPython import get_ipython

from ..bots import Bot
from ..engine.errors import ProtocolError, StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.outcome import Outcome
from ..engine.pieces import NUMBERINGS
from ..engine.rulesets import Ruleset
from ..locales import LANGUAGES
from .page import board_page, write_page
from .protocol import sort_browser_state
from .session import BoardSession
from .static import front_end
from .view import rules_view, view_patch
from .view_types import View

log = logging.getLogger(__name__)

_ESM, _CSS = front_end("widget.js", "widget.css")


class Driver(Protocol):
    """What takes the browser's proposals: the session itself, or a lesson around it."""

    def handle(self, message: Any) -> object:
        """Apply one proposal; a refusal is shown on the board, never raised."""
        ...  # pragma: no cover - a protocol


class BoardWidget(anywidget.AnyWidget):
    """The transport of a board: a :class:`BoardSession`'s messages in, its views out.

    The browser's messages go to :meth:`handle`, which gives them to the ``driver`` (the
    session, or a lesson that runs it); after each, :meth:`refresh` sends what the session's
    view changed. A board class gives its front end (``_esm``, ``_css``) and its
    session; :class:`StrategoWidget` is the plain board, the lesson board adds its panel.

    Example:
        >>> from stratego_widget.widget.session import BoardSession
        >>> class Plain(BoardWidget):
        ...     _esm = "export default { render() {} };"
        >>> board = Plain(BoardSession(Game.random("duel", seed=1)))
        >>> board.view["phase"], board.session.game is board.game
        ('play', True)
    """

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

    def __init__(self, session: BoardSession, driver: Driver | None = None,
                 **kwargs: Any) -> None:
        self.session = session
        self.driver: Driver = driver if driver is not None else session
        self._full_sync = True  # the next view goes whole (nothing sent yet)
        self._frames_key: tuple[Any, ...] | None = None  # the ending replay_frames hold
        self._whole_serial: int | None = None  # the serial of the last view sent whole
        self._rules_key: tuple[Ruleset, str] | None = None  # what ``rules`` was built for
        super().__init__(lang=session.lang, numbering=session.numbering, **kwargs)
        session.on_bot_turn(self.refresh)  # the user's move shows before the bot thinks
        self.refresh()
        self.acknowledge = _host_reacts_to_browser_only(self)
        self.interactive = True
        self.on_msg(self._on_browser_message)
        self._watch_cells()
        self.observe(self._on_display_change, names=["lang", "numbering"])

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Game:
        """The live engine game (raises during the setup phase, when there is none yet)."""
        return self.session.game

    @property
    def mode(self) -> str:
        """Who looks at the board: ``"red"``, ``"blue"``, ``"both"`` or ``"hotseat"``."""
        return self.session.mode

    @property
    def bot(self) -> Bot | None:
        """The bot playing the side the viewer does not (``None``: no bot)."""
        return self.session.bot

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
        game = self.session.current_game
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
        return self.session.result

    def play(self, move: Move | str) -> Game:
        """Play a move for the side to move, as if clicked; the bot answers; return the game.

        Raises :class:`IllegalMoveError` (and changes nothing) for an illegal move.

        Example:
            >>> import stratego_widget as sw
            >>> w = StrategoWidget(sw.Game.random("duel", seed=2))
            >>> w.play(w.game.legal_moves()[0]).ply
            1
        """
        try:
            return self.session.play(move)
        finally:
            self.refresh()

    def handle(self, message: Any) -> None:
        """Handle one browser message (what a click sends); a refusal goes into
        ``view["message"]``.

        Example:
            >>> w = StrategoWidget(ruleset="duel", setup="random", seed=1)
            >>> w.handle({"type": "undo"}); w.view["message"]["rule"]
            'undo'
        """
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello" and message == {"type": "hello"}:
            self.send({"type": "alive"})  # the front end checks that a kernel answers
            return
        if kind == "sync" and message == {"type": "sync"}:
            self.send_state(["view", "view_patch"])  # the browser's view lost step: all again
            return
        self.driver.handle(message)
        self.refresh()

    def on_move(self, callback: Any) -> None:
        """Call ``callback(move, game)`` after every move (the learner's and the bot's)."""
        self.session.on_move(callback)

    def on_game_end(self, callback: Any) -> None:
        """Call ``callback(game)`` once when the game ends."""
        self.session.on_game_end(callback)

    def new_game(self, game: Game | None = None) -> None:
        """Start again with the same ruleset and players (or with ``game``)."""
        self.session.new_game(game)
        self.refresh()

    def replay_views(self) -> list[View]:
        """The view at every replay index, the first recorded position first (see
        :meth:`BoardSession.replay_views`); ``[]`` before the game.

        Example:
            >>> w = StrategoWidget(ruleset="duel", setup="random", seed=1)
            >>> _ = w.play(w.game.legal_moves()[0])
            >>> [view["replay"]["index"] for view in w.replay_views()]
            [0, 1]
        """
        return self.session.replay_views()

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
        state["replay_frames"] = self.session.frames()
        page = board_page(self.model_id, state, self.session.picture(),
                          title=self.session.rules.title)
        return write_page(path, page)

    def show_language(self, lang: str) -> None:
        """Say everything in ``lang`` (called when the ``lang`` trait changes).

        Example:
            >>> w = StrategoWidget(ruleset="duel", setup="random", seed=1)
            >>> w.lang = "de"; w.view["next"]["text"].startswith("Rot")
            True
        """
        self.session.lang = lang
        self.refresh()

    def refresh(self) -> None:
        """Send what changed: the rules when they changed, the session's new view as a
        patch, and a new ending's replay. The replay is built after the view has gone: the
        move that ends a long game is answered first (its replay takes a few hundred
        milliseconds at 1,000 plies)."""
        session = self.session
        if self.numbering != session.numbering:
            self.numbering = session.numbering  # a lesson step of other rules brings its own
        rules_key = (session.rules, session.numbering)
        if rules_key != self._rules_key:
            self._rules_key = rules_key
            self.rules = rules_view(session.rules, session.numbering)
        frames_due = self._frames_due()
        self._publish(session.view())
        if frames_due:
            self.replay_frames = session.frames() if self._frames_key else {}
            self._frames_key = session.ending_key()  # the frames now say if they need a language

    def set_state(self, sync_data: Any) -> None:
        """State sent by the browser: only the traits of protocol.json's ``traits``, with valid
        values, are applied; anything else is refused, put back, and explained in the message.
        """
        if not isinstance(sync_data, dict):
            self._refuse(ProtocolError("The browser sent a state that is not an object."))
            return
        allowed, refused, error = sort_browser_state(sync_data, self.keys)
        if allowed:
            super().set_state(allowed)
        if refused:  # put the browser's copy back to Python's value
            self.send_state(refused)
        if error is not None:
            self._refuse(error)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[Any, Any], dict[Any, Any]] | None:
        """The live board, plus a picture for places without widgets.

        GitHub, nbviewer, an untrusted notebook or a text-only front end cannot run the board;
        they show the position as the viewer saw it when it was displayed (in the setup phase,
        the viewer's setup so far), as SVG and as an ``<img>`` of it (HTML sanitizers strip
        inline SVG but keep an image). Nothing the viewer may not see is in the picture; a
        hot-seat hand-over shows the empty board.

        Example:
            >>> board = StrategoWidget(ruleset="barrage", seed=1)
            >>> data, metadata = board._repr_mimebundle_()
            >>> sorted(data)[:3], data["text/html"].startswith("<img src=")
            (['application/vnd.jupyter.widget-view+json', 'image/svg+xml', 'text/html'], True)
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        picture = self.session.picture()
        if bundle is None or picture is None:
            return bundle
        data, metadata = bundle
        encoded = base64.b64encode(picture.encode("utf-8")).decode("ascii")
        alt = html.escape(f"{self.session.rules.title}: the board as {self.session.viewer} "
                          "sees it")
        return {**data, "image/svg+xml": picture,
                "text/html": f'<img src="data:image/svg+xml;base64,{encoded}" alt="{alt}">'
                }, metadata

    # ------------------------------------------------------------------ transport

    def _on_browser_message(self, _widget: Any, message: Any, _buffers: Any) -> None:
        self.handle(message)

    def _refuse(self, error: StrategoError) -> None:
        """Show ``error`` and change nothing else (a state update the browser may not make)."""
        self.session.show_error(error)
        self.refresh()

    def _frames_due(self) -> bool:
        """Whether ``replay_frames`` no longer fit the game: a finished game keeps its replay
        (built once per ending, and again for a language only when it holds a lesson's text),
        any other state keeps none."""
        key = self.session.ending_key()
        if key == self._frames_key:
            return False
        self._frames_key = key
        if key is not None:  # the ending goes whole once, so that a notebook saved by a
            self._full_sync = True  # kernel-side client (nbclient) keeps the final view
        return True

    def _publish(self, view: View) -> None:
        """Make ``view`` the synced view: send it whole the first time, else only a patch."""
        old = self.view
        new: dict[str, Any] = dict(view)
        full = self._full_sync or "serial" not in old
        patch = {"from": None, "serial": new["serial"]} if full \
            else view_patch(old, new, self.session.unchanged_moves)
        if full:
            self._whole_serial = new["serial"]
        with self.hold_sync():  # one message: the patch (and the view, when sent whole)
            self._full_sync = full
            try:
                self.view = new
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

    def _on_display_change(self, change: dict[str, Any]) -> None:
        if change["name"] == "lang":
            if change["new"] not in LANGUAGES:
                self.lang = change["old"]
            elif change["new"] != self.session.lang:
                self.show_language(change["new"])
            return
        if change["new"] not in NUMBERINGS:
            self.numbering = change["old"]
        elif change["new"] != self.session.numbering:
            self.session.numbering = change["new"]
            self.refresh()


class StrategoWidget(BoardWidget):
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
    ``view["next"]`` always says what the user can do now. The board's state is
    ``widget.session`` (:class:`~stratego_widget.widget.session.BoardSession`).

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

    def __init__(self, game: Game | None = None, ruleset: Ruleset | str = "original",
                 viewer: str = "red", opponent: str | Bot | None = None,
                 setup: str = "manual", lang: str = "en", numbering: str | None = None,
                 seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(BoardSession(game, ruleset=ruleset, viewer=viewer, opponent=opponent,
                                      setup=setup, lang=lang, numbering=numbering, seed=seed),
                         **kwargs)


# ---------------------------------------------------------------------- helpers


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
