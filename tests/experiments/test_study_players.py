"""Studies with players that are not registry names (bot objects and factories), on a pool of
worker processes; colours swapped in pairs; a study of such players saved and loaded back."""

from __future__ import annotations

import pathlib
import random
from typing import Any

import pytest

from stratego_widget import StrategoError
from stratego_widget.bots import RandomBot
from stratego_widget.experiments import Study

pandas = pytest.importorskip("pandas")


class Cautious:
    """Quiet moves before strikes, chosen at random among them (a bot object)."""

    name = "cautious"
    reads_history = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any]) -> str:
        moves = observation["legal_moves"]
        quiet = [move for move in moves if "x" not in move]
        return self.rng.choice(quiet or moves)


def striker(seed: int) -> RandomBot:
    """A factory: a random bot of the game's seed."""
    return RandomBot(seed=seed)


def test_a_bot_object_and_a_factory_play_a_study_on_a_pool_of_two_workers() -> None:
    def study() -> Study:
        return Study(["duel"], red=Cautious(3), blue=striker, games=4, seed=2, max_plies=60)

    here = study().play(workers=1)
    pooled = study().play(workers=2, chunk=1)
    assert pooled == here
    assert {(row["red"], row["blue"], row["path"]) for row in here} == {
        ("cautious", "striker", "engine")}
    assert len({row["deal"] for row in here}) == 4


def test_a_bot_object_starts_every_game_afresh() -> None:
    bot = Cautious(5)
    first = Study(["duel"], red=bot, blue="random", games=2, seed=1, max_plies=40)
    rows = first.play(workers=1)
    again = Study(["duel"], red=bot, blue="random", games=2, seed=1, max_plies=40)
    assert again.play(workers=1) == rows        # the object's own generator was not used up
    assert Study(["duel"], red=bot, blue="random", games=2, seed=1,
                 max_plies=40).replay("duel", 1).ply == rows[1]["plies"]


def test_a_player_that_cannot_reach_the_workers_is_refused_in_one_line() -> None:
    study = Study(["duel"], red=lambda seed: RandomBot(seed), blue="random", games=2,
                  max_plies=20)
    with pytest.raises(StrategoError) as refused:
        study.play(workers=2)
    message = str(refused.value)
    assert "\n" not in message and "red player '<lambda>'" in message
    assert "workers=1" in message and study.done == 0
    assert len(study.play(workers=1)) == 2          # here, in this process, it plays


def test_a_player_that_is_no_bot_or_borrows_a_level_name_is_refused() -> None:
    with pytest.raises(StrategoError, match="blue player is a bot level"):
        Study(["duel"], blue=42)
    named = Cautious()
    named.name = "random"
    with pytest.raises(StrategoError, match="name 'random' is a built-in level's"):
        Study(["duel"], red=named)
    with pytest.raises(StrategoError, match="Both players are named 'cautious'"):
        Study(["duel"], red=Cautious(1), blue=Cautious(2))


@pytest.mark.parametrize(("red", "blue", "path"), [("heuristic", Cautious(), "engine"),
                                                   ("heuristic", "random", "python")])
def test_swap_colors_plays_each_deal_twice_with_the_colours_swapped(
        red: Any, blue: Any, path: str) -> None:
    study = Study(["barrage"], red=red, blue=blue, games=6, seed=4, max_plies=80,
                  swap_colors=True, path="auto" if path == "engine" else path)
    rows = study.play(workers=1)
    names = (study.red, study.blue)
    for first, second in zip(rows[::2], rows[1::2], strict=True):
        assert (first["red"], first["blue"]) == names
        assert (second["red"], second["blue"]) == names[::-1]
        assert first["deal"] == second["deal"] and first["seed"] == second["seed"]
        assert first["path"] == second["path"] == path
    assert len({row["deal"] for row in rows}) == 3
    game = study.replay("barrage", 3)
    assert game.ply == rows[3]["plies"] and (game.winner or "draw") == rows[3]["winner"]
    assert "colours swapped every other game" in str(study.summary())


def test_swap_colors_needs_an_even_number_of_games() -> None:
    with pytest.raises(StrategoError, match="even number of games, not 3"):
        Study(["duel"], games=3, swap_colors=True)


def test_a_study_of_a_bot_object_is_saved_resumed_and_loaded_with_its_player(
        tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "study.parquet")
    Study(["duel"], red=Cautious(1), blue="random", games=2, seed=3, max_plies=40,
          swap_colors=True).run(workers=1, save=path, progress=False)
    longer = Study(["duel"], red=Cautious(1), blue="random", games=4, seed=3, max_plies=40,
                   swap_colors=True)
    table = longer.run(workers=1, save=path, progress=False)
    assert list(table["red"]) == ["cautious", "random", "cautious", "random"]
    with pytest.raises(StrategoError, match=r"players=\{'cautious': \.\.\.\}"):
        Study.load(path)
    loaded = Study.load(path, players={"cautious": Cautious(1)})
    assert loaded.swap_colors and loaded.rows() == longer.rows()
