"""The widget's Python side, without a browser: messages, traits and hidden information."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from widget_state import check_no_leak

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget


def state_without_message(widget: StrategoWidget) -> dict[str, Any]:
    view = dict(widget.view)
    view.pop("message")
    view.pop("serial")
    return {"view": view, "rules": widget.rules, "lang": widget.lang,
            "numbering": widget.numbering}


def playing(spec: str = "barrage", **kwargs: Any) -> StrategoWidget:
    return StrategoWidget(sw.Game.random(spec, seed=1), **kwargs)


# ---------------------------------------------------------------------- moves


def test_a_click_move_is_played_and_the_bot_answers() -> None:
    widget = playing(opponent="heuristic", seed=2)
    origin, targets = next(iter(widget.view["targets"].items()))
    target = next(iter(targets))
    widget.handle({"type": "move", "from": origin, "to": target})
    assert widget.view["message"] is None
    assert widget.game.ply == 2
    assert widget.view["moves"][0] in (f"{origin}-{target}", f"{origin}x{target}")
    assert widget.view["to_move"] == "red" and widget.view["can_act"]


def test_targets_are_exactly_the_viewers_legal_moves() -> None:
    widget = playing("original")
    pairs = {(o, t) for o, ts in widget.view["targets"].items() for t in ts}
    legal = {(m.origin, m.target) for m in widget.game.legal_moves()}
    assert pairs == legal


def test_an_illegal_move_is_explained_and_changes_nothing() -> None:
    widget = playing("original")
    bomb = next(sq for sq, (o, k) in widget.game.pieces().items() if o == "red" and k == "bomb")
    before = state_without_message(widget)
    position = widget.game.position()
    ahead = f"{bomb[0]}{int(bomb[1:]) + 1}"
    widget.handle({"type": "move", "from": bomb, "to": ahead})
    assert widget.view["message"]["rule"] in ("immovable", "occupied")
    assert widget.view["message"]["level"] == "error"
    assert widget.game.position() == position
    assert state_without_message(widget) == before


def test_the_explanation_follows_the_language() -> None:
    widget = StrategoWidget(sw.Game.from_pieces("original", {
        "a1": "red flag", "b2": "red bomb", "c2": "red scout", "j10": "blue flag",
        "j9": "blue scout"}), lang="de")
    widget.handle({"type": "move", "from": "b2", "to": "b3"})
    assert widget.view["message"]["text"].startswith("Bomben und die Fahne können nicht ziehen")


@pytest.mark.parametrize("message", [
    "move d4-d5",
    {"type": "fly", "from": "a1"},
    {"type": "move", "from": "a4"},
    {"type": "move", "from": "a4", "to": "a5", "extra": 1},
    {"type": "move", "from": 4, "to": "a5"},
    {"type": "move", "from": "z99", "to": "a5"},
    {"type": "spot", "from": "a4", "to": "a4", "guess": "dragon"},
    {"type": "replay", "index": "3"},
    {"type": "replay", "index": 99},
    {"type": "replay", "index": True},
    {"type": "rescue", "kind": "major", "square": "a1"},
    {"type": "swap", "a": "a1", "b": "a2"},
    {"type": "ready"},
    {"type": "handover"},
    {"type": "undo"},
])
def test_nonsense_messages_are_refused_and_change_nothing(message: Any) -> None:
    widget = playing("barrage")
    before = state_without_message(widget)
    position = widget.game.position()
    widget.handle(message)
    assert widget.view["message"]["level"] == "error"
    assert widget.view["message"]["text"]
    assert widget.game.position() == position
    assert state_without_message(widget) == before


def test_moves_from_python_update_the_board_and_call_back() -> None:
    widget = playing("barrage")
    seen: list[str] = []
    widget.on_move(lambda move, game: seen.append(str(move)))
    move = str(widget.game.legal_moves()[0])
    widget.play(move)
    assert seen == [move]
    assert widget.view["moves"] == [move]
    assert widget.view["last_move"]["text"] == move
    with pytest.raises(sw.IllegalMoveError):
        widget.play("a1-a9")


def test_game_end_callback_and_result() -> None:
    widget = StrategoWidget(sw.Game.from_pieces("original", {
        "e4": "red scout", "a1": "red flag", "e5": "blue flag", "j10": "blue scout"}))
    ended: list[str | None] = []
    widget.on_game_end(lambda game: ended.append(game.winner))
    widget.handle({"type": "move", "from": "e4", "to": "e5"})
    assert ended == ["red"]
    assert widget.view["phase"] == "over"
    assert widget.view["result"]["winner"] == "red"
    assert widget.view["battle"]["sentence"] == "Scout strikes Flag: the Flag is captured."


def test_a_failing_callback_does_not_break_the_board(caplog) -> None:
    widget = playing("barrage")
    widget.on_move(lambda move, game: 1 / 0)
    widget.play(str(widget.game.legal_moves()[0]))
    assert widget.game.ply == 1
    assert "callback" in caplog.text


# ---------------------------------------------------------------------- setup


def test_setup_by_clicks_then_ready_starts_the_game() -> None:
    widget = StrategoWidget(ruleset="barrage", opponent="random", seed=4)
    assert widget.view["phase"] == "setup"
    setup = widget.view["setup"]
    assert setup["player"] == "red" and not setup["complete"]
    squares = iter(setup["area"])
    for kind, count in setup["tray"].items():
        for _ in range(count):
            widget.handle({"type": "place", "kind": kind, "square": next(squares)})
    assert widget.view["setup"]["complete"], widget.view["message"]
    widget.handle({"type": "swap", "a": setup["area"][0], "b": setup["area"][-1]})
    widget.handle({"type": "ready"})
    assert widget.view["phase"] == "play"
    assert widget.game.piece_count("red") == 8


def test_an_incomplete_setup_cannot_be_ready() -> None:
    widget = StrategoWidget(ruleset="duel", opponent="random")
    widget.handle({"type": "place", "kind": "flag", "square": "a1"})
    widget.handle({"type": "ready"})
    assert widget.view["phase"] == "setup"
    assert widget.view["message"]["rule"] == "setup-incomplete"


def test_setup_outside_the_area_is_refused() -> None:
    widget = StrategoWidget(ruleset="duel", opponent="random")
    widget.handle({"type": "place", "kind": "flag", "square": "e7"})
    assert widget.view["message"]["rule"] == "setup-area"
    assert widget.view["pieces"] == {}


def test_presets_random_and_clear() -> None:
    widget = StrategoWidget(ruleset="original", viewer="red", opponent="random")
    widget.handle({"type": "preset", "name": widget.view["setup"]["presets"][0]})
    assert widget.view["setup"]["complete"]
    widget.handle({"type": "clear_setup"})
    assert widget.view["pieces"] == {}
    widget.handle({"type": "random_setup"})
    assert widget.view["setup"]["complete"]
    widget.handle({"type": "remove", "square": widget.view["setup"]["area"][0]})
    assert not widget.view["setup"]["complete"]


# ---------------------------------------------------------------------- modes


def test_hotseat_hides_the_board_until_handover() -> None:
    widget = StrategoWidget(sw.Game.random("barrage", seed=2), viewer="hotseat")
    assert widget.view["viewer"] == "red"
    widget.play(str(widget.game.legal_moves()[0]))
    view = widget.view
    assert view["phase"] == "handover"
    assert all(code[1] == "?" for code in view["pieces"].values())
    assert view["targets"] == {} and view["battle"] is None
    widget.handle({"type": "move", "from": "a1", "to": "a2"})
    assert widget.view["message"]["rule"] == "handover"
    widget.handle({"type": "handover"})
    assert widget.view["viewer"] == "blue" and widget.view["bottom"] == "blue"
    assert widget.view["can_act"]


def test_hotseat_setup_hands_over_between_players() -> None:
    widget = StrategoWidget(ruleset="duel", viewer="hotseat")
    widget.handle({"type": "random_setup"})
    widget.handle({"type": "ready"})
    # Red's army is covered before Blue looks: no piece, no setup, no one may act.
    view = widget.view
    assert view["phase"] == "handover" and view["viewer"] == "hidden"
    assert view["pieces"] == {} and view["setup"] is None and not view["can_act"]
    assert view["next"]["id"] == "handover" and "Blue" in view["next"]["text"]
    widget.handle({"type": "random_setup"})
    assert widget.view["message"]["rule"] == "handover"
    widget.handle({"type": "handover"})
    assert widget.view["phase"] == "setup" and widget.view["setup"]["player"] == "blue"
    assert all(code[0] == "b" for code in widget.view["pieces"].values())
    widget.handle({"type": "random_setup"})
    widget.handle({"type": "ready"})
    # and Blue's army is covered before Red plays the first move
    assert widget.view["phase"] == "handover"
    assert all(code[1] == "?" for code in widget.view["pieces"].values())
    widget.handle({"type": "handover"})
    assert widget.view["phase"] == "play" and widget.view["viewer"] == "red"


def test_undo_against_the_bot_returns_to_the_learners_turn() -> None:
    widget = playing("barrage", opponent="random", seed=1)
    position = widget.game.position()
    widget.play(str(widget.game.legal_moves()[0]))
    widget.handle({"type": "undo"})
    assert widget.game.position() == position


def test_replay_shows_the_past_and_refuses_moves_there() -> None:
    widget = playing("barrage")
    start = widget.view["pieces"]
    widget.play(str(widget.game.legal_moves()[0]))
    widget.play(str(widget.game.legal_moves()[0]))
    widget.handle({"type": "replay", "index": 0})
    assert widget.view["pieces"] == start
    assert widget.view["replay"] == {"index": 0, "length": 2, "to_move": "red"}
    assert widget.view["targets"] == {}
    widget.handle({"type": "move", "from": "a1", "to": "a2"})
    assert widget.view["message"]["rule"] == "replay"
    widget.handle({"type": "replay", "index": 2})
    assert widget.view["replay"] == {"index": 2, "length": 2, "to_move": "red"}


def test_resign_and_new_game() -> None:
    widget = playing("barrage", opponent="random")
    widget.handle({"type": "resign"})
    assert widget.view["result"]["winner"] == "blue"
    widget.handle({"type": "new_game"})
    assert widget.view["phase"] == "setup"


def test_language_and_numbering_from_the_browser() -> None:
    widget = playing("original")
    widget.numbering = "marshal-low"
    assert widget.rules["labels"]["marshal"] == "1"
    widget.numbering = "roman"
    assert widget.numbering == "marshal-low"
    widget.lang = "xx"
    assert widget.lang == "en"


def test_spotting_in_2013() -> None:
    game = sw.Game.from_pieces("sci-fi-2013", {
        "e2": "red spotter", "a1": "red flag", "e4": "blue miner", "j8": "blue flag"})
    widget = StrategoWidget(game)
    assert "e2" in widget.view["spots"]
    widget.handle({"type": "spot", "from": "e2", "to": "e3", "guess": "miner"})
    assert widget.view["message"] is None
    assert widget.view["battle"]["outcome"] == "spotted"
    assert widget.game.piece_at("e4") is None


def test_rescue_asks_which_piece() -> None:
    game = sw.Game.from_pieces("original+rescue", {
        "e9": "red major", "a1": "red flag", "j10": "blue flag", "a10": "blue scout"},
        captured={"red": ["general"]})
    widget = StrategoWidget(game)
    widget.handle({"type": "move", "from": "e9", "to": "e10"})
    pending = widget.view["pending"]
    assert pending is not None and pending["kinds"] == ["general"]
    widget.handle({"type": "rescue", "kind": "general", "square": pending["squares"][0]})
    assert widget.view["message"] is None, widget.view["message"]
    assert widget.game.piece_at(pending["squares"][0]) == ("red", "general")


# ---------------------------------------------------------------------- hidden information


SPECS = [*sw.ruleset_names(), "original+silent-defense", "onyx-2009+rescue+silent-defense"]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("mode", ["red", "blue", "both", "hotseat"])
def test_the_synced_state_never_holds_an_unrevealed_enemy_rank(spec: str, mode: str) -> None:
    """Whole random games through the widget: after every change, every enemy piece the
    viewer has not been shown is sent as unknown, and nothing else in the state names it."""
    game = sw.Game.random(sw.ruleset(spec, max_plies=160), seed=len(spec))
    widget = StrategoWidget(game, viewer=mode)
    rng = random.Random(7)
    while True:
        state = widget.get_state()
        check_no_leak(widget, state["view"])
        if widget.game.is_over:
            break
        if widget.view["phase"] == "handover":
            widget.handle({"type": "handover"})
            continue
        widget.play(rng.choice(widget.game.legal_moves()))


def test_synced_state_per_move_is_small() -> None:
    """What a move sends in a classic mid-game, in bytes (not a threshold on time): the whole
    view stays under 4 KB, and a move sends only a patch of it, under 1 KB (the protocol's
    incremental view; tests/widget/test_widget_sync.py checks it does not grow with the ply)."""
    widget = playing("original")
    rng = random.Random(1)
    for _ in range(100):
        widget.play(rng.choice(widget.game.legal_moves()))
    size = len(json.dumps(widget.get_state()["view"], separators=(",", ":")))
    assert size < 4096, size
    patch = len(json.dumps(widget.view_patch, separators=(",", ":")))
    assert patch < 1024, patch


def test_hello_is_answered_so_the_front_end_knows_a_kernel_is_there(monkeypatch) -> None:
    """Saved widget state has no kernel to answer: the front end then shows "read-only"."""
    widget = playing("barrage")
    sent: list[dict] = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: sent.append(content))
    widget.handle({"type": "move", "from": "a1", "to": "a9"})  # refused: a message is shown
    before = dict(widget.view)
    widget.handle({"type": "hello"})
    assert sent == [{"type": "alive"}]
    assert widget.view == before  # a late hello must not wipe the explanation on screen


def test_the_referee_view_moves_whichever_side_is_to_move() -> None:
    """A teacher with viewer="both" demonstrates both armies by clicking."""
    widget = playing("barrage", viewer="both")
    assert widget.view["can_act"]
    red = next(iter(widget.view["targets"]))
    assert widget.game.piece_at(red)[0] == "red"
    widget.play(str(widget.game.legal_moves()[0]))
    blue = next(iter(widget.view["targets"]))
    assert widget.game.piece_at(blue)[0] == "blue"
    widget.handle({"type": "move", "from": blue, "to": next(iter(widget.view["targets"][blue]))})
    assert widget.view["message"] is None and widget.game.ply == 2
    widget.handle({"type": "undo"})
    assert widget.game.ply == 1
