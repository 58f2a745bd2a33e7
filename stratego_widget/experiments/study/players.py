"""A study's players: a built-in level's name, a bot object or a factory of bots.

- a **name** from the bots' registry (``"heuristic"``): the level, seeded for each game;
- a **bot object** (anything with ``choose(observation) -> move``): each game gets a fresh copy
  of it (:func:`copy.deepcopy`), so what it learns or draws in one game does not reach the next
  and a game's row does not depend on which games share a worker;
- a **factory**: a class or function called with each game's bot seed, returning a bot
  (``RandomBot``, ``functools.partial(StrongBot, samples=4)``, a function of your own).

A player other than a name is named in the table by its ``name`` attribute when it has one
(text), else by its class's or function's name; that name may not be a built-in level's.
Objects and factories travel to worker processes and Dask workers by :mod:`pickle`:
:func:`check_picklable` says in one line when one cannot.

Example:
    >>> from stratego_widget.bots import RandomBot
    >>> player_label(RandomBot), player_label("strong")
    ('RandomBot', 'strong')
    >>> type(make_player(RandomBot, seed=3)).__name__
    'RandomBot'
"""

from __future__ import annotations

import copy
import pickle

from ...bots import BOTS, Bot, make_bot
from ...engine.errors import StrategoError

__all__ = ["check_picklable", "is_named", "make_player", "player_label"]


def is_named(player: object) -> bool:
    """Whether ``player`` is a built-in level's name (a text).

    Example:
        >>> is_named("random"), is_named(object())
        (True, False)
    """
    return isinstance(player, str)


def _is_bot_object(player: object) -> bool:
    return not isinstance(player, type) and callable(getattr(player, "choose", None))


def player_label(player: object, side: str = "red") -> str:
    """How the table names ``player`` (playing ``side`` in the study); a
    :class:`~stratego_widget.StrategoError` (rule ``study``) for something that cannot play.

    Example:
        >>> player_label(lambda seed: None)
        '<lambda>'
        >>> player_label(42, "blue")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: The blue player is a bot level (random, beginner, heuristic, strong), a bot object with choose(observation) or a factory of bots, not 42.
    """
    if isinstance(player, str):
        if player not in BOTS:
            raise StrategoError("study", f"Unknown bot {player!r} for {side}; built-in bots: "
                                f"{', '.join(BOTS)}.")
        return player
    if not (_is_bot_object(player) or callable(player)):
        raise StrategoError("study", f"The {side} player is a bot level ({', '.join(BOTS)}), "
                            "a bot object with choose(observation) or a factory of bots, "
                            f"not {player!r:.40}.")
    name = getattr(player, "name", None)
    if not isinstance(name, str) or not name:
        name = type(player).__name__ if _is_bot_object(player) else \
            getattr(player, "__name__", type(player).__name__)
    if name in BOTS or not name.isprintable():
        raise StrategoError("study", f"The {side} player's name {name!r} is a built-in level's "
                            "or not printable: give the bot another name (a name attribute).")
    return name


def make_player(player: object, seed: int) -> Bot:
    """The bot that plays one game: the level ``player`` names, a copy of the bot object, or
    what the factory makes of ``seed``.

    Example:
        >>> bot = make_player("random", seed=1)
        >>> bot.choose({"legal_moves": ["a4-a5"]})
        'a4-a5'
    """
    if isinstance(player, str):
        return make_bot(player, seed=seed)
    if _is_bot_object(player):
        bot: Bot = copy.deepcopy(player)  # type: ignore[assignment]
        return bot
    made = player(seed)  # type: ignore[operator]
    if not _is_bot_object(made):
        raise StrategoError("study", f"The factory {player_label(player)!r} made "
                            f"{made!r:.40}, not a bot with choose(observation).")
    return made


def check_picklable(player: object, side: str) -> None:
    """Nothing if ``player`` can be sent to worker processes; else a one-line
    :class:`~stratego_widget.StrategoError` (rule ``study``) saying why and what to do.

    Example:
        >>> check_picklable("random", "red")
        >>> check_picklable(lambda seed: None, "blue")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: The blue player '<lambda>' cannot be sent to worker processes (PicklingError): define its class or function at the top level of a module, or play with workers=1.
    """
    if isinstance(player, str):
        return
    try:
        pickle.dumps(player)
    except Exception as error:  # pickle raises many kinds; all mean the same here
        raise StrategoError("study", f"The {side} player {player_label(player, side)!r} "
                            f"cannot be sent to worker processes ({type(error).__name__}): "
                            "define its class or function at the top level of a module, or "
                            "play with workers=1.") from None

