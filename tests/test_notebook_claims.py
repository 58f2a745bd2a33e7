"""What the tutorial notebooks show a learner, checked through the engine.

The notebooks show results (a printed answer, a sentence, a picture) and no test code; each
fact they show is played again here, on the same position, and named by the rule it rests on:
``@rule(edition, section, words)`` gives the edition, the section and the rulebook's own
words, and :func:`test_every_quoted_rule_is_word_for_word_in_its_rulebook` finds those words
in the rulebook. Where a fact is a reading of this project (``docs/rulings.md``), the test
says so.

The tests are grouped by notebook, in the course's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from positions import refused
from test_notebooks import EDITION_NAMES, RULEBOOKS

import stratego_widget as sw
from stratego_widget import Game
from stratego_widget.lessons.checker import quote_found, read_rulebooks

Test = TypeVar("Test", bound=Callable[..., Any])

#: (test, edition, section, words) for every rule a test below names.
RULES: list[tuple[str, str, str, str]] = []

ORIGINAL, Y1961, ONYX = "Stratego Original", "Stratego (1961)", "Stratego Onyx Edition (2009)"
Y1999, Y2013 = "Stratego (Hasbro 1999)", "Stratego (2013 edition)"


def rule(edition: str, section: str, words: str) -> Callable[[Test], Test]:
    """Name the rule a test checks: the edition, its section and the rulebook's words."""
    def named(test: Test) -> Test:
        RULES.append((test.__name__, edition, section, words))
        test.__doc__ = f'{edition}, {section}: "{words}"\n\n{test.__doc__ or ""}'
        return test
    return named


def observed(game: Game, player: str, square: str) -> Any:
    """What ``player`` knows of the piece on ``square``."""
    return game.observation(player)["board"][square]


def rank_told(game: Game) -> str | None:
    """The defender's rank the last strike told Red, or None."""
    return game.observation("red")["history"][-1]["strike"]["defender"]


def blue_ranks_red_knows(game: Game) -> list[str | None]:
    return [cell["kind"] for cell in game.observation("red")["board"].values()
            if cell and cell["owner"] == "blue"]


@pytest.mark.rulebooks
def test_every_quoted_rule_is_word_for_word_in_its_rulebook() -> None:
    """Each ``@rule`` names an edition a notebook may cite and quotes its rulebook exactly."""
    books = read_rulebooks(RULEBOOKS)
    assert RULES
    wrong = [(test, edition, words) for test, edition, _, words in RULES
             if edition not in EDITION_NAMES
             or not quote_found(words, books[EDITION_NAMES[edition]])]
    assert not wrong


# ---------------------------------------------------------------- 00_start_here

@rule(ORIGINAL, "The setup", "Position your pieces with their backs to your opponent so that "
      "only you can see the illustrations.")
def test_start_here_red_sees_its_own_ranks_and_none_of_blues() -> None:
    game = Game.from_pieces("original", {
        "a1": "red flag", "c3": "red bomb", "e2": "red captain", "e3": "red lieutenant",
        "e4": "red sergeant", "e7": "blue captain", "f8": "blue bomb", "j10": "blue flag"})
    assert observed(game, "red", "e4")["kind"] == "sergeant"
    assert [observed(game, "red", square)["kind"] for square in ("e7", "f8", "j10")] == [None] * 3


@rule(ORIGINAL, "Moving", "The pieces may not land in the 'lakes' in the centre of the board; "
      "they must move around these areas, never through or over them.")
def test_start_here_two_lakes_of_2x2_that_no_piece_enters_or_crosses() -> None:
    """Each lake takes the room of 2×2 squares and holds none."""
    rules = sw.ruleset("original")
    assert sorted(rules.lakes) == sorted(["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"])
    game = Game.from_pieces("original", {"c3": "red scout", "a1": "red flag", "j10": "blue flag"})
    assert not {move.target for move in game.legal_moves()} & set(rules.lakes)
    refused(game, "c3-c8", "lake")


# ---------------------------------------------------------------- 01_original

@rule(ORIGINAL, "The playing pieces", "The Marshal has a rank of 10 and is therefore the most "
      "powerful piece; the Spy has the lowest rank at 1.")
@rule(ORIGINAL, "The setup", "Each player places their 40 playing pieces on the game board, one "
      "piece on each square in the first four rows")
def test_original_army_and_numbers() -> None:
    rules = sw.ruleset("original")
    assert (rules.army_size, rules.home_rows) == (40, 4)
    assert (rules.label("marshal"), rules.label("spy")) == ("10", "1")


@rule(ORIGINAL, "Special pieces, The Scout", "Scouts can move and attack during the same turn, "
      "but again, only in a straight line.")
@rule(ORIGINAL, "Special pieces, The Scout", "They may not move diagonally.")
@rule(ORIGINAL, "Special pieces, The Scout", "NOTE: If a Scout moves more than one square, its "
      "identity will be revealed.")
def test_original_scout_runs_strikes_never_diagonally_and_shows_itself() -> None:
    game = Game.from_pieces("original", {"b2": "red scout", "b8": "blue major",
                                         "a1": "red flag", "j10": "blue flag"})
    assert game.is_legal("b2-b7") and game.is_legal("b2xb8")
    refused(game, "b2-c3", "diagonal")
    game.play("b2-b6")
    assert observed(game, "blue", "b6")["kind"] == "scout"


@rule(ORIGINAL, "Special pieces, The Spy", "When a Spy attacks a Marshal (10), the Marshal is "
      "captured and removed from the board.")
@rule(ORIGINAL, "Special pieces, The Miner", "When a Miner attacks a Bomb, the Bomb is removed "
      "from the game board. The Miner then moves into the Bomb's square.")
def test_original_spy_takes_the_marshal_and_the_miner_the_bomb() -> None:
    game = Game.from_pieces("original", {"e4": "red spy", "e5": "blue marshal", "i4": "red miner",
                                         "i5": "blue bomb", "a7": "blue scout",
                                         "a1": "red flag", "j10": "blue flag"})
    for move in ("e4xe5", "a7-a6", "i4xi5"):
        game.play(move)
    assert game.piece_at("e5") == ("red", "spy") and game.piece_at("i5") == ("red", "miner")
    assert sorted(game.captured("blue")) == ["bomb", "marshal"]


@rule(ORIGINAL, "Moving", "The pieces cannot be moved back and forth between the same two "
      "squares for more than three consecutive turns.")
def test_original_third_shuffle_allowed_fourth_refused() -> None:
    """This board's reading: "more than three" lets the third move through."""
    game = Game.from_pieces("original", {"e3": "red major", "a7": "blue scout", "b7": "blue scout",
                                         "i7": "blue scout", "a1": "red flag", "j10": "blue flag"})
    for red, blue in [("e3-e4", "a7-a6"), ("e4-e3", "b7-b6"), ("e3-e4", "i7-i6")]:
        game.play(red)
        game.play(blue)
    refused(game, "e4-e3", "two-square")


# ---------------------------------------------------------------- 02_classic_1961

@rule(Y1961, "To Start the Game, rule 3", 'Thus, the Marshal is ranked 1 (highest), the General '
      '2, the Colonels 3, and so on to the Spy, who is marked with an "S".')
@rule(Y1961, "To Start the Game, rule 3", "Each player gets an army of 40 pieces, in order of "
      "rank from high to low, consisting of:")
def test_1961_numbers_and_army() -> None:
    rules = sw.ruleset("classic-1961")
    labels = [rules.label(kind) for kind in ("marshal", "general", "scout", "spy")]
    assert labels == ["1", "2", "9", "S"]
    assert dict(rules.army) == dict(sw.ruleset("original").army)


@rule(Y1961, "Rules for Strike, rule 2", "A player may move in his turn or strike in his turn. "
      "He cannot do both.")
def test_1961_scout_runs_or_strikes_never_both() -> None:
    assert not sw.ruleset("classic-1961").scout_move_and_strike
    game = Game.from_pieces("classic-1961", {"b2": "red scout", "b6": "blue spy",
                                             "a1": "red flag", "j10": "blue flag"})
    refused(game, "b2xb6", "scout-move-and-strike")
    assert game.is_legal("b2-b5")


@rule(Y1961, "Rules for Strike, rule 6", "The winning higher ranking piece is then moved "
      "immediately into the empty square formerly occupied by the losing piece.")
def test_1961_a_winning_defender_moves_in() -> None:
    """This board's reading, to the letter: a defender that wins moves in too."""
    assert sw.ruleset("classic-1961").winning_defender_moves_in
    game = Game.from_pieces("classic-1961", {"e5": "red sergeant", "e6": "blue colonel",
                                             "a1": "red flag", "j10": "blue flag"})
    game.play("e5xe6")
    assert game.piece_at("e5") == ("blue", "colonel") and game.piece_at("e6") is None


@rule(Y1961, "Rules for Movement, rule 10", "No piece may be shifted more than 3 times back and "
      "forth in the same two squares.")
def test_1961_has_no_rule_against_chasing() -> None:
    """The 1961 rules' only rule against repetition is the two-square rule."""
    assert not sw.ruleset("classic-1961").more_squares_rule


# ---------------------------------------------------------------- 03_hasbro_1999

@rule(Y1999, "Special Scout Movement Privilege", "A Scout can move any number of open squares "
      "forward, backward, or sideways to attack.")
def test_1999_scout_runs_and_strikes_in_one_turn() -> None:
    assert sw.ruleset("hasbro-1999").scout_move_and_strike
    game = Game.from_pieces("hasbro-1999", {"a2": "red scout", "a7": "blue spy",
                                            "a1": "red flag", "j10": "blue flag"})
    game.play("a2xa7")
    assert game.piece_at("a7") == ("red", "scout") and game.captured("blue") == ["spy"]


@rule(Y1999, "Rules for Attack", "If the winner was the defending piece, it stays in the same "
      "spot.")
def test_1999_a_winning_defender_stays() -> None:
    assert not sw.ruleset("hasbro-1999").winning_defender_moves_in
    game = Game.from_pieces("hasbro-1999", {"e5": "red sergeant", "e6": "blue colonel",
                                            "a1": "red flag", "j10": "blue flag"})
    game.play("e5xe6")
    assert game.piece_at("e6") == ("blue", "colonel") and game.piece_at("e5") is None


@rule(Y1999, "An Army", "Note: Your Marshal is usually ranked #1 or #10; likewise the General "
      "is ranked #2 or #9, the Colonels #3 or #8, etc.")
def test_1999_marshal_is_10_by_default_and_1_in_the_other_numbering() -> None:
    assert sw.ruleset("hasbro-1999").label("marshal") == "10"
    assert sw.ruleset("hasbro-1999", numbering="marshal-low").label("marshal") == "1"


@rule(Y1999, "Rules for Movement", "A piece cannot move back and forth between squares in three "
      "consecutive turns.")
def test_1999_third_shuffle_refused() -> None:
    """This board's reading: "in three consecutive turns" refuses the third move."""
    assert sw.ruleset("hasbro-1999").two_square_reading == "in-consecutive"
    game = Game.from_pieces("hasbro-1999", {"e4": "red sergeant", "a7": "blue scout",
                                            "b7": "blue scout", "a1": "red flag", "j10": "blue flag"})
    for move in ("e4-e5", "a7-a6", "e5-e4", "b7-b6"):
        game.play(move)
    refused(game, "e4-e5", "two-square")


# ---------------------------------------------------------------- 04_onyx_2009

@rule(ONYX, "To Start the Game, rule 3", 'Thus, the Marshal is ranked 1 (highest), the General 2, '
      'the Colonels 3, and so on to the Spy who is marked with an "S".')
def test_onyx_numbers() -> None:
    rules = sw.ruleset("onyx-2009")
    assert [rules.label(kind) for kind in ("marshal", "scout", "spy")] == ["1", "9", "S"]


@rule(ONYX, "Rules for Movement, rule 8", "The Scout may not move and strike in the same turn.")
def test_onyx_scout_may_not_move_and_strike() -> None:
    assert not sw.ruleset("onyx-2009").scout_move_and_strike
    game = Game.from_pieces("onyx-2009", {"c2": "red scout", "c4": "blue sergeant",
                                          "a1": "red flag", "j10": "blue flag"})
    refused(game, "c2xc4", "scout-move-and-strike")


@rule(ONYX, "Rules for Strike or Attack, rule 6", "The winning higher-ranking piece is then moved "
      "immediately into the empty square formerly occupied by the losing piece.")
def test_onyx_a_winning_defender_moves_in() -> None:
    """This board's reading, to the letter, as in 1961."""
    assert sw.ruleset("onyx-2009").winning_defender_moves_in
    game = Game.from_pieces("onyx-2009", {"e5": "red colonel", "e6": "blue sergeant",
                                          "a1": "red flag", "j10": "blue flag"}, to_move="blue")
    game.play("e6xe5")
    assert game.piece_at("e6") == ("red", "colonel") and game.piece_at("e5") is None


@rule(ONYX, "Rules for Movement, rule 10", "Pieces cannot be moved back and forth between the same "
      "2 squares in 3 consecutive turns.")
def test_onyx_third_shuffle_refused() -> None:
    """This board's reading: the third move in a row is refused."""
    game = Game.from_pieces("onyx-2009", {"e4": "red sergeant", "a7": "blue scout",
                                          "b7": "blue scout", "a1": "red flag", "j10": "blue flag"})
    for move in ("e4-e5", "a7-a6", "e5-e4", "b7-b6"):
        game.play(move)
    refused(game, "e4-e5", "two-square")


@rule(ONYX, "Rules for Strike or Attack, rule 5", "The opponent answers by naming the rank of "
      "his/her piece.")
@rule(ONYX, "Additional Tournament Rules, Silent Defense", "The defender does not reveal the rank "
      "of his/her piece")
def test_onyx_both_ranks_are_named_unless_silent_defense() -> None:
    """The Onyx quiz: without tournament rules the defender names its rank."""
    told = {}
    for spec in ("onyx-2009", "onyx-2009+silent-defense"):
        game = Game.from_pieces(spec, {"e5": "red sergeant", "e6": "blue colonel",
                                       "a1": "red miner", "a9": "blue sergeant"})
        game.play("e5xe6")
        told[spec] = rank_told(game)
    assert told == {"onyx-2009": "colonel", "onyx-2009+silent-defense": None}


# ---------------------------------------------------------------- 05_sci_fi_2013

@rule(Y2013, "Set Up, rule 3", "Each player places their 30 playing pieces on the board, one "
      "piece per square in the first three rows in front of them (10 across x 3 deep). The two "
      "rows in the middle of the game board remain unoccupied.")
@rule(Y2013, "The Playing Pieces", "The number on each piece designates their rank, with 10 "
      "(Marshal) being the highest and the Spy being the lowest.")
@rule(Y2013, "Stratego Duel: For New Players", "#1 Spotter (1 piece)")
def test_2013_board_army_and_numbers() -> None:
    """Two Spotters: this board's army, from a published 2013 set (the rulebook has pictures)."""
    rules = sw.ruleset("sci-fi-2013")
    assert (rules.width, rules.height, rules.home_rows, rules.army_size) == (10, 8, 3, 30)
    assert dict(rules.army)["spotter"] == 2
    assert (rules.label("marshal"), rules.label("spotter")) == ("10", "1")


@rule(Y2013, "Specialist Pieces, The Spy", "A Spy has no rank. If the Spy is attacked by any "
      "piece, it is removed.")
def test_2013_spy_has_no_rank_and_this_board_marks_it_s() -> None:
    rules = sw.ruleset("sci-fi-2013")
    assert not rules.spy_has_rank and rules.label("spy") == "S"


@rule(Y2013, "Specialist Pieces, The Spotter", "If your guess is correct, that piece is captured. "
      "The Spotter does NOT move to the captured piece's square.")
def test_2013_a_right_spot_captures_and_the_spotter_stays() -> None:
    game = Game.from_pieces("sci-fi-2013", {"e2": "red spotter", "e4": "blue bomb",
                                            "a7": "blue scout", "a1": "red flag", "j8": "blue flag"})
    game.play("e2-e3!bomb")
    assert game.piece_at("e4") is None and game.piece_at("e3") == ("red", "spotter")
    assert game.captured("blue") == ["bomb"]


@rule(Y2013, "Specialist Pieces, The Spotter", "If your guess is not correct, nothing happens. But "
      "your Spotter is revealed!")
def test_2013_a_wrong_spot_changes_nothing_but_shows_the_spotter() -> None:
    game = Game.from_pieces("sci-fi-2013", {"f3": "red spotter", "f4": "blue general",
                                            "a7": "blue scout", "a1": "red flag", "j8": "blue flag"})
    game.play("f3!major")
    assert game.piece_at("f4") == ("blue", "general")
    assert observed(game, "blue", "f3")["kind"] == "spotter"


@rule(Y2013, "Rules For Moving, rule 4", "The Crater areas in the center of the board contain no "
      "squares. Pieces must move around these areas, never through or over them.")
def test_2013_no_scout_crosses_a_crater() -> None:
    rules = sw.ruleset("sci-fi-2013")
    assert sorted(rules.lakes) == sorted(["c4", "d4", "c5", "d5", "g4", "h4", "g5", "h5"])
    game = Game.from_pieces("sci-fi-2013", {"c3": "red scout", "a1": "red flag", "j8": "blue flag"})
    refused(game, "c3-c7", "lake")


# ---------------------------------------------------------------- 06_barrage_and_duel

@rule(ORIGINAL, "Fast-paced variations, Stratego Barrage", "In this quick tournament game each "
      "player has only eight pieces. All other rules are the same as Stratego Original.")
@rule(ORIGINAL, "Fast-paced variations, Stratego Barrage", "Players can set up these 8 pieces in "
      "the 40 squares of their first 4 rows.")
@rule(ORIGINAL, "Fast-paced variations, Stratego Duel", "The players each get an extra Bomb and "
      "Miner.")
def test_barrage_and_duel_armies_anywhere_in_four_rows() -> None:
    barrage, duel = sw.ruleset("barrage"), sw.ruleset("duel")
    assert dict(barrage.army) == {"marshal": 1, "general": 1, "miner": 1, "scout": 2, "spy": 1,
                                  "bomb": 1, "flag": 1}
    extra = {kind: count - dict(barrage.army).get(kind, 0) for kind, count in dict(duel.army).items()}
    assert {kind: n for kind, n in extra.items() if n} == {"bomb": 1, "miner": 1}
    assert not barrage.fill_home_rows and barrage.home_rows == 4
    assert blue_ranks_red_knows(Game.random("barrage", seed=5)) == [None] * 8


@rule(ORIGINAL, "Fast-paced variations, Stratego Duel", "You can therefore position your Flag in a "
      "corner between two Bombs.")
@rule(ORIGINAL, "Attacking a Bomb", "Only a Miner (3) can attack and defuse a Bomb!")
def test_barrage_corner_open_to_a_scout_duel_corner_only_to_a_miner() -> None:
    corner = {"a10": "blue flag", "a9": "blue bomb", "j2": "red scout", "a1": "red flag",
              "e9": "blue general"}
    game = Game.from_pieces("barrage", corner, revealed=["a10", "a9"])
    for move in ("j2-j10", "e9-e8", "j10xa10"):
        game.play(move)
    assert game.winner == "red" and game.result_reason == "flag-captured"
    game = Game.from_pieces("duel", {**corner, "b10": "blue bomb", "a8": "red miner"},
                            revealed=["a10", "a9", "b10"])
    assert not any(move.target == "a10" for move in game.legal_moves())
    for move in ("a8xa9", "e9-e8", "a9xa10"):
        game.play(move)
    assert game.winner == "red" and game.result_reason == "flag-captured"


# ---------------------------------------------------------------- 07_ultimate_lightning

@rule(ORIGINAL, "Ultimate Lightning Stratego", "Each army consists of 20 pieces, which are set up "
      "anywhere in the 40 squares of each player's first 4 rows.")
def test_ultimate_lightning_army() -> None:
    rules = sw.ruleset("ultimate-lightning")
    assert rules.army_size == 20 and not rules.fill_home_rows and rules.home_rows == 4
    assert (dict(rules.army)["captain"], dict(rules.army)["scout"]) == (2, 4)
    assert rules.captain_two_squares and not sw.ruleset("original").captain_two_squares


@rule(ORIGINAL, "Ultimate Lightning Stratego, the Captain", "Captains can move two spaces during "
      "each turn, either in a straight line or by changing direction after the first space.")
def test_ultimate_lightning_where_a_captain_goes() -> None:
    game = Game.from_pieces("ultimate-lightning", {"e3": "red captain", "e5": "blue sergeant",
                                                   "a1": "red flag", "j10": "blue flag"})
    targets = sorted({move.target for move in game.legal_moves() if move.origin == "e3"})
    assert targets == ["c3", "d2", "d3", "d4", "e1", "e2", "e4", "e5", "f2", "f3", "f4", "g3"]


@rule(ORIGINAL, "Moving", "The pieces cannot jump over or move through an occupied square.")
@rule(ORIGINAL, "Ultimate Lightning Stratego, the Captain", "Captains can only attack once during "
      "each turn.")
def test_ultimate_lightning_captain_never_jumps_and_strikes_once() -> None:
    """This board's reading: the basic rules hold for both steps; a strike ends the move."""
    game = Game.from_pieces("ultimate-lightning", {"e3": "red captain", "e4": "red miner",
                                                   "a1": "red flag", "j10": "blue flag"})
    refused(game, "e3-e5", "captain")
    game = Game.from_pieces("ultimate-lightning", {"e3": "red captain", "e4": "blue lieutenant",
                                                   "a1": "red flag", "j10": "blue flag"})
    assert not game.is_legal("e3-e5")
    game.play("e3xe4")
    assert game.piece_at("e4") == ("red", "captain")


# ---------------------------------------------------------------- 08_duel_2013

@rule(Y2013, "Stratego Duel: For New Players", "All rules are the same as in Stratego, except each "
      "player only plays with these 10 pieces:")
@rule(Y2013, "Stratego Duel: For New Players", "Players can set up these 10 pieces anywhere in the "
      "30 squares of their first three rows.")
def test_duel_2013_ten_pieces_the_rest_is_the_2013_game() -> None:
    duel, full = sw.ruleset("sci-fi-2013-duel"), sw.ruleset("sci-fi-2013")
    assert dict(duel.army) == {"marshal": 1, "general": 1, "miner": 2, "scout": 1, "spotter": 1,
                               "spy": 1, "bomb": 2, "flag": 1}
    assert (duel.width, duel.height, duel.home_rows) == (10, 8, 3) and not duel.fill_home_rows
    changed = {field for field, value in duel.describe().items() if value != full.describe()[field]}
    assert changed == {"name", "title", "spec", "army", "fill_home_rows"}
    game = Game.random("sci-fi-2013-duel", seed=2)
    assert game.piece_count("red") == 10 and blue_ranks_red_knows(game) == [None] * 10


@rule(Y2013, "Specialist Pieces, The Spotter", 'Spotters can "spot" and capture Bombs and the '
      'Flag.')
@rule(Y2013, "On Your Turn", "Players alternate turns.")
def test_duel_2013_spotter_takes_a_bomb_then_blue_moves() -> None:
    game = Game.from_pieces("sci-fi-2013-duel", {"f2": "red spotter", "f4": "blue bomb",
                                                 "f5": "blue flag", "a1": "red flag",
                                                 "a7": "blue scout"})
    game.play("f2-f3!bomb")
    assert game.piece_at("f4") is None and game.piece_at("f3") == ("red", "spotter")
    refused(game, "f3!flag", "not-your-piece")


# ---------------------------------------------------------------- 10_aggressor_advantage

def captain_strikes(spec: str) -> Game:
    game = Game.from_pieces(spec, {"e5": "red captain", "e6": "blue captain",
                                   "a9": "blue sergeant"}, revealed=["e6"])
    game.play("e5xe6")
    return game


@rule(ORIGINAL, "Attacking", "If your piece's RANK MATCHES (same in number) the rank of your "
      "opponent's piece, both pieces are captured.")
@rule(ORIGINAL, "More variants, Attacker's Advantage", "When pieces of the same rank battle, the "
      "attacking piece wins.")
def test_aggressor_advantage_the_attacker_wins_equal_battles() -> None:
    standard = captain_strikes("original")
    assert standard.piece_at("e5") is None and standard.piece_at("e6") is None
    aggressor = captain_strikes("original+aggressor-advantage")
    assert aggressor.piece_at("e5") is None and aggressor.piece_at("e6") == ("red", "captain")
    assert aggressor.captured("blue") == ["captain"] and aggressor.captured("red") == []


@rule(ONYX, "Additional Tournament Rules, Aggressor Advantage", "When pieces of the same rank "
      "battle, the attacking piece wins.")
@rule(Y1999, "Optional Rules, Aggressor Advantage", "When pieces of the same rank battle the "
      "attacking piece wins.")
def test_aggressor_advantage_on_every_edition() -> None:
    """1961 prints no such option: this board plays it there in Original's words."""
    for edition in ("onyx-2009", "hasbro-1999", "original", "classic-1961"):
        game = captain_strikes(f"{edition}+aggressor-advantage")
        assert game.piece_at("e6") == ("red", "captain"), edition


@rule(ORIGINAL, "Attacking", "If your piece's RANK is LOWER (in number) than your opponent's "
      "piece, you lose the attack and your piece is captured.")
def test_aggressor_advantage_leaves_unequal_battles_alone() -> None:
    for spec in ("original", "original+aggressor-advantage"):
        game = Game.from_pieces(spec, {"e5": "red major", "e6": "blue colonel",
                                       "a9": "blue sergeant"})
        game.play("e5xe6")
        assert game.piece_at("e6") == ("blue", "colonel") and game.piece_at("e5") is None, spec


@rule(ORIGINAL, "More variants, Attacker's Advantage", "When pieces of the same rank battle, the "
      "attacking piece wins.")
def test_aggressor_advantage_between_marshals_and_between_spies() -> None:
    marshals = Game.from_pieces("original+aggressor-advantage",
                                {"e5": "red marshal", "e6": "blue marshal", "a1": "red sergeant",
                                 "j10": "blue sergeant"}, revealed=["e6"], to_move="blue")
    marshals.play("e6xe5")
    assert marshals.piece_at("e5") == ("blue", "marshal")
    spies = Game.from_pieces("original+aggressor-advantage",
                             {"e5": "red spy", "e6": "blue spy", "a1": "red sergeant",
                              "j10": "blue sergeant"}, revealed=["e6"])
    spies.play("e5xe6")
    assert spies.piece_at("e6") == ("red", "spy")


# ---------------------------------------------------------------- 11_silent_defense

def learned(spec: str, attacker: str, defender: str) -> str | None:
    game = Game.from_pieces(spec, {"e5": f"red {attacker}", "e6": f"blue {defender}",
                                   "a1": "red miner", "a9": "blue sergeant"})
    game.play("e5xe6")
    return rank_told(game)


@rule(ORIGINAL, "Attacking", "Your opponent must then call out his/her piece's rank.")
@rule(ORIGINAL, "More variants, Silent Defence", "Exception: when a Scout attacks, the defender "
      "must reveal the rank of his/her piece.")
@rule(ORIGINAL, "Attacking", "Sort them and place them where both players can see them")
@rule(ONYX, "Additional Tournament Rules, Silent Defense", "Players keep their own captured "
      "pieces. Exception: when a Scout strikes, the defender must reveal the rank of his/her "
      "piece.")
@rule(Y1999, "Optional Rules, Silent Defense", "When an attack is made, the attacker is the only "
      "player who reveals his pieces rank.")
def test_silent_defense_what_the_attacker_learns() -> None:
    """The table of notebook 11. This board's readings: Onyx's kept pieces go back unseen, and
    1999 (which says nothing of it) shows captured pieces to no one."""
    strikes = [("sergeant", "colonel"), ("scout", "major"), ("colonel", "major")]
    expected = {
        "original": ["colonel", "major", "major"],
        "original+silent-defense": [None, "major", "major"],
        "onyx-2009+silent-defense": [None, "major", None],
        "hasbro-1999+silent-defense": [None, None, None],
    }
    for spec, ranks in expected.items():
        assert [learned(spec, *pair) for pair in strikes] == ranks, spec
    standard = Game.from_pieces("original", {"e5": "red sergeant", "e6": "blue colonel",
                                             "a1": "red miner", "a9": "blue sergeant"})
    standard.play("e5xe6")
    assert standard.piece_at("e6") == ("blue", "colonel")


# ---------------------------------------------------------------- 12_rescue

RESCUE = {"d9": "red major", "a9": "blue sergeant", "a1": "red flag", "j1": "blue flag"}
LOST = {"red": ["captain", "bomb"]}


def rescue_squares(spec: str) -> tuple[set[str], set[str]]:
    game = Game.from_pieces(spec, RESCUE, captured=LOST)
    rescues = [move.rescue for move in game.legal_moves() if move.origin == "d9" and move.rescue]
    return {square for _, square in rescues}, {kind for kind, _ in rescues}


@rule(ORIGINAL, "More variants, Rescuing pieces", "Immediately pick any one of your pieces that "
      "your opponent has captured and place it on any unoccupied space in your first four rows.")
@rule(ONYX, "Additional Tournament Rules, Rescue", "Place your rescued piece on any unoccupied "
      "space on your half of the gameboard and your turn is over.")
@rule(Y1999, "Optional Rules, Rescue", "Pick any captured piece on your side of the board.")
@rule(ORIGINAL, "More variants, Rescuing pieces, Restrictions", "You cannot rescue a Bomb.")
def test_rescue_where_the_piece_goes_and_never_a_bomb() -> None:
    """1999's "your side of the board" is read as your half (this board's reading)."""
    assert rescue_squares("original") == (set(), set())
    refused(Game.from_pieces("original", RESCUE, captured=LOST), "d9-d10+captain@c3", "rescue")
    rows = {}
    for edition in ("original", "onyx-2009", "hasbro-1999"):
        squares, kinds = rescue_squares(f"{edition}+rescue")
        assert kinds == {"captain"}, edition
        rows[edition] = sorted({int(square[1:]) for square in squares})
    assert rows == {"original": [1, 2, 3, 4], "onyx-2009": [1, 2, 3, 4, 5],
                    "hasbro-1999": [1, 2, 3, 4, 5]}
    refused(Game.from_pieces("original+rescue", RESCUE, captured=LOST), "d9-d10+captain@e5",
            "rescue")
    settings = {edition: (rules.rescue_area, rules.rescue_limit, rules.rescue_same_piece_twice)
                for edition in ("original", "onyx-2009", "hasbro-1999")
                for rules in [sw.ruleset(f"{edition}+rescue")]}
    assert settings == {"original": ("home", 2, False), "onyx-2009": ("half", 2, False),
                        "hasbro-1999": ("half", 2, True)}


@rule(ORIGINAL, "More variants, Rescuing pieces, Restrictions", "Scouts cannot make a rescue.")
@rule(ORIGINAL, "More variants, Rescuing pieces", "When one of your pieces moves into a square in "
      "your opponent's back row, you may rescue one of your captured pieces.")
def test_rescue_no_scout_optional_and_not_after_a_strike() -> None:
    """No rescue after a strike: this board's reading (moving, not striking)."""
    scout = Game.from_pieces("original+rescue", {**RESCUE, "d9": "red scout"}, captured=LOST)
    refused(scout, "d9-d10+captain@c3", "rescue")
    assert Game.from_pieces("original+rescue", RESCUE, captured=LOST).is_legal("d9-d10")
    striker = Game.from_pieces("original+rescue", {**RESCUE, "d10": "blue sergeant"},
                               captured=LOST)
    assert not [move for move in striker.legal_moves() if move.rescue]


@rule(ORIGINAL, "More variants, Rescuing pieces, Restrictions", "The same piece cannot make two "
      "rescues.")
@rule(ONYX, "Additional Tournament Rules, Rescue", "The same playing piece cannot make both "
      "rescues.")
@rule(Y1999, "Optional Rules, Rescue", "Only two rescues can be made by each player")
def test_rescue_two_at_most_and_the_same_piece_twice_only_in_1999() -> None:
    """1999 does not forbid the same piece twice: this board allows it there."""
    three = {"d9": "red major", "f9": "red colonel", "h9": "red captain", "a9": "blue sergeant",
             "a1": "red flag", "j1": "blue flag"}
    for edition, twice in (("original", False), ("onyx-2009", False), ("hasbro-1999", True)):
        game = Game.from_pieces(f"{edition}+rescue", three,
                                captured={"red": ["lieutenant", "sergeant", "miner"]})
        game.play("d9-d10+lieutenant@c3")
        game.play("a9-a8")
        assert game.is_legal("d10-e10+sergeant@c4") == twice, edition
        game.play("f9-f10+sergeant@c4")
        game.play("a8-a9")
        assert not [move for move in game.legal_moves() if move.rescue], edition
        refused(game, "h9-h10+miner@c2", "rescue")


# ---------------------------------------------------------------- 13_exploding_bombs

BOMB = {"e6": "red major", "e7": "blue bomb", "a1": "red miner", "a9": "blue sergeant"}


def strike(spec: str, pieces: dict[str, str], move: str) -> Game:
    game = Game.from_pieces(spec, pieces, revealed=["e7"])
    game.play(move)
    return game


@rule(ORIGINAL, "Attacking a Bomb", "When a piece attacks a Bomb, the attacking piece loses and "
      "is captured. The Bomb remains in its square.")
@rule(ORIGINAL, "More variants, Exploding Bombs", "In this game, if any piece other than a Miner "
      "attacks a Bomb, both the attacking piece and the Bomb are captured and removed from play.")
def test_exploding_bombs_take_the_attacker_with_them() -> None:
    """On Onyx this board plays the option in Original's words."""
    standard = strike("original", BOMB, "e6xe7")
    assert standard.piece_at("e7") == ("blue", "bomb") and standard.piece_at("e6") is None
    exploding = strike("original+exploding-bombs", BOMB, "e6xe7")
    assert exploding.piece_at("e7") is None and exploding.piece_at("e6") is None
    assert exploding.captured("red") == ["major"] and exploding.captured("blue") == ["bomb"]
    assert strike("onyx-2009+exploding-bombs", BOMB, "e6xe7").piece_at("e7") is None
    far = strike("original+exploding-bombs", {"e2": "red scout", "e7": "blue bomb",
                                              "e8": "blue flag", "a1": "red miner",
                                              "a9": "blue sergeant"}, "e2xe7")
    assert far.piece_at("e7") is None and far.piece_at("e2") is None


@rule(ORIGINAL, "More variants, Exploding Bombs", "If a Miner attacks a Bomb, the Bomb is captured "
      "and the Miner stays on the board.")
def test_exploding_bombs_a_miner_still_defuses_and_moves_in() -> None:
    """"Stays on the board" read as in the basic rules: the Miner moves in (docs/rulings.md)."""
    for spec in ("original", "original+exploding-bombs"):
        miner = strike(spec, {**BOMB, "e6": "red miner", "a1": "red sergeant"}, "e6xe7")
        assert miner.piece_at("e7") == ("red", "miner"), spec


@rule(ORIGINAL, "More variants, Exploding Bombs", "In this game, if any piece other than a Miner "
      "attacks a Bomb, both the attacking piece and the Bomb are captured and removed from play.")
def test_exploding_bombs_quiz_the_corner_opens() -> None:
    corner = Game.from_pieces("original+exploding-bombs",
                              {"j8": "red sergeant", "i9": "red lieutenant", "j10": "blue flag",
                               "j9": "blue bomb", "i10": "blue bomb", "a9": "blue sergeant",
                               "a1": "red flag"}, revealed=["j9", "i10"])
    corner.play("j8xj9")
    corner.play("a9-a8")
    assert corner.piece_at("j9") is None and corner.is_legal("i9-j9")


# ---------------------------------------------------------------- 14_moving_bombs

MOVING_BOMB = {"c3": "red bomb", "e3": "red sergeant", "a9": "blue sergeant", "a1": "red flag",
               "j10": "blue flag"}


@rule(ORIGINAL, "Moving", "The Flag and the Bombs cannot move.")
@rule(ORIGINAL, "More variants, Moving Bombs", "This variation plays just like 'Exploding Bombs', "
      "but the Bombs can move like all other pieces (except the Flag).")
def test_moving_bombs_step_one_square_and_the_flag_stays() -> None:
    """One square at a time: this board's reading of "like all other pieces"."""
    def bomb_moves(game: Game) -> list[str]:
        return sorted(str(move) for move in game.legal_moves() if move.origin == "c3")

    standard = Game.from_pieces("original", MOVING_BOMB)
    assert bomb_moves(standard) == []
    refused(standard, "c3-c4", "immovable")
    moving = Game.from_pieces("original+moving-bombs", MOVING_BOMB)
    assert bomb_moves(moving) == ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]
    refused(moving.copy(), "c3-c1", "one-square")
    refused(moving.copy(), "a1-a2", "immovable")
    rules = sw.ruleset("original+moving-bombs")
    assert rules.moving_bombs and rules.exploding_bombs
    with pytest.raises(sw.RulesetError):
        sw.ruleset("original+moving-bombs+exploding-bombs")


@rule(ORIGINAL, "More variants, Moving Bombs", "Moving Bombs may not attack.")
def test_moving_bombs_never_strike_look_like_any_moved_piece_and_explode() -> None:
    face_off = Game.from_pieces("original+moving-bombs", {"e5": "red bomb", "e6": "blue sergeant",
                                                          "a1": "red miner",
                                                          "a9": "blue sergeant"})
    refused(face_off, "e5-e6", "cannot-strike")
    assert face_off.is_legal("e5-f5")
    moving = Game.from_pieces("original+moving-bombs", MOVING_BOMB)
    moving.play("c3-c4")
    seen = observed(moving, "blue", "c4")
    assert seen["moved"] and seen["kind"] is None
    struck = Game.from_pieces("original+moving-bombs", {"b4": "red bomb", "b5": "blue major",
                                                        "a1": "red flag", "j10": "blue flag"},
                              moved=["b4"], to_move="blue")
    struck.play("b5xb4")
    assert struck.piece_at("b4") is None and struck.piece_at("b5") is None


# ---------------------------------------------------------------- 15_moving_flag

@rule(ORIGINAL, "More variants, Moving Flag", "The Flag is allowed to move. To win this game, you "
      "must either capture your opponent's Flag, or move your Flag to your opponent's back row.")
def test_moving_flag_wins_on_the_back_row_for_either_side() -> None:
    position = {"e9": "red flag", "e3": "red sergeant", "a9": "blue sergeant", "j10": "blue flag"}
    refused(Game.from_pieces("original", position), "e9-e10", "immovable")
    moving = Game.from_pieces("original+moving-flag", position)
    moving.play("e9-e10")
    assert moving.winner == "red" and moving.result_reason == "flag-reached"
    blue = Game.from_pieces("original+moving-flag", {"e2": "blue flag", "a3": "red flag",
                                                     "f3": "red sergeant", "a9": "blue sergeant"},
                            to_move="blue")
    blue.play("e2-e1")
    assert blue.winner == "blue" and blue.result_reason == "flag-reached"


@rule(ORIGINAL, "Attacking", "The Flag and the Bombs cannot attack.")
def test_moving_flag_one_square_never_a_strike_and_still_captured() -> None:
    """One square at a time: this board's reading of "allowed to move" (docs/rulings.md)."""
    walker = Game.from_pieces("original+moving-flag", {"e7": "red flag", "f7": "blue major",
                                                       "a1": "red sergeant",
                                                       "a9": "blue sergeant"})
    refused(walker.copy(), "e7-e5", "one-square")
    refused(walker.copy(), "e7-f7", "cannot-strike")
    game = Game.from_pieces("original+moving-flag", {"e2": "blue flag", "f2": "red sergeant",
                                                     "a9": "blue sergeant", "a1": "red flag"},
                            revealed=["e2"])
    game.play("f2xe2")
    assert game.winner == "red" and game.result_reason == "flag-captured"


# ---------------------------------------------------------------- 16_repetition_rules

def shuttles(rules: sw.Ruleset) -> int:
    """How many moves in a row a Sergeant makes between e3 and e4 before one is refused."""
    top = rules.height
    game = Game.from_pieces(rules, {"e3": "red sergeant", f"a{top}": "blue scout",
                                    "a1": "red flag", f"j{top - 1}": "blue flag"})
    blue = [f"{a}{top}-{b}{top}" for a, b in zip("abcdefghi", "bcdefghij", strict=True)]
    for count, move in enumerate(["e3-e4", "e4-e3"] * 4):
        if not game.is_legal(move):
            refused(game, move, "two-square")
            return count
        game.play(move)
        game.play(blue[count])
    raise AssertionError("the two-square rule never stopped the Sergeant")


@rule(Y1961, "Rules for Movement, rule 10", "No piece may be shifted more than 3 times back and "
      "forth in the same two squares.")
@rule(ONYX, "Rules for Movement, rule 10", "Pieces cannot be moved back and forth between the same "
      "2 squares in 3 consecutive turns.")
@rule(Y2013, "Rules For Moving, rule 6", "Pieces cannot be moved back and forth between the same "
      "two squares in three consecutive turns.")
def test_repetition_how_many_shuttles_each_edition_allows() -> None:
    """This board's readings: "more than 3" allows three, "in 3 consecutive turns" two; a count
    of five (tournament play, printed in none of the rulebooks) allows five or four."""
    expected = {("classic-1961", 3): 3, ("onyx-2009", 3): 2, ("hasbro-1999", 3): 2,
                ("sci-fi-2013", 3): 2, ("original", 3): 3, ("barrage", 3): 3, ("original", 5): 5,
                ("onyx-2009", 5): 4}
    for (spec, count), allowed in expected.items():
        assert shuttles(sw.ruleset(spec, two_square_count=count)) == allowed, (spec, count)
    chasing = {spec: sw.ruleset(spec).more_squares_rule for spec in
               ("classic-1961", "onyx-2009", "hasbro-1999", "sci-fi-2013", "original", "barrage")}
    assert chasing == {"classic-1961": False, "onyx-2009": False, "hasbro-1999": False,
                       "sci-fi-2013": False, "original": True, "barrage": True}


@rule(ORIGINAL, "Moving", "The player who starts this has to be the first to stop and this could "
      "mean losing an important piece.")
def test_repetition_the_player_who_started_stops_first() -> None:
    both = Game.from_pieces("original", {"e4": "red sergeant", "j9": "blue sergeant",
                                         "a1": "red flag", "a10": "blue flag",
                                         "b1": "red sergeant"})
    for red, blue in (("e4-e5", "j9-j8"), ("e5-e4", "j8-j9"), ("e4-e5", "j9-j8")):
        both.play(red)
        both.play(blue)
    refused(both, "e5-e4", "two-square")
    both.play("b1-b2")
    refused(both, "j8-j9", "two-square")


@rule(ORIGINAL, "Moving", "The pieces cannot be moved back and forth between the same two squares "
      "for more than three consecutive turns.")
def test_repetition_a_scouts_shuttle_in_both_readings() -> None:
    """The rulebooks do not say what "the same two squares" are for a Scout: by default this
    board counts the whole stretch, or (the other reading) the two end squares only."""
    def scout_shuttle(reading: str) -> bool:
        game = Game.from_pieces(sw.ruleset("original", two_square_scout=reading),
                                {"a2": "red scout", "j3": "blue scout", "a1": "red flag",
                                 "j10": "blue flag"})
        for red, blue in (("a2-a5", "j3-j4"), ("a5-a2", "j4-j3"), ("a2-a5", "j3-a3")):
            game.play(red)
            game.play(blue)
        return game.is_legal("a5xa3")

    assert sw.ruleset("original").two_square_scout == "path"
    assert scout_shuttle("path") is False and scout_shuttle("endpoints") is True


def chased(spec: str) -> Game:
    game = Game.from_pieces(spec, {"b6": "red captain", "b8": "blue sergeant", "a1": "red flag",
                                   "j10": "blue flag"}, revealed=["b8"])
    for red, blue in (("b6-b7", "b8-c8"), ("b7-b8", "c8-c7"), ("b8-c8", "c7-b7"),
                      ("c8-c7", "b7-b8")):
        game.play(red)
        game.play(blue)
    return game


@rule(ORIGINAL, "Moving", "If a piece is pursuing an enemy piece, the attacker has to stop if a "
      "repeat scenario threatens to arise on the board.")
def test_repetition_the_chaser_stops_in_original_not_in_1961() -> None:
    """This board's reading: the chaser may not bring back a position seen during the chase."""
    assert chased("classic-1961").is_legal("c7-b7")
    refused(chased("original"), "c7-b7", "more-squares")
    refused(chased("barrage"), "c7-b7", "more-squares")
    assert chased("original").is_legal("c7-d7")


@rule(ONYX, "Rules for Movement, rule 10", "Pieces cannot be moved back and forth between the same "
      "2 squares in 3 consecutive turns.")
def test_repetition_quiz_the_third_move_onyx_and_original() -> None:
    def back_and_forth(spec: str) -> Game:
        game = Game.from_pieces(spec, {"e4": "red sergeant", "j9": "blue sergeant",
                                       "a1": "red flag", "a10": "blue flag"})
        for red, blue in (("e4-e5", "j9-j8"), ("e5-e4", "j8-j9")):
            game.play(red)
            game.play(blue)
        return game

    assert not back_and_forth("onyx-2009").is_legal("e4-e5")
    assert back_and_forth("original").is_legal("e4-e5")


# ---------------------------------------------------------------- 17_setting_up

def problem(spec: str, setup: dict[str, str]) -> str | None:
    try:
        sw.validate_setup(spec, "red", setup)
    except sw.SetupError as error:
        return error.rule
    return None


@rule(ORIGINAL, "The setup", "Each player places their 40 playing pieces on the game board, one "
      "piece on each square in the first four rows")
@rule(Y2013, "Set Up, rule 3", "Each player places their 30 playing pieces on the board, one "
      "piece per square in the first three rows in front of them (10 across x 3 deep).")
@rule(ORIGINAL, "Fast-paced variations, Stratego Barrage", "Players can set up these 8 pieces in "
      "the 40 squares of their first 4 rows.")
def test_setting_up_sizes_and_areas() -> None:
    sizes = {spec: (sw.ruleset(spec).army_size, len(sw.setup_area(spec, "red")))
             for spec in ("original", "classic-1961", "sci-fi-2013", "barrage", "duel",
                          "ultimate-lightning", "sci-fi-2013-duel")}
    assert sizes == {"original": (40, 40), "classic-1961": (40, 40), "sci-fi-2013": (30, 30),
                     "barrage": (8, 40), "duel": (10, 40), "ultimate-lightning": (20, 40),
                     "sci-fi-2013-duel": (10, 30)}
    full = sw.random_setup("original", "red", seed=1)
    assert problem("original", full) is None
    short = {square: kind for square, kind in full.items() if square != "a1"}
    assert problem("original", short) == "setup-incomplete"
    red = sw.random_setup("barrage", "red", seed=4)
    assert problem("barrage", red) is None
    flag = next(square for square, kind in red.items() if kind == "flag")
    assert problem("barrage", {("e5" if square == flag else square): kind
                               for square, kind in red.items()}) == "setup-area"
    assert problem("original", red) == "setup-incomplete"
    assert sw.setup_area("barrage", "blue")[0] == "a7"


@rule(ORIGINAL, "Game tips, The setup", "Place your Flag in the back row, so you have several "
      "pieces in front to defend it. Place Bombs around your Flag to protect it.")
def test_setting_up_the_tips_are_not_rules() -> None:
    """A tip, not a rule: a Barrage Flag on the front row is legal. The notebook's army from
    the setup generator follows the tip: its Flag on the back row, the Bomb beside it."""
    red = sw.random_setup("barrage", "red", seed=4)
    flag = next(square for square, kind in red.items() if kind == "flag")
    bomb = next(square for square, kind in red.items() if kind == "bomb")
    assert flag[1:] == "1" and bomb[1:] == "1" and abs(ord(flag[0]) - ord(bomb[0])) == 1
    front = {square: kind for square, kind in red.items() if kind != "flag"}
    front[next(f"{file}4" for file in "abcdefghij" if f"{file}4" not in red)] = "flag"
    assert problem("barrage", front) is None


# ---------------------------------------------------------------- 18_strategy

def after(pieces: dict[str, str], *moves: str, to_move: str = "red",
          revealed: tuple[str, ...] = ()) -> Game:
    game = Game.from_pieces("original", pieces, to_move=to_move, revealed=list(revealed))
    for move in moves:
        game.play(move)
    return game


@rule(Y1961, "Rules for Strike, rule 9", 'That is, if the Spy "strikes" the Marshal in his '
      'turn, the Marshal is removed. However, if the Marshal "strikes" first, the Spy is removed.')
def test_strategy_who_strikes_first_decides_marshal_and_spy() -> None:
    duel = {"e4": "red spy", "e5": "blue marshal", "a1": "red sergeant", "j10": "blue sergeant"}
    assert after(duel, "e4xe5", revealed=("e5",)).piece_at("e5") == ("red", "spy")
    assert after(duel, "e5xe4", to_move="blue", revealed=("e5",)).piece_at("e4") == \
        ("blue", "marshal")


@rule(ORIGINAL, "Special pieces, The Scout", "You may choose to move your Scouts one square at a "
      "time to conceal their identity.")
def test_strategy_a_long_scout_move_shows_the_scout_a_short_one_does_not() -> None:
    scout = {"a2": "red scout", "j9": "blue sergeant", "a1": "red flag", "j10": "blue flag"}
    assert observed(after(scout, "a2-a6"), "blue", "a6")["kind"] == "scout"
    quiet = observed(after(scout, "a2-a3"), "blue", "a3")
    assert quiet["kind"] is None and quiet["moved"]


@rule(ORIGINAL, "Game tips, The setup", "This means that enemy Miners (3) alone will be able to "
      "get to your Flag.")
def test_strategy_behind_bombs_only_a_miner_gets_through() -> None:
    wall = {"e2": "red bomb", "e1": "red flag", "e3": "blue marshal", "a1": "red sergeant",
            "j10": "blue flag"}
    marshal = after(wall, "e3xe2", to_move="blue", revealed=("e2",))
    assert marshal.piece_at("e2") == ("red", "bomb") and marshal.piece_at("e3") is None
    miner = after({**wall, "e3": "blue miner"}, "e3xe2", to_move="blue", revealed=("e2",))
    assert miner.piece_at("e2") == ("blue", "miner")


@rule(ORIGINAL, "The Winner", "A player cannot move a piece or attack. In that case, the opposing "
      "player is the winner.")
def test_strategy_taking_the_last_movable_piece_wins() -> None:
    last = {"e5": "red sergeant", "e6": "blue miner", "j10": "blue flag", "i10": "blue bomb",
            "j9": "blue bomb"}
    finished = after(last, "e5xe6", revealed=("e6",))
    assert finished.winner == "red" and finished.result_reason == "no-movable-pieces"


# ---------------------------------------------------------------- 20_experiment

@rule(ORIGINAL, "More variants, Moving Flag", "The Flag is allowed to move. To win this game, you "
      "must either capture your opponent's Flag, or move your Flag to your opponent's back row.")
@rule(ORIGINAL, "More variants, Silent Defence", "The defender 'remains silent' but has to remove "
      "the lower-ranked piece from the board.")
def test_experiment_same_deals_silent_random_bots_and_flag_endings() -> None:
    """A small copy of the notebook's study: the same armies for game n under every ruleset;
    random bots play the same games with and without Silent Defense (it changes only what the
    players are told); only Moving Flag ends by a Flag reaching the back row, and under it a
    side always has a movable piece while its Flag stands."""
    pytest.importorskip("pandas")
    from stratego_widget.experiments import Study

    rulesets = ["barrage", *(f"barrage+{name}" for name in sw.option_names())]
    for red in ("heuristic", "random"):
        study = Study(rulesets, red=red, blue="random", games=6, seed=0, max_plies=600)
        table = study.run(workers=1, progress=False)
        assert (table.groupby("game")["deal"].nunique() == 1).all()
        endings = study.summary().endings
        for name, counts in endings.items():
            assert counts.get("flag-reached", 0) == 0 or name == "barrage+moving-flag", name
        assert endings["barrage+moving-flag"].get("no-movable-pieces", 0) == 0
        if red == "random":
            columns = ["winner", "termination", "plies", "strikes"]
            plain = table[table.ruleset == "barrage"].reset_index(drop=True)
            silent = table[table.ruleset == "barrage+silent-defense"].reset_index(drop=True)
            assert plain[columns].equals(silent[columns])
