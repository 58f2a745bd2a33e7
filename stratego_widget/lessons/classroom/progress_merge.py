"""Two records of one learner's progress as one: each step keeps the attempts of both, the
better best stars and the review schedule of the side that played it last
(:meth:`~stratego_widget.lessons.classroom.progress.Progress.merged`).

Example:
    >>> from .attempts import StepRecord
    >>> merged = merge_records({"scout": {0: StepRecord("", best=1)}},
    ...                        {"scout": {0: StepRecord("", best=3)}, "miner": {}})
    >>> merged["scout"][0].best, sorted(merged)
    (3, ['miner', 'scout'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from .attempts import MAX_ATTEMPTS_KEPT, StepRecord


def merge_records(mine: Mapping[str, Mapping[int, StepRecord]],
                  theirs: Mapping[str, Mapping[int, StepRecord]]) -> dict[str, dict[int, StepRecord]]:
    """The records of two progresses of one learner as one, lesson key by key and step by
    step (new records: neither side's is changed). A step whose records were made on
    different versions of it keeps the record played last (``mine`` on a tie).

    Example:
        >>> merge_records({"scout": {0: StepRecord("", best=2)}}, {})["scout"][0].best
        2
    """
    merged: dict[str, dict[int, StepRecord]] = {}
    for key in sorted(set(mine) | set(theirs)):
        here, there = mine.get(key, {}), theirs.get(key, {})
        merged[key] = {index: _merge_record(here.get(index), there.get(index))
                       for index in sorted(set(here) | set(there))}
    return merged


def _last_played(record: StepRecord) -> str:
    return max((a.date for a in record.attempts), default="")


def _merge_record(mine: StepRecord | None, theirs: StepRecord | None) -> StepRecord:
    """Two records of one step as one (see :func:`merge_records`)."""
    if mine is None or theirs is None:
        kept = mine if mine is not None else theirs
        assert kept is not None
        return dataclasses.replace(kept, attempts=list(kept.attempts))
    later = theirs if _last_played(theirs) > _last_played(mine) else mine
    if mine.fingerprint and theirs.fingerprint and mine.fingerprint != theirs.fingerprint:
        return dataclasses.replace(later, attempts=list(later.attempts))
    attempts = list(mine.attempts)
    attempts += [a for a in theirs.attempts if a not in attempts]
    attempts.sort(key=lambda a: a.date)
    return StepRecord(mine.fingerprint or theirs.fingerprint, attempts[-MAX_ATTEMPTS_KEPT:],
                      max(mine.best, theirs.best), later.due, later.interval)
