"""The batch playout policies and their random numbers, written once for both backends.

Both backends draw one 64-bit number per ply from a SplitMix64 stream (:func:`splitmix`) and
hand its top 63 bits to the policy, so the same seed gives the same choices on the pure-Python
engine and in the compiled kernel. The policies take plain sequences (the engine's state lists,
or the kernel's arrays) and only integer arithmetic, so the compiled backend compiles these very
functions: there is one policy, not two that must agree.

* ``"random"``: a uniformly random legal move (:func:`random_pick`).
* ``"heuristic"``: the best move by a small integer score (:func:`heuristic_pick`) that reads
  only what the player knows: strike known weaker pieces, probe unknown ones with Scouts (and
  Miners against pieces that never moved), keep away from and flee known stronger pieces,
  chase known weaker ones, and advance. Ties are broken with the random number.
* ``"beginner"``: :class:`~stratego_widget.bots.beginner.BeginnerBot`'s way of playing
  (:func:`beginner_pick`): the best free capture of a known piece (the Flag first), else one
  time in five any legal move and otherwise a random safe move, one that neither strikes nor
  lands next to a known enemy piece that would win striking it; it never spots.

Example:
    >>> state, picks = 7, []
    >>> for _ in range(4):
    ...     state, number = splitmix(state)
    ...     picks.append(random_pick([10, 20, 30], 3, number >> 1))
    >>> len(picks), set(picks) <= {10, 20, 30}
    (4, True)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.rulesets import Ruleset

__all__ = ["BEGINNER", "BLUNDER", "HEURISTIC", "POLICIES", "RANDOM", "WORTH", "beginner_pick",
           "heuristic_pick", "mix64", "random_pick", "splitmix", "strike_table"]

RANDOM: Final = 0
HEURISTIC: Final = 1
BEGINNER: Final = 2
#: Policy names and the numbers the kernel knows them by.
POLICIES: Final = {"random": RANDOM, "heuristic": HEURISTIC, "beginner": BEGINNER}
#: The beginner policy plays any legal move once in so many turns without a free capture
#: (:class:`~stratego_widget.bots.beginner.BeginnerBot`'s ``blunder=0.2``).
BLUNDER: Final = 5

#: What each kind is worth to the heuristic policy (indexed by kind).
WORTH: Final = (1000, 4, 6, 2, 1, 4, 2, 3, 4, 6, 7, 9, 12)

_MASK64: Final = (1 << 64) - 1


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a well-mixed 64-bit number from any 64-bit number.

    Example:
        >>> mix64(0), mix64(1) != mix64(2)
        (0, True)
    """
    z = value & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def splitmix(state: int) -> tuple[int, int]:
    """One step of SplitMix64: ``(next state, random 64-bit number)``.

    Example:
        >>> splitmix(0)
        (11400714819323198485, 16294208416658607535)
    """
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    return state, mix64(state)


def strike_table(rules: Ruleset) -> list[int]:
    """Who wins each strike in ``rules``, flat by ``attacker * 13 + defender``: 0 the
    attacker, 1 the defender, 2 both removed (from the engine's
    :func:`~stratego_widget.engine.combat.strike_outcome`).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> table = strike_table(ruleset("original"))
        >>> table[P.SPY * 13 + P.MARSHAL], table[P.SCOUT * 13 + P.BOMB], table[5 * 13 + 5]
        (0, 1, 2)
    """
    codes = {"attacker": 0, "defender": 1, "both": 2}
    return [codes[strike_outcome(a, d, rules)] for a in range(13) for d in range(13)]


def random_pick(codes: Sequence[int], n: int, r: int) -> int:
    """The random policy: move ``r mod n`` of the first ``n`` codes (``r`` >= 0).

    Example:
        >>> random_pick([10, 20, 30, 99], 3, 7)
        20
    """
    return codes[r % n]


def heuristic_pick(codes: Sequence[int], n: int, r: int, p: int, board: Sequence[int],
                   kind: Sequence[int], owner: Sequence[int], known: Sequence[bool],
                   moved: Sequence[bool], width: int, outcomes: Sequence[int],
                   worth: Sequence[int], scores: MutableSequence[int]) -> int:
    """The heuristic policy: the best-scoring of the first ``n`` codes for player ``p``, the
    ties broken by ``r`` (>= 0).

    ``board``, ``kind``, ``owner``, ``known`` and ``moved`` are the position's lists (by
    square and by piece id, as :class:`~stratego_widget.engine.position.Position` keeps them);
    only the ranks the player knows are read. ``outcomes`` is :func:`strike_table`;
    ``scores`` is scratch space for at least ``n`` numbers.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> from stratego_widget.engine.moves import encode, STRIKE
        >>> board = [0] * 100
        >>> board[44], board[45], board[54] = 1, 2, 3   # a red Major, a blue Scout, a blue Bomb
        >>> kind, owner = [-1, 9, 4, 1], [-1, 0, 1, 1]
        >>> known, moved = [False, False, True, False], [False, True, True, False]
        >>> codes = [encode(44, 34), encode(44, 45, STRIKE), encode(44, 54, STRIKE)]
        >>> table = strike_table(ruleset("original"))
        >>> pick = heuristic_pick(codes, 3, 0, 0, board, kind, owner, known, moved, 10, table,
        ...                       WORTH, [0] * 3)
        >>> pick == encode(44, 45, STRIKE)
        True
    """
    size = len(board)
    best = -(1 << 40)
    ties = 0
    for i in range(n):
        code = codes[i]
        origin = code & 127
        target = (code >> 7) & 127
        mine = kind[board[origin]]
        score = 0
        if (code >> 14) & 3 == 1:  # a strike
            d = board[target]
            if known[d]:
                result = outcomes[mine * 13 + kind[d]]
                if result != 1:
                    score += 3 * worth[kind[d]]
                if result != 0:
                    score -= 2 * worth[mine]
            elif mine == P.SCOUT or (mine == P.MINER and not moved[d]):
                score += 2
            else:
                score -= worth[mine]
        else:
            rows = target // width - origin // width
            if p == 1:
                rows = -rows
            score += 1 if rows > 0 else (-1 if rows < 0 else 0)
            for step in range(4):  # a known enemy next to the target that would win
                if step == 0:
                    near = target + width
                elif step == 1:
                    near = target - width
                elif step == 2:
                    near = target + 1 if (target + 1) % width else -1
                else:
                    near = target - 1 if target % width else -1
                if near < 0 or near >= size or near == origin:
                    continue
                e = board[near]
                if e > 0 and owner[e] != p and known[e]:
                    if outcomes[kind[e] * 13 + mine] != 1:
                        score -= 2 * worth[mine]  # it would take this piece
                    elif outcomes[mine * 13 + kind[e]] == 0:
                        score += worth[kind[e]]  # this piece threatens it: a chase
            for step in range(4):  # a known enemy next to the origin that would win: flee
                if step == 0:
                    near = origin + width
                elif step == 1:
                    near = origin - width
                elif step == 2:
                    near = origin + 1 if (origin + 1) % width else -1
                else:
                    near = origin - 1 if origin % width else -1
                if 0 <= near < size:
                    e = board[near]
                    if (e > 0 and owner[e] != p and known[e]
                            and outcomes[kind[e] * 13 + mine] != 1):
                        score += worth[mine]
        scores[i] = score
        if score > best:
            best = score
            ties = 1
        elif score == best:
            ties += 1
    pick = r % ties
    for i in range(n):
        if scores[i] == best:
            if pick == 0:
                return codes[i]
            pick -= 1
    return codes[0]  # pragma: no cover - the best score occurs among the codes


def beginner_pick(codes: Sequence[int], n: int, r: int, p: int, board: Sequence[int],
                  kind: Sequence[int], owner: Sequence[int], known: Sequence[bool],
                  width: int, outcomes: Sequence[int], worth: Sequence[int],
                  scores: MutableSequence[int]) -> int:
    """The beginner policy: among the first ``n`` codes for player ``p``, the free capture of
    the most valuable known enemy piece; else, when ``r % BLUNDER`` is 0 or no move is safe,
    any move; else a safe move (ties and choices by ``r // BLUNDER``, ``r`` >= 0).

    A capture is a strike on a known piece that the striking piece beats; a safe move is a
    plain move whose target has no known enemy striker next to it that would beat the moving
    piece. Strikes on unknown or stronger pieces and spots are neither. ``scores`` is scratch
    space for at least ``n`` numbers.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> from stratego_widget.engine.moves import encode, STRIKE
        >>> board = [0] * 100
        >>> board[44], board[45], board[55] = 1, 2, 3   # a red Major, a blue Scout, a blue General
        >>> kind, owner, known = [-1, 9, 4, 11], [-1, 0, 1, 1], [False, False, True, True]
        >>> table = strike_table(ruleset("original"))
        >>> codes = [encode(44, 34), encode(44, 54), encode(44, 45, STRIKE)]
        >>> beginner_pick(codes, 3, 7, 0, board, kind, owner, known, 10, table, WORTH,
        ...               [0] * 3) == encode(44, 45, STRIKE)
        True
        >>> beginner_pick(codes[:2], 2, 6, 0, board, kind, owner, known, 10, table, WORTH,
        ...               [0] * 2) == encode(44, 34)
        True
    """
    size = len(board)
    best = -1
    captures = 0
    safe = 0
    for i in range(n):
        code = codes[i]
        origin = code & 127
        target = (code >> 7) & 127
        mine = kind[board[origin]]
        action = (code >> 14) & 3
        score = -2  # neither a capture nor safe
        if action == 1:
            d = board[target]
            if known[d] and outcomes[mine * 13 + kind[d]] == 0:
                score = worth[kind[d]]
                if score > best:
                    best = score
                    captures = 1
                elif score == best:
                    captures += 1
        elif action == 0:
            score = -1  # safe unless a known striker next to the target beats this piece
            for step in range(4):
                if step == 0:
                    near = target + width
                elif step == 1:
                    near = target - width
                elif step == 2:
                    near = target + 1 if (target + 1) % width else -1
                else:
                    near = target - 1 if target % width else -1
                if near < 0 or near >= size:
                    continue
                e = board[near]
                if (e > 0 and owner[e] != p and known[e] and kind[e] > P.BOMB
                        and outcomes[kind[e] * 13 + mine] == 0):
                    score = -2
                    break
            if score == -1:
                safe += 1
        scores[i] = score
    if captures:
        want, pick = best, r % captures
    elif safe == 0 or r % BLUNDER == 0:
        return codes[(r // BLUNDER) % n]
    else:
        want, pick = -1, (r // BLUNDER) % safe
    for i in range(n):
        if scores[i] == want:
            if pick == 0:
                return codes[i]
            pick -= 1
    return codes[0]  # pragma: no cover - the wanted score occurs among the codes
