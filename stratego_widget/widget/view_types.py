"""The shape of what Python sends to the browser: one typed description for both sides.

Each synced part is a :class:`~typing.TypedDict` here: the board's ``view`` and ``rules``, and a
lesson board's ``lesson``. Python builds them (:mod:`stratego_widget.widget.session`,
:mod:`stratego_widget.widget.view`, :mod:`stratego_widget.lessons.board.session`), and the front
end's TypeScript types are generated from this module (``js/generated/types.ts``, by
``js/make_types.py``; a test checks that the file is current), so both sides read one
description.

Example:
    >>> import typing
    >>> typing.get_type_hints(View)["phase"]
    typing.Literal['setup', 'play', 'handover', 'over']
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Side = Literal["red", "blue"]
Winner = Literal["red", "blue", "draw"]
Mode = Literal["red", "blue", "both", "hotseat"]
Viewer = Literal["red", "blue", "both", "hidden"]
Phase = Literal["setup", "play", "handover", "over"]
Action = Literal["move", "strike"]


class RulesView(TypedDict):
    """The static part of the board: size, lakes, army, letters and labels (``rules``)."""

    spec: str
    title: str
    edition: str
    edition_title: str
    variant: str | None
    variant_summary: str | None
    rulebook: str
    width: int
    height: int
    lakes: list[str]
    lake_name: str
    home_rows: int
    kinds: list[str]
    counts: dict[str, int]
    letters: dict[str, str]
    labels: dict[str, str]
    numbering: str


class SetupView(TypedDict):
    """The setup phase: whose army, where it goes, what is still in the tray."""

    player: Side
    area: list[str]
    tray: dict[str, int]
    complete: bool
    problem: str | None
    presets: list[str]
    ready: dict[str, bool]


class Pending(TypedDict):
    """A move waiting for its rescue choice."""

    type: Literal["rescue"]
    move: str
    kinds: list[str]
    squares: list[str]


class BattleSide(TypedDict):
    """One side of a strike or spot: ``kind`` is ``None`` when the viewer may not know it."""

    square: str
    owner: Side
    kind: str | None


class Battle(TypedDict):
    """The last strike or spot as the viewer may see it."""

    attacker: BattleSide
    defender: BattleSide
    outcome: str
    sentence: str


class PlyBattle(Battle):
    """A strike or spot with the ply it was made at."""

    ply: int


# The last move: its notation and its two squares ("from" is a Python keyword, hence this form).
LastMove = TypedDict("LastMove", {"text": str, "from": str, "to": str})


class ReplayState(TypedDict):
    """Where the replay is: ``to_move`` is the side to move in the shown position."""

    index: int
    length: int
    to_move: Side


class Result(TypedDict):
    """How the game ended, with a sentence in the board's language."""

    winner: Winner
    reason: str
    sentence: str


class Message(TypedDict):
    """A refusal or a note: ``square`` is where the refused click was."""

    level: Literal["error", "info"]
    rule: str
    text: str
    square: NotRequired[str]


class NextStep(TypedDict):
    """What the user can do now (ids: setup, handover, move, rescue, replay, over, wait,
    python, lesson, done), as a sentence in the board's language."""

    id: str
    text: str


class View(TypedDict):
    """The board as one viewer may see it now (the synced ``view``)."""

    mode: Mode
    viewer: Viewer
    phase: Phase
    bottom: Side
    to_move: Side
    can_act: bool
    pieces: dict[str, str]
    targets: dict[str, dict[str, Action]]
    spots: dict[str, list[str]]
    setup: SetupView | None
    pending: Pending | None
    last_move: LastMove | None
    battle: Battle | None
    battles: list[PlyBattle]
    captured: dict[str, list[str | None]]
    moves: list[str]
    replay: ReplayState | None
    revealed: bool
    result: Result | None
    message: Message | None
    next: NextStep
    serial: int
    bot: bool
