"""The view travels incrementally: what the kernel sends per move, and what the browser holds.

A fake browser here receives exactly the comm messages the widget sends (``Widget._send``) and
applies them as ``js/board/sync.ts`` does (:func:`apply_patch`). The checks are structural (what a
message holds, how its size compares between an early and a late ply), never on time.
"""

from __future__ import annotations

import copy
import json
import random
import statistics
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from widget_state import check_no_leak

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget
from stratego_widget.widget.view import KEYED, apply_patch, board_view, last_record, targets_of


class Browser:
    """What the front end's model holds, fed by the widget's comm messages."""

    def __init__(self, widget: StrategoWidget) -> None:
        # The state the comm opened with (as ``Widget.open`` sends it), made plain JSON.
        self.view: dict[str, Any] = json.loads(json.dumps(widget.get_state()["view"]))
        self.messages: list[dict[str, Any]] = []
        self.results: list[str] = []
        widget._send = self.receive  # type: ignore[method-assign]

    def receive(self, msg: dict[str, Any], buffers: Any = None) -> None:
        msg = json.loads(json.dumps(msg))  # what goes over the wire
        self.messages.append(msg)
        if msg["method"] != "update":
            return
        state = msg["state"]
        if "view" in state:
            self.view = state["view"]
        if "view_patch" in state:
            self.results.append(apply_patch(self.view, state["view_patch"]))

    def take(self) -> list[dict[str, Any]]:
        taken, self.messages = self.messages, []
        return taken


def size(msg: dict[str, Any]) -> int:
    return len(json.dumps(msg, separators=(",", ":")))


def long_game(viewer: str = "red", **kwargs: Any) -> StrategoWidget:
    game = sw.Game.random(sw.ruleset("original", max_plies=10_000), seed=11)
    return StrategoWidget(game, viewer=viewer, **kwargs)


def quiet_click(widget: StrategoWidget, rng: random.Random) -> dict[str, Any]:
    """A click on a plain move of the viewer's (a strike now and then)."""
    targets = widget.view["targets"]
    plain = sorted((o, t) for o, ts in targets.items() for t, a in ts.items() if a == "move")
    every = sorted((o, t) for o, ts in targets.items() for t in ts)
    origin, target = rng.choice(plain if plain and rng.random() > 0.1 else every)
    return {"type": "move", "from": origin, "to": target}


def play_quietly(widget: StrategoWidget, plies: int, rng: random.Random) -> None:
    """Bring the game to ``plies`` through the widget, mostly with plain moves."""
    while widget.game.ply < plies and not widget.game.is_over:
        widget.handle(quiet_click(widget, rng))


# ---------------------------------------------------------------------- bytes per move


def per_click(widget: StrategoWidget, browser: Browser, rng: random.Random,
              clicks: int) -> list[dict[str, Any]]:
    """The messages of ``clicks`` clicks, one list of messages per click."""
    sent = []
    for _ in range(clicks):
        browser.take()
        before = list(widget.view["moves"])
        widget.handle(quiet_click(widget, rng))
        messages = browser.take()
        # Two updates per click, each a patch: the learner's move confirmed, then the bot's
        # answer (the game goes on in these tests).
        assert len(messages) == 2, messages
        for message in messages:
            assert set(message["state"]) == {"view_patch"}  # never the whole view
            patch = message["state"]["view_patch"]
            # The move list is cut at most back to what it was and only the new move follows.
            assert patch["moves"]["base"] == len(before)
            assert len(patch["moves"]["add"]) == 1
            assert "moves" not in patch.get("set", {})
            before += patch["moves"]["add"]
        assert before == widget.view["moves"]
        sent.extend(messages)
    return sent


def test_bytes_sent_per_move_do_not_grow_with_the_ply() -> None:
    widget = long_game(opponent="random", seed=3)
    browser = Browser(widget)
    rng = random.Random(5)
    play_quietly(widget, 20, rng)
    early = per_click(widget, browser, rng, 9)
    play_quietly(widget, 300, rng)
    late = per_click(widget, browser, rng, 9)
    assert not widget.game.is_over and widget.game.ply >= 300
    early_size = statistics.median(size(m) for m in early)
    late_size = statistics.median(size(m) for m in late)
    whole = size({"method": "update", "state": {"view": widget.view}})
    # What a click sends depends on the board (a few squares, targets), not on the ply: the
    # whole view at ply 300 is several times larger, the patch about as large as at ply 20.
    assert late_size < 1024 and early_size < 1024, (early_size, late_size)
    assert late_size < early_size * 1.5, (early_size, late_size)
    assert whole > 3 * late_size, (whole, late_size)
    assert browser.view == json.loads(json.dumps(widget.view))


def test_against_the_bot_the_move_is_confirmed_before_the_bot_thinks() -> None:
    """The learner's move goes to the browser in its own update before the bot is asked, so
    a slow bot never delays it; the reply follows in the next update."""
    moments: list[list[str]] = []

    class Watching(sw.RandomBot):
        def choose(self, observation: dict[str, Any]) -> Any:
            moments.append(list(browser.view["moves"]))  # what the browser holds by now
            return super().choose(observation)

    widget = long_game(opponent=Watching(seed=2))
    browser = Browser(widget)
    rng = random.Random(8)
    for _ in range(5):
        before = list(widget.view["moves"])
        widget.handle(quiet_click(widget, rng))
        assert moments[-1] == widget.view["moves"][:len(before) + 1]  # the learner's, shown
        assert browser.view["moves"] == widget.view["moves"] == moments[-1] + [
            widget.view["moves"][-1]]


def test_the_first_view_goes_whole_then_patches_follow() -> None:
    widget = long_game(opponent="random", seed=1)
    browser = Browser(widget)
    widget.handle({"type": "sync"})  # what the browser asks after a gap
    (msg,) = browser.take()
    assert set(msg["state"]) == {"view", "view_patch"}
    assert msg["state"]["view"]["serial"] == msg["state"]["view_patch"]["serial"]
    assert browser.results[-1] == "current"
    widget.handle(quiet_click(widget, random.Random(1)))
    confirmed, answered = browser.take()  # the learner's move, then the bot's answer
    for msg in (confirmed, answered):
        assert set(msg["state"]) == {"view_patch"}
    assert browser.results[-2:] == ["applied", "applied"]
    assert answered["state"]["view_patch"]["from"] == browser.view["serial"] - 1
    assert confirmed["state"]["view_patch"]["serial"] == browser.view["serial"] - 1


def test_a_patch_for_another_view_is_a_gap_and_applies_nothing() -> None:
    view = {"serial": 3, "pieces": {"a1": "rF"}, "moves": ["a2-a3"]}
    kept = copy.deepcopy(view)
    assert apply_patch(view, {"from": 2, "serial": 4, "pieces": {"a1": None}}) == "gap"
    assert apply_patch(view, {"from": None, "serial": 5}) == "gap"
    assert apply_patch(view, {"from": 2, "serial": 3}) == "current"
    assert view == kept


def test_undo_cuts_the_list_and_a_new_game_empties_it() -> None:
    widget = long_game(viewer="hotseat")
    browser = Browser(widget)
    rng = random.Random(2)
    for _ in range(3):
        widget.handle(quiet_click(widget, rng))
        widget.handle({"type": "handover"})
    browser.take()
    widget.handle({"type": "undo"})
    (msg,) = browser.take()
    assert msg["state"]["view_patch"]["moves"] == {"base": 2, "add": []}
    assert browser.view["moves"] == widget.view["moves"] and len(widget.view["moves"]) == 2
    # The move taken back was the other player's: their view waits behind the hand-over.
    assert browser.view["viewer"] == "hidden" and browser.view["phase"] == "handover"
    widget.handle({"type": "handover"})
    assert browser.view["viewer"] == widget.game.to_move
    browser.take()
    widget.handle({"type": "new_game"})
    msg, *_ = browser.take()  # then an empty patch: the refresh after every message
    assert msg["state"]["view_patch"]["moves"] == {"base": 0, "add": []}
    assert browser.view == json.loads(json.dumps(widget.view))


def test_moves_played_on_the_game_directly_are_read_again() -> None:
    widget = long_game(viewer="both")
    browser = Browser(widget)
    game = widget.game
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    widget.handle({"type": "replay", "index": game.ply})
    assert widget.view["moves"] == [str(m) for m in game.moves]
    assert browser.view == json.loads(json.dumps(widget.view))
    game.undo()
    widget.handle({"type": "replay", "index": game.ply})
    assert browser.view["moves"] == [str(m) for m in game.moves]
    # Taken back and replaced by another move: the same ply, a different last move.
    first = game.moves[-1]
    game.undo()
    game.play(next(m for m in game.legal_moves() if m != first))
    widget.handle({"type": "replay", "index": game.ply})
    assert browser.view["moves"] == [str(m) for m in game.moves]
    assert browser.view["last_move"]["text"] == str(game.moves[-1])
    assert browser.view == json.loads(json.dumps(widget.view))


def test_the_last_record_is_the_last_of_the_observed_history() -> None:
    rng = random.Random(4)
    for spec in ("original+silent-defense", "sci-fi-2013", "barrage"):
        game = sw.Game.random(spec, seed=4)
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            for side in ("red", "blue"):
                assert last_record(game, side) == game.observation(side)["history"][-1]


@settings(max_examples=20, deadline=None)
@given(spec=st.sampled_from(["original", "original+silent-defense", "sci-fi-2013", "barrage",
                             "duel"]),
       seed=st.integers(min_value=0, max_value=1_000), plies=st.integers(0, 120))
def test_the_board_view_shows_what_each_observation_shows(spec: str, seed: int,
                                                          plies: int) -> None:
    """The view reads the position directly (it is rebuilt after every move): each player's
    pieces and captured trays are exactly those of that player's observation (rulebook rule
    on hidden ranks, as ``tests/engine/test_rules_visibility.py`` checks the observation), the
    referee's are the whole truth, and the hand-over screen shows no rank."""
    rng = random.Random(seed)
    game = sw.Game.random(spec, seed=seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    letters = sw.engine.pieces.KIND_LETTERS
    for side in ("red", "blue"):
        observation = game.observation(side, history=False)
        view = board_view(game, side, "en")
        assert view["captured"] == observation["captured"]
        expected = {square: piece["owner"][0]
                    + (letters[sw.engine.pieces.kind_from_name(piece["kind"])]
                       if piece["kind"] else "?")
                    + ("+" if piece["moved"] else "") + ("!" if piece["known"] else "")
                    for square, piece in observation["board"].items()}
        assert view["pieces"] == expected
    referee = board_view(game, "both", "en")
    assert {square: code[:2] for square, code in referee["pieces"].items()} == {
        square: owner[0] + letters[sw.engine.pieces.kind_from_name(kind)]
        for square, (owner, kind) in game.pieces().items()}
    assert referee["captured"] == {side: game.captured(side) for side in ("red", "blue")}
    hidden = board_view(game, "hidden", "en")
    assert all(code[1] == "?" for code in hidden["pieces"].values())
    assert all(kind is None for tray in hidden["captured"].values() for kind in tray)


# ---------------------------------------------------------------------- random sequences

ACTIONS = st.lists(st.tuples(
    st.sampled_from(["move", "move", "move", "strike", "burst", "undo", "replay", "handover",
                     "lang", "numbering", "illegal", "resign", "new_game", "sync"]),
    st.integers(min_value=0, max_value=10_000)), min_size=1, max_size=50)


def act(widget: StrategoWidget, action: str, number: int) -> None:
    view = widget.view
    if action in ("move", "strike") and view["phase"] == "play" and view["targets"]:
        options = sorted((o, t, a) for o, ts in view["targets"].items() for t, a in ts.items())
        wanted = [x for x in options if x[2] == action] or options
        origin, target, _ = wanted[number % len(wanted)]
        widget.handle({"type": "move", "from": origin, "to": target})
        if widget.view["pending"]:  # a rescue: decline it
            widget.handle({"type": "rescue", "kind": None})
    elif action in ("move", "strike") and view["phase"] == "play" and view["replay"] \
            and view["replay"]["index"] == view["replay"]["length"]:
        moves = widget.game.legal_moves()  # the other side, played from Python
        widget.play(moves[number % len(moves)])
    elif action == "burst" and view["phase"] in ("play", "handover"):
        rng = random.Random(number)  # up to 30 plies through the widget, hand-overs included
        for _ in range(number % 31):
            if widget.view["phase"] == "handover":
                widget.handle({"type": "handover"})
            elif widget.view["phase"] != "play" or widget.view["replay"]["index"] \
                    != widget.view["replay"]["length"]:
                break
            widget.play(rng.choice(widget.game.legal_moves()))
    elif action == "replay" and view["replay"]:
        widget.handle({"type": "replay", "index": number % (view["replay"]["length"] + 1)})
    elif action == "lang":
        widget.lang = ("en", "nl", "fr", "de")[number % 4]
    elif action == "numbering":
        widget.numbering = ("marshal-high", "marshal-low")[number % 2]
    elif action == "illegal":
        widget.handle({"type": "move", "from": "a1", "to": "j10"})
    elif action == "new_game" and number % 5 == 0:
        widget.handle({"type": "new_game"})
        widget.handle({"type": "random_setup"})
        widget.handle({"type": "ready"})
        if widget.view["phase"] == "handover":
            widget.handle({"type": "handover"})
            widget.handle({"type": "random_setup"})
            widget.handle({"type": "ready"})
    elif action in ("undo", "handover", "resign", "sync"):
        widget.handle({"type": action})


@pytest.mark.parametrize("mode", ["hotseat", "both", "red+random", "blue+heuristic", "blue"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS, seed=st.integers(min_value=0, max_value=50))
def test_the_browser_s_view_equals_python_s_after_any_sequence(
        mode: str, actions: list[tuple[str, int]], seed: int) -> None:
    """Moves, strikes, undo, replay, hand-over, language, resign, new game, in any order: the
    view the browser builds from the patches is exactly Python's, and holds no hidden rank."""
    viewer, _, bot = mode.partition("+")
    spec = ("original+rescue", "sci-fi-2013", "barrage", "duel")[seed % 4]
    game = sw.Game.random(sw.ruleset(spec, max_plies=200), seed=seed)
    widget = StrategoWidget(game, viewer=viewer, opponent=bot or None, seed=seed)
    browser = Browser(widget)
    for action, number in actions:
        act(widget, action, number)
        assert "gap" not in browser.results
        assert browser.view == json.loads(json.dumps(widget.view))
        replay = widget.view["replay"]
        if replay and replay["index"] == replay["length"]:  # live: compare with the game now
            check_no_leak(widget, browser.view)
        check_patches_hold_only_the_new_view(browser.take(), widget.view)


def check_patches_hold_only_the_new_view(messages: list[dict[str, Any]],
                                         view: dict[str, Any]) -> None:
    """Every value of the last patch is the new view's own (nothing older, nothing else)."""
    patches = [m["state"]["view_patch"] for m in messages
               if m["method"] == "update" and "view_patch" in m["state"]]
    if not patches:
        return
    patch = json.loads(json.dumps(patches[-1]))
    plain = json.loads(json.dumps(view))
    for key, value in patch.get("set", {}).items():
        assert plain[key] == value, key
    for key in KEYED:
        for name, value in patch.get(key, {}).items():
            if key == "targets" and value is not None:
                value = targets_of(value)
            assert plain[key].get(name) == value, (key, name)
    if "moves" in patch:
        assert plain["moves"][patch["moves"]["base"]:] == patch["moves"]["add"]


@pytest.mark.parametrize("mode", ["red", "blue", "hotseat"])
def test_no_patch_of_a_whole_game_names_a_hidden_rank(mode: str) -> None:
    """Every message of a whole random game, checked against what the viewer was shown."""
    game = sw.Game.random(sw.ruleset("original+silent-defense", max_plies=300), seed=9)
    widget = StrategoWidget(game, viewer=mode)
    browser = Browser(widget)
    rng = random.Random(9)
    while not widget.game.is_over:
        if widget.view["phase"] == "handover":
            widget.handle({"type": "handover"})
        else:
            widget.play(rng.choice(widget.game.legal_moves()))
        check_no_leak(widget, browser.view)
        check_patches_hold_only_the_new_view(browser.take(), widget.view)
        assert browser.view == json.loads(json.dumps(widget.view))
