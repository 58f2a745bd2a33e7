"""The board's view as pure functions of a frozen :class:`Snapshot` of its session.

:class:`~stratego_widget.widget.session.BoardSession` takes a :class:`Snapshot` of what it
holds (who looks, the phase, the game, the replay index, the pending choice, the message, what
its director says) and :func:`build_view` makes the view from it alone; :func:`views_back`
makes the replay's views, each from the snapshot and the position taken back, with nothing of
the session set, even for a moment. Nothing here changes the snapshot or the game in it.

Example:
    >>> from stratego_widget.widget.session import BoardSession
    >>> from stratego_widget.engine.game import Game
    >>> session = BoardSession(Game.random("duel", seed=1))
    >>> snapshot = session.snapshot()
    >>> build_view(snapshot) == build_view(snapshot), build_view(snapshot)["phase"]
    (True, 'play')
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, cast

from ..engine.errors import StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.pieces import KIND_LETTERS, kind_from_name
from ..engine.position import HistoryEntry
from ..engine.rulesets import Ruleset
from ..locales import TEXTS, next_sentence, piece_name, result_sentence, translate
from .protocol import bounded
from .setup_phase import SetupBoard
from .view import HIDDEN, SIDES, battles_view, board_view, targets_view
from .view_types import Message, NextStep, View

__all__ = ["SIDES", "MoveList", "Snapshot", "build_view", "missing_text", "picture", "take_back_to",
           "views_back"]


@dataclass(frozen=True)
class Snapshot:
    """A board's session as its view reads it, at one moment.

    ``mode``: who looks (``"red"``, ``"blue"``, ``"both"``, ``"hotseat"``); ``viewer``: whose
    knowledge shows now; ``phase``: ``"setup"``, ``"handover"``, ``"play"`` or ``"over"``;
    ``game``: the game on the board (None in the setup phase); ``replay``: the replay index
    shown (None: the present); ``pending``: a move waiting for its rescue choice; ``message``:
    the refusal or note shown, as rule and English text; ``bot_sides``: the sides the bot
    plays; ``reveals_at_end``, ``accepts_moves`` and ``instruction``: what the director (if
    any) says; ``setup_side``, ``setup`` and ``ready``: the setup phase's; ``notation``: the
    move list.

    Example:
        >>> from stratego_widget.widget.session import BoardSession
        >>> BoardSession(ruleset="duel").snapshot().phase
        'setup'
    """

    mode: str
    viewer: str
    phase: str
    lang: str
    serial: int
    game: Game | None = None
    replay: int | None = None
    pending: Mapping[str, Any] | None = None
    message: Mapping[str, str] | None = None
    bot: bool = False
    bot_sides: frozenset[str] = frozenset()
    reveals_at_end: bool = True
    accepts_moves: bool = True
    instruction: str | None = None
    setup_side: str = "red"
    setup: SetupBoard | None = None
    ready: Mapping[str, bool] | None = None
    notation: tuple[str, ...] = ()


class MoveList:
    """The view's move list (``notation``), kept in step with a game's history entries, and
    how many moves at its start the view before the last one had too (``unchanged``: a patch
    sends only the rest).

    Example:
        >>> game = Game.random("duel", seed=1); _ = game.play(game.legal_moves()[0])
        >>> moves = MoveList(); moves.sync(game); moves.mark_sent(); moves.notation
        ['j1-j2']
    """

    def __init__(self) -> None:
        self._entries: list[HistoryEntry] = []
        self.notation: list[str] = []
        self._kept = 0  # moves at the list's start unchanged since the last view
        self.unchanged = 0

    def sync(self, game: Game | None) -> None:
        """Bring the list in step with ``game``'s history, touching only its end.

        History entries are compared by identity from the end back: moves played or taken
        back (through the session or on the game directly) change only the last few, so this
        costs the same at every ply; a new game is read once.
        """
        history = game.history if game is not None else ()
        keep = min(len(self._entries), len(history))
        while keep and self._entries[keep - 1] is not history[keep - 1]:
            keep -= 1
        self._kept = min(self._kept, keep)
        if keep == len(self._entries) == len(history):
            return
        del self._entries[keep:], self.notation[keep:]
        if game is not None:
            geometry = game.state.geometry
            for entry in history[keep:]:
                self._entries.append(entry)
                self.notation.append(str(Move.from_code(entry.code, geometry)))

    def mark_sent(self) -> None:
        """A view with the list as it is now is sent."""
        self.unchanged, self._kept = self._kept, len(self.notation)


def picture(snapshot: Snapshot, rules: Ruleset, numbering: str) -> str:
    """The board of ``snapshot`` as its viewer sees it, as SVG: the setup so far in the setup
    phase (only the viewer's own army), an empty board on a hand-over screen.

    Example:
        >>> from stratego_widget.widget.session import BoardSession
        >>> session = BoardSession(ruleset="duel")
        >>> picture(session.snapshot(), session.rules, "marshal-high").startswith("<svg")
        True
    """
    game, viewer, board = snapshot.game, snapshot.viewer, snapshot.setup
    if game is None or viewer == HIDDEN:
        pieces = {} if viewer == HIDDEN or snapshot.phase == "handover" or board is None else {
            square: f"{snapshot.setup_side} {kind}" for square, kind in board.pieces.items()}
        return Game.from_pieces(rules, pieces).to_svg(viewer="both", numbering=numbering)
    if game.is_over and snapshot.reveals_at_end:
        viewer = "both"  # the board shows every piece at the end: so does its picture
    return game.to_svg(viewer=viewer, numbering=numbering)


def build_view(snapshot: Snapshot, moves: bool = True) -> View:
    """The view of ``snapshot`` (the move list left empty without ``moves``: the replay's
    frames leave it out).

    Example:
        >>> from stratego_widget.widget.session import BoardSession
        >>> build_view(BoardSession(ruleset="duel").snapshot())["next"]["id"]
        'setup'
    """
    return _view(snapshot, snapshot.replay, None, moves)


def views_back(snapshot: Snapshot) -> Iterator[View]:
    """The replay's views of ``snapshot`` from the last recorded position back to the first,
    without the move list or a message (taken back one move at a time on a copy of the game:
    each view costs the same); none before the game or on a hand-over screen.

    Example:
        >>> from stratego_widget.widget.session import BoardSession
        >>> from stratego_widget.engine.game import Game
        >>> session = BoardSession(Game.random("duel", seed=1))
        >>> _ = session.play(session.game.legal_moves()[0])
        >>> [view["replay"]["index"] for view in views_back(session.snapshot())]
        [1, 0]
    """
    game = snapshot.game
    if game is None or snapshot.phase == "handover":
        return
    rewound = game.copy()
    for index in range(len(game.history), -1, -1):
        take_back_to(rewound, index)
        yield cast(View, {**_view(snapshot, index, rewound, False), "message": None})


def _view(snapshot: Snapshot, index: int | None, shown: Game | None, moves: bool) -> View:
    """The view of ``snapshot`` at replay ``index`` (None: the present), ``shown`` being the
    position there when the caller has it."""
    phase, viewer, mode, game = snapshot.phase, snapshot.viewer, snapshot.mode, snapshot.game
    view: dict[str, Any] = {
        "mode": mode, "viewer": viewer, "phase": phase,
        "bottom": viewer if viewer in SIDES else (
            "red" if mode != "hotseat" else _hotseat_bottom(snapshot)),
        "to_move": game.to_move if game is not None else "red",
        "can_act": False, "pieces": {}, "targets": {}, "spots": {}, "setup": None,
        "pending": None if snapshot.pending is None else dict(snapshot.pending),
        "last_move": None, "battle": None, "battles": [],
        "captured": {"red": [], "blue": []}, "moves": list(snapshot.notation) if moves else [],
        "replay": None, "revealed": False,
        "result": None, "message": _message_view(snapshot), "serial": snapshot.serial,
        "bot": snapshot.bot,
    }
    if game is None:
        view.update(_setup_view(snapshot))
    else:
        view.update(_play_view(snapshot, game, index, shown))
    view["next"] = _next_view(snapshot, view)
    return cast(View, view)


def _hotseat_bottom(snapshot: Snapshot) -> str:
    return snapshot.game.to_move if snapshot.game is not None else snapshot.setup_side


def _message_view(snapshot: Snapshot) -> Message | None:
    """The shown message in the snapshot's language (it is kept as rule and English text, so
    switching language says it again in the new one)."""
    message, lang = snapshot.message, snapshot.lang
    if message is None:
        return None
    rule = message["rule"]
    if "missing" in message:  # an incomplete setup: what is missing, in any language
        text = missing_text(json.loads(message["missing"]), lang)
    elif message.get("fixed"):
        text = message["english"]
    else:
        text = translate(rule, message["english"], lang)
    shown: dict[str, str] = {"level": message["level"], "rule": rule, "text": bounded(text)}
    if "square" in message:
        shown["square"] = message["square"]
    return cast(Message, shown)


def _next_view(snapshot: Snapshot, view: dict[str, Any]) -> NextStep:
    """What the user can do now, as an id and a sentence in the snapshot's language."""
    phase, game = view["phase"], snapshot.game
    if snapshot.instruction is not None:
        return {"id": "lesson", "text": snapshot.instruction}
    side = view["to_move"]
    if phase == "handover":
        side = game.to_move if game is not None else snapshot.setup_side
        key = "handover"
    elif phase == "setup":
        side = view["setup"]["player"]
        key = "setup"
    elif phase == "over":
        key = "over"
    elif view["replay"] is not None and view["replay"]["index"] != view["replay"]["length"]:
        key = "replay"
    elif snapshot.pending is not None:
        key = "rescue"
    elif view["can_act"]:
        key = "move"
    elif not snapshot.bot and snapshot.mode in SIDES:
        key = "python"
    else:
        key = "wait"
    return {"id": key, "text": next_sentence(key, side, snapshot.lang)}


def _setup_view(snapshot: Snapshot) -> dict[str, Any]:
    side, board = snapshot.setup_side, snapshot.setup
    if snapshot.phase == "handover" or board is None:  # between the armies: no piece shows
        return {"bottom": side, "setup": None}
    problem = board.problem()
    ready = dict(snapshot.ready or {})
    return {
        "can_act": not ready.get(side, False),
        "bottom": side,
        "pieces": {sq: side[0] + _letter(kind) for sq, kind in board.pieces.items()},
        "setup": {"player": side, "area": board.area, "tray": board.tray,
                  "complete": problem is None,
                  "problem": None if problem is None else _problem_text(board, problem,
                                                                         snapshot.lang),
                  "presets": board.presets, "ready": ready},
    }


def _problem_text(board: SetupBoard, problem: StrategoError, lang: str) -> str:
    """Why the setup is not ready, in ``lang``; what is still missing, counted right."""
    if problem.rule != "setup-incomplete":
        return translate(problem.rule, str(problem), lang)
    return missing_text(board.tray, lang)


def _play_view(snapshot: Snapshot, game: Game, index: int | None,
               shown: Game | None) -> dict[str, Any]:
    viewer, lang = snapshot.viewer, snapshot.lang
    length = len(game.history)  # the moves recorded: a game may start after ply 0
    index = length if index is None else index
    if shown is None:
        shown = game
        if index != length:
            shown = game.copy()
            take_back_to(shown, index)
    # At the end of the game every piece is shown to both players, as at a real table, and
    # the replay then shows the whole game as the referee saw it. A lesson's position may be
    # a game that has ended (a question's empty board): it stays as the learner sees it.
    revealed = game.is_over and snapshot.reveals_at_end
    seen_as = "both" if revealed else viewer
    view = dict(board_view(shown, seen_as, lang))
    view["revealed"] = revealed
    view["battles"] = battles_view(shown, seen_as, lang,
                                   since=None if viewer not in SIDES else viewer)
    # ``to_move`` is the live game's; the replay says who was to move in the shown position.
    view["replay"] = {"index": index, "length": length, "to_move": shown.to_move}
    live = index == length and snapshot.phase == "play" and not game.is_over
    # One side plays its own pieces; the referee view ("both", no bot) moves whichever side
    # is to move, so a teacher can demonstrate both armies by clicking.
    acting = (viewer in SIDES and game.to_move == viewer) or viewer == "both"
    view["can_act"] = live and acting and snapshot.pending is None \
        and game.to_move not in snapshot.bot_sides and snapshot.accepts_moves
    if view["can_act"]:
        view["targets"], view["spots"] = targets_view(game.legal_moves())
    if revealed:
        winner = game.winner or "draw"
        view["result"] = {"winner": winner, "reason": game.result_reason,
                          "sentence": result_sentence(winner, game.result_reason or "", lang)}
    return view


def _letter(kind: str) -> str:
    return KIND_LETTERS[kind_from_name(kind)]


def take_back_to(game: Game, moves: int) -> None:
    """Take ``game`` back (in place) until ``moves`` of its recorded moves are left, and take
    back a resignation at the end (the replay shows the board, not the declared ending).

    Example:
        >>> game = Game.random("duel", seed=1); _ = game.play(game.legal_moves()[0])
        >>> take_back_to(game, 0); game.ply
        0
    """
    while len(game.history) > moves or (game.is_over and game.result_reason == "resigned"):
        game.undo()


def missing_text(tray: dict[str, int], lang: str) -> str:
    """What a setup still misses, in ``lang``, with singular and plural right.

    Example:
        >>> missing_text({"flag": 1, "bomb": 0}, "en")
        'Still to place: 1 piece (1 × Flag).'
    """
    missing = {kind: count for kind, count in tray.items() if count > 0}
    total = sum(missing.values())
    listing = ", ".join(f"{count} × {piece_name(kind, lang)}" for kind, count in missing.items())
    key = "missingOne" if total == 1 else "missingMany"
    return str(TEXTS["words"][lang][key]).format(n=str(total), pieces=listing) + "."
