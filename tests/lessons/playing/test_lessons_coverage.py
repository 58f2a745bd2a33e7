"""The lessons cover the game: every edition and fast game, every optional rule shown with and
without it, every difference between editions that ``Ruleset.describe()`` reports, and a basics
course that teaches every piece first."""

from __future__ import annotations

import pytest

from stratego_widget.engine.rulesets import option_names, ruleset, ruleset_names
from stratego_widget.lessons import Lesson, catalog

LESSONS = catalog()

# describe() fields that name a game rather than a rule, or that no edition sets differently
# from another by itself (options, parameters, simulation limits).
NOT_RULES = {"name", "title", "edition", "spec", "rulebook", "options", "overrides"}
# Fields whose value itself must be taught (each value in some lesson's ``covers``).
BY_VALUE = {"numbering", "two_square_reading", "rescue_area"}


def covers() -> set[str]:
    return {tag for lesson in LESSONS.values() for tag in lesson.covers}


def step_rulesets(lesson: Lesson) -> list[str]:
    return [step.ruleset_spec for step in lesson.steps]


def test_there_are_many_lessons_and_steps() -> None:
    assert len(LESSONS) >= 30
    assert sum(len(lesson.steps) for lesson in LESSONS.values()) >= 120


@pytest.mark.parametrize("game", ruleset_names())
def test_every_edition_and_fast_game_has_a_lesson(game: str) -> None:
    played = {spec.split("+")[0] for lesson in LESSONS.values() for spec in step_rulesets(lesson)}
    assert game in played
    assert game in covers()


@pytest.mark.parametrize("option", option_names())
def test_every_option_has_three_steps_and_one_without_it(option: str) -> None:
    lesson = LESSONS[option]
    assert option in lesson.covers
    specs = step_rulesets(lesson)
    with_option = [spec for spec in specs if option in spec.split("+")[1:]]
    assert len(with_option) >= 2 and len(specs) >= 3
    assert any(option not in spec.split("+") for spec in specs), "no step without the option"


def differences() -> dict[str, set[str]]:
    described = [ruleset(name).describe() for name in ruleset_names()]
    found: dict[str, set[str]] = {}
    for field in described[0]:
        if field in NOT_RULES:
            continue
        values = {repr(d[field]) for d in described}
        if len(values) > 1:
            found[field] = {str(d[field]) for d in described}
    return found


@pytest.mark.parametrize("field", sorted(differences()))
def test_every_difference_between_editions_is_taught(field: str) -> None:
    tag = field.replace("_", "-")
    if field in BY_VALUE:
        for value in differences()[field]:
            assert f"{tag}:{value}" in covers(), f"no lesson covers {tag}:{value}"
    else:
        assert tag in covers() or any(t.startswith(f"{tag}:") for t in covers()), (
            f"no lesson covers {tag}: a difference between editions that describe() reports")


def test_the_basics_come_first_and_teach_every_piece_move_and_strike() -> None:
    ordered = list(LESSONS.values())
    basics = [lesson for lesson in ordered if lesson.course == "basics"]
    assert ordered[: len(basics)] == basics
    taught = {tag for lesson in basics for tag in lesson.covers}
    assert {"movement", "strike"} <= taught
    army = {kind for name in ruleset_names() for kind, _ in ruleset(name).army} - {"spotter"}
    assert army <= taught


def test_the_spotter_is_taught_in_the_2013_lessons() -> None:
    assert "spotter" in LESSONS["sci-fi-2013"].covers
    assert any("!" in action for step in LESSONS["sci-fi-2013"].steps
               for action in step.solution)
