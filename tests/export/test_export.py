"""Offline pages and replays: the replay a board keeps, the pages of a board, a game and a
notebook (nothing fetched, nothing hidden embedded), the export command, the animated SVG."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import ipywidgets
import nbformat
import pytest
from pages import page_state, parsed
from project import PROJECT
from widget_state import check_no_leak

import stratego_widget as sw
from stratego_widget.cli import main
from stratego_widget.export import PageError, export_notebook, notebook_page
from stratego_widget.widget import StrategoWidget
from stratego_widget.widget.replay import frame_views

FOLDER = PROJECT / "js" / "__tests__"


def played(spec: str = "duel", plies: int = 8, seed: int = 4, **kwargs: Any) -> StrategoWidget:
    """A board after ``plies`` random moves (fewer if the game ends first)."""
    widget = StrategoWidget(sw.Game.random(spec, seed=seed), **kwargs)
    rng = random.Random(seed)
    for _ in range(plies):
        if widget.game.is_over:
            break
        if widget.view["phase"] == "handover":
            widget.handle({"type": "handover"})
        widget.play(rng.choice(widget.game.legal_moves()))
    return widget


def finished(**kwargs: Any) -> StrategoWidget:
    widget = played(**kwargs)
    if not widget.game.is_over:
        widget.handle({"type": "resign"})
    assert widget.game.is_over
    return widget


def without_live_fields(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items()
            if key not in ("moves", "serial", "message")}


def rewound(game: sw.Game, index: int) -> sw.Game:
    copy = game.copy()
    while copy.ply > index or copy.is_over:
        copy.undo()
    return copy


def assert_fetches_nothing(page: str) -> None:
    sources = parsed(page)
    remote = [address for address in sources.addresses
              if re.match(r"^\s*(https?:)?//", address, re.IGNORECASE)]
    assert remote == []
    assert all("src" not in attrs for attrs, _text in sources.scripts)
    assert "<link" not in page.lower()
    assert "requirejs" not in page and "embed-amd" not in page


# ---------------------------------------------------------------------- the replay a board keeps


def test_a_finished_game_keeps_the_views_the_live_replay_shows() -> None:
    widget = finished()
    frames = widget.replay_frames
    assert frames["length"] == widget.game.ply
    views = frame_views(frames)
    assert len(views) == widget.game.ply + 1
    for index in range(widget.game.ply + 1):
        widget.handle({"type": "replay", "index": index})
        assert views[index] == without_live_fields(widget.view), index
    assert views[-1]["revealed"] and all(code[1] != "?" for code in views[0]["pieces"].values())


def test_a_game_going_on_keeps_no_replay_and_undo_or_a_new_game_drops_it() -> None:
    widget = played(opponent="random", seed=2)
    assert not widget.game.is_over and widget.replay_frames == {}
    widget.handle({"type": "resign"})
    assert widget.replay_frames["length"] == widget.game.ply
    widget.handle({"type": "undo"})
    assert not widget.game.is_over and widget.replay_frames == {}
    widget.handle({"type": "resign"})
    widget.handle({"type": "new_game"})
    assert widget.replay_frames == {}


def test_the_ending_is_sent_whole_once() -> None:
    """A notebook saved by nbclient keeps only what the kernel sent: the final view."""
    widget = played(viewer="red")
    widget.handle({"type": "resign"})
    assert widget.view_patch["from"] is None  # the whole view went with this patch
    widget.handle({"type": "replay", "index": 0})
    assert widget.view_patch["from"] is not None  # the next answer is a patch again


def test_a_new_language_keeps_the_replay_which_holds_every_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    widget = finished()
    kept = widget.replay_frames
    monkeypatch.setattr(type(widget.session), "frames",
                        lambda self: pytest.fail("frames rebuilt"))
    for lang in ("de", "fr", "nl", "en"):
        widget.lang = lang
        assert widget.replay_frames is kept
        for index, view in enumerate(frame_views(kept, lang)):
            widget.handle({"type": "replay", "index": index})
            assert view == without_live_fields(widget.view), (lang, index)


# ---------------------------------------------------------------------- pages of a board


def test_a_board_page_fetches_nothing_and_holds_the_board_once(tmp_path: pathlib.Path) -> None:
    widget = played(viewer="red")
    path = widget.to_html(tmp_path / "board.html")
    page = path.read_text(encoding="utf-8")
    assert_fetches_nothing(page)
    state = page_state(page)
    assert list(state["models"]) == [widget.model_id]
    saved = state["models"][widget.model_id]
    assert saved["module"] == "m0" and state["modules"]["m0"] == widget._esm
    assert saved["state"]["interactive"] is False  # no Python behind the page
    assert "<svg" in page  # the picture shows until the board is drawn


def test_a_board_page_of_a_game_going_on_names_no_hidden_rank(tmp_path: pathlib.Path) -> None:
    widget = played(spec="barrage", plies=30, seed=5, viewer="red")
    assert not widget.game.is_over
    state = page_state(widget.to_html(tmp_path / "board.html").read_text(encoding="utf-8"))
    saved = state["models"][widget.model_id]["state"]
    check_no_leak(widget, saved["view"])
    views = frame_views(saved["replay_frames"])
    assert len(views) == widget.game.ply + 1
    for index, view in enumerate(views):
        then = StrategoWidget(rewound(widget.game, index), viewer="red")
        check_no_leak(then, view)
        assert any(code[1] == "?" for code in view["pieces"].values())


def test_a_game_page_shows_the_game_to_the_viewer_asked_for(tmp_path: pathlib.Path) -> None:
    game = played(plies=6).game
    before = game.position()
    page = game.to_html(tmp_path / "game.html", viewer="blue").read_text(encoding="utf-8")
    assert game.position() == before  # the game itself is not touched
    (saved,) = page_state(page)["models"].values()
    assert saved["state"]["view"]["viewer"] == "blue"
    assert saved["state"]["replay_frames"]["length"] == game.ply
    assert all(code[1] == "?" for code in saved["state"]["view"]["pieces"].values()
               if code[0] == "r" and "!" not in code)


def test_a_page_that_cannot_be_written_is_a_page_error(tmp_path: pathlib.Path) -> None:
    with pytest.raises(PageError) as error:
        played().to_html(tmp_path / "missing-folder" / "board.html")
    assert error.value.rule == "export-write"
    assert not (tmp_path / "missing-folder").exists()


# ---------------------------------------------------------------------- pages of a notebook


def display_output(widget: Any) -> dict[str, Any]:
    """The output a notebook saves for a displayed widget (its picture too, for a board)."""
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    return nbformat.v4.new_output("display_data", data=data)


def notebook_with(*widgets: Any) -> Any:
    """A notebook that displayed ``widgets`` and saved their state, as a kernel would."""
    notebook = nbformat.v4.new_notebook()
    states: dict[str, Any] = {}
    cells = [nbformat.v4.new_markdown_cell("# Offline")]
    for widget in widgets:
        cell = nbformat.v4.new_code_cell("widget")
        cell.outputs = [display_output(widget)]
        cells.append(cell)
        state = json.loads(json.dumps(widget.get_state()))
        states[widget.model_id] = {"model_name": state["_model_name"],
                                   "model_module": state["_model_module"],
                                   "model_module_version": state["_model_module_version"],
                                   "state": state}
    notebook.cells = cells
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "version_major": 2, "version_minor": 0, "state": states}}
    return notebook


def test_a_notebook_page_draws_boards_and_keeps_other_widgets_pictures(
        tmp_path: pathlib.Path) -> None:
    boards = [finished(), played(viewer="blue", seed=6)]
    slider = ipywidgets.IntSlider(value=3)
    source = tmp_path / "lesson.ipynb"
    nbformat.write(notebook_with(*boards, slider), source)
    page = notebook_page(source)
    assert_fetches_nothing(page)
    state = page_state(page)
    assert len(state["modules"]) == 1  # the board's front end once, for both boards
    for board in boards:
        assert state["models"][board.model_id]["module"] == "m0"
        assert f'data-model-id="{board.model_id}"' in page
    assert state["models"][slider.model_id]["module"] is None
    assert "IntSlider(value=3)" in page  # the slider's saved text stays
    assert page.count('class="sw-page-widget"') == 3


def test_a_notebook_page_names_no_hidden_rank(tmp_path: pathlib.Path) -> None:
    board = played(spec="barrage", plies=20, seed=8, viewer="red")
    assert not board.game.is_over
    nbformat.write(notebook_with(board), tmp_path / "game.ipynb")
    saved = page_state(notebook_page(tmp_path / "game.ipynb"))["models"][board.model_id]["state"]
    check_no_leak(board, saved["view"])
    assert saved["replay_frames"] == {}  # a game going on keeps no replay in the notebook


def test_a_notebook_run_by_a_kernel_side_client_saves_the_board_as_it_ended(
        tmp_path: pathlib.Path) -> None:
    """nbclient saves only what the kernel sent: after each cell the board sends its whole
    view once, so moves made in a later cell are in the saved state, not only as a patch."""
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "import json, stratego_widget as sw\n"
        "board = sw.StrategoWidget(sw.Game.random('duel', seed=3), opponent='random', seed=3)\n"
        "board",
        "for _ in range(3):\n    board.play(board.game.legal_moves()[0])",
        "print(json.dumps(board.view))",
    )])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    final = json.loads(notebook.cells[2].outputs[0]["text"])
    assert len(final["moves"]) == 6  # three moves, three answers
    models = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    (saved,) = [model["state"] for model in models.values() if "view" in model["state"]]
    assert saved["view"] == final


def test_the_export_command_writes_the_page(tmp_path: pathlib.Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "game.ipynb"
    nbformat.write(notebook_with(finished()), source)
    output = tmp_path / "game.html"
    assert main(["export", str(source), "-o", str(output)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {output}"
    assert page_state(output.read_text(encoding="utf-8"))["models"]


@pytest.mark.parametrize(("content", "rule"), [
    (None, "export-missing"),
    ("this is not JSON", "export-notebook"),
    ('{"cells": "nope"}', "export-notebook"),
    (nbformat.writes(nbformat.v4.new_notebook()), "export-no-widgets"),
])
def test_the_export_command_refuses_with_a_one_line_reason(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], content: str | None,
        rule: str) -> None:
    source = tmp_path / "input.ipynb"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    output = tmp_path / "page.html"
    assert main(["export", str(source), "-o", str(output)]) == 1
    message = capsys.readouterr().err.strip()
    assert message.endswith(f"[{rule}]") and "\n" not in message
    assert not output.exists()


def test_an_unwritable_page_is_refused(tmp_path: pathlib.Path) -> None:
    source = tmp_path / "game.ipynb"
    nbformat.write(notebook_with(finished()), source)
    with pytest.raises(PageError) as error:
        export_notebook(source, tmp_path / "no-folder" / "page.html")
    assert error.value.rule == "export-write"


def test_without_a_command_the_module_still_plays_the_demo(
        capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--ruleset", "duel", "--seed", "2", "--max-plies", "6", "--quiet"]
    assert main(options) == 0
    played_without = capsys.readouterr().out
    assert main(["demo", *options]) == 0
    assert "Stratego Duel" in played_without and capsys.readouterr().out == played_without
    assert main(["--help"]) == 0
    assert "export" in capsys.readouterr().out


# ---------------------------------------------------------------------- the animated replay


def test_the_animated_replay_is_one_svg_with_a_frame_per_ply_and_no_script() -> None:
    game = played(spec="barrage", plies=12, seed=3).game
    svg = game.to_svg(animate=True, step=0.5)
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "<script" not in svg and "onload" not in svg.lower()
    captions = re.findall(r'class="frame-caption"[^>]*>([^<]*)<', svg)
    assert [caption.split()[0] for caption in captions] == [
        f"{index}/{game.ply}" for index in range(game.ply + 1)]
    (clock,) = re.findall(r'<animate id="([^"]+)"', svg)
    begins = re.findall(r'begin="([^"]+)"', svg)
    assert all(begin.startswith(f"{clock}.begin+") for begin in begins if "clock.end" not in begin)
    defined = set(re.findall(r'<g id="([^"]+)"', svg))
    used = set(re.findall(r'xlink:href="#([^"]+)"', svg))
    assert used and used <= defined


def test_each_ply_of_the_animation_shows_where_the_pieces_stood() -> None:
    """At a ply, each piece is drawn at its square then: the pieces drawn from ply 0 on
    (shown first) stand where the game began."""
    game = played(spec="duel", plies=6, seed=7).game
    svg = game.to_svg(animate=True)
    start = rewound(game, 0)
    at_start = re.findall(r'<g visibility="hidden"><use[^>]*/><set attributeName="visibility" '
                          r'to="visible" begin="[^"]+\.begin\+0s"', svg)
    whole = re.findall(r"(?<!visibility=\"hidden\">)(?<!<g>)<use ", svg)
    hidden_later = re.findall(r'<g><use[^>]*/><set attributeName="visibility" to="hidden"', svg)
    assert len(at_start) + len(whole) == len(start.pieces())
    # Every piece that moved has a stretch that begins later (hidden until then).
    assert len(hidden_later) + len(at_start) >= len({entry.pid for entry in game.history})


def test_the_animation_shows_red_what_red_saw() -> None:
    game = played(spec="duel", plies=2, seed=1).game
    assert all(entry.strike is None for entry in game.history)  # nothing captured
    svg = game.to_svg(animate=True, viewer="red")
    titles = re.findall(r"<title>blue ([a-z]+)</title>", svg)
    seen = {piece["kind"] for piece in game.observation("red")["board"].values()
            if piece["owner"] == "blue" and piece["kind"] is not None}  # a Scout's long move
    assert set(titles) == {"piece"} | seen
    assert len(seen) < len({kind for _owner, kind in game.pieces().values()})
    assert "<title>red " in svg and game.to_svg(animate=True, viewer="both") != svg


def test_the_animation_refuses_a_bad_viewer_or_step() -> None:
    game = played(plies=2).game
    for options, rule in (({"viewer": "green"}, "viewer"), ({"step": 0}, "animation")):
        with pytest.raises(sw.StrategoError) as error:
            game.to_svg(animate=True, **options)
        assert error.value.rule == rule


# ---------------------------------------------------------------------- the front end's fixture


def test_the_offline_fixture_matches_what_python_sends() -> None:
    spec = importlib.util.spec_from_file_location("make_offline_fixture",
                                                  FOLDER / "make_offline_fixture.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    saved = (FOLDER / "fixtures" / "offline.json").read_text()
    assert saved == module.as_text(), (
        "the synced state changed: run python js/__tests__/make_offline_fixture.py")
