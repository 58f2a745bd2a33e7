"""Texts of the lessons: a text in every language, and the lesson player's own sentences.

Lesson files give each text as a table of languages (``{ en = "...", nl = "...", fr = "...",
de = "..." }``); :class:`Text` holds one. The player's own sentences (hints built from a
solution, refusals that are not a rule of the game) are here in English, Dutch, French and
German, keyed like the engine's rule ids.

Example:
    >>> Text({"en": "Move the Scout.", "nl": "Zet de Verkenner."}).get("nl")
    'Zet de Verkenner.'
    >>> Text({"en": "Move the Scout."}).get("de")
    'Move the Scout.'
    >>> say("hint-move", "fr", move="b2-b7")
    'Jouez b2-b7.'
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ...locales import LANGUAGES, check_language


@dataclass(frozen=True)
class Text(Mapping[str, str]):
    """One text in several languages (a read-only mapping from language to text).

    A language without its own text falls back to English.

    Example:
        >>> text = Text({"en": "Hello", "fr": "Bonjour"})
        >>> text["fr"], text.get("nl"), len(text)
        ('Bonjour', 'Hello', 2)
    """

    texts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "texts", MappingProxyType(dict(self.texts)))

    def __getitem__(self, lang: str) -> str:
        return self.texts[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def __len__(self) -> int:
        return len(self.texts)

    def get(self, lang: str, default: str | None = None) -> str:  # type: ignore[override]
        """The text in ``lang``, else in English, else ``default`` or an empty string.

        Example:
            >>> Text({"en": "Hi"}).get("nl")
            'Hi'
        """
        if lang in self.texts:
            return self.texts[lang]
        return self.texts.get("en", default if default is not None else "")

    def missing(self, languages: tuple[str, ...] = LANGUAGES) -> list[str]:
        """The languages of ``languages`` this text has no text for.

        Example:
            >>> Text({"en": "Hi"}).missing()
            ['nl', 'fr', 'de']
        """
        return [lang for lang in languages if not self.texts.get(lang)]


_SAY: dict[str, dict[str, str]] = {
    "en": {
        "hint-guess": "Then name the rank of the piece in front of it.",
        "hint-piece": "Use the {piece} on {square}.",
        "hint-square": "Take it to {square}.",
        "hint-move": "Play {move}.",
        "hint-answer": "The answer is: {choice}.",
        "hint-place": "Put the {piece} on {square}.",
        "hint-refused": "Try {move} and read why the rules refuse it.",
        "hint-lost": "From here the goal cannot be reached within the moves left: start the step again.",
        "hint-goal": "Read the goal again: {instruction}",
        "hint-first-move": "The piece for this is your {piece}.",
        "hint-first-place": "Start with your {piece}: the goal says where it may stand.",
        "hint-first-answer": "The answer is in the rulebook: {cite}.",
        "hint-cost-0": "This hint costs no star: at most {cap} for this step.",
        "hint-cost-1": "This hint costs a star: at most {cap} for this step.",
        "hint-cost-2": "This hint costs two stars: at most {cap} for this step.",
        "hint-next-0": "The next hint costs no star.",
        "hint-next-1": "The next hint costs a star.",
        "hint-next-2": "The next hint costs two stars.",
        "lesson-failed": "The goal cannot be reached any more: press Retry to start the step again.",
        "lesson-lost": "This try is lost: press Retry to start the step again.",
        "lesson-solved-next": "Solved: press Next step to go on (or Retry to play this step again).",
        "lesson-lost-pieces": "{side} lost: {pieces}.",
        "lesson-finished": "The lesson is finished; start it again to play it once more.",
        "lesson-answer": "Not this one.",
        "lesson-only": "In this step only these pieces move: {pieces}.",
        "lesson-placement": "Write a placement as piece@square, for example flag@a1.",
        "lesson-setup": "This placement does not fit the goal of this step.",
        "lesson-choice": "Choose one of the answers: {choices}.",
        "not-solved": "Good. Keep going.",
        "move-on-track": "After {move} the goal is still in reach: {count} to go.",
        "move-past-par": "After {move} the goal needs {count} more: more than three stars allow. Press Retry to try for three.",
        "move-out-of-reach": "After {move} the goal cannot be reached in the next {n} moves. Press Retry to start the step again.",
        "move-played": "{move} is played: keep going.",
        "move-threat": "Careful: the {enemy} on {enemy_square} can strike your {piece} on {square} and win.",
        "move-not-refused": "{move} is allowed, so nothing was refused: this step asks for a move the rules refuse.",
        "move-closer": "{move} brings your {piece} closer to {target}.",
        "move-not-closer": "{move} does not bring your {piece} any closer to {target}.",
        "solved-own-one": "You solved it your own way, in one move; the step's answer is {line}.",
        "solved-own-many": "You solved it your own way, in {n} moves; the shortest answer is {line}.",
        "course-basics": "The basics",
        "course-editions": "The editions",
        "course-fast-games": "Fast games",
        "course-setup": "Setting up",
        "course-options": "Optional rules",
        "course-repetition": "Repetition rules",
        "course-strategy": "Strategy",
        "review-title": "Review: steps to play again",
        "reply": "{side} answers {move}.",
        "why-bomb": "{move} struck a Bomb on {square}: your {piece} is gone.",
        "why-outranked": "{move} struck a piece that beats it: the {enemy} on {square} took your {piece}.",
        "why-outranked-unseen": "{move} struck a piece that beats it: the piece on {square}, whose rank stays hidden, took your {piece}.",
        "lost-unseen": "a piece of unknown rank",
        "why-even": "{move} struck a piece of the same rank: your {piece} and the {enemy} on {square} are both gone.",
        "why-spy-shown": "{move} showed {side} your Spy, now on {square}: any piece that strikes a Spy takes it.",
        "why-scout-shown": "{move} went more than one square, as only a Scout can: {side} now knows your Scout on {square}.",
        "why-shown": "{move} showed {side} your {piece}, now on {square}.",
        "why-taken": "{side} answers {move}: its {enemy} takes your {piece} on {square}.",
        "why-fled": "{side} answers {move}: the piece on {square}, which the goal is about, gets away.",
        "why-lane": "{side} answers {move}: its {enemy} comes through {through}, which your move {played} left open, and takes your {piece} on {square}.",
        "why-two-square": "After {move}, your {piece} on {square} may not go back to {origin}: the two-square rule refuses that move now.",
        "why-more-squares": "After {move}, your {piece} on {square} may not go back to {origin}: the more-squares rule refuses that move now.",
        "stars": "{stars} of 3 stars.",
        "three-stars": "Three stars: {count}, no refused move or wrong answer, and no hint past the first.",
        "three-stars-answer": "Three stars: the right answer at the first try, with no hint past the first.",
        "count-one": "one move",
        "count-many": "at most {n} moves",
    },
    "nl": {
        "hint-guess": "Noem dan de rang van het stuk ervoor.",
        "hint-piece": "Gebruik de {piece} op {square}.",
        "hint-square": "Breng hem naar {square}.",
        "hint-move": "Speel {move}.",
        "hint-answer": "Het antwoord is: {choice}.",
        "hint-place": "Zet de {piece} op {square}.",
        "hint-refused": "Probeer {move} en lees waarom de regels dat weigeren.",
        "hint-lost": "Vanaf hier is het doel niet meer te halen binnen de zetten die over zijn: begin de stap opnieuw.",
        "hint-goal": "Lees het doel nog eens: {instruction}",
        "hint-first-move": "Het stuk hiervoor is je {piece}.",
        "hint-first-place": "Begin met je {piece}: het doel zegt waar hij mag staan.",
        "hint-first-answer": "Het antwoord staat in de spelregels: {cite}.",
        "hint-cost-0": "Deze tip kost geen ster: hooguit {cap} voor deze stap.",
        "hint-cost-1": "Deze tip kost een ster: hooguit {cap} voor deze stap.",
        "hint-cost-2": "Deze tip kost twee sterren: hooguit {cap} voor deze stap.",
        "hint-next-0": "De volgende tip kost geen ster.",
        "hint-next-1": "De volgende tip kost een ster.",
        "hint-next-2": "De volgende tip kost twee sterren.",
        "lesson-failed": "Het doel is niet meer te halen: klik op Opnieuw om de stap opnieuw te beginnen.",
        "lesson-lost": "Deze poging is verloren: klik op Opnieuw om de stap opnieuw te beginnen.",
        "lesson-solved-next": "Opgelost: klik op Volgende stap om verder te gaan (of op Opnieuw om deze stap nog eens te spelen).",
        "lesson-lost-pieces": "{side} verloor: {pieces}.",
        "lesson-finished": "De les is klaar; begin opnieuw om haar nog eens te spelen.",
        "lesson-answer": "Dit is het niet.",
        "lesson-only": "In deze stap bewegen alleen deze stukken: {pieces}.",
        "lesson-placement": "Schrijf een plaatsing als stuk@veld, bijvoorbeeld flag@a1.",
        "lesson-setup": "Deze plaatsing past niet bij het doel van deze stap.",
        "lesson-choice": "Kies een van de antwoorden: {choices}.",
        "not-solved": "Goed zo. Ga door.",
        "move-on-track": "Na {move} is het doel nog te halen: nog {count}.",
        "move-past-par": "Na {move} kost het doel nog {count}: meer dan drie sterren toelaten. Klik op Opnieuw om voor drie sterren te gaan.",
        "move-out-of-reach": "Na {move} is het doel in de volgende {n} zetten niet te halen. Klik op Opnieuw om de stap opnieuw te beginnen.",
        "move-played": "{move} is gespeeld: ga door.",
        "move-threat": "Pas op: de {enemy} op {enemy_square} kan je {piece} op {square} aanvallen en winnen.",
        "move-not-refused": "{move} is toegestaan, dus er werd niets geweigerd: deze stap vraagt om een zet die de regels weigeren.",
        "move-closer": "{move} brengt je {piece} dichter bij {target}.",
        "move-not-closer": "{move} brengt je {piece} niet dichter bij {target}.",
        "solved-own-one": "Je hebt het op je eigen manier opgelost, in één zet; het antwoord van de stap is {line}.",
        "solved-own-many": "Je hebt het op je eigen manier opgelost, in {n} zetten; het kortste antwoord is {line}.",
        "course-basics": "De basis",
        "course-editions": "De edities",
        "course-fast-games": "Snelle spellen",
        "course-setup": "Opstellen",
        "course-options": "Extra regels",
        "course-repetition": "Herhalingsregels",
        "course-strategy": "Strategie",
        "review-title": "Herhalen: stappen om nog eens te spelen",
        "reply": "{side} antwoordt {move}.",
        "why-bomb": "{move} viel een Bom aan op {square}: je {piece} is weg.",
        "why-outranked": "{move} viel een stuk aan dat sterker is: de {enemy} op {square} sloeg je {piece}.",
        "why-outranked-unseen": "{move} viel een stuk aan dat sterker is: het stuk op {square}, waarvan de rang verborgen blijft, sloeg je {piece}.",
        "lost-unseen": "een stuk van onbekende rang",
        "why-even": "{move} viel een stuk van dezelfde rang aan: je {piece} en de {enemy} op {square} zijn allebei weg.",
        "why-spy-shown": "{move} liet {side} je Spion zien, nu op {square}: elk stuk dat een Spion aanvalt, slaat hem.",
        "why-scout-shown": "{move} ging meer dan één veld ver, wat alleen een Verkenner kan: {side} weet nu dat je Verkenner op {square} staat.",
        "why-shown": "{move} liet {side} je {piece} zien, nu op {square}.",
        "why-taken": "{side} antwoordt {move}: zijn {enemy} slaat je {piece} op {square}.",
        "why-fled": "{side} antwoordt {move}: het stuk op {square}, waar het doel om gaat, ontsnapt.",
        "why-lane": "{side} antwoordt {move}: zijn {enemy} komt door {through}, dat jouw zet {played} vrijmaakte, en slaat je {piece} op {square}.",
        "why-two-square": "Na {move} mag je {piece} op {square} niet terug naar {origin}: de twee-veldenregel weigert die zet nu.",
        "why-more-squares": "Na {move} mag je {piece} op {square} niet terug naar {origin}: de meer-veldenregel weigert die zet nu.",
        "stars": "{stars} van de 3 sterren.",
        "three-stars": "Drie sterren: {count}, geen geweigerde zet of fout antwoord, en geen tip na de eerste.",
        "three-stars-answer": "Drie sterren: meteen het goede antwoord, zonder tip na de eerste.",
        "count-one": "één zet",
        "count-many": "hoogstens {n} zetten",
    },
    "fr": {
        "hint-guess": "Puis nommez le grade de la pièce devant lui.",
        "hint-piece": "Utilisez la pièce {piece} en {square}.",
        "hint-square": "Amenez-la en {square}.",
        "hint-move": "Jouez {move}.",
        "hint-answer": "La réponse est\u00a0: {choice}.",
        "hint-place": "Placez la pièce {piece} en {square}.",
        "hint-refused": "Essayez {move} et lisez pourquoi les règles le refusent.",
        "hint-lost": "D'ici, le but ne peut plus être atteint avec les coups qui restent\u00a0: recommencez l'étape.",
        "hint-goal": "Relisez le but\u00a0: {instruction}",
        "hint-first-move": "Pour cela, il vous faut la pièce {piece}.",
        "hint-first-place": "Commencez par la pièce {piece}\u00a0: le but dit où elle peut se placer.",
        "hint-first-answer": "La réponse est dans la règle du jeu\u00a0: {cite}.",
        "hint-cost-0": "Cet indice ne coûte aucune étoile\u00a0: au plus {cap} pour cette étape.",
        "hint-cost-1": "Cet indice coûte une étoile\u00a0: au plus {cap} pour cette étape.",
        "hint-cost-2": "Cet indice coûte deux étoiles\u00a0: au plus {cap} pour cette étape.",
        "hint-next-0": "L'indice suivant ne coûte aucune étoile.",
        "hint-next-1": "L'indice suivant coûte une étoile.",
        "hint-next-2": "L'indice suivant coûte deux étoiles.",
        "lesson-failed": "Le but ne peut plus être atteint\u00a0: cliquez sur Recommencer pour reprendre l'étape.",
        "lesson-lost": "Cet essai est perdu\u00a0: cliquez sur Recommencer pour reprendre l'étape.",
        "lesson-solved-next": "Réussi\u00a0: cliquez sur Étape suivante pour continuer (ou sur Recommencer pour rejouer cette étape).",
        "lesson-lost-pieces": "{side} a perdu\u00a0: {pieces}.",
        "lesson-finished": "La leçon est terminée\u00a0; recommencez-la pour la rejouer.",
        "lesson-answer": "Ce n'est pas celle-ci.",
        "lesson-only": "Dans cette étape, seules ces pièces se déplacent\u00a0: {pieces}.",
        "lesson-placement": "Écrivez un placement sous la forme pièce@case, par exemple flag@a1.",
        "lesson-setup": "Ce placement ne convient pas au but de cette étape.",
        "lesson-choice": "Choisissez une des réponses\u00a0: {choices}.",
        "not-solved": "Bien. Continuez.",
        "move-on-track": "Après {move}, le but reste atteignable\u00a0: encore {count}.",
        "move-past-par": "Après {move}, il faut encore {count}\u00a0: plus que trois étoiles ne le permettent. Cliquez sur Recommencer pour viser trois étoiles.",
        "move-out-of-reach": "Après {move}, le but ne peut pas être atteint dans les {n} prochains coups. Cliquez sur Recommencer pour reprendre l'étape.",
        "move-played": "{move} est joué\u00a0: continuez.",
        "move-threat": "Attention\u00a0: la pièce en {enemy_square} ({enemy}) peut attaquer votre pièce en {square} ({piece}) et gagner.",
        "move-not-refused": "{move} est permis, donc rien n'a été refusé\u00a0: cette étape demande un coup que les règles refusent.",
        "move-closer": "{move} rapproche votre pièce ({piece}) de {target}.",
        "move-not-closer": "{move} ne rapproche pas votre pièce ({piece}) de {target}.",
        "solved-own-one": "Vous l'avez résolu à votre façon, en un coup\u00a0; la réponse de l'étape est {line}.",
        "solved-own-many": "Vous l'avez résolu à votre façon, en {n} coups\u00a0; la réponse la plus courte est {line}.",
        "course-basics": "Les bases",
        "course-editions": "Les éditions",
        "course-fast-games": "Parties rapides",
        "course-setup": "La mise en place",
        "course-options": "Règles optionnelles",
        "course-repetition": "Règles de répétition",
        "course-strategy": "Stratégie",
        "review-title": "Révision\u00a0: étapes à rejouer",
        "reply": "{side} répond {move}.",
        "why-bomb": "{move} a attaqué une Bombe en {square}\u00a0: votre pièce ({piece}) est perdue.",
        "why-outranked": "{move} a attaqué une pièce plus forte\u00a0: la pièce en {square} ({enemy}) a pris votre pièce ({piece}).",
        "why-outranked-unseen": "{move} a attaqué une pièce plus forte\u00a0: la pièce en {square}, dont le grade reste caché, a pris votre pièce ({piece}).",
        "lost-unseen": "une pièce de grade inconnu",
        "why-even": "{move} a attaqué une pièce de même grade\u00a0: votre pièce ({piece}) et la pièce en {square} ({enemy}) sont toutes deux perdues.",
        "why-spy-shown": "{move} a montré votre Espion à {side}, maintenant en {square}\u00a0: toute pièce qui attaque un Espion le prend.",
        "why-scout-shown": "{move} a avancé de plus d'une case, ce que seul un Éclaireur peut faire\u00a0: {side} sait maintenant que votre pièce en {square} est un Éclaireur.",
        "why-shown": "{move} a montré à {side} votre pièce ({piece}), maintenant en {square}.",
        "why-taken": "{side} répond {move}\u00a0: sa pièce ({enemy}) prend votre pièce ({piece}) en {square}.",
        "why-fled": "{side} répond {move}\u00a0: la pièce en {square}, dont parle le but, s'échappe.",
        "why-lane": "{side} répond {move}\u00a0: sa pièce ({enemy}) passe par {through}, que votre coup {played} a libérée, et prend votre pièce ({piece}) en {square}.",
        "why-two-square": "Après {move}, votre pièce ({piece}) en {square} ne peut pas revenir en {origin}\u00a0: la règle des deux cases refuse maintenant ce coup.",
        "why-more-squares": "Après {move}, votre pièce ({piece}) en {square} ne peut pas revenir en {origin}\u00a0: la règle des cases multiples refuse maintenant ce coup.",
        "stars": "Étoiles\u00a0: {stars} sur 3.",
        "three-stars": "Trois étoiles\u00a0: {count}, aucun coup refusé ni mauvaise réponse, et aucun indice après le premier.",
        "three-stars-answer": "Trois étoiles\u00a0: la bonne réponse du premier coup, sans indice après le premier.",
        "count-one": "un seul coup",
        "count-many": "au plus {n} coups",
    },
    "de": {
        "hint-guess": "Nenne dann den Rang der Figur vor ihm.",
        "hint-piece": "Nimm die Figur {piece} auf {square}.",
        "hint-square": "Bring sie nach {square}.",
        "hint-move": "Spiele {move}.",
        "hint-answer": "Die Antwort ist: {choice}.",
        "hint-place": "Stelle die Figur {piece} auf {square}.",
        "hint-refused": "Versuche {move} und lies, warum die Regeln es verbieten.",
        "hint-lost": "Von hier ist das Ziel mit den übrigen Zügen nicht mehr zu erreichen: beginne den Schritt neu.",
        "hint-goal": "Lies das Ziel noch einmal: {instruction}",
        "hint-first-move": "Dafür brauchst du die Figur {piece}.",
        "hint-first-place": "Fang mit der Figur {piece} an: das Ziel sagt, wo sie stehen darf.",
        "hint-first-answer": "Die Antwort steht in der Spielregel: {cite}.",
        "hint-cost-0": "Dieser Tipp kostet keinen Stern: höchstens {cap} für diesen Schritt.",
        "hint-cost-1": "Dieser Tipp kostet einen Stern: höchstens {cap} für diesen Schritt.",
        "hint-cost-2": "Dieser Tipp kostet zwei Sterne: höchstens {cap} für diesen Schritt.",
        "hint-next-0": "Der nächste Tipp kostet keinen Stern.",
        "hint-next-1": "Der nächste Tipp kostet einen Stern.",
        "hint-next-2": "Der nächste Tipp kostet zwei Sterne.",
        "lesson-failed": "Das Ziel ist nicht mehr zu erreichen: klicke auf Nochmal, um den Schritt neu zu beginnen.",
        "lesson-lost": "Dieser Versuch ist verloren: klicke auf Nochmal, um den Schritt neu zu beginnen.",
        "lesson-solved-next": "Gelöst: klicke auf Nächster Schritt, um weiterzumachen (oder auf Nochmal, um diesen Schritt noch einmal zu spielen).",
        "lesson-lost-pieces": "{side} verlor: {pieces}.",
        "lesson-finished": "Die Lektion ist beendet; beginne sie neu, um sie noch einmal zu spielen.",
        "lesson-answer": "Das ist es nicht.",
        "lesson-only": "In diesem Schritt ziehen nur diese Figuren: {pieces}.",
        "lesson-placement": "Schreibe eine Aufstellung als Figur@Feld, zum Beispiel flag@a1.",
        "lesson-setup": "Diese Aufstellung passt nicht zum Ziel dieses Schritts.",
        "lesson-choice": "Wähle eine der Antworten: {choices}.",
        "not-solved": "Gut. Weiter so.",
        "move-on-track": "Nach {move} ist das Ziel noch erreichbar: noch {count}.",
        "move-past-par": "Nach {move} ist das Ziel noch erreichbar, aber mit mehr Zügen, als drei Sterne erlauben: noch {count}. Klicke auf Nochmal, um drei Sterne zu holen.",
        "move-out-of-reach": "Nach {move} ist das Ziel in den nächsten {n} Zügen nicht zu erreichen. Klicke auf Nochmal, um den Schritt neu zu beginnen.",
        "move-played": "{move} ist gespielt: mach weiter.",
        "move-threat": "Vorsicht: die Figur auf {enemy_square} ({enemy}) kann deine Figur auf {square} ({piece}) schlagen und gewinnen.",
        "move-not-refused": "{move} ist erlaubt, also wurde nichts abgelehnt: Dieser Schritt verlangt einen Zug, den die Regeln ablehnen.",
        "move-closer": "{move} bringt deine Figur ({piece}) näher an {target}.",
        "move-not-closer": "{move} bringt deine Figur ({piece}) nicht näher an {target}.",
        "solved-own-one": "Du hast es auf deine eigene Art gelöst, mit einem Zug; die Antwort des Schritts ist {line}.",
        "solved-own-many": "Du hast es auf deine eigene Art gelöst, mit {n} Zügen; die kürzeste Antwort ist {line}.",
        "course-basics": "Die Grundlagen",
        "course-editions": "Die Ausgaben",
        "course-fast-games": "Schnelle Spiele",
        "course-setup": "Aufstellen",
        "course-options": "Zusatzregeln",
        "course-repetition": "Wiederholungsregeln",
        "course-strategy": "Strategie",
        "review-title": "Wiederholung: Schritte zum erneuten Spielen",
        "reply": "{side} antwortet {move}.",
        "why-bomb": "{move} hat eine Bombe auf {square} angegriffen: deine Figur ({piece}) ist weg.",
        "why-outranked": "{move} hat eine stärkere Figur angegriffen: die Figur auf {square} ({enemy}) hat deine Figur ({piece}) geschlagen.",
        "why-outranked-unseen": "{move} hat eine stärkere Figur angegriffen: die Figur auf {square}, deren Rang verborgen bleibt, hat deine Figur ({piece}) geschlagen.",
        "lost-unseen": "eine Figur unbekannten Rangs",
        "why-even": "{move} hat eine Figur gleichen Rangs angegriffen: deine Figur ({piece}) und die Figur auf {square} ({enemy}) sind beide weg.",
        "why-spy-shown": "{move} hat {side} deinen Spion gezeigt, jetzt auf {square}: jede Figur, die einen Spion angreift, schlägt ihn.",
        "why-scout-shown": "{move} ging mehr als ein Feld weit, was nur ein Aufklärer kann: {side} weiß jetzt, dass auf {square} dein Aufklärer steht.",
        "why-shown": "{move} hat {side} deine Figur ({piece}) gezeigt, jetzt auf {square}.",
        "why-taken": "{side} antwortet {move}: seine Figur ({enemy}) schlägt deine Figur ({piece}) auf {square}.",
        "why-fled": "{side} antwortet {move}: die Figur auf {square}, um die es im Ziel geht, entkommt.",
        "why-lane": "{side} antwortet {move}: seine Figur ({enemy}) zieht über {through}, das dein Zug {played} frei gemacht hat, und schlägt deine Figur ({piece}) auf {square}.",
        "why-two-square": "Nach {move} darf deine Figur ({piece}) auf {square} nicht zurück nach {origin}: die Zweifelderregel verweigert diesen Zug jetzt.",
        "why-more-squares": "Nach {move} darf deine Figur ({piece}) auf {square} nicht zurück nach {origin}: die Mehrfelderregel verweigert diesen Zug jetzt.",
        "stars": "{stars} von 3 Sternen.",
        "three-stars": "Drei Sterne: {count}, kein abgelehnter Zug und keine falsche Antwort, und kein Tipp nach dem ersten.",
        "three-stars-answer": "Drei Sterne: gleich die richtige Antwort, ohne Tipp nach dem ersten.",
        "count-one": "ein Zug",
        "count-many": "höchstens {n} Züge",
    },
}


def say(key: str, lang: str, **values: object) -> str:
    """One of the lesson player's own sentences in ``lang``, with its placeholders filled.

    Example:
        >>> say("stars", "de", stars=2)
        '2 von 3 Sternen.'
    """
    return _SAY[check_language(lang)][key].format(**values)


class _Short(reprlib.Repr):
    """``repr`` cut short: long texts, long lists, deep tables and huge numbers abbreviated."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 60, 60, 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # too long for Python to write out in decimal, perhaps
            return f"<a number of {x.bit_length():,} bits>"
        return super().repr_int(x, level)


_SHORT = _Short()


def shown(value: object) -> str:
    """``value`` as an error message shows it: its ``repr``, on one line and at most about 60
    characters long (a long text, a long list, a deep table or a huge number is abbreviated).

    Example:
        >>> shown("b2-b7"), shown(["x"] * 100)
        ("'b2-b7'", "['x', 'x', 'x', 'x', 'x', 'x', ...]")
        >>> shown(2 ** 4096)
        '<a number of 4,097 bits>'
    """
    return _SHORT.repr(value)


def printable(text: str) -> str:
    """``text`` with each character that is not printable (a line break, a tab, a control
    character) written as its escape, so that a message stays on one line.

    Example:
        >>> print(printable("two" + chr(10) + "lines"))
        two\\nlines
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


#: The texts of a lesson that are one line (a title, a summary, an answer's label), by the last
#: part of their field's name; the others (instruction, hint, feedback, success) may hold line
#: breaks and tabs.
ONE_LINE_TEXTS = ("title", "summary", "choices")
#: The line breaks and tabs a text of several lines may hold.
_LINE_BREAKS = "\n\t"


def bad_character(text: str, *, one_line: bool = True) -> str | None:
    """What keeps ``text`` from being a lesson text, as words for an error message, or None:
    a control character (C0, DEL or C1: ``ESC`` would drive a terminal that prints the text),
    a lone surrogate (no file can hold it), or in a one-line text a line break, a tab or a
    line or paragraph separator.

    Example:
        >>> print(bad_character("Bombs" + chr(27) + "[2J"))
        holds the control character '\\x1b' at position 6
        >>> print(bad_character("Line one" + chr(10) + "line two"))
        holds the line break or tab '\\n' at position 9; it is one line of text
        >>> bad_character("Line one" + chr(10) + "line two", one_line=False) is None
        True
    """
    for position, char in enumerate(text, 1):
        category = unicodedata.category(char)
        if char in _LINE_BREAKS or category in ("Zl", "Zp"):
            if one_line:
                return (f"holds the line break or tab {char!r} at position {position}; it is "
                        "one line of text")
        elif category == "Cc":
            return f"holds the control character {char!r} at position {position}"
        elif category == "Cs":
            return (f"holds the lone surrogate {char!r} at position {position}, which no file "
                    "can hold")
    return None


def player_keys() -> dict[str, set[str]]:
    """The keys of the player's sentences per language (for the translation tests).

    Example:
        >>> player_keys()["en"] == player_keys()["de"]
        True
    """
    return {lang: set(texts) for lang, texts in _SAY.items()}
