"""Play in plain text (issue: LLM play): the move reader takes what people and language models
write and refuses the rest with the rule; the text view holds only what the player knows.
Rules named per rulebook: Stratego Original, Moving ("Pieces move one square at a time ...
never diagonally"); the two-squares rule (Original, "two squares"); the chasing (more-squares)
rule of the ISF reading (docs/rulings.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stratego_widget as sw
from stratego_widget.formats.text_play import observation_text, read_move, refused_by_repetition

GAME = {"b4": "red scout", "a1": "red flag", "e3": "red miner", "e4": "blue sergeant",
        "j10": "blue flag", "j9": "blue miner"}


def game() -> sw.Game:
    return sw.Game.from_pieces("original", GAME)


@pytest.mark.parametrize(("text", "move"), [
    ("b4-b5", "b4-b5"), ("B4 to B5", "b4-b5"), ("b4 b5", "b4-b5"), ("b4->b5", "b4-b5"),
    ("b4 → b5.", "b4-b5"), ("Scout b4 to b7", "b4-b7"), ("scout B4-B7", "b4-b7"),
    ("Move the scout from b4 to b7", "b4-b7"), ("Verkenner b4 naar b9", "b4-b9"),
    ("Éclaireur b4 vers b6", "b4-b6"), ("Aufklärer b4 nach b8", "b4-b8"),
    ("e3xe4", "e3xe4"), ("Miner e3 takes e4", "e3xe4"), ("e3 attacks e4!", "e3xe4"),
    ("  E3 - E4  ", "e3xe4"),
])
def test_what_people_and_language_models_write_is_read(text: str, move: str) -> None:
    g = game()
    before = g.position()
    assert str(read_move(g, text)) == move
    assert g.position() == before                        # reading plays nothing


@pytest.mark.parametrize(("text", "rule"), [
    ("b4 to c3", "diagonal"),                             # Original, Moving
    ("e3 to e5", "one-square"),
    ("a1 to a2", "immovable"),                            # the Flag does not move
    ("hello", "notation"), ("b4", "notation"), ("b4 b5 b6", "notation"),
    ("Scout Miner b4 b5", "notation"), ("please b4 to b5", "notation"),
    ("Miner b4 to b5", "text-piece"), ("Scout c4 to c5", "text-piece"),
    ("j9 to j8", "not-your-piece"),
])
def test_anything_else_is_refused_with_the_rule_in_one_line(text: str, rule: str) -> None:
    g = game()
    before = g.position()
    with pytest.raises(sw.IllegalMoveError) as caught:
        read_move(g, text)
    assert caught.value.rule == rule
    assert "\n" not in str(caught.value)
    assert g.position() == before


def test_the_two_squares_rule_is_refused_by_name_and_listed_in_the_view() -> None:
    g = sw.Game.from_pieces("original", {"a1": "red flag", "e3": "red sergeant",
                                         "j10": "blue flag", "j8": "blue sergeant"})
    for move in ("e3-e4", "j8-j7", "e4-e3", "j7-j8", "e3-e4", "j8-j7"):
        g.play(move)
    with pytest.raises(sw.IllegalMoveError) as caught:
        read_move(g, "Sergeant e4 to e3")
    assert caught.value.rule == "two-square"
    assert refused_by_repetition(g) == [("two-square", "e4", ["e3"])]
    assert "Refused by the two-squares rule: the piece on e4 may not go to e3." in \
        observation_text(g, "red")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_any_text_is_a_legal_move_or_a_one_line_refusal(text: str) -> None:
    g = game()
    before = g.position()
    try:
        move = read_move(g, text)
    except sw.IllegalMoveError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
    else:
        assert g.is_legal(move)
    assert g.position() == before


@pytest.mark.parametrize("name", ["original", "classic-1961", "hasbro-1999", "onyx-2009",
                                  "sci-fi-2013", "barrage", "ultimate-lightning", "duel"])
def test_every_legal_move_of_a_random_game_reads_back_from_its_text(name: str) -> None:
    g = sw.Game.random(name, seed=3)
    for move in g.legal_moves()[:25]:
        origin, target = str(move.origin), str(move.target)
        kind = g.piece_at(origin)
        assert kind is not None
        assert read_move(g, f"{kind[1].title()} {origin.upper()} to {target.upper()}") == move


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["red", "blue"]))
def test_the_view_holds_nothing_the_player_has_not_seen(seed: int, player: str) -> None:
    """Two games that differ only in ranks the player has not seen give the same text."""
    g = sw.Game.random("barrage", seed=seed)
    other = "blue" if player == "red" else "red"
    hidden = {sq: piece for sq, piece in g.pieces().items() if piece[0] == other}
    kinds = [piece[1] for piece in hidden.values()]
    shuffled = dict(zip(hidden, reversed(kinds), strict=True))
    mine = {sq: f"{piece[0]} {piece[1]}" for sq, piece in g.pieces().items() if piece[0] == player}
    twin = sw.Game.from_pieces("barrage", {**mine, **{sq: f"{other} {kind}"
                                                      for sq, kind in shuffled.items()}})
    assert observation_text(g, player) == observation_text(twin, player)
    assert "?" in observation_text(g, player)


def test_the_view_says_whose_move_it_is_the_losses_and_the_last_moves() -> None:
    g = game()
    g.play("e3xe4")
    text = observation_text(g, "blue")
    assert text.splitlines()[0] == "Stratego Original. You are Blue; Blue to move (ply 1)."
    assert "Red lost: Miner." in text and "Blue lost: nothing." in text
    assert "Last moves: Red e3xe4" in text
    assert "Your legal moves (" in text


def test_the_more_squares_rule_is_refused_by_name_and_listed_in_the_view() -> None:
    """Stratego Original, the more-squares rule: "If a piece is pursuing an enemy piece, the
    attacker has to stop if a repeat scenario threatens to arise on the board." """
    g = sw.Game.from_pieces("original", {"a1": "red flag", "e4": "red major",
                                         "j10": "blue flag", "f5": "blue captain"})
    for move in ("e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"):
        g.play(move)
    with pytest.raises(sw.IllegalMoveError) as caught:
        read_move(g, "Major e6 to e5")
    assert caught.value.rule == "more-squares"
    refused = {rule: (square, targets) for rule, square, targets in refused_by_repetition(g)}
    assert "e5" in refused["more-squares"][1]
    assert "Refused by the more-squares rule: the piece on e6" in observation_text(g, "red")


DUEL = ("Flag a1, Bomb b1, Bomb c1, Spy d1, Scout e1, Scout f1, Miner g1, Miner h1, "
        "General i1, Marshal j1")


@pytest.mark.parametrize("text", [
    DUEL,
    DUEL.lower().replace(", ", "; ").replace("flag a1", "a1: flag"),
    "Vlag op a1, Bom b1, Bom c1, Spion d1, Verkenner e1, Verkenner f1, Mineur g1, Mineur h1, "
    "Generaal i1, Maarschalk j1",
    "........../........../........../FBBSXXNNGM",
])
def test_a_deployment_chosen_in_text_is_read(text: str) -> None:
    from stratego_widget.formats.text_play import read_setup
    setup = read_setup("duel", "red", text)
    assert setup["a1"] == "flag" and setup["j1"] == "marshal" and len(setup) == 10
    game = sw.Game.from_setups("duel", red=setup, blue=sw.random_setup("duel", "blue", seed=1))
    assert game.piece_at("a1") == ("red", "flag")


@pytest.mark.parametrize(("text", "rule"), [
    ("Flag a1", "setup-incomplete"),
    (DUEL.replace("a1", "a9"), "setup-area"),
    (DUEL.replace("Flag", "Dragon"), "setup-format"),
    ("nothing here", "setup-format"),
    (DUEL + ", Scout a1", "setup-format"),
])
def test_a_deployment_that_breaks_the_rules_is_refused_with_the_rule(text: str, rule: str) -> None:
    from stratego_widget.formats.text_play import read_setup
    with pytest.raises(sw.SetupError) as caught:
        read_setup("duel", "red", text)
    assert caught.value.rule == rule and "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [
    "Scout b4" + " " * 187 + "to b10",                 # cut at 200 it read b4-b1
    "b4-b5" + "." * 196,
    "Scout b4 to b7 " + "please " * 30,
])
def test_text_over_the_limit_is_refused_not_cut(text: str) -> None:
    g = game()
    before = g.position()
    with pytest.raises(sw.IllegalMoveError) as caught:
        read_move(g, text)
    assert caught.value.rule == "notation"
    assert "200 characters" in str(caught.value) and "\n" not in str(caught.value)
    assert g.position() == before


def test_text_of_the_limit_is_read_and_surrounding_spaces_do_not_count() -> None:
    g = game()
    assert str(read_move(g, "Scout b4" + " " * 186 + "to b7")) == "b4-b7"   # 200 characters
    assert str(read_move(g, " " * 300 + "b4-b5\n")) == "b4-b5"


@settings(max_examples=30, deadline=None)
@given(st.text(min_size=201, max_size=400).filter(lambda text: len(text.strip()) > 200))
def test_any_text_over_the_limit_is_refused_in_one_line(text: str) -> None:
    g = game()
    with pytest.raises(sw.IllegalMoveError) as caught:
        read_move(g, text)
    assert caught.value.rule == "notation" and "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [
    "a" * 20_000,                                      # a run of letters: was 51 s
    "flag" + " " * 19_990 + "x",                       # a run of spaces between a word and junk
    "flag a1, " + "bomb" * 4_997,
    "a1 " + "b" * 19_997,
])
def test_a_long_setup_text_is_refused_with_the_setup_rule(text: str) -> None:
    from stratego_widget.formats.text_play import read_setup
    assert len(text) <= 20_000
    with pytest.raises(sw.SetupError) as caught:
        read_setup("duel", "red", text)
    assert caught.value.rule.startswith("setup-") and "\n" not in str(caught.value)


def unbounded_backtracking_repeats(pattern: re.Pattern[str]) -> list[str]:
    """The repeats of ``pattern`` that are unbounded and may give characters back (greedy or
    lazy, not possessive): the parts that make a scan quadratic on long runs."""
    from re import _constants as C  # the standard parser and its opcodes
    from re import _parser

    found: list[str] = []

    def walk(items: Any) -> None:
        for op, arg in items:
            if op in (C.MAX_REPEAT, C.MIN_REPEAT) and arg[1] == C.MAXREPEAT:
                found.append(f"{op} {arg[2]}")
            for part in arg if isinstance(arg, list | tuple) else ():
                if isinstance(part, _parser.SubPattern):
                    walk(part)
                elif isinstance(part, list | tuple):
                    for sub in part:
                        if isinstance(sub, _parser.SubPattern):
                            walk(sub)

    walk(_parser.parse(pattern.pattern, pattern.flags))
    return found


def test_the_finder_finds_a_backtracking_repeat() -> None:
    assert len(unbounded_backtracking_repeats(re.compile(r"([a-z]+)\s*?x"))) == 2
    assert unbounded_backtracking_repeats(re.compile(r"[a-z]++\s*+(?:/x{1,2})*+")) == []


def test_the_text_readers_read_in_linear_time() -> None:
    """Every pattern of the text readers scans without backtracking: each unbounded repeat is
    possessive, so reading 20,000 characters (the setup limit, untrusted model output) takes
    time in proportion to its length (benchmarks/text_play_speed.py prints the times)."""
    from stratego_widget.formats import text_play

    patterns = [value for value in vars(text_play).values() if isinstance(value, re.Pattern)]
    assert patterns
    assert {pattern.pattern: unbounded_backtracking_repeats(pattern) for pattern in patterns} \
        == {pattern.pattern: [] for pattern in patterns}
