"""Piece names and learner messages in English, Dutch, French and German.

Piece names follow the four-language Stratego Original rulebook (the Spotter exists only in the
2013 army, which is printed in English). Messages are keyed by the engine's rule ids (see
:mod:`stratego_widget.engine.explanations`); English uses the engine's own sentence, which names the
squares and the rulebook section; the other languages give the rule in general terms followed
by the same citation. A rule id without a translation falls back to English.

Example:
    >>> piece_name("marshal", "nl"), piece_name("flag", "de")
    ('Maarschalk', 'Fahne')
    >>> translate("immovable", "A Bomb cannot move (Original: Moving).", "fr")
    'Les Bombes et le Drapeau ne se déplacent pas (Original: Moving).'
"""

from __future__ import annotations

import re

LANGUAGES = ("en", "nl", "fr", "de")

PIECE_NAMES: dict[str, dict[str, str]] = {
    "en": {"marshal": "Marshal", "general": "General", "colonel": "Colonel", "major": "Major",
           "captain": "Captain", "lieutenant": "Lieutenant", "sergeant": "Sergeant",
           "miner": "Miner", "scout": "Scout", "spotter": "Spotter", "spy": "Spy",
           "bomb": "Bomb", "flag": "Flag"},
    "nl": {"marshal": "Maarschalk", "general": "Generaal", "colonel": "Kolonel",
           "major": "Majoor", "captain": "Kapitein", "lieutenant": "Luitenant",
           "sergeant": "Sergeant", "miner": "Mineur", "scout": "Verkenner",
           "spotter": "Spotter", "spy": "Spion", "bomb": "Bom", "flag": "Vlag"},
    "fr": {"marshal": "Maréchal", "general": "Général", "colonel": "Colonel",
           "major": "Commandant", "captain": "Capitaine", "lieutenant": "Lieutenant",
           "sergeant": "Sergent", "miner": "Démineur", "scout": "Éclaireur",
           "spotter": "Observateur", "spy": "Espion", "bomb": "Bombe", "flag": "Drapeau"},
    "de": {"marshal": "Feldmarschall", "general": "General", "colonel": "Oberst",
           "major": "Major", "captain": "Hauptmann", "lieutenant": "Leutnant",
           "sergeant": "Unteroffizier", "miner": "Mineur", "scout": "Aufklärer",
           "spotter": "Beobachter", "spy": "Spion", "bomb": "Bombe", "flag": "Fahne"},
}

PLAYER_NAMES: dict[str, dict[str, str]] = {
    "en": {"red": "Red", "blue": "Blue", "draw": "Draw"},
    "nl": {"red": "Rood", "blue": "Blauw", "draw": "Gelijkspel"},
    "fr": {"red": "Rouge", "blue": "Bleu", "draw": "Match nul"},
    "de": {"red": "Rot", "blue": "Blau", "draw": "Unentschieden"},
}

# General statements of each rule, for languages other than English.
_RULES: dict[str, dict[str, str]] = {
    "nl": {
        "immovable": "Bommen en de Vlag kunnen niet bewegen",
        "lake": "Geen stuk mag een meer betreden of oversteken",
        "occupied": "Je kunt niet naar een veld met een eigen stuk",
        "diagonal": "Stukken bewegen vooruit, achteruit of opzij, nooit schuin",
        "one-square": "Dit stuk beweegt één veld per beurt",
        "jump": "Een stuk kan niet over andere stukken springen",
        "cannot-strike": "Dit stuk kan niet aanvallen",
        "scout-move-and-strike": "De Verkenner mag niet in dezelfde beurt bewegen en aanvallen",
        "two-square": "Een stuk mag niet vaker heen en weer tussen dezelfde twee velden",
        "more-squares": "Je mag een stuk van de tegenstander niet eindeloos achtervolgen",
        "not-your-piece": "Dat is een stuk van de tegenstander",
        "no-piece": "Daar staat geen stuk",
        "game-over": "Het spel is afgelopen",
        "not-your-turn": "Je bent niet aan de beurt",
        "replay": "Je bekijkt een eerdere stelling; ga eerst terug naar het heden",
        "setup-incomplete": "De opstelling is nog niet compleet",
    },
    "fr": {
        "immovable": "Les Bombes et le Drapeau ne se déplacent pas",
        "lake": "Aucune pièce ne peut entrer dans un lac ni le traverser",
        "occupied": "Vous ne pouvez pas aller sur une case occupée par votre propre pièce",
        "diagonal": "Les pièces se déplacent en avant, en arrière ou de côté, jamais en diagonale",
        "one-square": "Cette pièce se déplace d'une case à la fois",
        "jump": "Une pièce ne peut pas sauter par-dessus une autre",
        "cannot-strike": "Cette pièce ne peut pas attaquer",
        "scout-move-and-strike": "L'Éclaireur ne peut pas se déplacer et attaquer dans le même tour",
        "two-square": "Une pièce ne peut pas aller et venir plus souvent entre deux cases",
        "more-squares": "Vous ne pouvez pas poursuivre sans fin une pièce adverse",
        "not-your-piece": "Cette pièce appartient à l'adversaire",
        "no-piece": "Il n'y a pas de pièce sur cette case",
        "game-over": "La partie est terminée",
        "not-your-turn": "Ce n'est pas votre tour",
        "replay": "Vous regardez une position passée ; revenez d'abord au présent",
        "setup-incomplete": "La disposition n'est pas encore complète",
    },
    "de": {
        "immovable": "Bomben und die Fahne können nicht ziehen",
        "lake": "Keine Figur darf einen See betreten oder überqueren",
        "occupied": "Auf diesem Feld steht bereits eine eigene Figur",
        "diagonal": "Figuren ziehen vorwärts, rückwärts oder seitwärts, nie diagonal",
        "one-square": "Diese Figur zieht ein Feld pro Zug",
        "jump": "Eine Figur kann nicht über andere Figuren springen",
        "cannot-strike": "Diese Figur kann nicht angreifen",
        "scout-move-and-strike": "Der Aufklärer darf nicht im selben Zug ziehen und angreifen",
        "two-square": "Eine Figur darf nicht öfter zwischen denselben zwei Feldern hin und her ziehen",
        "more-squares": "Du darfst eine gegnerische Figur nicht endlos verfolgen",
        "not-your-piece": "Das ist eine Figur des Gegners",
        "no-piece": "Auf diesem Feld steht keine Figur",
        "game-over": "Das Spiel ist vorbei",
        "not-your-turn": "Du bist nicht am Zug",
        "replay": "Du siehst eine frühere Stellung; kehre zuerst zur Gegenwart zurück",
        "setup-incomplete": "Die Aufstellung ist noch nicht vollständig",
    },
}

# Battle sentences: "{attacker} strikes {defender}: ..." per outcome.
_BATTLE: dict[str, dict[str, str]] = {
    "en": {"strikes": "{a} strikes {d}", "attacker": "the {d} is removed",
           "defender": "the {a} is removed", "both": "both are removed",
           "spotted": "{a} spots {d}: the {d} is removed", "missed": "{a} guesses wrong",
           "hidden": "a hidden piece", "flag": "the Flag is captured"},
    "nl": {"strikes": "{a} valt {d} aan", "attacker": "{d} is verslagen",
           "defender": "{a} is verslagen", "both": "beide zijn verslagen",
           "spotted": "{a} ontdekt {d}: {d} is verslagen", "missed": "{a} raadt verkeerd",
           "hidden": "een verborgen stuk", "flag": "de Vlag is veroverd"},
    "fr": {"strikes": "{a} attaque {d}", "attacker": "{d} est éliminé",
           "defender": "{a} est éliminé", "both": "les deux sont éliminés",
           "spotted": "{a} repère {d} : {d} est éliminé", "missed": "{a} se trompe",
           "hidden": "une pièce cachée", "flag": "le Drapeau est capturé"},
    "de": {"strikes": "{a} greift {d} an", "attacker": "{d} wird geschlagen",
           "defender": "{a} wird geschlagen", "both": "beide werden geschlagen",
           "spotted": "{a} entdeckt {d}: {d} wird geschlagen", "missed": "{a} rät falsch",
           "hidden": "eine verdeckte Figur", "flag": "die Fahne ist erobert"},
}

# Why a game ended, per language.
_REASONS: dict[str, dict[str, str]] = {
    "en": {"flag-captured": "the Flag is captured", "flag-reached": "the Flag reached the far row",
           "no-moves": "the other side cannot move", "neither-can-move": "neither side can move",
           "ply-limit": "the move limit is reached", "resigned": "resignation"},
    "nl": {"flag-captured": "de Vlag is veroverd", "flag-reached": "de Vlag bereikte de achterste rij",
           "no-moves": "de tegenstander kan niet meer bewegen",
           "neither-can-move": "niemand kan nog bewegen", "ply-limit": "het zettenmaximum is bereikt",
           "resigned": "opgave"},
    "fr": {"flag-captured": "le Drapeau est capturé",
           "flag-reached": "le Drapeau a atteint la dernière rangée",
           "no-moves": "l'adversaire ne peut plus jouer", "neither-can-move": "personne ne peut jouer",
           "ply-limit": "la limite de coups est atteinte", "resigned": "abandon"},
    "de": {"flag-captured": "die Fahne ist erobert", "flag-reached": "die Fahne erreichte die letzte Reihe",
           "no-moves": "der Gegner kann nicht mehr ziehen", "neither-can-move": "niemand kann ziehen",
           "ply-limit": "die Zuggrenze ist erreicht", "resigned": "Aufgabe"},
}

_CITATION = re.compile(r"\(([^()]*)\)\.?$")


def check_language(lang: str) -> str:
    """Return ``lang`` if supported, else raise ``ValueError`` listing the languages.

    Example:
        >>> check_language("de")
        'de'
    """
    if lang not in LANGUAGES:
        raise ValueError(f"Unknown language {lang!r}; languages: {', '.join(LANGUAGES)}.")
    return lang


def piece_name(kind: str, lang: str = "en") -> str:
    """A kind's name in a language.

    Example:
        >>> piece_name("scout", "fr")
        'Éclaireur'
    """
    return PIECE_NAMES[check_language(lang)][kind]


def translate(rule: str, english: str, lang: str) -> str:
    """The learner's sentence for a rule in ``lang``, keeping the rulebook citation.

    Example:
        >>> translate("lake", "No piece may enter a lake (Original: Moving).", "de")
        'Keine Figur darf einen See betreten oder überqueren (Original: Moving).'
        >>> translate("unknown-rule", "Something (Original: Moving).", "nl")
        'Something (Original: Moving).'
    """
    general = _RULES.get(check_language(lang), {}).get(rule)
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

    Example:
        >>> result_sentence("red", "flag-captured")
        'Red wins: the Flag is captured.'
        >>> result_sentence("draw", "ply-limit", "de")
        'Unentschieden: die Zuggrenze ist erreicht.'
    """
    names = PLAYER_NAMES[check_language(lang)]
    why = _REASONS[lang].get(reason, reason)
    if winner == "draw":
        return f"{names['draw']}: {why}."
    wins = {"en": "wins", "nl": "wint", "fr": "gagne", "de": "gewinnt"}[lang]
    return f"{names[winner]} {wins}: {why}."
