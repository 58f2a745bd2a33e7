"""Why an accepted move that did not solve a step is worse, read from the position: what the
learner's strike met (a Bomb, a piece that beats it, one of the same rank), what the move gave
away (a Spy shown, a Scout known by its long move, a piece revealed) and what the opponent did
with it (a piece of the learner's taken, through the lane the move opened or not; the piece
the goal is about gone away, further from the learner's pieces than before), and the
repetition rule that now refuses the moved piece its way back. Each reason is a sentence in
the learner's language from the lessons' own words
(:func:`~stratego_widget.lessons.model.text.say`), naming the piece and the square.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> from stratego_widget.lessons.playing.step import apply_action
    >>> before = StepState.start(catalog()["scout"].steps[0]); after = before.copy()
    >>> verdict = apply_action(after, "b2-b5")
    >>> for sentence in reasons(before.step, before, after, Move.parse("b2-b5"),
    ...                         verdict.reply, "en").sentences:
    ...     print(sentence)
    b2-b5 went more than one square, as only a Scout can: Blue now knows your Scout on b5.
    Blue answers b7-b8: the piece on b7, which the goal is about, gets away.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import pieces as P
from ...engine.explanations import explain_illegal
from ...engine.game import Game
from ...engine.moves import Move
from ...engine.repetition import MORE_SQUARES, TWO_SQUARE
from ...locales import PLAYER_NAMES, piece_name
from ..model.goals import Reach, Win
from ..model.steps import Step
from ..model.text import say
from .step import StepState

__all__ = ["Reasons", "goal_squares", "other_side", "reasons", "squares_apart", "squares_between"]

@dataclass(frozen=True)
class Reasons:
    """The sentences that say why a move is worse, and whether they already told the
    opponent's reply (``reply_told``) and the pieces lost (``losses_told``).

    Example:
        >>> Reasons(("A reason.",), False, True).losses_told
        True
    """

    sentences: tuple[str, ...]
    reply_told: bool
    losses_told: bool


def reasons(step: Step, before: StepState, after: StepState, move: Move, reply: str | None,
            lang: str) -> Reasons:
    """Why ``move`` (played from ``before``, which led to ``after`` with the opponent's
    ``reply``) is worse, as the learner may see it; see the module's text.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> reasons(state.step, state, state, Move.parse("b2-b3"), None, "en").sentences
        ()
    """
    learner = step.learner
    told: list[str] = []
    trial = before.game.copy()
    enemy_before = trial.piece_at(move.target)
    if trial.to_move != learner or not trial.is_legal(move):
        return Reasons((), False, False)
    trial.play(move)
    struck = enemy_before is not None and enemy_before[0] != learner
    mine = before.game.piece_at(move.origin)
    kind = mine[1] if mine is not None else ""
    if struck and enemy_before is not None:
        told += _strike(before.game, trial, move, kind, enemy_before[1], lang)
    losses_told = bool(told)
    shown = _shown(before.game, trial, learner, move, kind, lang)
    if shown is not None:
        told.append(shown)
    reply_told = False
    if reply is not None:
        answer = _answer(step, before, trial, after.game, move, reply, lang)
        if answer is not None:
            told.append(answer[0])
            reply_told = True
            losses_told = losses_told or answer[1]
    barred = _no_way_back(after.game, learner, move, kind, lang)
    if barred is not None:
        told.append(barred)
    return Reasons(tuple(told), reply_told, losses_told)


def _strike(before: Game, after: Game, move: Move, kind: str, enemy: str,
            lang: str) -> list[str]:
    """What the learner's strike met, when it lost the striker: a Bomb, a piece that beats
    it (named only when the strike showed its rank), or one of the same rank (``after`` is
    the position right after the strike; each piece is followed, since a winning defender may
    move in, as in Onyx)."""
    geometry = before.state.geometry
    striker = before.state.board[geometry.index(move.origin)]
    defender = before.state.board[geometry.index(move.target)]
    if after.state.square[striker] >= 0:
        return []  # the strike won
    values = {"move": str(move), "square": move.target, "piece": piece_name(kind, lang),
              "enemy": piece_name(enemy, lang)}
    if enemy == "bomb":
        return [say("why-bomb", lang, **values)]
    if after.state.square[defender] < 0:
        return [say("why-even", lang, **values)]  # its rank is the striker's: no secret
    if not after.state.known[defender]:  # a silent defence: the learner never sees its rank
        return [say("why-outranked-unseen", lang, **values)]
    return [say("why-outranked", lang, **values)]


def _shown(before: Game, after: Game, learner: str, move: Move, kind: str,
           lang: str) -> str | None:
    """The learner's moved piece, when the move showed it to the opponent (it was unknown to
    them before and is known now, still on the board)."""
    other = other_side(learner)
    now = after.observation(other)["board"].get(move.target)
    was = before.observation(other)["board"].get(move.origin)
    if now is None or now["owner"] != learner or now["kind"] is None or was is None \
            or was["kind"] is not None:
        return None
    values = {"move": str(move), "square": move.target, "side": PLAYER_NAMES[lang][other],
              "piece": piece_name(kind, lang)}
    if kind == "spy":
        return say("why-spy-shown", lang, **values)
    if kind == "scout" and squares_apart(move.origin, move.target) > 1:
        return say("why-scout-shown", lang, **values)
    return say("why-shown", lang, **values)


def _answer(step: Step, before: StepState, trial: Game, after: Game, move: Move, reply: str,
            lang: str) -> tuple[str, bool] | None:
    """What the opponent's ``reply`` did with the learner's ``move``: took a piece of the
    learner's (and so told a loss; through the square the move left, when it opened the lane),
    or took away a piece the goal is about; None: neither."""
    learner = step.learner
    side = PLAYER_NAMES[lang][other_side(learner)]
    answered = Move.parse(reply)
    target = trial.piece_at(answered.target)
    if target is not None and target[0] == learner and answered.origin != answered.target:
        winner = after.piece_at(answered.target)
        known = after.observation(learner)["board"].get(answered.target)
        if winner is not None and winner[0] != learner and known is not None \
                and known["kind"] is not None:
            values = {"side": side, "move": reply, "square": answered.target,
                      "piece": piece_name(target[1], lang),
                      "enemy": piece_name(known["kind"], lang)}
            if move.origin in squares_between(answered.origin, answered.target):
                return say("why-lane", lang, through=move.origin, played=str(move),
                           **values), True
            return say("why-taken", lang, **values), True
        return None
    moved = trial.piece_at(answered.origin)
    if target is None and moved is not None and moved[0] != learner \
            and answered.origin in goal_squares(before) \
            and _nearest(after, learner, answered.target) > _nearest(trial, learner,
                                                                     answered.origin):
        return say("why-fled", lang, side=side, move=reply, square=answered.origin), False
    return None


def _nearest(game: Game, learner: str, square: str) -> int:
    """How many steps separate ``square`` from the learner's nearest piece (a large number
    when the learner has none): a piece that gets away makes this grow."""
    return min((squares_apart(square, where) for where, (owner, _) in game.pieces().items()
                if owner == learner), default=10_000)


def _no_way_back(after: Game, learner: str, move: Move, kind: str, lang: str) -> str | None:
    """The repetition rule that, on the learner's next turn, refuses the moved piece the way
    back to the square it left (the move used up the back-and-forth the rule allows)."""
    back = Move.parse(f"{move.target}-{move.origin}")
    mine = after.piece_at(move.target)
    if after.is_over or after.to_move != learner or mine is None or mine[0] != learner \
            or after.piece_at(move.origin) is not None or after.is_legal(back):
        return None
    rule = explain_illegal(after.state, back).rule
    if rule not in (TWO_SQUARE, MORE_SQUARES):
        return None
    return say(f"why-{rule}", lang, move=str(move), square=move.target, origin=move.origin,
               piece=piece_name(kind, lang))


def goal_squares(state: StepState) -> list[str]:
    """The squares the goal is about now: squares to reach, where the enemy pieces it follows
    stand, and the enemy Flag when the learner knows where it is (a game to win).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> goal_squares(StepState.start(catalog()["scout"].steps[0]))
        ['b7']
    """
    game, learner = state.game, state.learner
    squares: set[str] = set()
    for leaf in state.step.goal.leaves():
        if isinstance(leaf, Reach):
            squares.update(leaf.targets)
        if isinstance(leaf, Win):
            squares.update(square for square, piece in game.observation(learner)["board"].items()
                           if piece["owner"] != learner and piece["kind"] == "flag")
        for start in leaf.squares():
            pid = state.pid_of(start)
            if pid is None or game.state.square[pid] < 0:
                continue
            where = game.state.square[pid]
            if P.PLAYER_NAMES[game.state.owner[pid]] != learner:
                squares.add(game.state.geometry.name(where))
    return sorted(squares)


def squares_between(a: str, b: str) -> list[str]:
    """The squares strictly between two squares of one file or one rank (none otherwise).

    Example:
        >>> squares_between("c10", "c6"), squares_between("a1", "d1"), squares_between("a1", "b2")
        (['c9', 'c8', 'c7'], ['b1', 'c1'], [])
    """
    (file_a, rank_a), (file_b, rank_b) = (_coordinates(a), _coordinates(b))
    if file_a != file_b and rank_a != rank_b:
        return []
    steps = max(abs(file_b - file_a), abs(rank_b - rank_a))
    df, dr = (file_b > file_a) - (file_b < file_a), (rank_b > rank_a) - (rank_b < rank_a)
    return [f"{chr(ord('a') + file_a + df * i)}{rank_a + dr * i}" for i in range(1, steps)]


def _coordinates(square: str) -> tuple[int, int]:
    return ord(square[0]) - ord("a"), int(square[1:])


def squares_apart(a: str, b: str) -> int:
    """How many steps along files and ranks separate two squares.

    Example:
        >>> squares_apart("b2", "d5")
        5
    """
    (file_a, rank_a), (file_b, rank_b) = (_coordinates(a), _coordinates(b))
    return abs(file_a - file_b) + abs(rank_a - rank_b)


def other_side(side: str) -> str:
    """The other side.

    Example:
        >>> other_side("red")
        'blue'
    """
    return "blue" if side == "red" else "red"
