"""The variant lab: a panel to change one rule and see what it does, without writing code.

Pick an edition, switch optional rules and parameters, pick the two bots, the number of games
and the seed, press **Run**: the games are played on the same seeds with the change and without
it (a :class:`~stratego_widget.experiments.study.Study` of two rulesets), the progress bar and
the plots fill in as games finish, the comparison says whether the change made a difference
(paired, with intervals), and a click on a finished game replays it on the board.

Everything the panel does is a plain method, so a test or a script drives it from Python:
:meth:`VariantLab.configure` sets the controls, :meth:`VariantLab.run` plays (``wait=True``:
here and now), :meth:`VariantLab.select` loads a finished game into the board.

Example:
    >>> lab = VariantLab("duel", red="random", blue="random", games=2, seed=3, max_plies=40)
    >>> lab.configure(options=["aggressor-advantage"])
    >>> [rules.spec for rules in lab.rulesets()]
    ['duel', 'duel+aggressor-advantage']
    >>> study = lab.run(wait=True)
    >>> lab.progress.value, lab.progress.max
    (4, 4)
    >>> game = lab.select("duel+aggressor-advantage", 1)
    >>> lab.board.game.ply == game.ply == study.rows()[3]["plies"]
    True
"""

from __future__ import annotations

import asyncio
import base64
import html
import io
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from ..bots import BOTS
from ..engine.errors import RulesetError, StrategoError
from ..engine.game import Game
from ..engine.rulesets import Ruleset, option_names, parameter_choices, ruleset, ruleset_names
from ..engine.variants import variant
from ..widget.board import StrategoWidget
from ._extras import require
from .plots import plot_study
from .study import DEFAULT_MAX_PLIES, Study, deal_seed, game_path, play_again, play_games

__all__ = ["VariantLab", "replay_game"]

log = logging.getLogger(__name__)

#: The parameter that caps every game: one control for both rulesets (a fair comparison
#: needs the same cap on both sides), not a change of the variant.
_CAP = "max_plies"
_WIDE = {"description_width": "initial"}
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


def _event_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from a notebook cell or a button, else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class VariantLab(widgets.VBox):
    """A panel that plays a rule change against the game without it and shows the difference.

    ``edition``: one of :func:`~stratego_widget.engine.rulesets.ruleset_names`, or a variant of
    your own (:func:`~stratego_widget.engine.variants.variant`): it joins the list of editions
    and is compared with the game it is based on. ``red`` and ``blue``: bot names from the
    bots' registry (read when the lab is made, so new levels show up). ``games`` per ruleset, ``seed`` of the study, ``max_plies`` the cap of every game
    (default: :data:`~stratego_widget.experiments.study.DEFAULT_MAX_PLIES`). Bad values raise
    a :class:`~stratego_widget.engine.errors.StrategoError` (rule ``lab``) and change nothing.

    The controls are ipywidgets (``edition``, ``option_boxes``, ``parameters``, ``red``,
    ``blue``, ``games``, ``seed``, ``cap``, ``run_button``, ``stop_button``), the results are
    ``progress`` (an IntProgress), ``status``, ``plot`` (HTML: the plots as an image with a text alternative; ``png`` its bytes), ``comparison`` (HTML),
    ``finished`` (a Select of the finished games) and ``board`` (a StrategoWidget).
    """

    def __init__(self, edition: str | Ruleset = "barrage", red: str = "heuristic",
                 blue: str = "random", games: int = 20, seed: int = 0,
                 max_plies: int | None = None, **kwargs: Any) -> None:
        require("matplotlib", "VariantLab", "plots")
        bots = list(BOTS)
        self.edition = widgets.Dropdown(options=ruleset_names(), description="Edition")
        self.option_boxes = {name: widgets.Checkbox(value=False, description=name, indent=False)
                             for name in option_names()}
        self.parameters = {name: widgets.Dropdown(options=[(str(v), v) for v in values],
                                                  description=name, style=_WIDE)
                           for name, values in parameter_choices().items()
                           if values is not None}
        self.red = widgets.Dropdown(options=bots, description="Red")
        self.blue = widgets.Dropdown(options=bots, description="Blue")
        self.games = widgets.BoundedIntText(value=1, min=1, max=1_000_000,
                                            description="Games")
        self.seed = widgets.IntText(value=0, description="Seed")
        self.cap = widgets.BoundedIntText(value=DEFAULT_MAX_PLIES, min=1, max=1_000_000,
                                          description="Ply cap")
        self.run_button = widgets.Button(description="Run", button_style="primary",
                                         icon="play")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self.status = widgets.Label("Choose a change and press Run.")
        # The plots as an <img> with a text alternative (an Image widget cannot carry one);
        # ``png`` keeps the last picture's bytes.
        self.plot = widgets.HTML()
        self.png = b""
        self.comparison = widgets.HTML()
        self.finished = widgets.Select(options=[], rows=8, description="Finished",
                                       layout=widgets.Layout(width="100%"))
        self.board_caption = widgets.Label()
        self.board_box = widgets.VBox()
        self.board: StrategoWidget  # set by configure, through _show_board
        self.study: Study | None = None
        self.selected: tuple[str, int] | None = None
        self.draws = 0  # how many times the plots were drawn
        self._lock = threading.Lock()  # the study's rows, between the player and the panel
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._quiet = False  # the panel itself is changing the controls
        self._next_draw = 0.0  # time.monotonic() of the next redraw while playing
        self._variants: dict[str, Ruleset] = {}  # variants of the user's own, by name
        super().__init__(self._layout(), **kwargs)
        self.add_class("sw-variant-lab")  # for the page's style and the browser tests
        self.configure(edition=edition, options=[], red=red, blue=blue, games=games, seed=seed,
                       max_plies=max_plies if max_plies is not None else DEFAULT_MAX_PLIES)
        self.edition.observe(self._on_rules_control, names="value")
        for box in self.option_boxes.values():
            box.observe(self._on_rules_control, names="value")
        for control in (self.seed, self.red, self.blue):  # the bots choose the path: the deal
            control.observe(lambda _change: self._show_deal(), names="value")
        self.run_button.on_click(lambda _button: self._press(self.run))
        self.stop_button.on_click(lambda _button: self._press(self.stop))
        self.finished.observe(self._on_pick, names="value")

    def _layout(self) -> list[widgets.Widget]:
        options = widgets.HBox(list(self.option_boxes.values()),
                               layout=widgets.Layout(flex_flow="row wrap"))
        parameters = widgets.HBox(list(self.parameters.values()),
                                  layout=widgets.Layout(flex_flow="row wrap"))
        players = widgets.HBox([self.red, self.blue, self.games, self.seed, self.cap],
                               layout=widgets.Layout(flex_flow="row wrap"))
        return [
            widgets.HTML("<b>The change</b>: an edition, its optional rules and parameters"),
            self.edition, options, parameters,
            widgets.HTML("<b>The games</b>: the bots, how many games per ruleset, the seed"),
            players, widgets.HBox([self.run_button, self.stop_button, self.progress]),
            self.status, self.plot, self.comparison, self.finished, self.board_caption,
            self.board_box,
        ]

    def __repr__(self) -> str:
        change = "+".join(self.options()) or "no option"
        study = self.study
        played = f"; {study.done} of {study.total} played" if study is not None else ""
        return (f"VariantLab({self.edition.value}: {change}; {self.red.value} against "
                f"{self.blue.value}, {self.games.value} games per ruleset{played})")

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
        """Set controls from Python, as a person would click them; the others keep their
        values. A new edition or new options put the parameters back to that ruleset's values,
        then ``params`` change some of them. ``edition`` may be a variant of your own: it
        joins the editions under its name. Everything is checked first: a bad value raises
        (rule ``lab``, or the ruleset's own error) and changes nothing.

        Example:
            >>> lab = VariantLab("original", games=3)
            >>> lab.configure(options=["rescue"], params={"two_square_count": 5})
            >>> lab.rulesets()[1].spec, lab.rulesets()[1].two_square_count
            ('original+rescue', 5)
            >>> try:
            ...     lab.configure(games=0)
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
        edition = self.edition.value if edition is None else edition
        chosen = self.options() if options is None else list(options)
        if edition not in self.edition.options and custom is None:
            raise StrategoError("lab", f"Unknown edition {edition!r}; editions: "
                                f"{', '.join(self.edition.options)}.")
        for name in chosen:
            if name not in self.option_boxes:
                raise StrategoError("lab", f"Unknown option {name!r}; options: "
                                    f"{', '.join(self.option_boxes)}.")
        rules = self._optioned(custom or edition, chosen)  # a bad combination raises here
        if edition != self.edition.value or options is not None:
            values = {name: getattr(rules, name) for name in self.parameters}
        else:
            values = self.parameter_values()
        for name, value in (params or {}).items():
            if name == _CAP:
                raise StrategoError("lab", "The ply cap is the same for both rulesets: "
                                    "give it as max_plies.")
            if name not in self.parameters:
                raise RulesetError(f"Unknown parameter {name!r}; parameters: "
                                   f"{', '.join(self.parameters)}.")
            rules.with_params(**{name: value})  # a bad value raises here
            values[name] = value
        for side, bot in (("red", red), ("blue", blue)):
            if bot is not None and bot not in self.red.options:
                raise StrategoError("lab", f"Unknown bot {bot!r} for {side}; bots: "
                                    f"{', '.join(self.red.options)}.")
        for label, number, low in (("games", games, 1), ("ply cap", max_plies, 1),
                                   ("seed", seed, None)):
            if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                                       or (low is not None and number < low)):
                whole = "a whole number" + (f" from {low} up" if low is not None else "")
                what = "number of games" if label == "games" else label
                raise StrategoError("lab", f"The {what} is {whole}, not {number!r}.")
        self._quiet = True
        try:
            if custom is not None:
                self._variants[edition] = custom
                self.edition.options = [*ruleset_names(), *self._variants]
            self.edition.value = edition
            for name, box in self.option_boxes.items():
                box.value = name in chosen
            for name, value in values.items():
                self.parameters[name].value = value
            for control, value in ((self.red, red), (self.blue, blue), (self.games, games),
                                   (self.seed, seed), (self.cap, max_plies)):
                if value is not None:
                    control.value = value
        finally:
            self._quiet = False
        self._show_deal()

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
            >>> lab = VariantLab("onyx-2009")
            >>> lab.option_boxes["rescue"].value = True      # a tick in the browser
            >>> lab.options(), lab.parameter_values()["rescue_area"]
            (['rescue'], 'half')
        """
        return [name for name, box in self.option_boxes.items() if box.value]

    def parameter_values(self) -> dict[str, Any]:
        """Every parameter control's value, by parameter name.

        Example:
            >>> VariantLab("classic-1961").parameter_values()["numbering"]
            'marshal-low'
        """
        return {name: control.value for name, control in self.parameters.items()}

    def rulesets(self) -> list[Ruleset]:
        """The rulesets to compare: the edition as its rulebook has it (for a variant of your
        own: the game it is based on), then with the change (only the first when nothing is
        changed).

        Example:
            >>> [rules.spec for rules in VariantLab("duel").rulesets()]
            ['duel']
        """
        compared = self._compared()
        return list(compared.values()) if isinstance(compared, dict) else compared

    def _compared(self) -> list[Ruleset] | dict[str, Ruleset]:
        """The rulesets to compare: a list (the study names them), or by name for a variant of
        the user's own."""
        edition = self.edition.value
        cap = {_CAP: self.cap.value}
        custom = self._variants.get(edition)
        base = ruleset(custom.spec if custom is not None else edition, **cap)
        optioned = self._optioned(edition, self.options())
        changed = {name: value for name, value in self.parameter_values().items()
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
            >>> VariantLab("duel", games=5, max_plies=300).make_study()
            Study(['duel'], red='heuristic', blue='random', games=5, seed=0; 0 of 5 played)
        """
        return Study(self._compared(), red=self.red.value, blue=self.blue.value,
                     games=self.games.value, seed=self.seed.value, max_plies=self.cap.value)

    # -- playing ------------------------------------------------------------------------

    def run(self, wait: bool = False) -> Study:
        """Play the study the controls describe and return it. ``wait=True`` plays here and
        returns when every game is finished; otherwise the games are played in a background
        thread while the panel stays live (:meth:`stop` stops it, :meth:`wait` waits).

        Running again with the same settings plays only the games not finished yet (after a
        stop), and with more games only the new ones.

        Example:
            >>> lab = VariantLab("duel", red="random", blue="random", games=2, max_plies=30)
            >>> lab.run(wait=True).done, lab.status.value
            (2, 'Done: 2 games.')
            >>> lab.configure(games=3)
            >>> study = lab.run()                # in the background; the two games are kept
            >>> lab.wait(60), study.done, lab.progress.value
            (True, 3, 3)
        """
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
        self._loop = None if wait else _event_loop()
        self.progress.max = study.total
        self.progress.value = study.done
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

    def _press(self, action: Callable[[], Any]) -> None:
        """A button press: errors go to the status line (a button has nobody to raise to)."""
        try:
            action()
        except StrategoError as error:
            self._set_status(str(error))

    # -- results ------------------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """The finished games of the current study (none before the first run), as
        :meth:`Study.rows <stratego_widget.experiments.study.Study.rows>` gives them.

        Example:
            >>> lab = VariantLab("duel", red="random", blue="random", games=2, max_plies=30)
            >>> lab.rows()
            []
            >>> _ = lab.run(wait=True)
            >>> len(lab.rows()), lab.summary().rates["duel"].games
            (2, 2)
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
        """Replay finished game ``number`` of ruleset ``name`` on the board, from its first
        position (the board's slider steps through it); return the game. The same as a click
        on the game in the list.

        Example:
            >>> lab = VariantLab("duel", red="random", blue="random", games=1, max_plies=30)
            >>> _ = lab.run(wait=True)
            >>> game = lab.select("duel", 0)
            >>> game.ply == lab.rows()[0]["plies"], lab.board.view["replay"]["index"]
            (True, 0)
            >>> lab.selected
            ('duel', 0)
        """
        if self.study is None or not any(
                row["ruleset"] == name and row["game"] == number for row in self.rows()):
            raise StrategoError("lab-game", f"Game {number!r} of {name!r} is not a finished "
                                "game of this lab's study.")
        game = replay_game(self.study, name, number)
        self._show_board(game, f"Game {number} under {name}: {game.winner or 'draw'} "
                         f"({game.result_reason}) after {game.ply} plies; the slider "
                         "steps through it.")
        self.board.handle({"type": "replay", "index": 0})
        self.selected = (name, number)
        if self.finished.value != self.selected:
            self._quiet = True
            try:
                self.finished.value = self.selected
            finally:
                self._quiet = False
        return game

    # -- the panel ----------------------------------------------------------------------

    def _started(self, study: Study) -> None:
        self.run_button.disabled = True
        self.stop_button.disabled = False
        self._set_status(f"Playing {study.total} games ({study.done} already finished).")
        self._show_progress(draw=False)

    def _finished_playing(self) -> None:
        self.run_button.disabled = False
        self.stop_button.disabled = True
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
        self.status.value = text

    def _show_progress(self, draw: bool | None = None) -> None:
        """Show the finished games: the bar after each game; the list, the plots and the
        comparison when ``draw``, or by default at most every :data:`REDRAW_EVERY` seconds and
        so that drawing takes at most :data:`DRAWING_SHARE` of the time."""
        study = self.study
        if study is None:
            return
        rows = self.rows()
        self.progress.value = len(rows)
        if draw is None:  # while playing
            self._set_status(f"Playing: {len(rows)} of {study.total} games finished.")
        start = time.monotonic()
        if draw is None:
            draw = start >= self._next_draw
        if draw:
            self._list_games(rows)
        if draw and rows:
            summary = self.summary()
            figure = plot_study(summary, rows)
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png", dpi=72)
            self.png = buffer.getvalue()
            self.plot.value = _picture_html(self.png, study.rulesets)
            self.comparison.value = _comparison_html(summary)
            self.draws += 1
            took = time.monotonic() - start
            self._next_draw = start + max(REDRAW_EVERY, took / DRAWING_SHARE)

    def _list_games(self, rows: list[dict[str, Any]]) -> None:
        order = {name: index for index, name in enumerate(self.study.rulesets)} \
            if self.study is not None else {}
        entries = sorted(rows, key=lambda row: (row["game"], order.get(row["ruleset"], 0)))
        choices = [(f"game {row['game']} · {row['ruleset']}: {row['winner']} "
                    f"({row['termination']}, {row['plies']} plies)",
                    (row["ruleset"], row["game"])) for row in entries]
        self._quiet = True
        try:
            self.finished.options = choices
            keep = self.selected if any(value == self.selected for _, value in choices) \
                else None
            self.finished.value = keep
        finally:
            self._quiet = False

    def _show_board(self, game: Game, caption: str) -> None:
        old = self.board_box.children
        self.board = StrategoWidget(game=game, viewer="both")
        self.board_box.children = (self.board,)
        self.board_caption.value = caption
        for widget in old:
            widget.close()

    def _show_deal(self) -> None:
        """Before a game is picked, the board shows the armies of game 0 (the same under
        every ruleset of the comparison) on the path the study will play it on."""
        if self.selected is not None and self.study is not None:
            return
        try:
            rules = self._optioned(self.edition.value, [])
        except StrategoError:
            return
        path = game_path(rules, self.red.value, self.blue.value)[0]
        self._show_board(Game.random(rules, seed=deal_seed(self.seed.value, 0, path)),
                         "The armies of game 0 (the same with and without the change); "
                         "pick a finished game to replay it.")

    def _on_rules_control(self, _change: dict[str, Any]) -> None:
        if self._quiet:
            return
        try:
            rules = self._optioned(self.edition.value, self.options())
        except StrategoError as error:
            self._set_status(str(error))
            return
        self._quiet = True
        try:
            for name, control in self.parameters.items():
                control.value = getattr(rules, name)
        finally:
            self._quiet = False
        self._show_deal()

    def _on_pick(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        name, number = change["new"]
        try:
            self.select(name, number)
        except StrategoError as error:
            self._set_status(str(error))


def _games(pair: Any) -> str:
    """What the paired games of a comparison share."""
    if pair.setups == "same":
        return f"the same {pair.games} games (same seeds and setups)"
    return f"{pair.games} games with the same seeds (different armies, so different setups)"


def _comparison_html(summary: Any) -> str:
    """The headline of the comparison, then the whole summary as text."""
    lines = []
    for pair in summary.pairs:
        verdict = "a significant difference" if pair.significant else \
            "no significant difference"
        first, second = summary.rates[pair.first], summary.rates[pair.second]
        lines.append(
            f"<p><b>{html.escape(pair.second)}</b> against <b>{html.escape(pair.first)}</b> "
            f"on {_games(pair)}: Red wins {100 * pair.second_rate:.1f}% against "
            f"{100 * pair.first_rate:.1f}% ({100 * (0.0 - pair.difference):+.1f} points, "
            f"{summary.confidence:.0%} interval [{100 * (0.0 - pair.high):+.1f}, "
            f"{100 * (0.0 - pair.low):+.1f}], p = {pair.p_value:.3g}): {verdict}; median length "
            f"{second.plies_median:g} plies against {first.plies_median:g}.</p>")
    if not summary.pairs:
        lines.append("<p>Nothing to compare: switch an option or change a parameter.</p>")
    # pre-wrap, not pre: a summary line wider than the notebook would widen the whole HTML box
    # (a flex item grows to its content), so the headline above it ran past the output's edge.
    return ("".join(lines) + '<pre style="white-space: pre-wrap; overflow-wrap: anywhere; '
            'font-size: smaller">' + html.escape(str(summary)) + "</pre>")


def _picture_html(png: bytes, rulesets: Iterable[str]) -> str:
    """The plots as an ``<img>`` whose text alternative says what they show, in a box no
    wider than the output."""
    alt = html.escape("Wins, draws and game lengths per ruleset: " + ", ".join(rulesets))
    encoded = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{encoded}" alt="{alt}" '
            'style="max-width: 100%; height: auto">')
