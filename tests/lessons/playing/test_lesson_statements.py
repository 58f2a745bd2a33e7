"""What the lessons tell a learner agrees with the rulebooks and with the board.

One test per statement an outside review found wrong or contradicted by another lesson. Each
test quotes the rule it checks (edition, section, words; ``in_rulebook`` makes sure the words are
really there) and checks the behaviour through the engine or a lesson run, and the lesson's own
words where the words were the problem. Where a lesson teaches a reading this project chose
(``docs/rulings.md``), the lesson must say so ("this board reads ..."), and the test checks that
too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from statements import LESSONS, in_rulebook, lesson_texts, play, run_at, strike, text

from stratego_widget.engine.game import Game
from stratego_widget.engine.moves import Move
from stratego_widget.engine.rulesets import ruleset
from stratego_widget.lessons import Feedback, LessonRun
from stratego_widget.locales import LANGUAGES

# ---------------------------------------------------------------- statements against the rulebooks

@pytest.mark.rulebooks
def test_silent_defense_a_defender_that_never_moved_may_be_a_bomb() -> None:
    """Stratego Original, More variants, Silent Defence: "When an attack is made, the attacker
    is the only player who declares his/her piece's rank. The defender 'remains silent' but has
    to remove the lower-ranked piece from the board." Attacking a Bomb: "When a piece attacks a
    Bomb, the attacking piece loses and is captured." So an unmoved defender that beats a
    Sergeant may be a stronger piece or a Bomb: the attacker sees the same either way."""
    in_rulebook("original", "The defender 'remains silent' but has to remove the lower-ranked "
                "piece from the board.")
    in_rulebook("original", "When a piece attacks a Bomb, the attacking piece loses and is "
                "captured.")
    seen = []
    for defender in ("colonel", "bomb"):
        game = Game.from_pieces("original+silent-defense",
                                {"e5": "red sergeant", "e6": f"blue {defender}",
                                 "a1": "red miner", "a9": "blue sergeant"})
        game.play("e5xe6")
        board = game.observation("red")["board"]
        assert "e5" not in board and board["e6"]["kind"] is None
        seen.append(board["e6"])
    assert seen[0] == seen[1]
    assert "Bomb" in text("silent-defense", 2, "success")
    for lang, bomb in (("nl", "Bom"), ("fr", "Bombe"), ("de", "Bombe")):
        assert bomb in text("silent-defense", 2, "success", lang)


@pytest.mark.rulebooks
def test_onyx_silent_defense_hides_what_the_attacker_removed() -> None:
    """Stratego Onyx Edition, Additional Tournament Rules, Silent Defense: "The defender does
    not reveal the rank of his/her piece" and "Players keep their own captured pieces." (read
    by this board as: the removed piece goes back to its owner unseen, docs/rulings.md).
    Stratego Original, Attacking: captured pieces go "where both players can see them"."""
    in_rulebook("onyx-2009", "Players keep their own captured pieces.")
    in_rulebook("original", "Sort them and place them where both players can see them")

    def captured_seen(spec: str) -> list[str | None]:
        game = Game.from_pieces(spec, {"e5": "red sergeant", "e6": "blue scout",
                                       "a1": "red miner", "a9": "blue sergeant"})
        game.play("e5xe6")
        return game.observation("red")["captured"]["blue"]

    assert captured_seen("onyx-2009+silent-defense") == [None]
    assert captured_seen("original+silent-defense") == ["scout"]
    step = LESSONS["silent-defense"].steps[4]
    assert step.rules.spec == "onyx-2009+silent-defense" and step.quote == (
        "Players keep their own captured pieces.")
    run = run_at("silent-defense", 5)
    assert not run.propose("tray").accepted       # that is Original's open tray
    assert not run.propose("named").accepted      # only the attacker names its rank
    assert run.propose("lower").solved
    assert "this board reads" in text("silent-defense", 5, "success")


@pytest.mark.rulebooks
def test_a_wrong_spot_still_shows_the_piece_and_the_spotter() -> None:
    """Stratego (2013), Specialist Pieces, The Spotter: "Tell your opponent that you are
    "Spotting" the piece, then guess. Your opponent must reveal the piece's rank." and "If your
    guess is not correct, nothing happens. But your Spotter is revealed!" This board reads the
    reveal as holding for a wrong guess too (docs/rulings.md), and the lesson says so."""
    in_rulebook("sci-fi-2013", "Your opponent must reveal the piece's rank.")
    in_rulebook("sci-fi-2013", "If your guess is not correct, nothing happens. But your "
                "Spotter is revealed!")
    game = Game.from_pieces("sci-fi-2013", {"f3": "red spotter", "f4": "blue general",
                                            "a7": "blue sergeant"})
    game.play("f3!colonel")
    assert game.piece_at("f4") == ("blue", "general") and game.piece_at("f3") == (
        "red", "spotter")
    assert game.observation("red")["board"]["f4"]["kind"] == "general"
    assert game.observation("blue")["board"]["f3"]["kind"] == "spotter"
    success = text("sci-fi-2013", 3, "success")
    assert "costs nothing but" not in success and "this board reads" in success
    assert "General" in success
    assert run_at("sci-fi-2013", 3).propose("f3!colonel").solved  # the wrong guess, played


@pytest.mark.rulebooks
def test_the_two_square_count_of_five_is_not_presented_as_a_rule() -> None:
    """Every rulebook counts three (1961, Rules for Movement 10; Onyx, Rules for Movement 10;
    1999, Rules for Movement; 2013, Rules For Moving 6; Original, Moving: "The pieces cannot be
    moved back and forth between the same two squares for more than three consecutive turns.").
    No rulebook says five: the step that sets the count to five says it is a setting of this board and
    cites only the rule of three."""
    quote = ("The pieces cannot be moved back and forth between the same two squares for more "
             "than three consecutive turns.")
    in_rulebook("original", quote)
    in_rulebook("classic-1961", "No piece may be shifted more than 3 times back and forth in the "
                "same two squares.")
    in_rulebook("onyx-2009", "Pieces cannot be moved back and forth between the same 2 squares "
                "in 3 consecutive turns.")
    in_rulebook("hasbro-1999", "A piece cannot move back and forth between squares in three "
                "consecutive turns.")
    in_rulebook("sci-fi-2013", "Pieces cannot be moved back and forth between the same two "
                "squares in three consecutive turns.")
    step = LESSONS["two-square"].steps[5]
    assert step.params["two_square_count"] == 5 and step.quote == quote
    for lang in LANGUAGES:
        words = " ".join([step.instruction.get(lang), step.success.get(lang)]).lower()
        assert not re.search(r"tournament|toernooi|tournoi|turnier", words), lang
    summary = LESSONS["two-square"].summary
    assert summary is not None
    assert not re.search(r"tournament|toernooi|tournoi|turnier", " ".join(
        summary.get(lang) for lang in LANGUAGES).lower())
    feedback = play("two-square", 6, list(step.solution))
    assert feedback[-1].solved and feedback[-1].rule == "two-square"


READINGS = [  # (lesson, step): steps whose success text teaches a reading of docs/rulings.md
    ("two-square", 1), ("two-square", 2), ("two-square", 3), ("classic-1961", 2),
    ("classic-1961", 4), ("classic-1961", 6), ("onyx-2009", 4), ("hasbro-1999", 5),
    ("ultimate-lightning", 3), ("ultimate-lightning", 4),
    ("ultimate-lightning", 6), ("moving-flag", 3),
    ("exploding-bombs", 3), ("silent-defense", 5), ("sci-fi-2013", 3),
]
BOARD_READS = {"en": "this board", "nl": "dit bord", "fr": "ce plateau", "de": "dieses Brett"}


@pytest.mark.parametrize(("lesson", "step"), READINGS, ids=[f"{a}-{b}" for a, b in READINGS])
def test_a_reading_is_told_as_this_boards_reading(lesson: str, step: int) -> None:
    """docs/rulings.md: where a rulebook can be read two ways, the lesson says which way this
    board reads it, never that the rulebook says so."""
    for lang, words in BOARD_READS.items():
        assert words.lower() in text(lesson, step, "success", lang).lower(), (lesson, step, lang)


@pytest.mark.rulebooks
def test_the_back_and_forth_counts_as_this_board_reads_them() -> None:
    """Stratego (1961), Rules for Movement, rule 10: "No piece may be shifted more than 3 times
    back and forth in the same two squares." Stratego Onyx Edition, Rules for Movement, rule 10:
    "Pieces cannot be moved back and forth between the same 2 squares in 3 consecutive turns."
    This board: three shifts allowed in 1961 (the fourth refused), the third refused on Onyx,
    and a strike counts as one of the moves."""
    in_rulebook("classic-1961", "No piece may be shifted more than 3 times back and forth in the "
                "same two squares.")
    in_rulebook("onyx-2009", "Pieces cannot be moved back and forth between the same 2 squares "
                "in 3 consecutive turns.")
    onyx = play("two-square", 1, ["e4-e5", "e5-e4", "e4xe5"])
    assert onyx[-1].rule == "two-square" and onyx[-1].solved       # the strike is the third
    old = play("two-square", 2, ["e4-e5", "e5-e4", "e4xe5"])
    assert old[-1].accepted and old[-1].rule is None and old[-1].solved
    fourth = play("classic-1961", 6, ["e4-e5", "e5-e4", "e4-e5", "e5-e4"])
    assert [f.rule for f in fourth] == [None, None, None, "two-square"]


@pytest.mark.rulebooks
def test_only_the_pieces_from_marshal_to_scout_add_up_to_eleven() -> None:
    """Stratego (1961), To Start the Game, rule 3: "the Marshal is ranked 1 (highest), the
    General 2, the Colonels 3, and so on to the Spy, who is marked with an "S"." Stratego
    Original, The playing pieces: "The Marshal has a rank of 10 and is therefore the most
    powerful piece; the Spy has the lowest rank at 1." So 1961 + Original = 11 for the Marshal
    to the Scout, but not for the Spy."""
    in_rulebook("classic-1961", 'and so on to the Spy, who is marked with an "S".')
    in_rulebook("original", "the Spy has the lowest rank at 1.")
    old, new = ruleset("classic-1961"), ruleset("original")
    for kind in ("marshal", "general", "colonel", "major", "captain", "lieutenant",
                 "sergeant", "miner", "scout"):
        assert int(old.label(kind)) + int(new.label(kind)) == 11, kind
    assert (old.label("spy"), new.label("spy")) == ("S", "1")
    success = text("numbering", 1, "success")
    assert "always" not in success and "Spy" in success and "S" in success


@pytest.mark.rulebooks
def test_any_piece_that_strikes_the_spy_wins_and_the_spy_wins_only_against_the_marshal() -> None:
    """Stratego Original, Special pieces, The Spy: "When a Spy attacks a Marshal (10), the
    Marshal is captured and removed from the board. However, if the Marshal attacks the Spy
    first, the Spy is captured and removed from the board." and "The Spy has the lowest rank.
    If the Spy is attacked by any other piece, it is captured." """
    in_rulebook("original", "The Spy has the lowest rank. If the Spy is attacked by any other "
                "piece, it is captured.")
    in_rulebook("original", "When a Spy attacks a Marshal (10), the Marshal is captured and "
                "removed from the board.")
    for attacker in ("scout", "sergeant", "marshal"):
        assert strike("original", attacker, "spy")["e4"] == ("red", attacker)
    assert strike("original", "spy", "marshal")["e4"] == ("red", "spy")
    assert strike("original", "spy", "sergeant")["e4"] == ("blue", "sergeant")
    wrong = {"en": "strikes first", "nl": "als het zelf aanvalt", "fr": "quand elle attaque",
             "de": "wenn sie angreift"}
    for lang, words in wrong.items():
        success = text("scout", 1, "success", lang)
        assert words not in success, lang
    assert "only when the Spy itself strikes the Marshal" in text("scout", 1, "success")
    assert play("scout", 1, ["b2-b7"])[0].solved


@pytest.mark.rulebooks
def test_a_spotter_struck_by_a_spotter_takes_it_down_with_it() -> None:
    """Stratego (2013), Rules For Attacking: "If your piece's rank MATCHES the rank of your
    opponent's, both pieces are captured." The Playing Pieces: "with 10 (Marshal) being the
    highest and the Spy being the lowest." So a Spotter struck by a Spotter is not simply beaten:
    both go; a Spy that strikes it loses; every other piece wins."""
    in_rulebook("sci-fi-2013", "If your piece's rank MATCHES the rank of your opponent's, both "
                "pieces are captured.")
    in_rulebook("sci-fi-2013", "with 10 (Marshal) being the highest and the Spy being the "
                "lowest.")
    after = strike("sci-fi-2013", "spotter", "spotter")
    assert "e3" not in after and "e4" not in after
    assert strike("sci-fi-2013", "spy", "spotter")["e4"] == ("blue", "spotter")
    assert strike("sci-fi-2013", "scout", "spotter")["e4"] == ("red", "scout")
    front = text("setup-2013", 2, "feedback.front")
    assert "any piece but a Spy beats a Spotter" not in front
    assert "a Spotter that strikes a Spotter removes both" in front


@pytest.mark.rulebooks
def test_the_spotter_does_not_outrank_the_spy_it_strikes() -> None:
    """Stratego (2013), Specialist Pieces, The Spy: "A Spy has no rank. If the Spy is attacked
    by any piece, it is removed." The Spotter: "Spotters may attack normally instead of
    Spotting." A Spy that strikes a Spotter loses: the Spy is "the lowest"."""
    in_rulebook("sci-fi-2013", "A Spy has no rank. If the Spy is attacked by any piece, it is "
                "removed.")
    in_rulebook("sci-fi-2013", "Spotters may attack normally instead of Spotting.")
    assert strike("sci-fi-2013", "spotter", "spy")["e4"] == ("red", "spotter")
    assert strike("sci-fi-2013", "spy", "spotter")["e4"] == ("blue", "spotter")
    for lang in LANGUAGES:
        assert not re.search(r"outranks|hoger dan|plus fort que|höher als",
                             text("spotter", 3, "success", lang)), lang
    assert "has no rank" in text("spotter", 3, "success")


@pytest.mark.parametrize(("lesson", "step", "general"),
                         [("endgame-marshal-spy", 2, "b3")])
@pytest.mark.rulebooks
def test_after_the_marshal_blues_general_still_equals_yours(lesson: str, step: int,
                                                            general: str) -> None:
    """Stratego Original, Attacking: "If your piece's RANK MATCHES (same in number) the rank of
    your opponent's piece, both pieces are captured." With Blue's Marshal gone, Blue's General
    still equals your General: the lessons no longer say that nothing outranks your pieces."""
    in_rulebook("original", "If your piece's RANK MATCHES (same in number) the rank of your "
                "opponent's piece, both pieces are captured.")
    after = strike("original", "general", "general")
    assert "e3" not in after and "e4" not in after
    s = LESSONS[lesson].steps[step - 1]
    assert s.pieces[general] == "red general"
    success = text(lesson, step, "success")
    assert "nothing on Blue's side outranks" not in success
    assert "highest piece on the board" not in success
    assert "Blue's General" in success and "both are removed" in success
    assert play(lesson, step, list(s.solution))[-1].solved


# ---------------------------------------------------------------- contradictions

def _adjacent(a: str, b: str) -> bool:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def _lines(lesson: str, step: int, depth: int) -> Iterator[tuple[list[str], list[Feedback]]]:
    """Every line of learner moves from the step's start, up to ``depth`` moves or until the
    step is solved or lost, with the feedback of each move (played from the start each time)."""
    def replay(line: list[str]) -> tuple[LessonRun, list[Feedback]]:
        run = run_at(lesson, step)
        return run, [run.propose(move) for move in line]

    stack: list[list[str]] = [[]]
    while stack:
        line = stack.pop()
        run, feedback = replay(line)
        if line:
            yield line, feedback
        if (feedback and (feedback[-1].solved or feedback[-1].failed)) or len(line) >= depth:
            continue
        assert run.game is not None
        stack.extend([*line, str(move)] for move in run.game.legal_moves())


SPY_STEPS = [("endgame-marshal-spy", 1, 4), ("endgame-marshal-spy", 2, 4)]


@pytest.mark.parametrize(("lesson", "step", "depth"), SPY_STEPS,
                         ids=[f"{a}-{b}" for a, b, _ in SPY_STEPS])
@pytest.mark.rulebooks
def test_a_spy_that_walks_up_to_the_marshal_is_struck_first(lesson: str, step: int,
                                                            depth: int) -> None:
    """Stratego Original, Special pieces, The Spy: "When a Spy attacks a Marshal (10), the
    Marshal is captured and removed from the board. However, if the Marshal attacks the Spy
    first, the Spy is captured and removed from the board." A Spy that steps next to a known
    Marshal gives the Marshal the first strike: in every line of these steps the Marshal answers
    such a move by striking the Spy, and every line ends, solved or lost, within a few moves (no
    line is won because Blue passed)."""
    in_rulebook("original", "However, if the Marshal attacks the Spy first, the Spy is captured "
                "and removed from the board.")
    walk_ups = solved = 0
    for line, feedback in _lines(lesson, step, depth):
        run = run_at(lesson, step)
        for move in line[:-1]:
            run.propose(move)
        assert run.game is not None
        game, last = run.game, Move.parse(line[-1])
        piece = game.piece_at(last.origin)
        if piece is not None and piece[1] == "spy" and game.piece_at(last.target) is None:
            marshals = [sq for sq, (owner, kind) in game.pieces().items()
                        if owner != piece[0] and kind == "marshal"]
            if any(_adjacent(last.target, sq) for sq in marshals):
                walk_ups += 1
                assert feedback[-1].failed, line
                assert feedback[-1].reply is not None and feedback[-1].reply.endswith(
                    "x" + last.target), line
        assert feedback[-1].solved or feedback[-1].failed or len(line) < depth, line
        solved += feedback[-1].solved
    assert solved > 0
    if lesson != "endgame-marshal-spy" or step != 2:  # there the Spy cannot step out at all
        assert walk_ups > 0


@pytest.mark.rulebooks
def test_a_spy_that_strikes_first_beats_the_marshal_and_loses_when_struck() -> None:
    """Stratego Original, Special pieces, The Spy: "When a Spy attacks a Marshal (10), the
    Marshal is captured and removed from the board." and "The Spy has the lowest rank. If the
    Spy is attacked by any other piece, it is captured." In endgame-marshal-spy step 3 the
    Marshal that waits beside the unknown piece that is the Spy is struck first. And the other
    way round ("However, if the Marshal attacks the Spy first, the Spy is captured"): in step 1
    the Spy that walks up to the known Marshal is struck first."""
    in_rulebook("original", "When a Spy attacks a Marshal (10), the Marshal is captured and "
                "removed from the board.")
    in_rulebook("original", "The Spy has the lowest rank. If the Spy is attacked by any other "
                "piece, it is captured.")
    walk = play("endgame-marshal-spy", 3, ["e3-e2"])[0]   # the unknown Spy strikes first
    assert walk.failed and walk.reply == "e5xe4"
    in_rulebook("original", "However, if the Marshal attacks the Spy first, the Spy is captured "
                "and removed from the board.")
    walk = play("endgame-marshal-spy", 1, ["a3-a4"])[0]
    assert walk.failed and walk.reply == "a5xa4"


@pytest.mark.rulebooks
def test_the_general_striking_the_marshal_fails_the_bait_step() -> None:
    """Stratego (1961), Rules for Strike, rule 9: "The "Spy", however, has the special
    privilege of being able to remove only the Marshal provided he strikes first." A General
    that strikes the Marshal is simply lost: the step keeps the General (goal ``remains``) and
    fails; saving the General and letting the Marshal take the bait wins."""
    in_rulebook("classic-1961", 'The "Spy", however, has the special privilege of being able to '
                "remove only the Marshal provided he strikes first.")
    step = LESSONS["endgame-marshal-spy"].steps[1]
    assert step.pieces["b3"] == "red general" and step.pieces["a3"] == "blue marshal"
    fb = play("endgame-marshal-spy", 2, ["b3xa3"])[0]
    assert fb.accepted and fb.failed and not fb.solved
    fb = play("endgame-marshal-spy", 2, ["a2-b2"])[0]   # the bait runs: the General is taken
    assert fb.failed and fb.reply == "a3xb3"
    good = play("endgame-marshal-spy", 2, ["b3-c3", "a1xa2"])
    assert good[0].reply == "a3xa2" and good[1].solved and good[1].stars == 3


@pytest.mark.rulebooks
def test_walking_away_does_not_solve_the_unknown_neighbour_step() -> None:
    """Stratego Original, Special pieces, The Spy: "However, if the Marshal attacks the Spy
    first, the Spy is captured and removed from the board." The Marshal must strike the unknown
    neighbour now: any other action is refused or lets the Spy strike first, and fails."""
    in_rulebook("original", "However, if the Marshal attacks the Spy first, the Spy is captured "
                "and removed from the board.")
    run = run_at("endgame-marshal-spy", 3)
    assert run.game is not None
    moves = [str(move) for move in run.game.legal_moves()]
    for walk in ("e4-d4", "e4-f4", "e4-e3"):
        assert not run_at("endgame-marshal-spy", 3).propose(walk).accepted
    for move in moves:
        fb = play("endgame-marshal-spy", 3, [move])[0]
        if Move.parse(move).target == "e5":
            assert fb.solved and fb.stars == 3
        else:
            assert fb.failed and fb.reply == "e5xe4", move


@pytest.mark.rulebooks
def test_every_accepted_barrage_flag_placement_has_its_bomb_beside_it() -> None:
    """Stratego Original, Fast-paced variations, Stratego Barrage: "For example, you could set
    up your Flag in a corner, with the other pieces surrounding it. However, the other player
    will immediately know where to look for your Flag!" The step accepts a Bomb on any square
    beside the Flag, so its success text says "beside", not "in front"."""
    in_rulebook("original", "However, the other player will immediately know where to look for "
                "your Flag!")
    step = LESSONS["setup-barrage"].steps[0]
    solved = 0
    for flag in (sq for sq in step.area if sq.endswith("1")):
        for bomb in step.area:
            if bomb == flag:
                continue
            run = run_at("setup-barrage", 1)
            first = run.propose(f"flag@{flag}")
            second = run.propose(f"bomb@{bomb}")
            if first.accepted and second.solved:
                solved += 1
                assert _adjacent(flag, bomb), (flag, bomb)
    assert solved > 10
    success = text("setup-barrage", 1, "success")
    assert "in front" not in success and "beside" in success


# ---------------------------------------------------------------- translations

@pytest.mark.rulebooks
def test_the_french_question_about_the_spy_is_french() -> None:
    """Stratego (2013), Specialist Pieces, The Spy: "A Spy has no rank." """
    in_rulebook("sci-fi-2013", "A Spy has no rank.")
    instruction = text("sci-fi-2013", 5, "instruction", "fr")
    assert "Qu'est-ce qui est imprimé sur l'Espion\u00a0?" in instruction
    assert "Qu'est-il" not in instruction


@pytest.mark.rulebooks
def test_the_dutch_bluff_speaks_of_what_would_have_happened() -> None:
    """Stratego Original, Special pieces, The Scout: "You may choose to move your Scouts one
    square at a time to conceal their identity." A Scout that jumps to e5 is taken at once: the
    Dutch says it conditionally."""
    in_rulebook("original", "You may choose to move your Scouts one square at a time to conceal "
                "their identity.")
    success = text("strategy-bluff", 1, "success", "nl")
    assert "zou meteen geslagen zijn" in success and "was meteen geslagen" not in success
    jump = play("strategy-bluff", 1, ["e2-e5"])[0]
    assert jump.failed and jump.reply == "f5xe5"


@pytest.mark.rulebooks
def test_the_dutch_flag_is_always_hem() -> None:
    """Stratego Original, Game tips, The setup: "Place Bombs around your Flag to protect it."
    In Dutch "de Vlag" is one word with one pronoun: "hem" (and "zijn"), never "haar"."""
    in_rulebook("original", "Place Bombs around your Flag to protect it.")
    for where, words in lesson_texts("nl"):
        if "Vlag" in words:
            assert not re.search(r"\bhaar\b", words), (where, words)
    assert "Verover hem." in text("endgame-miners", 1, "instruction", "nl")
