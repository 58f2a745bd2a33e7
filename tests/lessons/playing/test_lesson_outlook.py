"""A move's feedback says how far the goal is; the search behind it depends on the position
alone, so it is done once per position of a step, for every run and every language."""

from __future__ import annotations

import pytest

from stratego_widget.lessons import catalog
from stratego_widget.lessons.playing import search as run
from stratego_widget.lessons.playing.run import LessonRun
from stratego_widget.locales import LANGUAGES


def test_the_outlook_of_a_position_is_searched_once_for_every_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    searches: list[int] = []
    search = run.shortest_line

    def counted(*args: object, **options: object) -> object:
        searches.append(1)
        return search(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "shortest_line", counted)
    monkeypatch.setattr(run, "_outlooks", {})
    scout = catalog()["scout"]
    texts = []
    for lang in LANGUAGES:
        feedback = LessonRun(scout, language=lang).propose("b2-b5")
        assert feedback.accepted and not feedback.solved
        texts.append(feedback.text)
        assert searches, lang
    assert len(searches) == 2  # within par (none), then past it: once, for the first language
    assert len(set(texts)) == len(LANGUAGES)  # each run still speaks its own language


def test_a_kept_outlook_is_the_one_the_search_finds() -> None:
    scout = catalog()["scout"]
    first = LessonRun(scout, step=1).propose("c2-b2").text
    again = LessonRun(scout, step=1).propose("c2-b2").text
    assert first == again and "still in reach" in first
