"""Each theme found on a hand-made position, and not on a position without it."""

from __future__ import annotations

import pytest

from stratego_widget.engine.game import Game
from stratego_widget.puzzles.themes import THEMES, detect_themes

FLAGS = {"a1": "red flag", "j10": "blue flag"}


def game(pieces: dict[str, str], **kwargs: object) -> Game:
    return Game.from_pieces("original", {**FLAGS, **pieces}, **kwargs)  # type: ignore[arg-type]


CASES = {
    "spy-takes-marshal": (game({"e4": "red spy", "e5": "blue marshal", "h8": "blue scout"},
                               revealed=["e5"]), "e4xe5", None),
    "miner-to-defended-flag": (game({"j8": "red miner", "i10": "blue bomb", "j9": "blue bomb",
                                     "a10": "blue scout"}), "j8xj9", None),
    "scout-probe": (game({"b2": "red scout", "b8": "blue general", "h8": "blue scout"}),
                    "b2xb8", None),
    "safe-capture": (game({"e4": "red major", "e5": "blue captain", "h8": "blue scout"},
                          revealed=["e5"]), "e4xe5", None),
    "escape": (game({"e4": "red major", "e5": "blue general", "h8": "blue scout"},
                    revealed=["e5"]), "e4-e3", None),
    "bluff": (game({"e3": "red captain", "f4": "blue general", "h8": "blue scout"},
                   revealed=["f4"]), "e3-e4", "h8-h7"),
    "bomb-blocks-lane": (game({"a4": "red major", "a5": "blue bomb", "h8": "blue scout"}),
                         "a4-b4", None),
    "last-movable-piece": (game({"e4": "red major", "e5": "blue captain", "h8": "blue bomb",
                                 "g8": "blue scout"}, revealed=["e5"]), "e4xe5", None),
    "flag-capture": (game({"j9": "red scout", "a10": "blue scout"}), "j9xj10", None),
}


def test_every_theme_has_a_case_here_or_a_repetition_test() -> None:
    assert set(THEMES) == set(CASES) | {"two-square-trap", "more-squares-race"}


@pytest.mark.parametrize("theme", sorted(CASES))
def test_theme_is_found_on_its_position(theme: str) -> None:
    before, move, reply = CASES[theme]
    position = before.position()
    assert theme in detect_themes(before, move, reply)
    assert before.position() == position  # the game is left alone


def test_a_quiet_move_has_no_theme() -> None:
    quiet = game({"e2": "red major", "h8": "blue scout", "g8": "blue captain"})
    assert detect_themes(quiet, "e2-e3") == ()


def test_a_bluff_struck_by_the_reply_does_not_hold() -> None:
    before = game({"e3": "red captain", "f4": "blue general", "h8": "blue scout"},
                  revealed=["f4"])
    assert "bluff" not in detect_themes(before, "e3-e4", "f4xe4")
    shown = game({"e3": "red captain", "f4": "blue general", "h8": "blue scout"},
                 revealed=["f4", "e3"])
    assert "bluff" not in detect_themes(shown, "e3-e4", "h8-h7")


def test_two_square_trap_after_the_move() -> None:
    before = Game.from_pieces("original", {"a1": "red flag", "e1": "red major",
                                           "j10": "blue flag", "j1": "blue scout"})
    for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1", "e1-e2"]:
        before.play(text)
    # Blue to move has gone j1-j2-j1; Red's e1-e2 stands. Blue's j1-j2 is fine, and after it
    # Red (the opponent of a Blue solver) is refused e2-e1 by the two-square rule.
    assert before.to_move == "blue"
    assert detect_themes(before, "j1-j2") == ("two-square-trap",)


def test_more_squares_race_from_the_verdict_tag() -> None:
    before = game({"e4": "red major", "h8": "blue scout"})
    assert "more-squares-race" in detect_themes(before, "e4-e5", None, ("more-squares",))
