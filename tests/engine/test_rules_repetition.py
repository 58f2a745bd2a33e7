"""The two-square rule in every reading and count, and Original's more-squares rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import position, refused, targets

import stratego_widget as sw

# Blue's waiting moves: a Scout wandering over new squares, never back and forth.
BLUE_WANDER = ["a5-a6", "a6-a7", "b7-b6", "b6-b5", "c7-c8", "d7-d8", "e7-e8"]


def blue_waits(game, index: int) -> None:
    """Blue makes a move that repeats nothing (a different piece each time)."""
    origin, target = BLUE_WANDER[index].split("-")
    game.play(f"{origin}-{target}")


def shuffle(spec: str, count: int | None = None, **params) -> tuple[object, int]:
    """Red shuffles a Major e3-e4-e3...; return the game and the number of the first red move
    the two-square rule forbids."""
    if count is not None:
        params["two_square_count"] = count
    blue = {"a5": "blue scout", "b7": "blue scout", "c7": "blue scout", "d7": "blue scout",
            "e7": "blue scout"}
    game = position(spec, {"e3": "red major", **blue}, **params)
    for number, move in enumerate(["e3-e4", "e4-e3"] * 4, start=1):
        if not game.is_legal(move):
            refused(game, move, "two-square")
            return game, number
        game.play(move)
        blue_waits(game, number - 1)
    raise AssertionError("the two-square rule never stopped the shuffle")


@pytest.mark.parametrize(("spec", "forbidden"), [
    ("classic-1961", 4), ("original", 4), ("onyx-2009", 3), ("hasbro-1999", 3),
    ("sci-fi-2013", 3)])
def test_two_square_rule_default_reading_per_edition(spec: str, forbidden: int) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 10: "No piece may be shifted more
    than 3 times back and forth in the same two squares." and 004_7c74f8cd1c357391.txt
    (Original): "for more than three consecutive turns" (the 4th move is refused).
    000_26202189cb10a678.txt (Onyx): "Pieces **cannot** be moved back and forth between the same
    2 squares in 3 consecutive turns."; 001_7dc95247839e706d.txt (1999): "A piece cannot move
    back and forth between squares in three consecutive turns."; 002_2f9daa46d747bbe8.txt (2013):
    "Pieces cannot be moved back and forth between the same two squares in three consecutive
    turns." (the 3rd is refused)."""
    _game, number = shuffle(spec)
    assert number == forbidden


@pytest.mark.parametrize(("spec", "forbidden"), [("original", 6), ("onyx-2009", 5)])
def test_two_square_count_is_a_parameter(spec: str, forbidden: int) -> None:
    """Tournament play counts 5 instead of 3 (rulebooks README, two-square rule)."""
    _game, number = shuffle(spec, count=5)
    assert number == forbidden


def test_two_square_reading_is_a_parameter() -> None:
    """The reading ("more-than" or "in-consecutive") can be chosen on any edition."""
    _game, number = shuffle("original", two_square_reading="in-consecutive")
    assert number == 3


@pytest.mark.parametrize(("reading", "allowed"), [("path", False), ("endpoints", True)])
def test_scouts_moving_different_distances_on_one_line(reading: str, allowed: bool) -> None:
    """A Scout going a2-a4, a4-a2, a2-a4 and then a4-a3 moves back and forth on the same line:
    in the "path" reading (the default) that is the same two-square shuffle; the "endpoints"
    reading counts only identical squares (docs/rulings.md)."""
    game = position("original", {"a2": "red scout", "a5": "blue scout", "b7": "blue scout",
                                 "c7": "blue scout"}, two_square_scout=reading)
    for index, move in enumerate(["a2-a4", "a4-a2", "a2-a4"]):
        game.play(move)
        blue_waits(game, index + 2)
    assert game.is_legal("a4-a3") == allowed
    if not allowed:
        refused(game, "a4-a3", "two-square")


def test_the_player_who_started_must_stop_first() -> None:
    """004_7c74f8cd1c357391.txt (Original): the player who started the back-and-forth must
    stop first. Both shuffle; Red started, so Red is refused first while Blue may still make
    its answering move."""
    game = position("original", {"e3": "red major", "e8": "blue major"})
    moves = ["e3-e4", "e8-e7", "e4-e3", "e7-e8", "e3-e4", "e8-e7"]
    for move in moves:
        game.play(move)
    refused(game, "e4-e3", "two-square")
    game.play("e4-d4")
    assert game.is_legal("e7-e8") is False  # Blue's 4th shuffle move is now refused too


def test_more_squares_rule_only_in_original() -> None:
    """004_7c74f8cd1c357391.txt (Original): "If a piece is pursuing an enemy piece, the
    attacker has to stop if a repeat scenario threatens to arise on the board." 1961 has no
    such rule."""
    chase = ["e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"]
    original = position("original", {"e4": "red major", "f5": "blue captain"})
    classic = position("classic-1961", {"e4": "red major", "f5": "blue captain"})
    for move in chase:
        original.play(move)
        classic.play(move)
    refused(original, "e6-e5", "more-squares")
    assert classic.is_legal("e6-e5")


def test_more_squares_rule_can_be_switched_off() -> None:
    chase = ["e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"]
    game = position("original", {"e4": "red major", "f5": "blue captain"},
                    more_squares_rule=False)
    for move in chase:
        game.play(move)
    assert game.is_legal("e6-e5")


# Blue's waiting moves far from the Scouts on rank 2: one Scout a move, never going back.
BLUE_FAR = {"f7": "blue scout", "g7": "blue scout", "h7": "blue scout", "i7": "blue scout",
            "j7": "blue scout"}
BLUE_FAR_MOVES = ["f7-f8", "g7-g8", "h7-h8", "i7-i8", "j7-j8", "f8-f9", "g8-g9", "h8-h9"]


def scout_game(spec: str, moves: list[str], **params: object) -> sw.Game:
    """Red plays ``moves`` with the Scout that starts on b2; Blue answers with waiting moves."""
    game = position(spec, {"b2": "red scout", **BLUE_FAR}, **params)
    for index, move in enumerate(moves):
        game.play(move)
        game.play(BLUE_FAR_MOVES[index])
    return game


def test_barrage_scout_leaving_the_stretch_starts_a_new_count() -> None:
    """004_7c74f8cd1c357391.txt (Original, whose rules Barrage keeps: "All other rules are the
    same as Stratego Original"): "The pieces cannot be moved back and forth between the same
    two squares for more than three consecutive turns."

    Reported: b2-e2, e2-a2, a2-b2, then b2-a2 was refused. e2-a2 leaves the stretch b2..e2
    of the first move, so it opens a new back-and-forth over a2..e2: b2-a2 is only its third
    move. The fourth move back into a2..e2 is refused; a move out of the stretch is not."""
    game = scout_game("barrage", ["b2-e2", "e2-a2", "a2-b2"])
    assert game.is_legal("b2-a2")
    game.play("b2-a2")
    game.play(BLUE_FAR_MOVES[3])
    for move in ["a2-b2", "a2-c2", "a2-e2"]:
        refused(game, move, "two-square")
    assert targets(game, "a2") >= {"f2", "g2", "a3", "a4"}


def test_onyx_scout_may_go_back_after_leaving_the_stretch() -> None:
    """000_26202189cb10a678.txt (Onyx), Rules for Movement 10: "Pieces **cannot** be moved
    back and forth between the same 2 squares in 3 consecutive turns."

    Reported: after b2-e2, e2-a2 the Scout could not go back to any square between b2 and e2.
    e2-a2 leaves the stretch b2..e2, so every one of them is the second move of a new
    back-and-forth and is allowed; the third move of it is refused."""
    game = scout_game("onyx-2009", ["b2-e2", "e2-a2"])
    assert targets(game, "a2") >= {"b2", "c2", "d2", "e2"}
    game.play("a2-c2")
    game.play(BLUE_FAR_MOVES[2])
    refused(game, "c2-a2", "two-square")
    refused(game, "c2-b2", "two-square")
    assert targets(game, "c2") >= {"d2", "e2", "f2", "c3"}  # onwards, or off the line


# After b2-e2 the Scout shuffles inside b2..e2: e2-c2, c2-d2, d2-b2. With two moves allowed
# it stands on c2 after e2-c2 and may not go back to d2 or e2; with three, on d2 after c2-d2
# and may not go back to c2 or b2.
INSIDE_SHUFFLE = ["b2-e2", "e2-c2", "c2-d2", "d2-b2"]
GOING_BACK = {2: ("c2", ["d2", "e2"]), 3: ("d2", ["c2", "b2"])}


@pytest.mark.parametrize(("spec", "allowed"), [
    ("classic-1961", 3), ("original", 3), ("onyx-2009", 2), ("hasbro-1999", 2),
    ("sci-fi-2013", 2)])
def test_scout_back_and_forth_inside_the_first_stretch(spec: str, allowed: int) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 10: "No piece may be shifted more
    than 3 times back and forth in the same two squares." (and the Onyx, 1999, 2013 and
    Original wordings quoted above). A Scout going b2-e2 and then back and forth over any
    squares of b2..e2 keeps moving in the same two squares (the "path" reading): the move
    after the allowed ones is refused, whichever square of the stretch it goes back to."""
    game = scout_game(spec, INSIDE_SHUFFLE[:allowed])
    here, back = GOING_BACK[allowed]
    for square in back:
        refused(game, f"{here}-{square}", "two-square")
    assert game.is_legal(f"{here}-{here[0]}3")  # off the line: a new count


def test_endpoints_reading_counts_only_the_same_two_squares() -> None:
    """The "endpoints" reading (docs/rulings.md) counts only moves between the same two
    squares: the reported sequences are allowed, and so is b2-e2, e2-c2, c2-d2, d2-b2, but a
    plain shuffle between two squares is still refused after three moves (Original)."""
    game = scout_game("original", ["b2-e2", "e2-a2", "a2-b2", "b2-a2"],
                      two_square_scout="endpoints")
    assert game.is_legal("a2-b2")
    game = scout_game("original", ["b2-e2", "e2-c2", "c2-d2", "d2-b2"],
                      two_square_scout="endpoints")
    assert game.is_legal("b2-e2")
    game = scout_game("original", ["b2-e2", "e2-b2", "b2-e2"], two_square_scout="endpoints")
    refused(game, "e2-b2", "two-square")
    assert game.is_legal("e2-c2")


def test_scout_shuffle_the_player_who_started_must_stop_first() -> None:
    """004_7c74f8cd1c357391.txt (Original): "The player who starts this has to be the first
    to stop and this could mean losing an important piece." Two Scouts shuffle over
    stretches of their lines; Red started, so Red's fourth move is refused first, and Blue's
    fourth is refused on its next turn."""
    game = position("original", {"b2": "red scout", "b9": "blue scout"})
    for move in ["b2-e2", "b9-e9", "e2-c2", "e9-c9", "c2-d2", "c9-d9"]:
        game.play(move)
    refused(game, "d2-b2", "two-square")
    game.play("d2-d3")
    refused(game, "d9-c9", "two-square")
    assert game.is_legal("d9-f9")


def test_a_strike_counts_as_a_move_of_the_shuffle() -> None:
    """Tournament play (rulebooks README, two-square rule) counts moving into an attack like
    any other move: a Scout that shuffles b2-e2, e2-b2 and then strikes a Spy that stepped
    onto e2 has made the three moves Original allows, so going back to b2 is refused."""
    game = position("original", {"b2": "red scout", "e3": "blue spy", "f7": "blue scout"})
    for move in ["b2-e2", "f7-f8", "e2-b2", "e3-e2", "b2xe2", "f8-f9"]:
        game.play(move)
    assert game.piece_at("e2") == ("red", "scout")
    refused(game, "e2-b2", "two-square")
    refused(game, "e2-c2", "two-square")
    assert game.is_legal("e2-e3")


# A model of the two-square rule written from its definition (docs/rulings.md), independent of
# the engine: a move goes on with the current back-and-forth when it goes back the way the
# previous move came and ends inside the squares the first move of it spanned.
Square = tuple[int, int]


def coords(name: str) -> Square:
    """``"b2"`` -> ``(1, 2)``."""
    return ord(name[0]) - 97, int(name[1:])


def span(move: tuple[Square, Square], path: bool) -> set[Square]:
    """The squares a straight move spans (path reading), or its two end squares (the
    endpoints reading, or a turning Ultimate Lightning Captain)."""
    (f1, r1), (f2, r2) = move
    if not path or (f1 != f2 and r1 != r2):
        return {move[0], move[1]}
    return {(f, r) for f in range(min(f1, f2), max(f1, f2) + 1)
            for r in range(min(r1, r2), max(r1, r2) + 1)}


def goes_back(previous: tuple[Square, Square], move: tuple[Square, Square], path: bool) -> bool:
    """Whether ``move`` goes back the way ``previous`` came (any distance, in the path reading)."""
    if move[1] == previous[0]:
        return True

    def direction(m: tuple[Square, Square]) -> Square:
        return ((m[1][0] > m[0][0]) - (m[1][0] < m[0][0]),
                (m[1][1] > m[0][1]) - (m[1][1] < m[0][1]))

    first, second = direction(previous), direction(move)
    return path and second == (-first[0], -first[1])


def scout_targets(game: sw.Game, origin: str) -> list[str]:
    """The empty squares a Scout on ``origin`` reaches, repetition rules aside."""
    rules = game.rules
    f0, r0 = coords(origin)
    out = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f, r = f0 + df, r0 + dr
        while 0 <= f < rules.width and 1 <= r <= rules.height:
            name = f"{chr(97 + f)}{r}"
            if name in rules.lakes or game.piece_at(name) is not None:
                break
            out.append(name)
            f, r = f + df, r + dr
    return out


def captain_targets(game: sw.Game, origin: str) -> list[str]:
    """The empty squares an Ultimate Lightning Captain on ``origin`` reaches in one or two
    steps (turning allowed, no jumping, not back to its start), repetition rules aside."""
    rules = game.rules

    def steps(name: str) -> list[str]:
        f0, r0 = coords(name)
        out = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f, r = f0 + df, r0 + dr
            square = f"{chr(97 + f)}{r}"
            if (0 <= f < rules.width and 1 <= r <= rules.height and square not in rules.lakes
                    and game.piece_at(square) is None):
                out.append(square)
        return out

    first = steps(origin)
    return sorted({*first, *(t for middle in first for t in steps(middle) if t != origin)})


@given(st.sampled_from(["classic-1961", "onyx-2009", "hasbro-1999", "sci-fi-2013", "barrage",
                        "ultimate-lightning"]),
       st.sampled_from(["path", "endpoints"]), st.sampled_from([3, 5]),
       st.lists(st.integers(0, 1_000_000), min_size=1, max_size=40))
def test_two_square_rule_follows_its_definition(spec: str, reading: str, count: int,
                                                picks: list[int]) -> None:
    """Two lone Scouts (Captains in Ultimate Lightning) wander at random. Every move the engine
    allows or refuses is the one a direct model of the definition allows or refuses; in
    particular a piece that moves to a square outside the stretch of its current
    back-and-forth is never refused (it starts a new count).
    """
    path = reading == "path"
    rules_height = 8 if spec == "sci-fi-2013" else 10
    kind = "captain" if spec == "ultimate-lightning" else "scout"
    reach = captain_targets if kind == "captain" else scout_targets
    game = position(spec, {"b2": f"red {kind}", f"i{rules_height - 1}": f"blue {kind}"},
                    two_square_scout=reading, two_square_count=count, more_squares_rule=False)
    limit = game.rules.two_square_limit
    scouts = {"red": "b2", "blue": f"i{rules_height - 1}"}
    shuffles: dict[str, tuple[set[Square], tuple[Square, Square], int] | None] = {
        "red": None, "blue": None}
    for pick in picks:
        side = game.to_move
        origin = scouts[side]
        shuffle_now = shuffles[side]
        legal = []
        for target in reach(game, origin):
            move = (coords(origin), coords(target))
            if shuffle_now is not None:
                stretch, previous, moves = shuffle_now
                goes_on = move[1] in stretch and goes_back(previous, move, path)
                if move[1] not in stretch:  # out of the stretch: never refused
                    assert game.is_legal(f"{origin}-{target}"), (origin, target)
            else:
                goes_on, moves = False, 0
            allowed = not goes_on or moves + 1 <= limit
            assert game.is_legal(f"{origin}-{target}") == allowed, (origin, target, shuffle_now)
            if allowed:
                legal.append((target, move, goes_on))
        if not legal:
            return
        target, move, goes_on = legal[pick % len(legal)]
        game.play(f"{origin}-{target}")
        scouts[side] = target
        if goes_on and shuffle_now is not None:
            shuffles[side] = (shuffle_now[0], move, shuffle_now[2] + 1)
        else:
            shuffles[side] = (span(move, path), move, 1)
