"""Piece names, interface words and learner messages in English, Dutch, French and German.

Every text lives in one file next to this module, ``texts.json``, which the front end bundles
too (``js/shared/i18n.ts``), so Python and the browser never disagree. Its sections map each language
to the same keys: ``pieces``, ``players``, ``words`` (the interface), ``rules`` (a general
statement of each rule id), ``battle``, ``reasons`` (why a game ended) and ``results``.

Piece names follow the four-language Stratego Original rulebook (the Spotter exists only in the
2013 army, which is printed in English). Messages are keyed by the engine's rule ids (see
:mod:`stratego_widget.engine.explanations`); English uses the engine's own sentence, which names the
squares and the rulebook section; the other languages give the rule in general terms followed
by the same citation. A rule id without a translation falls back to English.

Example:
    >>> piece_name("marshal", "nl"), piece_name("flag", "de")
    ('Maarschalk', 'Fahne')
    >>> translate("immovable", "A Bomb cannot move (Original: Moving).", "fr")
    'Il est interdit de déplacer les Bombes et le Drapeau, sauf si une variante comme Bombes mobiles ou Drapeau mobile le permet (Original: Moving).'
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from ..engine.errors import StrategoError

TEXTS_FILE = "texts.json"


def _load() -> dict[str, Any]:
    # importlib.resources reads the file from a checkout, a wheel, a zip or Pyodide alike.
    text = resources.files(__name__).joinpath(TEXTS_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


TEXTS: dict[str, Any] = _load()
"""The whole of ``texts.json``: section -> language -> key -> text."""

LANGUAGES: tuple[str, ...] = tuple(TEXTS["languages"])

PIECE_NAMES: dict[str, dict[str, str]] = TEXTS["pieces"]
PLAYER_NAMES: dict[str, dict[str, str]] = TEXTS["players"]

_RULES: dict[str, dict[str, str]] = TEXTS["rules"]
_BATTLE: dict[str, dict[str, str]] = TEXTS["battle"]
_REASONS: dict[str, dict[str, str]] = TEXTS["reasons"]
_RESULTS: dict[str, dict[str, str]] = TEXTS["results"]

# A rulebook citation closing the engine's sentence: "(Original: Moving)." or
# "(1961: Rules for Movement, rule 7)."; not a list in brackets such as "(valid: a, b)."
_CITATION = re.compile(r"\(([A-Z0-9][\w ]*: [^()]*)\)\.?$")


def check_language(lang: object) -> str:
    """Return ``lang`` if supported, else raise :class:`StrategoError` (rule ``language``)
    listing the languages; anything that is not text is refused the same way.

    Example:
        >>> check_language("de")
        'de'
        >>> check_language("xx")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: Unknown language 'xx'; languages: en, nl, fr, de.
    """
    if not isinstance(lang, str) or lang not in LANGUAGES:
        shown = repr(lang) if len(repr(lang)) <= 40 else repr(lang)[:39] + "…"
        raise StrategoError("language",
                            f"Unknown language {shown}; languages: {', '.join(LANGUAGES)}.")
    return lang


def piece_name(kind: str, lang: str = "en") -> str:
    """A kind's name in a language.

    Example:
        >>> piece_name("scout", "fr")
        'Éclaireur'
    """
    return PIECE_NAMES[check_language(lang)][kind]


def rule_statement(rule: str, lang: str = "en") -> str | None:
    """The general statement of a rule id in ``lang`` (no citation), or ``None`` if unknown.

    Example:
        >>> rule_statement("diagonal")
        'Pieces move forward, backward or sideways, never diagonally'
        >>> rule_statement("jump", "nl")
        'Stukken mogen niet over andere stukken heen springen'
        >>> rule_statement("unknown-rule", "de") is None
        True
    """
    return _RULES[check_language(lang)].get(rule)


def translate(rule: str, english: str, lang: str) -> str:
    """The learner's sentence for a rule in ``lang``, keeping the rulebook citation.

    English keeps the engine's own sentence, which names the squares; the other languages give
    the rule's general statement, followed by the citation if the sentence ends with one.

    Example:
        >>> translate("lake", "No piece may enter a lake (Original: Moving).", "de")
        'Keine Figur darf einen See oder Krater betreten oder überspringen: die Figuren müssen ihn umgehen (Original: Moving).'
        >>> translate("lake", "No piece may enter a lake (Original: Moving).", "en")
        'No piece may enter a lake (Original: Moving).'
        >>> translate("notation", "'e9': unknown piece 'x' (valid: marshal, spy).", "nl")
        'Een zet schrijf je als twee velden, zoals d4-d5 of d4xd5.'
        >>> translate("unknown-rule", "Something (Original: Moving).", "nl")
        'Something (Original: Moving).'
    """
    general = rule_statement(rule, lang)
    if lang == "en" or general is None:
        return english
    citation = _CITATION.search(english)
    return f"{general} ({citation.group(1)})." if citation else f"{general}."


def battle_sentence(attacker: str, defender: str | None, outcome: str, lang: str = "en") -> str:
    """One sentence telling a strike or a spot as the viewer may see it.

    Example:
        >>> battle_sentence("spy", "marshal", "attacker")
        'Spy strikes Marshal: the Marshal is removed.'
        >>> battle_sentence("major", None, "defender", "nl")
        'Majoor valt een verborgen stuk aan: Majoor is verslagen.'
    """
    words = _BATTLE[check_language(lang)]
    a = piece_name(attacker, lang)
    d = piece_name(defender, lang) if defender is not None else words["hidden"]
    if outcome in ("spotted", "missed"):
        text = words[outcome].format(a=a, d=d)
    else:
        result = words["flag"] if defender == "flag" else words[outcome].format(a=a, d=d)
        text = f"{words['strikes'].format(a=a, d=d)}: {result}"
    return text[0].upper() + text[1:] + "."


def result_sentence(winner: str, reason: str, lang: str = "en") -> str:
    """The end of a game in one sentence: who won (or a draw) and why.

    ``reason`` is a termination id (``game.result_reason``); an unknown one is shown as it is.

    Example:
        >>> result_sentence("red", "flag-captured")
        'Red wins: the Flag is captured.'
        >>> result_sentence("draw", "ply-limit", "de")
        'Unentschieden: die Zuggrenze ist erreicht.'
        >>> result_sentence("blue", "no-moves", "fr")  # a non-breaking space before the colon
        "Bleu gagne\xa0: l'adversaire ne peut plus déplacer ni attaquer."
    """
    why = _REASONS[check_language(lang)].get(reason, reason)
    pattern = _RESULTS[lang]["draw" if winner == "draw" else "win"]
    return pattern.format(side=PLAYER_NAMES[lang][winner], reason=why)


#: The step ids of the board's ``next`` line that have a sentence of their own.
NEXT_STEPS: frozenset[str] = frozenset(
    key[4].lower() + key[5:] for key in TEXTS["words"]["en"] if key.startswith("next"))


def next_sentence(step: str, side: str, lang: str = "en") -> str:
    """What the user can do now (the board's ``next`` line) for the step id ``step`` (one of
    :data:`NEXT_STEPS`: ``"move"``, ``"over"``, ``"replay"``, …), ``side`` being the side it is
    about.

    Example:
        >>> next_sentence("over", "red")
        'Game over: every piece is shown; step back through the moves or start a new game'
    """
    words = TEXTS["words"][check_language(lang)]
    return str(words["next" + step[:1].upper() + step[1:]]).format(side=PLAYER_NAMES[lang][side])
