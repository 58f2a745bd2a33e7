"""What a learner reads in the lessons and the tutorial notebooks agrees with the rulebooks
(issue 33, "statements and translations").

One test per statement the review found wrong. Each quotes the rulebook's words it relies on
(``in_rulebook`` finds them word for word), checks the rule on the engine or a lesson run, and
checks the lesson's (or the notebook's) own words, so that it fails on the old text.
"""

from __future__ import annotations

import json
import re

import pytest
from project import PROJECT
from statements import LESSONS, in_rulebook, lesson_texts, play, run_at, strike, text

from stratego_widget.engine.errors import IllegalMoveError
from stratego_widget.engine.game import Game
from stratego_widget.engine.rulesets import option_names, ruleset, ruleset_names
from stratego_widget.lessons import Lesson, LessonWidget
from stratego_widget.lessons.playing.step import StepState, propose
from stratego_widget.locales import LANGUAGES, TEXTS


def notebook_text(stem: str) -> str:
    """Every Markdown cell of a tutorial notebook, as one text."""
    cells = json.loads((PROJECT / "notebooks" / f"{stem}.ipynb").read_text("utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells
                     if cell["cell_type"] == "markdown")


def flat(words: str) -> str:
    """``words`` with every run of white space as one space (a notebook breaks its lines)."""
    return re.sub(r"\s+", " ", words)


# ---------------------------------------------------------------- the seven statements

@pytest.mark.rulebooks
def test_a_moving_bomb_that_is_the_only_movable_piece_cannot_stay() -> None:
    """Stratego Original, Moving: "You either move one of your pieces or attack one of your
    opponent's pieces." More variants, Moving Bombs: "Moving Bombs may not attack." Red's Bomb
    is its only piece that can move, so it steps to f5 or e4: it can neither stay nor strike."""
    in_rulebook("original", "You either move one of your pieces or attack one of your "
                "opponent's pieces.")
    in_rulebook("original", "Moving Bombs may not attack.")
    game = run_at("moving-bombs", 4).game
    assert game is not None
    assert sorted(str(move) for move in game.legal_moves()) == ["e5-e4", "e5-f5"]
    for lang in LANGUAGES:
        success = text("moving-bombs", 4, "success", lang)
        assert not re.search(r"Stay|Blijven staan|Rester|Stehen bleiben", success), lang
        assert "f5" in success and "e4" in success, lang
        assert not re.search(r"wait to be struck|wachten tot|attendre d'être|warten, bis",
                             success), lang
    feedback = run_at("moving-bombs", 4).propose("e5xe6")
    assert feedback.solved and feedback.rule == "cannot-strike"


@pytest.mark.rulebooks
def test_a_bomb_also_removes_a_marshal_that_strikes_it() -> None:
    """Stratego Original, Attacking a Bomb: "When a piece attacks a Bomb, the attacking piece
    loses and is captured." So with Blue's Marshal gone, the Spy is not the only piece that
    can still remove your Marshal: a Bomb it strikes does too."""
    in_rulebook("original", "When a piece attacks a Bomb, the attacking piece loses and is "
                "captured.")
    after = strike("original", "marshal", "bomb")
    assert "e3" not in after and after["e4"] == ("blue", "bomb")
    assert "only the Spy can still beat" not in text("endgame-marshal-spy", 3, "instruction")
    for lang, bomb in (("en", "Bomb"), ("nl", "Bom"), ("fr", "Bombe"), ("de", "Bombe")):
        assert bomb in text("endgame-marshal-spy", 3, "instruction", lang), lang
    assert play("endgame-marshal-spy", 3, ["e4xe5"])[0].solved


@pytest.mark.rulebooks
def test_a_piece_that_moved_more_than_one_square_is_no_moving_bomb() -> None:
    """Stratego Original, More variants, Moving Bombs: "This variation plays just like
    'Exploding Bombs', but the Bombs can move like all other pieces (except the Flag)." and
    Special pieces, The Scout: "NOTE: If a Scout moves more than one square, its identity will
    be revealed." A Moving Bomb moves one square; a long move shows a Scout, surely no Bomb."""
    in_rulebook("original", "This variation plays just like 'Exploding Bombs', but the Bombs can "
                "move like all other pieces (except the Flag).")
    in_rulebook("original", "NOTE: If a Scout moves more than one square, its identity will be "
                "revealed.")
    game = Game.from_pieces("original+moving-bombs", {"e2": "red bomb", "b2": "red scout",
                                                      "a1": "red flag", "j10": "blue flag",
                                                      "j7": "blue sergeant"})
    assert {move.target for move in game.legal_moves() if move.origin == "e2"} == {
        "d2", "f2", "e1", "e3"}
    game.play("b2-b5")
    assert game.observation("blue")["board"]["b5"]["kind"] == "scout"
    for lang, words in (("en", "more than one square"), ("nl", "meer dan één veld"),
                        ("fr", "plus d'une case"), ("de", "mehr als ein Feld")):
        assert words in text("options-checkpoint", 7, "hint", lang), lang
        assert words in text("options-checkpoint", 7, "success", lang), lang
    run = run_at("options-checkpoint", 7)
    assert run.propose("e4-d4").accepted and run.propose("d4xc4").solved   # the shown Scout
    assert run_at("options-checkpoint", 7).propose("e4xf4").failed   # the moved Bomb explodes


@pytest.mark.rulebooks
def test_the_miner_step_does_not_start_with_blue_already_lost() -> None:
    """Stratego Original, The Winner: "A player cannot move a piece or attack. In that case,
    the opposing player is the winner." With only a Bomb and its Flag, Blue has lost as soon as
    it is its turn (strike, step 6, teaches it); the Miner's step gives Blue a piece that can
    move, far away, so the Flag is still there to capture."""
    in_rulebook("original", "A player cannot move a piece or attack. In that case, the opposing "
                "player is the winner.")
    bare = Game.from_pieces("original", {"b7": "red miner", "b8": "blue bomb",
                                         "b9": "blue flag"})
    bare.play("b7xb8")
    assert bare.outcome is not None and bare.result_reason == "no-movable-pieces"
    game = run_at("miner", 3).game
    assert game is not None
    game.play("b7xb8")
    assert game.outcome is None
    feedback = play("miner", 3, list(LESSONS["miner"].steps[2].solution))
    assert feedback[-1].solved and feedback[-1].stars == 3


@pytest.mark.rulebooks
def test_the_numbering_summary_gives_each_edition_its_marshal() -> None:
    """Stratego Onyx Edition: "Thus, the Marshal is ranked 1 (highest)"; Stratego (Hasbro
    1999): "The ranking system depends on the set."; Stratego Original, The playing pieces:
    "The Marshal has a rank of 10". A newer set (Onyx, 2009) numbers the Marshal 1, so the
    summary names the editions instead of "newer" and "older" sets."""
    in_rulebook("onyx-2009", "Thus, the Marshal is ranked 1 (highest)")
    in_rulebook("hasbro-1999", "The ranking system depends on the set.")
    in_rulebook("original", "The Marshal has a rank of 10")
    assert ruleset("onyx-2009").label("marshal") == "1"
    assert ruleset("original").label("marshal") == "10"
    assert ruleset("sci-fi-2013").label("marshal") == "10"
    summary = LESSONS["numbering"].summary
    assert summary is not None
    assert "Newer sets" not in summary.get("en")
    assert "Onyx" in summary.get("en") and "depends on the set" in summary.get("en")
    for lang in LANGUAGES:
        assert "Onyx" in summary.get(lang) and "1999" in summary.get(lang), lang


@pytest.mark.rulebooks
def test_the_ultimate_lightning_notebook_cites_the_german_part_for_the_captain() -> None:
    """Stratego Original, German part, Bewegen und angreifen mit dem Hauptmann: "Spielfiguren
    dürfen nicht übersprungen werden." and "Der Hauptmann darf nach Betreten eines gegnerischen
    Feldes nicht mehr weiter ziehen oder angreifen; der Zug ist dann beendet." The notebook
    cites these words instead of calling them this board's reading."""
    jump = "Spielfiguren dürfen nicht übersprungen werden."
    stop = ("Der Hauptmann darf nach Betreten eines gegnerischen Feldes nicht mehr weiter ziehen "
            "oder angreifen; der Zug ist dann beendet.")
    in_rulebook("original", jump)
    in_rulebook("original", stop)
    blocked = Game.from_pieces("ultimate-lightning", {"e3": "red captain", "e4": "red miner",
                                                      "a1": "red flag", "j10": "blue flag"})
    assert not blocked.is_legal("e3-e5")
    strikes = Game.from_pieces("ultimate-lightning", {"e3": "red captain",
                                                      "e4": "blue lieutenant",
                                                      "a1": "red flag", "j10": "blue flag"})
    assert not strikes.is_legal("e3-e5") and strikes.is_legal("e3xe4")
    words = flat(notebook_text("07_ultimate_lightning"))
    assert "The rulebook says no more" not in words
    assert flat(jump) in words and "der Zug ist dann beendet" in words


@pytest.mark.rulebooks
def test_the_silent_defense_notebook_says_what_the_rulebook_says_of_equal_ranks() -> None:
    """Stratego Original, Silent Defence, in Dutch: "moet een stuk met lagere of gelijke rang
    wel van het bord verwijderen"; in French: "une pièce avec un grade identique ou plus bas";
    in German: "eine Figur mit niedrigerem oder gleichem Rang". The option does say what
    happens to equal ranks; on this board both pieces go."""
    for words in ("een stuk met lagere of gelijke rang", "une pièce avec un grade identique ou "
                  "plus bas", "eine Figur mit niedrigerem oder gleichem Rang"):
        in_rulebook("original", words)
    after = strike("original+silent-defense", "sergeant", "sergeant")
    assert "e3" not in after and "e4" not in after
    words = flat(notebook_text("11_silent_defense"))
    assert "the option does not say" not in words
    assert "lower or equal rank" in words
    assert "eine Figur mit niedrigerem oder gleichem Rang" in words


# ---------------------------------------------------------------- overclaims and readings

@pytest.mark.rulebooks
def test_a_cover_two_ranks_higher_does_not_take_back_everything() -> None:
    """Stratego Original, Game tips, The setup: "Cover a piece in the front row with a piece
    that is at least two higher in rank." A Major behind a Lieutenant takes back a Captain, but
    a Colonel that takes the Lieutenant beats the Major too: the lessons no longer promise that
    whatever takes the front piece can be taken back."""
    in_rulebook("original", "Cover a piece in the front row with a piece that is at least two "
                "higher in rank.")
    assert strike("original", "captain", "lieutenant")["e4"] == ("red", "captain")
    assert strike("original", "major", "captain")["e4"] == ("red", "major")
    assert strike("original", "colonel", "lieutenant")["e4"] == ("red", "colonel")
    assert strike("original", "major", "colonel")["e4"] == ("blue", "colonel")
    checkpoint = text("strategy-checkpoint", 1, "success")
    assert "whatever takes your Lieutenant can be taken back" not in checkpoint
    assert "Colonel or higher" in checkpoint
    flag = text("strategy-flag", 3, "success")
    assert "never lost for nothing" not in flag and "not every piece" in flag
    for lang, never in (("nl", "nooit voor niets"), ("fr", "jamais perdue pour rien"),
                        ("de", "nie umsonst")):
        assert never not in text("strategy-flag", 3, "success", lang), lang
    assert play("strategy-flag", 3, ["g4-f4", "f4xe4"])[-1].solved


@pytest.mark.rulebooks
def test_the_french_rulebooks_twice_as_high_is_commented_where_it_is_shown() -> None:
    """Stratego Original, Conseils tactiques: "dont le grade est au minimum deux fois plus
    élevé" (twice as high), where the English, Dutch and German parts say two ranks higher. A
    French learner sees those words beside the lesson's "deux grades de plus", so the lesson
    says why."""
    french = "dont le grade est au minimum deux fois plus élevé"
    in_rulebook("original", french)
    in_rulebook("original", "Dek een stuk op de eerste rij met een stuk erachter dat minstens "
                "twee rangen hoger is.")
    for lesson, step in (("strategy-checkpoint", 1), ("strategy-flag", 3)):
        shown = run_at(lesson, step, "fr")
        feedback = shown.propose(LESSONS[lesson].steps[step - 1].solution[0])
        if not feedback.solved:
            feedback = shown.propose(LESSONS[lesson].steps[step - 1].solution[1])
        assert feedback.solved and feedback.quote is not None and french in feedback.quote
        assert "deux grades de plus" in feedback.text
        assert "«\u00a0deux fois plus élevé\u00a0»" in text(lesson, step, "success", "fr"), lesson


BOARD_READS = {"en": "this board", "nl": "dit bord", "fr": "ce plateau", "de": "dieses Brett"}


def told_as_reading(words: str, lang: str) -> bool:
    return BOARD_READS[lang].lower() in words.lower()


@pytest.mark.rulebooks
def test_no_rescue_after_a_strike_is_told_as_this_boards_reading() -> None:
    """Stratego Original, Rescuing pieces: "When one of your pieces moves into a square in your
    opponent's back row, you may rescue one of your captured pieces." It speaks of moving; that
    a strike onto the back row does not rescue is this board's reading (docs/rulings.md)."""
    in_rulebook("original", "When one of your pieces moves into a square in your opponent's back "
                "row, you may rescue one of your captured pieces.")
    summary = LESSONS["rescue-limits"].summary
    assert summary is not None
    for lang in LANGUAGES:
        assert told_as_reading(summary.get(lang), lang), lang


@pytest.mark.rulebooks
def test_the_1961_scout_that_stops_first_is_told_as_this_boards_reading() -> None:
    """Stratego (1961), Rules for Strike 2: "A player may move in his turn or strike in his
    turn. He cannot do both." Onyx, Rules for Movement 8, says it of the Scout in so many
    words; for 1961 it is this board's reading, and the checkpoint says so (with the English
    words translated)."""
    in_rulebook("classic-1961", "A player may move in his turn or strike in his turn. He cannot "
                "do both.")
    in_rulebook("onyx-2009", "The Scout may not move and strike in the same turn.")
    game = Game.from_pieces("classic-1961", {"e2": "red scout", "e7": "blue sergeant",
                                             "a1": "red flag", "j10": "blue flag"})
    assert not game.is_legal("e2xe7") and game.is_legal("e2-e6")
    for lang in LANGUAGES:
        assert told_as_reading(text("editions-checkpoint", 1, "success", lang), lang), lang
    for lang, words in (("nl", "hij kan niet allebei doen"), ("fr", "il ne peut pas faire les "
                        "deux"), ("de", "er kann nicht beides tun")):
        assert words in text("editions-checkpoint", 1, "success", lang), lang
        assert words in text("editions-checkpoint", 1, "feedback.early", lang), lang


STRIKE_WINNER_STEPS = [("classic-1961", 5), ("onyx-2009", 2), ("editions-checkpoint", 2)]


@pytest.mark.parametrize(("lesson", "step"), STRIKE_WINNER_STEPS,
                         ids=[f"{a}-{b}" for a, b in STRIKE_WINNER_STEPS])
@pytest.mark.rulebooks
def test_a_trick_of_the_literal_reading_says_it_is_this_boards_reading(lesson: str,
                                                                         step: int) -> None:
    """Stratego (1961) and Onyx, Rules for Strike 6: "The winning higher ranking piece is then
    moved immediately into the empty square formerly occupied by the losing piece." Read
    literally, a defender that wins moves too; that reading is this board's (docs/rulings.md),
    and the steps whose trick needs it say so before the learner plays it."""
    in_rulebook("classic-1961", "The winning higher ranking piece is then moved immediately into "
                "the empty square formerly occupied by the losing piece.")
    spec = LESSONS[lesson].steps[step - 1].rules.spec
    after = strike(spec, "sergeant", "general")
    assert "e4" not in after and after["e3"] == ("blue", "general")
    assert after == strike(spec.split("+")[0], "sergeant", "general")
    for lang in LANGUAGES:
        assert told_as_reading(text(lesson, step, "instruction", lang), lang), (lesson, lang)
    solution = list(LESSONS[lesson].steps[step - 1].solution)
    assert play(lesson, step, solution)[-1].solved


@pytest.mark.rulebooks
def test_striking_the_flag_wins_the_spot_step_too_and_the_step_teaches_the_click() -> None:
    """Stratego (2013), Specialist Pieces, The Spotter: "Spotters can "spot" and capture Bombs
    and the Flag." and "The Spotter does NOT move to the captured piece's square." Both the spot
    and the strike capture the Flag and win: neither is a lost step. The board is clicked, so the
    step teaches the click (the Spotter, its square again, the rank), not a notation."""
    in_rulebook("sci-fi-2013", 'Spotters can "spot" and capture Bombs and the Flag.')
    in_rulebook("sci-fi-2013", "The Spotter does NOT move to the captured piece's square.")
    struck = run_at("spotter", 1)
    feedback = struck.propose("e3xe4")
    assert feedback.accepted and feedback.solved and not feedback.failed
    spotted = run_at("spotter", 1)
    feedback = spotted.propose("e3!flag")
    assert feedback.solved and feedback.stars == 3
    step = LESSONS["spotter"].steps[0]
    for lang in LANGUAGES:
        words = [step.instruction.get(lang), step.success.get(lang)]
        words += [value.get(lang) for value in (step.hint, *step.feedback.values())
                  if value is not None]
        assert not any("e3!" in sentence for sentence in words), lang
    assert "click your Spotter" in step.instruction.get("en")


# ---------------------------------------------------------------- what learners found

@pytest.mark.rulebooks
def test_only_the_captain_reaching_e4_solves_the_no_jumping_step() -> None:
    """Stratego Original, Moving: "The pieces cannot jump over or move through an occupied
    square." The step asks the Captain to reach e4 past a piece of its own; the piece on e3 is
    a Bomb, which never moves ("The Flag and the Bombs cannot move."), so moving the blocker
    does not solve the step; the Lieutenant far away on a2 is the other piece that can move."""
    in_rulebook("original", "The pieces cannot jump over or move through an occupied square.")
    in_rulebook("original", "The Flag and the Bombs cannot move.")
    step = LESSONS["pieces"].steps[3]
    assert step.goal.describe() == "reach e4" and step.pieces["e2"] == "red captain"
    game = run_at("pieces", 4).game
    assert game is not None
    assert {move.origin for move in game.legal_moves()} == {"e2", "a2"}
    blocker = play("pieces", 4, ["e3-e4"])[0]
    assert not blocker.solved and not blocker.accepted
    assert not play("pieces", 4, ["e2-e4"])[0].accepted
    for line in step.solutions:
        feedback = play("pieces", 4, list(line))
        assert feedback[-1].solved and feedback[-1].stars == 3
        assert len(line) == step.par


@pytest.mark.rulebooks
def test_the_start_here_quiz_shows_the_position_it_asks_about() -> None:
    """Stratego Original, The Winner: "A player cannot move a piece or attack. In that case, the
    opposing player is the winner." The quiz's third question shows Blue's Flag and two Bombs,
    and after Red's move Blue has lost."""
    in_rulebook("original", "A player cannot move a piece or attack. In that case, the opposing "
                "player is the winner.")
    cells = json.loads((PROJECT / "notebooks" / "00_start_here.ipynb").read_text("utf-8"))
    source = next("".join(cell["source"]) for cell in cells["cells"]
                  if "quiz-start-here" in "".join(cell["source"]))
    quiz = Lesson.from_text(source.split("'''")[1], languages=("en",))
    third = quiz.steps[2]
    kinds = sorted(piece for piece in third.pieces.values() if piece.startswith("blue"))
    assert kinds == ["blue bomb", "blue bomb", "blue flag"]
    game = Game.from_pieces("original", dict(third.pieces))
    move = next(iter(game.legal_moves()))
    game.play(move)
    assert game.winner == "red" and game.result_reason == "no-movable-pieces"


@pytest.mark.rulebooks
def test_the_start_here_notebook_says_what_the_board_does() -> None:
    """Stratego Original, Moving: "The pieces may not land in the 'lakes' in the centre of the
    board; they must move around these areas, never through or over them." (not that a lake
    holds no squares). A solved step stays until Next step, and the board sends an unseen enemy
    piece without its rank: drawn blank on the live board, with a question mark on a picture."""
    in_rulebook("original", "The pieces may not land in the 'lakes' in the centre of the board; "
                "they must move around these areas, never through or over them.")
    board = LessonWidget("pieces", progress=None)
    board.propose("e4-e5")
    assert board.lesson["state"] == "solved" and board.lesson["panel"]["step"] == 0
    assert board.view["pieces"]["a9"] == "b?"
    game = Game.from_pieces("original", {"e2": "red captain", "e7": "blue captain",
                                         "a1": "red flag", "j10": "blue flag"})
    assert ">?<" in game.to_svg(viewer="red")
    words = flat(notebook_text("00_start_here"))
    assert "moves on by itself" not in words and "Next step" in words
    assert "holds no squares" not in words
    assert "question mark until" not in words and "blank" in words


LAKES = [("original", "c4", "c5", False), ("hasbro-1999", "c4", "c5", False),
         ("classic-1961", "c4", "c5", True), ("onyx-2009", "c4", "c5", True)]


@pytest.mark.parametrize(("spec", "origin", "lake", "no_squares"), LAKES,
                         ids=[spec for spec, *_ in LAKES])
@pytest.mark.rulebooks
def test_a_lake_is_said_to_hold_no_squares_only_where_the_rulebook_says_so(
        spec: str, origin: str, lake: str, no_squares: bool) -> None:
    """Stratego (1961) and Onyx, Rules for Movement 3: "two lakes in the center of the board,
    which contain no squares"; Stratego (2013), Rules For Moving 4: "The Crater areas in the
    center of the board contain no squares." The 1999 sheet ("Pieces cannot jump over or move
    into the two lake areas") and Stratego Original ("The pieces may not land in the 'lakes'")
    do not say it, so the refusal does not say it either there."""
    in_rulebook("classic-1961", "which contain no squares. Pieces must move around lakes.")
    in_rulebook("sci-fi-2013", "The Crater areas in the center of the board contain no squares.")
    in_rulebook("hasbro-1999", "Pieces cannot jump over or move into the two lake areas")
    game = Game.from_pieces(spec, {origin: "red sergeant", "a1": "red flag", "j10": "blue flag"})
    with pytest.raises(IllegalMoveError) as refused:
        game.play(f"{origin}-{lake}")
    assert refused.value.rule == "lake"
    assert ("contains no squares" in str(refused.value)) == no_squares
    for lang, words in (("en", "hold no squares"), ("nl", "geen velden"),
                        ("fr", "pas de cases"), ("de", "keine Felder")):
        assert words not in text("scout", 2, "success", lang), lang


# ---------------------------------------------------------------- covers

def _played(lesson_id: str, tag: str) -> bool | None:
    """Whether a step of the lesson plays what a ``covers`` entry names: a game (a step's
    ruleset is that game, with or without options), an option (a step's rules have it, as
    Moving Bombs has Exploding Bombs' rule), or a ``field:value`` of the rules (``numbering``,
    ``two-square-reading``, ``rescue-area``; ``army:<game>``: a step plays that game). None
    for a tag that names a piece, a rule or an idea taught in words (``scout``, ``strategy``,
    ``winning-defender-moves-in``)."""
    steps = LESSONS[lesson_id].steps
    games = {step.ruleset_spec.split("+")[0] for step in steps}
    described = [step.rules.describe() for step in steps]
    field, _, value = tag.partition(":")
    if tag in ruleset_names():
        return tag in games
    if tag in option_names():
        return any(d[tag.replace("-", "_")] is True for d in described)
    if value and field == "army":
        return value in games
    if value and field.replace("-", "_") in described[0]:
        return any(str(d[field.replace("-", "_")]) == value for d in described)
    return None


def test_every_game_option_and_numbering_a_lesson_covers_is_played_by_one_of_its_steps() -> None:
    """A lesson's ``covers`` lists the editions, games, options and rules it teaches
    (docs/lessons.md); an edition, game, option or rule setting it names is played by at least
    one of its steps, so a course map never promises what a lesson does not show."""
    unplayed = [(lesson.id, tag) for lesson in LESSONS.values() for tag in lesson.covers
                if _played(lesson.id, tag) is False]
    assert not unplayed
    assert _played("numbering", "hasbro-1999") and _played("moving-bombs", "exploding-bombs")
    assert _played("duel", "barrage") is False and _played("strategy-flag", "scout") is None


# ---------------------------------------------------------------- translations

@pytest.mark.rulebooks
def test_german_spotting_is_anpeilen_not_entdecken() -> None:
    """Stratego (2013), Specialist Pieces, The Spotter: "Spotters target and identify the
    enemy" and "A Spotter may attempt to attack and capture any piece on the square in front of
    it by guessing the piece's rank." The 2013 rulebook is printed in English only; "entdecken"
    (to find, to discover) made "find the Flag to win" of the spot, so the German texts say
    "anpeilen" (to target), the lessons and the board alike, and the piece in front is "vor
    sich" (in front of itself), not "vor ihm"."""
    in_rulebook("sci-fi-2013", "Spotters target and identify the enemy")
    in_rulebook("sci-fi-2013", "A Spotter may attempt to attack and capture any piece on the "
                "square in front of it by guessing the piece's rank.")
    board = [TEXTS["rules"]["de"]["spot"], TEXTS["battle"]["de"]["spotted"]]
    board += [value for value in TEXTS["words"]["de"].values() if isinstance(value, str)]
    for where, words in [*lesson_texts("de"), *(("texts.json", w) for w in board)]:
        assert not re.search(r"entdeck", words, re.IGNORECASE), where
    spot = TEXTS["rules"]["de"]["spot"]
    assert "anpeilen" in spot and "vor sich" in spot
    spotting = [words for _, words in lesson_texts("de")
                if "Beobachter" in words and re.search(r"\bpeil|anpeil|Anpeil", words)]
    assert len(spotting) >= 10
    summary = LESSONS["spotter"].summary
    assert summary is not None and "Peile die Fahne an, um zu gewinnen" in summary.get("de")
    game = Game.from_pieces("sci-fi-2013", {"e3": "red spotter", "e4": "blue flag",
                                            "a7": "blue sergeant"})
    game.play("e3!flag")
    assert game.winner == "red" and game.piece_at("e3") == ("red", "spotter")


FIXED = [  # (lesson, step or None for the summary, field, language, wrong words, right words)
    ("numbering", 1, "instruction", "de", "Zählung", "Nummerierung"),
    ("rescue", 5, "*", "de", "überall auf deine Hälfte,", "überall auf deiner Hälfte"),
    ("strategy-flag", None, "summary", "de", "schlag zurück, was durchbricht",
     "schlag jede Figur zurück, die durchbricht"),
    ("silent-defense", 5, "success", "fr", "plateaux de rangement", "présentoir"),
    ("setup-barrage", 1, "*", "fr", "pas plus loin que la rangée 2",
     "pas plus en avant que la rangée 2"),
    ("moving-bombs", 2, "success", "fr", "une Bombe comme un Espion",
     "aussi bien une Bombe qu'un Espion"),
    ("strategy-flag", 4, "choices.none", "nl", "__exact__Geen enkel", "Geen enkel stuk"),
    ("rescue", 3, "*", "nl", "anders vlogen ze", "anders zouden ze"),
]


def _words(lesson: str, step: int | None, field: str, lang: str) -> str:
    if step is None:
        summary = LESSONS[lesson].summary
        assert summary is not None
        return summary.get(lang)
    if field == "*":  # any text of the step
        s = LESSONS[lesson].steps[step - 1]
        return " ".join(value.get(lang) for value in (s.instruction, s.success, s.hint,
                                                        *s.feedback.values(), *s.choices.values())
                        if value is not None)
    return text(lesson, step, field, lang)


@pytest.mark.parametrize(("lesson", "step", "field", "lang", "wrong", "right"), FIXED,
                         ids=[f"{row[0]}-{row[3]}-{row[5][:12]}" for row in FIXED])
@pytest.mark.rulebooks
def test_a_wrong_translation_is_gone(lesson: str, step: int | None, field: str, lang: str,
                                     wrong: str, right: str) -> None:
    """Stratego Original, Attacking, in French: "doivent être triées dans le présentoir prévu
    à cet effet" (the rulebook's word for the trays), and the review's list of wrong
    translations: each is gone and the right words are there."""
    in_rulebook("original", "doivent être triées dans le présentoir prévu à cet effet")
    words = _words(lesson, step, field, lang)
    if wrong.startswith("__exact__"):
        assert words != wrong.removeprefix("__exact__")
    else:
        assert wrong not in words
    assert right in words


@pytest.mark.rulebooks
def test_he_cannot_do_both_is_translated_where_it_is_quoted() -> None:
    """Stratego (1961), Rules for Strike 2: "He cannot do both." The English words are quoted
    in Dutch, French and German texts, each with its translation beside it."""
    in_rulebook("classic-1961", "He cannot do both.")
    for where, words in (*lesson_texts("nl"), *lesson_texts("fr"), *lesson_texts("de")):
        if "He cannot do both" in words:
            assert re.search(r"hij kan niet allebei doen|il ne peut pas faire les deux|"
                             r"er kann nicht beides tun", words), where


@pytest.mark.rulebooks
def test_the_german_only_tip_is_paraphrased_for_the_other_languages() -> None:
    """Stratego Original, German part, Spieltipps: "Wenn du eine Figur bewegst, weiß der
    Gegner, dass es sich dabei weder um eine Bombe noch um die Fahne handeln kann." Only the
    German part has the tip, so an English, Dutch or French learner sees German words: the
    step's success says where they come from and gives a paraphrase, labelled as one."""
    quote = ("Wenn du eine Figur bewegst, weiß der Gegner, dass es sich dabei weder um eine Bombe "
             "noch um die Fahne handeln kann.")
    in_rulebook("original", quote)
    step = LESSONS["strategy-bluff"].steps[3]
    assert step.quote.startswith(quote)
    for lang, label, german in (("en", "paraphrased:", "German part"),
                                ("nl", "vrij weergegeven:", "Duitse deel"),
                                ("fr", "en substance\u00a0:", "partie allemande")):
        feedback = run_at("strategy-bluff", 4, lang).propose("f2")
        assert feedback.solved and feedback.quote_language == "de", lang
        assert label in feedback.text and german in feedback.text, lang


@pytest.mark.rulebooks
def test_no_move_step_goes_on_after_the_opponent_has_lost_its_last_move() -> None:
    """Stratego Original, The Winner: "A player cannot move a piece or attack. In that case,
    the opposing player is the winner." Played along each move step's solution, the opponent
    keeps a move or a strike until the step is solved: a step never plays on (with the lesson's
    pass) in a game the rules have already ended, as the Barrage Flag step did once Blue's
    Scout was lost."""
    in_rulebook("original", "A player cannot move a piece or attack. In that case, the opposing "
                "player is the winner.")
    stuck = []
    for lesson in LESSONS.values():
        for number, step in enumerate(lesson.steps, 1):
            if step.kind != "move":
                continue
            state = StepState.start(step)
            opponent = "blue" if state.learner == "red" else "red"
            for action in step.solution:
                state, verdict = propose(state, action)
                if verdict.solved or verdict.failed:
                    break
                pieces = {square: f"{owner} {kind}"
                          for square, (owner, kind) in state.game.pieces().items()}
                turn = Game.from_pieces(state.game.rules, pieces, to_move=opponent)
                if not turn.legal_moves():
                    stuck.append((lesson.id, number, action))
    assert stuck == []
