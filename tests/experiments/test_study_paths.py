"""Which path a study plays on: the compiled kernel, the batch policies on the Python engine,
or the bots on the engine; the same table on both batch paths; saving and resuming by path."""

from __future__ import annotations

import hashlib
import pathlib
from typing import Any

import pytest

import stratego_widget as sw
from stratego_widget.batch import POLICIES, compiled_available, play_batch
from stratego_widget.engine.errors import RulesetError
from stratego_widget.engine.rulesets import option_names, ruleset_names
from stratego_widget.experiments import Study, game_seed, replay_game
from stratego_widget.experiments.study import COLUMNS, deal_seed, game_path, play_again

pandas = pytest.importorskip("pandas")


def every_ruleset() -> dict[str, sw.Ruleset]:
    """Every shipped ruleset, alone and with each option it takes."""
    found: dict[str, sw.Ruleset] = {}
    for name in ruleset_names():
        for option in (None, *option_names()):
            spec = name if option is None else f"{name}+{option}"
            try:
                found[spec] = sw.ruleset(spec)
            except RulesetError:
                continue  # an option this edition does not take
    return found


def compiled_rulesets() -> dict[str, sw.Ruleset]:
    """The rulesets the compiled kernel plays here."""
    return {spec: rules for spec, rules in every_ruleset().items()
            if game_path(rules, "random", "random")[0] == "compiled"}


def test_numba_is_installed_for_the_differential_test() -> None:
    assert compiled_available()
    assert {"original", "barrage", "duel"} <= set(compiled_rulesets())


@pytest.mark.parametrize("red", sorted(POLICIES))
def test_both_batch_paths_give_the_same_table_for_every_ruleset_and_option(red: str) -> None:
    rulesets = compiled_rulesets()
    tables = {path: Study(rulesets, red=red, blue="random", games=2, seed=3, max_plies=90,
                          path=path).run(workers=1, progress=False)
              for path in ("compiled", "python")}
    assert set(tables["compiled"]["path"]) == {"compiled"}
    assert set(tables["python"]["path"]) == {"python"}
    same = [column for column in COLUMNS if column != "path"]
    pandas.testing.assert_frame_equal(tables["compiled"][same], tables["python"][same])
    assert len(tables["compiled"]) == 2 * len(rulesets)


def test_auto_plays_batch_policies_compiled_and_other_bots_on_the_engine() -> None:
    study = Study(["barrage", "duel"], red="random", blue="random", games=3, max_plies=50)
    assert study.paths == {"barrage": ("compiled", ""), "duel": ("compiled", "")}
    assert study.path_line() == "barrage: compiled kernel; duel: compiled kernel"
    assert {row["path"] for row in study.play(workers=1)} == {"compiled"}
    bots = Study(["barrage"], red="strong", blue="random", games=1, max_plies=20)
    assert bots.paths == {"barrage": ("engine", "strong is not a batch policy")}
    assert bots.play(workers=1)[0]["path"] == "engine"
    forced = Study(["barrage"], red="random", blue="random", games=1, path="engine")
    assert forced.path_line() == "barrage: engine (asked for)"


def test_every_batch_policy_is_found_by_name() -> None:
    for name in POLICIES:
        assert game_path(sw.ruleset("barrage"), name, "random")[0] == "compiled"


def test_run_says_where_the_games_are_played(capsys: pytest.CaptureFixture[str]) -> None:
    study = Study(["barrage"], red="random", blue="random", games=2, max_plies=40)
    study.run(workers=1)
    assert "barrage: compiled kernel" in capsys.readouterr().err


def test_a_batch_row_is_the_batch_game_of_its_seed() -> None:
    study = Study(["barrage"], red="heuristic", blue="random", games=3, seed=9, max_plies=200)
    for row in study.play(workers=1):
        seed = game_seed(9, row["game"])
        assert row["seed"] == seed
        alone = play_batch(study.rulesets["barrage"], 1, seed=seed,
                           policy=("heuristic", "random"), backend="python")[0]
        assert {key: alone[key] for key in ("winner", "termination", "plies", "strikes",
                                            "deal")} == \
            {key: row[key] for key in ("winner", "termination", "plies", "strikes", "deal")}
        game = replay_game(study, "barrage", row["game"])
        assert (game.ply, game.winner or "draw") == (row["plies"], row["winner"])
        assert game.outcome is not None and game.outcome.termination.value == row["termination"]


def test_the_deal_of_a_game_depends_on_its_path() -> None:
    rules = sw.ruleset("duel", max_plies=30)
    batch = Study([rules], red="random", blue="random", games=1, seed=2).play(workers=1)[0]
    engine = Study([rules], red="random", blue="random", games=1, seed=2,
                   path="engine").play(workers=1)[0]
    for row in (batch, engine):
        start = sw.Game.random(rules, seed=deal_seed(2, 0, row["path"]))
        placement = start.position().split(" ")[0].encode()
        assert row["deal"] == hashlib.sha1(placement).hexdigest()[:12]
        again = play_again(rules, "random", "random", 2, 0, row["path"])
        assert (again.ply, again.winner or "draw") == (row["plies"], row["winner"])
    assert batch["seed"] == engine["seed"] == game_seed(2, 0)
    assert batch["deal"] != engine["deal"]


def test_two_worker_processes_get_big_tasks_and_the_same_table() -> None:
    study = Study(["barrage"], red="random", blue="random", games=400, seed=1, max_plies=60)
    tasks: list[int] = []
    pooled = study.play(workers=2, on_rows=lambda rows: tasks.append(len(rows)))
    assert sum(tasks) == 400 and len(tasks) <= 10     # not one game at a time
    alone = Study(["barrage"], red="random", blue="random", games=400, seed=1,
                  max_plies=60).play(workers=1)
    assert pooled == alone


def test_bad_paths_are_refused_with_a_sentence() -> None:
    with pytest.raises(sw.StrategoError, match="A study's path is one of auto, engine"):
        Study(["barrage"], red="random", blue="random", path="gpu")
    with pytest.raises(sw.StrategoError, match=r"plays batch policies .* not 'strong'"):
        Study(["barrage"], red="strong", blue="random", path="compiled")


def test_a_saved_batch_study_resumes_and_refuses_engine_games(tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "study.parquet")
    Study(["duel"], red="random", blue="random", games=2, max_plies=40).run(
        workers=1, progress=False, save=path)
    loaded = Study.load(path)
    assert loaded.path == "auto" and set(loaded.table["path"]) == {"compiled"}
    longer = Study(["duel"], red="random", blue="random", games=3, max_plies=40, path="python")
    table = longer.run(workers=1, progress=False, save=path)   # the same games: resumed
    assert list(table["path"]) == ["compiled", "compiled", "python"]
    with pytest.raises(sw.StrategoError, match="holds a different study"):
        Study(["duel"], red="random", blue="random", games=3, max_plies=40,
              path="engine").run(workers=1, progress=False, save=path)
    engine_row = Study(["duel"], red="random", blue="random", games=1, max_plies=40,
                       path="engine").play(workers=1)[0]
    study = Study(["duel"], red="random", blue="random", games=1, max_plies=40)
    with pytest.raises(sw.StrategoError, match="played on the engine path"):
        study.add([engine_row])
    assert study.done == 0


def test_a_study_saved_before_paths_is_an_engine_study(tmp_path: pathlib.Path) -> None:
    parquet = pytest.importorskip("pyarrow.parquet")
    path = str(tmp_path / "old.parquet")
    Study(["duel"], red="random", blue="random", games=2, max_plies=30, path="engine").run(
        workers=1, progress=False, save=path)
    table = parquet.read_table(path)
    metadata = dict(table.schema.metadata)
    metadata[b"stratego_study"] = metadata[b"stratego_study"].replace(b', "path": "engine"', b"")
    old = table.drop(["path"]).replace_schema_metadata(metadata)
    parquet.write_table(old, path)
    loaded = Study.load(path)
    assert loaded.path == "engine" and list(loaded.table["path"]) == ["engine", "engine"]
    with pytest.raises(sw.StrategoError, match="holds a different study"):
        Study(["duel"], red="random", blue="random", games=2, max_plies=30).run(
            workers=1, progress=False, save=path)


def test_the_summary_reads_a_table_with_paths() -> None:
    study = Study(["barrage", "barrage+aggressor-advantage"], red="heuristic", blue="random",
                  games=4, seed=1, max_plies=100)
    study.play(workers=1)
    assert study.summary().pairs[0].games == 4
    assert "path='engine'" in repr(Study(["duel"], red="random", blue="random",
                                         path="engine"))


def test_rows_given_without_a_path_take_the_studys(tmp_path: pathlib.Path) -> None:
    study = Study(["duel"], red="random", blue="random", games=1, max_plies=20)
    row: dict[str, Any] = {"ruleset": "duel", "game": 0, "seed": game_seed(0, 0),
                           "red": "random", "blue": "random", "winner": "draw",
                           "termination": "ply-limit", "plies": 20, "strikes": 0, "deal": "x"}
    assert study.add([row]) == 1 and study.rows()[0]["path"] == "compiled"
