"""A review of a whole army set up by a learner: what good players would say of it.

:func:`review_army` judges one side's setup (square to piece kind) against what strategy
guides and the rulebooks' own game tips advise: the three lanes between and beside the lakes
(closed by Bombs, open, or held by a strong piece), the Flag's place and cover, the Marshal and
the General on different sides, the Spy next to the General, Scouts in front (and a few
behind), Miners kept back, and Bombs neither all on the front row nor all in one cluster. Each
:class:`Finding` has a stable id, a severity (``good``, ``advice`` or ``warning``), the squares
it is about (the learner's own) and a text in English, Dutch, French and German. The texts are
this project's advice, not a rulebook's words: the rules accept any complete army.

Example:
    >>> from stratego_widget.engine.setups import random_setup
    >>> army = random_setup("original", "red", seed=3)
    >>> findings = review_army("original", army)
    >>> findings[0].id, findings[0].severity in SEVERITIES
    ('lane-left-guarded', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ...engine import pieces as P
from ...engine.errors import SetupError
from ...engine.game import Game
from ...engine.rulesets import Ruleset, ruleset
from ...engine.setups import setup_area, validate_setup
from ...locales import LANGUAGES, piece_name
from ..model.text import Text

Severity = Literal["good", "advice", "warning"]
#: The severities, from the best to the worst.
SEVERITIES: tuple[Severity, ...] = ("good", "advice", "warning")
#: How many rows from the back count as the back rows (Miners kept there).
BACK_ROWS = 2
#: The weakest piece that counts as strong (holds a lane, covers the Flag).
STRONG = P.MAJOR
#: Bombs within this many steps of one square stand in one cluster.
CLUSTER = 2


@dataclass(frozen=True)
class Finding:
    """One point of an army's review: ``id`` (stable, e.g. ``"flag-front"``), ``severity``,
    the ``squares`` it is about and its ``text`` in every language.

    Example:
        >>> finding = Finding("flag-back-row", "good", ("e1",), Text({"en": "Good."}))
        >>> finding.squares, finding.text.get("en")
        (('e1',), 'Good.')
    """

    id: str
    severity: Severity
    squares: tuple[str, ...]
    text: Text


_LANES = {
    "en": {"left": "Left lane", "middle": "Middle lane", "right": "Right lane"},
    "nl": {"left": "Linkerbaan", "middle": "Middenbaan", "right": "Rechterbaan"},
    "fr": {"left": "Couloir de gauche", "middle": "Couloir du centre",
           "right": "Couloir de droite"},
    "de": {"left": "Linke Gasse", "middle": "Mittlere Gasse", "right": "Rechte Gasse"},
}

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "lane-bombed": "{lane}: closed by Bombs ({squares}). Only Miners get through, but "
                       "your own pieces cannot go out there either; a closed lane also works "
                       "as a decoy.",
        "lane-open": "{lane}: none of your pieces that can move stands in it ({squares}), "
                     "so an enemy piece walks in unopposed.",
        "lane-guarded": "{lane}: held by your {piece} on {square}.",
        "lane-weak": "{lane}: nothing stronger than your {piece} ({square}) stands in it; "
                     "an enemy officer coming through meets little resistance.",
        "flag-back-row": "Your Flag is on the back row ({square}), with your army in front "
                         "of it.",
        "flag-forward": "Your Flag is not on the back row ({square}): fewer pieces stand in "
                        "front of it.",
        "flag-front": "Your Flag is on the front row ({square}): the first enemy piece to "
                      "strike it wins the game.",
        "flag-bombed": "Bombs close every square next to your Flag ({squares}): only a "
                       "Miner can reach it.",
        "flag-covered": "Your Flag has cover next to it: a Bomb or a piece from Major up on "
                        "{squares}.",
        "flag-bare": "Nothing next to your Flag protects it: no Bomb and no piece from Major "
                     "up on {squares}.",
        "marshal-general-apart": "Your Marshal ({marshal}) and your General ({general}) "
                                 "stand on different sides: each side of your front has "
                                 "one of them.",
        "marshal-general-together": "Your Marshal ({marshal}) and your General ({general}) "
                                    "stand on the same side ({lane}): the rest of your front "
                                    "has neither of them.",
        "spy-by-general": "Your Spy ({spy}) stands next to your General ({general}): if the "
                          "enemy Marshal takes the General, the Spy strikes back.",
        "spy-far-from-general": "Your Spy ({spy}) is not next to your General ({general}): "
                                "if the enemy Marshal takes the General, the Spy cannot "
                                "strike back at once.",
        "scouts-in-front": "Scouts on your front row ({squares}) can probe the enemy pieces.",
        "scouts-none-in-front": "None of your Scouts is on the front row ({squares}): put "
                                "some there to probe the enemy pieces.",
        "scouts-none-behind": "All your Scouts are on the front row ({squares}): keep a few "
                              "behind, to find the enemy Flag later.",
        "miners-kept-back": "Miners in your two back rows ({squares}) wait for the end of "
                            "the game, when the Bombs must go.",
        "miners-none-back": "None of your Miners is in your two back rows ({squares}): "
                            "Miners are needed late in the game against the Bombs, so keep "
                            "some back.",
        "bombs-all-front": "All your Bombs are on the front row ({squares}): they guard "
                           "nothing behind them and block your own pieces' way out.",
        "bombs-one-cluster": "All your Bombs stand close around {square} ({squares}): "
                             "once one is found, the others and what they hide are easy to "
                             "guess. Put a few apart, as decoys.",
        "bombs-decoys": "Some Bombs stand away from your Flag ({squares}): decoys that send "
                        "the enemy the wrong way.",
    },
    "nl": {
        "lane-bombed": "{lane}: afgesloten door Bommen ({squares}). Alleen Mineurs komen "
                       "erdoor, maar je eigen stukken kunnen er ook niet uit; een afgesloten "
                       "baan werkt ook als lokaas.",
        "lane-open": "{lane}: geen enkel stuk van je dat kan bewegen staat erin ({squares}), "
                     "dus een vijandelijk stuk loopt er ongehinderd in.",
        "lane-guarded": "{lane}: verdedigd door je {piece} op {square}.",
        "lane-weak": "{lane}: niets sterkers dan je {piece} ({square}) staat erin; een "
                     "vijandelijke officier die erdoor komt, stuit op weinig weerstand.",
        "flag-back-row": "Je Vlag staat op de achterste rij ({square}), met je leger ervoor.",
        "flag-forward": "Je Vlag staat niet op de achterste rij ({square}): er staan minder "
                        "stukken voor.",
        "flag-front": "Je Vlag staat op de voorste rij ({square}): het eerste vijandelijke "
                      "stuk dat hem aanvalt, wint het spel.",
        "flag-bombed": "Bommen sluiten elk veld naast je Vlag af ({squares}): alleen een "
                       "Mineur kan hem bereiken.",
        "flag-covered": "Je Vlag heeft dekking ernaast: een Bom of een stuk vanaf Majoor op "
                        "{squares}.",
        "flag-bare": "Niets naast je Vlag beschermt hem: geen Bom en geen stuk vanaf Majoor "
                     "op {squares}.",
        "marshal-general-apart": "Je Maarschalk ({marshal}) en je Generaal ({general}) "
                                 "staan aan verschillende kanten: elke kant van je front "
                                 "heeft een van beide.",
        "marshal-general-together": "Je Maarschalk ({marshal}) en je Generaal ({general}) "
                                    "staan aan dezelfde kant ({lane}): de rest van je front "
                                    "heeft geen van beide.",
        "spy-by-general": "Je Spion ({spy}) staat naast je Generaal ({general}): als de "
                          "vijandelijke Maarschalk de Generaal slaat, slaat de Spion terug.",
        "spy-far-from-general": "Je Spion ({spy}) staat niet naast je Generaal ({general}): "
                                "als de vijandelijke Maarschalk de Generaal slaat, kan de "
                                "Spion niet meteen terugslaan.",
        "scouts-in-front": "Verkenners op je voorste rij ({squares}) kunnen de vijandelijke "
                           "stukken verkennen.",
        "scouts-none-in-front": "Geen van je Verkenners staat op de voorste rij ({squares}): "
                                "zet er een paar neer om de vijandelijke stukken te "
                                "verkennen.",
        "scouts-none-behind": "Al je Verkenners staan op de voorste rij ({squares}): houd er "
                              "een paar achter, om later de vijandelijke Vlag te zoeken.",
        "miners-kept-back": "Mineurs op je twee achterste rijen ({squares}) wachten op het "
                            "eind van het spel, als de Bommen weg moeten.",
        "miners-none-back": "Geen van je Mineurs staat op je twee achterste rijen "
                            "({squares}): Mineurs zijn laat in het spel nodig tegen de "
                            "Bommen, dus houd er een paar achter.",
        "bombs-all-front": "Al je Bommen staan op de voorste rij ({squares}): ze bewaken "
                           "niets achter zich en versperren je eigen stukken de weg.",
        "bombs-one-cluster": "Al je Bommen staan dicht rond {square} ({squares}): is er één "
                             "gevonden, dan zijn de andere en wat ze verbergen makkelijk te "
                             "raden. Zet er een paar apart, als lokaas.",
        "bombs-decoys": "Een paar Bommen staan ver van je Vlag ({squares}): lokaas dat de "
                        "vijand de verkeerde kant op stuurt.",
    },
    "fr": {
        "lane-bombed": "{lane}\u00a0: fermé par des Bombes ({squares}). Seuls les Démineurs "
                       "passent, mais vos propres pièces ne peuvent pas sortir par là non "
                       "plus\u00a0; un couloir fermé sert aussi de leurre.",
        "lane-open": "{lane}\u00a0: aucune de vos pièces mobiles ne s'y trouve ({squares}), une "
                     "pièce ennemie y entre donc sans opposition.",
        "lane-guarded": "{lane}\u00a0: tenu par votre {piece} en {square}.",
        "lane-weak": "{lane}\u00a0: rien de plus fort que votre {piece} ({square}) ne s'y "
                     "trouve\u00a0; un officier ennemi qui passe par là rencontre peu de "
                     "résistance.",
        "flag-back-row": "Votre Drapeau est sur la dernière rangée ({square}), avec votre "
                         "armée devant lui.",
        "flag-forward": "Votre Drapeau n'est pas sur la dernière rangée ({square})\u00a0: moins "
                        "de pièces se tiennent devant lui.",
        "flag-front": "Votre Drapeau est sur la première rangée ({square})\u00a0: la première "
                      "pièce ennemie qui l'attaque gagne la partie.",
        "flag-bombed": "Des Bombes ferment chaque case voisine de votre Drapeau "
                       "({squares})\u00a0: seul un Démineur peut l'atteindre.",
        "flag-covered": "Votre Drapeau est protégé à côté\u00a0: une Bombe ou une pièce à partir "
                        "du Commandant en {squares}.",
        "flag-bare": "Rien à côté de votre Drapeau ne le protège\u00a0: ni Bombe ni pièce à "
                     "partir du Commandant en {squares}.",
        "marshal-general-apart": "Votre Maréchal ({marshal}) et votre Général ({general}) "
                                 "se tiennent de côtés différents\u00a0: chaque côté de votre "
                                 "front a l'un des deux.",
        "marshal-general-together": "Votre Maréchal ({marshal}) et votre Général "
                                    "({general}) se tiennent du même côté ({lane})\u00a0: le "
                                    "reste de votre front n'a ni l'un ni l'autre.",
        "spy-by-general": "Votre Espion ({spy}) est à côté de votre Général ({general})\u00a0: si "
                          "le Maréchal ennemi prend le Général, l'Espion riposte.",
        "spy-far-from-general": "Votre Espion ({spy}) n'est pas à côté de votre Général "
                                "({general})\u00a0: si le Maréchal ennemi prend le Général, "
                                "l'Espion ne peut pas riposter tout de suite.",
        "scouts-in-front": "Des Éclaireurs sur votre première rangée ({squares}) peuvent "
                           "sonder les pièces ennemies.",
        "scouts-none-in-front": "Aucun de vos Éclaireurs n'est sur la première rangée "
                                "({squares})\u00a0: placez-en quelques-uns pour sonder les "
                                "pièces ennemies.",
        "scouts-none-behind": "Tous vos Éclaireurs sont sur la première rangée "
                              "({squares})\u00a0: gardez-en quelques-uns derrière, pour trouver "
                              "plus tard le Drapeau ennemi.",
        "miners-kept-back": "Des Démineurs sur vos deux dernières rangées ({squares}) "
                            "attendent la fin de la partie, quand il faudra ôter les "
                            "Bombes.",
        "miners-none-back": "Aucun de vos Démineurs n'est sur vos deux dernières rangées "
                            "({squares})\u00a0: les Démineurs servent en fin de partie contre "
                            "les Bombes, gardez-en quelques-uns à l'arrière.",
        "bombs-all-front": "Toutes vos Bombes sont sur la première rangée ({squares})\u00a0: "
                           "elles ne gardent rien derrière elles et barrent la route à vos "
                           "propres pièces.",
        "bombs-one-cluster": "Toutes vos Bombes sont serrées autour de {square} "
                             "({squares})\u00a0: une fois l'une trouvée, les autres et ce "
                             "qu'elles cachent sont faciles à deviner. Placez-en quelques-"
                             "unes à l'écart, comme leurres.",
        "bombs-decoys": "Quelques Bombes sont loin de votre Drapeau ({squares})\u00a0: des "
                        "leurres qui envoient l'ennemi dans la mauvaise direction.",
    },
    "de": {
        "lane-bombed": "{lane}: von Bomben versperrt ({squares}). Nur Mineure kommen "
                       "durch, aber deine eigenen Figuren kommen dort auch nicht hinaus; "
                       "eine versperrte Gasse dient auch als Köder.",
        "lane-open": "{lane}: keine deiner beweglichen Figuren steht darin ({squares}), also "
                     "läuft eine feindliche Figur ungehindert hinein.",
        "lane-guarded": "{lane}: gehalten von deinem {piece} auf {square}.",
        "lane-weak": "{lane}: nichts Stärkeres als dein {piece} ({square}) steht darin; ein "
                     "feindlicher Offizier, der hindurchkommt, trifft auf wenig Widerstand.",
        "flag-back-row": "Deine Fahne steht in der hintersten Reihe ({square}), mit deiner "
                         "Armee davor.",
        "flag-forward": "Deine Fahne steht nicht in der hintersten Reihe ({square}): weniger "
                        "Figuren stehen vor ihr.",
        "flag-front": "Deine Fahne steht in der vordersten Reihe ({square}): die erste "
                      "feindliche Figur, die sie angreift, gewinnt das Spiel.",
        "flag-bombed": "Bomben versperren jedes Feld neben deiner Fahne ({squares}): nur "
                       "ein Mineur kann sie erreichen.",
        "flag-covered": "Deine Fahne hat Deckung neben sich: eine Bombe oder eine Figur ab "
                        "Major auf {squares}.",
        "flag-bare": "Nichts neben deiner Fahne schützt sie: keine Bombe und keine Figur ab "
                     "Major auf {squares}.",
        "marshal-general-apart": "Dein Feldmarschall ({marshal}) und dein General "
                                 "({general}) stehen auf verschiedenen Seiten: jede Seite "
                                 "deiner Front hat einen von beiden.",
        "marshal-general-together": "Dein Feldmarschall ({marshal}) und dein General "
                                    "({general}) stehen auf derselben Seite ({lane}): der "
                                    "Rest deiner Front hat keinen von beiden.",
        "spy-by-general": "Dein Spion ({spy}) steht neben deinem General ({general}): wenn "
                          "der feindliche Feldmarschall den General schlägt, schlägt der "
                          "Spion zurück.",
        "spy-far-from-general": "Dein Spion ({spy}) steht nicht neben deinem General "
                                "({general}): wenn der feindliche Feldmarschall den General "
                                "schlägt, kann der Spion nicht sofort zurückschlagen.",
        "scouts-in-front": "Aufklärer in deiner vordersten Reihe ({squares}) können die "
                           "feindlichen Figuren erkunden.",
        "scouts-none-in-front": "Keiner deiner Aufklärer steht in der vordersten Reihe "
                                "({squares}): stelle einige dorthin, um die feindlichen "
                                "Figuren zu erkunden.",
        "scouts-none-behind": "Alle deine Aufklärer stehen in der vordersten Reihe "
                              "({squares}): halte einige zurück, um später die feindliche "
                              "Fahne zu finden.",
        "miners-kept-back": "Mineure in deinen zwei hintersten Reihen ({squares}) warten auf "
                            "das Ende des Spiels, wenn die Bomben weg müssen.",
        "miners-none-back": "Keiner deiner Mineure steht in deinen zwei hintersten Reihen "
                            "({squares}): Mineure braucht man spät im Spiel gegen die "
                            "Bomben, halte also einige zurück.",
        "bombs-all-front": "Alle deine Bomben stehen in der vordersten Reihe ({squares}): "
                           "sie schützen nichts hinter sich und versperren deinen eigenen "
                           "Figuren den Weg.",
        "bombs-one-cluster": "Alle deine Bomben stehen dicht um {square} ({squares}): ist "
                             "eine gefunden, sind die anderen und was sie verbergen leicht "
                             "zu erraten. Stelle einige abseits, als Köder.",
        "bombs-decoys": "Einige Bomben stehen fern von deiner Fahne ({squares}): Köder, die "
                        "den Feind in die falsche Richtung schicken.",
    },
}


def _finding(key: str, severity: Severity, squares: tuple[str, ...], *, lane: str = "",
             name: str | None = None, piece: str | None = None, **values: str) -> Finding:
    """A finding whose text is ``key``'s words in every language, ``lane`` (a lane's name)
    and ``piece`` (a kind) said in each language; ``name``: the id (default ``key``)."""
    texts = {}
    for lang in LANGUAGES:
        words = dict(values, squares=", ".join(squares))
        if lane:
            words["lane"] = _LANES[lang][lane]
        if piece is not None:
            words["piece"] = piece_name(piece, lang)
        texts[lang] = _WORDS[lang][key].format(**words)
    return Finding(name or key, severity, squares, Text(texts))


class _HomeRows:
    """The learner's home rows as the review reads them: depth from the back row, files in
    the owner's order, the lanes and the distances."""

    def __init__(self, rs: Ruleset, player: str) -> None:
        self.rules = rs
        self.geo = rs.geometry
        self.blue = P.player_from_name(player) == P.BLUE
        self.area = setup_area(rs, player)
        lake_files = {sq % rs.width for sq in self.geo.lakes}
        runs: list[list[int]] = []
        for file in self.files():
            if file in lake_files:
                runs.append([])
            elif runs and runs[-1]:
                runs[-1].append(file)
            else:
                runs.append([file])
        found = [run for run in runs if run]
        names = {2: ("left", "right"), 3: ("left", "middle", "right")}.get(len(found), ())
        #: (name, files) of each lane, from the owner's left; none when the lakes do not make
        #: two or three lanes.
        self.lanes = list(zip(names, found, strict=False))

    def files(self) -> list[int]:
        """The file indexes from the owner's left."""
        order = list(range(self.rules.width))
        return order[::-1] if self.blue else order

    def depth(self, square: str) -> int:
        """Rows from the owner's back row (0: the back row)."""
        rank = self.geo.rank_of(self.geo.index(square))
        return self.rules.height - 1 - rank if self.blue else rank

    @property
    def front(self) -> int:
        """The front row's depth."""
        return self.rules.home_rows - 1

    def file(self, square: str) -> int:
        return self.geo.index(square) % self.rules.width

    def apart(self, a: str, b: str) -> int:
        """Steps between two squares (up, down and sideways)."""
        ia, ib, width = self.geo.index(a), self.geo.index(b), self.rules.width
        return abs(ia % width - ib % width) + abs(ia // width - ib // width)

    def next_to(self, square: str) -> list[str]:
        """The squares of the home rows next to ``square``."""
        area = set(self.area)
        return [name for sq in self.geo.neighbours[self.geo.index(square)]
                if (name := self.geo.name(sq)) in area]

    def lane_of(self, square: str) -> str:
        """The lane nearest ``square``'s file (the first from the owner's left on a tie)."""
        file = self.file(square)
        return min(self.lanes, key=lambda lane: min(abs(file - f) for f in lane[1]))[0]


def review_army(rules: Ruleset | str, setup: Mapping[str, str],
                player: str = "red") -> tuple[Finding, ...]:
    """The review of ``player``'s complete ``setup`` (square to piece kind) in ``rules``: a
    tuple of :class:`Finding`, lanes first, then the Flag, the Marshal and the General, the
    Spy, the Scouts, the Miners and the Bombs (a point whose pieces the army lacks is left
    out). ``setup`` is not changed.

    Raises :class:`~stratego_widget.engine.errors.SetupError` (one line naming the rule)
    when ``setup`` is not a complete army the rules accept, and
    :class:`~stratego_widget.engine.errors.RulesetError` for an unknown ruleset or player.

    Example:
        >>> army = {"e1": "flag", "d1": "bomb", "e2": "spy", "e3": "general", "i3": "marshal",
        ...         "a1": "miner", "a4": "scout", "j4": "scout"}
        >>> [(f.id, f.severity, f.squares) for f in review_army("barrage", army)][:2]
        [('lane-left-weak', 'advice', ('a1',)), ('lane-middle-guarded', 'good', ('e3',))]
        >>> review_army("barrage", army)[4].text.get("fr")
        'Votre Drapeau est protégé à côté\xa0: une Bombe ou une pièce à partir du Commandant en d1.'
    """
    rs = ruleset(rules)
    board = _HomeRows(rs, player)
    validate_setup(rs, player, setup)
    army = {square: P.KIND_NAMES[P.kind_from_name(kind)] for square, kind in setup.items()}
    where: dict[str, list[str]] = {}
    for square in board.area:  # in the area's order, whatever the order of ``setup``
        if square in army:
            where.setdefault(army[square], []).append(square)
    findings = _lanes(board, army)
    findings += _flag(board, army, where)
    findings += _officers(board, where)
    findings += _scouts_and_miners(board, where)
    findings += _bombs(board, where)
    return tuple(findings)


def _strength(board: _HomeRows, kind: str) -> int:
    return board.rules.strength[P.kind_from_name(kind)]


def _lanes(board: _HomeRows, army: Mapping[str, str]) -> list[Finding]:
    found = []
    for name, files in board.lanes:
        squares = [square for square in board.area if board.file(square) in files]
        entrance = tuple(square for square in squares if board.depth(square) == board.front)
        movable = [square for square in squares
                   if army.get(square) not in (None, "bomb", "flag")]
        if entrance and all(army.get(square) == "bomb" for square in entrance):
            found.append(_finding("lane-bombed", "advice", entrance, lane=name,
                                  name=f"lane-{name}-bombed"))
        elif not movable:
            found.append(_finding("lane-open", "advice", entrance, lane=name,
                                  name=f"lane-{name}-open"))
        else:
            best = max(movable, key=lambda square: _strength(board, army[square]))
            kind = army[best]
            if _strength(board, kind) >= board.rules.strength[STRONG]:
                found.append(_finding("lane-guarded", "good", (best,), lane=name, piece=kind,
                                      square=best, name=f"lane-{name}-guarded"))
            else:
                found.append(_finding("lane-weak", "advice", (best,), lane=name, piece=kind,
                                      square=best, name=f"lane-{name}-weak"))
    return found


def _flag(board: _HomeRows, army: Mapping[str, str], where: Mapping[str, list[str]]) -> list[Finding]:
    flag = where["flag"][0]
    depth = board.depth(flag)
    key = "flag-back-row" if depth == 0 else "flag-front" if depth == board.front \
        else "flag-forward"
    found = [_finding(key, "good" if depth == 0 else "warning" if key == "flag-front"
                      else "advice", (flag,), square=flag)]
    around = board.next_to(flag)
    cover = tuple(square for square in around if square in army and (
        army[square] == "bomb" or (army[square] != "flag"
                                   and _strength(board, army[square])
                                   >= board.rules.strength[STRONG])))
    if around and all(army.get(square) == "bomb" for square in around):
        found.append(_finding("flag-bombed", "good", tuple(around)))
    elif cover:
        found.append(_finding("flag-covered", "good", cover))
    else:
        found.append(_finding("flag-bare", "warning", tuple(around) or (flag,)))
    return found


def _officers(board: _HomeRows, where: Mapping[str, list[str]]) -> list[Finding]:
    found = []
    marshal, general, spy = (where.get(kind, [None])[0] for kind in ("marshal", "general",
                                                                     "spy"))
    if marshal and general and board.lanes:
        lane = board.lane_of(marshal)
        if lane == board.lane_of(general):
            found.append(_finding("marshal-general-together", "warning", (marshal, general),
                                  lane=lane, marshal=marshal, general=general))
        else:
            found.append(_finding("marshal-general-apart", "good", (marshal, general),
                                  marshal=marshal, general=general))
    if spy and general:
        key = "spy-by-general" if board.apart(spy, general) == 1 else "spy-far-from-general"
        found.append(_finding(key, "good" if key == "spy-by-general" else "advice",
                              (spy, general), spy=spy, general=general))
    return found


def _scouts_and_miners(board: _HomeRows, where: Mapping[str, list[str]]) -> list[Finding]:
    found = []
    scouts = where.get("scout", [])
    front = tuple(square for square in scouts if board.depth(square) == board.front)
    if scouts and not front:
        found.append(_finding("scouts-none-in-front", "advice", tuple(scouts)))
    elif front:
        found.append(_finding("scouts-in-front", "good", front))
        if len(scouts) >= 4 and len(front) == len(scouts):
            found.append(_finding("scouts-none-behind", "advice", front))
    miners = where.get("miner", [])
    back = tuple(square for square in miners if board.depth(square) < BACK_ROWS)
    if miners and not back:
        found.append(_finding("miners-none-back", "warning", tuple(miners)))
    elif back:
        found.append(_finding("miners-kept-back", "good", back))
    return found


def _bombs(board: _HomeRows, where: Mapping[str, list[str]]) -> list[Finding]:
    bombs = tuple(where.get("bomb", []))
    if len(bombs) >= 2 and all(board.depth(square) == board.front for square in bombs):
        return [_finding("bombs-all-front", "warning", bombs)]
    if len(bombs) < 3:
        return []
    flag = where["flag"][0]
    centres = [flag, *board.area]  # the Flag first: a cluster around it says where it is
    centre = next((square for square in centres
                   if all(board.apart(square, bomb) <= CLUSTER for bomb in bombs)), None)
    if centre is not None:
        return [_finding("bombs-one-cluster", "warning", bombs, square=centre)]
    decoys = tuple(bomb for bomb in bombs if board.apart(flag, bomb) > CLUSTER)
    if decoys and len(decoys) < len(bombs):
        return [_finding("bombs-decoys", "good", decoys)]
    return []


_HEADING = {
    "en": "This board's review of your army (advice from good players, not rules), each "
          "point marked on the board:",
    "nl": "De bespreking van je leger door dit bord (advies van goede spelers, geen regels), "
          "elk punt gemarkeerd op het bord:",
    "fr": "L'avis de ce plateau sur votre armée (des conseils de bons joueurs, pas des "
          "règles), chaque point marqué sur le plateau\u00a0:",
    "de": "Die Besprechung deiner Armee durch dieses Brett (Rat guter Spieler, keine Regeln), "
          "jeder Punkt auf dem Brett markiert:",
}


def review_heading(lang: str) -> str:
    """The sentence that introduces an army's review in ``lang``: the board's advice, not a
    rulebook's words.

    Example:
        >>> review_heading("en").startswith("This board's review")
        True
    """
    return _HEADING[lang]


def review_of_setup(game: Game, player: str) -> tuple[Finding, ...]:
    """The review of ``player``'s pieces on ``game``'s board when they are a complete army
    the rules accept (as a setup step leaves them); else no finding.

    Example:
        >>> from stratego_widget.engine.setups import random_setup
        >>> game = Game.from_setups("barrage", red=random_setup("barrage", "red", seed=1),
        ...                         blue=random_setup("barrage", "blue", seed=2))
        >>> len(review_of_setup(game, "red")) > 0
        True
        >>> review_of_setup(Game.from_pieces("barrage", {"a1": "red flag"}), "red")
        ()
    """
    army = {square: kind for square, (owner, kind) in game.pieces().items() if owner == player}
    try:
        return review_army(game.rules, army, player)
    except SetupError:  # not a whole army: nothing to review
        return ()
