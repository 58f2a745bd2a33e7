"""The six optional rules, each in every edition whose rulebook has it, with its wording."""

from __future__ import annotations

import pytest
from positions import position, refused, targets

import stratego_widget as sw

THREE = ["onyx-2009", "hasbro-1999", "original"]  # editions with the three tournament rules


@pytest.mark.parametrize("edition", THREE)
def test_aggressor_advantage(edition: str) -> None:
    """Onyx (000) and Original (004): "When pieces of the same rank battle, the attacking piece
    wins"; 1999 (001): "When pieces of the same rank battle the attacking piece wins"."""
    game = position(f"{edition}+aggressor-advantage", {"e3": "red major", "e4": "blue major"})
    game.play("e3xe4")
    assert game.piece_at("e4") == ("red", "major") and game.captured("blue") == ["major"]


@pytest.mark.parametrize(("edition", "scout_reveals"), [
    ("onyx-2009", True), ("original", True), ("hasbro-1999", False)])
def test_silent_defense_and_its_scout_exception(edition: str, scout_reveals: bool) -> None:
    """Onyx (000), Silent Defense: "Exception: when a Scout strikes, the defender must reveal
    the rank of his/her piece"; Original (004), Silent Defence, the same; 1999 (001) has no
    exception. Otherwise the attacker does not learn the defender's rank."""
    game = position(f"{edition}+silent-defense", {"e3": "red captain", "e4": "blue major"})
    game.play("e3xe4")
    assert game.observation("red")["history"][-1]["strike"]["defender"] is None
    board = game.observation("red")["board"]
    winner = "e3" if "e3" in board else "e4"  # Onyx: the winning defender moves in
    assert board[winner]["owner"] == "blue" and board[winner]["kind"] is None
    game = position(f"{edition}+silent-defense", {"e3": "red scout", "e4": "blue major"})
    game.play("e3xe4")
    shown = game.observation("red")["history"][-1]["strike"]["defender"]
    assert (shown == "major") is scout_reveals


@pytest.mark.parametrize(("edition", "captured_shown"), [("onyx-2009", False),
                                                         ("original", True)])
def test_silent_defense_captured_pieces(edition: str, captured_shown: bool) -> None:
    """Onyx (000): "Players keep their own captured pieces" (the attacker never sees the
    defender it removed); Original (004): captured pieces are sorted "where both players can
    see them"."""
    game = position(f"{edition}+silent-defense", {"e3": "red major", "e4": "blue captain"})
    game.play("e3xe4")
    captured = game.observation("red")["captured"]["blue"]
    assert captured == (["captain"] if captured_shown else [None])


def rescue_position(spec: str, **captured: list[str]) -> sw.Game:
    return sw.Game.from_pieces(spec, {"e9": "red major", "d9": "red scout", "a1": "red flag",
                                      "j10": "blue flag", "a10": "blue scout"},
                               captured=captured or {"red": ["general", "bomb", "miner"]})


@pytest.mark.parametrize(("edition", "rows"), [("onyx-2009", 5), ("hasbro-1999", 5),
                                               ("original", 4)])
def test_rescue_places_the_piece_per_edition(edition: str, rows: int) -> None:
    """Onyx (000): "any unoccupied space on your half of the gameboard"; Original (004): "any
    unoccupied space in your first four rows"; 1999 (001): "on your side of the board"."""
    game = rescue_position(f"{edition}+rescue")
    rescues = [m for m in game.legal_moves() if m.rescue]
    assert {m.origin for m in rescues} == {"e9"}  # "Scouts cannot make a rescue"
    assert {m.rescue[0] for m in rescues} == {"general", "miner"}  # never a Bomb
    assert max(int(m.rescue[1][1:]) for m in rescues) == rows
    game.play("e9-e10+general@e2")
    assert game.piece_at("e2") == ("red", "general")
    assert game.observation("blue")["board"]["e2"]["kind"] == "general"
    assert game.to_move == "blue"  # "This ends your turn"


@pytest.mark.parametrize("edition", THREE)
def test_rescue_is_optional_and_not_by_scouts(edition: str) -> None:
    game = rescue_position(f"{edition}+rescue")
    game.play("e9-e10")  # moving onto the back row without rescuing is allowed
    assert game.captured("red") == ["general", "miner", "bomb"]
    game = rescue_position(f"{edition}+rescue")
    refused(game, "d9-d10+general@e2", "rescue")


def test_rescue_is_not_in_play_without_the_option() -> None:
    refused(rescue_position("original"), "e9-e10+general@e2", "rescue")


@pytest.mark.parametrize(("edition", "twice"), [("onyx-2009", False), ("original", False),
                                                ("hasbro-1999", True)])
def test_at_most_two_rescues_and_not_twice_by_one_piece(edition: str, twice: bool) -> None:
    """Onyx and Original: each player may rescue at most two pieces, and the same piece may
    not rescue twice; 1999 limits the number only (docs/rulings.md)."""
    game = rescue_position(f"{edition}+rescue", red=["general", "colonel", "miner"])
    game.play("e9-e10+general@e2")
    game.play("a10-a9")
    # Moving along the back row moves "into a square in your opponent's back row" again.
    assert game.is_legal("e10-f10+colonel@e3") is twice
    if not twice:
        refused(game, "e10-f10+colonel@e3", "rescue")
        return
    game.play("e10-f10+colonel@e3")
    game.play("a9-a8")
    refused(game, "f10-g10+miner@e4", "rescue")  # "at most two rescues per player"


def test_exploding_bombs() -> None:
    """004 (Original), Exploding Bombs: "if any piece other than a Miner attacks a Bomb, both
    the attacking piece and the Bomb are captured ... If a Miner attacks a Bomb, the Bomb is
    captured and the Miner stays on the board"."""
    game = position("original+exploding-bombs", {"e3": "red major", "e4": "blue bomb",
                                                  "f3": "red miner", "f4": "blue bomb",
                                                  "a7": "blue scout"})
    game.play("e3xe4")
    assert game.piece_at("e4") is None and game.piece_at("e3") is None
    game.play("a7-a6")
    game.play("f3xf4")
    assert game.piece_at("f4") == ("red", "miner")


def test_moving_bombs() -> None:
    """004 (Original), Moving Bombs: "the Bombs can move like all other pieces (except the
    Flag). Moving Bombs may not attack"."""
    game = position("original+moving-bombs", {"e3": "red bomb", "e5": "blue major"})
    assert targets(game, "e3") == {"e2", "e4", "d3", "f3"}
    game.play("e3-e4")
    game.play("e5-d5") if game.is_legal("e5-d5") else game.play("e5-f5")
    game = position("original+moving-bombs", {"e3": "red bomb", "e4": "blue major"})
    refused(game, "e3xe4", "cannot-strike")


def test_moving_flag() -> None:
    """004 (Original), Moving Flag: "The Flag is allowed to move. To win this game, you must
    either capture your opponent's Flag, or move your Flag to your opponent's back row"."""
    game = position("original+moving-flag", {"e9": "red flag", "j10": "blue flag",
                                             "a7": "blue scout"})
    game.play("e9-e10")
    assert game.winner == "red" and game.result_reason == "flag-reached"
    game = position("original+moving-flag", {"e3": "red flag", "e4": "blue scout"})
    refused(game, "e3xe4", "cannot-strike")


@pytest.mark.parametrize("game_name", sw.ruleset_names())
@pytest.mark.parametrize("option", sw.option_names())
def test_every_option_works_on_every_game(game_name: str, option: str) -> None:
    """Any combination of options works on any game; options without the edition's own
    wording take Original's (docs/rulings.md)."""
    rules = sw.ruleset(f"{game_name}+{option}")
    assert option in rules.options
    game = sw.Game.random(rules, seed=1)
    game.play(game.legal_moves()[0])
