"""The stress command: it runs every ruleset, reports, and its checks can fail."""

from __future__ import annotations

import random
import sys

import pytest

from stratego_widget import Game, RulesetError
from stratego_widget.stress import (
    check_conservation,
    check_observation,
    default_specs,
    main,
    play_one,
    run_ruleset,
)


def test_a_short_run_over_every_ruleset_passes(capsys) -> None:
    specs = default_specs()
    assert main(["--games", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert f"{len(specs)} rulesets, 0 failures" in out
    assert all(spec in out for spec in specs)


def test_reports_count_games_and_results() -> None:
    report = run_ruleset("barrage", games=4, seed=2)
    assert report.games == 4 and len(report.plies) == 4
    assert sum(report.results.values()) == 4
    assert not report.failures


def test_a_broken_invariant_is_reported() -> None:
    """A check that finds a problem turns the game into a failure with its seed."""

    def always_broken(game: Game, rng: random.Random) -> str:
        return "a piece vanished"

    _plies, result, failure = play_one("duel", seed=5, checks=[always_broken])
    assert result == "failed"
    assert failure is not None and "seed 5" in failure and "a piece vanished" in failure


def test_conservation_check_detects_a_duplicated_piece() -> None:
    game = Game.random("barrage", seed=1)
    assert check_conservation(game, random.Random(0)) is None
    board = game.state._board  # corrupt the state on purpose: the check must notice
    pid = board[game.rules.geometry.index(next(iter(game.pieces())))]
    board[board.index(0)] = pid  # the same piece now stands on two squares
    assert "instead of the army" in (check_conservation(game, random.Random(0)) or "")


def test_observation_check_detects_a_wrong_rank(monkeypatch) -> None:
    game = Game.random("barrage", seed=1)
    assert check_observation(game, random.Random(0)) is None
    honest = game.observation

    def leaky(player: str, history: bool = True) -> dict:
        seen = honest(player, history)
        for piece in seen["board"].values():
            if piece["owner"] != player:
                piece["kind"] = "marshal" if piece["kind"] != "marshal" else "scout"
        return seen

    monkeypatch.setattr(game, "observation", leaky)
    assert "is wrong" in (check_observation(game, random.Random(0)) or "")


def test_unknown_ruleset_fails_fast() -> None:
    with pytest.raises(RulesetError, match="chess"):
        main(["--games", "1", "--rulesets", "chess"])


def test_plot_without_matplotlib_is_a_one_line_error_before_any_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`stratego-stress --plot` crashed after the games when matplotlib was missing."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(SystemExit) as stopped:
        main(["--games", "1", "--rulesets", "barrage", "--plot", "out.png"])
    assert stopped.value.code == 2
    err = capsys.readouterr()
    assert "pip install stratego-widget[plots]" in err.err.splitlines()[-1]
    assert "games" not in err.out  # stopped before playing
