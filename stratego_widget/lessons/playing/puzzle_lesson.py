"""Puzzles played on the lesson board: each puzzle a lesson move step, a round of them a lesson.

:func:`puzzle_step` builds a :class:`~stratego_widget.lessons.model.steps.Step` from a
:class:`~stratego_widget.puzzles.Puzzle` (its position, what the solver has seen, its line),
so the lesson board plays it with its own feedback, hints and stars, and the lesson coach
says why a move was worse. The goal, :class:`PlaysLine`, is met when the learner has played
the solver's moves of the line and the opponent's replies have been played after them (a
solved puzzle plays its line to the end). A move off the line is answered by the opponent
(the lesson's :data:`~stratego_widget.lessons.playing.opponents.DEFAULT_OPPONENT`, which
takes what it can and defends itself), and then the puzzle is lost: the coach says what the
move gave away. :class:`PuzzleLesson` is a round of puzzles played one after the other.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> from stratego_widget.puzzles import Puzzle
    >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
    ...     "b8": "blue general", "j10": "blue flag"}, revealed=["b8"])
    >>> lesson = PuzzleLesson((Puzzle.of(game, ("b2-b3", "b8-b7")),))
    >>> run = lesson.start("en")
    >>> feedback = run.propose("b2-b3")
    >>> feedback.solved, feedback.reply
    (True, 'b8-b7')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.game import Game
from ...locales import LANGUAGES
from ...puzzles.puzzle import Puzzle
from ..model.goals import Goal, Situation
from ..model.steps import Reply, Step, move_key
from ..model.text import Text
from .opponents import DEFAULT_OPPONENT
from .run import LessonRun

__all__ = ["PUZZLE_TEXTS", "PlaysLine", "PuzzleLesson", "puzzle_step", "puzzle_text"]

#: The trainer's own sentences, in every language.
PUZZLE_TEXTS: Mapping[str, Mapping[str, str]] = {
    "title": {"en": "Puzzles", "nl": "Puzzels", "fr": "Puzzles", "de": "Rätsel"},
    "instruction": {
        "en": "Puzzle {number}: find the one good move for {side}. Its rating: {rating}.",
        "nl": "Puzzel {number}: vind de enige goede zet voor {side}. Moeilijkheid: {rating}.",
        "fr": "Puzzle {number} : trouvez le seul bon coup pour {side}. Son classement : "
              "{rating}.",
        "de": "Rätsel {number}: Finde den einzigen guten Zug für {side}. Wertung: {rating}.",
    },
    "success": {
        "en": "Solved: that is the move that wins most often, whatever the hidden ranks.",
        "nl": "Opgelost: dat is de zet die het vaakst wint, wat de verborgen rangen ook zijn.",
        "fr": "Résolu : c'est le coup qui gagne le plus souvent, quels que soient les grades "
              "cachés.",
        "de": "Gelöst: Das ist der Zug, der am häufigsten gewinnt, welche Ränge auch "
              "verborgen sind.",
    },
    "failed": {
        "en": "The puzzle's move was {move}.",
        "nl": "De zet van de puzzel was {move}.",
        "fr": "Le coup du puzzle était {move}.",
        "de": "Der Zug des Rätsels war {move}.",
    },
    "red": {"en": "Red", "nl": "Rood", "fr": "Rouge", "de": "Rot"},
    "blue": {"en": "Blue", "nl": "Blauw", "fr": "Bleu", "de": "Blau"},
}

#: What a puzzle step cites: the Original rulebook's attacking, where a rank is told.
_CITE = "Original: Attacking"
_QUOTE = "Your opponent must then call out his/her piece's rank."


def puzzle_text(key: str, lang: str, **values: object) -> str:
    """One of the trainer's sentences in ``lang``, its placeholders filled.

    Example:
        >>> puzzle_text("failed", "de", move="b2-b3")
        'Der Zug des Rätsels war b2-b3.'
    """
    return PUZZLE_TEXTS[key][lang].format(**values)


def _text(key: str, **values: object) -> Text:
    return Text({lang: puzzle_text(key, lang, **values) for lang in LANGUAGES})


@dataclass(frozen=True)
class PlaysLine(Goal):
    """The learner plays the solver's moves of ``line`` (the solution; replies between
    them) and the opponent's moves after them have been played; lost when the learner has
    left the line and the opponent has answered.

    Example:
        >>> PlaysLine(("b2-b3",), 2).describe()
        'play b2-b3'
    """

    solution: tuple[str, ...]
    plies: int

    def _learner_moves(self, s: Situation) -> list[str]:
        return [move_key(str(move)) for move in s.game.moves[0::2]]

    def met(self, s: Situation) -> bool:
        played = self._learner_moves(s)
        return played == [move_key(m) for m in self.solution] and (
            len(s.game.moves) >= self.plies or s.game.is_over)

    def lost(self, s: Situation) -> bool:
        played = self._learner_moves(s)
        on_line = played == [move_key(m) for m in self.solution][:len(played)]
        return not on_line and (s.game.to_move == s.learner or s.game.is_over)

    def describe(self) -> str:
        return f"play {' '.join(self.solution)}"


def puzzle_step(puzzle: Puzzle, index: int = 0) -> Step:
    """The puzzle as a lesson move step (step ``index`` of a round).

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
        ...     "b8": "blue general", "j10": "blue flag"})
        >>> step = puzzle_step(Puzzle.of(game, ("b2-b3", "b8-b7", "b3-b4")), 1)
        >>> step.solution, step.replies[0].for_move("b2-b3"), step.par
        (('b2-b3', 'b3-b4'), 'b8-b7', 2)
    """
    fields: dict[str, Any] = puzzle.step_fields()
    solution = tuple(fields["solution"])
    replies = tuple(Reply(None, {move: reply})
                    for move, reply in zip(solution, fields["replies"], strict=False))
    side = fields["to_move"]
    return Step(
        index=index, kind="move", ruleset_spec=puzzle.ruleset, params={},
        pieces=fields["pieces"], revealed=tuple(fields["revealed"]),
        moved=tuple(fields["moved"]),
        captured={player: tuple(kinds) for player, kinds in fields["captured"].items()},
        to_move=side,
        instruction=Text({lang: puzzle_text("instruction", lang, number=index + 1,
                                            side=puzzle_text(side, lang),
                                            rating=puzzle.rating) for lang in LANGUAGES}),
        goal=PlaysLine(solution, len(puzzle.moves)), par=len(solution), solution=solution,
        success=_text("success"), cite=_CITE, quote=_QUOTE,
        source=Game.from_position(puzzle.position, puzzle.ruleset).rules.edition,
        replies=replies, opponent=DEFAULT_OPPONENT,
        feedback={"lesson-failed": _text("failed", move=solution[0])})


@dataclass(frozen=True)
class PuzzleLesson:
    """A round of puzzles played as one lesson, one step each; ``puzzles[i]`` is step
    ``i``'s puzzle.

    Example:
        >>> from stratego_widget.puzzles import shipped_puzzles
        >>> lesson = PuzzleLesson(tuple(shipped_puzzles()[:2]))
        >>> lesson.id, len(lesson.steps), lesson.title.get("nl")
        ('puzzles', 2, 'Puzzels')
    """

    puzzles: tuple[Puzzle, ...]
    id: str = "puzzles"
    #: The puzzles as lesson move steps.
    steps: tuple[Step, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "puzzles", tuple(self.puzzles))
        object.__setattr__(self, "steps", tuple(puzzle_step(puzzle, i)
                                                for i, puzzle in enumerate(self.puzzles)))

    @property
    def title(self) -> Text:
        """The round's title in every language.

        Example:
            >>> PuzzleLesson(()).title.get("de")
            'Rätsel'
        """
        return _text("title")

    def start(self, language: str = "en") -> LessonRun:
        """A run of the round from its first puzzle.

        Example:
            >>> from stratego_widget.puzzles import shipped_puzzles
            >>> PuzzleLesson(tuple(shipped_puzzles()[:1])).start("fr").language
            'fr'
        """
        return LessonRun(self, language)
