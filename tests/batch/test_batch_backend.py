"""One owner per decision: the batch backend (compiled kernel or Python engine) is chosen by
``stratego_widget.batch.backend.choose_backend`` for every caller, a missing extra is said by
``stratego_widget.batch.extras`` for every feature, and a deal has one fingerprint."""

from __future__ import annotations

import sys

import pytest
from project import PROJECT

from stratego_widget.batch import BatchError, backend, deal, deal_fingerprint, play_batch, seeds
from stratego_widget.batch.extras import MissingExtraError
from stratego_widget.engine.errors import RulesetError
from stratego_widget.engine.rulesets import Ruleset, ruleset
from stratego_widget.env.compiled import CompiledVectorEnv
from stratego_widget.experiments import Study, play_games
from stratego_widget.experiments.study import Job

PACKAGE = PROJECT / "stratego_widget"


def test_a_study_batch_play_and_the_compiled_env_follow_the_one_backend_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, str, str]] = []

    def no_kernel_today(rules: Ruleset, chosen: str = "auto",
                        caller: str = "play_batch") -> tuple[str, str]:
        asked.append((rules.spec, chosen, caller))
        return "python", "no kernel today"

    monkeypatch.setattr(backend, "choose_backend", no_kernel_today)
    study = Study(["barrage"], red="random", blue="random", games=2, max_plies=30)
    assert study.paths == {"barrage": ("python", "no kernel today")}
    assert "no kernel today" in study.path_line()
    assert asked == [("barrage", "auto", "Study")]
    # The study's decision is passed down to its tasks, which play on it without asking again.
    assert {job.path for job in study.jobs()} == {"python"}
    assert {row["path"] for row in study.play(workers=1)} == {"python"}
    assert [chosen for _, chosen, _ in asked[1:]] == ["python", "python"]  # no new decision
    play_batch("barrage", games=1, seed=2, backend="auto")
    assert asked[-1] == ("barrage", "auto", "play_batch")
    with pytest.raises(RulesetError, match="CompiledVectorEnv: no kernel today") as refused:
        CompiledVectorEnv("barrage", num_envs=1)
    assert "\n" not in str(refused.value)
    assert asked[-1] == ("barrage", "auto", "CompiledVectorEnv")


def test_a_task_of_the_compiled_path_plays_compiled_without_asking_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    job = Job("barrage", "barrage", (("max_plies", 40),), "random", "random", 0, (0, 1),
              "compiled")
    expected = play_games(job)

    def refuses(rules: Ruleset, chosen: str = "auto",
                caller: str = "play_batch") -> tuple[str, str]:
        assert chosen == "compiled", "a task of a decided path asks only to check it"
        return "compiled", ""

    monkeypatch.setattr(backend, "choose_backend", refuses)
    assert play_games(job) == expected
    assert {row["path"] for row in expected} == {"compiled"}


def test_without_numba_every_caller_names_the_extra_the_same_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # as if it were not installed
    needs = "needs numba: pip install stratego-widget[fast]"
    with pytest.raises(BatchError) as batch:
        play_batch("barrage", games=1, backend="compiled")
    assert str(batch.value) == f"play_batch(backend='compiled') {needs}"
    with pytest.raises(MissingExtraError) as env:
        CompiledVectorEnv("barrage", num_envs=1)
    assert str(env.value) == f"CompiledVectorEnv {needs}" and env.value.extra == "fast"
    study = Study(["barrage"], red="random", blue="random", games=1)
    assert study.paths == {"barrage": ("python", f"the compiled kernel {needs}")}
    assert backend.choose_backend(ruleset("barrage")) == study.paths["barrage"]


def test_the_install_line_of_an_extra_is_written_once() -> None:
    """Every "needs X: pip install stratego-widget[extra]" of the package comes from
    ``MissingExtraError``: the text is written in ``batch/extras.py`` only."""
    written = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "pip install stratego-widget" in path.read_text(encoding="utf-8")
        and path.name != "extras.py")
    assert written == []


def test_a_study_and_a_batch_fingerprint_a_deal_alike() -> None:
    """Game 0 of a study on the batch path is game 0 of the batch of its seed: the same deal
    column from the one fingerprint."""
    rules = ruleset("duel", max_plies=20)
    study = Study({"duel": rules}, red="random", blue="random", games=1, path="python")
    row = study.play(workers=1)[0]
    batch = play_batch(rules, games=1, seed=row["seed"], backend="python")[0]
    assert row["deal"] == batch["deal"] == deal_fingerprint(
        deal(rules, seeds(row["seed"], 0)[0]))
