"""Where batch games are played: the one place that decides between the compiled kernel and the
pure-Python engine.

:func:`choose_backend` gives ``(backend, reason)`` for a ruleset: ``"compiled"`` where numba is
installed and the kernel plays the ruleset, else ``"python"`` and why not compiled, in a few
words. :func:`~stratego_widget.batch.play_batch`, a study (:class:`~stratego_widget.experiments.
Study`, once per ruleset, passed down to its tasks) and the compiled environment
(:class:`~stratego_widget.env.compiled.CompiledVectorEnv`) all ask it, so they agree.
:func:`kernel` and :func:`stepper` load the compiled modules (numba is imported only then).

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> choose_backend(ruleset("barrage"), "python")
    ('python', 'asked for')
    >>> choose_backend(ruleset("barrage"))[0] in ("compiled", "python")
    True
"""

from __future__ import annotations

from types import ModuleType

from ..engine.rulesets import Ruleset
from .errors import BatchError
from .extras import MissingExtraError, require

__all__ = ["BACKENDS", "choose_backend", "compiled_available", "kernel", "stepper"]

#: The backends :func:`choose_backend` (and :func:`~stratego_widget.batch.play_batch`) knows.
BACKENDS = ("auto", "compiled", "python")


def _numba(feature: str) -> None:
    """Import numba, or raise :class:`MissingExtraError` naming ``feature`` and the extra."""
    try:
        require("numba", "the compiled kernel", "fast")
    except MissingExtraError as missing:
        raise MissingExtraError(feature, "numba", "fast") from missing


def kernel(feature: str = "the compiled kernel") -> ModuleType:
    """The compiled kernel module (:mod:`stratego_widget.batch.kernel`), or
    :class:`~stratego_widget.experiments.MissingExtraError` naming the extra ``fast`` and
    ``feature`` without numba.

    Example:
        >>> kernel().supports  # doctest: +ELLIPSIS
        <function supports at ...>
    """
    _numba(feature)
    from . import kernel as compiled

    return compiled


def stepper(feature: str = "the compiled stepper") -> ModuleType:
    """The compiled stepper module (:mod:`stratego_widget.batch.stepper`), as :func:`kernel`.

    Example:
        >>> stepper().Boards.__name__
        'Boards'
    """
    _numba(feature)
    from . import stepper as compiled

    return compiled


def compiled_available() -> bool:
    """Whether the compiled backend can run here (numba is installed).

    Example:
        >>> compiled_available() in (True, False)
        True
    """
    try:
        kernel()
    except MissingExtraError:
        return False
    return True


def choose_backend(rules: Ruleset, backend: str = "auto",
                   caller: str = "play_batch") -> tuple[str, str]:
    """``(backend, reason)``: where batch games of ``rules`` are played when ``backend`` (one
    of :data:`BACKENDS`) is asked for, and why not in the compiled kernel (``""`` when they
    are). ``"auto"`` gives ``"compiled"`` where it can, else ``"python"``; ``"compiled"``
    that cannot be played raises a one-line :class:`~stratego_widget.batch.BatchError`
    naming ``caller`` (rule ``batch-extra`` without numba, ``batch-ruleset`` for a ruleset
    the kernel does not play).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> choose_backend(ruleset("duel"), "python")
        ('python', 'asked for')
        >>> choose_backend(ruleset("duel"), "gpu")
        Traceback (most recent call last):
        ...
        stratego_widget.batch.BatchError: A batch backend is one of auto, compiled, python, not 'gpu'.
    """
    if backend not in BACKENDS:
        raise BatchError("batch", f"A batch backend is one of {', '.join(BACKENDS)}, "
                         f"not {backend!r}.")
    if backend == "python":
        return "python", "asked for"
    try:
        compiled = kernel("the compiled kernel" if backend == "auto"
                          else f"{caller}(backend='compiled')")
    except MissingExtraError as missing:
        if backend == "auto":
            return "python", str(missing)
        raise BatchError("batch-extra", str(missing)) from None
    reason = compiled.unsupported_reason(rules)
    if reason is None:
        return "compiled", ""
    if backend == "auto":
        return "python", reason
    raise BatchError("batch-ruleset", f"{caller}(backend='compiled'): {reason}; "
                     "backend='python' plays it.")
