"""Every rule in the compiled kernel: Ultimate Lightning's two-square Captains, 2013 Spotters and
spotting, Rescue (every edition's area and limits), Moving Bombs and Flag and variants of
one's own, played move for move as the pure-Python backend (the engine) plays them, with all
three batch policies; the games compared are counted on the engine to meet each rule (and its
limits). Then what the kernel refuses, in one line, and the beginner policy's behaviour.
"""

from __future__ import annotations

from collections import Counter

import pytest

from stratego_widget.batch import POLICIES, BatchError, backend, play_batch, play_moves, seeds
from stratego_widget.batch.policies import (
    WORTH,
    beginner_pick,
    splitmix,
    strike_table,
)
from stratego_widget.engine import pieces as P
from stratego_widget.engine.game import Game
from stratego_widget.engine.moves import MOVE, SPOT, STRIKE, decode, encode
from stratego_widget.engine.rescue import rescuable_kinds
from stratego_widget.engine.rulesets import Ruleset, option_names, ruleset, ruleset_names

# A variant of one's own that mixes the new rules: an 8 x 8 board, Captains that move two
# squares, Spotters, Rescue with three rescues and the same piece rescuing again, Moving Flag.
MIXED = {"name": "mixed", "width": 8, "height": 8, "lakes": ("c4", "c5", "f4", "f5"),
         "home_rows": 3, "fill_home_rows": False, "captain_two_squares": True,
         "rescue_limit": 3, "rescue_same_piece_twice": True,
         "army": {"marshal": 1, "general": 1, "captain": 2, "miner": 2, "scout": 2,
                  "spotter": 2, "spy": 1, "bomb": 2, "flag": 1}}

# (ruleset, parameters, seeds): every game and edition that uses a new rule, the rule's
# editions' wordings (Rescue's area and limits), and variants of one's own.
CASES = [
    ("ultimate-lightning", {}, range(5)),
    ("ultimate-lightning+moving-bombs+moving-flag+silent-defense", {}, range(3)),
    ("ultimate-lightning", {"two_square_scout": "endpoints", "two_square_count": 5}, range(3)),
    ("sci-fi-2013", {}, range(5)),
    ("sci-fi-2013-duel", {}, range(4)),
    ("sci-fi-2013+silent-defense+aggressor-advantage", {}, range(3)),
    ("original+rescue", {}, range(5)),
    ("hasbro-1999+rescue", {}, range(4)),
    ("onyx-2009+rescue", {}, range(4)),
    ("classic-1961+rescue", {}, range(3)),
    ("barrage+rescue", {}, range(6)),
    ("original+rescue", {"rescue_area": "half"}, range(3)),
    ("barrage+rescue", {"name": "one-rescue", "rescue_limit": 1}, range(4)),
    ("barrage+rescue", {"name": "many-rescues", "rescue_limit": 3,
                        "rescue_same_piece_twice": True}, range(4)),
    ("sci-fi-2013+rescue", {}, range(3)),
    ("original+rescue+moving-flag", MIXED, range(6)),
]


def _rules(spec: str, params: dict[str, object]) -> Ruleset:
    return ruleset(spec, max_plies=500, **params)


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize(("spec", "params", "numbers"), CASES)
def test_both_backends_play_the_new_rules_move_by_move(
        spec: str, params: dict[str, object], numbers: range, policy: str) -> None:
    rules = _rules(spec, params)
    for number in numbers:
        python = play_moves(rules, seed=11, game=number, policy=policy, backend="python")
        compiled = play_moves(rules, seed=11, game=number, policy=policy, backend="compiled")
        assert compiled == python, (spec, number)


def _events(rules: Ruleset, numbers: range) -> Counter[str]:
    """Replay the compared games (all policies) on the engine: every code is legal there, and
    count what the new rules did in them."""
    seen: Counter[str] = Counter()
    width = rules.width
    home = range(rules.home_rows)
    for policy in POLICIES:
        for number in numbers:
            game = Game.random(rules, seed=seeds(11, number)[0])
            for code in play_moves(rules, 11, number, policy, "python"):
                state = game.state
                p = state.to_move
                legal = game.legal_codes()
                assert code in legal
                counts, rescuers = state.rescues
                kinds = rescuable_kinds(state, p) if rules.rescue else []
                for other in legal:  # a move onto the back row that may not rescue
                    o, t, action, _, rescued, _ = decode(other)
                    if (rules.rescue and action == MOVE and rescued < 0 and kinds
                            and t in state.back_row[p] and state.kind[state.board[o]] != P.SCOUT):
                        if counts[p] >= rules.rescue_limit:
                            seen["rescue refused: the limit"] += 1
                        elif state.board[o] in rescuers:
                            seen[f"rescue by the same piece, allowed: "
                                 f"{rules.rescue_same_piece_twice}"] += 1
                origin, target, action, _, rescued, place = decode(code)
                piece = state.kind[state.board[origin]]
                if rescued >= 0:
                    rank = place // width if p == P.RED else rules.height - 1 - place // width
                    seen["rescue" if rank in home else "rescue beyond the home rows"] += 1
                if action == SPOT:
                    seen["spot in place" if target == origin else "spot after a step"] += 1
                if piece == P.CAPTAIN and abs(origin % width - target % width) + abs(
                        origin // width - target // width) == 2:
                    turning = origin % width != target % width and origin // width != target // width
                    seen["captain turning" if turning else "captain straight"] += 1
                    seen["captain strikes two away"] += action == STRIKE
                game.play_code(code)
                if action == SPOT:
                    seen[game.history[-1].strike or ""] += 1
    return seen


def test_the_compared_games_meet_each_new_rule() -> None:
    """The games compared above do use the new rules and run into their limits (counted on
    the engine, which also accepts every move the batch played)."""
    lightning = _events(_rules("ultimate-lightning", {}), range(5))
    assert min(lightning["captain straight"], lightning["captain turning"],
               lightning["captain strikes two away"]) > 0, lightning
    spotters = _events(_rules("sci-fi-2013", {}), range(5))
    assert min(spotters["spot in place"], spotters["spot after a step"], spotters["spotted"],
               spotters["missed"]) > 0, spotters
    original = _events(_rules("original+rescue", {}), range(5))
    assert min(original["rescue"], original["rescue refused: the limit"],
               original["rescue by the same piece, allowed: False"]) > 0, original
    assert original["rescue beyond the home rows"] == 0
    hasbro = _events(_rules("hasbro-1999+rescue", {}), range(4))
    assert min(hasbro["rescue beyond the home rows"], hasbro["rescue refused: the limit"],
               hasbro["rescue by the same piece, allowed: True"]) > 0, hasbro
    mixed = _events(_rules("original+rescue+moving-flag", MIXED), range(6))
    assert min(mixed["rescue"], mixed["captain turning"], mixed["spotted"]
               + mixed["missed"]) > 0, mixed


@pytest.mark.parametrize("spec", ["sci-fi-2013", "ultimate-lightning", "original+rescue"])
def test_rows_of_the_new_rules_are_the_same_on_both_backends(spec: str) -> None:
    rules = _rules(spec, {})
    for policy in POLICIES:
        compiled = play_batch(rules, games=4, seed=3, policy=policy, backend="compiled")
        assert compiled == play_batch(rules, games=4, seed=3, policy=policy, backend="python")


def test_the_kernel_plays_every_game_and_option() -> None:
    """Every game with every option (where the combination exists) and every variant field:
    the kernel knows them all, so ``auto`` plays them compiled."""
    kernel = backend.kernel()
    assert kernel is not None
    for name in ruleset_names():
        for option in ("", *option_names()):
            rules = ruleset(name + (f"+{option}" if option else ""))
            assert kernel.unsupported_reason(rules) is None and kernel.supports(rules)
    assert kernel.supports(_rules("original+rescue+moving-flag", MIXED))


def test_a_rule_the_kernel_does_not_know_is_refused_in_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the engine had a rule the kernel did not play (here Rescue's limit): the reason
    names the field, ``compiled`` refuses in one line and ``auto`` plays on the engine."""
    kernel = backend.kernel()
    assert kernel is not None
    monkeypatch.setattr(kernel, "KNOWN_FIELDS", kernel.KNOWN_FIELDS - {"rescue_limit"})
    rules = ruleset("barrage+rescue", name="one-rescue", rescue_limit=1, max_plies=200)
    reason = kernel.unsupported_reason(rules)
    assert reason is not None and "rescue_limit" in reason and "\n" not in reason
    assert not kernel.supports(rules) and kernel.supports(ruleset("barrage+rescue"))
    with pytest.raises(BatchError) as error:
        play_batch(rules, games=1, backend="compiled")
    assert error.value.rule == "batch-ruleset" and "rescue_limit" in str(error.value)
    assert "\n" not in str(error.value)
    assert play_batch(rules, games=2, seed=1, backend="auto") == play_batch(
        rules, games=2, seed=1, backend="python")


# ------------------------------------------------------------------------ the beginner policy

TABLE = strike_table(ruleset("original"))


def _board(pieces: dict[int, tuple[int, int, bool]]) -> tuple[list[int], list[int], list[int],
                                                             list[bool]]:
    """A 10 x 10 board from ``{square: (owner, kind, known)}``, as the position's lists."""
    board, kind, owner, known = [0] * 100, [-1], [-1], [False]
    for square, (who, what, shown) in pieces.items():
        board[square] = len(kind)
        kind.append(what)
        owner.append(who)
        known.append(shown)
    return board, kind, owner, known


def _picks(codes: list[int], board: list[int], kind: list[int], owner: list[int],
           known: list[bool], turns: int = 200) -> Counter[int]:
    state, picks = 5, Counter[int]()
    for _ in range(turns):
        state, number = splitmix(state)
        picks[beginner_pick(codes, len(codes), number >> 1, 0, board, kind, owner, known, 10,
                            TABLE, WORTH, [0] * len(codes))] += 1
    return picks


def test_the_beginner_always_takes_the_best_free_capture() -> None:
    # A red Major at e5 beside a known blue Captain (f5), a known blue General (e6), an
    # unknown piece (d5), and a known Bomb (e4 is empty: a plain move).
    board, kind, owner, known = _board({44: (0, P.MAJOR, False), 45: (1, P.CAPTAIN, True),
                                        54: (1, P.GENERAL, True), 43: (1, P.SERGEANT, False),
                                        90: (1, P.FLAG, True), 91: (0, P.SCOUT, False)})
    take_captain = encode(44, 45, STRIKE)
    codes = [encode(44, 34), encode(44, 43, STRIKE), take_captain, encode(44, 54, STRIKE),
             encode(91, 90, STRIKE)]
    assert _picks(codes, board, kind, owner, known) == Counter({encode(91, 90, STRIKE): 200})
    assert _picks(codes[:4], board, kind, owner, known) == Counter({take_captain: 200})


def test_the_beginner_plays_safe_moves_and_sometimes_any_move() -> None:
    # A red Captain at e5; a known blue Colonel at f6 watches f5, a known blue Sergeant at
    # d6 (weaker) is no danger, an unknown piece stands at e6.
    board, kind, owner, known = _board({44: (0, P.CAPTAIN, False), 55: (1, P.COLONEL, True),
                                        53: (1, P.SERGEANT, True), 54: (1, P.MARSHAL, False)})
    safe, unsafe = encode(44, 34), encode(44, 45)
    strike_unknown, spot = encode(44, 54, STRIKE), encode(44, 44, SPOT, guess=P.BOMB)
    codes = [safe, unsafe, strike_unknown, spot]
    picks = _picks(codes, board, kind, owner, known, turns=1000)
    others = picks[unsafe] + picks[strike_unknown] + picks[spot]
    assert set(picks) == set(codes)  # any move, now and then...
    assert picks[safe] > 3 * others  # ... but mostly the safe one
    assert 0.1 < others / 1000 < 0.2  # one time in five any of the four moves
    # Without a safe move, any move.
    assert set(_picks(codes[1:], board, kind, owner, known)) == set(codes[1:])


def test_the_beginner_beats_the_random_policy_and_loses_to_the_heuristic() -> None:
    rules = ruleset("original", max_plies=3000)
    for pair, stronger in ((("beginner", "random"), "red"), (("heuristic", "beginner"), "red"),
                           (("random", "beginner"), "blue")):
        rows = play_batch(rules, games=16, seed=2, policy=pair, backend="compiled")
        assert rows == play_batch(rules, games=16, seed=2, policy=pair, backend="python")
        wins = Counter(row["winner"] for row in rows)
        assert wins[stronger] >= 12, (pair, wins)
