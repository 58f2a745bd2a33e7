"""What a lesson says to the learner: the answer to a refused, accepted, failed or solved
proposal, how far the goal is after a move (its outlook), and what three stars ask for. Each
text is said in the language given; nothing here changes a run.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> three_stars(catalog()["scout"].steps[0], "en")
    'Three stars: one move, no refused move or wrong answer, and no hint past the first.'
"""

from __future__ import annotations

from collections import Counter

from ...engine import pieces as P
from ...engine.combat import strike_outcome
from ...engine.game import Game
from ...engine.moves import Move
from ...locales import PLAYER_NAMES, piece_name, translate
from ..model.goals import Refused
from ..model.steps import Step, move_key
from ..model.text import say
from .reasons import goal_squares, other_side, reasons, squares_apart
from .search import outlook_of
from .step import StepState, Verdict


def three_stars(step: Step | None, lang: str) -> str:
    """What three stars ask for in ``step``, in ``lang`` ("" when the lesson is finished).

    Example:
        >>> three_stars(None, "en")
        ''
    """
    if step is None:
        return ""
    if step.kind == "question":
        return say("three-stars-answer", lang)
    count = say("count-one", lang) if step.par == 1 else say("count-many", lang, n=step.par)
    return say("three-stars", lang, count=count)


def move_text(step: Step, before: StepState, after: StepState, action: str | Move,
              reply: str | None, lang: str) -> tuple[str, str | None]:
    """The answer to an accepted move that did not solve the step: the author's words for
    that move or square, why the move is worse (see :func:`reasons`), the opponent's reply
    and what each side lost, a piece of the learner's that a known piece can now take, and
    only then how far the goal is now against par; and the first move of the line the
    outlook found (where the hints point next), if any.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> from stratego_widget.lessons.playing.step import apply_action
        >>> before = StepState.start(catalog()["scout"].steps[0]); after = before.copy()
        >>> reply = apply_action(after, "b2-b5").reply
        >>> text, first = move_text(before.step, before, after, "b2-b5", reply, "en")
        >>> text.split(". ")[:2]  # why first (the move gave the Scout away), then the reply
        ['b2-b5 went more than one square, as only a Scout can: Blue now knows your Scout on b5', 'Blue answers b7-b8: the piece on b7, which the goal is about, gets away']
        >>> first
        'b5xb8'
    """
    told: list[str] = []
    move = Move.parse(action) if isinstance(action, str) else action
    played = after.played[-1] if after.played else move_key(str(move))
    own = step.feedback.get(played) or step.feedback.get(move.target)
    if own is not None:
        told.append(own.get(lang))
    why = reasons(step, before, after, move, reply, lang)
    told += why.sentences
    if reply is not None and not why.reply_told:
        told.append(say("reply", lang, side=_side(step.learner, other=True, lang=lang),
                        move=reply))
    if not why.losses_told:
        told += losses(step, before, after, move, lang)
    threat = _threat(after.game, step.learner)
    if threat is not None:
        piece, square, enemy, enemy_square = threat
        told.append(say("move-threat", lang, piece=piece_name(piece, lang), square=square,
                        enemy=piece_name(enemy, lang), enemy_square=enemy_square))
    outlook, first = outlook_text(step, after, played, lang)
    told.append(outlook)
    return " ".join(told), first


def losses(step: Step, before: StepState, after: StepState, move: Move, lang: str) -> list[str]:
    """What each side lost between ``before`` and ``after``, a sentence per side, each piece
    by the rank the learner may see (a rank a silent defence kept hidden is not named).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> from stratego_widget.lessons.playing.step import apply_action
        >>> before = StepState.start(catalog()["scout"].steps[0]); after = before.copy()
        >>> _ = apply_action(after, "b2-b7")
        >>> losses(before.step, before, after, Move.parse("b2-b7"), "en")
        ['Blue lost: Spy (b7).']
    """
    told = []
    for side in (step.learner, other_side(step.learner)):
        lost = _lost_pieces(before.game, after.game, side, move)
        if not lost:
            continue
        seen = _newly_seen_off(before.game, after.game, step.learner, side)
        names = []
        for kind, square in lost:
            if seen[kind] > 0:
                seen[kind] -= 1
                names.append(f"{piece_name(kind, lang)} ({square})")
            else:  # a rank the learner never saw (a silent defence)
                names.append(f"{say('lost-unseen', lang)} ({square})")
        told.append(say("lesson-lost-pieces", lang, side=_side(side, False, lang),
                        pieces=", ".join(names)))
    return told


def _newly_seen_off(before: Game, after: Game, learner: str, side: str) -> Counter[str]:
    """How many of ``side``'s pieces of each kind went off the board between ``before`` and
    ``after`` with a rank ``learner`` may see (all of the learner's own)."""
    now = Counter(kind for kind in after.observation(learner)["captured"][side] if kind)
    then = Counter(kind for kind in before.observation(learner)["captured"][side] if kind)
    return now - then


def outlook_text(step: Step, state: StepState, played: str, lang: str
                 ) -> tuple[str, str | None]:
    """How far the goal is after ``played``: within par, past it, or out of reach (see
    :func:`~stratego_widget.lessons.playing.search.outlook_of`), in a sentence; and the first
    move of the line found.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> from stratego_widget.lessons.playing.step import apply_action
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> _ = apply_action(state, "b2-b5")
        >>> outlook_text(state.step, state, "b2-b5", "en")[0]
        'After b2-b5 the goal needs one move more: more than three stars allow. Press Retry to try for three.'
    """
    if any(isinstance(leaf, Refused) for leaf in step.goal.leaves()):
        for line in step.solutions:
            path = [move_key(action) for action in line]
            if state.played == path[:len(state.played)] and len(state.played) < len(path):
                return say("move-on-track", lang, move=played,
                           count=_count(len(path) - len(state.played), lang)), None
        return say("move-not-refused", lang, move=played), None
    (kind, n), first = outlook_of(state)
    if kind == "out-of-reach":
        return say("move-out-of-reach", lang, move=played, n=n), first
    if kind == "played":
        return _closer(state, played, lang), first
    return say(f"move-{kind}", lang, move=played, count=_count(n, lang)), first


def _closer(state: StepState, played: str, lang: str) -> str:
    """Whether the piece just moved came closer to what the goal is about (when the search
    could not say how far the goal is)."""
    move = Move.parse(played)  # a rescue or a spot: its squares only
    origin, target = move.origin, move.target
    piece = state.game.piece_at(target)
    targets = goal_squares(state)
    if piece is None or piece[0] != state.learner or not targets:
        return say("move-played", lang, move=played)
    nearest = min(targets, key=lambda square: (squares_apart(target, square), square))
    closer = squares_apart(target, nearest) < min(
        squares_apart(origin, square) for square in targets)
    return say("move-closer" if closer else "move-not-closer", lang, move=played,
               piece=piece_name(piece[1], lang), target=nearest)


def own_way(step: Step, state: StepState, lang: str) -> str:
    """For a move step solved by a line the step does not list, a sentence that says so
    (the success text tells the step's own answer), and a space; else "".

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> own_way(state.step, state, "en")
        'You solved it your own way, in 0 moves; the shortest answer is b2-b7. '
    """
    if step.kind != "move" or any([move_key(a) for a in line] == state.played
                                  for line in step.solutions):
        return ""
    n = len(state.played)
    key = "solved-own-one" if n == 1 else "solved-own-many"
    return say(key, lang, n=n, line=", ".join(step.solution)) + " "


def failure_text(step: Step, before: StepState, after: StepState, action: str | Move,
                 lang: str) -> str:
    """What happened, as the learner may see it (why the learner's move was worse, see
    :func:`reasons`, and the pieces each side lost since it, on their squares), why the step
    is lost, and the step's own
    ``lesson-failed`` text; a question or setup step: why it is lost and its own text.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> failure_text(state.step, state, state, "e1-e2", "en")
        'The goal cannot be reached any more: press Retry to start the step again.'
    """
    if step.kind != "move":
        own_text = step.feedback.get("lesson-failed")
        return " ".join(filter(None, [say("lesson-failed", lang),
                                      *([own_text.get(lang)] if own_text else [])]))
    move = Move.parse(action) if isinstance(action, str) else action
    told = [*reasons(step, before, after, move, None, lang).sentences,
            *losses(step, before, after, move, lang)]
    told.append(say("lesson-failed", lang))
    own = step.feedback.get("lesson-failed")
    if own is not None:
        told.append(own.get(lang))
    return " ".join(told)


def refusal_text(step: Step, verdict: Verdict, lang: str) -> str:
    """Why ``verdict`` refused a proposal, in ``lang``, with the step's own words for that
    rule, choice or check.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> from stratego_widget.lessons.playing.step import apply_action
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> refusal_text(state.step, apply_action(state, "b2-c3"), "en")
        'Pieces move forward, backward or sideways, never diagonally (Original: Moving). Scouts go far, but only in straight lines.'
    """
    rule = verdict.rule or "illegal"
    if rule.startswith("lesson-"):
        values = dict(verdict.values)
        if rule == "lesson-answer":
            values.pop("choice", None)
        text = say(rule, lang, **values)
    else:
        text = translate(rule, verdict.english or rule, lang)
    own = step.feedback.get(rule) or step.feedback.get(
        str(verdict.values.get("choice") or verdict.values.get("check") or ""))
    return f"{text} {own.get(lang)}" if own is not None else text


def _lost_pieces(before: Game, after: Game, side: str, move: Move) -> list[tuple[str, str]]:
    """``side``'s pieces on ``before``'s board that ``after``'s no longer has, with the square
    each was last on (the learner's own ``move`` followed; the other side's pieces matched by
    kind, since they may have moved since).

    Example:
        >>> before = Game.from_pieces("original", {"e4": "red scout", "e6": "blue marshal"})
        >>> after = Game.from_pieces("original", {"e5": "blue marshal"})
        >>> _lost_pieces(before, after, "red", Move.parse("e4-e5"))
        [('scout', 'e5')]
    """
    now = after.pieces()
    left: dict[str, int] = {}
    for owner, kind in now.values():
        if owner == side:
            left[kind] = left.get(kind, 0) + 1
    mine = [(square, kind) for square, (owner, kind) in sorted(before.pieces().items())
            if owner == side]
    if any(square == move.origin for square, _kind in mine):  # the learner's side: followed
        lost = []
        for square, kind in mine:
            where = move.target if square == move.origin else square
            if now.get(where) == (side, kind):
                left[kind] -= 1
            else:
                lost.append((kind, where))
        return lost
    # The other side: its pieces may have moved (a reply, a defender moving in): by kind,
    # those still in place first.
    stayed = sorted(mine, key=lambda item: now.get(item[0]) != (side, item[1]))
    lost = []
    for square, kind in stayed:
        if left.get(kind, 0) > 0:
            left[kind] -= 1
        else:
            lost.append((kind, square))
    return sorted(lost, key=lambda item: item[1])


def _count(n: int, lang: str) -> str:
    return say("count-one", lang) if n == 1 else say("count-many", lang, n=n)


def _threat(game: Game, learner: str) -> tuple[str, str, str, str] | None:
    """A piece of ``learner``'s that a known enemy piece next to it beats when it strikes, as
    the learner sees the board: ``(kind, square, enemy kind, enemy square)``, or None."""
    board = game.observation(learner)["board"]
    rules = game.rules
    geometry = rules.geometry
    for square, piece in sorted(board.items()):
        if piece["owner"] != learner:
            continue
        for near in (geometry.name(index) for index in geometry.neighbours[geometry.index(square)]):
            enemy = board.get(near)
            if enemy is None or enemy["owner"] == learner or enemy["kind"] is None:
                continue
            enemy_kind = P.kind_from_name(enemy["kind"])
            if enemy_kind in (P.BOMB, P.FLAG):
                continue
            if strike_outcome(enemy_kind, P.kind_from_name(piece["kind"]), rules) == "attacker":
                return piece["kind"], square, enemy["kind"], near
    return None


def _side(player: str, other: bool, lang: str) -> str:
    name = other_side(player) if other else player
    return PLAYER_NAMES[lang][name]
