"""The army review (issue 33, "a setup module that judges a whole army"): each point of the
review shown by an army that has it and one that does not, any legal army reviewed without
error and without change, and the review shown on a lesson board once the army is set up.

The points follow the setup tips of the rulebooks (Onyx and 1961, "Some suggestions for
strategy": Bombs around the Flag and "a few Bombs at some distance from the Flag", Scouts in
the front lines, "some [Miners] in the rear ranks"; 2013, "Suggested Strategies"; Original,
"Game tips, The setup") and of strategy guides (the three lanes, the Marshal and General apart,
the Spy by the General). The review's words are the project's advice, not a rulebook's.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stratego_widget.engine.errors import RulesetError, SetupError
from stratego_widget.engine.rulesets import ruleset_names
from stratego_widget.engine.setups import random_setup, setup_area
from stratego_widget.lessons.playing.army_review import SEVERITIES, Finding, review_army
from stratego_widget.locales import LANGUAGES

# A sound Original army for Red, row by row from the back row (a to j).
GOOD_ROWS = [
    "miner bomb flag bomb miner sergeant lieutenant miner sergeant scout",
    "sergeant lieutenant bomb major captain spy captain bomb lieutenant miner",
    "major captain lieutenant sergeant miner general major captain colonel scout",
    "scout marshal scout colonel scout scout bomb scout bomb scout",
]
GOOD = {f"{'abcdefghij'[file]}{row + 1}": kind
        for row, line in enumerate(GOOD_ROWS) for file, kind in enumerate(line.split())}
BARRAGE = {"e1": "flag", "d1": "bomb", "e2": "spy", "e3": "general", "i3": "marshal",
           "a1": "miner", "a4": "scout", "j4": "scout"}


def swapped(army: dict[str, str], *pairs: tuple[str, str]) -> dict[str, str]:
    """``army`` with the pieces of each pair of squares swapped (or moved to an empty one)."""
    army = dict(army)
    for a, b in pairs:
        first, second = army.pop(a, None), army.pop(b, None)
        if first is not None:
            army[b] = first
        if second is not None:
            army[a] = second
    return army


def found(army: dict[str, str], spec: str = "original",
          player: str = "red") -> dict[str, Finding]:
    return {finding.id: finding for finding in review_army(spec, army, player)}


def test_a_sound_army_gets_only_good_findings() -> None:
    review = found(GOOD)
    assert {f.severity for f in review.values()} == {"good"}, review
    assert list(review) == [
        "lane-left-guarded", "lane-middle-guarded", "lane-right-guarded", "flag-back-row",
        "flag-bombed", "marshal-general-apart", "spy-by-general", "scouts-in-front",
        "miners-kept-back", "bombs-decoys"]


# -- lanes
def test_a_lane_held_by_a_strong_piece_and_a_weak_one() -> None:
    assert found(GOOD)["lane-right-guarded"].squares == ("i3",)   # the Colonel
    weak = found(swapped(GOOD, ("i3", "d3")))                     # a Sergeant there instead
    assert "lane-right-guarded" not in weak
    assert weak["lane-right-weak"].severity == "advice"
    assert weak["lane-right-weak"].squares == ("i2",)             # a Lieutenant is the best
    assert "Lieutenant (i2)" in weak["lane-right-weak"].text.get("en")


def test_a_lane_closed_by_bombs() -> None:
    assert not any(key.startswith("lane-") and key.endswith("-bombed") for key in found(GOOD))
    closed = found(swapped(GOOD, ("j4", "h2")))                   # Bombs on i4 and j4
    assert closed["lane-right-bombed"].squares == ("i4", "j4")
    assert closed["lane-right-bombed"].severity == "advice"


def test_an_open_lane_in_a_fast_game() -> None:
    assert not any(key.endswith("-open") for key in found(BARRAGE, "barrage"))
    army = swapped(BARRAGE, ("a1", "b1"), ("a4", "d4"))          # nothing on files a and b
    army = swapped(army, ("b1", "c1"))
    review = found(army, "barrage")
    assert review["lane-left-open"].squares == ("a4", "b4")
    assert review["lane-left-open"].severity == "advice"


def test_lanes_are_named_from_the_owners_left() -> None:
    blue = {f"{square[0]}{11 - int(square[1:])}": kind for square, kind in GOOD.items()}
    blue = {f"{'jihgfedcba'['abcdefghij'.index(sq[0])]}{sq[1:]}": kind
            for sq, kind in blue.items()}   # Red's army turned round: Blue's left is file j
    review = found(blue, player="blue")
    assert review["lane-left-guarded"].squares == ("i7",)         # Red's b4 Marshal
    assert review["lane-right-guarded"].squares == ("b8",)        # Red's i3 Colonel


# -- the Flag
def test_the_flag_on_the_back_row_forward_or_in_front() -> None:
    assert found(GOOD)["flag-back-row"].squares == ("c1",)
    forward = found(swapped(GOOD, ("c1", "a2")))
    assert forward["flag-forward"].severity == "advice" and "flag-back-row" not in forward
    front = found(swapped(GOOD, ("c1", "a4")))
    assert front["flag-front"].severity == "warning"
    assert front["flag-front"].squares == ("a4",)


def test_the_flags_cover() -> None:
    assert set(found(GOOD)["flag-bombed"].squares) == {"b1", "c2", "d1"}
    bare = found(swapped(GOOD, ("c1", "f1")))             # beside a Miner, a Lieutenant, the Spy
    assert bare["flag-bare"].severity == "warning"
    assert set(bare["flag-bare"].squares) == {"e1", "g1", "f2"}
    covered = found(swapped(GOOD, ("c1", "f1"), ("g1", "d2")))    # a Major beside it now
    assert covered["flag-covered"].squares == ("g1",) and "flag-bare" not in covered


# -- the Marshal, the General and the Spy
def test_the_marshal_and_the_general_on_one_side() -> None:
    assert found(GOOD)["marshal-general-apart"].squares == ("b4", "f3")
    together = found(swapped(GOOD, ("b4", "d4")))                 # the Marshal on d4, by e-f
    assert together["marshal-general-together"].severity == "warning"
    assert together["marshal-general-together"].squares == ("d4", "f3")
    assert "(Middle lane)" in together["marshal-general-together"].text.get("en")


def test_the_spy_by_the_general() -> None:
    assert found(GOOD)["spy-by-general"].squares == ("f2", "f3")
    far = found(swapped(GOOD, ("f2", "a2")))
    assert far["spy-far-from-general"].severity == "advice"
    assert far["spy-far-from-general"].squares == ("a2", "f3")
    assert "spy-by-general" not in far


# -- Scouts and Miners
def test_scouts_in_front_none_in_front_and_none_behind() -> None:
    assert found(GOOD)["scouts-in-front"].squares == ("a4", "c4", "e4", "f4", "h4", "j4")
    assert "scouts-none-behind" not in found(GOOD)
    all_front = found(swapped(GOOD, ("j1", "g4"), ("j3", "i4")))
    assert all_front["scouts-none-behind"].severity == "advice"
    assert len(all_front["scouts-none-behind"].squares) == 8
    none_front = found(swapped(BARRAGE, ("a4", "a3"), ("j4", "j3")), "barrage")
    assert none_front["scouts-none-in-front"].squares == ("a3", "j3")
    assert "scouts-in-front" not in none_front


def test_miners_kept_back_and_none_back() -> None:
    assert found(GOOD)["miners-kept-back"].squares == ("a1", "e1", "h1", "j2")
    forward = found(swapped(GOOD, ("a1", "a3"), ("e1", "c3"), ("h1", "h3"), ("j2", "d3")))
    assert forward["miners-none-back"].severity == "warning"
    assert set(forward["miners-none-back"].squares) == {"a3", "c3", "d3", "e3", "h3"}
    assert "miners-kept-back" not in forward


# -- Bombs
def test_bombs_all_on_the_front_row() -> None:
    duel = {"h1": "flag", "b1": "miner", "e1": "miner", "d3": "spy", "g3": "marshal",
            "d4": "general", "a4": "scout", "g1": "bomb", "h2": "bomb", "j4": "scout"}
    assert "bombs-all-front" not in found(duel, "duel")
    front = found(swapped(duel, ("g1", "b4"), ("h2", "c4")), "duel")
    assert front["bombs-all-front"].squares == ("b4", "c4")
    assert front["bombs-all-front"].severity == "warning"


def test_bombs_all_in_one_cluster_or_some_as_decoys() -> None:
    assert found(GOOD)["bombs-decoys"].squares == ("h2", "g4", "i4")
    cluster = found(swapped(GOOD, ("h2", "a1"), ("g4", "e1"), ("i4", "b2")))
    assert cluster["bombs-one-cluster"].severity == "warning"
    assert set(cluster["bombs-one-cluster"].squares) == {"a1", "b1", "d1", "e1", "b2", "c2"}
    assert "around c1" in cluster["bombs-one-cluster"].text.get("en")   # the Flag's square
    assert "bombs-decoys" not in cluster


# -- the texts and bad input
def test_every_text_is_in_four_languages_and_names_its_squares() -> None:
    for finding in review_army("original", GOOD):
        assert set(finding.text) == set(LANGUAGES)
        for lang in LANGUAGES:
            text = finding.text.get(lang)
            assert text and "{" not in text and "\n" not in text
            assert all(square in text for square in finding.squares), (finding.id, lang)


@pytest.mark.parametrize(("army", "spec", "player", "error", "rule"), [
    ({"a1": "flag"}, "barrage", "red", SetupError, "setup-incomplete"),
    ({**BARRAGE, "a9": "scout"}, "barrage", "red", SetupError, "setup-area"),
    (GOOD, "original", "green", RulesetError, "ruleset"),
    (GOOD, "chess", "red", RulesetError, "ruleset"),
])
def test_bad_input_is_refused_in_one_line_and_changes_nothing(
        army: dict[str, str], spec: str, player: str, error: type[Exception],
        rule: str) -> None:
    before = copy.deepcopy(army)
    with pytest.raises(error) as raised:
        review_army(spec, army, player)
    assert getattr(raised.value, "rule", None) == rule
    assert "\n" not in str(raised.value)
    assert army == before


@settings(max_examples=60, deadline=None)
@given(spec=st.sampled_from(ruleset_names()), player=st.sampled_from(["red", "blue"]),
       seed=st.integers(0, 10**6), style=st.sampled_from(["uniform", "sensible"]))
def test_any_legal_army_is_reviewed_on_its_own_side_and_left_as_it_was(
        spec: str, player: str, seed: int, style: str) -> None:
    army = random_setup(spec, player, seed=seed, style=style)
    before = dict(army)
    review = review_army(spec, army, player)
    assert army == before
    assert isinstance(review, tuple) and review
    area = set(setup_area(spec, player))
    ids = [finding.id for finding in review]
    assert len(ids) == len(set(ids))
    for finding in review:
        assert finding.severity in SEVERITIES
        assert finding.squares and set(finding.squares) <= area, finding
        assert all(finding.text.get(lang) for lang in LANGUAGES)
    assert review_army(spec, army, player) == review   # the same army, the same review


# -- on the lesson board
def test_the_lesson_board_lists_the_review_and_marks_its_squares_once_the_army_stands() -> None:
    from stratego_widget.lessons import catalog
    from stratego_widget.lessons.board.session import LessonSession

    lesson = catalog()["setup-army"]
    session = LessonSession(lesson)
    step = lesson.steps[0]
    *first, last = step.solution
    for action in first:
        kind, _, square = action.partition("@")
        session.handle({"type": "lesson_place", "kind": kind, "square": square})
        assert session.state()["feedback"]["review"] == []    # not before the army stands
    kind, _, square = last.partition("@")
    session.handle({"type": "lesson_place", "kind": kind, "square": square})
    feedback = session.state()["feedback"]
    assert feedback["solved"] and "review of your army" in feedback["text"]
    expected = review_army("original", dict(a.split("@")[::-1] for a in step.solution))
    assert [point["id"] for point in feedback["review"]] == [f.id for f in expected]
    assert feedback["review"][3] == {"id": "flag-back-row", "severity": "good",
                                     "squares": ["c1"], "text": expected[3].text.get("en")}
    session.set_language("de")                          # said again in the new language
    again = session.state()["feedback"]["review"]
    assert [point["text"] for point in again] == [f.text.get("de") for f in expected]


def test_a_setup_step_that_places_part_of_an_army_has_no_review() -> None:
    from stratego_widget.lessons import catalog

    run = catalog()["setup-flag"].start()
    feedback = run.propose("flag@e1")
    assert feedback.solved and feedback.review == ()
