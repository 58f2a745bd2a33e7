"""The widget as learners and teachers meet it (issue 9, the Python model): what the browser
may send and set, undo, hand-overs, setups, the end of a game, battles, languages, memory."""

from __future__ import annotations

import copy
import gc
import json
import logging
import weakref
from typing import Any

import pytest
from widget_state import game_state, synced

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget
from stratego_widget.widget.protocol import MESSAGE_LIMIT, MESSAGES, PROTOCOL, TRAITS
from stratego_widget.widget.view import board_view


def playing(spec: str = "barrage", **kwargs: Any) -> StrategoWidget:
    return StrategoWidget(sw.Game.random(spec, seed=1), **kwargs)


def first_target(widget: StrategoWidget) -> tuple[str, str]:
    origin, targets = sorted(widget.view["targets"].items())[0]
    return origin, sorted(targets)[0]


# ---------------------------------------------------------------------- hot-seat undo


def test_hotseat_undo_after_the_handover_never_shows_the_other_army() -> None:
    widget = StrategoWidget(sw.Game.random("barrage", seed=2), viewer="hotseat")
    origin, target = first_target(widget)
    widget.handle({"type": "move", "from": origin, "to": target})
    widget.handle({"type": "handover"})
    assert widget.view["viewer"] == "blue"
    widget.handle({"type": "undo"})  # Blue takes Red's move back: Red must get the device
    view = widget.view
    assert widget.game.ply == 0
    assert view["phase"] == "handover" and view["viewer"] == "hidden"
    assert all(code[1] == "?" for code in view["pieces"].values())
    assert not view["can_act"] and view["targets"] == {}
    assert view["next"]["id"] == "handover" and "Red" in view["next"]["text"]
    widget.handle({"type": "move", "from": origin, "to": target})
    assert widget.view["message"]["rule"] == "handover" and widget.game.ply == 0
    widget.handle({"type": "handover"})
    view = widget.view
    assert view["viewer"] == "red" and view["can_act"]
    assert all(code[1] == "?" for code in view["pieces"].values() if code[0] == "b")


# ---------------------------------------------------------------------- undo against the bot


def test_undo_refuses_to_take_back_the_bots_opening_and_the_bot_keeps_playing() -> None:
    widget = playing("barrage", viewer="blue", opponent="random", seed=1)
    assert widget.game.ply == 1 and widget.view["can_act"]  # the bot opened
    opening = widget.game.position()
    widget.handle({"type": "undo"})
    assert widget.view["message"]["rule"] == "undo"
    assert widget.game.position() == opening and widget.view["can_act"]
    origin, target = first_target(widget)
    widget.handle({"type": "move", "from": origin, "to": target})
    assert widget.game.ply == 3
    widget.handle({"type": "undo"})  # back to the learner's last turn
    assert widget.view["message"] is None
    assert widget.game.position() == opening and widget.view["can_act"]
    widget.handle({"type": "move", "from": origin, "to": target})
    assert widget.game.ply == 3 and widget.game.to_move == "blue"  # the bot answered again


# ---------------------------------------------------------------------- setups


def test_the_default_widget_can_start_and_always_says_what_to_do() -> None:
    widget = StrategoWidget()
    assert widget.view["phase"] == "setup" and widget.view["next"]["id"] == "setup"
    widget.handle({"type": "random_setup"})
    widget.handle({"type": "ready"})
    assert widget.view["message"] is None
    assert widget.view["phase"] == "play" and widget.view["can_act"]
    assert widget.view["next"]["id"] == "move"
    origin, target = first_target(widget)
    widget.handle({"type": "move", "from": origin, "to": target})
    # Nobody plays Blue in the browser: the board says so, and Python can play Blue's move.
    assert widget.view["next"]["id"] == "python" and not widget.view["can_act"]
    widget.play(widget.game.legal_moves()[0])
    assert widget.view["can_act"] and widget.view["next"]["id"] == "move"


def test_the_setup_problem_counts_pieces_in_singular_and_plural() -> None:
    widget = StrategoWidget(ruleset="barrage", opponent="random", seed=1)
    widget.handle({"type": "random_setup"})
    widget.handle({"type": "remove", "square": next(iter(widget.view["pieces"]))})
    problem = widget.view["setup"]["problem"]
    assert "1 piece " in problem and "pieces" not in problem, problem
    widget.handle({"type": "ready"})
    message = widget.view["message"]
    assert message["rule"] == "setup-incomplete" and widget.view["phase"] == "setup"
    assert "1 piece " in message["text"] and "pieces" not in message["text"], message
    widget.lang = "nl"
    assert "1 stuk " in widget.view["message"]["text"]
    widget.lang = "en"
    for square in list(widget.view["pieces"])[:2]:
        widget.handle({"type": "remove", "square": square})
    assert "3 pieces" in widget.view["setup"]["problem"]
    widget.lang = "de"
    assert "3 Figuren" in widget.view["setup"]["problem"]


def test_a_seeded_new_game_brings_new_armies_and_the_first_stays_reproducible() -> None:
    def armies(widget: StrategoWidget) -> str:
        return widget.game.position()

    one = StrategoWidget(ruleset="barrage", setup="random", seed=3)
    two = StrategoWidget(ruleset="barrage", setup="random", seed=3)
    first = armies(one)
    assert armies(two) == first
    seen = {first}
    for _ in range(3):
        one.handle({"type": "new_game"})
        two.new_game()
        assert armies(one) == armies(two)  # still reproducible from the seed
        seen.add(armies(one))
    assert len(seen) == 4


# ---------------------------------------------------------------------- rescue


def rescue_widget() -> StrategoWidget:
    widget = StrategoWidget(sw.Game.from_pieces("original+rescue", {
        "e9": "red major", "a1": "red flag", "j10": "blue flag", "a10": "blue scout"},
        captured={"red": ["general"]}))
    widget.handle({"type": "move", "from": "e9", "to": "e10"})
    assert widget.view["pending"] is not None
    return widget


@pytest.mark.parametrize("message", [
    {"type": "spot", "from": "e9", "to": "e10", "guess": "scout"},
    {"type": "move", "from": "a1", "to": "a2"},
    {"type": "rescue", "kind": "general", "square": "j5"},
    {"type": "rescue", "kind": "marshal", "square": "a2"},
    {"type": "rescue", "kind": "general"},
    {"type": "swap", "a": "a1", "b": "a2"},
    {"type": "handover"},
    {"type": "rescue", "kind": 3},
])
def test_a_refused_proposal_keeps_the_rescue_pending(message: dict[str, Any]) -> None:
    widget = rescue_widget()
    pending = widget.view["pending"]
    before, state = synced(widget), game_state(widget)
    widget.handle(message)
    assert widget.view["message"]["level"] == "error"
    assert widget.view["pending"] == pending
    assert synced(widget) == before and game_state(widget) == state
    widget.handle({"type": "rescue", "kind": "general", "square": pending["squares"][0]})
    assert widget.view["message"] is None
    assert widget.game.piece_at(pending["squares"][0]) == ("red", "general")


def test_undo_while_a_rescue_is_pending_takes_back_only_the_half_made_move() -> None:
    widget = rescue_widget()
    widget.handle({"type": "undo"})
    assert widget.view["pending"] is None and widget.view["message"] is None
    assert widget.game.ply == 0 and widget.view["can_act"]
    widget = rescue_widget()
    widget.handle({"type": "resign"})
    assert widget.view["pending"] is None and widget.view["phase"] == "over"


# ---------------------------------------------------------------------- what the browser may set


def test_the_browser_cannot_set_the_view_or_other_python_traits(monkeypatch) -> None:
    widget = playing("barrage")
    put_back: list[list[str]] = []
    monkeypatch.setattr(widget, "send_state", lambda key=None: put_back.append(list(key)))
    before, view = synced(widget), copy.deepcopy(widget.view)
    for name in ("view", "view_patch", "rules", "interactive", "_esm", "layout", "no_trait"):
        widget.set_state({name: {"phase": "over", "pieces": {"a1": "bM"}}})
        assert widget.view["message"]["rule"] == "protocol-trait", name
        assert synced(widget) == before
    assert widget.view["pieces"] == view["pieces"]
    assert ["view"] in put_back and ["interactive"] in put_back and ["rules"] in put_back


@pytest.mark.parametrize("state", [{"lang": 5}, {"lang": None}, {"lang": "xx"},
                                   {"numbering": ["marshal-low"]}, {"lang": "x" * 100_000},
                                   {"lang": "de", "view": {}}, "junk"])
def test_a_wrong_value_from_the_browser_is_put_back_without_a_traceback(
        state: Any, caplog) -> None:
    widget = playing("barrage")
    caplog.set_level(logging.DEBUG)
    widget.set_state(state)
    message = widget.view["message"]
    assert message["level"] == "error" and message["rule"].startswith("protocol")
    assert len(message["text"]) <= MESSAGE_LIMIT
    assert widget.numbering == "marshal-high"
    assert widget.lang == ("de" if isinstance(state, dict) and "view" in state else "en")
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


def test_a_valid_language_from_the_browser_is_applied() -> None:
    widget = playing("barrage")
    widget.set_state({"lang": "fr", "numbering": "marshal-low"})
    assert widget.lang == "fr" and widget.numbering == "marshal-low"
    assert widget.view["message"] is None and widget.rules["labels"]["marshal"] == "1"


# ---------------------------------------------------------------------- junk messages

JUNK = [
    {"type": []}, {"type": {}}, {"type": None}, {}, [], None, 5, "move d4-d5",
    {"type": "x" * 100_000}, {"type": "fly"},
    {"type": "move", "from": "a4" * 50_000, "to": "a5"},
    {"type": "move", "from": ["a4"], "to": "a5"},
    {"type": "move", "from": "a4", "to": "a5", "x" * 10_000: 1},
    {"type": "move", "from": "a4"},
    {"type": "preset", "name": "y" * 100_000},
    {"type": "spot", "from": "a4", "to": "a4", "guess": "dragon"},
    {"type": "replay", "index": 10**30}, {"type": "replay", "index": -1},
    {"type": "replay", "index": 1.5}, {"type": "replay", "index": False},
    {"type": "rescue", "kind": {"a": 1}},
    {"type": "place", "kind": "bomb", "square": "\x00"},
]


@pytest.mark.parametrize("message", JUNK, ids=lambda m: json.dumps(m)[:30])
def test_junk_gets_a_bounded_protocol_error_and_changes_nothing(message: Any, caplog) -> None:
    widget = playing("barrage", opponent="random", seed=1)
    caplog.set_level(logging.DEBUG)
    before, state = synced(widget), game_state(widget)
    widget.handle(message)
    error = widget.view["message"]
    assert error["level"] == "error" and error["rule"] != "internal"
    assert error["rule"].startswith("protocol") or error["rule"] in ("spot", "notation")
    assert len(error["text"]) <= MESSAGE_LIMIT
    assert len(json.dumps(widget.view_patch)) < 1000
    assert synced(widget) == before and game_state(widget) == state
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


def test_the_protocol_file_describes_every_message_the_widget_handles() -> None:
    assert StrategoWidget().session.message_types == set(MESSAGES)
    assert set(TRAITS) == {"lang", "numbering", "seen"}
    assert set(PROTOCOL["rules"]) == {"protocol-message", "protocol-type", "protocol-field",
                                      "protocol-value", "protocol-trait"}
    for rule in PROTOCOL["rules"]:
        for lang in sw.locales.LANGUAGES:
            assert sw.locales.rule_statement(rule, lang)


# ---------------------------------------------------------------------- memory


def test_closed_boards_are_freed() -> None:
    """anywidget keeps a per-instance callback on class-level file contents of _esm/_css
    (anywidget issue 929): the class passes them as strings, so closed boards go."""
    refs = []
    for index in range(50):
        widget = StrategoWidget(sw.Game.random("duel", seed=index), opponent="random")
        widget.handle({"type": "hello"} if index % 2 else {"type": "undo"})
        refs.append(weakref.ref(widget))
        widget.close()
        del widget
    gc.collect()
    assert sum(ref() is not None for ref in refs) == 0
    assert isinstance(StrategoWidget._esm, str) and isinstance(StrategoWidget._css, str)


# ---------------------------------------------------------------------- the end of a game


def test_at_the_end_every_piece_shows_and_the_replay_is_the_referees() -> None:
    widget = playing("barrage", opponent="random", seed=4)
    for _ in range(3):
        origin, target = first_target(widget)
        widget.handle({"type": "move", "from": origin, "to": target})
    widget.handle({"type": "replay", "index": 0})
    assert any(code[1] == "?" for code in widget.view["pieces"].values())  # not over yet
    widget.handle({"type": "replay", "index": widget.game.ply})
    widget.handle({"type": "resign"})
    view = widget.view
    assert view["phase"] == "over" and view["revealed"] and view["next"]["id"] == "over"
    assert all(code[1] != "?" for code in view["pieces"].values())
    assert view["captured"] == {side: widget.game.captured(side) for side in ("red", "blue")}
    for index in range(widget.game.ply + 1):
        widget.handle({"type": "replay", "index": index})
        assert widget.view["message"] is None
        assert all(code[1] != "?" for code in widget.view["pieces"].values())
    widget.handle({"type": "replay", "index": 0})
    start = board_view(sw.Game.random("barrage", seed=1), "both", "en")["pieces"]
    assert widget.view["pieces"] == start
    assert widget.view["replay"] == {"index": 0, "length": widget.game.ply, "to_move": "red"}


# ---------------------------------------------------------------------- battles


def test_the_learners_own_strike_shows_with_the_bots_answer() -> None:
    widget = StrategoWidget(sw.Game.from_pieces("original", {
        "e4": "red marshal", "a1": "red flag", "e5": "blue scout", "f5": "blue spy",
        "f4": "blue bomb", "f6": "blue bomb", "j10": "blue flag"}), opponent="random", seed=1)
    widget.handle({"type": "move", "from": "e4", "to": "e5"})
    battles = widget.view["battles"]
    assert [b["attacker"]["kind"] for b in battles] == ["marshal", "spy"]
    assert [b["defender"]["kind"] for b in battles] == ["scout", "marshal"]
    assert battles[0]["sentence"] == "Marshal strikes Scout: the Scout is removed."
    assert widget.view["battle"] == {k: v for k, v in battles[1].items() if k != "ply"}


def test_a_correct_2013_spot_makes_a_battle_record_even_when_the_bot_answers() -> None:
    widget = StrategoWidget(sw.Game.from_pieces("sci-fi-2013", {
        "e2": "red spotter", "a1": "red flag", "e4": "blue miner", "j8": "blue flag",
        "a8": "blue scout"}), opponent="random", seed=1)
    widget.handle({"type": "spot", "from": "e2", "to": "e3", "guess": "miner"})
    assert widget.game.ply == 2
    (battle,) = widget.view["battles"]
    assert battle["outcome"] == "spotted" and battle["defender"]["kind"] == "miner"
    assert battle["sentence"] == "Spotter spots Miner: the Miner is removed."


# ---------------------------------------------------------------------- languages and header


def test_switching_language_says_the_shown_message_again() -> None:
    widget = StrategoWidget(sw.Game.from_pieces("original", {
        "a1": "red flag", "b2": "red bomb", "c2": "red scout", "j10": "blue flag",
        "j9": "blue scout"}))
    widget.handle({"type": "move", "from": "b2", "to": "b3"})
    english = widget.view["message"]
    widget.lang = "nl"
    dutch = widget.view["message"]
    assert dutch["rule"] == english["rule"] == "immovable"
    assert dutch["text"] != english["text"] and dutch["text"].startswith("De Bommen")
    widget.lang = "en"
    assert widget.view["message"] == english


def test_switching_language_tells_the_battles_and_result_again() -> None:
    widget = StrategoWidget(sw.Game.from_pieces("original", {
        "e4": "red marshal", "a1": "red flag", "e5": "blue scout", "f5": "blue spy",
        "f4": "blue bomb", "f6": "blue bomb", "j10": "blue flag"}), opponent="random", seed=1)
    widget.handle({"type": "move", "from": "e4", "to": "e5"})  # Red has nothing left to move
    english = copy.deepcopy(widget.view)
    assert english["phase"] == "over"
    widget.lang = "fr"
    french = widget.view
    assert [b["sentence"] for b in french["battles"]] != [
        b["sentence"] for b in english["battles"]]
    assert french["battles"][0]["sentence"].startswith("Maréchal")
    assert french["result"]["sentence"] != english["result"]["sentence"]
    assert french["next"]["text"] != english["next"]["text"]
    assert french["result"]["reason"] == english["result"]["reason"]


def test_a_refused_click_names_its_square_so_the_error_shows_by_it() -> None:
    widget = playing("barrage")
    widget.handle({"type": "move", "from": "a1", "to": "a9"})
    assert widget.view["message"]["square"] == "a9"
    widget.handle({"type": "replay", "index": 0})
    assert widget.view["message"] is None
    widget.handle({"type": "move", "from": "a1", "to": "a99"})  # junk: no square to name
    assert "square" not in widget.view["message"]


def test_the_header_names_the_edition_not_a_file() -> None:
    widget = playing("sci-fi-2013")
    assert widget.rules["edition_title"] == "Stratego (2013 edition)"
    assert widget.rules["title"] == sw.ruleset("sci-fi-2013").title
    assert widget.rules["lake_name"] == "crater"
    assert playing("duel").rules["lake_name"] == "lake"
    assert playing("original").rules["edition_title"] == "Stratego Original (Jumbo)"


def test_the_kernel_message_path_puts_refused_traits_back() -> None:
    """Through ipywidgets' own handler, as a browser's update arrives."""
    widget = playing("barrage")
    sent: list[dict[str, Any]] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    view = copy.deepcopy(widget.view)
    widget._handle_msg({"content": {"data": {"method": "update", "state": {
        "lang": 5, "view": {"pieces": {}}}}}, "buffers": []})
    assert widget.lang == "en" and widget.view["pieces"] == view["pieces"]
    put_back = next(msg for msg in sent if msg["method"] == "update" and "view" in msg["state"])
    assert put_back["state"]["lang"] == "en" and put_back["state"]["view"]["pieces"]
    patch = sent[-1]["state"]["view_patch"]
    assert patch["set"]["message"]["rule"] == "protocol-trait"
