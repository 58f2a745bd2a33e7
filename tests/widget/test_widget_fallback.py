"""A displayed board carries a picture for places without widgets, and it leaks nothing.

Saved notebooks are read on GitHub, nbviewer, untrusted in Jupyter, or in a text-only front
end: there the live board cannot run, so each display also carries the position as SVG and as
an ``<img>`` of it (sanitizers strip inline SVG and keep images). The picture is what the
viewer saw, never more.
"""

from __future__ import annotations

import base64
import re

import stratego_widget as sw
from stratego_widget import StrategoWidget


def picture_of(board: StrategoWidget) -> tuple[dict, str | None]:
    bundle = board._repr_mimebundle_()
    assert bundle is not None
    data, _metadata = bundle
    assert "application/vnd.jupyter.widget-view+json" in data  # the live board stays first
    html = data.get("text/html")
    if html is None:
        assert "image/svg+xml" not in data
        return data, None
    encoded = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="[^"<>]+">',
                           html)
    assert encoded is not None, html
    svg = base64.b64decode(encoded.group(1)).decode("utf-8")
    assert svg == data["image/svg+xml"]
    return data, svg


def test_the_picture_is_the_board_as_the_viewer_sees_it() -> None:
    board = StrategoWidget(ruleset="barrage", viewer="red", setup="random", seed=3)
    _data, svg = picture_of(board)
    assert svg == board.game.to_svg(viewer="red")
    assert svg != board.game.to_svg(viewer="both")


def test_games_that_differ_only_in_hidden_ranks_give_the_same_picture() -> None:
    pieces = {"a1": "red flag", "e4": "red major", "j10": "blue flag", "e7": "blue general"}
    twin = dict(pieces, e7="blue scout")
    pictures = [picture_of(StrategoWidget(sw.Game.from_pieces("original", p), viewer="red"))[1]
                for p in (pieces, twin)]
    assert pictures[0] == pictures[1]
    assert "general" not in (pictures[0] or "").lower()


def test_a_hand_over_shows_the_empty_board() -> None:
    hotseat = StrategoWidget(ruleset="duel", viewer="hotseat", setup="random", seed=2)
    move = hotseat.game.legal_moves()[0]
    hotseat.handle({"type": "move", "from": move.origin, "to": move.target})
    assert hotseat.view["phase"] == "handover"
    assert picture_of(hotseat)[1] == sw.Game.from_pieces("duel", {}).to_svg(viewer="both")


def test_the_setup_phase_has_a_picture_of_the_viewers_own_setup_only() -> None:
    """Issue 21: a notebook saved before the game started showed the object's repr."""
    board = StrategoWidget(ruleset="duel", viewer="red", opponent="random", seed=4)
    assert picture_of(board)[1] == sw.Game.from_pieces("duel", {}).to_svg(viewer="both")
    board.handle({"type": "place", "kind": "flag", "square": "a1"})
    board.handle({"type": "place", "kind": "bomb", "square": "b1"})
    own = sw.Game.from_pieces("duel", {"a1": "red flag", "b1": "red bomb"})
    assert picture_of(board)[1] == own.to_svg(viewer="both")  # the bot's army is not in it
    hotseat = StrategoWidget(ruleset="duel", viewer="hotseat", seed=4)
    hotseat.handle({"type": "random_setup"})
    hotseat.handle({"type": "ready"})  # covered before Blue sets up: nothing of Red shows
    assert picture_of(hotseat)[1] == sw.Game.from_pieces("duel", {}).to_svg(viewer="both")


def test_a_finished_game_shows_every_piece() -> None:
    game = sw.Game.from_pieces("original", {"a1": "red flag", "e4": "red major",
                                            "e5": "blue flag", "j10": "blue scout"})
    game.play("e4xe5")
    board = StrategoWidget(game, viewer="red")
    assert picture_of(board)[1] == game.to_svg(viewer="both")


def test_a_games_display_has_an_image_that_sanitizers_keep() -> None:
    """Issue 21: a Game's HTML held only an inline <svg>, which HTML sanitizers strip."""
    from IPython.core.formatters import DisplayFormatter

    game = sw.Game.random("duel", seed=1)
    data, _metadata = DisplayFormatter().format(game)
    assert data["image/svg+xml"] == game.to_svg()
    encoded = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="[^"<>]+">',
                        data["text/html"])
    assert encoded is not None and "<svg" not in data["text/html"]
    assert base64.b64decode(encoded.group(1)).decode("utf-8") == game.to_svg()


def test_a_games_page_is_written_without_the_widget(tmp_path) -> None:
    """Game.to_html writes its page from a session: no widget library is loaded for it."""
    import subprocess
    import sys

    code = ("import sys, stratego_widget as sw\n"
            "game = sw.Game.random('duel', seed=1); game.resign('red')\n"
            f"page = game.to_html({str(tmp_path / 'g.html')!r})\n"
            "print('sw-page-state' in page.read_text(encoding='utf-8'),\n"
            "      'anywidget' in sys.modules, 'traitlets' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == ["True", "False", "False"]
