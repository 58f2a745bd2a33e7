"""Lessons: every step is solved by its solution within par, refuses a wrong action with a
rule id, starts with its goal unmet, quotes its rulebook word for word, and speaks English,
Dutch, French and German. The loader names the file, the step and the field of a mistake."""

from __future__ import annotations

import pathlib

import pytest
from project import PROJECT
from rulebooks import RULEBOOKS
from shipped_checks import SHIPPED_REPORT_GROUP, shipped_report

from stratego_widget.engine.errors import StrategoError
from stratego_widget.lessons import Lesson, LessonError, LessonRun, Step, catalog, check
from stratego_widget.lessons.checker import main, quote_found, read_rulebooks, wrong_action
from stratego_widget.lessons.model.text import player_keys
from stratego_widget.lessons.playing.run import StepState
from stratego_widget.locales import LANGUAGES

LESSONS = catalog()
STEPS = [(lesson, step) for lesson in LESSONS.values() for step in lesson.steps]
STEP_IDS = [f"{lesson.id}-{step.index + 1}" for lesson, step in STEPS]


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=STEP_IDS)
def test_every_solution_solves_the_step_within_par(lesson: Lesson, step: Step) -> None:
    for line in step.solutions:  # the solution, and each alternative answer
        run = LessonRun(lesson, step=step.index)
        assert len(line) <= step.par
        for i, action in enumerate(line):
            feedback = run.propose(action)
            assert feedback.accepted, (action, feedback.text)
            assert not feedback.failed, (action, feedback.text)
            assert feedback.solved == (i == len(line) - 1), (action, feedback.text)
        assert run.step_index == step.index + 1
        assert run.stars[step.index] == 3


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=STEP_IDS)
def test_a_wrong_action_is_refused_with_a_rule_and_changes_nothing(lesson: Lesson,
                                                                   step: Step) -> None:
    for lang in LANGUAGES:
        run = LessonRun(lesson, language=lang, step=step.index)
        assert run.game is not None
        before = run.game.position()
        feedback = run.propose(wrong_action(step))
        assert not feedback.accepted
        assert feedback.rule and feedback.text
        assert run.step_index == step.index and run.game.position() == before
        assert run.state is not None and run.state.actions == 0 and run.refusals == 1


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=STEP_IDS)
def test_no_goal_is_met_before_the_learner_acts(lesson: Lesson, step: Step) -> None:
    assert not StepState.start(step).met()


@pytest.mark.rulebooks
def test_the_rulebooks_are_beside_the_repository() -> None:
    assert RULEBOOKS.is_dir(), f"the rulebook folder is expected at {RULEBOOKS}"


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=STEP_IDS)
@pytest.mark.rulebooks
def test_every_quote_is_in_the_cited_rulebook(lesson: Lesson, step: Step) -> None:
    books = read_rulebooks(RULEBOOKS)
    from stratego_widget.engine.editions import EDITIONS

    assert quote_found(step.quote, books[EDITIONS[step.source].rulebook]), step.quote


@pytest.mark.parametrize("lesson", list(LESSONS.values()), ids=list(LESSONS))
@pytest.mark.rulebooks
@pytest.mark.xdist_group(SHIPPED_REPORT_GROUP)
def test_the_checker_finds_no_problem(lesson: Lesson) -> None:
    report = shipped_report(lesson.id)
    assert report.ok, str(report)
    assert report.unchecked == 0


@pytest.mark.parametrize("lesson", list(LESSONS.values()), ids=list(LESSONS))
def test_every_text_is_in_every_language(lesson: Lesson) -> None:
    texts = [lesson.title, *([lesson.summary] if lesson.summary else [])]
    for step in lesson.steps:
        texts += [step.instruction, step.success, *step.feedback.values(),
                  *step.choices.values(), *([step.hint] if step.hint else [])]
    for text in texts:
        assert text.missing() == [], text


def test_the_players_own_sentences_exist_in_every_language() -> None:
    keys = player_keys()
    assert set(keys) == set(LANGUAGES)
    assert all(keys[lang] == keys["en"] for lang in LANGUAGES)


# ---------------------------------------------------------------- the run

def test_a_run_goes_through_a_lesson_and_counts_stars() -> None:
    lesson = LESSONS["scout"]
    run = lesson.start(language="en")
    for step in lesson.steps:
        for action in step.solution:
            run.propose(action)
    assert run.finished and run.game is None and run.step is None
    assert run.total_stars == 3 * len(lesson.steps)
    late = run.propose("b2-b7")
    assert not late.accepted and late.rule == "lesson-finished"


def test_refused_moves_explain_the_rule_in_the_learners_language() -> None:
    run = LESSONS["scout"].start(language="de")
    feedback = run.propose("b2-c3")
    assert feedback.rule == "diagonal"
    assert "diagonal" in feedback.text and "Aufklärer ziehen weit" in feedback.text
    assert "(Original: Moving)" in feedback.text
    assert run.refusals == 1 and run.step_index == 0


def test_hints_go_from_a_sentence_to_the_move_and_cost_stars() -> None:
    run = LESSONS["scout"].start(language="en")
    run.goto(1)
    hints = [run.hint() for _ in range(4)]
    assert hints[0].startswith("Go around the lake")
    assert hints[1:] == ["Use the Scout on c2.", "Take it to b2.", "Play c2-b2."]
    for action in ("c2-b2", "b2-b9", "b9-c9"):
        feedback = run.propose(action)
    assert feedback.solved and feedback.stars == 1


def test_a_hint_after_a_detour_still_lies_on_a_solution() -> None:
    run = LESSONS["scout"].start(language="en")
    run.goto(1)
    run.propose("c2-c4")          # not the solution's first move, but the goal is still near
    run.hint()
    run.hint()
    run.hint()
    move = run.hint().removeprefix("Play ").rstrip(".")
    assert run.propose(move).accepted


def test_retry_starts_the_step_again() -> None:
    run = LESSONS["pieces"].start()
    run.goto(3)
    assert run.propose("e2-d2").accepted
    run.retry()
    assert run.state is not None and run.state.actions == 0
    assert run.game is not None and run.game.piece_at("e2") == ("red", "captain")


def test_more_moves_than_par_earn_fewer_stars() -> None:
    run = LESSONS["pieces"].start()
    run.goto(1)
    for action in ("e3-e2", "e2-e3", "e3-e4", "e4-f4"):
        feedback = run.propose(action)
    assert feedback.solved and feedback.stars == 2


def test_a_question_takes_an_answer_by_id_or_by_its_text() -> None:
    run = LESSONS["spy"].start(language="fr")
    wrong = run.propose("L'Espion est retiré")
    assert not wrong.accepted and wrong.rule == "lesson-answer"
    assert "Maréchal attaque le premier" in wrong.text
    assert run.propose("marshal").solved


def test_the_learner_never_sees_an_unrevealed_enemy_rank() -> None:
    run = LESSONS["scout"].start()
    run.goto(2)
    observation = run.observation()
    assert observation is not None and observation["board"]["f8"]["kind"] is None
    run.propose("f2-f8")


def test_a_move_that_the_rules_refuse_can_be_the_goal() -> None:
    run = LESSONS["pieces"].start()
    run.goto(2)
    feedback = run.propose("c3-c4")
    assert feedback.solved and feedback.rule == "immovable"


# ---------------------------------------------------------------- the format

GOOD = '''
id = "probe"
title = { en = "Probe" }
ruleset = "original"
[[steps]]
pieces = { f2 = "red scout", f8 = "blue major" }
instruction = { en = "Probe f8." }
goal = { reveal = "f8" }
par = 1
solution = ["f2-f8"]
success = { en = "Found." }
cite = "Original: Game tips"
quote = "Use them to probe the strength of your opponent's pieces."
'''


@pytest.mark.rulebooks
def test_a_teacher_writes_a_lesson_in_a_cell_and_checks_it() -> None:
    lesson = Lesson.from_text(GOOD, languages=("en",))
    report = check(lesson, rulebooks=RULEBOOKS)
    assert report.ok, str(report)  # a draft in English is checked as one: no other language asked
    assert "✓ step 1, languages: every text in en" in str(report)
    assert "quote" in str(report) and "found in 004_7c74f8cd1c357391.txt" in str(report)


def test_the_hints_check_names_a_line_shorter_than_the_solution() -> None:
    """The goal (Blue's f8 revealed) can be met in one move (the Scout strikes f8, or stops next
    to it and the Major strikes it); a solution of two moves gets a note naming a one-move line,
    the one-move solution none."""
    def hints(text: str) -> str:
        report = check(Lesson.from_text(text, languages=("en",)))
        return next(item.message for item in report.items if item.check == "hints")

    longer = GOOD.replace("par = 1", "par = 2").replace('solution = ["f2-f8"]',
                                                        'solution = ["f2-f5", "f5-f8"]')
    note = hints(longer).split("; a shorter line exists: ")
    assert len(note) == 2 and len(note[1].split()) == 1, note
    assert "shorter" not in hints(GOOD)


def test_without_a_rulebook_folder_the_quotes_are_reported_unchecked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from stratego_widget.lessons import checker

    monkeypatch.delenv(checker.RULEBOOKS_VARIABLE, raising=False)
    monkeypatch.setattr(checker, "REPOSITORY_RULEBOOKS", None)
    report = check(Lesson.from_text(GOOD, languages=("en",)))
    assert report.unchecked == 1 and report.ok
    assert "no rulebook folder given or found" in str(report)
    assert f"{checker.RULEBOOKS_VARIABLE}=FOLDER" in str(report)


@pytest.mark.rulebooks
def test_a_misquote_is_found() -> None:
    lesson = Lesson.from_text(GOOD.replace("Use them to probe", "Use them to test"),
                              languages=("en",))
    problems = check(lesson, rulebooks=RULEBOOKS).problems
    assert any(item.check == "quote" and "not found word for word" in item.message
               for item in problems)


@pytest.mark.parametrize(("change", "expected"), [
    (("par = 1", "par = 0"), "step 1, field 'par' must be a whole number >= 1"),
    (("goal = { reveal = \"f8\" }", "goal = { reveal = \"f2\" }"),
     "step 1, field 'goal' 'reveal f2': there is no enemy piece on f2"),
    (("goal = { reveal = \"f8\" }", "goal = { fly = 3 }"), "step 1, field 'goal' unknown goal"),
    (("instruction = { en = \"Probe f8.\" }", "instruction = { en = \"Probe f8.\", xx = \"?\" }"),
     "step 1, field 'instruction' has an unknown language 'xx'"),
    (("ruleset = \"original\"", "ruleset = \"chess\""), "field 'ruleset' is not usable"),
    (("solution = [\"f2-f8\"]", "solutions = [\"f2-f8\"]"),
     "step 1, field 'solutions' is not a field of a lesson file"),
    (("pieces = { f2 = \"red scout\", f8 = \"blue major\" }",
      "pieces = { f2 = \"red scout\", f8 = \"blue major\", c5 = \"red bomb\" }"),
     "step 1, field 'pieces' do not make a position"),
    (("goal = { reveal = \"f8\" }", "goal = { remains = \"f8\" }"),
     "step 1, field 'goal' is already met before the learner acts"),
    (("cite = \"Original: Game tips\"", "cite = \"Onyx: Rules for Movement\""),
     "step 1, field 'cite' must name the section of the original rulebook"),
    (("success = ", "feedback.diagnoal = { en = \"Straight!\" }\nsuccess = "),
     "step 1, field 'feedback.diagnoal' is not a rule id"),
])
def test_a_mistake_is_named_by_file_step_and_field(change: tuple[str, str],
                                                   expected: str) -> None:
    with pytest.raises(LessonError) as error:
        Lesson.from_text(GOOD.replace(*change), source="probe.toml", languages=("en",))
    assert error.value.rule == "lesson-format"
    assert str(error.value).startswith("probe.toml: ")
    assert expected in str(error.value)
    assert isinstance(error.value, StrategoError)


def test_a_lesson_needs_every_language_unless_told_otherwise() -> None:
    with pytest.raises(LessonError, match="field 'title' has no text in nl, fr, de"):
        Lesson.from_text(GOOD)


@pytest.mark.rulebooks
def test_the_command_checks_files(tmp_path: pathlib.Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "probe.toml"
    good.write_text(GOOD, encoding="utf-8")
    assert main(["check", str(good), "--english-only", "--rulebooks", str(RULEBOOKS)]) == 0
    out = capsys.readouterr().out
    assert "✓ step 1, languages: every text in en" in out and "✓ step 1, quote" in out
    assert main(["check", str(good), "--rulebooks", str(RULEBOOKS)]) == 1  # all four asked
    out = capsys.readouterr().out
    assert "field 'title' has no text in nl, fr, de" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace("par = 1", "par = -1"), encoding="utf-8")
    assert main(["check", str(bad), "--english-only", "--rulebooks", "no-such-folder"]) == 1
    out = capsys.readouterr().out
    assert "bad.toml: step 1, field 'par'" in out


@pytest.mark.rulebooks
def test_the_shipped_lessons_pass_the_command() -> None:
    from stratego_widget.lessons import lesson_files

    # Two files: each shipped lesson's report is test_the_checker_finds_no_problem's.
    files = [str(f) for f in lesson_files()][:2]
    assert main(["check", "--quiet", "--rulebooks", str(RULEBOOKS), *files]) == 0


# ---------------------------------------------------------------- the catalog

def test_the_catalog_is_in_teaching_order_with_the_basics_first() -> None:
    ids = list(LESSONS)
    assert ids[0] == "pieces"
    courses = [lesson.course for lesson in LESSONS.values()]
    assert courses[: courses.count("basics")] == ["basics"] * courses.count("basics")


def test_the_basics_teach_every_classic_piece() -> None:
    taught = {cover for lesson in LESSONS.values() if lesson.course == "basics"
              for cover in lesson.covers}
    for piece in ("marshal", "general", "colonel", "major", "captain", "lieutenant",
                  "sergeant", "miner", "scout", "spy", "bomb", "flag"):
        assert piece in taught, piece


def test_a_setup_step_refuses_a_placement_that_cannot_meet_the_goal() -> None:
    run = LESSONS["setup-flag"].start(language="nl")
    feedback = run.propose("flag@e2")
    assert not feedback.accepted and feedback.rule == "lesson-setup"
    assert "achterste rij" in feedback.text
    assert run.propose("bomb@e1").rule == "setup-tray"
    assert run.propose("flag@e5").rule == "setup-area"
    assert run.propose("flag@zz").rule == "setup-area"
    assert run.propose("e1").rule == "lesson-placement"
    assert run.propose("flag@e1").solved


def test_a_setup_that_misses_the_goal_stays_as_it_was_lost_until_retry() -> None:
    """Issue 22: a failed step reset at once, and the learner never saw what lost it."""
    run = LESSONS["setup-flag"].start()
    run.goto(1)
    assert run.propose("flag@b1").accepted
    assert run.propose("bomb@a1").accepted
    feedback = run.propose("bomb@c1")      # b2 stays open: the Flag is not guarded
    assert feedback.failed and feedback.rule == "lesson-failed"
    assert "press Retry" in feedback.text
    assert run.state is not None and run.state.placements == {
        "b1": "flag", "a1": "bomb", "c1": "bomb"} and run.lost
    refused = run.propose("bomb@d1")       # nothing more until Retry
    assert not refused.accepted and refused.rule == "lesson-lost" and run.mistakes == 0
    run.retry()
    assert run.state.placements == {} and run.step_index == 1 and not run.lost
    assert run.hint() == "In a corner the Flag has only two neighbours."
    assert run.hint() == "Put the Flag on a1."


def test_the_setup_step_shows_its_placements_on_the_board() -> None:
    run = LESSONS["setup-flag"].start()
    run.goto(1)
    run.propose("flag@a1")
    assert run.game is not None and run.game.piece_at("a1") == ("red", "flag")


@pytest.mark.rulebooks
def test_the_complete_example_in_the_docs_passes_the_check() -> None:
    import re

    docs = (PROJECT / "docs" / "lessons.md").read_text(
        encoding="utf-8")
    example = re.findall(r"```toml\n(.*?)```", docs, re.S)[1]
    lesson = Lesson.from_text(example, source="lessons.md")
    assert [step.kind for step in lesson.steps] == ["move", "question", "setup"]
    report = check(lesson, rulebooks=RULEBOOKS)
    assert report.ok, str(report)


# ---------------------------------------------------------------- scripted play

PLAY = '''
id = "play"
title = { en = "Play" }
ruleset = "original"
[[steps]]
pieces = { e4 = "red major", a4 = "red scout", e7 = "blue captain", a9 = "blue sergeant" }
revealed = ["e7"]
instruction = { en = "Catch the Captain." }
goal = { capture = "e7" }
par = 3
solution = ["e4-e5", "e5-e6", "e6-e7"]
replies = [{ "e4-e5" = "a9-a8", "*" = "pass" }, "a8-a9"]
only = ["e4"]
success = { en = "Caught." }
cite = "Original: Attacking"
quote = "Attacking is always optional."
[[steps]]
pieces = { e4 = "red sergeant", e6 = "blue general", a1 = "red miner", a9 = "blue scout" }
revealed = ["e6"]
instruction = { en = "Survive two moves." }
goal = { survive = 2, remains = "e4" }
par = 2
solution = ["e4-d4", "d4-d3"]
replies = ["e6-e5", "e5-e4"]
success = { en = "Safe." }
cite = "Original: Attacking"
quote = "Attacking is always optional."
'''


def test_replies_keyed_by_the_learners_move_and_pieces_that_may_not_move() -> None:
    lesson = Lesson.from_text(PLAY, languages=("en",))
    run = lesson.start()
    refused = run.propose("a4-a5")
    assert refused.rule == "lesson-only" and "e4" in refused.text
    first = run.propose("e4-e5")
    assert first.accepted and first.reply == "a9-a8" and "Blue answers a9-a8" in first.text
    assert run.game is not None and run.game.to_move == "red"
    assert run.propose("e5-e6").reply == "a8-a9"
    assert run.propose("e6-e7").solved


def test_a_learner_who_wanders_off_the_script_meets_a_passing_opponent() -> None:
    run = Lesson.from_text(PLAY, languages=("en",)).start()
    feedback = run.propose("e4-f4")          # no answer scripted for this move
    assert feedback.accepted and feedback.reply is None
    assert run.game is not None and run.game.to_move == "red"
    assert run.game.piece_at("a9") == ("blue", "sergeant")


def test_a_lost_step_shows_and_says_what_lost_it_then_retry_starts_again() -> None:
    """Issue 22: "The goal cannot be reached any more" and an instant reset told nothing."""
    run = Lesson.from_text(PLAY, languages=("en",)).start()
    run.goto(1)
    lost = run.propose("e4-e5")              # Blue's scripted e6-e5 now strikes the Sergeant
    assert lost.failed and lost.rule == "lesson-failed" and lost.reply == "e6xe5"
    assert "Sergeant" in lost.text and "(e5)" in lost.text and "press Retry" in lost.text
    assert run.game is not None and run.game.piece_at("e4") is None  # the loss is shown
    assert run.propose("e4-e5").rule == "lesson-lost"
    assert run.hint() == run.propose("a1-a2").text
    run.retry()
    assert run.game is not None and run.game.piece_at("e4") == ("red", "sergeant")
    assert run.step_index == 1 and not run.lost


def test_survive_is_judged_after_the_opponents_reply() -> None:
    run = Lesson.from_text(PLAY, languages=("en",)).start()
    run.goto(1)
    assert not run.propose("e4-d4").solved
    assert run.propose("d4-d3").solved


def test_a_draft_in_english_is_shown_in_english_to_every_learner() -> None:
    run = Lesson.from_text(PLAY, languages=("en",)).start(language="nl")
    assert run.instruction == "Catch the Captain."
    text = run.propose("e4-e5").text
    assert text.startswith("Blauw antwoordt a9-a8.")   # the player's own words: in Dutch
    assert "Na e4-e5 is het doel nog te halen" in text


def test_a_hint_after_a_detour_in_a_step_that_asks_for_a_refused_move() -> None:
    run = LESSONS["pieces"].start()
    run.goto(2)                               # try to move the Bomb
    assert run.propose("d3-d4").accepted      # the learner moves the Captain first
    hints = [run.hint() for _ in range(2)]
    assert hints[1] == "Try c3-c4 and read why the rules refuse it."
    assert run.propose("c3-c4").solved


BLUE = '''
id = "blue"
title = { en = "Blue" }
ruleset = "original"
[[steps]]
to_move = "blue"
pieces = { e7 = "blue major", e4 = "red captain", a2 = "red sergeant" }
revealed = ["e4"]
instruction = { en = "Take the Captain." }
goal = { capture = "e4" }
par = 3
solution = ["e7-e6", "e6-e5", "e5-e4"]
success = { en = "Taken." }
cite = "Original: Attacking"
quote = "Attacking is always optional."
[[steps]]
kind = "setup"
to_move = "blue"
tray = ["flag", "bomb"]
instruction = { en = "Flag on your back row, a Bomb beside it." }
goal = { placed = true, flag_back_row = true, bomb_beside_flag = true }
par = 2
solution = ["flag@a10", "bomb@b10"]
success = { en = "Set." }
cite = "Original: Game tips, The setup"
quote = "Place Bombs around your Flag to protect it."
'''


@pytest.mark.rulebooks
def test_a_lesson_can_be_played_as_blue() -> None:
    lesson = Lesson.from_text(BLUE, languages=("en",))
    assert check(lesson, rulebooks=RULEBOOKS).problems == [
        item for item in check(lesson, rulebooks=RULEBOOKS).problems if item.check == "languages"]
    run = lesson.start()
    assert run.propose("e4-e5").rule == "not-your-piece"
    for move in ("e7-e6", "e6-e5", "e5-e4"):
        feedback = run.propose(move)
    assert feedback.solved
    assert run.propose("flag@a1").rule == "setup-area"
    assert run.propose("flag@a9").rule == "lesson-setup"
    assert run.propose("flag@a10").accepted and run.propose("bomb@b10").solved


# ---------------------------------------------------------------------- stars (issue 22)


def test_mistakes_cost_stars() -> None:
    """A quiz with two wrong answers and a refused move no longer ends with every star."""
    from stratego_widget.lessons import catalog

    quiz = catalog()["spy"].start()
    wrong = [choice for choice in quiz.step.choices if choice != quiz.step.solution[0]]
    quiz.propose(wrong[0])
    quiz.propose(wrong[1])
    assert quiz.propose(quiz.step.solution[0]).stars == 1
    moves = catalog()["scout"].start()
    moves.propose("b2-c3")  # refused: a diagonal
    assert moves.propose("b2-b7").stars == 2
    moves.retry()  # a mistake still counts after Retry, as a hint seen does
    clean = catalog()["scout"].start()
    assert clean.propose("b2-b7").stars == 3


def test_the_refusal_a_step_asks_for_is_not_a_mistake() -> None:
    from stratego_widget.lessons import catalog
    from stratego_widget.lessons.model.goals import Refused

    for lesson in catalog().values():
        for index, step in enumerate(lesson.steps):
            if step.kind != "move" or not isinstance(step.goal, Refused):
                continue
            run = lesson.start()
            run.goto(index)
            feedback = None
            for action in step.solution:
                feedback = run.propose(action)
            assert feedback is not None and feedback.solved and feedback.stars == 3, \
                (lesson.id, index)
            return
    raise AssertionError("no step asks for a refusal")


def test_the_panel_says_what_three_stars_ask_for() -> None:
    from stratego_widget.lessons import catalog

    for lang in ("en", "nl", "fr", "de"):
        move = catalog()["scout"].start(lang).panel()["three_stars"]
        question = catalog()["spy"].start(lang).panel()["three_stars"]
        assert move and question and move != question
    assert catalog()["scout"].start("en").panel()["three_stars"].startswith(
        "Three stars: one move, no refused move")
