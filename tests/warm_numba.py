"""Fill numba's on-disk cache with the batch kernel (``NUMBA_CACHE_DIR``, which ``make`` sets
to ``.cache/numba``): every function of the kernel and of the stepper, compiled by running
their doctests (the same calls, so the same signatures the tests use).

``make test`` runs it beside the linters, and conftest.py before a run with several workers,
so that the workers load the kernel instead of each compiling it (about 35 s on one core).

Example:
    python tests/warm_numba.py
"""

from __future__ import annotations

import doctest
import importlib.util


def warm() -> None:
    """Compile the kernel and the stepper into numba's cache (nothing without numba)."""
    if importlib.util.find_spec("numba") is None:
        return
    import stratego_widget.batch.kernel as kernel
    import stratego_widget.batch.stepper as stepper

    doctest.testmod(kernel)
    doctest.testmod(stepper)


if __name__ == "__main__":
    warm()
