"""Play in plain text, as people and language models write it: a text view of what one player
knows, and a move reader that takes "B4 to B5", "b4-b5", "b4xb5", "Scout b4 to b7" or
"move the miner from e3 to e4", and refuses anything else with the rule, in one line.

The view is made from the player's observation only (:meth:`Game.observation`), so an enemy
rank the player has not seen is never in it. It lists the board (the player's own ranks,
``?`` for an enemy piece not known, ``+`` a piece that has moved, ``!`` one whose rank the
other side knows), the pieces each side lost, the last moves, the legal moves and the moves
the repetition rules refuse now, with the rule.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("original", {"b4": "red scout", "a1": "red flag",
    ...                                         "j10": "blue flag", "j9": "blue miner"})
    >>> read_move(game, "Scout B4 to B7")
    Move.parse('b4-b7')
    >>> read_move(game, "Miner b4 to b5")
    Traceback (most recent call last):
    ...
    stratego_widget.IllegalMoveError: 'Miner b4 to b5': b4 holds your Scout, not a Miner.
    >>> print(observation_text(game, "red").splitlines()[0])
    Stratego Original. You are Red; Red to move (ply 0).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..engine import pieces as P
from ..engine.errors import IllegalMoveError, SetupError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.repetition import TWO_SQUARE, refusals
from ..engine.rulesets import Ruleset, ruleset
from ..engine.setups import parse_setup, validate_setup
from ..locales import LANGUAGES, piece_name

__all__ = ["observation_text", "read_move", "read_setup", "refused_by_repetition"]

_SQUARE = r"[a-z]\d{1,2}"
_SQUARES = re.compile(rf"(?<![a-z0-9])({_SQUARE})(?![a-z0-9])")
#: Words between the squares that say "to" or "strikes" (any of them, or none).
_LINKS = re.compile(r"\b(to|takes|attacks|strikes|captures|onto|into|x|naar|vers|nach|sur|slaat|"
                    r"prend|schlägt|from|van|de|von|move|moves|play|plays|the|my|your|with|"
                    r"met|avec|mit|le|la|l|het|der|die|das)\b|[-–—→>:,.;!?()'\"x]")
_PIECE_WORDS: dict[str, str] = {
    **{name.lower(): kind for kind in P.KIND_NAMES for name in
       (piece_name(kind, lang) for lang in LANGUAGES)},
    **{kind: kind for kind in P.KIND_NAMES},
}
_LIMIT = 200


def read_move(game: Game, text: str) -> Move:
    """The move ``text`` names for the side to move of ``game``, checked against the rules;
    the game is not changed. Takes the project's notation (``d4-d5``, ``c3!bomb``,
    ``d9-d10+major@c3``) and free text with two squares and at most one piece name (in
    English, Dutch, French or German). Text that is not a move raises
    ``IllegalMoveError("notation")``, and so does text longer than 200 characters (not
    counting surrounding spaces): it is refused whole, never cut to a shorter move. A piece name
    that does not fit the square raises
    ``IllegalMoveError("text-piece")``; a move the rules refuse raises the rule's error
    (``diagonal``, ``two-square``, ``chasing``, ...).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("original", {"b4": "red scout", "a1": "red flag",
        ...                                         "j10": "blue flag"})
        >>> read_move(game, "b4 -> b5"), read_move(game, "Verkenner b4 naar b9")
        (Move.parse('b4-b5'), Move.parse('b4-b9'))
        >>> read_move(game, "b4 to c3")
        Traceback (most recent call last):
        ...
        stratego_widget.IllegalMoveError: Pieces move forward, backward or sideways, never diagonally (Original: Moving).
    """
    if not isinstance(text, str):
        raise IllegalMoveError("notation", f"A move must be text such as 'b4-b5', not "
                               f"{type(text).__name__}.")
    shown = text.strip()
    if len(shown) > _LIMIT:
        raise IllegalMoveError("notation", f"A move's text is at most {_LIMIT} characters, not "
                               f"{len(shown):,}: write two squares, such as 'b4-b5'.")
    move = _notation(shown) or _free_text(game, shown)
    trial = game.copy()
    trial.play(move)  # the rules refuse it here, with the rule, and ``game`` is untouched
    return move


def _notation(text: str) -> Move | None:
    """The move in the project's own notation, or None."""
    try:
        return Move.parse(text)
    except IllegalMoveError:
        return None


def _free_text(game: Game, shown: str) -> Move:
    words = shown.lower()
    squares = _SQUARES.findall(words)
    rest = _LINKS.sub(" ", _SQUARES.sub(" ", words))
    names = [w for w in rest.split() if w]
    kinds = [_PIECE_WORDS[w] for w in names if w in _PIECE_WORDS]
    unknown = [w for w in names if w not in _PIECE_WORDS]
    if len(squares) != 2 or unknown or len(kinds) > 1:
        raise IllegalMoveError("notation", f"Cannot read {shown!r} as a move: write two "
                               "squares, such as 'b4-b5', 'B4 to B5' or 'Scout b4 to b7'.")
    origin, target = squares
    if kinds:
        held = game.piece_at(origin)
        side = game.to_move
        if held is None or held[0] != side:
            raise IllegalMoveError("text-piece", f"{shown!r}: there is no piece of yours "
                                   f"on {origin}.")
        if held[1] != kinds[0]:
            raise IllegalMoveError("text-piece", f"{shown!r}: {origin} holds your "
                                   f"{piece_name(held[1])}, not a {piece_name(kinds[0])}.")
    strike = game.piece_at(target) is not None
    return Move.parse(f"{origin}{'x' if strike else '-'}{target}")


#: The tokens of a list of placements: a square, a word, a number, a sign. Every repeat is
#: possessive or bounded and every token is read once, so a text is read in linear time (it
#: is untrusted model output: a pattern that backtracks took 51 s on 20,000 letters).
_TOKEN = re.compile(r"(?P<square>[a-z]\d{1,2}+)(?![0-9])|(?P<word>[^\W\d_]++)|\d++|[^\w\s]")
#: Rows of piece letters, the project's setup text.
_ROWS = re.compile(r"[A-Za-z.]++(?:/[A-Za-z.]++)*+")
#: What may stand between a piece's name and its square ("Flag on a1", "Flag: a1") ...
_NAME_LINKS = frozenset({"on", "at", "to", "op", "sur", "en", "auf", "nach", ":", "=", "@"})
#: ... and between a square and its piece's name ("a1: flag", "a1 is flag").
_SQUARE_LINKS = frozenset({":", "=", "@", "-", "is", "has"})


def read_setup(rules: Ruleset | str, player: str, text: str) -> dict[str, str]:
    """A deployment chosen in text, checked against the army and the setup area: the
    project's setup text (rows of piece letters, front row first: see
    :mod:`stratego_widget.engine.setups`) or a list of placements as people and language
    models write them ("Flag a1, Bomb b1", "a1: flag; b1 = bomb", "Marshal on c4", piece
    names in English, Dutch, French or German). Returns ``square -> kind``; a setup that is
    not the whole army, or puts a piece outside the player's area, raises the setup rule's
    :class:`SetupError` (``setup-incomplete``, ``setup-area``, ...) in one line.

    Example:
        >>> setup = read_setup("duel", "red", "Flag a1, Bomb b1, Bomb c1, Spy d1, Scout e1, "
        ...                    "Scout f1, Miner g1, Miner h1, General i1, Marshal j1")
        >>> setup["a1"], setup["j1"]
        ('flag', 'marshal')
        >>> read_setup("duel", "red", "Flag a1")
        Traceback (most recent call last):
        ...
        stratego_widget.SetupError: The setup is missing 9 pieces: 1 Marshal, 1 General, 2 Miners, 2 Scouts, 1 Spy, 2 Bombs (Stratego Duel: setup).
    """
    rules = ruleset(rules)
    if not isinstance(text, str):
        raise SetupError("setup-format", f"A setup must be text, not {type(text).__name__}.")
    if len(text) > 20_000:
        raise SetupError("setup-format", "A setup's text is at most 20,000 characters.")
    letters = text.strip().replace("\n", "/")
    if _ROWS.fullmatch(letters) and "/" in letters:
        pieces = parse_setup(rules, text, player)
    else:
        pieces = {}
        for word, where in _placements(text.lower()):
            kind = _PIECE_WORDS.get(word)
            if kind is None:
                raise SetupError("setup-format", f"{word!r} (for {where}) is not a piece: "
                                 "write placements such as 'Flag a1, Bomb b1'.")
            if where in pieces:
                raise SetupError("setup-format", f"{where} is given twice in the setup.")
            pieces[where] = kind
        if not pieces:
            raise SetupError("setup-format", "No placement in the setup: write placements "
                             "such as 'Flag a1, Bomb b1', or rows of piece letters.")
    validate_setup(rules, player, pieces)
    return pieces


def _placements(text: str) -> list[tuple[str, str]]:
    """``(word, square)`` for each "word [link] square" or "square [link] word" of ``text``
    (lower case), read token by token, left to right.

    Example:
        >>> _placements("flag on a1; b1 = bomb, c1 spy")
        [('flag', 'a1'), ('bomb', 'b1'), ('spy', 'c1')]
    """
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(text)]
    tokens.extend([(None, ""), (None, "")])  # two blanks: the lookahead below never runs out
    found = []
    i = 0
    while i < len(tokens) - 2:
        kind, value = tokens[i]
        links = _NAME_LINKS if kind == "word" else _SQUARE_LINKS
        wanted = "square" if kind == "word" else "word"
        # A link between them when one stands there, as in "Flag on a1", "a1 is flag".
        j = i + 2 if tokens[i + 1][1] in links and tokens[i + 2][0] == wanted else i + 1
        if kind in ("word", "square") and tokens[j][0] == wanted:
            found.append((value, tokens[j][1]) if kind == "word" else (tokens[j][1], value))
            i = j + 1
        else:
            i += 1
    return found


def refused_by_repetition(game: Game) -> list[tuple[str, str, list[str]]]:
    """The moves the repetition rules refuse the side to move now: ``(rule, square of the
    piece, target squares)`` for the two-squares rule (``"two-square"``) and, where the ruleset
    has it, Original's more-squares (chasing) rule (``"more-squares"``): the rule ids of
    :data:`stratego_widget.engine.repetition.REPETITION_RULES`.

    Example:
        >>> import stratego_widget as sw
        >>> refused_by_repetition(sw.Game.random("original", seed=1))
        []
    """
    position = game.state
    if game.is_over:
        return []
    name = position.geometry.name
    return [(rule, name(square), sorted(name(t) for t in targets))
            for rule, square, targets in refusals(position, position.to_move)]


def observation_text(game: Game, player: str, last: int = 6) -> str:
    """What ``player`` knows of ``game`` as plain text (see the module), for a person at a
    terminal or a language model; ``last``: how many past moves to list.

    Example:
        >>> import stratego_widget as sw
        >>> text = observation_text(sw.Game.random("barrage", seed=1), "blue")
        >>> "You are Blue" in text and "Your legal moves: none (Red to move)." in text
        True
    """
    obs = game.observation(player)
    mover = game if obs["to_move"] == player else None
    rules = game.state.rules
    to_move = obs["to_move"]
    lines = [f"{rules.title}. You are {player.title()}; {to_move.title()} to move "
             f"(ply {obs['ply']})."]
    if obs["result"]:
        lines.append(f"The game is over: {obs['result']}.")
    lines.append("Board (your pieces by rank, ? an enemy piece you have not seen, + moved, "
                 "! known to the other side, ~ lake):")
    lines.extend(_board(obs, lambda kind: rules.label(P.kind_from_name(kind), rules.numbering)))
    for side in ("red", "blue"):
        lost = obs["captured"][side]
        lines.append(f"{side.title()} lost: {', '.join(_kind(k) for k in lost) or 'nothing'}.")
    history = obs["history"][-last:] if last else []
    if history:
        lines.append("Last moves: " + "; ".join(_history_entry(h) for h in history) + ".")
    if mover is None:
        lines.append(f"Your legal moves: none ({to_move.title()} to move).")
    else:
        moves = obs["legal_moves"]
        lines.append(f"Your legal moves ({len(moves)}): {', '.join(moves) or 'none'}.")
        for rule, square, targets in refused_by_repetition(mover):
            name = "two-squares" if rule == TWO_SQUARE else rule
            lines.append(f"Refused by the {name} rule: the piece on {square} may not go to "
                         f"{', '.join(targets)}.")
    return "\n".join(lines)


def _kind(kind: str | None) -> str:
    return piece_name(kind) if kind else "unknown piece"


def _board(obs: dict[str, Any], label: Callable[[str], str]) -> list[str]:
    width, height = obs["width"], obs["height"]
    lakes = set(obs["lakes"])
    files = [chr(97 + f) for f in range(width)]
    rows = []
    for rank in range(height, 0, -1):
        cells = []
        for file in files:
            square = f"{file}{rank}"
            piece = obs["board"].get(square)
            if square in lakes:
                cells.append("~")
            elif piece is None:
                cells.append(".")
            else:
                mark = ("+" if piece["moved"] else "") + ("!" if piece["known"] else "")
                rank_text = label(piece["kind"]) if piece["kind"] else "?"
                owner = "R" if piece["owner"] == "red" else "B"
                cells.append(f"{owner}{rank_text}{mark}")
        rows.append(f"{rank:>2} " + " ".join(cell.ljust(5) for cell in cells).rstrip())
    rows.append("   " + " ".join(file.ljust(5) for file in files).rstrip())
    return rows


def _history_entry(entry: dict[str, Any]) -> str:
    strike = entry.get("strike")
    text = f"{entry['player'].title()} {entry['move']}"
    if entry.get("piece"):
        text += f" ({_kind(entry['piece'])})"
    if strike:
        text += f" {strike}" if isinstance(strike, str) else ""
    return text
