"""Random and out-of-turn messages at every state of the widget (property-based).

For each state (setup, setup hand-over, play, play against the bot, hand-over, rescue pending,
spot, replay, game over) hypothesis sends a sequence of messages, well formed, out of turn and
junk. After every message:

* a refused message leaves the game (position, history length, outcome) and the synced state
  exactly as they were, apart from the error message;
* nothing the viewer may not see is sent: the same messages go to a twin widget whose game
  differs only in ranks the viewer has not been shown (a Bomb and the Flag swapped, or another
  hidden setup), and both send the same synced state, until a strike or a spot tells them apart.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from widget_state import game_state, synced

import stratego_widget as sw
from stratego_widget.engine import pieces as P
from stratego_widget.widget import StrategoWidget
from stratego_widget.widget.protocol import MESSAGE_LIMIT, MESSAGES

# ---------------------------------------------------------------------- the states


def swapped(pieces: dict[str, str], side: str, twin: bool) -> dict[str, str]:
    """``pieces`` with ``side``'s first Bomb and its Flag swapped in the twin."""
    if not twin:
        return pieces
    bomb = next(sq for sq, piece in pieces.items() if piece == f"{side} bomb")
    flag = next(sq for sq, piece in pieces.items() if piece == f"{side} flag")
    return {**pieces, bomb: f"{side} flag", flag: f"{side} bomb"}


def swapped_kinds(setup: dict[str, str]) -> dict[str, str]:
    """A setup with its Flag and a Bomb swapped."""
    flag = next(sq for sq, kind in setup.items() if kind == "flag")
    bomb = next(sq for sq, kind in setup.items() if kind == "bomb")
    return {**setup, flag: "bomb", bomb: "flag"}


def barrage(side: str, twin: bool, seed: int = 1) -> sw.Game:
    pieces = {sq: f"{owner} {kind}"
              for sq, (owner, kind) in sw.Game.random("barrage", seed=seed).pieces().items()}
    return sw.Game.from_pieces("barrage", swapped(pieces, side, twin))


def setup(twin: bool) -> StrategoWidget:
    widget = StrategoWidget(ruleset="duel", opponent="random", seed=1)
    if twin:  # the bot's army, which the learner never sees: the same squares, other ranks
        board = widget.session.setup_of("blue")
        board.pieces = swapped_kinds(board.pieces)
    widget.refresh()
    return widget


def setup_handover(twin: bool) -> StrategoWidget:
    widget = StrategoWidget(ruleset="duel", viewer="hotseat", seed=1)
    widget.handle({"type": "random_setup"})
    if twin:  # Red's army, covered: the same squares, other ranks
        board = widget.session.setup_of("red")
        board.pieces = swapped_kinds(board.pieces)
    widget.handle({"type": "ready"})  # Red's army is covered: no one may tell which it is
    return widget


def play(twin: bool) -> StrategoWidget:
    return StrategoWidget(barrage("blue", twin), seed=1)


def against_the_bot(twin: bool) -> StrategoWidget:
    return StrategoWidget(barrage("red", twin), viewer="blue", opponent="random", seed=1)


def handover(twin: bool) -> StrategoWidget:
    widget = StrategoWidget(barrage("blue", twin), viewer="hotseat", seed=1)
    widget.play(sorted(map(str, widget.game.legal_moves()))[0])
    return widget


def rescue(twin: bool) -> StrategoWidget:
    widget = StrategoWidget(sw.Game.from_pieces("original+rescue", swapped({
        "e9": "red major", "a1": "red flag", "j10": "blue flag", "a10": "blue scout",
        "h10": "blue bomb"}, "blue", twin), captured={"red": ["general"]}), seed=1)
    widget.handle({"type": "move", "from": "e9", "to": "e10"})
    assert widget.view["pending"] is not None
    return widget


def spot(twin: bool) -> StrategoWidget:
    return StrategoWidget(sw.Game.from_pieces("sci-fi-2013", swapped({
        "e2": "red spotter", "a1": "red flag", "e4": "blue bomb", "j8": "blue flag",
        "a8": "blue scout", "d3": "red scout"}, "blue", twin)), seed=1)


def replay(twin: bool) -> StrategoWidget:
    widget = play(twin)
    for _ in range(2):
        widget.play(sorted(map(str, widget.game.legal_moves()))[0])
    widget.handle({"type": "replay", "index": 1})
    return widget


def over(twin: bool) -> StrategoWidget:
    widget = against_the_bot(twin)
    widget.handle({"type": "resign"})
    return widget


# Each state, and the side whose hidden ranks differ between the twins.
STATES: dict[str, tuple[Callable[[bool], StrategoWidget], str]] = {
    "setup": (setup, "blue"), "setup-handover": (setup_handover, "red"), "play": (play, "blue"),
    "bot": (against_the_bot, "red"), "handover": (handover, "blue"), "rescue": (rescue, "blue"),
    "spot": (spot, "blue"), "replay": (replay, "blue"), "over": (over, "red"),
}

# ---------------------------------------------------------------------- the messages

SQUARES = [f"{chr(97 + f)}{r}" for f in range(10) for r in range(1, 11)]
junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["type", "from", "to", "kind", "x"]) | st.text(max_size=4),
                      inner, max_size=3),
    max_leaves=6)
square = st.sampled_from(SQUARES) | st.sampled_from(["e9", "e10", "e2", "e3", "a1", "j10"]) \
    | st.text(max_size=5)
kind = st.sampled_from(P.KIND_NAMES) | st.text(max_size=4)
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "square": square, "kind": kind, "name": st.sampled_from(["fortress", "x" * 200]) | st.text(
        max_size=6), "index": st.integers(-2, 12),
}


def fields(name: str, complete: bool) -> st.SearchStrategy[dict[str, Any]]:
    """Messages of type ``name``: with every field of a fitting type (``complete``), or with
    fields left out or of any type."""
    spec = MESSAGES[name]
    values = {field: (st.none() | VALUES[value["is"]]) if value.get("null")
              else VALUES[value["is"]] for field, value in spec.items()}
    if complete:
        return st.fixed_dictionaries({"type": st.just(name), **values})
    return st.fixed_dictionaries({"type": st.just(name)}, optional={
        field: value | junk for field, value in values.items()})


TYPES = st.sampled_from(sorted(MESSAGES))
well_formed = TYPES.flatmap(lambda name: fields(name, True))
messages = st.one_of(well_formed, well_formed, well_formed,
                     TYPES.flatmap(lambda name: fields(name, False)), junk,
                     st.builds(lambda m, extra: {**m, "extra": extra}, well_formed, junk))


# ---------------------------------------------------------------------- the checks




def struck(widget: StrategoWidget) -> bool:
    return widget.session.current_game is not None and any(entry.strike for entry in widget.game.history)


def comparable(widget: StrategoWidget, secret: str) -> bool:
    """Whether the twins must look the same: the viewer has not been shown what differs (the
    ``secret`` side's ranks)."""
    view = widget.view
    return view["viewer"] not in ("both", secret) and not view["revealed"] \
        and not struck(widget)


def legal_click(widget: StrategoWidget, index: int) -> dict[str, Any] | None:
    pairs = sorted((o, t) for o, ts in widget.view["targets"].items() for t in ts)
    if not pairs:
        return None
    origin, target = pairs[index % len(pairs)]
    return {"type": "move", "from": origin, "to": target}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(sorted(STATES)),
       steps=st.lists(st.tuples(messages, st.integers(0, 3), st.integers(0, 50)),
                      min_size=1, max_size=8))
def test_random_messages_change_nothing_but_the_message_and_leak_nothing(
        state: str, steps: list[tuple[Any, int, int]]) -> None:
    make, secret = STATES[state]
    widget, twin = make(False), make(True)
    for message, choice, index in steps:
        if choice == 0:  # now and then a click the board offers, to move between states
            message = legal_click(widget, index) or message
        if choice == 1 and widget.view["phase"] == "handover":
            message = {"type": "handover"}
        before, game = synced(widget), game_state(widget)
        compare = comparable(widget, secret) and comparable(twin, secret)
        widget.handle(copy.deepcopy(message))
        twin.handle(copy.deepcopy(message))
        shown = widget.view["message"]
        json.dumps(widget.view)  # plain data
        if shown is not None and shown["level"] == "error":
            assert shown["rule"] != "internal", shown
            assert len(shown["text"]) <= MESSAGE_LIMIT
            assert synced(widget) == before, (state, message)
            assert game_state(widget) == game, (state, message)
        if compare and comparable(widget, secret) and comparable(twin, secret):
            assert synced(widget) == synced(twin), (state, message)
            assert widget.view["message"] == twin.view["message"], (state, message)
            assert widget.view_patch == twin.view_patch, (state, message)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(sorted(STATES)),
       updates=st.lists(st.dictionaries(
           st.sampled_from(["lang", "numbering", "view", "view_patch", "rules", "interactive",
                            "_esm", "layout"]) | st.text(max_size=4),
           junk | st.sampled_from(["en", "nl", "marshal-low", "xx"]), max_size=3),
           min_size=1, max_size=4))
def test_random_state_updates_from_the_browser_apply_only_the_allowed_traits(
        state: str, updates: list[dict[str, Any]]) -> None:
    widget = STATES[state][0](False)
    for update in updates:
        game, view = game_state(widget), synced(widget)["view"]
        widget.set_state(copy.deepcopy(update))
        assert game_state(widget) == game
        assert widget.lang in ("en", "nl", "fr", "de")
        assert widget.numbering in ("marshal-high", "marshal-low")
        after = synced(widget)["view"]
        # only what the language and numbering say may change
        for key in ("pieces", "targets", "spots", "moves", "phase", "viewer", "pending"):
            assert after[key] == view[key], key
