import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import stratego_widget as sw
    from stratego_widget import StrategoWidget

    return StrategoWidget, mo, sw


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        # Stratego in marimo

        The board is an ordinary `StrategoWidget`. Wrapped in `mo.ui.anywidget`, it becomes a
        marimo UI element: every cell that reads the wrapped board runs again after each move,
        yours and the bot's. Click one of your red pieces, then a dot (a move) or a ring (a
        strike); the bot answers at once and the cells below follow.

        Two names, two jobs:

        - `widget` is the board itself. Change the game through it (`widget.play(...)`,
          `widget.new_game()`): a cell that uses only `widget` does not run again after a click.
        - `board = mo.ui.anywidget(widget)` is what marimo watches. Read from it (`board.game`,
          `board.last_move`, `board.result`, `board.value`): those cells run again after every
          move. A cell that *plays* through `board` would run again after every move too, and
          play again, so play through `widget`.
        """
    )
    return


@app.cell
def _(StrategoWidget, sw):
    # setup="random" starts with both armies set up; leave it out to place your pieces first
    # (click a tray piece, then a square; Ready when all are placed).
    widget = StrategoWidget(sw.Game.random("original", seed=7), viewer="red",
                            opponent="heuristic", seed=7)
    return (widget,)


@app.cell
def _(mo, widget):
    board = mo.ui.anywidget(widget)
    board
    return (board,)


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## Reading the game

        This cell reads the wrapped board, so it runs again after every move: the ply count,
        the last move (the bot's answer, when it has answered) and the result.
        """
    )
    return


@app.cell
def _(board, mo):
    game = board.game
    last_move = board.last_move
    result = board.result
    if result is None:
        standing = "the game goes on"
    else:
        standing = f"{result.winner or 'nobody'} wins ({result.termination.value})"
    mo.md(
        f"**Moves played:** {game.ply} · **Last move:** {last_move or 'none yet'} · "
        f"**Result:** {standing} · **To move:** {game.to_move}"
    )
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## The move list and what each side has lost

        `board.value` is the synced state as a dictionary: `board.value["view"]` is exactly
        what the board shows you (an enemy piece you have not seen stays unknown).
        """
    )
    return


@app.cell
def _(board, mo):
    view = board.value["view"]
    moves = view["moves"]
    mo.md(
        f"**Moves:** {' '.join(moves[-12:]) or 'none yet'}  \n"
        f"**Red has lost:** {', '.join(view['captured']['red']) or 'nothing'}  \n"
        f"**Blue has lost:** {', '.join(view['captured']['blue']) or 'nothing'}"
    )
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## Playing from Python

        A move can come from code too. Run the cell below (it uses `widget`, so clicks do not
        re-run it): it plays your first legal move; the bot answers, and the cells that read
        `board` follow as soon as the board has drawn the answer.
        """
    )
    return


@app.cell
def _(mo):
    play_button = mo.ui.run_button(label="Play my first legal move")
    play_button
    return (play_button,)


@app.cell
def _(play_button, widget):
    if play_button.value and not widget.game.is_over:
        widget.play(widget.game.legal_moves()[0])
    return


if __name__ == "__main__":
    app.run()
