"""The rules engine: pure Python, no I/O, no dependencies (it runs in Pyodide).

Each module is one concept, and each imports only the modules listed before it here:
``errors``, ``pieces``, ``geometry``, ``rulesets``, ``moves``, ``combat``, ``position`` (the
state and the only code that changes it), ``repetition``, ``rescue``, ``movegen``,
``ending``, ``observation``, ``referee``, ``explanations``, ``notation``, ``setups``,
``placements``, ``display`` and ``game`` (the facade).

Example:
    >>> from stratego_widget.engine.game import Game
    >>> Game.random("duel", seed=1).piece_count("red")
    10
"""
