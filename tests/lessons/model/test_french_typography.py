"""French typography in every French text a learner reads (issue 33): a non-breaking space
(U+00A0; a narrow one, U+202F, is accepted too) before « ; : ! ? » and inside « guillemets »,
so a line never starts with a colon or a question mark and a quotation keeps its marks.

Read over the shipped lessons (every French text of every lesson file: titles, summaries,
instructions, answers, hints, feedback, success texts), the rulebook's French words and
section names as a learner sees them (the citation and the quote of every step, where the
rulebook is printed in French: an English-only rulebook's section names stay English), and the
interface's French texts (``stratego_widget/locales/texts.json``).

Not punctuation of a sentence, so left as written: a move's notation (``e2-e3!bomb``) and a
citation as a teacher types it in a lesson file (``Original: Moving``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from stratego_widget import random_setup
from stratego_widget.lessons import catalog
from stratego_widget.lessons.board.course import ReviewLesson
from stratego_widget.lessons.model.citations import citation, quote_languages, rulebook_quote
from stratego_widget.lessons.model.library import lesson_files
from stratego_widget.lessons.model.text import _SAY, say
from stratego_widget.lessons.playing.army_review import review_army, review_heading
from stratego_widget.locales import TEXTS

SPACES = "\u00a0\u202f"
#: A citation written as a lesson file's ``cite`` (an edition's short name, a colon, a section).
CITE = re.compile(r"\b(?:Original|Onyx|1961|1999|2013): [A-Z]")


def misses(text: str) -> list[str]:
    """Each place in ``text`` where a French punctuation mark lacks its non-breaking space,
    with a few characters around it."""
    cites = [range(match.start(), match.end()) for match in CITE.finditer(text)]
    found = []
    for match in re.finditer(r"[;:!?»]|«", text):
        at = match.start()
        mark = text[at]
        if mark == "«":
            ok = text[at + 1:at + 2] in tuple(SPACES)
        else:
            after = text[at + 1:at + 2]
            if after and (after.isalnum() or after == "/"):
                continue  # notation (e3!flag), a time, an address: no sentence's mark
            if at == 0 or text[at - 1] in ";:!?\n":
                continue  # a pair such as ?! takes one space, before the first
            if any(at in cite for cite in cites):
                continue
            ok = text[at - 1] in SPACES
        if not ok:
            found.append(text[max(0, at - 20):at + 10])
    return found


def french(value: object, key: str = "") -> Iterator[str]:
    """Every string under a ``fr`` key in a loaded TOML or JSON value."""
    if isinstance(value, dict):
        for name, item in value.items():
            yield from french(item, name if key != "fr" else key)
    elif isinstance(value, list):
        for item in value:
            yield from french(item, key)
    elif isinstance(value, str) and key == "fr":
        yield value


def lesson_texts() -> Iterator[tuple[str, str]]:
    for source in lesson_files():
        for text in french(tomllib.loads(source.read_text(encoding="utf-8"))):
            yield source.name, text


def rulebook_texts() -> Iterator[tuple[str, str]]:
    for lesson in catalog().values():
        for step in lesson.steps:
            if step.cite and "fr" in quote_languages(step.source):
                yield f"{lesson.id} {step.index + 1} cite", citation(step.source, step.cite, "fr")
            if step.quote:
                words, language = rulebook_quote(step.source, step.quote, "fr")
                if language == "fr":
                    yield f"{lesson.id} {step.index + 1} quote", words


def interface_texts() -> Iterator[tuple[str, str]]:
    for section, value in TEXTS.items():
        if isinstance(value, dict) and "fr" in value:
            for text in french({"fr": value["fr"]}):
                yield section, text


def said_texts() -> Iterator[tuple[str, str]]:
    """The lesson player's own French sentences, as ``say`` gives them (every placeholder
    filled in): the coach, the hints and what they cost, the losses ("Rouge a perdu\u00a0:
    Espion"), the review's title ("Révision\u00a0: …"), the stars."""
    for key in _SAY["en"]:
        fields = set(re.findall(r"\{(\w+)\}", _SAY["fr"][key]))
        yield key, say(key, "fr", **dict.fromkeys(fields, "X"))
    yield "review title", ReviewLesson((), ()).title["fr"]


def army_review_texts() -> Iterator[tuple[str, str]]:
    """The army review's French findings over many armies of each game, and its heading."""
    yield "heading", review_heading("fr")
    for rules in ("original", "barrage", "sci-fi-2013"):
        for seed in range(12):
            for finding in review_army(rules, random_setup(rules, "red", seed=seed)):
                yield f"{rules} {seed} {finding.id}", finding.text["fr"]


#: The browser's own French sentences (``js/board/status.ts``, ``TEXTS.fr``), read as written
#: in the file: a ``\u00a0`` escape is the non-breaking space.
STATUS_TS = Path(__file__).resolve().parents[3] / "js" / "board" / "status.ts"


def browser_texts() -> Iterator[tuple[str, str]]:
    source = STATUS_TS.read_text(encoding="utf-8")
    block = source[source.index("  fr: {"):source.index("  de: {")]
    for key, value in re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', block):
        yield key, value.replace("\\u00a0", "\u00a0")


@pytest.mark.parametrize(("texts", "least"),
                         [(lesson_texts, 50), (rulebook_texts, 50), (interface_texts, 50),
                          (said_texts, 50), (army_review_texts, 50), (browser_texts, 8)],
                         ids=["lessons", "rulebook-words", "interface", "said", "army-review",
                              "browser"])
def test_every_french_text_has_its_non_breaking_spaces(texts: object, least: int) -> None:
    read = list(texts())  # type: ignore[operator]
    assert len(read) >= least
    wrong = [(where, miss) for where, text in read for miss in misses(text)]
    assert not wrong, (len(wrong), wrong[:10])


def test_the_check_finds_an_ordinary_space_and_a_missing_one() -> None:
    assert misses("Que se passe-t-il ?") == ["Que se passe-t-il ?"]
    assert misses("Attention: la Bombe") and misses("« Repérer »") and misses("«\u00a0Repérer »")
    assert misses("Non ; oui") and misses("Bravo !")
    assert not misses("Que se passe-t-il\u00a0? «\u00a0Repérer\u00a0»\u00a0; Bravo\u202f!")
    assert not misses("la notation e2-e3!bomb, à 10:30, (Original: Moving)")
    assert not misses("Vraiment\u00a0?!")
