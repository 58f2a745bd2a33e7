"""The variant lab's state and decisions, without a widget: :class:`LabSession`.

A session holds what the lab's controls say, decides what a change of them means (a new
edition puts the parameters back to its rulebook), plays the study (the lab's one thread, its
stop and its lock are here) and keeps what the panel shows: the status, the progress, the
finished games, the plots, the comparison and the game on the board.
:class:`~stratego_widget.experiments.lab.VariantLab` is its ipywidgets view.

Example:
    >>> session = LabSession("duel", red="random", blue="random", games=2, seed=3,
    ...                      max_plies=40)
    >>> session.configure(options=["aggressor-advantage"])
    >>> [rules.spec for rules in session.rulesets()]
    ['duel', 'duel+aggressor-advantage']
    >>> study = session.run(wait=True)
    >>> session.progress, session.status
    ((4, 4), 'Done: 4 games.')
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..batch import DEFAULT_MAX_PLIES
from ..bots import BOTS
from ..engine.errors import RulesetError, StrategoError
from ..engine.game import Game
from ..engine.rulesets import Ruleset, option_names, parameter_choices, ruleset, ruleset_names
from ..engine.variants import variant
from .plots import comparison_html, picture_html, plot_study
from .study import Study, deal_seed, game_path, play_again, play_games

__all__ = ["DRAWING_SHARE", "REDRAW_EVERY", "LabSession", "replay_game"]

log = logging.getLogger(__name__)

#: The parameter that caps every game: one control for both rulesets (a fair comparison
#: needs the same cap on both sides), not a change of the variant.
_CAP = "max_plies"
#: At most one redraw of the plots per this many seconds while a study runs, and at most
#: :data:`DRAWING_SHARE` of the time spent drawing (a slow drawing waits longer).
REDRAW_EVERY = 1.0
DRAWING_SHARE = 0.1


def replay_game(study: Study, name: str, number: int) -> Game:
    """Game ``number`` of ruleset ``name`` in ``study``, played again move for move from its
    seed: the same setups and the same bot choices as the study's row.

    Example:
        >>> study = Study(["duel"], red="random", blue="random", games=2, seed=4, max_plies=50)
        >>> row = study.play(workers=1)[1]
        >>> game = replay_game(study, "duel", 1)
        >>> game.ply == row["plies"], (game.winner or "draw") == row["winner"]
        (True, True)
    """
    if name not in study.rulesets:
        raise StrategoError("lab-game", f"The study has no ruleset {name!r}; its rulesets: "
                            f"{', '.join(study.rulesets)}.")
    if isinstance(number, bool) or not isinstance(number, int) \
            or not 0 <= number < study.games:
        raise StrategoError("lab-game", f"Game {number!r} is not a game of this study "
                            f"(0 to {study.games - 1}).")
    return play_again(study.rulesets[name], study.red, study.blue, study.seed, number,
                      study.paths[name][0])


class LabSession:
    """The variant lab's state and decisions; the arguments are :class:`VariantLab
    <stratego_widget.experiments.lab.VariantLab>`'s. ``listener`` (the view's) is called
    with what changed, where the panel lives: ``"controls"``, ``"status"``, ``"progress"``,
    ``"drawn"`` (the list, plots and comparison), ``"board"`` or ``"buttons"``.

    Example:
        >>> session = LabSession("original", games=3)
        >>> session.configure(options=["rescue"], params={"two_square_count": 5})
        >>> session.rulesets()[1].spec, session.rulesets()[1].two_square_count
        ('original+rescue', 5)
    """

    def __init__(self, edition: str | Ruleset = "barrage", red: str = "heuristic",
                 blue: str = "random", games: int = 20, seed: int = 0,
                 max_plies: int | None = None) -> None:
        self.bots = list(BOTS)
        self.editions = ruleset_names()
        self.ticked = dict.fromkeys(option_names(), False)
        #: The values each parameter control offers, by parameter name.
        self.choices = {name: list(values) for name, values in parameter_choices().items()
                        if values is not None}
        self.edition = self.editions[0]
        self.params = {name: values[0] for name, values in self.choices.items()}
        self.red, self.blue, self.games, self.seed = self.bots[0], self.bots[0], 1, 0
        self.cap = DEFAULT_MAX_PLIES
        self.status = "Choose a change and press Run."
        self.progress = (0, 1)
        self.finished: list[tuple[str, tuple[str, int]]] = []
        self.png = b""
        self.plot_html = ""
        self.comparison_html = ""
        self.board_game: Game | None = None
        self.board_caption = ""
        self.board_replays = False  # the board shows a finished game from its first position
        self.playing = False  # between Run and the end of the games (the buttons follow)
        self.study: Study | None = None
        self.selected: tuple[str, int] | None = None
        self.draws = 0  # how many times the plots were drawn
        self.listener: Callable[[str], None] = lambda _what: None
        self._lock = threading.Lock()  # the study's rows, between the player and the panel
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._next_draw = 0.0  # time.monotonic() of the next redraw while playing
        self._variants: dict[str, Ruleset] = {}  # variants of the user's own, by name
        self.configure(edition=edition, options=[], red=red, blue=blue, games=games, seed=seed,
                       max_plies=max_plies if max_plies is not None else DEFAULT_MAX_PLIES)

    # -- the settings -------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether games are being played now."""
        return self._thread is not None and self._thread.is_alive()

    def configure(self, edition: str | Ruleset | None = None,
                  options: Iterable[str] | None = None,
                  params: Mapping[str, Any] | None = None, red: str | None = None,
                  blue: str | None = None, games: int | None = None, seed: int | None = None,
                  max_plies: int | None = None) -> None:
        """Set controls, as a person would click them; the others keep their values (see
        :meth:`VariantLab.configure <stratego_widget.experiments.lab.VariantLab.configure>`).
        Everything is checked first: a bad value raises and changes nothing.

        Example:
            >>> session = LabSession("duel")
            >>> try:
            ...     session.configure(games=0)
            ... except StrategoError as error:
            ...     print(error.rule, error)
            lab The number of games is a whole number from 1 up, not 0.
        """
        if self.running:
            raise StrategoError("lab-busy", "The lab is playing: stop it before changing "
                                "the settings.")
        custom: Ruleset | None = None
        if isinstance(edition, Ruleset):
            if edition.is_variant or edition != ruleset(edition.spec):
                custom = self._own(edition)
            edition = edition.name
        edition = self.edition if edition is None else edition
        chosen = self.options() if options is None else list(options)
        if edition not in self.editions and custom is None:
            raise StrategoError("lab", f"Unknown edition {edition!r}; editions: "
                                f"{', '.join(self.editions)}.")
        for name in chosen:
            if name not in self.ticked:
                raise StrategoError("lab", f"Unknown option {name!r}; options: "
                                    f"{', '.join(self.ticked)}.")
        rules = self._optioned(custom or edition, chosen)  # a bad combination raises here
        if edition != self.edition or options is not None:
            values = {name: getattr(rules, name) for name in self.params}
        else:
            values = dict(self.params)
        for name, value in (params or {}).items():
            if name == _CAP:
                raise StrategoError("lab", "The ply cap is the same for both rulesets: "
                                    "give it as max_plies.")
            if name not in self.params:
                raise RulesetError(f"Unknown parameter {name!r}; parameters: "
                                   f"{', '.join(self.params)}.")
            rules.with_params(**{name: value})  # a bad value raises here
            values[name] = value
        for side, bot in (("red", red), ("blue", blue)):
            if bot is not None and bot not in self.bots:
                raise StrategoError("lab", f"Unknown bot {bot!r} for {side}; bots: "
                                    f"{', '.join(self.bots)}.")
        for label, number, low in (("games", games, 1), ("ply cap", max_plies, 1),
                                   ("seed", seed, None)):
            if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                                       or (low is not None and number < low)):
                whole = "a whole number" + (f" from {low} up" if low is not None else "")
                what = "number of games" if label == "games" else label
                raise StrategoError("lab", f"The {what} is {whole}, not {number!r}.")
        if custom is not None:
            self._variants[edition] = custom
            self.editions = [*ruleset_names(), *self._variants]
        self.edition = edition
        self.ticked = {name: name in chosen for name in self.ticked}
        self.params = values
        self.red = red if red is not None else self.red
        self.blue = blue if blue is not None else self.blue
        self.games = games if games is not None else self.games
        self.seed = seed if seed is not None else self.seed
        self.cap = max_plies if max_plies is not None else self.cap
        self.listener("controls")
        self._show_deal()

    def click(self, control: str, value: Any) -> None:
        """A control changed in the browser (``"edition"``, an option's name, a parameter's
        name, ``"red"``, ``"blue"``, ``"games"``, ``"seed"`` or ``"cap"``): its value is taken
        as it is, and a new edition or option puts the parameters back to that ruleset's
        values; a bad combination is said in the status line (and refused by Run).

        Example:
            >>> session = LabSession("onyx-2009")
            >>> session.click("rescue", True)
            >>> session.options(), session.params["rescue_area"]
            (['rescue'], 'half')
        """
        if control in ("edition", *self.ticked):
            if control == "edition":
                self.edition = value
            else:
                self.ticked[control] = bool(value)
            try:
                rules = self._optioned(self.edition, self.options())
            except StrategoError as error:
                self._set_status(str(error))
                return
            self.params = {name: getattr(rules, name) for name in self.params}
            self.listener("controls")
        elif control in self.params:
            self.params[control] = value
        elif control in ("red", "blue", "games", "seed", "cap"):
            setattr(self, control, value)
        else:
            raise StrategoError("lab", f"The lab has no control {control!r}.")
        if control not in self.params and control != "games" and control != "cap":
            self._show_deal()  # the edition, the seed and the bots choose the deal

    def _own(self, rules: Ruleset) -> Ruleset:
        """A variant given as the edition, checked: it must have a name of its own."""
        if not rules.is_variant:
            raise StrategoError("lab", f"{rules.spec!r} with changed parameters is not an "
                                "edition: give it a name with sw.variant(base, name, ...), or "
                                "pick the edition and set its parameters in the lab.")
        return rules

    def _optioned(self, edition: str | Ruleset, options: list[str]) -> Ruleset:
        """The edition (a name, or a variant of the user's own) with ``options`` switched on."""
        if isinstance(edition, str):
            if edition not in self._variants:
                return ruleset("+".join([edition, *options]))
            edition = self._variants[edition]
        return variant(edition, edition.name, options=options) if options else edition

    def options(self) -> list[str]:
        """The optional rules switched on, in the rulebook's order.

        Example:
            >>> LabSession("duel").options()
            []
        """
        return [name for name, on in self.ticked.items() if on]

    def rulesets(self) -> list[Ruleset]:
        """The rulesets to compare: the edition as its rulebook has it (for a variant of your
        own: the game it is based on), then with the change (only the first when nothing is
        changed).

        Example:
            >>> [rules.spec for rules in LabSession("duel").rulesets()]
            ['duel']
        """
        compared = self._compared()
        return list(compared.values()) if isinstance(compared, dict) else compared

    def _compared(self) -> list[Ruleset] | dict[str, Ruleset]:
        """The rulesets to compare: a list (the study names them), or by name for a variant of
        the user's own."""
        cap = {_CAP: self.cap}
        custom = self._variants.get(self.edition)
        base = ruleset(custom.spec if custom is not None else self.edition, **cap)
        optioned = self._optioned(self.edition, self.options())
        changed = {name: value for name, value in self.params.items()
                   if value != getattr(optioned, name) or type(value) is not type(
                       getattr(optioned, name))}
        changed_rules = optioned.with_params(**changed, **cap)
        if changed_rules == base:
            return [base]
        if custom is None:
            return [base, changed_rules]
        # A variant keeps its name whatever is switched on: say what the lab added to it.
        extra = "".join(f"+{option}" for option in self.options())
        if changed:
            extra += f"({', '.join(f'{key}={value}' for key, value in sorted(changed.items()))})"
        return {custom.spec: base, custom.name + extra: changed_rules}

    def make_study(self) -> Study:
        """The study the controls describe (no game played yet).

        Example:
            >>> LabSession("duel", games=5, max_plies=300).make_study()
            Study(['duel'], red='heuristic', blue='random', games=5, seed=0; 0 of 5 played)
        """
        return Study(self._compared(), red=self.red, blue=self.blue, games=self.games,
                     seed=self.seed, max_plies=self.cap)

    # -- playing: the lab's one thread ------------------------------------------------------

    def run(self, wait: bool = False) -> Study:
        """Play the study the controls describe and return it: here (``wait=True``) or in a
        background thread (see :meth:`VariantLab.run
        <stratego_widget.experiments.lab.VariantLab.run>`)."""
        if self.running:
            raise StrategoError("lab-busy", "The lab is already playing; stop it first.")
        study = self.make_study()
        previous = self.study
        if previous is not None and {**previous.config(), "games": study.games} \
                == study.config() and previous.games <= study.games:
            with self._lock:
                study.add(previous.rows())
        else:
            self.selected = None
        self.study = study
        self._stop.clear()
        self._next_draw = 0.0  # the first finished game is shown at once
        self._loop = None
        if not wait:  # the kernel's event loop, in a notebook cell or a button's handler
            with contextlib.suppress(RuntimeError):
                self._loop = asyncio.get_running_loop()
        self.progress = (study.done, study.total)
        self._started(study)
        if wait:
            self._play(study)
        else:
            self._thread = threading.Thread(target=self._play, args=(study,), daemon=True,
                                            name="variant-lab")
            self._thread.start()
        return study

    def stop(self) -> None:
        """Stop once the pair of games being played is finished; the finished games are kept
        and Run plays the rest."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background games to end; True when they have."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.running

    def _play(self, study: Study) -> None:
        """Play the games one by one, game ``n`` of both rulesets together: a stop ends the
        study between two pairs, so its finished games are complete pairs."""
        try:
            number = None
            for job in study.jobs(chunk=1):
                if self._stop.is_set() and job.games != number:
                    break
                number = job.games
                rows = play_games(job)
                with self._lock:
                    study.add(rows)
                self._call(self._show_progress)
        except Exception as error:  # shown in the panel: a thread has nobody to raise to
            log.exception("variant lab: the study failed")
            text = f"The study failed: {error}"
            self._call(lambda: self._set_status(text))
        finally:
            self._call(self._finished_playing)

    def _call(self, action: Callable[[], None]) -> None:
        """Run ``action`` where the panel lives: on the kernel's event loop when the games
        run in the background of a notebook (widgets and pyplot belong to its thread), else
        here."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(action)
        else:
            action()

    # -- results ------------------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """The finished games of the current study (none before the first run).

        Example:
            >>> LabSession("duel").rows()
            []
        """
        if self.study is None:
            return []
        with self._lock:
            return self.study.rows()

    def summary(self) -> Any:
        """The current study's :class:`~stratego_widget.experiments.summary.Summary`."""
        if self.study is None:
            raise StrategoError("lab-game", "Nothing has been played yet: press Run.")
        with self._lock:
            return self.study.summary()

    def select(self, name: str, number: int) -> Game:
        """Put finished game ``number`` of ruleset ``name`` on the board, replayed from its
        seed; return the game.

        Example:
            >>> session = LabSession("duel", red="random", blue="random", games=1,
            ...                      max_plies=30)
            >>> _ = session.run(wait=True)
            >>> session.select("duel", 0).ply == session.rows()[0]["plies"]
            True
        """
        if self.study is None or not any(
                row["ruleset"] == name and row["game"] == number for row in self.rows()):
            raise StrategoError("lab-game", f"Game {number!r} of {name!r} is not a finished "
                                "game of this lab's study.")
        game = replay_game(self.study, name, number)
        self.selected = (name, number)
        self._show_board(game, True, f"Game {number} under {name}: {game.winner or 'draw'} "
                         f"({game.result_reason}) after {game.ply} plies; the slider "
                         "steps through it.")
        return game

    # -- what the panel shows -----------------------------------------------------------

    def _started(self, study: Study) -> None:
        self.playing = True
        self.listener("buttons")
        self._set_status(f"Playing {study.total} games ({study.done} already finished).")
        self._show_progress(draw=False)

    def _finished_playing(self) -> None:
        self.playing = False
        self.listener("buttons")
        study = self.study
        if study is None:
            return
        self._show_progress(draw=True)
        if study.complete:
            self._set_status(f"Done: {study.total} games.")
        elif self._stop.is_set():
            self._set_status(f"Stopped: {study.done} of {study.total} games are finished and "
                             "kept; Run plays the rest.")

    def _set_status(self, text: str) -> None:
        self.status = text
        self.listener("status")

    def _show_progress(self, draw: bool | None = None) -> None:
        """Take in the finished games: the progress after each game; the list, the plots and
        the comparison when ``draw``, or by default at most every :data:`REDRAW_EVERY` seconds
        and so that drawing takes at most :data:`DRAWING_SHARE` of the time."""
        study = self.study
        if study is None:
            return
        rows = self.rows()
        self.progress = (len(rows), study.total)
        self.listener("progress")
        if draw is None:  # while playing
            self._set_status(f"Playing: {len(rows)} of {study.total} games finished.")
        start = time.monotonic()
        if draw is None:
            draw = start >= self._next_draw
        if not draw:
            return
        order = {name: index for index, name in enumerate(study.rulesets)}
        entries = sorted(rows, key=lambda row: (row["game"], order.get(row["ruleset"], 0)))
        self.finished = [(f"game {row['game']} · {row['ruleset']}: {row['winner']} "
                          f"({row['termination']}, {row['plies']} plies)",
                          (row["ruleset"], row["game"])) for row in entries]
        if rows:
            summary = self.summary()
            figure = plot_study(summary, rows)
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png", dpi=72)
            self.png = buffer.getvalue()
            self.plot_html = picture_html(self.png, study.rulesets)
            self.comparison_html = comparison_html(summary)
            self.draws += 1
        self.listener("drawn")
        if rows:
            took = time.monotonic() - start
            self._next_draw = start + max(REDRAW_EVERY, took / DRAWING_SHARE)

    def _show_board(self, game: Game, replays: bool, caption: str) -> None:
        self.board_game, self.board_replays, self.board_caption = game, replays, caption
        self.listener("board")

    def _show_deal(self) -> None:
        """Before a game is picked, the board shows the armies of game 0 (the same under
        every ruleset of the comparison) on the path the study will play it on."""
        if self.selected is not None and self.study is not None:
            return
        try:
            rules = self._optioned(self.edition, [])
        except StrategoError:
            return
        path = game_path(rules, self.red, self.blue)[0]
        self._show_board(Game.random(rules, seed=deal_seed(self.seed, 0, path)), False,
                         "The armies of game 0 (the same with and without the change); "
                         "pick a finished game to replay it.")

