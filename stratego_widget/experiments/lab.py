"""The variant lab: a panel to change one rule and see what it does, without writing code.

Pick an edition, switch optional rules and parameters, pick the two bots, the number of games
and the seed, press **Run**: the games are played on the same seeds with the change and without
it (a :class:`~stratego_widget.experiments.study.Study` of two rulesets), the progress bar and
the plots fill in as games finish, the comparison says whether the change made a difference
(paired, with intervals), and a click on a finished game replays it on the board.

Everything the panel does is a plain method, so a test or a script drives it from Python:
:meth:`VariantLab.configure` sets the controls, :meth:`VariantLab.run` plays (``wait=True``:
here and now), :meth:`VariantLab.select` loads a finished game into the board. The state and
the decisions are a :class:`~stratego_widget.experiments.lab_session.LabSession` (pure
Python, its thread included); this module is its view: ipywidgets that forward clicks to the
session and render what it says.

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

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from ..batch import DEFAULT_MAX_PLIES
from ..batch.extras import require
from ..engine.errors import StrategoError
from ..engine.game import Game
from ..engine.rulesets import Ruleset
from ..widget.board import StrategoWidget
from .lab_session import LabSession, replay_game
from .study import Study

__all__ = ["VariantLab", "replay_game"]

_WIDE = {"description_width": "initial"}


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
        self.session = LabSession(edition, red, blue, games, seed, max_plies)
        session = self.session
        self.edition = widgets.Dropdown(options=session.editions, description="Edition")
        self.option_boxes = {name: widgets.Checkbox(value=False, description=name, indent=False)
                             for name in session.ticked}
        self.parameters = {name: widgets.Dropdown(options=[(str(v), v) for v in values],
                                                  description=name, style=_WIDE)
                           for name, values in session.choices.items()}
        self.red = widgets.Dropdown(options=session.bots, description="Red")
        self.blue = widgets.Dropdown(options=session.bots, description="Blue")
        self.games = widgets.BoundedIntText(value=1, min=1, max=1_000_000,
                                            description="Games")
        self.seed = widgets.IntText(value=0, description="Seed")
        self.cap = widgets.BoundedIntText(value=DEFAULT_MAX_PLIES, min=1, max=1_000_000,
                                          description="Ply cap")
        self.run_button = widgets.Button(description="Run", button_style="primary",
                                         icon="play")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self.status = widgets.Label(session.status)
        # The plots as an <img> with a text alternative (an Image widget cannot carry one).
        self.plot = widgets.HTML()
        self.comparison = widgets.HTML()
        self.finished = widgets.Select(options=[], rows=8, description="Finished",
                                       layout=widgets.Layout(width="100%"))
        self.board_caption = widgets.Label()
        self.board_box = widgets.VBox()
        self.board: StrategoWidget  # set by the first render of the board
        self._quiet = False  # the view itself is changing the controls
        super().__init__(self._layout(), **kwargs)
        self.add_class("sw-variant-lab")  # for the page's style and the browser tests
        session.listener = self._render
        for what in ("controls", "board"):
            self._render(what)
        controls: dict[str, widgets.ValueWidget] = {
            "edition": self.edition, **self.option_boxes, **self.parameters, "red": self.red,
            "blue": self.blue, "games": self.games, "seed": self.seed, "cap": self.cap}
        for name, control in controls.items():
            control.observe(self._forward(name), names="value")
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

    # -- the session's state, as the panel's --------------------------------------------

    @property
    def running(self) -> bool:
        """Whether games are being played now."""
        return self.session.running

    @property
    def study(self) -> Study | None:
        """The current study (None before the first run)."""
        return self.session.study

    @property
    def selected(self) -> tuple[str, int] | None:
        """The finished game on the board, ``(ruleset, number)``, or None."""
        return self.session.selected

    @property
    def png(self) -> bytes:
        """The last picture of the plots, as PNG bytes."""
        return self.session.png

    @property
    def draws(self) -> int:
        """How many times the plots were drawn."""
        return self.session.draws

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
        self.session.configure(edition, options, params, red, blue, games, seed, max_plies)

    def options(self) -> list[str]:
        """The optional rules switched on, in the rulebook's order.

        Example:
            >>> lab = VariantLab("onyx-2009")
            >>> lab.option_boxes["rescue"].value = True      # a tick in the browser
            >>> lab.options(), lab.parameter_values()["rescue_area"]
            (['rescue'], 'half')
        """
        return self.session.options()

    def parameter_values(self) -> dict[str, Any]:
        """Every parameter control's value, by parameter name.

        Example:
            >>> VariantLab("classic-1961").parameter_values()["numbering"]
            'marshal-low'
        """
        return dict(self.session.params)

    def rulesets(self) -> list[Ruleset]:
        """The rulesets to compare: the edition as its rulebook has it (for a variant of your
        own: the game it is based on), then with the change (only the first when nothing is
        changed).

        Example:
            >>> [rules.spec for rules in VariantLab("duel").rulesets()]
            ['duel']
        """
        return self.session.rulesets()

    def make_study(self) -> Study:
        """The study the controls describe (no game played yet).

        Example:
            >>> VariantLab("duel", games=5, max_plies=300).make_study()
            Study(['duel'], red='heuristic', blue='random', games=5, seed=0; 0 of 5 played)
        """
        return self.session.make_study()

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
        return self.session.run(wait)

    def stop(self) -> None:
        """Stop once the pair of games being played is finished; the finished games are kept
        and Run plays the rest."""
        self.session.stop()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background games to end; True when they have."""
        return self.session.wait(timeout)

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
        return self.session.rows()

    def summary(self) -> Any:
        """The current study's :class:`~stratego_widget.experiments.summary.Summary`."""
        return self.session.summary()

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
        return self.session.select(name, number)

    # -- events in, pictures out --------------------------------------------------------

    def _forward(self, name: str) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if not self._quiet:
                self._press(lambda: self.session.click(name, change["new"]))
        return changed

    def _press(self, action: Callable[[], Any]) -> None:
        """A click: errors go to the status line (a button has nobody to raise to)."""
        try:
            action()
        except StrategoError as error:
            self.status.value = str(error)

    def _on_pick(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        name, number = change["new"]
        self._press(lambda: self.select(name, number))

    def _render(self, what: str) -> None:
        """Show what changed in the session (see :class:`LabSession`'s ``listener``)."""
        session = self.session
        self._quiet = True
        try:
            if what == "controls":
                self.edition.options = session.editions
                self.edition.value = session.edition
                for name, box in self.option_boxes.items():
                    box.value = session.ticked[name]
                for name, value in session.params.items():
                    self.parameters[name].value = value
                for control, value in ((self.red, session.red), (self.blue, session.blue),
                                       (self.games, session.games), (self.seed, session.seed),
                                       (self.cap, session.cap)):
                    control.value = value
            elif what == "status":
                self.status.value = session.status
            elif what == "buttons":
                self.run_button.disabled = session.playing
                self.stop_button.disabled = not session.playing
            elif what == "progress":
                self.progress.max, self.progress.value = session.progress[1], 0
                self.progress.value = session.progress[0]
            elif what == "drawn":
                self.finished.options = session.finished
                self.finished.value = session.selected if any(
                    value == session.selected for _, value in session.finished) else None
                if session.draws:
                    self.plot.value = session.plot_html
                    self.comparison.value = session.comparison_html
            elif what == "board" and session.board_game is not None:
                self._show_board(session.board_game, session.board_caption)
                if session.board_replays:
                    self.board.handle({"type": "replay", "index": 0})
                    self.finished.value = session.selected
        finally:
            self._quiet = False

    def _show_board(self, game: Game, caption: str) -> None:
        old = self.board_box.children
        self.board = StrategoWidget(game=game, viewer="both")
        self.board_box.children = (self.board,)
        self.board_caption.value = caption
        for widget in old:
            widget.close()
