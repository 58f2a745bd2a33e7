"""File and picture formats built on the engine: game records and static SVG pictures.

Example:
    >>> from stratego_widget.formats.records import dump, load
    >>> from stratego_widget.engine.game import Game
    >>> load(dump(Game.random("duel", seed=1))).ply
    0
"""
