"""How a learner sees a rulebook citation: the edition and the section in the learner's
language, and the rulebook's own words in that language where the rulebook is printed in it.

A lesson step cites its rulebook as ``"Original: Special pieces, The Spy"`` (the edition's
short name, a colon, the section as the English rulebook names it) and quotes the English
words. A learner reads the edition's name instead of the short name, and the section as the
rulebook titles it in the learner's language when the rulebook is printed in that language:
Stratego Original has Dutch, French, German and English parts; the 1961, Onyx, 1999 and 2013
rulebooks are printed in English only, so their sections and quotes stay English.

The names, languages, section names and translated quotes are data, in ``quotes.toml`` beside
this module (read once, from a checkout, a wheel or Pyodide alike); every translated quote is
copied word for word from its language's part of the rulebook, which the lesson checker
(:func:`~stratego_widget.lessons.checker.check`) verifies. A malformed table raises
:class:`~stratego_widget.lessons.errors.LessonError` with the rule ``"lesson-quotes"``.

Example:
    >>> citation("original", "Original: Special pieces, The Spy", "fr")
    "Stratego Original, Pièces spéciales, L'espion"
    >>> rulebook_quote("original", "Only a Miner (3) can attack and defuse a Bomb!", "de")
    ('Nur ein Mineur (3) kann eine Bombe angreifen und entschärfen!', 'de')
    >>> rulebook_quote("classic-1961", "A player may move in his turn or strike in his turn.",
    ...                "de")
    ('A player may move in his turn or strike in his turn.', 'en')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from ...engine.editions import EDITIONS
from ...engine.reading import decode_text, parse_toml
from ...locales import LANGUAGES, check_language
from ..errors import LessonError
from .text import printable, shown

#: The table's file, in this package beside the module.
QUOTES_FILE = "quotes.toml"

_EDITION_KEYS = ("name", "languages", "parts", "sections", "quotes")
_QUOTE_KEYS = ("absent", "language")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_HEADING = re.compile(r"^#+[^\n]*$", re.MULTILINE)


@dataclass(frozen=True)
class _Quote:
    """One quote of a lesson in the rulebook's other languages: ``words`` by language,
    ``absent``: why a language's part does not state the rule, and the ``language`` the
    quote itself is in (English, unless a lesson quotes another language's part)."""

    words: Mapping[str, str]
    absent: Mapping[str, str]
    language: str = "en"


@dataclass(frozen=True)
class _Edition:
    """What the table says of one edition (see ``quotes.toml``); section keys are casefolded."""

    name: str
    languages: tuple[str, ...]
    parts: Mapping[str, str]
    sections: Mapping[str, Mapping[str, str]]
    quotes: Mapping[str, _Quote]


class _TableReader:
    """Turns the parsed table into editions, raising one-line errors naming the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: tuple[str, ...], problem: str) -> LessonError:
        where = ".".join(part if _BARE_KEY.fullmatch(part) else shown(part) for part in path)
        return LessonError("lesson-quotes", printable(
            f"{self.source}: {where or 'the table'} {problem}."))

    def table(self, value: Any, path: tuple[str, ...]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a table, not {shown(value)}")
        return value

    def text(self, value: Any, path: tuple[str, ...]) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"must be a text that is not empty, not {shown(value)}")
        return value

    def known(self, table: Mapping[str, Any], keys: tuple[str, ...], path: tuple[str, ...],
              what: str) -> None:
        for key in table:
            if key not in keys:
                raise self.fail((*path, key), f"is not {what}; keys: {', '.join(keys)}")

    def by_language(self, value: Any, path: tuple[str, ...],
                    languages: tuple[str, ...]) -> dict[str, str]:
        table = self.table(value, path)
        self.known(table, languages, path, "one of this rulebook's languages")
        return {lang: self.text(text, (*path, lang)) for lang, text in table.items()}

    def editions(self, data: Mapping[str, Any]) -> dict[str, _Edition]:
        found = {}
        for edition_id, raw in data.items():
            if edition_id not in EDITIONS:
                raise self.fail((edition_id,), f"is not an edition id ({', '.join(EDITIONS)})")
            found[edition_id] = self.edition(edition_id, self.table(raw, (edition_id,)))
        return found

    def edition(self, edition_id: str, raw: Mapping[str, Any]) -> _Edition:
        path = (edition_id,)
        self.known(raw, _EDITION_KEYS, path, "a key of an edition")
        if "name" not in raw:
            raise self.fail((*path, "name"), "is missing")
        name = self.text(raw["name"], (*path, "name"))
        languages = raw.get("languages", ["en"])
        if (not isinstance(languages, list) or "en" not in languages
                or len(set(languages)) != len(languages)
                or not all(lang in LANGUAGES for lang in languages)):
            raise self.fail((*path, "languages"), f"must list the rulebook's languages once "
                            f"each, English among them ({', '.join(LANGUAGES)}), not "
                            f"{shown(languages)}")
        langs = tuple(languages)
        others = tuple(lang for lang in langs if lang != "en")
        parts = self.by_language(raw.get("parts", {}), (*path, "parts"), langs)
        if parts and set(parts) != set(langs):
            raise self.fail((*path, "parts"), f"must name the heading of each language's part "
                            f"({', '.join(langs)})")
        sections: dict[str, Mapping[str, str]] = {}
        for key, value in self.table(raw.get("sections", {}), (*path, "sections")).items():
            where = (*path, "sections", key)
            names = self.by_language(value, where, others)
            missing = [lang for lang in others if lang not in names]
            if missing:
                raise self.fail(where, f"has no name in {', '.join(missing)}")
            if key.casefold() in sections:
                raise self.fail(where, "is given twice (in other letter cases)")
            sections[key.casefold()] = MappingProxyType(names)
        quotes = {quote: self.quote((*path, "quotes", quote), value, langs, others)
                  for quote, value in self.table(raw.get("quotes", {}),
                                                 (*path, "quotes")).items()}
        return _Edition(name, langs, MappingProxyType(parts), MappingProxyType(sections),
                        MappingProxyType(quotes))

    def quote(self, path: tuple[str, ...], value: Any, langs: tuple[str, ...],
              others: tuple[str, ...]) -> _Quote:
        raw = self.table(value, path)
        self.known(raw, (*others, *_QUOTE_KEYS), path, "a language of the rulebook or a key "
                   "of a quote")
        self.text(path[-1], path)
        words = {lang: self.text(raw[lang], (*path, lang)) for lang in others if lang in raw}
        absent = self.by_language(raw.get("absent", {}), (*path, "absent"), others)
        language = raw.get("language", "en")
        if language not in langs:
            raise self.fail((*path, "language"), f"must be one of the rulebook's languages "
                            f"({', '.join(langs)}), not {shown(language)}")
        for lang in others:
            if (lang in words) == (lang in absent):
                raise self.fail(path, f"must give either the {lang} words or why the {lang} "
                                "part has none (absent), not " + ("both" if lang in words
                                                                   else "neither"))
        return _Quote(MappingProxyType(words), MappingProxyType(absent), language)


def _read_table(text: str, source: str = QUOTES_FILE) -> dict[str, _Edition]:
    """The editions of a table written in TOML (see ``quotes.toml``); a LessonError (rule
    ``"lesson-quotes"``) naming the key of anything malformed."""
    data = parse_toml(text, error=LessonError, rule="lesson-quotes", source=source)
    return _TableReader(source).editions(data)


@functools.cache
def _table() -> dict[str, _Edition]:
    data = resources.files(__package__).joinpath(QUOTES_FILE).read_bytes()
    return _read_table(decode_text(data, error=LessonError, rule="lesson-quotes",
                                   source=QUOTES_FILE))


def _edition(source: str) -> _Edition:
    """The table's edition ``source``; an edition the table does not name is cited by its
    title, in English."""
    if not isinstance(source, str) or source not in EDITIONS:
        raise LessonError("lesson-format", f"Unknown edition {shown(source)}; editions: "
                          f"{', '.join(EDITIONS)}.")
    found = _table().get(source)
    if found is None:
        empty: Mapping[str, Any] = MappingProxyType({})
        return _Edition(EDITIONS[source].title, ("en",), empty, empty, empty)
    return found


def _need_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise LessonError("lesson-format", f"A {what} must be a text, not {shown(value)}.")
    return value


def _section(edition: _Edition, section: str, lang: str) -> str:
    """``section`` (English names, comma-separated) in ``lang``, or as it is when a part of it
    has no name in that language (a citation is never half translated)."""
    parts = [part.strip() for part in section.split(",")]
    names = []
    for i in range(len(parts)):
        # "Game tips, The setup" before "The setup": a name may depend on the section it is in
        keys = [", ".join(parts[j:i + 1]).casefold() for j in range(i + 1)]
        name = next((edition.sections[key][lang] for key in keys
                     if key in edition.sections and lang in edition.sections[key]), None)
        if name is None:
            return section
        names.append(name)
    return ", ".join(names)


def citation(source: str, cite: str, lang: str) -> str:
    """The citation a learner reads: the edition's name, then the section, in ``lang`` where
    the edition's rulebook is printed in that language (else in English).

    ``source`` is the edition id (``step.source``) and ``cite`` the step's citation
    (``"Original: Special pieces, The Spy"``). A section the table has no name for stays as
    the lesson gives it. An unknown edition raises LessonError; an unknown language, the
    project's error with the rule ``"language"``.

    Example:
        >>> citation("original", "Original: Special pieces, The Spy", "en")
        'Stratego Original, Special pieces, The Spy'
        >>> citation("original", "Original: Game tips, The setup", "nl")
        'Stratego Original, Speeltips, De opstelling'
        >>> citation("classic-1961", "1961: Rules for Strike, rule 8", "fr")
        'Stratego (1961), Rules for Strike, rule 8'
    """
    edition = _edition(source)
    check_language(lang)
    cite = _need_text(cite, "citation")
    head, colon, rest = cite.partition(":")
    section = rest.strip() if colon and head.strip() == EDITIONS[source].short_name \
        else cite.strip()
    if section and lang != "en" and lang in edition.languages:
        section = _section(edition, section, lang)
    return f"{edition.name}, {section}" if section else edition.name


def rulebook_quote(source: str, quote: str, lang: str) -> tuple[str, str]:
    """``(words, language of the words)``: the rulebook's own words for ``quote`` in ``lang``
    when the edition's rulebook is printed in that language and the table has them; else the
    quote as the lesson gives it, with its language: ``"en"``, unless the lesson quotes
    another language's part of the rulebook (a tip printed only in German, say).

    Example:
        >>> rulebook_quote("original", "The Flag and the Bombs cannot attack.", "nl")
        ('De vlag en de bommen mogen niet aanvallen.', 'nl')
        >>> rulebook_quote("original", "The Flag and the Bombs cannot attack.", "en")
        ('The Flag and the Bombs cannot attack.', 'en')
        >>> rulebook_quote("original", "Attacking is always optional.", "fr")
        ('Attacking is always optional.', 'en')
    """
    edition = _edition(source)
    check_language(lang)
    quote = _need_text(quote, "quote")
    entry = edition.quotes.get(quote)
    if entry is None:
        return quote, "en"
    if lang in entry.words:
        return entry.words[lang], lang
    return quote, entry.language


def quote_languages(source: str) -> tuple[str, ...]:
    """The languages the edition's rulebook is printed in, in the rulebook's order.

    Example:
        >>> quote_languages("original"), quote_languages("onyx-2009")
        (('nl', 'fr', 'de', 'en'), ('en',))
    """
    return _edition(source).languages


def quote_entry(source: str, quote: str) -> _Quote | None:
    """What the table has for ``quote`` of the edition ``source`` (None: nothing): its words
    by language, and the languages whose part of the rulebook does not state it.

    Example:
        >>> quote_entry("original", "The Flag and the Bombs cannot attack.").words["de"]
        'Die Fahne und die Bomben dürfen nicht angreifen.'
    """
    return _edition(source).quotes.get(quote)


def language_part(source: str, lang: str, text: str) -> str | None:
    """The part of the rulebook ``text`` written in ``lang``: from the heading that opens it
    (the table's ``parts``) to the heading that opens the next language's part. None when the
    parts cannot be told apart: a heading missing, found twice or out of order.

    Example:
        >>> language_part("onyx-2009", "en", "any text") is None   # printed in one language
        True
    """
    edition = _edition(source)
    if lang not in edition.parts:
        return None
    starts: dict[str, list[int]] = {code: [] for code in edition.languages}
    for heading in _HEADING.finditer(text):
        line = heading.group(0).casefold()
        for code, marker in edition.parts.items():
            if marker.casefold() in line:
                starts[code].append(heading.start())
    if any(len(found) != 1 for found in starts.values()):
        return None
    order = [starts[code][0] for code in edition.languages]
    if order != sorted(order):
        return None
    i = edition.languages.index(lang)
    return text[order[i]:order[i + 1] if i + 1 < len(order) else len(text)]
