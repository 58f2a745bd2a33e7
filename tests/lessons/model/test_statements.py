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
from statements import LESSONS, in_rulebook, play, run_at, strike, text

from stratego_widget.engine.game import Game
from stratego_widget.engine.rulesets import ruleset
from stratego_widget.locales import LANGUAGES


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
        answer = text("moving-bombs", 4, "choices.wait", lang)
        assert not re.search(r"Stay|Blijven staan|Rester|Stehen bleiben", answer), lang
        assert "f5" in answer and "e4" in answer, lang
        assert not re.search(r"wait to be struck|wachten tot|attendre d'être|warten, bis",
                             text("moving-bombs", 4, "feedback.strike", lang)), lang
    assert run_at("moving-bombs", 4).propose("wait").solved


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
        assert words in text("options-checkpoint", 7, "choices.seen", lang), lang
        assert words in text("options-checkpoint", 7, "success", lang), lang
    assert run_at("options-checkpoint", 7).propose("seen").solved


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
