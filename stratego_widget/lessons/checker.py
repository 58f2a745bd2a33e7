"""The teacher's check of a lesson, and the ``stratego-lesson`` console command.

:func:`check` plays every step the way a learner could and reports, step by step: whether the
goal is already met at the start, whether the ``solution`` meets it within ``par``, whether
the hints (which follow the solution) lie on a path that meets it, whether a wrong action is
refused with a rule id and changes nothing, and whether the ``quote`` is in the rulebook the
step cites. Rulebooks are read from a folder (see :func:`find_rulebooks`): the one given as
``rulebooks``, else the one the environment variable ``STRATEGO_RULEBOOKS`` names, else the
project's, beside the repository (``../shared/rulebooks/``); without one, quotes are reported
as not checked, with a line saying how to give the folder. The rulebook texts are not part of
the package.

A teacher's draft is checked as what it is: only in the languages it was read with
(``Lesson.languages``), and a step without ``cite`` and ``quote`` has its quote "not checked".

A rulebook printed in other languages too (Stratego Original: Dutch, French, German and
English) gives learners its own words in their language (see
:mod:`~stratego_widget.lessons.model.citations`): for each of those languages the step is written in,
the check ``quote (nl)``, ``quote (fr)``, ``quote (de)`` asks that the table of translated
quotes has the quote in that language and that those words are in that language's part of the
rulebook, word for word. A step written only in English (a teacher's draft) is not asked for
the other languages' words.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> report = check(catalog()["scout"])
    >>> report.ok
    True
    >>> print(str(report).splitlines()[0])
    Lesson 'scout' (scout.toml): 0 problems, ... not checked
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import sys
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..engine.editions import EDITIONS
from ..engine.reading import read_text
from ..locales import LANGUAGES
from .classroom.site import CHECKOUT
from .errors import LessonError
from .model.citations import language_part, quote_entry, quote_languages
from .model.goals import Answer, Refused
from .model.lesson import Lesson
from .model.library import catalog, course_file, ids_beside
from .model.steps import Step, move_key
from .model.text import Text, printable
from .playing.measures import measure_course
from .playing.run import LessonRun, StepState
from .playing.search import shortest_line


@dataclass(frozen=True)
class CheckItem:
    """One finding: the step (1-based, 0 for the lesson), the check, ``ok`` (None: not
    checked) and a sentence.

    Example:
        >>> print(CheckItem(2, "par", False, "the solution takes 3 moves, par is 2"))
        ✗ step 2, par: the solution takes 3 moves, par is 2
    """

    step: int
    check: str
    ok: bool | None
    message: str

    def __str__(self) -> str:
        mark = {True: "✓", False: "✗", None: "?"}[self.ok]
        where = f"step {self.step}" if self.step else "lesson"
        return f"{mark} {where}, {self.check}: {self.message}"


@dataclass(frozen=True)
class CheckReport:
    """Every finding about one lesson; ``ok`` when none is a problem.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> check(catalog()["scout"]).problems
        []
    """

    lesson: str
    source: str
    items: tuple[CheckItem, ...]

    @property
    def problems(self) -> list[CheckItem]:
        """The findings that are problems (``ok`` is False); ``ok`` is True when there are none,
        ``unchecked`` counts the checks that could not be made (quotes without rulebooks)."""
        return [item for item in self.items if item.ok is False]

    @property
    def unchecked(self) -> int:
        """How many checks could not be made (quotes without a rulebook folder)."""
        return sum(1 for item in self.items if item.ok is None)

    @property
    def ok(self) -> bool:
        """Whether no finding is a problem."""
        return not self.problems

    def __str__(self) -> str:
        head = (f"Lesson {self.lesson!r} ({self.source}): {len(self.problems)} problems, "
                f"{self.unchecked} not checked")
        return "\n".join([head, *(f"  {item}" for item in self.items)])


_MARKUP = re.compile(r"\*+|<\/?b>")
_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """Text as quotes are compared: emphasis marks (``*``, ``<b>``) dropped, spaces collapsed.

    Example:
        >>> normalize("may **NOT**\\n  move")
        'may NOT move'
    """
    return _SPACE.sub(" ", _MARKUP.sub("", text)).strip()


def quote_found(quote: str, rulebook_text: str) -> bool:
    """Whether ``quote`` is in the rulebook text word for word (see :func:`normalize`).

    Example:
        >>> quote_found("A piece may not move", "1. A piece may *not* move through")
        True
    """
    return normalize(quote) in normalize(rulebook_text)


def wrong_action(step: Step) -> str:
    """An action the step refuses at its start, to show the learner gets a reason.

    A question: a wrong answer. A setup: a placement outside the area. A move: moving an enemy
    piece, else a diagonal move, else a move from an empty square.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> wrong_action(catalog()["scout"].steps[0])
        'b7-b8'
    """
    if step.kind == "question":
        answers = {leaf.choice for leaf in step.goal.leaves() if isinstance(leaf, Answer)}
        return next(choice for choice in step.choices if choice not in answers)
    game = step.game()
    geo = game.state.geometry
    if step.kind == "setup":
        area = set(step.setup_squares)
        square = next(geo.name(sq) for sq in range(geo.size)
                      if sq not in geo.lakes and geo.name(sq) not in area)
        return f"{step.tray[0]}@{square}"
    target_rules = {leaf.rule for leaf in step.goal.leaves() if isinstance(leaf, Refused)}
    pieces = game.pieces()
    if "not-your-piece" not in target_rules:
        for square, (owner, _) in pieces.items():
            if owner != step.learner:
                for n in geo.neighbours[geo.index(square)]:
                    if geo.name(n) not in pieces:
                        return f"{square}-{geo.name(n)}"
    if "diagonal" not in target_rules:
        for square, (owner, _) in pieces.items():
            f, r = geo.index(square) % geo.width, geo.index(square) // geo.width
            for df, dr in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                nf, nr = f + df, r + dr
                if 0 <= nf < geo.width and 0 <= nr < geo.height and owner == step.learner:
                    target = nr * geo.width + nf
                    if target not in geo.lakes and geo.name(target) not in pieces:
                        return f"{square}-{geo.name(target)}"
    empty = next(geo.name(sq) for sq in range(geo.size)
                 if sq not in geo.lakes and geo.name(sq) not in pieces)
    return f"{empty}-{empty}"


def _texts(step: Step) -> list[tuple[str, Text]]:
    found = [("instruction", step.instruction), ("success", step.success)]
    if step.hint is not None:
        found.append(("hint", step.hint))
    found += [(f"feedback.{key}", text) for key, text in step.feedback.items()]
    found += [(f"choices.{key}", text) for key, text in step.choices.items()]
    return found


#: Language names in the checker's (English) sentences.
_LANGUAGE_NAMES = {"en": "English", "nl": "Dutch", "fr": "French", "de": "German"}


def _check_translations(step: Step, books: dict[str, str] | None, why_not: str,
                        languages: tuple[str, ...] = LANGUAGES) -> list[CheckItem]:
    """For each other language of the cited rulebook that the step is written in: the quote's
    words in that language are in the table and in that language's part of the rulebook."""
    n = step.index + 1
    book = EDITIONS[step.source].rulebook
    entry = quote_entry(step.source, step.quote)
    items: list[CheckItem] = []
    for lang in quote_languages(step.source) if step.quote else ():
        if lang == "en" or lang not in languages or not step.instruction.texts.get(lang):
            continue
        check, name = f"quote ({lang})", _LANGUAGE_NAMES.get(lang, lang)
        if entry is not None and lang in entry.absent:
            items.append(CheckItem(n, check, True, f"the {name} part of {book} does not state "
                                   f"this rule ({entry.absent[lang]}); {name} readers see "
                                   "the quote as the lesson gives it"))
            continue
        words = entry.words.get(lang) if entry is not None else None
        if words is None:
            items.append(CheckItem(n, check, False, f"no {name} translation of the quote in the "
                                   f"table of rulebook quotes (stratego_widget/lessons/"
                                   f"quotes.toml): {step.quote!r}"))
        elif books is None:
            items.append(CheckItem(n, check, None, why_not))
        elif book not in books:
            items.append(CheckItem(n, check, False, f"the rulebook {book} is not in the folder"))
        else:
            part = language_part(step.source, lang, books[book])
            where = f"the {name} part of {book}" if part is not None else \
                f"{book} (its language parts could not be told apart, so all of it)"
            found = quote_found(words, books[book] if part is None else part)
            items.append(CheckItem(n, check, found, f"found in {where}: {words!r}" if found
                                   else f"the {name} words are not found word for word in "
                                   f"{where}: {words!r}"))
    return items


def _check_step(lesson: Lesson, step: Step, books: dict[str, str] | None,
                why_not: str) -> list[CheckItem]:
    n = step.index + 1
    items: list[CheckItem] = []
    start = StepState.start(step)
    met = start.met()
    items.append(CheckItem(n, "start", not met, "the goal is already met before the learner "
                           "acts" if met else "the goal is not met at the start"))
    # the solution, played as a learner would
    run = LessonRun(lesson, step=step.index)
    solved, note = False, ""
    for i, action in enumerate(step.solution):
        try:
            feedback = run.propose(action)
        except LessonError as error:
            note = str(error)
            break
        if not feedback.accepted or feedback.failed:
            note = f"action {i + 1} ({action}) is refused: {feedback.text}"
            break
        scripted = step.replies[i].for_move(action) if i < len(step.replies) else None
        if scripted not in (None, "pass") and not feedback.solved and (
                feedback.reply is None or move_key(feedback.reply) != move_key(scripted)):
            note = f"the scripted reply {scripted!r} to {action} is not legal there"
            break
        if feedback.solved:
            solved = i == len(step.solution) - 1
            note = "" if solved else f"the goal is met after {i + 1} actions, before the " \
                "solution ends"
            break
    else:
        note = "the solution does not meet the goal"
    items.append(CheckItem(n, "solution", solved, f"the solution meets the goal in "
                           f"{len(step.solution)} actions" if solved else note))
    within = len(step.solution) <= step.par
    items.append(CheckItem(n, "par", within, f"{len(step.solution)} actions, par {step.par}"
                           if within else f"the solution takes {len(step.solution)} actions, "
                           f"more than par {step.par}"))
    # hints: the piece, the square and the move come from the solution's first action
    if step.kind == "move" and solved and not any(
            isinstance(leaf, Refused) for leaf in step.goal.leaves()):
        # Only a line shorter than the solution is worth a note: search no deeper.
        line, _complete = shortest_line(start, len(step.solution) - 1, limit=4000)
        shorter = line is not None
        items.append(CheckItem(n, "hints", True, "the hints follow the solution, which meets "
                               "the goal" + (f"; a shorter line exists: {' '.join(line or [])}"
                                             if shorter else "")))
    else:
        items.append(CheckItem(n, "hints", solved, "the hints follow the solution"
                               if solved else "the hints follow a solution that does not work"))
    # a wrong action
    probe = LessonRun(lesson, step=step.index)
    try:
        action = wrong_action(step)
        before = probe.game.position() if probe.game is not None else ""
        feedback = probe.propose(action)
        unchanged = probe.step_index == step.index and (
            probe.game is not None and probe.game.position() == before)
        good = not feedback.accepted and bool(feedback.rule) and bool(feedback.text) and unchanged
        items.append(CheckItem(n, "refusal", good, f"{action!r} is refused ({feedback.rule}): "
                               f"{feedback.text}" if good else f"{action!r} is not refused with "
                               "a rule and a sentence, or it changed the run"))
    except (StopIteration, LessonError) as error:
        items.append(CheckItem(n, "refusal", False, f"no wrong action could be tried: {error}"))
    # the quote
    book = EDITIONS[step.source].rulebook
    if not step.quote:
        items.append(CheckItem(n, "quote", None, "not checked: the step has no cite and "
                               "quote (a draft); give both before learners see it"))
    elif books is None:
        items.append(CheckItem(n, "quote", None, why_not))
    elif book not in books:
        items.append(CheckItem(n, "quote", False, f"the rulebook {book} is not in the folder"))
    else:
        found = quote_found(step.quote, books[book])
        items.append(CheckItem(n, "quote", found, f"found in {book} ({step.cite})" if found
                               else f"not found word for word in {book}: {step.quote!r}"))
    items.extend(_check_translations(step, books, why_not, lesson.languages))
    # the languages
    wanted = lesson.languages
    missing = [f"{name} ({', '.join(text.missing(wanted))})" for name, text in _texts(step)
               if text.missing(wanted)]
    items.append(CheckItem(n, "languages", not missing, "every text in " + ", ".join(wanted)
                           if not missing else "missing: " + "; ".join(missing)))
    return items


#: The most bytes of one rulebook text file (the largest the project quotes has 64 KB).
MAX_RULEBOOK_BYTES = 2_000_000


def read_rulebooks(folder: str | pathlib.Path) -> dict[str, str]:
    """The rulebook texts (``*.txt``, UTF-8) of a folder, by file name; a LessonError (rule
    ``"lesson-rulebooks"``) if the folder or a file cannot be read, a file is not UTF-8 or has
    more than :data:`MAX_RULEBOOK_BYTES` bytes (refused before it is read).

    Example:
        >>> read_rulebooks("no-such-folder")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: The rulebook folder no-such-folder does not exist.
    """
    path = pathlib.Path(folder)
    if not path.is_dir():
        raise LessonError("lesson-rulebooks", f"The rulebook folder {folder} does not exist.")
    return {file.name: read_text(file, limit=MAX_RULEBOOK_BYTES, error=LessonError,
                                 rule="lesson-rulebooks", what="a rulebook text")
            for file in sorted(path.glob("*.txt"))}


#: The environment variable naming the rulebook folder.
RULEBOOKS_VARIABLE = "STRATEGO_RULEBOOKS"
#: The project's rulebook folder beside a checkout of the repository (None when the package
#: is not run from a checkout).
REPOSITORY_RULEBOOKS: pathlib.Path | None = (
    CHECKOUT.parent / "shared" / "rulebooks" if CHECKOUT is not None else None)
#: What a report says when no rulebook folder is found: how to give one (one line).
NO_RULEBOOKS = (f"not checked: no rulebook folder given or found; give one with "
                f"check(lesson, rulebooks=FOLDER), stratego-lesson check --rulebooks FOLDER, "
                f"or the environment variable {RULEBOOKS_VARIABLE}=FOLDER")


def find_rulebooks(rulebooks: str | os.PathLike[str] | None = None,
                   environ: Mapping[str, str] | None = None) -> tuple[pathlib.Path | None, str]:
    """The rulebook folder to check quotes against, and where it came from: ``rulebooks`` if
    given, else the folder the environment variable ``STRATEGO_RULEBOOKS`` names (in
    ``environ``, default ``os.environ``), else the project's beside the repository when it
    exists; ``(None, "")`` when there is none. A folder given or named is returned even if
    it does not exist (the check then reports it).

    Example:
        >>> find_rulebooks("my-books")
        (PosixPath('my-books'), 'given')
        >>> find_rulebooks(environ={"STRATEGO_RULEBOOKS": "books"})
        (PosixPath('books'), 'STRATEGO_RULEBOOKS')
    """
    if rulebooks is not None:
        return pathlib.Path(rulebooks), "given"
    named = (os.environ if environ is None else environ).get(RULEBOOKS_VARIABLE, "")
    if named.strip():
        return pathlib.Path(named.strip()), RULEBOOKS_VARIABLE
    if REPOSITORY_RULEBOOKS is not None and REPOSITORY_RULEBOOKS.is_dir():
        return REPOSITORY_RULEBOOKS, "beside the repository"
    return None, ""


def check(lesson: Lesson, rulebooks: str | os.PathLike[str] | None = None,
          known: Collection[str] | None = None) -> CheckReport:
    """Check a lesson as a teacher would before giving it to learners; see the module text.

    ``rulebooks`` is the folder holding the rulebook files (default: see
    :func:`find_rulebooks`); without one the quotes are not checked and the report says how to
    give it. ``known``: the ids of the lessons of its catalog (a course folder), which its
    ``requires`` must name.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> report = check(catalog()["scout"], rulebooks="no-such-folder")
        >>> report.ok, report.problems[0].message
        (False, 'The rulebook folder no-such-folder does not exist.')
    """
    items: list[CheckItem] = []
    books: dict[str, str] | None = None
    why_not = NO_RULEBOOKS
    folder, origin = find_rulebooks(rulebooks)
    if folder is not None:
        try:
            books = read_rulebooks(folder)
        except LessonError as error:
            named = f" (named by {origin})" if origin == RULEBOOKS_VARIABLE else ""
            items.append(CheckItem(0, "rulebooks", False, f"{error}{named}"))
            why_not = "not checked: the rulebook folder cannot be read"
    missing_title = [lang for lang in lesson.languages if lang not in lesson.title]
    if missing_title:
        items.append(CheckItem(0, "languages", False, f"the title has no text in "
                               f"{', '.join(missing_title)}"))
    unknown = [item for item in lesson.requires if known is not None and item not in known]
    if unknown:
        items.append(CheckItem(0, "requires", False, f"{', '.join(map(repr, unknown))} is "
                               "not a lesson of this course (the lesson files of its folder)"))
    for step in lesson.steps:
        items.extend(_check_step(lesson, step, books, why_not))
    return CheckReport(lesson.id, lesson.source, tuple(items))


def _lessons_of(target: str, english_only: bool) -> list[tuple[Lesson, set[str]]]:
    """The lessons a ``check`` argument names, each with the ids its ``requires`` may name: a
    course folder's lessons (read as :func:`~stratego_widget.lessons.catalog` reads them), or
    one file (in the languages of its folder's ``course.toml``, if it has one)."""
    path = pathlib.Path(target)
    if path.is_dir():
        lessons = catalog(path)
        return [(lesson, set(lessons)) for lesson in lessons.values()]
    info = course_file(path.parent) if path.is_file() else None
    languages = ("en",) if english_only else info.languages if info is not None else LANGUAGES
    lesson = Lesson.from_file(path, languages=languages)
    return [(lesson, ids_beside(path) if path.is_file() else {lesson.id})]


def _say(text: str) -> None:
    """Print ``text``, its lines kept, any other character a terminal would act on (a control
    character, a separator) escaped: what a file says is shown, never obeyed."""
    print("\n".join(printable(line) for line in text.split("\n")))


def main(argv: Sequence[str] | None = None) -> int:
    """``stratego-lesson check FILE_OR_FOLDER... [--rulebooks DIR]``: check lesson files or
    course folders; ``stratego-lesson list [FOLDER]``: the shipped lessons (or a folder's);
    ``stratego-lesson site FOLDER --out DIR``: a JupyterLite site of a course folder;
    ``stratego-lesson measures [FOLDER]``: the course's measures against their goals (see
    :mod:`~stratego_widget.lessons.playing.measures`). Exit
    status 1 when a lesson has a problem; a file that is not a lesson is named in one line
    (file, step, field), without a traceback.

    Example:
        >>> main(["list"])  # doctest: +ELLIPSIS
        pieces ...
        0
    """
    parser = argparse.ArgumentParser(prog="stratego-lesson",
                                     description="Check and list Stratego lessons.")
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="check lesson files (TOML) or course folders")
    checking.add_argument("files", nargs="+", help="lesson files, or folders of lesson files")
    checking.add_argument("--rulebooks", help="folder of the rulebook text files, to check "
                          f"the quotes (default: ${RULEBOOKS_VARIABLE}, else the project's)")
    checking.add_argument("--english-only", action="store_true",
                          help="accept lessons whose texts are only in English (a draft)")
    checking.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    listing = commands.add_parser("list", help="list the shipped lessons, or a folder's")
    listing.add_argument("folder", nargs="?", help="a course folder")
    measuring = commands.add_parser("measures", help="the course's measures against their "
                                    "goals: wrong moves answered, choice of piece, questions")
    measuring.add_argument("folder", nargs="?", help="a course folder (default: the shipped)")
    building = commands.add_parser("site", help="build a JupyterLite site of a course folder")
    building.add_argument("folder", help="the course folder (lesson files, course.toml)")
    building.add_argument("--out", required=True, help="the folder to write the site into")
    building.add_argument("--lite-src", help="the project's JupyterLite sources "
                          "(default: build/lite-src of the checkout, made by make lite)")
    building.add_argument("--lite-tools", help="the JupyterLite tools (default: "
                          "build/lite-tools of the checkout)")
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            for lesson in catalog(args.folder).values():
                _say(printable(f"{lesson.id} [{lesson.course}] {lesson.title.get('en')}: "
                               f"{len(lesson.steps)} steps; covers {', '.join(lesson.covers)}"))
            return 0
        if args.command == "measures":
            _say(str(measure_course(catalog(args.folder))))
            return 0
        if args.command == "site":
            from .classroom.site import build_site

            out = build_site(args.folder, args.out, lite_src=args.lite_src,
                             lite_tools=args.lite_tools)
            _say(f"The site is in {out}; put the folder on any static web host.")
            return 0
    except LessonError as error:
        _say(f"✗ {error}")
        return 1
    status = 0
    folder, _ = find_rulebooks(args.rulebooks)
    if folder is None:
        print(f"Note: quotes are {NO_RULEBOOKS}.")
    for target in args.files:
        try:
            found = _lessons_of(target, args.english_only)
        except LessonError as error:
            _say(f"✗ {error}")
            status = 1
            continue
        for lesson, known in found:
            report = check(lesson, args.rulebooks, known=known)
            if args.quiet:
                _say(f"Lesson {lesson.id!r}: {len(report.problems)} problems")
                for item in report.problems:
                    _say(f"  {item}")
            else:
                _say(str(report))
            if not report.ok:
                status = 1
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
