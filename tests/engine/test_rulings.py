"""docs/rulings.md: one test per reading of an ambiguous clause, quoting the rulebook.

Each docstring names the rulebook file and quotes the clause word for word (emphasis as
printed). A reading the engine does not follow yet is an expected failure (strict, so it is
noticed when the engine changes) whose reason names the change.
"""

from __future__ import annotations

from typing import Any

import pytest
from positions import position, refused, targets

import stratego_widget as sw

# A Blue piece far from the action, so that Blue always has a move and the game goes on.
BLUE_SPARE = {"j7": "blue scout"}


def seen_by(game: sw.Game, player: str, square: str) -> str | None:
    """The kind ``player`` sees on ``square`` (``None`` for an unknown enemy piece)."""
    return game.observation(player)["board"][square]["kind"]


def last_strike(game: sw.Game, player: str) -> dict[str, Any]:
    """The strike record of the last ply, as ``player`` saw it."""
    return game.observation(player)["history"][-1]["strike"]


# ----------------------------------------------------------------------- movement and strikes


@pytest.mark.parametrize(("spec", "moves_in"), [
    ("classic-1961", True), ("onyx-2009", True), ("hasbro-1999", False), ("sci-fi-2013", False),
    ("original", False)])
def test_who_moves_into_the_emptied_square(spec: str, moves_in: bool) -> None:
    """003_b6aa156b9d07877b.txt, Rules for Strike 6: "The winning **higher** ranking piece is
    then moved immediately into the empty square formerly occupied by the losing piece." (Onyx,
    000, the same). 001_7dc95247839e706d.txt: "If the winner was the defending piece, it stays
    in the same spot." A Captain strikes a Major and loses: in 1961 and Onyx the Major moves
    into the Captain's square, elsewhere it stays."""
    game = position(spec, {"e2": "red captain", "e3": "blue major", **BLUE_SPARE})
    game.play("e2xe3")
    assert game.piece_at("e2" if moves_in else "e3") == ("blue", "major")
    assert game.piece_at("e3" if moves_in else "e2") is None


def test_a_bomb_never_moves_into_the_emptied_square() -> None:
    """003_b6aa156b9d07877b.txt, Rules for Strike 10: "The bomb does **not** move into the empty
    square, but remains in its original position at all times." """
    game = position("classic-1961", {"e2": "red major", "e3": "blue bomb", **BLUE_SPARE})
    game.play("e2xe3")
    assert game.piece_at("e3") == ("blue", "bomb") and game.piece_at("e2") is None


@pytest.mark.parametrize(("spec", "allowed"), [
    ("classic-1961", False), ("onyx-2009", False), ("hasbro-1999", True), ("sci-fi-2013", True),
    ("original", True)])
def test_scouts_moving_and_striking_in_one_turn(spec: str, allowed: bool) -> None:
    """000_26202189cb10a678.txt, Rules for Movement 8: "The Scout may **not move and strike**
    in the same turn." 003_b6aa156b9d07877b.txt, Rules for Strike 2: "A player may move in his
    turn or strike in his turn. **He cannot do both.**" 004_7c74f8cd1c357391.txt: "Scouts can
    move and attack during the same turn, but again, only in a straight line." """
    game = position(spec, {"e2": "red scout", "e6": "blue sergeant", **BLUE_SPARE})
    assert game.is_legal("e2xe6") is allowed
    if not allowed:
        refused(game, "e2xe6", "scout-move-and-strike")
    game = position(spec, {"e2": "red scout", "e3": "blue sergeant", **BLUE_SPARE})
    assert game.is_legal("e2xe3")


@pytest.mark.parametrize("spec", ["sci-fi-2013", "sci-fi-2013-duel"])
def test_spy_against_spy_in_2013_the_attacked_spy_is_removed(spec: str) -> None:
    """002_2f9daa46d747bbe8.txt, The Spy: "A Spy has no rank. If the Spy is attacked by any
    piece, it is removed." The attacked Spy is removed; the attacker, having no rank, is not
    matched by "If your piece's rank **MATCHES** the rank of your opponent's, both pieces are
    captured.", so it wins and moves in."""
    game = position(spec, {"e2": "red spy", "e3": "blue spy", **BLUE_SPARE})
    game.play("e2xe3")
    assert game.piece_at("e3") == ("red", "spy")


@pytest.mark.parametrize(("spec", "winner"), [
    ("classic-1961", None), ("onyx-2009", None), ("hasbro-1999", None), ("original", None),
    ("original+aggressor-advantage", "red")])
def test_spy_against_spy_elsewhere_is_equal_ranks(spec: str, winner: str | None) -> None:
    """003_b6aa156b9d07877b.txt, Rules for Strike 7: "When **equal ranks** are struck, then
    **both** pieces are lost and removed from the board." 004_7c74f8cd1c357391.txt: "The Spy has
    the lowest rank. If the Spy is attacked by any other piece, it is captured." and "If your
    piece's RANK MATCHES (same in number) the rank of your opponent's piece, both pieces are
    captured." 001_7dc95247839e706d.txt: "The Spy is ranked with the letter "S"." and "When
    pieces of the same rank battle, both pieces are removed from the board." With Aggressor
    Advantage the attacker wins."""
    game = position(spec, {"e2": "red spy", "e3": "blue spy", **BLUE_SPARE})
    game.play("e2xe3")
    assert game.piece_at("e3") == (None if winner is None else ("red", "spy"))


@pytest.mark.parametrize(("spec", "piece", "move", "revealed"), [
    ("original", "scout", "e3-e5", True),
    ("ultimate-lightning", "scout", "e3-e5", False),
    ("ultimate-lightning", "captain", "e3-e5", False),
    ("ultimate-lightning", "scout", "e3-e6", True),
    ("ultimate-lightning", "captain", "e3-f4", True),
    ("ultimate-lightning", "captain", "e3-e4", False)])
def test_a_move_reveals_a_rank_only_when_it_proves_it(spec: str, piece: str, move: str,
                                                      revealed: bool) -> None:
    """004_7c74f8cd1c357391.txt: "NOTE: If a Scout moves more than one square, its identity will
    be revealed." In Ultimate Lightning "Captains can move two spaces during each turn, either in
    a straight line or by changing direction after the first space.", so only three squares (a
    Scout) or a turn (a Captain) prove the rank."""
    game = position(spec, {"e3": f"red {piece}", **BLUE_SPARE})
    game.play(move)
    assert (seen_by(game, "blue", move[-2:]) == piece) is revealed


def test_ultimate_lightning_captain_path() -> None:
    """004_7c74f8cd1c357391.txt, Ultimate Lightning: "Captains can move two spaces during each
    turn, either in a straight line or by changing direction after the first space." and "The
    pieces cannot jump over or move through an occupied square." The Captain takes one or two
    steps, may turn, never ends where it started, and its first square must be empty."""
    game = position("ultimate-lightning", {"e3": "red captain", **BLUE_SPARE})
    assert targets(game, "e3") == {"e4", "e5", "e2", "e1", "d3", "c3", "f3", "g3",
                                   "d4", "f4", "d2", "f2"}
    game = position("ultimate-lightning", {"e3": "red captain", "e4": "red miner",
                                           "d3": "blue sergeant", **BLUE_SPARE})
    reach = targets(game, "e3")
    assert not {"e5", "c3", "d4"} & reach  # no jumping, over friend or foe
    assert {"f4", "d3"} <= reach  # round the other way; the Sergeant itself is struck
    game = position("ultimate-lightning", {"b4": "red captain", **BLUE_SPARE})
    assert not targets(game, "b4") & set(game.rules.lakes)


def test_ultimate_lightning_captain_strikes_once_and_stops() -> None:
    """004_7c74f8cd1c357391.txt, Ultimate Lightning: "Captains, like Scouts, can move and attack
    during the same turn. Captains can only attack once during each turn." The Captain strikes
    on its first or second square, never through a piece, and stops where it struck."""
    game = position("ultimate-lightning", {"e3": "red captain", "e4": "blue scout",
                                           "e5": "blue sergeant", **BLUE_SPARE})
    assert "e4" in targets(game, "e3") and "e5" not in targets(game, "e3")
    game = position("ultimate-lightning", {"e3": "red captain", "f4": "blue sergeant",
                                           **BLUE_SPARE})
    game.play("e3xf4")  # one step, a turn, then the strike
    assert game.piece_at("f4") == ("red", "captain") and game.to_move == "blue"
    assert game.piece_at("e3") is None and game.ply == 1


# ----------------------------------------------------------------------------- repetition


def shuffle_until_refused(spec: str, moves: list[str], **params: Any) -> int:
    """Red's Scout plays ``moves`` from the first move's square while Blue wanders; the number
    of the first move the two-square rule refuses, or 0."""
    blue = ["f7-f8", "g7-g8", "h7-h8", "i7-i8", "f8-f9", "g8-g9", "h8-h9", "i8-i9"]
    game = position(spec, {moves[0][:2]: "red scout", "f7": "blue scout", "g7": "blue scout",
                           "h7": "blue scout", "i7": "blue scout"}, **params)
    for number, move in enumerate(moves, start=1):
        if not game.is_legal(move):
            refused(game, move, "two-square")
            return number
        game.play(move)
        game.play(blue[number - 1])
    return 0


@pytest.mark.parametrize(("spec", "refused_at"), [
    ("classic-1961", 4), ("original", 4), ("onyx-2009", 3), ("hasbro-1999", 3),
    ("sci-fi-2013", 3)])
def test_two_square_rule_count_and_reading(spec: str, refused_at: int) -> None:
    """003_b6aa156b9d07877b.txt, Rules for Movement 10: "No piece may be shifted more than 3
    times back and forth in the same two squares." and 004_7c74f8cd1c357391.txt: "The pieces
    cannot be moved back and forth between the same two squares for more than three consecutive
    turns." (the fourth is refused); 000_26202189cb10a678.txt, Rules for Movement 10: "Pieces
    **cannot** be moved back and forth between the same 2 squares in 3 consecutive turns." (the
    third is refused)."""
    assert shuffle_until_refused(spec, ["b2-b3", "b3-b2"] * 3) == refused_at


@pytest.mark.parametrize(("reading", "moves", "refused_at"), [
    ("path", ["a2-a4", "a4-a2", "a2-a4", "a4-a3"], 4),
    ("endpoints", ["a2-a4", "a4-a2", "a2-a4", "a4-a3", "a3-a2"], 0),
    ("path", ["b2-e2", "e2-a2", "a2-b2", "b2-a2", "a2-c2"], 5),
    ("endpoints", ["b2-e2", "e2-a2", "a2-b2", "b2-a2", "a2-b2", "b2-a2"], 6)])
def test_what_counts_as_one_back_and_forth(reading: str, moves: list[str],
                                           refused_at: int) -> None:
    """004_7c74f8cd1c357391.txt: "The pieces cannot be moved back and forth between the same two
    squares for more than three consecutive turns." For a Scout (docs/rulings.md): a move goes
    on with the back and forth when it goes back the way it came and ends inside the stretch of
    the first move (reading "path"; only the same two squares with "endpoints"); any other move
    starts a new count."""
    assert shuffle_until_refused("original", moves, two_square_scout=reading) == refused_at


def test_the_player_who_started_must_stop_first() -> None:
    """004_7c74f8cd1c357391.txt: "The player who starts this has to be the first to stop and
    this could mean losing an important piece." Both shuffle; Red started and is refused first.
    """
    game = position("original", {"e3": "red major", "e8": "blue major"})
    for move in ["e3-e4", "e8-e7", "e4-e3", "e7-e8", "e3-e4", "e8-e7"]:
        game.play(move)
    refused(game, "e4-e3", "two-square")


def test_more_squares_rule() -> None:
    """004_7c74f8cd1c357391.txt: "If a piece is pursuing an enemy piece, the attacker has to
    stop if a repeat scenario threatens to arise on the board." The chaser may not bring back a
    position seen during the chase."""
    game = position("original", {"e4": "red major", "f5": "blue captain"})
    for move in ["e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"]:
        game.play(move)
    refused(game, "e6-e5", "more-squares")


# --------------------------------------------------------------------------- end of the game

EDITIONS = ["classic-1961", "onyx-2009", "hasbro-1999", "sci-fi-2013", "original"]


@pytest.mark.parametrize("spec", EDITIONS)
def test_a_player_who_cannot_move_or_strike_loses(spec: str) -> None:
    """000_26202189cb10a678.txt, To End the Game: "Note: If a player cannot move a piece or
    strike in his/her turn, they must give up and declare their opponent the winner."
    (002_2f9daa46d747bbe8.txt: "If none of your pieces are able to move or attack, the game is
    over and your opponent wins.") Blue's only movable piece is walled in by its own Bombs."""
    game = position(spec, {"e3": "red scout", "j1": "blue scout", "i1": "blue bomb",
                           "j2": "blue bomb"}, to_move="blue")
    assert game.winner == "red" and game.result_reason == "no-moves"
    game = position(spec, {"e3": "red scout", "j2": "blue bomb"}, to_move="blue")
    assert game.winner == "red" and game.result_reason == "no-movable-pieces"


def test_a_player_stopped_only_by_the_repetition_rules_cannot_move() -> None:
    """003_b6aa156b9d07877b.txt, To End the Game: "Note: If a player cannot move a piece or
    "strike" in his turn, he must give up and declare his opponent the winner." A Major in a
    corridor has used up its back and forth: it cannot move, so Red loses."""
    game = position("classic-1961", {"a1": "red flag", "b1": "red major", "c1": "red bomb",
                                     "a2": "red bomb", "c2": "red bomb", "b3": "red bomb",
                                     "j9": "blue scout"})
    for red, blue in [("b1-b2", "j9-j8"), ("b2-b1", "j8-j7"), ("b1-b2", "j7-j6")]:
        game.play(red)
        game.play(blue)
    assert game.winner == "blue" and game.result_reason == "no-moves"


@pytest.mark.parametrize("spec", EDITIONS)
def test_neither_side_can_move_the_side_to_move_loses(spec: str) -> None:
    """004_7c74f8cd1c357391.txt, The Winner: "A player cannot move a piece or attack. In that
    case, the opposing player is the winner." Read to the letter: a strike between the last two
    movable pieces removes both; Blue, to move, cannot move, and loses."""
    game = position(spec, {"e2": "red major", "e3": "blue major"})
    game.play("e2xe3")
    assert game.winner == "red" and game.result_reason == "neither-can-move"
    game = position(spec, {"e2": "red bomb", "e7": "blue bomb"}, to_move="blue")
    assert game.winner == "red" and game.result_reason == "neither-can-move"


def test_neither_side_can_move_is_a_draw_with_the_parameter() -> None:
    """Platforms that score a position where neither side can move as a draw set
    ``both_cannot_move="draw"`` (docs/rulings.md); 001_7dc95247839e706d.txt, read to the letter,
    would have the side to move lose: "Note: If you cannot do either action, the game is over
    and you automatically lose the game." """
    rules = sw.ruleset("hasbro-1999", both_cannot_move="draw")
    game = position(rules, {"e2": "red major", "e3": "blue major"})
    game.play("e2xe3")
    assert game.winner == "draw" and game.result_reason == "neither-can-move"
    assert sw.ruleset("hasbro-1999").both_cannot_move == "lose"


# ----------------------------------------------------------------------------- the Spotter


def spotting_game(guess: str) -> sw.Game:
    """Red's Spotter on e2 spots the Blue Major on e3 with ``guess``."""
    game = position("sci-fi-2013", {"e2": "red spotter", "e3": "blue major", **BLUE_SPARE})
    game.play(f"e2!{guess}")
    return game


def test_spotter_right_guess_captures_and_stays() -> None:
    """002_2f9daa46d747bbe8.txt, Spotter Special Attack: "**If your guess is correct**, that
    piece is captured. The Spotter does NOT move to the captured piece's square." """
    game = spotting_game("major")
    assert game.piece_at("e3") is None and game.piece_at("e2") == ("red", "spotter")
    assert game.observation("red")["captured"]["blue"] == ["major"]


@pytest.mark.parametrize("guess", ["major", "general"])
def test_the_spotter_is_revealed_whatever_the_guess(guess: str) -> None:
    """002_2f9daa46d747bbe8.txt: "Tell your opponent that you are "Spotting" the piece, then
    guess." and "**If your guess is not correct**, nothing happens. But your Spotter is
    revealed!" Announcing a spot shows the piece is a Spotter, right guess or wrong."""
    assert seen_by(spotting_game(guess), "blue", "e2") == "spotter"


def test_a_wrong_guess_still_shows_the_spotted_rank_to_the_spotter() -> None:
    """002_2f9daa46d747bbe8.txt, Spotter Special Attack: "Tell your opponent that you are
    "Spotting" the piece, then guess. Your opponent must reveal the piece's rank." The spotted
    piece's owner reveals its rank to the spotting player before the outcome is known, so on a
    wrong guess, when "nothing happens", the Major stays but Red has seen its rank."""
    game = spotting_game("general")
    assert game.piece_at("e3") == ("blue", "major")
    assert seen_by(game, "red", "e3") == "major"
    assert last_strike(game, "red")["defender"] == "major"


def test_a_spot_is_at_the_square_in_front_after_an_optional_move() -> None:
    """002_2f9daa46d747bbe8.txt: "Spotters may move, then use their special attack." and "A
    SPOTTER MAY ONLY GUESS THE IDENTITY OF A PIECE ON THE SQUARE IN FRONT OF IT." In front is
    towards the opponent; spotting without moving is allowed."""
    game = position("sci-fi-2013", {"e3": "red spotter", "e4": "blue major", **BLUE_SPARE})
    assert game.is_legal("e3!major") and game.is_legal("e3!miner")  # without moving, any guess
    game = position("sci-fi-2013", {"e3": "red spotter", "d3": "blue miner", "e2": "blue major",
                                    **BLUE_SPARE})
    assert not any(m.guess for m in game.legal_moves())  # beside and behind are not in front
    game = position("sci-fi-2013", {"e2": "red spotter", "d3": "blue miner", **BLUE_SPARE})
    assert game.is_legal("e2-d2!miner")  # move one square, then spot


def test_spotting_the_flag_wins() -> None:
    """002_2f9daa46d747bbe8.txt: "Spotters can "spot" and capture Bombs and the Flag." """
    game = position("sci-fi-2013", {"e2": "red spotter", "e3": "blue flag", **BLUE_SPARE})
    game.play("e2!flag")
    assert game.winner == "red" and game.result_reason == "flag-captured"


# --------------------------------------------------------------------------- optional rules


def silent_strike(spec: str, attacker: str, defender: str) -> sw.Game:
    """Red's ``attacker`` on e2 strikes Blue's ``defender`` on e3 under ``spec``."""
    game = position(spec, {"e2": f"red {attacker}", "e3": f"blue {defender}", **BLUE_SPARE})
    game.play("e2xe3")
    return game


def test_silent_defense_onyx_attacker_does_not_learn_the_removed_piece() -> None:
    """000_26202189cb10a678.txt, Silent Defense: "Players keep their own captured pieces.
    Exception: when a Scout strikes, the defender must reveal the rank of his/her piece." """
    game = silent_strike("onyx-2009+silent-defense", "major", "captain")
    assert game.observation("red")["captured"]["blue"] == [None]
    assert last_strike(game, "red")["defender"] is None
    game = silent_strike("onyx-2009+silent-defense", "scout", "captain")
    assert last_strike(game, "red")["defender"] == "captain"


def test_silent_defense_original_captured_pieces_are_public() -> None:
    """004_7c74f8cd1c357391.txt: "The defender 'remains silent' but has to remove the
    lower-ranked piece from the board." Captured pieces: "Sort them and place them where both
    players can see them". A defender that wins stays unknown unless a Scout struck."""
    game = silent_strike("original+silent-defense", "major", "captain")
    assert game.observation("red")["captured"]["blue"] == ["captain"]
    game = silent_strike("original+silent-defense", "captain", "major")
    assert seen_by(game, "red", "e3") is None
    game = silent_strike("original+silent-defense", "scout", "major")
    assert seen_by(game, "red", "e3") == "major"


def test_silent_defense_1999_has_no_scout_exception() -> None:
    """001_7dc95247839e706d.txt, Silent Defense: "When an attack is made, the attacker is the
    only player who reveals his pieces rank." (no exception for Scouts)."""
    game = silent_strike("hasbro-1999+silent-defense", "scout", "major")
    assert seen_by(game, "red", "e3") is None


def test_silent_defense_1999_attacker_does_not_learn_the_removed_piece() -> None:
    """001_7dc95247839e706d.txt, Silent Defense: "When an attack is made, the attacker is the
    only player who reveals his pieces rank. The defender resolves the attack by removing the
    piece with the lower number." Nothing in 1999 shows captured pieces to the other player."""
    game = silent_strike("hasbro-1999+silent-defense", "major", "captain")
    assert game.observation("red")["captured"]["blue"] == [None]
    assert last_strike(game, "red")["defender"] is None


@pytest.mark.parametrize("spec", ["onyx-2009+rescue", "hasbro-1999+rescue", "original+rescue"])
def test_no_rescue_after_a_strike_on_the_back_row(spec: str) -> None:
    """000_26202189cb10a678.txt, Rescue: "When you move onto a square in your opponent's back row
    you have the option of rescuing one of your captured pieces." and Rules for Strike 2: "A
    player may **move** on his/her turn or **strike** on their turn. **He/she cannot do
    both.**" A strike is not a move: a Major that wins on the back row does not rescue; its next
    plain move along that row may."""
    game = sw.Game.from_pieces(spec, {"a1": "red flag", "e9": "red major", "e10": "blue sergeant",
                                      "a10": "blue flag", **BLUE_SPARE},
                               captured={"red": ["general"]})
    assert not any(m.rescue for m in game.legal_moves() if m.origin == "e9" and m.target == "e10")
    game.play("e9xe10")
    game.play("j7-j6")
    assert any(m.rescue for m in game.legal_moves() if str(m).startswith("e10-f10"))


def test_moving_flag_moves_never_strikes_and_wins_on_the_back_row() -> None:
    """004_7c74f8cd1c357391.txt, Moving Flag: "The Flag is allowed to move. To win this game,
    you must either capture your opponent's Flag, or move your Flag to your opponent's back
    row." """
    game = position("original+moving-flag", {"e9": "red flag", "d9": "blue scout",
                                             **BLUE_SPARE})
    assert game.is_legal("e9-e10") and not game.is_legal("e9xd9")
    game.play("e9-e10")
    assert game.winner == "red" and game.result_reason == "flag-reached"


def test_exploding_bombs_the_miner_moves_in() -> None:
    """004_7c74f8cd1c357391.txt, Exploding Bombs: "If a Miner attacks a Bomb, the Bomb is
    captured and the Miner stays on the board"; any other piece and the Bomb are both removed."""
    game = silent_strike("original+exploding-bombs", "miner", "bomb")
    assert game.piece_at("e3") == ("red", "miner")
    game = silent_strike("original+exploding-bombs", "major", "bomb")
    assert game.piece_at("e3") is None and game.piece_at("e2") is None


def test_an_option_without_its_own_wording_takes_originals() -> None:
    """An option on an edition whose rulebook lacks it uses 004_7c74f8cd1c357391.txt's wording;
    Moving Bombs already "plays just like 'Exploding Bombs'", so asking for both is refused."""
    rules = sw.ruleset("classic-1961+silent-defense")
    assert rules.silent_defense_scout_exception and rules.captured_public
    with pytest.raises(sw.RulesetError):
        sw.ruleset("original+exploding-bombs+moving-bombs")


def test_1999_numbering_defaults_to_marshal_high() -> None:
    """001_7dc95247839e706d.txt: "Note: Your Marshal is usually ranked #1 or #10; likewise the
    General is ranked #2 or #9, the Colonels #3 or #8, etc. The ranking system depends on the
    set." Default 10 = Marshal, switchable."""
    assert sw.ruleset("hasbro-1999").label("marshal") == "10"
    assert sw.ruleset("hasbro-1999", numbering="marshal-low").label("marshal") == "1"
