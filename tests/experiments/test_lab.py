"""The variant lab driven from Python: the controls, a run played here or in the background,
the progress, plots and comparison, a finished game replayed on the board, stopping and
going on, and bad control values refused without changing anything.

Every study here is a few Duel games between random bots with a low ply cap.
"""

from __future__ import annotations

import ast
import itertools
import pathlib
import sys
import threading
from typing import Any

import pytest

import stratego_widget as sw
from stratego_widget.bots import BOTS
from stratego_widget.engine.rulesets import parameter_choices
from stratego_widget.experiments import MissingExtraError, Study, VariantLab, replay_game
from stratego_widget.experiments import lab_session as lab_module
from stratego_widget.experiments.lab_session import LabSession

pytest.importorskip("matplotlib")

SMALL: dict[str, Any] = {"edition": "duel", "red": "random", "blue": "random", "games": 3,
                         "seed": 5, "max_plies": 60}


def small_lab(**changes: Any) -> VariantLab:
    settings = {**SMALL, **changes}
    lab = VariantLab(**settings)
    return lab


def controls(lab: VariantLab) -> dict[str, Any]:
    """Every control's value: what a bad call must leave as it was."""
    return {"edition": lab.edition.value, "options": lab.options(),
            "params": lab.parameter_values(), "red": lab.red.value, "blue": lab.blue.value,
            "games": lab.games.value, "seed": lab.seed.value, "cap": lab.cap.value}


@pytest.fixture(scope="module")
def played() -> VariantLab:
    """A lab that compared Duel with Aggressor Advantage and five-move repetition, played."""
    lab = small_lab()
    lab.configure(options=["aggressor-advantage"], params={"two_square_count": 5})
    lab.run(wait=True)
    return lab


def test_the_controls_come_from_the_rulesets_and_the_bots_registry() -> None:
    lab = small_lab()
    assert list(lab.edition.options) == sw.ruleset_names()
    assert list(lab.option_boxes) == sw.option_names()
    assert list(lab.red.options) == list(BOTS) == list(lab.blue.options)
    choices = {name: values for name, values in parameter_choices().items()
               if values is not None}
    assert set(lab.parameters) == set(choices)
    for name, control in lab.parameters.items():
        assert [value for _label, value in control.options] == list(choices[name])
    # The ply cap has a control of its own: the same cap for both rulesets.
    assert "max_plies" not in lab.parameters and lab.cap.value == 60


def test_configure_sets_the_controls_and_the_rulesets_to_compare() -> None:
    lab = small_lab()
    assert [rules.spec for rules in lab.rulesets()] == ["duel"]
    lab.configure(options=["rescue"], params={"two_square_count": 5})
    base, variant = lab.rulesets()
    assert base == sw.ruleset("duel", max_plies=60)
    assert variant == sw.ruleset("duel+rescue", two_square_count=5, max_plies=60)
    assert lab.option_boxes["rescue"].value and lab.parameters["two_square_count"].value == 5
    study = lab.make_study()
    assert list(study.rulesets) == ["duel", "duel+rescue(two_square_count=5)"]
    assert (study.red, study.blue, study.games, study.seed) == ("random", "random", 3, 5)
    # A parameter put back to the rulebook's value is no change.
    lab.configure(options=[], params={"two_square_count": 3})
    assert len(lab.rulesets()) == 1


def test_a_new_edition_puts_the_parameters_back_to_its_rulebook() -> None:
    lab = small_lab()
    lab.configure(params={"two_square_reading": "in-consecutive"})
    lab.edition.value = "original"          # as a click in the browser
    assert lab.parameters["two_square_reading"].value == "more-than"
    lab.edition.value = "onyx-2009"
    assert lab.parameters["two_square_reading"].value == "in-consecutive"
    assert lab.parameters["numbering"].value == "marshal-low"
    assert len(lab.rulesets()) == 1


def test_a_run_fills_the_progress_the_list_the_plot_and_the_comparison(
        played: VariantLab) -> None:
    study = played.study
    assert study is not None and study.complete and study.total == 6
    assert (played.progress.value, played.progress.max) == (6, 6)
    assert played.status.value == "Done: 6 games."
    assert played.png[:8] == b"\x89PNG\r\n\x1a\n" and played.draws >= 1
    # The plots carry a text alternative (an Image widget cannot: issue 21's axe check).
    assert played.plot.value.startswith('<img src="data:image/png;base64,')
    assert 'alt="Wins, draws and game lengths per ruleset: ' in played.plot.value
    assert [value for _label, value in played.finished.options] == [
        (name, number) for number in range(3) for name in study.rulesets]
    pair = played.summary().pairs[0]
    assert (pair.first, pair.second, pair.games) == (*study.rulesets, 3)
    assert "on the same 3 games (same seeds and setups)" in played.comparison.value
    assert f"p = {pair.p_value:.3g}" in played.comparison.value
    assert played.run_button.disabled is False and played.stop_button.disabled is True
    assert repr(played) == ("VariantLab(duel: aggressor-advantage; random against random, "
                            "3 games per ruleset; 6 of 6 played)")


def test_the_games_are_those_of_the_same_study_played_alone(played: VariantLab) -> None:
    """Paired: the lab plays exactly the games a Study of the two rulesets plays."""
    alone = Study(played.rulesets(), red="random", blue="random", games=3, seed=5,
                  max_plies=60)
    assert played.rows() == alone.play(workers=1)
    deals = {row["game"]: set() for row in played.rows()}
    for row in played.rows():
        deals[row["game"]].add(row["deal"])
    assert all(len(found) == 1 for found in deals.values())   # the same armies in each pair


def test_selecting_a_finished_game_replays_it_on_the_board(played: VariantLab) -> None:
    study = played.study
    assert study is not None
    row = played.rows()[4]
    played.finished.value = (row["ruleset"], row["game"])      # as a click in the list
    assert played.selected == (row["ruleset"], row["game"])
    board = played.board
    assert board in played.board_box.children
    assert board.game.ply == row["plies"]
    assert (board.game.winner or "draw") == row["winner"]
    assert board.game.outcome is not None
    assert board.game.outcome.termination.value == row["termination"]
    assert board.game.rules == study.rulesets[row["ruleset"]]
    assert board.view["replay"] == {"index": 0, "length": row["plies"], "to_move": "red"}
    assert f"Game {row['game']} under {row['ruleset']}" in played.board_caption.value
    other = played.select(played.rows()[0]["ruleset"], 0)
    assert played.board is not board and played.board.game.ply == other.ply


def test_every_replayed_game_is_the_row_it_comes_from(played: VariantLab) -> None:
    study = played.study
    assert study is not None
    for row in study.rows():
        game = replay_game(study, row["ruleset"], row["game"])
        assert (game.ply, game.winner or "draw") == (row["plies"], row["winner"])


def test_only_a_finished_game_can_be_selected(played: VariantLab) -> None:
    study = played.study
    assert study is not None
    with pytest.raises(sw.StrategoError) as error:
        played.select("duel", 7)
    assert error.value.rule == "lab-game"
    with pytest.raises(sw.StrategoError) as error:
        replay_game(study, "chess", 0)
    assert error.value.rule == "lab-game"
    with pytest.raises(sw.StrategoError) as error:
        replay_game(study, "duel", -1)
    assert error.value.rule == "lab-game"
    fresh = small_lab()
    with pytest.raises(sw.StrategoError) as error:
        fresh.select("duel", 0)
    assert error.value.rule == "lab-game"


@pytest.mark.parametrize("bad", [
    {"edition": "chess"}, {"options": ["teleport"]}, {"red": "grandmaster"},
    {"blue": 3}, {"games": 0}, {"games": 2.5}, {"games": True}, {"max_plies": 0},
    {"seed": "one"}, {"params": {"max_plies": 10}},
])
def test_bad_control_values_raise_the_labs_error_and_change_nothing(bad: dict[str, Any]) -> None:
    lab = small_lab()
    lab.configure(options=["rescue"])
    before = controls(lab)
    with pytest.raises(sw.StrategoError) as error:
        lab.configure(**bad)
    assert error.value.rule == "lab"
    assert controls(lab) == before


@pytest.mark.parametrize("bad", [
    {"options": ["exploding-bombs", "moving-bombs"]}, {"params": {"two_square_count": 4}},
    {"params": {"dice": 1}}, {"options": ["rescue"], "params": {"rescue_area": "anywhere"}},
])
def test_bad_rules_raise_the_rulesets_error_and_change_nothing(bad: dict[str, Any]) -> None:
    lab = small_lab()
    before = controls(lab)
    with pytest.raises(sw.RulesetError):
        lab.configure(**bad)
    assert controls(lab) == before


def test_a_bad_combination_clicked_in_the_browser_is_said_in_the_status_line() -> None:
    lab = small_lab()
    lab.option_boxes["exploding-bombs"].value = True
    lab.option_boxes["moving-bombs"].value = True
    assert "moving-bombs already includes exploding-bombs" in lab.status.value
    lab.run_button.click()
    assert lab.study is None and "moving-bombs" in lab.status.value


def test_stop_keeps_the_finished_pairs_and_run_plays_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lab = small_lab()
    lab.configure(options=["aggressor-advantage"])
    real = lab_module.play_games
    calls: list[int] = []

    statuses: list[str] = []

    def stop_after_the_first_game(job: Any) -> Any:
        calls.append(job.games[0])
        statuses.append(lab.status.value)
        if len(calls) == 1:
            lab.stop_button.click()       # as a click while the first game is played
        return real(job)

    monkeypatch.setattr(lab_module, "play_games", stop_after_the_first_game)
    study = lab.run(wait=True)
    assert study.done == 2 and calls == [0, 0]          # the pair of game 0, then stopped
    assert statuses == ["Playing 6 games (0 already finished).",
                        "Playing: 1 of 6 games finished."]
    assert lab.progress.value == 2 and len(lab.finished.options) == 2
    assert lab.status.value.startswith("Stopped: 2 of 6 games are finished and kept")
    kept = lab.rows()
    monkeypatch.setattr(lab_module, "play_games", real)
    again = lab.run(wait=True)
    assert again.complete and again.rows()[:1] == kept[:1]
    assert again.rows() == Study(lab.rulesets(), red="random", blue="random", games=3,
                                 seed=5, max_plies=60).play(workers=1)
    lab.configure(games=4)                              # more games: only the new ones
    more = lab.run(wait=True)
    assert more.done == 8 and more.rows()[:3] == again.rows()[:3]


def test_run_in_the_background_keeps_the_panel_live_and_refuses_changes_meanwhile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lab = small_lab(games=2)
    lab.configure(options=["moving-flag"])
    real = lab_module.play_games
    release = threading.Event()

    def held(job: Any) -> Any:
        release.wait(30)
        return real(job)

    monkeypatch.setattr(lab_module, "play_games", held)
    lab.run_button.click()                 # plays in a background thread
    try:
        assert lab.running and lab.run_button.disabled and not lab.stop_button.disabled
        assert lab.status.value == "Playing 4 games (0 already finished)."
        with pytest.raises(sw.StrategoError) as error:
            lab.run()
        assert error.value.rule == "lab-busy"
        with pytest.raises(sw.StrategoError) as error:
            lab.configure(games=5)
        assert error.value.rule == "lab-busy"
    finally:
        release.set()
    assert lab.wait(60)
    assert lab.progress.value == 4 and lab.status.value == "Done: 4 games."
    assert lab.png[:4] == b"\x89PNG"


def test_the_plots_are_drawn_again_as_games_finish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_module, "REDRAW_EVERY", 0.0)
    monkeypatch.setattr(lab_module, "DRAWING_SHARE", 1e9)
    lab = small_lab(games=2)
    lab.configure(options=["aggressor-advantage"])
    pictures: list[str] = []
    lab.plot.observe(lambda change: pictures.append(change["new"]), names="value")
    lab.run(wait=True)
    # After each of the four games, and once more at the end.
    assert lab.draws == 5 and len(pictures) >= 2 and pictures[0] != pictures[-1]


class Clock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 1.0
        return self.now


def test_drawing_takes_at_most_its_share_of_the_time(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(lab_module, "time", clock)
    lab = small_lab(games=12)
    lab.configure(options=["aggressor-advantage"])
    drawn: list[float] = []
    lab.plot.observe(lambda _change: drawn.append(clock.now), names="value")
    lab.run(wait=True)
    # Each drawing takes one tick of this clock, so the next one waits for ten (a tenth of
    # the time drawing); the last drawing, at the end, is always made.
    gaps = [later - earlier for earlier, later in itertools.pairwise(drawn[:-1])]
    assert len(drawn) >= 3 and all(gap >= 1 / lab_module.DRAWING_SHARE for gap in gaps)
    assert len(drawn) <= lab.draws < lab.progress.value


def test_without_a_change_there_is_nothing_to_compare() -> None:
    lab = small_lab(games=2)
    study = lab.run(wait=True)
    assert list(study.rulesets) == ["duel"] and study.total == 2
    assert "Nothing to compare" in lab.comparison.value


def test_before_a_game_is_picked_the_board_shows_the_armies_of_game_zero() -> None:
    lab = small_lab()
    assert lab.board.game.ply == 0
    expected = sw.Game.random(sw.ruleset("duel"), seed=lab_module.deal_seed(5, 0, "compiled"))
    assert lab.board.game.position() == expected.position()
    lab.seed.value = 6                      # a new seed, new armies
    assert lab.board.game.position() == sw.Game.random(
        sw.ruleset("duel"), seed=lab_module.deal_seed(6, 0, "compiled")).position()


def test_a_variant_of_your_own_is_compared_with_the_game_it_is_based_on() -> None:
    spy = sw.variant("duel", "spy-defends", spy_wins_defending=True, scout_max_distance=2)
    lab = small_lab(edition=spy, games=2)
    assert lab.edition.value == "spy-defends"
    assert list(lab.edition.options) == [*sw.ruleset_names(), "spy-defends"]
    assert lab.rulesets() == [sw.ruleset("duel", max_plies=60), spy.with_params(max_plies=60)]
    lab.configure(options=["rescue"], params={"two_square_count": 5})
    study = lab.run(wait=True)
    assert list(study.rulesets) == ["duel", "spy-defends+rescue(two_square_count=5)"]
    rules = study.rulesets["spy-defends+rescue(two_square_count=5)"]
    assert (rules.spy_wins_defending, rules.scout_max_distance, rules.rescue,
            rules.two_square_count) == (True, 2, True, 5)
    game = lab.select("spy-defends+rescue(two_square_count=5)", 1)
    assert lab.board.game.rules == rules and game.ply == lab.rows()[3]["plies"]
    assert "on 2 games with the same seeds" not in lab.comparison.value
    lab.configure(edition="duel", options=[])        # back to the editions, and again
    assert lab.rulesets() == [sw.ruleset("duel", max_plies=60)]
    lab.configure(edition="spy-defends")
    assert [r.name for r in lab.rulesets()] == ["duel", "spy-defends"]
    lab.configure(edition=sw.ruleset("barrage"))     # a plain edition as a value is its name
    assert lab.edition.value == "barrage"


def test_a_variant_with_another_army_is_compared_on_the_same_seeds_not_setups() -> None:
    bigger = sw.variant("duel", "more-scouts", army={
        "marshal": 1, "general": 1, "miner": 2, "scout": 4, "spy": 1, "bomb": 2, "flag": 1})
    lab = small_lab(edition=bigger, games=2)
    lab.run(wait=True)
    assert lab.summary().pairs[0].setups == "different"
    assert "more-scouts</b> against <b>duel</b> on 2 games with the same seeds (different " \
        "armies" in lab.comparison.value


def test_a_changed_ruleset_without_a_name_is_not_an_edition() -> None:
    lab = small_lab()
    before = controls(lab)
    with pytest.raises(sw.StrategoError) as error:
        lab.configure(edition=sw.ruleset("barrage", two_square_count=5))
    assert error.value.rule == "lab" and "sw.variant" in str(error.value)
    assert controls(lab) == before and list(lab.edition.options) == sw.ruleset_names()


def test_without_matplotlib_the_lab_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtraError, match=r"VariantLab needs matplotlib: "
                       r"pip install stratego-widget\[plots\]"):
        VariantLab()


def test_a_failing_study_is_said_in_the_status_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_job: Any) -> Any:
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(lab_module, "play_games", broken)
    lab = small_lab(games=1)
    lab.run(wait=True)
    assert lab.status.value == "The study failed: the engine broke"
    assert not lab.run_button.disabled and lab.stop_button.disabled and lab.rows() == []


def test_the_session_plays_and_decides_without_ipywidgets() -> None:
    """The lab's state and decisions are pure Python (no ipywidgets, no board widget): a
    session alone plays and says what the panel would show."""
    tree = ast.parse(pathlib.Path(lab_module.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names} | {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name.startswith(("ipywidgets", "widget")) for name in imported)
    heard: list[str] = []
    session = LabSession("duel", red="random", blue="random", games=2, seed=5, max_plies=60)
    session.listener = heard.append
    session.click("aggressor-advantage", True)
    study = session.run(wait=True)
    game = session.select("duel+aggressor-advantage", 1)
    assert (study.done, session.progress, session.status) == (4, (4, 4), "Done: 4 games.")
    assert len(session.finished) == 4 and session.png[:4] == b"\x89PNG"
    assert game.ply == study.rows()[3]["plies"] and session.board_game is game
    assert session.board_replays and session.selected == ("duel+aggressor-advantage", 1)
    assert set(heard) == {"board", "buttons", "controls", "drawn", "progress", "status"}


def test_a_bad_click_is_said_by_the_session_and_refused_by_run() -> None:
    session = LabSession("duel", red="random", blue="random", games=1, max_plies=30)
    session.click("exploding-bombs", True)
    session.click("moving-bombs", True)
    assert "moving-bombs already includes exploding-bombs" in session.status
    with pytest.raises(sw.RulesetError):
        session.run(wait=True)
    assert session.study is None
    with pytest.raises(sw.StrategoError) as error:
        session.click("dice", 3)
    assert error.value.rule == "lab"
