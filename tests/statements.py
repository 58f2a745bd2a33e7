"""Helpers for the tests that hold a lesson's statements against the rulebooks and the board
(``tests/lessons/playing/test_lesson_statements.py``, ``tests/lessons/model/test_statements.py``):
the rulebook's words found word for word, a lesson's texts, a strike played on the engine, a
lesson run at a step, and issue 33's measures over a few lessons (the ``*_decisions`` tests)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from rulebooks import RULEBOOKS

from stratego_widget.engine.editions import EDITIONS
from stratego_widget.engine.game import Game
from stratego_widget.lessons import Feedback, LessonRun, catalog
from stratego_widget.lessons.checker import quote_found, read_rulebooks
from stratego_widget.lessons.playing.measures import Measure, content_measures

LESSONS = catalog()


@cache
def _books() -> dict[str, str]:
    return read_rulebooks(RULEBOOKS)


def in_rulebook(edition: str, words: str) -> None:
    """The quoted ``words`` are in ``edition``'s rulebook, word for word (any of its languages'
    parts: the Original rulebook is printed in four)."""
    assert quote_found(words, _books()[EDITIONS[edition].rulebook]), (edition, words)


def text(lesson: str, step: int, field: str, lang: str = "en") -> str:
    """A text of a lesson's step (1-based ``step``); ``field`` may be ``choices.<id>`` or
    ``feedback.<key>``."""
    s = LESSONS[lesson].steps[step - 1]
    if "." in field:
        table, key = field.split(".", 1)
        return getattr(s, table)[key].get(lang)
    return getattr(s, field).get(lang)


def strike(spec: str, attacker: str, defender: str) -> dict[str, tuple[str, str]]:
    """The board after a Red ``attacker`` on e3 strikes a Blue ``defender`` on e4."""
    game = Game.from_pieces(spec, {"e3": f"red {attacker}", "e4": f"blue {defender}",
                                   "a1": "red flag", "j1": "red miner",
                                   "a7": "blue flag", "j7": "blue miner"})
    game.play("e3xe4")
    return game.pieces()


def run_at(lesson: str, step: int, lang: str = "en") -> LessonRun:
    """A run of ``lesson`` at its (1-based) ``step``."""
    return LessonRun(LESSONS[lesson], language=lang, step=step - 1)


def play(lesson: str, step: int, actions: list[str]) -> list[Feedback]:
    """The feedback of each action, played from the step's start."""
    run = run_at(lesson, step)
    return [run.propose(action) for action in actions]


def lesson_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every text a learner reads in the shipped lessons in ``lang``, with where it is
    (``"<lesson>"`` or ``"<lesson>-<step>"``)."""
    for lesson in LESSONS.values():
        for value in (lesson.title, lesson.summary):
            if value is not None:
                yield lesson.id, value.get(lang)
        for step in lesson.steps:
            for value in (step.instruction, step.success, step.hint, *step.feedback.values(),
                          *step.choices.values()):
                if value is not None:
                    yield f"{lesson.id}-{step.index + 1}", value.get(lang)


def decision_rows(lesson_ids: Iterable[str]) -> tuple[Measure, ...]:
    """Issue 33's three measures read from the steps alone (one movable piece, an instruction
    naming the answer's square, questions) over the lessons ``lesson_ids``, each at its goal
    when ``met``."""
    return content_measures({lesson_id: LESSONS[lesson_id] for lesson_id in lesson_ids})
