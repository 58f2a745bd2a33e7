"""Studies: the same table with any number of workers and on Dask; stopping, saving and
resuming; pairing; the summary; missing extras; the command line.

Every study here is a few games with a low ply cap, so the file runs in seconds.
"""

from __future__ import annotations

import pathlib
import re
import sys
import warnings
from typing import Any

import pytest
from project import PROJECT

import stratego_widget as sw
from stratego_widget.bots import make_bot, play_game
from stratego_widget.experiments import MissingExtraError, Study, game_seed
from stratego_widget.experiments import cli as study_cli
from stratego_widget.experiments import study as study_module
from stratego_widget.experiments.study import bot_seed

pandas = pytest.importorskip("pandas")

RULESETS = ["barrage", "barrage+aggressor-advantage"]


def small_study(**changes: Any) -> Study:
    settings: dict[str, Any] = {"rulesets": RULESETS, "red": "heuristic", "blue": "random",
                                "games": 4, "seed": 7, "max_plies": 80}
    settings.update(changes)
    return Study(**settings)


@pytest.fixture(scope="module")
def reference() -> Any:
    """The table of the small study played here, in this process."""
    return small_study().run(workers=1, progress=False)


def test_one_row_per_game_with_the_columns_of_the_issue(reference: Any) -> None:
    assert len(reference) == 8
    assert list(reference.columns) == ["ruleset", "game", "seed", "red", "blue", "winner",
                                       "termination", "plies", "strikes", "deal", "path"]
    assert list(reference["ruleset"]) == ["barrage"] * 4 + ["barrage+aggressor-advantage"] * 4
    assert list(reference["game"]) == [0, 1, 2, 3] * 2
    assert set(reference["winner"]) <= {"red", "blue", "draw"}
    assert (reference["plies"] <= 80).all()
    terminations = {t.value for t in sw.Termination}
    assert set(reference["termination"]) <= terminations


def test_a_row_is_the_game_its_seed_plays() -> None:
    row = small_study(path="engine").run(workers=1, progress=False).iloc[5]
    assert row["path"] == "engine"   # the bots on the engine (tests/experiments/test_study_paths.py: batch)
    rules = sw.ruleset(row["ruleset"], max_plies=80)
    seed = game_seed(7, int(row["game"]))
    assert row["seed"] == seed
    game = play_game(rules, make_bot("heuristic", bot_seed(seed, "red")),
                     make_bot("random", bot_seed(seed, "blue")), seed=seed)
    assert game.outcome is not None
    assert row["plies"] == game.ply and row["winner"] == game.outcome.result()
    assert row["termination"] == game.outcome.termination.value
    assert row["strikes"] == sum(entry.strike in ("attacker", "defender", "both")
                                 for entry in game.history)


def test_the_same_seed_gives_the_same_table_with_two_worker_processes(reference: Any) -> None:
    table = small_study().run(workers=2, progress=False, chunk=1)
    pandas.testing.assert_frame_equal(table, reference)


def test_the_same_table_on_a_dask_cluster_of_two_worker_processes(
        reference: Any, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dashboard's port and similar set-up notes
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=":0")
    with cluster, distributed.Client(cluster) as client:
        assert len(client.nthreads()) == 2
        table = small_study().run(client=client, progress=False, chunk=1)
        pandas.testing.assert_frame_equal(table, reference)
        # The command line on the same cluster, by the scheduler's address.
        config = tmp_path / "cluster.toml"
        config.write_text(f"rulesets = {RULESETS}\ngames = 4\nseed = 7\nmax_plies = 80\n"
                          '[output]\nplot = ""\nsummary = ""\n', encoding="utf-8")
        assert study_cli.main([str(config), "--scheduler", cluster.scheduler_address,
                               "--no-progress"]) == 0
    pandas.testing.assert_frame_equal(pandas.read_parquet(tmp_path / "cluster.parquet"),
                                      reference)
    capsys.readouterr()


def test_games_are_paired_on_the_same_setups_where_the_armies_allow_it(reference: Any) -> None:
    first, second = (reference[reference["ruleset"] == name] for name in RULESETS)
    assert list(first["deal"]) == list(second["deal"])
    assert list(first["seed"]) == list(second["seed"])
    assert first["deal"].nunique() == 4  # and each game its own deal
    other = Study(["barrage", "duel"], red="random", blue="random", games=2, max_plies=30)
    other.play(workers=1)
    summary = other.summary()
    assert summary.pairs[0].setups == "different"
    assert small_study().jobs(chunk=2)[0].games == (0, 1)


def test_the_summary_counts_what_the_table_holds(reference: Any) -> None:
    study = small_study()
    study.add(reference.to_dict("records"))
    summary = study.summary()
    for name in RULESETS:
        games = reference[reference["ruleset"] == name]
        rates = summary.rates[name]
        assert rates.games == 4
        assert rates.red_wins == (games["winner"] == "red").sum()
        assert rates.red_low <= rates.red_rate <= rates.red_high
        assert rates.plies_median == games["plies"].median()
        assert sum(summary.endings[name].values()) == 4
    (pair,) = summary.pairs
    assert pair.games == 4 and pair.setups == "same"
    assert pair.both + pair.first_only + pair.second_only + pair.neither == 4
    assert pair.low <= pair.difference <= pair.high
    assert 0.0 <= pair.p_value <= 1.0 and pair.significant == (pair.p_holm < 0.05)
    text = str(summary)
    assert "95% intervals" in text and "same seeds and setups" in text
    assert ("not significant" in text) != pair.significant
    assert len(summary.rates_table()) == 2 and len(summary.pairs_table()) == 1
    assert summary.endings_table().to_numpy().sum() == 8
    assert summary._repr_html_().startswith("<pre>")  # how a notebook shows it


def test_a_stopped_study_keeps_its_finished_games_and_resumes(
        reference: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    real = study_module.play_games
    calls = []

    def stops_on_the_third_job(job: study_module.Job) -> list[dict[str, Any]]:
        calls.append(job)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(study_module, "play_games", stops_on_the_third_job)
    path = str(tmp_path / "study.parquet")
    study = small_study()
    with pytest.warns(UserWarning, match="Study stopped: 2 of 8 games"):
        partial = study.run(workers=1, progress=False, chunk=1, save=path)
    assert len(partial) == 2 and not study.complete
    # Game 0 of both rulesets: the jobs go pair by pair.
    assert sorted(zip(partial["ruleset"], partial["game"], strict=True)) == [
        ("barrage", 0), ("barrage+aggressor-advantage", 0)]
    assert Study.load(path).done == 2
    monkeypatch.setattr(study_module, "play_games", real)
    again = small_study()
    table = again.run(workers=1, progress=False, save=path)
    pandas.testing.assert_frame_equal(table, reference)
    assert again.complete
    loaded = Study.load(path)
    pandas.testing.assert_frame_equal(loaded.table, reference)
    assert loaded.config() == again.config()


def test_ctrl_c_stops_a_pool_keeping_what_the_workers_finished() -> None:
    """Ctrl-C arrives in the parent (the workers ignore it) while the pool still has games to
    play: the pool stops, the games it finished are kept and are the games a run without a stop
    plays."""
    study = small_study(games=30, max_plies=60, path="engine")
    interrupted: list[bool] = []

    def first_rows(rows: list[dict[str, Any]]) -> None:
        # Ctrl-C at the first finished game, raised where Python's handler would raise it (a
        # timer could fire after the last game on a loaded machine; a signal sent from another
        # thread was once lost in a finaliser that the garbage collector ran at that moment).
        if not interrupted:
            interrupted.append(True)
            raise KeyboardInterrupt

    with pytest.warns(UserWarning, match="Study stopped"):
        study.play(workers=2, chunk=1, on_rows=first_rows)
    partial = study.table
    assert 0 < len(partial) < 60 and not study.complete
    whole = small_study(games=30, max_plies=60, path="engine").run(workers=1, progress=False)
    kept = whole.merge(partial[["ruleset", "game"]], on=["ruleset", "game"])
    pandas.testing.assert_frame_equal(kept, partial)
    pandas.testing.assert_frame_equal(study.run(workers=2, progress=False), whole)


def test_a_saved_study_is_extended_with_more_games(
        reference: Any, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "study.parquet")
    small_study(games=2).run(workers=1, progress=False, save=path)
    played: list[tuple[int, ...]] = []
    real = study_module.play_games

    def recording(job: study_module.Job) -> list[dict[str, Any]]:
        played.append(job.games)
        return real(job)

    monkeypatch.setattr(study_module, "play_games", recording)
    longer = small_study()
    pandas.testing.assert_frame_equal(longer.run(workers=1, progress=False, save=path),
                                      reference)
    assert sorted(n for games in played for n in games) == [2, 2, 3, 3]  # only the new ones
    assert Study.load(path).done == 8
    with pytest.raises(sw.StrategoError, match="holds a different study"):
        small_study(games=3).run(workers=1, progress=False, save=path)  # would lose games


def test_a_saved_file_of_another_study_is_refused(tmp_path: pathlib.Path) -> None:
    path = str(tmp_path / "study.parquet")
    Study(["duel"], red="random", blue="random", games=1, max_plies=20).run(
        workers=1, progress=False, save=path)
    with pytest.raises(sw.StrategoError, match="holds a different study"):
        Study(["duel"], red="random", blue="random", games=2, max_plies=30).run(
            workers=1, progress=False, save=path)
    with pytest.raises(sw.StrategoError, match="holds a different study"):
        Study(["duel"], red="heuristic", blue="random", games=1, max_plies=20).run(
            workers=1, progress=False, save=path)
    study = Study(["duel"], red="random", blue="random", games=1, max_plies=20)
    with pytest.raises(sw.StrategoError, match="not a game of this study"):
        study.add([{"ruleset": "duel", "game": 0, "seed": 1, "red": "random",
                    "blue": "random"}])


def test_bad_studies_are_refused_with_a_sentence() -> None:
    with pytest.raises(sw.StrategoError, match="Unknown bot 'clever' for red"):
        Study(["duel"], red="clever")
    with pytest.raises(sw.StrategoError, match="twice"):
        Study(["duel", "duel"])
    with pytest.raises(sw.StrategoError, match="at least one game"):
        Study(["duel"], games=0)
    with pytest.raises(sw.RulesetError):
        Study(["original+chess"])
    named = Study({"three": "original", "five": sw.ruleset("original", two_square_count=5)})
    assert list(named.rulesets) == ["three", "five"]
    assert named.rulesets["five"].two_square_count == 5
    assert named.rulesets["three"].max_plies == study_module.DEFAULT_MAX_PLIES
    assert list(Study([sw.ruleset("original", two_square_count=5)]).rulesets) == [
        "original(two_square_count=5)"]


@pytest.mark.parametrize(("hidden", "call", "message"), [
    ("pandas", lambda s: s.run(workers=1, progress=False),
     "Study.run needs pandas: pip install stratego-widget[experiments]"),
    ("tqdm", lambda s: s.run(workers=1),
     "Study.run's progress bar needs tqdm: pip install stratego-widget[experiments]"),
    ("matplotlib", lambda s: s.plot(),
     "Study.plot needs matplotlib: pip install stratego-widget[plots]"),
    ("pyarrow", lambda s: s.save("unused.parquet"),
     "Study.save needs pyarrow: pip install stratego-widget[experiments]"),
    ("distributed", lambda s: s.run(workers=1, progress=False, client=object()),
     "Study.run(client=...) needs distributed: pip install stratego-widget[dask]"),
])
def test_a_missing_extra_gives_a_one_line_error(monkeypatch: pytest.MonkeyPatch, hidden: str,
                                                call: Any, message: str) -> None:
    study = Study(["duel"], red="random", blue="random", games=1, max_plies=10)
    study.play(workers=1)
    monkeypatch.setitem(sys.modules, hidden, None)
    with pytest.raises(MissingExtraError) as info:
        call(study)
    assert str(info.value) == message


def test_the_command_line_writes_the_table_the_plot_and_the_summary(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "rules.toml"
    config.write_text('rulesets = ["duel", "duel+aggressor-advantage"]\n'
                      'red = "heuristic"\nblue = "random"\ngames = 2\nseed = 3\n'
                      'max_plies = 40\n', encoding="utf-8")
    assert study_cli.main([str(config), "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr()
    assert "duel against duel+aggressor-advantage" in out.out
    table = pandas.read_parquet(tmp_path / "rules.parquet")
    assert len(table) == 4
    assert (tmp_path / "rules.png").read_bytes()[:4] == b"\x89PNG"
    assert "How games end" in (tmp_path / "rules.txt").read_text(encoding="utf-8")
    # Again: everything was played, so nothing is played twice.
    assert study_cli.main([str(config), "--workers", "1", "--no-progress"]) == 0
    assert "4 of 4 games" in capsys.readouterr().err


def test_the_command_line_reads_named_rulesets_and_writes_csv(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "named.toml"
    config.write_text('games = 1\nred = "random"\nmax_plies = 20\n'
                      '[rulesets]\nthree = "original"\n'
                      'five = { spec = "original", two_square_count = 5 }\n'
                      '[output]\ntable = "games.csv"\nplot = ""\nsummary = ""\n',
                      encoding="utf-8")
    out = tmp_path / "out"
    assert study_cli.main([str(config), "--out", str(out), "--no-progress"]) == 0
    assert sorted(pandas.read_csv(out / "games.csv")["ruleset"]) == ["five", "three"]
    assert sorted(p.name for p in out.iterdir()) == ["games.csv"]
    capsys.readouterr()


@pytest.mark.parametrize(("text", "message"), [
    ("games = 2", "needs a list of rulesets"),
    ('rulesets = ["duel"]\nplayers = 2', "Unknown keys ['players']"),
    ('rulesets = ["duel"]\n[output]\npicture = "a.png"', "Unknown keys ['picture'] in [output]"),
    ('rulesets = ["chess"]', "Unknown ruleset 'chess'"),
    ("rulesets = [", "not valid TOML"),
    ('[rulesets]\nx = { two_square_count = 5 }', "needs a spec"),
])
def test_the_command_line_explains_a_bad_study_file(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], text: str,
        message: str) -> None:
    config = tmp_path / "bad.toml"
    config.write_text(text, encoding="utf-8")
    assert study_cli.main([str(config), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stratego-study: error:") and message in err
    assert len(err.strip().splitlines()) == 1


def test_an_empty_study_summarises_without_games() -> None:
    study = Study(["duel"], games=2)
    summary = study.summary()
    assert summary.rates == {} and summary.pairs == []
    assert "heuristic (red) against random (blue)" in str(summary)
    with pytest.raises(sw.StrategoError, match="no finished game to plot"):
        study.plot()


def test_the_study_files_of_the_documentation_are_valid() -> None:
    docs = PROJECT / "docs" / "experiments.md"
    blocks = re.findall(r"```toml\n(.*?)```", docs.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    study, output = study_cli.parse_config(blocks[0], "aggressor")
    assert list(study.rulesets) == RULESETS and study.games == 2000
    assert output == {"table": "aggressor.parquet", "plot": "aggressor.png",
                      "summary": "aggressor.txt"}
    named, _ = study_cli.parse_config(blocks[1])
    assert named.rulesets["five"].two_square_count == 5
