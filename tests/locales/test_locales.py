"""Every text in every language, from the one source both layers read (locales/texts.json).

The rule ids are found in the package's own source, so a new rule id without a statement in
English, Dutch, French and German fails here.
"""

from __future__ import annotations

import ast
import functools
import importlib
import json
import pkgutil
import re
import string
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

import stratego_widget as sw
from stratego_widget import locales
from stratego_widget.engine import pieces as P

# Why a game can end: the engine's Termination ids (the ones game.result_reason gives, at least).
ENDINGS = {"flag-captured", "flag-reached", "no-moves", "neither-can-move", "ply-limit",
           "resigned"}
try:
    from stratego_widget.engine.outcome import Termination
except ImportError:  # pragma: no cover - an engine without Outcome
    pass
else:
    ENDINGS |= {termination.value for termination in Termination}

PACKAGE = Path(sw.__file__).parent
ROOT = PACKAGE.parent
SECTIONS = ("pieces", "short", "players", "words", "rules", "battle", "reasons", "results")
TEXTS = json.loads(resources.files("stratego_widget.locales").joinpath("texts.json")
                   .read_text(encoding="utf-8"))


# The package's source is read when a test first asks (cached), not at collection: each test
# process collects this module, and only one runs the tests that read it.


@functools.cache
def error_classes() -> dict[str, type[sw.StrategoError]]:
    """Every error class of the package, by name."""
    # Every module is imported first, so that error classes of layers the package does not
    # import itself (the batch playouts, the exporter) are known too.
    for module in pkgutil.walk_packages(sw.__path__, "stratego_widget."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found: dict[str, type[sw.StrategoError]] = {}
    todo: list[type[sw.StrategoError]] = [sw.StrategoError]
    while todo:
        cls = todo.pop()
        found[cls.__name__] = cls
        todo.extend(cls.__subclasses__())
    return found


@functools.cache
def parsed_modules() -> dict[str, ast.Module]:
    """Every module of the package, parsed once (by its path in the project)."""
    return {path.relative_to(ROOT).as_posix():
            ast.parse(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
            for path in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def named_texts() -> dict[str, str]:
    """The package's named text constants (``TWO_SQUARE = "two-square"`` at a module's top):
    a rule id may be raised by its name."""
    found: dict[str, str] = {}
    for tree in parsed_modules().values():
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, ast.AnnAssign) else [])
            value = getattr(node, "value", None)
            for target in targets:
                if (isinstance(target, ast.Name) and target.id.isupper()
                        and isinstance(value, ast.Constant) and isinstance(value.value, str)):
                    found.setdefault(target.id, value.value)
    return found



def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Name):
        return named_texts().get(node.id)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else None)


def _rules_in(tree: ast.AST) -> Iterator[str]:
    """Rule ids in one module: ``Error("rule", message)``, ``Error(message)`` (the class's
    default rule), ``Error(rule="rule", ...)``, ``_error(game, "rule", ...)``, and the literals
    a ``for ..., rule, ... in ((..., "rule", ...), ...)`` loop hands to such calls."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _called(node)
            keyword = next((_literal(k.value) for k in node.keywords if k.arg == "rule"), None)
            errors = error_classes()
            if name in errors:
                first = _literal(node.args[0]) if len(node.args) >= 2 else None
                if keyword is not None or first is not None:
                    yield keyword or first or ""
                elif len(node.args) == 1:
                    yield errors[name].default_rule
            elif name == "_error":
                rule = keyword or (_literal(node.args[1]) if len(node.args) >= 2 else None)
                if rule is not None:
                    yield rule
        elif (isinstance(node, ast.For) and isinstance(node.target, ast.Tuple)
              and isinstance(node.iter, ast.Tuple | ast.List)):
            names = [t.id if isinstance(t, ast.Name) else None for t in node.target.elts]
            if "rule" in names:
                index = names.index("rule")
                for row in node.iter.elts:
                    if isinstance(row, ast.Tuple) and len(row.elts) > index:
                        rule = _literal(row.elts[index])
                        if rule is not None:
                            yield rule


@functools.cache
def source_rule_ids() -> dict[str, str]:
    """Every rule id the package can raise, with the first place it is raised."""
    found: dict[str, str] = {}
    for relative, tree in parsed_modules().items():
        for rule in _rules_in(tree):
            found.setdefault(rule, relative)
    return found



def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_rule_id_search_finds_rules_of_every_kind() -> None:
    # If the engine's way of raising changes, the search must follow: these come in every way.
    for rule in ("immovable", "two-square", "more-squares", "setup-count", "notation",
                 "game-over", "record", "ruleset", "protocol", "not-your-turn", "batch-ruleset",
                 "export-notebook"):
        assert rule in source_rule_ids(), rule


def test_every_rule_id_raised_has_all_four_languages() -> None:
    missing = [f"rule id {rule!r} ({place}) has no {lang} text in locales/texts.json"
               for rule, place in sorted(source_rule_ids().items())
               for lang in locales.LANGUAGES if not locales.rule_statement(rule, lang)]
    assert not missing, "\n".join(missing)


def test_every_default_rule_and_the_widgets_own_ids_have_texts() -> None:
    for rule in {cls.default_rule for cls in error_classes().values()} | {"internal"}:
        for lang in locales.LANGUAGES:
            assert locales.rule_statement(rule, lang), (rule, lang)


def test_the_sections_have_the_same_keys_in_every_language() -> None:
    assert tuple(TEXTS["languages"]) == locales.LANGUAGES == ("en", "nl", "fr", "de")
    for section in SECTIONS:
        assert set(TEXTS[section]) == set(locales.LANGUAGES), section
        english = TEXTS[section]["en"]
        for lang in locales.LANGUAGES:
            table = TEXTS[section][lang]
            assert set(table) == set(english), (section, lang, set(table) ^ set(english))


@pytest.mark.parametrize("section", SECTIONS)
def test_placeholders_match_between_languages(section: str) -> None:
    english = TEXTS[section]["en"]
    for lang in locales.LANGUAGES:
        for key, text in TEXTS[section][lang].items():
            assert isinstance(text, str) and text and text == text.strip(), (section, lang, key)
            assert placeholders(text) == placeholders(english[key]), (section, lang, key, text)


def test_rule_statements_are_sentences_without_the_final_stop() -> None:
    for lang in locales.LANGUAGES:
        for rule, text in TEXTS["rules"][lang].items():
            assert text[0].isupper() and not text.endswith("."), (lang, rule, text)


def test_piece_player_and_ending_names_cover_the_engine() -> None:
    for lang in locales.LANGUAGES:
        assert set(locales.PIECE_NAMES[lang]) == set(P.KIND_NAMES), lang
        assert set(locales.PLAYER_NAMES[lang]) == {*P.PLAYER_NAMES, "draw"}, lang
        for ending in ENDINGS:
            assert ending in TEXTS["reasons"][lang], (lang, ending)


def test_every_piece_has_a_short_name_that_fits_the_smallest_board_with_names() -> None:
    """A board too small for a piece's whole name shows its short name (js/board/piece.ts): at
    most five characters, so that it fits its token at 10 px wherever names show at all (a
    board of 520 px, widget.css), and never the whole name itself when that is longer."""
    for lang in locales.LANGUAGES:
        short = TEXTS["short"][lang]
        assert set(short) == set(P.KIND_NAMES), lang
        for kind, text in short.items():
            assert 1 <= len(text) <= 5, (lang, kind, text)
            name = locales.PIECE_NAMES[lang][kind]
            assert len(name) <= 5 or text != name, (lang, kind)


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_translate_keeps_the_rulebook_citation(lang: str) -> None:
    for rule in source_rule_ids():
        text = locales.translate(rule, "Some English sentence (Original: Moving).", lang)
        assert text == f"{locales.rule_statement(rule, lang)} (Original: Moving).", rule
    plain = locales.translate("setup-area", "e5 is not in your setup area (a1–j4).", lang)
    assert plain == f"{locales.rule_statement('setup-area', lang)}."


def test_english_keeps_the_engines_own_sentence() -> None:
    game = sw.Game.from_pieces("original", {"a1": "red flag", "b2": "red bomb", "c2": "red scout",
                                            "j10": "blue flag", "j9": "blue scout"})
    with pytest.raises(sw.IllegalMoveError) as caught:
        game.play("b2-b3")
    error = caught.value
    assert locales.translate(error.rule, str(error), "en") == str(error)
    german = locales.translate(error.rule, str(error), "de")
    assert german.startswith("Bomben und die Fahne können nicht ziehen")
    assert german.endswith(" (Original: Moving).")


def test_sentences_in_every_language() -> None:
    for lang in locales.LANGUAGES:
        for outcome in ("attacker", "defender", "both", "spotted", "missed"):
            for defender in ("marshal", "flag", None):
                sentence = locales.battle_sentence("spotter", defender, outcome, lang)
                assert sentence.endswith(".") and "{" not in sentence, sentence
        for ending in ENDINGS:
            for winner in ("red", "blue", "draw"):
                sentence = locales.result_sentence(winner, ending, lang)
                assert locales.PLAYER_NAMES[lang][winner] in sentence and "{" not in sentence


# Names that exist only in one language besides English: written anywhere but texts.json, they
# would be a second source that can drift.
_FOREIGN_NAMES = sorted({name for lang in ("nl", "fr", "de")
                         for name in TEXTS["pieces"][lang].values()}
                        - set(TEXTS["pieces"]["en"].values()))


def test_no_other_file_writes_piece_names_again() -> None:
    files = [*PACKAGE.rglob("*.py"),
             *(path for path in (ROOT / "js").rglob("*.ts") if "__tests__" not in path.parts)]
    pattern = re.compile("[\"'`](" + "|".join(map(re.escape, _FOREIGN_NAMES)) + ")[\"'`]")
    for path in files:
        if path.parent.name == "locales" or not path.exists():
            continue
        match = pattern.search(path.read_text(encoding="utf-8"))
        assert match is None, f"{path.relative_to(ROOT)} writes {match.group(0)}: use texts.json"


def test_the_front_end_imports_the_same_file() -> None:
    source = (ROOT / "js" / "shared" / "i18n.ts").read_text(encoding="utf-8")
    assert 'from "../../stratego_widget/locales/texts.json"' in source
