"""Citations as a learner reads them: the edition's name and the section in the learner's
language, never a file name; and the rulebook's own Dutch, French and German words for every
quote a lesson takes from the four-language Stratego Original rulebook, word for word from
that language's part of the rulebook (``004_7c74f8cd1c357391.txt``). The lesson checker
reports a quote whose translation is missing or altered; a malformed table is refused."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from importlib import resources
from types import MappingProxyType

import pytest
from rulebooks import RULEBOOKS, require
from shipped_checks import SHIPPED_REPORT_GROUP, shipped_report

from stratego_widget.engine.editions import EDITIONS
from stratego_widget.engine.errors import StrategoError
from stratego_widget.lessons import Lesson, LessonError, Step, catalog, check, checker
from stratego_widget.lessons.checker import normalize, quote_found, read_rulebooks
from stratego_widget.lessons.model import citations
from stratego_widget.lessons.model.citations import citation, quote_languages, rulebook_quote
from stratego_widget.locales import LANGUAGES

require()  # the module reads the rulebook as it is imported
ORIGINAL_BOOK = EDITIONS["original"].rulebook
TEXT = read_rulebooks(RULEBOOKS)[ORIGINAL_BOOK]
OTHERS = ("nl", "fr", "de")

# The rulebook opens each language's part with its history page, in this order; the contents
# pages come before all four parts.
_OPENINGS = {"nl": "## ✧ EEN STUKJE GESCHIEDENIS ✧", "fr": "## UN PEU D'HISTOIRE",
             "de": "## EIN KURZER RÜCKBLICK IN DIE GESCHICHTE", "en": "## HISTORIC BACKGROUND"}
_STARTS = [TEXT.index(f"\n{heading}\n") + 1 for heading in _OPENINGS.values()]
PARTS = {lang: TEXT[start:end] for lang, start, end in
         zip(_OPENINGS, _STARTS, [*_STARTS[1:], len(TEXT)], strict=True)}
CONTENTS = TEXT[:_STARTS[0]]

LESSONS = catalog()
ALL_STEPS = [(lesson, step) for lesson in LESSONS.values() for step in lesson.steps]
ORIGINAL_STEPS = [(lesson, step) for lesson, step in ALL_STEPS if step.source == "original"]
OTHER_STEPS = [(lesson, step) for lesson, step in ALL_STEPS if step.source != "original"]


def step_id(pair: tuple[Lesson, Step]) -> str:
    return f"{pair[0].id}-{pair[1].index + 1}"


def headings(lang: str) -> set[str]:
    """The section names of a language's part as they are printed (headings, without the
    rank in brackets and the colon), and the entries of that language's contents page."""
    names = {re.sub(r"\s*(\(\d+\))?\s*:?$", "", line.lstrip("#").strip(" ✧")).casefold()
             for line in PARTS[lang].splitlines() if line.startswith("#")}
    marker = {"nl": "<b>NL</b>", "fr": "<b>F</b>", "de": "<b>DE</b>", "en": "<b>UK</b>"}[lang]
    block = next(block for block in CONTENTS.split("##") if marker in block)
    names |= {re.sub(r"<b>\w+</b>|\d+", "", line).strip().casefold()
              for line in block.splitlines()[1:]}
    return names


# ---------------------------------------------------------------- the quotes


def test_thelanguage_parts_are_found_where_the_rulebook_has_them() -> None:
    for lang, part in PARTS.items():
        assert citations.language_part("original", lang, TEXT) == part
    assert "\n## VERPLAATSEN:\n" in PARTS["nl"] and "\n## LE VAINQUEUR :\n" in PARTS["fr"]
    assert citations.language_part("original", "fr", TEXT.replace(_OPENINGS["fr"], "")) is None


@pytest.mark.parametrize(("lesson", "step"), ORIGINAL_STEPS, ids=map(step_id, ORIGINAL_STEPS))
def test_an_original_quote_has_the_rulebooks_words_in_each_of_its_languages(
        lesson: Lesson, step: Step) -> None:
    entry = citations.quote_entry("original", step.quote)
    assert entry is not None, f"no translations of {step.quote!r}"
    for lang in OTHERS:
        words, language = rulebook_quote("original", step.quote, lang)
        if lang in entry.absent:  # the language's part does not state this rule
            assert (words, language) == (step.quote, entry.language)
            assert entry.absent[lang].strip()
            continue
        assert language == lang
        if entry.language != lang:
            assert words != step.quote
        assert quote_found(words, PARTS[lang]), f"{lang}: {words!r}"
        assert words == words.strip() and "*" not in words and "<b>" not in words


def test_only_these_rules_lack_a_language_in_the_rulebook() -> None:
    """The French part's Attacking section leaves out the English one's first three rules
    (where a piece may attack, the Scout, naming the ranks), and its tip on Scouts in front says
    nothing of probing; one game tip is only in German."""
    table = citations._table()["original"].quotes
    absent = {(quote, lang) for quote, entry in table.items() for lang in entry.absent}
    german_tip = next(quote for quote, entry in table.items() if entry.language == "de")
    assert absent == {
        ("You cannot attack diagonally. Attacking is always optional.", "fr"),
        ("Attacking is always optional.", "fr"),
        ("Your opponent must then call out his/her piece's rank.", "fr"),
        ("Use them to probe the strength of your opponent's pieces.", "fr"),
        (german_tip, "nl"), (german_tip, "fr"),
    }
    assert PARTS["fr"].split("# L'ATTAQUE\n")[1].lstrip().startswith("- ◆ Si le **GRADE**")
    assert PARTS["en"].split("# ATTACKING\n")[1].lstrip().startswith("- ◆ If one of your")


def test_every_quote_of_the_table_is_in_its_own_languages_part() -> None:
    for quote, entry in citations._table()["original"].quotes.items():
        assert quote_found(quote, PARTS[entry.language]), quote
        for lang, words in entry.words.items():
            assert quote_found(words, PARTS[lang]), (lang, words)


def test_the_learner_reads_the_rulebooks_words_in_their_language() -> None:
    quote = "When a Spy attacks a Marshal (10), the Marshal is captured and removed from the board."
    assert rulebook_quote("original", quote, "nl") == (
        "Als een spion een maarschalk (10) aanvalt, sneuvelt de maarschalk.", "nl")
    assert rulebook_quote("original", quote, "fr") == (
        "Lorsque l'espion attaque le maréchal (10), il le bat.", "fr")
    assert rulebook_quote("original", quote, "de") == (
        "Wenn ein Spion einen Feldmarschall (10) angreift, dann schlägt er den Feldmarschall.",
        "de")
    assert rulebook_quote("original", quote, "en") == (quote, "en")
    # a quote the table does not have (a teacher's own): the lesson's words, in English
    assert rulebook_quote("original", "Attack!", "fr") == ("Attack!", "en")


@pytest.mark.parametrize(("lesson", "step"), OTHER_STEPS, ids=map(step_id, OTHER_STEPS))
def test_an_english_only_rulebook_keeps_the_english_words(lesson: Lesson, step: Step) -> None:
    assert quote_languages(step.source) == ("en",)
    for lang in LANGUAGES:
        assert rulebook_quote(step.source, step.quote, lang) == (step.quote, "en")


def test_the_rulebooks_languages() -> None:
    assert quote_languages("original") == ("nl", "fr", "de", "en")
    for edition in EDITIONS:
        if edition != "original":
            assert quote_languages(edition) == ("en",)


# ---------------------------------------------------------------- the citations

FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")


@pytest.mark.parametrize(("lesson", "step"), ALL_STEPS, ids=map(step_id, ALL_STEPS))
def test_a_citation_names_the_edition_and_never_a_file(lesson: Lesson, step: Step) -> None:
    names = {"original": "Stratego Original", "classic-1961": "Stratego (1961)",
             "onyx-2009": "Stratego Onyx Edition (2009)", "hasbro-1999": "Stratego (Hasbro 1999)",
             "sci-fi-2013": "Stratego (2013 edition)"}
    section = step.cite.split(": ", 1)[1]
    for lang in LANGUAGES:
        text = citation(step.source, step.cite, lang)
        assert not FILE_NAME.search(text), text
        assert text.startswith(names[step.source] + ", "), text
        assert not text.startswith(EDITIONS[step.source].short_name + ":")
        if step.source != "original" or lang == "en":
            assert text == f"{names[step.source]}, {section}"


@pytest.mark.parametrize(("lesson", "step"), ORIGINAL_STEPS, ids=map(step_id, ORIGINAL_STEPS))
def test_an_original_citation_uses_the_section_names_of_the_learners_part(
        lesson: Lesson, step: Step) -> None:
    entry = citations.quote_entry("original", step.quote)
    for lang in OTHERS:
        sections = citation("original", step.cite, lang).removeprefix("Stratego Original, ")
        if entry is not None and entry.language != "en" and sections == step.cite.split(": ")[1]:
            continue  # a quote of another language's part, cited by that part's own headings
        for name in sections.split(", "):
            assert name.casefold() in headings(lang), (lang, name, step.cite)


@pytest.mark.parametrize(("cite", "lang", "expected"), [
    ("Original: Special pieces, The Spy", "fr", "Stratego Original, Pièces spéciales, L'espion"),
    ("Original: Special pieces, The Spy", "nl", "Stratego Original, Bijzondere stukken, De spion"),
    ("Original: Special pieces, The Spy", "de",
     "Stratego Original, Besondere Spielfiguren, Der Spion"),
    ("Original: Special pieces, The Spy", "en", "Stratego Original, Special pieces, The Spy"),
    ("Original: Moving", "fr", "Stratego Original, Déroulement de la bataille"),
    ("Original: The Winner", "de", "Stratego Original, Der Gewinner"),
    # the same English name, two sections: the French part calls them differently
    ("Original: Game tips, The setup", "fr",
     "Stratego Original, Conseils tactiques, Disposition des pièces"),
    ("Original: The setup", "fr", "Stratego Original, Préparatifs"),
    ("Original: More variants, Rescuing pieces", "nl",
     "Stratego Original, Nog meer spannende varianten, Stukken heroveren"),
    ("Original: Fast-paced variations, Stratego Duel", "fr",
     "Stratego Original, Variantes rapides, Duel Stratego"),
    ("Original: Ultimate Lightning Stratego, the Captain", "de",
     "Stratego Original, Ultimate Lightning Stratego, Bewegen und Angreifen mit dem Hauptmann"),
    # letter case does not matter; a section the table lacks keeps the lesson's words whole
    ("Original: special PIECES, the spy", "nl", "Stratego Original, Bijzondere stukken, De spion"),
    ("Original: Special pieces, The Drummer", "fr", "Stratego Original, Special pieces, The Drummer"),
    ("1961: Rules for Strike, rule 8", "de", "Stratego (1961), Rules for Strike, rule 8"),
    ("2013: Stratego Duel: For New Players", "nl",
     "Stratego (2013 edition), Stratego Duel: For New Players"),
])
def test_a_citation_in_each_language(cite: str, lang: str, expected: str) -> None:
    source = next(edition.id for edition in EDITIONS.values()
                  if cite.startswith(edition.short_name + ":"))
    assert citation(source, cite, lang) == expected


def test_the_examples_are_the_rulebooks_headings() -> None:
    for heading in ("# PIÈCES SPÉCIALES", "## L'ESPION (1)", "## DÉROULEMENT DE LA BATAILLE :",
                    "## DISPOSITION DES PIÈCES", "# PRÉPARATIFS", "## DUEL STRATEGO"):
        assert f"\n{heading}\n" in PARTS["fr"], heading
    for heading in ("# BIJZONDERE STUKKEN", "## DE SPION (1)", "## STUKKEN HEROVEREN"):
        assert f"\n{heading}\n" in PARTS["nl"], heading
    for heading in ("# BESONDERE SPIELFIGUREN", "## DER SPION (1)", "# DER GEWINNER:"):
        assert f"\n{heading}\n" in PARTS["de"], heading


@pytest.mark.parametrize(("function", "args", "rule"), [
    (citation, ("chess", "Original: Moving", "en"), "lesson-format"),
    (citation, (7, "Original: Moving", "en"), "lesson-format"),
    (citation, ("original", None, "en"), "lesson-format"),
    (citation, ("original", "Original: Moving", "xx"), "language"),
    (rulebook_quote, ("original", ["x"], "nl"), "lesson-format"),
    (rulebook_quote, ("original", "x", None), "language"),
    (quote_languages, ({},), "lesson-format"),
])
def test_junk_gets_the_projects_error(function: Callable[..., object], args: tuple[object, ...],
                                      rule: str) -> None:
    with pytest.raises(StrategoError) as error:
        function(*args)
    assert error.value.rule == rule


# ---------------------------------------------------------------- the checker

FOUR = '''
id = "probe"
title = { en = "Probe", nl = "Verkennen", fr = "Sonder", de = "Erkunden" }
ruleset = "original"
[[steps]]
pieces = { f2 = "red scout", f8 = "blue major" }
instruction = { en = "Probe f8.", nl = "Verken f8.", fr = "Sondez f8.", de = "Erkunde f8." }
goal = { reveal = "f8" }
par = 1
solution = ["f2-f8"]
success = { en = "Found.", nl = "Gevonden.", fr = "Trouvé.", de = "Gefunden." }
cite = "Original: Special pieces, The Scout"
quote = "Scouts can move and attack during the same turn, but again, only in a straight line."
'''
UNKNOWN = "Scouts can be moved during each turn and can attack pieces on all the squares shown"


def test_the_checker_finds_each_translation_in_its_part(
        monkeypatch: pytest.MonkeyPatch) -> None:
    report = check(Lesson.from_text(FOUR), rulebooks=RULEBOOKS)
    assert report.ok and report.unchecked == 0, str(report)
    assert [item.check for item in report.items if item.check.startswith("quote")] == [
        "quote", "quote (nl)", "quote (fr)", "quote (de)"]
    assert "found in the French part of 004_7c74f8cd1c357391.txt" in str(report)
    # without the rulebooks the words cannot be looked for
    monkeypatch.delenv(checker.RULEBOOKS_VARIABLE, raising=False)
    monkeypatch.setattr(checker, "REPOSITORY_RULEBOOKS", None)
    assert check(Lesson.from_text(FOUR)).unchecked == 4


def test_the_checker_reports_a_quote_without_translations() -> None:
    text = FOUR.replace("Scouts can move and attack during the same turn, but again, only in "
                        "a straight line.", UNKNOWN)
    report = check(Lesson.from_text(text), rulebooks=RULEBOOKS)
    problems = {item.check: item for item in report.problems}
    assert sorted(problems) == ["quote (de)", "quote (fr)", "quote (nl)"], str(report)
    item = problems["quote (fr)"]
    assert item.step == 1 and "no French translation of the quote" in item.message
    assert UNKNOWN in item.message and "✗ step 1, quote (fr)" in str(report)
    # without the rulebooks too: the table is in the package
    assert {item.check for item in check(Lesson.from_text(text)).problems} == {
        "quote (nl)", "quote (fr)", "quote (de)"}


def test_a_draft_in_english_is_not_asked_for_other_languages_words() -> None:
    text = FOUR.replace("Scouts can move and attack during the same turn, but again, only in "
                        "a straight line.", UNKNOWN)
    draft = re.sub(r", (nl|fr|de) = \"[^\"]*\"", "", text)
    report = check(Lesson.from_text(draft, languages=("en",)), rulebooks=RULEBOOKS)
    assert report.problems == []  # checked as a draft: only English is asked for
    assert not [item for item in report.items if item.check.startswith("quote (")]
    # a draft written in English and French is asked for the French words alone
    french = re.sub(r", (nl|de) = \"[^\"]*\"", "", text)
    report = check(Lesson.from_text(french, languages=("en", "fr")), rulebooks=RULEBOOKS)
    assert [item.check for item in report.problems if item.check != "languages"] == [
        "quote (fr)"]


def _with_words(monkeypatch: pytest.MonkeyPatch, quote: str, lang: str, words: str) -> None:
    table = dict(citations._table())
    original = table["original"]
    entry = original.quotes[quote]
    changed = dataclasses.replace(entry, words=MappingProxyType({**entry.words, lang: words}))
    table["original"] = dataclasses.replace(
        original, quotes=MappingProxyType({**original.quotes, quote: changed}))
    monkeypatch.setattr(citations, "_table", lambda: table)


def test_the_checker_reports_an_altered_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    quote = "Scouts can move and attack during the same turn, but again, only in a straight line."
    altered = ("Lors d'un même tour, les éclaireurs peuvent se déplacer et attaquer les pièces "
               "qu'ils rencontrent.")
    _with_words(monkeypatch, quote, "fr", altered)
    assert rulebook_quote("original", quote, "fr") == (altered, "fr")
    report = check(Lesson.from_text(FOUR), rulebooks=RULEBOOKS)
    [item] = report.problems
    assert (item.step, item.check) == (1, "quote (fr)")
    assert "French words are not found word for word in the French part" in item.message
    assert altered in item.message


def test_words_from_another_languages_part_are_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    quote = "Scouts can move and attack during the same turn, but again, only in a straight line."
    dutch = citations.quote_entry("original", quote).words["nl"]  # type: ignore[union-attr]
    assert quote_found(dutch, TEXT)
    _with_words(monkeypatch, quote, "de", dutch)
    [item] = check(Lesson.from_text(FOUR), rulebooks=RULEBOOKS).problems
    assert item.check == "quote (de)" and "German part" in item.message


@pytest.mark.xdist_group(SHIPPED_REPORT_GROUP)
def test_the_shipped_lessons_pass_the_translation_checks() -> None:
    seen = 0
    for lesson in LESSONS.values():
        report = shipped_report(lesson.id)
        translations = [item for item in report.items if item.check.startswith("quote (")]
        assert all(item.ok for item in translations), str(report)
        seen += len(translations)
    assert seen == 3 * len(ORIGINAL_STEPS)


# ---------------------------------------------------------------- the table


def test_the_table_is_package_data_beside_the_module() -> None:
    files = resources.files("stratego_widget.lessons.model")
    assert files.joinpath("quotes.toml").is_file()
    assert not files.joinpath("data", "quotes.toml").is_file()
    assert set(citations._table()) == set(EDITIONS)


def test_the_edition_names_are_the_ones_the_board_shows() -> None:
    from stratego_widget.engine.rulesets import ruleset

    for edition_id, edition in citations._table().items():
        assert "(Jumbo)" not in edition.name and ".txt" not in edition.name
        assert normalize(edition.name) == edition.name
        assert edition.name == ruleset(edition_id).title


VALID = '''
[original]
name = "Stratego Original"
languages = ["nl", "fr", "de", "en"]
parts = { nl = "a", fr = "b", de = "c", en = "d" }
[original.sections]
"Moving" = { nl = "Verplaatsen", fr = "Déplacer", de = "Bewegen" }
[original.quotes."Go."]
nl = "Ga."
fr = "Va."
absent = { de = "not there" }
'''


@pytest.mark.parametrize(("change", "named"), [
    (("[original]", "[chess]"), "chess is not an edition id"),
    (('name = "Stratego Original"', "name = 3"), "original.name must be a text"),
    (('name = "Stratego Original"', 'name = "  "'), "original.name must be a text"),
    (('name = "Stratego Original"\n', ""), "original.name is missing"),
    (('"nl", "fr", "de", "en"', '"nl", "fr", "de"'), "original.languages must list"),
    (('"nl", "fr", "de", "en"', '"nl", "xx", "en"'), "original.languages must list"),
    (('en = "d" }', 'en = "d", xx = "e" }'), "original.parts.xx is not one of this"),
    ((', en = "d" }', " }"), "original.parts must name the heading of each language"),
    (('"Moving" = {', '"Moving" = 5 #'), "original.sections.Moving must be a table"),
    ((', de = "Bewegen" }', " }"), "original.sections.Moving has no name in de"),
    (('fr = "Va."', 'fr = ["Va."]'), "original.quotes.'Go.'.fr must be a text"),
    (('fr = "Va."', 'fr = "Va."\nen = "Go."'), "original.quotes.'Go.'.en is not a language"),
    (('absent = { de = "not there" }', 'de = "Geh."\nabsent = { de = "not there" }'),
     "original.quotes.'Go.' must give either the de words or why the de part has none "
     "(absent), not both"),
    (('absent = { de = "not there" }', ""),
     "original.quotes.'Go.' must give either the de words or why the de part has none "
     "(absent), not neither"),
    (('absent = { de = "not there" }', 'absent = { de = "not there" }\nlanguage = "xx"'),
     "original.quotes.'Go.'.language must be one of the rulebook's languages"),
    (("[original.sections]", "[original.sections]\nmoving = { nl = \"a\", fr = \"b\", "
      "de = \"c\" }"), "original.sections.Moving is given twice"),
    (("[original]", "[original]\ncolour = \"red\""), "original.colour is not a key of an "
     "edition"),
    (("[original]", "[original"), "quotes.toml: not valid TOML"),
])
def test_a_malformed_table_is_refused_naming_the_key(change: tuple[str, str],
                                                     named: str) -> None:
    assert citations._read_table(VALID)["original"].quotes["Go."].words["fr"] == "Va."
    with pytest.raises(LessonError) as error:
        citations._read_table(VALID.replace(*change))
    assert error.value.rule == "lesson-quotes"
    message = str(error.value)
    assert message.startswith("quotes.toml: ") and named in message, message
    assert "\n" not in message


def test_a_long_key_is_named_on_one_short_line() -> None:
    key = "A very long quote that goes on\\nand on " * 10  # a line break, escaped in TOML
    text = VALID.replace('[original.quotes."Go."]', f'[original.quotes."{key}"]')
    with pytest.raises(LessonError) as error:
        citations._read_table(text.replace('fr = "Va."', "fr = 1"))
    assert "\n" not in str(error.value) and len(str(error.value)) < 200
