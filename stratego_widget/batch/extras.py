"""Optional dependencies: imported when a feature needs them, with a one-line error naming the
extra to install when they are missing. Every "needs X: pip install stratego-widget[extra]"
of the package is made here (:class:`MissingExtraError`), by :func:`require`.

The study engine itself needs only the standard library and the engine; the table needs pandas
(extra ``experiments``, with tqdm for the progress bar and pyarrow for Parquet files), the
plots matplotlib (extra ``plots``) and the cluster Dask (extra ``dask``). The batch
playouts' compiled kernel needs numba (extra ``fast``; :mod:`stratego_widget.batch`), and
``stratego-widget export`` nbconvert and nbformat (extra ``export``), the environments of
:mod:`stratego_widget.env` numpy, Gymnasium and PettingZoo (extra ``rl``).

Example:
    >>> require("math", "Study.run", "experiments").sqrt(4.0)
    2.0
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRAS", "MissingExtraError", "require"]

#: The extras of ``pyproject.toml`` and the packages each one brings.
EXTRAS = {
    "experiments": ("pandas", "tqdm", "pyarrow"),
    "plots": ("matplotlib",),
    "dask": ("dask", "distributed"),
    "fast": ("numba", "numpy"),
    "export": ("nbconvert", "nbformat"),
    "rl": ("gymnasium", "pettingzoo", "numpy"),
    "openspiel": ("open_spiel", "numpy"),
}

class MissingExtraError(ImportError):
    """A feature's optional dependency is not installed; the message says which extra has it.

    Example:
        >>> str(MissingExtraError("Study.plot", "matplotlib", "plots"))
        'Study.plot needs matplotlib: pip install stratego-widget[plots]'
    """

    def __init__(self, feature: str, module: str, extra: str) -> None:
        package = module.split(".")[0]
        super().__init__(f"{feature} needs {package}: pip install stratego-widget[{extra}]",
                         name=module)
        self.feature = feature
        self.extra = extra


MissingExtraError.__module__ = "stratego_widget.experiments"


def require(module: str, feature: str, extra: str) -> ModuleType:
    """Import ``module`` for ``feature``, or raise :class:`MissingExtraError` naming ``extra``.

    The top-level package is imported first, so a package hidden from the import system (as a
    test does by setting ``sys.modules["matplotlib"] = None``) counts as missing even when one
    of its submodules was loaded before.

    Example:
        >>> require("no_such_package_here", "Study.plot", "plots")
        Traceback (most recent call last):
        ...
        stratego_widget.experiments.MissingExtraError: Study.plot needs no_such_package_here: pip install stratego-widget[plots]
    """
    try:
        importlib.import_module(module.split(".")[0])
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingExtraError(feature, module, extra) from error
