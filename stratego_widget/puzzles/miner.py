"""The miner: positions of a game where the side to move has one clearly best move.

:func:`mine_game` replays a game (a record the project reads, or a game the bots played) and,
at each position, runs the cheap filters first (:func:`is_candidate`: a strike on a piece the
solver has seen, a piece of the solver's next to a shown enemy piece that beats it, or a
strike with few pieces left), then a short screening (:data:`SCREEN_SAMPLES` armies; a lead
of :data:`SCREEN_MARGIN` to go on), then the full verification (:func:`~.verify.verify`,
:data:`~.verify.MIN_SAMPLES` armies), confirmed with other armies from the position string
alone (what the CSV keeps: a puzzle must pass when recomputed from its row) with a lead of
:data:`CONFIRM_MARGIN`. An accepted position becomes a :class:`~.puzzle.Puzzle`
with its line (the best move, then the strong bot's reply from the opponent's own view),
its themes and a first rating. :func:`self_play` gives games between the strongest bots from
varied random setups, to mine when there are no records.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.from_pieces("barrage", {"a1": "red flag", "j2": "red scout",
    ...     "e4": "red marshal", "j10": "blue flag", "e7": "blue general", "a2": "blue scout"},
    ...     revealed=["j10", "a1"])
    >>> [puzzle.moves[0] for puzzle in mine_position(game, "hand-made", seed=2)]
    ['j2xj10']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..bots.match import play_game
from ..bots.registry import make_bot
from ..engine.combat import strike_outcome
from ..engine.game import Game
from ..engine.moves import STRIKE_BIT, target_of
from ..engine.rulesets import ruleset
from ..formats.records import start_of
from .puzzle import Puzzle, initial_rating
from .themes import detect_themes
from .verify import MIN_SAMPLES, verify

__all__ = ["CONFIRM", "CONFIRM_MARGIN", "FEW_PIECES", "REPEAT_PLIES", "SCREEN_MARGIN",
           "SCREEN_SAMPLES", "is_candidate", "mine_game",
           "mine_position", "self_play"]

#: Armies in the screening that comes before the full verification.
SCREEN_SAMPLES = 32
#: The lead the best move needs in the screening to be verified in full.
SCREEN_MARGIN = 0.2
#: The seed offset of the confirming verification (from the position string alone).
CONFIRM = 1_000_003
#: The lead the confirmation needs: more than the verification's 30 points, so that a puzzle
#: recomputed with another seed still passes (one confirmed at 30 to 35 points did not).
CONFIRM_MARGIN = 0.4
#: At most this many pieces on the board counts as "few pieces left".
FEW_PIECES = 16
#: The same solution found again within this many plies of a game is the same puzzle (a Flag
#: left standing for a few moves): only the first is kept.
REPEAT_PLIES = 8
#: The level that plays the opponent's reply in a puzzle's line, and self-play games.
REPLY_BOT = "strong"


def is_candidate(game: Game) -> bool:
    """The cheap filters: from the side to move's view, a strike on an enemy piece it has
    seen, one of its pieces next to a shown enemy piece that beats it, or any strike with at
    most :data:`FEW_PIECES` pieces on the board.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> is_candidate(Game.random("barrage", seed=1))
        False
        >>> is_candidate(Game.from_pieces("barrage", {"a1": "red flag", "e4": "red major",
        ...     "e5": "blue scout", "j10": "blue flag"}, revealed=["e5"]))
        True
    """
    if game.is_over:
        return False
    position = game.state
    me = position.to_move
    codes = game.legal_codes()
    strikes = [position.board[target_of(code)] for code in codes if code & STRIKE_BIT]
    if any(position.known[pid] for pid in strikes):
        return True
    on_board = sum(1 for sq in range(len(position.board)) if position.board[sq] > 0)
    if strikes and on_board <= FEW_PIECES:
        return True
    neighbours = position.geometry.neighbours
    for pid in position.pieces[me]:
        square = position.square[pid]
        if square < 0:
            continue
        for near in neighbours[square]:
            enemy = position.board[near]
            if enemy > 0 and position.owner[enemy] != me and position.known[enemy] \
                    and position.kind[enemy] in position.movable \
                    and strike_outcome(position.kind[enemy], position.kind[pid],
                                       position.rules) == "attacker":
                return True
    return False


def _reply(game: Game, move: str, seed: int) -> str | None:
    """The strong bot's reply to ``move``, from the opponent's own observation (None when the
    move ends the game)."""
    after = game.copy()
    after.play(move)
    if after.is_over:
        return None
    return str(make_bot(REPLY_BOT, seed=seed).choose(after.observation(after.to_move)))


def mine_position(game: Game, source: str, seed: int = 0, samples: int = MIN_SAMPLES,
                  backend: str = "auto") -> list[Puzzle]:
    """The puzzle of ``game``'s position, in a list, if it passes the screening and the full
    verification (else an empty list); ``game`` is left alone.

    Example:
        >>> mine_position(Game.random("barrage", seed=1), "dealt", seed=1)
        []
    """
    screen = verify(game, seed=seed + 1, samples=SCREEN_SAMPLES, backend=backend)
    if screen.margin < SCREEN_MARGIN:
        return []
    verdict = verify(game, seed=seed, samples=samples, backend=backend)
    if not verdict.accepted:
        return []
    # Confirmed from the position string alone (what the CSV keeps), with other armies.
    again = verify(Game.from_position(game.position(), game.rules.spec), seed=seed + CONFIRM,
                   samples=samples, backend=backend)
    if not again.accepted or again.best.move != verdict.best.move \
            or again.margin < CONFIRM_MARGIN:
        return []
    best = verdict.best.move
    reply = _reply(game, best, seed)
    line = (best,) if reply is None else (best, reply)
    themes = set(detect_themes(game, best, reply, verdict.repetition))
    themes |= {f"{rule}-rule" for rule in verdict.repetition}
    rating = initial_rating(verdict.margin, len(verdict.estimates))
    return [Puzzle.of(game, line, rating=rating, themes=tuple(sorted(themes)), source=source)]


def mine_game(game: Game, source: str, seed: int = 0, samples: int = MIN_SAMPLES,
              backend: str = "auto", skip: Callable[[Game], bool] | None = None,
              first_ply: int = 0) -> Iterator[Puzzle]:
    """Replay ``game`` from its start and yield the puzzles of its positions (from ply
    ``first_ply`` on), each with ``source`` and ``#ply=N`` as its source game; ``skip`` leaves
    out positions already known (e.g. already in a CSV). The same first move found again within
:data:`REPEAT_PLIES` plies is left out (the same puzzle a few moves later). ``game`` is left
alone.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> list(mine_game(Game.random("barrage", seed=1), "none"))
        []
    """
    replay = start_of(game)
    codes = [entry.code for entry in game.state.history]
    last: dict[str, int] = {}  # the solution's first move -> the ply it was last found at
    for ply, code in enumerate(codes):
        if ply >= first_ply and is_candidate(replay) and not (skip and skip(replay)):
            for puzzle in mine_position(replay, f"{source}#ply={ply}", seed=seed + ply,
                                        samples=samples, backend=backend):
                seen = last.get(puzzle.moves[0])
                last[puzzle.moves[0]] = ply
                if seen is None or ply - seen > REPEAT_PLIES:
                    yield puzzle
        if replay.is_over:
            break
        replay.play_code(code)


def self_play(rules: str, games: int, seed: int = 0, level: str = REPLY_BOT,
              max_plies: int = 1000) -> Iterator[tuple[Game, str]]:
    """``games`` games of ``rules`` between two bots of ``level`` from random sensible setups
    (game ``n`` dealt with seed ``seed + n``), each with its source name.

    Example:
        >>> game, source = next(self_play("barrage", 1, seed=4, level="random", max_plies=30))
        >>> source, game.ply <= 30
        ('self-play:barrage:random-vs-random:seed=4', True)
    """
    spec = ruleset(rules).spec
    for number in range(games):
        game_seed = seed + number
        game = play_game(spec, make_bot(level, seed=2 * game_seed),
                         make_bot(level, seed=2 * game_seed + 1), seed=game_seed,
                         max_plies=max_plies)
        yield game, f"self-play:{spec}:{level}-vs-{level}:seed={game_seed}"
